"""Pitch Bowl: the one-line snapshot of a state (python-chess's FEN idea) and its parser,
``parse_snapshot(snapshot(s)) == s``.
"""

from __future__ import annotations

from pitchside.core.sides import SIDES, PerSide, Side

from .state import CarrierOutRule, Cause, EndTurnRule, Loss, Options, Phase, State


# --- the one-line snapshot (python-chess's FEN idea) ---------------------------------

_PHASES: tuple[Phase, ...] = ("toss", "choose", "place_defender", "place_attacker", "kickoff", "turn", "finished")
_CAUSES: tuple[Cause, ...] = (
    "MISS", "FALL", "OUT_OF_BOUNDS", "CLEARANCE", "BALL_OUT", "INTERCEPTION", "END_OF_TURN", "TOUCHDOWN",
)  # fmt: skip
_FLAGS = (  # (letter, State field): the turn's true flags, in this order
    ("o", "all_out_used"), ("g", "all_out_by_bonus_player"), ("p", "pass_used"), ("s", "strip_used"),
    ("u", "pickup_used"), ("b", "bonus_pending"), ("w", "def_window"), ("x", "def_allowed"),
)  # fmt: skip
_END_TURN: dict[EndTurnRule, str] = {"unless_def_placement": "u", "always": "a", "never": "n"}
_CARRIER_OUT: dict[CarrierOutRule, str] = {"ball_out": "b", "loose": "l"}
_SIDE_OF: dict[str, Side | None] = {"A": "A", "B": "B", "-": None}


def _side_char(side: Side | None) -> str:
    return side or "-"


def snapshot(state: State) -> str:
    """The state as one line of nine space-separated fields, like a chess FEN:

    1. the phase (``toss`` .. ``finished``);
    2. four sides, ``-`` for none: the toss winner, the kicker, the active coach, the
       side in possession (``"BBA-"``: B won the toss and kicks, A's turn, ball loose);
    3. the touchdowns ``A-B``; 4. the players off the field ``A-B``;
    5. ``pitched``; 6. ``def_turned``;
    7. the turn's flags, ``-`` for none: ``o`` all-out used, ``g`` by the player owed
       the bonus, ``p`` pass used, ``s`` strip used, ``u`` pick up used, ``b`` bonus
       pending, ``w`` the defensive placement window open, ``x`` a defensive placement
       went wrong (``def_allowed`` false);
    8. the last loss of initiative ``side:cause:rule`` (``B:MISS:PB-14``), or ``-``;
    9. the options as seven characters: ``defensive_placement`` 1/0, ``end_turn``
       u(nless_def_placement)/a(lways)/n(ever), ``carrier_out`` b(all_out)/l(oose),
       then ``foul_voids_touchdown``, ``bonus_any_action``,
       ``def_placement_before_bonus``, ``bonus_all_out_again``, each 1/0.

    A new match with the default options is ``"toss ---- 0-0 0-0 0 0 - - 0ub1101"``.
    :func:`parse_snapshot` reads it back: ``parse_snapshot(snapshot(s)) == s``.
    """
    o = state.options
    flags = "".join(
        letter
        for letter, name in _FLAGS
        if (getattr(state, name) if name != "def_allowed" else not state.def_allowed)
    )
    loss = state.last_loss
    opts = "".join(
        (
            "1" if o.defensive_placement else "0",
            _END_TURN[o.end_turn],
            _CARRIER_OUT[o.carrier_out],
            *("1" if v else "0" for v in (o.foul_voids_touchdown, o.bonus_any_action,
                                         o.def_placement_before_bonus, o.bonus_all_out_again)),
        )
    )  # fmt: skip
    return " ".join(
        (
            state.phase,
            "".join(_side_char(s) for s in (state.toss_winner, state.kicker, state.active, state.possession)),
            f"{state.score.A}-{state.score.B}",
            f"{state.off_field.A}-{state.off_field.B}",
            str(state.pitched),
            str(state.def_turned),
            flags or "-",
            f"{loss.side}:{loss.cause}:{loss.rule}" if loss else "-",
            opts,
        )
    )


def parse_snapshot(text: str) -> State:
    """The state a :func:`snapshot` line describes.

    :raises ValueError: ``text`` is not a snapshot (naming the field that is wrong).
    """
    fields = text.split()
    if len(fields) != 9:
        raise ValueError(f"a Pitch Bowl snapshot has 9 fields, not {len(fields)}: {text!r}")
    phase, sides, score, off, pitched, def_turned, flags, loss, opts = fields
    if phase not in _PHASES:
        raise ValueError(f"snapshot phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    if len(sides) != 4 or any(c not in "AB-" for c in sides):
        raise ValueError(f"snapshot sides must be four of A, B or -, not {sides!r}")
    who: list[Side | None] = [_SIDE_OF[c] for c in sides]
    letters = {letter for letter, _ in _FLAGS}
    if flags != "-" and (any(c not in letters for c in flags) or len(set(flags)) != len(flags)):
        raise ValueError(f"snapshot flags must be '-' or distinct letters of {''.join(sorted(letters))}, not {flags!r}")
    flag = {name: letter in flags for letter, name in _FLAGS}
    if (
        len(opts) != 7
        or opts[0] not in "01"
        or opts[1] not in "uan"
        or opts[2] not in "bl"
        or any(c not in "01" for c in opts[3:])
    ):
        raise ValueError(f"snapshot options must be like '0ub1101', not {opts!r}")
    end_turn = {v: k for k, v in _END_TURN.items()}[opts[1]]
    carrier_out = {v: k for k, v in _CARRIER_OUT.items()}[opts[2]]
    options = Options(
        defensive_placement=opts[0] == "1",
        end_turn=end_turn,
        carrier_out=carrier_out,
        foul_voids_touchdown=opts[3] == "1",
        bonus_any_action=opts[4] == "1",
        def_placement_before_bonus=opts[5] == "1",
        bonus_all_out_again=opts[6] == "1",
    )
    last_loss = None
    if loss != "-":
        parts = loss.split(":")
        if len(parts) != 3 or parts[0] not in SIDES or parts[1] not in _CAUSES or not parts[2]:
            raise ValueError(f"snapshot last loss must be '-' or side:cause:rule, not {loss!r}")
        last_loss = Loss(parts[0], parts[1], parts[2])
    return State(
        options=options,
        phase=phase,
        toss_winner=who[0],
        kicker=who[1],
        active=who[2],
        possession=who[3],
        score=_pair(score, "touchdowns"),
        off_field=_pair(off, "off the field"),
        pitched=_count(pitched, "pitched"),
        all_out_used=flag["all_out_used"],
        all_out_by_bonus_player=flag["all_out_by_bonus_player"],
        pass_used=flag["pass_used"],
        strip_used=flag["strip_used"],
        pickup_used=flag["pickup_used"],
        bonus_pending=flag["bonus_pending"],
        def_window=flag["def_window"],
        def_allowed=not flag["def_allowed"],
        def_turned=_count(def_turned, "def_turned"),
        last_loss=last_loss,
    )


def _count(text: str, what: str) -> int:
    if not text.isdigit() or not text.isascii() or (len(text) > 1 and text[0] == "0"):
        raise ValueError(f"snapshot {what} must be a whole number, not {text!r}")
    return int(text)


def _pair(text: str, what: str) -> PerSide[int]:
    a, sep, b = text.partition("-")
    if not sep:
        raise ValueError(f"snapshot {what} must be A-B counts like 1-0, not {text!r}")
    return PerSide(_count(a, what), _count(b, what))
