"""The command menu in every language the bot speaks: set at start with ``setMyCommands`` once
without a language code (English) and once per other language, the same commands everywhere,
only the descriptions translated; a menu Telegram refuses does not stop the bot."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from telegram import Bot, BotCommand

from bot.grammar import COMMANDS
from bot.telegram.formatting import fit
from service import i18n
from service.i18n import Text
from tests.bot.telegram.harness import BotProcess, RedeliveringTelegram
from tests.fakes import FakeTelegramServer

OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT_LANGUAGE]
MENU_NAMES = [spec.name for spec in COMMANDS] + ["start"]


@asynccontextmanager
async def api(tg: FakeTelegramServer) -> AsyncIterator[Bot]:
    """A plain Bot API client of the fake, to ask what the menus are."""
    async with Bot(tg.token, base_url=tg.base_url) as client:
        yield client


async def menus(tg: FakeTelegramServer) -> dict[str, tuple[BotCommand, ...]]:
    """getMyCommands for no language code and for each other language."""
    async with api(tg) as client:
        return {
            code: await client.get_my_commands(language_code=code or None)
            for code in ["", *OTHER_LANGUAGES]
        }


def marked(code: str, english: str) -> str:
    """A translation longer than Telegram allows for the longest help lines."""
    return f"{code}: " + " / ".join([english] * 4)


@pytest.fixture
def marked_translations(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str], str]:
    real = i18n.translate

    def translate(code: str, key: str, /, **params: object) -> Text:
        text = real(i18n.DEFAULT_LANGUAGE, key, **params)
        return text if code == i18n.DEFAULT_LANGUAGE else Text(marked(code, text), key)

    monkeypatch.setattr(i18n, "translate", translate)
    return marked


async def test_every_language_has_the_menu_with_the_same_commands(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    found = await menus(tg)
    for code, menu in found.items():
        assert [c.command for c in menu] == MENU_NAMES, code
        assert all(1 <= len(c.description) <= 256 for c in menu), code
    english = {c.command: c.description for c in found[""]}
    assert english["play"] == i18n.translate("en", "help.cmd.play")
    assert english["start"] == "Show the commands (same as /help)."
    calls = tg.calls_for("setMyCommands")
    assert [c.fields.get("language_code") for c in calls] == [None, *OTHER_LANGUAGES]


@pytest.mark.usefixtures("marked_translations")
async def test_only_the_descriptions_are_translated(
    tg: RedeliveringTelegram, db_path: Path
) -> None:
    process = await BotProcess(tg, db_path).start()
    try:
        found = await menus(tg)
    finally:
        await process.stop()
    english = found[""]
    assert not any(c.description.startswith(("cs:", "hu:")) for c in english)
    for code in OTHER_LANGUAGES:
        assert [c.command for c in found[code]] == [c.command for c in english]
        for local, source in zip(found[code], english, strict=True):
            assert local.description == fit(marked(code, source.description), 256)
        assert any(len(c.description) == 256 for c in found[code])  # cut to Telegram's limit


async def test_a_refused_menu_is_logged_and_the_bot_runs_on(
    tg: RedeliveringTelegram, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    tg.fail_next("setMyCommands", "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
    with caplog.at_level(logging.WARNING, logger="bot.telegram.menu"):
        process = await BotProcess(tg, db_path).start()  # the bot is up: its deliveries are set
    try:
        found = await menus(tg)
        assert found[""] == () and all(found[code] for code in OTHER_LANGUAGES)
        [warning] = [r for r in caplog.records if r.name == "bot.telegram.menu"]
        assert warning.levelno == logging.WARNING
        assert "bot_command_description_invalid" in warning.getMessage().lower()
    finally:
        await process.stop()


async def test_czech_and_hungarian_menus_differ_from_english(
    tg: RedeliveringTelegram, bot: BotProcess
) -> None:
    """With the real catalogues: every description of the menu is translated."""
    found = await menus(tg)
    for code in OTHER_LANGUAGES:
        for local, source in zip(found[code], found[""], strict=True):
            assert local.description != source.description, (code, local.command)
