"""``/go <command>`` and ``/club <command>`` (club play's: Discord allows 25 subcommands in a
group) generated from the registry of commands: one subcommand per command people send, in the
group its registration names, its arguments and ``key=value`` options as typed slash options
(points as strings with autocomplete, mentions as users, word choices as choices; each option's
type and choices from its declaration, :class:`~service.registry.Option`)."""

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
from service.registry import Group, Option, OptionKind

MAX_CHOICES = 25
_TYPES: dict[OptionKind, type] = {OptionKind.INT: int, OptionKind.FLOAT: float}


def option_type(option: Option) -> Any:
    """The Discord type of an option: a number, or a string; fixed choices without translated
    names as a ``Literal`` of them (in English the name of a choice is its value, the word the
    grammar reads, which is what Discord sends whatever the reader's locale)."""
    kind = _TYPES.get(option.kind, str)
    if option.choices and option.names is None and len(option.choices) <= MAX_CHOICES:
        return Literal[tuple(kind(c) for c in option.choices)]
    return kind


def localized_choices(option: Option) -> list[app_commands.Choice[str]]:
    """The choices of an option whose choices have translated names (none for the others),
    named by their value and localized by their catalogue key (``color.black``)."""
    if option.names is None:
        return []
    return [
        app_commands.Choice(name=app_commands.locale_str(v, key=f"{option.names}.{v}"), value=v)
        for v in option.choices
    ]


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


def _describe(name: str) -> app_commands.locale_str:
    key = f"discord.option.{name}"
    if key in messages.ENGLISH:
        return localized(key)
    return localized("discord.option.other", name=name)


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
    descriptions = {p.name: _describe(p.name) for p in parameters[1:]}
    app_commands.describe(**descriptions)(callback)
    named = {o.name: localized_choices(o) for o in spec.options}
    app_commands.choices(**{name: c for name, c in named.items() if c})(callback)
    description = localized(f"help.cmd.{spec.name}")
    return app_commands.Command(name=spec.name, description=description, callback=callback)


def go_group(run: Run, complete: Complete) -> app_commands.Group:
    """The ``/go`` group: the commands registered in it."""
    return _group(Group.GO, "discord.group", run, complete)


def club_group(run: Run, complete: Complete) -> app_commands.Group:
    """The ``/club`` group: ratings, the leaderboard, history, leagues and linked accounts."""
    return _group(Group.CLUB, "discord.club_group", run, complete)


def _group(group: Group, key: str, run: Run, complete: Complete) -> app_commands.Group:
    """The slash group ``group`` described by the message ``key``, with its commands."""
    made = app_commands.Group(name=group.value, description=localized(key))
    points = PointTransformer(complete)
    for spec in COMMANDS:
        if spec.group is group:
            made.add_command(_subcommand(spec, run, points))
    return made
