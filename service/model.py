"""The service's own values: who acts, the service-owned state of a game (``GameRow.data``), and
the text encoding of stored events from which every game is rebuilt by replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.colors import Color
from engine.coords import Point, format_vertex, parse_vertex
from engine.game import Event, Fill, Game, Move, Resume
from service.clock import Clocks, PlayerClock
from service.ports import EventRow, GameRow


@dataclass(frozen=True, slots=True)
class Actor:
    """Who sends a command: a per-platform id (``telegram:456``) and a display name."""

    id: str
    name: str
    language: str | None = None


@dataclass(frozen=True, slots=True)
class GameState:
    """What the service keeps beside the event list: the marking of the confirmation phase
    (Art. 9.2), pending offers, the clocks and reminder bookkeeping."""

    marking_version: int = 0
    dead: tuple[str, ...] = ()  # vertices of every stone marked dead
    accepted: tuple[str, ...] = ()  # colour letters that accepted ``marking_version``
    fill_offer: str | None = None  # colour letter proposing to fill dame (commentary 9.2.2)
    noresult_offer: str | None = None  # colour letter proposing no result (Art. 12)
    undo_offer: str | None = None  # colour letter asking to take back their last move
    undo_move: int = 0  # the move number the undo request is about
    clocks: Clocks | None = None
    reminded: bool = False  # the "little time left" reminder for this turn was sent
    weekend: bool = False  # clocks pause at weekends

    def to_data(self) -> dict[str, Any]:
        """A JSON-ready mapping for ``GameRow.data``."""
        data: dict[str, Any] = {
            "marking_version": self.marking_version,
            "dead": list(self.dead),
            "accepted": list(self.accepted),
            "fill_offer": self.fill_offer,
            "noresult_offer": self.noresult_offer,
            "undo_offer": self.undo_offer,
            "undo_move": self.undo_move,
            "reminded": self.reminded,
            "weekend": self.weekend,
        }
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
    def from_data(cls, data: Mapping[str, Any]) -> GameState:
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
            marking_version=int(data.get("marking_version", 0)),
            dead=tuple(data.get("dead", ())),
            accepted=tuple(data.get("accepted", ())),
            fill_offer=data.get("fill_offer"),
            noresult_offer=data.get("noresult_offer"),
            undo_offer=data.get("undo_offer"),
            undo_move=int(data.get("undo_move", 0)),
            clocks=clocks,
            reminded=bool(data.get("reminded", False)),
            weekend=bool(data.get("weekend", False)),
        )


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
    return Game.replay(
        [decode_event(e.text, row.size) for e in events],
        size=row.size,
        komi=row.komi,
        handicap=row.handicap,
    )


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
