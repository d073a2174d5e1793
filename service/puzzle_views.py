"""What ``learn`` and ``problem`` show: a puzzle's position with the answer's moves numbered, the
goal in the caption (``Black to capture``), and the lines that follow an answer."""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import Board
from engine.colors import Color
from engine.coords import parse_vertex
from service.exercises import Outcome
from service.i18n import Text, t
from service.learning import PuzzleKey, exercise_of, position
from service.lesson_model import Exercise, Kind
from service.views import BoardView, Spot, color_name


def goal_text(exercise: Exercise, key: PuzzleKey) -> str:
    """The goal in words: a lesson's exercise has its own sentence; a problem says its goal,
    who plays and the stone at stake (``Black to play and kill the group at C3``)."""
    if key[0] == "lesson":
        return t(f"learn.ex.{exercise.key}.goal")
    assert exercise.target is not None
    return t(
        f"problem.goal.{exercise.kind.value}",
        color=color_name(exercise.player),
        point=exercise.target,
    )


def numbered(
    exercise: Exercise, size: int, moves: Sequence[str]
) -> tuple[tuple[Spot, Color, int], ...]:
    """The answer's stones, numbered from 1 (the player's and the replies; passes skipped)."""
    color = exercise.player
    stones: list[tuple[Spot, Color, int]] = []
    for number, move in enumerate(moves, start=1):
        if move != "pass":
            point = parse_vertex(move, size)
            stones.append(((point.row, point.col), color, number))
        color = color.opponent
    return tuple(stones)


def puzzle_board(
    key: PuzzleKey,
    moves: Sequence[str],
    caption: str,
    *,
    board: Board | None = None,
    over: bool = False,
) -> BoardView:
    """The puzzle after ``moves`` (or ``board``, the position an answer left), its moves
    numbered, with ``caption``; the player is to move unless ``over``."""
    exercise = exercise_of(key)
    if board is None:
        board = position(key, tuple(moves))
    stones: dict[Color, list[Spot]] = {Color.BLACK: [], Color.WHITE: []}
    for point, color in board.stones():
        stones[color].append((point.row, point.col))
    return BoardView(
        size=board.size,
        black=frozenset(stones[Color.BLACK]),
        white=frozenset(stones[Color.WHITE]),
        last_move=None,  # the numbers show the moves
        ko_point=board.ko_point,
        captures_black=board.prisoners[Color.BLACK],
        captures_white=board.prisoners[Color.WHITE],
        to_move=None if over or exercise.kind is Kind.COUNT else exercise.player,
        move_number=len(moves),
        black_name=color_name(Color.BLACK),
        white_name=color_name(Color.WHITE),
        caption=caption,
        sequence=numbered(exercise, board.size, moves),
    )


def verdict_lines(exercise: Exercise, outcome: Outcome, answer: str) -> list[Text]:
    """What an answer gets: right (and done, or the reply and "your move"), or wrong with the
    refutation and the one sentence why."""
    opponent = color_name(exercise.player.opponent)
    reply = outcome.reply.gtp() if outcome.reply is not None else None
    if outcome.right and outcome.done:
        said = [t("learn.right", answer=answer)]
        if outcome.note is not None:
            said.append(t(outcome.note, **outcome.params))
        return said
    if outcome.right:
        if reply is None:
            return [t("learn.right_passes", answer=answer, color=opponent)]
        return [t("learn.right_more", answer=answer, color=opponent, point=reply)]
    lines = [
        t("learn.wrong", answer=answer)
        if reply is None
        else t("learn.wrong_reply", answer=answer, color=opponent, point=reply)
    ]
    if outcome.why is not None:
        lines.append(t(outcome.why, **outcome.params))
    return lines
