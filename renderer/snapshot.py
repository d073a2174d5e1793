"""The renderer's input: a plain, frozen, hashable picture of a board at one moment."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from engine.coords import COLUMNS as COLUMNS  # GTP letters, no I: re-exported for the renderer
from engine.coords import MAX_SIZE as MAX_SIZE
from engine.coords import MIN_BOARD_SIZE

Point = tuple[int, int]
"""An intersection as ``(row, col)``, both from 0, counted from the bottom-left corner."""

MIN_SIZE = MIN_BOARD_SIZE  # SGF records may be this small; new games are 5×5 or more

Theme = Literal["light", "dark"]


class Mark(enum.Enum):
    """What the counting overlay says about one intersection."""

    BLACK_TERRITORY = "black_territory"
    WHITE_TERRITORY = "white_territory"
    DAME = "dame"
    SEKI = "seki"  # a stone alive in seki
    DEAD_REMOVED = "dead_removed"  # a dead stone taken as a prisoner; its point is territory
    DEAD_STAYS = "dead_stays"  # a dead stone that cannot be removed; counts for nobody
    VOIDING_DAME = "voiding_dame"  # an open dame (fillable, neutral) that voids territory
    SEKI_DAME = "seki_dame"  # a shared liberty of a seki: nobody can fill it (Art. 8)
    NECESSARY = "necessary"  # an empty point where a chain in atari must connect (Art. 8)
    SEKI_EYE = "seki_eye"  # an eye point of a group in seki or not independent: not territory
    UNSETTLED = "unsettled"  # a point still to be played (a real move, not dame): resume
    CAPTURABLE = "capturable"  # a stone marked alive that a short forced sequence captures
    DISPUTED = "disputed"  # a stone of a group the judges disagree on, proposed alive
    DISPUTED_DEAD = "disputed_dead"  # the same, proposed dead (counted as a prisoner)


STONE_MARKS = frozenset(
    {
        Mark.SEKI,
        Mark.DEAD_REMOVED,
        Mark.DEAD_STAYS,
        Mark.CAPTURABLE,
        Mark.DISPUTED,
        Mark.DISPUTED_DEAD,
    }
)
"""Marks that describe a stone, so their point must hold one."""


class Word(enum.Enum):
    """The renderer's own words around the board; a snapshot may give them translated."""

    PRISONERS = "prisoners"  # header: captured in play (at counting, + dead stones removed)
    MARKING = "marking"  # footer, counting: "marking v3"
    FINAL = "final"  # footer, counting: both players accepted the marking
    EXPLAINED = "explained"  # footer, counting: where the legend's marks are explained
    ESTIMATE = "estimate"  # footer, an estimate's badge: not a count


DEFAULT_WORDS: dict[Word, str] = {
    Word.PRISONERS: "prisoners",
    Word.MARKING: "marking",
    Word.FINAL: "final",
    Word.EXPLAINED: "",  # nothing unless the snapshot says where (the bot: ``rules counting``)
    Word.ESTIMATE: "estimate",
}
"""Used when a snapshot does not give a word (the bot always gives them, from its catalogue)."""


def point_name(point: Point) -> str:
    """GTP name of a point, e.g. ``(3, 3)`` -> ``"D4"``."""
    row, col = point
    return f"{COLUMNS[col]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything the renderer draws; the same snapshot always gives the same image bytes."""

    size: int
    black: frozenset[Point] = frozenset()
    white: frozenset[Point] = frozenset()
    last_move: Point | None = None
    ko_point: Point | None = None
    labels: tuple[tuple[Point, str], ...] = ()
    captures_black: int = 0  # prisoners taken by Black
    captures_white: int = 0  # prisoners taken by White
    to_move: Literal["B", "W"] | None = None
    move_number: int = 0
    black_name: str | None = None
    white_name: str | None = None
    caption: str | None = None  # replaces the automatic "Move N · Black to play" footer
    theme: Theme = "light"
    marks: tuple[tuple[Point, Mark], ...] = ()  # the counting overlay
    tally: str | None = None  # the counting line; shown in the footer when given
    marking_version: int | None = None  # the marking the count is of (confirmation phase)
    final: bool = False  # both players accepted the marking: the count is the result
    legend: tuple[tuple[Mark, str], ...] = ()  # the words for the marks drawn (translated)
    #: numbered stones of a hypothetical sequence (``try``, Art. 7.2) or of a warning: where each
    #: was played, by whom and its number; drawn on the position the snapshot shows (the number
    #: on a stone of that colour, else on a small "ghost" stone; it replaces the point's mark,
    #: and a point played twice shows its latest number)
    sequence: tuple[tuple[Point, Literal["B", "W"], int], ...] = ()
    words: tuple[tuple[Word, str], ...] = ()  # the renderer's own words, translated
    #: the overlay is an estimate during play (``estimate``), not a count: its badge says so
    estimate: bool = False

    def __post_init__(self) -> None:
        """Reject snapshots that cannot be drawn unambiguously."""
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"board size {self.size} is outside {MIN_SIZE}..{MAX_SIZE}")
        if self.black & self.white:
            raise ValueError(f"points hold both colours: {sorted(self.black & self.white)}")
        singles = [p for p in (self.last_move, self.ko_point) if p is not None]
        labelled = [p for p, _ in self.labels]
        marked = [p for p, _ in self.marks]
        sequenced = [p for p, _, _ in self.sequence]
        for p in (*self.black, *self.white, *singles, *labelled, *marked, *sequenced):
            if not (0 <= p[0] < self.size and 0 <= p[1] < self.size):
                raise ValueError(f"point {p} is off a {self.size}x{self.size} board")
        if len(set(marked)) != len(marked):
            raise ValueError("a point has more than one mark")
        stones = self.black | self.white
        for p, mark in self.marks:
            if mark in STONE_MARKS and p not in stones:
                raise ValueError(f"{mark.name} at {point_name(p)} needs a stone there")
        if self.theme not in ("light", "dark"):
            raise ValueError(f"unknown theme {self.theme!r}")
        self._check_counting()

    def _check_counting(self) -> None:
        """The counting fields: version, legend, words and the numbered sequence."""
        if self.marking_version is not None and self.marking_version < 0:
            raise ValueError(f"marking version {self.marking_version} is negative")
        for name, pairs, kind in (("legend", self.legend, Mark), ("words", self.words, Word)):
            keys = [key for key, _ in pairs]
            if not all(isinstance(key, kind) for key in keys):
                raise ValueError(f"{name} keys must be {kind.__name__} members")
            if len(set(keys)) != len(keys):
                raise ValueError(f"{name} names a {kind.__name__} twice")
        numbers = [n for _, _, n in self.sequence]
        for p, colour, number in self.sequence:
            if colour not in ("B", "W"):
                raise ValueError(f"sequence colour {colour!r} at {point_name(p)} is not B or W")
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise ValueError(f"sequence number {number!r} at {point_name(p)} is not 1 or more")
        if len(set(numbers)) != len(numbers):
            raise ValueError("a sequence number is used twice")
        clash = {p for p, _ in self.labels} & {p for p, _, _ in self.sequence}
        if clash:
            raise ValueError(f"{point_name(min(clash))} has both a label and a sequence number")

    def word(self, key: Word) -> str:
        """The snapshot's word for ``key``, else the English default."""
        return next((text for k, text in self.words if k is key), DEFAULT_WORDS[key])

    @property
    def counting(self) -> bool:
        """True when the snapshot carries a counting overlay."""
        return bool(self.marks) or self.tally is not None
