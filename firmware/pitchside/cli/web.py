"""``pitchside web``: the live web view beside the table (its own process and systemd
unit, deploy/pitchside-web.service.in), fed by the table over a Unix datagram socket
(docs/spec/feed.md). The ``[web]`` section of the table config gives its defaults."""

from __future__ import annotations

import argparse
import socket
import sys
import time
from urllib.parse import urlsplit

from pitchside.app.config import DEFAULT_JOURNAL, load_config
from pitchside.app.config_web import WebConfig
from pitchside.core.errors import PitchsideError


def allowed_hosts(web: WebConfig, listen_host: str, extra: list[str]) -> tuple[str, ...]:
    """The Host allow-list: configured names, the url's host, this machine's names, localhost."""
    hosts = {"127.0.0.1", "localhost", *web.allowed_hosts, *extra}
    if web.url:
        hosts.add(urlsplit(web.url).hostname or "localhost")
    name = socket.gethostname()
    hosts.update({name, f"{name}.local"})
    if listen_host not in ("0.0.0.0", "::", ""):
        hosts.add(listen_host)
    return tuple(sorted(hosts))


def _cmd_web(args: argparse.Namespace) -> int:
    started = time.monotonic()
    try:
        config = load_config(args.config) if args.config else None
    except PitchsideError as exc:
        print(f"pitchside web: {exc}", file=sys.stderr)
        return 2
    web = (config.web if config is not None else None) or WebConfig()
    listen = args.listen or web.listen
    host, _, port = listen.rpartition(":")
    if not host or not port.isdigit():
        print(f"pitchside web: --listen must be HOST:PORT, not {listen!r}", file=sys.stderr)
        return 2
    from pitchside.web.app import WebSettings, create_app
    from pitchside.web.daemon import FeedReceiver
    from pitchside.web.hub import Hub
    from pitchside.web.server import serve

    url = args.url or web.url
    journal = args.db or (config.storage.journal if config is not None else DEFAULT_JOURNAL)
    settings = WebSettings(allowed_hosts=allowed_hosts(web, host, args.allow_host), url=url, journal=journal,
                           max_streams=web.max_clients, overlay=web.overlay)
    hub = Hub(settings.max_streams, settings.max_streams_per_ip)
    try:
        receiver = FeedReceiver(args.feed or web.feed, hub)
    except OSError as exc:
        print(f"pitchside web: cannot open the feed socket {args.feed or web.feed}: {exc}", file=sys.stderr)
        return 2
    print(f"pitchside web: serving http://{listen}/ (feed {receiver.path}; ready in "
          f"{time.monotonic() - started:.2f} s)", flush=True)
    try:
        serve(create_app(hub, settings), hub, host, int(port))
    finally:
        receiver.close()
    return 0
