"""The ``euchre`` command line."""
