"""The directory (:mod:`service.directory`): where games live, cached for the process. A kept link
is answered without the storage; what the cache lacks is asked of the storage again (another
process, or a command's own unit of work, may have written it); a link replaced or expired is
never answered again."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from service import GameService
from service.commands import Accept, Challenge, Request
from service.directory import Directory
from service.ports import Database, UnitOfWork
from storage.memory import MemoryDatabase
from tests.service.conftest import ALICE, BOB, FakeClock, start_game

THREAD = "discord:thread"
BOARD = "telegram:board:-100"


class Counting:
    """A database that counts the units of work opened on it (each is a storage round trip)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.opened = 0

    def unit_of_work(self) -> UnitOfWork:
        self.opened += 1
        return self.database.unit_of_work()

    async def close(self) -> None:
        await self.database.close()


@pytest.fixture
async def shared() -> AsyncIterator[MemoryDatabase]:
    """One database two processes share (each has its own service, so its own directory)."""
    database = MemoryDatabase()
    yield database
    await database.close()


async def test_a_kept_link_is_answered_without_the_storage(shared: MemoryDatabase) -> None:
    service = GameService(shared)
    gid = await start_game(service)
    counting = Counting(shared)
    directory = Directory(counting)
    await directory.link(gid, THREAD, "41")  # written, then kept
    assert counting.opened == 1
    assert await directory.links(gid) == {THREAD: "41"}  # a miss: read once
    assert counting.opened == 2
    for _ in range(3):  # hits
        assert await directory.value(gid, THREAD) == "41"
        assert (await directory.links(gid))[THREAD] == "41"
    assert await directory.game_at(THREAD, "41") == gid  # a place: asked once, then kept
    assert await directory.game_at(THREAD, "41") == gid
    assert counting.opened == 3


async def test_a_missing_link_is_asked_of_the_storage_each_time(shared: MemoryDatabase) -> None:
    service = GameService(shared)
    gid = await start_game(service)
    counting = Counting(shared)
    directory = Directory(counting)
    assert await directory.links(None) == {}  # no game: nothing asked
    assert counting.opened == 0
    assert await directory.value(gid, THREAD) is None
    assert await directory.value(gid, THREAD) is None
    assert await directory.game_at(THREAD, "41") is None
    assert await directory.game_at(THREAD, "41") is None
    assert counting.opened == 4  # the game's links for each missing value; the place each time


async def test_a_link_written_by_another_process_is_found(shared: MemoryDatabase) -> None:
    """Two bot processes on one database: one opens the game's thread after the other read the
    game's links; the other finds the thread (never a second one, or the board elsewhere)."""
    here, there = GameService(shared), GameService(shared)
    gid = await start_game(here)
    assert await here.directory.links(gid) == {}  # kept: the game has no links yet
    await there.directory.link(gid, THREAD, "41")
    await there.directory.link(gid, BOARD, "7")
    assert await here.directory.value(gid, THREAD) == "41"
    assert await here.directory.game_at(BOARD, "7") == gid
    assert (await here.directory.links(gid))[BOARD] == "7"  # read with the thread


async def test_links_written_with_a_command_are_read_again(shared: MemoryDatabase) -> None:
    """A challenge keeps its home chat in its own unit of work, beside the directory: the
    directory reads the game's links again, and asks again where that place is."""
    service = GameService(shared)
    home = (("telegram:home", "-100"),)
    view = await service.execute(Challenge(BOB, {"size": "9"}), Request(ALICE))
    assert view.game_id is not None
    assert await service.directory.links(view.game_id) == {}
    again = await service.execute(Challenge(BOB, {"size": "9"}), Request(ALICE, links=home))
    assert again.game_id is not None
    assert await service.directory.game_at("telegram:home", "-100") == again.game_id
    await service.execute(Accept(), Request(BOB, game=view.game_id, links=home))
    assert (await service.directory.links(view.game_id))["telegram:home"] == "-100"
    assert await service.directory.game_at("telegram:home", "-100") == again.game_id  # newest


async def test_a_replaced_link_is_never_used_again(shared: MemoryDatabase) -> None:
    """A new board message replaces the game's old one in the chat: the old message is no
    longer the game's (as the storage says), here and in a process that kept it."""
    here, there = GameService(shared), GameService(shared)
    gid = await start_game(here)
    await here.directory.link(gid, BOARD, "7")
    assert await here.directory.game_at(BOARD, "7") == gid
    assert await there.directory.game_at(BOARD, "7") == gid
    await here.directory.link(gid, BOARD, "9")
    assert await here.directory.game_at(BOARD, "7") is None
    assert await here.directory.value(gid, BOARD) == "9"
    here.directory.forget(gid, BOARD)  # a place found gone (a deleted thread): read again
    assert await here.directory.value(gid, BOARD) == "9"


async def test_a_kept_entry_expires(shared: MemoryDatabase) -> None:
    """What another process changed is seen once the kept entry expires: a stale board message
    is not edited for ever."""
    clock = FakeClock()
    here = Directory(shared, seconds=60.0, clock=clock)
    there = Directory(shared, clock=clock)
    gid = await start_game(GameService(shared))
    await here.link(gid, BOARD, "7")
    await here.links(gid)
    assert await here.game_at(BOARD, "7") == gid
    await there.link(gid, BOARD, "9")  # a /board in the other process: a new board message
    assert await here.value(gid, BOARD) == "7"  # kept for a while
    clock.advance(61.0)
    assert await here.value(gid, BOARD) == "9"
    assert await here.game_at(BOARD, "7") is None


async def test_the_oldest_games_make_room(shared: MemoryDatabase) -> None:
    service = GameService(shared)
    games = [await start_game(service) for _ in range(3)]
    counting = Counting(shared)
    directory = Directory(counting, size=2)
    for gid in games:
        await directory.links(gid)
    await directory.links(games[2])
    assert counting.opened == 3
    await directory.links(games[0])  # made room for the newer ones
    assert counting.opened == 4


async def test_what_is_due(shared: MemoryDatabase) -> None:
    clock = FakeClock()
    service = GameService(shared, clock=clock)
    gid = await start_game(service, "size=9", "time=1d")
    deadline = await service.directory.next_deadline()
    assert deadline is not None and deadline > clock()
    assert await service.directory.due(clock()) == []
    assert await service.directory.due(deadline) == [gid]
