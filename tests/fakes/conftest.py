"""Fixtures for the fake servers' own tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.fakes import (
    FakeDiscordServer,
    FakeTelegramServer,
    start_fake_discord,
    start_fake_telegram,
)


@pytest.fixture
async def fake_telegram() -> AsyncIterator[FakeTelegramServer]:
    """A running fake Telegram Bot API server; without flood limits (the limit tests start
    their own)."""
    async with start_fake_telegram(limits=None) as server:
        yield server


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscordServer]:
    """A running fake Discord API and gateway, with discord.py pointed at it; without rate
    limits (the limit tests start their own)."""
    async with start_fake_discord(limits=None) as server:
        yield server
