"""The checks of ``learn``'s exercises: the engine judges each answer, never a stored move.

Any move that reaches the goal is right; a wrong one gets the bot's refutation played on the
board (the reader kinds) and the catalogue key of one sentence why. Pure and synchronous: the
reader's search can take a moment, so the service runs these off the event loop.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine import reading
from engine.board import Board
from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.counting import count
from engine.errors import IllegalMove, IllegalReason
from engine.result import GameResult
from service.lesson_model import Exercise, Kind, dead_of, setup_of

_READER = frozenset({Kind.CAPTURE, Kind.ESCAPE, Kind.KILL, Kind.LIVE})


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an answer did: right or wrong, the position to show, the bot's reply and why."""

    right: bool
    done: bool  # the exercise is solved (right and nothing left to play)
    board: Board  # the position to show: after the answer and the bot's reply (a copy)
    reply: Point | None  # the bot's move on ``board`` (refutation, or best defence when not done)
    why: str | None  # the catalogue key of the one sentence after a wrong answer
    params: Mapping[str, str | int] = field(default_factory=dict)
    captured: tuple[Point, ...] = ()  # stones taken off by the answer and the reply
    note: str | None = None  # the catalogue key of a sentence after a right answer (if any)


def start(exercise: Exercise) -> Board:
    """The exercise's position: its stones set up, then its moves played (a ko just taken)."""
    board = Board(exercise.size)
    for color, point in setup_of(exercise.rows):
        board.place_setup(color, point)
    for color, point in exercise.played:
        board.play(color, point)
    return board


def check_move(exercise: Exercise, board: Board, point: Point) -> Outcome:
    """Judge the player's move ``point`` on ``board`` (the current position, left unchanged).

    An illegal move raises :class:`IllegalMove`, except in an ILLEGAL exercise, whose answer is
    a point where the move would be illegal (an occupied point still raises)."""
    if exercise.kind is Kind.ILLEGAL:
        return _illegal(exercise, board, point)
    if exercise.kind is Kind.COUNT:
        raise ValueError("a COUNT exercise is answered with a result: check_count")
    if exercise.kind in _READER:
        return _read(exercise, board, point)
    player = exercise.player
    reason = board.legality(player, point)
    if reason is not None:
        raise IllegalMove(reason, format_vertex(point))
    after = board.copy()
    captured = after.play(player, point).captured
    vertex = format_vertex(point)
    if exercise.kind is Kind.POINT:
        right = vertex in exercise.points
        return _simple(exercise, after, right, "learn.why.not_point", {"point": vertex}, captured)
    target = exercise.target_point
    if exercise.kind is Kind.LIBERTY:
        right = point in board.liberties(target)
        why = "learn.why.diagonal" if _diagonal(board, target, point) else "learn.why.not_liberty"
        return _simple(exercise, after, right, why, {"point": vertex}, captured)
    if exercise.kind is Kind.CONNECT:
        right = exercise.other_point in after.chain(target)
        return _simple(exercise, after, right, "learn.why.not_connected", {"point": vertex}, ())
    # ATARI: the target chain is still there with exactly one liberty
    left = len(after.liberties(target))
    right = left == 1
    why = "learn.why.captured_not_atari" if left == 0 else "learn.why.liberties"
    return _simple(exercise, after, right, why, {"point": vertex, "n": left}, captured)


def _simple(
    exercise: Exercise,
    after: Board,
    right: bool,
    why: str,
    params: dict[str, str | int],
    captured: tuple[Point, ...],
) -> Outcome:
    """The outcome of a one-move kind: done when right, the generic or the exercise's why."""
    if right:
        return Outcome(True, True, after, None, None, params, captured)
    return Outcome(False, False, after, None, exercise.why or why, params, captured)


def _diagonal(board: Board, target: Point, point: Point) -> bool:
    """``point`` touches the target chain only diagonally (a beginner's usual mistake)."""
    return any(
        abs(point.row - stone.row) == 1 and abs(point.col - stone.col) == 1
        for stone in board.chain(target)
    )


def _illegal(exercise: Exercise, board: Board, point: Point) -> Outcome:
    """ILLEGAL: right when ``point`` is empty and the move there is forbidden (Art. 4, Art. 6);
    a legal point is wrong, and the stone is shown standing there."""
    player = exercise.player
    vertex = format_vertex(point)
    reason = board.legality(player, point)
    if reason is IllegalReason.OCCUPIED:
        raise IllegalMove(reason, vertex)
    if reason is not None:
        note = "learn.right.ko" if reason is IllegalReason.KO else "learn.right.suicide"
        return Outcome(True, True, board.copy(), None, None, {"point": vertex}, note=note)
    after = board.copy()
    captured = after.play(player, point).captured
    why = "learn.why.legal_captures" if captured else "learn.why.legal"
    params: dict[str, str | int] = {"point": vertex, "n": len(captured)}
    return Outcome(False, False, after, None, exercise.why or why, params, captured)


def _read(exercise: Exercise, board: Board, point: Point) -> Outcome:
    """The reader kinds: the reader answers with its best reply and says whether the goal is
    reached; a wrong answer's sentence comes from what the refutation did."""
    task = exercise.task
    assert task is not None
    before = {stone for stone, color in board.stones() if color is exercise.player}
    answer = reading.answer(board, task, point)
    after = answer.board.copy()
    captured = tuple(answer.captured)
    params: dict[str, str | int] = {"point": format_vertex(point)}
    if answer.reply is not None:
        params["reply"] = format_vertex(answer.reply)
    if answer.right:
        return Outcome(True, answer.done, after, answer.reply, None, params, captured)
    lost = sorted(stone for stone in before if after.get(stone) is None and stone != point)
    params["n"] = len(lost)
    why = exercise.why or _why_wrong(exercise, after, lost, params)
    return Outcome(False, False, after, answer.reply, why, params, captured)


def _why_wrong(
    exercise: Exercise, after: Board, lost: list[Point], params: dict[str, str | int]
) -> str:
    """The one sentence after a wrong answer of a reader kind, from the position it left."""
    target = exercise.target_point
    mine = exercise.kind in (Kind.ESCAPE, Kind.LIVE)  # the chain at stake is the player's
    if lost and "reply" in params and (not mine or after.get(target) is not None):
        return "learn.why.captured"  # the refutation took some of the player's stones
    if mine:
        if after.get(target) is None:
            return "learn.why.target_captured"
        return "learn.why.dies" if exercise.kind is Kind.LIVE else "learn.why.caught"
    if after.get(target) is None:
        return "learn.why.wrong"
    params["n"] = len(after.liberties(target))
    if exercise.kind is Kind.KILL:
        return "learn.why.lives" if "reply" in params else "learn.why.wrong"
    return "learn.why.escapes" if "reply" in params else "learn.why.wrong"


_RESULT = re.compile(r"^([BW])\s*\+\s*(\d+(?:[.,]\d+)?)$")


def read_result(answer: str) -> float:
    """Black's margin that ``answer`` names: ``B+3`` is 3, ``W+2.5`` (or ``W+2,5``) is -2.5,
    ``0``/``jigo``/``draw`` 0. Raises ValueError for text it cannot read."""
    text = answer.strip().upper()
    if text in ("0", "JIGO", "DRAW"):
        return 0.0
    match = _RESULT.match(text)
    if match is None:
        raise ValueError(f"{answer.strip()!r} is not a result like B+3, W+2.5 or jigo")
    margin = float(match.group(2).replace(",", "."))
    if margin == 0:
        return 0.0
    return margin if match.group(1) == "B" else -margin


def counted(exercise: Exercise) -> GameResult:
    """The engine's count of a COUNT exercise (Art. 8 and 10): its dead stones taken off,
    its prisoners and komi added."""
    board = start(exercise)
    board.prisoners[Color.BLACK], board.prisoners[Color.WHITE] = exercise.prisoners
    return count(board, dead_of(exercise.rows, exercise.size), komi=exercise.komi).result


def check_count(exercise: Exercise, answer: str) -> Outcome:
    """Judge the result ``answer`` names (``B+3``, ``W+2.5``, ``0``, ``jigo``) against the
    engine's count. Raises ValueError, with no side effects, for text it cannot read."""
    if exercise.kind is not Kind.COUNT:
        raise ValueError("only a COUNT exercise is answered with a result")
    margin = read_result(answer)
    result = counted(exercise)
    right = margin == _margin(result)
    params: dict[str, str | int] = {"answer": answer.strip(), "result": result.sgf}
    why = None if right else exercise.why or "learn.why.count"
    return Outcome(right, right, start(exercise), None, why, params)


def _margin(result: GameResult) -> float:
    """Black's margin in ``result`` (0 for jigo)."""
    if result.winner is None or result.margin is None:
        return 0.0
    return result.margin if result.winner is Color.BLACK else -result.margin
