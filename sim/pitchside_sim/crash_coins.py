"""Coins in the crash harness: a coin acceptor on every harness table, and
what the table acknowledged of the credit, for :mod:`pitchside_sim.crash`.

A harness table with coins has a ``[coin]`` acceptor (:data:`COIN`) and a
``[pricing]`` (:data:`PRICING`: a game costs 100, coins of 1, 2 and 4 pulses are worth
50, 100 and 200, and 200 paid at once earns 100 more), so a game is started only with
credit, and the random player drops coins among its key presses (:data:`COINS`), most
often before a game (:data:`COIN_WEIGHT_IDLE`), some during one (:data:`COIN_WEIGHT`).

**What the table acknowledged.** :class:`CreditWatch` counts the credits ledger
entries (coins, bonus, free credit, faults) that the kiosk *decided*, from the effects
of :func:`pitchside.tables.kiosk.handle` (the state the display draws), not from the
journal; and each time the main display is handed a frame it notes that count, the
credit those entries add up to, the spends decided, the kiosk's balance and the credit
text the frame shows (``"$1.50"``; ``"-"`` on a screen that shows no credit, a game's).
A frame handed to the display is an acknowledgement: the table has shown the credit (or
would have, on a screen that shows it), so the journal must hold it. The restarted
table reports what its journal holds (:func:`journal_credits`), and the parent checks
it against the last acknowledgement (:func:`check`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pitchside.app.config_coin import CoinConfig
from pitchside.core.pricing import Pricing

COIN = CoinConfig(pin="GPIO7")
"""The harness tables' acceptor: the decoder's defaults (pulses 10-150 ms, a 300 ms
gap), on a pin none of the five example configs uses."""
PRICING = Pricing(coins=((1, 50), (2, 100), (4, 200)), game=100, bonus=((200, 100),), currency="$")
"""The harness tables' price list (cents)."""
COINS: tuple[tuple[int, int], ...] = ((1, 3), (2, 2), (4, 1))
"""``(pulses, weight)``: the coins the random player drops, cheap ones most."""
COIN_WEIGHT = 2
"""How often a coin is dropped during a match, against a key press of weight 1."""
COIN_WEIGHT_IDLE = 12
"""How often a coin is dropped outside a match (attract, menu, service)."""
CREDIT_KINDS = ("coin", "bonus", "free", "fault")
"""The ledger entries a credit acknowledgement counts (a spend goes with a match's first
line, which the harness acknowledges as an input)."""


def with_coins(config: Any) -> Any:
    """``config`` (a :class:`~pitchside.app.config.TableConfig`) with the harness's
    acceptor and price list."""
    from dataclasses import replace

    return replace(config, coin=COIN, pricing=PRICING)


def coin_worth(pulses: int) -> int:
    """What a coin of ``pulses`` pulses is worth in the harness's price list (cents)."""
    from pitchside.core.pricing import coin_value

    return coin_value(PRICING, pulses) or 0


def pick_pulses(rng: random.Random) -> int:
    """The pulse count of the next coin dropped."""
    return rng.choices([p for p, _ in COINS], [w for _, w in COINS])[0]


@dataclass(frozen=True, slots=True)
class Credits:
    """A count of credits ledger entries: ``rows`` coins, bonus, free credit and faults,
    ``credited`` the cents they added, ``spends`` the games paid for, ``balance`` the
    credit after them (cents)."""

    rows: int
    credited: int
    spends: int
    balance: int

    def words(self) -> str:
        return f"{self.rows} {self.credited} {self.spends} {self.balance}"

    @classmethod
    def parse(cls, words: list[str]) -> "Credits":
        rows, credited, spends, balance = (int(w) for w in words)
        return cls(rows, credited, spends, balance)


def journal_credits(journal: Any) -> Credits:
    """What the journal's credits ledger holds (:class:`pitchside.app.journal.Journal`)."""
    conn = journal._conn  # the harness reads the ledger's rows as they are on disk
    if conn is None:
        return Credits(0, 0, 0, journal.balance()[0])
    marks = ",".join("?" * len(CREDIT_KINDS))
    rows, credited = conn.execute(
        f"SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM credits WHERE kind IN ({marks})", CREDIT_KINDS
    ).fetchone()
    (spends,) = conn.execute("SELECT COUNT(*) FROM credits WHERE kind = 'spend'").fetchone()
    return Credits(int(rows), int(credited), int(spends), journal.balance()[0])


class CreditWatch:
    """The credit a table acknowledged (module notes): wraps the kiosk's ``handle`` and
    the main display's ``show`` of one harness child, calling ``send`` with
    ``SHOWN ROWS CREDITED SPENDS BALANCE TEXT`` after each frame handed to the display
    whose counts differ from the last one sent, and ``BUY SPENDS`` as soon as a game is
    paid for (its spend decided, before the write of the match's first line).

    Only the runtime's own calls of ``handle`` count: the frames it draws ahead
    (:meth:`pitchside.app.runtime.Runtime.draw_ahead`) call it too, on guessed inputs
    whose effects are thrown away; a guessed first line decides a spend that never
    happens, and counting it left the acknowledged spends one ahead of the journal and
    the balance one game short (a real spend written after such a frame then looked
    like a wrong balance: ``wrong credit 1``, now and then, under load).

    :param sim: the child's :class:`~pitchside_sim.table.SimTable`.
    :param start: what its journal held when it started.
    """

    def __init__(self, sim: Any, start: Credits, send: Callable[[str], None]) -> None:
        from pitchside.tables import credits as credit_effects, kiosk

        self._sim = sim
        self._send = send
        self.decided = start
        self._sent = start
        self._ahead = False
        handle = kiosk.handle

        def counted(ks: Any, event: Any) -> tuple[Any, tuple[Any, ...]]:
            after, effects = handle(ks, event)
            if self._ahead:  # a guess of the frames drawn ahead: nothing happened
                return after, effects
            d = self.decided
            for e in effects:
                if isinstance(e, credit_effects.Ledger) and e.entry.kind in CREDIT_KINDS:
                    d = Credits(d.rows + 1, d.credited + max(0, e.entry.amount), d.spends, e.entry.balance)
                elif isinstance(e, credit_effects.SpendNext):
                    d = Credits(d.rows, d.credited, d.spends + 1, e.entry.balance)
                    send(f"BUY {d.spends}")
            self.decided = d
            return after, effects

        kiosk.handle = counted  # this child process only
        draw_ahead = sim.runtime.draw_ahead

        def ahead() -> int:
            self._ahead = True
            try:
                return int(draw_ahead())
            finally:
                self._ahead = False

        sim.runtime.draw_ahead = ahead
        show = sim.display.show

        def shown(image: Any) -> None:
            show(image)
            if self.decided != self._sent:
                self._sent = self.decided
                send(f"SHOWN {self.decided.words()} {self.text()}")

        sim.display.show = shown

    def text(self) -> str:
        """The credit the main display's view shows (``"-"``: none on this screen)."""
        from pitchside.core import pricing
        from pitchside.render.kiosk import AttractView, MenuView
        from pitchside.tables import kiosk

        view = self._sim.runtime.view()
        lines = view.lines if isinstance(view, AttractView) else (view.hint,) if isinstance(view, MenuView) else ()
        money = pricing.money(PRICING, kiosk.shown_credit(self._sim.runtime.kiosk))
        return money if any(f"CREDIT {money}" in line for line in lines) else "-"


def check(acked: Credits | None, journal: Credits, tally: Any) -> None:
    """A restart's journal against the last acknowledgement before the kill: fewer
    entries is credit **lost**; the same entries (and no spend more) with another sum or
    balance is **wrong credit**. More entries or spends (written, the kill before the
    frame) is neither; fewer spends than acknowledged is a game paid and lost. Counts go
    to ``tally.credit_lost``, ``tally.wrong_credit`` and ``tally.spends_lost``
    (a :class:`pitchside_sim.crash_tally.Tally`)."""
    if acked is None:
        return
    tally.spends_lost += max(0, acked.spends - journal.spends)
    if journal.rows < acked.rows:
        tally.credit_lost += acked.rows - journal.rows
    elif journal.rows == acked.rows and journal.credited != acked.credited:
        tally.wrong_credit += 1
    elif journal.rows == acked.rows and journal.spends == acked.spends and journal.balance != acked.balance:
        tally.wrong_credit += 1


@dataclass(frozen=True, slots=True)
class Books:
    """What a restarted table's journal holds of the money, checked against itself and
    the price list (:func:`books`): ``coins`` coin entries and the ``money`` they were;
    ``wrong_rows`` ledger entries whose amount, balance or purchase total is not what
    :data:`PRICING` makes of the entries before it (credit invented, or lost, on the
    way: a coin crediting another value, a bonus not earned or missing, a spend at
    another price); ``charged_twice`` matches paid for more than once, ``unpaid``
    matches played (stored: a match is paid when it is stored, with its first line, or
    a Master Move match with its first line-up draft, before any line) and never paid
    for, ``paid_no_game`` spends with no match stored; ``wrong_audits`` figures of the audits since the last reset
    (:meth:`pitchside.app.journal.Journal.audits`) and ``wrong_meters`` lifetime
    meters (:meth:`~pitchside.app.journal.Journal.lifetime`) that are not what the
    ledger's entries add up to. ``games``: the spends (games paid for)."""

    coins: int
    money: int
    games: int
    wrong_rows: int
    charged_twice: int
    unpaid: int
    paid_no_game: int
    wrong_audits: int
    wrong_meters: int

    def words(self) -> str:
        return " ".join(str(getattr(self, f)) for f in Books.__dataclass_fields__)

    @classmethod
    def parse(cls, words: list[str]) -> "Books":
        return cls(*(int(w) for w in words))


def books(journal: Any) -> Books:
    """The :class:`Books` of a harness table's journal (read on its own connection's
    committed rows)."""
    from functools import reduce

    from pitchside.core import pricing
    from pitchside.core.audits import total
    from pitchside.core.meters import Meters, count
    from pitchside.core.pricing import LedgerEntry

    conn = journal._conn
    if conn is None:
        return Books(0, 0, 0, 0, 0, 0, 0, 0, 0)
    rows = conn.execute("SELECT id, kind, amount, balance, session, pulses, match_id FROM credits ORDER BY id").fetchall()
    wrong = 0
    balance = session = owed_bonus = 0
    for _, kind, amount, after, after_session, pulses, _ in rows:
        want: tuple[int, int, int] | None = None  # (amount, balance, session) the price list makes
        if owed_bonus and kind != "bonus":
            wrong += 1  # the bonus the last coin earned is missing
            owed_bonus = 0
        if kind == "coin":
            value = pricing.coin_value(PRICING, int(pulses or 0)) or 0
            owed_bonus = pricing.bonus_for(PRICING, session, value)
            want = (value, balance + value, session + value)
        elif kind == "bonus":
            want = (owed_bonus, balance + owed_bonus, session)
            owed_bonus = 0
        elif kind == "spend":
            left = balance - PRICING.game
            want = (-PRICING.game, left, session if left else 0)
        elif kind in ("fault", "reset"):
            want = (0, balance, session)
        elif kind == "free":
            want = (amount, balance + amount, session)
        if want != (amount, after, after_session):
            wrong += 1
        balance, session = after, after_session  # each row checked against the one before
    per_match = dict(conn.execute("SELECT match_id, COUNT(*) FROM credits WHERE kind = 'spend' GROUP BY match_id"))
    played = {r[0] for r in conn.execute("SELECT id FROM matches")}  # stored: paid with its first write
    entries = [LedgerEntry(k, a, b, s_) for _, k, a, b, s_, _, _ in rows]
    last_reset = max((i for i, r in enumerate(rows) if r[1] == "reset"), default=-1)
    since = entries[last_reset + 1:]
    got = total(journal.audits())
    want_audits = (sum(e.kind == "coin" for e in since), sum(e.amount for e in since if e.kind == "coin"),
                   sum(e.amount for e in since if e.kind == "bonus"), sum(e.amount for e in since if e.kind == "free"),
                   sum(e.kind == "spend" for e in since), -sum(e.amount for e in since if e.kind == "spend"),
                   sum(e.kind == "fault" for e in since))  # fmt: skip
    got_audits = (got.coin_count, got.paid, got.bonus, got.free, got.game_count, got.spent, got.faults)
    want_meters, got_meters = reduce(count, entries, Meters()), journal.lifetime()
    return Books(
        coins=sum(e.kind == "coin" for e in entries),
        money=sum(e.amount for e in entries if e.kind == "coin"),
        games=sum(e.kind == "spend" for e in entries),
        wrong_rows=wrong + (owed_bonus > 0),
        charged_twice=sum(n - 1 for mid, n in per_match.items() if mid is not None and n > 1),
        unpaid=len(played - set(per_match)),
        paid_no_game=sum(n for mid, n in per_match.items() if mid not in played),
        wrong_audits=sum(a != b for a, b in zip(got_audits, want_audits)),
        wrong_meters=sum(getattr(got_meters, f) != getattr(want_meters, f) for f in Meters.__dataclass_fields__),
    )
