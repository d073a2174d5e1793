"""A game: turns, history with undo, passes, the stop and resumption (Art. 9), handicap and komi,
whole-board repetition (Art. 12), resignation and results.

Capture Go (``capture=True``, docs/capture-go.md) keeps the moves of Go (suicide illegal, simple
ko) but ends at once: the first capture wins for the capturer (``B+C``), and two passes in a row
are a draw (``0``) instead of the stop; there is no confirmation phase and no count.

The history is a list of events (moves, passes, resumptions); the position is always what replaying
them from the setup gives, so a game can be rebuilt from its stored move list at any time.

>>> g = Game(9)
>>> _ = g.play(Color.BLACK, Point(4, 4))
>>> g.to_move
<Color.WHITE: 2>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.board import Board, MoveReport
from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.errors import EngineError, IllegalMove, IllegalReason
from engine.handicap import handicap_points
from engine.result import GameResult, ResultKind

DEFAULT_KOMI = 6.5
_OPPONENT = {Color.BLACK: Color.WHITE, Color.WHITE: Color.BLACK}
#: makes a named tuple from its fields without the Python-level ``__new__`` (on every move)
_new = tuple.__new__


class Phase(enum.Enum):
    """Where a game is: being played, stopped for the confirmation phase (Art. 9.2), or over."""

    PLAYING = "playing"
    STOPPED = "stopped"
    FINISHED = "finished"


class Move(NamedTuple):
    """A stone (``point``) or a pass (``point`` is None) by ``color``."""

    color: Color
    point: Point | None

    @property
    def is_pass(self) -> bool:
        return self.point is None

    def text(self) -> str:
        """``B D4`` or ``W pass``."""
        return f"{self.color.letter} {format_vertex(self.point) if self.point else 'pass'}"


@dataclass(frozen=True, slots=True)
class Resume:
    """Art. 9.3: ``requested_by`` asked to resume; their opponent moves first."""

    requested_by: Color


@dataclass(frozen=True, slots=True)
class Fill:
    """Stones placed by agreement to fill neutral points after the stop (commentary 9.2.2).

    They are not moves under the rules: the turn does not change and the game stays stopped."""

    stones: tuple[tuple[Color, Point], ...]


Event = Move | Resume | Fill

Change = tuple[Color | None, Point]
"""A point set to a colour, or emptied (None), by setup in the middle of a record."""


class PlayReport(NamedTuple):
    """What a move did: the board's report (None for a pass), whether it stopped the game, and
    whether it repeated an earlier whole-board position (Art. 12)."""

    move: Move
    board_report: MoveReport | None
    stopped: bool
    repetition: bool


@dataclass
class Game:
    """One game of Go under the Japanese rules. Mutable; ``copy()`` for hypothetical play."""

    size: int = 19
    komi: float = DEFAULT_KOMI
    handicap: int = 0
    setup: tuple[tuple[Color, Point], ...] = ()
    first_to_move: Color | None = None
    #: Capture Go: the first capture wins, two passes draw (module docstring)
    capture: bool = False
    board: Board = field(init=False)
    history: list[Event] = field(init=False, default_factory=list)
    phase: Phase = field(init=False, default=Phase.PLAYING)
    to_move: Color = field(init=False)
    result: GameResult | None = field(init=False, default=None)
    repetitions: list[int] = field(init=False, default_factory=list)
    _positions: dict[tuple[int, Color], int] = field(init=False, default_factory=dict, repr=False)
    _consecutive_passes: int = field(init=False, default=0, repr=False)
    _move_count: int = field(init=False, default=0, repr=False)
    _setups: list[tuple[int, tuple[Change, ...]]] = field(
        init=False, default_factory=list, repr=False
    )
    #: counts every change (a move, a resumption, an undo, a setup, the fill, the end): a game
    #: whose revision is unchanged is exactly as it was
    revision: int = field(init=False, default=0, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.board = Board(self.size)
        for point in handicap_points(self.size, self.handicap):
            self.board.place_setup(Color.BLACK, point)
        for color, point in self.setup:
            self.board.place_setup(color, point)
        # Black first, except after handicap stones, when White moves first (Art. 2, guide).
        default_first = Color.WHITE if self.handicap else Color.BLACK
        self.to_move = self.first_to_move or default_first
        self.history = []
        self.phase = Phase.PLAYING
        self.result = None
        self.repetitions = []
        self._positions = {(self.board.hash, self.to_move): 0}
        self._consecutive_passes = 0
        self._move_count = 0
        self._setups = []

    # -- queries ------------------------------------------------------------------------------

    @property
    def moves(self) -> list[Move]:
        """The moves and passes, without resumptions."""
        return [e for e in self.history if isinstance(e, Move)]

    @property
    def move_number(self) -> int:
        """How many moves (stones and passes) have been played."""
        return self._move_count

    @property
    def last_move(self) -> Move | None:
        """The latest move or pass, if the last event was one."""
        for event in reversed(self.history):
            return event if isinstance(event, Move) else None
        return None

    @property
    def prisoners(self) -> dict[Color, int]:
        """Stones each colour captured in play (Art. 5)."""
        return dict(self.board.prisoners)

    def check_move(self, color: Color, point: Point | None) -> IllegalReason | None:
        """Why ``color`` may not play ``point`` (None = pass) now, or None if it may."""
        if self.phase is Phase.FINISHED:
            return IllegalReason.GAME_OVER
        if self.phase is Phase.STOPPED:
            return IllegalReason.GAME_STOPPED
        if color != self.to_move:
            return IllegalReason.OUT_OF_TURN
        return None if point is None else self.board.legality(color, point)

    # -- play ---------------------------------------------------------------------------------

    def play(self, color: Color, point: Point | None) -> PlayReport:
        """Play a stone, or pass when ``point`` is None. Raises :class:`IllegalMove`."""
        if self.phase is not Phase.PLAYING:
            reason = (
                IllegalReason.GAME_OVER
                if self.phase is Phase.FINISHED
                else (IllegalReason.GAME_STOPPED)
            )
            raise IllegalMove(reason, "the game is not being played")
        if color != self.to_move:
            raise IllegalMove(
                IllegalReason.OUT_OF_TURN, f"it is {self.to_move.name.title()}'s move"
            )
        move = _new(Move, (color, point))
        board = self.board
        report = None
        if point is None:
            board.pass_move()  # Art. 6: a pass lifts the ko ban
            self._consecutive_passes += 1
        else:
            report = board.play(color, point)
            self._consecutive_passes = 0
            if self.capture and report.captured:  # Capture Go: the first capture wins
                self.result = GameResult(ResultKind.CAPTURE, color)
                self.phase = Phase.FINISHED
        self.history.append(move)
        count = self._move_count = self._move_count + 1
        self.revision += 1
        self.to_move = to_move = _OPPONENT[color]
        key = (board.hash, to_move)
        positions = self._positions
        repetition = point is not None and key in positions
        if repetition:
            self.repetitions.append(count)  # Art. 12: reported, not forbidden
        else:
            positions[key] = count
        stopped = self._consecutive_passes >= 2
        if stopped and self.capture:  # Capture Go: no capture after two passes, a draw
            stopped = False
            self.result = GameResult(ResultKind.JIGO)
            self.phase = Phase.FINISHED
        elif stopped:
            self.phase = Phase.STOPPED  # Art. 9.1
        return _new(PlayReport, (move, report, stopped, repetition))

    def pass_move(self, color: Color) -> PlayReport:
        """A pass by ``color``; two in succession stop the game (Art. 9.1)."""
        return self.play(color, None)

    def resume(self, requested_by: Color) -> None:
        """Art. 9.3: resume play after the stop; the opponent of the requester moves first."""
        if self.phase is not Phase.STOPPED:
            raise EngineError("play can be resumed only while the game is stopped")
        self.history.append(Resume(requested_by))
        self.revision += 1
        self.phase = Phase.PLAYING
        self.to_move = requested_by.opponent
        self._consecutive_passes = 0
        self.board.pass_move()

    def can_undo(self) -> bool:
        """An undo takes back the last move while playing; never across a stop."""
        return (
            self.phase is Phase.PLAYING
            and bool(self.history)
            and isinstance(self.history[-1], Move)
        )

    def undo(self) -> Move:
        """Take back the last move by replaying the rest of the history."""
        if not self.can_undo():
            raise EngineError("there is no move to take back (undo never crosses a stop)")
        events = self.history[:-1]
        undone = self.history[-1]
        assert isinstance(undone, Move)
        setups = [s for s in self._setups if s[0] <= len(events)]
        self._reset()
        self._replay(events, setups)
        self.revision += 1
        return undone

    def set_up(self, changes: tuple[Change, ...]) -> None:
        """Setup in the middle of a record (SGF ``AB``/``AW``/``AE`` after the first move): each
        point becomes that colour, or empty (None), whatever was there (:meth:`Board.edit`).

        Not a move: the turn, the move count, the phase and the prisoners stay, nothing is
        captured (a chain left without a liberty raises :class:`EngineError` and changes
        nothing), the ko ban lifts. Games the bot plays never set up stones, so these changes are
        kept beside the history, not as events; :meth:`copy` and :meth:`undo` replay them in
        place."""
        self.board.edit(changes)
        self.revision += 1
        self._setups.append((len(self.history), tuple(changes)))
        self._positions.setdefault((self.board.hash, self.to_move), self._move_count)

    def _replay(self, events: list[Event], setups: list[tuple[int, tuple[Change, ...]]]) -> None:
        pending = iter(setups)
        upcoming = next(pending, None)
        for index in range(len(events) + 1):
            while upcoming is not None and upcoming[0] == index:
                self.set_up(upcoming[1])
                upcoming = next(pending, None)
            if index < len(events):
                self.apply(events[index])

    def fill(self, stones: tuple[tuple[Color, Point], ...]) -> None:
        """Place the agreed fill of neutral points (see :mod:`engine.filling`) while stopped."""
        if self.phase is not Phase.STOPPED:
            raise EngineError("neutral points are filled only after the stop (Art. 9.2)")
        trial = self.board.copy()
        for color, point in stones:
            if trial.play(color, point).captured:
                raise EngineError(f"filling {point.gtp()} would capture stones")
        self.board = trial
        self.board.pass_move()
        self.history.append(Fill(tuple(stones)))
        self.revision += 1

    def apply(self, event: Event) -> PlayReport | None:
        """Replay one stored event."""
        if isinstance(event, Resume):
            self.resume(event.requested_by)
            return None
        if isinstance(event, Fill):
            self.fill(event.stones)
            return None
        return self.play(event.color, event.point)

    def finish(self, result: GameResult) -> None:
        """End the game with ``result``; a finished result never changes (Art. 10.4)."""
        if self.phase is Phase.FINISHED:
            raise IllegalMove(IllegalReason.GAME_OVER, "the result is final (Art. 10.4)")
        self.phase = Phase.FINISHED
        self.result = result
        self.revision += 1

    def resign(self, color: Color) -> GameResult:
        """Art. 11: ``color`` resigns, at any time until the result is confirmed."""
        result = GameResult(ResultKind.RESIGNATION, color.opponent)
        self.finish(result)
        return result

    def copy(self) -> Game:
        """An independent copy sharing nothing mutable."""
        twin = Game(
            self.size, self.komi, self.handicap, self.setup, self.first_to_move, self.capture
        )
        twin._replay(self.history, self._setups)
        if self.result is not None and twin.phase is not Phase.FINISHED:
            twin.finish(self.result)
        return twin

    @classmethod
    def replay(
        cls,
        events: list[Event],
        *,
        size: int = 19,
        komi: float = DEFAULT_KOMI,
        handicap: int = 0,
        setup: tuple[tuple[Color, Point], ...] = (),
        first_to_move: Color | None = None,
        capture: bool = False,
    ) -> Game:
        """Rebuild a game from its events (raises :class:`IllegalMove` at the first illegal one)."""
        game = cls(size, komi, handicap, setup, first_to_move, capture)
        for event in events:
            game.apply(event)
        return game
