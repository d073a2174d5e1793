"""A child process of tests/web/test_processes.py: another bot process. It plays one move
(``POINT``) in game ``GAME`` through its own service on the same database, as the player to
move, prints ``APPLIED`` and ends.

    python -m tests.web.bot_child DATABASE_URL GAME POINT
"""

from __future__ import annotations

import asyncio
import random
import sys

import storage
from service import Actor, GameService
from service.commands import Play, Request


async def main(url: str, game_id: int, point: str) -> None:
    database = await storage.open_database(url)
    try:
        async with database.unit_of_work() as uow:
            row = await uow.games.get(game_id)
        assert row is not None and row.to_move is not None, row
        player = Actor(row.to_move, row.to_move.partition(":")[2])
        await GameService(database, rng=random.Random(3)).execute(
            Play(point), Request(player, "console", game=game_id, community="console")
        )
    finally:
        await database.close()
    print("APPLIED", flush=True)


if __name__ == "__main__":
    url, game, point = sys.argv[1:]
    asyncio.run(main(url, int(game), point))
