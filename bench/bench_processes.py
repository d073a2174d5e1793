"""Moves per second through the game service for 1, 2 and 3 bot processes on one PostgreSQL.

The deployment the README recommends for more than one bot process: every process has its own
``GameService`` and its own asyncpg pool (``storage.postgres.open_postgres``, the bot's default
of 10 connections unless ``--pool``), and all of them share one database, here a fresh schema per
run that is dropped afterwards. Each process is a real OS process: this script in its child mode.

The load is bench_service.py's closed loop (``Slot`` in service_load.py: a pair of players,
Challenge + Accept, then a record's main line up to its first pass, then the next record):
``--games`` concurrent games in total (60 by default) are split across the processes (60; 30 + 30;
20 + 20 + 20), each game sends its next command as soon as the last one is answered. Every child
migrates (the parent already did: a no-op), starts its games (not timed), warms up for ``--warmup``
seconds (the pool's connections and their prepared statements, the cache of replayed games), says it
is ready, and then all children start at a moment the parent announces and play for ``--seconds``.
Each child prints its counts, its CPU seconds and its move latencies as JSON; the parent sums the
moves/s, pools the latencies (p50/p99 of play/pass), and divides the rate of 2 and 3 processes by
the rate of 1 process measured in the same round (the peer; rounds repeat ``--repeats`` times,
configurations interleaved so that a busy moment of the machine falls on all of them).

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
import json
import math
import os
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # service_load, which puts the project root on the path

from processes_run import Run, child, one_run  # noqa: E402
from service_load import GAMES_DIR, PG_URL, fmt, postgres_available, scripts_from  # noqa: E402

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
            run = one_run(Path(__file__), n, args.games, seconds, warmup, args.pool)
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
