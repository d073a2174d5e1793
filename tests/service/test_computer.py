"""Games against the computer through the Opponent port (a scripted fake engine here; the real
GNU Go is exercised in tests/gtp)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterator

import pytest

from engine.colors import Color
from engine.coords import parse_vertex
from engine.game import Game
from service import GameService
from service.commands import (
    Accept,
    Challenge,
    Computer,
    Done,
    FillDame,
    Games,
    Pass,
    Play,
    Request,
    ShowBoard,
    Undo,
)
from service.computer import COMPUTER_OPTIONS
from service.errors import BadArguments, NotAPlayer, NotYourTurn, WrongPhase
from service.i18n import t
from service.limits import Limits
from service.ports import RESIGN, Database, EngineMove, OpponentUnavailable
from service.scheduler import Scheduler
from service.timing import COMPUTER_RETRY, COMPUTER_RETRY_WITHOUT_ENGINE
from service.views import View, color_name
from tests.service.conftest import ALICE, BOB, FakeClock, line


class ScriptedOpponent:
    """Plays the scripted answers in order: a vertex, ``pass``, ``resign`` or ``down``."""

    name = "Scripted"

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.asked: list[tuple[int, Color, int]] = []

    async def genmove(self, game: Game, color: Color, level: int) -> EngineMove:
        self.asked.append((game.move_number, color, level))
        answer = next(self.answers)
        if answer == "pass":
            return None
        if answer == "resign":
            return RESIGN
        if answer == "down":
            raise OpponentUnavailable("the engine crashed")
        return parse_vertex(answer, game.size)


def computer_service(database: Database, clock: FakeClock, *answers: str) -> GameService:
    return GameService(
        database, clock=clock, rng=random.Random(1), opponent=ScriptedOpponent(*answers)
    )


async def test_a_whole_game_against_the_computer(database: Database, clock: FakeClock) -> None:
    service = computer_service(database, clock, "C3", "pass")
    view = await service.execute(Computer({"size": "9", "level": "3"}), Request(ALICE))
    gid = view.game_id
    name = t("computer.name", name="Scripted", level=3)
    assert gid is not None and view.board is not None and name in view.board.white_name
    view = await service.execute(Play("E5"), Request(ALICE, game=gid))
    played = t("computer.played", name=name, color=color_name(Color.WHITE), point="C3")
    assert line(view, "computer.played") == played
    assert view.board is not None and (2, 2) in view.board.white
    stopped = await service.execute(
        Pass(), Request(ALICE, game=gid)
    )  # the computer passes too: the game stops
    assert line(stopped, "computer.passed") == t("computer.passed", name=name)
    ended = await service.execute(
        Done(), Request(ALICE, game=gid)
    )  # the computer accepts the same marking
    assert "end.announce" in ended.keys
    assert isinstance(service.opponent, ScriptedOpponent)
    assert [(n, c, lvl) for n, c, lvl in service.opponent.asked] == [
        (1, Color.WHITE, 3),
        (3, Color.WHITE, 3),
    ]


async def test_the_computer_moves_first_when_the_player_takes_white(
    database: Database, clock: FakeClock
) -> None:
    service = computer_service(database, clock, "E5")
    view = await service.execute(Computer({"color": "white"}), Request(ALICE))
    assert "E5" in line(view, "computer.played")
    assert view.board is not None and view.board.black == frozenset({(4, 4)})


async def test_undo_takes_back_the_reply_and_the_move(database: Database, clock: FakeClock) -> None:
    service = computer_service(database, clock, "C3", "G7")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    view = await service.execute(Undo(), Request(ALICE, game=gid))
    assert "E5, C3" in line(view, "undo.done_computer")
    assert view.board is not None and not view.board.black and not view.board.white
    view = await service.execute(Play("D4"), Request(ALICE, game=gid))
    assert view.board is not None and (6, 6) in view.board.white


async def test_the_computer_resigns(database: Database, clock: FakeClock) -> None:
    service = computer_service(database, clock, "resign")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    view = await service.execute(Play("E5"), Request(ALICE, game=gid))
    assert "B+R" in line(view, "end.announce")
    with pytest.raises(WrongPhase):
        await service.execute(Play("D4"), Request(ALICE, game=gid))


async def test_an_engine_failure_is_explained_and_the_scheduler_asks_again(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    service = computer_service(database, clock, "down", "down", "C3")
    delivered: list[View] = []
    scheduler = Scheduler(service, _collect(delivered))
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    view = await service.execute(Play("E5"), Request(ALICE, game=gid))
    said = t("computer.no_answer", name="Scripted", reason=t("computer.engine_down"))
    assert line(view, "computer.no_answer") == said  # in the reader's words, not the engine's
    assert "the engine crashed" in caplog.text  # the engine's own words, for the operator
    with pytest.raises(NotYourTurn):
        await service.execute(Play("D4"), Request(ALICE, game=gid))
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))  # a look asks nobody
    assert "computer.played" not in view.keys and view.board is not None
    assert view.board.white == frozenset()
    assert await scheduler.settle_due() == []  # not yet: in a minute
    clock.advance(COMPUTER_RETRY)
    await scheduler.settle_due()  # asked again, in the background: still down
    await service.idle()
    assert delivered == []  # said to nobody
    clock.advance(COMPUTER_RETRY)
    await scheduler.settle_due()
    await service.idle()
    [answered] = delivered
    assert [n.player for n in answered.notify] == [ALICE.id]  # Alice hears of the move
    assert "C3" in line(answered, "computer.played")
    view = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert view.board is not None and view.board.white == frozenset({(2, 2)})
    assert await service.directory.next_deadline() is None  # Alice's turn


async def test_a_restart_before_the_computer_answered_is_caught_up(
    database: Database, clock: FakeClock
) -> None:
    """The person's move committed, then the bot stopped before the computer answered: after
    the restart the scheduler finds the computer's turn due and asks it."""
    service = computer_service(database, clock, "down")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    restarted = computer_service(database, clock, "C3")
    delivered: list[View] = []
    clock.advance(COMPUTER_RETRY)
    await Scheduler(restarted, _collect(delivered)).settle_due()
    await restarted.idle()
    assert "C3" in line(delivered[0], "computer.played")
    assert (await restarted.execute(ShowBoard(), Request(ALICE, game=gid))).board is not None


async def test_a_slow_engines_late_answer_is_not_played_on_a_newer_position(
    database: Database, clock: FakeClock
) -> None:
    """The engine takes longer than the retry: the scheduler asks again and that answer is
    played; the first answer, worked out for an older position, is dropped (never played as a
    later move) and the person's reply does not say the computer failed."""
    slow = HeldOpponent("G7", "C3", "H8")
    service = GameService(database, clock=clock, rng=random.Random(1), opponent=slow)
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    first = asyncio.create_task(service.execute(Play("E5"), Request(ALICE, game=gid)))
    await slow.asked.wait()  # the engine thinks about move 2 ...
    clock.advance(COMPUTER_RETRY)
    delivered: list[View] = []
    await Scheduler(service, _collect(delivered)).settle_due()  # ... and is asked again
    await service.idle()
    assert "C3" in line(delivered[0], "computer.played")
    await service.execute(Play("D4"), Request(ALICE, game=gid))
    slow.release.set()  # the first answer (G7, for the position after move 1) arrives late
    view = await first
    assert "computer.played" not in view.keys and "computer.no_answer" not in view.keys
    board = (await service.execute(ShowBoard(), Request(ALICE, game=gid))).board
    assert board is not None and board.move_number == 4  # E5 C3 D4 H8
    assert board.white == frozenset({(2, 2), (7, 7)})  # no G7


async def test_the_scheduler_does_not_wait_for_the_engine(
    database: Database, clock: FakeClock
) -> None:
    """A game owing the computer's move and a person's game out of time are due together: the
    loss on time is settled at once, whatever the engine does."""
    slow = HeldOpponent("C3")
    service = GameService(database, clock=clock, rng=random.Random(1), opponent=slow)
    computer_game = (await service.execute(Computer({}), Request(ALICE))).game_id
    view = await service.execute(Challenge(BOB, {"size": "9", "time": "1h"}), Request(ALICE))
    await service.execute(Accept(), Request(BOB, game=view.game_id))
    await service.execute(Play("E5"), Request(ALICE, game=view.game_id))
    slow.held = True  # from now on the engine thinks until released
    first = asyncio.create_task(service.execute(Play("E5"), Request(ALICE, game=computer_game)))
    await slow.asked.wait()
    clock.advance(2 * 3600)
    settled = await asyncio.wait_for(Scheduler(service, _collect([])).settle_due(), 10)
    assert any("end.announce" in v.keys for v in settled)  # Bob lost on time, at once
    slow.release.set()
    await first
    await service.close()


class HeldOpponent:
    """Answers in order; while ``held``, each answer waits until ``release`` is set (only the
    first call is held when it starts held)."""

    name = "Slow"

    def __init__(self, *answers: str) -> None:
        self.answers = iter(answers)
        self.held = not answers or answers[0] != "C3"
        self.asked = asyncio.Event()
        self.release = asyncio.Event()

    async def genmove(self, game: Game, color: Color, level: int) -> EngineMove:
        answer = next(self.answers)
        if self.held:
            self.held = False
            self.asked.set()
            await self.release.wait()
        return parse_vertex(answer, game.size)


async def test_a_spectators_look_does_not_ask_the_computer(
    database: Database, clock: FakeClock
) -> None:
    service = computer_service(database, clock, "down", "C3")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    for reader in (BOB, ALICE):
        view = await service.execute(ShowBoard(), Request(reader, game=gid))
        assert "computer.played" not in view.keys and view.board is not None
        assert view.board.white == frozenset()


async def test_an_illegal_answer_of_the_engine_leaves_the_players_move_standing(
    database: Database, clock: FakeClock
) -> None:
    """A GTP engine that answers an occupied point is refused like a person; the player's move
    is kept, the reply says the computer did not answer, and the scheduler asks again."""
    service = computer_service(database, clock, "E5", "C3")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    view = await service.execute(Play("E5"), Request(ALICE, game=gid))
    assert "computer.no_answer" in view.keys
    assert view.board is not None and view.board.black == frozenset({(4, 4)})
    clock.advance(COMPUTER_RETRY)
    delivered: list[View] = []
    await Scheduler(service, _collect(delivered)).settle_due()
    await service.idle()
    assert "C3" in line(delivered[0], "computer.played")


async def test_without_an_engine_the_computers_turn_is_looked_at_hourly(
    database: Database, clock: FakeClock
) -> None:
    """A process with no computer opponent configured (GNU Go missing after a restart) does
    not rewrite a game every minute; one with an engine answers within the hour."""
    service = computer_service(database, clock, "down")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    without = GameService(database, clock=clock)
    clock.advance(COMPUTER_RETRY)
    await Scheduler(without, _collect([])).settle_due()
    due = await without.directory.next_deadline()
    assert due == clock() + COMPUTER_RETRY_WITHOUT_ENGINE


def _collect(into: list[View]) -> Callable[[View], Awaitable[None]]:
    async def deliver(view: View) -> None:
        into.append(view)

    return deliver


async def test_only_the_player_may_move_for_their_colour(
    database: Database, clock: FakeClock
) -> None:
    service = computer_service(database, clock, "C3")
    gid = (await service.execute(Computer({}), Request(ALICE))).game_id
    with pytest.raises(NotAPlayer):
        await service.execute(Play("E5"), Request(BOB, game=gid))


KNOWN = ", ".join(COMPUTER_OPTIONS)


@pytest.mark.parametrize(
    ("options", "key", "params"),
    [
        ({"level": "11"}, "error.level", {"value": "11", "low": 1, "high": 10}),
        ({"level": "x"}, "error.level", {"value": "x", "low": 1, "high": 10}),
        ({"rated": "yes"}, "error.option_unknown", {"key": "rated", "known": KNOWN}),
        ({"size": "40"}, "error.size", {"size": 40, "low": 5, "high": 25}),
    ],
)
async def test_bad_options_are_clear_and_create_nothing(
    database: Database,
    clock: FakeClock,
    options: dict[str, str],
    key: str,
    params: dict[str, object],
) -> None:
    service = computer_service(database, clock)
    with pytest.raises(BadArguments) as excinfo:
        await service.execute(Computer(options), Request(ALICE))
    assert excinfo.value.key == key
    assert excinfo.value.message == t(key, **params)  # names the bad value (and the range)
    assert "#1" not in (await service.execute(Games(), Request(ALICE))).text


async def test_without_an_engine_the_command_says_how_to_get_one(
    database: Database, clock: FakeClock
) -> None:
    service = GameService(database, clock=clock)
    with pytest.raises(WrongPhase) as excinfo:
        await service.execute(Computer({}), Request(ALICE))
    assert excinfo.value.key == "error.computer_unavailable"


async def test_the_computer_agrees_to_fill_dame(database: Database, clock: FakeClock) -> None:
    """Two walls with an open column between them: the fill (commentary 9.2.2) needs both
    players' agreement; the computer gives it at once."""
    replies = [f"G{row}" for row in range(1, 10)] + ["pass"]
    service = computer_service(database, clock, *replies)
    gid = (await service.execute(Computer({"size": "9"}), Request(ALICE))).game_id
    for row in range(1, 10):
        await service.execute(Play(f"E{row}"), Request(ALICE, game=gid))
    stopped = await service.execute(Pass(), Request(ALICE, game=gid))
    assert "computer.passed" in stopped.keys
    filled = await service.execute(FillDame(), Request(ALICE, game=gid))
    assert "F1" in line(filled, "fill.done") and filled.board is not None
    assert all((row, 5) in filled.board.black | filled.board.white for row in range(9))


async def test_at_the_move_limit_the_computer_passes(database: Database, clock: FakeClock) -> None:
    """A game takes no stones after the move limit (service/limits.py): the computer passes
    rather than proposing a stone that would be refused and leave it to move for good."""
    opponent = ScriptedOpponent("C3", "G7")
    service = GameService(database, clock=clock, opponent=opponent, limits=Limits(moves_per_game=3))
    view = await service.execute(Computer({"size": "9"}), Request(ALICE))
    gid = view.game_id
    await service.execute(Play("E5"), Request(ALICE, game=gid))  # the computer answers C3
    at_limit = await service.execute(Play("D4"), Request(ALICE, game=gid))  # move 3: the limit
    assert "computer.passed" in at_limit.keys
    assert len(opponent.asked) == 1  # not asked for a stone it may not play
    stopped = await service.execute(Pass(), Request(ALICE, game=gid))
    assert stopped.board is not None and stopped.board.counting  # two passes: the stop
