"""``gobot web`` as a process of its own beside the bot's processes (issue 26): the published
league's pages served from a SQLite file and from PostgreSQL, and an open game's page told of
moves made by two other bot processes (this test's own service, and a child process), within the
stream's wait; then the page shows them. The web process stops cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

import storage
from service.ports import Database
from tests.postgres_support import drop_schema, new_schema, require_postgres
from tests.web.kit import OPEN_MOVES, TOKEN, build_league, new_service, play
from tests.web.test_live import next_block, next_event
from tests.web.test_server import free_port

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 60.0  # a cold start of a Python process on a busy machine


@contextlib.asynccontextmanager
async def database_url(kind: str, folder: Path) -> AsyncIterator[str]:
    """A ``DATABASE_URL`` of an empty database: a SQLite file, or a PostgreSQL schema."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'games.db'}"
        return
    from storage.postgres import open_postgres

    server = await require_postgres()
    schema = new_schema()
    try:
        await (await open_postgres(server, schema=schema)).close()  # the schema, migrated
        yield f"{server}{'&' if '?' in server else '?'}search_path={schema}"
    finally:
        await drop_schema(server, schema)


@contextlib.asynccontextmanager
async def gobot_web(url: str, folder: Path) -> AsyncIterator[str]:
    """``gobot web`` on a free port over ``url``: its base address, once it answers."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT)}
    env.pop("GOBOT_WEB_PORT", None)
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gobot"), "web", "--port", str(port)],
        cwd=folder,  # no .env of the developer's
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(int(START_SECONDS / 0.05)):
                assert process.poll() is None, process.communicate()
                try:
                    async with session.get(f"{base}/l/{TOKEN}") as answer:
                        assert answer.status == 200
                        break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.05)
            else:
                pytest.fail("gobot web never answered")
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 0, (out, err)
        assert "Traceback" not in err


async def another_process_plays(url: str, game_id: int, point: str) -> None:
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.web.bot_child",
        url,
        str(game_id),
        point,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(child.communicate(), START_SECONDS)
    assert child.returncode == 0 and out.decode().strip() == "APPLIED", err.decode()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_gobot_web_follows_moves_of_two_other_bot_processes(
    kind: str, tmp_path: Path
) -> None:
    async with database_url(kind, tmp_path) as url:
        database: Database = await storage.open_database(url)
        try:
            built = await build_league(new_service(database), database)
            async with gobot_web(url, tmp_path) as base, aiohttp.ClientSession() as session:
                game = f"{base}/l/{TOKEN}/game/{built.open}"
                for path in (f"/l/{TOKEN}", f"/l/{TOKEN}/player/1", f"/l/{TOKEN}?lang=hu"):
                    async with session.get(base + path) as answer:
                        assert answer.status == 200, path
                async with session.get(f"{game}/events") as stream:
                    assert await next_block(stream) == ["retry: 2000"]
                    await play(built.service, database, built.open, "G3")  # one bot process
                    assert await next_event(stream) == ["event: change", "data: "]
                    await another_process_plays(url, built.open, "C5")  # and another
                    assert await next_event(stream) == ["event: change", "data: "]
                async with session.get(game) as answer:
                    page = await answer.text()
                assert f"?move={len(OPEN_MOVES) + 2}" in page  # both moves are shown
                async with session.get(f"{base}/l/not-a-token") as answer:
                    assert answer.status == 404
        finally:
            await database.close()
