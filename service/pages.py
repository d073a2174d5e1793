"""What the web's pages show of a published league (issue 26): values, as views are for the chat
adapters. Every name in them is a display name (never a platform id) and every player is
addressed by their number in the league (their place in its joining order, from 1); texts are
:class:`~service.i18n.Text` data that the web adapter says in its reader's language."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.colors import Color
from service.views import BoardView


class Outcome(enum.StrEnum):
    """A game as one of its players sees it, in the crosstable and on a player's page."""

    WIN = "win"
    LOSS = "loss"
    JIGO = "jigo"
    VOID = "void"  # no result: void, both lose
    PLAYING = "playing"


class Progress(enum.StrEnum):
    """Where a league game is (the rounds' list and the game page)."""

    PLAYING = "playing"
    COUNTING = "counting"  # stopped: the players agree on dead stones (Art. 9.2)
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class LeagueHead:
    """What every page of a league says of it: its name, state and progress."""

    token: str
    name: str
    status: str  # entry, running, ended
    status_text: str
    system: str  # roundrobin, swiss, mcmahon
    system_text: str
    round: int
    rounds: int


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings: ``shared`` when others have the same place."""

    place: int
    shared: bool
    number: int  # the player's number in the league (their page)
    name: str
    wins: float
    mms: float | None  # McMahon only
    sos: float
    sodos: float
    played: int
    left: int
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class Cell:
    """One crosstable cell: the row player's games against the column player."""

    games: tuple[tuple[int, Outcome], ...] = ()


@dataclass(frozen=True, slots=True)
class GameLine:
    """A league game in a list (a round, a player's games)."""

    id: int
    round: int
    black: str
    white: str
    black_number: int | None
    white_number: int | None
    state: Progress
    result: str | None  # SGF RE: ``B+3.5``, ``W+R``, ``0``, ``Void``
    result_text: str | None  # ``B+3.5 — Black wins by 3.5 points``


@dataclass(frozen=True, slots=True)
class RoundLines:
    """One round: its games and who had a bye."""

    number: int
    games: tuple[GameLine, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LeaguePage:
    """The league's page: standings in place order, the crosstable (same order), the rounds."""

    league: LeagueHead
    standings: tuple[StandingRow, ...]
    crosstable: tuple[tuple[Cell, ...], ...]  # [row][column], both in standings order
    rounds: tuple[RoundLines, ...]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A rated game's change of the player's rating."""

    game_id: int
    at: float
    before: float
    after: float
    rank: str  # after the game, ``3k``


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """A player's page: their line of the standings, rating, rating history and league games."""

    league: LeagueHead
    number: int
    name: str
    standing: StandingRow | None
    rank: str | None  # ``3k?``; None without a rated game
    rating: float | None
    history: tuple[RatingPoint, ...]  # newest first
    games: tuple[tuple[GameLine, Outcome, Color], ...]  # with the outcome and the player's colour


@dataclass(frozen=True, slots=True)
class MoveLine:
    """A move of the list: its number, colour and point (None: a pass)."""

    number: int
    color: Color
    point: str | None


@dataclass(frozen=True, slots=True)
class GamePage:
    """A game at move ``move`` (of ``last``): the board with its caption (and, at the end of a
    counted game or while it is counted, the count), the move list and where the game is.
    ``stamp`` changes whenever the game changes (an ETag's part); ``live`` says the page shows
    the latest position of a game still going on (it updates)."""

    league: LeagueHead
    game: GameLine
    size: int
    komi: float
    handicap: int
    move: int
    last: int
    board: BoardView
    played: MoveLine | None  # the move that made this position
    to_move: Color | None
    moves: tuple[MoveLine, ...]
    tally: str | None  # the count (Art. 10) where the board shows it
    result_text: str | None
    stamp: str
    live: bool
    finished: bool


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's SGF record and its file name."""

    name: str
    data: bytes
    finished: bool
    stamp: str


@dataclass(frozen=True, slots=True)
class GameWatch:
    """Whether a game can still change (the live updates' endpoint)."""

    game_id: int
    live: bool
    stamp: str
