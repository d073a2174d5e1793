"""The bot's proposal at the stop (Art. 9.1-9.2), worked out after the stop is written: two
judges, their disputes shown, a time budget for the engine, and a proposal that never holds the
database nor wins over what a player did meanwhile (service/judging.py)."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Iterable

import pytest

from engine import estimate
from engine.board import Board
from engine.coords import Point, parse_vertex
from engine.game import Game
from engine.judging import Judgement
from service import GameService
from service.commands import (
    SYSTEM,
    Dead,
    Done,
    FillDame,
    Pass,
    Play,
    Propose,
    Request,
    Resume,
)
from service.errors import WrongPhase
from service.i18n import t
from service.judging import judging_processes
from service.match import Match
from service.ports import Database, OpponentUnavailable
from service.scheduler import Scheduler
from service.timing import JUDGING_RETRY
from service.views import View
from tests.service.conftest import ALICE, BOB, CAROL, FakeClock, line, says, start_game

# Black walls off columns A-D, White E-J; a lone black stone at H5 dies in White's area.
WALLS = [m for row in range(1, 10) for m in (f"D{row}", f"E{row}")]


class ScriptedJudge:
    """A GTP engine's second opinion, as the service's Judge port sees it."""

    name = "Scripted Go"

    def __init__(
        self,
        dead: Iterable[str] = (),
        *,
        hold: asyncio.Event | None = None,
        fail: bool = False,
    ) -> None:
        self.dead = tuple(dead)
        self.hold = hold
        self.fail = fail
        self.asked: list[int] = []

    async def dead_stones(self, game: Game) -> frozenset[Point]:
        self.asked.append(game.move_number)
        if self.hold is not None:
            await self.hold.wait()
        if self.fail:
            raise OpponentUnavailable("the engine exited")
        return frozenset(parse_vertex(v, game.size) for v in self.dead)


def judged_service(
    database: Database, clock: FakeClock, judge: ScriptedJudge | None
) -> GameService:
    return GameService(database, clock=clock, judge=judge)


async def stopped_game(service: GameService) -> tuple[int, View]:
    """A 9×9 game played to the second pass; the reply to that pass."""
    gid = await start_game(service, "size=9")
    for k, move in enumerate([*WALLS, "H5"]):
        await service.execute(Play(move), Request(ALICE if k % 2 == 0 else BOB, game=gid))
    await service.execute(Pass(), Request(BOB, game=gid))
    return gid, await service.execute(Pass(), Request(ALICE, game=gid))


async def match_of(database: Database, gid: int) -> Match:
    async with database.unit_of_work() as uow:
        row = await uow.games.get(gid)
    assert row is not None
    return Match.from_data(row.data, row.size)


async def test_the_stop_reply_is_the_proposal_agreed_by_both_judges(
    database: Database, clock: FakeClock
) -> None:
    """Art. 9.2: the engine and the bot agree that H5 is dead: that is proposed as version 1,
    both players are told, nothing is disputed."""
    engine = ScriptedJudge(["H5"])
    service = judged_service(database, clock, engine)
    gid, stop = await stopped_game(service)
    assert engine.asked == [len(WALLS) + 3]  # the stopped position, once
    assert "info.stopped" in stop.keys and "info.stopped_judging" not in stop.keys
    assert line(stop, "marking.header").endswith("H5")
    assert "marking.disputed" not in stop.keys
    assert {n.player for n in stop.notify} == {ALICE.id, BOB.id}
    assert f"g{gid}:done:v1" in [b.token for b in stop.buttons]
    match = await match_of(database, gid)
    assert match.version == 1 and not match.judging and match.dead == {Point(4, 7)}


async def test_a_disputed_group_is_named_drawn_and_the_tally_depends_on_it(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the judges still disagree after the second reading, the group is disputed: named
    in the reply with the command that changes it, marked on the image, and the tally says the
    result depends on it."""
    h5 = (Point(4, 7),)

    def disagreeing(
        board: Board, engine_dead: object, *, engine: str = "", own: object
    ) -> Judgement:
        return Judgement(frozenset(h5), (), (h5,), ("estimator", engine))

    monkeypatch.setattr("service.judging.judge", disagreeing)
    service = judged_service(database, clock, ScriptedJudge([]))
    gid, stop = await stopped_game(service)
    assert "H5" in line(stop, "marking.disputed")
    depends = str(t("tally.depends", outcome="{}")).split("{}")[1]
    assert stop.board is not None and stop.board.disputed == {(4, 7)}
    assert stop.board.tally is not None and stop.board.tally.endswith(depends)
    assert any(text.endswith(depends) for text in stop.lines)  # the reply's tally too
    match = await match_of(database, gid)
    assert match.disputed == (frozenset(h5),)
    for notice in stop.notify:  # both players are asked to check it
        assert any(getattr(text, "key", None) == "marking.disputed" for text in notice.lines)


async def test_an_engine_that_does_not_answer_in_time_leaves_the_bots_judgement(
    database: Database,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The engine's time budget: past it, the bot proposes on its own and says so in the log."""
    monkeypatch.setattr("service.judging.engine_budget", lambda size: 0.05)
    engine = ScriptedJudge(["D1"], hold=asyncio.Event())  # never released
    service = judged_service(database, clock, engine)
    with caplog.at_level(logging.WARNING, logger="service.judging"):
        gid, stop = await stopped_game(service)
    assert line(stop, "marking.header").endswith("H5")  # the bot's own: the wall lives
    assert "did not judge the dead stones" in caplog.text
    assert not (await match_of(database, gid)).judging


async def test_an_engine_that_fails_leaves_the_bots_judgement(
    database: Database, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    service = judged_service(database, clock, ScriptedJudge(fail=True))
    with caplog.at_level(logging.WARNING, logger="service.judging"):
        _, stop = await stopped_game(service)
    assert line(stop, "marking.header").endswith("H5")
    assert "could not judge the dead stones" in caplog.text


async def held_stop(service: GameService, hold: asyncio.Event) -> tuple[int, asyncio.Task[View]]:
    """A game whose second pass is written while its proposal is held by the engine."""
    gid = await start_game(service, "size=9")
    for k, move in enumerate([*WALLS, "H5"]):
        await service.execute(Play(move), Request(ALICE if k % 2 == 0 else BOB, game=gid))
    await service.execute(Pass(), Request(BOB, game=gid))
    stopping = asyncio.create_task(service.execute(Pass(), Request(ALICE, game=gid)))
    judge = service.context.judge
    assert isinstance(judge, ScriptedJudge)
    for _ in range(200):  # until the engine is asked: the stop is committed by then
        if judge.asked:
            break
        await asyncio.sleep(0.01)
    assert judge.asked
    return gid, stopping


async def test_while_the_bot_judges_nothing_can_be_accepted(
    database: Database, clock: FakeClock
) -> None:
    hold = asyncio.Event()
    service = judged_service(database, clock, ScriptedJudge(["H5"], hold=hold))
    gid, stopping = await held_stop(service, hold)
    match = await match_of(database, gid)
    assert match.judging and match.version == 1 and not match.dead
    for command in (Done(1), Done(None), FillDame()):
        with pytest.raises(WrongPhase) as error:
            await service.execute(command, Request(BOB, game=gid))
        assert says(error.value, "error.judging")
    hold.set()
    stop = await stopping
    assert line(stop, "marking.header").endswith("H5")


@pytest.mark.parametrize("meanwhile", ["resume", "dead"])
async def test_a_player_who_acts_first_wins_over_the_late_proposal(
    database: Database, clock: FakeClock, meanwhile: str
) -> None:
    """Art. 9.3 and 9.2: a resume, or a marking of the player's own, made while the proposal is
    worked out stands; the proposal arriving afterwards is dropped."""
    hold = asyncio.Event()
    service = judged_service(database, clock, ScriptedJudge(["H5"], hold=hold))
    gid, stopping = await held_stop(service, hold)
    if meanwhile == "resume":
        view = await service.execute(Resume(), Request(BOB, game=gid))
        assert "info.resumed" in view.keys
    else:
        view = await service.execute(Dead(("D1",)), Request(BOB, game=gid))
        assert line(view, "marking.header").endswith("D9")  # the black wall, by Bob
    hold.set()
    stop = await stopping
    assert "marking.header" not in stop.keys  # the stopper hears the stop, not a proposal
    match = await match_of(database, gid)
    assert not match.judging
    if meanwhile == "resume":
        assert match.dead == frozenset()
    else:
        assert Point(4, 7) not in match.dead and Point(0, 3) in match.dead
        assert match.version == 2


async def test_another_games_move_goes_through_while_a_proposal_is_worked_out(
    real_database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No command of another game waits for a proposal (SQLite and PostgreSQL): the bot's own
    judgement is held in its worker thread, and a move of another game is written meanwhile."""
    release = threading.Event()
    started = threading.Event()
    real_estimate = estimate.estimate

    def held(board: Board) -> estimate.Estimate:
        started.set()
        release.wait(20)
        return real_estimate(board)

    monkeypatch.setattr("service.judging.estimate", held)
    service = GameService(real_database, clock=clock)
    gid = await start_game(service, "size=9")
    other = await start_game(service, "size=9", black=CAROL, white=BOB)
    for k, move in enumerate([*WALLS, "H5"]):
        await service.execute(Play(move), Request(ALICE if k % 2 == 0 else BOB, game=gid))
    await service.execute(Pass(), Request(BOB, game=gid))
    stopping = asyncio.create_task(service.execute(Pass(), Request(ALICE, game=gid)))
    try:
        while not started.is_set():
            await asyncio.sleep(0.01)
        moved = await asyncio.wait_for(service.execute(Play("C3"), Request(CAROL, game=other)), 10)
        assert moved.board is not None and (2, 2) in moved.board.black
        assert not stopping.done()
    finally:
        release.set()
    stop = await stopping
    assert line(stop, "marking.header").endswith("H5")


async def test_a_proposal_its_process_never_wrote_is_worked_out_by_the_scheduler(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that wrote the stop died before its proposal: the stop's stored deadline
    brings the scheduler (of any process) to work it out and tell both players."""

    async def dies(self: GameService, unit: object, request: object, view: View) -> View:
        return view

    with monkeypatch.context() as patch:
        patch.setattr(GameService, "_judged", dies)
        service = judged_service(database, clock, None)
        gid, stop = await stopped_game(service)
    assert "info.stopped_judging" in stop.keys
    assert (await match_of(database, gid)).judging
    delivered: list[View] = []

    async def deliver(view: View) -> None:
        delivered.append(view)

    scheduler = Scheduler(service, deliver)
    assert await scheduler.settle_due() == []  # not due yet
    clock.advance(JUDGING_RETRY + 1)
    await scheduler.settle_due()
    await service.idle()
    match = await match_of(database, gid)
    assert not match.judging and match.dead == {Point(4, 7)}
    assert [{n.player for n in v.notify} for v in delivered] == [{ALICE.id, BOB.id}]
    assert await scheduler.seconds_to_next() is None  # nothing more to do


async def test_a_person_cannot_write_a_proposal(database: Database, clock: FakeClock) -> None:
    hold = asyncio.Event()
    service = judged_service(database, clock, ScriptedJudge(hold=hold))
    gid, stopping = await held_stop(service, hold)
    forged = Propose(gid, 1, len(WALLS) + 3, (Point(0, 3),))
    assert await service.execute(forged, Request(BOB, game=gid)) is None
    assert (await match_of(database, gid)).judging
    written = await service.execute(forged, Request(SYSTEM, game=gid))
    assert written is not None and (await match_of(database, gid)).dead >= {Point(0, 3)}
    hold.set()
    await stopping  # the bot's own, now late: dropped
    assert Point(4, 7) not in (await match_of(database, gid)).dead


async def test_the_bots_reading_runs_in_a_process_of_its_own(
    database: Database, clock: FakeClock
) -> None:
    """As the bot runs it (bot/app.py): the reading in a separate process, at a lower priority
    than the bot, gives the same proposal as in a worker thread."""
    workers = judging_processes()
    try:
        service = GameService(database, clock=clock, judging=workers)
        gid, stop = await stopped_game(service)
        niceness = workers.submit(os.getpriority, os.PRIO_PROCESS, 0).result(timeout=30)
    finally:
        workers.shutdown()
    assert niceness > os.getpriority(os.PRIO_PROCESS, 0)  # below the bot: it yields the CPU
    assert line(stop, "marking.header").endswith("H5")
    assert (await match_of(database, gid)).dead == {Point(4, 7)}


async def test_a_proposal_that_fails_leaves_the_stop_for_the_scheduler(
    database: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reading that fails (a bug of ours) never reaches the chat as an error: the stopper
    hears the stop, and the stop waits for the scheduler's retry."""

    def broken(board: Board) -> estimate.Estimate:
        raise RuntimeError("a bug")

    monkeypatch.setattr("service.judging.estimate", broken)
    service = judged_service(database, clock, None)
    gid, stop = await stopped_game(service)
    assert "info.stopped_judging" in stop.keys
    assert (await match_of(database, gid)).judging
