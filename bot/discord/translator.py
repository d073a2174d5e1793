"""Slash commands in the reader's language: Discord shows each person the descriptions (and
choice names) of their client's locale, from the ``*_localizations`` sent with the command sync.

The strings to translate are :class:`~discord.app_commands.locale_str` whose extras carry the
catalogue ``key`` (and its ``params``): :func:`localized` makes them, :class:`CatalogueTranslator`
answers discord.py's :meth:`~discord.app_commands.CommandTree.sync` from the gettext catalogues.
Command and option names are never localized: instructions (``/go play``) work everywhere.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from service import i18n
from service.i18n import DEFAULT_LANGUAGE, supported

DESCRIPTION_LIMIT = 100
"""Discord's longest description (commands, groups, options) and choice name."""
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
"""Where names are: they stay English, whatever the locale."""


def localized(
    key: str, limit: int = DESCRIPTION_LIMIT, **params: object
) -> app_commands.locale_str:
    """The English text of the message ``key`` (cut to ``limit``), marked for translation."""
    english = fit(i18n.translate(DEFAULT_LANGUAGE, key, **params), limit)
    return app_commands.locale_str(english, key=key, params=params)


def fit(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """``text`` within ``limit`` characters (cut with an ellipsis)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def language_of(locale: discord.Locale) -> str | None:
    """The bot's language for a Discord locale other than English (``cs`` for
    :attr:`discord.Locale.czech`), or None."""
    code = supported(locale.value)
    return None if code == DEFAULT_LANGUAGE else code


class CatalogueTranslator(app_commands.Translator):
    """Descriptions and choice names from the catalogues, for the locales the bot speaks.

    Answers None (Discord then shows the English text) for a string without a catalogue key, a
    name, a locale the bot does not speak, or a message not translated yet.
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        code = language_of(locale)
        if not isinstance(key, str) or code is None or context.location in NAMES:
            return None
        params: dict[str, Any] = string.extras.get("params") or {}
        text = i18n.translate(code, key, **params)
        if not text or text == i18n.translate(DEFAULT_LANGUAGE, key, **params):
            return None
        return fit(str(text))
