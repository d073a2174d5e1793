"""Do proposals at the stop delay other games? The service bench's open-loop load beside a stream
of stops of tangled 19×19 positions, against the same load alone.

The load is bench_service.py's (``service_load.run_load``): ``--games`` games on SQLite (a
temporary file, ``synchronous=FULL``) playing real records at ``--rate`` commands a second (Poisson
arrivals), their stone moves' latency measured from the scheduled send. Beside it, in the same
service and event loop, ``--stoppers`` other games are set up before the measured window at a
tangled middle-game position of a bench record (move ``--at``, where groups are unsettled and the
proposal has the most reading to do), and during the window they are stopped one after the other
(two passes; resumed first after an earlier stop; ``--gap`` seconds after each proposal), so that
a proposal is being worked out nearly all the time: both judges, the bot's reader in a process of
its own (``--threads``: in a worker thread, to compare) and, when GNU Go is installed, its
``final_status_list dead`` within the time budget. The stop itself is one short write; the
proposal is worked out after its commit and written with a version check (service/judging.py).

Printed: the stone moves' p50/p99/max alone and beside the proposals (min/median/max over
``--repeats`` runs), their ratio, and the proposals' own times (the second pass's answer: stop,
both judges and the written proposal). The last line is JSON.

Usage: ``python bench/bench_proposals.py [--quick] [--no-gnugo]``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # service_load, which puts the project root on the path

from service_load import (  # noqa: E402
    GAMES_DIR,
    Samples,
    Script,
    fresh_database,
    percentile,
    run_load,
    scripts_from,
)

from gtp.client import find_gnugo  # noqa: E402
from gtp.opponent import GtpOpponent  # noqa: E402
from gtp.pool import EnginePool  # noqa: E402
from service import Actor, GameService, Request  # noqa: E402
from service.commands import Accept, Challenge, Pass, Play, Resume  # noqa: E402
from service.errors import UserError  # noqa: E402
from service.judging import judging_processes  # noqa: E402
from service.ports import Database, Judge  # noqa: E402


async def stopper_games(
    service: GameService, scripts: Sequence[Script], count: int, at: int
) -> list[int]:
    """``count`` 19×19 games at move ``at`` of a record: two passes stop them."""
    ids: list[int] = []
    records = [s for s in scripts if s.size == 19 and len(s.moves) > at + 2]
    for k in range(count):
        script = records[k % len(records)]
        black = Actor(f"bench:sb{k}", f"sb{k}")
        white = Actor(f"bench:sw{k}", f"sw{k}")
        opts = {"size": "19", "komi": str(script.komi), "color": "black"}
        view = await service.execute(Challenge(white, opts), Request(black))
        gid = view.game_id
        assert gid is not None
        await service.execute(Accept(), Request(white, game=gid))
        for move in script.moves[:at]:
            who = black if move.color.letter == "B" else white
            command = Pass() if move.point is None else Play(move.point.gtp())
            await service.execute(command, Request(who, game=gid))
        ids.append(gid)
    return ids


async def one_run(
    scripts: Sequence[Script],
    games: int,
    rate: float,
    seconds: float,
    seed: int,
    stoppers: int,
    at: int,
    judge: Judge | None,
    workers: Executor | None,
    gap: float = 0.0,
) -> tuple[list[float], list[float]]:
    """The stone moves' latencies, and the proposals' (empty without ``stoppers``)."""
    database: Database
    async with fresh_database("sqlite") as database:
        service = GameService(database, judge=judge, judging=workers)
        ids = await stopper_games(service, scripts, stoppers, at) if stoppers else []
        proposals: list[float] = []
        done = asyncio.Event()

        async def pass_by_mover(gid: int, k: int) -> None:
            for who in (Actor(f"bench:sw{k}", f"sw{k}"), Actor(f"bench:sb{k}", f"sb{k}")):
                try:
                    await service.execute(Pass(), Request(who, game=gid))
                    return
                except UserError:  # not this one's turn
                    continue

        async def stop_them() -> None:
            """Stop each game in turn (resumed first after its last stop), until the end."""
            while not done.is_set():
                for k, gid in enumerate(ids):
                    if done.is_set():
                        return
                    with contextlib.suppress(UserError):  # stopped before: back to play
                        black = Actor(f"bench:sb{k}", f"sb{k}")
                        await service.execute(Resume(), Request(black, game=gid))
                    await pass_by_mover(gid, k)
                    began = time.perf_counter()
                    await pass_by_mover(gid, k)  # the stop, and the proposal
                    proposals.append(time.perf_counter() - began)
                    await asyncio.sleep(gap)

        side = asyncio.create_task(stop_them()) if ids else None
        _, samples, _ = await run_load(service, scripts, games, "open", seconds, rate, True, seed)
        done.set()
        if side is not None:
            await side
        await service.close()
        return _plays(samples), proposals


def _plays(samples: Samples) -> list[float]:
    """The stone moves (a stopping pass of the load's own games waits for its proposal)."""
    return list(samples.latencies.get("play", []))


def figures(values: Sequence[float]) -> tuple[float, float, float]:
    return (
        percentile(values, 0.50) * 1000,
        percentile(values, 0.99) * 1000,
        max(values, default=0.0) * 1000,
    )


def spread(values: Sequence[float]) -> str:
    return f"{min(values):7.1f} {statistics.median(values):7.1f} {max(values):7.1f}"


async def main_async(args: argparse.Namespace) -> int:
    scripts = scripts_from(sorted(GAMES_DIR.glob("*.sgf")))
    program = None if args.no_gnugo else find_gnugo()
    pool = EnginePool([program, "--mode", "gtp"], size=1) if program else None
    judge = GtpOpponent(pool) if pool is not None else None
    workers = None if args.threads else judging_processes()
    alone: list[tuple[float, float, float]] = []
    beside: list[tuple[float, float, float]] = []
    proposal_times: list[float] = []
    try:
        for repeat in range(args.repeats):
            seed = 100 + repeat
            plays, _ = await one_run(
                scripts, args.games, args.rate, args.seconds, seed, 0, args.at, judge, workers
            )
            alone.append(figures(plays))
            plays, proposals = await one_run(
                scripts,
                args.games,
                args.rate,
                args.seconds,
                seed,
                args.stoppers,
                args.at,
                judge,
                workers,
                args.gap,
            )
            beside.append(figures(plays))
            proposal_times.extend(proposals)
    finally:
        if pool is not None:
            await pool.close()
        if workers is not None:
            workers.shutdown()
    engine = "GNU Go" if judge is not None else "no engine"
    engine += ", reading in a thread" if args.threads else ", reading in a process"
    print(
        f"SQLite, {args.games} games, {args.rate:g} commands/s open loop, {args.seconds:g} s "
        f"windows, {args.repeats} runs; proposals of 19x19 positions at move {args.at} "
        f"({engine}) beside the load"
    )
    print(f"{'stone moves (ms)':34} {'min':>7} {'median':>7} {'max':>7}   (over runs)")
    for label, rows in (("alone", alone), ("beside proposals", beside)):
        for k, name in enumerate(("p50", "p99", "max")):
            print(f"  {label + ' ' + name:32} {spread([r[k] for r in rows])}")
    ratio = statistics.median(r[1] for r in beside) / statistics.median(r[1] for r in alone)
    print(f"  p99 beside / alone (medians): {ratio:.2f}x")
    p50, p99, worst = figures(proposal_times)
    print(
        f"proposals: {len(proposal_times)} worked out beside the load; the stopping pass's "
        f"answer p50 {p50 / 1000:.2f} s, p99 {p99 / 1000:.2f} s, max {worst / 1000:.2f} s"
    )
    out = {
        "games": args.games,
        "rate": args.rate,
        "engine": engine,
        "alone_p99_ms": statistics.median(r[1] for r in alone),
        "beside_p99_ms": statistics.median(r[1] for r in beside),
        "p99_ratio": round(ratio, 3),
        "proposals": len(proposal_times),
        "proposal_p99_s": round(p99 / 1000, 3),
    }
    print(json.dumps(out))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short windows, one run")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rate", type=float, default=150.0)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--repeats", type=int, default=None)
    parser.add_argument("--stoppers", type=int, default=12, help="19x19 games stopped beside")
    parser.add_argument("--at", type=int, default=150, help="the stoppers' move number")
    parser.add_argument("--no-gnugo", action="store_true", help="the bot's own judgement alone")
    parser.add_argument(
        "--gap", type=float, default=0.5, help="seconds between one proposal and the next stop"
    )
    parser.add_argument(
        "--threads", action="store_true", help="read in a worker thread, not a process (to compare)"
    )
    args = parser.parse_args()
    args.seconds = args.seconds or (8.0 if args.quick else 20.0)
    args.repeats = args.repeats or (1 if args.quick else 3)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    raise SystemExit(main())
