"""The confirmation phase's rules as a value (Art. 9.2): markings are versioned, every change
clears both acceptances, the game ends when both colours accept the same version, offers lapse."""

from __future__ import annotations

import pytest

from engine.colors import Color
from engine.coords import Point
from service.errors import StaleMarking, WrongPhase
from service.match import Match, Offer

B, W = Color.BLACK, Color.WHITE
D4, E5, F6 = Point(3, 3), Point(4, 4), Point(5, 5)


def test_the_stop_proposes_a_new_version_with_nothing_pending() -> None:
    before = Match(version=2, accepted=frozenset({B}), fill_offer=W, undo_offer=B, undo_move=7)
    proposed = before.proposed([D4])
    assert proposed == Match(version=3, dead=frozenset({D4}))


def test_a_toggle_is_a_new_version_and_clears_both_acceptances() -> None:
    match = Match().proposed([D4]).accept(B, 1).offer(Offer.FILL, W)
    toggled = match.toggled([frozenset({D4}), frozenset({E5, F6})])
    assert toggled.version == 2
    assert toggled.dead == {E5, F6}  # D4 was dead: now alive; E5-F6 now dead
    assert toggled.accepted == frozenset() and toggled.fill_offer is None


def test_both_colours_must_accept_the_same_version() -> None:
    match = Match().proposed([])
    assert not match.accept(B, 1).agreed
    assert match.accept(B, 1).accept(W, None).agreed
    with pytest.raises(StaleMarking) as raised:
        match.accept(B, 1).toggled([frozenset({D4})]).accept(W, 1)
    assert raised.value.key == "error.stale_marking"


def test_the_fill_needs_both_players() -> None:
    match = Match().proposed([]).offer(Offer.FILL, B)
    assert not match.agreed_by(Offer.FILL, B) and match.agreed_by(Offer.FILL, W)
    with pytest.raises(WrongPhase) as raised:
        match.offer(Offer.FILL, B)
    assert raised.value.key == "error.fill_pending"
    filled = match.filled()
    assert (filled.version, filled.fill_offer, filled.accepted) == (2, None, frozenset())


def test_undo_requests_are_answered_once_for_their_move() -> None:
    asked = Match().ask_undo(B, 5)
    with pytest.raises(WrongPhase):
        asked.ask_undo(B, 5)  # the same request twice
    with pytest.raises(WrongPhase):
        asked.answer_undo(B, 5)  # the requester cannot answer
    with pytest.raises(WrongPhase):
        asked.answer_undo(W, 6)  # a request about another move
    assert asked.answer_undo(W, 5).undo_offer is None


def test_a_move_lapses_every_offer_and_resuming_drops_the_marking() -> None:
    match = Match().proposed([D4]).accept(W, 1).offer(Offer.FILL, B).offer(Offer.NORESULT, W)
    assert match.after_move() == Match(version=1, dead=frozenset({D4}), accepted=frozenset({W}))
    resumed = match.resumed()
    assert resumed.dead == frozenset() and resumed.accepted == frozenset()
    assert resumed.version == 1  # the next stop proposes version 2


def test_stored_rows_of_earlier_versions_read_back() -> None:
    """``GameRow.data`` written before the Match existed (same keys) reads into a Match."""
    old = {
        "marking_version": 3,
        "dead": ["D4", "E5"],
        "accepted": ["B"],
        "fill_offer": "W",
        "noresult_offer": None,
        "undo_offer": None,
        "undo_move": 0,
    }
    match = Match.from_data(old, 9)
    assert match == Match(3, frozenset({D4, E5}), frozenset({B}), fill_offer=W)
    assert Match.from_data(match.to_data(), 9) == match
    assert match.to_data() == old
