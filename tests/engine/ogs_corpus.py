"""Loader and measure for the OGS autoscore corpus in ``tests/data/ogs_autoscore/``.

Rows in the JSON files are listed from the top of the board; :class:`engine.Point` counts rows from
the bottom, so JSON row ``i`` is board row ``size - 1 - i``. See the corpus README for the fields.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from engine.board import Board
from engine.colors import Color
from engine.coords import Point

CORPUS_DIR = Path(__file__).resolve().parent.parent / "data" / "ogs_autoscore"

_BLACK = frozenset("bB")
_WHITE = frozenset("wW")
_ANY = frozenset("*s")


@dataclass(frozen=True)
class Position:
    """One corpus position with its answer."""

    name: str
    board: Board
    judged: frozenset[Point]  # stones whose status the answer fixes
    dead: frozenset[Point]  # judged stones that should be proposed dead
    on_dame: frozenset[Point] = frozenset()  # judged stones on a dame (' ') cell: alive


@dataclass(frozen=True)
class Score:
    """How a proposal of dead stones compares with the answer."""

    judged: int
    wrong: frozenset[Point]

    @property
    def right(self) -> bool:
        return not self.wrong


def load_position(path: Path) -> Position:
    data = json.loads(path.read_text(encoding="utf-8"))
    rows: list[str] = data["board"]
    owners: list[str] = data["correct_ownership"]
    size = len(rows)
    board = Board(size)
    judged: set[Point] = set()
    dead: set[Point] = set()
    on_dame: set[Point] = set()
    for i, (line, answer) in enumerate(zip(rows, owners, strict=True)):
        row = size - 1 - i
        for col in range(size):
            char = line[col] if col < len(line) else " "
            if char in _BLACK:
                color = Color.BLACK
            elif char in _WHITE:
                color = Color.WHITE
            else:
                continue
            point = Point(row, col)
            board.place_setup(color, point)
            owner = answer[col] if col < len(answer) else " "
            if owner in _ANY:
                continue
            judged.add(point)
            if owner == color.opponent.letter:
                dead.add(point)
            elif owner != color.letter:
                on_dame.add(point)
    return Position(path.stem, board, frozenset(judged), frozenset(dead), frozenset(on_dame))


def load_corpus(directory: Path = CORPUS_DIR) -> list[Position]:
    """Every ``*.json`` position of ``directory``, sorted by file name."""
    return [load_position(p) for p in sorted(directory.glob("*.json"))]


def score(position: Position, proposed: Iterable[Point], *, dame_dead: bool = False) -> Score:
    """Compare ``proposed`` dead stones with the answer, on the judged stones only.

    A stone on a dame cell should be alive; with ``dame_dead`` it should be dead instead (every
    stone not on its own colour's cell is dead: the stricter reading of the answer)."""
    proposed_set = set(proposed)
    dead = position.dead | position.on_dame if dame_dead else position.dead
    wrong = frozenset(p for p in position.judged if (p in proposed_set) != (p in dead))
    return Score(len(position.judged), wrong)
