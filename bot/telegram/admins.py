"""Who organises a Telegram group: its administrators, asked from Telegram
(``getChatAdministrators``) only for the commands that need an organiser, and cached for ten
minutes per chat (a group's call budget is small). A private chat has no organisers (only
``ORGANISERS`` from the configuration, which the service checks itself)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from telegram.error import TelegramError
from telegram.ext import ExtBot

log = logging.getLogger(__name__)
CACHE_SECONDS = 600.0


class Admins:
    """The administrators of each group, cached."""

    def __init__(self, bot: ExtBot[None], clock: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.clock = clock
        self._known: dict[int, tuple[frozenset[int], float]] = {}

    async def organises(self, chat_id: int, user_id: int) -> bool:
        """Whether ``user_id`` administers the group ``chat_id`` (False when Telegram cannot
        say: the command is then refused as for anyone else, and the reason is logged)."""
        if chat_id > 0:
            return False
        known = self._known.get(chat_id)
        if known is None or self.clock() - known[1] > CACHE_SECONDS:
            try:
                members = await self.bot.get_chat_administrators(chat_id)
            except TelegramError as error:
                log.warning("could not ask the administrators of chat %s: %s", chat_id, error)
                return False
            known = (frozenset(m.user.id for m in members), self.clock())
            self._known[chat_id] = known
        return user_id in known[0]
