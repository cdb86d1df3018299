"""The web view in the table's own process (the simulator's ``--web``, the tests): the
hub fed straight by the runtime's publisher, uvicorn on a background thread."""

from __future__ import annotations

from typing import Any

from pitchside.web.app import WebSettings, create_app
from pitchside.web.hub import Hub
from pitchside.web.publisher import FeedPublisher
from pitchside.web.server import BackgroundServer


class LiveWeb:
    """Serve ``runtime``'s table on ``host:port`` (port 0: a free one).

    :param runtime: a :class:`pitchside.app.runtime.Runtime` (its ``publisher`` is set).
    :param table: the table's name for the pages.
    """

    def __init__(self, runtime: Any, settings: WebSettings = WebSettings(), host: str = "127.0.0.1",
                 port: int = 0, table: str = "Pitchside") -> None:
        self.runtime = runtime
        self.settings = settings
        self.hub = Hub(settings.max_streams, settings.max_streams_per_ip)
        self.publisher = FeedPublisher([self.hub.publish_threadsafe], table=table, url=settings.url)
        runtime.publisher = self.publisher
        runtime.publish()
        self.server = BackgroundServer(create_app(self.hub, settings), self.hub, host, port)

    @property
    def url(self) -> str:
        return self.server.url

    def start(self) -> "LiveWeb":
        self.server.start()
        return self

    def restart(self) -> None:
        """Stop the server and start it again on the same port (the hub keeps its state)."""
        self.server.stop()
        self.server.start()

    def sync(self) -> int:
        """Wait until the last handled event's snapshot is in the hub; returns its seq."""
        self.publisher.flush()
        return self.publisher.seq

    def close(self) -> None:
        self.server.stop()
        self.runtime.publisher = None
        self.publisher.close()
