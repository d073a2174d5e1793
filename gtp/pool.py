"""A pool of GTP engine processes shared by every game: each request takes an idle engine, sets
the position up from scratch (explicit stones, never the engine's own handicap layout) and asks."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.colors import Color
from engine.coords import Point, format_vertex, parse_vertex
from engine.game import Fill, Game, Move
from gtp.client import GtpEngine, GtpError, default_command

MIN_LEVEL, MAX_LEVEL = 1, 10
#: how long the engine may take to answer ``version`` at start (an engine loading a large
#: network answers once it has loaded it)
CHECK_SECONDS = 20.0


@dataclass(frozen=True, slots=True)
class Position:
    """What an engine needs to know: size, komi, setup stones and the moves so far."""

    size: int
    komi: float
    setup: tuple[tuple[Color, Point], ...] = ()
    moves: tuple[Move, ...] = field(default=())

    @classmethod
    def of(cls, game: Game) -> Position:
        """The position of ``game``: handicap and setup stones as explicit stones."""
        start = Game(game.size, game.komi, game.handicap, game.setup, game.first_to_move)
        setup = tuple((color, point) for point, color in start.board.stones())
        moves: list[Move] = []
        for event in game.history:
            if isinstance(event, Move):
                moves.append(event)
            elif isinstance(event, Fill):  # filled dame are stones on the board, not moves
                moves.extend(Move(color, point) for color, point in event.stones)
        return cls(game.size, game.komi, setup, tuple(moves))


class EnginePool:
    """Up to ``size`` engine processes; requests beyond that wait for an idle one."""

    def __init__(self, command: Sequence[str] | None = None, size: int = 2) -> None:
        self.command = list(command) if command else None
        self.size = size
        self._idle: asyncio.Queue[GtpEngine] = asyncio.Queue()
        self._started = 0
        self._lock = asyncio.Lock()
        self._all: list[GtpEngine] = []

    async def version(self, timeout: float = CHECK_SECONDS) -> str:
        """Start the engine and ask it ``version`` (GTP's own check that it speaks GTP), within
        ``timeout`` seconds; raise :class:`GtpError` saying what went wrong (it cannot start,
        exits, answers something that is not GTP, or nothing in time). The engine asked is
        ended: the games start their own."""
        engine = GtpEngine(self.command or default_command(), timeout=timeout)
        try:
            return await asyncio.wait_for(engine.send("version"), timeout)
        except TimeoutError:
            raise GtpError(f"no answer to 'version' within {timeout:g} seconds") from None
        finally:
            await engine.kill()

    async def _take(self) -> GtpEngine:
        async with self._lock:
            if self._idle.empty() and self._started < self.size:
                engine = GtpEngine(self.command or default_command())
                await engine.start()
                self._started += 1
                self._all.append(engine)
                return engine
        return await self._idle.get()

    def _give_back(self, engine: GtpEngine) -> None:
        self._idle.put_nowait(engine)

    async def _setup(self, engine: GtpEngine, position: Position) -> None:
        await engine.send(f"boardsize {position.size}")
        await engine.send("clear_board")
        await engine.send(f"komi {position.komi:g}")
        for color, point in position.setup:
            await engine.send(f"play {color.letter} {format_vertex(point)}")
        for move in position.moves:
            vertex = "pass" if move.point is None else format_vertex(move.point)
            await engine.send(f"play {move.color.letter} {vertex}")

    async def genmove(
        self, position: Position, color: Color, level: int = 5
    ) -> Point | Literal["resign"] | None:
        """The engine's move for ``color``: a point, None for a pass, or ``"resign"`` (the
        service decides what a resignation means)."""
        if not MIN_LEVEL <= level <= MAX_LEVEL:
            raise ValueError(f"level must be {MIN_LEVEL} to {MAX_LEVEL}")
        engine = await self._take()
        try:
            await self._setup(engine, position)
            with contextlib.suppress(GtpError):  # not every engine has GNU Go's level command
                await engine.send(f"level {level}")
            answer = (await engine.send(f"genmove {color.letter}")).lower()
        finally:
            self._give_back(engine)
        if answer == "pass":
            return None
        if answer == "resign":
            return "resign"
        return parse_vertex(answer, position.size)

    async def dead_stones(self, position: Position) -> frozenset[Point]:
        """GNU Go's ``final_status_list dead``: a second opinion on the dead stones. A caller
        that stops waiting (a time budget) does not leave an answer on the pipe for the next
        request: the engine asked is closed, and a new one starts when needed."""
        engine = await self._take()
        try:
            await self._setup(engine, position)
            answer = await engine.send("final_status_list dead")
        except BaseException:
            await self._discard(engine)
            raise
        self._give_back(engine)
        return frozenset(parse_vertex(v, position.size) for v in answer.split())

    async def _discard(self, engine: GtpEngine) -> None:
        """End ``engine`` at once (interrupted mid-command: its pipe is out of step, and it
        would not read a ``quit`` before it finished thinking) and free its place in the
        pool."""
        if engine in self._all:
            self._all.remove(engine)
            self._started -= 1
        await asyncio.shield(engine.kill())

    async def close(self) -> None:
        for engine in self._all:
            await engine.close()
        self._all.clear()
        self._started = 0
        self._idle = asyncio.Queue()
