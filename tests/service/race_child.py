"""A child process of the multi-process race test: once every child is connected (a
:class:`tests.children.Barrier`) it sends moves for the same game through its own service and
pool on PostgreSQL, and prints one line per command."""

from __future__ import annotations

import asyncio
import random
import sys

from service import Actor, GameService
from service.commands import Play, Request
from service.errors import UserError
from storage.postgres import open_postgres
from tests.children import arrive

ALICE = Actor("console:alice", "alice")


async def main(dsn: str, schema: str, game_id: int, barrier: str, points: list[str]) -> None:
    database = await open_postgres(dsn, schema=schema, max_connections=len(points))
    service = GameService(database, rng=random.Random(3))
    try:
        await arrive(barrier)
        results = await asyncio.gather(
            *(service.execute(Play(point), Request(ALICE, game=game_id)) for point in points),
            return_exceptions=True,
        )
    finally:
        await database.close()
    for point, result in zip(points, results, strict=True):
        if isinstance(result, UserError):
            print(f"REFUSED {point} {result}", flush=True)
        elif isinstance(result, BaseException):
            print(f"ERROR {point} {type(result).__name__}: {result}", flush=True)
        else:
            print(f"APPLIED {point}", flush=True)


if __name__ == "__main__":
    dsn, schema, game, barrier, *moves = sys.argv[1:]
    asyncio.run(main(dsn, schema, int(game), barrier, moves))
