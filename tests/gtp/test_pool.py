"""The GTP engine pool against the real GNU Go (installed by .ci/run)."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from engine.colors import Color
from engine.coords import parse_vertex
from engine.game import Game
from gtp import EnginePool, GtpEngine, GtpError, Position, find_gnugo

GNUGO = find_gnugo()
needs_gnugo = pytest.mark.skipif(
    GNUGO is None and os.environ.get("CI") != "true",
    reason="GNU Go is not installed (apt-get install gnugo)",
)


@needs_gnugo
async def test_genmove_is_a_legal_move_and_runs_in_parallel() -> None:
    pool = EnginePool(size=2)
    try:
        game = Game(9, 6.5, handicap=2)
        position = Position.of(game)
        assert len(position.setup) == 2  # explicit handicap stones, never the engine's layout
        moves = await asyncio.gather(*(pool.genmove(position, Color.WHITE, 1) for _ in range(3)))
        for point in moves:
            assert point is None or game.board.is_legal(Color.WHITE, point)
    finally:
        await pool.close()


@needs_gnugo
async def test_dead_stones_second_opinion() -> None:
    """A lone white stone deep in Black's solid area is dead."""
    size = 9
    setup = [(Color.BLACK, parse_vertex(f"E{row}", size)) for row in range(1, 10)]
    setup += [(Color.WHITE, parse_vertex(f"F{row}", size)) for row in range(1, 10)]
    setup.append((Color.WHITE, parse_vertex("B5", size)))
    pool = EnginePool(size=1)
    try:
        dead = await pool.dead_stones(Position(size, 6.5, tuple(setup)))
    finally:
        await pool.close()
    assert dead == {parse_vertex("B5", size)}


async def test_errors_are_gtp_errors() -> None:
    engine = GtpEngine([sys.executable, "-c", "import sys; print('? nope'); print()"])
    with pytest.raises(GtpError, match="nope"):
        await engine.send("name")
    await engine.close()
    missing = GtpEngine(["/nonexistent/engine"])
    with pytest.raises(GtpError, match="cannot start"):
        await missing.send("name")
    with pytest.raises(ValueError, match="level"):
        await EnginePool(["true"]).genmove(Position(9, 6.5), Color.BLACK, level=99)
