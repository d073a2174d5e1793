"""A child process of the live-feed tests (tests/storage/test_feed.py): another bot process. Once
the parent lets it go (a :class:`tests.children.Barrier`) it plays one move through its own
service on the same database, prints ``APPLIED`` and ends."""

from __future__ import annotations

import asyncio
import random
import sys

from service import Actor, GameService
from service.commands import Play, Request
from service.ports import Database
from storage.postgres import open_postgres
from storage.sqlite import open_sqlite
from tests.children import arrive


async def main(kind: str, target: str, schema: str, game_id: int, barrier: str, point: str) -> None:
    database: Database
    if kind == "sqlite":
        database = await open_sqlite(target)
    else:
        database = await open_postgres(target, schema=schema, max_connections=1)
    try:
        await arrive(barrier)
        await GameService(database, rng=random.Random(3)).execute(
            Play(point), Request(Actor("console:alice", "alice"), game=game_id)
        )
    finally:
        await database.close()
    print("APPLIED", flush=True)


if __name__ == "__main__":
    kind, target, schema, game, barrier, point = sys.argv[1:]
    asyncio.run(main(kind, target, schema, int(game), barrier, point))
