"""Flood limits of the fake chat servers: sliding windows, and each platform's limits as a value.

Telegram (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
20 calls a minute in a group, 1 a second in a private chat, 30 a second in all. Discord
(https://discord.com/developers/docs/topics/rate-limits): per-route buckets announced in
``X-RateLimit-*`` headers (5 message creations and 5 edits per 5 s per channel, 5 webhook
messages per 5 s per token) and 50 requests a second globally.

Both platforms use the same :class:`SlidingWindow`: at most ``calls`` accepted calls in any
``period`` seconds. A refused call is not recorded, so it uses no budget. ``scaled(factor)``
multiplies every period (and the unit of ``retry_after``), so tests can run the same rules faster.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from aiohttp import web

from tests.fakes._common import json_response

Limit = tuple[int, float]
"""``(calls, period)``: at most ``calls`` calls in any ``period`` seconds."""


def _scale(limit: Limit, factor: float) -> Limit:
    return limit[0], limit[1] * factor


def whole_units(seconds: float, unit: float) -> float:
    """``seconds`` rounded up to whole ``unit``s (at least one), e.g. Telegram's whole seconds."""
    units = max(1, math.ceil(seconds / unit - 1e-9))
    return round(units * unit, 6)


class SlidingWindow:
    """At most ``calls`` recorded calls in any ``period`` seconds."""

    def __init__(self, calls: int, period: float) -> None:
        self.calls, self.period = calls, period
        self._times: deque[float] = deque()

    def _expire(self, now: float) -> None:
        while self._times and self._times[0] <= now - self.period:
            self._times.popleft()

    def wait(self, now: float) -> float:
        """Seconds until one more call fits (0 when it fits now)."""
        self._expire(now)
        if len(self._times) < self.calls:
            return 0.0
        return self._times[-self.calls] + self.period - now

    def record(self, now: float) -> None:
        """Count a call made at ``now``."""
        self._times.append(now)

    def remaining(self, now: float) -> int:
        """How many more calls fit now."""
        self._expire(now)
        return max(0, self.calls - len(self._times))

    def until_empty(self, now: float) -> float:
        """Seconds until no call is left in the window (the whole budget is back)."""
        self._expire(now)
        return self._times[-1] + self.period - now if self._times else 0.0


class WindowSet:
    """Sliding windows by key, made on first use; a call is admitted into several at once."""

    def __init__(self) -> None:
        self.windows: dict[Hashable, SlidingWindow] = {}

    def window(self, key: Hashable, limit: Limit) -> SlidingWindow:
        """The window for ``key`` (with ``limit`` if it is new)."""
        if key not in self.windows:
            self.windows[key] = SlidingWindow(*limit)
        return self.windows[key]

    def admit(
        self, keyed: Sequence[tuple[Hashable, Limit]], now: float | None = None
    ) -> tuple[Hashable, float] | None:
        """Record a call in every window if all have room and return None; otherwise record
        nothing and return the key of the window that keeps it waiting longest, and the wait."""
        now = time.monotonic() if now is None else now
        waits = [(key, self.window(key, limit).wait(now)) for key, limit in keyed]
        refusal = max(waits, key=lambda kw: kw[1], default=None)
        if refusal is not None and refusal[1] > 0:
            return refusal
        for key, limit in keyed:
            self.window(key, limit).record(now)
        return None


# ----- Telegram -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TelegramLimits:
    """Telegram's flood limits: per group chat (id < 0), per private chat (id > 0), overall."""

    group: Limit = (20, 60.0)
    private: Limit = (1, 1.0)
    overall: Limit = (30, 1.0)
    time_scale: float = 1.0
    """Seconds of test time per Telegram second (``retry_after`` is whole Telegram seconds)."""

    def scaled(self, factor: float) -> TelegramLimits:
        """The same limits with every period (and ``retry_after``'s unit) times ``factor``."""
        return replace(
            self,
            group=_scale(self.group, factor),
            private=_scale(self.private, factor),
            overall=_scale(self.overall, factor),
            time_scale=self.time_scale * factor,
        )


TELEGRAM_LIMITS = TelegramLimits()
"""Telegram's documented limits, the fake's default."""


class TelegramFloodControl:
    """Counts Bot API calls against :class:`TelegramLimits`, by ``clock`` (a test's fake clock
    when the bot waits on the same one); says when one must be refused."""

    def __init__(self, limits: TelegramLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.windows = WindowSet()

    def windows_for(self, method: str, fields: Mapping[str, Any]) -> list[tuple[Hashable, Limit]]:
        """The windows a call counts in: a call with a ``chat_id`` in its chat's and the overall
        one, ``answerCallbackQuery`` only in the overall one, anything else in none."""
        chat_id = fields.get("chat_id")
        if chat_id is not None:
            private = isinstance(chat_id, int) and chat_id > 0  # "@channel" names are not
            chat_limit = self.limits.private if private else self.limits.group
            return [(("chat", chat_id), chat_limit), ("overall", self.limits.overall)]
        if method == "answerCallbackQuery":
            return [("overall", self.limits.overall)]
        return []

    def retry_after(self, method: str, fields: Mapping[str, Any]) -> int | float | None:
        """None if the call is admitted (and counted); else Telegram's ``retry_after``: whole
        seconds rounded up (an int), or whole scaled seconds when the limits are scaled."""
        refusal = self.windows.admit(self.windows_for(method, fields), self.clock())
        if refusal is None:
            return None
        if self.limits.time_scale == 1:
            return math.ceil(refusal[1] - 1e-9) or 1
        return whole_units(refusal[1], self.limits.time_scale)


# ----- Discord ------------------------------------------------------------------------------

CREATE_BUCKET = "fake-channel-message-create"
EDIT_BUCKET = "fake-channel-message-edit"
WEBHOOK_BUCKET = "fake-webhook-message"


@dataclass(frozen=True)
class DiscordLimits:
    """Discord's buckets: message creations and edits per channel or thread, webhook (and
    interaction follow-up) messages per token, and the global limit per bot."""

    channel_create: Limit = (5, 5.0)
    channel_edit: Limit = (5, 5.0)
    webhook: Limit = (5, 5.0)
    overall: Limit = (50, 1.0)

    def scaled(self, factor: float) -> DiscordLimits:
        """The same limits with every period times ``factor``."""
        return replace(
            self,
            channel_create=_scale(self.channel_create, factor),
            channel_edit=_scale(self.channel_edit, factor),
            webhook=_scale(self.webhook, factor),
            overall=_scale(self.overall, factor),
        )


DISCORD_LIMITS = DiscordLimits()
"""Discord's limits, the fake's default."""


def _ms_up(seconds: float) -> float:
    """Seconds rounded up to the millisecond, as Discord writes them."""
    return math.ceil(seconds * 1000 - 1e-6) / 1000


class DiscordFloodControl:
    """Counts REST requests against :class:`DiscordLimits`: admits or refuses each, and writes
    the ``X-RateLimit-*`` headers of its bucket."""

    def __init__(self, limits: DiscordLimits) -> None:
        self.limits = limits
        self.windows = WindowSet()

    def bucket(
        self, method: str, route: str, params: Mapping[str, str]
    ) -> tuple[str, Hashable, Limit] | None:
        """``(bucket hash, window key, limit)`` of a rate-limited route, or None."""
        if route == "/channels/{channel_id}/messages" and method == "POST":
            return CREATE_BUCKET, (CREATE_BUCKET, params["channel_id"]), self.limits.channel_create
        if route == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
            return EDIT_BUCKET, (EDIT_BUCKET, params["channel_id"]), self.limits.channel_edit
        if route.startswith("/webhooks/{application_id}/{token}") and method in ("POST", "PATCH"):
            return WEBHOOK_BUCKET, (WEBHOOK_BUCKET, params["token"]), self.limits.webhook
        return None

    def check(
        self, method: str, route: str, params: Mapping[str, str]
    ) -> tuple[web.Response | None, dict[str, str]]:
        """Admit a request: ``(None, headers for its response)``, or refuse it:
        ``(the 429 response, {})``. Interaction endpoints are outside the global limit."""
        bucket = self.bucket(method, route, params)
        keyed: list[tuple[Hashable, Limit]] = [] if bucket is None else [bucket[1:]]
        if not route.startswith(("/interactions/", "/webhooks/")):
            keyed.append(("global", self.limits.overall))
        now = time.monotonic()
        refusal = self.windows.admit(keyed, now)
        headers = {} if bucket is None else self._headers(bucket, now)
        if refusal is None:
            return None, headers
        is_global = refusal[0] == "global"
        if is_global:
            headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
        else:
            headers["X-RateLimit-Scope"] = "user"
        return too_many_requests(_ms_up(refusal[1]), headers, is_global=is_global), {}

    def _headers(self, bucket: tuple[str, Hashable, Limit], now: float) -> dict[str, str]:
        name, key, limit = bucket
        window = self.windows.window(key, limit)
        reset_after = _ms_up(window.until_empty(now))
        return {
            "X-RateLimit-Limit": str(limit[0]),
            "X-RateLimit-Remaining": str(window.remaining(now)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": name,
        }


def too_many_requests(
    retry_after: float, headers: Mapping[str, str], *, is_global: bool = False
) -> web.Response:
    """Discord's 429: the JSON body, ``Retry-After`` in whole seconds and the ``Via`` header
    (discord.py treats a 429 without it as a Cloudflare ban and does not retry)."""
    body = {"message": "You are being rate limited.", "retry_after": retry_after}
    all_headers = {"Via": "1.1 google", "Retry-After": str(math.ceil(retry_after)), **headers}
    return json_response({**body, "global": is_global}, status=429, headers=all_headers)
