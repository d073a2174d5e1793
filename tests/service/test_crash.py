"""Crash safety: a process writing moves through the service is killed with SIGKILL; after a
restart every acknowledged move is stored and every game replays legally."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from service.model import rebuild
from service.ports import GameStatus
from storage.sqlite import open_sqlite

ROOT = Path(__file__).resolve().parents[2]
ACKS_BEFORE_KILL = 120


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["sequential", "concurrent"])
async def test_sigkill_loses_no_acknowledged_move(tmp_path: Path, mode: str) -> None:
    path = tmp_path / "games.db"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_child", str(path), "4", mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    acked: list[tuple[int, int, str]] = []
    try:
        for line in child.stdout:
            if line.startswith("ACK"):
                _, game, number, vertex = line.split()
                acked.append((int(game), int(number), vertex))
                if len(acked) >= ACKS_BEFORE_KILL:
                    os.kill(child.pid, signal.SIGKILL)  # mid-way: it is writing the next move
                    break
        acked += [
            (int(g), int(n), v)
            for _, g, n, v in (
                x.split() for x in child.stdout.read().splitlines() if x[:3] == "ACK"
            )
        ]
    finally:
        child.kill()
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert len(acked) >= ACKS_BEFORE_KILL

    database = await open_sqlite(path)  # the restart
    try:
        async with database.unit_of_work() as uow:
            stored: dict[tuple[int, int], str] = {}
            games = await uow.games.for_player("console:black", [GameStatus.ACTIVE])
            assert len(games) == 4
            for row in games:
                events = await uow.games.events(row.id)
                assert [e.number for e in events] == list(range(1, len(events) + 1))
                game = rebuild(row, events)  # raises at the first illegal move
                assert game.move_number == len(events) == row.last_event
                for event in events:
                    stored[(row.id, event.number)] = event.text.split()[1]
            for game_id, number, vertex in acked:
                assert stored.get((game_id, number)) == vertex
            cursor = await database.connection.execute("PRAGMA integrity_check")
            assert await cursor.fetchone() == ("ok",)
    finally:
        await database.close()
