"""Bot API objects of the fake Telegram server: users, messages, recorded calls."""

from __future__ import annotations

import io
import json
import time
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from tests.fakes._common import RecordedRequest, UploadedFile

DEFAULT_TOKEN = "123456:TEST-TOKEN"
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"
_INT_FIELDS = {"chat_id", "message_id", "offset", "limit", "timeout", "message_thread_id"}
BOT_USER_ID = 123456


@dataclass(frozen=True)
class TelegramUser:
    """A Telegram user who writes to the bot or presses its buttons; ``language_code`` is the
    IETF tag of their app's language (``hu``, ``cs``, ``en``, ...), which Telegram omits when it
    does not know it."""

    id: int
    first_name: str
    username: str | None = None
    is_bot: bool = False
    language_code: str | None = None

    def to_api(self) -> dict[str, Any]:
        """The Bot API ``User`` object."""
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.username:
            data["username"] = self.username
        if self.language_code:
            data["language_code"] = self.language_code
        return data


ALICE = TelegramUser(1001, "Alice", "alice")
BOB = TelegramUser(1002, "Bob", "bob")


@dataclass
class StoredMessage:
    """A message in a fake chat (sent by the bot or injected as a user's message)."""

    chat: dict[str, Any]
    message_id: int
    sender: dict[str, Any]
    text: str | None = None
    caption: str | None = None
    photo: bytes | None = None
    photo_file_id: str | None = None
    document: UploadedFile | None = None
    document_file_id: str | None = None
    reply_markup: dict[str, Any] | None = None
    reply_to: StoredMessage | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    date: int = field(default_factory=lambda: int(time.time()))
    edit_count: int = 0
    deleted: bool = False
    update_id: int | None = None  # the update that delivered an injected message

    @property
    def chat_id(self) -> int:
        """The id of the chat holding the message."""
        return int(self.chat["id"])

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """The inline keyboard buttons, row after row."""
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [button for row in rows for button in row]

    @property
    def callback_data(self) -> list[str]:
        """The ``callback_data`` of every inline button."""
        return [b["callback_data"] for b in self.buttons if "callback_data" in b]

    def to_api(self) -> dict[str, Any]:
        """The Bot API ``Message`` object."""
        data: dict[str, Any] = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": self.chat,
            "from": self.sender,
        }
        if self.text is not None:
            data["text"] = self.text
        if self.caption is not None:
            data["caption"] = self.caption
        if self.entities:
            data["entities"] = self.entities
        if self.photo is not None and self.photo_file_id is not None:
            data["photo"] = [photo_size(self.photo_file_id, self.photo)]
        if self.document is not None and self.document_file_id is not None:
            data["document"] = {
                "file_id": self.document_file_id,
                "file_unique_id": "u" + self.document_file_id,
                "file_name": self.document.filename,
                "mime_type": self.document.content_type,
                "file_size": len(self.document.data),
            }
        if self.reply_markup:
            data["reply_markup"] = self.reply_markup
        if self.reply_to is not None:
            data["reply_to_message"] = self.reply_to.to_api()
        if self.edit_count:
            data["edit_date"] = int(time.time())
        return data


class TelegramCall(RecordedRequest):
    """One Bot API call made by the bot: ``method``, parsed ``fields``, uploaded ``files``."""

    @property
    def api_method(self) -> str:
        """The Bot API method name, e.g. ``sendPhoto``."""
        return self.path.rsplit("/", 1)[-1]

    @property
    def chat_id(self) -> int | None:
        """The ``chat_id`` field, if the call has one."""
        value = self.fields.get("chat_id")
        return value if isinstance(value, int) else None

    @property
    def upload(self) -> bytes | None:
        """The bytes of the photo/document/media the call uploaded, if any."""
        media = self.fields.get("media")
        if isinstance(media, dict) and str(media.get("media", "")).startswith("attach://"):
            return self.file(media["media"].removeprefix("attach://")).data
        for name in ("photo", "document"):
            if any(upload.field_name == name for upload in self.files):
                return self.file(name).data
        return None


@dataclass
class UpdateTiming:
    """When an injected update became available and when getUpdates handed it out."""

    queued_at: float
    delivered_at: float | None = None


class BotApiError(Exception):
    """Raised inside a handler to answer with a Telegram-style error."""

    def __init__(self, status: int, description: str, parameters: dict[str, Any] | None = None):
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters


def decode_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """Decode the JSON-string values PTB sends and turn id-like fields into ints."""
    decoded: dict[str, Any] = {}
    for key, value in fields.items():
        if isinstance(value, str) and value[:1] in ("{", "["):
            with suppress(ValueError):
                value = json.loads(value)
        elif isinstance(value, str) and key in _INT_FIELDS and value.lstrip("-").isdigit():
            value = int(value)
        decoded[key] = value
    return decoded


def photo_size(file_id: str, data: bytes) -> dict[str, Any]:
    """A Bot API ``PhotoSize`` for an image, with its real size when Pillow can read it."""
    width = height = 1
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except Exception:
        pass
    return {
        "file_id": file_id,
        "file_unique_id": "u" + file_id,
        "width": width,
        "height": height,
        "file_size": len(data),
    }
