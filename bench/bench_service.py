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
import contextlib
import json
import math
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from engine.colors import Color  # noqa: E402
from engine.game import Game, Move  # noqa: E402
from records.sgf import GameRecord, load_sgf  # noqa: E402
from service import Actor, GameService, Request  # noqa: E402
from service.commands import Accept, Challenge, Pass, Play  # noqa: E402
from service.errors import UserError  # noqa: E402
from service.model import GameState, encode_event  # noqa: E402
from service.ports import Database, GameRow, GameStatus  # noqa: E402
from storage.rows import game_values  # noqa: E402
from storage.sqlite import open_sqlite  # noqa: E402

PG_URL = os.environ.get("GOBOT_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
TARGET_P99_MS = 25.0
TARGET_RATE = 300.0
MOVE_KINDS = ("play", "pass")


@dataclass(frozen=True, slots=True)
class Script:
    """One record as the service will see it: size, komi and the moves up to the first stop."""

    name: str
    size: int
    komi: float
    moves: tuple[Move, ...]


def scripts_from(paths: Sequence[Path]) -> list[Script]:
    """The records' moves up to (and including) the pass that stops the game."""
    scripts = []
    for path in paths:
        record: GameRecord = load_sgf(path)
        if record.setup or record.handicap or record.first_to_move not in (None, Color.BLACK):
            continue  # challenges start from the empty board with Black to move
        game = Game(record.size, record.komi, 0)
        moves: list[Move] = []
        for move in record.moves:
            report = game.play(move.color, move.point)
            moves.append(move)
            if report.stopped:
                break
        scripts.append(Script(path.stem, record.size, record.komi, tuple(moves)))
    if not scripts:
        raise SystemExit("no usable records")
    return scripts


# -- measurements ---------------------------------------------------------------------------


@dataclass(slots=True)
class Samples:
    """Latencies (seconds) by command kind and the count of refused commands."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0

    def add(self, kind: str, seconds: float) -> None:
        self.latencies.setdefault(kind, []).append(seconds)

    def moves(self) -> list[float]:
        return [x for k in MOVE_KINDS for x in self.latencies.get(k, [])]

    def commands(self) -> list[float]:
        return [x for xs in self.latencies.values() for x in xs]


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1); NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Result:
    """One run of one load shape on one database with ``games`` games."""

    db: str
    shape: str
    games: int
    seconds: float
    moves: int
    commands: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    all_p99_ms: float
    setup_p50_ms: float
    errors: int

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds


# -- the load -------------------------------------------------------------------------------


class Slot:
    """One pair of players that plays record after record."""

    def __init__(self, index: int, scripts: Sequence[Script], prefix: str) -> None:
        self.index = index
        self.black = Actor(f"bench:{prefix}b{index}", f"b{index}")
        self.white = Actor(f"bench:{prefix}w{index}", f"w{index}")
        self.scripts = scripts
        self.round = 0
        self.script = scripts[index % len(scripts)]
        self.game_id: int | None = None
        self.accepted = False
        self.next_move = 0
        self.prefix = prefix
        self.sent = 0

    def update_id(self) -> str:
        self.sent += 1
        return f"bench:{self.prefix}:{self.index}:{self.sent}"

    async def step(self, service: GameService) -> str:
        """Send this slot's next command; returns its kind (challenge, accept, play, pass)."""
        if self.game_id is None:
            view = await service.execute(
                Challenge(
                    self.white,
                    {
                        "size": str(self.script.size),
                        "komi": f"{self.script.komi:g}",
                        "color": "black",
                    },
                ),
                Request(self.black, channel=f"bench-{self.index}", update_id=self.update_id()),
            )
            self.game_id = view.game_id
            return "challenge"
        if not self.accepted:
            await service.execute(
                Accept(), Request(self.white, game=self.game_id, update_id=self.update_id())
            )
            self.accepted = True
            return "accept"
        move = self.script.moves[self.next_move]
        actor = self.black if move.color.letter == "B" else self.white
        self.next_move += 1
        if self.next_move == len(self.script.moves):  # the record is over: next one
            self.round += 1
            self.script = self.scripts[(self.index + self.round) % len(self.scripts)]
            game_id, self.game_id, self.accepted, self.next_move = self.game_id, None, False, 0
        else:
            game_id = self.game_id
        request = Request(actor, game=game_id, update_id=self.update_id())
        if move.point is None:
            await service.execute(Pass(), request)
            return "pass"
        await service.execute(Play(move.point.gtp()), request)
        return "play"


async def timed_step(slot: Slot, service: GameService, samples: Samples, since: float) -> str:
    """Run one step; record its latency from ``since`` (the scheduled or the actual send)."""
    try:
        kind = await slot.step(service)
    except UserError:
        samples.errors += 1
        kind = "error"
    samples.add(kind, time.perf_counter() - since)
    return kind


async def run_load(
    service: GameService,
    scripts: Sequence[Script],
    games: int,
    shape: str,
    seconds: float,
    rate: float,
    poisson: bool,
    seed: int,
) -> tuple[Samples, Samples, float]:
    """Start ``games`` games (challenge + accept, not timed for throughput), then drive them
    for ``seconds``. Returns the samples of the setup, of the measured window, and its length."""
    prefix = uuid.uuid4().hex[:6]
    slots = [Slot(i, scripts, prefix) for i in range(games)]
    setup = Samples()

    async def start(slot: Slot) -> None:
        for _ in range(2):
            await timed_step(slot, service, setup, time.perf_counter())

    await asyncio.gather(*(start(s) for s in slots))
    samples = Samples()
    began = time.perf_counter()
    end = began + seconds
    rng = random.Random(seed)

    async def closed(slot: Slot) -> None:
        while time.perf_counter() < end:
            await timed_step(slot, service, samples, time.perf_counter())

    async def opened(slot: Slot) -> None:
        per_game = rate / games

        def gap() -> float:
            return rng.expovariate(per_game) if poisson else 1.0 / per_game

        due = began + (gap() if poisson else rng.uniform(0, 1.0 / per_game))
        while due < end:
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            await timed_step(slot, service, samples, due)
            due += gap()

    await asyncio.gather(*((closed if shape == "closed" else opened)(s) for s in slots))
    return setup, samples, time.perf_counter() - began


@contextlib.asynccontextmanager
async def fresh_database(kind: str) -> AsyncIterator[Database]:
    """A new SQLite file in a temporary folder, or a new PostgreSQL schema (dropped after)."""
    if kind in ("sqlite", "sqlite_normal"):
        with tempfile.TemporaryDirectory(prefix="bench-service-") as folder:
            db: Database = await open_sqlite(Path(folder) / "games.db")
            if kind == "sqlite_normal":  # for comparison only: the bot keeps FULL
                await db.connection.execute("PRAGMA synchronous=NORMAL")  # type: ignore[attr-defined]
            try:
                yield db
            finally:
                await db.close()
        return
    import asyncpg

    from storage.postgres import open_postgres

    schema = "bench_" + uuid.uuid4().hex[:12]
    db = await open_postgres(PG_URL, schema=schema)
    try:
        yield db
    finally:
        await db.close()
        conn = await asyncpg.connect(PG_URL)
        try:
            await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        finally:
            await conn.close()


async def postgres_available() -> str | None:
    """None when the server answers, else the reason it is skipped."""
    try:
        import asyncpg

        conn = await asyncio.wait_for(asyncpg.connect(PG_URL), timeout=3)
    except Exception as error:  # any failure to connect means: skip PostgreSQL
        return f"{type(error).__name__}: {error}"
    await conn.close()
    return None


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


def median_result(runs: Sequence[Result]) -> Result:
    """The per-figure medians of repeated runs of one configuration."""
    first = runs[0]

    def med(get: Callable[[Result], float]) -> float:
        return statistics.median(get(r) for r in runs)

    seconds = med(lambda r: r.seconds)
    return Result(
        db=first.db,
        shape=first.shape,
        games=first.games,
        seconds=seconds,
        moves=round(med(lambda r: r.moves_per_s) * seconds),
        commands=round(med(lambda r: r.commands)),
        p50_ms=med(lambda r: r.p50_ms),
        p99_ms=med(lambda r: r.p99_ms),
        max_ms=med(lambda r: r.max_ms),
        all_p99_ms=med(lambda r: r.all_p99_ms),
        setup_p50_ms=med(lambda r: r.setup_p50_ms),
        errors=sum(r.errors for r in runs),
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


# -- memory: many stored games, some active ---------------------------------------------------


def seed_games(path: Path, scripts: Sequence[Script], stored: int, seed: int) -> list[int]:
    """Write ``stored`` started games into the (migrated) SQLite file at ``path``, each with a
    prefix of a record as its event list; returns the ids of games still being played."""
    rng = random.Random(seed)
    now = time.time()
    playable = []
    conn = sqlite3.connect(path)
    try:
        conn.execute("BEGIN")
        for index in range(stored):
            script = scripts[index % len(scripts)]
            length = rng.randrange(0, len(script.moves) - 1)  # never the stopping pass
            black, white = f"bench:mb{index}", f"bench:mw{index}"
            to_move = black if length % 2 == 0 else white
            row = GameRow(
                id=0,
                version=1,
                status=GameStatus.ACTIVE,
                challenger=black,
                challenged=white,
                black=black,
                white=white,
                size=script.size,
                komi=script.komi,
                handicap=0,
                color="black",
                time_control="none",
                rated=False,
                channel=f"bench-{index}",
                created_at=now,
                updated_at=now,
                to_move=to_move,
                last_event=length,
                data=GameState().to_data(),
            )
            cursor = conn.execute(
                "INSERT INTO games (version, status, challenger, challenged, black, white, size, "
                "komi, handicap, color, time_control, rated, channel, created_at, updated_at, "
                "deadline, result, to_move, last_event, data) "
                "VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                game_values(row),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            conn.executemany(
                "INSERT INTO events (game_id, number, text, at) VALUES (?, ?, ?, ?)",
                (
                    (game_id, n, encode_event(m), now)
                    for n, m in enumerate(script.moves[:length], start=1)
                ),
            )
            conn.executemany(
                "INSERT OR IGNORE INTO players (id, name) VALUES (?, ?)",
                ((black, f"mb{index}"), (white, f"mw{index}")),
            )
            playable.append(game_id)
        conn.commit()
    finally:
        conn.close()
    return playable


def max_rss_mb() -> float:
    """The peak resident set size of this process so far (ru_maxrss is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def memory_child(path: Path, active: int, seed: int) -> dict[str, float]:
    """In a fresh process: open the seeded database, play one move in each of ``active`` games
    through one service instance; the peak RSS before and after, the cache and the latencies."""
    scripts = scripts_from(sorted((HERE / "games").glob("*.sgf")))
    db = await open_sqlite(path)
    service = GameService(db)
    before = max_rss_mb()
    rng = random.Random(seed)
    chosen = rng.sample(range(1, service_count(path) + 1), active)
    latencies = []
    for game_id in chosen:
        script, length, black, white = game_facts(path, game_id, scripts)
        move = script.moves[length]
        actor = Actor(black if move.color.letter == "B" else white, "x")
        start = time.perf_counter()
        request = Request(actor, game=game_id)
        if move.point is None:
            await service.execute(Pass(), request)
        else:
            await service.execute(Play(move.point.gtp()), request)
        latencies.append(time.perf_counter() - start)
    after = max_rss_mb()
    await db.close()
    return {
        "rss_before_mb": round(before, 1),
        "rss_after_mb": round(after, 1),
        "cache_size": len(service.context.cache),
        "cache_limit": service.context.cache.size,
        "cold_move_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
        "cold_move_p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
    }


def service_count(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def game_facts(path: Path, game_id: int, scripts: Sequence[Script]) -> tuple[Script, int, str, str]:
    """The script a seeded game follows (by its id), its length and its players."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        last, black, white = conn.execute(
            "SELECT last_event, black, white FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    return scripts[(game_id - 1) % len(scripts)], int(last), str(black), str(white)


def memory_figures(scripts: Sequence[Script], stored: int, active: int) -> dict[str, float]:
    """Seed a SQLite file here, measure in a child process (a clean peak RSS)."""
    with tempfile.TemporaryDirectory(prefix="bench-service-mem-") as folder:
        path = Path(folder) / "games.db"
        asyncio.run(_migrate_only(path))
        start = time.perf_counter()
        seed_games(path, scripts, stored, seed=7)
        seeded = time.perf_counter() - start
        events = 0
        with contextlib.closing(sqlite3.connect(path)) as conn:
            events = int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
        out = subprocess.run(
            [sys.executable, __file__, "--memory-child", str(path), "--active", str(active)],
            check=True,
            capture_output=True,
            text=True,
        )
        figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
        figures.update(stored=stored, active=active, events=events, seed_s=round(seeded, 2))
        figures["file_mb"] = round(path.stat().st_size / 2**20, 1)
        return figures


async def _migrate_only(path: Path) -> None:
    db = await open_sqlite(path)
    await db.close()


# -- main -----------------------------------------------------------------------------------


def fmt(value: float, digits: int = 1) -> str:
    return "-" if math.isnan(value) else f"{value:,.{digits}f}"


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
    scripts = scripts_from(sorted((HERE / "games").glob("*.sgf")))
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
        memory = memory_figures(scripts, stored, active)
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
