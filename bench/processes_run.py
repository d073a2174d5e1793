"""One run of bench_processes.py: the child (one bot process playing its share of the games in
a measured window) and the parent's side (start the children, announce the start, count the CPU
and the server around the window, sum the children's figures into a ``Run``).

The protocol: the parent starts the script given in its ``--child`` mode once a process; each
child starts and warms up its games, prints READY, reads the start time (``time.time()``) on stdin,
plays until the window ends and prints its figures as one JSON line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# the siblings first: importing service_load puts the project root on the path
from pg_counters import (
    TICK,
    cpu_seconds,
    drop_schema,
    flush_statistics,
    machine_ticks,
    postgres_cpu,
    postgres_ticks,
    prepare_schema,
    server_counters,
)
from service_load import (
    GAMES_DIR,
    PG_URL,
    Samples,
    Script,
    Slot,
    percentile,
    scripts_from,
    timed_step,
)

from service import GameService
from storage.postgres import open_postgres

START_MARGIN = 0.5  # seconds from the announcement to the agreed start
STATS_SETTLE = 0.2  # the backends idle after the warm-up have flushed their statistics
CHILD_TIMEOUT = 120.0  # seconds a child may take beyond its measured window


# -- the child: one bot process -------------------------------------------------------------


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


def one_run(
    script: Path, processes: int, games: int, seconds: float, warmup: float, pool: int
) -> Run:
    """``processes`` children (``script`` in its ``--child`` mode) play ``games`` games in a
    fresh schema for ``seconds`` after ``warmup``; their figures and the counters around."""
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
                        str(script),
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
