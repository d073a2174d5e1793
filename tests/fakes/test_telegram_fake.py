"""The fake Telegram server drives a real python-telegram-bot Application end to end."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest
from telegram import (
    Bot,
    ChatMemberAdministrator,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Update,
)
from telegram.error import BadRequest, EndPointNotFound, Forbidden, InvalidToken, RetryAfter
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
from tests.fakes import (
    FakeTelegramServer,
    TelegramLimits,
    run_polling,
    start_fake_telegram,
    tiny_png,
)
from tests.fakes.clock import FakeClock
from tests.fakes.limits import SlidingWindow, WindowSet

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
    waited = fake_telegram.seconds_until_call(1, "sendPhoto")
    assert waited == call.received_at - timing.queued_at > 0  # the photo came after the update


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
    fake_telegram.open_private_chat(CHAT)
    async with build_app(fake_telegram) as app:
        sent = await app.bot.send_document(CHAT, b"(;GM[1]SZ[9])", filename="game.sgf")
        await app.bot.delete_message(CHAT, sent.message_id)
        assert sent.document is not None
        downloaded = await (await app.bot.get_file(sent.document.file_id)).download_as_bytearray()
    assert bytes(downloaded) == b"(;GM[1]SZ[9])"
    assert fake_telegram.calls_for("sendDocument")[0].file("document").filename == "game.sgf"
    assert fake_telegram.bot_messages(CHAT) == []


async def test_a_private_chat_the_user_never_opened_refuses_the_bot(
    fake_telegram: FakeTelegramServer,
) -> None:
    async with raw_bot(fake_telegram) as bot:
        with pytest.raises(Forbidden, match="can't initiate conversation"):
            await bot.send_message(CHAT, "hello")
        fake_telegram.inject_message(CHAT, "/start")  # the user opens the chat
        await bot.send_message(CHAT, "hello")
    assert [m.text for m in fake_telegram.bot_messages(CHAT) if m.sender["is_bot"]] == ["hello"]


async def test_unknown_callback_query_and_forced_error(fake_telegram: FakeTelegramServer) -> None:
    fake_telegram.open_private_chat(CHAT)
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


# ----- flood limits ---------------------------------------------------------------------------

GROUP = -100


@asynccontextmanager
async def raw_bot(server: FakeTelegramServer) -> AsyncIterator[Bot]:
    """A python-telegram-bot ``Bot`` without a rate limiter: every 429 raises RetryAfter."""
    async with Bot(server.token, base_url=server.base_url) as bot:
        yield bot


def seconds(error: RetryAfter) -> float:
    """``retry_after`` in seconds, whether PTB hands out a number or a timedelta."""
    value = error.retry_after
    return value.total_seconds() if isinstance(value, dt.timedelta) else float(value)


def test_window_slides_and_a_refused_call_uses_no_budget() -> None:
    window = SlidingWindow(2, 10.0)
    window.record(0.0)
    window.record(6.0)
    assert (window.wait(9.0), window.remaining(9.0), window.until_empty(9.0)) == (1.0, 0, 7.0)
    assert window.wait(10.0) == 0.0  # the call at 0 has left; the one at 6 is still in
    window.record(10.0)
    assert window.wait(12.0) == 4.0
    windows = WindowSet()
    assert windows.admit([("a", (5, 1.0)), ("b", (1, 1.0))], now=0.0) is None
    assert windows.admit([("a", (5, 1.0)), ("b", (1, 1.0))], now=0.5) == ("b", 0.5)
    assert windows.window("a", (5, 1.0)).remaining(0.5) == 4  # nothing recorded in "a"


def test_scaled_limits() -> None:
    assert TelegramLimits().scaled(0.5) == TelegramLimits(
        group=(20, 30.0), private=(1, 0.5), overall=(30, 0.5), time_scale=0.5
    )
    assert TelegramLimits().scaled(0.1).scaled(10) == TelegramLimits()


async def test_group_chat_allows_20_calls_a_minute_edits_included() -> None:
    async with start_fake_telegram() as server, raw_bot(server) as bot:
        for number in range(20):
            await bot.send_message(GROUP, f"message {number}")
        with pytest.raises(RetryAfter) as refused:
            await bot.edit_message_text("edited", GROUP, 1)
        await bot.send_message(-200, "another group has its own budget")

    assert seconds(refused.value) in range(55, 61)  # whole seconds until the first call leaves
    [call] = server.too_many_requests
    assert (call.api_method, call.status, call.chat_id) == ("editMessageText", 429, GROUP)
    assert server.message(GROUP, 1).text == "message 0"  # the refused edit changed nothing
    assert server.message(GROUP, 1).edit_count == 0
    assert len(server.bot_messages(GROUP)) == 20


async def test_private_chat_allows_one_call_a_second() -> None:
    async with start_fake_telegram() as server, aiohttp.ClientSession() as session:
        server.open_private_chat(CHAT, CHAT + 1)
        url = f"{server.base_url}{server.token}/sendMessage"
        async with session.post(url, json={"chat_id": CHAT, "text": "one"}) as first:
            assert first.status == 200
        async with session.post(url, json={"chat_id": CHAT, "text": "two"}) as second:
            assert second.status == 429
            assert await second.json() == {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 1",
                "parameters": {"retry_after": 1},
            }
        async with session.post(url, json={"chat_id": CHAT + 1, "text": "one"}) as other:
            assert other.status == 200
        updates = f"{server.base_url}{server.token}/getUpdates"
        async with session.post(updates, json={"timeout": 0}) as poll:  # not counted
            assert poll.status == 200

    assert [m.text for m in server.bot_messages(CHAT)] == ["one"]
    assert len(server.too_many_requests) == 1


async def test_scaled_limits_answer_scaled_retry_after_and_pass_after_waiting() -> None:
    limits = TelegramLimits().scaled(0.5)  # one call per 0.5 s in a private chat
    clock = FakeClock()  # the fake's limits go by it: waiting out retry_after takes no time
    async with (
        start_fake_telegram(limits=limits, clock=clock.now) as server,
        raw_bot(server) as bot,
    ):
        server.open_private_chat(CHAT)
        await bot.send_message(CHAT, "one")
        with pytest.raises(RetryAfter) as refused:
            await bot.send_chat_action(CHAT, "upload_photo")
        assert seconds(refused.value) == 0.5  # one whole second, scaled
        await clock.advance(seconds(refused.value))
        await bot.send_message(CHAT, "two")

    assert [m.text for m in server.bot_messages(CHAT)] == ["one", "two"]
    assert [c.api_method for c in server.too_many_requests] == ["sendChatAction"]


async def test_overall_limit_counts_callback_answers_but_not_polling() -> None:
    limits = TelegramLimits().scaled(10)  # 30 calls per 10 s in all: no race with the clock
    async with start_fake_telegram(limits=limits) as server, raw_bot(server) as bot:
        server.open_private_chat(CHAT, 3000, *range(2001, 2029))
        board = await bot.send_message(CHAT, "board")
        query = server.inject_callback_query(server.message(CHAT, board.message_id), "go")
        await bot.answer_callback_query(query)  # the chat's one call per 10 s is not used
        for chat in range(2001, 2029):
            await bot.send_message(chat, "hello")  # calls 3 to 30
        with pytest.raises(RetryAfter) as refused:
            await bot.send_message(3000, "one too many")
        await bot.get_me()
        await bot.get_updates(timeout=0)

    assert seconds(refused.value) == 10  # one scaled second
    [call] = server.too_many_requests
    assert call.chat_id == 3000 and server.bot_messages(3000) == []


async def test_the_rate_limiter_retries_a_scaled_retry_after() -> None:
    limits = TelegramLimits().scaled(0.25)
    async with start_fake_telegram(limits=limits) as server, build_app(server) as app:
        server.open_private_chat(CHAT)
        await asyncio.gather(*(app.bot.send_message(CHAT, f"{n}") for n in range(3)))

    assert sorted(m.text or "" for m in server.bot_messages(CHAT)) == ["0", "1", "2"]
    assert server.too_many_requests  # AIORateLimiter does not pace private chats: it retried


async def test_forced_429s_are_counted_too(fake_telegram: FakeTelegramServer) -> None:
    fake_telegram.open_private_chat(CHAT)
    fake_telegram.rate_limit_next("sendMessage", retry_after=1)
    async with raw_bot(fake_telegram) as bot:
        with pytest.raises(RetryAfter):
            await bot.send_message(CHAT, "refused")
    assert [c.api_method for c in fake_telegram.too_many_requests] == ["sendMessage"]


async def test_chat_administrators(fake_telegram: FakeTelegramServer) -> None:
    fake_telegram.set_admins(GROUP, [ALICE, BOB.id])
    fake_telegram.set_chat(-200, "supergroup")
    fake_telegram.open_private_chat(CHAT)
    async with raw_bot(fake_telegram) as bot:
        owner, admin = await bot.get_chat_administrators(GROUP)
        assert await bot.get_chat_administrators(-200) == ()  # nobody set
        with pytest.raises(BadRequest, match="no administrators in the private chat"):
            await bot.get_chat_administrators(CHAT)
        with pytest.raises(BadRequest, match="Chat not found"):
            await bot.get_chat_administrators(-300)
    assert isinstance(owner, ChatMemberOwner) and owner.user.username == "alice"
    assert isinstance(admin, ChatMemberAdministrator) and admin.user.id == BOB.id
    assert admin.can_manage_chat and not admin.can_promote_members


async def test_chat_administrators_count_against_the_group_limit() -> None:
    async with start_fake_telegram() as server, raw_bot(server) as bot:
        server.set_admins(GROUP, [ALICE])
        for number in range(19):
            await bot.send_message(GROUP, f"message {number}")
        await bot.get_chat_administrators(GROUP)
        with pytest.raises(RetryAfter):
            await bot.get_chat_administrators(GROUP)
    assert [c.api_method for c in server.too_many_requests] == ["getChatAdministrators"]
