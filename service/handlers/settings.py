"""``settings``: each person chooses their language, board theme and pings; a channel's organisers
choose the channel's language and theme (:mod:`service.preferences` says who sees what), and
whether rated games there allow ``estimate`` during play. The answer shows every value with where
it comes from, in the language just chosen."""

from __future__ import annotations

from service import people
from service.authorization import organises
from service.commands import Configure
from service.errors import BadArguments, NotOrganiser
from service.events import SettingsChanged
from service.handlers.problems import schedule
from service.i18n import Text, has_message, joined, t
from service.preferences import (
    AUTO,
    CHANNEL_SETTINGS,
    CHOICES,
    LANGUAGE,
    OPTIONS,
    PERSON_SETTINGS,
    PROBLEM,
    PROBLEM_HOUR,
    Preferences,
    channel_owner,
    daily_hour,
    person_owner,
    valid,
)
from service.registry import Arg, ArgKind, command
from service.unit import Unit
from service.views import View


def _check(command: Configure) -> None:
    names = CHANNEL_SETTINGS if command.channel else PERSON_SETTINGS
    for name, value in command.values.items():
        if name not in names:
            listed = ", ".join(f"`{n}`" for n in names)
            raise BadArguments(t("error.settings_name", name=name, names=listed))
        if value != AUTO and not valid(name, value):
            choices = " | ".join(f"`{c}`" for c in (*CHOICES[name], AUTO))
            raise BadArguments(t("error.settings_value", name=name, value=value, choices=choices))


def value_words(name: str, value: str) -> str:
    """How a value reads in the reader's words: ``Czech (cs)`` (``čeština (cs)``), ``dark``,
    ``your move, when you are away``."""
    if name == LANGUAGE:
        key = f"settings.language.{value}"
        return joined("", (t(key), f" ({value})")) if has_message(key) else value
    if name == PROBLEM_HOUR:
        return t("settings.problem_hour.value", hour=value)
    return t(f"settings.{name}.{value}")


@command(
    Configure,
    "settings",
    build=lambda w, _: Configure(dict(w.options), channel=w.first == "channel"),
    args=(Arg("channel", ArgKind.WORD, required=False, choices=("channel",)),),
    options=OPTIONS,  # estimate: a channel's (``settings channel``)
    local={"cs": ("nastaveni",), "hu": ("beallitasok",)},
    game=False,
    organiser=lambda w: w.first == "channel",
)
async def settings(unit: Unit, command: Configure) -> View:
    """Show, or change and show, the reader's settings (or the channel's)."""
    _check(command)
    await people.remember(unit, unit.actor)
    if command.channel and not organises(unit, unit.community):
        raise NotOrganiser(t("error.settings_channel"))
    if command.channel:
        owner = channel_owner(unit.request.settings_channel)
    else:
        owner = person_owner((await people.persons(unit, [unit.actor.id]))[unit.actor.id])
    await people.preferences(unit)  # reads the person's and the channel's rows
    if command.values:
        kept = dict(unit.settings.get(owner, {}))
        for name, value in command.values.items():
            if value == AUTO:
                kept.pop(name, None)
            else:
                kept[name] = value
        await unit.uow.settings.put(owner, kept)
        unit.settings[owner] = kept
        unit.record(SettingsChanged())
        if command.channel and {PROBLEM, PROBLEM_HOUR} & set(command.values):
            await schedule(unit, unit.request.settings_channel, daily_hour(kept))
    unit.reader = prefs = (await people.preferences(unit))[unit.actor.id]
    return View(tuple(_lines(unit, command, prefs)))  # said in the language just chosen


def _lines(unit: Unit, command: Configure, prefs: Preferences) -> list[Text]:
    channel = unit.settings.get(channel_owner(unit.request.settings_channel), {})
    if command.channel:
        head = "settings.channel_changed" if command.values else "settings.channel_header"
        lines = [t(head)]
        for name in CHANNEL_SETTINGS:
            value = channel.get(name)
            shown = value_words(name, value) if value else t("settings.not_set")
            lines.append(t("settings.channel_line", name=t(f"settings.name.{name}"), value=shown))
        return lines
    lines = [t("settings.changed" if command.values else "settings.header")]
    for name in PERSON_SETTINGS:
        chosen = prefs.of(name)
        lines.append(
            t(
                "settings.line",
                name=t(f"settings.name.{name}"),
                value=value_words(name, chosen.value),
                source=t(f"settings.source.{chosen.source.value}"),
            )
        )
    if any(channel.get(name) for name in CHANNEL_SETTINGS):
        lines.append(t("settings.channel_header"))
        for name in CHANNEL_SETTINGS:
            if value := channel.get(name):
                shown = value_words(name, value)
                lines.append(
                    t("settings.channel_line", name=t(f"settings.name.{name}"), value=shown)
                )
    lines.append(t("settings.how"))
    return lines
