"""``pitchside sim GAME --mqtt HOST:PORT``: the simulated table on the club's broker, as a
real table's assembly has it (docs/spec/mqtt.md): the journal queues each finished match
in its outbox and the club link (:class:`pitchside.club.link.ClubLink`) publishes status,
state, events and results. :meth:`SimClub.close` waits (bounded) until every result is
acknowledged, so a script run's results are on the broker when the command ends.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from pitchside.app.config import TableConfig
from pitchside.app.config_mqtt import CredentialsError, MqttConfig, read_credentials, split_user
from pitchside.app.journal import Journal
from pitchside.club.link import ClubLink
from pitchside.core.errors import ConfigError
from pitchside.web.publisher import FeedPublisher
from pitchside_sim.table import SimTable


class SimClub:
    """One link for the simulator's run; :meth:`attach` feeds a simulated table to it."""

    def __init__(self, link: ClubLink, journal: Path, name: str) -> None:
        self.link = link
        self.journal = journal
        self.name = name
        self.publishers: dict[int, FeedPublisher] = {}

    @classmethod
    def open(cls, host: str, port: int, journal: Path, config: TableConfig, *, credentials: str | None,
             venue: str | None, table: str | None, ca_file: str | None = None) -> "SimClub":
        """``venue`` and ``table`` default to the credentials' user name ``VENUE/TABLE`` (a
        table's user on the club's broker), the venue to ``club`` without one; ``ca_file``:
        connect with TLS, trusting that CA.

        :raises ConfigError: no table id (neither ``--table`` nor credentials) or unreadable credentials."""
        own: tuple[str, str] | None = None
        if credentials is not None:
            try:
                user = read_credentials(credentials)[0]
            except CredentialsError as exc:
                raise ConfigError("--credentials", "credentials", str(exc)) from None
            own = split_user(user)
            if own is None and table is None:
                raise ConfigError("--credentials", "credentials",
                                  f"the user {user!r} is not a table's (VENUE/TABLE, as pitchside club add-table "
                                  "makes it): give --table, or a table's credentials")
        if table is None:
            if own is None:
                raise ConfigError("--mqtt", "table", "give --table or --credentials (its user VENUE/TABLE gives the table id)")
            table = own[1]
        venue = venue or (own[0] if own else "club")
        with Journal.open(journal):  # the outbox exists before the link first looks
            pass
        mqtt = MqttConfig(host=host, port=port, venue=venue, table=table, credentials=credentials, keepalive_s=5,
                          tls=ca_file is not None, ca_file=ca_file)
        link = ClubLink(mqtt, journal, name=config.name, games=config.offered_games, poll_s=0.05).start()
        print(f"club: publishing as {venue}/{table} to {host}:{port}", file=sys.stderr, flush=True)
        return cls(link, journal, config.name)

    def attach(self, sim: SimTable, web: Any = None) -> None:
        """Publish ``sim``'s snapshots (beside ``web``'s hub when the web view is on too)."""
        sim.journal.queue_results = True
        self.link.on_fixture = sim.runtime.post  # the league's fixture offers, as a real table's
        if web is not None:
            web.publisher.sinks.append(self.link)
            pub = web.publisher
        else:
            pub = FeedPublisher([self.link], table=self.name, heartbeat_s=None)
            sim.runtime.publisher = pub
            sim.runtime.publish()
        self.publishers[id(sim)] = pub

    def detach(self, sim: SimTable) -> None:
        """The last snapshot handed over; the table's own publisher closed."""
        pub = self.publishers.pop(id(sim), None)
        if pub is None:
            return
        pub.flush()
        if pub is sim.runtime.publisher and self.link in pub.sinks and len(pub.sinks) == 1:
            sim.runtime.publisher = None
            pub.close()

    def close(self, timeout: float = 15.0) -> bool:
        """Wait until the journal owes the club nothing (at most ``timeout`` s), then stop
        the link (a clean stop: ``offline``, ``why: "stopped"``). Returns whether all went."""
        deadline = time.monotonic() + timeout
        owed: list[int] = []
        while time.monotonic() < deadline:
            with Journal.open_readonly(self.journal) as j:
                owed = j.owed()
            if not owed:
                break
            time.sleep(0.05)
        if owed:
            print(f"club: {len(owed)} result(s) not acknowledged by the broker yet: they stay owed in "
                  f"{self.journal} and go on the next run", file=sys.stderr, flush=True)
        self.link.close()
        return not owed
