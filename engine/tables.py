"""Tables built once per board size: neighbours, diagonals, points and Zobrist keys.

Points are flat indices ``row * size + col`` (row 0 is board row 1).

>>> neighbour_table(3)[4]
(1, 7, 3, 5)
>>> diagonal_table(3)[0]
((4, 3, 1),)
"""

from __future__ import annotations

import random
from functools import cache

from engine.coords import Point


@cache
def neighbour_table(size: int) -> tuple[tuple[int, ...], ...]:
    """For each point index ``row * size + col``, the indices of its orthogonal neighbours."""
    table = []
    for index in range(size * size):
        row, col = divmod(index, size)
        around = []
        if row > 0:
            around.append(index - size)
        if row < size - 1:
            around.append(index + size)
        if col > 0:
            around.append(index - 1)
        if col < size - 1:
            around.append(index + 1)
        table.append(tuple(around))
    return tuple(table)


@cache
def diagonal_table(size: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each point, its diagonal neighbours as ``(diagonal, cross_a, cross_b)``."""
    table = []
    for index in range(size * size):
        row, col = divmod(index, size)
        out = []
        for dr in (-1, 1):
            for dc in (-1, 1):
                r, c = row + dr, col + dc
                if 0 <= r < size and 0 <= c < size:
                    out.append((r * size + c, r * size + col, row * size + c))
        table.append(tuple(out))
    return tuple(table)


@cache
def point_table(size: int) -> tuple[Point, ...]:
    """The :class:`Point` of each index, built once per size."""
    return tuple(Point(*divmod(index, size)) for index in range(size * size))


@cache
def zobrist_table(size: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Random 64-bit keys per (colour, point), fixed per size so hashes are stable across runs."""
    rng = random.Random(0x60B07 + size)
    black = tuple(rng.getrandbits(64) for _ in range(size * size))
    white = tuple(rng.getrandbits(64) for _ in range(size * size))
    return ((), black, white)
