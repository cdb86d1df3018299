"""The league server assembled: store, wall hub, MQTT subscriber and the pages.

:class:`LeagueServer` runs the pages on a thread (tests, the README's two-table demo in
one process) or, with :meth:`LeagueServer.serve`, in the main thread until SIGTERM or
SIGINT (``pitchside league serve``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path

from pitchside.league.assign import Assigner
from pitchside.league.app import LeagueSettings, create_app
from pitchside.league.follow import Follower
from pitchside.league.service import League
from pitchside.league.store import Store
from pitchside.league.subscriber import Subscriber
from pitchside.league.wall import Wall
from pitchside.web import server
from pitchside.web.hub import Hub


@dataclass(frozen=True, slots=True)
class Broker:
    """Where the league subscribes: ``credentials`` is a ``USER:PASSWORD`` file."""

    host: str
    port: int
    credentials: str | None = None
    tls: bool = False
    ca_file: str | None = None
    keepalive_s: int = 30


class LeagueServer:
    """One venue's league: ``db`` the SQLite file, ``broker`` where the tables publish;
    ``assign``: offer each free table the next fixture (:mod:`pitchside.league.assign`);
    ``busy_s``: how long a write waits for another connection's lock before the
    subscriber logs it, waits and tries again (:mod:`pitchside.league.subscriber`)."""

    def __init__(self, db: str | Path, broker: Broker, venue: str, host: str = "127.0.0.1", port: int = 0,
                 allowed_hosts: tuple[str, ...] = ("127.0.0.1", "localhost"), client_id: str | None = None,
                 assign: bool = False, busy_s: float = 5.0) -> None:
        self.store = Store(db, busy_s=busy_s)
        self.hub = Hub()
        boot = uuid.uuid4().hex[:12]
        # a shared store (PostgreSQL): the pages show what every worker stored, through it
        self.follower = Follower(self.store, str(db), Wall(venue, boot), self.hub.publish_threadsafe) \
            if self.store.shared else None
        self.league = League(self.store, venue, boot, None if self.follower else self.hub.publish_threadsafe)
        if self.follower is None:
            self.hub.publish_threadsafe(self.league.wall.snapshot())
        self.subscriber = Subscriber(self.league, broker.host, broker.port, credentials=broker.credentials,
                                     tls=broker.tls, ca_file=broker.ca_file, client_id=client_id,
                                     keepalive_s=broker.keepalive_s)
        if assign:  # offer the next fixtures to free tables
            self.assigner = Assigner(venue, lambda t, p, r: self.subscriber.client.publish(t, p, qos=1, retain=r))
            self.league.after = lambda: None if self.assigner.update_views(self.store, self.league.wall.views) else None
        hosts = tuple(dict.fromkeys((*allowed_hosts, host)))
        self.app = create_app(self.hub, self.store, LeagueSettings(allowed_hosts=hosts, venue=venue))
        self.host, self.port = host, port
        self.web: server.BackgroundServer | None = None

    @property
    def url(self) -> str:
        return self.web.url if self.web is not None else f"http://{self.host}:{self.port}"

    def start(self) -> "LeagueServer":
        """Subscribe and serve the pages on a thread; returns once they listen."""
        if self.follower is not None:
            self.follower.start()
        self.subscriber.start()
        self.web = server.BackgroundServer(self.app, self.hub, self.host, self.port).start()
        self.port = self.web.port
        return self

    def serve(self) -> None:
        """Subscribe, then serve in this (main) thread until SIGTERM or SIGINT."""
        if self.follower is not None:
            self.follower.start()
        self.subscriber.start()
        try:
            server.serve(self.app, self.hub, self.host, self.port)
        finally:
            self.close()

    def close(self) -> None:
        if self.web is not None:
            self.web.stop()
            self.web = None
        self.subscriber.stop()
        if self.follower is not None:
            self.follower.stop()
        self.store.close()
