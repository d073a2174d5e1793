"""The load of bench_service.py and bench_processes.py: records as scripts of moves, the pairs of
players that play them through ``GameService.execute`` (``Slot``), the timed loop that drives them
(``run_load``), latency samples and their percentiles (``Samples``, ``Result``), and the databases
a run uses (a fresh SQLite file or PostgreSQL schema). The workload is described in
bench_service.py; importing this module puts the project root on ``sys.path``.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import random
import statistics
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
from service.ports import Database  # noqa: E402
from storage.sqlite import open_sqlite  # noqa: E402

PG_URL = os.environ.get("GOBOT_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
GAMES_DIR = HERE / "games"
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


def fmt(value: float, digits: int = 1) -> str:
    return "-" if math.isnan(value) else f"{value:,.{digits}f}"
