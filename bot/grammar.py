"""The one command language of every adapter: parsing a typed line (``play D4 #12``, or on
platforms that deliver plain text just ``D4 #12``) and a button's token (``g42:done:v3``) against
the service's registry of commands (:mod:`service.registry`), the generated help, and
:func:`run`, which builds the command value of a parsed line and executes it through the service
(``help`` is registered and answered here, from the registry). The registry's names are
importable from here too.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import unicodedata
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from engine.coords import normalise, split_vertex
from service import Actor, GameService, Request, View
from service.commands import AnyCommand
from service.errors import BadArguments
from service.i18n import DEFAULT_LANGUAGE, has_message, joined, lines_of, t
from service.registry import (
    BY_NAME,
    COMMANDS,
    Arg,
    ArgKind,
    Build,
    Option,
    Spec,
    Who,
    Words,
    needs_organiser,
    of_token,
    placeholder,
    register,
)

__all__ = [
    "BY_NAME",
    "COMMANDS",
    "Arg",
    "ArgKind",
    "Build",
    "Help",
    "Spec",
    "Who",
    "Words",
    "command_of",
    "help_lines",
    "mentioned",
    "needs_organiser",
    "parse",
    "parse_token",
    "read_charged",
    "run",
    "unknown",
]


@dataclass(frozen=True, slots=True)
class Help:
    """``help [command]``: answered here, from the registry, not by the service."""

    topic: str | None = None


register(
    Spec(
        Help,
        None,  # no handler: :func:`run` answers it
        "help",
        lambda w, _: Help(w.first),
        args=(Arg("command", ArgKind.COMMAND, required=False),),
        local={"cs": ("napoveda",), "hu": ("sugo",)},
        game=False,
    )
)


def unknown(name: str) -> BadArguments:
    """The error for an unknown command name, suggesting the nearest one (``plya`` → ``play``)."""
    near = difflib.get_close_matches(name.lower(), list(BY_NAME), n=1, cutoff=0.7)
    if near:
        return BadArguments(t("grammar.unknown_near", name=name, near=BY_NAME[near[0]].name))
    return BadArguments(t("grammar.unknown", name=name))


def _merge_points(words: list[str]) -> list[str]:
    """``d 4`` arrives as two words (``d -4``, ``d - 4`` as two or three): join a lone letter
    with the row number after it."""
    merged: list[str] = []
    for word in words:
        last = merged[-1] if merged else ""
        if re.fullmatch(r"[a-zA-Z]-?", last) and re.fullmatch(r"[a-zA-Z](-|-?\d+)", last + word):
            merged[-1] += word
        else:
            merged.append(word)
    return merged


_GAME_FIRST = re.compile(r"(#\d+)\s+(.+)")


def command_named(word: str) -> Spec | None:
    """The command a typed word names, in any letter case and with or without its accents: the
    Czech and Hungarian words are registered in plain letters (Telegram's menu allows no
    others), and a reader may type them as their language writes them.

    >>> [command_named(w).name for w in ("PASS", "nápověda", "szabályok", "súgó", "nastavení")]
    ['pass', 'help', 'rules', 'help', 'settings']
    >>> command_named("fly") is None
    True
    """
    lowered = word.lower()
    spec = BY_NAME.get(lowered)
    if spec is None and not lowered.isascii():
        plain = unicodedata.normalize("NFKD", lowered)
        spec = BY_NAME.get("".join(ch for ch in plain if not unicodedata.combining(ch)))
    return spec


def parse(text: str, *, plain_points: bool = False) -> Words:
    """Parse one line. With ``plain_points`` (platforms that deliver plain text) a bare point
    means ``play``: ``d4``, ``D4 #5`` and ``d 4 #5`` (a game number only with its ``#``: ``D4 5``
    is refused, not game 5), and a line may start with its game number (``#5 D4``, ``#5 pass``).
    Raises :class:`BadArguments` with a message that says what to write."""
    line = normalise(text).strip().removeprefix("/")
    if not line:
        raise BadArguments(t("grammar.empty"))
    if plain_points:
        if split_vertex(line) is not None:
            return Words("play", (line,))
        if first := _GAME_FIRST.fullmatch(line):
            line = f"{first[2]} {first[1]}"
    head, *words = _merge_points(line.split()) if plain_points else line.split()
    spec = command_named(head)
    point = spec is None and plain_points and split_vertex(head) is not None
    if point:
        spec, words = BY_NAME["play"], [head, *words]
    if spec is None:
        raise unknown(head)
    options: dict[str, str] = {}
    game: int | None = None
    mention: str | None = None
    args: list[str] = []
    bare_numbers = not point and spec.game and all(a.kind is not ArgKind.VERSION for a in spec.args)
    for word in _merge_points(words):
        if "=" in word:
            typed, _, value = word.partition("=")
            key = spec.option_key(typed)  # ``colour=`` is ``color=``
            if key is None:
                raise BadArguments(
                    t("grammar.option", name=spec.name, key=typed.lower(), usage=spec.usage())
                )
            if key in options:
                raise BadArguments(t("grammar.option_twice", key=key))
            options[key] = value
        elif (word.startswith("#") and spec.game) or (bare_numbers and word.isdigit()):
            if not re.fullmatch(r"#?\d{1,9}", word) or game is not None:
                raise BadArguments(t("grammar.game", text=word))
            game = int(word.lstrip("#"))
        elif word.startswith("@") and any(a.kind is ArgKind.MENTION for a in spec.args):
            if len(word) < 2 or mention is not None:
                raise BadArguments(t("grammar.mention", text=word))
            mention = word[1:]
        else:
            args.append(word)
    named = mention is None and _name_in(spec, args)
    if named:
        mention = args.pop()
    return dataclasses.replace(_checked(spec, args, options, game, mention), named=named)


#: a user's name written without its ``@``: one word with a letter (``bob``, ``Bořek``,
#: ``bob_99``), never a number (``history 5`` stays a word too many), nor an option's key
_NAME = re.compile(r"(?=[\w.-]*[^\W\d_])[\w.-]{1,64}")


def _name_in(spec: Spec, args: list[str]) -> bool:
    """Whether the last of ``args`` is a user written without the ``@`` (``challenge bob``): the
    command's registration takes a user, it was not mentioned, and the word is one more than
    its other arguments take."""
    if spec.mention is None:
        return False
    positional = [a for a in spec.args if a.kind is not ArgKind.MENTION]
    if any(a.repeat for a in positional) or len(args) != len(positional) + 1:
        return False
    word = args[-1]  # an option's key (``challenge size``) is a forgotten ``=``, not a name
    return _NAME.fullmatch(word) is not None and spec.option_key(word) is None


def _checked(
    spec: Spec, args: list[str], options: dict[str, str], game: int | None, mention: str | None
) -> Words:
    positional = [a for a in spec.args if a.kind is not ArgKind.MENTION]
    repeat = any(a.repeat for a in positional)
    if len(args) > len(positional) and not repeat:
        raise BadArguments(t("grammar.extra", name=spec.name, usage=spec.usage()))
    for index, arg in enumerate(positional):
        if index >= len(args):
            if arg.required:
                raise BadArguments(
                    t("grammar.missing", name=spec.name, arg=placeholder(arg), usage=spec.usage())
                )
            continue
        value = args[index].lower()
        if arg.choices and value not in arg.choices:
            choices = "|".join(arg.choices)
            raise BadArguments(
                t(
                    "grammar.choice",
                    name=spec.name,
                    value=value,
                    choices=choices,
                    usage=spec.usage(),
                )
            )
        if arg.kind is ArgKind.MOVE and not re.fullmatch(r"m\d{1,4}", value):
            raise BadArguments(t("grammar.extra", name=spec.name, usage=spec.usage()))
        if arg.kind is ArgKind.VERSION and not re.fullmatch(r"v?\d{1,6}", value):
            raise BadArguments(t("grammar.missing", name=spec.name, arg="v3", usage=spec.usage()))
        if arg.kind is ArgKind.NUMBER and not re.fullmatch(r"\d{1,3}", value):
            raise BadArguments(t("grammar.count", name=spec.name, text=value))
        if arg.kind is ArgKind.COMMAND and command_named(value) is None:
            raise unknown(value)
    return Words(spec.name, tuple(args), options, game, mention)


def parse_token(token: str) -> Words:
    """A button's token, e.g. ``g42:done:v3`` -> ``done v3 #42``."""
    parts = of_token(token)
    if parts is None:
        raise BadArguments(t("grammar.token"))
    spec, game, args = parts
    return _checked(spec, list(args), {}, game, None)


def help_lines(name: str | None = None, code: str = DEFAULT_LANGUAGE) -> list[str]:
    """The generated help: every command with its usage, or the details of one command for a
    reader of ``code`` (the other words for it in their own language)."""
    if name is None:
        lines: list[str] = [t("help.header")]
        lines += [joined("", ("  ", spec.usage(), " — ", spec.help)) for spec in COMMANDS]
        lines.append(t("help.game"))
        return lines
    spec = command_named(name)
    if spec is None:
        raise unknown(name)
    details: list[str] = [
        spec.help,
        t("help.usage", usage=spec.usage()),
        t("help.who", who=t(f"who.{spec.who}")),
    ]
    if aliases := spec.aliases_in(code):
        details.append(t("help.aliases", aliases=", ".join(aliases)))
    if spec.mention is not None:
        details.append(t("help.mention"))
    if spec.options:
        details.append(t("help.options"))
        details += [_option_line(option) for option in spec.options]
    if has_message(more := f"help.more.{spec.name}"):  # a command of several actions
        details += lines_of(t(more))
    return details


def _option_line(option: Option) -> str:
    """``  weekend=pause|play — pause: the clocks stop …``: an option of ``help <command>`` by
    its own name, with its choices and, when it has one, its help line."""
    shown = joined("", ("  ", option.name, "=", "|".join(option.choices) or "…"))
    return shown if option.help is None else joined("", (shown, " — ", t(option.help)))


#: how an adapter resolves an ``@mention`` (raising :class:`BadArguments` when it cannot)
Resolve = Callable[[str], Awaitable[Actor]]
#: the users called ``name`` where the line was sent, as the adapter knows them (a Telegram
#: username seen in the chat, a Discord server's member, a console name)
Find = Callable[[str], Awaitable[Sequence[Actor]]]


async def mentioned(words: Words, resolve: Resolve, find: Find) -> Actor | None:
    """The user a parsed line names: its ``@mention`` as the adapter resolves it, or a name
    written without the ``@`` (``challenge bob``: :attr:`Words.named`) when exactly one user
    by that name is known here; else the error that says so and shows how to write it. The
    rule is the same for every command whose registration takes a user."""
    if words.mention is None:
        return None
    if not words.named:
        return await resolve(words.mention)
    found = list({actor.id: actor for actor in await find(words.mention)}.values())
    if len(found) == 1:
        return found[0]
    name, written = words.mention, _with_mention(words)
    if found:
        raise BadArguments(t("grammar.name_ambiguous", name=name, written=written))
    unknown = t("grammar.name_unknown", name=name, written=written)
    if not has_message(more := f"grammar.name_unknown.{words.name}"):
        raise BadArguments(unknown)
    raise BadArguments(joined("\n", (unknown, t(more)), unknown.key))  # ``challenge``: open


def _with_mention(words: Words) -> str:
    """The line as it was meant: the name with its ``@`` (``challenge @bob size=9``)."""
    parts = [words.name, *words.args, f"@{words.mention}"]
    parts += [f"{key}={value}" for key, value in words.options.items()]
    if words.game is not None:
        parts.append(f"#{words.game}")
    return " ".join(parts)


def command_of(words: Words, opponent: Actor | None = None) -> AnyCommand | Help:
    """The command value of a parsed line (``opponent``: the resolved ``@user`` mention)."""
    build = BY_NAME[words.name].build
    assert build is not None  # every command people send has one
    command: AnyCommand | Help = build(words, opponent)
    return command


def read_charged(service: GameService, actor: Actor, read: Callable[[], Words]) -> Words:
    """``read()`` (a parse); a line that does not parse still gets a reply, so it spends a
    command of the sender's budget like any other (or is refused as too fast)."""
    try:
        return read()
    except BadArguments:
        service.charge(actor)
        raise


async def run(
    service: GameService, words: Words, request: Request, opponent: Actor | None = None
) -> View:
    """Run a parsed line for ``request`` (a ``#12`` in the line names the game)."""
    command = command_of(words, opponent)
    if isinstance(command, Help):
        service.charge(request.actor)  # answered here, but a reply all the same
        code = await service.language_for(request.actor, request.channel, request.locale)
        # their own setting first
        return View(tuple(help_lines(command.topic, code)), language=code)
    if words.game is not None:
        request = dataclasses.replace(request, game=words.game)
    return await service.execute(command, request)
