"""The search behind :mod:`engine.reading` (its docstring states the rules of the search).

Two passes over the tree. The first (:meth:`Reader.wins`) settles who wins, depth first with
short-circuits and a table of exact results. The second (:meth:`Reader.forces`) counts plies: can
the known winner finish within ``d`` plies; its table keeps, per position, the fewest plies known
to do and the most known not to, and the root tries ``d`` by galloping (1, 2, 4, ... then
halving), which is iterative deepening in fewer rounds. Positions are :class:`Position` (flat
indices, colours as 1 and 2); a move is an index, :data:`PASS` a pass.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.reading_board import Position
from engine.reading_task import ReadingLimit, Status, Task, position_status

#: a line longer than this many plies is a loss for the attacker (so is a line that repeats)
MAX_DEPTH = 150

#: in CAPTURE and ESCAPE, a target with three liberties and the attacker to move this many plies
#: into the problem (or more) has escaped: the chase has had its chance
CHASE_DEPTH = 10

#: in CAPTURE and ESCAPE, the attacker plays nets (points next to the target's liberties) only
#: this many plies into the problem; deeper, it plays the target's liberties (ladders)
NET_DEPTH = 5

PASS = -1

#: a position for the search: its hash, the side to move and the simple-ko point (Art. 6)
Key = tuple[int, int, int]

_NEVER = MAX_DEPTH + 1


def _gallop(holds: Callable[[int], bool], limit: int) -> int | None:
    """The least ``d`` in 1..limit for which ``holds`` (monotone: false, then true) is true, or
    None."""
    low, d = 0, 1
    while not holds(d):
        low = d
        if d >= limit:
            return None
        d = min(2 * d, limit)
    high = d
    while high - low > 1:
        mid = (low + high) // 2
        if holds(mid):
            high = mid
        else:
            low = mid
    return high


class Reader:
    """One task's reading, with its tables (shared by every question asked of it)."""

    def __init__(self, task: Task, size: int, budget: int) -> None:
        self.task = task
        self.player = int(task.player)
        self.attacker = int(task.attacker)
        self.defender = int(task.defender)
        self.target = task.target.row * size + task.target.col
        self.region = frozenset(
            p.row * size + p.col for p in task.region if 0 <= p.row < size and 0 <= p.col < size
        )
        self.chase = task.chase
        self.budget = budget
        self.nodes = 0
        #: exact results of the first pass: does the side to move win, and its winning move
        self.known: dict[Key, tuple[bool, int]] = {}
        #: the second pass, per (position, winner): fewest plies known enough, most known not
        self.bounds: dict[tuple[Key, int], tuple[int, int]] = {}
        #: the last good move found in a position (tried first next time)
        self.hints: dict[Key, int] = {}
        self._path: set[Key] = set()

    # -- the position --------------------------------------------------------------------------

    def child(self, position: Position, color: int, move: int) -> Position:
        """A copy of ``position`` after ``color`` plays ``move`` (a legal one, or a pass)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise ReadingLimit(f"no exact reading within {self.budget} nodes")
        after = position.copy()
        if move == PASS:
            after.pass_move()
        else:
            after.play(color, move)
        return after

    def settled(self, position: Position, color: int, depth: int) -> int:
        """The colour that has won when the line ends here with ``color`` to move, ``depth``
        plies into the problem (:func:`status`, or the chase has run out); else 0."""
        found = position_status(position, self.task, self.target)
        if found is Status.OPEN:
            if (
                self.chase
                and depth >= CHASE_DEPTH
                and color == self.attacker
                and len(position.liberties(self.target)) >= 3
            ):
                return self.defender
            return 0
        return self.player if found is Status.ACHIEVED else 3 - self.player

    def _capture_now(self, position: Position) -> int:
        """The attacker's capturing move when the target is in atari, else :data:`PASS`."""
        libs = position.liberties(self.target)
        if len(libs) == 1:
            (last,) = libs
            if position.is_legal(self.attacker, last):
                return last
        return PASS

    def moves(self, position: Position, color: int, depth: int, hint: int = PASS) -> list[int]:
        """The legal candidate moves of ``color`` (no pass), ``depth`` plies into the problem,
        best first: the hint, captures, the target's liberties, then points with more empty
        neighbours."""
        cells, nbrs = position.cells, position.nbrs
        libs = position.liberties(self.target)
        points: set[int]
        if self.chase:
            # the target's liberties and the defender's captures of the chains around it are
            # always read, wherever they are (a chain runs out of the region, or escapes by
            # capturing outside it); the region bounds only the moves near the liberties (nets)
            near: set[int] = set()
            if color == self.defender or depth < NET_DEPTH:
                for lib in libs:
                    near.update(n for n in nbrs[lib] if cells[n] == 0)
            points = set(libs) | (near & self.region)
            if color == self.defender:
                for stone in position.chain(self.target)[0]:
                    for n in nbrs[stone]:
                        if cells[n] == self.attacker:
                            theirs = position.liberties(n)
                            if len(theirs) <= 2:
                                points |= theirs
        else:
            points = {p for p in self.region if cells[p] == 0}
        scored = []
        for p in points:
            if not position.is_legal(color, p):
                continue
            score = 1000 if p == hint else 20 if p in libs else 0
            for n in nbrs[p]:
                cell = cells[n]
                if cell == 0:
                    score += 3
                elif cell != color:
                    count = len(position.liberties(n))
                    score += 100 if count == 1 else 5 if count == 2 else 0
            scored.append((-score, p))
        scored.sort()
        return [p for _, p in scored]

    # -- the first pass: who wins --------------------------------------------------------------

    def wins(self, position: Position, color: int, depth: int) -> tuple[bool, bool]:
        """Whether ``color``, to move, reaches its aim; and whether that is exact (no line was cut
        by a repetition or by :data:`MAX_DEPTH`, which count as losses for the attacker)."""
        key = (position.hash, color, position.ko)
        known = self.known.get(key)
        if known is not None:
            return known[0], True
        winner = self.settled(position, color, depth)
        if winner:
            return winner == color, True
        if depth >= MAX_DEPTH or key in self._path:
            return color == self.defender, False
        if color == self.attacker:
            capture = self._capture_now(position)
            if capture != PASS:
                self.known[key] = (True, capture)
                return True, True
        self._path.add(key)
        try:
            return self._wins_by_moves(position, color, depth, key)
        finally:
            self._path.discard(key)

    def _wins_by_moves(
        self, position: Position, color: int, depth: int, key: Key
    ) -> tuple[bool, bool]:
        hint = self.hints.get(key, PASS)
        options = self.moves(position, color, depth, hint)
        if color == self.defender:  # the attacker's pass loses: the defender passes back
            if key in self.hints and hint == PASS:
                options.insert(0, PASS)
            else:
                options.append(PASS)
        exact = True
        for move in options:
            won, sure = self.wins(self.child(position, color, move), 3 - color, depth + 1)
            if not won:
                self.hints[key] = move
                if sure:
                    self.known[key] = (True, move)
                return True, sure
            exact = exact and sure
        if exact:
            self.known[key] = (False, PASS)
        return False, exact

    # -- the second pass: how many plies -------------------------------------------------------

    def forces(self, position: Position, color: int, who: int, plies: int, depth: int) -> bool:
        """Whether ``who`` reaches its aim within ``plies`` moves (passes count) with ``color``
        to move, whatever the other side does (``depth``: plies into the problem)."""
        winner = self.settled(position, color, depth)
        if winner:
            return winner == who
        if plies <= 0:
            return False
        key = (position.hash, color, position.ko)
        known = self.known.get(key)
        if known is not None and known[0] != (color == who):
            return False
        enough, short = self.bounds.get((key, who), (_NEVER, 0))
        if plies >= enough:
            return True
        if plies <= short:
            return False
        result = self._forces_by_moves(position, color, who, plies, depth, key)
        if result:
            enough = min(enough, plies)
        else:
            short = max(short, plies)
        self.bounds[(key, who)] = (enough, short)
        return result

    def _forces_by_moves(
        self, position: Position, color: int, who: int, plies: int, depth: int, key: Key
    ) -> bool:
        if color == who == self.attacker and self._capture_now(position) != PASS:
            return True
        if color != who and color == self.attacker and plies < 2:
            return False  # the attacker passes and the defender passes back: two plies
        options = self.moves(position, color, depth, self.hints.get(key, PASS))
        if color == self.defender:
            options.append(PASS)
        for move in options:
            after = self.child(position, color, move)
            done = self.forces(after, 3 - color, who, plies - 1, depth + 1)
            if done and color == who:
                self.hints[key] = move
                return True
            if not done and color != who:
                return False
        return color != who

    # -- the root ------------------------------------------------------------------------------

    def solve(self, position: Position, color: int, depth: int = 0) -> tuple[bool, int, int]:
        """``(wins, move, plies)`` for ``color`` to move, ``depth`` plies into the problem (see
        :class:`engine.reading.Verdict`). The first pass raises :class:`ReadingLimit`; when the
        budget runs out in the second, the move is the best known and ``plies`` a lower bound."""
        winner = self.settled(position, color, depth)
        if winner:
            return winner == color, PASS, 0
        won, _ = self.wins(position, color, depth)
        key = (position.hash, color, position.ko)
        who = color if won else 3 - color
        options = self.moves(position, color, depth, self.hints.get(key, PASS))
        options.append(PASS)
        children: dict[int, Position] = {}
        survivor = [self.hints.get(key, PASS) if won else PASS]
        floor = [0]  # the most plies known not to be enough
        losing: set[int] = set()  # the side to move's losing moves, when it wins

        def within(move: int, plies: int) -> bool:
            if move == PASS and color == self.attacker:
                return who == self.defender and plies >= 2
            after = children.get(move)
            if after is None:
                after = children[move] = self.child(position, color, move)
                if won and self.wins(after, 3 - color, depth + 1)[0]:
                    losing.add(move)  # it cannot win faster either
            if move in losing:
                return False
            return self.forces(after, 3 - color, who, plies - 1, depth + 1)

        def holds(plies: int) -> bool:
            if won:
                result = any(within(m, plies) for m in options)
            else:
                result = True
                for m in options:
                    if not within(m, plies):
                        survivor[0], result = m, False
                        break
            if not result:
                floor[0] = max(floor[0], plies)
            return result

        try:
            plies = _gallop(holds, MAX_DEPTH)
        except ReadingLimit:
            return won, survivor[0], floor[0] + 1
        if plies is None:
            return won, survivor[0], MAX_DEPTH
        if won:
            best = next(m for m in options if within(m, plies))
        else:
            longest = [m for m in options if not within(m, plies - 1)]
            # a capture resists as long as a pass: played (a snapback's first capture), else
            # the pass: a move that changes nothing is no resistance
            captures = [m for m in longest if m != PASS and position.captures(color, m)]
            best = captures[0] if captures else PASS if PASS in longest else longest[0]
        return won, best, plies

    def first_moves(self, position: Position, color: int) -> list[int]:
        """Every legal move of ``color`` in the region after which it reaches its aim."""
        out = []
        for p in sorted(self.region):
            if not position.is_legal(color, p):
                continue
            after = self.child(position, color, p)
            winner = self.settled(after, 3 - color, 1)
            if winner == color if winner else not self.wins(after, 3 - color, 1)[0]:
                out.append(p)
        return out
