"""The web's caps per client: a token bucket of requests per address (so one reader, or one
script, cannot take the server's time from the others) and a cap on open live connections, per
client and for the whole server.

The client is the connection's address; behind a reverse proxy every connection comes from the
proxy, so with ``trust_proxy`` (``GOBOT_WEB_TRUST_PROXY``: only when the proxy is the only way
in) the address the proxy appended last to ``X-Forwarded-For`` counts instead. An IPv6 client
is its /64 network: one subscriber usually has a whole /64 (or more), so counting each address
apart would give them as many buckets and streams as they like."""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from aiohttp import web

KEPT_CLIENTS = 10_000  # buckets kept before the full (idle) ones are forgotten


def client_address(request: web.BaseRequest, *, trust_proxy: bool) -> str:
    """The client the caps count for ``request`` (:func:`client_of`)."""
    if trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return client_of(last[:64])
    return client_of(request.remote or "unknown")


def client_of(address: str) -> str:
    """The client an address counts as: an IPv4 address itself, an IPv6 address its /64.

    >>> client_of("2001:db8:1:2:aaaa::1"), client_of("::ffff:10.0.0.1"), client_of("10.0.0.1")
    ('2001:db8:1:2::/64', '10.0.0.1', '10.0.0.1')
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # without an interface's zone
    except ValueError:
        return address  # not an address (a unix socket, a proxy's own word): as it is
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


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
    """Open live connections: at most ``cap`` per client and ``total`` in all (each one holds a
    connection, a task and a watch on the game feed).

    >>> streams = StreamCounter(1, total=2)
    >>> streams.open("a"), streams.open("a"), streams.open("b"), streams.open("c")
    ('open', 'client', 'open', 'server')
    """

    def __init__(self, cap: int, *, total: int) -> None:
        self.cap = cap
        self.total = total
        self._open: dict[str, int] = {}
        self._count = 0

    def open(self, client: str) -> Literal["open", "client", "server"]:
        """Count one more connection of ``client``: ``open``; or, nothing counted, the cap
        reached: ``client`` (theirs) or ``server`` (everybody's)."""
        count = self._open.get(client, 0)
        if count >= self.cap:
            return "client"
        if self._count >= self.total:
            return "server"
        self._open[client] = count + 1
        self._count += 1
        return "open"

    def close(self, client: str) -> None:
        """One of ``client``'s connections ended."""
        count = self._open.get(client, 0)
        if count <= 0:
            return
        self._count -= 1
        if count > 1:
            self._open[client] = count - 1
        else:
            del self._open[client]
