"""The server's hygiene: the headers on every answer (pages, images, records, errors, static
files), GET only, small requests, a rate cap per client (and through a trusted proxy only),
a cap on live connections, and an unexpected error as a plain 500 page and a log line."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web

from bot.web.app import MAX_REQUEST, SECURITY_HEADERS, build_app
from tests.web.kit import TOKEN, Built, build_league, new_service, open_backend, serve, unlimited

CSP = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Built]:
    async with open_backend("memory", tmp_path) as database:
        service = new_service(database)
        yield await build_league(service, database)


async def test_every_answer_carries_the_headers(site: Built) -> None:
    base = f"/l/{TOKEN}"
    kinds = {
        base: "text/html; charset=utf-8",
        f"{base}/game/{site.open}": "text/html; charset=utf-8",
        f"{base}/player/1": "text/html; charset=utf-8",
        f"{base}/game/{site.counted}.sgf": "application/x-go-sgf; charset=utf-8",
        f"{base}/game/{site.counted}/board.png": "image/png",
        "/static/site.css": "text/css; charset=utf-8",
        "/static/live.js": "text/javascript; charset=utf-8",
        "/l/nothing-here": "text/html; charset=utf-8",
    }
    assert SECURITY_HEADERS["Content-Security-Policy"] == CSP
    async with serve(unlimited(site.service)) as client:
        for path, kind in kinds.items():
            response = await client.get(path)
            await response.read()
            assert response.headers["Content-Type"] == kind, path
            assert response.headers["Content-Security-Policy"] == CSP, path
            assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert response.headers["Referrer-Policy"] == "no-referrer"  # the token is in it
            assert response.headers["X-Robots-Tag"] == "noindex"
            assert "aiohttp" not in response.headers.get("Server", "")
        for live in (base, f"{base}/game/{site.open}", "/l/nothing-here"):
            response = await client.get(live)
            assert response.headers["Cache-Control"] == "no-store", live


async def test_pages_only_read(site: Built) -> None:
    async with serve(unlimited(site.service)) as client:
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            response = await client.request(method, f"/l/{TOKEN}")
            assert response.status == 405, method
            assert response.headers["Allow"] == "GET, HEAD"
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
        head = await client.head(f"/l/{TOKEN}")
        assert head.status == 200
        big = await client.get(f"/l/{TOKEN}", data=b"x" * (MAX_REQUEST + 1))
        assert big.status == 413
        posted = await client.post(f"/l/{TOKEN}", data=b"x" * (MAX_REQUEST * 4))
        assert posted.status in (405, 413)


async def test_each_client_has_its_rate(site: Built) -> None:
    clock = Clock()
    app = build_app(site.service, rate=1.0, burst=3, clock=clock)
    async with serve(app) as client:
        statuses = [(await client.get("/static/site.css")).status for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        refused = await client.get(f"/l/{TOKEN}")
        assert refused.status == 429
        assert refused.headers["Retry-After"] == "1"
        assert refused.headers["Content-Type"] == "text/html; charset=utf-8"
        # without a trusted proxy, X-Forwarded-For is anyone's to write: not believed
        forged = await client.get("/static/site.css", headers={"X-Forwarded-For": "10.0.0.9"})
        assert forged.status == 429
        clock.now += 1.0
        assert (await client.get("/static/site.css")).status == 200


async def test_behind_a_trusted_proxy_the_forwarded_client_counts(site: Built) -> None:
    clock = Clock()
    app = build_app(site.service, rate=1.0, burst=2, clock=clock, trust_proxy=True)
    async with serve(app) as client:

        async def status(forwarded: str) -> int:
            response = await client.get("/static/site.css", headers={"X-Forwarded-For": forwarded})
            return response.status

        assert [await status("1.2.3.4") for _ in range(3)] == [200, 200, 429]
        assert await status("5.6.7.8") == 200  # another reader behind the same proxy
        assert await status("9.9.9.9, 1.2.3.4") == 429  # the proxy's own entry is the last


async def test_live_connections_are_capped_per_client(site: Built) -> None:
    app = unlimited(site.service, streams=1, keepalive=0.05)
    events = f"/l/{TOKEN}/game/{site.open}/events"
    async with serve(app) as client:
        first = await client.get(events)
        assert first.status == 200
        assert first.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        second = await client.get(events)
        assert second.status == 429
        assert "Retry-After" in second.headers
        first.close()
        for _ in range(200):  # the server sees the first one leave at its next keep-alive
            third = await client.get(events)
            if third.status == 200:
                third.close()
                break
            await third.read()
        else:
            pytest.fail("a closed live connection was never released")


async def test_an_unexpected_error_is_a_plain_500_and_a_log_line(
    site: Built, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(request: web.Request) -> web.Response:
        raise RuntimeError("secret detail")

    app = unlimited(site.service)
    app.router.add_get("/broken", broken)
    with caplog.at_level(logging.ERROR, logger="bot.web.app"):
        async with serve(app) as client:
            response = await client.get("/broken")
            body = await response.text()
    assert response.status == 500
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "secret detail" not in body and "Traceback" not in body
    assert response.headers["Content-Security-Policy"] == CSP
    logged = [r for r in caplog.records if r.exc_info is not None]
    assert len(logged) == 1 and "/broken" in logged[0].getMessage()


async def test_the_log_never_names_a_token(site: Built, caplog: pytest.LogCaptureFixture) -> None:
    async def broken(request: web.Request) -> web.Response:
        raise RuntimeError("boom")

    app = unlimited(site.service)
    app.router.add_get("/l/{token}/broken", broken)
    with caplog.at_level(logging.ERROR, logger="bot.web.app"):
        async with serve(app) as client:
            assert (await client.get(f"/l/{TOKEN}/broken")).status == 500
    assert TOKEN not in caplog.text
