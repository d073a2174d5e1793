"""The Telegram adapter under test: the real application (bot.telegram.serve) on the fake Bot API
server, the real service on a SQLite file; start, stop and restart it like the process would."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from PIL import Image

from bot.clock import MONOTONIC, Clock
from bot.config import Config
from bot.telegram import TelegramSettings
from bot.telegram.application import run
from bot.telegram.pacing import Limits
from bot.telegram.present import Presenter
from service import GameService, View
from service.limits import CommandBudget
from service.ports import Database, Opponent
from storage.sqlite import open_sqlite
from tests.fakes import FakeTelegramServer, StoredMessage, TelegramCall, TelegramUser
from tests.fakes.limits import TELEGRAM_LIMITS

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SCALE = 0.02  # Telegram's limits with periods 50 times shorter: the same rules, faster tests
PACE = Limits().scaled(SCALE)


class RedeliveringTelegram(FakeTelegramServer):
    """The fake server, able to hand out an update again (as Telegram does when the bot died
    before confirming it)."""

    def __init__(self) -> None:
        super().__init__(limits=TELEGRAM_LIMITS.scaled(SCALE))  # the bot keeps them (PACE)
        self.payloads: dict[int, dict[str, Any]] = {}

    def _queue_update(self, payload: dict[str, Any]) -> int:
        update_id = super()._queue_update(payload)
        self.payloads[update_id] = payload
        return update_id

    def redeliver(self, update_id: int) -> None:
        """Queue update ``update_id`` once more, with the same id."""
        self._pending_updates.append({"update_id": update_id, **self.payloads[update_id]})
        self._notifier.notify()


class BotProcess:
    """One run of the bot: database, service and the Telegram adapter task."""

    def __init__(
        self,
        tg: FakeTelegramServer,
        db_path: Path,
        environ: dict[str, str] | None = None,
        opponent: Opponent | None = None,
        budget: CommandBudget | None = None,
        ping_after: float | None = None,
        clock: Callable[[], float] | None = None,
        ping_clock: Clock = MONOTONIC,
        open_database: Callable[[], Awaitable[Database]] | None = None,
    ) -> None:
        self.ping_after = ping_after
        self.clock = clock  # the service's (deadlines)
        self.ping_clock = ping_clock  # the pings' (a fake one: the test moves it)
        self.open_database = open_database  # another database than the SQLite file at db_path
        self.tg = tg
        self.budget = budget
        self.db_path = db_path
        self.environ = environ or {}
        self.opponent = opponent
        self.deliveries: dict[str, Any] = {}
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> BotProcess:
        opened = self.open_database() if self.open_database is not None else None
        self.database = await opened if opened is not None else await open_sqlite(self.db_path)
        extra = {"clock": self.clock} if self.clock is not None else {}
        self.service = GameService(
            self.database, opponent=self.opponent, budget=self.budget, **extra
        )
        config = Config(
            telegram_token=self.tg.token, telegram_api_url=self.tg.base_url, environ=self.environ
        )
        settings = dataclasses.replace(TelegramSettings.from_config(config), limits=PACE)
        if self.ping_after is not None:
            settings = dataclasses.replace(settings, ping_after=self.ping_after)
        running = run(self.service, settings, self.deliveries, self.ping_clock)
        task = self.task = asyncio.create_task(running)
        await self.tg.wait_for(lambda: "telegram" in self.deliveries or task.done())
        if task.done():
            task.result()
        return self

    async def stop(self) -> None:
        assert self.task is not None
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        await self.database.close()

    @property
    def presenter(self) -> Presenter:
        """The running adapter's presenter (its ``deliver`` is in the deliveries)."""
        presenter = getattr(self.deliveries["telegram"], "__self__", None)
        assert isinstance(presenter, Presenter)
        return presenter

    async def shown(self, timeout: float = 5.0) -> None:
        """Wait until every answer started has been shown: each chat's waiting calls have gone
        out and the pings have been sent or are waiting."""
        await self.tg.wait_for(lambda: not self.presenter._showing, timeout)

    async def deliver(self, view: View) -> None:
        """What the scheduler does with a notice."""
        await self.deliveries["telegram"](view)


async def say(
    tg: FakeTelegramServer,
    chat_id: int,
    text: str,
    user: TelegramUser,
    *,
    reply_to: StoredMessage | None = None,
    method: str = "sendMessage",
) -> TelegramCall:
    """Send ``text`` and wait for the bot's first ``method`` call after it."""
    before = len(tg.calls_for(method, chat_id))
    tg.inject_message(chat_id, text, user=user, reply_to=reply_to)
    return await tg.wait_for_call(method, chat_id=chat_id, count=before + 1)


def answered(tg: FakeTelegramServer, method: str, chat_id: int | None = None) -> list[TelegramCall]:
    return [c for c in tg.calls_for(method, chat_id) if c.status == 200]


def last_text(tg: FakeTelegramServer, chat_id: int) -> str:
    """The text of the bot's latest text message in the chat."""
    texts = [m.text for m in tg.bot_messages(chat_id) if m.text is not None]
    return texts[-1]


def board_of(tg: FakeTelegramServer, chat_id: int) -> StoredMessage:
    """The bot's latest board photo in the chat (the one the game's link points to)."""
    return [m for m in tg.bot_messages(chat_id) if m.photo is not None][-1]


def image_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        return image.size
