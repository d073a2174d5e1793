"""Telegram's forms: HTML text within a limit (spans in backticks tap-to-copy), inline keyboards
of command tokens, reply parameters, and the link keys a game keeps for its chats."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters
from telegram.constants import MessageLimit

from bot.fitting import fit_lines
from service import Button

HOME = "telegram:home"  # link: the chat where the game was proposed
BUTTONS_PER_ROW = 3
_CODE = re.compile(r"`([^`\n]+)`")


def board_link(chat_id: int) -> str:
    """The link key of a game's board message in one chat."""
    return f"telegram:board:{chat_id}"


def as_html(lines: Sequence[str], limit: int = MessageLimit.MAX_TEXT_LENGTH) -> str:
    """The lines as escaped HTML within Telegram's ``limit`` of characters (a games list loses
    whole lines and says so: :func:`fit_lines`); spans in backticks (`` `done v2` ``) become
    tap-to-copy code."""
    text = fit("\n".join(fit_lines(lines, limit)), limit)
    return _CODE.sub(r"<code>\1</code>", html.escape(text, quote=False))


def fit(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (Telegram rejects longer captions and messages)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def keyboard(buttons: Sequence[Button]) -> InlineKeyboardMarkup | None:
    """An inline keyboard whose callback data are the buttons' tokens."""
    if not buttons:
        return None
    keys = [InlineKeyboardButton(b.label, callback_data=b.token) for b in buttons]
    return InlineKeyboardMarkup(
        [keys[i : i + BUTTONS_PER_ROW] for i in range(0, len(keys), BUTTONS_PER_ROW)]
    )


def replying(message_id: int | None) -> ReplyParameters | None:
    return (
        None
        if message_id is None
        else ReplyParameters(message_id, allow_sending_without_reply=True)
    )
