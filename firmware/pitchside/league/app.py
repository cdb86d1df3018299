"""The league's pages (Starlette, Jinja2 with autoescape, SSE), read-only: GET only, the
web view's guard (rate limit, security headers, no CORS) and Host allow-list.

``/`` the venue wall (every table live on one page, one SSE stream ``/events`` for all;
a region's wall holds every venue's tables: ``/?venue=V`` or ``/venues/V`` shows one),
``/standings`` and ``/standings/GAME`` (standings and Elo ratings per game),
``/results`` (counted and refused, with the reason), ``/results/N`` and
``/results/N.jsonl`` (a match's lines: the replay file), ``/players/NAME``,
``/roster/ID`` (a roster player across venues), ``/leagues/ID`` (fixtures, bracket,
standings), ``/api/wall``, ``/healthz``.

Standings with more than one venue in the store: the roster players' (fixtures, by
player id, across venues) and each venue's own (``?venue=V``: every match played there,
by name); a casual match never counts outside its venue. With one venue, as ever: its
matches by name.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
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

from pitchside.league import formats, ratings, standings
from pitchside.league.model import Counted
from pitchside.league.store import KEEP_REFUSED, Store
from pitchside.web import sse
from pitchside.web.guard import Guard
from pitchside.web.hub import Hub

PACKAGE = Path(str(resources.files("pitchside.league")))
MAX_ROW = 2**63 - 1
"""The largest row number SQLite has: a longer number in a path is no row (404)."""
WEB_STATIC = Path(str(resources.files("pitchside.web"))) / "static"


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """:param allowed_hosts: Host headers answered (DNS rebinding); the rest as the web view's."""

    allowed_hosts: tuple[str, ...] = ("127.0.0.1", "localhost")
    venue: str = "club"
    rate_per_s: float = 10.0
    burst: float = 60.0
    ping_s: float = 2.0
    retry_ms: int = 1000


def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(PACKAGE / "templates")),
        autoescape=jinja2.select_autoescape(("html",), default=True),
        undefined=jinja2.StrictUndefined,
    )
    env.filters["num"] = lambda x: "" if x is None else (int(x) if float(x).is_integer() else round(float(x), 1))
    return env


def create_app(hub: Hub, store: Store, settings: LeagueSettings = LeagueSettings()) -> Starlette:
    env = _env()
    common = {"venue": settings.venue, "games": standings.GAMES}

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.attach(asyncio.get_running_loop())
        yield
        hub.close()

    def html(template: str, status: int = 200, **ctx: Any) -> Response:
        return HTMLResponse(env.get_template(template).render(**common, **ctx), status_code=status,
                            headers={"cache-control": "no-cache"})

    def missing(what: str) -> Response:
        return PlainTextResponse(f"no such {what}\n", status_code=404)

    def venue_of(request: Request) -> str | None:
        v = request.query_params.get("venue") or request.path_params.get("venue")
        return v if v else None

    async def wall(request: Request) -> Response:
        w = hub.latest.snap if hub.latest else None
        only = venue_of(request)
        venues = list(w.get("venues", [])) if w else []
        if only is not None and only not in venues and only not in store.venues():
            return missing("venue")
        return html("wall.html", w=w, only=only, venues=venues)

    api_wall = sse.latest_json(hub, "no tables yet")
    events = sse.event_stream(hub, banner="pitchside league v1", event="wall", retry_ms=settings.retry_ms,
                              ping_s=settings.ping_s, ping="event: ping\ndata: {}\n\n")

    def scoped(request: Request, game: str | None = None) -> tuple[list[Counted], list[Counted], dict[str, Any]]:
        """``(by name, by player id, page context)``: the matches of the page's venue (all
        of them with one venue in the store; none without ``?venue`` with several) and
        the roster players' fixtures across venues."""
        counted = store.counted(game)
        venues = store.venues()
        only = venue_of(request)
        if only is not None:
            mine = standings.at_venue(counted, only)
        else:
            mine = counted if len(venues) <= 1 else []
        roster = {p.id: p.name for p in store.roster()}
        ctx = {"venues": venues, "only": only, "roster": roster,
               "suffix": f"?venue={only}" if only is not None else ""}
        return mine, standings.across_venues(counted), ctx

    async def all_standings(request: Request) -> Response:
        mine, by_id, ctx = scoped(request)
        boards = [(g, standings.table(g, mine), standings.TIEBREAKS[g]) for g in standings.GAMES]
        players = [(g, standings.table(g, by_id), standings.TIEBREAKS[g]) for g in standings.GAMES]
        return html("standings.html", boards=[b for b in boards if b[1]], players=[b for b in players if b[1]],
                    leagues=store.leagues(), **ctx)

    async def game_standings(request: Request) -> Response:
        game = request.path_params["game"]
        if game not in standings.GAMES:
            return missing("game")
        mine, by_id, ctx = scoped(request, game)
        return html("game.html", game=game, rows=standings.table(game, mine),
                    tiebreak=standings.TIEBREAKS[game], elo=ratings.ratings(game, mine),
                    players=standings.table(game, by_id), player_elo=ratings.ratings(game, by_id),
                    score_name=standings.SCORE_NAMES[game], **ctx)

    async def results(request: Request) -> Response:
        return html("results.html", rows=store.recent(200), past_cap=store.past_cap(),
                    kept=store.refusals_kept)

    async def result(request: Request) -> Response:
        text = request.path_params["n"]
        if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= MAX_ROW:
            return missing("result")
        n = int(text)
        got = store.get(n)
        if got is None:
            return missing("result")
        row, msg = got
        raw = msg.get("lines")
        lines: list[Any] = raw if isinstance(raw, list) else []
        if request.path_params.get("ext") == "jsonl":
            return Response("".join(f"{x}\n" for x in lines if isinstance(x, str)),
                            media_type="application/x-ndjson",
                            headers={"content-disposition": f'attachment; filename="result-{n}.jsonl"'})
        return html("result.html", r=row, lines=lines, keep=KEEP_REFUSED)

    async def player(request: Request) -> Response:
        name = request.path_params["name"]
        only = venue_of(request)
        mine = [c for c in store.counted(venue=only) if name in c.names]
        if not mine:
            return missing("player")
        elo = {g: next((r for r in ratings.ratings(g, store.counted(g, venue=only)) if r.name == name), None)
               for g in dict.fromkeys(c.game for c in mine)}
        return html("player.html", name=name, matches=list(reversed(mine)), elo=elo, only=only)

    async def roster_player(request: Request) -> Response:
        p = store.player(request.path_params["pid"])
        if p is None:
            return missing("player")
        mine = [c for c in store.counted() if c.ids is not None and p.id in c.ids]
        elo = {g: next((r for r in ratings.ratings(g, standings.across_venues(store.counted(g))) if r.name == p.id),
                       None) for g in dict.fromkeys(c.game for c in mine)}
        return html("roster.html", p=p, matches=list(reversed(mine)), elo=elo)

    async def league(request: Request) -> Response:
        text = request.path_params["lid"]
        lg = store.league(int(text)) if text.isascii() and text.isdigit() and int(text) <= MAX_ROW else None
        if lg is None:
            return missing("league")
        roster = {p.id: p.name for p in store.roster()}
        by_id = bool(roster) and all(p in roster for p in lg.players)  # a league of roster players, by id
        counted = store.counted(lg.game)
        v = formats.view(lg.game, lg.format, lg.players, standings.across_venues(counted) if by_id else counted)
        return html("league.html", lg=lg, v=v, fmt=formats.FORMAT_NAMES[lg.format],
                    tiebreak=standings.TIEBREAKS[lg.game], roster=roster if by_id else {}, suffix="")

    async def health(request: Request) -> Response:
        counted, refused = store.count()
        return JSONResponse({"streams": len(hub.clients), "results": counted, "refused": refused,
                             "refused_not_kept": sum(store.past_cap().values())})

    routes = [
        Route("/", wall, methods=["GET"]),
        Route("/venues/{venue}", wall, methods=["GET"]),
        Route("/api/wall", api_wall, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/standings", all_standings, methods=["GET"]),
        Route("/standings/{game}", game_standings, methods=["GET"]),
        Route("/results", results, methods=["GET"]),
        Route("/results/{n}.{ext:str}", result, methods=["GET"]),
        Route("/results/{n}", result, methods=["GET"]),
        Route("/players/{name:path}", player, methods=["GET"]),  # a name may hold "/" (AC/DC)
        Route("/roster/{pid:path}", roster_player, methods=["GET"]),
        Route("/leagues/{lid}", league, methods=["GET"]),
        Route("/healthz", health, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=str(PACKAGE / "static")), name="static"),
        Mount("/web-static", app=StaticFiles(directory=str(WEB_STATIC)), name="web-static"),
    ]
    middleware = [
        Middleware(Guard, rate_per_s=settings.rate_per_s, burst=settings.burst),
        Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts)),
    ]
    return Starlette(debug=False, routes=routes, middleware=middleware, lifespan=lifespan)


