"""Fixtures: the fake Bot API server (which can redeliver updates) and the bot on a SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram


@pytest.fixture
async def tg() -> AsyncIterator[RedeliveringTelegram]:
    server = RedeliveringTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
async def bot(tg: RedeliveringTelegram, db_path: Path) -> AsyncIterator[BotProcess]:
    process = await BotProcess(tg, db_path).start()
    try:
        yield process
    finally:
        await process.stop()
