"""The bot's own reader of life and death and tactics: is a player's move right, and what
refutes it? Lessons and problems check an answer by reading, not against a stored move.

A :class:`Task` names a goal (:class:`Goal`) for a player against the chain on a target point,
and a region where both sides may play. The search:

* moves alternate; the candidates are the legal points of the region plus a pass. A capture's
  emptied points may be played when they are in the region;
* a line ends when :func:`status` is not OPEN: the target is captured, it has :data:`ESCAPED`
  liberties (CAPTURE and ESCAPE only), or it is unconditionally alive (Benson's pass-alive);
* two passes in a row end the line with the target still standing: the defender has won (a seki
  is life, a chain that cannot be captured has escaped). So a pass by the attacker always loses;
* ko: the board's simple ko ban applies (Art. 6) and a pass lifts it, so a ko goes to the side
  that takes it first unless the other has a threat inside the region. A line that repeats a
  position, or runs longer than :data:`MAX_DEPTH` plies, is a loss for the attacker;
* CAPTURE and ESCAPE read ladders cheaply: the attacker plays only the target's liberties and
  the empty points next to them (nets), the defender only those and the liberties of the
  attacker's chains next to the target that have at most two (capturing to escape), both within
  the region. Two limits keep a chase short: nets only in the first :data:`NET_DEPTH` plies of
  the problem (deeper the attacker plays liberties: ladders), and a target with three liberties
  and the attacker to move :data:`CHASE_DEPTH` plies in (or deeper) has escaped;
* KILL and LIVE read every point of the region, and follow the target chain only: the region
  must hold the group's liberties (its eye space and any outside ones) or the attacker cannot
  finish the capture and the group "lives". Keep it small: every outside liberty in it
  lengthens the filling that ends each line (see the budget below).

The side that loses resists longest: it picks the move after which the winner needs the most
plies (a pass when nothing does better; a capture before a pass when they tie, so that a
snapback is shown). Reading counts nodes (positions played, some 25-40 µs each on 9×9); when
the budget runs out before the winner is known, :class:`ReadingLimit` is raised. The default
keeps an answer under about a second; check a new problem offline with a larger one.

>>> from engine.diagram import parse_diagram
>>> size, stones = parse_diagram('''
... . . . . .
... . . . . .
... . . X . .
... . X O X .
... . . . . .''')
>>> board = Board(size)
>>> board.edit((c, p) for p, c in stones.items())
>>> region = frozenset(Point(row, col) for row in range(size) for col in range(size))
>>> task = Task(Goal.CAPTURE, Color.BLACK, Point(1, 2), region)
>>> verdict = solve(board, Color.BLACK, task)
>>> verdict.wins, verdict.move.gtp(), verdict.plies
(True, 'C1', 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.reading_board import Position
from engine.reading_search import CHASE_DEPTH, MAX_DEPTH, NET_DEPTH, PASS, Reader
from engine.reading_task import ESCAPED, Goal, ReadingLimit, Status, Task, status

__all__ = [
    "CHASE_DEPTH",
    "DEFAULT_BUDGET",
    "ESCAPED",
    "MAX_DEPTH",
    "NET_DEPTH",
    "Goal",
    "ReadingLimit",
    "Reply",
    "Status",
    "Task",
    "Verdict",
    "answer",
    "solve",
    "status",
    "winning_moves",
]

#: nodes (positions played) a reading may visit before it gives up
DEFAULT_BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class Verdict:
    """The reading of a position for the side to move."""

    wins: bool  # the side to move reaches its aim (the player: the goal; the opponent: stopping it)
    move: (
        Point | None
    )  # a winning move when it wins (None: passing wins); else the longest resistance
    plies: int  # with best play on both sides, moves until the outcome is settled
    nodes: int


def solve(board: Board, to_move: Color, task: Task, *, budget: int = DEFAULT_BUDGET) -> Verdict:
    """Read ``board`` with ``to_move`` to play (the board is not changed). Raises
    :class:`ReadingLimit` when ``budget`` nodes do not settle who wins; when they run out
    while counting plies, the move is the best found and ``plies`` a lower bound."""
    reader = Reader(task, board.size, budget)
    wins, move, plies = reader.solve(Position.from_board(board), int(to_move))
    return Verdict(wins, _point(board, move), plies, reader.nodes)


def winning_moves(board: Board, task: Task, *, budget: int = DEFAULT_BUDGET) -> list[Point]:
    """Every first move of ``task.player`` in the region that reaches the goal, in point order.
    The budget is for all of them together."""
    reader = Reader(task, board.size, budget)
    found = reader.first_moves(Position.from_board(board), int(task.player))
    return [Point(*divmod(index, board.size)) for index in found]


@dataclass(frozen=True, slots=True)
class Reply:
    """What :func:`answer` found of a player's move."""

    right: bool  # after the move the opponent cannot stop the goal whatever it does
    done: bool  # right, and nothing is left to play (achieved, or nothing helps the opponent)
    reply: Point | None  # the opponent's answer, already played on `board` (None: pass, or done)
    board: Board  # a copy: the position after the move and the reply
    captured: tuple[Point, ...]  # stones the move and the reply captured (both)


def answer(board: Board, task: Task, move: Point, *, budget: int = DEFAULT_BUDGET) -> Reply:
    """Judge ``task.player``'s ``move`` on ``board`` and answer it: the refutation of a wrong
    move, the longest resistance to a right one. Raises :class:`engine.errors.IllegalMove`
    (``board`` unchanged) and :class:`ReadingLimit`. A legal move outside the region is read
    like any other."""
    after = board.copy()
    captured = after.play(task.player, move).captured
    found = status(after, task)
    if found is not Status.OPEN:
        right = found is Status.ACHIEVED
        return Reply(right, right, None, after, captured)
    opponent = task.player.opponent
    reader = Reader(task, board.size, budget)
    wins, index, _ = reader.solve(Position.from_board(after), int(opponent), depth=1)
    reply = _point(board, index)
    if reply is None:
        after.pass_move()
        return Reply(not wins, not wins, None, after, captured)
    captured += after.play(opponent, reply).captured
    return Reply(not wins, False, reply, after, captured)


def _point(board: Board, index: int) -> Point | None:
    return None if index == PASS else Point(*divmod(index, board.size))
