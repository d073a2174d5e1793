"""A child process of the multi-process scheduler test: one bot process's clock scheduler on a
shared PostgreSQL schema, its clock ``offset`` seconds ahead; it settles what
is due once every child is connected (a :class:`tests.children.Barrier`) and prints one line per
notice it delivered (``NOTICE game player key``)."""

from __future__ import annotations

import asyncio
import sys
import time

from service import GameService
from service.scheduler import Scheduler
from service.views import View
from storage.postgres import open_postgres
from tests.children import arrive


async def main(dsn: str, schema: str, offset: float, barrier: str) -> None:
    database = await open_postgres(dsn, schema=schema, max_connections=4)
    service = GameService(database, clock=lambda: time.time() + offset)
    delivered: list[View] = []

    async def deliver(view: View) -> None:
        delivered.append(view)

    try:
        await arrive(barrier)
        await Scheduler(service, deliver).settle_due()
    finally:
        await database.close()
    for view in delivered:
        for notice in view.notify:
            for line in notice.lines:
                print(f"NOTICE {view.game_id} {notice.player} {line.key}", flush=True)


if __name__ == "__main__":
    dsn, schema, offset, barrier = sys.argv[1:]
    asyncio.run(main(dsn, schema, float(offset), barrier))
