"""The bot's own posts in a chat (the problem of the day, ``View.post``): the scheduler's delivery
sends the whole view to the Telegram chat it names, a photo of the board drawn in the chat's
language with the lines as its caption (in a reply when too long for one), paced as every call;
a chat that refuses the bot is logged and the other chats' posts and the notices go on."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.snapshots import render_board
from bot.words import board_in
from service import Notice, View
from service.i18n import in_language, t, translate
from service.rules_topics import TOPICS, board_of
from tests.bot.telegram.harness import PNG_SIGNATURE, BotProcess, RedeliveringTelegram, answered
from tests.bot.telegram.test_telegram_languages import plain

CLUB, OTHER = -100123, -100456  # two groups posting the problem of the day
LINES = (t("rules.capture.title"), t("rules.capture.cite"))
BOB = 1002  # a player with a private chat with the bot


def post(chat: int, lines: tuple[str, ...] = LINES, **fields: object) -> View:
    """A post like the scheduler's: lines and a diagram of no game, in Czech."""
    board = board_of("capture")
    return View(lines, board=board, language="cs", post=f"telegram:{chat}", **fields)  # type: ignore[arg-type]


async def test_a_post_is_a_photo_in_its_chat_in_the_chats_language(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    await bot.deliver(post(CLUB))
    [call] = answered(tg, "sendPhoto", CLUB)
    assert plain(call.fields["caption"]).splitlines() == [in_language("cs", x) for x in LINES]
    assert call.upload is not None and call.upload.startswith(PNG_SIGNATURE)
    assert call.upload == await render_board(board_in(board_of("capture"), "cs"))
    assert call.upload != await render_board(board_in(board_of("capture"), "en"))
    assert "reply_markup" not in call.fields or not call.fields["reply_markup"]
    assert answered(tg, "sendMessage") == []  # no reply text: the lines fit the caption
    assert not tg.too_many_requests


async def test_a_long_post_has_its_lines_in_a_reply_to_the_photo(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    lines = tuple(t(f"rules.{topic}.text") for topic in TOPICS)
    assert len("\n".join(in_language("cs", x) for x in lines)) > 1024  # Telegram's caption
    await bot.deliver(post(CLUB, lines))
    [photo] = answered(tg, "sendPhoto", CLUB)
    caption = translate("cs", "rules.capture.caption")
    assert plain(photo.fields["caption"]) == plain(caption)
    [text] = answered(tg, "sendMessage", CLUB)
    assert text.fields["reply_parameters"]["message_id"] == tg.bot_messages(CLUB)[0].message_id
    assert plain(text.fields["text"]).startswith(plain(in_language("cs", lines[0]))[:40])


async def test_a_chat_that_refuses_the_bot_is_logged_and_others_get_theirs(
    tg: RedeliveringTelegram, bot: BotProcess, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.telegram")
    tg.fail_next("sendPhoto", "Forbidden: bot was kicked from the supergroup chat", status=403)
    await bot.deliver(post(CLUB))  # never raises
    await bot.deliver(post(OTHER))
    assert [c.status for c in tg.calls_for("sendPhoto", CLUB)] == [403]
    assert [c.status for c in tg.calls_for("sendPhoto", OTHER)] == [200]
    [warning] = [r for r in caplog.records if "could not post in chat" in r.getMessage()]
    assert str(CLUB) in warning.getMessage() and "kicked" in warning.getMessage()


async def test_a_post_and_its_notices_are_both_delivered(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    tg.open_private_chat(BOB)
    notice = Notice(f"telegram:{BOB}", (t("info.stopped"),), language="hu")
    await bot.deliver(post(CLUB, notify=(notice,)))
    [photo] = answered(tg, "sendPhoto", CLUB)
    assert plain(photo.fields["caption"]).startswith(in_language("cs", LINES[0]))
    [ping] = answered(tg, "sendMessage", BOB)
    assert plain(ping.fields["text"]) == plain(translate("hu", "info.stopped"))


async def test_posts_keep_the_groups_budget(tg: RedeliveringTelegram, bot: BotProcess) -> None:
    """More posts at once than a group's budget allows (20 a minute): all arrive, paced by the
    chat's pacer, with no 429 from Telegram."""
    await asyncio.gather(*(bot.deliver(post(CLUB)) for _ in range(22)))
    assert len(answered(tg, "sendPhoto", CLUB)) == 22
    assert not tg.too_many_requests


async def test_a_post_elsewhere_is_left_to_its_platform(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    await bot.deliver(View(LINES, board=board_of("capture"), post="discord:5"))
    assert answered(tg, "sendPhoto") == [] and answered(tg, "sendMessage") == []
