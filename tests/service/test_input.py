"""Bad values get one clear sentence and change nothing (the stored game keeps its version)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from engine.coords import Point
from service import GameService
from service.commands import Accept, Adjudicate, Challenge, Dead, Done, Play, Request, ShowBoard
from service.errors import BadArguments, IllegalMoveError, NoSuchGame, UserError, WrongPhase
from service.options import CHALLENGE_OPTIONS
from service.ports import Database, GameStatus
from tests.service.conftest import (
    ALICE,
    BOB,
    ORGANISER,
    play_moves,
    says,
    start_game,
    version_of,
)


@pytest.mark.parametrize(
    ("options", "key", "params"),
    [
        ({"size": "3"}, "error.size", {"size": 3, "low": 5, "high": 25}),
        ({"size": "nine"}, "error.option_number", {"key": "size", "value": "nine"}),
        ({"komi": "lots"}, "error.komi", {"value": "lots"}),
        ({"komi": "6.25"}, "error.komi", {"value": "6.25"}),
        (
            {"color": "red"},
            "error.option_choice",
            {"key": "color", "value": "red", "choices": "black|white|nigiri"},
        ),
        ({"time": "forever"}, "error.time", {"value": "forever"}),
        (
            {"rated": "maybe"},
            "error.option_choice",
            {"key": "rated", "value": "maybe", "choices": "yes|no"},
        ),
        ({"handicap": "1"}, "error.handicap_range", {"size": 19, "limit": 9}),
        ({"handicap": "3", "size": "7"}, "error.handicap_size", {"size": 7}),
        (
            {"weekend": "sometimes"},
            "error.option_choice",
            {"key": "weekend", "value": "sometimes", "choices": "pause|play"},
        ),
        (
            {"speed": "fast"},
            "error.option_unknown",
            {"key": "speed", "known": ", ".join(CHALLENGE_OPTIONS)},
        ),
    ],
)
async def test_bad_challenge_options(
    service: GameService,
    database: Database,
    options: dict[str, str],
    key: str,
    params: dict[str, object],
) -> None:
    with pytest.raises(BadArguments) as excinfo:
        await service.execute(Challenge(BOB, options), Request(ALICE))
    assert says(excinfo.value, key, **params)
    async with database.unit_of_work() as uow:
        assert await uow.games.for_player(ALICE.id, list(GameStatus)) == []


@pytest.mark.parametrize(
    ("point", "key", "params"),
    [
        ("Q20", "error.point_off", {"point": "Q20", "size": 19, "range": "A1–T19"}),
        ("I5", "error.point_no_i", {"range": "A1–T19"}),
        ("zz", "error.point_form", {"text": "zz", "size": 19, "range": "A1–T19"}),
        ("D0", "error.point_off", {"point": "D0", "size": 19, "range": "A1–T19"}),
        ("\u01305", "error.point_form", {"text": "\u01305", "size": 19, "range": "A1–T19"}),
        ("\u043a5", "error.point_form", {"text": "\u043a5", "size": 19, "range": "A1–T19"}),
    ],
)
async def test_bad_points(
    service: GameService, database: Database, point: str, key: str, params: dict[str, object]
) -> None:
    gid = await start_game(service)
    before = await version_of(database, gid)
    with pytest.raises(BadArguments) as excinfo:
        await service.execute(Play(point), Request(ALICE, game=gid))
    assert says(excinfo.value, key, **params)
    assert await version_of(database, gid) == before


async def test_look_alike_letters_play_the_point_they_show(service: GameService) -> None:
    """``play K5`` typed with the Kelvin sign (U+212A) is K5, not an internal error."""
    gid = await start_game(service)
    view = await service.execute(Play("\u212a5"), Request(ALICE, game=gid))
    assert view.board is not None and view.board.last_move == Point(4, 9)


async def test_illegal_moves_name_the_rule(service: GameService, database: Database) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "D5", "E5", "E6", "F6", "E4", "F4", "B2", "G5", "F5")
    before = await version_of(database, gid)
    with pytest.raises(IllegalMoveError) as ko:
        await service.execute(Play("E5"), Request(BOB, game=gid))
    assert says(ko.value, "error.illegal_ko")
    with pytest.raises(IllegalMoveError) as occupied:
        await service.execute(Play("D5"), Request(BOB, game=gid))
    assert says(occupied.value, "error.illegal_occupied", point="D5")
    assert await version_of(database, gid) == before


async def test_suicide_is_refused(service: GameService) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "A2", "E5", "B1")
    with pytest.raises(IllegalMoveError) as excinfo:
        await service.execute(Play("A1"), Request(BOB, game=gid))
    assert says(excinfo.value, "error.illegal_suicide", point="A1")


async def test_bad_values_for_the_other_commands(service: GameService, database: Database) -> None:
    gid = await start_game(service, "size=9")
    await play_moves(service, gid, "E5", "pass", "pass")
    before = await version_of(database, gid)
    Call = Callable[[], Awaitable[object]]
    calls: list[tuple[Call, type[UserError], str, dict[str, object]]] = [
        (
            lambda: service.execute(Dead(("A1",)), Request(ALICE, game=gid)),
            BadArguments,
            "error.dead_empty",
            {"point": "A1"},
        ),
        (
            lambda: service.execute(Dead(()), Request(ALICE, game=gid)),
            BadArguments,
            "error.dead_needs_points",
            {},
        ),
        (
            lambda: service.execute(Dead(("Z9",)), Request(ALICE, game=gid)),
            BadArguments,
            "error.point_off",
            {"point": "Z9", "size": 9, "range": "A1–J9"},
        ),
        (
            lambda: service.execute(Done(7), Request(ALICE, game=gid)),
            UserError,
            "error.stale_marking",
            {"old": 7, "v": 1},
        ),
        (
            lambda: service.execute(Play("C3"), Request(ALICE, game=gid)),
            WrongPhase,
            "error.stopped_play",
            {"id": gid},
        ),
        (
            lambda: service.execute(Adjudicate("B+lots"), Request(ORGANISER, game=gid)),
            BadArguments,
            "error.result",
            {"value": "B+lots"},
        ),
        (
            lambda: service.execute(Adjudicate("B+R"), Request(ORGANISER)),
            BadArguments,
            "error.adjudicate_needs_game",
            {},
        ),
        (
            lambda: service.execute(ShowBoard(), Request(ALICE, game=999)),
            NoSuchGame,
            "error.no_such_game",
            {"id": 999},
        ),
        (
            lambda: service.execute(Accept(), Request(BOB)),
            NoSuchGame,
            "error.no_challenge",
            {},
        ),
        (
            lambda: service.execute(Challenge(ALICE, {}), Request(ALICE)),
            BadArguments,
            "error.challenge_self",
            {},
        ),
    ]
    for call, error, key, params in calls:
        with pytest.raises(error) as excinfo:
            await call()
        assert says(excinfo.value, key, **params), (key, excinfo.value.message)
    assert await version_of(database, gid) == before


async def test_a_game_number_is_needed_with_several_games(service: GameService) -> None:
    await start_game(service, "size=9")
    await start_game(service, "size=9")
    with pytest.raises(NoSuchGame) as several:
        await service.execute(Play("E5"), Request(ALICE))
    assert says(several.value, "error.which_game", games="#2, #1")
    with pytest.raises(NoSuchGame) as none:
        await service.execute(Play("E5"), Request(ORGANISER))
    assert says(none.value, "error.no_game")
