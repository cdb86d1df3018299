"""What a crash harness run found (:mod:`pitchside_sim.crash`): the counts of one game
(:class:`Tally`) and of the whole run (:class:`Report`), and their lines."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Tally:
    """What a harness run found, for one game or all."""

    kills: int = 0
    survived: int = 0
    lost: int = 0
    wrong_state: int = 0
    wrong_frame: int = 0
    failed_restarts: int = 0
    written_unacked: int = 0
    inputs: int = 0
    coins: int = 0
    """Coins dropped into the slot (with coins)."""
    credit_acked: int = 0
    """Credits ledger entries (coins, bonus, free, faults) acknowledged by a frame."""
    credit_cents: int = 0
    """The credit those entries added, cents."""
    credit_shown: int = 0
    """Acknowledgements whose frame showed the credit on screen."""
    credit_lost: int = 0
    """Acknowledged ledger entries a restarted table's journal did not hold."""
    wrong_credit: int = 0
    """Restarts whose journal's credit was not the acknowledged one."""
    coin_cents: int = 0
    """What the coins dropped were worth, cents."""
    credit_invented: int = 0
    """Restarts whose journal held more coins, or more money, than were dropped."""
    wrong_rows: int = 0
    """Ledger entries that are not what the price list makes of the ones before them
    (the journal's, at the last restart: :class:`~pitchside_sim.crash_coins.Books`)."""
    purchases: int = 0
    """Games paid for (``BUY``) that the parent saw."""
    buy_kills: int = 0
    """Kills aimed at a purchase that came just after one (within the harness's
    ``BUY_DELAY_S``)."""
    purchases_cut: int = 0
    """Of those, purchases whose spend was not on disk at the restart (the kill came
    before the match's first line was written: the game's price given back)."""
    games_twice: int = 0
    """Matches paid for more than once (the journal's, at the last restart)."""
    games_lost: int = 0
    """Games paid for and never stored, and acknowledged spends the journal lacked."""
    games_unpaid: int = 0
    """Matches stored (a line on disk, or a Master Move line-up draft) that were never
    paid for."""
    wrong_audits: int = 0
    """Figures of the audits that were not what the ledger adds up to (at the last restart)."""
    wrong_meters: int = 0
    """Lifetime meters that were not what the whole ledger adds up to (at the last restart)."""
    games_paid: int = 0
    """Spends in the journal at the last restart (games paid for)."""
    spends_lost: int = 0
    """Acknowledged spends (a frame shown after the game was paid for) a restarted
    table's journal did not hold."""

    def line(self) -> str:
        coins = (
            f"; coins dropped {self.coins} ({self.coin_cents} cents), credit entries acknowledged {self.credit_acked} "
            f"({self.credit_cents} cents, {self.credit_shown} frames showing the credit), "
            f"acknowledged credit entries lost {self.credit_lost}, wrong credit {self.wrong_credit}, "
            f"credit invented {self.credit_invented}, wrong ledger entries {self.wrong_rows}; "
            f"games paid {self.games_paid} (purchases seen {self.purchases}, kills aimed at one {self.buy_kills}, "
            f"{self.purchases_cut} of them before its write), charged twice "
            f"{self.games_twice}, lost {self.games_lost}, played unpaid {self.games_unpaid}; "
            f"wrong audits {self.wrong_audits}, wrong lifetime meters {self.wrong_meters}"
        ) if self.coins or self.credit_acked else ""  # fmt: skip
        return (
            f"kills {self.kills}, survived {self.survived}, acknowledged inputs lost {self.lost}, "
            f"wrong states {self.wrong_state}, wrong frames {self.wrong_frame}, "
            f"failed restarts {self.failed_restarts}, "
            f"written but not yet acknowledged {self.written_unacked}, inputs journaled {self.inputs}{coins}"
        )


@dataclass
class Report(Tally):
    """A harness run: the totals, and each game's :class:`Tally`."""

    games: dict[str, Tally] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        for name in Tally.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def lines(self) -> list[str]:
        return [f"all {len(self.games)} games: {self.line()}; {self.seconds:.1f} s"] + [
            f"  {game}: {t.line()}" for game, t in self.games.items()
        ]
