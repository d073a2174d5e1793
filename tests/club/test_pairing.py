"""League pairings: round robins by Berger tables, Swiss and McMahon rounds against a brute-force
oracle (every perfect matching of a small league), handicaps, withdrawals and late joiners."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.league_types import Entrant, Pairing, Played
from club.pairing import mcmahon_round, round_robin, swiss_round

BYE = "<bye>"


# Round robin


@pytest.mark.parametrize("n", range(2, 17))
def test_round_robin_meets_everyone_once_with_balanced_colours_and_rotating_byes(n):
    ids = [f"p{k:02d}" for k in range(n)]
    rounds = round_robin(ids)
    assert len(rounds) == (n if n % 2 else n - 1)
    pairs: Counter[frozenset[str]] = Counter()
    blacks: Counter[str] = Counter()
    whites: Counter[str] = Counter()
    byes = []
    for games in rounds:
        seen = [p.black for p in games] + [p.white for p in games if p.white is not None]
        assert sorted(seen) == ids  # everyone once a round
        assert all(p.handicap == 0 and p.komi is None for p in games)
        for p in games:
            if p.white is None:
                byes.append(p.black)
            else:
                pairs[frozenset((p.black, p.white))] += 1
                blacks[p.black] += 1
                whites[p.white] += 1
        assert [p.white for p in games].count(None) == n % 2
        assert games[-1].white is None or n % 2 == 0  # the bye comes last
    assert set(pairs) == {frozenset(pair) for pair in itertools.combinations(ids, 2)}
    assert set(pairs.values()) == {1}
    assert sorted(byes) == (ids if n % 2 else [])
    assert all(abs(blacks[p] - whites[p]) <= 1 for p in ids)


def test_round_robin_follows_the_berger_table_of_six():
    # FIDE's Berger table for 6 players, the first named of a board taking Black here.
    expected = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    got = [[(int(p.black), int(str(p.white))) for p in games] for games in round_robin("123456")]
    assert got == expected


def test_round_robin_small_and_invalid():
    assert round_robin([]) == []
    assert round_robin(["solo"]) == [[Pairing("solo", None)]]
    assert round_robin(["a", "b"]) == [[Pairing("a", "b")]]
    with pytest.raises(ValueError, match="duplicate"):
        round_robin(["a", "b", "a"])


# Swiss and McMahon: the oracle


def _scores(entrants, played, round_no, bye_wins, mcmahon):
    score = {e.id: (e.mms_start if mcmahon else 0) for e in entrants}
    for g in played:
        if g.round >= round_no:
            continue
        if g.white is None:
            if bye_wins and g.black in score:
                score[g.black] += 1
        elif g.jigo:
            for p in (g.black, g.white):
                if p in score:
                    score[p] += 0.5
        elif g.winner in score:
            score[g.winner] += 1
    return score


def _criteria(entrants, played, round_no, bye_wins, mcmahon, boards):
    """(repeats, bye position, score difference², cross-group, colour excess) of ``boards`` (pairs,
    BYE for a bye), computed here independently of the module."""
    earlier = [g for g in played if g.round < round_no]
    rank = {e.id: e.rank for e in entrants}
    half = {
        p: round(2 * s) for p, s in _scores(entrants, earlier, round_no, bye_wins, mcmahon).items()
    }
    met = Counter(frozenset((g.black, g.white)) for g in earlier if g.white is not None)
    byes = Counter(g.black for g in earlier if g.white is None)
    b = Counter(g.black for g in earlier if g.white is not None)
    w = Counter(g.white for g in earlier if g.white is not None)
    line = sorted(rank, key=lambda p: (byes[p], half[p], rank[p], p))
    repeats = bye_place = squares = cross = colour = 0
    for x, y in boards:
        if BYE in (x, y):
            p = x if y == BYE else y
            repeats += byes[p]
            bye_place = line.index(p)
            continue
        repeats += met[frozenset((x, y))]
        gap = abs(half[x] - half[y])
        squares += gap * gap
        cross += gap > 0
        kx, ky = ((b[p] - w[p], b[p], rank[p], p) for p in (x, y))
        black, white = (x, y) if kx < ky else (y, x)
        colour += max(0, abs(b[black] - w[black] + 1) - 1) + max(
            0, abs(b[white] - w[white] - 1) - 1
        )
    return repeats, bye_place, squares, cross, colour


def _perfect_matchings(nodes: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for k, other in enumerate(rest):
        for more in _perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *more]


def _boards(pairings: list[Pairing]) -> list[tuple[str, str]]:
    return [(p.black, p.white if p.white is not None else BYE) for p in pairings]


def _result(pairing: Pairing, code: str, round_no: int) -> Played:
    if pairing.white is None:
        return Played(round_no, pairing.black, None, None)
    winner = {"b": pairing.black, "w": pairing.white}.get(code)
    return Played(round_no, pairing.black, pairing.white, winner, pairing.handicap, code == "j")


leagues = st.tuples(
    st.lists(st.integers(0, 40), min_size=2, max_size=9),  # ranks
    st.lists(st.integers(0, 3), min_size=9, max_size=9),  # McMahon starts
    st.booleans(),  # McMahon
    st.booleans(),  # byes win
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(league=leagues, data=st.data())
def test_seasons_match_the_brute_force_oracle(league, data):
    # Every round is the cheapest of all perfect matchings; players withdraw and join between.
    ranks, starts, mcmahon, bye_wins = league
    entrants = [Entrant(f"p{k}", r, starts[k]) for k, r in enumerate(ranks)]
    pair = mcmahon_round if mcmahon else swiss_round
    played: list[Played] = []
    for round_no in range(1, len(entrants)):
        pairings = pair(entrants, played, round_no, False, bye_wins)
        ids = sorted([p.black for p in pairings] + [p.white for p in pairings if p.white])
        assert ids == sorted(e.id for e in entrants)
        nodes = sorted(e.id for e in entrants) + ([BYE] if len(entrants) % 2 else [])
        best = min(
            _criteria(entrants, played, round_no, bye_wins, mcmahon, m)
            for m in _perfect_matchings(nodes)
        )
        got = _criteria(entrants, played, round_no, bye_wins, mcmahon, _boards(pairings))
        assert got == best
        # The candidates path (window=1) with its fallback meets criteria 1 and 2 exactly.
        narrow = pair(entrants, played, round_no, False, bye_wins, window=1)
        assert (
            _criteria(entrants, played, round_no, bye_wins, mcmahon, _boards(narrow))[:2]
            == (best[:2])
        )
        codes = data.draw(st.lists(st.sampled_from("bwjv"), min_size=5, max_size=5))
        played += [_result(p, codes[k % 5], round_no) for k, p in enumerate(pairings)]
        change = data.draw(st.sampled_from(["none", "none", "withdraw", "join"]))
        if change == "withdraw" and len(entrants) > 1:
            entrants.pop(data.draw(st.integers(0, len(entrants) - 1)))
        elif change == "join" and len(entrants) < 9:
            entrants.append(Entrant(f"late{round_no}", data.draw(st.integers(0, 40)), starts[0]))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 8).map(lambda n: 2 * n), data=st.data())
def test_colours_stay_within_one_whenever_some_pairing_allows_it(n, data):
    # All jigos keep everyone in one score group, so only repeats rank above colours: whenever
    # the boards that are no repeat and keep both players within one (Blacks minus Whites) admit
    # a perfect matching (networkx, unweighted), the round keeps everyone within one.
    entrants = [Entrant(f"p{k:02d}", data.draw(st.integers(0, 40))) for k in range(n)]
    played: list[Played] = []
    for round_no in range(1, n):
        balance = Counter({e.id: 0 for e in entrants})
        for g in played:
            balance[g.black] += 1
            balance[str(g.white)] -= 1
        met = {frozenset((g.black, str(g.white))) for g in played}
        good = nx.Graph()
        good.add_nodes_from(balance)
        for x, y in itertools.combinations(sorted(balance), 2):
            low, high = sorted((balance[x], balance[y]))  # the lower balance takes Black
            if frozenset((x, y)) not in met and abs(low + 1) <= 1 and abs(high - 1) <= 1:
                good.add_edge(x, y)
        possible = len(nx.max_weight_matching(good, maxcardinality=True)) == n // 2
        pairings = swiss_round(entrants, played, round_no, False, False)
        played += [_result(p, "j", round_no) for p in pairings]
        after = Counter(balance)
        for p in pairings:
            after[p.black] += 1
            after[str(p.white)] -= 1
        if possible:
            assert max(abs(v) for v in after.values()) <= 1
            assert not met & {frozenset((p.black, str(p.white))) for p in pairings}


@settings(max_examples=40, deadline=None)
@given(league=leagues, rounds=st.integers(1, 4), data=st.data())
def test_same_input_in_any_order_gives_the_same_pairing(league, rounds, data):
    ranks, starts, mcmahon, bye_wins = league
    entrants = [Entrant(f"p{k}", r, starts[k]) for k, r in enumerate(ranks)]
    pair = mcmahon_round if mcmahon else swiss_round
    played: list[Played] = []
    for round_no in range(1, rounds + 1):
        pairings = pair(entrants, played, round_no, True, bye_wins)
        again = pair(
            data.draw(st.permutations(entrants)), data.draw(st.permutations(played)), round_no,
            True, bye_wins,
        )  # fmt: skip
        assert again == pairings
        played += [_result(p, "b", round_no) for p in pairings]


# Swiss and McMahon: examples


def _e(*specs: tuple[str, int]) -> list[Entrant]:
    return [Entrant(name, rank) for name, rank in specs]


def test_winners_meet_winners_without_repeats():
    entrants = _e(("a", 20), ("b", 20), ("c", 20), ("d", 20))
    first = swiss_round(entrants, [], 1, False, False)
    # Equal scores: the top meet (a-b, c-d), the first by id takes Black on equal ranks.
    assert first == [Pairing("a", "b"), Pairing("c", "d")]
    played = [Played(1, "a", "b", "a"), Played(1, "c", "d", "d")]
    # a and d won: they meet, and b meets c; those due Black (d and b had White) take it.
    assert swiss_round(entrants, played, 2, False, False) == [Pairing("d", "a"), Pairing("b", "c")]


def test_a_repeat_only_when_nothing_else_is_left():
    entrants = _e(("a", 20), ("b", 20))
    played = [Played(1, "a", "b", "a")]
    assert swiss_round(entrants, played, 2, False, False) == [Pairing("b", "a")]


def test_bye_goes_to_the_lowest_scored_then_lowest_ranked_without_one():
    entrants = _e(("a", 25), ("b", 22), ("c", 20), ("d", 21), ("e", 19))
    played = [
        Played(1, "a", "b", "a"),
        Played(1, "c", "d", "c"),
        Played(1, "e", None, None),
    ]
    # Scores: a 1, c 1, b 0, d 0, e 0 (bye, byes do not win): e had a bye, so d (rank 21 < 22).
    pairings = swiss_round(entrants, played, 2, False, False)
    assert pairings[-1] == Pairing("d", None)
    # When byes win, e scored 1: the lowest without a bye are still b and d.
    assert swiss_round(entrants, played, 2, False, True)[-1] == Pairing("d", None)


def test_mcmahon_groups_by_mms_start():
    entrants = [Entrant("a", 30, 3), Entrant("b", 20, 0), Entrant("c", 29, 3), Entrant("d", 21, 0)]
    pairs = {
        frozenset((p.black, str(p.white))) for p in mcmahon_round(entrants, [], 1, False, False)
    }
    assert pairs == {frozenset("ac"), frozenset("bd")}
    # Swiss ignores mms_start: one score group, paired by rank (a-c, d-b) too.
    pairs = {frozenset((p.black, str(p.white))) for p in swiss_round(entrants, [], 1, False, False)}
    assert pairs == {frozenset("ac"), frozenset("bd")}


@pytest.mark.parametrize(
    ("weak", "strong", "handicap", "komi"),
    [(20, 20, 0, None), (20, 21, 0, 0.5), (20, 22, 2, 0.5), (20, 25, 5, 0.5), (5, 30, 9, 0.5)],
)
def test_handicap_auto(weak, strong, handicap, komi):
    entrants = [Entrant("strong", strong), Entrant("weak", weak)]
    (board,) = swiss_round(entrants, [], 1, True, False)
    if weak == strong:  # an even game: equal balances and ranks, the first by id takes Black
        assert board == Pairing("strong", "weak")
    else:
        assert board == Pairing("weak", "strong", handicap, komi)
    (even,) = swiss_round(entrants, [], 1, False, False)
    assert even.handicap == 0 and even.komi is None


def test_handicap_auto_ignores_colour_balance():
    entrants = _e(("strong", 25), ("weak", 20))
    played = [Played(1, "weak", "strong", "weak", 5)]
    (board,) = swiss_round(entrants, played, 2, True, False)
    assert board == Pairing("weak", "strong", 5, 0.5)
    (even,) = swiss_round(entrants, played, 2, False, False)
    assert even == Pairing("strong", "weak")  # the one due Black takes it


def test_withdrawn_players_are_not_paired_but_their_games_count():
    entrants = _e(("a", 20), ("b", 20), ("c", 20))  # "gone" withdrew after round 1
    played = [Played(1, "a", "gone", "a"), Played(1, "b", "c", "b")]
    pairings = swiss_round(entrants, played, 2, False, False)
    assert "gone" not in {p.black for p in pairings} | {p.white for p in pairings}
    # a and b won (a against the withdrawn player): they meet; c, last, has the bye.
    assert pairings[-1] == Pairing("c", None)
    assert {pairings[0].black, pairings[0].white} == {"a", "b"}


def test_a_late_joiner_is_paired_with_its_score_so_far():
    entrants = _e(("a", 20), ("b", 20), ("c", 20), ("late", 24))
    played = [Played(1, "a", "b", "a"), Played(1, "c", None, None)]
    pairings = swiss_round(entrants, played, 2, False, True)
    # a and c (bye win) have 1, b and late 0: the groups meet inside.
    assert {frozenset((p.black, str(p.white))) for p in pairings} == {
        frozenset(("a", "c")),
        frozenset(("b", "late")),
    }
    # Without bye wins, a alone has 1 and floats; its partner's rank costs the same (16) either
    # way, and the tie break pairs the players next in line: a with late (the top of 0), b with c.
    pairings = swiss_round(entrants, played, 2, False, False)
    assert pairings == [Pairing("late", "a"), Pairing("b", "c")]


def test_games_of_this_round_or_later_are_ignored():
    entrants = _e(("a", 20), ("b", 20))
    played = [Played(1, "a", "b", "a"), Played(2, "b", "a", "b")]
    assert swiss_round(entrants, played, 2, False, False) == [Pairing("b", "a")]


def test_invalid_input():
    with pytest.raises(ValueError, match="duplicate"):
        swiss_round(_e(("a", 1), ("a", 2)), [], 1, False, False)
    with pytest.raises(ValueError, match="round_no"):
        swiss_round(_e(("a", 1)), [], 0, False, False)
    with pytest.raises(ValueError, match="did not play"):
        Played(1, "a", "b", "c")
    with pytest.raises(ValueError, match="themselves"):
        Played(1, "a", "a", None)
    with pytest.raises(ValueError, match="jigo"):
        Played(1, "a", "b", "a", jigo=True)
    assert swiss_round([], [], 1, False, False) == []
    assert mcmahon_round(_e(("a", 1)), [], 1, False, False) == [Pairing("a", None)]
