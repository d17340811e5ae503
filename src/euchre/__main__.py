"""``python -m euchre`` runs the CLI."""

from euchre.cli.main import main

main()
