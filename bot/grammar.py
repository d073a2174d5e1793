"""The one command language of every adapter: a table of commands (name, aliases, arguments,
``key=value`` options, who may use it, a help line, and how to build the service's command value)
that drives text parsing, button tokens (``g42:done:v3``), the generated help, Discord's slash
options, Telegram's command menu and dispatch: :func:`run` builds the command value of a parsed
line and executes it through the service (``help`` is answered here, from the table).
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.coords import normalise, split_vertex
from service import Actor, GameService, Request, View
from service.commands import (
    Accept,
    Adjudicate,
    AnyCommand,
    Board,
    Challenge,
    Computer,
    Dead,
    Decline,
    Done,
    FillDame,
    Games,
    NoResult,
    Pass,
    Play,
    Resign,
    Resume,
    Sgf,
    Try,
    Undo,
    Vacation,
)
from service.computer import COMPUTER_OPTIONS
from service.errors import BadArguments
from service.i18n import t
from service.options import CHALLENGE_OPTIONS
from service.views import split_token


class Who(enum.StrEnum):
    """Who may use a command (the service enforces it; this is for help and platforms)."""

    ANYONE = "anyone"
    PLAYER = "player"
    TO_MOVE = "to_move"
    CHALLENGED = "challenged"
    ORGANISER = "organiser"


class ArgKind(enum.StrEnum):
    """What an argument is: a point, a player mention, or a word from a fixed set."""

    POINT = "point"
    MENTION = "mention"
    WORD = "word"
    VERSION = "version"
    MOVE = "move"  # ``m37``: the move number of the board a button was pressed on
    RESULT = "result"
    COMMAND = "command"


@dataclass(frozen=True, slots=True)
class Arg:
    """One positional argument."""

    name: str
    kind: ArgKind
    required: bool = True
    repeat: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Words:
    """A parsed line: the command's canonical name, its arguments, options, game number and the
    mentioned user (``@bob``, resolved by the adapter)."""

    name: str
    args: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    game: int | None = None
    mention: str | None = None

    @property
    def first(self) -> str | None:
        """The first argument in lower case (a word such as ``yes``, ``v3``, ``m37``)."""
        return self.args[0].lower() if self.args else None


@dataclass(frozen=True, slots=True)
class Help:
    """``help [command]``: answered from this table, not by the service."""

    topic: str | None = None


Build = Callable[[Words, Actor | None], "AnyCommand | Help"]


@dataclass(frozen=True, slots=True)
class Spec:
    """One command of the table."""

    name: str
    who: Who
    build: Build
    args: tuple[Arg, ...] = ()
    options: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    game: bool = True  # takes a ``#12`` game number
    #: what the adapters do around the command (the table, not its name, says it):
    #: ``home`` — the chat it is sent in becomes the game's home (written with it) and the answer
    #: is public; ``starts`` — it starts a game, which gets its own place (a Discord thread) and
    #: keeps the taker's links; ``fresh`` — the board is shown anew at the bottom of the chat
    home: bool = False
    starts: bool = False
    fresh: bool = False

    @property
    def typed_args(self) -> tuple[Arg, ...]:
        """The arguments people type; buttons may add more (the move number of their board)."""
        return tuple(a for a in self.args if a.kind is not ArgKind.MOVE)

    @property
    def help(self) -> str:
        """The translated help line."""
        return t(f"help.cmd.{self.name}")

    def usage(self) -> str:
        """``play <point> [#game]``."""
        words = [self.name]
        for arg in self.typed_args:
            shown = arg.name if arg.kind is ArgKind.MENTION else f"<{arg.name}>"
            shown += " …" if arg.repeat else ""
            if arg.choices:
                shown = "|".join(arg.choices)
            words.append(shown if arg.required else f"[{shown}]")
        words += [f"[{o}=…]" for o in self.options]
        if self.game:
            words.append("[#game]")
        return " ".join(words)


def _yes(words: Words, yes: str) -> bool | None:
    """None without an argument, else whether it is ``yes`` (the grammar checked the choice)."""
    return None if words.first is None else words.first == yes


def _number(words: Words) -> int | None:
    """``v3`` / ``m37`` / ``3`` -> 3; None without an argument."""
    return None if words.first is None else int(words.first.lstrip("vm"))


_POINT = Arg("point", ArgKind.POINT)
COMMANDS: tuple[Spec, ...] = (
    Spec(
        "challenge",
        Who.ANYONE,
        lambda w, opponent: Challenge(opponent, dict(w.options)),
        (Arg("@user", ArgKind.MENTION, required=False),),
        CHALLENGE_OPTIONS,
        game=False,
        home=True,
    ),
    Spec("accept", Who.CHALLENGED, lambda w, _: Accept(), starts=True),
    Spec("decline", Who.CHALLENGED, lambda w, _: Decline()),
    Spec("play", Who.TO_MOVE, lambda w, _: Play(w.args[0]), (_POINT,), aliases=("move",)),
    Spec(
        "pass",
        Who.TO_MOVE,
        lambda w, _: Pass(_number(w)),
        (Arg("move", ArgKind.MOVE, required=False),),
    ),
    Spec(
        "resign",
        Who.PLAYER,
        lambda w, _: Resign(confirm=_yes(w, "yes") is True),
        (Arg("yes", ArgKind.WORD, False, choices=("yes",)),),
    ),
    Spec(
        "undo",
        Who.PLAYER,
        lambda w, _: Undo(_yes(w, "yes")),
        (Arg("answer", ArgKind.WORD, False, choices=("yes", "no")),),
    ),
    Spec("board", Who.ANYONE, lambda w, _: Board(), aliases=("show",), fresh=True),
    Spec("games", Who.ANYONE, lambda w, _: Games(), aliases=("list",), game=False),
    Spec(
        "dead",
        Who.PLAYER,
        lambda w, _: Dead(w.args),
        (Arg("point", ArgKind.POINT, repeat=True),),
    ),
    Spec(
        "done",
        Who.PLAYER,
        lambda w, _: Done(_number(w)),
        (Arg("version", ArgKind.VERSION, required=False),),
    ),
    Spec("resume", Who.PLAYER, lambda w, _: Resume()),
    Spec("filldame", Who.PLAYER, lambda w, _: FillDame(), aliases=("fill",)),
    Spec(
        "try",
        Who.PLAYER,
        lambda w, _: Try(w.args),
        (Arg("moves", ArgKind.WORD, repeat=True),),  # [B|W] points and `pass` (Art. 7.2)
    ),
    Spec("noresult", Who.PLAYER, lambda w, _: NoResult()),
    Spec("sgf", Who.ANYONE, lambda w, _: Sgf(), aliases=("record",)),
    Spec(
        "adjudicate",
        Who.ORGANISER,
        lambda w, _: Adjudicate(w.args[0]),
        (Arg("result", ArgKind.RESULT),),
    ),
    Spec(
        "vacation",
        Who.ANYONE,
        lambda w, _: Vacation(_yes(w, "on")),
        (Arg("switch", ArgKind.WORD, False, choices=("on", "off")),),
        game=False,
    ),
    Spec(
        "computer",
        Who.ANYONE,
        lambda w, _: Computer(dict(w.options)),
        (),
        COMPUTER_OPTIONS,
        game=False,
    ),
    Spec(
        "help",
        Who.ANYONE,
        lambda w, _: Help(w.first),
        (Arg("command", ArgKind.COMMAND, required=False),),
        game=False,
    ),
)
BY_NAME: dict[str, Spec] = {s.name: s for s in COMMANDS} | {
    a: s for s in COMMANDS for a in s.aliases
}
assert all(re.fullmatch(r"[a-z]+", name) for name in BY_NAME), "Telegram allows only a-z"


def unknown(name: str) -> BadArguments:
    """The error for an unknown command name, suggesting the nearest one (``plya`` → ``play``)."""
    near = difflib.get_close_matches(name.lower(), list(BY_NAME), n=1, cutoff=0.7)
    if near:
        return BadArguments(t("grammar.unknown_near", name=name, near=BY_NAME[near[0]].name))
    return BadArguments(t("grammar.unknown", name=name))


def _merge_points(words: list[str]) -> list[str]:
    """``d 4`` arrives as two words: join a lone letter with the number after it."""
    merged: list[str] = []
    for word in words:
        if merged and word.isdigit() and re.fullmatch(r"[a-zA-Z]-?", merged[-1]):
            merged[-1] += word
        else:
            merged.append(word)
    return merged


def parse(text: str, *, plain_points: bool = False) -> Words:
    """Parse one line; with ``plain_points`` a bare coordinate (``d4``) means ``play d4``.
    Raises :class:`BadArguments` with a message that says what to write."""
    line = normalise(text).strip().removeprefix("/")
    if not line:
        raise BadArguments(t("grammar.empty"))
    if plain_points and split_vertex(line) is not None:
        return Words("play", (line,))
    head, *words = line.split()
    spec = BY_NAME.get(head.lower())
    if spec is None:
        raise unknown(head)
    options: dict[str, str] = {}
    game: int | None = None
    mention: str | None = None
    args: list[str] = []
    bare_numbers = spec.game and not any(a.kind is ArgKind.VERSION for a in spec.args)
    for word in _merge_points(words):
        if "=" in word:
            key, _, value = word.partition("=")
            key = key.lower()
            if key not in spec.options:
                raise BadArguments(t("grammar.option", name=spec.name, key=key, usage=spec.usage()))
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
    return _checked(spec, args, options, game, mention)


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
                    t("grammar.missing", name=spec.name, arg=f"<{arg.name}>", usage=spec.usage())
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
        if arg.kind is ArgKind.COMMAND and value not in BY_NAME:
            raise unknown(value)
    return Words(spec.name, tuple(args), options, game, mention)


def parse_token(token: str) -> Words:
    """A button's token, e.g. ``g42:done:v3`` -> ``done v3 #42``."""
    parts = split_token(token)
    spec = BY_NAME.get(parts[1]) if parts else None
    if parts is None or spec is None or not spec.game:
        raise BadArguments(t("grammar.token"))
    return _checked(spec, list(parts[2]), {}, parts[0], None)


def help_lines(name: str | None = None) -> list[str]:
    """The generated help: every command with its usage, or the details of one command."""
    if name is None:
        lines: list[str] = [t("help.header")]
        lines += [f"  {spec.usage()} — {spec.help}" for spec in COMMANDS]
        lines.append(t("help.game"))
        return lines
    spec = BY_NAME.get(name.lower())
    if spec is None:
        raise unknown(name)
    details: list[str] = [
        spec.help,
        t("help.usage", usage=spec.usage()),
        t("help.who", who=t(f"who.{spec.who}")),
    ]
    if spec.aliases:
        details.append(t("help.aliases", aliases=", ".join(spec.aliases)))
    return details


def command_of(words: Words, opponent: Actor | None = None) -> AnyCommand | Help:
    """The command value of a parsed line (``opponent``: the resolved ``@user`` mention)."""
    return BY_NAME[words.name].build(words, opponent)


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
        return View(tuple(help_lines(command.topic)))
    if words.game is not None:
        request = dataclasses.replace(request, game=words.game)
    return await service.execute(command, request)
