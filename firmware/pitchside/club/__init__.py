"""The club: a table publishes over MQTT to the venue's broker
(docs/spec/mqtt.md), its journal the outbox of its results.

Layers: this package sits above :mod:`pitchside.web` (the ``state`` topic carries the web
feed's snapshot) and :mod:`pitchside.app` (the journal), below :mod:`pitchside.cli`. The
runtime knows only its publisher seam; the link is one of the feed publisher's sinks.
"""
