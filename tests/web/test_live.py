"""Live spectating: an open game's stream of server-sent events gets an event after a move made
through the service (told by the game feed, or, without one, by asking the service), comments
that keep it open, and its end when the game ends; a finished game's stream is 204 (the browser
stops asking), a stranger's 404."""

from __future__ import annotations

import asyncio
import html
import logging
import re
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import ClientResponse

from service.commands import Resign
from storage import open_feed
from tests.web.kit import (
    OPEN_MOVES,
    OTHER_TOKEN,
    PLAYERS,
    TOKEN,
    Built,
    build_league,
    new_service,
    open_backend,
    play,
    request,
    rows,
    serve,
    unlimited,
)

WAIT = 10.0  # seconds before a test gives up on an event (a guard, not a measure)


class QueueFeed:
    """A game feed the test drives: :meth:`changed` is one change of a game."""

    def __init__(self) -> None:
        self.queues: dict[int, list[asyncio.Queue[None]]] = defaultdict(list)
        self.closed = 0

    def changed(self, game_id: int) -> None:
        for queue in self.queues[game_id]:
            queue.put_nowait(None)

    async def changes(self, game_id: int) -> AsyncIterator[None]:
        queue: asyncio.Queue[None] = asyncio.Queue()
        self.queues[game_id].append(queue)
        try:
            while True:
                await queue.get()
                yield
        finally:
            self.queues[game_id].remove(queue)
            self.closed += 1


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Built]:
    async with open_backend("memory", tmp_path) as database:
        service = new_service(database)
        yield await build_league(service, database)


async def next_block(response: ClientResponse) -> list[str] | None:
    """The next event (or comment) of the stream, its lines; None at its end."""
    lines: list[str] = []
    while True:
        raw = await asyncio.wait_for(response.content.readline(), WAIT)
        if not raw:
            return None
        line = raw.decode().rstrip("\n")
        if not line:
            if lines:
                return lines
            continue
        lines.append(line)


async def next_event(response: ClientResponse) -> list[str] | None:
    """The next event, comments skipped (None at the stream's end)."""
    while True:
        block = await next_block(response)
        if block is None or not block[0].startswith(":"):
            return block


async def test_a_move_through_the_service_reaches_the_stream(site: Built) -> None:
    async with serve(unlimited(site.service, poll=0.02)) as client:
        response = await client.get(f"/l/{TOKEN}/game/{site.open}/events")
        assert response.status == 200
        assert response.headers["Cache-Control"] == "no-store"
        assert await next_block(response) == ["retry: 2000"]
        await play(site.service, site.database, site.open, "G3")
        assert await next_event(response) == ["event: change", "data: "]
        page = await client.get(f"/l/{TOKEN}/game/{site.open}")
        assert f"?move={len(OPEN_MOVES) + 1}" in await page.text()  # the latest, with the move
        response.close()


async def test_the_game_feed_tells_the_stream(site: Built) -> None:
    feed = QueueFeed()
    async with serve(unlimited(site.service, feed=feed, keepalive=0.05)) as client:
        response = await client.get(f"/l/{TOKEN}/game/{site.open}/events")
        assert await next_block(response) == ["retry: 2000"]
        assert await next_block(response) == [": keep-alive"]  # meanwhile: the feed is open
        assert len(feed.queues[site.open]) == 1
        await play(site.service, site.database, site.open, "G3")
        feed.changed(site.open)
        assert await next_event(response) == ["event: change", "data: "]
        response.close()
        for _ in range(400):  # the reader left: noticed at the next keep-alive
            if feed.closed:
                break
            await asyncio.sleep(0.01)
        assert feed.closed == 1 and not feed.queues[site.open]


async def test_the_stream_ends_with_the_game(site: Built) -> None:
    async with serve(unlimited(site.service, poll=0.02)) as client:
        response = await client.get(f"/l/{TOKEN}/game/{site.open}/events")
        assert await next_block(response) == ["retry: 2000"]
        (row,) = [g for g in await rows(site.database, site.league_id) if g.id == site.open]
        loser = next(a for a in PLAYERS if a.id == row.black)
        await site.service.execute(Resign(confirm=True), request(loser, site.open))
        assert await next_event(response) == ["event: change", "data: "]
        assert await next_event(response) is None
        again = await client.get(f"/l/{TOKEN}/game/{site.open}/events")
        assert again.status == 204  # the browser stops asking


async def test_only_a_published_open_game_has_a_stream(site: Built) -> None:
    async with serve(unlimited(site.service)) as client:
        finished = await client.get(f"/l/{TOKEN}/game/{site.counted}/events")
        assert finished.status == 204
        for path in (
            f"/l/{OTHER_TOKEN}/game/{site.open}/events",
            f"/l/{TOKEN}/game/{site.other_game}/events",
            "/l/nobody/game/1/events",
        ):
            response = await client.get(path)
            assert response.status == 404, path
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
async def test_the_databases_feed_tells_the_stream(kind: str, tmp_path: Path) -> None:
    async with open_backend(kind, tmp_path) as database:
        service = new_service(database)
        built = await build_league(service, database)
        app = unlimited(service, feed=open_feed(database), poll=3600.0)  # never asks itself
        async with serve(app) as client:
            response = await client.get(f"/l/{TOKEN}/game/{built.open}/events")
            assert await next_block(response) == ["retry: 2000"]
            await play(service, database, built.open, "G3")
            assert await next_event(response) == ["event: change", "data: "]
            response.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_a_move_by_another_bot_process_reaches_the_stream(kind: str, tmp_path: Path) -> None:
    async with open_backend(kind, tmp_path) as database:
        service = new_service(database)
        built = await build_league(service, database)
        async with open_backend(kind, tmp_path, same_as=database) as elsewhere:
            bot = new_service(elsewhere)  # another process's service on the same database
            app = unlimited(service, feed=open_feed(database), poll=3600.0)
            async with serve(app) as client:
                response = await client.get(f"/l/{TOKEN}/game/{built.open}/events")
                assert await next_block(response) == ["retry: 2000"]
                await play(bot, elsewhere, built.open, "G3")
                assert await next_event(response) == ["event: change", "data: "]
                page = await (await client.get(f"/l/{TOKEN}/game/{built.open}")).text()
                assert f"?move={len(OPEN_MOVES) + 1}" in page
                response.close()


async def test_a_move_made_before_the_stream_opened_is_not_missed(site: Built) -> None:
    app = unlimited(site.service, feed=open_feed(site.database), poll=3600.0)
    async with serve(app) as client:
        page = await (await client.get(f"/l/{TOKEN}/game/{site.open}")).text()
        found = re.search(r'data-events="([^"]+)"', page)
        assert found is not None
        await play(site.service, site.database, site.open, "G3")  # while the page loads
        response = await client.get(html.unescape(found[1]))
        assert await next_block(response) == ["retry: 2000"]
        assert await next_event(response) == ["event: change", "data: "]
        response.close()


class BrokenFeed(QueueFeed):
    """A game feed whose database fails: ``ready`` raises (as a lost connection does)."""

    async def ready(self) -> None:
        raise ConnectionRefusedError("the database is gone")


async def test_a_failing_feed_ends_the_stream(
    site: Built, caplog: pytest.LogCaptureFixture
) -> None:
    """When what tells the stream of changes fails, the stream ends (one log line), rather than
    sending keep-alives with no updates: the browser reconnects with the stamp of its page."""
    feed = BrokenFeed()
    with caplog.at_level(logging.ERROR, logger="bot.web.live"):
        async with serve(unlimited(site.service, feed=feed, keepalive=0.05)) as client:
            response = await client.get(f"/l/{TOKEN}/game/{site.open}/events")
            assert response.status == 200
            assert await next_block(response) == ["retry: 2000"]
            for _ in range(100):  # the end, not keep-alives for ever
                block = await next_block(response)
                if block is None:
                    break
                assert block == [": keep-alive"]
            else:
                pytest.fail("the stream went on with nothing to tell it of a change")
            assert not feed.queues[site.open]  # nothing left watching
            again = await client.get(f"/l/{TOKEN}/game/{site.open}")  # the server still serves
            assert again.status == 200
    failures = [r for r in caplog.records if r.exc_info is not None]
    assert len(failures) == 1
    assert TOKEN not in caplog.text


def test_the_pages_and_the_streams_ask_as_one_reader() -> None:
    """One actor, defined once, reads for the web (its pages and its live streams alike)."""
    from bot.web import live, routes

    assert live.READER is routes.READER
