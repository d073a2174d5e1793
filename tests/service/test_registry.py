"""The service as a table of commands: every command type has exactly one handler; reads never
write, never evict the cache and never wake the scheduler; links sent with a command are kept in
its own unit of work."""

from __future__ import annotations

import pytest

from engine.colors import Color
from engine.coords import Point
from service import GameService, club_commands, commands
from service.commands import (
    Challenge,
    Command,
    Games,
    LegalPoints,
    Play,
    Request,
    Sgf,
    ShowBoard,
)
from service.errors import BadArguments, IllegalMoveError
from service.handlers import HANDLERS
from service.ports import ConcurrentUpdate
from service.unit import Unit
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock, play_moves, start_game


def _command_types() -> set[type]:
    """Every command class :mod:`service.commands` and :mod:`service.club_commands` define."""
    return {
        value
        for module in (commands, club_commands)
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Command) and value is not Command
    }


def test_every_command_type_has_one_handler() -> None:
    assert set(HANDLERS) == _command_types()


def test_the_reads_are_marked_as_reads() -> None:
    reads = {kind for kind, handler in HANDLERS.items() if not handler.writes}
    assert {ShowBoard, Games, Sgf, LegalPoints} <= reads
    assert Play not in reads and Challenge not in reads


async def test_reads_keep_the_replayed_game_cached(service: GameService) -> None:
    """Autocomplete asks for the legal points at every keystroke: the next move must not replay
    the whole game again."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "C3")
    cache = service.context.cache
    reads: tuple[Command[object], ...] = (LegalPoints(), ShowBoard(), Sgf(), Games())
    for read in reads:
        await service.execute(read, Request(ALICE, game=gid))
        assert len(cache) == 1, read
    await service.execute(Play("D4"), Request(ALICE, game=gid))
    assert len(cache) == 1
    with pytest.raises(BadArguments):  # a refused write left its game as it was: still cached
        await service.execute(Play("Z99"), Request(BOB, game=gid))
    with pytest.raises(IllegalMoveError):
        await service.execute(Play("E5"), Request(BOB, game=gid))  # occupied
    assert len(cache) == 1
    view = await service.execute(Play("F6"), Request(BOB, game=gid))
    assert view.board is not None and view.board.move_number == 4 and len(cache) == 1


async def test_a_game_changed_by_a_failed_command_leaves_the_cache(service: GameService) -> None:
    """A unit of work that changed a game and then failed (rolled back) must not cache the
    changed game: the next command replays the stored one."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")

    async def change_then_fail(unit: Unit, command: object) -> object:
        loaded = await unit.load(gid)
        loaded.game.play(Color.WHITE, Point(2, 2))
        raise BadArguments("refused after a change")

    with pytest.raises(BadArguments):
        await service._write(Request(BOB, game=gid), lambda unit: change_then_fail(unit, None))
    assert len(service.context.cache) == 0
    view = await service.execute(ShowBoard(), Request(BOB, game=gid))
    assert view.board is not None and view.board.move_number == 1


async def test_only_deadline_changes_wake_the_scheduler(
    service: GameService, clock: FakeClock
) -> None:
    woken: list[int] = []
    service.deadline_listeners.append(lambda: woken.append(1))
    untimed = await start_game(service, "size=9")
    await play_moves(service, untimed, "E5")
    await service.execute(ShowBoard(), Request(CAROL, game=untimed))
    assert woken == []
    timed = await start_game(service, "size=9", "time=1d+1h")
    assert len(woken) == 1  # the first move's clock starts
    await service.execute(ShowBoard(), Request(ALICE, game=timed))
    assert len(woken) == 1
    clock.advance(3600)
    await play_moves(service, timed, "E5")  # White's clock: a later deadline
    assert len(woken) == 2


async def test_links_sent_with_a_challenge_are_written_with_it(service: GameService) -> None:
    home = (("telegram:home", "-100"),)
    refused = Request(ALICE, links=home)
    with pytest.raises(BadArguments):
        await service.execute(Challenge(BOB, {"size": "99"}), refused)
    assert (await service.execute(Games(), Request(ALICE))).keys == ("games.none",)
    view = await service.execute(Challenge(BOB, {"size": "9"}), Request(ALICE, links=home))
    links = await service.directory.links(view.game_id)
    assert links == {"telegram:home": "-100"}


async def test_a_conflict_keeps_the_games_it_left_unchanged(service: GameService) -> None:
    """A unit of work that lost a race (ConcurrentUpdate) before changing its game puts the game
    back: the retry finds it cached instead of replaying it."""
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5")
    seen: list[object] = []

    async def conflict_once(unit: Unit) -> None:
        seen.append((await unit.load(gid)).game)
        if len(seen) == 1:
            raise ConcurrentUpdate("another process wrote first")

    await service._write(Request(BOB, game=gid), conflict_once)
    assert len(seen) == 2 and seen[0] is seen[1]
