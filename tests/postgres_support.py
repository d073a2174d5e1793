"""PostgreSQL for tests: a throw-away schema per test on the server CI runs (never skipped there).

``GOBOT_TEST_POSTGRES_URL`` names the server (default ``postgresql://postgres@127.0.0.1:5432/test``).
Without a reachable server the PostgreSQL tests skip with the reason, unless
``GOBOT_REQUIRE_POSTGRES=1`` (set by ``.ci/run``), when they fail instead.
"""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
_available: bool | None = None


def postgres_url() -> str:
    return os.environ.get("GOBOT_TEST_POSTGRES_URL", DEFAULT_URL)


async def _probe(url: str) -> str | None:
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg is a runtime dependency
        return "asyncpg is not installed"
    try:
        conn = await asyncio.wait_for(asyncpg.connect(url), timeout=3)
    except Exception as error:  # any failure to reach the server is a reason to skip
        return f"no PostgreSQL server at {url} ({type(error).__name__}: {error})"
    await conn.close()
    return None


async def require_postgres() -> str:
    """The server's URL, or skip (fail under ``GOBOT_REQUIRE_POSTGRES=1``) with the reason."""
    url = postgres_url()
    problem = await _probe(url)
    if problem is not None:
        if os.environ.get("GOBOT_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required here: {problem}")
        pytest.skip(problem)
    return url


def new_schema() -> str:
    return "test_" + uuid.uuid4().hex[:12]


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()
