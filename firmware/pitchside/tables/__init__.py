"""The pure table controllers: each game's referee flow at the table (panel events ->
rules inputs), the kiosk flow around them, the table effects and the game registry.

Nothing here does I/O, reads a clock or draws random numbers (an import-linter
contract in pyproject.toml keeps the shell's modules out); the runtime in
:mod:`pitchside.app` feeds events in and carries the effects out."""
