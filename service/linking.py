"""Where each game lives on each platform: adapters record their board messages and threads here
(through the service, never storage) so that buttons, replies and edits survive a restart."""

from __future__ import annotations

from service.base import ATTEMPTS, ServiceBase
from service.errors import Busy
from service.ports import ConcurrentUpdate


class LinkCommands(ServiceBase):
    """``link`` / ``links`` / ``game_by_link``: small, idempotent bookkeeping for adapters."""

    async def link(self, game_id: int, key: str, value: str) -> None:
        """Remember that game ``game_id`` lives at ``value`` under ``key`` (e.g. the Telegram
        board message in one chat: ``telegram:board:<chat>`` → message id)."""
        for _ in range(ATTEMPTS):
            try:
                async with self.database.unit_of_work() as uow:
                    await uow.links.put(game_id, key, value)
                    await uow.commit()
                    return
            except ConcurrentUpdate:
                continue
        raise Busy()

    async def links(self, game_id: int) -> dict[str, str]:
        """Every link of the game, by key."""
        async with self.database.unit_of_work() as uow:
            return await uow.links.for_game(game_id)

    async def game_by_link(self, key: str, value: str) -> int | None:
        """The game that lives at ``value`` under ``key``, or None."""
        async with self.database.unit_of_work() as uow:
            return await uow.links.find(key, value)
