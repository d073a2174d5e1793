"""League standings: small leagues worked by hand (wins, SOS, SODOS, MMS, ties), byes, jigos,
unfinished games, withdrawn players and late joiners, and properties over random leagues."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from club.league_types import Entrant, Played
from club.standings import Row, standings


def _entrants(*ids: str, rank: int = 20) -> list[Entrant]:
    return [Entrant(i, rank) for i in ids]


def _table(rows: list[Row]) -> list[tuple[object, ...]]:
    return [(r.place, r.id, r.wins, r.sos, r.sodos, r.played, r.left, r.tied) for r in rows]


def test_swiss_worked_by_hand():
    played = [
        Played(1, "A", "B", "A"),
        Played(1, "D", "C", "C"),
        Played(2, "C", "A", "A"),
        Played(2, "B", "D", None, jigo=True),
    ]
    # Wins: A 2, B 0.5 (jigo), C 1, D 0.5 (jigo).
    # SOS:   A = B + C = 0.5 + 1 = 1.5;  B = A + D = 2 + 0.5 = 2.5;
    #        C = D + A = 0.5 + 2 = 2.5;  D = C + B = 1 + 0.5 = 1.5.
    # SODOS: A beat B and C: 0.5 + 1 = 1.5;  C beat D: 0.5;
    #        B and D drew: half the other's score, 0.5 / 2 = 0.25 each.
    # B and D share 0.5 wins; B's SOS is higher.
    rows = standings(_entrants("A", "B", "C", "D"), played, "swiss", False, 3)
    assert _table(rows) == [
        (1, "A", 2.0, 1.5, 1.5, 2, 1, False),
        (2, "C", 1.0, 2.5, 0.5, 2, 1, False),
        (3, "B", 0.5, 2.5, 0.25, 2, 1, False),
        (4, "D", 0.5, 1.5, 0.25, 2, 1, False),
    ]
    assert all(r.mms is None and not r.withdrawn for r in rows)


def test_a_cycle_is_a_three_way_tie():
    played = [Played(1, "A", "B", "A"), Played(2, "B", "C", "B"), Played(3, "C", "A", "C")]
    rows = standings(_entrants("C", "B", "A"), played, "round_robin", False, None)
    # Each: 1 win, SOS 1 + 1 = 2, SODOS 1: one place, listed by id.
    assert _table(rows) == [
        (1, "A", 1.0, 2.0, 1.0, 2, 0, True),
        (1, "B", 1.0, 2.0, 1.0, 2, 0, True),
        (1, "C", 1.0, 2.0, 1.0, 2, 0, True),
    ]


def test_places_after_a_tie_skip():
    played = [
        Played(1, "A", "B", "A"),
        Played(1, "C", "D", "C"),
        Played(2, "A", "C", "A"),
        Played(2, "D", "B", "D"),
        Played(3, "A", "D", "A"),
        Played(3, "B", "C", "B"),
        Played(4, "E", "A", "A"),
    ]
    # A 4 wins; B, C, D beat each other in a cycle (1 win each, SOS 4 + 1 + 1 = 6, SODOS 1);
    # E lost its one game (SOS 4).
    rows = standings(_entrants("A", "B", "C", "D", "E"), played, "round_robin", False, None)
    assert [(r.place, r.id, r.tied) for r in rows] == [
        (1, "A", False),
        (2, "B", True),
        (2, "C", True),
        (2, "D", True),
        (5, "E", False),
    ]
    assert [r.sos for r in rows] == [3.0, 6.0, 6.0, 6.0, 4.0]
    assert [r.left for r in rows] == [0, 1, 1, 1, 3]  # B, C, D have E still to play


def test_mcmahon_sorts_and_sums_on_mms():
    entrants = [Entrant("X", 30, 3), Entrant("Y", 28, 2), Entrant("Z", 27, 2), Entrant("W", 24, 1)]
    played = [Played(1, "X", "Y", "X"), Played(1, "W", "Z", "Z")]
    # MMS: X 3 + 1 = 4, Z 2 + 1 = 3, Y 2, W 1. SOS on MMS: X = Y = 2, Y = X = 4, Z = W = 1,
    # W = Z = 3; SODOS: X beat Y (2), Z beat W (1).
    rows = standings(entrants, played, "mcmahon", False, 4)
    assert [(r.id, r.mms, r.wins, r.sos, r.sodos, r.left) for r in rows] == [
        ("X", 4.0, 1.0, 2.0, 2.0, 3),
        ("Z", 3.0, 1.0, 1.0, 1.0, 3),
        ("Y", 2.0, 0.0, 4.0, 0.0, 3),
        ("W", 1.0, 0.0, 3.0, 0.0, 3),
    ]
    # The same games in a Swiss table ignore mms_start: X and Z tie (1 win, SOS and SODOS 0).
    swiss = standings(entrants, played, "swiss", False, 4)
    assert [(r.place, r.id, r.wins, r.sos, r.mms, r.tied) for r in swiss][:2] == [
        (1, "X", 1.0, 0.0, None, True),
        (1, "Z", 1.0, 0.0, None, True),
    ]


def test_byes_unfinished_and_void_games():
    played = [
        Played(1, "A", "B", "A"),
        Played(1, "C", None, None),  # a bye
        Played(2, "B", "C", None),  # unfinished or void: played, no score
    ]
    entrants = _entrants("A", "B", "C")
    with_bye = {r.id: r for r in standings(entrants, played, "swiss", True, 3)}
    assert (with_bye["C"].wins, with_bye["C"].played, with_bye["C"].left) == (1.0, 1, 1)
    assert with_bye["B"].sos == 2.0  # A (1) and C (1, the bye win)
    assert with_bye["C"].sos == 0.0  # B has 0; the bye adds nothing
    without = {r.id: r for r in standings(entrants, played, "swiss", False, 3)}
    assert without["C"].wins == 0.0 and without["B"].sos == 1.0
    assert without["A"].left == 2  # one game, no bye yet


def test_withdrawn_players_keep_their_row_and_count_for_sos():
    played = [
        Played(1, "A", "gone", "gone"),
        Played(1, "B", "C", "B"),
        Played(2, "gone", "B", "B"),
        Played(2, "C", "A", "A"),
    ]
    # "gone" appears only in the games: withdrawn, 1 win, nothing left.
    rows = {
        r.id: r for r in standings(_entrants("A", "B", "C"), played, "round_robin", False, None)
    }
    assert rows["gone"].withdrawn and rows["gone"].left == 0 and rows["gone"].wins == 1.0
    assert rows["A"].sos == 1.0 + 0.0  # gone (1) and C (0)
    assert rows["A"].left == 1  # B; gone left the league
    # Through ``active``: C withdraws but keeps its entrant (its rank, its mms_start).
    rows = {
        r.id: r
        for r in standings(
            _entrants("A", "B", "C", "gone"), played, "round_robin", False, None, active={"A", "B"}
        )
    }
    assert rows["C"].withdrawn and rows["C"].left == 0 and rows["gone"].withdrawn
    assert not rows["A"].withdrawn and rows["A"].left == 1  # B
    assert rows["B"].left == 1  # A


def test_a_late_joiner_has_every_game_left():
    played = [Played(1, "A", "B", "A")]
    rows = {
        r.id: r for r in standings(_entrants("A", "B", "late"), played, "round_robin", False, None)
    }
    assert (rows["late"].played, rows["late"].left, rows["late"].wins) == (0, 2, 0.0)
    assert rows["A"].left == 1
    swiss = {r.id: r for r in standings(_entrants("A", "B", "late"), played, "swiss", False, None)}
    assert swiss["late"].left == 0  # Swiss without a number of rounds: unknown


def test_sums_in_any_order_compare_equal():
    # (0.1 + 0.2) + 0.3 != (0.3 + 0.2) + 0.1 in floating point; P and Q must still tie.
    entrants = [Entrant(f"o{k}", 20, s) for k, s in enumerate((0.1, 0.2, 0.3))]
    entrants += [Entrant("P", 20), Entrant("Q", 20)]
    played = [Played(k + 1, "P", f"o{k}", "P") for k in range(3)]
    played += [Played(k + 1, "Q", f"o{k}", "Q") for k in (2, 1, 0)]
    rows = {r.id: r for r in standings(entrants, played, "mcmahon", False, 3)}
    assert rows["P"].sos == rows["Q"].sos == 0.6
    assert rows["P"].tied and rows["Q"].tied and rows["P"].place == rows["Q"].place == 1


def test_invalid_input():
    with pytest.raises(ValueError, match="unknown system"):
        standings([], [], "knockout", False, None)
    with pytest.raises(ValueError, match="duplicate"):
        standings(_entrants("A", "A"), [], "swiss", False, 3)
    assert standings([], [], "swiss", False, 3) == []


@st.composite
def leagues(draw):
    n = draw(st.integers(2, 8))
    entrants = [
        Entrant(f"p{k}", draw(st.integers(0, 40)), draw(st.integers(0, 3))) for k in range(n)
    ]
    played = []
    for round_no in range(1, draw(st.integers(1, 5)) + 1):
        ids = draw(st.permutations([e.id for e in entrants]))
        for k in range(0, n - 1, 2):
            result = draw(st.sampled_from("bwjv"))
            winner = {"b": ids[k], "w": ids[k + 1]}.get(result)
            played.append(Played(round_no, ids[k], ids[k + 1], winner, jigo=result == "j"))
        if n % 2:
            played.append(Played(round_no, ids[-1], None, None))
    return entrants, played


@settings(max_examples=60, deadline=None)
@given(
    league=leagues(),
    system=st.sampled_from(["round_robin", "swiss", "mcmahon"]),
    bye_wins=st.booleans(),
    data=st.data(),
)
def test_properties(league, system, bye_wins, data):
    entrants, played = league
    rows = standings(entrants, played, system, bye_wins, 6)
    assert sorted(r.id for r in rows) == sorted(e.id for e in entrants)
    # Order independence.
    shuffled = standings(
        data.draw(st.permutations(entrants)), data.draw(st.permutations(played)), system,
        bye_wins, 6,
    )  # fmt: skip
    assert shuffled == rows
    # Every decided game gives one point, a jigo two halves, a bye one when byes win.
    decided = sum(1 for g in played if g.white is not None and (g.winner or g.jigo))
    byes = sum(1 for g in played if g.white is None)
    assert sum(r.wins for r in rows) == pytest.approx(decided + (byes if bye_wins else 0))
    # Places follow the criteria; ties share a place.
    for before, after in itertools.pairwise(rows):
        key_before = (before.mms if system == "mcmahon" else before.wins, before.sos, before.sodos)
        key_after = (after.mms if system == "mcmahon" else after.wins, after.sos, after.sodos)
        assert key_before >= key_after
        assert (before.place == after.place) == (key_before == key_after)
        if key_before == key_after:
            assert before.tied and after.tied and before.id < after.id
    assert rows[0].place == 1
    assert all(r.place == 1 + sum(1 for o in rows if o.place < r.place) for r in rows)
    assert all(r.played + r.left <= 6 for r in rows)
