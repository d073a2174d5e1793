"""Reading life and death the way Art. 7 decides it, on a small closed part of the board.

Art. 7.1: stones are dead when the opponent, moving first, can capture them, unless capturing
them lets their owner play a stone that cannot be captured. Art. 7.2: in such a demonstration a
player whose stone was taken in a ko may retake *that* ko only after passing once for it. The
reading here plays those demonstrations with :class:`engine.confirmation.ConfirmationPlay`, so the
bent four in the corner is dead whatever the ko threats (Example 7), a direct ko left open kills
the side that would need to win it (Examples 9 and 11), an approach-move ko does not (Example 10)
and the stones in the kos of a double-ko seki are dead (Example 25).

The reading is local: it is given a *zone* (the points of a fight bounded by the board's edge and
by chains taken as uncapturable) and plays only there. The attacker moves first and wins when no
stone of the defender is left on the target's points; the defender wins by holding out to the
depth limit or by a repetition. It is a search with a node budget; past it the answer is
"unknown" (None), never a guess.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.confirmation import ConfirmationPlay
from engine.coords import Point
from engine.errors import IllegalMove
from engine.regions import flood
from engine.tables import point_table

#: the deepest demonstration read, in moves and passes of both players
MAX_DEPTH = 17
#: a capture of at most this many points is checked for Art. 7.1's second clause (a stone the
#: owner can then play that cannot be captured: three points without capturing, a snapback)
CLAUSE_TWO_POINTS = 4
#: depth of that check (the attacker's tries to capture the new stone)
CLAUSE_TWO_DEPTH = 5


class OutOfBudget(Exception):
    """The reading needed more positions than it was allowed."""


@dataclass(frozen=True, slots=True)
class Reading:
    """The answer for one target: ``dead`` is True (the attacker captures it), False (it holds)
    or None (the budget ran out); ``first`` is the attacker's first move of a winning line (None
    for a pass or when there is none); ``after`` the position when the target was captured."""

    dead: bool | None
    first: Point | None = None
    after: ConfirmationPlay | None = None


class Reader:
    """Reads captures; ``budget`` bounds the positions visited, over all calls."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def capture(
        self,
        board: Board,
        target: Iterable[Point],
        zone: Iterable[Point],
        *,
        max_depth: int = MAX_DEPTH,
        budget: int | None = None,
        to_move: Color | None = None,
        guards: Iterable[Point] = (),
    ) -> Reading:
        """Can the opponent of the stones ``target``, moving first, capture them all by play
        inside ``zone`` of ``board`` (Art. 7.1 and 7.2)? ``budget`` caps this call (within the
        total). ``guards`` are stones of the attacker that the defender may capture in turn (a
        capturing race): a line where one of them is taken first is the defender's."""
        points = tuple(sorted(set(target)))
        color = board.get(points[0])
        if color is None:
            return Reading(True)
        attacker = color.opponent
        state = ConfirmationPlay.__new__(ConfirmationPlay)
        state.board = board
        state.to_move = attacker if to_move is None else to_move
        state.bans = {}
        search = _Search(self, points, color, frozenset(zone), budget, guards=tuple(guards))
        try:
            for depth in range(1, max_depth + 1, 2):
                found = search.win(state, depth, set())
                if found is not None:
                    return Reading(True, search.first, found)
        except OutOfBudget:
            return Reading(None)
        return Reading(False)

    def spend(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise OutOfBudget


class _Search:
    """One reading: AND/OR search with iterative deepening and a table of proven wins."""

    def __init__(
        self,
        reader: Reader,
        target: tuple[Point, ...],
        defender: Color,
        zone: frozenset[Point],
        budget: int | None,
        *,
        clause_two: bool = True,
        guards: tuple[Point, ...] = (),
    ) -> None:
        self.reader = reader
        self.target = target
        self.defender = defender
        self.attacker = defender.opponent
        self.zone = sorted(zone)
        self.zone_set = zone
        self.limit = budget
        self.clause_two = clause_two
        self.guards = guards
        self.wins: dict[object, tuple[int, ConfirmationPlay]] = {}
        self.holds: dict[object, int] = {}
        self.first: Point | None = None

    def spend(self) -> None:
        self.reader.spend()
        if self.limit is not None:
            self.limit -= 1
            if self.limit < 0:
                raise OutOfBudget

    def captured(self, board: Board) -> bool:
        defender = self.defender
        return all(board.get(p) is not defender for p in self.target)

    def win(
        self, state: ConfirmationPlay, depth: int, path: set[object]
    ) -> ConfirmationPlay | None:
        """The position where the target is captured on a line the attacker can force from
        ``state`` within ``depth`` moves, or None."""
        board = state.board
        attacker = self.attacker
        if any(board.get(p) is not attacker for p in self.guards):
            return None  # the defender won the race
        if self.captured(board):
            return state if self._clause_two_fails(state) else None
        if depth <= 0:
            return None
        key = state.key()
        if key in path:
            return None  # a repetition: the defender holds
        known = self.wins.get(key)
        if known is not None and known[0] <= depth:
            return known[1]
        if self.holds.get(key, -1) >= depth:
            return None
        attacking = state.to_move is self.attacker
        moves_left = (depth + 1) // 2 if attacking else depth // 2
        if self._most_liberties(board) > moves_left:
            return None
        self.spend()
        path.add(key)
        try:
            found = self._expand(state, depth, path, attacking)
        finally:
            path.discard(key)
        if found is not None:
            self.wins[key] = (depth, found)
        else:
            self.holds[key] = depth
        return found

    def _expand(
        self, state: ConfirmationPlay, depth: int, path: set[object], attacking: bool
    ) -> ConfirmationPlay | None:
        children = self._children(state, attacking)
        top = len(path) == 1
        if attacking:
            for point, child in children:
                found = self.win(child, depth - 1, path)
                if found is not None:
                    if top:
                        self.first = point
                    return found
            return None
        last: ConfirmationPlay | None = None
        for _, child in children:
            found = self.win(child, depth - 1, path)
            if found is None:
                return None
            last = found
        return last

    def _most_liberties(self, board: Board) -> int:
        most = 0
        seen: set[Point] = set()
        defender = self.defender
        for p in self.target:
            if p in seen or board.get(p) is not defender:
                continue
            seen |= board.chain(p)
            most = max(most, len(board.liberties(p)))
        return most

    def _children(
        self, state: ConfirmationPlay, attacking: bool
    ) -> Iterator[tuple[Point | None, ConfirmationPlay]]:
        """The moves of the player to move, best first (captures, then liberties), each with the
        position after it; generated lazily: a position is copied only when the search gets to
        it (an attacker's first winning move, a defender's first losing one, ends the list)."""
        board = state.board
        color = state.to_move
        target_libs: set[Point] = set()
        for p in self.target:
            if board.get(p) is self.defender:
                target_libs |= board.liberties(p)
        scored: list[tuple[tuple[int, int, int], Point]] = []
        key: tuple[int, int, int]
        for point in self.zone:
            if board.get(point) is not None or _fills_own_eye(board, color, point):
                continue
            if board.legality(color, point) is not None:
                continue
            captured, own = _after_move(board, color, point)
            if own == 0:
                continue
            if attacking:
                key = (captured, int(point in target_libs), own)
            else:
                key = (captured, own, int(point in target_libs))
            scored.append((key, point))
        scored.sort(key=lambda item: item[0], reverse=True)
        for _, point in scored:
            try:
                child, _report = state.after(color, point)
            except IllegalMove:
                continue  # a ko retaken without the pass Art. 7.2 asks for
            yield point, child
        banned = sorted(
            (min(ko) for ko, who in state.bans.items() if who is color), key=lambda p: p
        )
        if banned:
            for ko_point in banned:
                yield None, state.after_pass(color, ko_point)
        elif not attacking:
            yield None, state.after_pass(color)

    def _clause_two_fails(self, state: ConfirmationPlay) -> bool:
        """True unless the capture lets the defender play a stone on the captured points that the
        attacker cannot capture in turn (Art. 7.1, second clause)."""
        if not self.clause_two or len(self.target) > CLAUSE_TWO_POINTS:
            return True
        if state.to_move is not self.defender:
            return True
        for point in self.target:
            if state.board.get(point) is not None:
                continue
            try:
                child, report = state.after(self.defender, point)
            except IllegalMove:
                continue
            if len(report.captured) >= 2:
                return False  # a snapback: the stone that takes them back stands
            inner = _Search(
                self.reader,
                tuple(sorted(child.board.chain(point))),
                self.defender,
                self.zone_set | set(self.target),
                None,
                clause_two=False,
            )
            held = True
            for depth in range(1, CLAUSE_TWO_DEPTH + 1, 2):
                if inner.win(child, depth, set()) is not None:
                    held = False
                    break
            if held:
                return False
        return True


def _after_move(board: Board, color: Color, point: Point) -> tuple[int, int]:
    """For a legal move of ``color`` on the empty ``point``: how many stones it captures, and
    the liberties of the chain it makes (without playing it)."""
    captured: set[Point] = set()
    own: set[Point] = {point}
    libs: set[Point] = set()
    for n in board.neighbours(point):
        stone = board.get(n)
        if stone is None:
            libs.add(n)
        elif stone is color:
            if n not in own:
                own |= board.chain(n)
                libs |= board.liberties(n)
        elif n not in captured and board.liberties(n) == {point}:
            captured |= board.chain(n)
    libs.discard(point)
    for p in captured:
        if any(q in own for q in board.neighbours(p)):
            libs.add(p)
    return len(captured), len(libs)


def _fills_own_eye(board: Board, color: Color, point: Point) -> bool:
    """A point whose every neighbour is a stone of ``color`` with another liberty: playing it
    fills one's own eye and captures nothing."""
    for n in board.neighbours(point):
        if board.get(n) is not color or len(board.liberties(n)) < 2:
            return False
    return True


def zone_of(
    board: Board,
    start: Sequence[Point],
    uncapturable: frozenset[Point],
    *,
    max_empty: int,
    max_stones: int,
) -> frozenset[Point] | None:
    """The points of the fight around ``start``: flood through empty points and stones not in
    ``uncapturable`` (whole chains); None when it grows past ``max_empty`` empty points or
    ``max_stones`` stones (the fight is not closed and small)."""
    size = board.size
    joins = [True] * (size * size)
    for p in uncapturable:
        joins[p.row * size + p.col] = False
    starts = (p.row * size + p.col for p in start if p not in uncapturable)
    members = flood(size, starts, joins, limit=max_empty + max_stones)
    if members is None:
        return None
    points = point_table(size)
    zone = frozenset(points[i] for i in members)
    empties = sum(1 for p in zone if board.get(p) is None)
    if empties > max_empty or len(zone) - empties > max_stones:
        return None
    return zone
