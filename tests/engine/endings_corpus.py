"""Loader and measure for the messy engine end positions in ``tests/data/engine_endings/``.

Each file is a GNU Go self-play game that ended at two passes (``bench/make_endings.py``; see the
folder's README). Its root comment carries the reference: a line ``Dead: A1 B2 …`` with GNU Go's
``final_status_list dead`` (level 10, Japanese rules), and ``RE`` is that proposal counted by our
own counter (:func:`counted`: the agreed fill, then :func:`engine.counting.count` with the komi and
the prisoners taken in play). A proposal is measured by counting it the same way and comparing the
result with ``RE``: the same winner and margin (*reproduced*), or another winner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bot.replay import replay_record
from engine.board import Board
from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.counting import Count, count, dead_chains
from engine.filling import plan_fill
from engine.result import GameResult
from records.sgf import load_sgf

CORPUS_DIR = Path(__file__).resolve().parent.parent / "data" / "engine_endings"
DEAD_LINE = "Dead:"


@dataclass(frozen=True)
class Ending:
    """One end position with its reference."""

    name: str
    board: Board  # the final position, with the prisoners taken in play
    komi: float
    result: GameResult  # the reference result (the record's RE)
    dead: frozenset[Point]  # the reference dead stones (whole chains)

    @property
    def size(self) -> int:
        return self.board.size

    @property
    def prisoners(self) -> dict[Color, int]:
        """Stones each colour captured in play."""
        return dict(self.board.prisoners)


def counted(board: Board, dead: Iterable[Point], komi: float) -> Count:
    """``board`` counted with ``dead`` as ``gobot score --fill-dame`` counts it: the agreed fill
    of the neutral points, then Art. 8/10 with the prisoners taken in play and ``komi``."""
    work = board.copy()
    dead_set = frozenset(dead)
    for color, point in plan_fill(work, dead_set).stones:
        work.play(color, point)
    return count(work, dead_set, komi=komi)


def winner_sign(result: GameResult) -> int:
    """+1 Black wins, -1 White wins, 0 neither (jigo)."""
    if result.winner is None:
        return 0
    return 1 if result.winner is Color.BLACK else -1


def load_ending(path: Path) -> Ending:
    record = load_sgf(path)
    if record.result is None or record.comment is None:
        raise ValueError(f"{path.name}: no RE or no root comment")
    lines = [t for t in record.comment.splitlines() if t.startswith(DEAD_LINE)]
    if len(lines) != 1:
        raise ValueError(f"{path.name}: the root comment has no single {DEAD_LINE!r} line")
    game = replay_record(record)
    board = game.board.copy()
    named = [parse_vertex(v, board.size) for v in lines[0].removeprefix(DEAD_LINE).split()]
    dead = frozenset(dead_chains(board.size, dict(board.stones()), named))
    return Ending(path.stem, board, record.komi, GameResult.from_sgf(record.result), dead)


def load_endings(directory: Path = CORPUS_DIR) -> list[Ending]:
    """Every ``*.sgf`` of ``directory``, sorted by file name."""
    return [load_ending(p) for p in sorted(directory.glob("*.sgf"))]


@dataclass(frozen=True)
class Outcome:
    """A proposal counted against the reference."""

    result: GameResult

    reference: GameResult

    @property
    def reproduced(self) -> bool:
        return self.result.sgf == self.reference.sgf

    @property
    def wrong_winner(self) -> bool:
        return winner_sign(self.result) != winner_sign(self.reference)


def outcome(ending: Ending, dead: Iterable[Point]) -> Outcome:
    """Count ``dead`` on ``ending`` the way the reference was counted."""
    return Outcome(counted(ending.board, dead, ending.komi).result, ending.result)
