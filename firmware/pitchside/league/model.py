"""The league's values (pure): a counted result as standings, formats and ratings read
it, and a roster player."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Counted:
    """One checked, counted match (:mod:`pitchside.league.verify` passed).

    :param match: the club id (docs/spec/mqtt.md, ``result.match``).
    :param names: the sides' names ``(A, B)``; a doubles side is one name for the pair
        ("Ann & Bob"), rated and ranked as a team.
    :param score: the headline score ``(A, B)`` (the game's ``score()``).
    :param winner: ``"A"``, ``"B"`` or None for a draw.
    :param rule, code, params: the outcome's notice (e.g. ``MM-25 forfeit side=B``).
    :param order: the store's arrival number (ties in ``ended_wall`` keep it).
    :param ids: the sides' roster player ids ``(A, B)`` when the match was a fixture
        between roster players (counted for them across venues), else None (a casual
        match: it counts only in its venue's standings, by name).
    """

    match: str
    digest: str
    game: str
    venue: str
    table: str
    names: tuple[str, str]
    score: tuple[float, float]
    winner: str | None
    rule: str
    code: str
    params: tuple[tuple[str, Any], ...]
    ended_wall: float | None
    order: int
    ids: tuple[str, str] | None = None

    def by_id(self) -> Counted:
        """This match with the sides named by their player ids (standings and ratings
        across venues key on them; the pages show the roster's names).

        :raises ValueError: a casual match (no ids).
        """
        if self.ids is None:
            raise ValueError(f"match {self.match} of {self.venue}/{self.table} has no player ids")
        return replace(self, names=self.ids)

    def side_of(self, name: str) -> str | None:
        """``"A"`` or ``"B"`` for a player of this match, else None."""
        if name == self.names[0]:
            return "A"
        if name == self.names[1]:
            return "B"
        return None

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.names[0 if self.winner == "A" else 1]

    @property
    def loser_name(self) -> str | None:
        return None if self.winner is None else self.names[1 if self.winner == "A" else 0]

    @property
    def forfeit_by(self) -> str | None:
        """The name of the side that quit (Master Move, MM-25), else None."""
        if self.rule == "MM-25" and self.code == "forfeit":
            side = dict(self.params).get("side")
            return self.names[0] if side == "A" else self.names[1] if side == "B" else None
        return None


@dataclass(frozen=True, slots=True)
class Player:
    """A roster player: ``id`` the league's (the same at every venue), ``venue`` their
    home venue ("" for none)."""

    id: str
    name: str
    venue: str = ""
