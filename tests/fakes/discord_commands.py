"""Checks of application commands as Discord makes them when a bot syncs (bulk overwrite):
names, descriptions, localizations, options and choices, the number of commands and the size of
each. A refused sync answers 400 ``Invalid Form Body`` (code 50035) with the ``errors`` tree
discord.py flattens into its message (``In 0.options.3.description: Must be between 1 and 100
in length.``), and changes nothing.

The limits are Discord's documented ones; the error codes and messages follow Discord's where
known (the one for an unknown locale is a close guess).
"""

from __future__ import annotations

import re
from typing import Any

from tests.fakes.discord_payloads import DiscordApiError

# Discord's locales: the only keys a ``*_localizations`` object may have.
# fmt: off
LOCALES = frozenset((
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
))
# fmt: on
NAME = re.compile(r"[-_'\w]{1,32}")
CHAT_INPUT, SUBCOMMAND, SUBCOMMAND_GROUP = 1, 1, 2
NESTING = {SUBCOMMAND: "subcommand", SUBCOMMAND_GROUP: "group"}  # option type: what it is
MAX_COMMANDS = 100  # chat-input commands, globally or in one guild
MAX_OPTIONS = 25  # options of a command or subcommand, subcommands of a group
MAX_CHOICES = 25
DESCRIPTION_LENGTH = (1, 100)
CHOICE_NAME_LENGTH = (1, 100)
MAX_SIZE = 8000  # names, descriptions and choice values of a command, the longest localizations
INVALID_FORM_BODY = 50035
TOO_MANY_COMMANDS = 30032

Path = tuple[str | int, ...]


class CommandErrors:
    """Discord's ``errors`` tree: each problem under the path of the field it concerns."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: Path, code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})


def validate_commands(commands: Any) -> None:
    """Raise :class:`DiscordApiError` (400) unless Discord would accept these commands."""
    if not isinstance(commands, list):
        raise DiscordApiError(400, "Invalid Form Body", INVALID_FORM_BODY)
    chat_input = [c for c in commands if isinstance(c, dict) and c.get("type", 1) == CHAT_INPUT]
    if len(chat_input) > MAX_COMMANDS:
        message = f"Maximum number of application commands reached ({MAX_COMMANDS})"
        raise DiscordApiError(400, message, TOO_MANY_COMMANDS)
    errors = CommandErrors()
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        if not isinstance(command, dict):
            errors.add((index,), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        kind = command.get("type", CHAT_INPUT)
        _check_named(errors, (index,), command, described=kind == CHAT_INPUT)
        if (kind, command.get("name", "")) in seen:
            message = "Application command names must be unique"
            errors.add((index, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", message)
        seen.add((kind, command.get("name", "")))
        if kind == CHAT_INPUT:
            _check_options(errors, (index,), command.get("options") or [], "command")
            if _size(command) > MAX_SIZE:
                message = f"Command exceeds maximum size ({MAX_SIZE})"
                errors.add((index,), "APPLICATION_COMMAND_TOO_LARGE", message)
    if errors.tree:
        raise DiscordApiError(400, "Invalid Form Body", INVALID_FORM_BODY, errors=errors.tree)


def _check_named(errors: CommandErrors, path: Path, item: dict[str, Any], described: bool) -> None:
    """A command's or option's name and description, and their localizations."""
    _check_name(errors, (*path, "name"), item.get("name"))
    names = _localizations(errors, (*path, "name_localizations"), item)
    for locale, name in names.items():
        _check_name(errors, (*path, "name_localizations", locale), name)
    if not described:
        return
    _check_length(errors, (*path, "description"), item.get("description"), DESCRIPTION_LENGTH)
    texts = _localizations(errors, (*path, "description_localizations"), item)
    for locale, text in texts.items():
        path_of = (*path, "description_localizations", locale)
        _check_length(errors, path_of, text, DESCRIPTION_LENGTH)


def _check_name(errors: CommandErrors, path: Path, name: Any) -> None:
    if not isinstance(name, str) or not NAME.fullmatch(name) or name != name.lower():
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _check_length(errors: CommandErrors, path: Path, text: Any, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if not isinstance(text, str) or not low <= len(text) <= high:
        errors.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _localizations(errors: CommandErrors, path: Path, item: dict[str, Any]) -> dict[str, Any]:
    """The entries of Discord's locales in the localization object at ``path`` (the last part
    the field's name; absent or None: no localization); other keys are errors."""
    localizations = item.get(str(path[-1]))
    if localizations is None:
        return {}
    if not isinstance(localizations, dict):
        errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return {}
    for locale in localizations:
        if locale not in LOCALES:
            errors.add(
                (*path, locale), "ENUM_TYPE_COERCE", f'Value "{locale}" is not a valid enum value.'
            )
    return {locale: text for locale, text in localizations.items() if locale in LOCALES}


def _check_options(errors: CommandErrors, path: Path, options: list[Any], level: str) -> None:
    """The options of a ``command``, a subcommand ``group`` or a ``subcommand``."""
    if len(options) > MAX_OPTIONS:
        errors.add((*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    for index, option in enumerate(options):
        where = (*path, "options", index)
        kind = option.get("type")
        _check_named(errors, where, option, described=True)
        nested = level == "subcommand" and kind in NESTING
        if nested or (level == "group" and kind != SUBCOMMAND):
            message = "A group holds only subcommands, and a subcommand no subcommands"
            errors.add((*where, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", message)
        if kind in NESTING:
            _check_options(errors, where, option.get("options") or [], NESTING[kind])
            continue
        if option.get("required"):
            if optional_seen:
                message = "Required options must be placed before non-required options"
                errors.add(where, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", message)
        else:
            optional_seen = True
        _check_choices(errors, where, option.get("choices") or [])


def _check_choices(errors: CommandErrors, path: Path, choices: list[Any]) -> None:
    if len(choices) > MAX_CHOICES:
        errors.add((*path, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, choice in enumerate(choices):
        where = (*path, "choices", index)
        _check_length(errors, (*where, "name"), choice.get("name"), CHOICE_NAME_LENGTH)
        names = _localizations(errors, (*where, "name_localizations"), choice)
        for locale, name in names.items():
            path_of = (*where, "name_localizations", locale)
            _check_length(errors, path_of, name, CHOICE_NAME_LENGTH)
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            errors.add(
                (*where, "value"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )


def _longest(item: dict[str, Any], field: str) -> int:
    """The length of ``field`` or of its longest localization, whichever is longer."""
    texts = [item.get(field) or "", *(item.get(f"{field}_localizations") or {}).values()]
    return max(len(str(text)) for text in texts)


def _size(item: dict[str, Any]) -> int:
    """What counts towards a command's 8000 characters: names, descriptions, choice values."""
    size = _longest(item, "name") + _longest(item, "description")
    for choice in item.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(_size(option) for option in item.get("options") or [])
