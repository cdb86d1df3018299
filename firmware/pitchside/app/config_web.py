"""``[web]`` of the table config: the live web view (docs/spec/feed.md).

Loaded only for a config with the section (start-up: a table without it makes
none of these records before its first frame); :mod:`pitchside.app.config` reads the rest.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

from pitchside.app.config_reader import Section, shown


OVERLAY_POSITIONS = ("bottom", "top")
"""Where ``/overlay`` may put its bar (``[web] overlay``, or ``?pos=``)."""


@dataclass(frozen=True, slots=True)
class WebConfig:
    """The live web view (``[web]``, off without the section; docs/spec/feed.md):
    ``pitchside web`` listens on ``listen`` (``HOST:PORT``) and shows ``url`` as the
    pages' QR code; the table sends its snapshots to the datagram socket ``feed``;
    ``allowed_hosts`` are the Host headers answered (the url's host and localhost are
    always among them); ``max_clients`` caps the live pages; ``overlay`` is where
    ``/overlay`` puts its bar (``"bottom"``: a lower third, or ``"top"``)."""

    listen: str = "0.0.0.0:8080"
    """``HOST:PORT``; an IPv6 address in brackets (``"[::1]:8080"``, ``"[::]:8080"``)."""
    url: str | None = None
    feed: str = "/run/pitchside-web/feed.sock"
    allowed_hosts: tuple[str, ...] = ()
    max_clients: int = 200
    overlay: str = "bottom"


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (an IPv6 address in brackets: ``[::1]:8080``) as ``(host, port)``,
    the host without its brackets, as the server binds it.

    :raises ValueError: what is wrong, in words (the caller names the setting).
    """
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"must be HOST:PORT such as \"0.0.0.0:8080\" or \"[::1]:8080\", not {shown(text)}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{shown(host)} in brackets is not an IPv6 address (in {shown(text)})") from None
    elif ":" in host or "[" in host or "]" in host:
        raise ValueError(f"an IPv6 address goes in brackets, such as \"[::1]:8080\", not {shown(text)}")
    if not 0 < int(port) < 65536:
        raise ValueError(f"the port must be 1-65535, not {port} (in {shown(text)})")
    return host, int(port)


def listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``: a name that does not resolve (None:
    it does). Asks the resolver, so it is for ``check-config`` and ``pitchside web``,
    never a table's start-up."""
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) and exc.strerror else str(exc)
        return f"cannot listen on {shown(host)}: the name does not resolve ({reason})"
    return None


def read_web(top: Section) -> WebConfig | None:
    """``[web]``: listen (``HOST:PORT``), url, feed, allowed_hosts, max_clients, overlay; None
    without the section (the web view is off by default)."""
    if "web" not in top.raw:
        return None
    w = top.sub("web")
    d = WebConfig()
    listen = w.get("listen", str, d.listen)
    try:
        parse_listen(listen)
    except ValueError as exc:
        w.fail("listen", str(exc))
        listen = d.listen
    url = w.get("url", str, None)
    if url is not None and not url.startswith(("http://", "https://")):
        w.fail("url", f"must start with http:// or https://, not {shown(url)}")
        url = None
    hosts = w.get("allowed_hosts", list, [])
    if not all(isinstance(h, str) and h for h in hosts):
        w.fail("allowed_hosts", f"must be a list of host names, not {shown(hosts)}")
        hosts = []
    overlay = w.get("overlay", str, d.overlay)
    if overlay not in OVERLAY_POSITIONS:
        w.fail("overlay", f"must be \"bottom\" or \"top\", not {shown(overlay)}")
        overlay = d.overlay
    web = WebConfig(overlay=overlay, listen=listen, url=url, feed=w.file_path("feed", d.feed) or d.feed, allowed_hosts=tuple(hosts),
                    max_clients=w.integer("max_clients", d.max_clients, 1, 10_000))
    w.done()
    return web
