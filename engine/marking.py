"""Markings that contradict Art. 7 (docs/rules.md "Markings that contradict Art. 7").

* **Refused:** marking dead a chain whose every opposing neighbour is marked dead: once those are
  taken it lives (Art. 7.1). :func:`contradictions` finds such chains.
* **Warned:** a chain marked alive that the opponent can capture by a short forced sequence while
  the capturing stones stay safe (Art. 7.1): an atari on a chain in atari, or an atari on a chain
  with two liberties whose only escape is suicide or self-atari. :func:`capturable` finds them,
  with the sequence, so both players can see it. The marking stands if both still accept it.

>>> from engine.diagram import parse_diagram
>>> size, stones = parse_diagram('''
... . . . . .
... . O O O .
... . X X . .
... . O O O .
... . . . . .''')
>>> board = Board(size)
>>> for p, c in stones.items():
...     board.place_setup(c, p)
>>> [(c.chain_text, c.moves_text) for c in capturable(board)]
[('B3 C3', 'W A3 B pass W D3')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.counting import count, dead_chains

#: chains larger than this are not read (a short sequence does not take a big group)
MAX_CHAIN = 40


@dataclass(frozen=True, slots=True)
class Capture:
    """A chain marked alive and the forced sequence that takes it."""

    chain: tuple[Point, ...]  # the stones of the chain, sorted
    moves: tuple[tuple[Color, Point | None], ...]  # the sequence; None is a pass

    @property
    def chain_text(self) -> str:
        return " ".join(format_vertex(p) for p in self.chain)

    @property
    def moves_text(self) -> str:
        return " ".join(
            f"{c.letter} {format_vertex(p) if p is not None else 'pass'}" for c, p in self.moves
        )


def contradictions(board: Board, dead: Iterable[Point]) -> list[tuple[Point, ...]]:
    """Chains marked dead whose every opposing neighbour is marked dead too (at least one):
    a marking Art. 7.1 contradicts. Each chain sorted; the list in board order."""
    dead_set = dead_chains(board.size, dict(board.stones()), dead)
    out: list[tuple[Point, ...]] = []
    seen: set[Point] = set()
    for point in sorted(dead_set):
        if point in seen:
            continue
        chain = board.chain(point)
        seen |= chain
        enemy = board.get(point).opponent  # type: ignore[union-attr]
        enemies = {n for p in chain for n in board.neighbours(p) if board.get(n) is enemy}
        if enemies and enemies <= dead_set:
            out.append(tuple(sorted(chain)))
    return out


def capturable(board: Board, dead: Iterable[Point] = ()) -> list[Capture]:
    """Chains not marked dead that the opponent takes by a short forced sequence (see the
    module docstring), leaving out chains whose liberty is a necessary stone the count already
    names (``connect at``). In board order."""
    stones = dict(board.stones())
    dead_set = dead_chains(board.size, stones, dead)
    named = {p for p, _ in count(board, dead_set).connections}
    work = board.copy()
    work.pass_move()
    out: list[Capture] = []
    seen: set[Point] = set()
    for point in sorted(stones):
        if point in seen or point in dead_set:
            continue
        chain = work.chain(point)
        seen |= chain
        libs = work.liberties(point)
        if len(chain) > MAX_CHAIN or len(libs) > 2 or libs & named:
            continue
        moves = _take(work, point)
        if moves is not None:
            out.append(Capture(tuple(sorted(chain)), moves))
    return out


def _take(board: Board, target: Point) -> tuple[tuple[Color, Point | None], ...] | None:
    """The sequence that captures the chain at ``target`` (one or two liberties), or None.

    With two liberties: the atari on one must capture nothing and not be self-atari; the
    defender cannot capture its way out, extending on the other is suicide or self-atari that
    the attacker takes safely, and after a pass the attacker takes the chain safely."""
    color = board.get(target)
    assert color is not None
    enemy = color.opponent
    libs = sorted(board.liberties(target))
    if len(libs) == 1:
        return ((enemy, libs[0]),) if _captures_safely(board, enemy, libs[0], target) else None
    for first, second in (libs, libs[::-1]):
        if not board.is_legal(enemy, first):
            continue
        trial = board.copy()
        if trial.play(enemy, first).captured or len(trial.liberties(first)) < 2:
            continue
        if _captures_out(trial, target):
            continue
        if trial.is_legal(color, second):
            extended = trial.copy()
            if extended.play(color, second).captured:
                continue
            libs_after = extended.liberties(target)
            if len(libs_after) != 1:
                continue
            (last,) = libs_after
            if not _captures_safely(extended, enemy, last, target):
                continue
        passed = trial.copy()
        passed.pass_move()
        if _captures_safely(passed, enemy, second, target):
            return ((enemy, first), (color, None), (enemy, second))
    return None


def _captures_out(board: Board, target: Point) -> bool:
    """Can the chain at ``target`` capture an enemy chain next to it that is in atari?"""
    color = board.get(target)
    assert color is not None
    return any(
        board.get(n) is color.opponent and len(board.liberties(n)) == 1
        for p in board.chain(target)
        for n in board.neighbours(p)
    )


def _captures_safely(board: Board, enemy: Color, point: Point | None, target: Point) -> bool:
    """Does ``enemy`` on ``point`` (the chain's last liberty when None) take the chain at
    ``target`` and stay out of atari?"""
    if point is None:
        libs = board.liberties(target)
        if len(libs) != 1:
            return False
        (point,) = libs
    if not board.is_legal(enemy, point):
        return False
    trial = board.copy()
    report = trial.play(enemy, point)
    return target in report.captured and len(trial.liberties(point)) >= 2
