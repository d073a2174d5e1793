"""What one round of :class:`engine.estimate_core.Analysis` shows the modules it asks: its chains,
their groups and the colour of the living stones (:class:`Round`), and what it asks a reader of
small fights (:class:`FightVerdicts`, which :class:`engine.estimate_fights.FightReader` is).

These are protocols so that the analysis, the search for captive groups
(:mod:`engine.estimate_captives`) and the reading of fights (:mod:`engine.estimate_fights`) each
import this module and not one another. Everything works on flat lists of cells indexed
``row * size + col`` (0 empty, 1 black, 2 white).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.regions import components
from engine.tables import neighbour_table


@dataclass(slots=True)
class Chain:
    """A chain of stones with its liberties."""

    color: int
    stones: list[int]
    libs: set[int]


def find_chains(size: int, cells: Sequence[int]) -> list[Chain]:
    """Every chain of ``cells``, in the order of its first stone."""
    nbrs = neighbour_table(size)
    _, stones_of = components(size, cells)
    return [
        Chain(cells[stones[0]], stones, {n for i in stones for n in nbrs[i] if not cells[n]})
        for stones in stones_of
    ]


class Round(Protocol):
    """One round of the analysis, as its helpers read it (chains and groups are numbered)."""

    @property
    def size(self) -> int:
        """The board's size."""

    @property
    def chains(self) -> Sequence[Chain]:
        """Every chain, by number."""

    @property
    def chain_of(self) -> Sequence[int]:
        """Per point index, the number of the chain on it (-1 for an empty point)."""

    @property
    def alive(self) -> Sequence[int]:
        """Per point index, the colour of a living stone: 0 for empty points and dead stones."""

    @property
    def group_of(self) -> Sequence[int]:
        """Per living chain, the number of its group (the smallest chain number in it)."""

    @property
    def groups(self) -> dict[int, list[int]]:
        """Per group number, the numbers of its chains."""

    @property
    def safe(self) -> set[int]:
        """The chains that are unconditionally alive."""


class FightVerdicts(Protocol):
    """Reads the small closed fights of a round out under Art. 7."""

    def verdicts(self, analysis: Round, strong: set[int]) -> tuple[dict[int, bool], set[int]]:
        """Per weak group whose fight was read: True if dead, False if it holds; and the
        chains that are dead on their own."""
