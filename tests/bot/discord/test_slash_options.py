"""Every option of every slash command (``/go`` and ``/club``, built from the registry) has its own
description, and every choice of a word option its own name, in every language the bot speaks:
no option falls back to a generic text, no choice is shown to a Czech or Hungarian reader in
English (a number or a command word excepted)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.discord import messages
from bot.discord.slash import club_group, description_key, go_group, study_group
from bot.grammar import BY_NAME
from service import i18n
from tests.bot.discord.test_localized_commands import LOCALES, OTHER_LANGUAGES, choices, synced
from tests.fakes import FakeDiscordServer

#: Go terms a language writes as English does (the rules' topics ``ko`` and ``seki`` in Czech,
#: the colour ``nigiri`` in both)
SAME_WORD = {("cs", "ko"), ("cs", "seki"), ("cs", "nigiri"), ("hu", "nigiri")}


async def _run(*_: object) -> None: ...


async def _complete(*_: object) -> list[str]:
    return []


def subcommands() -> Iterator[app_commands.Command[Any, Any, None]]:
    groups = (go_group(_run, _complete), club_group(_run, _complete))
    for group in (*groups, study_group(_run, _complete)):
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            yield command


def parameters() -> Iterator[tuple[str, Any]]:
    """``(command, parameter)`` for every option of every slash command."""
    for command in subcommands():
        for parameter in command.parameters:
            yield command.name, parameter._Parameter__parent  # type: ignore[attr-defined]


def key_of(text: object) -> str | None:
    if isinstance(text, app_commands.locale_str):
        key = text.extras.get("key")
        return key if isinstance(key, str) else None
    return None


def test_the_tree_holds_every_command_and_option() -> None:
    names = {command.name for command in subcommands()}
    assert {"challenge", "computer", "settings", "rules", "rating", "league", "link"} <= names
    options = {(command, parameter.name) for command, parameter in parameters()}
    assert len(options) > 50
    for command, option in [("computer", "level"), ("settings", "notify"), ("league", "bye")]:
        assert (command, option) in options


def test_every_option_has_its_own_description_in_every_language() -> None:
    assert "discord.option.other" not in messages.ENGLISH  # no generic text to fall back to
    for command, parameter in parameters():
        key = description_key(BY_NAME[command], parameter.name)
        assert key is not None, f"/{command} {parameter.name} has no description"
        assert key_of(parameter.description) == key  # not the guard's (the command's own)
        english = i18n.translate(i18n.DEFAULT_LANGUAGE, key)
        assert 1 <= len(english) <= 100, key
        for code in OTHER_LANGUAGES:
            text = i18n.translate(code, key)
            assert text != english, f"{key} is not translated into {code}"
            assert len(text) <= 100, (code, key)


def test_the_rating_and_history_describe_whose_they_show() -> None:
    described = {(c, p.name): key_of(p.description) for c, p in parameters()}
    assert described["challenge", "user"] == "discord.option.user"
    assert described["rating", "user"] == "discord.option.rating.user"
    assert described["history", "user"] == "discord.option.history.user"
    assert described["league", "handicap"] == "discord.option.league.handicap"


def test_every_word_choice_is_named_in_every_language() -> None:
    named = 0
    for command, parameter in parameters():
        for choice in parameter.choices or ():
            if isinstance(choice.value, int | float):
                continue  # a number reads the same everywhere (the computer's level)
            key = key_of(choice._locale_name)
            assert key is not None, f"/{command} {parameter.name}: {choice.value} has no name"
            assert choice.name == choice.value  # English shows the word typed, which is sent
            english = i18n.translate(i18n.DEFAULT_LANGUAGE, key)
            assert 1 <= len(english) <= 100, key
            for code in OTHER_LANGUAGES:
                text = i18n.translate(code, key)
                assert len(text) <= 100, (code, key)
                if (code, choice.value) not in SAME_WORD:
                    assert text not in (english, choice.value), f"{key} in {code}: {text}"
            named += 1
    assert named > 40


@pytest.mark.parametrize(
    ("command", "option", "values"),
    [
        ("challenge", "rated", ["yes", "no"]),
        ("challenge", "weekend", ["pause", "play"]),
        ("rules", "topic", ["board", "capture", "suicide", "ko", "life", "seki", "end"]),
        ("settings", "language", ["en", "cs", "hu", "auto"]),
        ("league", "system", ["roundrobin", "swiss", "mcmahon"]),
    ],
)
def test_choices_send_the_typed_word(command: str, option: str, values: list[str]) -> None:
    [parameter] = [p for c, p in parameters() if (c, p.name) == (command, option)]
    assert [c.value for c in parameter.choices][: len(values)] == values


async def test_the_synced_choices_carry_czech_and_hungarian_names(
    fake: FakeDiscordServer, tmp_path: Path
) -> None:
    """What Discord receives: each word choice with a name in each language the bot speaks."""
    commands = await synced(fake, tmp_path)
    words = [c for command in commands for c in choices(command) if isinstance(c["value"], str)]
    assert {"yes", "pause", "play", "ko", "roundrobin", "auto"} <= {c["value"] for c in words}
    for choice in words:
        localizations = choice.get("name_localizations") or {}
        for code in OTHER_LANGUAGES:
            if (code, choice["value"]) in SAME_WORD:
                continue
            name = localizations.get(LOCALES[code])
            assert name and name != choice["name"], (code, choice)
