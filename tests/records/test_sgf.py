"""SGF in and out: properties, the main line, broken files, size limits; sloppy files read with a
warning, hostile ones refused in one line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.game import Game, Move
from engine.result import GameResult
from records.sgf import (
    MAX_BYTES,
    MAX_MAIN_LINE,
    MAX_NAME,
    SetupNode,
    SgfError,
    load_sgf,
    read_sgf,
    write_sgf,
)

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
        (b"(;SZ[30])", "board size 30 is not supported (SZ must be 2 to 25)"),
        (b"(;SZ[1])", "board size 1 is not supported (SZ must be 2 to 25)"),
        (b"(;SZ[nine])", "SZ[nine] is not a board size"),
        (b"(;SZ[9:13])", "SZ[9:13]: only square boards are supported"),
        (b"(;SZ[9];B[zz])", "node 1 (move 1): B[zz] is not a point on a 9×9 board"),
        (b"(;SZ[9]AB[aa:zz])", "node 0: AB[aa:zz] is not a point on a 9×9 board"),
        (b"(;SZ[9];B[ee]W[cc])", "node 1 (move 1): B and W in one node"),
        (b"(;SZ[9]\n;B[ee]\n;W[cc]$)", "line 3: unexpected character"),
        # setup is not a move: it never captures, and one node cannot say two things of a point
        (b"(;SZ[9]AB[ee]AW[ee];B[aa])", "node 0: AB and AW both name E5"),
        (b"(;SZ[9]AB[ee]AE[ee])", "node 0: AB and AE both name E5"),
        (b"(;SZ[9]AB[aa]AW[ab][ba];B[ee])", "setup leaves the black stone at A9 without a liberty"),
        (b"(;SZ[9]AW[ab][ba];AB[aa])", "node 1: setup leaves the black stone at A9 without a"),
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
    assert len(read_sgf(b"(;SZ[9]" + b";B[]" * MAX_MAIN_LINE + b")").moves) == MAX_MAIN_LINE
    long_line = b"(;SZ[9]" + b";B[]" * (MAX_MAIN_LINE + 1) + b")"
    with pytest.raises(SgfError, match="too long"):
        read_sgf(long_line)
    everywhere = b"(;SZ[25]" + b";AE[aa:yy]" * 400 + b")"
    with pytest.raises(SgfError, match="too many setup stones"):
        read_sgf(everywhere)
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


def stops_and_resumptions(moves: int) -> Game:
    """A game of ``moves`` passes: every second pass stops it, and it is resumed."""
    game = Game(9)
    for _ in range(moves // 2):
        game.play(game.to_move, None)
        game.play(game.to_move, None)
        game.resume(game.to_move)
    return game


def test_long_games_of_the_bot_read_back() -> None:
    """The bot's own export of a game far past 3,000 moves reads back, move for move."""
    game = stops_and_resumptions(6000)
    record = read_sgf(write_sgf(game))
    assert len(record.moves) == game.move_number == 6000


def test_writing_a_record_is_linear_in_its_length() -> None:
    """Counted in Python function calls, not timed: 8 times the moves is about 8 times the work
    (writing each move by walking the main line from the root was quadratic: 63 times, 7.3 s
    for 8,000 moves, stalling every other game)."""

    def calls(game: Game) -> int:
        count = 0

        def profile(frame: object, event: str, arg: object) -> None:
            nonlocal count
            count += event == "call"

        sys.setprofile(profile)
        try:
            write_sgf(game)
        finally:
            sys.setprofile(None)
        return count

    short, long = calls(stops_and_resumptions(1000)), calls(stops_and_resumptions(8000))
    assert 4 * short < long < 12 * short


@pytest.mark.parametrize(
    ("data", "attribute", "value", "warning"),
    [
        (b"(;SZ[9]PL[1];B[ee])", "first_to_move", None, "PL[1] is not B or W; ignored"),
        (b"(;SZ[9]AB[cc]PL[ white ];W[ee])", "first_to_move", W, None),
        (b"(;SZ[9]PB[Alice][Bob])", "black_name", "Alice", "PB[Alice][Bob] has 2 values"),
        (b"(;PW[White][White])", "white_name", "White", "PW[White][White] has 2 values"),
        (b"(;PB[A]PB[B])", "black_name", "A", "the first is used"),
        (b"(;KM[6.5][0.5])", "komi", 6.5, "KM[6.5][0.5] has 2 values; the first is used"),
        (b"(;KM[lots])", "komi", 0.0, "KM[lots] is not a number; komi 0 is used"),
        (b"(;KM[nan])", "komi", 0.0, "KM[nan] is not a number"),
        (b"(;KM[-inf])", "komi", 0.0, "KM[-inf] is not a number"),
        (b"(;KM[1e308])", "komi", 0.0, "KM[1e308] is beyond ±1000 points; komi 0 is used"),
        (b"(;KM[-1000.5])", "komi", 0.0, "KM[-1000.5] is beyond ±1000 points"),
        (b"(;KM[1000])", "komi", 1000.0, None),
        (b"(;KM[ 6,5 ])", "komi", 6.5, None),
        (b"(;HA[1];B[ee])", "handicap", 1, None),
        (b"(;HA[two])", "handicap", 0, "HA[two] is not a number of stones; ignored"),
        (b"(;HA[-3])", "handicap", 0, "HA[-3] is not a number of stones"),
        (b"(;SZ[ 9 ])", "size", 9, None),
        (b"(;SZ[9:9])", "size", 9, None),
        (b"(;SZ[2])", "size", 2, None),
        (b"(;SZ[4];B[bb])", "size", 4, None),
        (b"(;SZ[9]AB[];B[ee])", "setup", [], "an empty AB[] is ignored"),
        (b"(;SZ[9];B[ ee ])", "moves", [Move(B, Point(4, 4))], None),
        (b"(;SZ[9];B[tt])", "moves", [Move(B, None)], None),
    ],
)
def test_sloppy_but_meaningful_files_are_read(
    data: bytes, attribute: str, value: object, warning: str | None
) -> None:
    record = read_sgf(data)
    assert getattr(record, attribute) == value
    if warning is None:
        assert record.warnings == []
    else:
        assert len(record.warnings) == 1 and warning in record.warnings[0]


@pytest.mark.parametrize(
    ("data", "name", "warning"),
    [
        # no CA: UTF-8 when the file is valid UTF-8, else ISO-8859-1 (the FF[4] default)
        ("(;PB[Jürgen])".encode(), "Jürgen", None),
        ("(;PB[Jürgen])".encode("latin-1"), "Jürgen", None),
        ("(;CA[Shift_JIS]PB[本因坊])".encode("shift_jis"), "本因坊", None),
        ("(;CA[GB2312]PB[棋手])".encode("gb2312"), "棋手", None),
        ("(;CA[iso-8859-1]PB[Jürgen])".encode("latin-1"), "Jürgen", None),
        # a charset that is no text encoding for SGF, or none at all: UTF-8
        ("(;CA[rot13]PB[Jürgen])".encode(), "Jürgen", "CA[rot13] is not a text encoding"),
        ("(;CA[base64]PB[Jürgen])".encode(), "Jürgen", "CA[base64] is not a text encoding"),
        ("(;CA[hex]PB[Jürgen])".encode(), "Jürgen", "CA[hex] is not a text encoding"),
        ("(;CA[punycode]PB[Jürgen])".encode(), "Jürgen", "CA[punycode] is not a text"),
        ("(;CA[idna]PB[Jürgen])".encode(), "Jürgen", "CA[idna] is not a text encoding"),
        ("(;CA[UTF-16]PB[Jürgen])".encode(), "Jürgen", "CA[UTF-16] is not a text encoding"),
        (b"(;CA[unicode_escape]PB[J\\\\u00fc])", "J\\u00fc", "is not a text enc"),
        ("(;CA[klingon]PB[Jürgen])".encode(), "Jürgen", "CA[klingon] is not a text encoding"),
        # bytes that are invalid in the declared charset: replaced
        (b"(;CA[UTF-8]PB[J\xfcrgen])", "J\ufffdrgen", "bytes invalid in CA[UTF-8] replaced"),
        (b"(;CA[ascii]PB[J\xfcrgen])", "J\ufffdrgen", "bytes invalid in CA[ascii] replaced"),
    ],
)
def test_charsets(data: bytes, name: str, warning: str | None) -> None:
    record = read_sgf(data)
    assert record.black_name == name
    if warning is None:
        assert record.warnings == []
    else:
        assert len(record.warnings) == 1 and warning in record.warnings[0]


def test_absurdly_long_names_are_cut() -> None:
    record = read_sgf(b"(;PB[" + b"Alice" * 2800 + b"]PW[Bob])")
    assert record.black_name is not None and len(record.black_name) == MAX_NAME
    assert record.black_name.endswith("…") and record.white_name == "Bob"
    assert record.warnings == [f"PB is 14000 characters long; cut to {MAX_NAME}"]


def test_warnings_are_few_and_printable() -> None:
    data = b"(;SZ[9]CA[\x1b[2Jevil]" + b"".join(b";B[]C[%d][x]" % n for n in range(40)) + b")"
    record = read_sgf(data)
    assert len(record.warnings) <= 21 and record.warnings[-1] == "more warnings left out"
    assert all(text.isprintable() for text in record.warnings)


def test_setup_in_the_middle_is_kept_in_its_place() -> None:
    """AB/AW/AE after the first move are setup at that point of the game, not moves; before it,
    they make the starting position."""
    record = read_sgf(b"(;SZ[9]AB[cc];AW[gg];B[ee];AB[aa]AW[ii]AE[cc];W[dd];AB[ab])")
    assert record.setup == [(B, Point(6, 2)), (W, Point(2, 6))]
    assert [m.text() for m in record.moves] == ["B E5", "W D6"]
    assert record.setup_nodes == [
        SetupNode(1, ((B, Point(8, 0)), (W, Point(0, 8)), (None, Point(6, 2)))),
        SetupNode(2, ((B, Point(7, 0)),)),
    ]
    assert record.first_to_move is B


def test_a_file_without_a_size_is_read_only_up_to_the_limit(tmp_path: Path) -> None:
    """A device or a pipe reports size 0: reading stops one byte past the limit (``gobot replay
    /dev/zero`` must not fill the memory)."""
    with pytest.raises(SgfError, match="too large"):
        load_sgf("/dev/zero")
    with pytest.raises(SgfError, match="folder"):
        load_sgf(tmp_path)


def test_a_folder_is_named_a_folder_whatever_opening_it_says(tmp_path: Path) -> None:
    """``gobot replay ''`` names the current folder: it is a folder, not a missing file; a file
    that is not there is said to be missing."""
    for path in ("", str(tmp_path), tmp_path):
        with pytest.raises(SgfError, match=r"^this is a folder, not a file$"):
            load_sgf(path)
    with pytest.raises(SgfError, match=r"^cannot read the file: No such file or directory$"):
        load_sgf(tmp_path / "missing.sgf")
