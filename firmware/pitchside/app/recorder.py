"""Keeps the journal in step with the table: resume on start, record every accepted
input before it is shown, close matches when they end.

The runtime calls :meth:`Recorder.accepted_all` with the inputs or undos each step
accepted (before the frame that shows them), and :meth:`Recorder.new_match` when the players start a new
match. :meth:`Recorder.resume` rebuilds an unfinished match by folding its journal
through the rules (the rules version is in its header, so an old journal still
replays).

Sensor health: the runtime hands every sensor event to
:meth:`Recorder.sensed`; what the sensors did is kept pending and written with the next
line of the match, in the same transaction (:meth:`pitchside.app.journal.Journal.append_lines`),
or with its end. The panel's corrections of what a sensor sensed (a twenty entered by
hand, a count withdrawn) come from the accepted input itself, through the game app's
optional ``corrections(input) -> {sensor: SensorTally}``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

from pitchside.tables import effects as table
from pitchside.tables.credits import AuditsRead
from pitchside.tables.registry import TableLike, app_for
from pitchside.app.journal import Journal, LinesWrite, MatchEnd
from pitchside.app.refusals import Refusal
from pitchside.core.errors import PitchsideError
from pitchside.core.match import AnyMatch
from pitchside.core.pricing import Credit, LedgerEntry
from pitchside.core.record.codec import AnyCodec
from pitchside.core.sides import Side
from pitchside.signals.events import BeamBroken, SensorNoisy
from pitchside.signals.health import SensorHealth, SensorTally, tally

log = logging.getLogger(__name__)


class Recorder:
    """The link between one table and its journal.

    :param journal: the open journal.
    :param clock: the runtime's clock (s); ``at`` in the journal is seconds since the
        match started, on this clock.
    :param max_matches: history kept (finished or abandoned matches), oldest pruned first.
    """

    def __init__(self, journal: Journal, clock: Callable[[], float], max_matches: int | None = 1000) -> None:
        self.journal = journal
        self._clock = clock
        self._max_matches = max_matches
        self.match_id: int | None = None
        self._finished = False
        self._start_at = clock()
        self._spend: LedgerEntry | None = None  # what the next match's first line pays
        self._pending: dict[str, SensorTally] = {}
        self._refused: list[Refusal] = []  # written with the match's next line
        self._lines = 0  # lines of the match stored (inputs and undos)
        self._drafted = False  # the match has drafts on file: its next step's lines drop them

    @property
    def warning(self) -> str | None:
        """What the display must say about storage (``"NOT SAVING: disk full"``), or None."""
        return self.journal.warning

    @property
    def notice(self) -> str | None:
        """What the display says once at start while saving goes on (a bad journal moved
        aside, :attr:`Journal.notice <pitchside.app.journal.Journal.notice>`), or None."""
        return self.journal.notice

    def _header(self, ts: TableLike) -> dict[str, Any]:
        from pitchside.core.record.format import FORMAT_VERSION  # at the first match, not at start-up

        codec = ts.match.codec
        return {
            "format": FORMAT_VERSION,
            "game": codec.name,
            "options": codec.options_to_json(ts.match.options),
            "rules_version": codec.rules_version,
            "sides": {"A": ts.names[0], "B": ts.names[1]},
        }

    def resume(self, fresh: TableLike, games: tuple[str, ...] = ()) -> TableLike:
        """The table to start with: the unfinished match of the journal, rebuilt, or
        ``fresh`` (stored once its first input is accepted). ``games``: every game of a
        table that offers several; a match of any of them is rebuilt in its own game.

        A journal match that no longer replays (a malformed line) is marked abandoned
        and logged; the table starts fresh rather than crash-looping.
        """
        game = fresh.match.codec.name
        offered = games or (game,)
        mid = self.journal.running(tuple(offered))  # another game's match stays on hold
        if mid is not None:
            # the replay format, only to rebuild an unfinished match (start-up)
            from pitchside.core.record.format import ReplayFormatError, replay

            try:
                lines = self.journal.lines(mid)
                result = replay(lines)
                if result.header.codec.name not in offered:
                    raise PitchsideError(
                        f"it is a {result.header.codec.name} match; this table plays {' or '.join(offered)}"
                    )
            except (ReplayFormatError, PitchsideError) as exc:
                log.error("journal match %s cannot be rebuilt (%s): abandoned, starting fresh", mid, exc)
                self.journal.end_match(mid, "abandoned")
            else:
                header = result.header
                self._finished = False
                names = (header.sides or {}).get("A", "A"), (header.sides or {}).get("B", "B")
                self.match_id = mid
                self._lines = len(lines) - 1
                self._start_at = self._clock() - _last_at(lines)
                log.info("resumed match %s: %d inputs, %d refused on replay", mid, len(lines) - 1, len(result.rejected))
                if result.match.status() == "finished":
                    # killed between the final input and marking the result (two
                    # transactions): mark it now, so a NEW does not call it abandoned
                    self.journal.end_match(mid, "finished", _result(result.match))
                    self._finished = True
                last_was_undo = len(lines) > 1 and json.loads(lines[-1]).get("input") == "undo"
                app = app_for(result.header.codec.name)
                resumed: TableLike = app.resumed(result.match, names, last_was_undo)
                drafts = self._stored_drafts(mid, result.header.codec)
                if drafts:
                    resumed = app.with_drafts(resumed, drafts)
                return resumed
        self.match_id = None  # a match is stored from its first accepted input on
        self._start_at = self._clock()
        return fresh

    def _stored_drafts(self, mid: int, codec: AnyCodec) -> dict[Side, Any]:
        """The drafts of match ``mid`` on file, as the game's inputs; one that no longer
        reads is logged and left out (the table proposes its own)."""
        from pitchside.core.record.format import ReplayFormatError, parse_input_line

        out: dict[Side, Any] = {}
        stored = self.journal.drafts(mid)
        for side, text in stored.items():
            try:
                _, out["A" if side == "A" else "B"] = parse_input_line(codec, json.loads(text), 0)
            except (ValueError, ReplayFormatError, PitchsideError) as exc:
                log.error("journal match %s: the draft of side %s does not read (%s): left out", mid, side, exc)
        self._drafted = bool(stored)
        return out

    def draft(self, effect: table.DraftChanged, ts: TableLike) -> None:
        """Store a side's draft shown and not sent (``ts``: the table showing it), durable
        when this returns: the runtime calls it before the frame that shows it. The
        first draft of a match stores the match (its header, and its price on a pay to
        play table), with the draft in the same transaction, so that a restart rebuilds
        it and shows the draft again."""
        line = None if effect.draft is None else json.dumps(ts.match.codec.input_to_json(effect.draft))
        rows = ((effect.side, line),)
        if self.match_id is None:
            if line is None:
                return  # nothing on file to drop
            spend, self._spend = self._spend, None  # paid as it is stored: a restart resumes it
            self._begin(ts, LinesWrite((), spend, drafts=rows))
        else:
            self.journal.append_lines(self.match_id, (), drafts=rows)
        self._drafted = True

    def sensed(self, event: BeamBroken | SensorNoisy) -> None:
        """A sensor event (any mode): counted in the sensor's tally, written with the
        match's next line."""
        self._pending[event.name] = tally(self._pending.get(event.name, SensorTally()), event)

    def refused(self, event: str, rule: str, text: str, at: float) -> None:
        """The table refused an input (``event``: what, ``rule``: the rule ID, ``text``:
        the panel's words, ``at``: the event's time on the runtime's clock): kept beside
        the match (:mod:`pitchside.app.refusals`, never replayed), written with its next
        line or its end."""
        self._refused.append(Refusal(self._lines, round(max(0.0, at - self._start_at), 3), event, rule, text))

    def _take_refused(self) -> list[Refusal]:
        refused, self._refused = self._refused, []
        return refused

    def _take_pending(self) -> dict[str, SensorTally]:
        pending, self._pending = self._pending, {}
        return pending

    def health(self) -> list[SensorHealth]:
        """Each sensor's health now: the journal's record with what is not written yet
        counted in the running match (empty in memory mode)."""
        return self.journal.sensor_health(self._pending)

    def _begin(self, ts: TableLike, first: LinesWrite) -> None:
        """Store the match (at its first accepted input, ``first``: its lines, and the
        pruning of the oldest ended matches, go in the same transaction as the header;
        ``at`` counts from when it was started: power-on
        or the new-match press)."""
        self.match_id = self.journal.start_match(self._header(ts), _sensors_of(ts), first=first,
                                                 prune_to=self._max_matches)  # one transaction, one fsync
        self._finished = False
        self._lines = 0

    def accepted_all(self, effects: Sequence[table.Accepted], after: TableLike) -> None:
        """Record the inputs (or undos) one step of the table accepted, in order, durably
        and in one transaction (all or none on disk: a twenty corrected after SHOT DONE
        is an ``undo`` and a ``shot`` that must not be split by a power cut), with the
        match's header when they are its first and its result when they end it (one
        fsync per step). ``after``: the table with all of them applied."""
        if not effects:
            return
        lines: list[dict[str, Any]] = []
        sensors = self._take_pending()
        for effect in effects:
            line: dict[str, Any] = (
                {"input": "undo"} if effect.input is None else after.match.codec.input_to_json(effect.input)
            )
            line["at"] = round(max(0.0, effect.at - self._start_at), 3)
            lines.append(line)
            if effect.input is not None:
                for name, t in _corrections(after, effect.input).items():
                    sensors[name] = sensors.get(name, SensorTally()) + t
        spend, self._spend = self._spend, None
        finished = after.match.status() == "finished"
        end = (MatchEnd("finished", _result(after.match)) if finished
               else MatchEnd("playing") if self._finished  # an undo took back the result: the match goes on
               else None)
        write = LinesWrite(lines, spend, sensors, self._take_refused(), end, drop_drafts=self._drafted)
        if self.match_id is None:
            self._begin(after, write)
        else:
            self.journal.append_lines(self.match_id, write.lines, spend=write.spend, sensors=write.sensors,
                                      refused=write.refused, end=write.end, drop_drafts=write.drop_drafts)
        self._drafted = False  # the table dropped them: the lines' transaction did too
        self._lines += len(lines)
        self._finished = finished

    def new_match(self, ts: TableLike) -> None:
        """The players abandoned the match (or start another after a result). What the
        sensors did since the last line goes with the abandoned match; after a result,
        with the next match."""
        if self.match_id is not None and not self._finished:
            self.journal.end_match(self.match_id, "abandoned", sensors=self._take_pending(),
                                   refused=self._take_refused())
        elif self.match_id is not None:
            self.journal.add_refusals(self.match_id, self._take_refused())  # refused after the result
        self._refused = []  # a match never stored keeps none
        self._drafted = False  # the end of the match dropped its drafts (or it had none)
        self.match_id = None  # stored from its first accepted input on
        self._finished = False
        self._lines = 0
        self._start_at = self._clock()

    # --- credits (pay to play) ---------------------------------------------------------

    def credit(self) -> Credit:
        """The table's credit as the journal has it (its last ledger entry)."""
        balance, session = self.journal.balance()
        return Credit(balance, session)

    def ledger(self, *entries: LedgerEntry) -> None:
        """Store credits entries (a coin, bonus, free credit, fault, audit reset) in one
        transaction, durable when this returns: the runtime calls it before the frame
        that shows them, with a step's entries together (a coin and the bonus it earns
        are both kept or, after a crash, neither)."""
        self.journal.credit(*entries)

    def audits(self, reset: bool = False) -> AuditsRead:
        """The audits since the last reset for the service page; with ``reset`` (staff,
        confirmed) a reset first, itself kept in the ledger with its time."""
        ok = self.journal.reset_audits() if reset else True
        resets = self.journal.audit_resets()
        since = _day_of(*resets[-1]) if resets else ""
        return AuditsRead(tuple(self.journal.audits()), since, len(resets), ok, self.journal.lifetime())

    def spend_next(self, entry: LedgerEntry) -> None:
        """The match about to get its first line costs ``entry``: it is written in the
        same transaction as that line (a crash before it leaves the credit unspent)."""
        self._spend = entry


def _day_of(wall: float | None, synced: bool) -> str:
    """A reset's local day for the service page (``?``: the clock was not synchronised)."""
    import time

    if wall is None:
        return "?"
    return time.strftime("%Y-%m-%d", time.localtime(wall)) + ("" if synced else "?")


def _sensors_of(ts: TableLike) -> tuple[str, ...]:
    """The sensors of the table's game (its app's ``beams``)."""
    return tuple(app_for(ts.match.codec.name).beams)


def _corrections(ts: TableLike, inp: Any) -> dict[str, SensorTally]:
    """What the panel corrected of the sensors' counts in ``inp`` (the game app's
    optional ``corrections``; none without one)."""
    return dict(app_for(ts.match.codec.name).corrections(inp))


def _result(match: AnyMatch) -> dict[str, Any]:
    """What the journal keeps as a finished match's result: the replay output of its
    final state (docs/spec/replay.md), serialised once, when the match ends."""
    out: dict[str, Any] = match.codec.output(match.state)
    return out


def _last_at(lines: list[str]) -> float:
    for line in reversed(lines[1:]):
        at = json.loads(line).get("at")
        if isinstance(at, (int, float)):
            return float(at)
    return 0.0


def rebuild(journal: Journal, match_id: int) -> AnyMatch:
    """The match ``match_id`` of ``journal`` folded through the rules.

    :raises ReplayFormatError: the stored lines no longer replay.
    """
    from pitchside.core.record.format import replay

    return replay(journal.lines(match_id)).match
