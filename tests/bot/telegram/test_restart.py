"""Nothing is lost across restarts: board messages, buttons and mentions live in the service's
links; a redelivered update applies once; flood control retries; scheduler notices arrive."""

from __future__ import annotations

from pathlib import Path

import pytest

from service import Notice, View
from service.clock import DAY
from service.scheduler import Scheduler
from tests.bot.telegram.harness import (
    BotProcess,
    RedeliveringTelegram,
    answered,
    board_of,
    last_text,
    say,
)
from tests.bot.telegram.test_game import GROUP, move, start_private_game
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB
from tests.service.conftest import FakeClock

A, B = ALICE.id, BOB.id
HOUR = 3600.0


async def restart(
    tg: RedeliveringTelegram, bot: BotProcess, db_path: Path, clock: FakeClock | None = None
) -> BotProcess:
    """Stop the bot and start a new application and service on the same database."""
    await bot.stop()
    return await BotProcess(tg, db_path, clock=clock).start()


async def test_a_button_from_before_a_restart_works(
    tg: RedeliveringTelegram, db_path: Path
) -> None:
    bot = await BotProcess(tg, db_path).start()
    tg.set_chat(GROUP, "group")
    await say(tg, GROUP, "/challenge size=9 color=black", ALICE)
    [challenge] = tg.bot_messages(GROUP)
    tg.inject_callback_query(challenge, "g1:accept", user=BOB)
    await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)
    old_board = board_of(tg, GROUP)
    bot = await restart(tg, bot, db_path)
    try:
        tg.inject_callback_query(old_board, old_board.callback_data[0], user=ALICE)  # Pass
        edit = await tg.wait_for_call("editMessageMedia", chat_id=GROUP)
        assert edit.fields["message_id"] == old_board.message_id
        assert board_of(tg, GROUP).caption == "Move 1 · Black passes · White (@bob) to play"
        await say(tg, GROUP, "d5", BOB, reply_to=old_board, method="editMessageMedia")
        assert len(answered(tg, "sendPhoto", GROUP)) == 1  # still the one board message
    finally:
        await bot.stop()


async def test_reminders_go_to_the_private_chat_once_across_restarts(
    tg: RedeliveringTelegram, db_path: Path
) -> None:
    """docs/commands.md, "Correspondence": each "little time left" reminder of a group game
    reaches the player once, in their private chat (Bob opened one; Alice has none: hers is a
    group reply); a restart neither repeats one nor loses one."""
    clock = FakeClock()
    bot = await BotProcess(tg, db_path, clock=clock).start()
    try:
        tg.set_chat(GROUP, "group")
        await say(tg, B, "/start", BOB)
        await say(tg, GROUP, "/challenge size=9 color=black time=2d/move", ALICE)
        [challenge] = tg.bot_messages(GROUP)
        tg.inject_callback_query(challenge, "g1:accept", user=BOB)
        await tg.wait_for_call("sendMessage", chat_id=GROUP, count=2)
        await say(tg, GROUP, "d4", ALICE, reply_to=board_of(tg, GROUP), method="editMessageMedia")
        clock.advance(1.5 * DAY)  # Bob's move: a quarter of his 2 days is left
        private = len(answered(tg, "sendMessage", B))
        [reminder] = await Scheduler(bot.service, bot.deliver).settle_due()
        assert reminder.keys == ("notice.little_time",)
        sent = await tg.wait_for_call("sendMessage", chat_id=B, count=private + 1)
        assert sent.fields["text"] == "Little time left in game #1: 12h 0m. Your move!"
        bot = await restart(tg, bot, db_path, clock)
        assert await Scheduler(bot.service, bot.deliver).settle_due() == []  # not again
        await bot.stop()
        clock.advance(DAY / 2 - HOUR)  # the bot was down when 2 hours were left
        bot = await BotProcess(tg, db_path, clock=clock).start()
        [last] = await Scheduler(bot.service, bot.deliver).settle_due()  # not lost
        assert last.keys == ("notice.little_time",)
        sent = await tg.wait_for_call("sendMessage", chat_id=B, count=private + 2)
        assert sent.fields["text"] == "Little time left in game #1: 1h 0m. Your move!"
        assert len(answered(tg, "sendMessage", GROUP)) == 2  # nothing in the group
        assert not tg.too_many_requests
    finally:
        await bot.stop()


async def test_a_restart_in_the_middle_of_a_game(tg: RedeliveringTelegram, db_path: Path) -> None:
    bot = await BotProcess(tg, db_path).start()
    await start_private_game(tg)
    await move(tg, A, "d4", ALICE, other=B)
    await move(tg, B, "e5", BOB, other=A)
    bot = await restart(tg, bot, db_path)
    try:
        await move(tg, A, "c3", ALICE, other=B)
        assert board_of(tg, B).caption == "Move 3 · Black C3 · White (@bob) to play"
        assert len(answered(tg, "sendPhoto")) == 2  # the same board messages, edited
        # @bob has not written since the restart: the game's links still know him.
        reply = await say(tg, A, "/challenge @bob size=13", ALICE)
        assert reply.fields["text"].startswith("Challenge #2 sent to @bob: 13×13")
    finally:
        await bot.stop()


async def test_a_redelivered_update_applies_once(tg: RedeliveringTelegram, db_path: Path) -> None:
    bot = await BotProcess(tg, db_path).start()
    await start_private_game(tg)
    message = tg.inject_message(A, "d4", user=ALICE)
    await tg.wait_for_call("editMessageMedia", chat_id=B)
    await tg.wait_for_call("sendMessage", chat_id=B, count=3)
    await bot.stop()
    assert message.update_id is not None
    tg.redeliver(message.update_id)  # the bot died before confirming it
    bot = await BotProcess(tg, db_path).start()
    try:
        reply = await tg.wait_for_call("sendMessage", chat_id=A, count=4)
        assert reply.fields["text"] == "That command was already handled; nothing was done again."
        assert len(tg.calls_for("editMessageMedia")) == 2  # Alice's and Bob's boards, once
        await move(tg, B, "e5", BOB, other=A)  # and the game goes on
    finally:
        await bot.stop()


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # in PTB
async def test_a_429_is_retried_and_the_photo_arrives(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    tg.rate_limit_next("sendPhoto", count=1, retry_after=1)
    await start_private_game(tg)
    [refused] = [c for c in tg.calls_for("sendPhoto") if c.status == 429]
    assert refused.chat_id in (A, B)  # the first board to reach the server, either chat's
    for chat in (A, B):
        await tg.wait_for(lambda chat=chat: answered(tg, "sendPhoto", chat))  # type: ignore[misc]
        assert board_of(tg, chat).photo is not None
    statuses = [c.status for c in tg.calls_for("sendPhoto", refused.chat_id)]
    assert statuses == [429, 200]


async def test_scheduler_notices_reach_the_players_chat(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    await start_private_game(tg)
    line = "Little time left in game #1: 3h 20m. Your move!"
    await bot.deliver(View((line,), notify=(Notice(f"telegram:{A}", (line,)),), game_id=1))
    assert last_text(tg, A) == line
    [reminder] = [c for c in tg.calls_for("sendMessage", A) if c.fields["text"] == line]
    assert reminder.fields["reply_parameters"]["message_id"] == board_of(tg, A).message_id
    await bot.deliver(View(("x",), notify=(Notice("discord:5", ("x",)),)))  # not ours: ignored
