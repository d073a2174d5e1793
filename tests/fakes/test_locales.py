"""The fakes send the languages the real platforms send: on Discord each user's client ``locale``
and the guild's ``guild_locale``/``preferred_locale``, on Telegram each user's
``language_code``; as the real client libraries read them."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from telegram import Bot

from tests.fakes import (
    DISCORD_ALICE,
    DISCORD_BOB,
    TELEGRAM_ALICE,
    TELEGRAM_BOB,
    FakeDiscordServer,
    FakeTelegramServer,
    TelegramUser,
    run_discord_client,
    start_fake_discord,
)
from tests.fakes.discord_payloads import guild_payload, interaction_payload

AUTOCOMPLETE = 4


class Listener(discord.Client):
    """A client that only notes the languages of every interaction it receives."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.seen: list[tuple[str, str, str | None]] = []  # (user, locale, guild_locale)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        guild_locale = interaction.guild_locale
        self.seen.append(
            (
                interaction.user.name,
                interaction.locale.value,
                guild_locale.value if guild_locale else None,
            )
        )


def locales(payload: dict[str, Any]) -> tuple[str, str, str]:
    return payload["locale"], payload["guild_locale"], payload["guild"]["locale"]


async def test_discord_payloads_default_to_en_us() -> None:
    fake = FakeDiscordServer(limits=None)
    assert fake.guild_locale == "en-US" and fake.locale_of(DISCORD_BOB) == "en-US"
    assert fake._guild_payload()["preferred_locale"] == "en-US"
    assert locales(fake.slash_command("go help").payload) == ("en-US", "en-US", "en-US")
    channel = fake.channels[fake.channel_id]
    built = interaction_payload(
        interaction_id=1,
        interaction_type=2,
        token="t",
        application_id=2,
        data={},
        channel=channel,
        user=DISCORD_ALICE,
        locale="ja",
        guild_locale="hu",
    )
    assert locales(built) == ("ja", "hu", "hu")
    guild = guild_payload(1, "G", DISCORD_ALICE, [], [], [], preferred_locale="cs")
    assert guild["preferred_locale"] == "cs"


async def test_discord_client_and_guild_locales_reach_discord_py() -> None:
    async with start_fake_discord(limits=None, guild_locale="hu") as fake:
        fake.set_locale(DISCORD_BOB, "cs")
        client = Listener()
        async with run_discord_client(fake, client):
            guild = client.get_guild(fake.guild_id)
            assert guild is not None and guild.preferred_locale is discord.Locale.hungarian

            fake.slash_command("go help")  # Alice: en-US unless set
            board = fake.create_message(
                fake.channel_id,
                {"components": [{"type": 1, "components": [{"type": 2, "custom_id": "x"}]}]},
                None,
                fake.bot_user,
            )
            fake.press_button(board, "x", user=DISCORD_BOB)
            fake.choose(board, "x", ["a"], user=DISCORD_BOB)
            fake.submit_modal("m", {"f": "v"}, user=DISCORD_BOB)
            fake._dispatch_interaction(AUTOCOMPLETE, {"name": "go", "type": 1}, DISCORD_BOB, None)
            fake.set_locale(DISCORD_ALICE, "ja")
            fake.slash_command("go help")
            await fake.wait_for(lambda: len(client.seen) == 6)
            assert client.seen == [
                ("alice", "en-US", "hu"),
                *[("bob", "cs", "hu")] * 4,
                ("alice", "ja", "hu"),
            ]

            fake.set_guild_locale("cs")  # a connected client hears of it (GUILD_UPDATE)
            await fake.wait_for(lambda: guild.preferred_locale is discord.Locale.czech)
            [update] = fake.events("GUILD_UPDATE")
            assert update["preferred_locale"] == "cs" and "members" not in update
            by_bob = fake.slash_command("go help", user=DISCORD_BOB)
            assert locales(by_bob.payload) == ("cs", "cs", "cs")
            await fake.wait_for(lambda: len(client.seen) == 7)
            assert client.seen[-1] == ("bob", "cs", "cs")


def test_discord_refuses_a_locale_discord_does_not_have() -> None:
    fake = FakeDiscordServer(limits=None)
    with pytest.raises(ValueError, match="not a Discord locale"):
        fake.set_locale(DISCORD_ALICE, "en")  # Discord's English is en-US or en-GB
    with pytest.raises(ValueError, match="not a Discord locale"):
        fake.set_guild_locale("xx")
    with pytest.raises(ValueError, match="not a Discord locale"):
        FakeDiscordServer(limits=None, guild_locale="hu-HU")


def test_telegram_user_language_code_only_when_known() -> None:
    assert "language_code" not in TELEGRAM_ALICE.to_api()
    kovacs = TelegramUser(2001, "Kovács", "kovacs", language_code="hu")
    assert kovacs.to_api() == {
        "id": 2001,
        "is_bot": False,
        "first_name": "Kovács",
        "username": "kovacs",
        "language_code": "hu",
    }


async def test_telegram_language_code_reaches_python_telegram_bot(
    fake_telegram: FakeTelegramServer,
) -> None:
    dvorak = TelegramUser(2002, "Dvořák", "dvorak", language_code="cs")
    said = fake_telegram.inject_message(2002, "/start", user=dvorak)
    fake_telegram.inject_callback_query(said, "x", user=dvorak)
    fake_telegram.inject_message(TELEGRAM_BOB.id, "hi", user=TELEGRAM_BOB)
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        updates = await bot.get_updates(timeout=0)
    users = [update.effective_user for update in updates]
    assert [(u.id, u.language_code) for u in users if u] == [
        (2002, "cs"),
        (2002, "cs"),
        (TELEGRAM_BOB.id, None),
    ]
