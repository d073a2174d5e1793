"""The service's Opponent port on a GTP pool: GTP answers become values (a point, a pass, a
resignation); only an engine that cannot answer is an error."""

from __future__ import annotations

from typing import Any

import pytest

from engine.colors import Color
from engine.coords import Point
from engine.game import Game
from gtp.client import GtpError
from gtp.opponent import GtpOpponent
from service.ports import RESIGN, OpponentUnavailable


class AnsweringPool:
    """A pool whose engine gives one fixed answer (or fails)."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    async def genmove(self, position: Any, color: Color, level: int) -> object:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize(
    ("answer", "expected"),
    [(Point(2, 2), Point(2, 2)), (None, None), ("resign", RESIGN)],
)
async def test_answers_are_values(answer: object, expected: object) -> None:
    opponent = GtpOpponent(AnsweringPool(answer))  # type: ignore[arg-type]
    assert await opponent.genmove(Game(9), Color.BLACK, 5) == expected


async def test_an_engine_that_cannot_answer_is_unavailable() -> None:
    opponent = GtpOpponent(AnsweringPool(GtpError("engine exited")))  # type: ignore[arg-type]
    with pytest.raises(OpponentUnavailable, match="engine exited"):
        await opponent.genmove(Game(9), Color.BLACK, 5)
