"""The checks of ``learn``'s exercises on small diagrams: each kind's right and wrong answers,
illegal moves raise and leave the board as it was, COUNT reads results."""

from __future__ import annotations

import pytest

from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.errors import IllegalMove, IllegalReason
from service.exercises import check_count, check_move, read_result, start
from service.lesson_model import Exercise, Kind, region_of

B, W = Color.BLACK, Color.WHITE


def at(vertex: str, size: int = 5) -> Point:
    return parse_vertex(vertex, size)


def snapshot(exercise: Exercise) -> list[tuple[Point, Color]]:
    return sorted(start(exercise).stones())


ALONE = Exercise(
    "t.liberty",
    """
    . . . . .
    . . . . .
    . . O . .
    . . . . .
    . . . . .
    """,
    Kind.LIBERTY,
    target="C3",
)


def test_liberty_right_diagonal_and_far() -> None:
    board = start(ALONE)
    right = check_move(ALONE, board, at("C4"))
    assert right.right and right.done and right.why is None
    assert right.board.get(at("C4")) is B and board.get(at("C4")) is None  # a copy
    diagonal = check_move(ALONE, board, at("D4"))
    assert not diagonal.right and diagonal.why == "learn.why.diagonal"
    assert diagonal.params["point"] == "D4"
    far = check_move(ALONE, board, at("E5"))
    assert not far.right and far.why == "learn.why.not_liberty"


def test_an_occupied_point_raises_and_leaves_the_board() -> None:
    board = start(ALONE)
    before = sorted(board.stones())
    with pytest.raises(IllegalMove) as raised:
        check_move(ALONE, board, at("C3"))
    assert raised.value.reason is IllegalReason.OCCUPIED
    assert sorted(board.stones()) == before


ATARI = Exercise(
    "t.atari",
    """
    . . . . .
    . X X . .
    X O O . .
    . X . . .
    . . . . .
    """,
    Kind.ATARI,
    target="B3",
)


def test_atari() -> None:
    board = start(ATARI)
    assert check_move(ATARI, board, at("D3")).right
    assert check_move(ATARI, board, at("C2")).right
    wrong = check_move(ATARI, board, at("E5"))
    assert not wrong.right and wrong.why == "learn.why.liberties" and wrong.params["n"] == 2


CONNECT = Exercise(
    "t.connect",
    """
    . . . . .
    . . . . .
    . . . X .
    . . X . .
    . . . . .
    """,
    Kind.CONNECT,
    target="C2",
    other="D3",
)


def test_connect() -> None:
    board = start(CONNECT)
    assert check_move(CONNECT, board, at("C3")).right
    assert check_move(CONNECT, board, at("D2")).right
    wrong = check_move(CONNECT, board, at("B2"))
    assert not wrong.right and wrong.why == "learn.why.not_connected"


POINTS = Exercise(
    "t.point",
    """
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    """,
    Kind.POINT,
    points=("B2", "D4"),
)


def test_point() -> None:
    board = start(POINTS)
    assert check_move(POINTS, board, at("B2")).right
    wrong = check_move(POINTS, board, at("C3"))
    assert not wrong.right and wrong.why == "learn.why.not_point"


SUICIDE = Exercise(
    "t.illegal",
    """
    . X . . .
    X X . . .
    . . . O O
    . . . O X
    . . . X .
    """,
    Kind.ILLEGAL,
    player=W,
)


def test_illegal_suicide_legal_capture_and_occupied() -> None:
    board = start(SUICIDE)
    right = check_move(SUICIDE, board, at("A5"))
    assert right.right and right.done and right.note == "learn.right.suicide"
    legal = check_move(SUICIDE, board, at("C3"))
    assert not legal.right and legal.why == "learn.why.legal"
    takes = check_move(SUICIDE, board, at("E1"))  # no liberty of its own, but it captures
    assert not takes.right and takes.why == "learn.why.legal_captures"
    assert takes.captured == (at("E2"),) and takes.board.get(at("E2")) is None
    with pytest.raises(IllegalMove):
        check_move(SUICIDE, board, at("B4"))


KO = Exercise(
    "t.ko",
    """
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    """,
    Kind.ILLEGAL,
    player=W,
    moves=("B C3",),
)


def test_illegal_ko() -> None:
    board = start(KO)
    assert board.get(at("B3")) is None  # Black's C3 took it
    right = check_move(KO, board, at("B3"))
    assert right.right and right.note == "learn.right.ko"


CAPTURE = Exercise(
    "t.capture",
    """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X . . . .
    . X O . . . .
    . . . . . . .
    """,
    Kind.CAPTURE,
    target="C2",
    region="A1:G3",
)


def test_capture_by_reading() -> None:
    board = start(CAPTURE)
    net = check_move(CAPTURE, board, at("D3", 7))
    assert net.right and net.done
    chase = check_move(CAPTURE, board, at("D2", 7))
    assert chase.right and not chase.done and chase.reply is not None
    wrong = check_move(CAPTURE, board, at("C1", 7))
    assert not wrong.right and wrong.reply == at("D2", 7)
    assert wrong.why == "learn.why.escapes" and wrong.params["reply"] == "D2"
    assert sorted(board.stones()) == snapshot(CAPTURE)  # the board given is not changed
    with pytest.raises(IllegalMove):
        check_move(CAPTURE, board, at("C2", 7))


LIVE = Exercise(
    "t.live",
    """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    O O O O O O .
    X X X X X O .
    . X . . X O .
    X X . O . O .
    """,
    Kind.LIVE,
    target="A3",
    region="A1:E2",
)


def test_live_by_reading() -> None:
    board = start(LIVE)
    assert check_move(LIVE, board, at("E1", 7)).done
    wrong = check_move(LIVE, board, at("C2", 7))
    assert not wrong.right and wrong.why == "learn.why.dies" and wrong.reply is not None


COUNT = Exercise(
    "t.count",
    """
    . . X O .
    . . X O .
    . o X O .
    . . X O .
    . . X O .
    """,
    Kind.COUNT,
    komi=0.5,
)


def test_count() -> None:
    # Black: 10 points and the dead stone; White: 5 and komi 0.5
    right = check_count(COUNT, "B+5.5")
    assert right.right and right.done
    assert check_count(COUNT, " b + 5,5 ").right
    wrong = check_count(COUNT, "W+1")
    assert not wrong.right and wrong.why == "learn.why.count" and wrong.params["result"] == "B+5.5"


@pytest.mark.parametrize(
    ("text", "margin"),
    [("B+3", 3.0), ("W+2.5", -2.5), ("w+2,5", -2.5), ("0", 0.0), ("Jigo", 0.0), ("B+0", 0.0)],
)
def test_results_read(text: str, margin: float) -> None:
    assert read_result(text) == margin


@pytest.mark.parametrize("text", ["", "B3", "X+3", "B+", "+3", "B+three", "W-2"])
def test_unreadable_results_raise(text: str) -> None:
    with pytest.raises(ValueError):
        read_result(text)
    with pytest.raises(ValueError):
        check_count(COUNT, text)


def test_regions() -> None:
    assert region_of("A1:B2 E5", 5) == {at(v) for v in ("A1", "A2", "B1", "B2", "E5")}
    assert CAPTURE.task is not None and len(CAPTURE.task.region) == 21
    assert ALONE.task is None


def test_every_sentence_the_checks_name_is_in_the_catalogue() -> None:
    import inspect
    import re

    from service import exercises
    from service.catalogue_en import ENGLISH

    keys = set(re.findall(r'"(learn\.(?:why|right)\.\w+)"', inspect.getsource(exercises)))
    assert len(keys) >= 10
    assert sorted(keys - set(ENGLISH)) == []
