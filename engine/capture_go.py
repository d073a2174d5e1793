"""The computer's play in Capture Go (docs/capture-go.md: normal Go moves, suicide illegal,
simple ko; the first capture wins, two passes in a row draw). Pure and deterministic given a
:class:`random.Random`.

In order, the policy (:func:`choose_move`):

1. captures if it can (that wins);
2. if one of its chains is in atari, saves it: it captures an attacker (step 1), or extends when
   the extension gets two liberties or more and is not caught in a ladder
   (:mod:`engine.capture_ladder`); a chain that cannot be saved is left and it plays elsewhere;
3. ataris an opposing chain when the atari works (a working ladder, or nowhere to run);
4. otherwise plays a shape move: safe (the opponent can capture nothing after it but a chain
   given up in step 2, and none of its chains can then be caught in a ladder), liberty-rich and
   near the stones already played. With no safe move left it passes.

Levels 1..10: below 10 it overlooks, each with probability :func:`slip` (falling as the level
rises), a capture (step 1), an atari to answer (step 2), or plays a random safe move instead of
steps 3 and 4; level 10 never overlooks.
"""

from __future__ import annotations

import random

from engine.board import Board
from engine.capture_ladder import atari_works, capturing_points, caught
from engine.colors import Color
from engine.coords import Point
from engine.game import Game, Phase

MIN_LEVEL, MAX_LEVEL = 1, 10


def slip(level: int) -> float:
    """How often the computer at ``level`` overlooks something: 0.6 at level 1, 0 at level 10.

    >>> slip(1), slip(10)
    (0.6, 0.0)
    """
    level = max(MIN_LEVEL, min(MAX_LEVEL, level))
    return (MAX_LEVEL - level) / 15


def choose_move(game: Game, level: int, rng: random.Random) -> Point | None:
    """The computer's move for the player to move in ``game`` (None: a pass)."""
    if game.phase is not Phase.PLAYING:
        return None
    board, color = game.board, game.to_move
    chance = slip(level)
    # the draws are made in the same order every time, so a seeded game replays the same
    miss_capture = rng.random() < chance
    miss_atari = rng.random() < chance
    wander = rng.random() < chance
    captures = capturing_points(board, color)
    if captures and not miss_capture:
        return rng.choice(captures)  # 1: it wins
    if not miss_atari:
        rescue = saving_move(board, color, capture=not miss_capture)
        if rescue is not None:
            return rescue  # 2
    # a chain in atari that could not be saved (caught in a ladder) is left: it plays elsewhere
    lost = frozenset(
        point
        for owner, stones, libs in board.chains()
        if owner is color and len(libs) == 1
        for point in stones
    )
    safe = safe_moves(board, color, lost)
    if not safe:
        return None
    if wander:
        return rng.choice(safe)
    attack = working_atari(board, color)
    if attack is not None:
        return attack  # 3
    return shape_move(board, color, safe, rng)  # 4


def saving_move(board: Board, color: Color, *, capture: bool = True) -> Point | None:
    """For ``color``'s largest chain in atari that can be saved: the capture of an attacker next to
    it (unless not ``capture``: a capture overlooked), or the extension that gets two liberties or
    more and is not caught in a ladder."""
    endangered = sorted(
        ((stones, libs) for owner, stones, libs in board.chains() if owner is color),
        key=lambda chain: (-len(chain[0]), min(chain[0])),
    )
    for stones, libs in endangered:
        if len(libs) != 1:
            continue
        anchor = min(stones)
        for point in capturing_points(board, color) if capture else ():
            trial = board.copy()
            trial.play(color, point)
            if len(trial.liberties(anchor)) > 1:
                return point
        (last,) = libs
        if not board.is_legal(color, last):
            continue
        trial = board.copy()
        trial.play(color, last)
        count = len(trial.liberties(anchor))
        if count >= 3 or (count == 2 and not caught(trial, anchor)):
            return last
    return None


def working_atari(board: Board, color: Color) -> Point | None:
    """An atari by ``color`` that works (the chain cannot escape), against the largest such
    chain; never a move after which the opponent could capture."""
    best: tuple[int, Point] | None = None
    for owner, stones, libs in board.chains():
        if owner is color or len(libs) != 2:
            continue
        target = min(stones)
        for point in sorted(libs):
            if not atari_works(board, color, point, target):
                continue
            if best is None or len(stones) > best[0]:
                best = (len(stones), point)
    return None if best is None else best[1]


def safe_moves(board: Board, color: Color, lost: frozenset[Point] = frozenset()) -> list[Point]:
    """``color``'s legal moves after which the opponent can capture nothing but the ``lost``
    stones (a chain in atari it gave up), in board order."""
    safe = []
    for point in board.legal_points(color):
        trial = board.copy()
        trial.play(color, point)
        if not any(
            owner is color and len(libs) == 1 and not stones <= lost
            for owner, stones, libs in trial.chains()
        ):
            safe.append(point)
    return safe


def shape_move(board: Board, color: Color, safe: list[Point], rng: random.Random) -> Point:
    """The best of the ``safe`` moves by :func:`shape_score`; ties broken by ``rng``."""
    scored = [(shape_score(board, color, point), point) for point in safe]
    top = max(score for score, _ in scored)
    return rng.choice([point for score, point in scored if score == top])


def shape_score(board: Board, color: Color, point: Point) -> int:
    """How good ``color``'s safe move at ``point`` looks: the new chain's liberties, fewer
    liberties for the opposing chains next to it, near the stones (or the centre on an empty
    board), off the first line; much worse when one of its chains can then be caught."""
    trial = board.copy()
    trial.play(color, point)
    size = board.size
    score = 4 * min(len(trial.liberties(point)), 4)
    for neighbour in board.neighbours(point):
        if board.get(neighbour) is color.opponent:
            score += 2 * (5 - min(len(trial.liberties(neighbour)), 5))
    edge = min(point.row, point.col, size - 1 - point.row, size - 1 - point.col)
    score += 3 * min(edge, 2)
    stones = [p for p, _ in board.stones()]
    if stones:
        near = min(abs(p.row - point.row) + abs(p.col - point.col) for p in stones)
        score -= 2 * max(near - 2, 0)
    else:
        centre = (size - 1) / 2
        score -= int(abs(point.row - centre) + abs(point.col - centre))
    for owner, stones_, libs in trial.chains():
        if owner is color and len(libs) == 2 and caught(trial, min(stones_)):
            score -= 40
            break
    return score
