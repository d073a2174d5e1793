"""Connected parts of a board: the one flood fill of the engine, and its breadth-first layers.

Points are flat indices ``row * size + col``. Chains (also those a setup edit rebuilds), the
regions of the count, the areas, islands and influence of the estimate, fight zones and the
open areas of the fill are all floods:

* :func:`components` and :func:`component`: two neighbouring points belong together when their
  ``values`` are equal and not zero (or False). Stones by colour give the chains; "is not a
  living stone" gives the regions of the count;
* :func:`flood`: the points reached from some starting points through points that ``joins``
  says may be joined (a truth value per point), optionally only up to a number of points;
* :func:`layers`: the same reach step by step, for distances.

(:func:`engine.board.living_cells` gives a board's living stones as such values.)

>>> values = [1, 1, 0,
...           0, 2, 2,
...           1, 0, 2]
>>> components(3, values)
([0, 0, -1, -1, 1, 1, 2, -1, 1], [[0, 1], [4, 5, 8], [6]])
>>> component(3, values, 8)
[8, 5, 4]
>>> components(3, [1] * 9, [0], depth_first=True)[1]
[[0, 3, 1, 4, 2, 5, 8, 7, 6]]
>>> flood(3, [0], [True] * 9)
[0, 3, 1, 6, 4, 2, 7, 5, 8]
>>> flood(3, [0], [True] * 9, limit=8) is None
True
>>> list(layers(3, [0], [True] * 9))
[[0], [3, 1], [6, 4, 2], [7, 5], [8]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import overload

from engine.tables import neighbour_table


def _fill(
    nbrs: Sequence[Sequence[int]],
    values: Sequence[object],
    value: object,
    starts: Iterable[int],
    label: list[int],
    number: int,
    *,
    limit: int | None = None,
    depth_first: bool = False,
) -> list[int]:
    """Label with ``number`` each unlabelled start and every unlabelled point joined to one
    (through neighbours whose value equals ``value``); the labelled points in the order they are
    found, breadth-first or depth-first. With a ``limit``, it stops once it has more than
    ``limit`` points (the list is then cut short: longer than ``limit``)."""
    members = []
    for start in starts:
        if label[start] < 0:
            label[start] = number
            members.append(start)
    todo: Iterable[int] = _last_found_first(members) if depth_first else members
    if limit is not None:
        # A connected set of more than `limit` points always has a point found and not visited
        # once `limit` of them are visited, so visiting only those decides it.
        todo = islice(todo, limit)
    for index in todo:
        for n in nbrs[index]:
            if values[n] == value and label[n] < 0:
                label[n] = number
                members.append(n)
    return members


def _last_found_first(members: list[int]) -> Iterator[int]:
    """The points of ``members`` to visit depth-first while the flood adds to it: always the
    last one found and not visited yet (a stack of what each visit found)."""
    stack = members[:]
    found = len(members)
    while stack:
        yield stack.pop()
        stack += members[found:]
        found = len(members)


def components(
    size: int,
    values: Sequence[object],
    starts: Iterable[int] | None = None,
    *,
    depth_first: bool = False,
) -> tuple[list[int], list[list[int]]]:
    """Every component (or only those holding one of ``starts``): the number of each point's
    component (-1 where the value is zero, or outside those) and the members of each, numbered
    in the order of their first point (or start). The members are in breadth-first order from
    that point, or depth-first (the order the board keeps a chain's stones in)."""
    nbrs = neighbour_table(size)
    label = [-1] * (size * size)
    members_of: list[list[int]] = []
    for start in range(size * size) if starts is None else starts:
        if values[start] and label[start] < 0:
            number = len(members_of)
            members_of.append(
                _fill(nbrs, values, values[start], (start,), label, number, depth_first=depth_first)
            )
    return label, members_of


def component(size: int, values: Sequence[object], start: int) -> list[int]:
    """The component of ``start`` (whatever its value), in breadth-first order from it."""
    return _fill(neighbour_table(size), values, values[start], (start,), [-1] * (size * size), 0)


@overload
def flood(size: int, starts: Iterable[int], joins: Sequence[bool]) -> list[int]: ...
@overload
def flood(
    size: int, starts: Iterable[int], joins: Sequence[bool], *, limit: int | None
) -> list[int] | None: ...
def flood(
    size: int, starts: Iterable[int], joins: Sequence[bool], *, limit: int | None = None
) -> list[int] | None:
    """The ``starts`` (each once) and every point reached from them through points whose
    ``joins`` is true, in breadth-first order; None when they are more than ``limit``."""
    members = _fill(
        neighbour_table(size), joins, True, starts, [-1] * (size * size), 0, limit=limit
    )
    return None if limit is not None and len(members) > limit else members


def layers(size: int, starts: Iterable[int], joins: Sequence[bool]) -> Iterator[list[int]]:
    """The points of :func:`flood` step by step: first the ``starts`` (each once), then at each
    step the points first reached in it (their distance from the starts), until none is left."""
    nbrs = neighbour_table(size)
    ring = list(dict.fromkeys(starts))
    reached = set(ring)
    while ring:
        yield ring
        outer = []
        for index in ring:
            for n in nbrs[index]:
                if joins[n] and n not in reached:
                    reached.add(n)
                    outer.append(n)
        ring = outer
