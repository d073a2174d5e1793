"""The CPU and PostgreSQL counters of bench_processes.py, and the schema a run plays in.

A child counts its own CPU seconds (``cpu_seconds``) and hands the warm-up's statistics to the
server before the start (``flush_statistics``); the parent counts the whole machine's and the
server's CPU ticks (``/proc``) and the server's transactions and WAL flushes around the window.
"""

from __future__ import annotations

import contextlib
import math
import os
import resource

# service_load first: importing it puts the project root on the path
from service_load import PG_URL

from storage.postgres import PostgresDatabase, open_postgres


def cpu_seconds() -> tuple[float, float]:
    """User and system CPU seconds of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


async def flush_statistics(database: PostgresDatabase) -> None:
    """Make every backend of the pool hand its pending statistics (the warm-up's) to the server
    now: an idle backend otherwise keeps them for up to 10 s, and the parent's counters taken
    before the start would miss them (``pg_stat_force_next_flush``, PostgreSQL 15 and later)."""
    import asyncpg

    pool = database.pool
    conns = [await pool.acquire() for _ in range(pool.get_max_size())]
    try:
        for conn in conns:
            await conn.execute("SELECT pg_stat_force_next_flush()")
    except asyncpg.UndefinedFunctionError:
        pass  # an older server: the transaction and flush counts include some warm-up
    finally:
        for conn in conns:
            await pool.release(conn)


TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def machine_ticks() -> tuple[int, int, int] | None:
    """(busy, iowait, total) clock ticks of all CPUs from /proc/stat; None off Linux."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle, iowait = fields[3], fields[4]
    total = sum(fields[:8])  # user nice system idle iowait irq softirq steal
    return total - idle - iowait, iowait, total


def postgres_ticks() -> dict[int, int]:
    """utime + stime ticks of every process named ``postgres`` on this machine, by pid."""
    ticks: dict[int, int] = {}
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat") as stat:
                    text = stat.read()
            except OSError:
                continue
            name = text[text.find("(") + 1 : text.rfind(")")]
            if name != "postgres" and not name.startswith("postgres:"):
                continue
            rest = text[text.rfind(")") + 2 :].split()
            ticks[int(entry.name)] = int(rest[11]) + int(rest[12])  # utime, stime
    return ticks


def postgres_cpu(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU seconds of the server between two snapshots (new backends count from zero; backends
    that exited in between are lost, and the children keep theirs open until the end)."""
    return sum(t - before.get(pid, 0) for pid, t in after.items()) / TICK


async def server_counters() -> dict[str, float]:
    """The database's committed transactions and the server's WAL flushes so far."""
    import asyncpg

    conn = await asyncpg.connect(PG_URL)
    try:
        commits = await conn.fetchval(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        )
        wal = await conn.fetchrow("SELECT wal_sync, wal_write FROM pg_stat_wal")
    finally:
        await conn.close()
    return {
        "commits": float(commits or 0),
        "wal_sync": float(wal["wal_sync"]) if wal else math.nan,
        "wal_write": float(wal["wal_write"]) if wal else math.nan,
    }


async def prepare_schema(schema: str) -> None:
    """Create and migrate the schema once, before the children open their pools on it."""
    database = await open_postgres(PG_URL, schema=schema, max_connections=1)
    await database.close()


async def drop_schema(schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(PG_URL)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()
