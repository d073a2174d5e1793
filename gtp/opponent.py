"""The service's :class:`~service.ports.Opponent` port on a GTP engine pool."""

from __future__ import annotations

from engine.colors import Color
from engine.coords import Point
from engine.game import Game
from gtp.client import GtpError
from gtp.pool import EnginePool, Position
from service.ports import RESIGN, EngineMove, OpponentUnavailable


class GtpOpponent:
    """A computer opponent backed by an :class:`EnginePool` (GNU Go by default); also the
    service's :class:`~service.ports.Judge` of dead stones at the stop."""

    def __init__(self, pool: EnginePool, name: str = "GNU Go") -> None:
        self.pool = pool
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    async def genmove(self, game: Game, color: Color, level: int) -> EngineMove:
        try:
            answer = await self.pool.genmove(Position.of(game), color, level)
        except GtpError as error:
            raise OpponentUnavailable(str(error)) from error
        return RESIGN if answer == "resign" else answer

    async def dead_stones(self, game: Game) -> frozenset[Point]:
        try:
            return await self.pool.dead_stones(Position.of(game))
        except GtpError as error:
            raise OpponentUnavailable(str(error)) from error
