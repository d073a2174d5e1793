"""The live feed of game changes (service.ports.GameFeed, ``storage.open_feed``) on every backend:
a watcher wakes after a move saved through the service, in the same process, through another
``Database`` on the same database (another process's pool), and from a real second process
(PostgreSQL: LISTEN/NOTIFY; SQLite: the watched games' versions). Closing or cancelling stops
watching. The only waits are generous timeouts (nothing here measures time)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from service import Actor, GameService
from service.commands import Accept, Challenge, Play, Request
from service.ports import Database, GameFeed
from storage import open_feed
from storage.feed import GameWatch
from storage.memory import MemoryDatabase
from storage.postgres_feed import PostgresFeed
from storage.sqlite import open_sqlite
from storage.sqlite_feed import SqliteFeed
from tests.children import Barrier, start_child
from tests.postgres_support import drop_schema, new_schema, require_postgres

ALICE, BOB = Actor("console:alice", "alice"), Actor("console:bob", "bob")
WAIT = 20.0  # seconds: a generous bound for a wake-up that must come


async def new_game(service: GameService) -> int:
    """A started 9×9 game, Alice (Black) to move."""
    view = await service.execute(
        Challenge(BOB, {"size": "9", "color": "black"}), Request(ALICE, "console")
    )
    assert view.game_id is not None
    await service.execute(Accept(), Request(BOB, "console", game=view.game_id))
    return view.game_id


async def ready(feed: GameFeed) -> None:
    """Until other processes' changes reach this feed's watchers (memory: at once)."""
    if isinstance(feed, SqliteFeed | PostgresFeed):
        await asyncio.wait_for(feed.ready(), WAIT)


async def stop(changes: AsyncIterator[None]) -> None:
    """Close a watch (every backend's is a :class:`storage.feed.GameWatch`)."""
    assert isinstance(changes, GameWatch)
    await changes.aclose()


def watched(feed: GameFeed) -> list[int]:
    found: list[int] = getattr(feed, "watchers").watched()  # noqa: B009 - every backend's feed
    return found


async def test_a_watcher_hears_a_move_saved_through_the_service(repository: Database) -> None:
    service = GameService(repository, rng=random.Random(1))
    gid = await new_game(service)
    other = await new_game(service)
    feed = open_feed(repository)
    assert open_feed(repository) is feed  # one per database
    changes = feed.changes(gid)
    waiting = asyncio.ensure_future(anext(changes))
    await ready(feed)
    await service.execute(Play("E5"), Request(ALICE, "console", game=gid))
    await asyncio.wait_for(waiting, WAIT)
    await service.execute(Play("C3"), Request(BOB, "console", game=gid))  # before it looks again
    await asyncio.wait_for(anext(changes), WAIT)
    # a change after the call, before the first look, is not lost
    later = feed.changes(other)
    await ready(feed)
    await service.execute(Play("D4"), Request(ALICE, "console", game=other))
    await asyncio.wait_for(anext(later), WAIT)
    assert watched(feed) == [gid, other]
    await stop(changes)
    assert watched(feed) == [other]
    with pytest.raises(StopAsyncIteration):
        await anext(changes)
    await stop(later)
    assert watched(feed) == []


async def test_cancelling_the_watching_task_stops_watching(repository: Database) -> None:
    service = GameService(repository, rng=random.Random(1))
    gid = await new_game(service)
    feed = open_feed(repository)

    async def watch() -> None:
        async for _ in feed.changes(gid):
            pass

    task = asyncio.ensure_future(watch())
    await asyncio.sleep(0)
    assert watched(feed) == [gid]
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert watched(feed) == []
    await service.execute(Play("E5"), Request(ALICE, "console", game=gid))  # nobody listens


async def test_memory_changes_coalesce_and_only_commits_wake() -> None:
    """A burst of changes before the watcher looks is one wake-up; a unit of work that is left
    without commit wakes nobody; another game's change wakes nobody."""
    database = MemoryDatabase()
    service = GameService(database, rng=random.Random(1))
    gid = await new_game(service)
    other = await new_game(service)
    changes = database.feed.changes(gid)
    await service.execute(Play("E5"), Request(ALICE, "console", game=gid))
    await service.execute(Play("C3"), Request(BOB, "console", game=gid))
    await anext(changes)
    waiting = asyncio.ensure_future(anext(changes))
    await service.execute(Play("D4"), Request(ALICE, "console", game=other))
    async with database.unit_of_work() as uow:
        row = await uow.games.get(gid)
        assert row is not None
        await uow.games.update(row)  # never committed
    for _ in range(10):
        await asyncio.sleep(0)
    assert not waiting.done()
    await service.execute(Play("D4"), Request(ALICE, "console", game=gid))
    await asyncio.wait_for(waiting, WAIT)
    await stop(changes)


# -- another process ------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
async def shared(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    """One database opened twice (two processes' connections), and how a child opens it."""
    if request.param == "sqlite":
        path = tmp_path / "games.db"
        first, second = await open_sqlite(path), await open_sqlite(path)
        try:
            yield {"here": first, "there": second, "args": ("sqlite", str(path), "")}
        finally:
            await first.close()
            await second.close()
        return
    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    first = await open_postgres(url, schema=schema)
    second = await open_postgres(url, schema=schema)
    try:
        yield {"here": first, "there": second, "args": ("postgresql", url, schema)}
    finally:
        await first.close()
        await second.close()
        await drop_schema(url, schema)


async def test_a_move_through_another_database_wakes_the_watcher(shared: dict[str, Any]) -> None:
    here, there = shared["here"], shared["there"]
    gid = await new_game(GameService(here, rng=random.Random(1)))
    feed = open_feed(here)
    changes = feed.changes(gid)
    waiting = asyncio.ensure_future(anext(changes))
    await ready(feed)
    await GameService(there, rng=random.Random(2)).execute(
        Play("E5"), Request(ALICE, "console", game=gid)
    )
    await asyncio.wait_for(waiting, WAIT)
    await stop(changes)


@pytest.mark.slow
async def test_a_move_in_another_process_wakes_the_watcher(
    shared: dict[str, Any], tmp_path: Path
) -> None:
    """A real second bot process plays a move; the watcher here wakes (the issue's target is
    within 2 s; the wait's bound is generous)."""
    here = shared["here"]
    gid = await new_game(GameService(here, rng=random.Random(1)))
    feed = open_feed(here)
    changes = feed.changes(gid)
    waiting = asyncio.ensure_future(anext(changes))
    await ready(feed)
    barrier = Barrier(tmp_path / "go")
    child = await start_child(
        "tests.storage.feed_child", *shared["args"], str(gid), str(barrier), "E5"
    )
    await barrier.release([child])
    out, err = await child.communicate()
    assert child.returncode == 0 and out.decode().split() == ["APPLIED"], err.decode()[-2000:]
    await asyncio.wait_for(waiting, WAIT)
    await stop(changes)


@pytest.mark.postgres
async def test_postgres_listens_again_when_its_connection_drops(tmp_path: Path) -> None:
    """The listening connection is killed on the server: the feed connects again, wakes its
    watchers once (a change may have come meanwhile), and hears the next move."""
    import asyncpg

    from storage.postgres import open_postgres

    url = await require_postgres()
    schema = new_schema()
    database = await open_postgres(url, schema=schema)
    try:
        gid = await new_game(GameService(database, rng=random.Random(1)))
        feed = database.feed
        opened: list[asyncpg.Connection] = []
        connect = feed._connect

        async def recording() -> asyncpg.Connection:
            conn = await connect()
            opened.append(conn)
            return conn

        feed._connect = recording
        changes = feed.changes(gid)
        await ready(feed)
        admin = await asyncpg.connect(url)
        try:
            await admin.execute("SELECT pg_terminate_backend($1)", opened[-1].get_server_pid())
        finally:
            await admin.close()
        await asyncio.wait_for(anext(changes), WAIT)  # listening again: a change may be missed
        await ready(feed)
        assert len(opened) == 2
        waiting = asyncio.ensure_future(anext(changes))
        await GameService(database, rng=random.Random(2)).execute(
            Play("E5"), Request(ALICE, "console", game=gid)
        )
        await asyncio.wait_for(waiting, WAIT)
        await stop(changes)
        await asyncio.wait_for(_closed(opened[-1]), WAIT)  # nobody watches: not listening
    finally:
        await database.close()
        await drop_schema(url, schema)


async def _closed(conn: Any) -> None:
    while not conn.is_closed():
        await asyncio.sleep(0.01)


class SilentLink:
    """A TCP relay to the PostgreSQL server whose connections can die without a word:
    :meth:`silence` black-holes every connection relayed so far (bytes either way are dropped;
    neither end is closed or reset), as a NAT or firewall that forgets an idle connection does.
    Connections made afterwards are relayed as usual."""

    def __init__(self, host: str, port: int) -> None:
        self._target = (host, port)
        self._links: list[dict[str, bool]] = []
        self._writers: list[asyncio.StreamWriter] = []
        self._server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    def silence(self) -> None:
        for link in self._links:
            link["silent"] = True

    async def close(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.close()
        await self._server.wait_closed()

    async def _relay(self, client: asyncio.StreamReader, to_client: asyncio.StreamWriter) -> None:
        server, to_server = await asyncio.open_connection(*self._target)
        link = {"silent": False}
        self._links.append(link)
        self._writers += [to_client, to_server]
        await asyncio.gather(
            self._pump(client, to_server, link), self._pump(server, to_client, link)
        )

    @staticmethod
    async def _pump(
        source: asyncio.StreamReader, sink: asyncio.StreamWriter, link: dict[str, bool]
    ) -> None:
        try:
            while data := await source.read(65536):
                if not link["silent"]:
                    sink.write(data)
                    await sink.drain()
        except OSError:
            pass
        if not link["silent"]:  # a close passes, unless the path is dead
            sink.close()


@pytest.mark.postgres
async def test_postgres_listens_again_when_its_connection_goes_silent() -> None:
    """The listening connection's network path dies without a reset: no termination callback
    comes, the socket stays open, nothing arrives. The feed's probe gets no answer, so it connects
    again, wakes its watchers (a change may have come meanwhile) and hears the next move."""
    from urllib.parse import urlsplit

    import asyncpg

    from storage.postgres import open_postgres

    url = await require_postgres()
    parts = urlsplit(url)
    link = SilentLink(parts.hostname or "127.0.0.1", parts.port or 5432)
    await link.start()
    schema = new_schema()
    database = await open_postgres(url, schema=schema)
    opened: list[asyncpg.Connection] = []

    async def connect() -> asyncpg.Connection:
        conn = await asyncpg.connect(
            url, host="127.0.0.1", port=link.port, server_settings={"search_path": schema}
        )
        opened.append(conn)
        return conn

    feed = PostgresFeed(connect, probe_seconds=0.05, probe_timeout=3.0)
    try:
        gid = await new_game(GameService(database, rng=random.Random(1)))
        changes = feed.changes(gid)
        await ready(feed)
        silent = list(opened)
        link.silence()

        async def listening_anew() -> None:
            while True:  # (a slow probe before the silence may have woken it already)
                await anext(changes)
                await ready(feed)
                if opened[-1] not in silent:
                    return

        await asyncio.wait_for(listening_anew(), WAIT)
        assert all(conn.is_closed() for conn in silent)  # dropped by the feed, not the server
        waiting = asyncio.ensure_future(anext(changes))
        await GameService(database, rng=random.Random(2)).execute(
            Play("E5"), Request(ALICE, "console", game=gid)
        )
        await asyncio.wait_for(waiting, WAIT)
        await stop(changes)
    finally:
        await feed.close()
        await link.close()
        await database.close()
        await drop_schema(url, schema)


@pytest.mark.postgres
async def test_postgres_a_move_in_another_schema_wakes_no_watcher() -> None:
    """Two installations in two schemas of one database share the notification channel: a move
    in one wakes no watcher of the other, even of a game with the same id."""
    from storage.postgres import open_postgres

    url = await require_postgres()
    schemas = new_schema(), new_schema()
    first = await open_postgres(url, schema=schemas[0])
    second = await open_postgres(url, schema=schemas[1])
    try:
        here, there = (GameService(db, rng=random.Random(1)) for db in (first, second))
        gid = await new_game(here)
        same, other = await new_game(there), await new_game(there)
        assert same == gid
        feed = second.feed
        quiet, woken = feed.changes(same), feed.changes(other)
        waiting = asyncio.ensure_future(anext(quiet))
        await ready(feed)
        await here.execute(Play("E5"), Request(ALICE, "console", game=gid))
        # committed after that move, so heard after it on the same connection
        await there.execute(Play("E5"), Request(ALICE, "console", game=other))
        await asyncio.wait_for(anext(woken), WAIT)
        for _ in range(10):
            await asyncio.sleep(0)
        assert not waiting.done()
        await there.execute(Play("E5"), Request(ALICE, "console", game=same))
        await asyncio.wait_for(waiting, WAIT)
        await stop(quiet)
        await stop(woken)
    finally:
        await first.close()
        await second.close()
        for schema in schemas:
            await drop_schema(url, schema)
