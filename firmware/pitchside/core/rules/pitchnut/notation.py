"""Pitchnut: the one-line snapshot of a state (python-chess's FEN idea) and its parser,
``parse_snapshot(snapshot(s)) == s``.
"""

from __future__ import annotations

from dataclasses import fields, replace

from pitchside.core.notice import Notice
from pitchside.core.sides import SIDES, PerSide, Side

from .engine import CAUSES
from .state import Colour, GameResult, Options, Phase, Pieces, State, check_options


# --- the snapshot: one line per state (python-chess's FEN idea) -----------------------
#
# Fields, separated by one space, in this order ("-" for none):
#   phase  game_number  toss_winner  breaker  turn  break  colours  pocketed  owed
#   bonus  score  breaker_next  seats  last_game  options
# ``break`` is "break" when the next shot is the break, else "-"; ``colours`` is A's then
# B's colour as one letter each ("w", "b", "-"); ``pocketed`` is "white/black", ``owed``,
# ``score`` and ``seats`` "A/B"; ``last_game`` is "winner:rule:code:shooter" (the game's
# cause, PN-06 ... PN-31); ``options`` lists the options that differ from the defaults,
# "name=value" joined by ",", in :class:`Options` order ("-": all default).

_COLOUR_LETTER: dict[Colour | None, str] = {"white": "w", "black": "b", None: "-"}
_LETTER_COLOUR: dict[str, Colour | None] = {v: k for k, v in _COLOUR_LETTER.items()}
_PHASES: dict[str, Phase] = {p: p for p in ("toss", "choose_breaker", "shooting", "finished")}


def snapshot(state: State) -> str:
    """The state as one line (fields above); :func:`parse_snapshot` reads it back:
    ``parse_snapshot(snapshot(s)) == s`` for every state the rules can reach.

    Five pieces a colour, A won the toss and broke with one white (A white), then
    scratched the pitch off the board (the white spotted, B to shoot):
    ``"shooting 1 A A B - wb 0/0 0/0 0 0/0 - 1/1 - pieces=5"``.
    """
    opt = state.options
    default = Options()
    changed = [
        f"{f.name}={_option_text(getattr(opt, f.name))}"
        for f in fields(Options)
        if getattr(opt, f.name) != getattr(default, f.name)
    ]
    last = state.last_game
    last_text = "-" if last is None else f"{last.winner}:{last.cause.rule}:{last.cause.code}:{last.cause['side']}"
    return " ".join((
        state.phase,
        str(state.game_number),
        state.toss_winner or "-",
        state.breaker or "-",
        state.turn or "-",
        "break" if state.is_break else "-",
        _COLOUR_LETTER[state.colours.A] + _COLOUR_LETTER[state.colours.B],
        f"{state.pocketed.white}/{state.pocketed.black}",
        f"{state.owed.A}/{state.owed.B}",
        str(state.bonus),
        f"{state.score.A}/{state.score.B}",
        state.breaker_next or "-",
        f"{state.seats.A}/{state.seats.B}",
        last_text,
        ",".join(changed) or "-",
    ))


def parse_snapshot(text: str) -> State:
    """The state a :func:`snapshot` line stands for.

    :raises ValueError: not a Pitchnut snapshot (names the field and what is wrong), or
        options out of range (:func:`check_options`).
    """
    parts = text.split(" ")
    if len(parts) != 15:
        raise ValueError(f"a Pitchnut snapshot has 15 fields separated by one space, not {len(parts)}")
    (phase, game_number, toss_winner, breaker, turn_, is_break, colours, pocketed, owed, bonus, score_,
     breaker_next, seats, last_game, options) = parts
    if phase not in _PHASES:
        raise ValueError(f"phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    if is_break not in ("break", "-"):
        raise ValueError(f"break must be 'break' or '-', not {is_break!r}")
    if len(colours) != 2 or any(c not in _LETTER_COLOUR for c in colours):
        raise ValueError(f"colours must be two of 'w', 'b', '-' (A's, B's), not {colours!r}")
    white, black = _pair(pocketed, "pocketed")
    opts = _parse_options(options)
    check_options(opts)
    return State(
        options=opts,
        phase=_PHASES[phase],
        toss_winner=_optional_side(toss_winner, "toss_winner"),
        game_number=_count(game_number, "game_number"),
        breaker=_optional_side(breaker, "breaker"),
        turn=_optional_side(turn_, "turn"),
        is_break=is_break == "break",
        colours=PerSide(_LETTER_COLOUR[colours[0]], _LETTER_COLOUR[colours[1]]),
        pocketed=Pieces(white, black),
        owed=PerSide(*_pair(owed, "owed")),
        bonus=_count(bonus, "bonus"),
        score=PerSide(*_pair(score_, "score")),
        breaker_next=_optional_side(breaker_next, "breaker_next"),
        seats=PerSide(*_pair(seats, "seats")),
        last_game=_parse_last_game(last_game),
    )


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _count(text: str, name: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{name} must be a count (digits), not {text!r}")
    return int(text)


def _pair(text: str, name: str) -> tuple[int, int]:
    first, sep, second = text.partition("/")
    if not sep:
        raise ValueError(f"{name} must be two counts 'n/m', not {text!r}")
    return _count(first, name), _count(second, name)


def _optional_side(text: str, name: str) -> Side | None:
    if text == "-":
        return None
    if text not in SIDES:
        raise ValueError(f"{name} must be 'A', 'B' or '-', not {text!r}")
    return "A" if text == "A" else "B"


def _parse_last_game(text: str) -> GameResult | None:
    if text == "-":
        return None
    parts = text.split(":")
    if len(parts) != 4:
        raise ValueError(f"last_game must be '-' or 'winner:rule:code:shooter', not {text!r}")
    if (parts[1], parts[2]) not in CAUSES:
        raise ValueError(f"last_game: {parts[1]}:{parts[2]} is not how a Pitchnut game ends")
    winner = _optional_side(parts[0], "last_game's winner")
    shooter_side = _optional_side(parts[3], "last_game's shooter")
    if winner is None or shooter_side is None:
        raise ValueError(f"last_game must name its winner and shooter, not {text!r}")
    return GameResult(winner, Notice.of(parts[1], parts[2], side=shooter_side))


def _parse_options(text: str) -> Options:
    if text == "-":
        return Options()
    default = Options()
    names = [f.name for f in fields(Options)]
    values: dict[str, object] = {}
    for item in text.split(","):
        name, sep, raw = item.partition("=")
        if not sep or name not in names:
            raise ValueError(f"options must be 'name=value' of Pitchnut's options, not {item!r}")
        if name in values:
            raise ValueError(f"option {name!r} given twice")
        current = getattr(default, name)
        if isinstance(current, bool):
            if raw not in ("true", "false"):
                raise ValueError(f"option {name!r} must be true or false, not {raw!r}")
            values[name] = raw == "true"
        elif isinstance(current, int):
            values[name] = _count(raw, f"option {name!r}")
        else:
            values[name] = raw
    return replace(default, **values)  # type: ignore[arg-type]  # choices: check_options
