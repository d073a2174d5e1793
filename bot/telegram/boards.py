"""A game's board messages in Telegram chats: one photo per game per chat, sent once and then edited
in place (editMessageMedia, its caption naming who is to play), replaced by a new one at the bottom
when asked (``/board``) or when it cannot be edited. Each is a link of the game in the service's
directory (``telegram:board:<chat>`` → message id, :mod:`service.directory`), so it survives
restarts, other bot processes find it, and a reply to it names its game.

Edits are marked for the chat's pacer (:mod:`bot.telegram.pacing`), which merges the edits of one
board waiting for the chat's budget, so a busy group shows the newest position; a view older than
the one shown is skipped."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from telegram import InputMediaPhoto
from telegram.constants import MessageLimit, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import ExtBot

from bot.telegram.formatting import as_html, board_link, keyboard
from bot.telegram.pacing import Pacing
from service import Button
from service.directory import Directory

log = logging.getLogger(__name__)


class Boards:
    """The board messages of games, by chat: shown (edited or sent), found, stripped."""

    def __init__(self, bot: ExtBot[Any], directory: Directory) -> None:
        self.bot = bot
        self.directory = directory
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._stamps: dict[tuple[int, int], float] = {}  # when the shown board's view was made

    async def show(
        self,
        game_id: int,
        chat_id: int,
        photo: bytes,
        caption: str,
        buttons: Sequence[Button],
        stamp: float,
        *,
        fresh: bool = False,
    ) -> tuple[int | None, bool]:
        """Edit the game's board message in the chat (or send one, or a ``fresh`` one at the
        bottom) to show ``photo``; the message id and whether it was edited. Views older than the
        one shown are skipped (None). A board another process sent in the chat is edited, not
        doubled (the directory reads a board it lacks again before one is sent)."""
        key = (game_id, chat_id)
        lock = self._locks.setdefault(key, asyncio.Lock())
        link = board_link(chat_id)
        text = as_html([caption], MessageLimit.CAPTION_LENGTH)
        markup = keyboard(buttons)
        async with lock:
            if stamp < self._stamps.get(key, 0.0):
                return None, False
            self._stamps[key] = stamp
            current = await self.directory.value(game_id, link)
        if current and not fresh:
            # not under the lock: an edit waiting for the chat's budget is replaced by a newer
            # one (the pacer compares ``stamp``), so a busy chat sends only the newest position
            media = InputMediaPhoto(photo, caption=text, parse_mode=ParseMode.HTML)
            try:
                await self.bot.edit_message_media(
                    media,
                    chat_id=chat_id,
                    message_id=int(current),
                    reply_markup=markup,
                    rate_limit_args=Pacing(int(current), stamp),
                )
                return int(current), True
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return int(current), True
                log.info("board %s in chat %s not editable (%s)", current, chat_id, error)
        async with lock:
            if stamp < self._stamps.get(key, 0.0):
                return None, False
            sent: int | None = None
            if (await self.directory.links(game_id)).get(link) == current:
                message = await self.bot.send_photo(
                    chat_id, photo, caption=text, parse_mode=ParseMode.HTML, reply_markup=markup
                )
                sent = message.message_id
                await self.directory.link(game_id, link, str(sent))
        if sent is None:  # another view sent a new board meanwhile: edit that one
            return await self.show(game_id, chat_id, photo, caption, buttons, stamp)
        if current and fresh:  # an edit of that board: it replaces one still waiting there
            await self.strip_buttons(chat_id, int(current), Pacing(int(current), stamp))
        return sent, False

    async def message_of(self, game_id: int | None, chat_id: int) -> int | None:
        """The game's board message in the chat, if this process knows one there."""
        return board_message(await self.directory.links(game_id), chat_id)

    async def is_board_message(self, game_id: int | None, chat_id: int, message_id: int) -> bool:
        """Whether ``message_id`` is the game's board message in the chat."""
        return await self.message_of(game_id, chat_id) == message_id

    async def game_of(self, chat_id: int, message_id: int) -> int | None:
        """The game whose board message ``message_id`` is in the chat (a reply to it names it)."""
        return await self.directory.game_at(board_link(chat_id), str(message_id))

    async def strip_buttons(
        self, chat_id: int, message_id: int, pacing: Pacing | None = None
    ) -> None:
        """Remove a message's inline keyboard (best effort: it may be gone or unchanged);
        ``pacing`` marks it as an edit of a board."""
        try:
            await self.bot.edit_message_reply_markup(
                chat_id, message_id, reply_markup=None, rate_limit_args=pacing
            )
        except TelegramError as error:
            log.debug("buttons of %s in chat %s stay: %s", message_id, chat_id, error)


def board_message(links: Mapping[str, str], chat_id: int) -> int | None:
    """The game's board message in the chat, from the game's ``links``, if it has one there.

    >>> board_message({"telegram:board:-100": "7"}, -100), board_message({}, -100)
    (7, None)
    """
    value = links.get(board_link(chat_id), "")
    return int(value) if value.isdigit() else None
