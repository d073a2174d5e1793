"""Notices that must reach players on other platforms (a game between a Telegram and a Discord
player, the scheduler's reminders): one delivery coroutine per platform prefix, registered by
each adapter, and the one way to hand a view to them (:func:`forward`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from service import Deliver, View
from service.players import platform_of

log = logging.getLogger(__name__)


async def forward(
    deliveries: Mapping[str, Deliver], view: View, *, besides: str | None = None
) -> None:
    """Hand ``view`` to the platforms of its notices, except ``besides`` (the caller's own); a
    platform's failure is logged and never stops the others."""
    platforms = {platform_of(notice.player) for notice in view.notify} - {besides}
    if view.post:  # a post in a channel (the problem of the day) goes to the channel's platform
        platforms.add(platform_of(view.post))
    for platform in sorted(p for p in platforms if p is not None):
        deliver = deliveries.get(platform)
        if deliver is None:  # every process should run every platform it may have to notify
            log.warning(
                "game %s: no %s adapter in this process for its notice", view.game_id, platform
            )
            continue
        try:
            await deliver(view)
        except Exception:
            log.exception("delivering game %s to %s failed", view.game_id, platform)


class Deliveries(dict[str, Deliver]):
    """Delivery coroutines by platform prefix (``console``, ``discord``, ``telegram``); calling
    it delivers a view everywhere (the scheduler's notices)."""

    async def __call__(self, view: View) -> None:
        await forward(self, view)
