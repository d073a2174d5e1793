"""``estimate`` on Telegram, end to end: the real python-telegram-bot client against the fake Bot
API server, a game in private chats; ``/estimate`` and the Estimate button under the board each
send the estimate as a photo of its own to the asker alone (the game's board message stays as it
was); a second press within the minute gets an alert; the menu lists the command."""

from __future__ import annotations

from service.i18n import t
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, answered, board_of, say
from tests.bot.telegram.test_game import move, start_private_game
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB

A, B = ALICE.id, BOB.id  # their private chats with the bot


async def test_the_command_and_the_button(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    await start_private_game(tg)
    await move(tg, A, "/play d4", ALICE, other=B)
    games = {chat: board_of(tg, chat) for chat in (A, B)}  # the game's board messages
    shown = {chat: (m.message_id, m.caption, m.photo, m.edit_count) for chat, m in games.items()}
    assert "g1:estimate" in games[A].callback_data  # an unrated game: under the board
    photos = {chat: len(answered(tg, "sendPhoto", chat)) for chat in (A, B)}

    asked = await say(tg, B, "/estimate", BOB, method="sendPhoto")
    lines = asked.fields["caption"].split("\n")  # the reply, with the image
    assert lines[0] == t("estimate.header", id=1, n=1)
    # who leads (one stone against komi: the estimate of an opening stays near even)
    assert lines[1].startswith((t("color.black"), t("color.white"))) or lines[1] == t(
        "estimate.even"
    )
    assert lines[3] == t("estimate.dead_none")
    image = board_of(tg, B)
    assert image.message_id != games[B].message_id and image.callback_data == ["g1:board"]
    assert image.photo is not None and image.photo != games[B].photo
    assert len(answered(tg, "sendPhoto", A)) == photos[A]  # a read: Alice is not told

    before = len(answered(tg, "answerCallbackQuery"))
    tg.inject_callback_query(games[A], "g1:estimate", user=ALICE)
    await tg.wait_for_call("sendPhoto", chat_id=A, count=photos[A] + 1)
    await tg.wait_for_call("answerCallbackQuery", count=before + 1)
    assert board_of(tg, A).callback_data == ["g1:board"]

    tg.inject_callback_query(games[A], "g1:estimate", user=ALICE)  # again, within the minute
    alert = await tg.wait_for_call("answerCallbackQuery", count=before + 2)
    assert alert.fields["show_alert"] == "true"
    waits = {t("error.estimate_wait", id=1, seconds=s) for s in range(50, 61)}
    assert alert.fields["text"] in waits
    assert len(answered(tg, "sendPhoto", A)) == photos[A] + 1
    for chat in (A, B):  # the game's boards are untouched
        now = tg.message(chat, games[chat].message_id)
        assert (now.message_id, now.caption, now.photo, now.edit_count) == shown[chat]
