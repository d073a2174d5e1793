"""Small closed fights of the stopped position, read out under Art. 7 for :mod:`engine.estimate`.

A weak group whose fight is small and closed (its *zone*: the empty points and stones reached from
it without crossing a strong chain, see :func:`engine.estimate_search.zone_of`) is read with
:class:`engine.estimate_search.Reader`: dead when the opponent, moving first, captures it under the
confirmation ko rule (Art. 7.2), alive when it holds. That verdict stands over the shape-based
rules of :mod:`engine.estimate_core`. A capture is read again as a capturing race when a chain of
the attacker around the zone (taken as uncapturable there) is short of liberties, some outside
the zone: the defender may then fill those, and a line where it captures that chain first is
its win; the target is dead only if the capture still comes first. A reading that runs out of
budget, or a race the attacker does not win, is not conclusive: the group is left alive (the
shape rules may not call it dead, it may be a seki) and its fight is reported as open (see
:mod:`engine.estimate`). A zone with no stone of the opponent in or next to it is no fight and is
not read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.board import Board
from engine.coords import Point
from engine.estimate_round import Round
from engine.estimate_search import Reader, Reading, zone_of

#: a fight is read only when its zone holds at most this many empty points ...
MAX_EMPTY = 10
#: ... and this many stones
MAX_STONES = 40
#: a chain of the attacker next to the zone with at most this many liberties, some outside the
#: zone, could be counter-attacked there: the reading plays on those liberties too
SHORT_LIBERTIES = 3
#: positions one reading may visit, and all readings of one proposal together
BUDGET_EACH = 300
BUDGET_TOTAL = 900
#: a chain in atari of at most this many stones, in a group whose reading is not conclusive, is
#: read alone, with at most this many positions
ATARI_STONES = 2
ATARI_BUDGET = 60
#: positions all those readings of chains in atari may visit
SMALL_TOTAL = 600
#: positions one reading of a capturing race may visit, and all of them together
RACE_EACH = 1500
RACE_TOTAL = 3000


@dataclass(frozen=True, slots=True)
class Fight:
    """One read fight: the target's stones, its zone and the reading."""

    target: frozenset[Point]
    zone: frozenset[Point]
    reading: Reading


@dataclass
class FightReader:
    """The readings of one proposal (cached across the rounds of the analysis)."""

    board: Board
    budget_each: int = BUDGET_EACH
    #: the zone of a fight read: at most this many empty points and stones
    max_empty: int = MAX_EMPTY
    max_stones: int = MAX_STONES
    #: positions all readings (captures, then capturing races) may visit together
    budget_total: int = BUDGET_TOTAL
    race_each: int = RACE_EACH
    race_total: int = RACE_TOTAL
    reader: Reader = field(init=False)
    race_reader: Reader = field(init=False)
    small_reader: Reader = field(init=False)
    fights: dict[tuple[frozenset[Point], frozenset[Point]], Fight] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.reader = Reader(self.budget_total)
        self.race_reader = Reader(self.race_total)
        self.small_reader = Reader(SMALL_TOTAL)

    def verdicts(self, analysis: Round, strong: set[int]) -> tuple[dict[int, bool], set[int]]:
        """Per weak group of ``analysis`` whose fight is small and closed: True if the reading
        shows it dead, False if it holds or the reading ran out of budget (not conclusive: left
        alive, reported open). And the chains (numbers of ``analysis``) of groups left so that
        are dead on their own: in atari, and captured whatever their owner does (a ko stone of
        a double-ko seki, Art. 7.2)."""
        size = analysis.size
        chains = analysis.chains
        groups = analysis.groups
        safe = frozenset(Point(*divmod(s, size)) for c in analysis.safe for s in chains[c].stones)
        uncapturable = (
            frozenset(
                Point(*divmod(s, size)) for g in strong for c in groups[g] for s in chains[c].stones
            )
            | safe
        )
        out: dict[int, bool] = {}
        dead_chains: set[int] = set()
        for g, members in sorted(groups.items()):
            if g in strong:
                continue
            target = frozenset(Point(*divmod(s, size)) for c in members for s in chains[c].stones)
            fight = self.read(target, uncapturable, safe)
            if fight is None:
                continue
            out[g] = bool(fight.reading.dead)
            if fight.reading.dead is None and len(members) > 1:
                for c in members:
                    stones = frozenset(Point(*divmod(s, size)) for s in chains[c].stones)
                    if self.read_in_atari(stones, fight.zone):
                        dead_chains.add(c)
        return out, dead_chains

    def read(
        self,
        target: frozenset[Point],
        uncapturable: frozenset[Point],
        safe: frozenset[Point] = frozenset(),
    ) -> Fight | None:
        """The reading of ``target`` in its zone, or None when the zone is not small and closed.
        A chain of the attacker around the zone, not in ``safe`` (unconditionally alive), that
        is short of liberties some of which lie outside the zone may be counter-attacked there:
        those liberties are read too, and the defender wins a line where it captures the chain
        first (a capturing race)."""
        zone = zone_of(
            self.board,
            sorted(target),
            uncapturable,
            max_empty=self.max_empty,
            max_stones=self.max_stones,
        )
        if zone is None or not self._has_opponent(target, zone):
            return None
        key = (target, zone)
        fight = self.fights.get(key)
        if fight is None:
            if self.reader.budget > 0:
                local = self.local_board(zone)
                budget = min(self.budget_each, self.reader.budget)
                reading = self.reader.capture(local, target, zone, budget=budget)
                if reading.dead:
                    reading = self._race(target, zone, safe, reading)
            else:
                reading = Reading(None)
            fight = self.fights[key] = Fight(target, zone, reading)
        return fight

    def _has_opponent(self, target: frozenset[Point], zone: frozenset[Point]) -> bool:
        """Whether a stone of the target's opponent stands in the zone or next to it: with none
        there is no fight to read (a lone group on an empty board is nobody's prisoner)."""
        board = self.board
        opponent = board.get(min(target))
        if opponent is None:
            return False
        opponent = opponent.opponent
        return any(
            board.get(p) is opponent or any(board.get(n) is opponent for n in board.neighbours(p))
            for p in zone
        )

    def read_in_atari(self, chain: frozenset[Point], zone: frozenset[Point]) -> bool:
        """Whether ``chain``, in atari, is captured whatever its owner does (read in ``zone``,
        the fight of its group); no when it has more liberties or the reading is not sure."""
        if len(self.board.liberties(min(chain))) != 1 or len(chain) > ATARI_STONES:
            return False
        key = (chain, zone)
        fight = self.fights.get(key)
        if fight is None:
            if self.small_reader.budget <= 0:
                return False
            reading = self.small_reader.capture(
                self.local_board(zone), chain, zone, budget=ATARI_BUDGET
            )
            fight = self.fights[key] = Fight(chain, zone, reading)
        return bool(fight.reading.dead)

    def _race(
        self,
        target: frozenset[Point],
        zone: frozenset[Point],
        safe: frozenset[Point],
        reading: Reading,
    ) -> Reading:
        """``reading`` (a capture) read again with the defender's counter-attack on the short
        chains of the attacker around the zone: dead only if the capture still comes first;
        a lost or unread race is not conclusive (unknown: left alive, reported open)."""
        guards, extra = self._short_attackers(target, zone, safe)
        if not guards:
            return reading
        if self.race_reader.budget <= 0:
            return Reading(None, reading.first)
        race = self.race_reader.capture(
            self.local_board(zone | extra),
            target,
            zone | extra,
            budget=self.race_each,
            guards=guards,
        )
        return race if race.dead else Reading(None, reading.first)

    def _short_attackers(
        self, target: frozenset[Point], zone: frozenset[Point], safe: frozenset[Point]
    ) -> tuple[tuple[Point, ...], frozenset[Point]]:
        """The stones of the attacker's chains next to ``zone`` (outside it), not in ``safe``,
        with at most ``SHORT_LIBERTIES`` liberties, some outside the zone (the defender may fill
        those and capture the chain first: a capturing race), and those outside liberties."""
        board = self.board
        color = board.get(min(target))
        if color is None:
            return (), frozenset()
        attacker = color.opponent
        seen: set[Point] = set()
        guards: set[Point] = set()
        extra: set[Point] = set()
        for p in sorted(zone):
            for n in board.neighbours(p):
                if n in zone or n in seen or n in safe or board.get(n) is not attacker:
                    continue
                chain = board.chain(n)
                seen |= chain
                libs = board.liberties(n)
                if len(libs) <= SHORT_LIBERTIES and not libs <= zone:
                    guards |= chain
                    extra |= libs - zone
        return tuple(sorted(guards)), frozenset(extra)

    def local_board(self, zone: frozenset[Point]) -> Board:
        """A board with the stones of ``zone``, the chains next to it and the chains next to
        those only: fewer stones to copy at every move read, and every chain next to the zone
        keeps exactly its liberties."""
        board = self.board
        keep = {p for p in zone if board.get(p) is not None}
        for _ in range(2):
            for p in sorted(keep | zone):
                for n in board.neighbours(p):
                    if n not in keep and board.get(n) is not None:
                        keep |= board.chain(n)
        local = Board(board.size)
        local.edit((board.get(p), p) for p in sorted(keep))
        return local

    def open_fights(self) -> Sequence[Fight]:
        """The fights whose reading ran out of budget."""
        return [f for f in self.fights.values() if f.reading.dead is None]
