"""The live web view of a table: a JSON feed built from the typed game face,
a hub that fans it out over Server-Sent Events, and the Starlette pages (docs/spec/feed.md).

Layers: this package sits above :mod:`pitchside.app` (it reads the journal for the match
history) and below :mod:`pitchside.cli`; the runtime only knows its publisher seam
(:class:`pitchside.app.runtime.Publisher`), never this package.
"""
