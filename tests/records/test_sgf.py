"""SGF in and out: properties, the main line, broken files, size limits."""

from __future__ import annotations

import pytest

from engine.colors import Color
from engine.coords import parse_vertex
from engine.game import Game
from engine.result import GameResult
from records.sgf import MAX_BYTES, SgfError, read_sgf, write_sgf

B, W = Color.BLACK, Color.WHITE


def test_round_trip_keeps_everything() -> None:
    game = Game(13, 0.5, handicap=2)
    game.play(W, parse_vertex("K4", 13))
    game.play(B, None)
    data = write_sgf(
        game,
        black_name="Alice",
        white_name="Bob",
        date="2026-11-22",
        result=GameResult.from_sgf("W+R"),
        comment="club game",
    )
    text = data.decode()
    assert "RU[Japanese]" in text and "HA[2]" in text and "KM[0.5]" in text
    record = read_sgf(data)
    assert (record.size, record.komi, record.handicap) == (13, 0.5, 2)
    assert (record.black_name, record.white_name, record.date) == ("Alice", "Bob", "2026-11-22")
    assert record.result == "W+R" and record.comment == "club game"
    assert [c for c, _ in record.setup] == [B, B]
    assert record.first_to_move is W
    assert [m.text() for m in record.moves] == ["W K4", "B pass"]
    assert record.new_game().board.count_stones(B) == 2


def test_main_line_of_a_file_with_variations() -> None:
    record = read_sgf(b"(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc]))")
    assert [m.text() for m in record.moves] == ["B E5", "W C7", "B G3"]


def test_comments_and_setup() -> None:
    record = read_sgf(b"(;SZ[9]AB[cc][gg]AW[ee]PL[W]C[a problem];W[dd]C[nice])")
    assert len(record.setup) == 3 and record.first_to_move is W
    assert record.comment == "a problem" and record.move_comments == {1: "nice"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"(;SZ[9];B[ee]", "line 1: a '(' is never closed"),
        (b"(;SZ[9]\nC[oops)", "line 2: a property value '[' is never closed"),
        (b"(;SZ[9])\n)", "line 2: ')' without a matching '('"),
        (b"hello", "no SGF game tree"),
        (b"(;SZ[30])", "board size 30 is not supported"),
        (b"(;SZ[9]KM[lots])", "KM is not a number"),
        (b"(;SZ[9];B[zz])", "B[zz] is not a point on a 9×9 board"),
        (b"(;SZ[9];B[ee];AB[aa];W[cc])", "setup stones"),
        (b"(;SZ[9]\n;B[ee]\n;W[cc]$)", "line 3: unexpected character"),
    ],
)
def test_broken_files_say_where_and_why(data: bytes, message: str) -> None:
    with pytest.raises(
        SgfError,
        match=message.replace("(", r"\(")
        .replace(")", r"\)")
        .replace("[", r"\[")
        .replace("]", r"\]"),
    ):
        read_sgf(data)


def test_size_limits_against_hostile_input() -> None:
    with pytest.raises(SgfError, match="too large"):
        read_sgf(b"(;C[" + b"x" * MAX_BYTES + b"])")
    long_line = b"(;SZ[9]" + b";B[]" * 3100 + b")"
    with pytest.raises(SgfError, match="too long"):
        read_sgf(long_line)
    deep = b"(;SZ[9]" + b"(;B[aa])" * 100_001 + b")"
    with pytest.raises(SgfError, match="too many nodes"):
        read_sgf(deep)


def test_passes_are_written_the_ff4_way() -> None:
    game = Game(19)
    game.play(B, None)
    game.play(W, parse_vertex("Q16", 19))
    data = write_sgf(game)
    assert b";B[];W[pd]" in data
    assert [m.text() for m in read_sgf(data).moves] == ["B pass", "W Q16"]
