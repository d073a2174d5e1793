"""What the pacing scenarios of both platforms share (:mod:`bench.bench_pace`,
:mod:`bench.pace_discord`): the moves played on a fixed schedule, each move's delay until its
board was shown, and the figures of a scenario."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from bench.bench_telegram import percentile

G = TypeVar("G")
MOVE = re.compile(r"Move (\d+)")  # a board's caption line: "Move 12 · Black D4"
SETTLE = 15.0  # seconds (scaled) after the last move for the last boards to arrive


async def play_on_schedule(
    played: Sequence[G],
    play: Callable[[G, float, float], Awaitable[None]],
    every: float,
    final_shown: Callable[[G], bool],
    scale: float,
) -> None:
    """Every game's moves, game ``i`` offset by ``i * every / len(played)`` (``play(game,
    offset, t0)``); then wait until every final position is shown (at most :data:`SETTLE`)."""
    t0 = time.monotonic()
    count = len(played)
    await asyncio.gather(*(play(game, i * every / count, t0) for i, game in enumerate(played)))
    deadline = time.monotonic() + SETTLE * max(scale, 0.2)
    while time.monotonic() < deadline and not all(final_shown(game) for game in played):
        await asyncio.sleep(0.05)


def move_delays(
    shown: Sequence[tuple[float, int]], sent: Sequence[float], moves: int
) -> tuple[list[float], bool]:
    """Each move's delay until a board at that move or later was shown (``shown``: arrival
    time and move number of each board; ``sent``: when each move was available); and whether
    the final position (move ``moves``) was shown."""
    boards = sorted(shown)
    result = []
    for number, when_sent in enumerate(sent, start=1):
        later = [when for when, move in boards if move >= number and when >= when_sent]
        result.append((min(later) - when_sent) if later else float("inf"))
    final = bool(boards) and max(move for _, move in boards) == moves
    return result, final


def figures(
    name: str,
    games: int,
    measured: Sequence[tuple[list[float], bool]],
    calls: int,
    too_many: int,
    gap: float,
    scale: float,
) -> dict[str, Any]:
    """A scenario's named figures (delays back in real seconds when the run was scaled)."""
    values = [d / scale for ds, _ in measured for d in ds]
    moves = len(values)
    return {
        "scenario": name,
        "games": games,
        "moves": moves,
        "p50_s": round(percentile(values, 0.5), 2),
        "p95_s": round(percentile(values, 0.95), 2),
        "max_s": round(max(values), 2),
        "calls_per_move": round(calls / moves, 2),
        "too_many_requests": too_many,
        "final_shown": all(final for _, final in measured),
        "budget_gap_s": round(gap, 2),
    }
