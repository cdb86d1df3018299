"""How large a legal ``result`` payload gets (the size limits of docs/spec/mqtt.md are
derived from it). Prints, as JSON:

- ``scenarios``: the payload of every finished replay file in tests/ (real matches), as
  a table would send it (long venue, table and ids);
- ``longest``: the largest legal result the league takes: the match with the longest
  input line, padded right after that line with undo/redo pairs of it (the undo takes
  it back, the redo plays it again: legal wherever the line was) up to the league's line
  cap (``MAX_LINES``), checked by the league's own replay (``verify``);
- ``bound``: an upper bound, not replayed: the header and then the widest input line of
  any replay file in tests/ (a Master Move lineup), up to the line cap.

    .venv/bin/python bench/result_size.py
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from pitchside.club import messages  # noqa: E402
from pitchside.core.record.format import replay  # noqa: E402
from pitchside.league.verify import check  # noqa: E402
from pitchside.wire import messages as wire  # noqa: E402


def result(lines: list[str]) -> bytes:
    return messages.encode(messages.result(venue="x" * 64, table="y" * 64, boot="3f9c2a1b7d0e",
                                           journal_uid="a41c09f2e7b3d8c5", match_id=2**31, lines=lines,
                                           ended_wall=1767225600.123456, ended_synced=True))


def finished() -> dict[str, list[str]]:
    out = {}
    for path in sorted(ROOT.glob("tests/**/*.jsonl")):
        lines = [x for x in path.read_text().splitlines() if x.strip() and not x.lstrip().startswith("#")]
        try:
            r = replay(lines)
        except Exception:  # a file of the format's own error cases
            continue
        if not r.rejected and r.match.status() == "finished":
            out[str(path.relative_to(ROOT))] = lines
    return out


def main() -> int:
    matches = finished()
    sizes = {name: {"lines": len(lines), "bytes": len(result(lines))} for name, lines in matches.items()}
    # the match with the longest input line; undo/redo pairs of that line right after it
    name, lines = max(matches.items(), key=lambda kv: max(len(x) for x in kv[1][1:]))
    at = max(range(1, len(lines)), key=lambda i: len(lines[i]))
    pad = [json.dumps({"input": "undo"}), lines[at]]
    long = lines[:at + 1] + pad * ((wire.MAX_LINES - len(lines)) // 2) + lines[at + 1:]
    payload = result(long)
    t0 = time.perf_counter()
    verdict = check(wire.parse(wire.Result, payload))
    took = time.perf_counter() - t0
    widest = max((x for path in ROOT.glob("tests/**/*.jsonl") for x in path.read_text().splitlines()
                  if x.startswith('{"input"')), key=len)
    wide = dataclasses.replace(wire.parse(wire.Result, payload), lines=(lines[0], *[widest] * (wire.MAX_LINES - 1)))
    bound = len(wire.encode(wide.to_json()))
    print(json.dumps({"scenarios": sizes, "longest": {
        "from": name, "lines": len(long), "bytes": len(payload), "counted": verdict.ok,
        "reason": verdict.reason, "check_s": round(took, 3)},
        "bound": {"line": widest, "line_chars": len(widest), "lines": wire.MAX_LINES, "bytes": bound},
        "limit": wire.MAX_PAYLOAD}, indent=1))
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
