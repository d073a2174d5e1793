"""Commands are values: one frozen dataclass per command, built by the grammar (``bot.grammar``)
from text, buttons and slash options, and a :class:`Request` saying who sends it, where, about
which game, under which platform update id. ``GameService.execute(command, request)`` runs the
one handler the registry (:mod:`service.registry`) names for the command's type.

>>> Play("D4"), Request(Actor("console:alice", "alice"), game=3).game
(Play(point='D4', at_move=None), 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.coords import Point
from service.views import View

R_co = TypeVar("R_co", covariant=True)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who sends a command: a per-platform id (``telegram:456``) and a display name."""

    id: str
    name: str
    language: str | None = None


SYSTEM = Actor("system:bot", "bot")
"""Who sends the bot's own commands: the clock scheduler's settling, the bot's proposals."""


@dataclass(frozen=True, slots=True)
class Request:
    """Who sends a command, from where (``telegram:-100123``, ``console``), about which game (a
    ``#12``, the game of a thread or of a replied-to board), the platform's update id (a
    redelivered update is answered once), and links the adapter knows before the command runs
    (``telegram:home`` → the chat), written with the command's game in the same unit of work.

    ``community`` is where leaderboards and leagues belong (a Discord server, a Telegram group;
    empty: the channel itself); ``organiser`` is the platform's word that the actor organises
    it (Discord's Manage Server permission or role, a Telegram group's administrators);
    ``locale`` is the community's language as the platform states it (a Discord server's
    preferred locale), used when neither the person nor the channel chose one."""

    actor: Actor
    channel: str = ""
    game: int | None = None
    update_id: str | None = None
    links: tuple[tuple[str, str], ...] = ()
    community: str = ""
    organiser: bool = False
    locale: str | None = None  # the community's own locale (a Discord server's), for languages
    #: the channel whose settings apply, when not ``channel`` itself (a Discord thread's parent)
    room: str = ""

    @property
    def settings_channel(self) -> str:
        """The channel whose ``settings channel`` apply here."""
        return self.room or self.channel


class Command(Generic[R_co]):
    """A command value; ``R_co`` is what executing it returns (most commands: a :class:`View`)."""

    __slots__ = ()


# -- challenges ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Challenge(Command[View]):
    """Propose a game to ``opponent`` (None: an open challenge) with ``key=value`` options."""

    opponent: Actor | None = None
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Accept(Command[View]):
    """Take a challenge (the one named, else the only one addressed to the sender)."""


@dataclass(frozen=True, slots=True)
class Decline(Command[View]):
    """Refuse a challenge, or withdraw one's own."""


@dataclass(frozen=True, slots=True)
class Computer(Command[View]):
    """Start a game against the computer: ``size``, ``level``, ``color``, ``komi``, ..."""

    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Configure(Command[View]):
    """``settings``: show the reader's settings and where each comes from; with ``values``
    (``language=cs``) change the person's, or with ``channel`` the channel's (organisers)."""

    values: Mapping[str, str] = field(default_factory=dict)
    channel: bool = False


# -- playing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Command[View]):
    """A stone on ``point`` (a vertex as typed, e.g. ``D4``; checked against the board).
    ``at_move``: the move number of the position the move was chosen on (the computer's answer);
    refused when the game has moved on since."""

    point: str
    at_move: int | None = None


@dataclass(frozen=True, slots=True)
class Pass(Command[View]):
    """A pass; ``at_move`` (from a button) refuses a pass pressed on an older board."""

    at_move: int | None = None


@dataclass(frozen=True, slots=True)
class Resign(Command[View]):
    """Resign (Art. 11); without ``confirm`` the answer asks for confirmation."""

    confirm: bool = False


@dataclass(frozen=True, slots=True)
class Undo(Command[View]):
    """Ask to take back one's last move (``answer`` None) or answer the opponent's request."""

    answer: bool | None = None


# -- the confirmation phase (Art. 9.2) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dead(Command[View]):
    """Toggle life and death of the groups containing ``points``."""

    points: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Done(Command[View]):
    """Accept the marking ``version`` (the current one when None)."""

    version: int | None = None


@dataclass(frozen=True, slots=True)
class Resume(Command[View]):
    """Back to play (Art. 9.3)."""


@dataclass(frozen=True, slots=True)
class FillDame(Command[View]):
    """Propose (or agree to) filling the neutral points (commentary 9.2.2)."""


@dataclass(frozen=True, slots=True)
class Try(Command[View]):
    """Play a hypothetical sequence (points and ``pass``, after an optional ``B`` or ``W``: who
    plays first) on a copy of the stopped position under the confirmation ko rule (Art. 7.2);
    both players see the result, the game is unchanged."""

    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EstimateScore(Command[View]):
    """Who leads and by how much, by the bot's own estimator (a read: nothing changes): free in
    unrated games, in rated and league games after the stop (or where an organiser allows it)."""


@dataclass(frozen=True, slots=True)
class NoResult(Command[View]):
    """Propose (or agree to) no result after a repetition (Art. 12)."""


# -- organisers and clocks ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Adjudicate(Command[View]):
    """An organiser's result: ``B+3.5``, ``W+R``, ``jigo``, ``void``, ..."""

    result: str


@dataclass(frozen=True, slots=True)
class Vacation(Command[View]):
    """Start (``on``) or end (``on=False``) a vacation, or show its state (None)."""

    on: bool | None = None


@dataclass(frozen=True, slots=True)
class Propose(Command["View | None"]):
    """The bot's proposal of dead stones, worked out after the stop outside any transaction
    (:mod:`service.judging`), written as marking ``version`` of the game at move ``at_move``;
    dropped (None) when a player resumed or changed the marking first."""

    game_id: int
    version: int
    at_move: int
    dead: tuple[Point, ...]
    unsettled: tuple[Point, ...] = ()
    disputed: tuple[tuple[Point, ...], ...] = ()
    judges: tuple[str, ...] = ()


# -- reads: they never write -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShowBoard(Command[View]):
    """The current board (the counting view in the confirmation phase)."""


@dataclass(frozen=True, slots=True)
class Games(Command[View]):
    """The sender's games, challenges and open challenges."""


@dataclass(frozen=True, slots=True)
class Sgf(Command[View]):
    """The game record as an SGF file."""


@dataclass(frozen=True, slots=True)
class Rules(Command[View]):
    """The rules in short (Japanese Rules of Go, 1989): the topics (``topic`` None), or one
    topic's explanation with its articles and a diagram. About no game, for anyone."""

    topic: str | None = None


@dataclass(frozen=True, slots=True)
class LegalPoints(Command[list[str]]):
    """The points the sender may play now (Discord autocomplete); empty when not their move."""


AnyCommand = Command[Any]
