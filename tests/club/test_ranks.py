"""Kyu/dan ranks from ratings (club.ranks): OGS's formula, labels, parsing, clamping."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.ranks import (
    PROVISIONAL,
    parse_rank,
    rank_difference,
    rank_label,
    rank_of,
    rating_of,
)

EVERY_LABEL = [f"{kyu}k" for kyu in range(30, 0, -1)] + [f"{dan}d" for dan in range(1, 10)]


def test_the_formula_anchors():
    assert rank_of(525.0) == 0.0
    assert rating_of(0.0) == 525.0
    assert rank_of(1500.0) == pytest.approx(math.log(1500.0 / 525.0) * 23.15)
    assert rating_of(30.0) == pytest.approx(525.0 * math.exp(30.0 / 23.15))


@pytest.mark.parametrize(
    ("rating", "label"),
    [
        (525.0, "30k"),
        (1000.0, "16k"),
        (1500.0, "6k"),
        (1800.0, "2k"),
        (2000.0, "1d"),
        (2200.0, "4d"),
        (2500.0, "7d"),
        (2800.0, "9d"),
    ],
)
def test_the_table_of_the_module_docstring(rating, label):
    assert rank_label(rating) == label


@given(st.floats(min_value=1.0, max_value=1e6))
def test_rating_to_rank_to_rating(rating):
    assert rating_of(rank_of(rating)) == pytest.approx(rating, rel=1e-12)


@given(st.floats(min_value=-100.0, max_value=100.0))
def test_rank_to_rating_to_rank(rank):
    assert rank_of(rating_of(rank)) == pytest.approx(rank, abs=1e-9)


def test_every_rank_from_30k_to_9d_round_trips_through_its_label():
    numbers = [parse_rank(label) for label in EVERY_LABEL]
    assert numbers == [n + 0.5 for n in range(39)]
    for label, number in zip(EVERY_LABEL, numbers, strict=True):
        assert rank_label(rating_of(number)) == label


def test_a_rating_at_the_lower_edge_of_a_rank_has_that_rank():
    # rating_of(30.0) maps back to 29.999999999999996: still 1d, not 1k
    for number, label in enumerate(EVERY_LABEL):
        assert rank_label(rating_of(number)) == label
        below = EVERY_LABEL[number - 1] if number else "30k"
        assert rank_label(rating_of(number) * (1 - 1e-6)) == below


def test_the_provisional_mark():
    assert rank_label(2000.0) == "1d"
    assert rank_label(2000.0, deviation=None) == "1d"
    assert rank_label(2000.0, deviation=60.0) == "1d"
    assert rank_label(2000.0, deviation=PROVISIONAL - 0.01) == "1d"
    assert rank_label(2000.0, deviation=PROVISIONAL) == "1d?"
    assert rank_label(2000.0, deviation=350.0) == "1d?"
    assert PROVISIONAL == 160.0


@pytest.mark.parametrize("rating", [524.99, 300.0, 1.0, 1e-300, 0.0, -50.0, -math.inf])
def test_clamped_to_30k_at_the_bottom(rating):
    assert rank_label(rating) == "30k"
    assert rank_label(rating, deviation=350.0) == "30k?"


@pytest.mark.parametrize("rating", [rating_of(39.0) - 0.01, 3000.0, 1e9, math.inf])
def test_clamped_to_9d_at_the_top(rating):
    assert rank_label(rating) == "9d"
    assert rank_label(rating, deviation=200.0) == "9d?"


def test_a_label_needs_a_number():
    with pytest.raises(ValueError, match="NaN"):
        rank_label(math.nan)


@pytest.mark.parametrize("rating", [0.0, -1.0, math.nan, math.inf, -math.inf])
def test_a_rank_number_needs_a_positive_finite_rating(rating):
    with pytest.raises(ValueError, match="positive finite rating"):
        rank_of(rating)


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("5k", 25.5),
        ("5K", 25.5),
        ("5 kyu", 25.5),
        ("5 KYU", 25.5),
        ("  5kyu ", 25.5),
        ("30k", 0.5),
        ("1k", 29.5),
        ("1d", 30.5),
        ("3d", 32.5),
        ("3 dan", 32.5),
        ("3 Dan", 32.5),
        ("3D", 32.5),
        ("9d", 38.5),
    ],
)
def test_parse_rank(text, number):
    assert parse_rank(text) == number


@pytest.mark.parametrize(
    "text",
    ["", " ", "k", "kyu", "5", "5.5k", "-3k", "+3k", "five kyu", "5 kyus", "5k 3d", "1p", "3 pro"],
)
def test_parse_rank_refuses_what_is_not_a_rank(text):
    with pytest.raises(ValueError, match=r"not a rank: .*1k\.\.30k.*1d\.\.9d"):
        parse_rank(text)


@pytest.mark.parametrize("text", ["0k", "31k", "100 kyu"])
def test_parse_rank_refuses_kyu_ranks_out_of_range(text):
    with pytest.raises(ValueError, match="no such kyu rank"):
        parse_rank(text)


@pytest.mark.parametrize("text", ["0d", "10d", "12 dan"])
def test_parse_rank_refuses_dan_ranks_out_of_range(text):
    with pytest.raises(ValueError, match="no such dan rank"):
        parse_rank(text)


def test_rank_difference():
    assert rank_difference(1500.0, 2000.0) == 6  # 6k and 1d
    assert rank_difference(2000.0, 1500.0) == 6
    assert rank_difference(1500.0, 1500.0) == 0
    assert rank_difference(rating_of(24.0), rating_of(24.99)) == 0  # both 6k
    assert rank_difference(rating_of(24.99), rating_of(25.0)) == 1  # 6k and 5k, a hair apart
    for stones in range(10):
        assert rank_difference(rating_of(parse_rank("1d")), rating_of(30.5 - stones)) == stones


def test_rank_difference_is_not_clamped_to_the_labels():
    assert rank_label(300.0) == rank_label(500.0) == "30k"
    assert rank_difference(300.0, 500.0) == 11  # rank numbers -12.96 and -1.13


@given(
    st.floats(min_value=1.0, max_value=10_000.0),
    st.floats(min_value=1.0, max_value=10_000.0),
)
def test_rank_difference_is_a_symmetric_whole_number(a, b):
    difference = rank_difference(a, b)
    assert difference == rank_difference(b, a) >= 0
    assert abs(difference - abs(rank_of(a) - rank_of(b))) < 1.0 + 1e-9


def test_rank_difference_needs_positive_ratings():
    with pytest.raises(ValueError):
        rank_difference(0.0, 1500.0)
