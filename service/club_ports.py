"""The storage port of club play: ratings and their changes, leagues, and the one-time codes that
link two accounts into one person. Part of :mod:`service.ports` (every backend implements it).

A *person* is one or more linked accounts; the person's id is the id of the account that asked
for the link code (:attr:`~service.ports.PlayerRow.person` names it on every other account).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A person's Glicko-2 rating; ``version`` 0 is a rating not stored yet (a new player)."""

    person: str
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06
    games: int = 0  # rated games that changed it
    version: int = 0
    updated_at: float = 0.0


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to one player's rating (the player is an account, so the change
    follows the account when it is linked or unlinked)."""

    game_id: int
    player: str
    before: float
    after: float
    deviation: float  # after the game
    at: float


class RatingRepository(Protocol):
    """Ratings by person, and every rated game's change."""

    async def get_many(self, persons: Sequence[str]) -> dict[str, RatingRow]:
        """The stored ratings among ``persons`` (unknown persons are left out)."""
        ...

    async def save(self, row: RatingRow) -> RatingRow:
        """Insert a rating (``version`` 0) or update it if its stored version is still
        ``row.version``; returns it with the version increased by one. Raises
        :class:`~service.ports.ConcurrentUpdate` otherwise."""
        ...

    async def delete(self, person: str) -> None:
        """Forget the person's rating (their accounts were linked into another person)."""
        ...

    async def record(self, change: RatingChange) -> None:
        """Keep one game's change; raises :class:`~service.ports.ConcurrentUpdate` when that
        game already changed that player's rating (a result is rated once)."""
        ...

    async def changes(self, players: Sequence[str], limit: int = 10) -> list[RatingChange]:
        """The latest changes of any of ``players``, newest first."""
        ...

    async def ranked(self, community: str | None = None, limit: int = 100) -> list[RatingRow]:
        """Ratings, highest first (then by person): everyone's, or (``community`` given) those of
        the persons with an account that played a rated game there."""
        ...


class LeagueStatus(enum.StrEnum):
    """Where a league is in its life."""

    ENTRY = "entry"  # members join and leave; no games yet
    RUNNING = "running"  # started: rounds are paired and played
    ENDED = "ended"  # closed by the organiser; kept for standings and history


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """One league. ``data`` (a JSON object owned by the service) holds its settings, members and
    byes; its games are games with :attr:`~service.ports.GameRow.league_id` set. ``token`` is
    the unguessable part of its public web address while it is published (None: unpublished);
    tokens are unique."""

    id: int
    community: str  # a Discord server, a Telegram group, the console
    name: str  # as created; unique per community, compared case-insensitively
    status: LeagueStatus
    organiser: str  # who created it
    channel: str  # where it was created: its games and announcements start there
    created_at: float
    updated_at: float
    round: int = 0  # the latest round paired
    version: int = 0
    data: Mapping[str, Any] = field(default_factory=dict)
    token: str | None = None


class LeagueRepository(Protocol):
    """Leagues by id and by name within their community."""

    async def add(self, league: LeagueRow) -> LeagueRow:
        """Store a new league (``id`` and ``version`` are assigned: version 1). Raises
        :class:`~service.ports.ConcurrentUpdate` when its community already has that name."""
        ...

    async def get(self, league_id: int, *, lock: bool = False) -> LeagueRow | None:
        """The league, or None. ``lock``: the unit of work is about to change it, so its row
        is held until the unit ends where the backend locks rows (PostgreSQL: ``FOR UPDATE``,
        which waits for a writer of it and then reads its committed version); writers of one
        league then take turns instead of losing races (SQLite's units of work take turns
        already)."""
        ...

    async def find(self, community: str, name: str) -> LeagueRow | None:
        """The community's league of that name (any letter case), or None."""
        ...

    async def named(self, name: str) -> list[LeagueRow]:
        """Every league of that name (any case) in any community, oldest first (the CLI)."""
        ...

    async def for_community(self, community: str) -> list[LeagueRow]:
        """The community's leagues, newest first."""
        ...

    async def unfinished(self) -> list[LeagueRow]:
        """Every league that has not ended, in any community, oldest first (a person's league
        entries, when accounts are linked or separated)."""
        ...

    async def update(self, league: LeagueRow) -> LeagueRow:
        """Save ``league`` if its stored version is still ``league.version``; return it with the
        version increased by one. Raises :class:`~service.ports.ConcurrentUpdate` otherwise (and
        when its name or its token is another league's)."""
        ...

    async def published(self, token: str) -> LeagueRow | None:
        """The league published under ``token``, or None for any other text (an unpublished
        league's old token, a stranger's guess, malformed text): it never raises for the text."""
        ...


@dataclass(frozen=True, slots=True)
class LinkCodeRow:
    """A one-time code that links the account that asked for it with the one that enters it,
    once the code's owner agrees: ``claimed_by`` is the account that entered it and waits for
    that answer."""

    code: str
    player: str
    created_at: float
    expires_at: float
    used_at: float | None = None
    claimed_by: str | None = None


class LinkCodeRepository(Protocol):
    """One-time link codes."""

    async def add(self, row: LinkCodeRow) -> None:
        """Store a new code; raises :class:`~service.ports.ConcurrentUpdate` if it exists."""
        ...

    async def get(self, code: str) -> LinkCodeRow | None:
        """The code, or None."""
        ...

    async def use(self, code: str, at: float) -> None:
        """Mark the code used; raises :class:`~service.ports.ConcurrentUpdate` when it was
        used already (two accounts racing for one code: one wins)."""
        ...

    async def made_since(self, player: str, since: float) -> int:
        """How many codes ``player`` asked for at or after ``since`` (rate limiting)."""
        ...

    async def claim(self, code: str, player: str) -> None:
        """``player`` entered the code: it waits for its owner's answer. Raises
        :class:`~service.ports.ConcurrentUpdate` when it was claimed or used already."""
        ...

    async def claims(self, player: str, now: float) -> list[LinkCodeRow]:
        """``player``'s codes that another account claimed and that wait for ``player``'s answer
        (unused, not expired at ``now``), the oldest first."""
        ...

    async def fail(self, player: str, at: float, forget_before: float) -> None:
        """Keep one wrong code entered by ``player`` at ``at``; their wrong codes older than
        ``forget_before`` are forgotten."""
        ...

    async def failures(self, player: str, since: float) -> list[float]:
        """When ``player`` entered a wrong code at or after ``since``, the earliest first."""
        ...
