"""The read-only web front door (issue 26): published leagues, their games and players, served
by aiohttp from the same service the chats use (:func:`build_app`). Every page is a read
command of the service (:mod:`service.handlers.web_reads`) checked against the league's token;
anything not published is the same plain 404.

Addresses: ``/l/<token>`` (the league), ``/l/<token>/game/<id>`` (``?move=N``),
``/l/<token>/game/<id>.sgf``, ``/l/<token>/game/<id>/board.png?move=N&theme=light|dark``,
``/l/<token>/game/<id>/events`` (server-sent events), ``/l/<token>/player/<n>``; every page
takes ``?lang=en|cs|hu`` (else ``Accept-Language``) and ``?theme=light|dark``. The routes are
at the app's ``/``; the links in the pages start with ``root`` (the path of ``GOBOT_WEB_URL``),
so that a reverse proxy can serve the site under a path it strips (README, "Behind a reverse
proxy").

The server's hygiene is here too: GET (and HEAD, but not for the live stream) only (405), small
requests (413), a rate cap per client (429 with ``Retry-After``), caps on live connections per
client (429) and in all (503), a content security policy without inline script, no referrer (the
token is in the address), no caching of live data, no indexing; errors are plain pages, and an
unexpected one is logged and a plain 500."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

import jinja2
from aiohttp import web

from bot.web import live
from bot.web.limits import RateLimiter, StreamCounter, client_address, retry_after
from bot.web.render import Reader, environment, page_globals
from bot.web.routes import Pages
from service import GameService
from service.ports import GameFeed

log = logging.getLogger(__name__)

MAX_REQUEST = 16 * 1024  # bytes: GET only, nothing to upload
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
    "X-Frame-Options": "DENY",
}
STATIC = {
    "site.css": "text/css; charset=utf-8",
    "live.js": "text/javascript; charset=utf-8",
}
ERRORS = {
    404: ("web.not_found", "web.not_found_text"),
    405: ("web.not_allowed", "web.not_allowed_text"),
    413: ("web.too_large", "web.too_large_text"),
    429: ("web.too_many", "web.too_many_text"),
    500: ("web.error", "web.error_text"),
    503: ("web.busy", "web.busy_text"),
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
TEMPLATES = web.AppKey("templates", jinja2.Environment)
LANGUAGE = web.AppKey("language", str)
ROOT = web.AppKey("root", str)


def build_app(
    service: GameService,
    *,
    feed: GameFeed | None = None,
    language: str = "en",
    rate: float = 20.0,
    burst: int = 40,
    streams: int = 4,
    all_streams: int = 500,
    keepalive: float = 15.0,
    poll: float = 0.5,
    trust_proxy: bool = False,
    root: str = "",
    clock: Callable[[], float] = time.monotonic,
) -> web.Application:
    """The web front door onto ``service``. ``feed`` tells the live pages when a game changed
    (without one, an open game's page asks the service every ``poll`` seconds); ``language`` is
    for readers whose browser asks for none of the bot's; ``rate`` and ``burst`` cap each
    client's requests, ``streams`` its open live connections, ``all_streams`` everybody's;
    ``keepalive``: seconds between a live connection's comments; ``trust_proxy``: count
    ``X-Forwarded-For``'s client; ``root``: the path the pages' links start with (where a
    proxy serves the site, e.g. ``/go``; :func:`root_of`)."""
    root = root_of(root)
    limiter = RateLimiter(rate, burst, clock=clock)
    app = web.Application(
        client_max_size=MAX_REQUEST,
        middlewares=[_guard(limiter, trust_proxy)],
        handler_args={"max_field_size": 8190},
    )
    app[TEMPLATES] = environment()
    app[LANGUAGE] = language
    app[ROOT] = root
    pages = Pages(service, app[TEMPLATES], language, root=root, clock=clock)
    watcher = live.Live(
        service,
        feed,
        StreamCounter(streams, total=all_streams),
        keepalive=keepalive,
        poll=poll,
        trust_proxy=trust_proxy,
    )
    token = "{token:[A-Za-z0-9_-]{1,128}}"
    game = "{game:[0-9]{1,9}}"
    app.router.add_get(f"/l/{token}", pages.league)
    app.router.add_get(f"/l/{token}/game/{game}", pages.game)
    app.router.add_get(f"/l/{token}/game/{game}.sgf", pages.record)
    app.router.add_get(f"/l/{token}/game/{game}/board.png", pages.board)
    # not HEAD: a stream has no end to answer a HEAD with (nor a slot to give it)
    app.router.add_get(f"/l/{token}/game/{game}/events", watcher.events, allow_head=False)
    app.router.add_get(f"/l/{token}/player/{{number:[0-9]{{1,6}}}}", pages.player)
    for name, kind in STATIC.items():
        app.router.add_get(f"/static/{name}", _static(name, kind))
    app.on_response_prepare.append(_headers)
    app.on_shutdown.append(watcher.shutdown)
    return app


def root_of(address: str) -> str:
    """The path the pages' links start with, from the site's public address (``GOBOT_WEB_URL``)
    or a path: none for a site at a host's root.

    >>> root_of("https://go.example.org/club/"), root_of("https://go.example.org"), root_of("/go")
    ('/club', '', '/go')
    """
    path = urlsplit(address).path.rstrip("/")
    return "/" + path.lstrip("/") if path else ""


def _static(name: str, kind: str) -> Handler:
    """A static file, read once, with its ETag."""
    body = files("bot.web").joinpath("static", name).read_bytes()
    tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'

    async def serve(request: web.Request) -> web.StreamResponse:
        headers = {"ETag": tag, "Cache-Control": "public, max-age=3600"}
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers=headers)
        return web.Response(body=body, headers={**headers, "Content-Type": kind})

    return serve


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """The headers every answer carries (pages, images, errors, the live stream)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers["Server"] = "gobot"  # not the versions of Python and aiohttp


def error_page(request: web.Request, status: int, **headers: str) -> web.Response:
    """The plain page of an error ``status``, in the reader's language (no detail, ever)."""
    app = request.app
    reader = Reader.of(request, app[LANGUAGE])
    title, text = ERRORS[status]
    template = app[TEMPLATES].get_template("error.html")
    context = page_globals(reader, app[ROOT], request.path, app[ROOT])
    html = template.render(**context, title=reader.words(title), text=reader.words(text))
    return web.Response(
        status=status,
        text=html,
        content_type="text/html",
        charset="utf-8",
        headers={"Cache-Control": "no-store", **headers},
    )


def _guard(limiter: RateLimiter, trust_proxy: bool) -> Any:
    """The middleware: caps first (method, size, rate), then the page; errors as plain
    pages."""

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            return error_page(request, 405, Allow="GET, HEAD")
        if (request.content_length or 0) > MAX_REQUEST:
            return error_page(request, 413)
        wait = limiter.wait(client_address(request, trust_proxy=trust_proxy))
        if wait is not None:
            return error_page(request, 429, **{"Retry-After": retry_after(wait)})
        try:
            return await handler(request)
        except web.HTTPException as error:
            if error.status in ERRORS:
                kept = {k: v for k, v in error.headers.items() if k in ("Retry-After", "Allow")}
                return error_page(request, error.status, **kept)
            if error.status < 400:  # a redirect, a 304: as it is
                raise
            return error_page(request, 404)
        except (ConnectionResetError, TimeoutError):
            raise
        except Exception:
            route = request.match_info.route.resource
            where = route.canonical if route is not None else "?"  # never the token itself
            log.exception("web: %s %s failed", request.method, where)
            return error_page(request, 500)

    return guard
