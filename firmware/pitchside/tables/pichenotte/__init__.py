"""The Pichenotte referee flow at the table (pure): panel events -> rules inputs.

The table senses only the twenty hole (PI-A8); everything else is a button. This module
assembles one :class:`~pitchside.core.rules.pichenotte.Shot` (the replay spec's ``shot``
input) from what happens during a shot, shows it on the prompt line, and commits it on
``shot_done``. At round end it runs the zone-count entry and commits a ``tally``. It is a
pure function :func:`handle` of (table state, event) like the rules engine it drives:
no clock, no random (the coin toss arrives as :class:`CoinTossed` carrying its winner).

Buttons (names of the pin map, hardware/pitchside_hw/WIRING.md):

==============  ==============================================================
``coin``        toss the coin (before the first shot); the shell draws the side
``call``        call a twenty for this shot (toggle; only when it matters, PI-05)
``no_contact``  the shot made no contact (toggle; only when it matters, PI-06)
``ditch_a/_b``  a puck of A / B went to the ditch or sits on the outer line (PI-13)
``whose``       whose puck was the last one sensed in the twenty hole (cycle)
``shot_done``   commit the shot; at round end, commit the zone counts
``undo``        clear the shot being entered; in the zone entry, take back the last
                change of a count (the others stay); else take back the last input
``new``         (the kiosk's: a new match when this one is over; hold during a
                match: END MATCH?; staff gestures)
``plus/minus``  during a shot: add a twenty by hand / take back the last puck in
                the hole (sensed or added); zone entry: change the count under the
                cursor, never past the pucks on the board (PI-10, PI-12)
hold ``plus``   with nothing entered for the shot: the last committed shot had a
                twenty more (the beam missed it); hold ``minus``: one fewer (a
                doubled or phantom count); the rest of that shot stays
``next``        zone entry: move the cursor (A15, A10, A5, B15, B10, B5)
==============  ==============================================================

A twenty noticed missing (or doubled) only after SHOT DONE is corrected without
entering the shot again (:func:`_amend_last_shot`): the table rebuilds
the committed shot's draft (:func:`draft_of`), adds or takes back one puck in the hole,
and journals an ``undo`` and the corrected ``shot``: inputs the replay format already
has, so a replay, an export and a restart fold to the same state.

The beam is not the only source of truth (a dead, unplugged or noisy sensor): a twenty
the beam missed (a dead or unplugged sensor) is entered with ``plus`` during the shot,
and a doubled or phantom count is taken back with ``minus``, without clearing the rest
of the shot. A puck added by hand is attributed like a sensed one (below; ``whose``
cycles it too), and only where a puck could have dropped. The committed shot says
which pucks in the hole were entered by hand (``by_hand``) and how many beam counts
were taken back (``withdrawn``), records the rules ignore: a twenty entered by hand
scores exactly as a sensed one (PI-08). :meth:`PichenotteApp.corrections` gives them to
the twenty sensor's health record.

Attribution of twenty-hole drops (the sensor cannot tell colours): the first drop of a
shot is the shot puck; any later drop is a knocked-in puck of the opponent if the
opponent had pucks on the board, else of the shooter. ``whose`` cycles the last drop
through the attributions that are possible.

A beam storm (``SensorNoisy`` with ``since``) withdraws from the shot being
entered the drops the storm's blocks added (those whose block started at or after the
burst began): SHOT DONE never commits a phantom twenty, and the prompt says how many
drops were not counted.

Ditch presses for the shooter's side: the first one is the shot puck itself when the
shot would otherwise leave it on the board; further ones (or all of them when the shot
puck is already lost) are the shooter's other pucks knocked off.

The prompt line words the rules' notices and refusals with
:func:`pitchside.core.words.pichenotte.describe` (its ``short`` words) in the players'
names; a press that the rules would refuse whatever the shot (a shot before the toss, a
second toss, a shot during the zone entry) is refused with the rules' own refusal
(:func:`pitchside.core.rules.pichenotte.refusal`) and the buttons that get on.
"""

from __future__ import annotations

from pitchside.core.record.pichenotte import PichenotteCodec
from pitchside.core.rules import pichenotte as rules
from pitchside.core.words.pichenotte import describe as describe  # the game's words, for its table
from pitchside.render.view import Prompt  # re-exported: the tests read them here
from pitchside.tables.effects import Accepted as Accepted  # re-exported: the tests read t.Accepted
from pitchside.tables import game_moments
from pitchside.tables.effects import CoinTossed, TossCoin  # re-exported: the tests read them here
from pitchside.tables.gametable import GameTable, Panel
from pitchside.tables.pichenotte.flow import (
    Drop,
    Effect,
    GameMatch,
    STORM_TOLERANCE_S,
    ShotDraft,
    TableState,
    ZONE_FIELDS,
    corrections,
    draft_of,
    handle,
    new_table,
    possible_drops,
    resumed,
    to_shot,
)
from pitchside.tables.pichenotte.screens import (
    PUCK_CHOICES,
    RACE_STEP,
    match_length,
    menu,
    menu_change,
    players_per_side,
    shot_line,
    summary,
    view,
)

APP: GameTable[TableState, rules.Options, rules.State, rules.Input] = GameTable(
    name="pichenotte",
    title="PICHENOTTE",
    panel=Panel(
        buttons=(
            "coin", "call", "no_contact", "ditch_a", "ditch_b", "whose",
            "shot_done", "undo", "new", "plus", "minus", "next",
        ),  # fmt: skip
        beams=("twenty",),
    ),
    codec=PichenotteCodec(),
    new_table=new_table, resumed=resumed, handle=handle, view=view,
    menu=menu, menu_change=menu_change, summary=summary, corrections=corrections,
    players_per_side=players_per_side,
    moments=game_moments.pichenotte,
)
"""Pichenotte's game record (:class:`~pitchside.tables.gametable.GameTable`)."""

__all__ = ["APP", "Accepted", "CoinTossed", "Drop", "Effect", "GameMatch", "PUCK_CHOICES", "Prompt", "RACE_STEP",
    "STORM_TOLERANCE_S", "ShotDraft", "TableState", "TossCoin", "ZONE_FIELDS", "corrections", "describe",
    "draft_of", "handle", "match_length", "menu", "menu_change", "new_table", "players_per_side", "possible_drops",
    "resumed", "shot_line", "summary", "to_shot", "view"]
