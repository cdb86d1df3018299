"""The club's MQTT contract as code (docs/spec/mqtt.md): the topics, and each message
(``status``, ``state``, ``events``, ``result``, ``cmd/fixture``) as a typed frozen value
with its parser and its JSON. Both ends import it: the table's link
(:mod:`pitchside.club`) builds its messages through it, the league
(:mod:`pitchside.league`) parses every message into it or refuses it with a reason.

Standard library and :mod:`pitchside.core` only (pyproject.toml's import-linter
contracts): a floor beside ``render`` and ``signals``, below everything that talks to a
broker.
"""
