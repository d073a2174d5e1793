"""Moves per second through the game service for 1, 2 and 3 bot processes on one PostgreSQL.

The deployment the README recommends for more than one bot process: every process has its own
``GameService`` and its own asyncpg pool (``storage.postgres.open_postgres``, the bot's default
of 10 connections unless ``--pool``), and all of them share one database, here a fresh schema per
run that is dropped afterwards. Each process is a real OS process: this script in its child mode.

The load is bench_service.py's closed loop (its ``Slot``: a pair of players, Challenge + Accept,
then a record's main line up to its first pass, then the next record): ``--games`` concurrent
games in total (60 by default) are split across the processes (60; 30 + 30; 20 + 20 + 20), each
game sends its next command as soon as the last one is answered. Every child migrates (the
parent already did: a no-op), starts its games (not timed), warms up for ``--warmup`` seconds
(the pool's connections and their prepared statements, the cache of replayed games), says it is
ready, and then all children start at a moment the parent announces and play for ``--seconds``.
Each child prints its counts, its CPU seconds and its move latencies as JSON; the parent sums the
moves/s, pools the latencies (p50/p99 of play/pass), and divides the rate of 2 and 3 processes
by the rate of 1 process measured in the same round (the peer; rounds repeat ``--repeats``
times, configurations interleaved so that a busy moment of the machine falls on all of them).

Alongside, the parent counts where the CPU went during the window: the children (their own
``getrusage``), the PostgreSQL server's processes (``/proc/<pid>/stat`` of every ``postgres``
process, when the server runs on this machine) and the whole machine (``/proc/stat``); and from
the server's statistics the transactions per move and the WAL flushes per transaction (group
commit). The server's counters are database-wide: other clients of the same server at the same
time would inflate them.

What is measured: the service and its storage on PostgreSQL, several processes writing
different games of one database at once (row locks, the WAL, fsync at every commit with the
server's default ``synchronous_commit=on``). The total concurrency stays at ``--games`` whatever
the process count, so by Little's law the latency is about games / throughput.

What is not measured: the chat adapters and rendering (bench_telegram.py, bench_discord.py,
bench_render.py); network latency to a remote server (this one is on 127.0.0.1 and shares the
machine's cores with the bot processes: 3 processes plus the server on 2 cores cannot scale
linearly); several processes sending moves for the SAME game (each process plays its own games,
so there are no version conflicts or retries, and every move finds its game in the process's
cache of replayed games; a game played from two processes would be replayed from its events
whenever the other process moved last: see tests/service/test_processes.py for the correctness
of that race); the clock scheduler, the computer opponent and the command budget.

Usage: ``python bench/bench_processes.py [--quick] [--processes 1,2,3] [--games 60]
[--seconds 10] [--repeats 3]``; the last line of the output is JSON. Without a reachable
PostgreSQL (``GOBOT_TEST_POSTGRES_URL``, else postgresql://postgres@127.0.0.1:5432/test) it says
so and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # bench_service, which puts the project root on the path

from bench_service import (  # noqa: E402
    PG_URL,
    Samples,
    Script,
    Slot,
    fmt,
    percentile,
    postgres_available,
    scripts_from,
    timed_step,
)

from service import GameService  # noqa: E402
from storage.postgres import PostgresDatabase, open_postgres  # noqa: E402

GAMES_DIR = HERE / "games"
START_MARGIN = 0.5  # seconds from the announcement to the agreed start
STATS_SETTLE = 0.2  # the backends idle after the warm-up have flushed their statistics
CHILD_TIMEOUT = 120.0  # seconds a child may take beyond its measured window


# -- the child: one bot process -------------------------------------------------------------


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


async def child(
    schema: str, first: int, games: int, seconds: float, warmup: float, pool: int
) -> dict[str, object]:
    """Play ``games`` games (slots ``first`` .. ``first + games - 1``) through this process's own
    service and pool: start them, warm up, say READY, wait for the start time on stdin, play for
    ``seconds``. Returns the figures of the measured window."""
    scripts: list[Script] = scripts_from(sorted(GAMES_DIR.glob("*.sgf")))
    database = await open_postgres(PG_URL, schema=schema, max_connections=pool)
    try:
        service = GameService(database)
        prefix = f"p{first}x{uuid.uuid4().hex[:6]}"
        slots = [Slot(first + i, scripts, prefix) for i in range(games)]
        setup = Samples()

        async def start(slot: Slot) -> None:
            for _ in range(2):  # the challenge and the accept
                await timed_step(slot, service, setup, time.perf_counter())

        await asyncio.gather(*(start(s) for s in slots))

        async def loop(until: float, samples: Samples) -> None:
            async def one(slot: Slot) -> None:
                while time.perf_counter() < until:
                    await timed_step(slot, service, samples, time.perf_counter())

            await asyncio.gather(*(one(s) for s in slots))

        warm = Samples()
        await loop(time.perf_counter() + warmup, warm)
        await flush_statistics(database)
        print("READY", flush=True)
        line = await asyncio.to_thread(sys.stdin.readline)
        start_at = float(line)
        await asyncio.sleep(max(0.0, start_at - time.time()))
        woke = time.time()
        cpu_before = cpu_seconds()
        samples = Samples()
        began = time.perf_counter()
        await loop(began + seconds, samples)
        elapsed = time.perf_counter() - began
        cpu_after = cpu_seconds()
    finally:
        await database.close()
    moves = samples.moves()
    return {
        "games": games,
        "late_s": woke - start_at,
        "seconds": elapsed,
        "moves": len(moves),
        "commands": len(samples.commands()),
        "errors": samples.errors + setup.errors + warm.errors,
        "cpu_s": cpu_after[0] + cpu_after[1] - cpu_before[0] - cpu_before[1],
        "sys_s": cpu_after[1] - cpu_before[1],
        "setup_p50_ms": percentile(setup.commands(), 0.5) * 1000,
        "warmup_moves": len(warm.moves()),
        "move_ms": [round(x * 1000, 3) for x in moves],
    }


# -- the parent: CPU and server counters ----------------------------------------------------

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


# -- the parent: one run --------------------------------------------------------------------


@dataclass(slots=True)
class Run:
    """One run of ``processes`` children sharing ``games`` games."""

    processes: int
    games: int
    seconds: float
    moves: int
    per_process: list[float]  # moves/s of each child
    move_ms: list[float]
    errors: int
    skew_ms: float  # how far apart the children really started
    child_cpu: float  # cores busy in the children (CPU seconds / window)
    child_sys: float  # the share of it in the kernel (system time)
    server_cpu: float  # cores busy in the PostgreSQL processes
    machine_cpu: float  # cores busy on the whole machine
    iowait: float  # cores waiting for I/O
    commits_per_move: float
    syncs_per_move: float
    setup_p50_ms: float

    @property
    def moves_per_s(self) -> float:
        return sum(self.per_process)

    @property
    def other_cpu(self) -> float:
        """Cores busy on the machine outside the bot processes and the server: this script's
        parent, the kernel's own threads, and whatever else runs on the machine (noise)."""
        return self.machine_cpu - self.child_cpu - self.server_cpu

    @property
    def bot_us(self) -> float:
        """CPU microseconds in the bot processes per move."""
        return self.child_cpu / self.moves_per_s * 1e6

    @property
    def server_us(self) -> float:
        """CPU microseconds in the PostgreSQL processes per move."""
        return self.server_cpu / self.moves_per_s * 1e6

    @property
    def p50_ms(self) -> float:
        return percentile(self.move_ms, 0.50)

    @property
    def p99_ms(self) -> float:
        return percentile(self.move_ms, 0.99)


def split(total: int, parts: int) -> list[int]:
    """``total`` games over ``parts`` processes, as evenly as they go."""
    share, rest = divmod(total, parts)
    return [share + (1 if i < rest else 0) for i in range(parts)]


def stop(children: Sequence[subprocess.Popen[str]]) -> None:
    """Kill the children this run started (only those) and reap them."""
    for proc in children:
        if proc.poll() is None:
            proc.kill()
    for proc in children:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)


def one_run(processes: int, games: int, seconds: float, warmup: float, pool: int) -> Run:
    schema = "bench_proc_" + uuid.uuid4().hex[:12]
    asyncio.run(prepare_schema(schema))
    children: list[subprocess.Popen[str]] = []
    try:
        first = 0
        for share in split(games, processes):
            children.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        __file__,
                        "--child",
                        schema,
                        "--first",
                        str(first),
                        "--games",
                        str(share),
                        "--seconds",
                        str(seconds),
                        "--warmup",
                        str(warmup),
                        "--pool",
                        str(pool),
                    ],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )
            first += share
        for proc in children:  # every child has started its games and warmed up
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if line.strip() != "READY":
                raise RuntimeError(f"a child failed before the start (exit {proc.wait()})")
        time.sleep(STATS_SETTLE)
        counters_before = asyncio.run(server_counters())
        start_at = time.time() + START_MARGIN
        for proc in children:
            assert proc.stdin is not None
            proc.stdin.write(f"{start_at!r}\n")
            proc.stdin.flush()
        time.sleep(max(0.0, start_at - time.time()))
        machine_before, server_before = machine_ticks(), postgres_ticks()
        time.sleep(seconds)
        machine_after, server_after = machine_ticks(), postgres_ticks()
        outputs = []
        for proc in children:
            out, _ = proc.communicate(timeout=CHILD_TIMEOUT)
            if proc.returncode != 0:
                raise RuntimeError(f"a child failed (exit {proc.returncode})")
            outputs.append(json.loads(out.strip().splitlines()[-1]))
    except BaseException:
        stop(children)
        raise
    finally:
        asyncio.run(drop_schema(schema))
    time.sleep(0.5)  # the children's backends have exited, flushing their statistics
    counters_after = asyncio.run(server_counters())

    move_ms = [x for out in outputs for x in out["move_ms"]]
    moves = sum(int(out["moves"]) for out in outputs)
    if machine_before and machine_after:
        total = (machine_after[2] - machine_before[2]) / TICK  # CPU-seconds of all CPUs
        cores = os.cpu_count() or 1
        busy = (machine_after[0] - machine_before[0]) / TICK
        wait = (machine_after[1] - machine_before[1]) / TICK
        machine, iowait = busy / total * cores, wait / total * cores
    else:
        machine = iowait = math.nan
    commits = counters_after["commits"] - counters_before["commits"]
    syncs = counters_after["wal_sync"] - counters_before["wal_sync"]
    starts = [float(out["late_s"]) for out in outputs]
    return Run(
        processes=processes,
        games=games,
        seconds=statistics.mean(float(out["seconds"]) for out in outputs),
        moves=moves,
        per_process=[int(out["moves"]) / float(out["seconds"]) for out in outputs],
        move_ms=move_ms,
        errors=sum(int(out["errors"]) for out in outputs),
        skew_ms=(max(starts) - min(starts)) * 1000,
        child_cpu=sum(float(out["cpu_s"]) for out in outputs) / seconds,
        child_sys=sum(float(out["sys_s"]) for out in outputs)
        / max(1e-9, sum(float(out["cpu_s"]) for out in outputs)),
        server_cpu=postgres_cpu(server_before, server_after) / seconds
        if server_after
        else math.nan,
        machine_cpu=machine,
        iowait=iowait,
        commits_per_move=commits / moves if moves else math.nan,
        syncs_per_move=syncs / moves if moves else math.nan,
        setup_p50_ms=statistics.median(float(out["setup_p50_ms"]) for out in outputs),
    )


# -- main -----------------------------------------------------------------------------------


def row(
    label: str,
    run: Run,
    ratio: float,
    rate: float | None = None,
    p50: float | None = None,
    p99: float | None = None,
) -> str:
    """One line of the table: a run, or (with ``rate``, ``p50``, ``p99``) the medians of a
    configuration, its other columns from its median-rate run."""
    median = rate is not None
    spread = "" if median else f"{min(run.per_process):,.0f}-{max(run.per_process):,.0f}"
    return (
        f"{label:<7}{run.processes:>5}{run.games // run.processes:>6}"
        f"{run.moves_per_s if rate is None else rate:>9,.0f}{spread:>12}{fmt(ratio, 2):>6}"
        f"{fmt(run.p50_ms if p50 is None else p50, 1):>7}"
        f"{fmt(run.p99_ms if p99 is None else p99, 1):>7}"
        f"{fmt(run.child_cpu, 2):>6}{fmt(run.child_sys * 100, 0):>5}"
        f"{fmt(run.server_cpu, 2):>7}{fmt(run.machine_cpu, 2):>6}"
        f"{fmt(run.other_cpu, 2):>6}{fmt(run.bot_us, 0):>7}{fmt(run.server_us, 0):>7}"
        f"{fmt(run.commits_per_move, 2):>8}{fmt(run.syncs_per_move, 2):>8}"
        + ("" if median else f"{fmt(run.skew_ms, 1):>6}{run.errors:>5}")
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs, one round")
    parser.add_argument("--processes", default="1,2,3", help="process counts, comma-separated")
    parser.add_argument("--games", type=int, default=60, help="concurrent games in total")
    parser.add_argument("--seconds", type=float, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, help="seconds each child plays before the start")
    parser.add_argument("--repeats", type=int, help="rounds (medians shown)")
    parser.add_argument("--pool", type=int, default=10, help="connections per process")
    parser.add_argument("--child", metavar="SCHEMA", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()

    quick = args.quick
    seconds = args.seconds or (2.0 if quick else 10.0)
    warmup = args.warmup if args.warmup is not None else (0.3 if quick else 1.0)
    if args.child is not None:
        figures = asyncio.run(child(args.child, args.first, args.games, seconds, warmup, args.pool))
        print(json.dumps(figures))
        return 0

    repeats = args.repeats or (1 if quick else 3)
    counts = sorted({int(x) for x in args.processes.split(",") if x})
    if 1 not in counts:
        counts.insert(0, 1)  # the peer of every ratio
    if args.games < max(counts):
        raise SystemExit("--games must be at least the largest process count")
    reason = asyncio.run(postgres_available())
    if reason is not None:
        print(f"PostgreSQL unreachable at {PG_URL}: skipped ({reason})")
        print(json.dumps({"skipped": reason}))
        return 0

    scripts = scripts_from(sorted(GAMES_DIR.glob("*.sgf")))
    cpus = os.cpu_count() or 1
    print(
        f"{cpus} CPUs (os.cpu_count()), load {os.getloadavg()[0]:.2f}: with the PostgreSQL server "
        f"on the same machine, {max(counts)} processes on {cpus} cores cannot scale linearly. "
        f"{len(scripts)} records, {sum(len(s.moves) for s in scripts)} moves; {args.games} games "
        f"in total split across the processes, closed loop; {seconds:g} s per run after "
        f"{warmup:g} s of warm-up, {repeats} round(s) (medians); pool {args.pool} connections per "
        f"process; a fresh schema per run on {PG_URL}"
    )
    header = (
        f"{'round':<7}{'procs':>5}{'games':>6}{'moves/s':>9}{'per process':>12}{'x 1':>6}"
        f"{'p50':>7}{'p99':>7}{'bot':>6}{'sys':>5}{'server':>7}{'all':>6}{'other':>6}{'bot':>7}"
        f"{'server':>7}{'tx':>8}{'flush':>8}{'skew':>6}{'err':>5}"
    )
    units = (
        f"{'':<7}{'':>5}{'each':>6}{'total':>9}{'moves/s':>12}{'':>6}{'ms':>7}{'ms':>7}"
        f"{'cores':>6}{'%':>5}{'cores':>7}{'cores':>6}{'cores':>6}{'us/mv':>7}{'us/mv':>7}"
        f"{'/move':>8}{'/move':>8}{'ms':>6}{'':>5}"
    )
    print()
    print(header)
    print(units)
    print("-" * len(header))
    runs: dict[int, list[Run]] = {n: [] for n in counts}
    ratios: dict[int, list[float]] = {n: [] for n in counts}
    for repeat in range(repeats):  # interleaved: machine load falls on every configuration
        peer: Run | None = None
        for n in counts:
            run = one_run(n, args.games, seconds, warmup, args.pool)
            runs[n].append(run)
            if n == 1:
                peer = run
            ratio = run.moves_per_s / peer.moves_per_s if peer else math.nan
            ratios[n].append(ratio)
            print(row(str(repeat + 1), run, ratio), flush=True)

    print("-" * len(header))
    figures: dict[str, object] = {"cpus": cpus, "games": args.games, "seconds": seconds}
    for n in counts:
        chosen = sorted(runs[n], key=lambda r: r.moves_per_s)[len(runs[n]) // 2]
        rate = statistics.median(r.moves_per_s for r in runs[n])
        ratio = statistics.median(ratios[n])
        p50 = statistics.median(r.p50_ms for r in runs[n])
        p99 = statistics.median(r.p99_ms for r in runs[n])
        print(row("median", chosen, ratio, rate, p50, p99))
        figures[f"p{n}_moves_per_s"] = round(rate, 1)
        figures[f"p{n}_ratio"] = round(ratio, 3)
        figures[f"p{n}_p50_ms"] = round(p50, 2)
        figures[f"p{n}_p99_ms"] = round(p99, 2)
        figures[f"p{n}_bot_cores"] = round(chosen.child_cpu, 2)
        figures[f"p{n}_bot_sys_share"] = round(chosen.child_sys, 2)
        figures[f"p{n}_server_cores"] = round(chosen.server_cpu, 2)
        figures[f"p{n}_machine_cores"] = round(chosen.machine_cpu, 2)
        figures[f"p{n}_other_cores"] = round(chosen.other_cpu, 2)
        figures[f"p{n}_iowait_cores"] = round(chosen.iowait, 2)
        figures[f"p{n}_bot_us_per_move"] = round(chosen.bot_us, 1)
        figures[f"p{n}_server_us_per_move"] = round(chosen.server_us, 1)
        figures[f"p{n}_transactions_per_move"] = round(chosen.commits_per_move, 2)
        figures[f"p{n}_wal_flushes_per_move"] = round(chosen.syncs_per_move, 2)
        figures[f"p{n}_errors"] = sum(r.errors for r in runs[n])
    legend = (
        "moves/s: play/pass moves summed over the processes (per process: the slowest and the",
        "fastest); x 1: over 1 process in the same round; p50/p99: every process's moves pooled;",
        "cores: CPU busy in the bot processes, in the PostgreSQL server's processes, on the",
        f"whole machine (of {cpus}), and the rest of it (other: this script, the kernel's",
        "threads, anything else running on the machine); sys: the bot's share in the",
        "kernel; us/mv: CPU microseconds per move in the bot processes and in the server;",
        "tx, flush: committed transactions and WAL flushes per move (database-wide counters);",
        "skew: between the first and the last process's start; median: the medians of the",
        "rounds (CPU and server columns: the median-rate run).",
    )
    print(" ".join(legend))
    print(f"load average after the runs: {os.getloadavg()[0]:.2f}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
