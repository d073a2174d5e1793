"""The web's caps per client: a token bucket of requests per address (so one reader, or one
script, cannot take the server's time from the others) and a cap on open live connections.

The client is the connection's address; behind a reverse proxy every connection comes from the
proxy, so with ``trust_proxy`` (``GOBOT_WEB_TRUST_PROXY``: only when the proxy is the only way
in) the address the proxy appended last to ``X-Forwarded-For`` counts instead."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web

KEPT_CLIENTS = 10_000  # buckets kept before the full (idle) ones are forgotten


def client_address(request: web.BaseRequest, *, trust_proxy: bool) -> str:
    """The address the caps count for ``request``."""
    if trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last[:64]
    return request.remote or "unknown"


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    """``rate`` requests a second per client, in bursts of up to ``burst``.

    >>> now = [0.0]
    >>> limiter = RateLimiter(1.0, 2, clock=lambda: now[0])
    >>> [limiter.wait("a") for _ in range(3)], limiter.wait("b")
    ([None, None, 1.0], None)
    """

    def __init__(
        self, rate: float, burst: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def wait(self, client: str) -> float | None:
        """Take one request from ``client``'s bucket: None when allowed, else the seconds
        until the next one is."""
        now = self.clock()
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) >= KEPT_CLIENTS:
                self._forget(now)
            bucket = self._buckets[client] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return None
        return (1.0 - bucket.tokens) / self.rate

    def _forget(self, now: float) -> None:
        """Drop the buckets that have filled up again (their clients are idle)."""
        full = [
            client
            for client, b in self._buckets.items()
            if b.tokens + (now - b.at) * self.rate >= self.burst
        ]
        for client in full:
            del self._buckets[client]
        if len(self._buckets) >= KEPT_CLIENTS:  # a crowd of busy clients: start again
            self._buckets.clear()


def retry_after(seconds: float) -> str:
    """A ``Retry-After`` value: whole seconds, at least one."""
    return str(max(1, math.ceil(seconds)))


class StreamCounter:
    """Open live connections per client, at most ``cap`` each."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._open: dict[str, int] = {}

    def open(self, client: str) -> bool:
        """Count one more connection of ``client``; False (nothing counted) at the cap."""
        count = self._open.get(client, 0)
        if count >= self.cap:
            return False
        self._open[client] = count + 1
        return True

    def close(self, client: str) -> None:
        """One of ``client``'s connections ended."""
        count = self._open.get(client, 0) - 1
        if count > 0:
            self._open[client] = count
        else:
            self._open.pop(client, None)
