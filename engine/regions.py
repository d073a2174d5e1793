"""Connected parts of a board: the one flood fill behind chains and the regions of the count.

Points are flat indices ``row * size + col``; ``values`` gives each point a value, and two
neighbouring points belong together when their values are equal and not zero (or False).
Stones by colour give the chains; "is not a living stone" gives the regions of the count.

>>> values = [1, 1, 0,
...           0, 2, 2,
...           1, 0, 2]
>>> components(3, values)
([0, 0, -1, -1, 1, 1, 2, -1, 1], [[0, 1], [4, 5, 8], [6]])
>>> component(3, values, 8)
[8, 5, 4]
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import neighbour_table


def _fill(
    nbrs: Sequence[Sequence[int]], values: Sequence[int], start: int, label: list[int], number: int
) -> list[int]:
    """Label ``start`` and every unlabelled point joined to it with ``number``; the members in
    breadth-first order from ``start``."""
    value = values[start]
    label[start] = number
    members = [start]
    for index in members:
        for n in nbrs[index]:
            if values[n] == value and label[n] < 0:
                label[n] = number
                members.append(n)
    return members


def components(size: int, values: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """Every component: the number of each point's component (-1 where the value is zero) and
    the members of each component, numbered in the order of their first point."""
    nbrs = neighbour_table(size)
    label = [-1] * (size * size)
    members_of: list[list[int]] = []
    for start in range(size * size):
        if values[start] and label[start] < 0:
            members_of.append(_fill(nbrs, values, start, label, len(members_of)))
    return label, members_of


def component(size: int, values: Sequence[int], start: int) -> list[int]:
    """The component of ``start`` (whatever its value), in breadth-first order from it."""
    return _fill(neighbour_table(size), values, start, [-1] * (size * size), 0)
