"""The service-owned state of a game (``GameRow.data``) and the text encoding of stored events,
from which every game is rebuilt by replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.colors import Color
from engine.coords import Point, format_vertex, parse_vertex
from engine.game import Event, Fill, Game, Move, Phase, Resume
from engine.result import GameResult
from service.clock import Clocks, PlayerClock
from service.match import Match
from service.ports import EventRow, GameRow


@dataclass(frozen=True, slots=True)
class GameState:
    """What the service keeps beside the event list (``GameRow.data``): the :class:`Match` (the
    marking of the confirmation phase and the offers), the clocks and reminder bookkeeping."""

    match: Match = field(default_factory=Match)
    clocks: Clocks | None = None
    #: how many "little time left" reminders of this turn were sent (:data:`service.timing.
    #: REMINDERS`: one per threshold, the first ones counted as sent when a later one went out)
    reminders: int = 0
    weekend: bool = False  # clocks pause at weekends
    #: the organiser who adjudicated the result (``adjudicate``), for ``history`` and the SGF
    adjudicator: str | None = None
    #: Capture Go (docs/capture-go.md), stored as ``"mode": "capture"``; older games are Go
    capture: bool = False

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready mapping for ``GameRow.data``."""
        data: dict[str, Any] = self.match.to_data()
        data["reminders"] = self.reminders
        data["weekend"] = self.weekend
        if self.adjudicator is not None:
            data["adjudicator"] = self.adjudicator
        if self.capture:
            data["mode"] = "capture"
        if self.clocks is not None:
            c = self.clocks
            data["clocks"] = {
                "black": [c.black.main, c.black.periods],
                "white": [c.white.main, c.white.periods],
                "turn_started": c.turn_started,
                "paused": c.paused,
            }
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], size: int) -> GameState:
        """Read what :meth:`to_data` wrote (missing keys take their defaults)."""
        raw = data.get("clocks")
        clocks = None
        if raw is not None:
            clocks = Clocks(
                PlayerClock(float(raw["black"][0]), int(raw["black"][1])),
                PlayerClock(float(raw["white"][0]), int(raw["white"][1])),
                raw.get("turn_started"),
                float(raw.get("paused", 0.0)),
            )
        return cls(
            match=Match.from_data(data, size),
            clocks=clocks,
            # games stored before there were several thresholds kept ``reminded``: the first
            reminders=int(data.get("reminders", 1 if data.get("reminded") else 0)),
            weekend=bool(data.get("weekend", False)),
            adjudicator=adjudicator(data),
            capture=capture_mode(data),
        )


def capture_mode(data: Mapping[str, Any]) -> bool:
    """True for a game of Capture Go, from its ``GameRow.data`` (games without ``mode`` are Go)."""
    return data.get("mode") == "capture"


def adjudicator(data: Mapping[str, Any]) -> str | None:
    """The organiser who adjudicated a game, from its ``GameRow.data`` (None: not adjudicated)."""
    found = data.get("adjudicator")
    return found if isinstance(found, str) else None


@dataclass(slots=True)
class Loaded:
    """A game being worked on: its row, the replayed engine game and the service state."""

    row: GameRow
    game: Game
    state: GameState
    stored_events: int

    @property
    def stopped(self) -> bool:
        """In the confirmation phase after two passes (Art. 9.2)."""
        return self.game.phase is Phase.STOPPED

    @property
    def finished(self) -> bool:
        """The result is final (Art. 10.4): the engine's own finished state."""
        return self.game.phase is Phase.FINISHED


def encode_event(event: Event) -> str:
    """``B D4``, ``W pass``, ``resume B`` or ``fill B D4,W E5``."""
    if isinstance(event, Move):
        return f"{event.color.letter} {format_vertex(event.point) if event.point else 'pass'}"
    if isinstance(event, Resume):
        return f"resume {event.requested_by.letter}"
    return "fill " + ",".join(f"{c.letter} {format_vertex(p)}" for c, p in event.stones)


def decode_event(text: str, size: int) -> Event:
    """The inverse of :func:`encode_event`."""
    head, _, rest = text.partition(" ")
    if head == "resume":
        return Resume(Color.from_letter(rest))
    if head == "fill":
        stones: list[tuple[Color, Point]] = []
        for item in rest.split(","):
            letter, _, vertex = item.partition(" ")
            stones.append((Color.from_letter(letter), parse_vertex(vertex, size)))
        return Fill(tuple(stones))
    return Move(Color.from_letter(head), None if rest == "pass" else parse_vertex(rest, size))


def rebuild(row: GameRow, events: Sequence[EventRow]) -> Game:
    """The game as replaying its stored events gives it (the move list is the source of truth)."""
    game = Game.replay(
        [decode_event(e.text, row.size) for e in events],
        size=row.size,
        komi=row.komi,
        handicap=row.handicap,
        capture=capture_mode(row.data),
    )
    # the engine's own finished state (Art. 10.4); a capture or two passes ended Capture Go
    if row.result is not None and game.phase is not Phase.FINISHED:
        game.finish(GameResult.from_sgf(row.result))
    return game


def color_of(row: GameRow, player: str) -> Color | None:
    """The colour ``player`` has in the game, or None for a spectator."""
    if player == row.black:
        return Color.BLACK
    if player == row.white:
        return Color.WHITE
    return None


def player_of(row: GameRow, color: Color) -> str:
    """The player id holding ``color``."""
    player = row.black if color is Color.BLACK else row.white
    assert player is not None, "a started game has both players"
    return player
