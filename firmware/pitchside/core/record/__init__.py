"""The replay format (docs/spec/replay.md, version 1): header, input lines, the fold
with undo, refusals and output, for every game; each game's part is a codec module."""
