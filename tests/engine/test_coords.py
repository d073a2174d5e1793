"""Coordinates (docs/rules.md, "Board and coordinates"): GTP vertices without I, SGF points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.coords import (
    COLUMNS,
    MAX_SIZE,
    MIN_SIZE,
    InvalidVertex,
    Point,
    board_range,
    check_size,
    format_vertex,
    from_sgf_point,
    parse_vertex,
    to_sgf_point,
)
from engine.errors import EngineError


@pytest.mark.parametrize("text", ["D4", "d4", "d 4", "D-4", " D4 ", "d - 4"])
def test_tolerant_input(text: str) -> None:
    assert parse_vertex(text, 19) == Point(3, 3)


def test_corners() -> None:
    assert parse_vertex("A1", 19) == Point(0, 0)
    assert parse_vertex("T19", 19) == Point(18, 18)
    assert format_vertex(Point(18, 18)) == "T19"
    assert parse_vertex("J9", 9) == Point(8, 8)


def test_no_column_i() -> None:
    assert "I" not in COLUMNS
    with pytest.raises(InvalidVertex, match="no column I"):
        parse_vertex("I5", 19)


def test_off_the_board_names_the_range() -> None:
    with pytest.raises(InvalidVertex) as info:
        parse_vertex("T20", 19)
    assert str(info.value) == "T20 is off a 19×19 board (A1–T19)"
    with pytest.raises(InvalidVertex, match=r"Q20 is off a 19×19 board \(A1–T19\)"):
        parse_vertex("q20", 19)
    with pytest.raises(InvalidVertex, match=r"K5 is off a 9×9 board \(A1–J9\)"):
        parse_vertex("K5", 9)


@pytest.mark.parametrize("text", ["", "pass", "44", "DD4", "D", "D0", "D4x", "ö4", "D100"])
def test_garbage_is_a_clear_error(text: str) -> None:
    with pytest.raises(InvalidVertex) as info:
        parse_vertex(text, 19)
    message = str(info.value)
    assert "A1–T19" in message


def test_board_sizes() -> None:
    """The engine holds 2×2 to 25×25 (SGF records may be that small); new games are 5–25."""
    assert check_size(2) == 2 and check_size(4) == 4 and check_size(25) == 25
    for bad in (1, 26, 0):
        with pytest.raises(EngineError, match="2 to 25"):
            check_size(bad)
    assert (MIN_SIZE, MAX_SIZE) == (5, 25)
    assert board_range(25) == "A1–Z25"


def test_sgf_points() -> None:
    assert to_sgf_point(Point(15, 15), 19) == "pd"
    assert from_sgf_point("pd", 19) == Point(15, 15)
    assert from_sgf_point("aa", 19) == Point(18, 0)
    with pytest.raises(InvalidVertex, match="SGF point 'zz' is off a 19×19 board"):
        from_sgf_point("zz", 19)
    with pytest.raises(InvalidVertex, match="'p' is not an SGF point"):
        from_sgf_point("p", 19)


points = st.integers(5, 25).flatmap(
    lambda size: st.tuples(st.just(size), st.integers(0, size - 1), st.integers(0, size - 1))
)


@given(points)
def test_parse_format_identity(case: tuple[int, int, int]) -> None:
    size, row, col = case
    point = Point(row, col)
    assert parse_vertex(format_vertex(point), size) == point
    assert parse_vertex(format_vertex(point).lower(), size) == point
    assert from_sgf_point(to_sgf_point(point, size), size) == point


@pytest.mark.parametrize(
    ("text", "point"),
    [
        ("\u212a5", Point(4, 9)),  # KELVIN SIGN, which a case-insensitive match takes for k
        ("\uff2b\uff15", Point(4, 9)),  # full-width K5 from a CJK keyboard
        ("k\u00a05", Point(4, 9)),  # a no-break space is a space
        ("\u043a5", None),  # Cyrillic ka looks like k but is not a column
        ("\u01305", None),  # dotted capital I (Turkish keyboards): not a column either
    ],
)
def test_look_alike_letters_read_as_what_they_show(text: str, point: Point | None) -> None:
    if point is None:
        with pytest.raises(InvalidVertex):
            parse_vertex(text, 19)
    else:
        assert parse_vertex(text, 19) == point


@given(st.text(max_size=12))
def test_any_text_is_a_point_or_a_clear_refusal(text: str) -> None:
    """No text makes the parser fail other than with :class:`InvalidVertex`."""
    try:
        point = parse_vertex(text, 19)
    except InvalidVertex as error:
        assert str(error)
    else:
        assert 0 <= point.row < 19 and 0 <= point.col < 19
