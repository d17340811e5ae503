"""Read models of the web pages: what a page shows, built from the store (names, words,
rows for a template's macros), shared by the pages and the JSON routes that show the same.

A route module (``pages_*``, ``api*``, ``play_*``, ...: a module with a ``router``) imports
these, never another route module (``tests/web/test_route_modules_stand_alone.py``)."""
