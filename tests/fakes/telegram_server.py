"""A fake Telegram Bot API server for end-to-end tests with python-telegram-bot.

Point a real ``telegram.ext.Application`` at it with
``ApplicationBuilder().token(server.token).base_url(server.base_url)
.base_file_url(server.base_file_url)``, inject updates, and inspect what the bot sent.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from tests.fakes._common import ChangeNotifier, UploadedFile, json_response, read_form
from tests.fakes.telegram_payloads import (
    ALICE,
    BOT_USER_ID,
    DEFAULT_TOKEN,
    NOT_MODIFIED,
    QUERY_TOO_OLD,
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


class FakeTelegramServer:
    """An in-process Bot API server on 127.0.0.1 holding chats, messages and updates."""

    def __init__(self, token: str = DEFAULT_TOKEN, bot_username: str = "gobot_test_bot") -> None:
        self.token = token
        self.bot_user = TelegramUser(BOT_USER_ID, "GoBot", bot_username, is_bot=True)
        self.calls: list[TelegramCall] = []
        self.messages: dict[tuple[int, int], StoredMessage] = {}
        self.files: dict[str, UploadedFile] = {}
        self.commands: list[dict[str, Any]] = []
        self.update_timings: dict[int, UpdateTiming] = {}
        self.port = 0
        self._pending_updates: list[dict[str, Any]] = []
        self._next_update_id = 1
        self._next_message_id: dict[int, int] = defaultdict(lambda: 1)
        self._next_file_number = 1
        self._next_callback_id = 1
        self._unanswered_queries: set[str] = set()
        self._chats: dict[int, dict[str, Any]] = {}
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
        description = f"Too Many Requests: retry after {retry_after}"
        error = BotApiError(429, description, {"retry_after": retry_after})
        self._forced_errors[method].extend([error] * count)

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
        self._notifier.notify()
        return response

    async def _handle_file(self, request: web.Request) -> web.Response:
        file_id = request.match_info["file_path"].rsplit("/", 1)[-1].split(".")[0]
        if request.match_info["token"] != self.token or file_id not in self.files:
            return json_response({"ok": False, "error_code": 404, "description": "Not Found"}, 404)
        return web.Response(body=self.files[file_id].data)

    # ----- Bot API methods ----------------------------------------------------------------

    async def _api_getMe(self, call: TelegramCall) -> dict[str, Any]:
        return {
            **self.bot_user.to_api(),
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def _api_deleteWebhook(self, call: TelegramCall) -> bool:
        return True

    async def _api_getUpdates(self, call: TelegramCall) -> list[dict[str, Any]]:
        offset = call.fields.get("offset", 0)
        if offset:
            self._pending_updates = [u for u in self._pending_updates if u["update_id"] >= offset]
        limit = call.fields.get("limit", 100) or 100
        with suppress(TimeoutError):
            await self.wait_for(
                lambda: self._pending_updates or self._stopping, call.fields.get("timeout", 0)
            )
        if self._stopping:
            return []
        delivered = self._pending_updates[:limit]
        now = time.monotonic()
        for update in delivered:
            timing = self.update_timings[update["update_id"]]
            timing.delivered_at = timing.delivered_at or now
        return delivered

    async def _api_setMyCommands(self, call: TelegramCall) -> bool:
        self.commands = list(call.fields.get("commands", []))
        return True

    async def _api_getMyCommands(self, call: TelegramCall) -> list[dict[str, Any]]:
        return self.commands

    async def _api_deleteMyCommands(self, call: TelegramCall) -> bool:
        self.commands = []
        return True

    async def _api_sendChatAction(self, call: TelegramCall) -> bool:
        return True

    async def _api_sendMessage(self, call: TelegramCall) -> dict[str, Any]:
        return self._store_bot_message(call, text=call.fields["text"]).to_api()

    async def _api_sendPhoto(self, call: TelegramCall) -> dict[str, Any]:
        photo = self._resolve_upload(call, call.fields.get("photo"), "photo")
        message = self._store_bot_message(call, caption=call.fields.get("caption"))
        message.photo, message.photo_file_id = photo.data, self._store_file(photo)
        return message.to_api()

    async def _api_sendDocument(self, call: TelegramCall) -> dict[str, Any]:
        document = self._resolve_upload(call, call.fields.get("document"), "document")
        message = self._store_bot_message(call, caption=call.fields.get("caption"))
        message.document, message.document_file_id = document, self._store_file(document)
        return message.to_api()

    async def _api_editMessageText(self, call: TelegramCall) -> dict[str, Any]:
        message = self._message_to_edit(call)
        new = (call.fields["text"], call.fields.get("reply_markup"))
        if new == (message.text, message.reply_markup):
            raise BotApiError(400, NOT_MODIFIED)
        message.text, message.reply_markup = new
        return self._edited(message)

    async def _api_editMessageMedia(self, call: TelegramCall) -> dict[str, Any]:
        message = self._message_to_edit(call)
        media = call.fields.get("media")
        if not isinstance(media, dict):
            raise BotApiError(400, "Bad Request: can't parse InputMedia: media is not specified")
        upload = self._resolve_upload(call, media.get("media"), "media")
        new = (upload.data, media.get("caption"), call.fields.get("reply_markup"))
        if new == (message.photo, message.caption, message.reply_markup):
            raise BotApiError(400, NOT_MODIFIED)
        message.photo, message.caption, message.reply_markup = new
        message.photo_file_id = self._store_file(upload)
        return self._edited(message)

    async def _api_editMessageCaption(self, call: TelegramCall) -> dict[str, Any]:
        message = self._message_to_edit(call)
        new = (call.fields.get("caption"), call.fields.get("reply_markup"))
        if new == (message.caption, message.reply_markup):
            raise BotApiError(400, NOT_MODIFIED)
        message.caption, message.reply_markup = new
        return self._edited(message)

    async def _api_editMessageReplyMarkup(self, call: TelegramCall) -> dict[str, Any]:
        message = self._message_to_edit(call)
        new_markup = call.fields.get("reply_markup")
        if new_markup == message.reply_markup:
            raise BotApiError(400, NOT_MODIFIED)
        message.reply_markup = new_markup
        return self._edited(message)

    async def _api_answerCallbackQuery(self, call: TelegramCall) -> bool:
        query_id = str(call.fields.get("callback_query_id"))
        if query_id not in self._unanswered_queries:
            raise BotApiError(400, QUERY_TOO_OLD)
        self._unanswered_queries.discard(query_id)
        return True

    async def _api_deleteMessage(self, call: TelegramCall) -> bool:
        key = (call.fields.get("chat_id", 0), call.fields.get("message_id", 0))
        if key not in self.messages or self.messages[key].deleted:
            raise BotApiError(400, "Bad Request: message to delete not found")
        self.messages[key].deleted = True
        return True

    async def _api_getFile(self, call: TelegramCall) -> dict[str, Any]:
        file_id = str(call.fields.get("file_id"))
        if file_id not in self.files:
            raise BotApiError(400, "Bad Request: invalid file_id")
        upload = self.files[file_id]
        return {
            "file_id": file_id,
            "file_unique_id": "u" + file_id,
            "file_size": len(upload.data),
            "file_path": f"files/{file_id}.bin",
        }

    async def _api_close(self, call: TelegramCall) -> bool:
        return True

    async def _api_logOut(self, call: TelegramCall) -> bool:
        return True

    # ----- helpers --------------------------------------------------------------------------

    def _queue_update(self, payload: dict[str, Any]) -> int:
        update_id = self._next_update_id
        self._next_update_id += 1
        self._pending_updates.append({"update_id": update_id, **payload})
        self.update_timings[update_id] = UpdateTiming(queued_at=time.monotonic())
        self._notifier.notify()
        return update_id

    def _take_message_id(self, chat_id: int) -> int:
        message_id = self._next_message_id[chat_id]
        self._next_message_id[chat_id] += 1
        return message_id

    def _store_file(self, upload: UploadedFile) -> str:
        file_id = f"file{self._next_file_number}"
        self._next_file_number += 1
        self.files[file_id] = upload
        return file_id

    def _resolve_upload(self, call: TelegramCall, value: Any, part_name: str) -> UploadedFile:
        """Find the file a field refers to: an ``attach://`` part, a known file_id, or the part."""
        if isinstance(value, str) and value.startswith("attach://"):
            part_name = value.removeprefix("attach://")
        elif isinstance(value, str) and value in self.files:
            return self.files[value]
        try:
            return call.file(part_name)
        except KeyError:
            raise BotApiError(
                400, "Bad Request: wrong file identifier/HTTP URL specified"
            ) from None

    def _store_bot_message(self, call: TelegramCall, **content: Any) -> StoredMessage:
        chat_id = call.fields.get("chat_id")
        if not isinstance(chat_id, int):
            raise BotApiError(400, "Bad Request: chat not found")
        reply_id = (call.fields.get("reply_parameters") or {}).get("message_id") or call.fields.get(
            "reply_to_message_id"
        )
        message = StoredMessage(
            chat=self.chat(chat_id),
            message_id=self._take_message_id(chat_id),
            sender=self.bot_user.to_api(),
            reply_markup=call.fields.get("reply_markup"),
            reply_to=self.messages.get((chat_id, int(reply_id))) if reply_id else None,
            **content,
        )
        self.messages[(chat_id, message.message_id)] = message
        return message

    def _message_to_edit(self, call: TelegramCall) -> StoredMessage:
        key = (call.fields.get("chat_id", 0), call.fields.get("message_id", 0))
        message = self.messages.get(key)
        if message is None or message.deleted:
            raise BotApiError(400, "Bad Request: message to edit not found")
        if message.sender["id"] != self.bot_user.id:
            raise BotApiError(400, "Bad Request: message can't be edited")
        return message

    @staticmethod
    def _edited(message: StoredMessage) -> dict[str, Any]:
        message.edit_count += 1
        return message.to_api()


@asynccontextmanager
async def start_fake_telegram(token: str = DEFAULT_TOKEN) -> AsyncIterator[FakeTelegramServer]:
    """Run a :class:`FakeTelegramServer` for the duration of the ``async with`` block."""
    server = FakeTelegramServer(token)
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
