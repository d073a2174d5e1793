"""The learning features end to end on Telegram (the real python-telegram-bot, the fake Bot API
server, the real service): a Czech beginner's first lessons (``/learn``, ``/lekce``), a
Hungarian's problem (``/problem``, ``/feladvany``), a game of Capture Go against the bot's own
policy, and the problem of the day the scheduler posts in a Hungarian group. Every text is
compared with the catalogue (:func:`translate`), never with sentences written here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.capture_go import choose_move
from engine.colors import Color
from engine.game import Game
from engine.result import ResultKind
from service.capture import CAPTURE_ONLY
from service.errors import InvalidPoint
from service.handlers.problems import next_post
from service.i18n import in_language, joined, t, translate
from service.lessons import LESSONS
from service.model import rebuild
from service.options import parse_point
from service.ports import Database, GameStatus
from service.problem_set import problem
from service.scheduler import Scheduler
from service.views import color_name, result_words
from tests.bot.languages import assert_speaks
from tests.bot.telegram.harness import PNG_SIGNATURE, BotProcess, RedeliveringTelegram
from tests.bot.telegram.test_telegram_languages import caption_of
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TelegramCall, TelegramUser
from tests.service.conftest import FakeClock

JANA = TelegramUser(3001, "Jana", "jana", language_code="cs")  # her app is in Czech
KATA = TelegramUser(3002, "Kata", "kata", language_code="hu")  # hers in Hungarian
GROUP = -1001234567001  # a supergroup with the problem of the day
SHOWN = ("sendMessage", "sendPhoto", "editMessageMedia")


def seen(tg: RedeliveringTelegram, chat: int) -> list[TelegramCall]:
    """What the bot showed in ``chat`` (texts, photos, board edits), in order."""
    return [
        c
        for c in tg.calls
        if c.api_method in SHOWN and c.fields.get("chat_id") == chat and c.status == 200
    ]


async def ask(
    tg: RedeliveringTelegram, bot: BotProcess, chat: int, text: str, user: TelegramUser
) -> list[TelegramCall]:
    """Send ``text``; the bot's whole answer in ``chat``."""
    before = len(seen(tg, chat))
    tg.inject_message(chat, text, user=user)
    await tg.wait_for(lambda: len(seen(tg, chat)) > before)
    await bot.shown()
    return seen(tg, chat)[before:]


async def photo(
    tg: RedeliveringTelegram, bot: BotProcess, chat: int, text: str, user: TelegramUser
) -> list[str]:
    """Send ``text``; the answer is one photo of a board: its caption's lines."""
    [call] = await ask(tg, bot, chat, text, user)
    assert call.api_method == "sendPhoto", (text, call)
    assert call.upload is not None and call.upload.startswith(PNG_SIGNATURE)
    return caption_of(call).splitlines()


def cs(key: str, **params: object) -> str:
    return str(translate("cs", key, **params))


def hu(key: str, **params: object) -> str:
    return str(translate("hu", key, **params))


def refusal(code: str, text: str, size: int) -> str:
    """The refusal of ``text`` as a point on a ``size`` board, in ``code``."""
    with pytest.raises(InvalidPoint) as raised:
        parse_point(text, size)
    return in_language(code, raised.value.message)


# -- a Czech beginner ------------------------------------------------------------------------


async def test_a_czech_beginner_walks_the_first_three_lessons(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """Each lesson's text and picture, then each exercise: a wrong answer refuted, the right one
    (a few moves when the exercise asks for them); a point off the board and an occupied one
    are refused in Czech and change nothing. ``/lekce`` is ``/learn``."""
    chat, said = JANA.id, []
    for number in (1, 2, 3):
        found = LESSONS[number - 1]
        title = cs(f"learn.{found.key}.title")
        word = "/lekce" if number == 2 else "/learn"
        text = await photo(tg, bot, chat, word, JANA)
        assert text[0] == cs("learn.lesson_header", n=number, total=len(LESSONS), title=title)
        said += text
        count = len(found.exercises)
        for k, exercise in enumerate(found.exercises, 1):
            shown = await photo(tg, bot, chat, word, JANA)
            assert shown[0] == cs("learn.exercise_header", n=number, k=k, count=count, title=title)
            assert shown[1] == cs(f"learn.ex.{exercise.key}.goal")  # the goal, with the board
            wrong = await photo(tg, bot, chat, f"{word} {exercise.wrongs[0]}", JANA)
            assert wrong[-1] == cs("learn.try_again")
            said += shown + wrong
            if number == 1:  # refused: nothing changes, the right answer below still works
                for bad, expected in (
                    ("Z99", refusal("cs", "Z99", 7)),
                    (exercise.target, cs("error.illegal_occupied", point=exercise.target)),
                ):
                    [answer] = await ask(tg, bot, chat, f"/learn {bad}", JANA)
                    assert answer.api_method == "sendMessage"
                    assert caption_of(answer) == expected
                    said.append(caption_of(answer))
            moves = exercise.rights[0].split()
            for move in moves:  # the reply comes between the moves
                verdict = await photo(tg, bot, chat, f"{word} {move}", JANA)
                said += verdict
            assert verdict[0] == cs("learn.right", answer=moves[-1])
            if k < count:
                assert verdict[-1] == cs("learn.next_exercise", k=k + 1)
            else:
                after = cs(f"learn.{LESSONS[number].key}.title")
                passed = cs("learn.lesson_passed", n=number, next=number + 1, title=after)
                assert verdict[-1] == passed
    assert_speaks("cs", said)
    assert not tg.too_many_requests


# -- a Hungarian's problem -------------------------------------------------------------------


async def test_a_hungarian_solves_problem_one_and_cannot_answer_after(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    chat, first = KATA.id, problem(1)
    stated = first.line[0]
    assert stated is not None and len(first.line) == 1  # one move solves it
    target = first.task.target.gtp()
    goal = t(
        f"problem.goal.{first.task.goal.value}", color=color_name(first.task.player), point=target
    )
    shown = await photo(tg, bot, chat, "/problem 1", KATA)
    assert shown == [hu("problem.header", n=1, kyu=first.kyu, goal=goal), hu("problem.how")]
    verdict = await photo(tg, bot, chat, f"/feladvany {stated.gtp()}", KATA)
    assert verdict[0] == hu("learn.right", answer=stated.gtp())
    assert verdict[-1] == hu("problem.solved", kyu=first.kyu - 2)
    [late] = await ask(tg, bot, chat, f"/problem {stated.gtp()}", KATA)
    assert caption_of(late) == hu("problem.error.over", n=1)
    assert_speaks("hu", [*shown, *verdict, caption_of(late)])


# -- Capture Go against the computer -------------------------------------------------------


async def stored(database: Database, game_id: int) -> tuple[GameStatus, Game]:
    async with database.unit_of_work() as uow:
        row = await uow.games.get(game_id)
        assert row is not None
        return row.status, rebuild(row, await uow.games.events(game_id))


async def test_a_game_of_capture_go_against_the_computer_to_its_end(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """No GTP engine: the bot's own policy answers each move (within the command) until a
    capture, or two passes, ends the game; the last words name the capture (or the draw)."""
    chat = ALICE.id
    [start] = await ask(tg, bot, chat, "/computer mode=capture size=7 level=1", ALICE)
    assert start.api_method == "sendPhoto"
    assert start.upload is not None and start.upload.startswith(PNG_SIGNATURE)
    assert str(translate("en", "capture.start")) in caption_of(start).splitlines()
    rng = random.Random(5)
    for _ in range(60):
        status, game = await stored(bot.database, 1)
        if status is GameStatus.FINISHED:
            break
        assert game.to_move is Color.BLACK and game.board.size == 7  # the computer answered
        point = choose_move(game, 3, rng)
        await ask(tg, bot, chat, "/pass" if point is None else f"/play {point.gtp()}", ALICE)
    status, game = await stored(bot.database, 1)
    assert status is GameStatus.FINISHED and game.result is not None
    assert game.move_number >= 5  # a game, not a move or two
    told = [line for c in seen(tg, chat) for line in caption_of(c).splitlines()]
    announced = translate("en", "end.announce", id=1, words=result_words(game.result))
    assert str(announced) in told
    assert ending(game) in told


def ending(game: Game) -> str:
    """The line that names the capture that ended the game (or the draw), in English."""
    assert game.result is not None
    if game.result.kind is ResultKind.JIGO:
        return str(translate("en", "end.capture_draw"))
    assert game.result.kind is ResultKind.CAPTURE
    last = game.last_move
    assert last is not None and last.point is not None and last.color is game.result.winner
    computer = joined("", ("@", t("computer.name", name=CAPTURE_ONLY.name, level=1)))
    name = "@alice" if last.color is Color.BLACK else in_language("en", computer)
    color = color_name(last.color)
    return str(translate("en", "end.capture", color=color, name=name, point=last.point.gtp()))


# -- the problem of the day ------------------------------------------------------------------


async def test_the_problem_of_the_day_is_posted_once_in_the_groups_language(
    tg: RedeliveringTelegram, tmp_path: Path
) -> None:
    clock = FakeClock()
    bot = await BotProcess(tg, tmp_path / "daily.db", clock=clock).start()
    try:
        tg.set_chat(GROUP, "supergroup", "Go club")
        tg.set_admins(GROUP, [ALICE])  # Alice, the group's administrator, organises it
        command = "/settings channel language=hu problem=on problem_hour=18"
        [switched] = await ask(tg, bot, GROUP, command, ALICE)
        assert caption_of(switched).splitlines()[0] == hu("settings.channel_changed")
        assert_speaks("hu", caption_of(switched).splitlines())
        scheduler = Scheduler(bot.service, bot.deliver)
        assert await scheduler.post_dailies() == []  # not yet
        clock.advance(next_post(clock(), 18) - clock() + 60)
        [post] = await scheduler.post_dailies()
        assert post.keys == ("problem.daily", "problem.daily_how")
        assert await scheduler.post_dailies() == []  # once
        [photo_call] = [c for c in seen(tg, GROUP) if c.api_method == "sendPhoto"]
        assert photo_call.upload is not None and photo_call.upload.startswith(PNG_SIGNATURE)
        lines = caption_of(photo_call).splitlines()
        assert lines == [in_language("hu", line) for line in post.lines]
        assert_speaks("hu", lines)
        assert len(seen(tg, GROUP)) == 2  # the settings' answer and the post
    finally:
        await bot.stop()
