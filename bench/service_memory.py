"""The memory figure of bench_service.py: many stored games, one move in some of them.

``memory_figures`` seeds a SQLite file with started games (event lists that are prefixes of the
records, written with the stdlib ``sqlite3`` and the storage's own column order, for speed), then
runs the script given in its ``--memory-child`` mode, a fresh process that calls ``memory_child``:
one move in each of the active games through one service, its peak RSS before and after, the size
of the service's cache of replayed games and the latency of these cold moves (a replay each).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

# service_load first: importing it puts the project root on the path
from service_load import GAMES_DIR, Script, percentile, scripts_from

from service import Actor, GameService, Request
from service.commands import Pass, Play
from service.model import GameState, encode_event
from service.ports import GameRow, GameStatus
from storage.rows import game_values
from storage.sqlite import open_sqlite


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
                "deadline, result, to_move, last_event, data, finished_at, community, league_id, "
                f"round) VALUES (1, {', '.join('?' * 23)})",
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
    scripts = scripts_from(sorted(GAMES_DIR.glob("*.sgf")))
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


def memory_figures(
    script: Path, scripts: Sequence[Script], stored: int, active: int
) -> dict[str, float]:
    """Seed a SQLite file here, measure in a child process (a clean peak RSS): ``script`` in its
    ``--memory-child`` mode."""
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
            [sys.executable, str(script), "--memory-child", str(path), "--active", str(active)],
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
