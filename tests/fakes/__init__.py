"""Local fake Discord and Telegram servers for end-to-end tests with the real client libraries."""

from __future__ import annotations

from tests.fakes._common import RecordedRequest, UploadedFile, tiny_png
from tests.fakes.discord_interactions import FakeInteraction
from tests.fakes.discord_payloads import ALICE as DISCORD_ALICE
from tests.fakes.discord_payloads import BOB as DISCORD_BOB
from tests.fakes.discord_payloads import DiscordUser, StoredDiscordMessage
from tests.fakes.discord_server import FakeDiscordServer, run_discord_client, start_fake_discord
from tests.fakes.limits import DiscordLimits, TelegramLimits
from tests.fakes.telegram_payloads import ALICE as TELEGRAM_ALICE
from tests.fakes.telegram_payloads import BOB as TELEGRAM_BOB
from tests.fakes.telegram_payloads import NOT_MODIFIED, StoredMessage, TelegramCall, TelegramUser
from tests.fakes.telegram_server import FakeTelegramServer, run_polling, start_fake_telegram

__all__ = [
    "DISCORD_ALICE",
    "DISCORD_BOB",
    "NOT_MODIFIED",
    "TELEGRAM_ALICE",
    "TELEGRAM_BOB",
    "DiscordLimits",
    "DiscordUser",
    "FakeDiscordServer",
    "FakeInteraction",
    "FakeTelegramServer",
    "RecordedRequest",
    "StoredDiscordMessage",
    "StoredMessage",
    "TelegramCall",
    "TelegramLimits",
    "TelegramUser",
    "UploadedFile",
    "run_discord_client",
    "run_polling",
    "start_fake_discord",
    "start_fake_telegram",
    "tiny_png",
]
