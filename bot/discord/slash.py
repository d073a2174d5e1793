"""``/go <command>`` and ``/club <command>`` (club play's: Discord allows 25 subcommands in a
group) generated from the registry of commands: one subcommand per command people send, in the
group its registration names, its arguments and ``key=value`` options as typed slash options
(points as strings with autocomplete, mentions as users, word choices as choices; each option's
type and choices from its declaration, :class:`~service.registry.Option`). Each option is
described by its own message (:func:`description_key`) and each choice of a word named by one
(:func:`choice_keys`), so Discord shows them in the reader's language; the value sent is always
the word typed."""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal

import discord
from discord import app_commands

from bot.discord import messages
from bot.discord.translator import localized
from bot.grammar import BY_NAME, COMMANDS, Arg, ArgKind, Spec
from service.i18n import has_message
from service.registry import Group, Option, OptionKind
from service.rules_topics import TOPICS

MAX_CHOICES = 25
OFFERED: dict[str, tuple[str, ...]] = {"topic": TOPICS}
"""Free words Discord offers as choices: the rules' topics (typed, an unknown topic is answered
with the list; on Discord one picks from it)."""
_TYPES: dict[OptionKind, type] = {OptionKind.INT: int, OptionKind.FLOAT: float}


def option_type(option: Option) -> Any:
    """The Discord type of an option: a number, or a string; fixed choices without translated
    names (numbers: the computer's level) as a ``Literal`` of them."""
    kind = _TYPES.get(option.kind, str)
    if option.choices and not localized_choices(option) and len(option.choices) <= MAX_CHOICES:
        return Literal[tuple(kind(c) for c in option.choices)]
    return kind


def choice_keys(name: str, values: Sequence[str], names: str | None = None) -> dict[str, str]:
    """The catalogue key naming each of ``values``, the choices of the slash option ``name``:
    ``names.value`` (``color.black``, an option's own prefix), else ``discord.choice.name.value``
    (``discord.choice.rated.yes``). Empty when a key is missing: the choices are then shown as
    they are typed (a test checks that every choice of every command has its name)."""
    prefix = names or f"discord.choice.{name}"
    keys = {value: f"{prefix}.{value}" for value in values}
    return keys if keys and all(has_message(key) for key in keys.values()) else {}


def named(keys: dict[str, str]) -> list[app_commands.Choice[str]]:
    """Choices named in the reader's language by their catalogue ``keys`` (value -> key); in
    English the name of a choice is its value, the word the grammar reads, which is what Discord
    sends whatever the reader's locale."""
    return [
        app_commands.Choice(name=app_commands.locale_str(value, key=key), value=value)
        for value, key in keys.items()
    ]


def localized_choices(option: Option) -> list[app_commands.Choice[str]]:
    """The choices of a word option, named in the reader's language (none for a number's)."""
    if option.kind in _TYPES or len(option.choices) > MAX_CHOICES:
        return []
    return named(choice_keys(option.name, option.choices, option.names))


Run = Callable[[discord.Interaction[Any], str, Sequence[discord.abc.User]], Awaitable[None]]
Complete = Callable[[discord.Interaction[Any], str], Awaitable[list[str]]]


class PointTransformer(app_commands.Transformer):
    """A point option (``D4``): a string for the grammar, with the legal points autocompleted."""

    def __init__(self, complete: Complete) -> None:
        self.complete = complete

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    async def transform(self, interaction: discord.Interaction[Any], value: Any) -> str:
        return str(value).strip()

    async def autocomplete(  # type: ignore[override]
        self, interaction: discord.Interaction[Any], value: str
    ) -> list[app_commands.Choice[str]]:
        points = await self.complete(interaction, value)
        return [app_commands.Choice(name=p, value=p) for p in points[:MAX_CHOICES]]


def _param_name(arg: Arg) -> str:
    """``@user`` -> ``user``; a repeated point is ``points``."""
    if arg.kind is ArgKind.POINT and arg.repeat:
        return "points"
    return re.sub(r"[^a-z0-9_]", "", arg.name.lower())


def description_key(spec: Spec, name: str) -> str | None:
    """The catalogue key describing the slash option ``name`` of ``spec``: the command's own
    (``discord.option.rating.user``), else the option's (``discord.option.user``); None when
    neither exists (no option of the registered commands: a test builds every one)."""
    for key in (f"discord.option.{spec.name}.{name}", f"discord.option.{name}"):
        if key in messages.ENGLISH:
            return key
    return None


def _describe(spec: Spec, name: str) -> app_commands.locale_str:
    """The option's description; only a command registered without one (a test's) falls back to
    the command's own description, since Discord requires one."""
    return localized(description_key(spec, name) or f"help.cmd.{spec.name}")


def _arg_choices(arg: Arg) -> dict[str, str]:
    """The keys naming an argument's choices: its fixed words, or the words Discord offers for a
    free one (:data:`OFFERED`)."""
    values = arg.choices or OFFERED.get(arg.name, ())
    return choice_keys(_param_name(arg), values) if len(values) <= MAX_CHOICES else {}


def choices_of(spec: Spec) -> dict[str, list[app_commands.Choice[str]]]:
    """The slash options of ``spec`` whose choices are named in the reader's language."""
    made = {_param_name(a): named(_arg_choices(a)) for a in spec.typed_args}
    made |= {o.name: localized_choices(o) for o in spec.options}
    return {name: choices for name, choices in made.items() if choices}


def _parameters(spec: Spec, points: PointTransformer) -> list[inspect.Parameter]:
    """The slash options of one command: its arguments, options, and ``game`` when it takes one."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    params: list[inspect.Parameter] = []
    for arg in spec.typed_args:
        annotation: Any = str
        name = _param_name(arg)
        if arg.kind is ArgKind.MENTION:
            annotation = discord.User
        elif arg.kind is ArgKind.POINT and not arg.repeat:
            annotation = points
        elif _arg_choices(arg):
            annotation = str  # its choices are named: :func:`choices_of`
        elif arg.choices and len(arg.choices) <= MAX_CHOICES:
            annotation = Literal[arg.choices]
        elif arg.kind is ArgKind.COMMAND and len(BY_NAME) <= MAX_CHOICES:
            annotation = Literal[tuple(sorted(s.name for s in COMMANDS))]
        default = inspect.Parameter.empty if arg.required else None
        params.append(inspect.Parameter(name, keyword, default=default, annotation=annotation))
    for option in spec.options:
        annotation = option_type(option)
        params.append(inspect.Parameter(option.name, keyword, default=None, annotation=annotation))
    if spec.game:
        params.append(inspect.Parameter("game", keyword, default=None, annotation=int))
    required = [p for p in params if p.default is inspect.Parameter.empty]
    return required + [p for p in params if p.default is not inspect.Parameter.empty]


def command_text(spec: Spec, values: dict[str, Any]) -> tuple[str, list[discord.abc.User]]:
    """The grammar's text form of a slash command (``challenge @123 size=9``) and the users it
    mentions, so slash options and typed text go through the same parser and checks."""
    words = [spec.name]
    users: list[discord.abc.User] = []
    for arg in spec.typed_args:
        value = values.get(_param_name(arg))
        if value is None:
            continue
        if isinstance(value, discord.abc.User):
            users.append(value)
            words.append(f"@{value.id}")
        else:
            words.append(str(value))
    for key in spec.option_names:
        value = values.get(key)
        if value is not None:
            shown = f"{value:g}" if isinstance(value, float) else str(value)
            words.append(f"{key}={''.join(shown.split())}")
    if values.get("game") is not None:
        words.append(f"#{values['game']}")
    return " ".join(words), users


def _subcommand(
    spec: Spec, run: Run, points: PointTransformer
) -> app_commands.Command[Any, Any, None]:
    async def callback(interaction: discord.Interaction[Any], /, **values: Any) -> None:
        text, users = command_text(spec, values)
        await run(interaction, text, users)

    callback.__name__ = callback.__qualname__ = f"go_{spec.name}"
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        *_parameters(spec, points),
    ]
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    descriptions = {p.name: _describe(spec, p.name) for p in parameters[1:]}
    app_commands.describe(**descriptions)(callback)
    app_commands.choices(**choices_of(spec))(callback)
    description = localized(f"help.cmd.{spec.name}")
    return app_commands.Command(name=spec.name, description=description, callback=callback)


def go_group(run: Run, complete: Complete) -> app_commands.Group:
    """The ``/go`` group: the commands registered in it."""
    return _group(Group.GO, "discord.group", run, complete)


def club_group(run: Run, complete: Complete) -> app_commands.Group:
    """The ``/club`` group: ratings, the leaderboard, history, leagues and linked accounts."""
    return _group(Group.CLUB, "discord.club_group", run, complete)


def study_group(run: Run, complete: Complete) -> app_commands.Group:
    """The ``/study`` group: the rules, the lessons (``learn``) and the problems (``problem``)."""
    return _group(Group.STUDY, "discord.study_group", run, complete)


def _group(group: Group, key: str, run: Run, complete: Complete) -> app_commands.Group:
    """The slash group ``group`` described by the message ``key``, with its commands."""
    made = app_commands.Group(name=group.value, description=localized(key))
    points = PointTransformer(complete)
    for spec in COMMANDS:
        if spec.group is group:
            made.add_command(_subcommand(spec, run, points))
    return made
