"""Games against the computer through the Opponent port (a scripted fake engine here; the real
GNU Go is exercised in tests/gtp)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.game import Game
from service import GameService
from service.errors import BadArguments, NotAPlayer, NotYourTurn, WrongPhase
from service.ports import Database, OpponentResigns, OpponentUnavailable
from tests.service.conftest import ALICE, BOB, FakeClock


class ScriptedOpponent:
    """Plays the scripted answers in order: a vertex, ``pass``, ``resign`` or ``down``."""

    name = "Scripted"

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.asked: list[tuple[int, Color, int]] = []

    async def genmove(self, game: Game, color: Color, level: int) -> Point | None:
        self.asked.append((game.move_number, color, level))
        answer = next(self.answers)
        if answer == "pass":
            return None
        if answer == "resign":
            raise OpponentResigns()
        if answer == "down":
            raise OpponentUnavailable("the engine crashed")
        return parse_vertex(answer, game.size)


def computer_service(database: Database, clock: FakeClock, *answers: str) -> GameService:
    return GameService(
        database, clock=clock, rng=random.Random(1), opponent=ScriptedOpponent(*answers)
    )


async def test_a_whole_game_against_the_computer(database: Database, clock: FakeClock) -> None:
    service = computer_service(database, clock, "C3", "pass")
    view = await service.computer(ALICE, {"size": "9", "level": "3"})
    gid = view.game_id
    assert gid is not None and "Scripted level 3" in view.text
    view = await service.play(ALICE, "E5", gid)
    assert "Scripted level 3 played White C3." in view.text
    assert view.board is not None and (2, 2) in view.board.white
    stopped = await service.pass_(ALICE, gid)  # the computer passes too: the game stops
    assert "Scripted level 3 passed." in stopped.text
    ended = await service.done(ALICE, None, gid)  # the computer accepts the same marking
    assert "is over" in ended.text
    assert isinstance(service.opponent, ScriptedOpponent)
    assert [(n, c, lvl) for n, c, lvl in service.opponent.asked] == [
        (1, Color.WHITE, 3),
        (3, Color.WHITE, 3),
    ]


async def test_the_computer_moves_first_when_the_player_takes_white(
    database: Database, clock: FakeClock
) -> None:
    service = computer_service(database, clock, "E5")
    view = await service.computer(ALICE, {"color": "white"})
    assert "played Black E5" in view.text
    assert view.board is not None and view.board.black == frozenset({(4, 4)})


async def test_undo_takes_back_the_reply_and_the_move(database: Database, clock: FakeClock) -> None:
    service = computer_service(database, clock, "C3", "G7")
    gid = (await service.computer(ALICE, {})).game_id
    await service.play(ALICE, "E5", gid)
    view = await service.undo(ALICE, gid)
    assert "E5, C3" in view.text
    assert view.board is not None and not view.board.black and not view.board.white
    view = await service.play(ALICE, "D4", gid)
    assert view.board is not None and (6, 6) in view.board.white


async def test_the_computer_resigns(database: Database, clock: FakeClock) -> None:
    service = computer_service(database, clock, "resign")
    gid = (await service.computer(ALICE, {})).game_id
    view = await service.play(ALICE, "E5", gid)
    assert "B+R" in view.text
    with pytest.raises(WrongPhase):
        await service.play(ALICE, "D4", gid)


async def test_an_engine_failure_is_explained_and_board_asks_again(
    database: Database, clock: FakeClock
) -> None:
    service = computer_service(database, clock, "down", "C3")
    gid = (await service.computer(ALICE, {})).game_id
    view = await service.play(ALICE, "E5", gid)
    assert "did not answer (the engine crashed)" in view.text
    with pytest.raises(NotYourTurn):
        await service.play(ALICE, "D4", gid)
    view = await service.board(ALICE, gid)
    assert "played White C3" in view.text


async def test_only_the_player_may_move_for_their_colour(
    database: Database, clock: FakeClock
) -> None:
    service = computer_service(database, clock, "C3")
    gid = (await service.computer(ALICE, {})).game_id
    with pytest.raises(NotAPlayer):
        await service.play(BOB, "E5", gid)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"level": "11"}, "level=11 is not a level"),
        ({"level": "x"}, "level=x is not a level"),
        ({"rated": "yes"}, "rated"),
        ({"size": "40"}, "40"),
    ],
)
async def test_bad_options_are_clear_and_create_nothing(
    database: Database, clock: FakeClock, options: dict[str, str], message: str
) -> None:
    service = computer_service(database, clock)
    with pytest.raises(BadArguments, match=message):
        await service.computer(ALICE, options)
    assert "#1" not in (await service.games(ALICE)).text


async def test_without_an_engine_the_command_says_how_to_get_one(
    database: Database, clock: FakeClock
) -> None:
    service = GameService(database, clock=clock)
    with pytest.raises(WrongPhase, match="install GNU Go"):
        await service.computer(ALICE, {})


async def test_the_computer_agrees_to_fill_dame(database: Database, clock: FakeClock) -> None:
    """Two walls with an open column between them: the fill (commentary 9.2.2) needs both
    players' agreement; the computer gives it at once."""
    replies = [f"G{row}" for row in range(1, 10)] + ["pass"]
    service = computer_service(database, clock, *replies)
    gid = (await service.computer(ALICE, {"size": "9"})).game_id
    for row in range(1, 10):
        await service.play(ALICE, f"E{row}", gid)
    stopped = await service.pass_(ALICE, gid)
    assert "passed" in stopped.text
    filled = await service.filldame(ALICE, gid)
    assert "F1" in filled.text and filled.board is not None
    assert all((row, 5) in filled.board.black | filled.board.white for row in range(9))
