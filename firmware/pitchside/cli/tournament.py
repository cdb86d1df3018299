"""``pitchside tournament``: run a Master Move club tournament from a JSON or TOML file.

::

    pitchside tournament new cup.toml "Yellow FC" "Blue Town" Reds Greens Whites \\
        --format round_robin --name "Club cup"
    pitchside tournament next cup.toml                         # the next game to play
    pitchside tournament result cup.toml "Yellow FC" "Blue Town" 3-1
    pitchside tournament result cup.toml Reds Greens --quit Greens   # 0-3 (MM-32)
    pitchside tournament standings cup.toml [--png table.png] [--json]

The rules (points, tie-breaks, brackets) are :mod:`pitchside.core.tournament`'s. The
file's type follows its name (``.json``, else TOML)::

    name = "Club cup"
    format = "round_robin"          # or "knockout", "round_robin_final"
    teams = ["Yellow FC", "Blue Town", "Reds", "Greens", "Whites"]   # seeding order

    [[results]]
    home = "Yellow FC"
    away = "Blue Town"
    score = [3, 1]                  # Moves, home first

    [[results]]
    home = "Reds"
    away = "Greens"
    forfeit = "Greens"              # Greens quit: 3-0 to Reds (MM-32)

A final (``round_robin_final``) has ``stage = "final"``; the CLI sets it. Results are
checked one by one in file order, each naming its index on error.

Exit status: 0 done; 2 a bad file, team, score or command (the message says which).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from pitchside.core.tournament import (
    FORMAT_NAMES,
    FORMATS,
    Tournament,
    TournamentError,
    add_result,
    champion,
    game_result,
    new_tournament,
    next_pairing,
    standings,
)


def _is_json(path: Path) -> bool:
    return path.suffix.lower() == ".json"


def load(path: str | Path) -> Tournament:
    """Read and check a tournament file.

    :raises TournamentError: unreadable, bad syntax, unknown key, bad team or result
        (naming the file and the result's index).
    """
    p = Path(path)
    try:
        raw_bytes = p.read_bytes()
    except OSError as exc:
        raise TournamentError(f"{p}: cannot read: {exc.strerror or exc}") from None
    try:
        raw: Any = json.loads(raw_bytes) if _is_json(p) else tomllib.loads(raw_bytes.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise TournamentError(f"{p}: not valid {'JSON' if _is_json(p) else 'TOML'}: {exc}") from None
    if not isinstance(raw, dict):
        raise TournamentError(f"{p}: must hold a table/object")
    unknown = sorted(set(raw) - {"name", "format", "teams", "results"})
    if unknown:
        raise TournamentError(f"{p}: unknown key {unknown[0]!r}")
    teams = raw.get("teams")
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        raise TournamentError(f"{p}: teams must be a list of names")
    try:
        t = new_tournament(str(raw.get("name", "Tournament")), str(raw.get("format", "round_robin")), teams)
    except TournamentError as exc:
        raise TournamentError(f"{p}: {exc}") from None
    results = raw.get("results", [])
    if not isinstance(results, list):
        raise TournamentError(f"{p}: results must be a list")
    for i, r in enumerate(results):
        try:
            t = add_result(t, _result(r))
        except TournamentError as exc:
            raise TournamentError(f"{p}: results[{i}]: {exc}") from None
    return t


def _result(r: Any) -> Any:
    if not isinstance(r, dict):
        raise TournamentError("a result is a table with home, away and score (or forfeit)")
    unknown = sorted(set(r) - {"home", "away", "score", "forfeit", "stage"})
    if unknown:
        raise TournamentError(f"unknown key {unknown[0]!r}")
    home, away, forfeit = r.get("home"), r.get("away"), r.get("forfeit")
    if not isinstance(home, str) or not isinstance(away, str):
        raise TournamentError("home and away must be team names")
    if forfeit is not None:
        if not isinstance(forfeit, str):
            raise TournamentError("forfeit must be the name of the team that quit")
        return game_result(home, away, 0, 0, forfeit=forfeit, stage=str(r.get("stage", "")))
    score = r.get("score")
    if not (isinstance(score, list) and len(score) == 2 and all(isinstance(n, int) for n in score)):
        raise TournamentError(f"score must be [home Moves, away Moves], not {score!r}")
    return game_result(home, away, score[0], score[1], stage=str(r.get("stage", "")))


def _result_dict(r: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"home": r.home, "away": r.away}
    if r.forfeit:
        out["forfeit"] = r.forfeit
    else:
        out["score"] = [r.home_moves, r.away_moves]
    if r.stage:
        out["stage"] = r.stage
    return out


def dumps(t: Tournament, as_json: bool) -> str:
    """The tournament as file text (JSON, or TOML written by hand: only strings, lists
    of strings or integers and an array of tables)."""
    data = {"name": t.name, "format": t.format, "teams": list(t.teams),
            "results": [_result_dict(r) for r in t.results]}
    if as_json:
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def value(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, int):
            return str(v)
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML basic string

    lines = [f"name = {value(t.name)}", f"format = {value(t.format)}", f"teams = {value(list(t.teams))}"]
    for r in data["results"]:
        lines += ["", "[[results]]"] + [f"{k} = {value(v)}" for k, v in r.items()]
    return "\n".join(lines) + "\n"


def save(t: Tournament, path: str | Path) -> None:
    """Write atomically (a temporary file renamed over the old one)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(dumps(t, _is_json(p)), encoding="utf-8")
    os.replace(tmp, p)


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


def footer_text(t: Tournament) -> str:
    """``"Next: Reds v Greens"`` or ``"Champion: Blue Town"``."""
    nxt = next_pairing(t)
    if nxt is not None:
        return f"Next: {nxt.text()}"
    champ = champion(t)
    return f"Champion: {champ}" if champ else "Over"


def _cmd(args: argparse.Namespace) -> int:
    try:
        return int(args.tournament_func(args))
    except TournamentError as exc:
        print(f"pitchside tournament: {exc}", file=sys.stderr)
        return 2


def _new(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if path.exists() and not args.force:
        raise TournamentError(f"{path} exists (--force to overwrite)")
    t = new_tournament(args.name or path.stem, args.format, args.teams)
    save(t, path)
    print(f"{t.name}: {len(t.teams)} teams, {FORMAT_NAMES[t.format]}; {footer_text(t)}")
    return 0


def _parse_score(text: str) -> tuple[int, int]:
    a, sep, b = text.partition("-")
    if not sep or not a.strip().isdigit() or not b.strip().isdigit():
        raise TournamentError(f"a score is written HOME-AWAY in Moves, like 3-1, not {text!r}")
    return int(a), int(b)


def _result_cmd(args: argparse.Namespace) -> int:
    t = load(args.file)
    if args.quit:
        if args.score:
            raise TournamentError("give a score or --quit, not both (a forfeit is 0-3, MM-32)")
        result = game_result(args.home, args.away, 0, 0, forfeit=args.quit)
    else:
        if not args.score:
            raise TournamentError("give the score (like 3-1) or --quit TEAM")
        result = game_result(args.home, args.away, *_parse_score(args.score))
    t = add_result(t, result)
    save(t, args.file)
    print(f"{t.results[-1].text()}; {footer_text(t)}")
    return 0


def _standings(args: argparse.Namespace) -> int:
    t = load(args.file)
    if args.json:
        rows = [{"rank": r.rank, "shared": r.shared, "team": r.team, "played": r.played, "won": r.won,
                 "lost": r.lost, "moves_for": r.moves_for, "moves_against": r.moves_against,
                 "diff": r.diff, "points": r.points} for r in standings(t)]
        nxt = next_pairing(t)
        print(json.dumps({"name": t.name, "format": t.format, "standings": rows,
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


def register(sub: Any) -> None:
    """Add ``tournament`` and its subcommands to the ``pitchside`` parser's subparsers."""
    p = sub.add_parser("tournament", help="a Master Move club tournament: new, result, standings, next")
    tsub = p.add_subparsers(dest="tournament_command", required=True, metavar="SUBCOMMAND")
    n = tsub.add_parser("new", help="start a tournament file (.json or .toml)")
    n.add_argument("file")
    n.add_argument("teams", nargs="+", metavar="TEAM", help="team names in seeding order")
    n.add_argument("--format", choices=FORMATS, default="round_robin")
    n.add_argument("--name", help="the tournament's name (default: the file's)")
    n.add_argument("--force", action="store_true", help="overwrite an existing file")
    n.set_defaults(tournament_func=_new)
    r = tsub.add_parser("result", help="enter a game's result")
    r.add_argument("file")
    r.add_argument("home")
    r.add_argument("away")
    r.add_argument("score", nargs="?", help="HOME-AWAY in Moves, like 3-1")
    r.add_argument("--quit", metavar="TEAM", help="TEAM quit: a 0-3 forfeit (MM-25, MM-32)")
    r.set_defaults(tournament_func=_result_cmd)
    s = tsub.add_parser("standings", help="print the standings and the next game")
    s.add_argument("file")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--png", help="also draw the display's standings screen to this PNG (128x64)")
    s.set_defaults(tournament_func=_standings)
    x = tsub.add_parser("next", help="print the next game to play (or the champion)")
    x.add_argument("file")
    x.set_defaults(tournament_func=_next)
    p.set_defaults(func=_cmd)
