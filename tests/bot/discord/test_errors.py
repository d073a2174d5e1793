"""Discord answers by the adapters' one error policy (:mod:`bot.errors`): an internal error is
logged with its traceback and answered privately with an apology."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from tests.bot.discord.conftest import answered, running_bot
from tests.bot.test_errors import APOLOGY, broken
from tests.fakes import FakeDiscordServer


async def test_discord_apologises_for_an_internal_error_privately(
    fake: FakeDiscordServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_bot(fake, tmp_path / "games.db") as bot:
        broken(bot.service)
        with caplog.at_level(logging.ERROR):
            games = await answered(fake, fake.slash_command("go games"))
    assert games.ephemeral and games.response_data["content"] == APOLOGY
    assert "a Discord command failed" in caplog.text and "Traceback" in caplog.text
    assert "the database caught fire" in caplog.text
