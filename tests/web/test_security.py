"""The server's hygiene: the headers on every answer (pages, images, records, errors, static
files), GET only, small requests, a rate cap per client (and through a trusted proxy only),
a cap on live connections, and an unexpected error as a plain 500 page and a log line."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import ClientResponse, web

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
        assert posted.status == 405  # the method is refused first: the body is never read
        assert posted.headers["Allow"] == "GET, HEAD"


async def test_a_head_request_never_opens_a_live_stream(site: Built) -> None:
    """HEAD is answered for the pages, but not for a game's live stream (405): a stream has no
    end to answer a HEAD with. On one kept-alive connection, the answer to a HEAD of the stream
    is headers only, and the GET after it is answered."""
    events = f"/l/{TOKEN}/game/{site.open}/events"
    app = unlimited(site.service, streams=1, keepalive=0.05)
    async with serve(app) as client:
        head = await client.head(events)
        assert head.status == 405
        assert head.headers["Allow"] == "GET"
        server = client.server
        reader, writer = await asyncio.open_connection(server.host, server.port)
        try:
            for method, path in (("HEAD", events), ("GET", "/static/site.css")):
                writer.write(f"{method} {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            await writer.drain()
            head_status, _ = await read_head(reader, body=False)
            assert head_status == 405  # and no body: the next answer follows at once
            get_status, headers = await read_head(reader, body=True)
            assert get_status == 200 and headers["content-type"].startswith("text/css")
        finally:
            writer.close()
        stream = await client.get(events)  # its slot was never taken
        assert stream.status == 200
        stream.close()


async def read_head(reader: asyncio.StreamReader, *, body: bool) -> tuple[int, dict[str, str]]:
    """The status and headers of the next answer on a raw connection, and its ``body`` read
    past (a guard of ten seconds: an answer that never comes fails the test)."""
    block = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10.0)
    status_line, *lines = block.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        if name:
            headers[name.strip().lower()] = value.strip()
    if body:
        await reader.readexactly(int(headers["content-length"]))
    return int(status_line.split()[1]), headers


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


async def test_live_connections_are_capped_for_the_whole_server(site: Built) -> None:
    """Past ``all_streams`` open live connections, whoever asks gets a plain 503 with
    ``Retry-After``; one ending makes room again."""
    app = build_app(
        site.service,
        rate=1e9,
        burst=10**9,
        streams=2,
        all_streams=2,
        keepalive=0.05,
        trust_proxy=True,
    )
    events = f"/l/{TOKEN}/game/{site.open}/events"
    async with serve(app) as client:

        async def get(reader: str) -> ClientResponse:
            return await client.get(events, headers={"X-Forwarded-For": reader})

        first, second = await get("10.0.0.1"), await get("10.0.0.2")
        assert (first.status, second.status) == (200, 200)
        full = await get("10.0.0.3")
        assert full.status == 503
        assert full.headers["Retry-After"] == "1"
        assert full.headers["Content-Type"] == "text/html; charset=utf-8"
        assert "text/event-stream" not in full.headers["Content-Type"]
        first.close()
        for _ in range(200):  # the server sees the first one leave at its next keep-alive
            third = await get("10.0.0.3")
            if third.status == 200:
                third.close()
                break
            await third.read()
        else:
            pytest.fail("a closed live connection was never released")
        second.close()


async def test_an_ipv6_client_is_its_64_network(site: Built) -> None:
    """One subscriber's /64 is one client: for the rate (its addresses share one bucket) and
    for the live connections (one cap for them all); another /64 is another client."""
    clock = Clock()
    app = build_app(
        site.service, rate=1.0, burst=2, streams=1, keepalive=0.05, clock=clock, trust_proxy=True
    )
    async with serve(app) as client:

        async def status(path: str, reader: str) -> int:
            response = await client.get(path, headers={"X-Forwarded-For": reader})
            await response.read()
            return response.status

        same = [f"2001:db8:1:2::{n:x}" for n in (1, 2, 0xBEEF)]
        assert [await status("/static/site.css", a) for a in same] == [200, 200, 429]
        assert await status("/static/site.css", "2001:db8:1:3::1") == 200  # another /64
        clock.now += 10.0
        events = f"/l/{TOKEN}/game/{site.open}/events"
        stream = await client.get(events, headers={"X-Forwarded-For": same[0]})
        assert stream.status == 200
        assert await status(events, same[1]) == 429  # the same subscriber's second stream
        stream.close()
