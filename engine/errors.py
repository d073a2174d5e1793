"""The engine's errors: each names one failure (python-chess style, subclasses of ValueError)."""

from __future__ import annotations

import enum


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalReason(enum.Enum):
    """Why a move is illegal (Art. 2–6)."""

    OCCUPIED = "occupied"
    SUICIDE = "suicide"
    KO = "ko"
    OUT_OF_TURN = "out of turn"
    GAME_STOPPED = "game stopped"
    GAME_OVER = "game over"


class IllegalMove(EngineError):
    """A move the rules forbid; ``reason`` says which rule."""

    def __init__(self, reason: IllegalReason, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
