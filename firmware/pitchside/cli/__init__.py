"""The ``pitchside`` command line: ``main`` (replay, history, export, check-config and
the subcommands of installed packages) and ``tournament``."""
