"""The league server (docs/league.md): subscribes to the club's
broker, checks each table's result by replaying its journal lines through the rules,
stores results idempotently by ``(match, digest)`` in SQLite, and serves the venue wall,
standings, results and ratings (read-only pages, the web view's stack).

Floors: ``pitchside.league`` sits above ``pitchside.club`` and ``pitchside.web`` and
below ``pitchside.cli``. Pure modules (``verify``, ``standings``, ``formats``,
``ratings``, ``wall``) do no I/O; ``store``, ``subscriber`` and ``app`` are the shell.
"""
