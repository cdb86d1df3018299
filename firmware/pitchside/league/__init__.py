"""The league server (docs/league.md): subscribes to the club's broker, parses every
message into the contract's typed values (:mod:`pitchside.wire`), checks each table's
result by replaying its journal lines through the rules, stores results idempotently by
``(venue, table, match, digest)`` in SQLite, or in a region's PostgreSQL shared by
several workers and web processes (acknowledged to the broker only once stored), and
serves the wall, standings, results and ratings (read-only pages, the web view's stack).

Floors: ``pitchside.league`` sits above ``pitchside.web`` and :mod:`pitchside.wire` and
below ``pitchside.cli``; it never imports the table's own code (``pitchside.club``,
``pitchside.web.feed``, ``pitchside.app``). Pure modules (``verify``, ``standings``,
``formats``, ``ratings``, ``wall``, ``roster``) do no I/O; ``store``, ``engines``,
``schema``, ``follow``, ``subscriber``, ``app`` and ``pages`` are the shell.
"""
