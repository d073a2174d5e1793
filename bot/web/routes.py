"""The pages: each one reads its data through the service (a read command checked against the
league's token) and renders it; a refusal of the service (nothing published there) is a 404."""

from __future__ import annotations

import dataclasses
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar
from urllib.parse import urlencode

import jinja2
from aiohttp import web

from bot.snapshots import render_board
from bot.web.render import Reader, board_version, game_context, page_globals
from bot.words import board_in
from service import GameService
from service.club_commands import (
    GameStamp,
    LeagueStamp,
    ShowGamePage,
    ShowGameRecord,
    ShowLeaguePage,
    ShowPlayerPage,
)
from service.commands import Actor, Command, Request
from service.errors import UserError

R = TypeVar("R")
READER = Actor("web:reader", "reader")
"""Who asks the service for a page: a reader of the web, nobody in particular."""
MOVE = re.compile(r"[0-9]{1,6}")
IMMUTABLE = "private, max-age=31536000, immutable"
KEPT_PAGES = 512  # rendered pages kept (a league's, a finished game's at a move; per reader)
KEPT_SECONDS = 30.0  # and for at most this long (a player's new display name shows by then)
STAMP_SECONDS = 1.0  # a kept page is served this long before its league's stamp is read again


@dataclass(frozen=True, slots=True)
class Kept:
    """A rendered league page, the stamp of the league it shows, when it was rendered and when
    the stamp was last found the same."""

    stamp: str
    at: float
    text: str
    checked: float


def base_of(root: str, token: str) -> str:
    """The league's address on the site (``root``: where the site is, ``""`` or ``/go``)."""
    return f"{root}/l/{token}"


class Pages:
    """The page handlers of :func:`bot.web.app.build_app`."""

    def __init__(
        self,
        service: GameService,
        templates: jinja2.Environment,
        language: str,
        *,
        root: str = "",
        clock: Callable[[], float] = time.monotonic,
    ):
        self.service = service
        self.root = root
        self.clock = clock
        self.templates = templates
        self.language = language
        #: rendered league pages by token and reader: a 40-player league with 200 games
        #: takes tens of milliseconds to read and render, its stamp a few (:class:`LeagueStamp`)
        self.kept: OrderedDict[tuple[str, str, tuple[tuple[str, str], ...]], Kept] = OrderedDict()

    async def read(self, command: Command[R]) -> R:
        """The service's answer to a page's read, or a 404 for any refusal."""
        try:
            return await self.service.execute(command, Request(READER, "web"))
        except UserError:
            raise web.HTTPNotFound() from None

    def reader(self, request: web.Request) -> Reader:
        return Reader.of(request, self.language)

    def html(
        self,
        request: web.Request,
        name: str,
        *,
        cache: str,
        move: int | None = None,
        **context: object,
    ) -> web.Response:
        return self.response(self.render(request, name, move=move, **context), cache)

    def render(
        self, request: web.Request, name: str, *, move: int | None = None, **context: object
    ) -> str:
        """The page ``name``; ``move``: the (checked) move a game page shows, which the
        language switcher keeps. Nothing else of the address is copied into a page."""
        reader = self.reader(request)
        base = base_of(self.root, request.match_info["token"])
        merged = {**page_globals(reader, self.root, request.path, base, move), **context}
        return self.templates.get_template(name).render(**merged)

    @staticmethod
    def response(text: str, cache: str) -> web.Response:
        return web.Response(
            text=text,
            content_type="text/html",
            charset="utf-8",
            headers={"Cache-Control": cache},
        )

    async def league(self, request: web.Request) -> web.Response:
        """Standings, crosstable and rounds. A rendered page is kept: served as it is for
        :data:`STAMP_SECONDS`, then as long as the league's stamp stays the same (no new result,
        round or member; the moves of games being played do not count), at most
        :data:`KEPT_SECONDS`. So a result or an unpublished league shows within a second."""
        token = request.match_info["token"]
        reader = self.reader(request)
        key = (token, reader.language, reader.kept)  # the links keep ?lang= and ?theme=
        kept = self.kept.get(key)
        now = self.clock()
        if kept is not None and now - kept.checked < STAMP_SECONDS:
            self.kept.move_to_end(key)
            return self.response(kept.text, "no-store")
        stamp = await self.read(LeagueStamp(token))
        if kept is not None and kept.stamp == stamp and now - kept.at < KEPT_SECONDS:
            self.kept[key] = dataclasses.replace(kept, checked=now)
            self.kept.move_to_end(key)
            return self.response(kept.text, "no-store")
        page = await self.read(ShowLeaguePage(token))
        mcmahon = page.league.system == "mcmahon"
        text = self.render(request, "league.html", page=page, mcmahon=mcmahon)
        self.keep(key, Kept(stamp, now, text, now))
        return self.response(text, "no-store")

    async def player(self, request: web.Request) -> web.Response:
        """A member's page (by their number in the league)."""
        number = int(request.match_info["number"])
        page = await self.read(ShowPlayerPage(request.match_info["token"], number))
        return self.html(request, "player.html", cache="no-store", page=page)

    def _move(self, request: web.Request) -> int | None:
        text = request.query.get("move")
        if text is None:
            return None
        if not MOVE.fullmatch(text):
            raise web.HTTPNotFound()
        return int(text)

    async def game(self, request: web.Request) -> web.Response:
        """A game at a move (the latest: live while the game goes on). A finished game's page is
        kept once rendered, as long as its stamp stays the same (:class:`GameStamp`: a name or
        an adjudication changes it), at most :data:`KEPT_SECONDS`; an open game's is rendered
        each time (its clock's words change without a move)."""
        token, game_id = request.match_info["token"], int(request.match_info["game"])
        move = self._move(request)
        stamp = await self.read(GameStamp(token, game_id))
        reader = self.reader(request)
        key = (f"{token}/{game_id}/{move}", reader.language, reader.kept)
        kept = self.kept.get(key)
        now = self.clock()
        if kept is not None and kept.stamp == stamp and now - kept.at < KEPT_SECONDS:
            self.kept.move_to_end(key)
            return self.response(kept.text, "no-cache")
        page = await self.read(ShowGamePage(token, game_id, move))
        base = base_of(self.root, token)
        events = None
        if page.live:
            events = f"{base}/game/{game_id}/events?{urlencode({'since': page.stamp})}"
        context = game_context(reader, page, base, events)
        text = self.render(request, "game.html", move=move, **context)
        if not page.finished:
            return self.response(text, "no-store")
        self.keep(key, Kept(stamp, now, text, now))
        return self.response(text, "no-cache")

    def keep(self, key: tuple[str, str, tuple[tuple[str, str], ...]], page: Kept) -> None:
        """Keep a rendered page (the oldest go beyond :data:`KEPT_PAGES`)."""
        self.kept[key] = page
        self.kept.move_to_end(key)
        while len(self.kept) > KEPT_PAGES:
            self.kept.popitem(last=False)

    async def board(self, request: web.Request) -> web.StreamResponse:
        """The board image at a move, in a theme and language. Its address on the game page
        carries the version of what it draws (``v=``, :func:`board_version`): at that address
        a finished game's image is cached for good; at any other (an older version, none, an
        open game) it is checked again each time (its ETag)."""
        token, game_id = request.match_info["token"], int(request.match_info["game"])
        page = await self.read(ShowGamePage(token, game_id, self._move(request)))
        reader = self.reader(request)
        theme = reader.theme or "light"
        version = board_version(page)
        tag = f'"{version}.{page.move}.{theme}.{reader.language}"'
        current = request.query.get("v") == version
        cache = IMMUTABLE if page.finished and current else "no-cache"
        headers = {"ETag": tag, "Cache-Control": cache}
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers=headers)
        png = await render_board(board_in(page.board, reader.language, theme))
        assert png is not None
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def record(self, request: web.Request) -> web.Response:
        """The game's SGF record, as a download."""
        token, game_id = request.match_info["token"], int(request.match_info["game"])
        record = await self.read(ShowGameRecord(token, game_id))
        cache = "private, max-age=3600" if record.finished else "no-store"
        return web.Response(
            body=record.data,
            headers={
                "Content-Type": "application/x-go-sgf; charset=utf-8",
                "Content-Disposition": f'attachment; filename="{record.name}"',
                "Cache-Control": cache,
            },
        )
