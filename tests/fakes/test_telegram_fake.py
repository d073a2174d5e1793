"""The fake Telegram server drives a real python-telegram-bot Application end to end."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Update
from telegram.error import BadRequest, EndPointNotFound, Forbidden, InvalidToken
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)
from telegram.request import HTTPXRequest

from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TELEGRAM_BOB as BOB
from tests.fakes import FakeTelegramServer, run_polling, start_fake_telegram, tiny_png

pytestmark = pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")

CHAT = 1001
BLACK, WHITE = tiny_png("black"), tiny_png("white")
App = Application[Any, Any, Any, Any, Any, Any]
KEYBOARD = InlineKeyboardMarkup([[InlineKeyboardButton("Pass", callback_data="game:1:pass")]])


def build_app(server: FakeTelegramServer) -> App:
    """A real Application wired to the fake server, with a tiny board-sending bot."""
    app = (
        ApplicationBuilder()
        .token(server.token)
        .base_url(server.base_url)
        .base_file_url(server.base_file_url)
        .rate_limiter(AIORateLimiter(max_retries=3))
        .build()
    )
    app.bot_data["errors"] = []

    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        await context.bot.send_photo(
            update.effective_chat.id, BLACK, caption="Move 0", reply_markup=KEYBOARD
        )

    async def press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None
        await query.answer("Passed", show_alert=True)
        try:
            await query.edit_message_media(
                InputMediaPhoto(WHITE, caption="Move 1"), reply_markup=KEYBOARD
            )
        except BadRequest as error:
            context.bot_data["errors"].append(error.message)

    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.message.text is not None
        await update.message.reply_text(f"echo: {update.message.text}")

    app.add_handler(CommandHandler("start", start))
    app.add_handler(CallbackQueryHandler(press))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    return app


@asynccontextmanager
async def polling(app: App) -> AsyncIterator[App]:
    """Poll the fake until the block ends, after registering the bot's commands."""
    async with run_polling(app):
        await app.bot.set_my_commands([("start", "Start a game")])
        yield app


async def test_start_command_sends_the_board(fake_telegram: FakeTelegramServer) -> None:
    async with polling(build_app(fake_telegram)):
        start = fake_telegram.inject_message(CHAT, "/start")
        call = await fake_telegram.wait_for_call("sendPhoto", chat_id=CHAT)

    assert call.upload == BLACK
    assert call.fields["caption"] == "Move 0"
    assert call.fields["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "game:1:pass"
    [board] = fake_telegram.bot_messages(CHAT)
    assert board.photo == BLACK and board.callback_data == ["game:1:pass"]
    assert fake_telegram.commands == [{"command": "start", "description": "Start a game"}]
    methods = [c.api_method for c in fake_telegram.calls]
    assert methods[0] == "getMe" and {"deleteWebhook", "getUpdates"} <= set(methods)
    assert start.update_id == fake_telegram.last_update_id == 1
    timing = fake_telegram.update_timings[1]
    assert timing.delivered_at is not None and timing.queued_at <= timing.delivered_at
    assert 0 < fake_telegram.seconds_until_call(1, "sendPhoto") < 1


async def test_button_press_edits_the_photo(fake_telegram: FakeTelegramServer) -> None:
    async with polling(build_app(fake_telegram)):
        fake_telegram.inject_message(CHAT, "/start")
        await fake_telegram.wait_for_call("sendPhoto", chat_id=CHAT)
        [board] = fake_telegram.bot_messages(CHAT)
        fake_telegram.inject_callback_query(board, "game:1:pass", user=BOB)
        edit = await fake_telegram.wait_for_call("editMessageMedia", chat_id=CHAT)
        answer = fake_telegram.calls_for("answerCallbackQuery")[0]

    assert answer.fields["text"] == "Passed" and answer.fields["show_alert"] == "true"
    assert edit.fields["media"]["type"] == "photo"
    assert edit.upload == WHITE
    assert board.photo == WHITE and board.caption == "Move 1" and board.edit_count == 1


async def test_same_edit_twice_is_not_modified(fake_telegram: FakeTelegramServer) -> None:
    app = build_app(fake_telegram)
    async with polling(app):
        fake_telegram.inject_message(CHAT, "/start")
        await fake_telegram.wait_for_call("sendPhoto", chat_id=CHAT)
        [board] = fake_telegram.bot_messages(CHAT)
        fake_telegram.inject_callback_query(board, "game:1:pass")
        fake_telegram.inject_callback_query(board, "game:1:pass")
        second = await fake_telegram.wait_for_call("editMessageMedia", count=2)
        errors = await fake_telegram.wait_for(lambda: app.bot_data["errors"])

    assert second.status == 400
    # PTB strips the "Bad Request: " prefix and capitalises the rest.
    assert len(errors) == 1 and errors[0].startswith("Message is not modified: ")
    assert second.fields["media"]["caption"] == "Move 1"


async def test_rate_limited_call_is_retried(fake_telegram: FakeTelegramServer) -> None:
    fake_telegram.rate_limit_next("sendPhoto", count=1, retry_after=1)
    async with polling(build_app(fake_telegram)):
        fake_telegram.inject_message(CHAT, "/start")
        retried = await fake_telegram.wait_for_call("sendPhoto", count=2)

    first = fake_telegram.calls_for("sendPhoto")[0]
    assert (first.status, retried.status) == (429, 200)
    assert retried.received_at - first.received_at >= 0.9
    assert len(fake_telegram.bot_messages(CHAT)) == 1


async def test_text_reply_and_group_chat(fake_telegram: FakeTelegramServer) -> None:
    group = -100
    async with polling(build_app(fake_telegram)):
        original = fake_telegram.inject_message(group, "/start", user=ALICE)
        fake_telegram.inject_message(group, "d4", user=BOB, reply_to=original)
        reply = await fake_telegram.wait_for_call("sendMessage", chat_id=group)

    assert reply.fields["text"] == "echo: d4"
    [_, echo] = fake_telegram.bot_messages(group)
    assert echo.reply_to is not None and echo.reply_to.text == "d4"
    assert echo.chat["type"] == "group"


async def test_unknown_method_and_bad_token(fake_telegram: FakeTelegramServer) -> None:
    app = build_app(fake_telegram)
    async with app:
        with pytest.raises(EndPointNotFound):
            await app.bot.do_api_request("noSuchMethod")
    request, updates_request = HTTPXRequest(), HTTPXRequest()
    wrong_token = (
        ApplicationBuilder()
        .token("999:WRONG")
        .base_url(fake_telegram.base_url)
        .request(request)
        .get_updates_request(updates_request)
        .build()
    )
    with pytest.raises(InvalidToken):
        await wrong_token.initialize()
    # A failed initialize() leaves the HTTP clients open; close them ourselves.
    await request.shutdown()
    await updates_request.shutdown()


async def test_document_upload_and_download(fake_telegram: FakeTelegramServer) -> None:
    async with build_app(fake_telegram) as app:
        sent = await app.bot.send_document(CHAT, b"(;GM[1]SZ[9])", filename="game.sgf")
        await app.bot.delete_message(CHAT, sent.message_id)
        assert sent.document is not None
        downloaded = await (await app.bot.get_file(sent.document.file_id)).download_as_bytearray()
    assert bytes(downloaded) == b"(;GM[1]SZ[9])"
    assert fake_telegram.calls_for("sendDocument")[0].file("document").filename == "game.sgf"
    assert fake_telegram.bot_messages(CHAT) == []


async def test_unknown_callback_query_and_forced_error(fake_telegram: FakeTelegramServer) -> None:
    fake_telegram.fail_next("sendMessage", "Forbidden: bot was blocked by the user", status=403)
    async with build_app(fake_telegram) as app:
        with pytest.raises(BadRequest, match="Query is too old"):
            await app.bot.answer_callback_query("12345")
        with pytest.raises(Forbidden, match="bot was blocked by the user"):
            await app.bot.send_message(CHAT, "hello")
        await app.bot.send_message(CHAT, "hello again")
    assert [m.text for m in fake_telegram.bot_messages(CHAT)] == ["hello again"]


async def test_shutdown_leaves_no_tasks_behind() -> None:
    async with start_fake_telegram() as server, polling(build_app(server)):
        server.inject_message(CHAT, "/start")
        await server.wait_for_call("sendPhoto")
        # Stop while a long poll is being held by the server.
        await server.wait_for(lambda: server.calls_for("getUpdates")[-1].status is None)
    assert [t for t in asyncio.all_tasks() if t is not asyncio.current_task()] == []


async def test_stop_releases_a_held_long_poll() -> None:
    async with start_fake_telegram() as server, aiohttp.ClientSession() as session:
        url = f"{server.base_url}{server.token}/getUpdates"
        held = asyncio.create_task(session.post(url, data={"timeout": "30"}))
        await server.wait_for(lambda: server.calls_for("getUpdates"))
        await server.stop()
        async with await asyncio.wait_for(held, 2) as response:
            assert await response.json() == {"ok": True, "result": []}
