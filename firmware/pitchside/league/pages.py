"""A web process of a region's league (``pitchside league web``): the pages only, no
broker. Its wall follows the shared PostgreSQL store (:mod:`pitchside.league.follow`),
so the web side scales by adding processes, each behind the same load balancer, while
the workers (``pitchside league serve``) store the results.
"""

from __future__ import annotations

import uuid

from pitchside.league.app import LeagueSettings, create_app
from pitchside.league.engines import is_url
from pitchside.league.follow import Follower
from pitchside.league.store import Store
from pitchside.league.wall import Wall
from pitchside.web import server
from pitchside.web.hub import Hub


class NotShared(ValueError):
    """The pages alone need a store the workers share (a ``postgresql://`` URL)."""


class LeaguePages:
    """The pages of the league in ``db`` (a ``postgresql://`` URL), for ``venue``
    (:data:`pitchside.league.wall.ALL`: every venue).

    :raises NotShared: ``db`` is a SQLite file (only its own server's process sees it live).
    :raises pitchside.league.store.StoreError: the database cannot be opened.
    """

    def __init__(self, db: str, venue: str, host: str = "127.0.0.1", port: int = 0,
                 allowed_hosts: tuple[str, ...] = ("127.0.0.1", "localhost")) -> None:
        if not is_url(db):
            raise NotShared(f"--db {db}: the pages alone need the region's PostgreSQL (a postgresql:// URL); "
                            "a venue's SQLite league serves its pages with pitchside league serve")
        self.store = Store(db)
        self.hub = Hub()
        self.follower = Follower(self.store, db, Wall(venue, uuid.uuid4().hex[:12]), self.hub.publish_threadsafe)
        hosts = tuple(dict.fromkeys((*allowed_hosts, host)))
        self.app = create_app(self.hub, self.store, LeagueSettings(allowed_hosts=hosts, venue=venue))
        self.host, self.port = host, port
        self.web: server.BackgroundServer | None = None

    @property
    def url(self) -> str:
        return self.web.url if self.web is not None else f"http://{self.host}:{self.port}"

    def start(self) -> LeaguePages:
        """Follow the store and serve on a thread; returns once the pages listen."""
        self.follower.start()
        self.web = server.BackgroundServer(self.app, self.hub, self.host, self.port).start()
        self.port = self.web.port
        return self

    def serve(self) -> None:
        """Follow the store and serve in this (main) thread until SIGTERM or SIGINT."""
        self.follower.start()
        try:
            server.serve(self.app, self.hub, self.host, self.port)
        finally:
            self.close()

    def close(self) -> None:
        if self.web is not None:
            self.web.stop()
            self.web = None
        self.follower.stop()
        self.store.close()
