"""``/club whoami`` on Discord: the user's id and the exact ``ORGANISERS`` entry, and
whether the server counts them among its organisers (its owner, Manage Server)."""

from __future__ import annotations

from pathlib import Path

import discord

from service.i18n import t
from tests.bot.discord.conftest import answered, running_bot
from tests.fakes import DISCORD_ALICE, DISCORD_BOB, FakeDiscordServer


async def test_whoami_gives_the_organisers_entry(fake: FakeDiscordServer, tmp_path: Path) -> None:
    fake.everyone_permissions = discord.Permissions(send_messages=True).value  # Bob manages none
    async with running_bot(fake, tmp_path / "games.db"):
        asked = await answered(fake, fake.slash_command("club whoami"))
        assert asked.ephemeral  # its linked accounts are the sender's business only
        sent = fake.original_message(asked)
        assert sent is not None
        assert f"`discord:{DISCORD_ALICE.id}`" in sent.content
        assert sent.content.endswith(t("whoami.organiser_here"))  # the server's owner
        asked = await answered(fake, fake.slash_command("club whoami", user=DISCORD_BOB))
        sent = fake.original_message(asked)
        assert sent is not None and f"`discord:{DISCORD_BOB.id}`" in sent.content
        assert sent.content.endswith(t("whoami.not_organiser"))
