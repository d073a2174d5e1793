"""Webhook mode: the bot registers its URL with the secret token and takes updates posted to it;
posts without the secret are refused."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import aiohttp

from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram
from tests.fakes import TELEGRAM_ALICE as ALICE
from tests.fakes import TelegramCall

SECRET = "hook-secret_42"


class WebhookTelegram(RedeliveringTelegram):
    """The fake server, also accepting setWebhook (the fake knows only deleteWebhook)."""

    async def _api_setWebhook(self, call: TelegramCall) -> bool:
        return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def help_update(update_id: int) -> dict[str, Any]:
    message = {
        "message_id": update_id,
        "date": int(time.time()),
        "chat": {"id": ALICE.id, "type": "private", "first_name": ALICE.first_name},
        "from": ALICE.to_api(),
        "text": "/help",
        "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
    }
    return {"update_id": update_id, "message": message}


async def test_updates_arrive_on_the_webhook_with_the_secret(tmp_path: Path) -> None:
    port = free_port()
    environ = {
        "TELEGRAM_WEBHOOK_URL": "https://go.example.org/telegram/hook",
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
        "TELEGRAM_WEBHOOK_PORT": str(port),
    }
    tg = WebhookTelegram()
    await tg.start()
    bot = await BotProcess(tg, tmp_path / "games.db", environ).start()
    try:
        [registered] = tg.calls_for("setWebhook")
        assert registered.fields["url"] == "https://go.example.org/telegram/hook"
        assert registered.fields["secret_token"] == SECRET
        assert not tg.calls_for("getUpdates")
        url = f"http://127.0.0.1:{port}/telegram/hook"
        async with aiohttp.ClientSession() as http:
            wrong = {"X-Telegram-Bot-Api-Secret-Token": "guess"}
            async with http.post(url, json=help_update(1), headers=wrong) as response:
                assert response.status == 403
            right = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
            async with http.post(url, json=help_update(2), headers=right) as response:
                assert response.status == 200
        reply = await tg.wait_for_call("sendMessage", chat_id=ALICE.id)
        assert reply.fields["text"].startswith("Commands (")
        assert len(tg.calls_for("sendMessage")) == 1
    finally:
        await bot.stop()
        await tg.stop()
