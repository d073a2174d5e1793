"""The clock scheduler with an injectable clock: reminders, loss on time, and settling after a
restart every game whose deadline passed while the bot was down."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from engine.colors import Color
from service import GameService, View
from service.clock import DAY
from service.commands import Games, Play, Request, ShowBoard, Vacation
from service.i18n import t
from service.scheduler import Scheduler
from service.views import color_name
from storage.sqlite import open_sqlite
from tests.service.conftest import ALICE, BOB, CAROL, START, FakeClock, left, line, start_game

HOUR = 3600.0


class Inbox:
    """Collects what the scheduler delivers."""

    def __init__(self) -> None:
        self.views: list[View] = []

    async def __call__(self, view: View) -> None:
        self.views.append(view)


async def test_reminder_then_loss_on_time(service: GameService, clock: FakeClock) -> None:
    inbox = Inbox()
    scheduler = Scheduler(service, inbox)
    gid = await start_game(service, "size=9", "time=2d/move")
    assert await scheduler.seconds_to_next() == 1.5 * DAY  # reminder: a quarter of 2 days left
    clock.advance(1.5 * DAY - 1)
    assert await scheduler.settle_due() == []
    clock.advance(1)
    [reminder] = await scheduler.settle_due()
    assert reminder.notify[0].player == ALICE.id and reminder.keys == ("notice.little_time",)
    assert reminder.notify[0].turn is False  # always sent, to the player's private chat if any
    assert await scheduler.seconds_to_next() == 0.5 * DAY - 2 * HOUR  # the last: 2 h left
    clock.advance(0.5 * DAY - 2 * HOUR)
    [last] = await scheduler.settle_due()
    assert last.keys == ("notice.little_time",) and "2h 0m" in last.text
    assert await scheduler.seconds_to_next() == 2 * HOUR
    clock.advance(2 * HOUR)
    [lost] = await scheduler.settle_due()
    announce = line(lost, "end.announce")
    assert f"#{gid}" in announce and "W+T" in announce
    assert t("result.time", winner=color_name(Color.WHITE)) in announce
    assert {n.player for n in lost.notify} == {ALICE.id, BOB.id}
    assert inbox.views == [reminder, last, lost]
    assert await service.directory.next_deadline() is None


async def test_each_reminder_goes_out_once_across_restarts(tmp_path: Path) -> None:
    """docs/commands.md, "Correspondence": a reminder per threshold, none twice and none lost when
    the bot restarts; a bot that was down past both thresholds sends one, the latest."""
    path = tmp_path / "games.db"
    clock = FakeClock()

    async def settle() -> list[View]:
        database = await open_sqlite(path)  # a new process each time
        try:
            return await Scheduler(GameService(database, clock=clock), Inbox()).settle_due()
        finally:
            await database.close()

    database = await open_sqlite(path)
    service = GameService(database, clock=clock, rng=random.Random(1))
    first = await start_game(service, "size=9", "time=2d/move")
    second = await start_game(service, "size=9", "time=2d/move", black=CAROL, white=BOB)
    await database.close()
    clock.advance(1.5 * DAY)
    assert [v.game_id for v in await settle()] == [first, second]  # 12 h left: the first
    assert await settle() == []  # restarted at once: nothing again
    clock.advance(DAY / 2 - HOUR)  # the bot was down past the second threshold (2 h)
    again = await settle()
    assert [v.game_id for v in again] == [first, second] and "1h 0m" in again[0].text
    assert await settle() == []
    clock.advance(3 * HOUR)  # and past the end: each game lost on time, once
    assert ["W+T" in line(v, "end.announce") for v in await settle()] == [True, True]
    assert await settle() == []

    database = await open_sqlite(path)
    service = GameService(database, clock=clock, rng=random.Random(1))
    third = await start_game(service, "size=9", "time=2d/move")
    await database.close()
    clock.advance(2 * DAY - HOUR)  # down past both thresholds of this turn: one reminder
    [latest] = await settle()
    assert latest.game_id == third and "1h 0m" in latest.text
    assert await settle() == []


async def test_a_move_resets_the_clock_and_the_reminder(
    service: GameService, clock: FakeClock
) -> None:
    scheduler = Scheduler(service, Inbox())
    gid = await start_game(service, "size=9", "time=1d+1d")
    clock.advance(20 * HOUR)
    await service.execute(Play("E5"), Request(ALICE, game=gid))
    listing = await service.execute(Games(), Request(ALICE))
    game = line(listing, "games.line_black")  # one line joined from four sentences
    assert t("games.their_move", name="@bob") in game and game.endswith(left(1, 0))
    clock.advance(DAY)  # White has 1 day: reminder due at 18h, loss at 24h
    [lost] = await scheduler.settle_due()  # past both: the loss, no stale reminder
    assert "B+T" in line(lost, "end.announce")
    board = await service.execute(ShowBoard(), Request(CAROL, game=gid))
    result = line(board, "end.result")
    assert "B+T" in result and t("result.time", winner=color_name(Color.BLACK)) in result
    black = await service.execute(Games(), Request(ALICE))
    assert black.keys == ("games.finished",) and "(B+T)" in black.text  # listed as finished


async def test_playing_after_the_deadline_loses_on_time(
    service: GameService, clock: FakeClock
) -> None:
    gid = await start_game(service, "size=9", "time=14d")
    clock.advance(15 * DAY)
    view = await service.execute(Play("E5"), Request(ALICE, game=gid))
    assert "W+T" in line(view, "end.announce") and "end.time" in view.keys


async def test_restart_settles_overdue_games_and_reschedules_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = FakeClock()
    database = await open_sqlite(path)
    service = GameService(database, clock=clock, rng=random.Random(1))
    short = await start_game(service, "size=9", "time=1d/move")
    long = await start_game(service, "size=9", "time=7d/move", black=CAROL, white=BOB)
    await database.close()  # the bot is down for two days

    clock.advance(2 * DAY)
    database = await open_sqlite(path)
    try:
        restarted = GameService(database, clock=clock)
        inbox = Inbox()
        scheduler = Scheduler(restarted, inbox)
        [settled] = await scheduler.settle_due()
        assert settled.game_id == short and "W+T" in line(settled, "end.announce")
        assert await scheduler.seconds_to_next() == 4 * DAY  # the other game's reminder at 6d
        board = await restarted.execute(ShowBoard(), Request(ALICE, game=long))
        assert board.board is not None and board.board.to_move is Color.BLACK
        assert board.board.black_name == "@carol"
        assert board.board.caption.endswith(left(5, 0))  # the caption line has no key
    finally:
        await database.close()


async def test_vacation_stops_the_clock(service: GameService, clock: FakeClock) -> None:
    scheduler = Scheduler(service, Inbox())
    gid = await start_game(service, "size=9", "time=2d/move")
    clock.advance(DAY)
    started = await service.execute(Vacation(True), Request(ALICE))
    assert started.keys == ("vacation.started",)
    clock.advance(5 * DAY)
    assert await scheduler.settle_due() == []
    listing = await service.execute(Games(), Request(ALICE))
    assert line(listing, "games.line_black").endswith(left(1, 0))
    await service.execute(Vacation(False), Request(ALICE))
    listing = await service.execute(Games(), Request(ALICE))
    assert line(listing, "games.line_black").endswith(left(1, 0))
    status = await service.execute(Vacation(), Request(ALICE))
    allowance = t("clock.days_hours", d=25, h=0)  # 30 days a year, 5 used
    assert status.lines == (t("vacation.off_status", left=allowance),)
    assert status.keys == ("vacation.off_status",)
    clock.advance(DAY)
    [lost] = await scheduler.settle_due()
    assert "W+T" in line(lost, "end.announce") and lost.game_id == gid


async def test_weekends_pause_when_agreed(service: GameService, clock: FakeClock) -> None:
    gid = await start_game(service, "size=9", "time=2d/move", "weekend=pause")
    assert clock.now == START  # Thursday noon: 36 hours to Saturday count, the weekend does not
    clock.advance(3 * DAY)  # Sunday noon
    board = await service.execute(ShowBoard(), Request(ALICE, game=gid))
    assert board.board is not None  # the caption line has no key
    assert board.board.caption.endswith(t("caption.left", left=t("clock.hours_minutes", h=12, m=0)))


async def test_the_running_scheduler_settles_and_stops_cleanly(
    service: GameService, clock: FakeClock
) -> None:
    inbox = Inbox()
    scheduler = Scheduler(service, inbox)
    task = asyncio.create_task(scheduler.run())
    gid = await start_game(service, "size=9", "time=1d/move")
    clock.advance(2 * DAY)
    await service.execute(Games(), Request(CAROL))  # any command wakes the scheduler to look again
    for _ in range(200):
        if inbox.views:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert [v.game_id for v in inbox.views] == [gid]
    assert "W+T" in line(inbox.views[0], "end.announce")
