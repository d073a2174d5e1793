"""Who sees which language, theme and pings.

Each setting is looked up in order: the person's own choice (``settings language=cs``), else the
channel's (``settings channel language=hu``, by an organiser), else what the platform says of the
person (Discord's client locale, Telegram's ``language_code``), else the server's locale (a
Discord guild's), else the bot's configuration (``GOBOT_LANGUAGE``, ``GOBOT_NOTIFY``), else the
built-in default. The platform and the server only ever speak for the language; ``notify`` is a
person's alone (a channel cannot choose how often its members are pinged).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from service.i18n import LANGUAGES, supported
from service.registry import Option, OptionKind

LANGUAGE, THEME, NOTIFY = "language", "theme", "notify"
#: a channel's alone: ``on`` lets the players of rated and league games living in the channel ask
#: for an ``estimate`` during play too (without it, only after the stop); unrated games always may
ESTIMATE = "estimate"
#: a channel's alone: ``on`` has the bot post a problem of the day there, at ``problem_hour``
#: (UTC, 0-23; :data:`PROBLEM_DEFAULT_HOUR` when not chosen)
PROBLEM, PROBLEM_HOUR = "problem", "problem_hour"
PROBLEM_DEFAULT_HOUR = 18
CHOICES: dict[str, tuple[str, ...]] = {
    LANGUAGE: LANGUAGES,
    THEME: ("light", "dark"),
    NOTIFY: ("all", "turn", "none"),
    ESTIMATE: ("on", "off"),
    PROBLEM: ("on", "off"),
    PROBLEM_HOUR: tuple(str(hour) for hour in range(24)),
}
PERSON_SETTINGS = (LANGUAGE, THEME, NOTIFY)
CHANNEL_SETTINGS = (LANGUAGE, THEME, ESTIMATE, PROBLEM, PROBLEM_HOUR)
AUTO = "auto"  # ``settings language=auto``: forget the choice, follow the order again
#: ``settings``'s options: every choice, or ``auto``; each choice named in the reader's words
#: (``settings.theme.dark``, ``settings.language.cs``: "čeština" to a Czech reader)
OPTIONS = (
    *(
        Option(n, choices=(*CHOICES[n], AUTO), names=f"settings.{n}")
        for n in (LANGUAGE, THEME, NOTIFY)
    ),
    Option(ESTIMATE, choices=(*CHOICES[ESTIMATE], AUTO), names=f"settings.{ESTIMATE}"),
    Option(PROBLEM, choices=(*CHOICES[PROBLEM], AUTO), names=f"settings.{PROBLEM}"),
    Option(PROBLEM_HOUR, OptionKind.INT),  # 0-23 (checked by `settings`: no list to sync)
)


def daily_hour(channel: Mapping[str, str]) -> int | None:
    """The hour (UTC) of a channel's problem of the day, None when it has none."""
    if channel.get(PROBLEM) != "on":
        return None
    return int(channel.get(PROBLEM_HOUR, PROBLEM_DEFAULT_HOUR))


class Source(enum.StrEnum):
    """Where a setting's value comes from (``settings`` shows it beside each value)."""

    PERSON = "person"
    CHANNEL = "channel"
    PLATFORM = "platform"
    SERVER = "server"
    BOT = "bot"  # the bot's configuration
    DEFAULT = "default"


@dataclass(frozen=True, slots=True)
class Defaults:
    """The bot's configured defaults (``GOBOT_LANGUAGE``, ``GOBOT_NOTIFY``; no variable sets the
    theme yet: light unless a person or a channel chose)."""

    language: str | None = None
    theme: str | None = None
    notify: str | None = None

    def of(self, name: str) -> str | None:
        """The configured value of ``name`` (None: not configured)."""
        value: str | None = getattr(self, name)
        return value


BUILT_IN: dict[str, str] = {LANGUAGE: "en", THEME: "light", NOTIFY: "turn"}


@dataclass(frozen=True, slots=True)
class Chosen:
    """A setting's value and where it comes from."""

    value: str
    source: Source


@dataclass(frozen=True, slots=True)
class Preferences:
    """The language, theme and pings one reader gets."""

    language: Chosen
    theme: Chosen
    notify: Chosen

    def of(self, name: str) -> Chosen:
        """The chosen value of the setting ``name``."""
        chosen: Chosen = getattr(self, name)
        return chosen


def person_owner(person: str) -> str:
    """The settings row of a person (linked accounts share it)."""
    return f"person:{person}"


def channel_owner(channel: str) -> str:
    """The settings row of a channel (a Telegram group, a Discord channel, the console)."""
    return f"channel:{channel}"


def valid(name: str, value: str) -> bool:
    """Whether ``value`` is one of the choices of the setting ``name``."""
    return value in CHOICES.get(name, ())


def resolve(
    person: Mapping[str, str],
    channel: Mapping[str, str],
    platform: str | None,
    server: str | None,
    defaults: Defaults,
) -> Preferences:
    """Each setting from the first place that has a usable value (see the module's order).

    >>> prefs = resolve({}, {"language": "hu"}, "cs-CZ", None, Defaults())
    >>> prefs.language, prefs.theme.value
    (Chosen(value='hu', source=<Source.CHANNEL: 'channel'>), 'light')
    >>> resolve({}, {}, "pt-BR", "cs", Defaults()).language.source
    <Source.SERVER: 'server'>
    """

    def chosen(name: str) -> Chosen:
        places: list[tuple[str | None, Source]] = [(person.get(name), Source.PERSON)]
        if name != NOTIFY:
            places.append((channel.get(name), Source.CHANNEL))
        if name == LANGUAGE:
            places += [(supported(platform), Source.PLATFORM), (supported(server), Source.SERVER)]
        places.append((defaults.of(name), Source.BOT))
        for value, source in places:
            if value is not None and valid(name, value):
                return Chosen(value, source)
        return Chosen(BUILT_IN[name], Source.DEFAULT)

    return Preferences(chosen(LANGUAGE), chosen(THEME), chosen(NOTIFY))
