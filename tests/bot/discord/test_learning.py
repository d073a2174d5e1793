"""The learning features end to end on Discord (the real discord.py, the fake Discord server, the
real service): a Czech client's first lessons (``/study learn``), a Hungarian client's problem
(``/study problem``), a game of Capture Go against the bot's own policy (``/go computer
mode:capture``), and the problem of the day the scheduler posts in a Hungarian channel. Every
text is compared with the catalogue (:func:`translate`), never with sentences written here."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.discord import DiscordSettings, GoBot, make_bot
from bot.discord.outgoing import BOARD_FILE
from engine.capture_go import choose_move
from engine.colors import Color
from service import GameService
from service.errors import InvalidPoint
from service.handlers.problems import next_post
from service.i18n import in_language, t, translate
from service.lessons import LESSONS
from service.options import parse_point
from service.ports import Database, GameStatus
from service.problem_set import problem
from service.scheduler import Scheduler
from service.views import color_name, result_words
from storage.sqlite import open_sqlite
from tests.bot.discord.conftest import answered, opening_of
from tests.bot.discord.test_discord_languages import texts
from tests.bot.languages import assert_speaks
from tests.bot.telegram.test_learning import ending, stored
from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    DiscordUser,
    FakeDiscordServer,
    StoredDiscordMessage,
    run_discord_client,
)
from tests.service.conftest import FakeClock

PNG = b"\x89PNG\r\n\x1a\n"


@dataclass
class Running:
    """The bot connected to the fake, its service and its database."""

    bot: GoBot
    service: GameService
    database: Database


@asynccontextmanager
async def running(
    server: FakeDiscordServer, path: Path, clock: FakeClock | None = None
) -> AsyncIterator[Running]:
    """The bot and a service (on the test's clock, if given) on ``path``, connected to the
    fake until the block ends (as ``conftest.running_bot``, which takes no clock)."""
    database = await open_sqlite(path)
    extra: dict[str, Any] = {"clock": clock} if clock is not None else {}
    service = GameService(database, rng=random.Random(1), **extra)
    bot = make_bot(service, DiscordSettings(message_content=True), guild_ready_timeout=0.05)
    try:
        async with run_discord_client(server, bot):
            yield Running(bot, service, database)
    finally:
        await database.close()


async def reply(
    fake: FakeDiscordServer,
    name: str,
    options: dict[str, Any] | None = None,
    user: DiscordUser = DISCORD_ALICE,
    channel_id: int | None = None,
) -> StoredDiscordMessage:
    """A slash command; the bot's answer to it, once filled in."""
    asked = fake.slash_command(name, options or {}, user=user, channel_id=channel_id)
    await answered(fake, asked)
    found = await fake.wait_for(lambda: opening_of(fake, asked))
    assert found is not None
    return found


def board(message: StoredDiscordMessage) -> list[str]:
    """A board's answer: its lines (the embed's, around the image attached)."""
    [embed] = message.embeds
    assert embed["image"]["url"] == f"attachment://{BOARD_FILE}"
    assert message.attachment(BOARD_FILE).startswith(PNG)
    return str(embed["description"]).splitlines()


def refusal(code: str, text: str, size: int) -> str:
    """The refusal of ``text`` as a point on a ``size`` board, in ``code``."""
    with pytest.raises(InvalidPoint) as raised:
        parse_point(text, size)
    return in_language(code, raised.value.message)


def cs(key: str, **params: object) -> str:
    return str(translate("cs", key, **params))


def hu(key: str, **params: object) -> str:
    return str(translate("hu", key, **params))


# -- a Czech beginner ------------------------------------------------------------------------


async def test_a_czech_client_walks_the_first_three_lessons(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """Each lesson's text and picture, then each exercise: a wrong answer refuted, the right one
    (a few moves when the exercise asks for them); a point off the board and an occupied one
    are refused in Czech (to the sender only) and change nothing."""
    fake.set_locale(DISCORD_ALICE, "cs")
    said: list[str] = []
    async with running(fake, tmp_path / "games.db"):
        for number in (1, 2, 3):
            found = LESSONS[number - 1]
            title = cs(f"learn.{found.key}.title")
            text = board(await reply(fake, "study learn"))
            assert text[0] == cs("learn.lesson_header", n=number, total=len(LESSONS), title=title)
            said += text
            count = len(found.exercises)
            for k, exercise in enumerate(found.exercises, 1):
                shown = board(await reply(fake, "study learn"))
                header = cs("learn.exercise_header", n=number, k=k, count=count, title=title)
                assert shown[0] == header
                assert shown[1] == cs(f"learn.ex.{exercise.key}.goal")  # with the board
                wrong = board(await reply(fake, "study learn", {"answer": exercise.wrongs[0]}))
                assert wrong[-1] == cs("learn.try_again")
                said += shown + wrong
                if number == 1:  # refused: nothing changes, the right answer below still works
                    for bad, expected in (
                        ("Z99", refusal("cs", "Z99", 7)),
                        (exercise.target, cs("error.illegal_occupied", point=exercise.target)),
                    ):
                        refused = await reply(fake, "study learn", {"answer": bad})
                        assert refused.ephemeral and not refused.attachments
                        assert refused.content == expected
                        said.append(refused.content)
                moves = exercise.rights[0].split()
                for move in moves:  # the reply comes between the moves
                    verdict = board(await reply(fake, "study learn", {"answer": move}))
                    said += verdict
                assert verdict[0] == cs("learn.right", answer=moves[-1])
                if k < count:
                    assert verdict[-1] == cs("learn.next_exercise", k=k + 1)
                else:
                    after = cs(f"learn.{LESSONS[number].key}.title")
                    passed = cs("learn.lesson_passed", n=number, next=number + 1, title=after)
                    assert verdict[-1] == passed
    assert_speaks("cs", said)
    assert not fake.too_many_requests


# -- a Hungarian's problem -------------------------------------------------------------------


async def test_a_hungarian_client_solves_problem_one_and_cannot_answer_after(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    fake.set_locale(DISCORD_BOB, "hu")
    first = problem(1)
    stated = first.line[0]
    assert stated is not None and len(first.line) == 1  # one move solves it
    player, target = color_name(first.task.player), first.task.target.gtp()
    goal = t(f"problem.goal.{first.task.goal.value}", color=player, point=target)
    async with running(fake, tmp_path / "games.db"):
        shown = board(await reply(fake, "study problem", {"answer": "1"}, DISCORD_BOB))
        assert shown == [hu("problem.header", n=1, kyu=first.kyu, goal=goal), hu("problem.how")]
        answer = {"answer": stated.gtp().lower()}
        verdict = board(await reply(fake, "study problem", answer, DISCORD_BOB))
        assert verdict[0] == hu("learn.right", answer=stated.gtp())
        assert verdict[-1] == hu("problem.solved", kyu=first.kyu - 2)
        late = await reply(fake, "study problem", answer, DISCORD_BOB)
        assert late.ephemeral and late.content == hu("problem.error.over", n=1)
    assert_speaks("hu", [*shown, *verdict, late.content])


# -- Capture Go against the computer -------------------------------------------------------


async def test_a_game_of_capture_go_against_the_computer_to_its_end(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """No GTP engine: the bot's own policy answers each move (within the command) until a
    capture, or two passes, ends the game; the last words name the capture (or the draw). The
    game is played in the channel, as ``test_commands``' game against the computer is."""
    async with running(fake, tmp_path / "games.db") as bot:
        options = {"mode": "capture", "size": 7, "level": "1"}
        start = board(await reply(fake, "go computer", options))
        assert str(translate("en", "capture.start")) in start
        rng = random.Random(5)
        last: list[str] = start
        for _ in range(60):
            status, game = await stored(bot.database, 1)
            if status is GameStatus.FINISHED:
                break
            assert game.to_move is Color.BLACK and game.board.size == 7  # the computer answered
            point = choose_move(game, 3, rng)
            if point is None:
                last = texts(await reply(fake, "go pass"))
            else:
                last = texts(await reply(fake, "go play", {"point": point.gtp()}))
        status, game = await stored(bot.database, 1)
        assert status is GameStatus.FINISHED and game.result is not None
        assert game.move_number >= 5  # a game, not a move or two
        assert ending(game) in last
        announced = translate("en", "end.announce", id=1, words=result_words(game.result))
        assert str(announced) in last


# -- the problem of the day ------------------------------------------------------------------


async def test_the_problem_of_the_day_is_posted_once_in_the_channels_language(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """Alice, the server's owner, organises it: she switches the problem of the day on in a
    channel of its own, in Hungarian; once the hour has passed the scheduler posts it there,
    once, with its board attached."""
    problems = fake.add_channel("problems")
    clock = FakeClock()
    async with running(fake, tmp_path / "games.db", clock) as bot:
        options = {"channel": "channel", "language": "hu", "problem": "on", "problem_hour": 18}
        switched = await reply(fake, "go settings", options, channel_id=problems)
        assert switched.content.splitlines()[0] == hu("settings.channel_changed")
        assert_speaks("hu", switched.content.splitlines())
        scheduler = Scheduler(bot.service, bot.bot.presenter.deliver)
        assert await scheduler.post_dailies() == []  # not yet
        clock.advance(next_post(clock(), 18) - clock() + 60)
        [post] = await scheduler.post_dailies()
        assert post.keys == ("problem.daily", "problem.daily_how")
        assert await scheduler.post_dailies() == []  # once
        [message] = [m for m in fake.bot_messages(problems) if m.attachments]
        lines = board(message)
        assert lines == [in_language("hu", line) for line in post.lines]
        assert_speaks("hu", lines)
        assert fake.bot_messages(fake.channel_id) == []  # only where it was switched on
