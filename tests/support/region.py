"""A league across venues, with the real parts, on 127.0.0.1: one region Mosquitto (TLS,
made by ``pitchside region init``) and two or three venue Mosquittos bridged to it
(``pitchside club init --region``, each venue's bridge user from ``region add-venue``),
the league's workers as real processes on one shared subscription (the supervisor of
``pitchside region workers`` on a thread of the test, so a test can SIGKILL a worker),
and tables publishing results at QoS 1 as a table does, with their own broker users.

The store is what the workers' ``--db`` names (:func:`pitchside.league.workers.open_store`,
``Region(db=...)``): a SQLite file by default, or a ``postgresql://`` URL
(tests/region/test_postgres.py, which restarts the server between the sends and
:meth:`Region.check`).
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from pitchside.club import messages, regionsetup, setup
from pitchside.league import standings, verify
from pitchside.league.model import Counted
from pitchside.league.store import Store
from pitchside.league.workers import Supervisor, open_store
from pitchside.wire import messages as wire
from support.broker import free_port, mosquitto
from support.league import PITCHNUT, lines_of

PLAYERS = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")


class Mosquitto:
    """One Mosquitto process of ``conf`` (listening on ``port``), its log beside it."""

    def __init__(self, binary: str, conf: Path, port: int) -> None:
        self.binary, self.conf, self.port = binary, conf, port
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = conf.with_suffix(".log")

    def start(self) -> "Mosquitto":
        with open(self.log.with_suffix(".out"), "ab") as out:
            self.proc = subprocess.Popen([self.binary, "-c", str(self.conf)], stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited {self.proc.returncode}: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto {self.conf} did not listen within 10 s")

    def stop(self) -> None:
        """A clean stop (SIGTERM): Mosquitto saves its persistence file first."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


def _test_conf(text: str, log: Path) -> str:
    """A config of ``club`` or ``region init`` for a test: the log in ``log`` (a line at a
    time, subscriptions included) and, as root, no drop to user ``mosquitto`` (the test's
    folders are root's)."""
    extra = [f"log_dest file {log}", "log_type error", "log_type warning", "log_type notice", "log_type subscribe"]
    if os.geteuid() == 0:
        extra.append("user root")
    return text + "\n".join(extra) + "\n"


_ENDED = itertools.count(1)


def result_payload(venue: str, table: str, n: int, ended_wall: float | None = None) -> bytes:
    """A result a table would send for its ``n``-th match: a Pitchnut match of two of
    :data:`PLAYERS` (who plays whom and who wins varies with ``n``), ended after every
    result made before it (by default), so the standings' order is the sending order."""
    lines = lines_of(PITCHNUT)
    header = json.loads(lines[0])
    a, b = PLAYERS[n % len(PLAYERS)], PLAYERS[(n * 5 + 1) % len(PLAYERS)]
    if a == b:
        b = PLAYERS[(n + 3) % len(PLAYERS)]
    header["sides"] = {"A": a, "B": b}
    lines[0] = json.dumps(header)
    msg = messages.result(venue=venue, table=table, boot="b0", journal_uid=f"j{table}", match_id=n, lines=lines,
                          ended_wall=1_000_000.0 + next(_ENDED) if ended_wall is None else ended_wall,
                          ended_synced=True)
    return json.dumps(msg).encode()


def fold(payloads: list[tuple[str, str, bytes]]) -> list[Counted]:
    """The counted results of ``(venue, table, payload)`` delivered, checked here as the
    league checks them: what the store's standings must equal."""
    out = []
    for i, (venue, table, payload) in enumerate(payloads):
        msg = wire.parse(wire.Result, payload)
        v = verify.check(msg)
        assert v.ok, v.reason
        score = v.score or {}
        out.append(Counted(msg.match, msg.digest, msg.game, venue, table, msg.names.pair(),
                           (float(score["A"]), float(score["B"])), v.winner, v.rule, v.code, v.params,
                           msg.ended_wall, i))
    return sorted(out, key=lambda c: (c.ended_wall or 0.0, c.order))


@dataclass
class Table:
    """A table's MQTT client on its venue's broker (its own user ``VENUE/TABLE``)."""

    venue: str
    name: str
    port: int
    login: tuple[str, str]
    client: mqtt.Client = field(init=False)

    def __post_init__(self) -> None:
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=self.login[0], protocol=mqtt.MQTTv5)
        self.client.username_pw_set(*self.login)
        self.client.reconnect_delay_set(0.1, 1)
        self.client.connect("127.0.0.1", self.port, keepalive=10)
        self.client.loop_start()

    def send(self, payload: bytes, kind: str = "result") -> None:
        """Publish at QoS 1 and wait for the venue broker's PUBACK: from here the result
        is the brokers' and the league's to keep."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if not self.client.is_connected():  # its venue broker restarting: paho reconnects
                time.sleep(0.05)
                continue
            info = self.client.publish(f"pitchside/{self.venue}/{self.name}/{kind}", payload, qos=1)
            try:
                info.wait_for_publish(timeout=5)
            except RuntimeError:  # the connection dropped before the PUBACK: sent again, as a table does
                continue
            if info.is_published():
                return
        raise AssertionError(f"{self.venue}/{self.name}: the venue broker did not acknowledge")

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


class Region:
    """The region broker, ``venues``' brokers bridged to it, and ``workers`` league workers."""

    def __init__(self, folder: Path, venues: tuple[str, ...] = ("north", "south"), tables: int = 2,
                 workers: int = 2, db: str | None = None, backstop_hold_s: float = 1.0) -> None:
        binary = mosquitto()
        assert binary is not None, "mosquitto is installed by tests/support/broker.py"
        self.folder = folder
        self.db = db or str(folder / "league.db")
        """The workers' ``--db`` (a SQLite file by default; any store :func:`open_store` opens)."""
        port = free_port()
        self.reg = regionsetup.init(folder / "region", listen_host="127.0.0.1", port=port, hosts=("127.0.0.1",),
                                    workers=4)
        conf = self.reg.file("mosquitto.conf")
        conf.write_text(_test_conf(conf.read_text(), conf.with_suffix(".log")))
        self.region = Mosquitto(binary, conf, port)
        self.venues: dict[str, Mosquitto] = {}
        self.tables: dict[tuple[str, str], Table] = {}
        self._table_logins: dict[tuple[str, str], tuple[str, str]] = {}
        for venue in venues:
            added = regionsetup.add_venue(self.reg, venue)
            vport = free_port()
            club = setup.init(folder / venue, venue, tls=False, listen_host="127.0.0.1", port=vport,
                              uplink=setup.Uplink("127.0.0.1", port, self.reg.file("ca.crt"), added.credentials))
            vconf = club.file("mosquitto.conf")
            vconf.write_text(_test_conf(vconf.read_text(), vconf.with_suffix(".log")))
            self.venues[venue] = Mosquitto(binary, vconf, vport)
            for t in range(1, tables + 1):
                got = setup.add_table(club, f"t{t}")
                user, _, password = got.credentials.read_text().strip().partition(":")
                self._table_logins[(venue, f"t{t}")] = (user, password)
        self.workers = workers
        self.backstop_hold_s = backstop_hold_s
        """How long the backstop leaves a result to the workers (tests: 1 s, not 30)."""
        self.sent: list[tuple[str, str, bytes]] = []
        """Every result a venue broker acknowledged to a table (:meth:`send`)."""
        self.supervisor: Supervisor | None = None
        self._sup_thread: threading.Thread | None = None

    def start(self) -> "Region":
        self.region.start()
        for b in self.venues.values():
            b.start()
        for (venue, table), login in self._table_logins.items():
            self.tables[(venue, table)] = Table(venue, table, self.venues[venue].port, login)
        assert self.wait_uplinks(), "the bridges did not come up"
        self.start_workers()
        return self

    def worker_argv(self, slot: int) -> list[str]:
        return [sys.executable, "-m", "pitchside.cli.main", "region", "worker", "--slot", str(slot),
                "--broker", f"127.0.0.1:{self.region.port}", "--ca-file", str(self.reg.file("ca.crt")),
                "--credentials", str(self.reg.file("league.cred")), "--db", self.db,
                "--backstop-hold", str(self.backstop_hold_s)]

    def start_workers(self) -> None:
        self.supervisor = Supervisor(self.worker_argv, self.workers)
        self._sup_thread = threading.Thread(target=self.supervisor.run, kwargs={"poll_s": 0.05}, daemon=True)
        self._sup_thread.start()
        # a result the region broker takes while no worker's session exists is dropped: the
        # first time, wait for each slot's subscription (the broker's log says it)
        deadline = time.monotonic() + 20
        want = [f"league-{slot} 1 $share/league/pitchside/+/+/result" for slot in range(1, self.workers + 1)]
        want.append("league-0 1 pitchside/+/+/result")  # the backstop
        for w in want:
            assert self.wait_log(w, 0, 20), f"the workers did not subscribe: {self.region.log.read_text()[-2000:]}"

    def wait_log(self, text: str, since: int, timeout: float = 20.0) -> bool:
        """Whether the region broker's log says ``text`` past its first ``since`` bytes
        (waiting up to ``timeout``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.region.log.read_text(errors="replace")[since:]:
                return True
            time.sleep(0.05)
        return False

    def stop_workers(self) -> None:
        if self.supervisor is not None:
            self.supervisor.stop()
            assert self._sup_thread is not None
            self._sup_thread.join(20)
        self.supervisor = None

    def kill_worker(self, slot: int) -> int:
        """SIGKILL worker ``slot``'s process (the supervisor starts the slot again)."""
        assert self.supervisor is not None
        deadline = time.monotonic() + 15
        while slot not in self.supervisor.pids() and time.monotonic() < deadline:
            time.sleep(0.05)  # started again after an earlier kill
        pid = self.supervisor.pids()[slot]
        os.kill(pid, signal.SIGKILL)
        return pid

    def login(self, user: str) -> tuple[str, str]:
        """The region broker's ``user`` and password (``bridge-north``, ``league-1``, ``dashboard``)."""
        cred = "league.cred" if user.startswith("league-") else f"{user}.cred"
        name, _, password = self.reg.file(cred).read_text().strip().partition(":")
        return user, password

    def client(self, user: str, on_message: Callable[[mqtt.MQTTMessage], None] | None = None,
               subscribe: str | None = None) -> mqtt.Client:
        """A connected MQTT v5 client of the region broker as ``user`` (TLS, the region CA)."""
        import ssl

        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=user, protocol=mqtt.MQTTv5)
        c.username_pw_set(*self.login(user))
        c.tls_set(ca_certs=str(self.reg.file("ca.crt")), tls_version=ssl.PROTOCOL_TLS_CLIENT)
        done = threading.Event()
        if on_message is not None:
            c.on_message = lambda cl, u, m: on_message(m)

        def on_subscribe(*a: Any) -> None:
            done.set()

        c.on_subscribe = on_subscribe
        c.on_connect = lambda cl, *a: (cl.subscribe(subscribe, qos=1) if subscribe else done.set())
        c.connect("127.0.0.1", self.region.port, keepalive=10)
        c.loop_start()
        assert done.wait(10), f"{user} could not connect to the region broker"
        return c

    def wait_uplinks(self, timeout: float = 15.0) -> bool:
        """Every venue's retained uplink topic on the region broker reads ``1``."""
        seen: dict[str, bytes] = {}
        c = self.client("dashboard", lambda m: seen.__setitem__(m.topic, bytes(m.payload)), "pitchside/+/uplink")
        try:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if all(seen.get(f"pitchside/{v}/uplink") == b"1" for v in self.venues):
                    return True
                time.sleep(0.05)
            return False
        finally:
            c.disconnect()
            c.loop_stop()

    def store(self) -> Store:
        return open_store(self.db)

    def wait_stored(self, n: int, timeout: float = 30.0) -> int:
        """Wait until the store holds ``n`` results (or ``timeout``); the number it holds."""
        deadline = time.monotonic() + timeout
        got = -1
        while time.monotonic() < deadline:
            store = self.store()
            try:
                got = sum(store.count())
            finally:
                store.close()
            if got >= n:
                return got
            time.sleep(0.1)
        return got

    def send(self, venue: str, table: str, numbers: range) -> None:
        """Results ``numbers`` of ``venue``'s ``table``, each acknowledged by its venue broker."""
        for n in numbers:
            p = result_payload(venue, table, n)
            self.tables[(venue, table)].send(p)
            self.sent.append((venue, table, p))

    def check(self, sent: list[tuple[str, str, bytes]] | None = None) -> None:
        """0 lost, 0 counted twice, and the standings a fold of what was sent
        (default: everything :meth:`send` sent)."""
        sent = self.sent if sent is None else sent
        assert self.wait_stored(len(sent)) == len(sent)
        time.sleep(0.5)  # a copy arriving late would show here
        store = self.store()
        try:
            counted = store.counted()
            assert store.count() == (len(sent), 0)
            rows = store.recent(limit=len(sent) + 10)
        finally:
            store.close()
        want = {(v, t, wire.parse(wire.Result, p).match) for v, t, p in sent}
        assert {(r.venue, r.table, r.match) for r in rows} == want
        assert len(rows) == len(sent)
        expected = fold(sent)
        assert [(c.venue, c.table, c.match) for c in counted] == [(c.venue, c.table, c.match) for c in expected]
        for game in {c.game for c in expected}:
            assert standings.table(game, counted) == standings.table(game, expected)

    def close(self) -> None:
        self.stop_workers()
        for t in self.tables.values():
            t.close()
        for b in self.venues.values():
            b.stop()
        self.region.stop()


def region_rig(folder: Path, **kw: Any) -> Iterator[Region]:
    """A started :class:`Region` in ``folder``, closed after (a fixture's body)."""
    rig = Region(folder, **kw)
    try:
        yield rig.start()
    finally:
        rig.close()
