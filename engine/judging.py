"""The dead-stone proposal at the stop, from two judges reconciled (Art. 7, 9.2).

The first judge is the bot's own estimator (:func:`engine.estimate.estimate`: shapes, then the
Art. 7.1/7.2 confirmation-play reader on small closed fights). The second, when one answered, is
a GTP engine's ``final_status_list dead`` (GNU Go by default), given here as a set of points;
asking it (with the time budget :func:`engine_budget`) is the caller's business, this module is
pure and synchronous.

Reconciling, on whole chains (a point the engine names that holds no stone is ignored; a stone
it names stands for its whole chain):

1. where the two judges agree, the proposal says what they say;
2. the chains they disagree on are joined into groups (chains of one colour that share a
   liberty or touch diagonally), and each group is read again under Art. 7.1/7.2 with a larger
   zone and node budget than the estimator's own (:class:`engine.estimate_fights.FightReader`):
   a conclusive reading (the opponent moving first captures it, or it holds) settles the group;
3. a group the reading cannot settle is *disputed*: it stays flagged for the players, and the
   proposal takes the estimator's side for it (:data:`DISPUTED_SIDE`). Measured on the OGS
   end positions (``tests/data/ogs_autoscore``): the estimator's side makes 27 of 31 proposals
   right (99.6 % of the judged stones), GNU Go's side 21 of 31 (97.8 %); every group left
   disputed there is one where GNU Go is wrong (seki, scattered dead stones);
4. the estimator's own unsettled points stay, except those it gave only because it doubted its
   own proposal (:attr:`engine.estimate.Estimate.doubtful`) next to chains the engine calls dead
   too: two judges agreeing settle that doubt.

All reading is bounded by node budgets, never by the clock; the answer is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.board import Board
from engine.coords import Point
from engine.estimate import Estimate, estimate
from engine.estimate_fights import FightReader

#: the engine's time budget on 19x19, in seconds
ENGINE_SECONDS = 5.0
#: the re-reading of one disputed group: its zone at most this many empty points and stones ...
REREAD_EMPTY = 24
REREAD_STONES = 80
#: ... and at most this many positions for one group, and for all the groups of one proposal
REREAD_EACH = 300
REREAD_TOTAL = 900
#: a capture read next to an opponent's chain with at most this many liberties settles nothing
SHORT_WALL = 2
#: whose view a disputed group takes in the proposal ("estimator" or "engine")
DISPUTED_SIDE = "estimator"


def engine_budget(size: int) -> float:
    """Seconds the engine may take for its opinion on a board of this size: ENGINE_SECONDS on
    19x19, in proportion to the number of points on smaller boards (at least one second)."""
    return max(1.0, round(ENGINE_SECONDS * size * size / 361, 1))


@dataclass(frozen=True, slots=True)
class Judgement:
    """The proposal and how sure it is.

    ``dead``: the stones proposed dead (whole chains). ``unsettled``: points where play is
    still open (sorted). ``disputed``: groups the two judges still disagree on after the
    re-reading, each a sorted tuple of stones of one colour, the tuple sorted. ``judges``: who
    gave an opinion, ("estimator",) or ("estimator", engine name)."""

    dead: frozenset[Point]
    unsettled: tuple[Point, ...]
    disputed: tuple[tuple[Point, ...], ...]
    judges: tuple[str, ...]

    @property
    def disputed_stones(self) -> frozenset[Point]:
        """Every stone of every disputed group."""
        return frozenset(p for group in self.disputed for p in group)

    @property
    def settled(self) -> bool:
        """No point where play is open and no disputed group: the proposal can be trusted as a
        count (it is still only a proposal, Art. 9.2)."""
        return not self.unsettled and not self.disputed


def judge(
    board: Board,
    engine_dead: Iterable[Point] | None = None,
    *,
    engine: str = "gnugo",
    own: Estimate | None = None,
) -> Judgement:
    """The dead stones proposed for ``board``. ``engine_dead``: the engine's
    ``final_status_list dead`` for this board (None: no engine answered); ``own``: the
    estimator's answer for ``board`` when already worked out (while the engine thought)."""
    own = estimate(board) if own is None else own
    if engine_dead is None:
        return Judgement(own.dead, own.unsettled, (), ("estimator",))
    theirs = whole_chains(board, engine_dead)
    differ = own.dead ^ theirs
    dead = set(own.dead & theirs)
    disputed: list[tuple[Point, ...]] = []
    reader = FightReader(
        board.copy(),
        budget_each=REREAD_EACH,
        max_empty=REREAD_EMPTY,
        max_stones=REREAD_STONES,
        budget_total=REREAD_TOTAL,
        race_each=REREAD_EACH,
        race_total=REREAD_TOTAL,
    )
    # every stone both judges call alive is taken as uncapturable in the re-reading
    agreed = frozenset(p for p, _ in board.stones() if p not in differ and p not in dead)
    for group in disagreement_groups(board, differ):
        verdict = reread(board, group, agreed, reader)
        if verdict is None:
            disputed.append(group)
            side = own.dead if DISPUTED_SIDE == "estimator" else theirs
            if group[0] in side:
                dead.update(group)
        elif verdict:
            dead.update(group)
    # a dead chain the estimator alone doubted (step 7 of engine.estimate) is settled when the
    # engine calls it dead too
    unsettled = set(own.unsettled) - {
        q for q in own.doubtful if all(n in theirs for n in board.neighbours(q) if n in own.dead)
    }
    return Judgement(
        frozenset(dead),
        tuple(sorted(unsettled)),
        tuple(sorted(disputed)),
        ("estimator", engine),
    )


def whole_chains(board: Board, points: Iterable[Point]) -> frozenset[Point]:
    """Every stone of every chain that holds one of ``points`` (empty points are ignored)."""
    out: set[Point] = set()
    size = board.size
    for p in points:
        if 0 <= p.row < size and 0 <= p.col < size and p not in out:
            out |= board.chain(p)
    return frozenset(out)


def disagreement_groups(board: Board, stones: frozenset[Point]) -> list[tuple[Point, ...]]:
    """``stones`` (whole chains) joined into groups: chains of one colour that share a liberty
    or touch diagonally. Each group sorted, the list sorted."""
    size = board.size
    left = set(stones)
    groups: list[tuple[Point, ...]] = []
    for start in sorted(stones):
        if start not in left:
            continue
        color = board.get(start)
        members: set[Point] = set()
        todo = [start]
        while todo:
            p = todo.pop()
            if p not in left:
                continue
            chain = board.chain(p)
            left -= chain
            members |= chain
            near: set[Point] = set()
            for s in chain:
                for lib in board.neighbours(s):
                    if board.get(lib) is None:
                        near.update(board.neighbours(lib))
                for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                    r, c = s.row + dr, s.col + dc
                    if 0 <= r < size and 0 <= c < size:
                        near.add(Point(r, c))
            todo.extend(q for q in sorted(near) if q in left and board.get(q) is color)
        groups.append(tuple(sorted(members)))
    return sorted(groups)


def reread(
    board: Board, group: tuple[Point, ...], agreed: frozenset[Point], reader: FightReader
) -> bool | None:
    """The group read again under Art. 7.1/7.2 in a larger zone (the stones both judges call
    alive are its walls): True (the opponent, moving first, captures it, and wins the capturing
    race if the walls are short of liberties), False (it holds), None (the fight is not closed
    and small enough, or the budget ran out: the reading settles nothing)."""
    target = frozenset(group)
    fight = reader.read(target, agreed - target)
    if fight is None or fight.reading.dead is None:
        return None
    if fight.reading.dead and _short_walls(board, target):
        return None
    return fight.reading.dead


def _short_walls(board: Board, target: frozenset[Point]) -> bool:
    """Whether a chain of the opponent next to ``target`` has at most ``SHORT_WALL`` liberties:
    the capture read with that chain taken as a wall may be a seki or a lost capturing race
    once the wall itself is attacked, so it settles nothing."""
    color = board.get(min(target))
    seen: set[Point] = set()
    for p in sorted(target):
        for n in board.neighbours(p):
            if n in seen or board.get(n) is None or board.get(n) is color:
                continue
            seen |= board.chain(n)
            if len(board.liberties(n)) <= SHORT_WALL:
                return True
    return False
