"""A fake Telegram Bot API server for end-to-end tests with python-telegram-bot.

Point a real ``telegram.ext.Application`` at it with
``ApplicationBuilder().token(server.token).base_url(server.base_url)
.base_file_url(server.base_file_url)``, inject updates, and inspect what the bot sent.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from tests.fakes._common import ChangeNotifier, UploadedFile, json_response, read_form
from tests.fakes.limits import TELEGRAM_LIMITS, TelegramFloodControl, TelegramLimits
from tests.fakes.telegram_commands import MenuKey
from tests.fakes.telegram_methods import BotApiMethods
from tests.fakes.telegram_payloads import (
    ALICE,
    BOT_USER_ID,
    DEFAULT_TOKEN,
    BotApiError,
    StoredMessage,
    TelegramCall,
    TelegramUser,
    UpdateTiming,
    decode_fields,
)

if TYPE_CHECKING:
    from telegram.ext import Application

T = TypeVar("T")


class FakeTelegramServer(BotApiMethods):
    """An in-process Bot API server on 127.0.0.1 holding chats, messages and updates.

    ``limits`` are the flood limits it enforces (``None``: none); every call it answered 429 is
    in ``too_many_requests``.
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "gobot_test_bot",
        limits: TelegramLimits | None = TELEGRAM_LIMITS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token = token
        self.limits = limits
        self.too_many_requests: list[TelegramCall] = []
        self._flood = TelegramFloodControl(limits, clock) if limits is not None else None
        self.bot_user = TelegramUser(BOT_USER_ID, "GoBot", bot_username, is_bot=True)
        self.calls: list[TelegramCall] = []
        self.messages: dict[tuple[int, int], StoredMessage] = {}
        self.files: dict[str, UploadedFile] = {}
        self.command_menus: dict[MenuKey, list[dict[str, Any]]] = {}  # by (scope, language)
        self.update_timings: dict[int, UpdateTiming] = {}
        self.port = 0
        self._pending_updates: list[dict[str, Any]] = []
        self._next_update_id = 1
        self._next_message_id: dict[int, int] = defaultdict(lambda: 1)
        self._next_file_number = 1
        self._next_callback_id = 1
        self._unanswered_queries: set[str] = set()
        self._chats: dict[int, dict[str, Any]] = {}
        self._admins: dict[int, tuple[TelegramUser, ...]] = {}
        self._forced_errors: dict[str, list[BotApiError]] = defaultdict(list)
        self._notifier = ChangeNotifier()
        self._stopping = False
        self._runner: web.AppRunner | None = None

    # ----- lifecycle -------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """The value for ``ApplicationBuilder().base_url``."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        """The value for ``ApplicationBuilder().base_file_url``."""
        return f"http://127.0.0.1:{self.port}/file/bot"

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle_method)
        app.router.add_get("/file/bot{token}/{file_path:.*}", self._handle_file)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        """Release held getUpdates requests and shut the server down."""
        self._stopping = True
        self._notifier.notify()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ----- test-side API: chats and updates ---------------------------------------------

    def set_chat(self, chat_id: int, chat_type: str = "group", title: str = "Go Club") -> None:
        """Declare a chat's type (``private``, ``group``, ``supergroup``) and title."""
        self._chats[chat_id] = {"id": chat_id, "type": chat_type, "title": title}

    def set_admins(self, chat_id: int, admins: Iterable[TelegramUser | int]) -> None:
        """The group's administrators, its creator first (``getChatAdministrators`` answers
        them as ``ChatMemberOwner`` and ``ChatMemberAdministrator``); a bare id is a user named
        ``User <id>``. Declares the chat if it is new."""
        self.chat(chat_id)
        self._admins[chat_id] = tuple(
            a if isinstance(a, TelegramUser) else TelegramUser(a, f"User {a}") for a in admins
        )

    def open_private_chat(self, *user_ids: int) -> None:
        """The users have written to the bot (``/start``): it may message them. A private chat
        the user never opened refuses the bot with 403, as Telegram does."""
        for user_id in user_ids:
            self.chat(user_id)

    def chat(self, chat_id: int, user: TelegramUser | None = None) -> dict[str, Any]:
        """The ``Chat`` object of a chat; positive ids are private chats by default."""
        if chat_id not in self._chats:
            if chat_id > 0:
                name = user.first_name if user else "User"
                self._chats[chat_id] = {"id": chat_id, "type": "private", "first_name": name}
            else:
                self.set_chat(chat_id, "supergroup" if chat_id < -(10**12) else "group")
        return self._chats[chat_id]

    def inject_message(
        self,
        chat_id: int,
        text: str,
        *,
        user: TelegramUser = ALICE,
        reply_to: StoredMessage | None = None,
    ) -> StoredMessage:
        """Queue a text message (a command if it starts with ``/``) from ``user``."""
        entities = []
        if text.startswith("/"):
            entities.append({"type": "bot_command", "offset": 0, "length": len(text.split()[0])})
        message = StoredMessage(
            chat=self.chat(chat_id, user),
            message_id=self._take_message_id(chat_id),
            sender=user.to_api(),
            text=text,
            reply_to=reply_to,
            entities=entities,
        )
        self.messages[(chat_id, message.message_id)] = message
        message.update_id = self._queue_update({"message": message.to_api()})
        return message

    def inject_callback_query(
        self, message: StoredMessage, data: str, *, user: TelegramUser = ALICE
    ) -> str:
        """Queue a button press with ``callback_data`` ``data`` on ``message``; return its id."""
        query_id = str(self._next_callback_id)
        self._next_callback_id += 1
        self._unanswered_queries.add(query_id)
        query = {
            "id": query_id,
            "from": user.to_api(),
            "message": message.to_api(),
            "chat_instance": str(message.chat_id),
            "data": data,
        }
        self._queue_update({"callback_query": query})
        return query_id

    # ----- test-side API: inspection, waiting, faults ------------------------------------

    def calls_for(
        self, method: str | None = None, chat_id: int | None = None
    ) -> list[TelegramCall]:
        """Recorded calls, in order, filtered by method name and/or chat."""
        return [
            call
            for call in self.calls
            if (method is None or call.api_method == method)
            and (chat_id is None or call.chat_id == chat_id)
        ]

    def bot_messages(self, chat_id: int) -> list[StoredMessage]:
        """The bot's messages in a chat as they look now (edits applied, deleted ones left out)."""
        return [
            message
            for (chat, _), message in sorted(self.messages.items())
            if chat == chat_id and message.sender["id"] == self.bot_user.id and not message.deleted
        ]

    def message(self, chat_id: int, message_id: int) -> StoredMessage:
        """A stored message by chat and id."""
        return self.messages[(chat_id, message_id)]

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0) -> T:
        """Wait until ``predicate()`` is truthy and return its value."""
        return await self._notifier.wait_for(predicate, timeout)

    async def wait_for_call(
        self, method: str, *, chat_id: int | None = None, count: int = 1, timeout: float = 5.0
    ) -> TelegramCall:
        """Wait for the ``count``-th answered call of ``method`` (in ``chat_id``) and return it."""

        def answered() -> list[TelegramCall]:
            return [c for c in self.calls_for(method, chat_id) if c.status is not None]

        # answered()[count - 1:] is non-empty once the count-th call has been answered.
        calls = await self.wait_for(lambda: answered()[count - 1 :], timeout)
        return calls[0]

    @property
    def last_update_id(self) -> int:
        """The id of the most recently injected update (0 before any)."""
        return self._next_update_id - 1

    def seconds_until_call(self, update_id: int, method: str, chat_id: int | None = None) -> float:
        """Seconds from an injected update becoming available to the first ``method`` call after."""
        queued_at = self.update_timings[update_id].queued_at
        for call in self.calls_for(method, chat_id):
            if call.received_at >= queued_at:
                return call.received_at - queued_at
        raise LookupError(f"no {method} call after update {update_id}")

    def rate_limit_next(self, method: str, count: int = 1, retry_after: int = 1) -> None:
        """Make the next ``count`` calls of ``method`` answer 429 with ``retry_after`` seconds."""
        self._forced_errors[method].extend([_flood_error(retry_after)] * count)

    def fail_next(self, method: str, description: str, status: int = 400, count: int = 1) -> None:
        """Make the next ``count`` calls of ``method`` answer an error like Telegram would."""
        self._forced_errors[method].extend([BotApiError(status, description)] * count)

    # ----- HTTP handlers ----------------------------------------------------------------

    async def _handle_method(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        fields, files = await read_form(request)
        call = TelegramCall(request.method, request.path, method, decode_fields(fields), files)
        self.calls.append(call)
        try:
            if request.match_info["token"] != self.token:
                raise BotApiError(401, "Unauthorized")
            if self._forced_errors.get(method):
                raise self._forced_errors[method].pop(0)
            flood = self._flood.retry_after(method, call.fields) if self._flood else None
            if flood is not None:
                raise _flood_error(flood)
            handler = getattr(self, f"_api_{method}", None)
            if handler is None:
                raise BotApiError(404, "Not Found")
            result = await handler(call)
            response = json_response({"ok": True, "result": result})
        except BotApiError as error:
            body: dict[str, Any] = {
                "ok": False,
                "error_code": error.status,
                "description": error.description,
            }
            if error.parameters:
                body["parameters"] = error.parameters
            response = json_response(body, status=error.status)
        call.status = response.status
        call.responded_at = time.monotonic()
        if response.status == 429:
            self.too_many_requests.append(call)
        self._notifier.notify()
        return response

    async def _handle_file(self, request: web.Request) -> web.Response:
        file_id = request.match_info["file_path"].rsplit("/", 1)[-1].split(".")[0]
        if request.match_info["token"] != self.token or file_id not in self.files:
            return json_response({"ok": False, "error_code": 404, "description": "Not Found"}, 404)
        return web.Response(body=self.files[file_id].data)

    # ----- helpers --------------------------------------------------------------------------

    def _queue_update(self, payload: dict[str, Any]) -> int:
        update_id = self._next_update_id
        self._next_update_id += 1
        self._pending_updates.append({"update_id": update_id, **payload})
        self.update_timings[update_id] = UpdateTiming(queued_at=time.monotonic())
        self._notifier.notify()
        return update_id


def _flood_error(retry_after: float) -> BotApiError:
    description = f"Too Many Requests: retry after {retry_after}"
    return BotApiError(429, description, {"retry_after": retry_after})


@asynccontextmanager
async def start_fake_telegram(
    token: str = DEFAULT_TOKEN,
    *,
    limits: TelegramLimits | None = TELEGRAM_LIMITS,
    clock: Callable[[], float] = time.monotonic,
) -> AsyncIterator[FakeTelegramServer]:
    """Run a :class:`FakeTelegramServer` for the duration of the ``async with`` block; its
    flood limits go by ``clock``."""
    server = FakeTelegramServer(token, limits=limits, clock=clock)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
        await asyncio.sleep(0)


@asynccontextmanager
async def run_polling(
    app: Application[Any, Any, Any, Any, Any, Any], poll_timeout: int = 5
) -> AsyncIterator[Application[Any, Any, Any, Any, Any, Any]]:
    """Initialise ``app``, poll the fake for updates, and stop everything cleanly on exit."""
    async with app:
        assert app.updater is not None, "build the Application with an Updater"
        await app.updater.start_polling(poll_interval=0, timeout=poll_timeout)
        await app.start()
        try:
            yield app
        finally:
            await app.updater.stop()
            await app.stop()
