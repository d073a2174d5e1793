"""The web's reads of a published league (service.handlers.web_reads): the league's data in the
standings' order with each player's number, a game at any of its moves, a player's page, the
record, and one refusal for everything that is not published, whatever the reason; no platform
id anywhere in what they return."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.colors import Color
from service import GameService
from service.club_commands import (
    ShowGamePage,
    ShowGameRecord,
    ShowLeaguePage,
    ShowPlayerPage,
    WatchGame,
)
from service.commands import Actor, Command, Request
from service.errors import UserError
from service.handlers.web_reads import PageNotFound
from service.pages import Outcome, Progress
from service.standings import standings_of
from service.unit import Unit
from tests.web.kit import (
    COUNTED_MOVES,
    OPEN_MOVES,
    OTHER_TOKEN,
    PLAYERS,
    TOKEN,
    Built,
    build_league,
    new_service,
    open_backend,
    publish,
)

READER = Request(Actor("web:reader", "reader"), "web")
PLATFORM_IDS = ("discord:", "telegram:", "console:")


@pytest.fixture
async def built(tmp_path: Path) -> AsyncIterator[Built]:
    async with open_backend("memory", tmp_path) as database:
        yield await build_league(new_service(database), database)


async def read(service: GameService, command: Command[Any]) -> Any:
    return await service.execute(command, READER)


async def test_the_league_in_the_standings_order(built: Built) -> None:
    page = await read(built.service, ShowLeaguePage(TOKEN))
    async with built.database.unit_of_work() as uow:
        row = await uow.leagues.get(built.league_id)
        assert row is not None
        unit = Unit(built.service.context, READER, uow, 0.0)  # as the chat reads them
        expected = await standings_of(unit, row)
    assert [s.name for s in page.standings] == [r.name for r in expected.rows]
    assert sorted(s.number for s in page.standings) == [1, 2, 3, 4]
    assert page.league.round == 1 and page.league.rounds == 3
    (first,) = page.rounds
    states = {g.id: g.state for g in first.games}
    assert states == {built.counted: Progress.FINISHED, built.open: Progress.PLAYING}
    size = len(page.standings)
    assert all(len(row) == size for row in page.crosstable)
    outcomes = sorted(o for row in page.crosstable for cell in row for _, o in cell.games)
    assert outcomes == sorted([Outcome.WIN, Outcome.LOSS, Outcome.PLAYING, Outcome.PLAYING])
    for i in range(size):
        assert not page.crosstable[i][i].games  # nobody plays themselves


async def test_a_game_at_any_of_its_moves(built: Built) -> None:
    last = len(COUNTED_MOVES) + 2
    end = await read(built.service, ShowGamePage(TOKEN, built.counted))
    assert (end.move, end.last, end.finished, end.live) == (last, last, True, False)
    assert end.tally is not None and end.board.final and end.to_move is None
    assert end.game.result == "B+2.5"
    start = await read(built.service, ShowGamePage(TOKEN, built.counted, 0))
    assert start.played is None and not start.board.black and start.to_move is Color.BLACK
    third = await read(built.service, ShowGamePage(TOKEN, built.counted, 3))
    assert third.played is not None and third.played.point == COUNTED_MOVES[2]
    assert len(third.board.black) == 2 and len(third.board.white) == 1
    assert third.tally is None and third.to_move is Color.WHITE
    live = await read(built.service, ShowGamePage(TOKEN, built.open))
    assert live.live and live.move == len(OPEN_MOVES) and not live.finished
    earlier = await read(built.service, ShowGamePage(TOKEN, built.open, 1))
    assert not earlier.live
    watch = await read(built.service, WatchGame(TOKEN, built.open))
    assert watch.live and watch.stamp == live.stamp


async def test_a_players_page(built: Built) -> None:
    league = await read(built.service, ShowLeaguePage(TOKEN))
    winner = league.standings[0]
    page = await read(built.service, ShowPlayerPage(TOKEN, winner.number))
    assert page.name == winner.name and page.standing == winner
    ((game, outcome, _color),) = page.games
    assert game.id == built.counted and outcome is Outcome.WIN
    assert page.rank is not None and page.history and page.history[0].game_id == built.counted


async def test_nothing_unpublished_is_read_and_every_refusal_is_the_same(built: Built) -> None:
    refused = [
        ShowLeaguePage("no-such-token"),
        ShowLeaguePage(""),
        ShowLeaguePage("x" * 500),
        ShowGamePage(OTHER_TOKEN, built.counted),
        ShowGamePage(TOKEN, built.other_game),
        ShowGamePage(TOKEN, 99999),
        ShowGamePage(TOKEN, built.counted, len(COUNTED_MOVES) + 3),
        ShowGamePage(TOKEN, built.counted, -1),
        ShowGameRecord(TOKEN, built.other_game),
        ShowPlayerPage(TOKEN, 0),
        ShowPlayerPage(TOKEN, len(PLAYERS) + 1),
        WatchGame(OTHER_TOKEN, built.open),
    ]
    for command in refused:
        with pytest.raises(PageNotFound) as error:
            await read(built.service, command)
        assert error.value.key == "error.web_not_found", command
    await publish(built.database, built.league_id, None)
    for command in (ShowLeaguePage(TOKEN), ShowGamePage(TOKEN, built.counted)):
        with pytest.raises(UserError):
            await read(built.service, command)


async def test_no_platform_id_in_anything_the_web_reads(built: Built) -> None:
    commands: list[Command[Any]] = [
        ShowLeaguePage(TOKEN),
        ShowGamePage(TOKEN, built.counted),
        ShowGamePage(TOKEN, built.open),
        ShowGameRecord(TOKEN, built.counted),
        *(ShowPlayerPage(TOKEN, n) for n in range(1, len(PLAYERS) + 1)),
    ]
    for command in commands:
        said = repr(await read(built.service, command))
        for prefix in PLATFORM_IDS:
            assert prefix not in said, (command, prefix)
