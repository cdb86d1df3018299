"""``pitchside audits``: the owner's audits (pay to play), as a table or CSV; ``--reset``
starts them afresh after a typed confirm, and the reset itself is kept."""

from __future__ import annotations

import argparse
import csv
import sys
import time

from pitchside.app.journal import Journal, JournalLocked
from pitchside.core.audits import AuditDay, summary_lines
from pitchside.core.errors import PitchsideError
from pitchside.core.pricing import Pricing


def _cmd_audits(args: argparse.Namespace) -> int:
    from pitchside.cli.main import _journal_path, _journal_problem

    path = _journal_path(args)
    if args.reset:
        return _reset(path, args.yes)
    try:
        with Journal.open_readonly(path) as journal:
            days, resets = journal.audits(), journal.audit_resets()
    except PitchsideError as exc:
        _journal_problem("audits", args, exc)
        return 2
    if args.csv:
        _csv(days)
        return 0
    since = ""
    if resets:
        wall, synced = resets[-1]
        since = _when(wall, synced)
        print(f"since the reset of {since} ({len(resets)} reset(s) in all)")
    print(f"{'DAY':<12} {'COINS':<22} {'PAID':>7} {'BONUS':>6} {'FREE':>6} {'GAMES':>5} {'SPENT':>7} {'FAULTS':>6}")
    for d in days:
        coins = " ".join(f"{n}x{v}" for v, n in sorted(d.coins.items()))
        print(f"{d.day:<12} {coins:<22} {d.paid:>7} {d.bonus:>6} {d.free:>6} {sum(d.games.values()):>5} "
              f"{d.spent:>7} {d.faults:>6}")  # fmt: skip
        for game, n in sorted(d.games.items()):
            print(f"{'':<12}   {n} x {game}")
    if not days:
        print("(nothing since the last reset)")
    else:  # the service page's lines (cents, or the config's currency)
        print("in all: " + "; ".join(summary_lines(days, _pricing(args), since)))
    if any(d.day.endswith("?") for d in days):
        print("? after a day: the clock was not synchronised then (a Pi has no real-time clock)")
    return 0


def _pricing(args: argparse.Namespace) -> Pricing:
    """The config's price list (for its currency), or amounts in cents."""
    if getattr(args, "config", None):
        from pitchside.app.config import load_config

        try:
            return load_config(args.config).pricing or Pricing()
        except PitchsideError:
            pass
    return Pricing()


def _csv(days: list[AuditDay]) -> None:
    out = csv.writer(sys.stdout)
    out.writerow(["day", "item", "key", "count", "cents"])
    for d in days:
        for value, n in sorted(d.coins.items()):
            out.writerow([d.day, "coin", value, n, value * n])
        out.writerow([d.day, "paid", "", "", d.paid])
        out.writerow([d.day, "bonus", "", "", d.bonus])
        out.writerow([d.day, "free", "", "", d.free])
        for game, n in sorted(d.games.items()):
            out.writerow([d.day, "game", game, n, ""])
        out.writerow([d.day, "spent", "", "", d.spent])
        out.writerow([d.day, "faults", "", d.faults, ""])


def _reset(path: str, word: str | None) -> int:
    if word is None:
        try:
            word = input("Reset the audits? The credit stays; the reset is kept. Type RESET to confirm: ")
        except EOFError:
            word = ""
    if word.strip() != "RESET":
        print("audits not reset (the confirm word is RESET)", file=sys.stderr)
        return 1
    try:
        with Journal.open(path) as journal:
            if not journal.reset_audits():
                print(f"audits not reset: {journal.warning}", file=sys.stderr)
                return 2
    except JournalLocked as exc:
        print(f"audits not reset: {exc}; stop the table first (sudo systemctl stop pitchside)", file=sys.stderr)
        return 2
    print("audits reset")
    return 0


def _when(wall: float | None, synced: bool) -> str:
    if wall is None:
        return "-"
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(wall))
    return stamp if synced else stamp + " ?"
