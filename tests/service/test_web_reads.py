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
from engine.result import GameResult
from service import GameService
from service.club_commands import (
    League,
    LeagueAction,
    ShowGamePage,
    ShowGameRecord,
    ShowLeaguePage,
    ShowPlayerPage,
    WatchGame,
)
from service.commands import Actor, Command, Request, Resign, Sgf
from service.errors import UserError
from service.handlers.web_reads import PageNotFound
from service.pages import Outcome, Progress
from service.ports import GameStatus
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


async def test_a_players_rating_history_shows_only_this_leagues_games(built: Built) -> None:
    """A rated game elsewhere (here the other community's league) changes the player's rating,
    but the published league's page does not show it, not even that it was played."""
    async with built.database.unit_of_work() as uow:
        other = await uow.games.get(built.other_game)
        counted = await uow.games.get(built.counted)
    assert other is not None and other.to_move is not None and counted is not None
    loser = next(a for a in PLAYERS if a.id == other.to_move)
    elsewhere = Request(loser, "discord:5", game=built.other_game, community="discord:5")
    await built.service.execute(Resign(confirm=True), elsewhere)
    async with built.database.unit_of_work() as uow:
        changes = await uow.ratings.changes([loser.id], limit=10)
    assert built.other_game in {c.game_id for c in changes}  # rated: the rating moved
    number = await number_of(built, loser.id)
    page = await read(built.service, ShowPlayerPage(TOKEN, number))
    assert built.other_game not in {point.game_id for point in page.history}
    if loser.id in (counted.black, counted.white):  # this league's counted game is listed
        assert built.counted in {point.game_id for point in page.history}


async def number_of(built: Built, account: str) -> int:
    """The player's number in the published league (as its pages address them)."""
    page = await read(built.service, ShowLeaguePage(TOKEN))
    names = {a.id: a.name for a in PLAYERS}
    return next(r.number for r in page.standings if r.name == names[account])


async def test_every_counted_game_shows_its_count_and_no_other_does() -> None:
    """The game page's count at the end is the one the players agreed when the result is that
    count's (a win on points, a jigo, a seki, an agreed fill), and none for a resignation, an
    adjudication or a void game (as the SGF's territory marks: service.game_record)."""
    from storage.memory import open_memory
    from tests.bot.league_season import ORG, Season, build_autumn

    database = await open_memory()
    season = Season(database)
    await build_autumn(season)
    await season.run(League(LeagueAction.PUBLISH, "autumn"), ORG, community="console")
    token = (await season.league("autumn")).token
    assert token is not None
    kinds: set[str] = set()
    for row in await season.games("autumn"):
        if row.status is not GameStatus.FINISHED or row.result is None:
            continue
        page = await read(season.service, ShowGamePage(token, row.id))
        result = GameResult.from_sgf(row.result)
        record = await season.service.execute(Sgf(), Request(ORG, "console", game=row.id))
        assert record.file is not None
        marked = b"TB[" in record.file[1]  # the record's agreed count
        assert (page.tally is not None) == marked, (row.id, row.result)
        kinds.add(f"{result.kind.name}:{marked}")
    assert {"JIGO:True", "SCORE:True", "RESIGNATION:False"} <= kinds, kinds
    await database.close()
