"""Live spectating: ``/l/<token>/game/<id>/events?since=<stamp>``, a stream of server-sent
events: one ``change`` event each time the game changes (at once when it changed since the page
of ``stamp`` was made; the page's script then fetches the latest position), a comment every
``keepalive`` seconds so that proxies keep the connection, and the end when the reader leaves,
the game ends, the server stops or the feed fails (the browser then reconnects with the stamp
of the page it shows, and misses nothing).

What changed is told by the game feed (:class:`~service.ports.GameFeed`, the composition
root's: in memory for one process, PostgreSQL's LISTEN/NOTIFY for several), never by asking the
database about every game; without a feed (an embedding that has none) the stream asks the
service about its one game every ``poll`` seconds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable

from aiohttp import web

from bot.web.limits import StreamCounter, client_address, retry_after
from bot.web.routes import READER
from service import GameService
from service.club_commands import WatchGame
from service.commands import Request
from service.errors import UserError
from service.pages import GameWatch
from service.ports import GameFeed

log = logging.getLogger(__name__)
RETRY_MS = 2000  # how soon a browser reconnects after a dropped stream
READY_SECONDS = 5.0  # how long a stream waits for the feed to listen before it counts on it
STAMP = re.compile(r"[0-9]{1,12}\.[0-9]{1,12}")
STREAM_HEADERS = {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",  # nginx: pass each event on at once
}


class Live:
    """The live streams of one app: their caps, and their end when the server stops."""

    def __init__(
        self,
        service: GameService,
        feed: GameFeed | None,
        streams: StreamCounter,
        *,
        keepalive: float,
        poll: float,
        trust_proxy: bool,
    ) -> None:
        self.service = service
        self.feed = feed
        self.streams = streams
        self.keepalive = keepalive
        self.poll = poll
        self.trust_proxy = trust_proxy
        self._closing = asyncio.Event()

    async def shutdown(self, _app: web.Application) -> None:
        """The server stops: every stream ends."""
        self._closing.set()

    async def _watch(self, token: str, game_id: int) -> GameWatch | None:
        try:
            return await self.service.execute(WatchGame(token, game_id), Request(READER, "web"))
        except UserError:
            return None

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The stream of one game's changes (204 once the game is over: the browser stops)."""
        token, game_id = request.match_info["token"], int(request.match_info["game"])
        watch = await self._watch(token, game_id)
        if watch is None:
            raise web.HTTPNotFound()
        if not watch.live:
            return web.Response(status=204, headers={"Cache-Control": "no-store"})
        client = client_address(request, trust_proxy=self.trust_proxy)
        opened = self.streams.open(client)
        if opened == "client":
            raise web.HTTPTooManyRequests(headers={"Retry-After": retry_after(self.keepalive)})
        if opened == "server":
            raise web.HTTPServiceUnavailable(headers={"Retry-After": retry_after(self.keepalive)})
        since = request.query.get("since", "")  # the stamp of the page the reader sees
        stamp = since if STAMP.fullmatch(since) else watch.stamp
        try:
            return await self._stream(request, token, game_id, stamp)
        finally:
            self.streams.close(client)

    async def _stream(
        self, request: web.Request, token: str, game_id: int, stamp: str
    ) -> web.StreamResponse:
        response = web.StreamResponse(headers=STREAM_HEADERS)
        await response.prepare(request)
        changed, ended = asyncio.Event(), asyncio.Event()
        pump = asyncio.create_task(self._pump(token, game_id, stamp, changed))
        pump.add_done_callback(_ended(ended))
        try:
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            while not self._closing.is_set():
                if request.transport is None or request.transport.is_closing():
                    break  # the reader left
                await self._wait(changed, ended)
                if self._closing.is_set():
                    break
                if not changed.is_set():
                    if ended.is_set():
                        break  # nothing can tell this stream of a change any more
                    await response.write(b": keep-alive\n\n")
                    continue
                changed.clear()
                await response.write(b"event: change\ndata: \n\n")
                watch = await self._watch(token, game_id)
                if watch is None or not watch.live:
                    break  # the game ended (or was unpublished): nothing more to tell
        except ConnectionError:  # the reader left while an event was written
            pass
        except Exception:  # the answer has begun: no error page now, the stream just ends
            log.exception("web: a live stream failed")
        finally:
            pump.cancel()
            await asyncio.gather(pump, return_exceptions=True)  # its failure is logged
        with contextlib.suppress(ConnectionError):
            await response.write_eof()
        return response

    async def _wait(self, changed: asyncio.Event, ended: asyncio.Event) -> None:
        """Until the game changed, the changes stopped coming, the server stops, or the
        keep-alive is due."""
        waits = {
            asyncio.ensure_future(changed.wait()),
            asyncio.ensure_future(ended.wait()),
            asyncio.ensure_future(self._closing.wait()),
        }
        try:
            await asyncio.wait(waits, timeout=self.keepalive, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in waits:
                task.cancel()
            await asyncio.gather(*waits, return_exceptions=True)

    async def _pump(self, token: str, game_id: int, stamp: str, changed: asyncio.Event) -> None:
        """Set ``changed`` at each change of the game: from the feed, or (without one) by
        asking the service every :attr:`poll` seconds."""
        if self.feed is not None:
            changes = self.feed.changes(game_id)  # watching from now on
            try:
                ready = getattr(self.feed, "ready", None)  # listening (other processes' too)
                if ready is not None:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ready(), READY_SECONDS)
                watch = await self._watch(token, game_id)
                if watch is None or watch.stamp != stamp:  # changed since the page was made
                    changed.set()
                async for _ in changes:
                    changed.set()
            finally:
                closing = getattr(changes, "aclose", None)
                if closing is not None:
                    await closing()
            return
        while True:
            await asyncio.sleep(self.poll)
            watch = await self._watch(token, game_id)
            if watch is None or watch.stamp != stamp:
                changed.set()
                if watch is None or not watch.live:
                    return
                stamp = watch.stamp


def _ended(ended: asyncio.Event) -> Callable[[asyncio.Task[None]], None]:
    """The pump's done-callback: whatever stopped it (a failure of the feed or the database,
    logged here once), the stream's changes stop with it, so the stream ends rather than keep
    a reader waiting for updates that cannot come."""

    def done(pump: asyncio.Task[None]) -> None:
        ended.set()
        if pump.cancelled():
            return
        error = pump.exception()
        if error is not None:
            log.error("web: a live stream's changes failed", exc_info=error)

    return done
