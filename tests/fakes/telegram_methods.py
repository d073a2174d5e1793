"""The Bot API methods of the fake Telegram server and the message and file bookkeeping."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, TypeVar

from tests.fakes._common import UploadedFile
from tests.fakes.telegram_commands import DEFAULT_SCOPE, MenuKey, checked_commands, menu_key
from tests.fakes.telegram_payloads import (
    NOT_MODIFIED,
    QUERY_TOO_OLD,
    BotApiError,
    StoredMessage,
    TelegramCall,
    TelegramUser,
    UpdateTiming,
)

T = TypeVar("T")


class BotApiMethods:
    """Mixin of :class:`FakeTelegramServer`: ``_api_<method>`` answers each Bot API method."""

    if TYPE_CHECKING:
        bot_user: TelegramUser
        messages: dict[tuple[int, int], StoredMessage]
        files: dict[str, UploadedFile]
        command_menus: dict[MenuKey, list[dict[str, Any]]]
        update_timings: dict[int, UpdateTiming]
        _pending_updates: list[dict[str, Any]]
        _next_message_id: dict[int, int]
        _next_file_number: int
        _unanswered_queries: set[str]
        _stopping: bool
        _chats: dict[int, dict[str, Any]]
        _admins: dict[int, tuple[TelegramUser, ...]]

        def chat(self, chat_id: int, user: TelegramUser | None = None) -> dict[str, Any]: ...
        async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0) -> T: ...

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

    @property
    def commands(self) -> list[dict[str, Any]]:
        """The default menu: every scope, every language without a menu of its own."""
        return self.command_menus.get((DEFAULT_SCOPE, ""), [])

    def command_menu(
        self, language_code: str = "", scope: str = DEFAULT_SCOPE
    ) -> list[dict[str, Any]]:
        """The menu set for ``language_code`` (``""``: none) and ``scope`` (``chat:<id>``, ...)."""
        return self.command_menus.get((scope, language_code), [])

    async def _api_setMyCommands(self, call: TelegramCall) -> bool:
        key = menu_key(call.fields)
        menu = checked_commands(call.fields.get("commands"))
        if menu:
            self.command_menus[key] = menu
        else:
            self.command_menus.pop(key, None)
        return True

    async def _api_getMyCommands(self, call: TelegramCall) -> list[dict[str, Any]]:
        return self.command_menus.get(menu_key(call.fields), [])

    async def _api_deleteMyCommands(self, call: TelegramCall) -> bool:
        self.command_menus.pop(menu_key(call.fields), None)
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

    async def _api_getChatAdministrators(self, call: TelegramCall) -> list[dict[str, Any]]:
        chat_id = call.fields.get("chat_id")
        if not isinstance(chat_id, int) or chat_id not in self._chats:
            raise BotApiError(400, "Bad Request: chat not found")
        if self._chats[chat_id]["type"] == "private":
            raise BotApiError(400, "Bad Request: there are no administrators in the private chat")
        return [_chat_member(user, i == 0) for i, user in enumerate(self._admins.get(chat_id, ()))]

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
        if chat_id > 0 and chat_id not in self._chats:  # the user never wrote to the bot
            raise BotApiError(403, "Forbidden: bot can't initiate conversation with a user")
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


ADMIN_RIGHTS = (
    "can_manage_chat",
    "can_delete_messages",
    "can_manage_video_chats",
    "can_restrict_members",
    "can_promote_members",
    "can_change_info",
    "can_invite_users",
    "can_post_stories",
    "can_edit_stories",
    "can_delete_stories",
    "can_pin_messages",
)


def _chat_member(user: TelegramUser, creator: bool) -> dict[str, Any]:
    """The Bot API ``ChatMemberOwner`` (the group's creator) or ``ChatMemberAdministrator``."""
    if creator:
        return {"status": "creator", "user": user.to_api(), "is_anonymous": False}
    rights = {right: right != "can_promote_members" for right in ADMIN_RIGHTS}
    return {
        "status": "administrator",
        "user": user.to_api(),
        "can_be_edited": False,
        "is_anonymous": False,
        **rights,
    }
