"""The bot's command menus as Telegram keeps them: one list per scope and language code, each
checked as ``setMyCommands`` checks it (at most 100 commands; a command of 1–32 lowercase Latin
letters, digits and underscores; a description of 1–256 characters).

The error descriptions are Telegram's where known (``BOT_COMMAND_INVALID``, ...); those for a
malformed scope or language code are close guesses.
"""

from __future__ import annotations

import re
from typing import Any

from tests.fakes.telegram_payloads import BotApiError

COMMAND = re.compile(r"[a-z0-9_]{1,32}")
LANGUAGE_CODE = re.compile(r"[a-z]{2}")  # ISO 639-1, or empty: every language without a menu
MAX_COMMANDS = 100
DESCRIPTION_LENGTH = 256
DEFAULT_SCOPE = "default"
SCOPES = {  # BotCommandScope types and the fields they need
    "default": (),
    "all_private_chats": (),
    "all_group_chats": (),
    "all_chat_administrators": (),
    "chat": ("chat_id",),
    "chat_administrators": ("chat_id",),
    "chat_member": ("chat_id", "user_id"),
}

MenuKey = tuple[str, str]
"""``(scope, language_code)``: the scope as ``type[:chat_id[:user_id]]``, ``""`` for no language."""


def menu_key(fields: dict[str, Any]) -> MenuKey:
    """Which menu a set/get/deleteMyCommands call is about (``scope``, ``language_code``)."""
    scope = fields.get("scope") or {"type": DEFAULT_SCOPE}
    if not isinstance(scope, dict) or scope.get("type") not in SCOPES:
        raise BotApiError(400, "Bad Request: can't parse BotCommandScope: wrong scope type")
    needed = SCOPES[scope["type"]]
    if any(field not in scope for field in needed):
        raise BotApiError(400, "Bad Request: chat not found")
    where = ":".join([scope["type"], *(str(scope[field]) for field in needed)])
    language = fields.get("language_code") or ""
    if not isinstance(language, str) or (language and not LANGUAGE_CODE.fullmatch(language)):
        raise BotApiError(400, "Bad Request: invalid language code specified")
    return where, language


def checked_commands(commands: Any) -> list[dict[str, Any]]:
    """The ``commands`` of setMyCommands, or the error Telegram answers for them."""
    if not isinstance(commands, list):
        raise BotApiError(400, "Bad Request: can't parse commands JSON object")
    if len(commands) > MAX_COMMANDS:
        raise BotApiError(400, "Bad Request: BOT_COMMANDS_TOO_MUCH")
    menu: list[dict[str, Any]] = []
    for command in commands:
        if not isinstance(command, dict):
            raise BotApiError(400, "Bad Request: can't parse BotCommand: not an object")
        for field in ("command", "description"):
            if not isinstance(command.get(field), str):
                raise BotApiError(400, f'Bad Request: can\'t parse BotCommand: no field "{field}"')
        name, description = command["command"], command["description"]
        if not COMMAND.fullmatch(name):  # no leading slash either
            raise BotApiError(400, "Bad Request: BOT_COMMAND_INVALID")
        if not description.strip():
            raise BotApiError(400, "Bad Request: command description must be non-empty")
        if len(description) > DESCRIPTION_LENGTH:
            raise BotApiError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        menu.append({"command": name, "description": description})
    return menu
