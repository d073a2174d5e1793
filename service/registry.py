"""The registry of commands: each command type is declared once, next to its handler, with
:func:`command` (a decorator on the handler function). The declaration is a :class:`Spec`: how
the command runs (its handler, whether it writes, whether it counts against the sender's budget)
and, for the commands people send, its words (name, aliases, the Czech and Hungarian aliases per
language), arguments, options (one :class:`Option` each: type, choices, the catalogue prefix of
the choices' names), who may send it, what the adapters do around it, its button style and its
Discord group, and how its value is built from a parsed line (:class:`Words`).

Everything else is derived from it: the service's dispatch (:data:`HANDLERS`,
:func:`handler_of`), the grammar's table (:mod:`bot.grammar`), Discord's ``/go`` and ``/club``
groups and their option types and choices, button styles, Telegram's menu, the help, organiser
checks, the button tokens (:func:`token`) and ``docs/commands.md``. A new command is one
handler with its registration (``docs/adding-a-command.md``).

>>> from service.commands import Done, Pass
>>> token(Done, 42, version=3), token(Pass, 42, move=37)
('g42:done:v3', 'g42:pass:m37')
>>> spec_of(Done).build(Words("done", ("v3",), game=42), None)
Done(version=3)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from service.commands import Actor, Command
from service.errors import BadArguments
from service.i18n import DEFAULT_LANGUAGE, joined, t
from service.views import split_token

#: a handler: ``async def handler(unit, command) -> result``. Each handler types its unit of work
#: itself; the registry imports nothing of it, so that what the unit imports may declare options
Run = Callable[[Any, Any], Awaitable[Any]]
F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


class Who(enum.StrEnum):
    """Who may send a command (the service enforces it; this is for help and the platforms)."""

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
    VERSION = "version"  # ``v3``: the marking version a ``done`` button accepts
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


class OptionKind(enum.StrEnum):
    """The type of a ``key=value`` option (Discord's slash option type follows it)."""

    INT = "int"
    FLOAT = "float"
    STR = "str"
    YES_NO = "yes_no"  # two choices: the first means yes (``on``/``true`` too), the second no


@dataclass(frozen=True, slots=True)
class Option:
    """One ``key=value`` option: its type and its fixed choices (empty: free), and ``names``, the
    catalogue prefix of the choices' translated names (``color`` → ``color.black``; None: each
    choice is shown as it is written). ``aliases``: other keys read as this one (``colour=`` for
    ``color=``; help, the slash commands and the documents show only ``name``). ``help``: the
    catalogue key of the line ``help <command>`` shows for it (None: none). The service reads
    values with :meth:`choice`, :meth:`yes` and :meth:`integer`, so the words it accepts are
    the ones the slash commands offer."""

    name: str
    kind: OptionKind = OptionKind.STR
    choices: tuple[str, ...] = ()
    names: str | None = None
    aliases: tuple[str, ...] = ()
    help: str | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key it is read by: its name, then its aliases."""
        return (self.name, *self.aliases)

    def choice(self, value: str) -> str:
        """``value`` when it is one of the choices, else the error that lists them."""
        if self.choices and value not in self.choices:
            choices = "|".join(self.choices)
            raise BadArguments(
                t("error.option_choice", key=self.name, value=value, choices=choices)
            )
        return value

    def yes(self, value: str) -> bool:
        """A yes/no option's value: the first choice (or ``on``, ``true``) is yes, the second
        (or ``off``, ``false``) no."""
        yes, no = self.choices
        if value in (yes, "on", "true"):
            return True
        if value in (no, "off", "false"):
            return False
        raise BadArguments(
            t("error.option_choice", key=self.name, value=value, choices=f"{yes}|{no}")
        )

    def integer(self, value: str) -> int:
        """A whole number of at most three digits (the range is the caller's to check)."""
        if not re.fullmatch(r"\d{1,3}", value):
            raise BadArguments(t("error.option_number", key=self.name, value=value))
        return int(value)


def option_key(options: Sequence[Option], key: str) -> str | None:
    """The name of the option of ``options`` that ``key`` means, in any letter case and by any
    of its aliases (``Colour`` → ``color``); None for a key none of them is read by.

    >>> option_key((Option("color", aliases=("colour",)),), "Colour")
    'color'
    """
    lowered = key.lower()
    return next((o.name for o in options if lowered in o.keys), None)


def options_named(options: Sequence[Option], given: Mapping[str, str]) -> dict[str, str]:
    """``given`` by the options' own names (an alias read as its option's name: ``colour=`` is
    ``color=``) with its values in lower case, after refusing a key that is none of
    ``options`` and an option given twice (``color=black colour=white``)."""
    named: dict[str, str] = {}
    for key, value in given.items():
        name = option_key(options, key)
        if name is None:
            known = ", ".join(o.name for o in options)
            raise BadArguments(t("error.option_unknown", key=key.lower(), known=known))
        if name in named:
            raise BadArguments(t("grammar.option_twice", key=name))
        named[name] = value.strip().lower()
    return named


class Style(enum.StrEnum):
    """How a command's button looks (Discord's button styles)."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


class Group(enum.StrEnum):
    """Discord's slash group of a command: ``/go`` or club play's ``/club`` (a group holds at
    most 25 subcommands)."""

    GO = "go"
    CLUB = "club"
    STUDY = "study"  # learning: the lessons and the problems


@dataclass(frozen=True, slots=True)
class Words:
    """A parsed line: the command's canonical name, its arguments, options (by their own names:
    ``colour=`` is ``color``), game number and the mentioned user (``@bob``, resolved by the
    adapter). ``named``: the user was written without the ``@`` (``rating bob``): a name that
    means a user only when exactly one user by that name is known where the line was sent
    (:func:`bot.grammar.mentioned`)."""

    name: str
    args: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    game: int | None = None
    mention: str | None = None
    named: bool = False

    @property
    def first(self) -> str | None:
        """The first argument in lower case (a word such as ``yes``, ``v3``, ``m37``)."""
        return self.args[0].lower() if self.args else None

    def number(self) -> int | None:
        """``v3`` / ``m37`` / ``3`` → 3; None without an argument (the grammar checked it)."""
        return None if self.first is None else int(self.first.lstrip("vm"))

    def yes(self, yes: str) -> bool | None:
        """None without an argument, else whether it is ``yes`` (the grammar checked it)."""
        return None if self.first is None else self.first == yes


Build = Callable[[Words, Actor | None], Any]
Prepare = Callable[[Any, Any], Awaitable[Callable[[], Awaitable[object]] | None]]


@dataclass(frozen=True, slots=True)
class Handler:
    """How one command type runs: ``async def run(unit, command) -> result``; a write runs in a
    unit of work that commits (retried on conflicts), a read in one that never writes."""

    run: Run
    writes: bool = True
    #: counted against the sender's command budget (:mod:`service.limits`); False for what the
    #: platforms and the scheduler ask on their own
    limited: bool = True
    #: slow work a write needs, done before its transaction: ``prepare(unit, command)`` runs in a
    #: read and returns the work (a coroutine function), which runs outside any unit of work;
    #: the write then finds its result where the work left it (``learn``'s readings)
    prepare: Prepare | None = None


def placeholder(arg: Arg) -> str:
    """``<point>`` as help writes an argument, said in the reader's language (``‹bod›``,
    ``‹pont›``); a mention is ``@user`` (``@hráč``, ``@játékos``). Every argument has its word
    in the catalogue (``help.arg.<name>``): a test keeps it so."""
    if arg.kind is ArgKind.MENTION:
        return joined("", ("@", t("help.arg.user")))
    return t("help.placeholder", name=t(f"help.arg.{arg.name}"))


@dataclass(frozen=True, slots=True, eq=False)
class Spec:
    """One command type. Without a ``name`` it is no command people send (the bot's own, the
    platforms'): only its handler matters. A spec is the registry's entry: equal only to
    itself."""

    command: type[Any]
    handler: Handler | None
    name: str = ""
    build: Build | None = None
    who: Who = Who.ANYONE
    args: tuple[Arg, ...] = ()
    options: tuple[Option, ...] = ()
    #: other English words for it; ``local``: per language code, the words of that language
    #: (in the letters every platform allows in a command: Telegram's a-z)
    aliases: tuple[str, ...] = ()
    local: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    game: bool = True  # takes a ``#12`` game number
    #: what the adapters do around the command:
    #: ``home`` — the chat it is sent in becomes the game's home (written with it) and the answer
    #: is public; ``starts`` — it starts a game, which gets its own place (a Discord thread) and
    #: keeps the taker's links; ``fresh`` — the board is shown anew at the bottom of the chat
    home: bool = False
    starts: bool = False
    fresh: bool = False
    style: Style = Style.SECONDARY
    group: Group = Group.GO
    #: which lines of it only organisers may send, beyond ``who`` (``settings channel``)
    organiser: Callable[[Words], bool] | None = None
    #: anyone may send it, but what it does depends on whether the sender organises here
    #: (``whoami`` says so; ``decline`` lets an organiser remove anyone's challenge): the
    #: adapters ask their platform as they do for an organiser's command
    asks_organiser: bool = False

    @property
    def every_alias(self) -> tuple[str, ...]:
        """The English aliases, then each language's (every word it is read by)."""
        return (*self.aliases, *(a for words in self.local.values() for a in words))

    def aliases_in(self, code: str) -> tuple[str, ...]:
        """The other words for it a reader of ``code`` is shown: English readers the English
        ones, others their own language's (a Czech reader never meets ``passz``)."""
        return self.aliases if code == DEFAULT_LANGUAGE else tuple(self.local.get(code, ()))

    @property
    def typed_args(self) -> tuple[Arg, ...]:
        """The arguments people type; buttons may add more (the move number of their board)."""
        return tuple(a for a in self.args if a.kind is not ArgKind.MOVE)

    @property
    def option_names(self) -> tuple[str, ...]:
        """The keys of its ``key=value`` options (their own names, not their aliases)."""
        return tuple(o.name for o in self.options)

    def option_key(self, key: str) -> str | None:
        """The name of its option that ``key`` means (any letter case, an alias too), or None."""
        return option_key(self.options, key)

    @property
    def mention(self) -> Arg | None:
        """Its user argument (``@bob``), if it has one: such a command also reads a user's
        name written without the ``@`` (``rating bob``), resolved by the adapter
        (:func:`bot.grammar.mentioned`)."""
        return next((a for a in self.args if a.kind is ArgKind.MENTION), None)

    def option(self, name: str) -> Option:
        """The option ``name``."""
        return next(o for o in self.options if o.name == name)

    @property
    def help(self) -> str:
        """The translated help line."""
        return t(f"help.cmd.{self.name}")

    def usage(self) -> str:
        """``play <point> [#game]`` (the placeholders said in the reader's language: ``<bod>``)."""
        words: list[str] = [self.name]
        for arg in self.typed_args:
            shown = placeholder(arg)
            if arg.repeat:
                shown = joined("", (shown, " …"))
            if arg.choices:
                shown = "|".join(arg.choices)
            words.append(shown if arg.required else joined("", ("[", shown, "]")))
        words += [f"[{o}=…]" for o in self.option_names]
        if self.game:
            words.append(joined("", ("[#", t("help.arg.game"), "]")))
        return joined(" ", words)

    def needs_organiser(self, words: Words) -> bool:
        """Whether the parsed line is one only organisers may send (the adapters then ask their
        platform who organises; the service decides)."""
        return self.who is Who.ORGANISER or (self.organiser is not None and self.organiser(words))

    def token(self, game_id: int, **values: str | int) -> str:
        """The token of a button sending this command about game ``game_id``, its arguments
        named as declared: ``token(42, version=3)`` → ``g42:done:v3``, ``move=37`` → ``m37``.
        The format never changes: buttons on old messages keep working."""
        if not self.name or not self.game:
            raise ValueError(f"{self.command.__name__} has no button")
        unknown = set(values) - {a.name for a in self.args}
        if unknown:
            raise ValueError(f"{self.name} has no argument {sorted(unknown)}")
        parts = [f"g{game_id}", self.name]
        for arg in self.args:
            if arg.name not in values:
                continue
            value = values[arg.name]
            if arg.kind is ArgKind.MOVE:
                parts.append(f"m{int(value)}")
            elif arg.kind is ArgKind.VERSION:
                parts.append(f"v{int(value)}")
            elif arg.choices and value not in arg.choices:
                raise ValueError(f"{self.name} {arg.name}: {value!r} is none of {arg.choices}")
            else:
                parts.append(str(value))
        return ":".join(parts)


# -- the registry ---------------------------------------------------------------------------------

_SPECS: dict[type[Any], Spec] = {}  # in registration order: help, menus and groups follow it
_WORDS: dict[str, Spec] = {}  # names and aliases


def register(spec: Spec) -> Spec:
    """Add ``spec`` (one per command type; a name or alias is taken once)."""
    if spec.command in _SPECS:
        raise ValueError(f"{spec.command.__name__} is registered twice")
    words = (spec.name, *spec.every_alias) if spec.name else ()
    for word in words:
        if word in _WORDS:
            raise ValueError(f"the command word {word!r} is taken")
        if not re.fullmatch(r"[a-z]+", word):
            raise ValueError(f"{word!r}: Telegram allows only a-z in a command")
    _SPECS[spec.command] = spec
    _WORDS.update(dict.fromkeys(words, spec))
    return spec


def unregister(kind: type[Any]) -> None:
    """Remove the command type ``kind`` and its words (tests that register a command of their
    own)."""
    spec = _SPECS.pop(kind)
    for word, named in list(_WORDS.items()):
        if named is spec:
            del _WORDS[word]


def command(
    kind: type[Command[Any]],
    name: str = "",
    *,
    build: Build | None = None,
    writes: bool = True,
    limited: bool = True,
    who: Who = Who.ANYONE,
    args: tuple[Arg, ...] = (),
    options: tuple[Option, ...] = (),
    aliases: tuple[str, ...] = (),
    local: Mapping[str, tuple[str, ...]] | None = None,
    game: bool = True,
    home: bool = False,
    starts: bool = False,
    fresh: bool = False,
    style: Style = Style.SECONDARY,
    group: Group = Group.GO,
    organiser: Callable[[Words], bool] | None = None,
    asks_organiser: bool = False,
    prepare: Prepare | None = None,
) -> Callable[[F], F]:
    """Register the decorated function as the handler of ``kind``, with the command's words
    when people send it (``name``). ``build`` makes the value from a parsed line; by default
    ``kind()``, for a command without arguments."""

    def registered(run: F) -> F:
        made = build if build is not None or not name else (lambda _w, _u: kind())
        register(
            Spec(
                kind,
                Handler(run, writes, limited, prepare),
                name,
                made,
                who,
                args,
                options,
                aliases,
                dict(local or {}),
                game,
                home,
                starts,
                fresh,
                style,
                group,
                organiser,
                asks_organiser,
            )
        )
        return run

    return registered


def spec_of(kind: type[Any]) -> Spec:
    """The spec of the command type ``kind``."""
    return _SPECS[kind]


def handler_of(command: Command[Any]) -> Handler:
    """The handler of ``command``'s type (every command type has exactly one)."""
    handler = _SPECS[type(command)].handler
    assert handler is not None, f"{type(command).__name__} is answered by the adapters"
    return handler


def token(kind: type[Any], game_id: int, **values: str | int) -> str:
    """The token of a button sending a ``kind`` command about ``game_id`` (:meth:`Spec.token`):
    ``token(Pass, 42, move=37)`` → ``g42:pass:m37``."""
    return _SPECS[kind].token(game_id, **values)


def of_token(text: str) -> tuple[Spec, int, tuple[str, ...]] | None:
    """The spec, game and arguments of a button token (None: no command's token)."""
    parts = split_token(text)
    spec = _WORDS.get(parts[1]) if parts is not None else None
    if parts is None or spec is None or not spec.game:
        return None
    return spec, parts[0], parts[2]


class _Handlers(Mapping[type[Any], Handler]):
    """Every command type's handler, as registered (a live view)."""

    def __getitem__(self, kind: type[Any]) -> Handler:
        handler = _SPECS[kind].handler
        if handler is None:
            raise KeyError(kind)
        return handler

    def __iter__(self) -> Iterator[type[Any]]:
        return (kind for kind, spec in _SPECS.items() if spec.handler is not None)

    def __len__(self) -> int:
        return sum(1 for spec in _SPECS.values() if spec.handler is not None)


class _Typed(Sequence[Spec]):
    """The commands people send, in registration order (a live view)."""

    def _all(self) -> list[Spec]:
        return [spec for spec in _SPECS.values() if spec.name]

    @overload
    def __getitem__(self, index: int) -> Spec: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Spec]: ...

    def __getitem__(self, index: int | slice) -> Spec | Sequence[Spec]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Spec]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


HANDLERS: Mapping[type[Any], Handler] = _Handlers()
"""Every command type's handler."""
BY_NAME: Mapping[str, Spec] = _WORDS
"""The commands people send, by name and alias (the registry's own table, read only)."""
COMMANDS: Sequence[Spec] = _Typed()
"""The commands people send, in registration order (help, menus and slash groups follow it)."""


def needs_organiser(words: Words) -> bool:
    """Whether the parsed line is one only organisers may send."""
    return BY_NAME[words.name].needs_organiser(words)
