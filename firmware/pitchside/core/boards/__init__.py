"""Board geometry held as data: one JSON file per game board and its loader module
(``boulomania.json`` + :mod:`pitchside.core.boards.boulomania`). Replace a JSON file to
fit a real board; the loader validates it at import."""
