"""Hypothetical play after the stop, to settle life and death (Art. 7.2).

Players may demonstrate a disputed status by playing it out on a copy of the stopped position;
the real game is never touched. During such play the confirmation ko rule applies: a player whose
stone was taken in a ko may retake *that* ko only after first passing once for it; with several
kos, one pass for each, and each pass names its ko (Examples 7–13 of the commentary).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.board import Board, MoveReport
from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.errors import IllegalMove, IllegalReason


@dataclass
class ConfirmationPlay:
    """A demonstration on a copy of the stopped board, under the confirmation ko rule."""

    board: Board
    to_move: Color
    #: ko (the pair of points it is fought on) → the player who must pass for it before retaking
    bans: dict[frozenset[Point], Color] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.board = self.board.copy()

    def play(self, color: Color, point: Point | None) -> MoveReport | None:
        """A stone (or a plain pass when ``point`` is None). Raises :class:`IllegalMove`."""
        if color != self.to_move:
            raise IllegalMove(
                IllegalReason.OUT_OF_TURN, f"it is {self.to_move.name.title()}'s move"
            )
        if point is None:
            self.board.pass_move()
            self.to_move = color.opponent
            return None
        trial = self.board.copy()
        report = trial.play(color, point)
        if report.ko_point is not None:
            ko = frozenset((point, report.ko_point))
            if self.bans.get(ko) is color:
                raise IllegalMove(
                    IllegalReason.KO,
                    f"retaking the ko at {format_vertex(point)} needs a pass for that ko first "
                    "(Art. 7.2)",
                )
            self.bans[ko] = color.opponent
        self.board = trial
        self.to_move = color.opponent
        return report

    def pass_for_ko(self, color: Color, ko_point: Point) -> None:
        """Pass once for the ko that includes ``ko_point``, which lifts ``color``'s ban on it."""
        if color != self.to_move:
            raise IllegalMove(
                IllegalReason.OUT_OF_TURN, f"it is {self.to_move.name.title()}'s move"
            )
        for ko, banned in list(self.bans.items()):
            if ko_point in ko and banned is color:
                del self.bans[ko]
                break
        else:
            raise IllegalMove(
                IllegalReason.KO, f"there is no ko at {format_vertex(ko_point)} to pass for"
            )
        self.board.pass_move()
        self.to_move = color.opponent

    def may_retake(self, color: Color, ko_point: Point) -> bool:
        """True if ``color`` has no ban on the ko that includes ``ko_point``."""
        return not any(ko_point in ko and banned is color for ko, banned in self.bans.items())

    # -- successors that leave this demonstration unchanged (for reading: engine.estimate_search)

    def after(self, color: Color, point: Point) -> tuple[ConfirmationPlay, MoveReport]:
        """A new demonstration one stone on (``self`` is not changed): the same checks as
        :meth:`play`, with one board copy. Raises :class:`IllegalMove`."""
        if color != self.to_move:
            raise IllegalMove(
                IllegalReason.OUT_OF_TURN, f"it is {self.to_move.name.title()}'s move"
            )
        board = self.board.copy()
        report = board.play(color, point)
        bans = dict(self.bans)
        if report.ko_point is not None:
            ko = frozenset((point, report.ko_point))
            if bans.get(ko) is color:
                raise IllegalMove(
                    IllegalReason.KO,
                    f"retaking the ko at {format_vertex(point)} needs a pass for that ko first "
                    "(Art. 7.2)",
                )
            bans[ko] = color.opponent
        return _successor(board, color.opponent, bans), report

    def after_pass(self, color: Color, ko_point: Point | None = None) -> ConfirmationPlay:
        """A new demonstration after a pass by ``color`` (``self`` is not changed): a plain pass,
        or with ``ko_point`` the pass for that ko (see :meth:`pass_for_ko`)."""
        successor = _successor(self.board.copy(), self.to_move, dict(self.bans))
        if ko_point is None:
            successor.play(color, None)
        else:
            successor.pass_for_ko(color, ko_point)
        return successor

    def key(self) -> tuple[int, Color, Point | None, frozenset[tuple[frozenset[Point], Color]]]:
        """What decides the rest of a demonstration: the stones, the player to move, the simple
        ko point and the Art. 7.2 bans (equal keys, equal futures)."""
        return (self.board.hash, self.to_move, self.board.ko_point, frozenset(self.bans.items()))


def _successor(
    board: Board, to_move: Color, bans: dict[frozenset[Point], Color]
) -> ConfirmationPlay:
    """A demonstration on ``board`` as it is (no copy: the caller made one)."""
    successor = ConfirmationPlay.__new__(ConfirmationPlay)
    successor.board = board
    successor.to_move = to_move
    successor.bans = bans
    return successor
