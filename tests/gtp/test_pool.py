"""The GTP engine pool against the real GNU Go (installed by .ci/run)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

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


FAKE_ENGINE = os.path.join(os.path.dirname(__file__), "..", "bot", "fake_gtp_engine.py")


async def test_a_dead_stones_request_given_up_ends_its_engine_at_once(tmp_path: Path) -> None:
    """A proposal stops waiting for the engine (its time budget): the engine, still thinking and
    deaf to ``quit``, is killed at once and its place freed, so the next request gets a fresh
    engine and a right answer, never the late answer left on the old pipe."""
    pidfile = tmp_path / "engine.pid"
    hanging = EnginePool([sys.executable, FAKE_ENGINE, "--hang", "--pidfile", str(pidfile)], size=1)
    position = Position(9, 6.5, ((Color.WHITE, parse_vertex("B5", 9)),))
    try:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(hanging.dead_stones(position), 0.5)
        with pytest.raises(ProcessLookupError):  # killed and reaped, not asked to quit
            os.kill(int(pidfile.read_text()), 0)
        assert hanging._started == 0 and not hanging._all  # the freed place
    finally:
        await hanging.close()
    answering = EnginePool([sys.executable, FAKE_ENGINE, "--dead", "B5"], size=1)
    try:
        with pytest.raises(TimeoutError):  # a slow first answer, given up, then asked again
            await asyncio.wait_for(answering.dead_stones(position), 0.0)
        assert await answering.dead_stones(position) == {parse_vertex("B5", 9)}
    finally:
        await answering.close()


async def test_an_engine_is_started_with_a_lower_priority() -> None:
    engine = GtpEngine([sys.executable, FAKE_ENGINE])
    try:
        await engine.start()
        assert engine._process is not None
        pid = engine._process.pid
        assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + 1
    finally:
        await engine.close()
