"""A process that opens (and so migrates) a database at an agreed moment, then closes it: run
several at once to race the migrations (tests/storage/test_migrations.py)."""

from __future__ import annotations

import asyncio
import sys
import time

from storage.postgres import open_postgres
from storage.sqlite import open_sqlite


async def main(kind: str, target: str, schema: str, start_at: float) -> None:
    while time.time() < start_at:
        await asyncio.sleep(0.001)
    if kind == "sqlite":
        database = await open_sqlite(target)
    else:
        database = await open_postgres(target, schema=schema)
    await database.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])))
