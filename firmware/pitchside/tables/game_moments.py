"""Which notices make which moment, per game (:data:`~pitchside.tables.moments.MomentOf`
hooks for each game's ``GameTable.moments``). Each reads the notice's rule, code and
parameters only, never its words; titles use the rulebooks' own terms
(docs/rules/):

* Pichenotte: a **twenty** (PI-08 the shot puck, PI-11 one knocked in: 20 points on
  the rail), a **round** won or tied with the round's points (PI-14, PI-16), the
  **match** (PI-21 rounds, PI-22 the race; drawn after a round limit, PI-21).
* Boulomania: a **round** with its points (BM-16, BM-28, BM-26: "the points from this
  particular round"), the **game** ("the game ends when one team has gained a total of
  13 points", BM-18).
* Pitch Bowl: a **touchdown** with the touchdowns (PB-27), the **match** (PB-30).
* Pitchnut: a **game** -- "POISON!" when the winner sank the poison alone (PN-31: "the
  poison must be the only piece pocketed to win the game"), else the game's number
  (the break, PN-06, or the other side lost it by a foul with the poison,
  PN-21/22/24/25) -- and the **match** (PN-A9).
* Master Move: a **Move!**, "the point of Master Move" (MM-16), and the **game**, won
  at 3 Moves (MM-15) or by forfeit (MM-25).

A notice not listed makes no moment.
"""

from __future__ import annotations

from pitchside.core.notice import Notice
from pitchside.core.sides import PerSide, Side, name_of
from pitchside.tables.moments import Moment

Names = tuple[str, str]


def _side(n: Notice, key: str = "side") -> Side:
    value = n[key]
    if value not in ("A", "B"):
        raise KeyError(f"notice {n}: {key} must be A or B, not {value!r}")
    return "A" if value == "A" else "B"


def _int(n: Notice, key: str) -> int:
    value = n[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise KeyError(f"notice {n}: {key} must be a whole number, not {value!r}")
    return value


def _pair(a: int, b: int) -> PerSide[float]:
    return PerSide(float(a), float(b))


# --- Pichenotte (PI) ----------------------------------------------------------------------


def pichenotte(n: Notice, score: PerSide[float], names: Names) -> Moment | None:
    """Pichenotte's moments (module docstring)."""
    match (n.rule, n.code):
        case ("PI-08", "twenty") | ("PI-11", "knocked_in"):
            side = _side(n)
            who = name_of(names, side)
            title = "TWENTIES!" if _int(n, "points") > 20 else "TWENTY!"
            return Moment("twenty", title, f"{who} +{_int(n, 'points')}", n, side, short=who)
        case ("PI-14", "round_won"):
            side = _side(n)
            who = name_of(names, side)
            won, lost = _int(n, "points"), _int(n, "other_points")
            points = _pair(won, lost) if side == "A" else _pair(lost, won)
            return Moment("round", f"ROUND {_int(n, 'round')}", f"{who} wins the round", n, side, points, short=who)
        case ("PI-16", "round_tied"):
            each = _int(n, "points")
            return Moment("round", f"ROUND {_int(n, 'round')}", "Round tied", n, None, _pair(each, each))
        case ("PI-21" | "PI-22", "match_won"):
            side = _side(n)
            who = name_of(names, side)
            return Moment("match", "MATCH", f"{who} wins the match", n, side, score, final=True, short=who)
        case ("PI-21", "match_drawn"):
            return Moment("match", "MATCH", "The match is drawn", n, None, score, final=True)
    return None


# --- Boulomania (BM) ----------------------------------------------------------------------

BOULOMANIA_ROUNDS = frozenset({
    ("BM-16", "round_empty"), ("BM-28", "round_tie"), ("BM-16", "round_all_count"), ("BM-16", "round_nearer"),
    ("BM-26", "round_jack_out_one"), ("BM-26", "round_jack_out_own"), ("BM-26", "round_jack_out_null"),
})  # fmt: skip
"""The notices of a round's end: each carries ``round`` and the round's points ``a``, ``b``."""


def boulomania(n: Notice, score: PerSide[float], names: Names) -> Moment | None:
    """Boulomania's moments (module docstring)."""
    if (n.rule, n.code) in BOULOMANIA_ROUNDS:
        a, b = _int(n, "a"), _int(n, "b")
        title = f"ROUND {_int(n, 'round')}"
        if a == b:
            return Moment("round", title, "Null round" if a == 0 else "Jack out: both score", n, None, _pair(a, b))
        side: Side = "A" if a > b else "B"
        who = name_of(names, side)
        return Moment("round", title, f"{who} scores {max(a, b)}", n, side, _pair(a, b), short=who)
    if (n.rule, n.code) == ("BM-18", "wins"):
        side = _side(n)
        who = name_of(names, side)
        return Moment("game", "GAME", f"{who} wins the game", n, side, score, final=True, short=who)
    return None


# --- Pitch Bowl (PB) ----------------------------------------------------------------------


def pitchbowl(n: Notice, score: PerSide[float], names: Names) -> Moment | None:
    """Pitch Bowl's moments (module docstring)."""
    match (n.rule, n.code):
        case ("PB-27", "touchdown"):
            side = _side(n)
            who = name_of(names, side)
            points = _pair(_int(n, "score_a"), _int(n, "score_b"))
            return Moment("touchdown", "TOUCHDOWN!", who, n, side, points)
        case ("PB-30", "match_won"):
            side = _side(n)
            who = name_of(names, side)
            return Moment("match", "MATCH", f"{who} wins the match", n, side, score, final=True, short=who)
    return None


# --- Pitchnut (PN) ------------------------------------------------------------------------

def pitchnut(n: Notice, score: PerSide[float], names: Names) -> Moment | None:
    """Pitchnut's moments (module docstring). ``wins_game`` carries the rule of the
    game's cause only: PN-31 is always the winner's own poison; PN-06 is either the
    breaker's poison or the breaker's scratch (the opponent wins), so it is titled
    with the game's number, as every game lost by a foul is."""
    match n.code:
        case "wins_game":
            side = _side(n)
            who = name_of(names, side)
            game = _int(n, "game")
            title = "POISON!" if n.rule == "PN-31" else f"GAME {game}"
            return Moment("game", title, f"{who} wins game {game}", n, side, score, short=who)
        case "wins_match" if n.rule == "PN-A9":
            side = _side(n)
            who = name_of(names, side)
            return Moment("match", "MATCH", f"{who} wins the match", n, side, score, final=True, short=who)
    return None


# --- Master Move (MM) ---------------------------------------------------------------------


def mastermove(n: Notice, score: PerSide[float], names: Names) -> Moment | None:
    """Master Move's moments (module docstring)."""
    match (n.rule, n.code):
        case ("MM-16", "move_scored"):
            side = _side(n)
            who = name_of(names, side)
            return Moment("move", "MOVE!", f"{who} scores", n, side, score, short=who)
        case ("MM-15", "wins"):
            side = _side(n)
            who = name_of(names, side)
            return Moment("game", "GAME", f"{who} wins the game", n, side, score, final=True, short=who)
        case ("MM-25", "quits"):
            side = _side(n, "winner")
            who = name_of(names, side)
            return Moment("game", "GAME", f"{who} wins by forfeit", n, side, score, final=True, short=who)
    return None
