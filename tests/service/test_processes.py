"""Exactly-once across processes on PostgreSQL: several bot processes send a move for the same game
at the same moment; exactly one applies and the others get a clear answer."""

from __future__ import annotations

import random
from pathlib import Path

from service import Actor, GameService
from service.commands import Request, ShowBoard
from storage.postgres import open_postgres
from tests.children import Barrier, start_child
from tests.postgres_support import drop_schema, new_schema, require_postgres
from tests.service.conftest import CAROL, start_game

PROCESSES = 4
MOVES_EACH = 5


async def test_processes_racing_on_one_move_apply_it_once(tmp_path: Path) -> None:
    url = await require_postgres()
    schema = new_schema()
    database = await open_postgres(url, schema=schema)
    try:
        service = GameService(database, rng=random.Random(1))
        gid = await start_game(service, "size=9")
        barrier = Barrier(tmp_path / "start")  # they go once every child is connected
        columns = "ABCDEFGHJ"
        children = []
        for index in range(PROCESSES):
            points = [f"{columns[index]}{row}" for row in range(1, MOVES_EACH + 1)]
            children.append(
                await start_child(
                    "tests.service.race_child", url, schema, str(gid), str(barrier), *points
                )
            )
        await barrier.release(children)
        outputs = [await child.communicate() for child in children]
        lines = [line for out, _ in outputs for line in out.decode().splitlines()]
        assert all(child.returncode == 0 for child in children)
        assert len(lines) == PROCESSES * MOVES_EACH
        applied = [line for line in lines if line.startswith("APPLIED")]
        assert len(applied) == 1, lines
        assert all(line.startswith("REFUSED") for line in lines if line not in applied), lines
        board = await service.execute(ShowBoard(), Request(CAROL, game=gid))
        assert board.board is not None and len(board.board.black) == 1
        assert board.board.move_number == 1
    finally:
        await database.close()
        await drop_schema(url, schema)


SCHEDULERS = 3
CLOCK_GAMES = 24
HOUR = 3600.0


async def settle_in_processes(url: str, schema: str, offset: float, folder: Path) -> list[str]:
    """Run SCHEDULERS bot processes' schedulers at the same moment (a barrier in ``folder``),
    clocks ``offset`` ahead; every notice line they delivered."""
    barrier = Barrier(folder)
    children = [
        await start_child("tests.service.scheduler_child", url, schema, str(offset), str(barrier))
        for _ in range(SCHEDULERS)
    ]
    await barrier.release(children)
    outputs = [await child.communicate() for child in children]
    assert all(child.returncode == 0 for child in children)
    return [line for out, _ in outputs for line in out.decode().splitlines()]


async def test_three_processes_remind_and_settle_each_clock_once(tmp_path: Path) -> None:
    """Several bot processes on one PostgreSQL each run the clock scheduler; each reminder and
    each loss on time happens once, and its notice is delivered by one process only."""
    url = await require_postgres()
    schema = new_schema()
    database = await open_postgres(url, schema=schema)
    try:
        service = GameService(database, rng=random.Random(1))
        games = []
        for index in range(CLOCK_GAMES):
            black = Actor(f"console:b{index}", f"b{index}")
            white = Actor(f"console:w{index}", f"w{index}")
            games.append(await start_game(service, "size=9", "time=1d", black=black, white=white))
        # 1d per game: the reminder goes out 6 h before the timeout (a quarter of the time)
        reminders = await settle_in_processes(url, schema, 20 * HOUR, tmp_path / "reminders")
        assert sorted(int(line.split()[1]) for line in reminders) == games, reminders
        assert {line.split()[3] for line in reminders} == {"notice.little_time"}
        assert {line.split()[2] for line in reminders} == {
            f"console:b{i}" for i in range(CLOCK_GAMES)
        }
        losses = await settle_in_processes(url, schema, 30 * HOUR, tmp_path / "losses")
        assert sorted({int(line.split()[1]) for line in losses}) == games
        assert len(losses) == len(set(losses)), losses  # no notice delivered twice
        async with database.unit_of_work() as uow:
            for gid in games:
                row = await uow.games.get(gid)
                assert row is not None and row.result == "W+T"  # Black, to move, lost on time
    finally:
        await database.close()
        await drop_schema(url, schema)
