"""Crash harness: kill a table process with SIGKILL at random moments, restart it, and
check that nothing acknowledged was lost, for every game.

``python -m pitchside_sim.crash --kills 200`` runs the long version; the tests run a
short one (``tests/sim/test_crash_harness.py``). Each child process is a whole simulated
table (:class:`~pitchside_sim.table.SimTable`: the real runtime, recorder, journal and
renderer) of one of the five games, played by random key presses of that game's
keyboard map; between presses it draws the frames of the likely next inputs
(``Runtime.draw_ahead``, as ``Runtime.run`` does while it waits), so kills land in the
middle of those rounds too, and frames drawn ahead are shown (their inputs' writes made
in the loop's thread). Each input the journal appends durably is then
acknowledged to the parent
(``ACK n DIGEST``: n inputs journaled in all, DIGEST the match's status, score, turn
and outcome read through the typed face (:meth:`Match.status` ...) and its inputs in
effect), and once the table has settled (:data:`SETTLE_S`) its frame is reported
(``FRAME n HASH``, a hash of what its displays show). The parent kills it
after a random delay, between inputs or in the middle of a write, starts a table of the
same game again on the same journal, and compares what the new child rebuilds (``START n
DIGEST FRAME``) with the last acknowledgement:

* ``n`` may be the acknowledged count, or more (a write finished but the kill came
  before its acknowledgement got out); fewer is an acknowledged input **lost**;
* at the acknowledged count the digest must be the acknowledged one (the restarted
  state is the fold of the acknowledged inputs); otherwise the state is **wrong**;
* at the acknowledged count the restarted table must show the frame the live one
  showed; otherwise it is a **wrong frame** (not checked after a match's final input:
  a finished match is history, and a restart starts a new one);
* a child that dies on its own, prints no START, or finds its journal not saving, is a
  **failed restart**.

A write without input lines (Master Move's line-up set on the panel and not sent, a
draft: the digest includes the line-ups shown; or a match's end) is announced before
it starts (``DRAFT DIGEST``, the state it makes durable) and acknowledged once it has
returned (``ACK n DIGEST FINISHED``, with no frame: the cursor that moved the piece is
not journaled, so a restarted table shows the draft without it). A restart at the
announced digest is a write not yet acknowledged, any other a **wrong state**.

With coins (the default; ``--no-coins`` leaves them out) every table has a coin
acceptor and a price list (:mod:`pitchside_sim.crash_coins`), the random player drops
coins among its presses (``COIN`` before each, so the frame it changes is not compared),
and every frame handed to the display after a credit was decided is acknowledged
(``SHOWN ROWS CREDITED SPENDS BALANCE TEXT``: the credits ledger entries the kiosk
decided, the credit they add up to, the games paid for, the balance, and the credit the
screen shows). The restarted child's START carries what its journal's ledger holds; an
acknowledged entry missing from it is **credit lost**, another sum or balance at the
same entries is **wrong credit**.

With coins the player also ends the match it plays now and then (``END``), so games are
bought throughout; the child says ``BUY`` when a game's spend is decided (before the write
of the match's first line), and half the kills come 0 to 20 ms after one. Each restart
reports its journal's books (``BOOKS``, :func:`pitchside_sim.crash_coins.books`): ledger
entries the price list would not make, matches paid twice or never, spends with no game,
audits and lifetime meters that are not what the ledger adds up to; and the parent
counts the coins dropped, so a ledger holding more is credit **invented**.

The games take turns, one journal each; a restart is a fresh process forked from a
server that has already imported the firmware (``multiprocessing``'s ``forkserver``),
so a kill and restart costs milliseconds rather than a Python start.

A SIGKILL leaves the operating system's page cache intact, so this proves crash
consistency (SQLite's transactions, our write order, resume), not durability through a
power cut: docs/STORAGE.md says what a power cut adds and how to test it on a Pi.

(Over 600 lines: the parent's kill-and-restart loop and the child's line protocol must
agree line for line; the books and the tallies are in crash_coins.py and crash_tally.py.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pitchside_sim.crash_tally import Report, Tally

if TYPE_CHECKING:
    from pitchside.core.match import AnyMatch
    from pitchside_sim.crash_coins import Credits
    from pitchside_sim.table import SimTable

GAMES = ("pichenotte", "pitchnut", "boulomania", "pitchbowl", "mastermove")
"""Every game with a table: the harness covers them all."""
OPTIONS: dict[str, dict[str, Any]] = {"pichenotte": {"pucks": 2}}
"""Options over the example configs: short matches, so kills land in every phase and
across match boundaries."""
WEIGHTS: dict[str, dict[str, int]] = {
    "pichenotte": {"s": 6, "t": 3},
    "pitchnut": {"s": 6, "1": 2, "t": 3, "+": 3},  # + names the pieces a refusal asks for (after a dismissing press)
    "boulomania": {"r": 6, "s": 4},
    "pitchbowl": {"s": 4, "t": 3, "e": 3},
    "mastermove": {"s": 5, "+": 3, "t": 3},
}
"""How often a key is pressed (default 1): the keys that complete an input most."""
COIN_ACTION = object()
"""The random player's action that drops a coin (with coins)."""
END_ACTION = object()
"""The random player's action that ends the match being played (hold NEW, then DONE at
END MATCH?), so the next players buy a game: with coins, purchases come often."""
END_WEIGHT = 1
"""How often a match is ended during play, against a key press of weight 1."""
AUDITS_RESET_SHARE = 0.2
"""The share of starts that reset the audits first (as staff would): the audits and the
lifetime meters part, and both are checked."""
BUY_KILL_SHARE = 0.5
"""With coins: the share of kills aimed at a purchase: the parent waits for the table
to pay for a game (``BUY``, sent when the spend is decided, before the write of the
match's first line that carries it) and kills it up to :data:`BUY_DELAY_S` later."""
BUY_WAIT_S = 3.0
"""How long a kill aimed at a purchase waits for one (then it kills anyway)."""
BUY_DELAY_S = 0.02
"""The longest a kill aimed at a purchase comes after its ``BUY``: a write takes a few ms."""
LEFT_OUT = ("q", "S", "Q", "\r", "\n", "\t", "=", " ")
"""Keys never pressed: quit, the staff gesture, a forfeit, and the aliases."""
GAP_S = 0.3
"""Virtual seconds after each press (the interactive simulator's gap)."""
SETTLE_S = 2.0
"""Virtual seconds a table is left after a journaled input before its frame is taken:
an animation (Pitch Bowl's coin spins for 1.5 s) is not replayed by a restarted table,
which shows where it settles at once (pitchside.tables.pitchbowl)."""
START_TIMEOUT_S = 30.0
PRELOAD = ["pitchside_sim.table", "pitchside_sim.run", "pitchside_sim.keys", "pitchside.tables.registry",
           "pitchside_sim.crash_coins"]  # fmt: skip


# --- the child ------------------------------------------------------------------------


def _digest(sim: "SimTable", match: "AnyMatch | None" = None) -> str:
    """The match (default: the table's) through its typed face, the inputs in effect
    (their replay lines), and a Master Move table's line-ups shown and not sent (its
    drafts, journaled too)."""
    from pitchside.tables import mastermove

    match = match if match is not None else sim.runtime.state.match
    state = sim.runtime.state
    face = [
        match.status(), repr(match.score()), match.turn(), repr(match.outcome()),
        [match.codec.input_to_json(i) for i in match.inputs],
        [state.drafts.A, state.drafts.B] if isinstance(state, mastermove.TableState) else [],
    ]  # fmt: skip
    return hashlib.sha1(json.dumps(face, sort_keys=True, default=repr).encode()).hexdigest()[:12]


def _frame(sim: "SimTable") -> str:
    """A hash of what every display of the table shows now."""
    h = hashlib.sha1()
    for device in (sim.device, *sim.side_devices.values()):
        h.update(device.frames[-1][1].tobytes() if device.frames else b"-")
    return h.hexdigest()[:12]


def _table(game: str, db: Path, seed: int, coins: bool = False) -> "SimTable":
    from pitchside.app.config import load_config
    from pitchside_sim.crash_coins import with_coins
    from pitchside_sim.run import default_config_path
    from pitchside_sim.table import SimTable, sim_config

    config = load_config(default_config_path(game))
    config = replace(config, serial=(), storage=replace(config.storage, max_matches=1_000_000))  # no pruning
    config = with_coins(config) if coins else config
    return SimTable(sim_config(config, OPTIONS.get(game)), seed=seed, journal=db)


def _keys(game: str) -> tuple[list[Any], list[int]]:
    from pitchside_sim.keys import keymap_for

    keys, _ = keymap_for(game)
    chosen = [ch for ch in keys if ch not in LEFT_OUT]
    return [keys[ch] for ch in chosen], [WEIGHTS.get(game, {}).get(ch, 1) for ch in chosen]


def child(game: str, db: Path, seed: int, send: Callable[[str], None], coins: bool = True) -> int:
    """Play ``game`` forever on the journal ``db``, acknowledging each journaled input
    with ``send`` (see the module docstring); with ``coins``, dropping coins too and
    acknowledging the credit shown. Returns 1 if the journal stops saving."""
    import logging

    from pitchside_sim import crash_coins

    logging.getLogger("pitchside.app.runtime").addFilter(lambda r: r.getMessage() != "match ended by the players")
    sim = _table(game, db, seed, coins)
    count = [sum(r.inputs for r in sim.journal.history())]
    append_lines = sim.journal.append_lines  # the writes of inputs (the recorder's): a match's
    start_match = sim.journal.start_match  # first step goes with its header, the others alone

    wrote = [False]  # a write without input lines (a draft, a match's end) since the last acknowledgement

    def counted(match_id: int, lines: Sequence[dict[str, Any]], *args: Any, **kwargs: Any) -> None:
        if not lines:
            send(f"DRAFT {_digest(sim)}")  # the state it makes durable, before it may be
        append_lines(match_id, lines, *args, **kwargs)  # every argument (spend, sensors, ...) as given
        count[0] += len(lines)
        wrote[0] = wrote[0] or not lines

    def started(header: dict[str, Any], *args: Any, **kwargs: Any) -> int:
        first = kwargs.get("first")
        if first is not None and not first.lines:
            send(f"DRAFT {_digest(sim)}")  # a match stored by its first draft
        match_id = start_match(header, *args, **kwargs)
        count[0] += len(first.lines) if first is not None else 0
        wrote[0] = wrote[0] or (first is not None and not first.lines)
        return match_id

    sim.journal.append_lines = counted  # type: ignore[method-assign]
    sim.journal.start_match = started  # type: ignore[method-assign]
    finished = sim.runtime.state.match.status() == "finished"
    held = crash_coins.journal_credits(sim.journal) if coins else None
    credit = f" {held.words()}" if held is not None else ""
    send(f"START {count[0]} {_rebuilt_digest(sim)} {_frame(sim)} {int(finished)}{credit}")
    rng = random.Random(seed * 1_000_003 + count[0])
    if held is not None:
        send(f"BOOKS {crash_coins.books(sim.journal).words()}")
        if rng.random() < AUDITS_RESET_SHARE:
            sim.recorder.audits(reset=True)  # staff empty the box: the audits start afresh, the meters go on
        crash_coins.CreditWatch(sim, held, send)
    actions, weights = _keys(game)
    at_play = weights
    if coins:  # coins throughout, most where a player drops them: before a game; matches ended now and then
        actions, at_play = [*actions, COIN_ACTION, END_ACTION], [*weights, crash_coins.COIN_WEIGHT, END_WEIGHT]
        weights = [*weights, crash_coins.COIN_WEIGHT_IDLE, 0]
    while True:
        sim.runtime.draw_ahead()  # between inputs, as a table's loop does while it waits: kills land in rounds too
        before = count[0]
        action = rng.choices(actions, at_play if sim.runtime.kiosk.mode == "playing" else weights)[0]
        if action is COIN_ACTION:
            pulses = crash_coins.pick_pulses(rng)
            send(f"COIN {pulses}")  # before its first pulse: the frame it changes is not the acknowledged one
            sim.coin(pulses, seed=rng.randrange(1 << 30))
            sim.advance_to(sim.now + GAP_S)
        elif action is END_ACTION:
            send("END")  # the frame after it is the menu's, which a restart does not show: not compared
            sim.hold("new")
            sim.advance_to(sim.now + GAP_S)
            sim.press("shot_done")
            sim.advance_to(sim.now + GAP_S)
        else:
            sim.act(action, GAP_S)
        if not sim.journal.durable:
            send(f"FAULT {sim.journal.warning}")
            return 1
        if count[0] == before and wrote[0]:  # a draft shown: its state, not its frame (the cursor is not kept)
            send(f"ACK {count[0]} {_digest(sim)} {int(sim.runtime.state.match.status() == 'finished')}")
        wrote[0] = False
        if count[0] != before:
            for settled in (False, True):  # a timer while it settles may journal more (a die)
                if settled:
                    acked = count[0]
                    sim.advance_to(sim.now + SETTLE_S)
                    if count[0] == acked:
                        break
                finished = sim.runtime.state.match.status() == "finished"
                send(f"ACK {count[0]} {_digest(sim)} {int(finished)}")
            _moments_done(sim)
            send(f"FRAME {count[0]} {_frame(sim)}")


def restart_check(
    game: str, db: Path, presses: int, seed: int = 1, drafts: list[int] | None = None
) -> tuple[int, list[tuple[int, str]]]:
    """The same check without a kill, in virtual time only, so the same on every run:
    play ``presses`` random presses of ``game``, and after each journaled input, and
    each draft journaled (Master Move's line-up set and not sent; its state is checked,
    not its frame: the cursor is not kept), close the table and start it again on
    ``db``. Returns how many restarts there were, and ``(press, problem)`` for each
    restart whose state (``"state"``) or frame (``"frame"``) is not the live table's;
    ``drafts`` (when given) gets the presses whose restart was for a draft."""
    sim = _table(game, db, seed)
    actions, weights = _keys(game)
    rng = random.Random(seed)
    problems: list[tuple[int, str]] = []
    restarts = 0
    try:
        for i in range(presses):
            sim.runtime.draw_ahead()  # as the live table does between inputs
            before, drafted = _inputs(sim), _drafts(sim)
            sim.act(rng.choices(actions, weights)[0], GAP_S)
            after = _inputs(sim)  # a match stored by its first draft has no input line
            draft_only = after == before or after[1] == 0
            if draft_only and _drafts(sim) == drafted:
                continue
            if draft_only and drafts is not None:
                drafts.append(i)
            sim.advance_to(sim.now + SETTLE_S)
            _moments_done(sim)
            digest, frame = _digest(sim), _frame(sim)
            finished = sim.runtime.state.match.status() == "finished"
            sim.close()
            sim = _table(game, db, seed)
            restarts += 1
            if _digest(sim) != digest:
                problems.append((i, "state"))
            elif _frame(sim) != frame and not finished and not draft_only:
                problems.append((i, "frame"))
    finally:
        sim.close()
    return restarts, problems


def _moments_done(sim: "SimTable") -> None:
    """Let the moments still on show run their time (a round won is shown for 2.5 s,
    longer than :data:`SETTLE_S`): a moment is a view, never journaled, so a restarted
    table shows none and the frame to compare is the one after it
    (pitchside.tables.moments)."""
    while (moment := sim.runtime.kiosk.moment) is not None:
        sim.advance_to(moment.due)


def _journaled(sim: "SimTable") -> list[str]:
    mid = sim.recorder.match_id
    return sim.journal.lines(mid) if mid is not None and mid > 0 else []


def _inputs(sim: "SimTable") -> tuple[int | None, int]:
    """The match stored and its input lines (undos included), without its header."""
    return sim.recorder.match_id, max(0, len(_journaled(sim)) - 1)


def _drafts(sim: "SimTable") -> dict[str, str]:
    mid = sim.recorder.match_id
    return sim.journal.drafts(mid) if mid is not None and mid > 0 else {}


def _rebuilt_digest(sim: "SimTable") -> str:
    """The digest of the match a restarted table rebuilt; when it starts afresh after a
    match that ended with its final input, of that match (the newest stored, finished),
    folded again from its journal lines: the state the last acknowledgement described,
    the live table still showing its result. After a match the players ended (stored
    ``abandoned``: a write without input lines, acknowledged with the fresh table the
    live one went on to), the fresh table's own."""
    from pitchside.app.recorder import rebuild

    if sim.recorder.match_id is None and not sim.runtime.state.match.inputs:
        stored = sim.journal.history()
        if stored and stored[-1].status == "finished":
            return _digest(sim, rebuild(sim.journal, stored[-1].id))
    return _digest(sim)


def _child_main(game: str, db: str, seed: int, conn: Connection, coins: bool = True) -> None:
    try:
        sys.exit(child(game, Path(db), seed, conn.send, coins))
    finally:
        conn.close()


# --- the parent -----------------------------------------------------------------------


@dataclass
class _Acked:
    """The last acknowledgement of one game's table (``frame`` None: its settled frame
    had not been reported when the kill came)."""

    n: int
    digest: str
    frame: str | None
    finished: bool
    credit: "Credits | None" = None
    """With coins: the credit acknowledged (START: what the journal holds)."""
    text: str = "-"
    """SHOWN: the credit on screen (``"-"``: none on that screen)."""
    drafted: str | None = None
    """DRAFT: the digest a write without input lines (a draft shown, a match's end) was
    making durable when it was announced: a restart may show it before its ACK got out."""


def _parse(line: str) -> tuple[str, _Acked | None]:
    """``START n DIGEST FRAME FINISHED [ROWS CREDITED SPENDS BALANCE]``, ``ACK n DIGEST
    FINISHED``, ``FRAME n FRAME``, ``SHOWN ROWS CREDITED SPENDS BALANCE TEXT``, ``COIN
    PULSES``, ``BUY SPENDS``, ``DRAFT DIGEST``, ``END`` (``BOOKS ...``: :func:`_books`)."""
    from pitchside_sim.crash_coins import Credits

    parts = line.split()
    if len(parts) in (5, 9) and parts[0] == "START":
        credit = Credits.parse(parts[5:]) if len(parts) == 9 else None
        return parts[0], _Acked(int(parts[1]), parts[2], parts[3], parts[4] == "1", credit)
    if len(parts) == 6 and parts[0] == "SHOWN":
        return parts[0], _Acked(0, "", None, False, Credits.parse(parts[1:5]), parts[5])
    if len(parts) == 2 and parts[0] in ("COIN", "BUY"):
        return parts[0], _Acked(int(parts[1]), "", None, False)
    if parts == ["END"]:
        return "END", _Acked(0, "", None, False)
    if len(parts) == 4 and parts[0] == "ACK":
        return parts[0], _Acked(int(parts[1]), parts[2], None, parts[3] == "1")
    if len(parts) == 2 and parts[0] == "DRAFT":
        return parts[0], _Acked(0, parts[1], None, False)
    if len(parts) == 3 and parts[0] == "FRAME":
        return parts[0], _Acked(int(parts[1]), "", parts[2], False)
    return (parts[0] if parts else ""), None


class _Restarter:
    """Starts table processes from a fork server that has the firmware imported."""

    def __init__(self) -> None:
        self.ctx = multiprocessing.get_context("forkserver")
        self.ctx.set_forkserver_preload(PRELOAD)

    def start(self, game: str, db: Path, seed: int, coins: bool = True) -> tuple[Any, Connection]:
        from pitchside_sim.crash import _child_main  # by its module's name, also under python -m

        recv, send = self.ctx.Pipe(duplex=False)
        proc = self.ctx.Process(target=_child_main, args=(game, str(db), seed, send, coins), daemon=True)
        proc.start()
        send.close()  # the child holds the only writing end: EOF when it dies
        return proc, recv


def _receive(conn: Connection, timeout_s: float, first: bool = False) -> list[str]:
    """The messages that arrive within ``timeout_s`` (with ``first``: only the first
    one); with ``timeout_s`` 0, those waiting (after a kill: all the child sent)."""
    out: list[str] = []
    deadline = time.monotonic() + timeout_s
    while not (first and out):
        left = deadline - time.monotonic()
        if left < 0 and timeout_s > 0:
            break
        try:
            if not conn.poll(max(0.0, left)):
                break
            out.append(conn.recv())
        except (EOFError, OSError):
            break
    return out


def _receive_until(conn: Connection, word: str, timeout_s: float) -> list[str]:
    """The messages up to and with the first that starts with ``word``, or all that
    arrive within ``timeout_s``."""
    out: list[str] = []
    deadline = time.monotonic() + timeout_s
    while (left := deadline - time.monotonic()) > 0:
        got = _receive(conn, left, first=True)
        out += got
        if not got or got[-1].startswith(word):
            break
    return out


def _books(lines: list[str], tally: Tally, dropped: dict[str, tuple[int, int]], game: str) -> bool:
    """A restart's ``BOOKS`` into ``tally`` (its figures are the whole journal's: the
    latest replace the last ones), and the coins it holds against those dropped into
    ``game``'s table (``dropped``: coins, cents; at the first start, what the journal
    held already): more is credit **invented**. False: no BOOKS came."""
    from pitchside_sim.crash_coins import Books

    parts = lines[0].split() if lines else []
    if len(parts) != 1 + len(Books.__dataclass_fields__) or parts[0] != "BOOKS":
        return False
    b = Books.parse(parts[1:])
    if tally.kills == 0 and dropped[game] == (0, 0):  # a journal given with coins in it already
        dropped[game] = (b.coins, b.money)
    tally.credit_invented += b.coins > dropped[game][0] or b.money > dropped[game][1]
    tally.wrong_rows, tally.games_twice, tally.games_unpaid = b.wrong_rows, b.charged_twice, b.unpaid
    tally.games_lost = b.paid_no_game + tally.spends_lost
    tally.wrong_audits, tally.wrong_meters, tally.games_paid = b.wrong_audits, b.wrong_meters, b.games
    return True


def run(
    folder: Path,
    kills: int,
    seed: int = 1,
    max_delay_s: float = 0.25,
    log: bool = False,
    games: tuple[str, ...] = GAMES,
    coins: bool = True,
) -> Report:
    """``kills`` SIGKILLs (the games in turn, each on its journal ``folder/GAME.db``),
    each followed by a restart that is checked; the counts are in the :class:`Report`.
    ``coins``: every table takes coins too, and the credit is checked."""
    from pitchside_sim import crash_coins

    t0 = time.monotonic()
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    report = Report(games={g: Tally() for g in games})
    acked: dict[str, _Acked | None] = {g: None for g in games}
    credit: dict[str, crash_coins.Credits | None] = {g: None for g in games}
    dropped: dict[str, tuple[int, int]] = {g: (0, 0) for g in games}  # coins dropped, their cents
    bought: dict[str, int] = {g: 0 for g in games}  # the spends decided at the last BUY before the kill
    restarter = _Restarter()
    per_game = [kills // len(games) + (1 if i < kills % len(games) else 0) for i in range(len(games))]
    schedule = [g for k in range(max(per_game)) for i, g in enumerate(games) if k < per_game[i]]
    schedule += [g for i, g in enumerate(games) if per_game[i] or kills == 0]  # one last restart to check
    done = {g: 0 for g in games}
    for step, game in enumerate(schedule):
        tally = report.games[game]
        last_check = done[game] == per_game[games.index(game)]
        proc, conn = restarter.start(game, folder / f"{game}.db", rng.randrange(1 << 30), coins)
        try:
            start: _Acked | None = None
            for msg in _receive(conn, START_TIMEOUT_S, first=True):
                kind, start = _parse(msg)
                start = start if kind == "START" else None
            before = acked[game]
            if start is None:
                tally.failed_restarts += 1
                if log:
                    print(f"{step + 1} {game}: no START (exit {proc.exitcode})")
                continue
            if before is not None:
                if start.n < before.n:
                    tally.lost += before.n - start.n
                elif start.n > before.n:
                    tally.written_unacked += 1
                elif start.digest == before.drafted:  # a draft's write finished before its ACK
                    tally.written_unacked += 1
                elif start.digest != before.digest:
                    tally.wrong_state += 1
                elif before.frame is not None and start.frame != before.frame and not before.finished:
                    tally.wrong_frame += 1
                tally.survived += 1
            if coins and start.credit is None:
                tally.failed_restarts += 1  # a table with coins that says nothing of its credit
            elif start.credit is not None:
                crash_coins.check(credit[game], start.credit, tally)
                if bought[game] and start.credit.spends < bought[game]:
                    tally.purchases_cut += 1
                credit[game] = start.credit
                if not _books(_receive(conn, START_TIMEOUT_S, first=True), tally, dropped, game):
                    tally.failed_restarts += 1
            acked[game] = start
            bought[game] = 0
            if last_check:
                continue
            # let it run a random while, reading its acknowledgements, then kill it; with
            # coins, half the kills come just after a game is paid for
            if coins and rng.random() < BUY_KILL_SHARE:
                seen = _receive_until(conn, "BUY", BUY_WAIT_S)
                seen += _receive(conn, rng.uniform(0.0, BUY_DELAY_S))
                aimed = any(x.startswith("BUY") for x in seen)
            else:
                seen, aimed = _receive(conn, rng.uniform(0.0, max_delay_s)), False
            proc.kill()  # SIGKILL
            proc.join()
            seen += _receive(conn, 0.0)
            for line in seen:
                kind, ack = _parse(line)
                if kind == "ACK" and ack is not None:
                    acked[game] = ack
                elif kind == "DRAFT" and ack is not None:
                    current = acked[game]
                    if current is not None:
                        current.drafted = ack.digest
                elif kind == "FRAME" and ack is not None:
                    current = acked[game]
                    if current is not None and current.n == ack.n:
                        current.frame = ack.frame
                elif kind == "SHOWN" and ack is not None and ack.credit is not None:
                    credit[game] = ack.credit
                    tally.credit_shown += ack.text != "-"
                elif kind == "COIN" and ack is not None:
                    tally.coins += 1
                    value = crash_coins.coin_worth(ack.n)
                    tally.coin_cents += value
                    dropped[game] = (dropped[game][0] + 1, dropped[game][1] + value)
                    current = acked[game]
                    if current is not None:
                        current.frame = None  # the credit on it changes: not compared
                elif kind == "BUY" and ack is not None:
                    tally.purchases += 1
                    bought[game] = ack.n
                elif kind == "END":
                    current = acked[game]
                    if current is not None:
                        current.frame = None  # the menu follows, which a restart does not show
                elif kind == "FAULT":
                    tally.failed_restarts += 1
            if proc.exitcode != -signal.SIGKILL:  # it died on its own before the kill
                tally.failed_restarts += 1
            tally.kills += 1
            tally.buy_kills += aimed and bought[game] > 0
            if not aimed:
                bought[game] = 0  # a purchase cut only counts for the kills aimed at one
            done[game] += 1
            a = acked[game]
            tally.inputs = a.n if a is not None else 0
            c = credit[game]
            tally.credit_acked, tally.credit_cents = (c.rows, c.credited) if c is not None else (0, 0)
            if log:
                print(f"kill {sum(done.values())} {game}: acknowledged {a.n if a else 0}")
        finally:
            if proc.is_alive():
                proc.kill()
            proc.join()
            conn.close()
    for t in report.games.values():
        report.add(t)
    report.seconds = time.monotonic() - t0
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pitchside_sim.crash", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200, help="how many SIGKILLs in all (default 200: the long run)")
    parser.add_argument("--dir", help="folder for the journals (default: a new temporary folder)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"comma-separated (default {','.join(GAMES)})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=0.25, help="longest run before a kill, s")
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--no-coins", action="store_true", help="tables without a coin acceptor or prices")
    parser.add_argument("--child", metavar="GAME", help="be one table of GAME on --db, printing START/ACK "
                        "lines (the power-cut test of docs/STORAGE.md)")
    parser.add_argument("--db", help="with --child: the journal file")
    args = parser.parse_args(argv)
    if args.child:
        if args.child not in GAMES or not args.db:
            parser.error(f"--child takes one of {', '.join(GAMES)}, and --db")

        def say(line: str) -> None:
            print(line, flush=True)

        try:
            return child(args.child, Path(args.db), args.seed, say, coins=not args.no_coins)
        except BrokenPipeError:  # the reader has gone (| head -1): done, quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    games = tuple(g.strip() for g in args.games.split(",") if g.strip())
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pitchside-crash-") as tmp:
        report = run(Path(args.dir or tmp), args.kills, args.seed, args.max_delay, args.verbose, games,
                     coins=not args.no_coins)  # fmt: skip
    print("\n".join(report.lines()))
    ok = (report.lost == report.wrong_state == report.wrong_frame == report.failed_restarts
          == report.credit_lost == report.wrong_credit == report.credit_invented == report.wrong_rows
          == report.games_twice == report.games_lost == report.games_unpaid == report.wrong_audits
          == report.wrong_meters == 0)  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
