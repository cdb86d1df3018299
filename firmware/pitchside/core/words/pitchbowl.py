"""Pitch Bowl's words: the notices and refusals of :mod:`pitchside.core.rules.pitchbowl`
worded for the players (rule IDs PB-xx of ``docs/rules/pitchbowl.md``).

:func:`describe` builds each sentence from the notice's parameters and the players'
names; with the names ``("A", "B")`` it gives the engine's wording of the replay
output's ``reason`` and ``result`` (``docs/spec/replay.md``). ``short`` is what the
table's prompt line shows: Pitch Bowl's panel shows the whole sentence (it wraps over
two rows), so ``short`` is ``long``.
"""

from __future__ import annotations

from collections.abc import Callable

from pitchside.core.notice import Notice, Param, Words
from pitchside.core.words import common

ACTION = {"strip": "Strip the Ball", "pickup": "Pick Up", "handoff": "Hand Off", "pass": "Pass"}
"""The announced actions (PB-13) as the rulebook names them."""
INPUT = {"pitch": "pitch", "end_turn": "end of turn", "def_placement": "defensive placement"}
"""A turn input refused outside a turn, in words."""
CAUSE = {
    "MISS": "Miss", "FALL": "Fall", "OUT_OF_BOUNDS": "Out Of Bounds", "CLEARANCE": "Clearance",
    "BALL_OUT": "Ball Out", "INTERCEPTION": "Interception", "END_OF_TURN": "End Of Turn",
    "TOUCHDOWN": "Touchdown",
}  # fmt: skip
"""The causes of a loss of initiative (PB-28), as the notice that passes it words them."""


class _Say:
    """A notice's parameters read for wording: sides as the players' names."""

    def __init__(self, notice: Notice, names: tuple[str, str]) -> None:
        self._notice = notice
        self._names = names

    def name(self, key: str = "side") -> str:
        """The name of the side in parameter ``key``."""
        side = self._notice[key]
        if side not in ("A", "B"):
            raise KeyError(f"{self._notice}: {key!r} is not a side")
        return self._names[0] if side == "A" else self._names[1]

    def __getitem__(self, key: str) -> Param:
        return self._notice[key]

    def action(self) -> str:
        return ACTION[str(self._notice["action"])]

    def input(self) -> str:
        return INPUT[str(self._notice["input"])]


def _strip_refused(s: _Say) -> str:
    held = "your team holds the ball" if s["possession"] == s["side"] else "the ball is loose"
    return f"no opposing ball carrier to strip: {held}"


_LONG: dict[str, Callable[[_Say], str]] = {
    # notices of accepted inputs
    "toss_won": lambda s: f"{s.name()} won the toss: kick or receive?",
    "kicks_places_first": lambda s: f"{s.name()} kicks: {s.name()} places first",
    "placed": lambda s: f"{s.name()} placed: {s.name('next')} places",
    "kicks_off": lambda s: f"{s.name()} kicks off",
    "kickoff": lambda s: f"Kick-off: {s.name()}'s turn",
    "touch_back": lambda s: f"Touch back: {s.name()} gives the ball to any player",
    "strips": lambda s: f"{s.name()} strips the ball",
    "picks_up": lambda s: f"{s.name()} picks up the ball",
    "hand_off_made": lambda s: "Hand Off made",
    "pass_completed": lambda s: "Pass completed",
    "hand_off_missed": lambda s: f"Hand Off missed: ball dropped, {s.name()} places it",
    "missed": lambda s: f"{s.action()} missed",
    "intercepted": lambda s: f"Pass intercepted by {s.name()}",
    "fall": lambda s: "Fall: movement exceeded",
    "second_all_out": lambda s: "Second All-Out: foul",
    "out_of_bounds": lambda s: f"{s.name()}: {s['out']} out of bounds until the kick-off",
    "clearance": lambda s: "Clearance",
    "ball_out": lambda s: f"Ball out: {s.name()} gives it to his player nearest the exit",
    "ko": lambda s: f"{s.name()}: {s['ko']} K.O., played this turn",
    "touchdown_void": lambda s: "Touchdown not proper: a foul in the same pitch",
    "bonus_pitch": lambda s: f"{s.name()}: bonus pitch, now",
    "all_pitched": lambda s: f"{s.name()}: every player pitched",
    "initiative": lambda s: f"{CAUSE[str(s['cause'])]}: {s.name()}'s turn",
    "touchdown": lambda s: f"Touchdown {s.name()}! {s['score_a']}-{s['score_b']}",
    "match_won": lambda s: f"{s.name()} wins the match",
    "def_placement": lambda s: f"{s.name()}: defensive placement",
    "placement_cancelled": lambda s: f"Placement cancelled: no more for {s.name()} this turn",
    # the outcome's cause (PB-30)
    "three_touchdowns": lambda s: f"{s.name()} scored {s['touchdowns']} touchdowns",
    # refusals
    "match_over": lambda s: "the match is over; start a new match",
    "toss_first": lambda s: f"toss the coin first: no {s.input()} before the kick-off",
    "must_choose": lambda s: f"{s.name()} won the toss and must choose to kick or to receive",
    "being_placed": lambda s: f"the teams are being placed: no {s.input()} before the kick-off",
    "kickoff_first": lambda s: f"{s.name()} must kick off first: no {s.input()} before the kick-off",
    "tossed_once": lambda s: "the coin is tossed once, at the start of the match",
    "choose_once": lambda s: "only the toss winner chooses, once, right after the coin toss",
    "place_after_toss": lambda s: "the teams are placed after the coin toss and the choice",
    "place_before_kickoff": lambda s: "the teams are placed only before a kick-off",
    "defender_first": lambda s: f"the defender {s.name()} (kicker) places first, then {s.name('placing')}",
    "attacker_second": lambda s: f"{s.name('placing')} has placed; the attacker {s.name()} places second",
    "players": lambda s: f"{s['players']} players placed: exactly {s['required']} are required",
    "marker_over_players": lambda s: f"{s['on_marker']} players on the marker but only {s['players']} placed",
    "few_on_marker": lambda s: f"only {s['on_marker']} players touch the centre line marker: at least {s['least']}",
    "many_on_wing": lambda s: f"{s['on_wing']} players on a wing: at most {s['most']} on each wing",
    "over_line": lambda s: "no player may overlap the centre line",
    "place_before_kickoff_first": lambda s: "both teams must be placed before the kick-off",
    "ball_in_play": lambda s: "the ball is in play: the next kick-off follows a touchdown",
    "toss_before_kickoff": lambda s: "toss the coin and choose before the kick-off",
    "no_player_left": lambda s: f"{s.name()} has no player left to pitch: end the turn",
    "nothing_announced": lambda s: (
        "nothing was announced: the action is the simple one (Block, Run or Clearance), with no result"
    ),
    "result_needed": lambda s: f"say whether the announced {s.action()} succeeded or missed",
    "only_pass_intercepted": lambda s: "only a Pass can be intercepted",
    "bonus_not_action": lambda s: f"the bonus pitch may not be a {s.action()} at this table (PB-A3)",
    "nothing_to_strip": _strip_refused,
    "once_per_turn": lambda s: f"one {s.action()} per turn, already announced",
    "already_holds": lambda s: f"{s.name()} already holds the ball: nothing to pick up",
    "opponent_holds": lambda s: f"{s.name()}'s carrier holds the ball: announce a Strip the Ball",
    "no_carrier": lambda s: f"a {s.action()} needs a ball carrier of {s.name()}, and {s.name()} has none",
    "one_pass": lambda s: f"one Pass per turn: {s.name()} has already passed this turn",
    "pass_all_out": lambda s: "a Pass moves only the Ball: there is no movement to Go All-Out",
    "clearance_pickup": lambda s: "the Pick Up was announced: touching the ball is its success or miss",
    "ball_carried": lambda s: f"{s.name()} carries the ball: there is no loose Ball to clear",
    "too_many_out": lambda s: f"{s.name()} has {s['on_field']} players on the field; {s['out']} cannot leave it",
    "ko_over_spare": lambda s: (
        f"{s.name()} has {s['spare']} other piece(s) not yet turned over; {s['ko']} cannot be K.O."
    ),
    "ko_opponent_over_left": lambda s: (
        f"{s.name()} has {s['left']} piece(s) not turned over; {s['ko']} cannot be K.O."
    ),
    "no_carrier_to_leave": lambda s: "no one carries the ball: no ball carrier can leave the field",
    "carrier_not_listed": lambda s: f"the ball carrier of {s.name()} left the field: list it in out_of_bounds",
    "carrier_scores_not_out": lambda s: "a carrier crossing the opposing end line scores: it is not out of bounds",
    "no_scorer": lambda s: "no ball carrier after this pitch: a touchdown needs one",
    "not_scorer": lambda s: f"only {s.name()}'s carrier, or an opponent intercepting, scores on {s.name()}'s pitch",
    "bonus_at_once": lambda s: "the bonus pitch must be taken at once",
    "end_turn_off": lambda s: "ending a turn early is off at this table: pitch every player (PB-A1)",
    "end_turn_def_placement": lambda s: (
        "with Defensive Placement on, pitch the remaining players: each grants a placement (PB-31)"
    ),
    "def_placement_off": lambda s: "the Defensive Placement rule is not in play in this match",
    "def_placement_spent": lambda s: f"a defensive placement went wrong: {s.name()} has no more this turn",
    "bonus_first": lambda s: "the bonus pitch comes first: it must be taken at once (PB-A11)",
    "one_per_pitch": lambda s: f"one defensive placement after each proper pitch of {s.name()}",
    "no_piece_left": lambda s: f"{s.name()} has no active piece left for a placement",
}
"""The sentence of each notice code (the rule ID is not part of it)."""

CODES = frozenset(_LONG)
"""Every code this module words (besides the shared ``UNDO`` ones)."""


def describe(notice: Notice, names: tuple[str, str]) -> Words:
    """The words of a Pitch Bowl notice or refusal for the sides' ``names`` (A's, B's).

    :raises KeyError: a code Pitch Bowl does not know, or a side parameter that is not
        ``"A"``/``"B"``.
    """
    if notice.rule == "UNDO":
        return common.describe(notice, names)
    text = _LONG[notice.code](_Say(notice, names))
    return Words(text, text)
