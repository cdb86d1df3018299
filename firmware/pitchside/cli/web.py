"""``pitchside web``: the live web view beside the table (its own process and systemd
unit, deploy/pitchside-web.service.in), fed by the table over a Unix datagram socket
(docs/spec/feed.md). The ``[web]`` section of the table config gives its defaults."""

from __future__ import annotations

import argparse
import socket
import sys
import time
from urllib.parse import urlsplit

from pitchside.app.config import DEFAULT_JOURNAL, load_web_side
from pitchside.app.config_web import WebConfig, listen_problem, parse_listen
from pitchside.core.errors import PitchsideError


def allowed_hosts(web: WebConfig, listen_host: str, extra: list[str]) -> tuple[str, ...]:
    """The Host allow-list: configured names, the url's host, this machine's names,
    localhost (127.0.0.1, ``[::1]``: an IPv6 Host header keeps its brackets)."""
    hosts = {"127.0.0.1", "[::1]", "localhost", *web.allowed_hosts, *extra}
    if web.url:
        hosts.add(urlsplit(web.url).hostname or "localhost")
    name = socket.gethostname()
    hosts.update({name, f"{name}.local"})
    if listen_host not in ("0.0.0.0", "::", ""):
        hosts.add(f"[{listen_host}]" if ":" in listen_host else listen_host)  # an IPv6 Host is bracketed
    return tuple(sorted(hosts))


def _cmd_web(args: argparse.Namespace) -> int:
    started = time.monotonic()
    try:  # only [web] and the journal's path: the rest is the table's (its credentials too)
        configured, journal_path = load_web_side(args.config) if args.config else (None, DEFAULT_JOURNAL)
    except PitchsideError as exc:
        print(f"pitchside web: {exc}", file=sys.stderr)
        return 2
    web = configured or WebConfig()
    listen = args.listen or web.listen
    what = "--listen" if args.listen else "[web] listen"
    try:
        host, port = parse_listen(listen)
    except ValueError as exc:
        print(f"pitchside web: {what}: {exc}", file=sys.stderr)
        return 2
    problem = listen_problem(host, port)
    if problem is not None:
        print(f"pitchside web: {what}: {problem}", file=sys.stderr)
        return 2
    from pitchside.web.app import WebSettings, create_app
    from pitchside.web.daemon import FeedReceiver
    from pitchside.web.hub import Hub
    from pitchside.web.server import serve

    url = args.url or web.url
    journal = args.db or journal_path
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
        serve(create_app(hub, settings), hub, host, port)
    finally:
        receiver.close()
    return 0
