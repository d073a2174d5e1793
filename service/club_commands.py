"""The commands of club play (values, like :mod:`service.commands`): ratings, the leaderboard,
history, leagues and linked accounts.

>>> League(LeagueAction.JOIN, "autumn").action.value
'join'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from service.commands import Actor, Command
from service.pages import GamePage, GameRecord, GameWatch, LeaguePage, PlayerPage
from service.views import View


@dataclass(frozen=True, slots=True)
class ShowRating(Command[View]):
    """A person's rating, rank, games and last results (the sender's when ``user`` is None)."""

    user: Actor | None = None


@dataclass(frozen=True, slots=True)
class Leaderboard(Command[View]):
    """The community's players by rating (the first ``size``)."""

    size: int | None = None


@dataclass(frozen=True, slots=True)
class History(Command[View]):
    """A person's finished games, the last first (the sender's when ``user`` is None)."""

    user: Actor | None = None


class LeagueAction(enum.StrEnum):
    """What ``league`` does."""

    CREATE = "create"
    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    PAIR = "pair"
    ROUND = "round"
    STANDINGS = "standings"
    LIST = "list"
    END = "end"
    PUBLISH = "publish"  # its pages on the web, at an unguessable address
    UNPUBLISH = "unpublish"  # off the web again: the address stops working


ORGANISER_ACTIONS = frozenset(
    {
        LeagueAction.CREATE,
        LeagueAction.START,
        LeagueAction.PAIR,
        LeagueAction.END,
        LeagueAction.PUBLISH,
        LeagueAction.UNPUBLISH,
    }
)
"""The league actions only organisers may take."""


@dataclass(frozen=True, slots=True)
class League(Command[View]):
    """A league of the community: ``name`` (every action but ``list``), ``extra`` (``pair``'s
    ``force``, ``round``'s number) and ``create``'s ``key=value`` settings."""

    action: LeagueAction
    name: str | None = None
    extra: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)


READ_ACTIONS = frozenset({LeagueAction.ROUND, LeagueAction.STANDINGS, LeagueAction.LIST})
"""The league actions that only read (:class:`LeagueInfo`)."""


@dataclass(frozen=True, slots=True)
class LeagueInfo(Command[View]):
    """A read about the community's leagues: ``round`` (``extra``: its number), ``standings``
    or ``list``."""

    action: LeagueAction
    name: str | None = None
    extra: str | None = None


def league_command(
    action: LeagueAction,
    name: str | None = None,
    extra: str | None = None,
    options: Mapping[str, str] | None = None,
) -> League | LeagueInfo:
    """The command value of a ``league`` line: a read for ``round``, ``standings`` and ``list``
    (options are for ``create`` only)."""
    if action in READ_ACTIONS:
        return LeagueInfo(action, name, extra)
    return League(action, name, extra, dict(options or {}))


@dataclass(frozen=True, slots=True)
class LinkAccount(Command[View]):
    """Without ``code``: a one-time code for linking this account with another platform's;
    with it: join this account with the one that asked for the code (one person)."""

    code: str | None = None


@dataclass(frozen=True, slots=True)
class Unlink(Command[View]):
    """Separate this account from the person it is linked into (games stay where they are)."""


@dataclass(frozen=True, slots=True)
class WhoAmI(Command[View]):
    """The sender's id on their platform, the ``ORGANISERS`` entry for them, their linked
    accounts and whether they organise where they asked (docs/deploy.md sends organisers here)."""


# -- the web's pages of a published league (issue 26): reads with no words in the chat -----------


@dataclass(frozen=True, slots=True)
class LeagueStamp(Command[str]):
    """What the page of the league published under ``token`` depends on, as a short text that
    changes when the page would (its members, rounds, byes, and each game's state and result;
    not the moves of games being played): the web keeps a rendered page until it changes."""

    token: str


@dataclass(frozen=True, slots=True)
class GameStamp(Command[str]):
    """What the page of a game of the league published under ``token`` depends on, as a short
    text (the league's and the game's versions, the players' names), ending in ``:finished`` once
    the game is over: the web keeps a finished game's rendered pages until it changes."""

    token: str
    game: int


@dataclass(frozen=True, slots=True)
class ShowLeaguePage(Command[LeaguePage]):
    """The page of the league published under ``token``."""

    token: str


@dataclass(frozen=True, slots=True)
class ShowGamePage(Command[GamePage]):
    """A game of the league published under ``token``, at move ``move`` (None: the latest)."""

    token: str
    game: int
    move: int | None = None


@dataclass(frozen=True, slots=True)
class ShowPlayerPage(Command[PlayerPage]):
    """The player ``number`` (their place in the league's joining order, from 1)."""

    token: str
    number: int


@dataclass(frozen=True, slots=True)
class ShowGameRecord(Command[GameRecord]):
    """A game's SGF record, for the league published under ``token``."""

    token: str
    game: int


@dataclass(frozen=True, slots=True)
class WatchGame(Command[GameWatch]):
    """Whether a game of the league published under ``token`` can still change."""

    token: str
    game: int
