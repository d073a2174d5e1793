"""Refusals and mistakes: each gets one clear sentence (a reply, or a callback alert for buttons),
and nothing changes; internal errors are logged and answered with an apology."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from service.commands import Command, Games, Request
from service.limits import CommandBudget, Limits
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, board_of, say
from tests.bot.telegram.test_game import GROUP, move, start_private_game
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB
from tests.fakes import TelegramUser

CAROL = TelegramUser(1003, "Carol", "carol")
A, B = ALICE.id, BOB.id


async def test_illegal_and_out_of_turn_moves_change_nothing(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    await start_private_game(tg)
    await move(tg, A, "d4", ALICE, other=B)
    edits = len(tg.calls_for("editMessageMedia"))
    reply = await say(tg, B, "/play d4", BOB)
    assert reply.fields["text"] == "Illegal move: D4 is occupied — choose an empty point"
    reply = await say(tg, A, "e5", ALICE)
    assert reply.fields["text"] == "It is White's move"
    reply = await say(tg, B, "z9", BOB)
    assert reply.fields["text"] == "Z9 is off a 9×9 board (A1–J9)"
    assert len(tg.calls_for("editMessageMedia")) == edits
    assert board_of(tg, B).caption == "Move 1 · Black D4 · White (@bob) to play"


async def test_a_stranger_pressing_a_button_gets_an_alert(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    tg.set_chat(GROUP, "group")
    await say(tg, GROUP, "/challenge size=9 color=black", ALICE)
    [challenge] = tg.bot_messages(GROUP)
    tg.inject_callback_query(challenge, "g1:accept", user=BOB)
    await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)
    board = board_of(tg, GROUP)
    calls = len(tg.calls)
    pass_button = board.callback_data[0]  # g1:pass:m0, the pass of this very board
    tg.inject_callback_query(board, pass_button, user=CAROL)
    alert = await tg.wait_for_call("answerCallbackQuery", count=2)
    assert alert.fields["show_alert"] == "true"
    assert alert.fields["text"] == "You are not playing in game #1; you can look with `board`."
    tg.inject_callback_query(board, pass_button, user=BOB)  # Bob plays, but not now
    alert = await tg.wait_for_call("answerCallbackQuery", count=3)
    assert alert.fields["text"] == "It is Black's move"
    tg.inject_callback_query(board, "not-a-token", user=BOB)
    alert = await tg.wait_for_call("answerCallbackQuery", count=4)
    assert alert.fields["text"] == "This button is not valid any more."
    assert [c.api_method for c in tg.calls[calls:] if c.api_method != "getUpdates"] == [
        "answerCallbackQuery"
    ] * 3
    assert board_of(tg, GROUP).edit_count == 0


async def test_unknown_commands_and_malformed_input(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    answers = {
        "/fly": "Unknown command “fly”: <code>help</code> lists the commands.",
        "hello there": "Unknown command “hello”: <code>help</code> lists the commands.",
        "/play": "<code>play</code> needs &lt;point&gt;: play &lt;point&gt; [#game]",
        "/challenge size=99": "Board size 99 is not supported: use size=5 to size=25",
        "/challenge colr=red": (
            "<code>challenge</code> has no option colr=: challenge [@user] [size=…] "
            "[handicap=…] [komi=…] [color=…] [time=…] [rated=…] [weekend=…] [mode=…]"
        ),
        "/challenge colour=red": "color=red is not allowed: use color=black|white|nigiri",
        "/pass": (
            "You have no game in progress here; start one with <code>challenge @someone</code>."
        ),
    }
    for text, expected in answers.items():
        reply = await say(tg, A, text, ALICE)
        assert reply.fields["text"] == expected, text
    reply = await say(tg, A, "/challenge @carol", ALICE)
    assert reply.fields["text"].startswith("I don't know @carol yet: Telegram lets a bot find")
    assert "/challenge without a name" in reply.fields["text"]
    tg.set_chat(GROUP, "group")
    await say(tg, GROUP, "/fly@gobot_test_bot", ALICE)
    assert [c.fields["text"] for c in tg.calls_for("sendMessage", GROUP)] == [
        answers["/fly"]
    ]  # /fly without the bot's name may be for another bot: not answered


async def test_an_internal_error_is_logged_and_answered_with_an_apology(
    tg: RedeliveringTelegram, bot: BotProcess, caplog: pytest.LogCaptureFixture
) -> None:
    execute = bot.service.execute

    async def broken(command: Command[Any], request: Request) -> Any:
        if isinstance(command, Games):
            raise RuntimeError("the database caught fire")
        return await execute(command, request)

    bot.service.execute = broken  # type: ignore[method-assign]
    with caplog.at_level(logging.ERROR):
        reply = await say(tg, A, "/games", ALICE)
    assert reply.fields["text"] == (
        "Sorry, something went wrong on our side. Please try again later."
    )
    assert "the database caught fire" in caplog.text and "Traceback" in caplog.text
    assert all("fire" not in str(c.fields) for c in tg.calls)


async def test_a_failure_after_a_press_was_answered_is_told_in_the_chat(
    tg: RedeliveringTelegram, bot: BotProcess, caplog: pytest.LogCaptureFixture
) -> None:
    await say(tg, B, "/start", BOB)
    await say(tg, A, "/challenge @bob size=9", ALICE)
    invitation = await tg.wait_for(lambda: [m for m in tg.bot_messages(B) if m.callback_data])
    tg.fail_next("sendPhoto", "Bad Request: PHOTO_INVALID_DIMENSIONS")
    with caplog.at_level(logging.ERROR):
        tg.inject_callback_query(invitation[0], "g1:accept", user=BOB)
        await tg.wait_for(
            lambda: "Sorry, something went wrong" in (tg.bot_messages(B)[-1].text or "")
        )
    assert "Photo_invalid_dimensions" in caplog.text  # PTB rewords the description
    reply = await say(tg, B, "/board", BOB, method="sendPhoto")  # the game did start
    assert reply.status == 200


async def test_a_flood_in_a_group_gets_one_refusal_not_one_reply_each(
    tg: RedeliveringTelegram, db_path: Path
) -> None:
    """A person's command budget (service/limits.py): past it, the first refused message is
    answered and the rest are not, so one person's flood cannot spend the group's budget."""
    tg.set_chat(GROUP, "group")
    budget = CommandBudget(Limits(burst=3, per_minute=1))
    process = await BotProcess(tg, db_path, budget=budget).start()
    try:
        for text in ("/games", "/help", "/play") * 4:  # commands, help, a malformed line
            tg.inject_message(GROUP, text, user=CAROL)
        await tg.wait_for_call("sendMessage", chat_id=GROUP, count=4)
        # somebody else is answered at once; updates of one chat are handled in order, so when
        # this is answered, every line of the flood has been handled
        tg.inject_message(GROUP, "/games", user=ALICE)
        await tg.wait_for_call("sendMessage", chat_id=GROUP, count=5)
        texts = [c.fields["text"] for c in tg.calls_for("sendMessage", GROUP)]
        refusals = [text for text in texts if text.startswith("Too many commands")]
        assert len(texts) == 5 and len(refusals) == 1
    finally:
        await process.stop()
