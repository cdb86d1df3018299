"""The Starlette app of a table's web view (docs/spec/feed.md): ``/`` (phones), ``/tv``,
``/overlay``, ``/api/state``, ``/events`` (SSE), ``/qr.svg``, ``/matches`` and
``/matches/ID`` (the journal, read-only), static files. GET only.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pitchside.app.config_web import OVERLAY_POSITIONS
from pitchside.web import history, sse
from pitchside.web.guard import Guard
from pitchside.web.hub import Hub

PACKAGE = Path(str(resources.files("pitchside.web")))


@dataclass(frozen=True, slots=True)
class WebSettings:
    """How the web side serves (``[web]`` of the table config gives the first ones).

    :param allowed_hosts: Host headers answered (others get 400): DNS rebinding.
    :param url: the table's address for the QR code, or None (no QR).
    :param journal: the journal file for ``/matches``, or None (no history).
    :param max_streams: SSE streams in all; past it 503 with ``Retry-After``.
    :param max_streams_per_ip: SSE streams from one address.
    :param rate_per_s, burst: the per-client request rate limit (429 past it).
    :param ping_s: the keepalive ping of a quiet stream (s); the page calls a stream
        silent for 4.5 s "not live".
    :param retry_ms: the ``retry:`` the streams give browsers.
    :param overlay: where ``/overlay`` puts its bar, ``"bottom"`` or ``"top"`` (a
        page's ``?pos=`` says otherwise for that page).
    """

    allowed_hosts: tuple[str, ...] = ("127.0.0.1", "localhost")
    url: str | None = None
    journal: str | None = None
    max_streams: int = 200
    max_streams_per_ip: int = 10
    rate_per_s: float = 10.0
    burst: float = 60.0
    ping_s: float = 2.0
    retry_ms: int = 1000
    overlay: str = "bottom"
    extra: dict[str, Any] = field(default_factory=dict)


def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(PACKAGE / "templates")),
        autoescape=jinja2.select_autoescape(("html",), default=True),
        undefined=jinja2.StrictUndefined,
    )


def qr_svg(url: str, scale: int = 8) -> str:
    """The table's URL as an SVG QR code (segno, error correction M)."""
    import segno

    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=scale, border=2, dark="#000", light="#fff")
    return buf.getvalue().decode()


def create_app(hub: Hub, settings: WebSettings = WebSettings(),
               on_shutdown: Callable[[], None] | None = None) -> Starlette:
    """The app serving ``hub``'s snapshots; the lifespan attaches the hub to the loop."""
    env = _env()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.attach(asyncio.get_running_loop())
        yield
        hub.close()
        if on_shutdown is not None:
            on_shutdown()

    def page(template: str, **extra: Any) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            snap = hub.latest.snap if hub.latest is not None else None
            pos = request.query_params.get("pos", settings.overlay)
            if pos not in OVERLAY_POSITIONS:
                return PlainTextResponse(f"pos must be one of {', '.join(OVERLAY_POSITIONS)}, not {pos!r}\n",
                                         status_code=400)
            html = env.get_template(template).render(s=snap, qr=settings.url is not None,
                                                     url=settings.url, pos=pos, **extra)
            return HTMLResponse(html, headers={"cache-control": "no-cache"})
        return endpoint

    api_state = sse.latest_json(hub, "no state yet")
    events = sse.event_stream(hub, banner="pitchside feed v1", event="state", retry_ms=settings.retry_ms,
                              ping_s=settings.ping_s, ping=": keepalive\nevent: ping\ndata: {}\n\n")

    async def qr(request: Request) -> Response:
        if settings.url is None:
            return PlainTextResponse("no [web] url configured\n", status_code=404)
        return Response(qr_svg(settings.url), media_type="image/svg+xml",
                        headers={"cache-control": "max-age=3600"})

    async def matches(request: Request) -> Response:
        rows = history.matches(settings.journal)
        return HTMLResponse(env.get_template("matches.html").render(rows=rows, journal=settings.journal))

    async def match(request: Request) -> Response:
        try:
            mid = int(request.path_params["mid"])
        except ValueError:
            return PlainTextResponse("no such match\n", status_code=404)
        text = history.export(settings.journal, mid)
        if text is None:
            return PlainTextResponse("no such match\n", status_code=404)
        if request.path_params.get("ext") == "jsonl":
            return Response(text, media_type="application/x-ndjson", headers={
                "content-disposition": f'attachment; filename="match-{mid}.jsonl"'})
        steps = history.steps(text, history.refusals(settings.journal, mid))
        return HTMLResponse(env.get_template("match.html").render(mid=mid, replay=steps))

    async def health(request: Request) -> Response:
        return JSONResponse({"streams": len(hub.clients), "seq": hub.latest.seq if hub.latest else None})

    routes = [
        Route("/", page("phone.html"), methods=["GET"]),
        Route("/tv", page("tv.html"), methods=["GET"]),
        Route("/overlay", page("overlay.html"), methods=["GET"]),
        Route("/api/state", api_state, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/qr.svg", qr, methods=["GET"]),
        Route("/matches", matches, methods=["GET"]),
        Route("/matches/{mid}.{ext:str}", match, methods=["GET"]),
        Route("/matches/{mid}", match, methods=["GET"]),
        Route("/healthz", health, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=str(PACKAGE / "static")), name="static"),
    ]
    middleware = [
        Middleware(Guard, rate_per_s=settings.rate_per_s, burst=settings.burst),
        Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts)),
    ]
    return Starlette(debug=False, routes=routes, middleware=middleware, lifespan=lifespan)


def dumps(snap: dict[str, Any]) -> str:
    return json.dumps(snap, separators=(",", ":"))
