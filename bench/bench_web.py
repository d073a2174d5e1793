"""The web front door under load: a league page and a game page of a 40-player league with 200
games (SQLite file), against the peer, aiohttp serving a static file of the same size.

The season is built through the service (tests/web/season.py: a Swiss league of ``--players``
over ``--rounds`` rounds, random legal moves, resignations, counts, two games open) and
published; then a separate server process (``--serve``) opens the same SQLite file and serves
``bot.web.app.build_app`` on one port and the peer on another: ``web.FileResponse`` of files
holding the very bytes the two pages returned (same size, same process, same event loop). The
load generator (this process, aiohttp's client, one connection pool) measures each target:

* ``50/s``: requests sent at a fixed rate (evenly spaced) for ``--seconds``; the latency counts
  from the scheduled send, so a queue behind a slow answer counts too;
* ``max``: ``--workers`` clients each sending the next request as soon as the last is answered
  (the throughput; the latency under saturation).

Each is run ``--repeats`` times (3), the targets interleaved; the table shows min/median/max.
Then the service's move latency on the same database with and without web load: a third process
(``--moves``) plays ``--move-games`` games at ``--move-rate`` moves/s (open loop,
bench/service_load.py's load) once alone and once while this process offers the league and game
pages at 50/s. Targets: p99 <= 50 ms at 50 requests/s; the move p99 under web load within 10 %
of the one without. Usage: ``python bench/bench_web.py [--quick]``; the last line is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # service_load, which puts the project root on the path

from service_load import GAMES_DIR, percentile, run_load, scripts_from  # noqa: E402

from service import GameService  # noqa: E402
from storage.sqlite import open_sqlite  # noqa: E402

TARGET_P99_MS = 50.0
TARGET_RATE = 50.0
UNCAPPED = 1e6  # requests/s: the server's cap per client, lifted for the load generator
MOVE_SHARE = 0.10  # the move p99 under web load may be at most 10 % above the one without


@dataclass(frozen=True, slots=True)
class Measured:
    """One target measured once: requests answered per second, latencies, failures."""

    per_s: float
    p50_ms: float
    p99_ms: float
    failed: int


# -- the season and the server process ------------------------------------------------------


async def build(path: Path, players: int, rounds: int, size: int) -> dict[str, object]:
    """Build and publish the season in ``path``; the addresses the bench fetches."""
    from tests.web.season import ORGANISER, build_season, publish

    database = await open_sqlite(path)
    try:
        service = GameService(database, organisers={ORGANISER.id}, rng=random.Random(7))
        started = time.perf_counter()
        season = await build_season(service, database, players=players, rounds=rounds, size=size)
        built = time.perf_counter() - started
        token = await publish(season)
        return {
            "token": token,
            "games": len(season.games),
            "game": season.counted[-1],
            "build_s": round(built, 1),
        }
    finally:
        await database.close()


async def serve(path: Path, peer: Path) -> None:
    """The server process: the web app over ``path`` and the peer's files from ``peer``;
    prints both ports, then serves until killed."""
    from aiohttp import web

    from bot.web.app import build_app

    database = await open_sqlite(path)
    service = GameService(database)
    # the per-client cap (20/s by default) would refuse one load generator: measured without
    app = build_app(service, rate=UNCAPPED, burst=int(UNCAPPED))
    runners = [web.AppRunner(app), web.AppRunner(peer_app(peer))]
    ports = []
    for runner in runners:
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        ports.append(runner.addresses[0][1])
    print(f"PORTS {ports[0]} {ports[1]}", flush=True)
    await asyncio.Event().wait()


def peer_app(folder: Path) -> object:
    """aiohttp serving the files of ``folder`` (``/peer/NAME``) with ``web.FileResponse``."""
    from aiohttp import web

    async def file(request: web.Request) -> web.FileResponse:
        name = request.match_info["name"]
        return web.FileResponse(folder / name, headers={"Content-Type": "text/html"})

    app = web.Application()
    app.router.add_get("/peer/{name}", file)
    return app


def start_server(path: Path, peer: Path) -> tuple[subprocess.Popen[str], int, int]:
    """The server process and its two ports (the web app's, the peer's)."""
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(path), "--peer", str(peer)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    line = server.stdout.readline().split()
    if not line or line[0] != "PORTS":
        server.kill()
        raise SystemExit(f"bench_web: the server did not start (exit {server.wait()})")
    return server, int(line[1]), int(line[2])


# -- the load -------------------------------------------------------------------------------


async def fixed_rate(fetch: Callable[[], Awaitable[bool]], rate: float, seconds: float) -> Measured:
    """Requests at ``rate`` per second for ``seconds``; latency from each scheduled send."""
    latencies: list[float] = []
    failed = 0

    async def one(due: float) -> None:
        nonlocal failed
        failed += not await fetch()
        latencies.append(time.perf_counter() - due)

    began = time.perf_counter()
    tasks = []
    for k in range(round(rate * seconds)):
        due = began + k / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(due)))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - began
    return measured(latencies, elapsed, failed)


async def closed_loop(
    fetch: Callable[[], Awaitable[bool]], workers: int, seconds: float
) -> Measured:
    """``workers`` clients, each sending as soon as its last request is answered."""
    latencies: list[float] = []
    failed = 0
    end = time.perf_counter() + seconds

    async def worker() -> None:
        nonlocal failed
        while (sent := time.perf_counter()) < end:
            failed += not await fetch()
            latencies.append(time.perf_counter() - sent)

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(workers)))
    return measured(latencies, time.perf_counter() - began, failed)


def measured(latencies: list[float], elapsed: float, failed: int) -> Measured:
    return Measured(
        (len(latencies) - failed) / elapsed,
        percentile(latencies, 0.50) * 1000,
        percentile(latencies, 0.99) * 1000,
        failed,
    )


def fetcher(session: object, url: str, size: int) -> Callable[[], Awaitable[bool]]:
    """A GET of ``url`` that reads the whole body: True when it is a 200 of ``size`` bytes."""
    import aiohttp

    assert isinstance(session, aiohttp.ClientSession)

    async def fetch() -> bool:
        try:
            async with session.get(url) as response:
                body = await response.read()
                return response.status == 200 and len(body) == size
        except aiohttp.ClientError:
            return False

    return fetch


# -- moves with and without web load ---------------------------------------------------------


async def moves_child(path: Path, games: int, rate: float, seconds: float) -> dict[str, float]:
    """The move load (bench/service_load.py's open loop) on the season's database."""
    scripts = scripts_from(sorted(GAMES_DIR.glob("*.sgf")))
    database = await open_sqlite(path)
    try:
        _, samples, _ = await run_load(
            GameService(database), scripts, games, "open", seconds, rate, True, seed=3
        )
    finally:
        await database.close()
    moves = samples.moves()
    return {
        "moves": len(moves),
        "p50_ms": percentile(moves, 0.50) * 1000,
        "p99_ms": percentile(moves, 0.99) * 1000,
        "errors": samples.errors,
    }


async def run_moves(path: Path, args: argparse.Namespace) -> dict[str, float]:
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--moves",
        str(path),
        "--move-games",
        str(args.move_games),
        "--move-rate",
        str(args.move_rate),
        "--seconds",
        str(args.seconds),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await child.communicate()
    figures: dict[str, float] = json.loads(out.decode().strip().splitlines()[-1])
    return figures


# -- main -----------------------------------------------------------------------------------


def spread(values: list[float], digits: int = 1) -> str:
    """``min / median / max``."""
    return " / ".join(
        f"{v:,.{digits}f}" for v in (min(values), statistics.median(values), max(values))
    )


async def bench(args: argparse.Namespace, folder: Path) -> dict[str, object]:
    import aiohttp

    path = folder / "games.db"
    peer = folder / "peer"
    peer.mkdir()
    season = await build(path, args.players, args.rounds, args.size)
    print(
        f"season: {args.players} players, {season['games']} games on {args.size}×{args.size}, "
        f"built through the service in {season['build_s']} s (SQLite, synchronous=FULL); "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}"
    )
    server, port, peer_port = start_server(path, peer)
    try:
        base = f"http://127.0.0.1:{port}/l/{season['token']}"
        pages = {"league page": base, "game page": f"{base}/game/{season['game']}"}
        targets: dict[str, tuple[str, int]] = {}
        connector = aiohttp.TCPConnector(limit=args.workers * 4)
        async with aiohttp.ClientSession(connector=connector) as session:
            for name, url in pages.items():
                async with session.get(url) as response:
                    body = await response.read()
                if response.status != 200:
                    raise SystemExit(f"bench_web: GET {url} answered {response.status}")
                file = name.split()[0] + ".html"
                (peer / file).write_bytes(body)
                targets[name] = (url, len(body))
                targets[f"peer ({name})"] = (
                    f"http://127.0.0.1:{peer_port}/peer/{file}",
                    len(body),
                )
            results: dict[tuple[str, str], list[Measured]] = {}
            for _ in range(args.repeats):  # interleaved: machine load falls on every target
                for name, (url, size) in targets.items():
                    fetch = fetcher(session, url, size)
                    rate = await fixed_rate(fetch, TARGET_RATE, args.seconds)
                    results.setdefault((name, "50/s"), []).append(rate)
                    most = await closed_loop(fetch, args.workers, args.seconds / 2)
                    results.setdefault((name, "max"), []).append(most)
            sizes = {name: size for name, (_, size) in targets.items()}

            quiet: list[dict[str, float]] = []
            loaded: list[dict[str, float]] = []
            during: list[Measured] = []
            league, game = targets["league page"], targets["game page"]
            for _ in range(args.repeats):  # alone, then under web load, in turns
                quiet.append(await run_moves(path, args))
                web_load = asyncio.gather(
                    fixed_rate(fetcher(session, *league), TARGET_RATE / 2, args.seconds + 1),
                    fixed_rate(fetcher(session, *game), TARGET_RATE / 2, args.seconds + 1),
                )
                moved, pages_during = await asyncio.gather(run_moves(path, args), web_load)
                loaded.append(moved)
                during.extend(pages_during)
    finally:
        server.terminate()
        server.wait()

    header = (
        f"{'target':<20}{'bytes':>8}{'load':>6}{'req/s':>26}{'p50 ms':>28}{'p99 ms':>28}"
        f"{'failed':>8}"
    )
    print(f"\n{header}\n{'-' * len(header)}")
    figures: dict[str, object] = {"build_s": season["build_s"], "games": season["games"]}
    for (name, load), runs in results.items():
        print(
            f"{name:<20}{sizes[name]:>8}{load:>6}{spread([r.per_s for r in runs], 0):>26}"
            f"{spread([r.p50_ms for r in runs]):>28}{spread([r.p99_ms for r in runs]):>28}"
            f"{sum(r.failed for r in runs):>8}"
        )
        key = name.replace(" ", "_").replace("(", "").replace(")", "") + "_" + load.rstrip("/s")
        figures[f"{key}_per_s"] = round(statistics.median(r.per_s for r in runs), 1)
        figures[f"{key}_p99_ms"] = round(statistics.median(r.p99_ms for r in runs), 2)
        figures[f"{key}_failed"] = sum(r.failed for r in runs)
    print(
        "min / median / max over the runs; 50/s: evenly spaced sends, latency from the scheduled "
        "time; max: closed loop of "
        f"{args.workers} clients; peer: web.FileResponse of a file of the page's bytes"
    )
    alone_p99 = [r["p99_ms"] for r in quiet]
    web_p99 = [r["p99_ms"] for r in loaded]
    change = statistics.median(web_p99) / statistics.median(alone_p99) - 1
    print(
        f"\nmoves ({args.move_games} games, {args.move_rate:g} moves/s open loop, same database, "
        f"{args.seconds:g} s, min / median / max of {args.repeats}): p50 "
        f"{spread([r['p50_ms'] for r in quiet])} ms, p99 {spread(alone_p99)} ms alone; p50 "
        f"{spread([r['p50_ms'] for r in loaded])} ms, p99 {spread(web_p99)} ms under "
        f"{TARGET_RATE:g} pages/s (the pages' p99 {spread([r.p99_ms for r in during])} ms, "
        f"{sum(r.failed for r in during)} failed): median p99 {change:+.0%}"
    )
    pages_met = all(
        statistics.median(r.p99_ms for r in results[(name, "50/s")]) <= TARGET_P99_MS
        and not any(r.failed for r in results[(name, "50/s")])
        for name in pages
    )
    moves_met = change <= MOVE_SHARE
    print(
        f"targets: pages p99 <= {TARGET_P99_MS:g} ms at {TARGET_RATE:g}/s: "
        f"{'met' if pages_met else 'MISSED'}; move p99 within {MOVE_SHARE:.0%} under web load: "
        f"{'met' if moves_met else 'MISSED'}"
    )
    figures.update(
        moves_alone_p99_ms=round(statistics.median(alone_p99), 2),
        moves_web_p99_ms=round(statistics.median(web_p99), 2),
        moves_change=round(change, 3),
        pages_target_met=pages_met,
        moves_target_met=moves_met,
    )
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small season, short runs")
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=10, help="players / 2 games each")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=10.0, help="per fixed-rate run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=8, help="closed-loop clients")
    parser.add_argument("--move-games", type=int, default=20)
    parser.add_argument("--move-rate", type=float, default=50.0)
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--peer", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--moves", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        asyncio.run(serve(args.serve, args.peer))
        return 0
    if args.moves is not None:
        figures = asyncio.run(
            moves_child(args.moves, args.move_games, args.move_rate, args.seconds)
        )
        print(json.dumps(figures))
        return 0
    if args.quick:
        args.players, args.rounds, args.seconds, args.repeats = 10, 3, 3.0, 1
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        figures = asyncio.run(bench(args, Path(folder)))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
