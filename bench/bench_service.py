"""Load through the game service (in-process, no chat): N concurrent games play real records.

Every game is a pair of players: a challenge by Black, the accept by White, then the record's moves
alternately by the right player through ``GameService.execute`` (``Challenge``, ``Accept``,
``Play``, ``Pass``) with a ``Request`` carrying the platform update id and the game number an
adapter passes (a button or a game thread), up to the record's first pass/pass (which stops the
game: the service proposes a marking). A game slot that reaches the end starts the next record
with a new challenge. Rendering is excluded: the service builds the board view of each reply (it
is part of the command) but nothing draws it.

Two load shapes, each on SQLite (a temporary file, ``synchronous=FULL``) and on PostgreSQL (a fresh
schema, dropped afterwards), at each game count:

* ``closed``: each game sends its next command as soon as the last one is answered (maximum
  throughput; the latency is the latency under saturation, Little's law).
* ``open``: commands arrive at a fixed total rate spread over the games (Poisson arrivals per
  game, or evenly spaced with ``--even``); the latency counts from the scheduled send time, so time
  spent queued behind a late answer counts too. The rate counts every command; nearly all are
  moves (a new record adds a challenge and an accept). One game cannot keep up with 300/s when a
  move takes longer than 3.3 ms: its queue then grows for the whole run.

``--databases sqlite_normal`` adds SQLite with ``synchronous=NORMAL`` for comparison only (the bot
keeps FULL: an acknowledged move must survive a power loss, not only a process crash).

The "bare engine" line plays the same moves on ``engine.game.Game`` in memory, so the service's
overhead shows as a ratio. The memory figure seeds ``--stored`` started games into a SQLite file
(event lists that are prefixes of the records, written with the stdlib ``sqlite3`` and the
storage's own column order, for speed), then a fresh process plays one move in each of
``--active`` of them through one service and reports its peak RSS before and after, the size of
the service's cache of replayed games and the latency of these cold moves (a replay each).

Targets (SQLite, open loop, 200 games): p99 <= 25 ms per move at >= 300 moves/s.
Usage: ``python bench/bench_service.py [--quick] [--games 1,50,200] [--rate 300]``; the last
line of the output is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # service_load, which puts the project root on the path

from service_load import (  # noqa: E402
    GAMES_DIR,
    Result,
    Script,
    fmt,
    fresh_database,
    median_result,
    percentile,
    postgres_available,
    run_load,
    scripts_from,
)
from service_memory import memory_child, memory_figures  # noqa: E402

from engine.game import Game  # noqa: E402
from service import GameService  # noqa: E402

TARGET_P99_MS = 25.0
TARGET_RATE = 300.0


async def one_run(
    db_kind: str,
    shape: str,
    games: int,
    scripts: Sequence[Script],
    seconds: float,
    rate: float,
    poisson: bool,
    seed: int,
) -> Result:
    async with fresh_database(db_kind) as db:
        service = GameService(db)
        setup, samples, elapsed = await run_load(
            service, scripts, games, shape, seconds, rate, poisson, seed
        )
    moves = samples.moves()
    return Result(
        db=db_kind,
        shape=shape,
        games=games,
        seconds=elapsed,
        moves=len(moves),
        commands=len(samples.commands()),
        p50_ms=percentile(moves, 0.50) * 1000,
        p99_ms=percentile(moves, 0.99) * 1000,
        max_ms=max(moves, default=math.nan) * 1000,
        all_p99_ms=percentile(samples.commands(), 0.99) * 1000,
        setup_p50_ms=percentile(setup.commands(), 0.50) * 1000,
        errors=samples.errors + setup.errors,
    )


# -- the bare engine ------------------------------------------------------------------------


def bare_engine(scripts: Sequence[Script], rounds: int) -> float:
    """Seconds per move of the same moves on ``engine.game.Game`` in memory (median round)."""
    times = []
    moves = sum(len(s.moves) for s in scripts)
    for _ in range(rounds):
        start = time.perf_counter()
        for script in scripts:
            game = Game(script.size, script.komi, 0)
            for move in script.moves:
                game.play(move.color, move.point)
        times.append(time.perf_counter() - start)
    return statistics.median(times) / moves


# -- main -----------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs, one repeat")
    parser.add_argument("--games", default="1,50,200", help="concurrent games, comma-separated")
    parser.add_argument("--rate", type=float, default=TARGET_RATE, help="open-loop moves/s")
    parser.add_argument("--seconds", type=float, help="measured seconds per run")
    parser.add_argument("--repeats", type=int, help="runs per configuration (medians shown)")
    parser.add_argument("--even", action="store_true", help="evenly spaced open-loop arrivals")
    parser.add_argument(
        "--databases",
        default="sqlite,postgresql",
        help="sqlite, postgresql, sqlite_normal (synchronous=NORMAL, for comparison only)",
    )
    parser.add_argument("--shapes", default="closed,open")
    parser.add_argument("--stored", type=int, help="games stored for the memory figure")
    parser.add_argument("--active", type=int, help="games played for the memory figure")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--memory-child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.memory_child is not None:
        print(json.dumps(asyncio.run(memory_child(args.memory_child, args.active, seed=11))))
        return 0

    quick = args.quick
    seconds = args.seconds or (1.5 if quick else 3.0)
    repeats = args.repeats or (1 if quick else 3)
    stored = args.stored or (2000 if quick else 10_000)
    active = args.active or (200 if quick else 1000)
    counts = [int(x) for x in args.games.split(",") if x]
    shapes = [s for s in args.shapes.split(",") if s]
    scripts = scripts_from(sorted(GAMES_DIR.glob("*.sgf")))
    databases = [d for d in args.databases.split(",") if d]
    if "postgresql" in databases:
        reason = asyncio.run(postgres_available())
        if reason is not None:
            print(f"PostgreSQL skipped: {reason}")
            databases.remove("postgresql")

    total_moves = sum(len(s.moves) for s in scripts)
    print(
        f"{len(scripts)} records, {total_moves} moves; {seconds:g} s per run, {repeats} run(s) "
        f"per configuration (medians), open loop at {args.rate:g} moves/s "
        f"({'evenly spaced' if args.even else 'Poisson'} arrivals per game); "
        f"SQLite synchronous=FULL; {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}"
    )
    engine_s = bare_engine(scripts, 5 if quick else 15)

    runs: dict[tuple[str, str, int], list[Result]] = {}
    for repeat in range(repeats):  # interleaved: machine load falls on every configuration
        for games in counts:
            for shape in shapes:
                for db_kind in databases:
                    result = asyncio.run(
                        one_run(
                            db_kind,
                            shape,
                            games,
                            scripts,
                            seconds,
                            args.rate,
                            not args.even,
                            seed=repeat,
                        )
                    )
                    runs.setdefault((db_kind, shape, games), []).append(result)
    results = {key: median_result(value) for key, value in runs.items()}

    header = (
        f"{'db':<14}{'shape':<8}{'games':>6}{'moves/s':>10}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'max ms':>9}{'all p99':>9}{'setup p50':>11}{'x engine':>10}{'errors':>8}"
    )
    print()
    print(header)
    print("-" * len(header))
    for (db_kind, shape, games), r in results.items():
        ratio = r.p50_ms / 1000 / engine_s
        print(
            f"{db_kind:<14}{shape:<8}{games:>6}{fmt(r.moves_per_s, 0):>10}{fmt(r.p50_ms, 2):>9}"
            f"{fmt(r.p99_ms, 2):>9}{fmt(r.max_ms, 1):>9}{fmt(r.all_p99_ms, 2):>9}"
            f"{fmt(r.setup_p50_ms, 2):>11}{ratio:>10,.0f}{r.errors:>8}"
        )
    print(
        f"{'engine':<14}{'bare':<8}{1:>6}{1 / engine_s:>10,.0f}{engine_s * 1000:>9.4f}"
        f"  (same moves on engine.game.Game in memory)"
    )
    print(
        "closed: next command as soon as the last is answered; open: Poisson/even arrivals at "
        "the total rate, latency from the scheduled time. p50/p99/max: moves (play/pass); "
        "all p99: every command incl. the challenges/accepts of new records; setup: the first "
        "challenge+accept of every game; x engine: p50 over the bare engine's time per move."
    )

    figures: dict[str, object] = {
        "engine_moves_per_s": round(1 / engine_s),
        "engine_us_per_move": round(engine_s * 1e6, 2),
    }
    for (db_kind, shape, games), r in results.items():
        key = f"{db_kind}_{shape}_{games}"
        figures[f"{key}_moves_per_s"] = round(r.moves_per_s, 1)
        figures[f"{key}_p50_ms"] = round(r.p50_ms, 2)
        figures[f"{key}_p99_ms"] = round(r.p99_ms, 2)
        figures[f"{key}_errors"] = r.errors
    target = results.get(("sqlite", "open", 200))
    if target is not None:
        met = target.p99_ms <= TARGET_P99_MS and target.moves_per_s >= 0.97 * min(
            args.rate, TARGET_RATE
        )
        sustained = results.get(("sqlite", "closed", 200))
        capacity = sustained.moves_per_s if sustained else math.nan
        print(
            f"\ntarget (SQLite, open loop, 200 games): p99 {target.p99_ms:.1f} ms "
            f"(<= {TARGET_P99_MS:g}) at {target.moves_per_s:.0f} moves/s offered {args.rate:g} "
            f"(>= {TARGET_RATE:g}); closed-loop capacity {capacity:.0f} moves/s: "
            f"{'met' if met and capacity >= TARGET_RATE else 'MISSED'}"
        )
        figures["target_met"] = bool(met and capacity >= TARGET_RATE)

    if not args.no_memory:
        memory = memory_figures(Path(__file__), scripts, stored, active)
        print(
            f"\nmemory: {memory['stored']:,} stored games ({memory['events']:,} events, "
            f"{memory['file_mb']} MB file, seeded in {memory['seed_s']} s), one move in each of "
            f"{memory['active']:,} through one service: peak RSS {memory['rss_before_mb']} MB "
            f"before, {memory['rss_after_mb']} MB after; cache {memory['cache_size']} games "
            f"(CACHE_SIZE {memory['cache_limit']}); cold move (replay) p50 "
            f"{memory['cold_move_p50_ms']} ms, p99 {memory['cold_move_p99_ms']} ms"
        )
        for key, value in memory.items():
            figures[f"memory_{key}"] = value
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
