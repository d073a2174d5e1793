"""What :mod:`engine.reading` reads: a task (a goal for a player against one chain) and the
static status of a position for it (captured, escaped, unconditionally alive, or open)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.estimate_core import benson_alive
from engine.estimate_round import find_chains
from engine.reading_board import Position


class Goal(enum.StrEnum):
    """What the task's player wants to happen to the target chain."""

    CAPTURE = "capture"  # the player captures the target chain (atari, ladders, nets, snapbacks)
    ESCAPE = "escape"  # the player saves the target chain (its own) from capture
    KILL = "kill"  # the player kills the group of the target chain: it is captured in the end
    LIVE = "live"  # the player's group of the target chain lives (two eyes, or seki)


#: a chain with this many liberties has escaped (CAPTURE fails, ESCAPE is reached)
ESCAPED = 4

_ATTACKING = frozenset({Goal.CAPTURE, Goal.KILL})
_CHASING = frozenset({Goal.CAPTURE, Goal.ESCAPE})


@dataclass(frozen=True, slots=True)
class Task:
    """A problem: ``player`` plays for ``goal`` against the chain on ``target``, and both sides
    play inside ``region`` (a pass is always allowed)."""

    goal: Goal
    player: Color  # who plays for the goal (and moves first in the problem)
    target: (
        Point  # a stone of the chain at stake: the opponent's (CAPTURE, KILL), else the player's
    )
    region: frozenset[Point]  # where either side may play; a pass is always allowed

    @property
    def attacker(self) -> Color:
        """The colour that tries to capture the target chain."""
        return self.player if self.goal in _ATTACKING else self.player.opponent

    @property
    def defender(self) -> Color:
        """The colour of the target chain."""
        return self.attacker.opponent

    @property
    def chase(self) -> bool:
        """True for CAPTURE and ESCAPE, where :data:`ESCAPED` liberties end the fight."""
        return self.goal in _CHASING


class Status(enum.Enum):
    """The static state of a position for a task, from the task's player's point of view."""

    ACHIEVED = "achieved"
    FAILED = "failed"
    OPEN = "open"


class ReadingLimit(Exception):
    """The node budget ran out before the reading was exact."""


def status(board: Board, task: Task) -> Status:
    """Static: the target point no longer holds the defender's stone (captured): ACHIEVED for
    CAPTURE/KILL, FAILED for ESCAPE/LIVE. The target chain has >= :data:`ESCAPED` liberties:
    FAILED for CAPTURE, ACHIEVED for ESCAPE. The target chain is unconditionally alive (Benson,
    pass-alive): FAILED for KILL (and CAPTURE), ACHIEVED for LIVE (and ESCAPE). Else OPEN."""
    size = board.size
    return position_status(
        Position.from_board(board), task, task.target.row * size + task.target.col
    )


def position_status(position: Position, task: Task, target: int) -> Status:
    """:func:`status` of a :class:`Position` (``target``: the target's index)."""
    attacking = task.goal in _ATTACKING
    if position.cells[target] != int(task.defender):
        return Status.ACHIEVED if attacking else Status.FAILED
    libs = position.liberties(target)
    if (task.chase and len(libs) >= ESCAPED) or pass_alive(position, target):
        return Status.FAILED if attacking else Status.ACHIEVED
    return Status.OPEN


def pass_alive(position: Position, target: int) -> bool:
    """Whether the chain on ``target`` is unconditionally alive (Benson's algorithm).

    A quick test first: the chain needs two regions (of points without its colour) whose empty
    points are all its liberties; most chains in a fight have none, and skip the full algorithm.
    """
    cells, nbrs = position.cells, position.nbrs
    own = cells[target]
    libs = position.liberties(target)
    if own == 0 or len(libs) < 2:
        return False
    seen: set[int] = set()
    vital = 0
    for start in libs:
        if start in seen:
            continue
        region = {start}
        stack = [start]
        closed = True
        while stack and closed:
            for n in nbrs[stack.pop()]:
                cell = cells[n]
                if n in region or cell == own:
                    continue
                if cell == 0 and n not in libs:
                    closed = False
                    break
                region.add(n)
                stack.append(n)
        seen |= region
        if closed:
            vital += 1
            if vital >= 2:
                chains = find_chains(position.size, cells)
                number = next(k for k, c in enumerate(chains) if target in c.stones)
                return number in benson_alive(position.size, cells, chains, own)
    return False
