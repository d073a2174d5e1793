"""What an SGF file says about one game: the :class:`GameRecord` the reader fills, its setup
nodes, and :class:`SgfError`, the one exception the reader raises."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.colors import Color
from engine.coords import Point
from engine.game import Game, Move

Change = tuple[Color | None, Point]


class SgfError(ValueError):
    """A file that cannot be read as a game; the message says where and why."""


@dataclass(frozen=True, slots=True)
class SetupNode:
    """Setup stones in the main line after the first move (SGF ``AB``/``AW``/``AE``): not a move.

    ``after`` moves were played before it; each point becomes that colour, or empty (None)."""

    after: int
    stones: tuple[Change, ...]


@dataclass
class GameRecord:
    """What an SGF file says about one game (main line only)."""

    size: int = 19
    komi: float = 0.0
    handicap: int = 0
    setup: list[tuple[Color, Point]] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    first_to_move: Color | None = None
    black_name: str | None = None
    white_name: str | None = None
    black_rank: str | None = None  # BR, as written (``5k``, ``1d?``)
    white_rank: str | None = None  # WR
    event: str | None = None  # EV
    round: str | None = None  # RO, as written
    date: str | None = None
    result: str | None = None
    rules: str | None = None
    comment: str | None = None
    move_comments: dict[int, str] = field(default_factory=dict)
    setup_nodes: list[SetupNode] = field(default_factory=list)  # in order of ``after``
    #: the territory marks (``TB``/``TW``) of the main line's last node: each colour's territory
    #: at the final count, the other colour's dead stones included (empty: no marks)
    territory: dict[Color, frozenset[Point]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # what was dropped or guessed, one line each

    def new_game(self) -> Game:
        """An engine game with this record's setup, before any move."""
        return Game(
            self.size,
            self.komi,
            0,
            tuple(self.setup),
            self.first_to_move,
        )
