"""``pitchside tournament``: run a Master Move club tournament from a JSON or TOML file.

::

    pitchside tournament new cup.toml "Yellow FC" "Blue Town" Reds Greens Whites \\
        --format round_robin --name "Club cup"
    pitchside tournament next cup.toml                         # the next game to play
    pitchside tournament result cup.toml "Yellow FC" "Blue Town" 3-1
    pitchside tournament result cup.toml Reds Greens --quit Greens   # 0-3 (MM-32)
    pitchside tournament correct cup.toml "Yellow FC" "Blue Town" 3-2  # a result mistyped
    pitchside tournament withdraw cup.toml Reds Greens         # entered by mistake: due again
    pitchside tournament standings cup.toml [--png table.png] [--json]
    pitchside tournament audit cup.toml                        # every change, when entered

The rules (points, tie-breaks, brackets) are :mod:`pitchside.core.tournament`'s; the
file (its format, the lock that lets several organisers enter results at the same time,
the audit list) is :mod:`pitchside.app.tournament_file`'s. ``result``, ``correct`` and
``withdraw`` note the change in the file's audit list with the time it was entered (now,
or ``--at`` an ISO 8601 time); ``--final`` names the final of a ``round_robin_final``.

Exit status: 0 done; 2 a bad file, team, score or command (the message says which).
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from pitchside.app.tournament_file import create, dumps, load, save, update
from pitchside.core.tournament import (
    FORMAT_NAMES,
    Result,
    Tournament,
    TournamentError,
    champion,
    correct,
    enter,
    footer_text,
    game_result,
    new_tournament,
    next_pairing,
    standings,
    withdraw,
)

__all__ = ["dumps", "footer_text", "load", "save", "standings_text"]


def standings_text(t: Tournament) -> str:
    """The standings as a text table, then the next game or the champion."""
    rows = standings(t)
    width = max([4] + [len(r.team) for r in rows])
    out = [f"{t.name} ({FORMAT_NAMES[t.format]})",
           f"{'#':>3}  {'TEAM':<{width}}  {'P':>2} {'W':>2} {'L':>2} {'MF':>3} {'MA':>3} {'MD':>4} {'PTS':>4}"]
    for r in rows:
        out.append(f"{r.rank_text:>3}  {r.team:<{width}}  {r.played:>2} {r.won:>2} {r.lost:>2} "
                   f"{r.moves_for:>3} {r.moves_against:>3} {r.diff:>+4d} {r.points:>4}")
    if any(r.shared for r in rows):
        out.append("= teams equal on points, Move difference and Moves scored (listed in seeding order)")
    out.append(footer_text(t))
    return "\n".join(out)


def _cmd(args: argparse.Namespace) -> int:
    """``pitchside tournament SUBCOMMAND``: the subcommand named by ``args.tournament_command``
    (its parser: :func:`pitchside.cli.commands.register_tournament`); the exit status."""
    try:
        return int(_SUBCOMMANDS[args.tournament_command](args))
    except TournamentError as exc:
        print(f"pitchside tournament: {exc}", file=sys.stderr)
        return 2


def _new(args: argparse.Namespace) -> int:
    path = Path(args.file)
    t = new_tournament(args.name or path.stem, args.format, args.teams)
    create(t, path, force=args.force)
    print(f"{t.name}: {len(t.teams)} teams, {FORMAT_NAMES[t.format]}; {footer_text(t)}")
    return 0


def _parse_score(text: str) -> tuple[int, int]:
    a, sep, b = text.partition("-")
    if not sep or not a.strip().isdigit() or not b.strip().isdigit():
        raise TournamentError(f"a score is written HOME-AWAY in Moves, like 3-1, not {text!r}")
    return int(a), int(b)


def _game(args: argparse.Namespace) -> Result:
    """The result on the command line: a score, or ``--quit TEAM``."""
    if args.quit:
        if args.score:
            raise TournamentError("give a score or --quit, not both (a forfeit is 0-3, MM-32)")
        return game_result(args.home, args.away, 0, 0, forfeit=args.quit)
    if not args.score:
        raise TournamentError("give the score (like 3-1) or --quit TEAM")
    return game_result(args.home, args.away, *_parse_score(args.score))


def _entered_at(args: argparse.Namespace) -> str:
    """When the change is entered: ``--at`` (ISO 8601, checked), else now (UTC)."""
    if args.at:
        try:
            return datetime.fromisoformat(args.at).isoformat()
        except ValueError:
            raise TournamentError(f"--at must be an ISO 8601 time like 2026-12-01T20:15, not {args.at!r}") from None
    return datetime.now(UTC).isoformat(timespec="seconds")


def _result_cmd(args: argparse.Namespace) -> int:
    result, at = _game(args), _entered_at(args)
    t = update(args.file, lambda t: enter(t, result, at))
    print(f"{t.audit[-1].result}; {footer_text(t)}")
    return 0


def _correct_cmd(args: argparse.Namespace) -> int:
    result, at = _game(args), _entered_at(args)
    t = update(args.file, lambda t: correct(t, args.home, args.away, result, at, final=args.final))
    print(f"corrected: {t.audit[-1].result} (was {t.audit[-1].was}); {footer_text(t)}")
    return 0


def _withdraw_cmd(args: argparse.Namespace) -> int:
    at = _entered_at(args)
    t = update(args.file, lambda t: withdraw(t, args.home, args.away, at, final=args.final))
    print(f"withdrawn: {t.audit[-1].result}; {footer_text(t)}")
    return 0


def _audit_cmd(args: argparse.Namespace) -> int:
    t = load(args.file)
    for entry in t.audit:
        print(entry.text())
    return 0


def _standings(args: argparse.Namespace) -> int:
    t = load(args.file)
    if args.json:
        json_rows = [{"rank": r.rank, "shared": r.shared, "team": r.team, "played": r.played, "won": r.won,
                 "lost": r.lost, "moves_for": r.moves_for, "moves_against": r.moves_against,
                 "diff": r.diff, "points": r.points} for r in standings(t)]
        nxt = next_pairing(t)
        print(json.dumps({"name": t.name, "format": t.format, "standings": json_rows,
                          "next": None if nxt is None else {"home": nxt.home, "away": nxt.away, "stage": nxt.stage},
                          "champion": champion(t)}, indent=2))
    else:
        print(standings_text(t))
    if args.png:
        from pitchside.render.mastermove import (
            STANDINGS_ROWS,
            StandingsView,
            render_standings,
        )

        rows = standings(t)
        stem = Path(args.png)
        pages = max(1, (len(rows) + STANDINGS_ROWS - 1) // STANDINGS_ROWS)
        for page in range(pages):
            img = render_standings(StandingsView(t.name, rows, footer_text(t), page * STANDINGS_ROWS))
            target = stem if pages == 1 else stem.with_name(f"{stem.stem}_{page + 1}{stem.suffix}")
            img.save(target)
            print(f"wrote {target}")
    return 0


def _next(args: argparse.Namespace) -> int:
    print(footer_text(load(args.file)))
    return 0


_SUBCOMMANDS = {
    "new": _new, "result": _result_cmd, "correct": _correct_cmd, "withdraw": _withdraw_cmd,
    "audit": _audit_cmd, "standings": _standings, "next": _next,
}  # fmt: skip
"""Each subcommand's function, by its name on the command line."""
