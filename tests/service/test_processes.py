"""Exactly-once across processes on PostgreSQL: several bot processes send a move for the same game
at the same moment; exactly one applies and the others get a clear answer."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from pathlib import Path

from service import GameService
from service.commands import Board, Request
from storage.postgres import open_postgres
from tests.postgres_support import drop_schema, new_schema, require_postgres
from tests.service.conftest import CAROL, start_game

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4
MOVES_EACH = 5


async def test_processes_racing_on_one_move_apply_it_once() -> None:
    url = await require_postgres()
    schema = new_schema()
    database = await open_postgres(url, schema=schema)
    try:
        service = GameService(database, rng=random.Random(1))
        gid = await start_game(service, "size=9")
        start_at = time.time() + 1.5  # every child is connected by then
        columns = "ABCDEFGHJ"
        children = []
        for index in range(PROCESSES):
            points = [f"{columns[index]}{row}" for row in range(1, MOVES_EACH + 1)]
            children.append(
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "tests.service.race_child",
                    url,
                    schema,
                    str(gid),
                    str(start_at),
                    *points,
                    cwd=ROOT,
                    stdout=asyncio.subprocess.PIPE,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                )
            )
        outputs = [await child.communicate() for child in children]
        lines = [line for out, _ in outputs for line in out.decode().splitlines()]
        assert all(child.returncode == 0 for child in children)
        assert len(lines) == PROCESSES * MOVES_EACH
        applied = [line for line in lines if line.startswith("APPLIED")]
        assert len(applied) == 1, lines
        assert all(line.startswith("REFUSED") for line in lines if line not in applied), lines
        board = await service.execute(Board(), Request(CAROL, game=gid))
        assert board.board is not None and len(board.board.black) == 1
        assert board.board.move_number == 1
    finally:
        await database.close()
        await drop_schema(url, schema)
