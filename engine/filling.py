"""The agreed filling after the stop (commentary to Art. 9.2; docs/rules.md "The agreed filling").

The stones it proposes are not moves under the rules. It is neutral and safe:

* it fills only **neutral points**: dame points that touch living stones of both colours and
  whose filling, by either colour, turns no empty point into an eye point of anyone (so which
  colour fills one can never change the score);
* it adds the **necessary stones** of the count (:attr:`engine.counting.Count.connections`): the
  connection of a living chain in atari inside its own area, for its owner;
* it never plays a point where the new stone, or any chain next to it, would be left in atari
  (so a real seki keeps its shared liberties), never captures, never joins a dead chain, and
  looks at the board again after every stone.

It is **colour-blind and deterministic**: points are taken in board order, and where both colours
could fill a point the colour is chosen by the position, never by the colour itself (the one that
leaves the chains around the point more liberties, else the colour of the first neighbour in a
fixed order), so a colour-swapped position gets the colour-swapped fill.

What it cannot fill is reported, with its points: **unsettled** points (a dame one colour could
turn into its own eye point, or a connection that cannot be made safely: a real move, "resume and
play it") and **seki** points (shared liberties nobody can fill without self-atari).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.board import Board, living_cells
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count, dead_chains
from engine.regions import components, layers
from engine.tables import neighbour_table, point_table

#: the order in which a point's neighbours break a tie between the colours (up, right, down, left)
_DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))


@dataclass(frozen=True, slots=True)
class FillPlan:
    """What the agreed filling would do on a stopped position."""

    stones: tuple[tuple[Color, Point], ...]  # every stone, in the order it is placed
    necessary: tuple[tuple[Color, Point], ...]  # of those, the necessary stones (connections)
    unsettled: tuple[Point, ...]  # real moves left open: resume and play them
    seki: tuple[Point, ...]  # dame nobody can fill safely (shared liberties of a seki)


@dataclass(frozen=True, slots=True)
class _Verdict:
    """How one dame point stands on the current board."""

    kind: str  # "fill", "unsettled" (a real move) or "seki" (nobody can fill it safely)
    color: Color | None = None


def plan_fill(board: Board, dead: Iterable[Point] = ()) -> FillPlan:
    """The agreed filling of ``board`` with the stones ``dead`` marked dead (whole chains)."""
    dead_points = frozenset(dead_chains(board.size, dict(board.stones()), dead))
    work = board.copy()
    work.pass_move()  # no ko ban carries over from the last move of play
    living = living_cells(work, dead_points)  # per point index: a living stone's colour, or 0
    stones: list[tuple[Color, Point]] = []
    necessary: list[tuple[Color, Point]] = []
    while True:
        counted = count(work, dead_points)
        placed = False
        for point, color in counted.connections:
            if _safe(work, color, point, dead_points):
                _place(work, living, color, point)
                stones.append((color, point))
                necessary.append((color, point))
                placed = True
        if placed:
            continue  # the count changed: look again before any dame
        # Only a point touching living stones of both colours can be neutral; each is judged on
        # the board as it stands after the stones placed before it in this pass.
        for point in _boundary(work, counted.dame, dead_points):
            verdict = _judge(work, point, dead_points, living)
            if verdict.kind == "fill" and verdict.color is not None:
                _place(work, living, verdict.color, point)
                stones.append((verdict.color, point))
                placed = True
        if not placed:
            boundary = _boundary(work, counted.dame, dead_points)
            verdicts = {p: _judge(work, p, dead_points, living).kind for p in boundary}
            unsettled = {p for p, kind in verdicts.items() if kind == "unsettled"}
            unsettled |= {p for p, c in counted.connections if not _safe(work, c, p, dead_points)}
            unsettled |= _open_areas(work, counted.dame, set(boundary), living)
            return FillPlan(
                stones=tuple(stones),
                necessary=tuple(necessary),
                unsettled=tuple(sorted(unsettled)),
                seki=tuple(p for p, kind in verdicts.items() if kind == "seki"),
            )


def _open_areas(
    work: Board, dame: Iterable[Point], boundary: set[Point], living: Sequence[int]
) -> set[Point]:
    """In a dame region that borders both colours but where no point touches both (a border
    still to be played, two or more points wide), the points next to a living stone (``living``:
    per point index, the colour of a living stone or 0)."""
    size = work.size
    nbrs = neighbour_table(size)
    points = point_table(size)
    starts = [p.row * size + p.col for p in dame if work.get(p) is None]
    out: set[Point] = set()
    for members in components(size, [not c for c in living], starts)[1]:
        colors = {living[n] for i in members for n in nbrs[i] if living[n]}
        region = {points[i] for i in members}
        if len(colors) == 2 and not region & boundary:
            out |= {
                points[i]
                for i in members
                if work.get(points[i]) is None and any(living[n] for n in nbrs[i])
            }
    return out


def _boundary(work: Board, dame: Iterable[Point], dead: frozenset[Point]) -> list[Point]:
    """The empty points of ``dame`` that touch living stones of both colours, in board order."""
    return [p for p in dame if work.get(p) is None and len(_touching(work, p, dead)) == 2]


def propose_fill(board: Board, dead: Iterable[Point] = ()) -> list[tuple[Color, Point]]:
    """The stones of :func:`plan_fill`, in order."""
    return list(plan_fill(board, dead).stones)


def neutral_points_left(board: Board, dead: Iterable[Point] = ()) -> list[Point]:
    """Dame still open on ``board`` as it stands."""
    return [p for p, s in count(board, dead).status.items() if s is PointStatus.DAME]


def _place(work: Board, living: list[int], color: Color, point: Point) -> None:
    """Fill ``point`` for ``color``, keeping ``living`` (per point index: the colour of a living
    stone, or 0) up to date."""
    report = work.play(color, point)
    work.pass_move()
    size = work.size
    living[point.row * size + point.col] = int(color)
    for taken in report.captured:
        living[taken.row * size + taken.col] = 0


def _touching(work: Board, point: Point, dead: frozenset[Point]) -> set[Color]:
    """The colours of the living stones next to ``point``."""
    return {c for n in work.neighbours(point) if n not in dead and (c := work.get(n)) is not None}


def _judge(work: Board, point: Point, dead: frozenset[Point], living: Sequence[int]) -> _Verdict:
    """Is ``point`` (a dame point touching both colours) neutral, and which colour fills it?

    Not neutral: a stone of either colour would make an eye point (a real move: unsettled);
    no colour can play it without its own stone being left in atari (a shared liberty: seki);
    a colour could play it safely for itself but would leave an opposing chain in atari (the
    opponent would then have to connect: a real sequence, unsettled)."""
    options: list[tuple[tuple[int, int], Color]] = []
    own_safe = False
    for color in (Color.BLACK, Color.WHITE):
        if not _playable(work, color, point, dead):
            continue
        if _makes_eye(work, color, point, living):
            return _Verdict("unsettled")
        own, margin = _margin(work, color, point)
        own_safe = own_safe or own >= 2
        if margin[0] >= 2:
            options.append((margin, color))
    if not options:
        return _Verdict("unsettled" if own_safe else "seki")
    if len(options) == 1:
        return _Verdict("fill", options[0][1])
    (first, black), (second, white) = options
    if first != second:
        return _Verdict("fill", black if first > second else white)
    return _Verdict("fill", _first_neighbour_color(work, point, dead))


def _playable(work: Board, color: Color, point: Point, dead: frozenset[Point]) -> bool:
    """A legal stone that captures nothing and joins no dead chain."""
    if not work.is_legal(color, point):
        return False
    for n in work.neighbours(point):
        if n in dead and work.get(n) is color:
            return False
        if work.get(n) is color.opponent and work.liberties(n) == {point}:
            return False  # it would capture
    return True


def _safe(work: Board, color: Color, point: Point, dead: frozenset[Point]) -> bool:
    """Playable, and neither the new stone nor any chain next to it is left in atari."""
    return _playable(work, color, point, dead) and _margin(work, color, point)[1][0] >= 2


def _margin(work: Board, color: Color, point: Point) -> tuple[int, tuple[int, int]]:
    """The liberties of the new stone's chain after ``color`` fills ``point``, and how
    comfortable the chains around it are: the fewest liberties of any chain next to it (the new
    one included), then their total."""
    trial = work.copy()
    trial.play(color, point)
    own = len(trial.liberties(point))
    libs = [own] + [len(trial.liberties(n)) for n in trial.neighbours(point) if trial.get(n)]
    return own, (min(libs), sum(libs))


def _first_neighbour_color(work: Board, point: Point, dead: frozenset[Point]) -> Color:
    """The colour of the first living neighbour in the order up, right, down, left."""
    for dr, dc in _DIRECTIONS:
        n = Point(point.row + dr, point.col + dc)
        if 0 <= n.row < work.size and 0 <= n.col < work.size and n not in dead:
            color = work.get(n)
            if color is not None:
                return color
    raise AssertionError("a neutral point touches living stones of both colours")


def _makes_eye(work: Board, color: Color, point: Point, living: Sequence[int]) -> bool:
    """Would a stone of ``color`` on ``point`` turn an empty point into an eye point of anyone?

    Only the region of ``point`` changes: it loses ``point`` and may split in parts; a part that
    then borders one colour only (and holds no dead stone of it) is made of eye points.
    """
    size = work.size
    nbrs = neighbour_table(size)
    points = point_table(size)
    index = point.row * size + point.col
    joins = [not c for c in living]  # the region of ``point`` without ``point``
    joins[index] = False
    other = 3 - int(color)
    seen = {index}
    for start in nbrs[index]:
        if start in seen or not joins[start]:
            continue
        part: list[int] = []
        for ring in layers(size, (start,), joins):
            part += ring
            if any(living[n] == other for i in ring for n in nbrs[i]):
                break  # a part that borders the other colour too is no eye
        else:
            held = {work.get(points[i]) for i in part}  # None: an empty point, else dead stones
            if None in held and color not in held:
                return True
        seen.update(part)
    return False
