"""The bot's problem set: life-and-death and tactics problems, one SGF file each, easiest first.

The files are ``service/problems/pNNN.sgf`` (``NNN`` from 001, in order of difficulty). One
problem is a restricted SGF game: a root node with the setup and the task, then the stated
answer's main line, the player's moves alternating with the opponent's best defence::

    (;GM[1]FF[4]CA[UTF-8]SZ[9]PL[B]
    AB[cc][dc]AW[cb][db]
    XG[kill]XT[cb]XR[aa:ee][ff]XL[25]
    ;B[bb];W[ea];B[ba])

- ``SZ`` the board size, ``PL`` the player (who plays for the goal), ``AB``/``AW`` the setup;
- ``XG`` the goal: ``capture`` (capture the opponent's chain at ``XT``), ``escape`` (save
  one's own chain at ``XT``), ``kill`` (the opponent's group of that chain dies), ``live``
  (one's own group of that chain lives; seki counts as life);
- ``XT`` a stone of the chain at stake; ``XR`` the points where readers may play (SGF point
  lists, ``aa:ee`` a rectangle); ``XL`` the level in kyu (30 first steps .. 10);
- the main line: at least the first move; never a ko as the answer.

Each file is checked when it is read (:func:`read_problem` raises :class:`ProblemError` with
the file and the reason); ``tests/service/test_problem_set.py`` has two readers (the engine's
and GNU Go's) confirm every stated answer.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.errors import EngineError
from engine.reading import Goal, Task
from records.record import SgfError
from records.sgf import read_main_line

PACKAGE = "service.problems"
#: the levels a problem may have, in kyu (the problem set spans 30 .. 10)
EASIEST, HARDEST = 30, 1
#: how far from a player's level :func:`for_level` looks, in kyu
NEAR = 3


class ProblemError(ValueError):
    """A problem file that cannot be used; the message names the file and the reason."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: the setup, the task, the level and the stated answer's main line."""

    number: int  # 1.. in file order (difficulty)
    name: str  # the file stem, "p001"
    size: int
    #: the setup (a read-only mapping: not hashable, so left out of == and hash, which the
    #: name and number decide)
    stones: Mapping[Point, Color] = field(compare=False)
    task: Task
    kyu: int  # 30..10
    line: tuple[Point | None, ...]  # the stated answer (None: a pass), from task.player on

    def board(self) -> Board:
        """A fresh board with the setup."""
        board = Board(self.size)
        for point, color in self.stones.items():
            board.place_setup(color, point)
        return board


def _one(node: Mapping[str, list[bytes]], key: str, name: str) -> str:
    values = node.get(key)
    if not values:
        raise ProblemError(f"{name}: the root has no {key}")
    if len(values) > 1:
        raise ProblemError(f"{name}: {key} has {len(values)} values, expected one")
    return values[0].decode("utf-8", "replace").strip()


def _point(text: str, size: int, name: str, key: str) -> Point:
    text = text.strip()
    if len(text) == 2 and text.isascii() and text.isalpha() and text.islower():
        col, row = ord(text[0]) - 97, size - 1 - (ord(text[1]) - 97)
        if 0 <= col < size and 0 <= row < size:
            return Point(row, col)
    raise ProblemError(f"{name}: {key}[{text}] is not a point on a {size}×{size} board")


def _points(values: list[bytes], size: int, name: str, key: str) -> set[Point]:
    """The points of an SGF point list (``aa:ee`` is a rectangle)."""
    found: set[Point] = set()
    for raw in values:
        first, colon, second = raw.decode("ascii", "replace").partition(":")
        a = _point(first, size, name, key)
        b = _point(second, size, name, key) if colon else a
        found.update(
            Point(r, c)
            for r in range(min(a.row, b.row), max(a.row, b.row) + 1)
            for c in range(min(a.col, b.col), max(a.col, b.col) + 1)
        )
    return found


def _number(text: str, name: str, key: str) -> int:
    if not text.isdigit():
        raise ProblemError(f"{name}: {key}[{text}] is not a whole number")
    return int(text)


def read_problem(data: bytes, name: str, number: int = 0) -> Problem:
    """Read and check one problem file (see the module docstring for the format); raises
    :class:`ProblemError` with the file's name and the reason.

    >>> data = b"(;SZ[9]PL[W]AB[ab]AW[bb][aa]XG[capture]XT[ab]XR[aa:cc]XL[30];W[ac])"
    >>> p = read_problem(data, "p0")
    >>> p.task.goal.value, p.task.target.gtp(), [m.gtp() for m in p.line if m], p.kyu
    ('capture', 'A8', ['A7'], 30)
    >>> read_problem(b"(;SZ[9]PL[B]AW[aa]XG[kill]XT[bb]XR[aa:cc]XL[20];B[ab])", "p1")
    Traceback (most recent call last):
    ...
    service.problem_set.ProblemError: p1: XT[B8] is empty; the goal kill needs a white stone there
    """
    try:
        nodes = read_main_line(data)
    except SgfError as error:
        raise ProblemError(f"{name}: {error}") from None
    root, moves = nodes[0], nodes[1:]
    size = _number(_one(root, "SZ", name), name, "SZ")
    if not 5 <= size <= 19:
        raise ProblemError(f"{name}: SZ[{size}] is not a board size from 5 to 19")
    letter = _one(root, "PL", name)
    try:
        player = Color.from_letter(letter)
    except ValueError:
        raise ProblemError(f"{name}: PL[{letter}] is not B or W") from None
    goal_word = _one(root, "XG", name)
    try:
        goal = Goal(goal_word)
    except ValueError:
        words = ", ".join(g.value for g in Goal)
        raise ProblemError(f"{name}: XG[{goal_word}] is not a goal ({words})") from None
    kyu = _number(_one(root, "XL", name), name, "XL")
    if not HARDEST <= kyu <= EASIEST:
        raise ProblemError(f"{name}: XL[{kyu}] is not a level from {EASIEST} to {HARDEST} kyu")
    stones: dict[Point, Color] = {}
    board = Board(size)
    for key, color in (("AB", Color.BLACK), ("AW", Color.WHITE)):
        for point in sorted(_points(root.get(key, []), size, name, key)):
            if point in stones:
                raise ProblemError(f"{name}: {point.gtp()} is in both AB and AW")
            try:
                board.place_setup(color, point)
            except EngineError as error:
                raise ProblemError(f"{name}: {error}") from None
            stones[point] = color
    target = _point(_one(root, "XT", name), size, name, "XT")
    owner = player if goal in (Goal.ESCAPE, Goal.LIVE) else player.opponent
    if stones.get(target) is not owner:
        what = "empty" if target not in stones else f"a {stones[target].name.lower()} stone"
        raise ProblemError(
            f"{name}: XT[{target.gtp()}] is {what}; the goal {goal.value} needs a "
            f"{owner.name.lower()} stone there"
        )
    region = frozenset(_points(root.get("XR", []), size, name, "XR"))
    if not region - stones.keys():
        raise ProblemError(f"{name}: XR gives no empty point to play")
    line = _line(moves, board, player, name)
    task = Task(goal, player, target, region)
    return Problem(number, name, size, MappingProxyType(stones), task, kyu, line)


def _line(
    moves: list[dict[str, list[bytes]]], board: Board, player: Color, name: str
) -> tuple[Point | None, ...]:
    """The main line's moves, checked: they alternate from ``player`` and each is legal."""
    line: list[Point | None] = []
    color = player
    for index, node in enumerate(moves, 1):
        value = node.get(color.letter)
        if value is None or len(value) != 1 or color.opponent.letter in node:
            raise ProblemError(f"{name}: move {index} of the line must be {color.name.lower()}'s")
        text = value[0].decode("ascii", "replace").strip()
        if text in ("", "tt") and board.size <= 19:
            board.pass_move()
            line.append(None)
        else:
            point = _point(text, board.size, name, color.letter)
            reason = board.legality(color, point)
            if reason is not None:
                raise ProblemError(
                    f"{name}: move {index} of the line, {color.letter} {point.gtp()}, "
                    f"is illegal ({reason.value})"
                )
            board.play(color, point)
            line.append(point)
        color = color.opponent
    if not line:
        raise ProblemError(f"{name}: the line has no move (give at least the answer)")
    return tuple(line)


@functools.cache
def problems() -> tuple[Problem, ...]:
    """Every problem of the set, easiest first (read once)."""
    folder = resources.files(PACKAGE)
    files = sorted(
        (f for f in folder.iterdir() if f.name.startswith("p") and f.name.endswith(".sgf")),
        key=lambda f: f.name,
    )
    return tuple(
        read_problem(f.read_bytes(), f.name.removesuffix(".sgf"), number)
        for number, f in enumerate(files, 1)
    )


def problem(number: int) -> Problem:
    """The problem numbered ``number`` (from 1); :class:`LookupError` if there is none."""
    found = problems()
    if not 1 <= number <= len(found):
        raise LookupError(f"there is no problem {number} (the set has 1 to {len(found)})")
    return found[number - 1]


def for_level(kyu: int) -> tuple[Problem, ...]:
    """The problems within :data:`NEAR` kyu of ``kyu``, easiest first; when there are none, the
    problems of the nearest level the set has."""
    found = problems()
    near = tuple(p for p in found if abs(p.kyu - kyu) <= NEAR)
    if near or not found:
        return near
    nearest = min(abs(p.kyu - kyu) for p in found)
    return tuple(p for p in found if abs(p.kyu - kyu) == nearest)
