"""Each game's words: ``describe(notice, names) -> Words`` turns the typed notices and
refusals of its rules engine (:class:`pitchside.core.notice.Notice`) into what players
read, long and short, with the players' names. One module per game
(``pitchside.core.words.<game>``), plus :mod:`.common` for the notices every game shares
(undo). The table's panels, the replay output's ``reason`` and ``result``, and the web
view all take their text from here, so a player reads the same words everywhere.

The rules engines never import this package (an import-linter contract): they speak
values; the words sit on top of them, beside the record format."""
