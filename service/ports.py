"""The storage port the service owns: plain records and the repository / unit-of-work Protocols.

Every backend (``storage.sqlite``, ``storage.postgres``) implements :class:`Database`. The move list
(:class:`EventRow`, numbered per game) is the source of truth: a game is rebuilt by replaying it.
Exactly-once: :meth:`GameRepository.update` checks ``version`` (optimistic concurrency), events
have a unique ``(game_id, number)`` key, and :meth:`UpdateLog.claim` records platform update ids;
each conflict raises :class:`ConcurrentUpdate` and the service retries the whole command.
:class:`GameFeed` tells which games changed (the web pages' live updates); the service itself
neither needs nor makes one.
"""

from __future__ import annotations

import enum
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal, Protocol

from engine.colors import Color
from engine.coords import Point
from engine.game import Game
from service.club_ports import LeagueRepository, LinkCodeRepository, RatingRepository


class Resignation(enum.Enum):
    """The computer opponent's answer when it resigns the game (a value, not an error)."""

    RESIGN = "resign"


RESIGN = Resignation.RESIGN
#: the computer's answer: a point, a pass (None) or :data:`RESIGN`
EngineMove = Point | None | Literal[Resignation.RESIGN]


class OpponentUnavailable(Exception):
    """The computer opponent cannot answer now (not installed, crashed, timed out)."""


class Opponent(Protocol):
    """A computer opponent (a GTP engine): the service asks it for moves, outside any unit of
    work, and plays them through the same commands and checks as a person's."""

    @property
    def name(self) -> str:
        """The engine's name for players, e.g. ``GNU Go``."""
        ...

    async def genmove(self, game: Game, color: Color, level: int) -> EngineMove:
        """The engine's move for ``color`` in ``game``: a point, None for a pass, or
        :data:`RESIGN`. Raises :class:`OpponentUnavailable` when it cannot answer."""
        ...


class Judge(Protocol):
    """A second opinion on the dead stones at the stop (a GTP engine's ``final_status_list
    dead``): the service asks it outside any unit of work, within a time budget."""

    @property
    def name(self) -> str:
        """The engine's name for players and logs, e.g. ``GNU Go``."""
        ...

    async def dead_stones(self, game: Game) -> frozenset[Point]:
        """The stones the engine takes for dead in ``game``'s position. Raises
        :class:`OpponentUnavailable` when it cannot answer."""
        ...


class Contended(enum.StrEnum):
    """What another unit of work changed first (:class:`ConcurrentUpdate`): the refusal after
    the retries names it (:class:`service.errors.Busy`)."""

    GAME = "game"
    LEAGUE = "league"
    RATING = "rating"
    ACCOUNT = "account"  # an account's links: its link codes
    LEARNING = "learning"  # a person's lessons and problems, a channel's problem of the day


class ConcurrentUpdate(Exception):
    """Another unit of work changed the same thing first (a game, a league, a rating, a link
    code: ``what``; None when the database said only that the transaction lost a race), or
    claimed the same update."""

    def __init__(self, message: str = "", *, what: Contended | None = None) -> None:
        super().__init__(message)
        self.what = what


class GameStatus(enum.StrEnum):
    """Where a game is in its life; the engine phase (playing/stopped) comes from the events."""

    CHALLENGE = "challenge"  # proposed, waiting for accept/decline
    DECLINED = "declined"  # refused or withdrawn; never started
    ACTIVE = "active"  # being played or in the confirmation phase (Art. 9.2)
    FINISHED = "finished"  # a final result (Art. 10.4: it never changes)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game (or challenge) as stored. ``data`` is a JSON object owned by the service."""

    id: int
    version: int
    status: GameStatus
    challenger: str  # player ids are per platform: "discord:123", "console:alice"
    challenged: str | None  # None: an open challenge anyone may take
    black: str | None
    white: str | None
    size: int
    komi: float
    handicap: int
    color: str  # the challenger's choice: "black", "white" or "nigiri"
    time_control: str  # the text form, e.g. "3d+1d", "none"
    rated: bool
    channel: str  # where the game lives (chat, thread, "console")
    created_at: float  # seconds since the epoch, UTC
    updated_at: float
    deadline: float | None = None  # next clock event (reminder or loss on time)
    result: str | None = None  # SGF RE notation once finished: "B+3.5", "W+R", "0", "Void"
    to_move: str | None = None  # the player whose move (or decision) it is
    last_event: int = 0  # the number of the latest stored event
    data: Mapping[str, Any] = field(default_factory=dict)
    finished_at: float | None = None  # when the result became final (status FINISHED)
    community: str = ""  # a Discord server, a Telegram group, the console (leaderboards)
    league_id: int | None = None  # a league's game: its league and round
    round: int | None = None


@dataclass(frozen=True, slots=True)
class EventRow:
    """One stored event of a game: ``text`` is ``B D4``, ``W pass``, ``resume B`` or
    ``fill B D4,W E5`` (the service encodes and decodes it)."""

    number: int  # 1, 2, 3 ... per game; unique together with the game id
    text: str
    at: float


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player on one platform; vacation bookkeeping is per player (correspondence clocks)."""

    id: str
    name: str
    language: str | None = None
    vacation_since: float | None = None  # on vacation since then, or None
    vacation_used: float = 0.0  # seconds of vacation used in ``vacation_year``
    vacation_year: int = 0
    data: Mapping[str, Any] = field(default_factory=dict)
    person: str | None = None  # the person this account is linked into (None: its own person)

    @property
    def person_id(self) -> str:
        """The person this account belongs to: one rating, one history, one league entry."""
        return self.person or self.id


class GameRepository(Protocol):
    """Games and their event lists."""

    async def add(self, game: GameRow) -> GameRow:
        """Store a new game; its ``id`` and ``version`` are ignored and assigned (version 1)."""
        ...

    async def get(self, game_id: int) -> GameRow | None:
        """The game with this id, or None."""
        ...

    async def update(self, game: GameRow) -> GameRow:
        """Save ``game`` if its stored version is still ``game.version``; return it with the
        version increased by one. Raises :class:`ConcurrentUpdate` otherwise."""
        ...

    async def events(self, game_id: int) -> list[EventRow]:
        """Every event of the game in number order."""
        ...

    async def append_event(self, game_id: int, event: EventRow) -> None:
        """Add one event; raises :class:`ConcurrentUpdate` if its number is taken."""
        ...

    async def delete_events_from(self, game_id: int, number: int) -> None:
        """Remove the events numbered ``number`` and later (an agreed undo)."""
        ...

    async def for_player(
        self, player: str, statuses: Sequence[GameStatus], limit: int = 100
    ) -> list[GameRow]:
        """Games where ``player`` is black, white, challenger or challenged, newest first."""
        ...

    async def finished_since(self, player: str, since: float, limit: int = 100) -> list[GameRow]:
        """Finished games where ``player`` is black or white whose ``finished_at`` is at or after
        ``since``, the last finished first (then the newest game first)."""
        ...

    async def finished_for(self, players: Sequence[str], limit: int = 100) -> list[GameRow]:
        """Finished games where any of ``players`` is black or white, the last finished first
        (then the newest game first)."""
        ...

    async def listed(self, league_id: int | None = None) -> list[GameRow]:
        """Every game (or every game of the league) that started, oldest first (the CLI)."""
        ...

    async def in_league(self, league_id: int) -> list[GameRow]:
        """The league's games, by round and id."""
        ...

    async def open_challenges(self, limit: int = 100) -> list[GameRow]:
        """Challenges with no challenged player, newest first."""
        ...

    async def waiting(self, community: str | None = None) -> int:
        """How many challenges wait for an answer (status ``challenge``): in ``community``, or
        in all (None). Cheap however many games were played (an index of the waiting ones)."""
        ...

    async def due(self, now: float, limit: int = 100) -> list[GameRow]:
        """Active games whose ``deadline`` is at or before ``now``, earliest first."""
        ...

    async def next_deadline(self) -> float | None:
        """The earliest deadline of any active game."""
        ...


class PlayerRepository(Protocol):
    """Players by platform id."""

    async def get(self, player_id: str) -> PlayerRow | None:
        """The player, or None if never seen."""
        ...

    async def get_many(self, player_ids: Sequence[str]) -> dict[str, PlayerRow]:
        """The stored players among ``player_ids`` (one query; unknown ids are left out)."""
        ...

    async def save(self, player: PlayerRow) -> None:
        """Insert or replace the player."""
        ...

    async def accounts(self, person: str) -> list[str]:
        """The ids of the person's stored accounts (the person's own id first, then by id)."""
        ...


class UpdateLog(Protocol):
    """Platform update ids already applied, so a redelivered command applies once."""

    async def claim(self, update_id: str, game_id: int | None, at: float) -> bool:
        """Record ``update_id``; False if it was recorded before (by a committed unit of work)."""
        ...


class LinkRepository(Protocol):
    """Where each game lives on each platform (a Telegram board message per chat, a Discord
    thread): ``key`` names the place, e.g. ``telegram:board:-100123``, ``value`` the message or
    thread id. Kept in storage so buttons and replies keep working after a restart."""

    async def put(self, game_id: int, key: str, value: str) -> None:
        """Set (or replace) the game's link ``key``."""
        ...

    async def for_game(self, game_id: int) -> dict[str, str]:
        """Every link of the game."""
        ...

    async def find(self, key: str, value: str) -> int | None:
        """The game whose link ``key`` is ``value`` (the newest, if several), or None."""
        ...


class SettingsRepository(Protocol):
    """What people and channels chose with ``settings`` (``person:<id>``, ``channel:<id>``)."""

    async def get_many(self, owners: Sequence[str]) -> dict[str, dict[str, str]]:
        """The settings of each owner that has some (owners without any are left out)."""
        ...

    async def put(self, owner: str, values: Mapping[str, str]) -> None:
        """Replace the settings of ``owner`` (none: forget them)."""
        ...


@dataclass(frozen=True, slots=True)
class LearnerRow:
    """One person's lessons and problems (the service owns ``data``, a JSON object)."""

    person: str  # the person id (PlayerRow.person_id: linked accounts share it)
    version: int = 0  # 0: not stored yet
    data: Mapping[str, Any] = field(default_factory=dict)
    updated_at: float = 0.0


@dataclass(frozen=True, slots=True)
class DailyRow:
    """A channel's problem of the day: when the next one is posted (``due``), and the service's
    ``data``."""

    channel: str  # where it is posted: "telegram:-100123", "discord:555", "console"
    due: float  # seconds since the epoch, UTC
    version: int = 0
    data: Mapping[str, Any] = field(default_factory=dict)


class LearningRepository(Protocol):
    """Per-person progress in lessons and problems, and each channel's problem of the day (a
    scheduler posts the due ones; versions make one process post each, once)."""

    async def learner(self, person: str) -> LearnerRow | None:
        """The person's row, or None."""
        ...

    async def learners(self, persons: Sequence[str]) -> dict[str, LearnerRow]:
        """The stored rows among ``persons`` (one query; unknown persons are left out)."""
        ...

    async def save_learner(self, row: LearnerRow) -> LearnerRow:
        """Insert (version 0; ConcurrentUpdate(what=Contended.LEARNING) if the person already
        has a row) or update where the stored version is ``row.version`` (ConcurrentUpdate
        otherwise); returns the row with version + 1."""
        ...

    async def delete_learner(self, person: str) -> None:
        """Forget the person's row (none: nothing happens)."""
        ...

    async def daily(self, channel: str) -> DailyRow | None:
        """The channel's problem of the day, or None (not switched on)."""
        ...

    async def save_daily(self, row: DailyRow) -> DailyRow:
        """Insert or update by version, as :meth:`save_learner`; returns the row with version
        + 1."""
        ...

    async def delete_daily(self, channel: str) -> None:
        """Switch the channel's problem of the day off (none: nothing happens)."""
        ...

    async def daily_due(self, now: float, limit: int = 100) -> list[DailyRow]:
        """The rows whose ``due`` is at or before ``now``, earliest first (then by channel)."""
        ...

    async def next_daily(self) -> float | None:
        """The earliest ``due`` of all rows; None when there is none."""
        ...


class UnitOfWork(Protocol):
    """One transaction: changes are kept only by :meth:`commit`; leaving without it rolls back."""

    @property
    def games(self) -> GameRepository: ...

    @property
    def players(self) -> PlayerRepository: ...

    @property
    def updates(self) -> UpdateLog: ...

    @property
    def links(self) -> LinkRepository: ...

    @property
    def ratings(self) -> RatingRepository: ...

    @property
    def leagues(self) -> LeagueRepository: ...

    @property
    def codes(self) -> LinkCodeRepository: ...

    @property
    def settings(self) -> SettingsRepository: ...

    @property
    def learning(self) -> LearningRepository: ...

    async def __aenter__(self) -> UnitOfWork: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    async def commit(self) -> None:
        """Make the changes durable; raises :class:`ConcurrentUpdate` on a write conflict."""
        ...


class Database(Protocol):
    """An opened, migrated database."""

    def unit_of_work(self) -> UnitOfWork:
        """A new unit of work (enter it with ``async with``)."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...


class GameFeed(Protocol):
    """Which games changed (a move, a pass, a count, the end), in this process or another."""

    def changes(self, game_id: int) -> AsyncIterator[None]:
        """Yields once each time the game changes after the call (bursts may coalesce into one);
        closing the iterator (or cancelling its task) stops watching."""
        ...
