"""The one command language of every adapter: a table of commands (name, aliases, arguments,
``key=value`` options, who may use it, a help line) that drives text parsing, button tokens
(``g42:done:v3``), the generated help, and later Discord's slash options and Telegram's
setMyCommands. :func:`dispatch` turns a parsed command into the service call.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from service import Actor, GameService, View
from service.computer import COMPUTER_OPTIONS
from service.errors import BadArguments
from service.i18n import t
from service.options import CHALLENGE_OPTIONS


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
class Spec:
    """One command of the table."""

    name: str
    who: Who
    args: tuple[Arg, ...] = ()
    options: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    game: bool = True  # takes a ``#12`` game number

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


_POINT = Arg("point", ArgKind.POINT)
COMMANDS: tuple[Spec, ...] = (
    Spec(
        "challenge",
        Who.ANYONE,
        (Arg("@user", ArgKind.MENTION, required=False),),
        CHALLENGE_OPTIONS,
        game=False,
    ),
    Spec("accept", Who.CHALLENGED),
    Spec("decline", Who.CHALLENGED),
    Spec("play", Who.TO_MOVE, (_POINT,), aliases=("move",)),
    Spec("pass", Who.TO_MOVE, (Arg("move", ArgKind.MOVE, required=False),)),
    Spec("resign", Who.PLAYER, (Arg("yes", ArgKind.WORD, False, choices=("yes",)),)),
    Spec("undo", Who.PLAYER, (Arg("answer", ArgKind.WORD, False, choices=("yes", "no")),)),
    Spec("board", Who.ANYONE, aliases=("show",)),
    Spec("games", Who.ANYONE, aliases=("list",), game=False),
    Spec("dead", Who.PLAYER, (Arg("point", ArgKind.POINT, repeat=True),)),
    Spec("done", Who.PLAYER, (Arg("version", ArgKind.VERSION, required=False),)),
    Spec("resume", Who.PLAYER),
    Spec("filldame", Who.PLAYER, aliases=("fill",)),
    Spec("noresult", Who.PLAYER),
    Spec("sgf", Who.ANYONE, aliases=("record",)),
    Spec("adjudicate", Who.ORGANISER, (Arg("result", ArgKind.RESULT),)),
    Spec(
        "vacation",
        Who.ANYONE,
        (Arg("switch", ArgKind.WORD, False, choices=("on", "off")),),
        game=False,
    ),
    Spec("computer", Who.ANYONE, (), COMPUTER_OPTIONS, game=False),
    Spec("help", Who.ANYONE, (Arg("command", ArgKind.COMMAND, required=False),), game=False),
)
BY_NAME: dict[str, Spec] = {s.name: s for s in COMMANDS} | {
    a: s for s in COMMANDS for a in s.aliases
}
assert all(re.fullmatch(r"[a-z]+", name) for name in BY_NAME), "Telegram allows only a-z"

_VERTEX = re.compile(r"^[a-z]\s*-?\s*\d{1,2}$", re.IGNORECASE)
_TOKEN = re.compile(r"^g(\d{1,9}):([a-z]+)((?::[a-z0-9.+]{1,12}){0,3})$")


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed command: its (canonical) name, arguments, options, game number and mention."""

    name: str
    args: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    game: int | None = None
    mention: str | None = None


def _merge_points(words: list[str]) -> list[str]:
    """``d 4`` arrives as two words: join a lone letter with the number after it."""
    merged: list[str] = []
    for word in words:
        if merged and word.isdigit() and re.fullmatch(r"[a-zA-Z]-?", merged[-1]):
            merged[-1] += word
        else:
            merged.append(word)
    return merged


def parse(text: str, *, plain_points: bool = False) -> Command:
    """Parse one line; with ``plain_points`` a bare coordinate (``d4``) means ``play d4``.
    Raises :class:`BadArguments` with a message that says what to write."""
    line = text.strip().removeprefix("/")
    if not line:
        raise BadArguments(t("grammar.empty"))
    if plain_points and _VERTEX.match(line):
        return Command("play", (line,))
    head, *words = line.split()
    spec = BY_NAME.get(head.lower())
    if spec is None:
        raise BadArguments(t("grammar.unknown", name=head))
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
) -> Command:
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
            raise BadArguments(t("grammar.unknown", name=value))
    return Command(spec.name, tuple(args), options, game, mention)


def parse_token(token: str) -> Command:
    """A button's token, e.g. ``g42:done:v3`` -> ``done v3 #42``."""
    match = _TOKEN.match(token)
    spec = BY_NAME.get(match.group(2)) if match else None
    if match is None or spec is None or not spec.game:
        raise BadArguments(t("grammar.token"))
    args = [a for a in match.group(3).split(":") if a]
    return _checked(spec, args, {}, int(match.group(1)), None)


def help_lines(name: str | None = None) -> list[str]:
    """The generated help: every command with its usage, or the details of one command."""
    if name is None:
        lines = [t("help.header")]
        lines += [f"  {spec.usage()} — {spec.help}" for spec in COMMANDS]
        lines.append(t("help.game"))
        return lines
    spec = BY_NAME.get(name.lower())
    if spec is None:
        raise BadArguments(t("grammar.unknown", name=name))
    lines = [
        spec.help,
        t("help.usage", usage=spec.usage()),
        t("help.who", who=t(f"who.{spec.who}")),
    ]
    if spec.aliases:
        lines.append(t("help.aliases", aliases=", ".join(spec.aliases)))
    return lines


MentionResolver = Callable[[str], Actor]


async def dispatch(
    service: GameService,
    actor: Actor,
    command: Command,
    *,
    resolve: MentionResolver,
    channel: str = "",
    update_id: str | None = None,
) -> View:
    """Run ``command`` for ``actor`` through the service."""
    name, args, game = command.name, command.args, command.game
    first = args[0].lower() if args else None
    if name == "challenge":
        opponent = resolve(command.mention) if command.mention else None
        return await service.challenge(
            actor, opponent, command.options, channel=channel, update_id=update_id
        )
    if name == "accept":
        return await service.accept(actor, game, update_id=update_id)
    if name == "decline":
        return await service.decline(actor, game, update_id=update_id)
    if name == "play":
        return await service.play(actor, args[0], game, channel=channel, update_id=update_id)
    if name == "pass":
        at_move = int(first[1:]) if first else None
        return await service.pass_(
            actor, game, at_move=at_move, channel=channel, update_id=update_id
        )
    if name == "resign":
        return await service.resign(
            actor, game, confirm=first == "yes", channel=channel, update_id=update_id
        )
    if name == "undo":
        return await service.undo(actor, game, answer=first, channel=channel, update_id=update_id)
    if name == "board":
        return await service.board(actor, game, channel=channel)
    if name == "games":
        return await service.games(actor)
    if name == "dead":
        return await service.dead(actor, args, game, channel=channel, update_id=update_id)
    if name == "done":
        version = int(first.lstrip("v")) if first else None
        return await service.done(actor, version, game, channel=channel, update_id=update_id)
    if name == "resume":
        return await service.resume(actor, game, channel=channel, update_id=update_id)
    if name == "filldame":
        return await service.filldame(actor, game, channel=channel, update_id=update_id)
    if name == "noresult":
        return await service.noresult(actor, game, channel=channel, update_id=update_id)
    if name == "sgf":
        return await service.sgf(actor, game, channel=channel)
    if name == "adjudicate":
        return await service.adjudicate(actor, game, args[0], update_id=update_id)
    if name == "vacation":
        return await service.vacation(actor, first, update_id=update_id)
    if name == "computer":
        return await service.computer(actor, command.options, channel=channel, update_id=update_id)
    return View(tuple(help_lines(first)))
