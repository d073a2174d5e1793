"""The composition root runs the Discord adapter until cancelled, then shuts it down cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

from bot import app
from bot.config import Config
from tests.bot.discord.conftest import answered
from tests.fakes import FakeDiscordServer


async def test_the_run_command_serves_discord_until_cancelled(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """The adapter's own settings come from the configuration's variables (environment or .env)."""
    config = Config(
        database_url=f"sqlite:///{tmp_path}/games.db",
        discord_token=fake.token,
        boards_dir=None,
        environ={"DISCORD_GUILD_ID": str(fake.guild_id)},
    )
    running = asyncio.create_task(app.serve(config, io.StringIO(), io.StringIO()))
    await fake.wait_for(lambda: fake.connected or running.done())
    assert fake.guild_commands[fake.guild_id][0]["name"] == "go"
    games = await answered(fake, fake.slash_command("go games"))
    assert games.ephemeral and games.response_data["content"].startswith("You have no games.")
    running.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await running
    assert not fake.connected
