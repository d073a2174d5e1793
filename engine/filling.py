"""The agreed filling of neutral points after the stop (commentary to Art. 9.2).

The stones it proposes are not moves under the rules. A point is filled only where neither the
new stone nor any chain next to it is left in atari, so a real seki keeps its shared liberties.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count


def _safe_after(board: Board, color: Color, point: Point) -> bool:
    """Would a stone of ``color`` on ``point`` capture nothing and leave no chain in atari?"""
    if not board.is_legal(color, point):
        return False
    trial = board.copy()
    report = trial.play(color, point)
    if report.captured:
        return False
    if len(trial.liberties(point)) < 2:
        return False
    return all(len(trial.liberties(n)) >= 2 for n in trial.neighbours(point) if trial.get(n))


def propose_fill(board: Board, dead: Iterable[Point] = ()) -> list[tuple[Color, Point]]:
    """Stones that fill the neutral points (dame between living stones), in order.

    Each dame point next to living stones gets a stone of a colour that touches it (Black first
    when both do), and only where the fill is safe; filling repeats until nothing changes, since
    one filled point can make the next one safe or unsafe. A stone that would still belong to a
    chain in seki after the whole fill is left out (and the fill worked out again without it): a
    real seki keeps its shared liberties (RULES.md, Art. 8).
    """
    dead_points = set(dead)
    excluded: set[Point] = set()
    while True:
        proposal = _fill_once(board, dead_points, excluded)
        filled = board.copy()
        for color, point in proposal:
            filled.play(color, point)
        status = count(filled, dead_points).status
        in_seki = {p for _, p in proposal if status[p] is PointStatus.SEKI}
        if not in_seki:
            return proposal
        excluded |= in_seki


def _fill_once(
    board: Board, dead_points: set[Point], excluded: set[Point]
) -> list[tuple[Color, Point]]:
    """One pass of the fill, never touching ``excluded`` points."""
    work = board.copy()
    proposal: list[tuple[Color, Point]] = []
    changed = True
    while changed:
        changed = False
        counted = count(work, dead_points)
        dead_all = set(counted.dead)
        for point in counted.dame:
            if work.get(point) is not None or point in excluded:
                continue
            around = [work.get(n) for n in work.neighbours(point) if n not in dead_all]
            if any(work.get(n) is not None for n in work.neighbours(point) if n in dead_all):
                continue  # next to dead stones: leave it to the players
            colors = [c for c in (Color.BLACK, Color.WHITE) if c in around]
            for color in colors:
                if _safe_after(work, color, point):
                    work.play(color, point)
                    work.pass_move()
                    proposal.append((color, point))
                    changed = True
                    break
    return proposal


def neutral_points_left(board: Board, dead: Iterable[Point] = ()) -> list[Point]:
    """Dame still open after :func:`propose_fill` would be applied."""
    return [p for p, s in count(board, dead).status.items() if s is PointStatus.DAME]
