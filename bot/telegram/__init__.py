"""The Telegram adapter (python-telegram-bot 22): updates become the grammar's commands, the
service answers with views, views become board photos edited in place, replies that mention the
player to move, callback alerts for refused button presses, and documents.

:func:`serve` is the seam of :mod:`bot.app`: it runs until cancelled and registers the delivery of
scheduler notices as ``deliveries["telegram"]``.
"""

from __future__ import annotations

from collections.abc import MutableMapping

from bot.config import Config
from bot.telegram import messages  # adds the telegram.* strings to the catalogue
from bot.telegram.application import build_application, run
from bot.telegram.menu import command_menu
from bot.telegram.settings import TelegramSettings
from service import Deliver, GameService


async def serve(
    service: GameService, config: Config, deliveries: MutableMapping[str, Deliver]
) -> None:
    """Run the Telegram bot configured by ``config`` on ``service`` until cancelled."""
    await run(service, TelegramSettings.from_config(config), deliveries)


__all__ = ["TelegramSettings", "build_application", "command_menu", "messages", "serve"]
