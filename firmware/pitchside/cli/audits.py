"""``pitchside audits``: the owner's audits (pay to play), as a table or CSV; ``--reset``
starts them afresh after a typed confirm, and the reset itself is kept."""

from __future__ import annotations

import argparse
import csv
import sys
from datetime import datetime

from pitchside.app.journal import Journal, JournalLocked
from pitchside.core.audits import AuditDay, amount, day_of, games_by_label, total
from pitchside.core.errors import PitchsideError
from pitchside.core.pricing import Pricing


def _cmd_audits(args: argparse.Namespace) -> int:
    from pitchside.cli.main import _journal_path, _journal_problem

    path = _journal_path(args)
    if args.reset:
        return _reset(path, args.yes)
    try:
        with Journal.open_readonly(path) as journal:
            days, resets, life = journal.audits(), journal.audit_resets(), journal.lifetime()
    except PitchsideError as exc:
        _journal_problem("audits", args, exc)
        return 2
    pricing = _pricing(args)
    if args.csv:
        _csv(days, pricing)
        return 0
    since = ""
    if resets:
        wall, synced = resets[-1]
        since = _when(wall)
        clock = "" if synced or wall is None else "the clock not synchronised then; "
        print(f"since the reset of {since} ({clock}{len(resets)} reset(s) in all)")
    print(f"{'DAY':<13} {'COINS':<26} {'PAID':>9} {'BONUS':>9} {'FREE':>9} {'GAMES':>5} {'SPENT':>9} {'FAULTS':>6}")
    for d in days:
        date, synced = day_of(d.day)
        day = (date or "unknown") + ("" if synced or not date else " ?")
        coins = ", ".join(f"{n} x {amount(pricing, v)}" for v, n in sorted(d.coins.items()))
        print(f"{day:<13} {coins:<26} {amount(pricing, d.paid):>9} {amount(pricing, d.bonus):>9} "
              f"{amount(pricing, d.free):>9} {d.game_count:>5} {amount(pricing, d.spent):>9} {d.faults:>6}")  # fmt: skip
        for label, n in games_by_label(d, pricing).items():
            print(f"{'':<13}   {n} x {label}")
    if not days:
        print("(nothing since the last reset)")
    else:  # the service page's figures, in the currency's units
        t = total(days)
        print(f"in all: {t.coin_count} coin(s) = {amount(pricing, t.paid)}; {t.game_count} game(s); "
              f"{amount(pricing, t.free)} free; {t.faults} fault(s); since {since or 'the start'}")
    print(f"lifetime (never reset): {life.coins} coin(s) = {amount(pricing, life.money)}; {life.games} game(s), "
          f"{life.free_games} of them free; {amount(pricing, life.bonus)} bonus; {amount(pricing, life.free)} "
          "free credit")
    if any(day_of(d.day)[0] and not day_of(d.day)[1] for d in days):
        print("? after a day: the clock was not synchronised then (a Pi has no real-time clock)")
    if not getattr(args, "config", None):
        print("amounts in the currency's units; --config FILE shows its currency and the options that changed a price")
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


CSV_HEADER = ("day", "clock", "item", "key", "count", "amount", "currency")
"""The columns of ``--csv``: ``day`` an ISO 8601 date ("" when the entry had no time),
``clock`` ``synced`` or ``unsynced``, ``item`` (coin, paid, bonus, free, game, spent,
faults), ``key`` (a coin's value, a game's label), ``count``, ``amount`` in the
currency's units as a plain number, ``currency`` its symbol."""


def _csv(days: list[AuditDay], pricing: Pricing) -> None:
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(CSV_HEADER)
    for d in days:
        date, synced = day_of(d.day)
        lead = [date, "synced" if synced else "unsynced"]

        def money_row(item: str, key: str, count: int | str, cents: int) -> None:
            out.writerow([*lead, item, key, count, amount(pricing, cents, symbol=False), pricing.currency])

        for value, n in sorted(d.coins.items()):
            money_row("coin", amount(pricing, value, symbol=False), n, value * n)
        money_row("paid", "", "", d.paid)
        money_row("bonus", "", "", d.bonus)
        money_row("free", "", "", d.free)
        for label, n in games_by_label(d, pricing).items():
            out.writerow([*lead, "game", label, n, "", ""])
        money_row("spent", "", "", d.spent)
        out.writerow([*lead, "faults", "", d.faults, "", ""])


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


def _when(wall: float | None) -> str:
    """A reset's time in ISO 8601 with the local offset (``2023-11-14T23:13+01:00``)."""
    if wall is None:
        return "-"
    return datetime.fromtimestamp(wall).astimezone().isoformat(timespec="minutes")
