"""The command menu Telegram shows after ``/``, in each language the bot speaks: the commands of
the grammar (and ``/start``) with their help lines, set at start with ``setMyCommands`` once
without a language code (English, for everyone else) and once per other language. Only the
descriptions are translated: the commands are the same everywhere."""

from __future__ import annotations

import logging
import re

from telegram import Bot, BotCommand
from telegram.constants import BotCommandLimit
from telegram.error import TelegramError

from bot.grammar import COMMANDS
from bot.telegram.formatting import fit
from service import i18n

log = logging.getLogger(__name__)

COMMAND = re.compile(r"[a-z0-9_]{1,32}")  # what Telegram accepts as a command in the menu
DESCRIPTION_LIMIT = int(BotCommandLimit.MAX_DESCRIPTION)  # 256
MAX_COMMANDS = int(BotCommandLimit.MAX_COMMAND_NUMBER)  # 100


def menu_entries() -> list[tuple[str, str]]:
    """``(command, message key of its description)`` for the menu: the grammar's commands that
    Telegram accepts as menu commands, and ``/start``."""
    entries = [(spec.name, f"help.cmd.{spec.name}") for spec in COMMANDS]
    entries.append(("start", "telegram.start"))
    return [(name, key) for name, key in entries if COMMAND.fullmatch(name)][:MAX_COMMANDS]


def command_menu(code: str = i18n.DEFAULT_LANGUAGE) -> list[BotCommand]:
    """The menu in the language ``code``, described by the grammar's help lines."""
    return [
        BotCommand(name, fit(i18n.translate(code, key), DESCRIPTION_LIMIT))
        for name, key in menu_entries()
    ]


async def set_command_menus(bot: Bot) -> int:
    """Set the menu for every language (English as the default one); returns how many were set.
    A menu Telegram refuses (or that cannot be sent) is logged, and the bot runs on."""
    done = 0
    for code in i18n.LANGUAGES:
        language = None if code == i18n.DEFAULT_LANGUAGE else code
        try:
            await bot.set_my_commands(command_menu(code), language_code=language)
        except TelegramError as error:
            log.warning("could not set the %s command menu: %s", code, error)
        else:
            done += 1
    return done
