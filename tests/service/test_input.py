"""Bad values get one clear sentence and change nothing (the stored game keeps its version)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from service import GameService
from service.commands import Accept, Adjudicate, Board, Challenge, Dead, Done, Play, Request
from service.errors import BadArguments, IllegalMoveError, NoSuchGame, UserError, WrongPhase
from service.ports import Database, GameStatus
from tests.service.conftest import ALICE, BOB, ORGANISER, play_moves, start_game


async def version_of(database: Database, game_id: int) -> tuple[int, int]:
    async with database.unit_of_work() as uow:
        row = await uow.games.get(game_id)
        assert row is not None
        return row.version, len(await uow.games.events(game_id))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": "3"}, "Board size 3 is not supported: use size=5 to size=25"),
        ({"size": "nine"}, "size=nine is not a number"),
        ({"komi": "lots"}, "komi=lots is not a komi"),
        ({"komi": "6.25"}, "komi=6.25 is not a komi"),
        ({"color": "red"}, "color=red is not allowed: use color=black|white|nigiri"),
        ({"time": "forever"}, "time=forever is not a time control"),
        ({"rated": "maybe"}, "rated=maybe is not allowed: use rated=yes|no"),
        ({"handicap": "1"}, "A handicap on 19×19 is 2 to 9 stones"),
        ({"handicap": "3", "size": "7"}, "fixed points on 9×9, 13×13 and 19×19"),
        ({"weekend": "sometimes"}, "weekend=sometimes is not allowed: use weekend=pause|play"),
        ({"speed": "fast"}, "Unknown option speed="),
    ],
)
async def test_bad_challenge_options(
    service: GameService, database: Database, options: dict[str, str], message: str
) -> None:
    with pytest.raises(BadArguments, match=message.replace("|", r"\|").replace(".", r"\.")):
        await service.execute(Challenge(BOB, options), Request(ALICE))
    async with database.unit_of_work() as uow:
        assert await uow.games.for_player(ALICE.id, list(GameStatus)) == []


@pytest.mark.parametrize(
    ("point", "message"),
    [
        ("Q20", "Q20 is off a 19×19 board (A1–T19)"),
        ("I5", "There is no column I"),
        ("zz", "'zz' is not a point: write a column letter and a row number, like D4"),
        ("D0", "D0 is off a 19×19 board"),
    ],
)
async def test_bad_points(
    service: GameService, database: Database, point: str, message: str
) -> None:
    gid = await start_game(service)
    before = await version_of(database, gid)
    with pytest.raises(BadArguments, match=message.replace("(", r"\(").replace(")", r"\)")):
        await service.execute(Play(point), Request(ALICE, game=gid))
    assert await version_of(database, gid) == before


async def test_illegal_moves_name_the_rule(service: GameService, database: Database) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5")
    before = await version_of(database, gid)
    with pytest.raises(
        IllegalMoveError, match=r"^Illegal move: ko — play elsewhere first \(Art\. 6\)$"
    ):
        await service.execute(Play("E5"), Request(BOB, game=gid))
    with pytest.raises(IllegalMoveError, match="D5 is occupied"):
        await service.execute(Play("D5"), Request(BOB, game=gid))
    assert await version_of(database, gid) == before


async def test_suicide_is_refused(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "A2", "E5", "B1")
    with pytest.raises(IllegalMoveError, match=r"suicide \(Art\. 4\)"):
        await service.execute(Play("A1"), Request(BOB, game=gid))


async def test_bad_values_for_the_other_commands(service: GameService, database: Database) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    before = await version_of(database, gid)
    calls: list[tuple[Callable[[], Awaitable[object]], type[UserError], str]] = [
        (
            lambda: service.execute(Dead(("A1",)), Request(ALICE, game=gid)),
            BadArguments,
            "A1 is empty",
        ),
        (
            lambda: service.execute(Dead(()), Request(ALICE, game=gid)),
            BadArguments,
            "Name at least one stone",
        ),
        (
            lambda: service.execute(Dead(("Z9",)), Request(ALICE, game=gid)),
            BadArguments,
            "off a 9×9",
        ),
        (
            lambda: service.execute(Done(7), Request(ALICE, game=gid)),
            UserError,
            "v7 was replaced by v1",
        ),
        (
            lambda: service.execute(Play("C3"), Request(ALICE, game=gid)),
            WrongPhase,
            "stopped for counting",
        ),
        (
            lambda: service.execute(Adjudicate("B+lots"), Request(ORGANISER, game=gid)),
            BadArguments,
            "not a result",
        ),
        (
            lambda: service.execute(Adjudicate("B+R"), Request(ORGANISER)),
            BadArguments,
            "Name the game",
        ),
        (
            lambda: service.execute(Board(), Request(ALICE, game=999)),
            NoSuchGame,
            "There is no game #999",
        ),
        (lambda: service.execute(Accept(), Request(BOB)), NoSuchGame, "no challenge for you"),
        (
            lambda: service.execute(Challenge(ALICE, {}), Request(ALICE)),
            BadArguments,
            "cannot challenge yourself",
        ),
    ]
    for call, error, message in calls:
        with pytest.raises(error, match=message):
            await call()
    assert await version_of(database, gid) == before


async def test_a_game_number_is_needed_with_several_games(service: GameService) -> None:
    await start_game(service, "size=9")
    await start_game(service, "size=9")
    with pytest.raises(NoSuchGame, match=r"several games \(#2, #1\)"):
        await service.execute(Play("E5"), Request(ALICE))
    with pytest.raises(NoSuchGame, match="no game in progress"):
        await service.execute(Play("E5"), Request(ORGANISER))
