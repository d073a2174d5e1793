"""The table of commands every adapter shares: each command's name, aliases, arguments,
``key=value`` options, who may use it, its help line, what the adapters do around it, and how to
build the service's command value from a parsed line (:class:`Words`). :mod:`bot.grammar` parses
text and button tokens against it; Discord's slash options, Telegram's command menu and the help
are generated from it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from service import Actor
from service.club_commands import (
    ORGANISER_ACTIONS,
    History,
    Leaderboard,
    League,
    LeagueAction,
    LeagueInfo,
    LinkAccount,
    ShowRating,
    Unlink,
    league_command,
)
from service.commands import (
    Accept,
    Adjudicate,
    AnyCommand,
    Challenge,
    Computer,
    Configure,
    Dead,
    Decline,
    Done,
    EstimateScore,
    FillDame,
    Games,
    NoResult,
    Pass,
    Play,
    Resign,
    Resume,
    Rules,
    Sgf,
    ShowBoard,
    Try,
    Undo,
    Vacation,
)
from service.computer import COMPUTER_OPTIONS
from service.i18n import has_message, joined, t
from service.league_settings import LEAGUE_OPTIONS
from service.options import CHALLENGE_OPTIONS
from service.preferences import ESTIMATE, PERSON_SETTINGS


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
    NUMBER = "number"  # a whole number, e.g. how many lines to show


@dataclass(frozen=True, slots=True)
class Arg:
    """One positional argument."""

    name: str
    kind: ArgKind
    required: bool = True
    repeat: bool = False
    choices: tuple[str, ...] = ()


def placeholder(arg: Arg) -> str:
    """``<point>`` as help writes an argument, said in the reader's language (``<bod>``,
    ``<pont>``)."""
    key = f"help.arg.{arg.name}"
    return joined("", ("<", t(key), ">")) if has_message(key) else f"<{arg.name}>"


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
        """``play <point> [#game]`` (the placeholders said in the reader's language: ``<bod>``)."""
        words: list[str] = [self.name]
        for arg in self.typed_args:
            shown = arg.name if arg.kind is ArgKind.MENTION else placeholder(arg)
            if arg.repeat:
                shown = joined("", (shown, " …"))
            if arg.choices:
                shown = "|".join(arg.choices)
            words.append(shown if arg.required else joined("", ("[", shown, "]")))
        words += [f"[{o}=…]" for o in self.options]
        if self.game:
            words.append(joined("", ("[#", t("help.arg.game"), "]")))
        return joined(" ", words)


def _yes(words: Words, yes: str) -> bool | None:
    """None without an argument, else whether it is ``yes`` (the grammar checked the choice)."""
    return None if words.first is None else words.first == yes


def _number(words: Words) -> int | None:
    """``v3`` / ``m37`` / ``3`` -> 3; None without an argument."""
    return None if words.first is None else int(words.first.lstrip("vm"))


def _count(words: Words) -> int | None:
    """``leaderboard 20`` -> 20; None without an argument (the grammar checked the number)."""
    return None if words.first is None else int(words.first)


def _league(words: Words) -> League | LeagueInfo:
    """``league join autumn``, ``league pair autumn force``, ``league create autumn size=9``."""
    rest = words.args[1:]
    return league_command(
        LeagueAction(words.args[0].lower()),
        rest[0] if rest else None,
        rest[1].lower() if len(rest) > 1 else None,
        words.options,
    )


#: Czech and Hungarian words accepted beside a few commands, in the letters every platform allows
#: in a command (Telegram: a-z only, so no diacritics); the English names work everywhere
TRANSLATED: dict[str, tuple[str, ...]] = {
    "pass": ("pas", "passz"),
    "help": ("napoveda", "sugo"),
    "rules": ("pravidla", "szabalyok"),
    "settings": ("nastaveni", "beallitasok"),
}
_POINT = Arg("point", ArgKind.POINT)
_USER = Arg("@user", ArgKind.MENTION, required=False)
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
        aliases=TRANSLATED["pass"],
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
    Spec("board", Who.ANYONE, lambda w, _: ShowBoard(), aliases=("show",), fresh=True),
    Spec("estimate", Who.ANYONE, lambda w, _: EstimateScore()),
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
    Spec("rating", Who.ANYONE, lambda w, user: ShowRating(user), (_USER,), game=False),
    Spec(
        "leaderboard",
        Who.ANYONE,
        lambda w, _: Leaderboard(_count(w)),
        (Arg("n", ArgKind.NUMBER, required=False),),
        game=False,
    ),
    Spec("history", Who.ANYONE, lambda w, user: History(user), (_USER,), game=False),
    Spec(
        "league",
        Who.ANYONE,
        lambda w, _: _league(w),
        (
            Arg("action", ArgKind.WORD, choices=tuple(a.value for a in LeagueAction)),
            Arg("name", ArgKind.WORD, required=False),
            Arg("extra", ArgKind.WORD, required=False),
        ),
        LEAGUE_OPTIONS,
        game=False,
        home=True,  # announcements for the club: answered in the open
    ),
    Spec(
        "link",
        Who.ANYONE,
        lambda w, _: LinkAccount(w.args[0] if w.args else None),
        (Arg("code", ArgKind.WORD, required=False),),
        game=False,
    ),
    Spec("unlink", Who.ANYONE, lambda w, _: Unlink(), game=False),
    Spec(
        "settings",
        Who.ANYONE,
        lambda w, _: Configure(dict(w.options), channel=w.first == "channel"),
        (Arg("channel", ArgKind.WORD, required=False, choices=("channel",)),),
        (*PERSON_SETTINGS, ESTIMATE),  # estimate: a channel's (``settings channel``)
        aliases=TRANSLATED["settings"],
        game=False,
    ),
    Spec(
        "rules",
        Who.ANYONE,
        lambda w, _: Rules(w.first),
        # a free word, so that the service answers an unknown topic with the list of topics
        (Arg("topic", ArgKind.WORD, required=False),),
        aliases=TRANSLATED["rules"],
        game=False,
    ),
    Spec(
        "help",
        Who.ANYONE,
        lambda w, _: Help(w.first),
        (Arg("command", ArgKind.COMMAND, required=False),),
        aliases=TRANSLATED["help"],
        game=False,
    ),
)


def needs_organiser(words: Words) -> bool:
    """Whether the parsed line is one only organisers may send (the adapters then ask their
    platform who organises; the service decides)."""
    if BY_NAME[words.name].who is Who.ORGANISER:
        return True
    if words.name == "settings":
        return words.first == "channel"
    return words.name == "league" and words.first in {a.value for a in ORGANISER_ACTIONS}


BY_NAME: dict[str, Spec] = {s.name: s for s in COMMANDS} | {
    a: s for s in COMMANDS for a in s.aliases
}
assert all(re.fullmatch(r"[a-z]+", name) for name in BY_NAME), "Telegram allows only a-z"
