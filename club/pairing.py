"""League pairings: a whole round robin (Berger tables), and one Swiss or McMahon round at a time
by a maximum-weight matching (networkx's blossom algorithm).

Round robin: :func:`round_robin` gives every round at once.

>>> for games in round_robin(["ann", "bob", "cid"]):
...     print([(p.black, p.white) for p in games])
[('bob', 'cid'), ('ann', None)]
[('ann', 'bob'), ('cid', None)]
[('cid', 'ann'), ('bob', None)]

Swiss and McMahon: :func:`swiss_round` and :func:`mcmahon_round` pair one round from the games of
the earlier rounds. The score is the wins (a jigo half a win, a bye one win when byes win); for
McMahon ``mms_start`` plus the wins. Scores are compared in half points. Every possible board is
an edge whose weight ranks the pairings by these criteria, each outweighing all later ones:

1. repeats: a pairing already played, or a second bye, only when nothing else is possible;
2. the bye: to the lowest-scored, then lowest-ranked, then first-by-id player who has not had one;
3. score groups: the smallest sum of the squared score differences (in half points), so that
   boards stay within score groups and a float goes to a near group rather than far,
4. then as few boards across score groups as possible;
5. colours: as few games as possible beyond one off balance (Blacks minus Whites) after this
   round (score groups come first: when a group's winners are mostly due the same colour, some
   of them get a second Black or White in a row rather than leave their group);
6. rank closeness (squared), so that within a group the top players meet each other;
7. a tie break: players close in the order score, rank, id are paired first.

Black goes to the player with the lower colour balance (Blacks minus Whites, so that a late
joiner or a bye does not skew it), then the one with fewer Blacks, then the lower-ranked, then the
first by id. With ``handicap_auto`` and different ranks, the weaker takes Black with
``handicap = min(difference, 9)`` stones (none for a difference of 1) and komi 0.5; colours are
then not counted as a criterion. Games of round ``round_no`` or later are ignored. Withdrawn
players (in ``played``, not in ``entrants``) are not paired; their games still count for their
opponents' scores and repeats. Late joiners (no games) enter with their score so far (0, or
``mms_start``). The result does not depend on the order of the inputs.

For speed (the blossom algorithm takes about 2 s over every pair of 200 players, 0.1 to 0.4 s over
the candidates), each player of a league larger than ``2 * window + 1`` is first offered
only to candidates, none a repeat: its neighbours in the order score, rank, id (walking both
ways until ``window`` of them keep colours balanced, or ``2 * window`` were seen), and the
``window`` players closest in rank in each neighbouring score group (where it may float). If that
gives no pairing, a repeat, or a bye to anyone but the first in line, the round is paired again
over every pair: criteria 1 and 2 are always met exactly, the later ones are optimal among the
candidates (on simulated 100- and 200-player seasons, the same totals as over every pair).
``window=None`` always uses every pair.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Sequence

import networkx as nx

from club.league_types import Entrant, Pairing, Played, Tally, tally

__all__ = ["DEFAULT_WINDOW", "mcmahon_round", "round_robin", "swiss_round"]

DEFAULT_WINDOW = 8
"""The candidates of a large league (see the module's description): each player is first offered
``window`` colour-fit neighbours each way along the order, and the ``window`` players closest in
rank in each neighbouring score group."""

_MAX_HANDICAP = 9

_Costs = tuple[int, int, int, int, int, int, int]
"""(repeats, bye position, score difference², cross-group, colour excess, rank difference², order
distance): compared lexicographically."""


def round_robin(ids: Sequence[str]) -> list[list[Pairing]]:
    """Every round of a round robin among ``ids``, from the Berger tables.

    Player ``k`` (in the order given) is the Berger table's number ``k + 1``; an odd count adds a
    bye as the last number, so there are ``n`` rounds, else ``n - 1``. The first named of a
    Berger board takes Black. Boards follow the table; a bye comes last in its round.
    """
    if len(set(ids)) != len(ids):
        raise ValueError("round_robin: duplicate ids")
    players: list[str | None] = list(ids)
    if not players:
        return []
    if len(players) % 2:
        players.append(None)
    n = len(players)
    fixed, shift = n - 1, n // 2
    table = [(k, n - 1 - k) for k in range(n // 2)]
    rounds: list[list[Pairing]] = []
    for number in range(n - 1):
        if number:
            table = [_berger_next(a, b, fixed, shift) for a, b in table]
        games, byes = [], []
        for a, b in table:
            first, second = players[a], players[b]
            if second is None and first is not None:
                byes.append(Pairing(first, None))
            elif first is None and second is not None:
                byes.append(Pairing(second, None))
            elif first is not None and second is not None:
                games.append(Pairing(first, second))
        rounds.append(games + byes)
    return rounds


def _berger_next(a: int, b: int, fixed: int, shift: int) -> tuple[int, int]:
    """One board of the next Berger round: every number but the last moves on by ``n/2``
    (mod ``n-1``); the last number keeps its board and changes side."""
    if b == fixed:
        return fixed, (a + shift) % fixed
    if a == fixed:
        return (b + shift) % fixed, fixed
    return (a + shift) % fixed, (b + shift) % fixed


def swiss_round(
    entrants: Sequence[Entrant],
    played: Sequence[Played],
    round_no: int,
    handicap_auto: bool,
    bye_wins: bool,
    *,
    window: int | None = DEFAULT_WINDOW,
) -> list[Pairing]:
    """The boards of Swiss round ``round_no`` (score: wins); see the module's description."""
    return _pair_round(entrants, played, round_no, handicap_auto, bye_wins, False, window)


def mcmahon_round(
    entrants: Sequence[Entrant],
    played: Sequence[Played],
    round_no: int,
    handicap_auto: bool,
    bye_wins: bool,
    *,
    window: int | None = DEFAULT_WINDOW,
) -> list[Pairing]:
    """The boards of McMahon round ``round_no`` (score: ``mms_start`` + wins); see the module's
    description."""
    return _pair_round(entrants, played, round_no, handicap_auto, bye_wins, True, window)


class _Round:
    """The players of one round in pairing order, and the criteria of each possible board."""

    def __init__(
        self,
        entrants: Sequence[Entrant],
        played: Sequence[Played],
        round_no: int,
        handicap_auto: bool,
        bye_wins: bool,
        mcmahon: bool,
    ) -> None:
        """Tally the earlier rounds and sort the players by score, rank, id."""
        if len({e.id for e in entrants}) != len(entrants):
            raise ValueError("pairing: duplicate entrant ids")
        if round_no < 1:
            raise ValueError(f"pairing: round_no must be at least 1, not {round_no}")
        self.handicap_auto = handicap_auto
        earlier = tally((game for game in played if game.round < round_no), bye_wins)
        self.tallies = {e.id: earlier.get(e.id, Tally()) for e in entrants}

        def half_points(e: Entrant) -> int:
            return round(2 * ((e.mms_start if mcmahon else 0) + self.tallies[e.id].wins))

        self.score = {e.id: half_points(e) for e in entrants}
        self.players = sorted(entrants, key=lambda e: (-self.score[e.id], -e.rank, e.id))
        self.met: dict[tuple[str, str], int] = {}
        for e in entrants:
            for other in self.tallies[e.id].opponents:
                key = (e.id, other)
                self.met[key] = self.met.get(key, 0) + 1
        by_bye = sorted(
            self.players, key=lambda e: (self.tallies[e.id].byes, self.score[e.id], e.rank, e.id)
        )
        self.bye_place = {e.id: place for place, e in enumerate(by_bye)}

    def groups(self) -> list[tuple[int, int]]:
        """The score groups, best first, as spans ``(start, stop)`` of the pairing order."""
        spans: list[tuple[int, int]] = []
        for i, e in enumerate(self.players):
            if spans and self.score[self.players[spans[-1][0]].id] == self.score[e.id]:
                spans[-1] = (spans[-1][0], i + 1)
            else:
                spans.append((i, i + 1))
        return spans

    def board(self, i: int, j: int) -> Pairing:
        """The board between players ``i`` and ``j`` (positions in the pairing order)."""
        a, b = self.players[i], self.players[j]
        if self.handicap_auto and a.rank != b.rank:
            weak, strong = (a, b) if a.rank < b.rank else (b, a)
            difference = strong.rank - weak.rank
            stones = min(difference, _MAX_HANDICAP) if difference >= 2 else 0
            return Pairing(weak.id, strong.id, stones, 0.5)
        ta, tb = self.tallies[a.id], self.tallies[b.id]
        if (ta.balance, ta.blacks, a.rank, a.id) < (tb.balance, tb.blacks, b.rank, b.id):
            return Pairing(a.id, b.id)
        return Pairing(b.id, a.id)

    def costs(self, i: int, j: int) -> _Costs:
        """The criteria of the board between ``i`` and ``j`` (``j`` past the last player: the
        bye of ``i``)."""
        a = self.players[i]
        if j == len(self.players):
            return (self.tallies[a.id].byes, self.bye_place[a.id], 0, 0, 0, 0, 0)
        b = self.players[j]
        colour = 0
        if not (self.handicap_auto and a.rank != b.rank):
            board = self.board(i, j)
            black, white = self.tallies[board.black], self.tallies[str(board.white)]
            colour = max(0, abs(black.balance + 1) - 1) + max(0, abs(white.balance - 1) - 1)
        score_gap = abs(self.score[a.id] - self.score[b.id])
        return (
            self.met.get((a.id, b.id), 0),
            0,
            score_gap * score_gap,
            int(score_gap > 0),
            colour,
            (a.rank - b.rank) ** 2,
            abs(j - i),
        )


def _pair_round(
    entrants: Sequence[Entrant],
    played: Sequence[Played],
    round_no: int,
    handicap_auto: bool,
    bye_wins: bool,
    mcmahon: bool,
    window: int | None,
) -> list[Pairing]:
    """Swiss or McMahon: pair over the window's candidates, over every pair if that falls short."""
    state = _Round(entrants, played, round_no, handicap_auto, bye_wins, mcmahon)
    count = len(state.players)
    if count == 0:
        return []
    full = window is None or count <= 2 * window + 1
    matched = _match(state, _candidates(state, None if full else window))
    if not full and (matched is None or any(c[:2] != (0, 0) for c in _chosen(state, matched))):
        matched = _match(state, _candidates(state, None))
    if matched is None:  # cannot happen: every pair is a candidate
        raise AssertionError("pairing: no perfect matching over every pair")
    boards = sorted(matched)
    games = [state.board(i, j) for i, j in boards if j < count]
    byes = [Pairing(state.players[i].id, None) for i, j in boards if j == count]
    return games + byes


def _candidates(state: _Round, window: int | None) -> dict[tuple[int, int], _Costs]:
    """The candidate boards ``(i, j)``, ``i < j``, with their criteria; the bye (``j = count``)
    is open to everyone. Without a window, every pair. With one, no repeats, and for each player:
    walking both ways along the order, every partner until ``window`` of them have no colour
    excess or ``2 * window`` were taken; and in each neighbouring score group, the ``window``
    players closest in rank (the candidates to float to)."""
    count = len(state.players)
    found: dict[tuple[int, int], _Costs] = {}

    def offer(i: int, j: int) -> _Costs | None:
        key = (min(i, j), max(i, j))
        costs = found.get(key) or state.costs(*key)
        if window is not None and costs[0]:
            return None
        found[key] = costs
        return costs

    if window is None:
        for i in range(count):
            for j in range(i + 1, count):
                offer(i, j)
    else:
        for i in range(count):
            for step in (1, -1):
                good, taken, j = 0, 0, i + step
                while good < window and taken < 2 * window and 0 <= j < count:
                    costs = offer(i, j)
                    if costs is not None:
                        taken += 1
                        good += costs[4] == 0
                    j += step
        spans = state.groups()
        for (low, high), (near_low, near_high) in itertools.pairwise(spans):
            _offer_by_rank(state, range(low, high), range(near_low, near_high), window, offer)
            _offer_by_rank(state, range(near_low, near_high), range(low, high), window, offer)
    if count % 2:
        for i in range(count):
            found[(i, count)] = state.costs(i, count)
    return found


def _offer_by_rank(
    state: _Round,
    players: range,
    group: range,
    window: int,
    offer: Callable[[int, int], _Costs | None],
) -> None:
    """Offer each of ``players`` the ``window`` players of ``group`` closest in rank (a group is
    in the pairing order: rank falling)."""
    falling = [-state.players[k].rank for k in group]
    for i in players:
        at = group.start + bisect.bisect_left(falling, -state.players[i].rank)
        for j in range(max(group.start, at - window // 2), min(group.stop, at + window // 2 + 1)):
            offer(i, j)


def _match(state: _Round, candidates: dict[tuple[int, int], _Costs]) -> set[tuple[int, int]] | None:
    """The boards of the lexicographically cheapest perfect matching over ``candidates`` (pairs
    ``(i, j)``, ``i < j``), or None if the candidates admit no perfect matching."""
    nodes = len(state.players) + len(state.players) % 2
    boards = nodes // 2
    if not candidates:
        return None
    levels = len(next(iter(candidates.values())))
    highest = [max(c[level] for c in candidates.values()) for level in range(levels)]
    # Each level's unit exceeds what all later levels can add up to over a whole matching, so
    # the integer weights rank matchings exactly as the criteria do (networkx is exact on ints).
    units = [0] * levels
    below = 0
    for level in reversed(range(levels)):
        units[level] = boards * below + 1
        below += highest[level] * units[level]
    top = below + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(nodes))
    for (i, j), costs in sorted(candidates.items()):
        graph.add_edge(i, j, weight=top - sum(c * u for c, u in zip(costs, units, strict=True)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != boards:
        return None
    return {(min(i, j), max(i, j)) for i, j in matching}


def _chosen(state: _Round, matched: set[tuple[int, int]]) -> list[_Costs]:
    """The criteria of the boards of a matching."""
    return [state.costs(i, j) for i, j in matched]
