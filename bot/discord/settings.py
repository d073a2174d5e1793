"""The Discord adapter's own settings, read from the environment (``bot.config`` owns the
shared ones): the message-content intent, sharding, and a development guild for fast sync."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from bot.config import ConfigError


class SettingsError(ConfigError):
    """A Discord setting that cannot be used; the message names the variable."""


def _flag(value: str) -> bool:
    return value.strip().lower() in ("1", "yes", "true", "on")


def _number(name: str, value: str) -> int:
    if not value.strip().isdigit():
        raise SettingsError(f"{name}: {value!r} is not a whole number")
    return int(value)


@dataclass(frozen=True, slots=True)
class DiscordSettings:
    """``DISCORD_MESSAGE_CONTENT=1`` (plain-text moves in game threads; a privileged intent),
    ``DISCORD_SHARD_COUNT`` and ``DISCORD_SHARDS`` (``auto`` or ids like ``0,1``: run
    ``AutoShardedBot``), ``DISCORD_GUILD_ID`` (sync the commands to this guild only),
    ``DISCORD_ORGANISER_ROLE`` (a role name or id whose members organise leagues and adjudicate,
    besides those with the Manage Server permission)."""

    message_content: bool = False
    sharded: bool = False
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    guild_id: int | None = None
    organiser_role: str | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> DiscordSettings:
        """Read the settings from ``environ`` (default: ``os.environ``)."""
        env = os.environ if environ is None else environ

        def get(name: str) -> str:
            return env.get(name, "").strip()

        count = (
            _number("DISCORD_SHARD_COUNT", get("DISCORD_SHARD_COUNT"))
            if get("DISCORD_SHARD_COUNT")
            else None
        )
        shards = get("DISCORD_SHARDS")
        ids: tuple[int, ...] | None = None
        if shards and shards.lower() != "auto":
            ids = tuple(_number("DISCORD_SHARDS", s) for s in shards.split(",") if s.strip())
            if count is None:
                raise SettingsError("DISCORD_SHARDS: give DISCORD_SHARD_COUNT with shard ids")
            if any(i >= count for i in ids):
                raise SettingsError(f"DISCORD_SHARDS: ids must be below {count}")
        guild = get("DISCORD_GUILD_ID")
        return cls(
            message_content=_flag(get("DISCORD_MESSAGE_CONTENT")),
            sharded=bool(shards or count),
            shard_count=count,
            shard_ids=ids,
            guild_id=_number("DISCORD_GUILD_ID", guild) if guild else None,
            organiser_role=get("DISCORD_ORGANISER_ROLE") or None,
        )
