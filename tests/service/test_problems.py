"""``problem`` through the service: a problem at the sender's level, answered move by move with
the bot's best defence between; solved problems raise the level and failed ones lower it; bad
answers (off the board, occupied, in a finished problem, with no problem) are refused and change
nothing; the problem of the day is posted once a day in the channels that asked for it, also
with several processes on one database and after a restart."""

from __future__ import annotations

import asyncio
import datetime
from typing import Any

import pytest

from bot.deliveries import Deliveries
from engine.coords import format_vertex
from engine.reading import answer as read_answer
from engine.reading import solve as solve_position
from service import Actor, GameService, View
from service.commands import Configure, Request
from service.errors import BadArguments, IllegalMoveError, InvalidPoint, NotOrganiser, WrongPhase
from service.handlers.problems import AskProblem, next_post, of_the_day
from service.i18n import LANGUAGES, in_language, key_of
from service.learning import FIRST_KYU
from service.ports import Database
from service.problem_set import problem, problems
from service.scheduler import Scheduler
from tests.bot.languages import strays
from tests.service.conftest import ALICE, ORGANISER, FakeClock

CHANNEL = "discord:555"


async def ask(service: GameService, word: str | None = None, actor: Actor = ALICE) -> View:
    return await service.execute(AskProblem(word), Request(actor, "console"))


async def stored(database: Database, person: str = ALICE.id) -> dict[str, Any] | None:
    async with database.unit_of_work() as uow:
        row = await uow.learning.learner(person)
    return None if row is None else dict(row.data)


async def solve(service: GameService, number: int) -> View:
    """Answer problem ``number`` with its stated line: the player's moves, each after the bot's
    own reply; where the bot answers otherwise than the line, the reader's winning move."""
    found = problem(number)
    board = found.board()
    view = await ask(service, str(number))
    line = list(found.line)
    at = 0
    move = line[0]
    while True:
        assert move is not None
        view = await ask(service, format_vertex(move))
        reply = read_answer(board, found.task, move)
        if view.keys[0] == "learn.right" or not reply.right:
            return view
        board = reply.board
        if at + 2 < len(line) and line[at + 1] == reply.reply:
            at += 2
            move = line[at]
        else:
            line, at = [], 0
            move = solve_position(board, found.task.player, found.task).move


async def test_a_newcomer_gets_an_easy_problem(service: GameService, database: Database) -> None:
    view = await ask(service)
    assert view.keys[0] == "problem.header"
    data = await stored(database)
    assert data is not None and data["kyu"] == FIRST_KYU
    assert problem(data["problem"]).kyu >= FIRST_KYU - 3
    assert view.board is not None and view.board.to_move is problem(data["problem"]).task.player
    again = await ask(service)  # the same problem until it is answered
    assert (await stored(database) or {})["problem"] == data["problem"]
    assert again.lines == view.lines


@pytest.mark.parametrize("number", [p.number for p in problems()])
async def test_every_problem_is_solved_by_its_stated_answer(
    service: GameService, database: Database, number: int
) -> None:
    view = await solve(service, number)
    assert view.keys[0] == "learn.right", view.keys
    assert view.keys[-1] == "problem.solved"
    data = await stored(database)
    assert data is not None and number in data["solved"] and data["problem_over"]
    with pytest.raises(WrongPhase) as raised:  # a finished problem takes no more moves
        await ask(service, format_vertex(next(iter(problem(number).task.region))))
    assert key_of(raised.value.message) == "problem.error.over"
    assert await stored(database) == data


async def test_a_wrong_answer_fails_the_problem_with_its_refutation(
    service: GameService, database: Database
) -> None:
    found = next(p for p in problems() if p.task.goal.value == "kill")
    board = found.board()
    wrong = next(
        point
        for point in sorted(found.task.region)
        if board.get(point) is None
        and board.is_legal(found.task.player, point)
        and not read_answer(board, found.task, point).right
    )
    await ask(service, str(found.number))
    view = await ask(service, format_vertex(wrong))
    assert view.keys[0] in ("learn.wrong", "learn.wrong_reply")
    assert view.keys[-1] == "problem.failed"
    data = await stored(database)
    assert data is not None and found.number in data["failed"] and data["problem_over"]
    assert data["kyu"] == FIRST_KYU  # already the easiest
    view = await ask(service)  # a new one
    assert (await stored(database) or {})["problem"] != found.number


async def test_solving_raises_the_level(service: GameService, database: Database) -> None:
    first = await ask(service)
    number = (await stored(database) or {})["problem"]
    assert first.keys[0] == "problem.header"
    await solve(service, number)
    data = await stored(database)
    assert data is not None and data["kyu"] < FIRST_KYU
    await ask(service, "next")
    assert (await stored(database) or {})["problem"] != number


@pytest.mark.parametrize(
    ("word", "error", "key"),
    [
        ("Z99", InvalidPoint, None),
        ("999", BadArguments, "problem.error.unknown"),
        ("0", BadArguments, "problem.error.unknown"),
    ],
)
async def test_bad_words_change_nothing(
    service: GameService, database: Database, word: str, error: type[Exception], key: str | None
) -> None:
    await ask(service, "1")
    before = await stored(database)
    with pytest.raises(error) as raised:
        await ask(service, word)
    if key is not None:
        assert key_of(raised.value.message) == key  # type: ignore[attr-defined]
    assert await stored(database) == before


async def test_an_occupied_point_and_no_problem(service: GameService, database: Database) -> None:
    with pytest.raises(BadArguments) as raised:
        await ask(service, "C3")
    assert key_of(raised.value.message) == "problem.error.none"
    assert await stored(database) is None
    await ask(service, "1")
    before = await stored(database)
    occupied = format_vertex(next(iter(problem(1).stones)))
    with pytest.raises(IllegalMoveError):
        await ask(service, occupied)
    assert await stored(database) == before


@pytest.mark.parametrize("code", LANGUAGES)
async def test_every_problem_speaks_the_readers_language(service: GameService, code: str) -> None:
    reader = Actor(ALICE.id, ALICE.name, code)
    for found in problems():
        view = await ask(service, str(found.number), reader)
        said = [in_language(code, line) for line in view.lines]
        assert view.board is not None
        said.append(in_language(code, view.board.caption))
        if code != "en":
            assert not strays(code, said), said


# -- the problem of the day -------------------------------------------------------------------


def at(text: str) -> float:
    return datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.UTC).timestamp()


async def switch_on(service: GameService, hour: int | None = 18) -> View:
    values = {"problem": "on"} if hour is None else {"problem": "on", "problem_hour": str(hour)}
    request = Request(ORGANISER, CHANNEL, organiser=True)
    return await service.execute(Configure(values, channel=True), request)


def test_the_next_post_is_the_next_hour_in_utc() -> None:
    assert next_post(at("2026-01-01T12:00:00"), 18) == at("2026-01-01T18:00:00")
    assert next_post(at("2026-01-01T18:00:00"), 18) == at("2026-01-02T18:00:00")
    assert next_post(at("2026-01-01T19:30:00"), 6) == at("2026-01-02T06:00:00")
    assert of_the_day(at("2026-01-01T00:00:00")) != of_the_day(at("2026-01-02T00:00:00"))


async def test_only_organisers_switch_it_on(service: GameService, database: Database) -> None:
    with pytest.raises(NotOrganiser):
        await service.execute(Configure({"problem": "on"}, channel=True), Request(ALICE, CHANNEL))
    async with database.unit_of_work() as uow:
        assert await uow.learning.daily(CHANNEL) is None


async def test_the_problem_of_the_day_is_posted_once_a_day(
    service: GameService, database: Database, clock: FakeClock
) -> None:
    view = await switch_on(service)
    assert "settings.channel_line" in view.keys
    posted: list[View] = []

    async def deliver(view: View) -> None:
        posted.append(view)

    scheduler = Scheduler(service, deliver)
    assert await scheduler.post_dailies() == []  # 12:00: not yet
    wait = await scheduler.seconds_to_next()
    assert wait == pytest.approx(6 * 3600)
    clock.advance(6 * 3600)
    views = await scheduler.post_dailies()
    assert len(views) == 1 and posted == views
    post = views[0]
    assert post.post == CHANNEL and post.board is not None
    assert post.keys == ("problem.daily", "problem.daily_how")
    assert await scheduler.post_dailies() == []  # once
    clock.advance(3600)
    assert await scheduler.post_dailies() == []
    clock.advance(23 * 3600)  # the next day's
    again = await scheduler.post_dailies()
    assert len(again) == 1 and again[0].lines != post.lines
    off = Request(ORGANISER, CHANNEL, organiser=True)
    await service.execute(Configure({"problem": "off"}, channel=True), off)
    clock.advance(2 * 86400)
    assert await scheduler.post_dailies() == []
    async with database.unit_of_work() as uow:
        assert await uow.learning.daily(CHANNEL) is None


async def test_a_post_missed_while_the_bot_was_down_comes_once(
    service: GameService, clock: FakeClock
) -> None:
    await switch_on(service, hour=13)
    clock.advance(3 * 86400)  # down for three days
    posts: list[View] = []

    async def deliver(view: View) -> None:
        posts.append(view)

    scheduler = Scheduler(service, deliver)
    await scheduler.post_dailies()
    await scheduler.post_dailies()
    assert len(posts) == 1


async def test_several_processes_post_it_once(real_database: Database, clock: FakeClock) -> None:
    first = GameService(real_database, organisers={ORGANISER.id}, clock=clock)
    await switch_on(first, hour=13)
    clock.advance(3600)
    posts: list[View] = []

    async def deliver(view: View) -> None:
        posts.append(view)

    services = [GameService(real_database, clock=clock) for _ in range(3)]
    schedulers = [Scheduler(s, deliver) for s in services]
    await asyncio.gather(*(s.post_dailies() for s in schedulers))
    assert len(posts) == 1
    await asyncio.gather(*(s.post_dailies() for s in schedulers))
    assert len(posts) == 1


@pytest.mark.parametrize("code", ["cs", "hu"])
async def test_the_post_speaks_the_channels_language(
    service: GameService, clock: FakeClock, code: str
) -> None:
    request = Request(ORGANISER, CHANNEL, organiser=True)
    await service.execute(Configure({"language": code}, channel=True), request)
    await switch_on(service, hour=13)
    clock.advance(3600)
    posts: list[View] = []

    async def deliver(view: View) -> None:
        posts.append(view)

    await Scheduler(service, deliver).post_dailies()
    (post,) = posts
    assert post.language == code
    assert not strays(code, [in_language(code, line) for line in post.lines])


async def test_a_later_hour_the_same_day_does_not_post_it_again(
    service: GameService, clock: FakeClock
) -> None:
    """Posted at 13:00, then an organiser moves it to 20:00: the next post is tomorrow's."""
    posts: list[View] = []

    async def deliver(view: View) -> None:
        posts.append(view)

    scheduler = Scheduler(service, deliver)
    await switch_on(service, hour=13)  # START is 12:00 UTC
    clock.advance(3600)
    await scheduler.post_dailies()
    assert len(posts) == 1
    await switch_on(service, hour=20)
    clock.advance(7 * 3600)
    await scheduler.post_dailies()
    assert len(posts) == 1
    clock.advance(86400)
    await scheduler.post_dailies()
    assert len(posts) == 2


async def test_a_change_while_a_post_is_overdue_keeps_it_due(
    service: GameService, clock: FakeClock
) -> None:
    """The bot was down at 13:00; an organiser changes the hour before the scheduler ran: the
    missed post still comes (once)."""
    posts: list[View] = []

    async def deliver(view: View) -> None:
        posts.append(view)

    await switch_on(service, hour=13)
    clock.advance(2 * 3600)
    await switch_on(service, hour=20)
    scheduler = Scheduler(service, deliver)
    await scheduler.post_dailies()
    await scheduler.post_dailies()
    assert len(posts) == 1


async def test_a_process_without_the_channels_platform_leaves_it_to_another(
    service: GameService, clock: FakeClock
) -> None:
    """A process running only Telegram does not post in a Discord channel (nor sleep on it):
    the Discord process posts it."""
    telegram: list[View] = []
    discord: list[View] = []

    async def to_telegram(view: View) -> None:
        telegram.append(view)

    async def to_discord(view: View) -> None:
        discord.append(view)

    await switch_on(service, hour=13)
    clock.advance(3600)
    only_telegram = Scheduler(service, Deliveries(telegram=to_telegram))
    assert await only_telegram.post_dailies() == []
    assert await only_telegram.seconds_to_next() is None
    with_discord = Scheduler(service, Deliveries(discord=to_discord))
    assert len(await with_discord.post_dailies()) == 1
    assert telegram == [] and len(discord) == 1
