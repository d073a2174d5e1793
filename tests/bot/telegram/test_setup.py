"""Start-up and configuration: the command menu from the grammar, the settings read from the
environment, and logs that never show the token."""

from __future__ import annotations

import asyncio
import contextlib
import html
import io
import logging
from pathlib import Path

import pytest
from telegram.constants import MessageLimit

from bot import app
from bot.config import Config, ConfigError
from bot.grammar import COMMANDS
from bot.telegram import TelegramSettings
from bot.telegram.formatting import as_html
from bot.telegram.logs import MASK, mask_secrets
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram, say
from tests.fakes import TELEGRAM_ALICE as ALICE

CONFIG = Config(telegram_token="123:ABC", telegram_api_url="http://localhost:8081/bot")


async def test_the_command_menu_comes_from_the_grammar(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    names = [c["command"] for c in tg.commands]
    assert names == [spec.name for spec in COMMANDS] + ["start"]
    assert all(0 < len(c["description"]) <= 256 for c in tg.commands)
    play = next(c for c in tg.commands if c["command"] == "play")
    assert (
        play["description"] == "Play a stone, e.g. `play D4` (or just `D4`; `D4 #12` in game 12)."
    )
    reply = await say(tg, ALICE.id, "/start invite42", ALICE)
    assert reply.fields["text"].startswith("Commands (")


def test_polling_is_the_default_and_the_file_url_follows_the_api_url() -> None:
    settings = TelegramSettings.from_config(CONFIG, {})
    assert not settings.webhook
    assert settings.base_file_url == "http://localhost:8081/file/bot"
    assert TelegramSettings.from_config(Config(telegram_token="1:A"), {}).base_file_url is None
    custom = TelegramSettings.from_config(CONFIG, {"TELEGRAM_FILE_URL": "http://files/bot"})
    assert custom.base_file_url == "http://files/bot"


def test_webhook_settings() -> None:
    environ = {
        "TELEGRAM_WEBHOOK_URL": "https://go.example.org/telegram/hook",
        "TELEGRAM_WEBHOOK_SECRET": "s3cret-Token_1",
        "TELEGRAM_WEBHOOK_PORT": "8080",
        "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
    }
    settings = TelegramSettings.from_config(CONFIG, environ)
    assert settings.webhook and settings.webhook_path == "telegram/hook"
    assert (settings.webhook_listen, settings.webhook_port) == ("127.0.0.1", 8080)
    for wrong in (
        {"TELEGRAM_WEBHOOK_URL": "https://go.example.org/hook"},  # no secret
        {**environ, "TELEGRAM_WEBHOOK_SECRET": "not secret!"},
        {**environ, "TELEGRAM_WEBHOOK_URL": "http://go.example.org/hook"},
        {**environ, "TELEGRAM_WEBHOOK_PORT": "eighty"},
    ):
        with pytest.raises(ConfigError):
            TelegramSettings.from_config(CONFIG, wrong)


async def test_logs_never_show_the_token(
    tg: RedeliveringTelegram, bot: BotProcess, caplog: pytest.LogCaptureFixture
) -> None:
    httpx = logging.getLogger("httpx")
    with caplog.at_level(logging.DEBUG):
        httpx.setLevel(logging.INFO)  # its request lines carry the token
        try:
            await say(tg, ALICE.id, "/help", ALICE)
        finally:
            httpx.setLevel(logging.WARNING)
        logging.getLogger("somewhere").warning("GET %s/getMe failed", tg.base_url + tg.token)
        try:
            raise RuntimeError(f"no route to /bot{tg.token}/sendPhoto")
        except RuntimeError:
            logging.getLogger("somewhere").exception("sending failed")
    assert f"/bot{MASK}/getUpdates" in caplog.text  # the request line of httpx, masked
    assert "getMe failed" in caplog.text
    assert tg.token not in caplog.text
    assert all(tg.token not in record.getMessage() for record in caplog.records)
    assert tg.token not in logging.Formatter().format(caplog.records[-1])
    mask_secrets(None)  # nothing to add; still installed once


async def test_the_run_command_starts_the_adapter(tg: RedeliveringTelegram, tmp_path: Path) -> None:
    config = Config(
        database_url=f"sqlite:///{tmp_path}/games.db",
        telegram_token=tg.token,
        telegram_api_url=tg.base_url,
    )
    task = asyncio.create_task(app.serve(config, io.StringIO(), io.StringIO()))
    try:
        await tg.wait_for(lambda: tg.calls_for("getUpdates"))
        reply = await say(tg, ALICE.id, "/games", ALICE)
        assert reply.fields["text"].startswith("You have no games.")
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def test_long_texts_are_cut_before_they_become_html() -> None:
    text = as_html(["`done v1` <b>", "x" * 2000], MessageLimit.CAPTION_LENGTH)
    assert text.startswith("<code>done v1</code> &lt;b&gt;\n") and text.endswith("x…")
    visible = html.unescape(text.replace("<code>", "").replace("</code>", ""))
    assert len(visible) == 1024 - 2  # the two backticks became the code entity
