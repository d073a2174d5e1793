"""Slash commands in Czech and Hungarian: the descriptions synced with ``/go`` and ``/club`` carry
``description_localizations`` (and the colour choices ``name_localizations``) from the catalogues,
within Discord's limits, while every name stays English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation
from discord.app_commands import TranslationContextTypes as Context

from bot.discord.translator import CatalogueTranslator, fit, language_of, localized
from service import i18n
from service.i18n import Text
from tests.bot.discord.conftest import running_bot
from tests.fakes import FakeDiscordServer

OTHER_LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT_LANGUAGE]
LOCALES = {code: code for code in OTHER_LANGUAGES}  # the bot's language: its Discord locale


def described(command: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The command, its subcommands and all their options: everything with a description."""
    yield command
    for option in command.get("options") or []:
        yield from described(option)


def choices(command: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for item in described(command):
        yield from item.get("choices") or []


async def synced(fake: FakeDiscordServer, tmp_path: Path) -> list[dict[str, Any]]:
    """``/go``, ``/club`` and ``/study`` as the bot synced them to the fake."""
    async with running_bot(fake, tmp_path / "games.db"):
        commands = list(fake.global_commands)
    assert [c["name"] for c in commands] == ["go", "club", "study"]
    return commands


@pytest.fixture
def marked_translations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Catalogues that translate every message, into something longer than English:
    ``cs: <English> / <English>``."""
    real = i18n.translate

    def translate(code: str, key: str, /, **params: object) -> Text:
        text = real(i18n.DEFAULT_LANGUAGE, key, **params)
        return text if code == i18n.DEFAULT_LANGUAGE else Text(marked(code, text), key)

    monkeypatch.setattr(i18n, "translate", translate)


def marked(code: str, english: str) -> str:
    """A translation longer than Discord allows for the longest descriptions."""
    return f"{code}: {english} / {english}"


@pytest.mark.usefixtures("marked_translations")
async def test_descriptions_are_synced_in_every_language_the_bot_speaks(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    commands = await synced(fake, tmp_path)
    items = [item for command in commands for item in described(command)]
    assert len(items) > 60  # groups, subcommands and their options
    for item in items:
        localizations = item.get("description_localizations") or {}
        assert set(localizations) == {LOCALES[code] for code in OTHER_LANGUAGES}, item["name"]
        for code in OTHER_LANGUAGES:
            assert localizations[LOCALES[code]] == fit(marked(code, item["description"]))
        assert not item.get("name_localizations"), "names stay English"
    texts = [t for item in items for t in item["description_localizations"].values()]
    assert all(1 <= len(text) <= 100 for text in texts)
    assert any(len(text) == 100 and text.endswith("…") for text in texts)  # cut to the limit
    go = commands[0]
    [play] = [o for o in go["options"] if o["name"] == "play"]
    assert play["description_localizations"]["cs"].startswith("cs: Play a stone, e.g. `play D4`")
    colours = [c for c in choices(go) if c["value"] in ("black", "white")]
    assert colours and all(c["name"] == c["value"] for c in colours)  # English: what is typed
    assert all(c["name_localizations"]["cs"].startswith("cs: ") for c in colours)
    names = [n for c in choices(go) for n in (c.get("name_localizations") or {}).values()]
    assert all(1 <= len(name) <= 100 for name in names)
    others = [c for c in choices(go) if c["value"] in ("yes", "no", "pause")]
    assert others and all(c["name"] == c["value"] for c in others)
    assert all(c["name_localizations"]["hu"].startswith("hu: ") for c in others)


async def test_untranslated_messages_send_no_localizations(
    fake: FakeDiscordServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message the catalogue does not translate is left to Discord's English fallback."""
    monkeypatch.setattr(i18n, "translate", lambda code, key, /, **params: Text(key, key))
    commands = await synced(fake, tmp_path)
    for command in commands:
        assert not any(item.get("description_localizations") for item in described(command))
        assert not any(item.get("name_localizations") for item in choices(command))


async def test_czech_and_hungarian_descriptions_differ_from_english(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """With the real catalogues: every description is translated."""
    commands = await synced(fake, tmp_path)
    for command in commands:
        for item in described(command):
            localizations = item.get("description_localizations") or {}
            for code in OTHER_LANGUAGES:
                text = localizations.get(LOCALES[code])
                assert text and text != item["description"], (code, item["name"])
                assert len(text) <= 100


def test_only_the_locales_of_the_bot_s_languages_are_translated() -> None:
    assert language_of(discord.Locale.czech) == "cs"
    assert language_of(discord.Locale.hungarian) == "hu"
    assert language_of(discord.Locale.american_english) is None
    assert language_of(discord.Locale.british_english) is None
    assert language_of(discord.Locale.japanese) is None


@pytest.mark.usefixtures("marked_translations")
async def test_the_translator_answers_descriptions_and_never_names() -> None:
    translator = CatalogueTranslator()
    go = app_commands.Group(name="go", description="Play Go")
    description: Context = TranslationContext(TranslationContextLocation.group_description, go)
    name: Context = TranslationContext(TranslationContextLocation.group_name, go)
    group = localized("discord.group")
    assert str(group) == "Play Go (Japanese rules)"
    czech = await translator.translate(group, discord.Locale.czech, description)
    assert czech == marked("cs", "Play Go (Japanese rules)")
    for locale in (discord.Locale.american_english, discord.Locale.french):
        assert await translator.translate(group, locale, description) is None
    assert await translator.translate(group, discord.Locale.czech, name) is None
    plain = app_commands.locale_str("go")  # discord.py's own: a name, no key
    assert await translator.translate(plain, discord.Locale.czech, description) is None
    level = localized("discord.option.level")
    hungarian = await translator.translate(level, discord.Locale.hungarian, description)
    assert hungarian == fit(marked("hu", str(level)))


def test_the_settings_options_offer_exactly_the_service_s_choices() -> None:
    """``/go settings``: language, theme and notify are dropdowns of what the service accepts
    (and ``auto``, which forgets a choice), named in the reader's language."""
    from bot.discord.slash import localized_choices, option_type
    from bot.grammar import BY_NAME
    from service.preferences import AUTO, CHOICES

    settings = BY_NAME["settings"]
    for name in ("language", "theme", "notify"):
        assert option_type(settings.option(name)) is str, name
        choices = localized_choices(settings.option(name))
        assert {c.value for c in choices} == {*CHOICES[name], AUTO}, name
