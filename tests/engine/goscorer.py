"""Loader for the goscorer snapshots in ``tests/data/goscorer_snapshots/`` and our count of them.

Each snapshot is a position with the answer of lightvector's goscorer (see the folder's README).
Rows are listed from the top; :class:`engine.coords.Point` counts rows from the bottom, so line
``i`` of a board with ``height`` lines is board row ``height - 1 - i``. In this module and in the
tests a point of a snapshot is a :data:`Spot` ``(line, column)``, both counted from 0, line 0 the
top line, exactly as the file shows it.

Most snapshots are **rectangles** (up to 11×26 and 7×45); our engine holds square boards of 2–25.
:func:`rectangle` lets the unmodified engine count a rectangle: for the duration of a ``with``
block it swaps the engine's neighbour table (looked up by board size in :mod:`engine.board`,
:mod:`engine.counting` and :mod:`engine.regions`) for one with the rectangle's neighbours, laid on
a square board (cut in bands when that makes the square smaller); the points of the square
outside the rectangle touch no chain and no region of it, and nobody can play there. Board,
filling and counting code run unchanged inside it. The rectangle spoils one thing only: the
fill's tie-break between two equally good colours, which can change no score (docs/rules.md "The
agreed filling").
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import engine.board
import engine.coords
import engine.counting
import engine.filling
import engine.regions
from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.counting import Count, PointStatus, count
from engine.filling import plan_fill

SNAPSHOT_DIR = Path(__file__).resolve().parent.parent / "data" / "goscorer_snapshots"

Spot = tuple[int, int]  # (line from the top, column from the left), both from 0

_STONES = {"x": Color.BLACK, "o": Color.WHITE, "b": Color.BLACK, "w": Color.WHITE}
_DEAD = frozenset("bw")
_TERRITORY_LETTER = {Color.BLACK: "z", Color.WHITE: "a"}


@dataclass(frozen=True)
class Snapshot:
    """One position of the corpus with goscorer's answer."""

    name: str
    board: tuple[str, ...]  # the BOARD lines, top first: x o stones, b w stones marked dead
    territory: tuple[str, ...]  # the TERRITORY lines: z / a Black / White territory
    seki: tuple[str, ...]  # the SEKI lines: x o stones, z a empty points of seki groups

    @property
    def height(self) -> int:
        return len(self.board)

    @property
    def width(self) -> int:
        return len(self.board[0])

    def spots(self) -> Iterator[Spot]:
        for line in range(self.height):
            for col in range(self.width):
                yield line, col

    def territory_of_goscorer(self) -> dict[Spot, str]:
        """``z`` / ``a`` where goscorer counts Black / White territory, ``.`` elsewhere."""
        return {
            (line, col): char if char in "za" else "."
            for line, text in enumerate(self.territory)
            for col, char in enumerate(text)
        }

    def seki_of_goscorer(self) -> frozenset[Spot]:
        """The points goscorer puts in a seki group (stones and their empty points)."""
        return frozenset(
            (line, col)
            for line, text in enumerate(self.seki)
            for col, char in enumerate(text)
            if char != "."
        )


def load(path: Path) -> Snapshot:
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.strip()
        if not text:
            continue
        if text.endswith(":") and text[:-1].replace(" ", "").isupper():
            current = sections.setdefault(text[:-1], [])
        elif current is not None:
            current.append(text)
    board = tuple(sections["BOARD"])
    for name in ("TERRITORY", "SEKI"):
        lines = sections[name]
        if [len(t) for t in lines] != [len(t) for t in board]:
            raise ValueError(f"{path.name}: {name} has another shape than BOARD")
    if len({len(t) for t in board}) != 1:
        raise ValueError(f"{path.name}: BOARD lines differ in length")
    return Snapshot(
        name=path.stem.removeprefix("test_"),
        board=board,
        territory=tuple(sections["TERRITORY"]),
        seki=tuple(sections["SEKI"]),
    )


def snapshot_paths() -> list[Path]:
    return sorted(SNAPSHOT_DIR.glob("test_*.txt"))


# -- a rectangle for the engine ----------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Where a ``height``×``width`` rectangle sits on a square board of ``size`` (see
    :func:`rectangle`): cut in ``bands`` of ``band`` columns each, band ``b`` laid on the rows
    ``b * (height + 1)`` up (one empty row between bands); ``outside`` are the stones that fill
    the points of the square that are neither in the rectangle nor next to it."""

    height: int
    width: int
    bands: int

    @property
    def band(self) -> int:
        return -(-self.width // self.bands)

    @property
    def size(self) -> int:
        return max(self.band, self.bands * (self.height + 1) - 1)

    @property
    def plain(self) -> bool:
        """A square the engine holds as it is: nothing to change."""
        return self.height == self.width and self.bands == 1 and 2 <= self.size <= 25

    def point(self, spot: Spot) -> Point:
        line, col = spot
        band, col = divmod(col, self.band)
        return Point(self.height - 1 - line + band * (self.height + 1), col)

    def spot(self, point: Point) -> Spot | None:
        """The spot on ``point``, or None for a point outside the rectangle."""
        band, row = divmod(point.row, self.height + 1)
        col = band * self.band + point.col
        if row == self.height or point.col >= self.band or col >= self.width:
            return None
        return self.height - 1 - row, col

    def _rectangle_neighbours(self, spot: Spot) -> list[Point]:
        """In the engine's order: row below, row above, column left, column right."""
        line, col = spot
        out = []
        for n_line, n_col in ((line + 1, col), (line - 1, col), (line, col - 1), (line, col + 1)):
            if 0 <= n_line < self.height and 0 <= n_col < self.width:
                out.append(self.point((n_line, n_col)))
        return out

    def _outside(self) -> tuple[list[Point], list[Point]]:
        """The points of the square outside the rectangle: the *buffer* (next to a point of the
        rectangle on the square) and the *block* (the rest), each in index order."""
        buffer: list[Point] = []
        block: list[Point] = []
        for row in range(self.size):
            for col in range(self.size):
                point = Point(row, col)
                if self.spot(point) is not None:
                    continue
                near = any(
                    0 <= row + dr < self.size
                    and 0 <= col + dc < self.size
                    and self.spot(Point(row + dr, col + dc)) is not None
                    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                )
                (buffer if near else block).append(point)
        if len(block) < 3:
            return buffer + block, []
        return buffer, block

    @property
    def outside(self) -> tuple[Point, ...]:
        """Black stones on the block, joined in a path with an eye at each end (alive, no
        dame liberty, two liberties or more)."""
        block = self._outside()[1]
        return tuple(block[1:-1])

    def table(self) -> tuple[tuple[int, ...], ...]:
        """The neighbour table: rectangle points joined as in the rectangle, buffer points with
        no neighbours, block points in a path."""
        size = self.size
        around: list[list[int]] = [[] for _ in range(size * size)]
        for line in range(self.height):
            for col in range(self.width):
                point = self.point((line, col))
                around[point.row * size + point.col] = [
                    n.row * size + n.col for n in self._rectangle_neighbours((line, col))
                ]
        block = [p.row * size + p.col for p in self._outside()[1]]
        for first, second in pairwise(block):
            around[first].append(second)
            around[second].append(first)
        return tuple(tuple(a) for a in around)


def frame_of(height: int, width: int) -> Frame:
    """The frame with the smallest square (fewest bands on a tie)."""
    frames = [Frame(height, width, bands) for bands in range(1, width + 1)]
    return min(frames, key=lambda f: (f.size, f.bands))


@contextmanager
def rectangle(height: int, width: int) -> Iterator[Frame]:
    """Within the block, boards of ``frame.size`` have the geometry of the ``height``×``width``
    rectangle, laid out as :class:`Frame` says.

    The engine finds a point's neighbours in a table it looks up by board size
    (:func:`engine.tables.neighbour_table`, used by :mod:`engine.board`, :mod:`engine.counting`,
    :mod:`engine.filling` and :mod:`engine.regions`); the block swaps in a table with the
    rectangle's neighbours. The points of the square next to the rectangle (the *buffer*) have
    no neighbours and stay empty, so no chain or region of the rectangle reaches beyond it and
    nobody can play there; the rest of the square is one living black chain around two eyes,
    joined to nothing inside (it keeps the fill from judging hundreds of empty points). A wide
    rectangle is cut in bands laid one above the other (a 7×45 board fits a 23×23 square
    instead of 45×45: the engine's work grows with the square). Board, filling and counting
    code run unchanged. One thing is not the rectangle's: the fill's tie-break between two
    equally good colours looks at the points next to a point on the square, and finds an empty
    buffer point where a band is cut; docs/rules.md "The agreed filling" makes the colour of a
    neutral stone unable to change the score, which is all this compares.
    """
    frame = frame_of(height, width)
    if frame.plain:
        yield frame
        return
    table = frame.table()
    size = frame.size
    original = engine.board.neighbour_table
    original_check = engine.coords.check_size  # engine.board calls it by that name

    def neighbour_table(n: int) -> tuple[tuple[int, ...], ...]:
        return table if n == size else original(n)

    def check_size(n: int) -> int:
        return n if n == size else original_check(n)

    patched: list[tuple[object, str, Callable[[int], object]]] = [
        (engine.board, "neighbour_table", neighbour_table),
        (engine.counting, "neighbour_table", neighbour_table),
        (engine.filling, "neighbour_table", neighbour_table),
        (engine.regions, "neighbour_table", neighbour_table),
        (engine.board, "check_size", check_size),
    ]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patched]
    try:
        for module, name, replacement in patched:
            setattr(module, name, replacement)
        yield frame
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


# -- our count ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ours:
    """Our answer on a snapshot after the agreed filling, in snapshot spots."""

    territory: dict[Spot, str]  # z / a Black / White territory (removed dead stones included)
    seki: frozenset[Spot]  # stones of groups in seki and eye points of such groups
    filled: tuple[tuple[str, Spot], ...]  # the fill, in order: ("x" or "o", spot)
    necessary: tuple[tuple[str, Spot], ...]
    #: real moves the fill leaves to the players: a point one side could turn into its own eye
    #: point, an open border still to be played, a connection that cannot be made safely, or a
    #: teire (below)
    unsettled: frozenset[Spot]
    seki_dame: frozenset[Spot]  # dame the fill leaves: shared liberties nobody can fill safely
    #: of the unsettled points, those one colour could fill keeping its own chain out of atari
    #: but leaving an opposing chain in atari (the opponent would then have to connect)
    teire: frozenset[Spot]
    #: for every point that is not our territory and is empty or a dead stone, why not: the
    #: kinds ("open", "seki", "teire", "own-dead") of the points that keep it from counting
    why: dict[Spot, frozenset[str]]
    dame: frozenset[Spot]  # every dame left after the fill
    black: int  # territory totals inside the rectangle
    white: int


def count_ours(snap: Snapshot) -> Ours:
    """Build the board and the dead stones, play the agreed filling, count (Art. 8)."""
    letter = {Color.BLACK: "x", Color.WHITE: "o"}
    with rectangle(snap.height, snap.width) as frame:
        board = Board(frame.size)
        setup: list[tuple[Color | None, Point]] = [(Color.BLACK, p) for p in frame.outside]
        dead: set[Point] = set()
        for line, text in enumerate(snap.board):
            for col, char in enumerate(text):
                if char in _STONES:
                    point = frame.point((line, col))
                    setup.append((_STONES[char], point))
                    if char in _DEAD:
                        dead.add(point)
        board.edit(setup)
        plan = plan_fill(board, dead)
        for color, point in plan.stones:
            board.play(color, point)
            board.pass_move()
        counted = count(board, dead)
        teire_points = {p for p in plan.unsettled if _ataris_only(board, p, dead)}
        kinds = {p: "open" for p in plan.unsettled}
        kinds.update({p: "seki" for p in plan.seki})
        kinds.update({p: "teire" for p in teire_points})
        why = {
            spot: causes
            for point, causes in _why_not_territory(board, counted, dead, kinds).items()
            if (spot := frame.spot(point)) is not None
        }
        teire = frozenset(s for s in map(frame.spot, teire_points) if s is not None)

    territory: dict[Spot, str] = {}
    seki: set[Spot] = set()
    dame: set[Spot] = set()
    for point, status in counted.status.items():
        spot = frame.spot(point)
        if spot is None:
            continue
        mark = "."
        if status is PointStatus.BLACK_TERRITORY:
            mark = "z"
        elif status is PointStatus.WHITE_TERRITORY:
            mark = "a"
        elif status is PointStatus.DEAD_REMOVED:
            mark = _TERRITORY_LETTER[counted.owner[point]]
        elif status in (PointStatus.SEKI, PointStatus.SEKI_EYE):
            seki.add(spot)
        elif status is PointStatus.DAME:
            dame.add(spot)
        territory[spot] = mark

    def inside_only(points: tuple[Point, ...]) -> frozenset[Spot]:
        return frozenset(s for s in map(frame.spot, points) if s is not None)

    def stones(placed: tuple[tuple[Color, Point], ...]) -> tuple[tuple[str, Spot], ...]:
        out = []
        for color, point in placed:
            spot = frame.spot(point)
            assert spot is not None, f"the fill played outside the rectangle at {point}"
            out.append((letter[color], spot))
        return tuple(out)

    return Ours(
        territory=territory,
        seki=frozenset(seki),
        filled=stones(plan.stones),
        necessary=stones(plan.necessary),
        unsettled=inside_only(plan.unsettled),
        seki_dame=inside_only(plan.seki),
        teire=teire,
        why=why,
        dame=frozenset(dame),
        black=sum(1 for mark in territory.values() if mark == "z"),
        white=sum(1 for mark in territory.values() if mark == "a"),
    )


def _why_not_territory(
    board: Board, counted: Count, dead: set[Point], kinds: dict[Point, str]
) -> dict[Point, frozenset[str]]:
    """For each empty point or dead stone that is not territory after the fill, the kinds of the
    points that keep it from counting (docs/rules.md "Territory"): in a region bordered by one
    colour that holds its dead stones, "own-dead"; in any other region of dame, the fill's
    verdicts on its points; in a region of eye points, the verdicts on the dame liberties and the
    unmade connections of every chain of the groups around it (step 3: chains joined through eye
    points; steps 4 and 5). A dame point without a verdict of its own takes the verdicts given
    in its region; "unjudged" if there are none."""

    def living(point: Point) -> bool:
        return board.get(point) is not None and point not in dead

    region_of: dict[Point, frozenset[Point]] = {}
    for point in counted.status:
        if living(point) or point in region_of:
            continue
        found, todo = {point}, [point]
        while todo:
            for n in board.neighbours(todo.pop()):
                if not living(n) and n not in found:
                    found.add(n)
                    todo.append(n)
        region_of.update(dict.fromkeys(found, frozenset(found)))

    def verdicts(points: Iterable[Point]) -> set[str]:
        out: set[str] = set()
        for point in points:
            kind = kinds.get(point)
            given = {kind} if kind else {kinds[p] for p in region_of[point] if p in kinds}
            out |= given or {"unjudged"}
        return out

    why: dict[Point, frozenset[str]] = {}
    for region in set(region_of.values()):
        if any(counted.status[p] in _COUNTED for p in region):
            continue
        around = {n for p in region for n in board.neighbours(p) if living(n)}
        colors = {board.get(n) for n in around}
        if len(colors) == 1 and any(board.get(p) in colors for p in region):
            causes = {"own-dead"}
        elif len(colors) != 1:
            causes = verdicts(region)
        else:
            causes = verdicts(_voiding_points(board, around, region_of, living, counted))
        why.update(dict.fromkeys(region, frozenset(causes)))
    return why


_COUNTED = (PointStatus.BLACK_TERRITORY, PointStatus.WHITE_TERRITORY, PointStatus.DEAD_REMOVED)


def _voiding_points(
    board: Board,
    around: set[Point],
    region_of: dict[Point, frozenset[Point]],
    living: Callable[[Point], bool],
    counted: Count,
) -> set[Point]:
    """The dame liberties and the single liberties (unmade connections) of the chains of the
    groups that hold the stones ``around`` (chains joined through eye points: docs/rules.md,
    step 3)."""
    chains: set[frozenset[Point]] = set()
    todo = [board.chain(p) for p in around]
    while todo:
        chain = todo.pop()
        if chain in chains:
            continue
        chains.add(chain)
        color = board.get(next(iter(chain)))
        for lib in {n for p in chain for n in board.neighbours(p) if not living(n)}:
            region = region_of[lib]
            stones = {n for p in region for n in board.neighbours(p) if living(n)}
            if {board.get(n) for n in stones} == {color} and all(
                board.get(p) is not color for p in region
            ):
                todo.extend(board.chain(n) for n in stones)
    out: set[Point] = set()
    for chain in chains:
        libs = {n for p in chain for n in board.neighbours(p) if not living(n)}
        out |= {p for p in libs if counted.status[p] is PointStatus.DAME}
        if len(libs) == 1:
            out |= libs
    return out


def _ataris_only(board: Board, point: Point, dead: set[Point]) -> bool:
    """Could one colour play ``point`` (capturing nothing, joining no dead stone) so that its
    own chain keeps two liberties while an opposing chain next to it is left in atari?"""
    for color in (Color.BLACK, Color.WHITE):
        if not board.is_legal(color, point):
            continue
        if any(n in dead and board.get(n) is color for n in board.neighbours(point)):
            continue
        trial = board.copy()
        if trial.play(color, point).captured or len(trial.liberties(point)) < 2:
            continue
        if any(
            trial.get(n) is color.opponent and len(trial.liberties(n)) == 1
            for n in trial.neighbours(point)
        ):
            return True
    return False


def differences(snap: Snapshot, ours: Ours) -> dict[Spot, tuple[str, str]]:
    """Every spot where the territory differs: ``spot -> (goscorer's letter, ours)``."""
    theirs = snap.territory_of_goscorer()
    return {
        s: (theirs[s], ours.territory[s]) for s in snap.spots() if theirs[s] != ours.territory[s]
    }


def name_spot(spot: Spot) -> str:
    """A spot as ``line,column`` counted from 1 (as a text editor shows the snapshot)."""
    return f"{spot[0] + 1},{spot[1] + 1}"


def diff_diagram(snap: Snapshot, ours: Ours) -> tuple[str, ...]:
    """The board with each difference drawn: ``Z`` / ``A`` where goscorer counts Black / White
    territory and we do not, ``z`` / ``a`` where we count it and goscorer does not (``?`` where
    both count it for different colours)."""
    diff = differences(snap, ours)
    lines = []
    for line, text in enumerate(snap.board):
        row = []
        for col, char in enumerate(text):
            got = diff.get((line, col))
            if got is None:
                row.append(char)
            elif got[1] == ".":
                row.append(got[0].upper())
            elif got[0] == ".":
                row.append(got[1])
            else:
                row.append("?")
        lines.append("".join(row))
    return tuple(lines)


def _frame_diagonals(frame: Frame) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The diagonal table (:func:`engine.tables.diagonal_table`) of a rectangle laid on its
    square: ``(diagonal, cross_a, cross_b)`` per point, none for points outside."""
    size = frame.size
    table: list[tuple[tuple[int, int, int], ...]] = [() for _ in range(size * size)]

    def index(line: int, col: int) -> int:
        point = frame.point((line, col))
        return point.row * size + point.col

    for line in range(frame.height):
        for col in range(frame.width):
            out = []
            for dl in (-1, 1):
                for dc in (-1, 1):
                    if 0 <= line + dl < frame.height and 0 <= col + dc < frame.width:
                        out.append(
                            (
                                index(line + dl, col + dc),
                                index(line + dl, col),
                                index(line, col + dc),
                            )
                        )
            table[index(line, col)] = tuple(out)
    return tuple(table)


@contextmanager
def judging_rectangle(height: int, width: int) -> Iterator[Frame]:
    """:func:`tests.engine.goscorer.rectangle`, with the estimator's modules too: every engine
    module that looks up a neighbour or diagonal table by size gets the rectangle's."""
    with rectangle(height, width) as frame:
        if frame.plain:
            yield frame
            return
        tables: dict[str, object] = {
            "neighbour_table": frame.table(),
            "diagonal_table": _frame_diagonals(frame),
        }
        saved: list[tuple[object, str, object]] = []
        for module_name, module in list(sys.modules.items()):
            if module is None or not module_name.startswith("engine."):
                continue
            for attr, table in tables.items():
                original = getattr(module, attr, None)
                if original is None:
                    continue

                def replacement(
                    n: int, _original: Callable[[int], object] = original, _table: object = table
                ) -> object:
                    return _table if n == frame.size else _original(n)

                saved.append((module, attr, original))
                setattr(module, attr, replacement)
        try:
            yield frame
        finally:
            for patched, attr, original in reversed(saved):
                setattr(patched, attr, original)
