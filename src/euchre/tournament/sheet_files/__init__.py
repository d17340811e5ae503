"""The built-in rule sheets as data files, one per sheet (see ``docs/sheets.md``)."""
