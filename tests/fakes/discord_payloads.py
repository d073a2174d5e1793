"""Discord API objects (users, guilds, channels, messages, interactions) for the fake server."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tests.fakes._common import UploadedFile

DISCORD_EPOCH_MS = 1_420_070_400_000
ALL_PERMISSIONS = str((1 << 50) - 1)
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
EPHEMERAL = 1 << 6
LOADING = 1 << 7
DEFAULT_LOCALE = "en-US"  # a user's client and the guild, unless a test says otherwise


class DiscordApiError(Exception):
    """Raised inside a fake handler to answer with a Discord-style JSON error."""

    def __init__(
        self, status: int, message: str, code: int = 0, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.code = status, message, code
        self.errors = errors  # the ``errors`` tree of an ``Invalid Form Body``


class SnowflakeFactory:
    """Hands out increasing Discord ids whose timestamps are now."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """A new, unique snowflake."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


def iso_now() -> str:
    """The current time as Discord writes timestamps."""
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class DiscordUser:
    """A Discord user: a player, or the bot itself."""

    id: int
    username: str
    bot: bool = False
    nick: str | None = None  # the member's nickname in the guild

    def to_api(self) -> dict[str, Any]:
        """The API ``User`` object."""
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.username.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "mfa_enabled": False,
            "verified": True,
        }

    def member(
        self, guild_id: int, roles: list[int] | None = None, permissions: int | None = None
    ) -> dict[str, Any]:
        """The API ``GuildMember`` object of this user in a guild: its role ids (not
        @everyone's) and, as interactions carry it, its permissions (default: all)."""
        return {
            "user": self.to_api(),
            "roles": [str(role) for role in roles or ()],
            "joined_at": iso_now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": self.nick,
            "permissions": ALL_PERMISSIONS if permissions is None else str(permissions),
        }


ALICE = DiscordUser(200_000_000_000_000_001, "alice")
BOB = DiscordUser(200_000_000_000_000_002, "bob")


@dataclass
class StoredDiscordMessage:
    """A message in a fake channel, as the API returns it, plus the bytes of its attachments."""

    payload: dict[str, Any]
    files: dict[int, UploadedFile] = field(default_factory=dict)
    interaction_id: int | None = None
    deleted: bool = False

    @property
    def id(self) -> int:
        """The message id."""
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        """The id of the channel (or thread) holding the message."""
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        """The text of the message."""
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """The embeds, as sent by the bot."""
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        """The top-level components (action rows), as sent by the bot."""
        return list(self.payload.get("components") or [])

    @property
    def flags(self) -> int:
        """The message flags."""
        return int(self.payload.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        """Whether only the invoking user can see the message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def author_id(self) -> int:
        """The id of the message's author."""
        return int(self.payload["author"]["id"])

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Every button in the message's components, row after row."""
        return [c for c in _walk_components(self.components) if c.get("type") == 2]

    @property
    def custom_ids(self) -> list[str]:
        """The ``custom_id`` of every button and select menu."""
        return [c["custom_id"] for c in _walk_components(self.components) if "custom_id" in c]

    @property
    def attachments(self) -> list[UploadedFile]:
        """The uploaded files attached to the message, in order."""
        return [self.files[int(a["id"])] for a in self.payload.get("attachments", [])]

    def attachment(self, filename: str) -> bytes:
        """The bytes of the attachment with this filename."""
        for upload in self.attachments:
            if upload.filename == filename:
                return upload.data
        raise KeyError(filename)


def _walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flatten nested components (rows, sections, containers) into one list."""
    flat: list[dict[str, Any]] = []
    for component in components:
        flat.append(component)
        flat.extend(_walk_components(component.get("components", [])))
        if isinstance(component.get("accessory"), dict):
            flat.append(component["accessory"])
    return flat


def guild_payload(
    guild_id: int,
    name: str,
    owner: DiscordUser,
    channels: list[dict[str, Any]],
    threads: list[dict[str, Any]],
    members: list[dict[str, Any]],
    roles: list[dict[str, Any]] | None = None,
    everyone_permissions: int | None = None,
    preferred_locale: str = DEFAULT_LOCALE,
) -> dict[str, Any]:
    """A full ``GUILD_CREATE`` guild; ``roles`` besides @everyone (default: every permission),
    ``preferred_locale`` the server's language (its Community settings)."""
    everyone = {
        "id": str(guild_id),
        "name": "@everyone",
        "permissions": ALL_PERMISSIONS
        if everyone_permissions is None
        else str(everyone_permissions),
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "owner_id": str(owner.id),
        "roles": [everyone, *(roles or ())],
        "emojis": [],
        "stickers": [],
        "features": [],
        "channels": [{k: v for k, v in c.items() if k != "guild_id"} for c in channels],
        "threads": threads,
        "members": members,
        "member_count": len(members),
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "large": False,
        "unavailable": False,
        "joined_at": iso_now(),
        "preferred_locale": preferred_locale,
        "premium_tier": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "verification_level": 0,
        "explicit_content_filter": 0,
        "default_message_notifications": 0,
        "afk_timeout": 300,
        "system_channel_id": None,
        "system_channel_flags": 0,
    }


def text_channel_payload(
    channel_id: int, guild_id: int, name: str, position: int
) -> dict[str, Any]:
    """A guild text channel."""
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_payload(
    thread_id: int, parent: dict[str, Any], owner: DiscordUser, name: str, *, private: bool
) -> dict[str, Any]:
    """A public (type 11) or private (type 12) thread under a text channel."""
    return {
        "id": str(thread_id),
        "type": 12 if private else 11,
        "guild_id": parent["guild_id"],
        "parent_id": parent["id"],
        "owner_id": str(owner.id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": iso_now(),
            "locked": False,
            "invitable": True,
            "create_timestamp": iso_now(),
        },
    }


def application_payload(application_id: int, bot: DiscordUser) -> dict[str, Any]:
    """The ``GET /oauth2/applications/@me`` application."""
    return {
        "id": str(application_id),
        "name": bot.username,
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": ALICE.to_api(),
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "summary": "",
        "bot": bot.to_api(),
        "interactions_endpoint_url": None,
    }


def message_payload(
    message_id: int, channel: dict[str, Any], author: DiscordUser, body: dict[str, Any]
) -> dict[str, Any]:
    """A message created from a bot's JSON body (content, embeds, components, flags)."""
    payload: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": channel["id"],
        "author": author.to_api(),
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": bool(body.get("tts", False)),
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 19 if body.get("message_reference") else 0,
        "flags": int(body.get("flags") or 0),
    }
    if body.get("message_reference"):
        payload["message_reference"] = {**body["message_reference"], "channel_id": channel["id"]}
    return payload


def attachment_payload(attachment_id: int, upload: UploadedFile, url: str) -> dict[str, Any]:
    """The API ``Attachment`` object of an uploaded file."""
    return {
        "id": str(attachment_id),
        "filename": upload.filename,
        "size": len(upload.data),
        "url": url,
        "proxy_url": url,
        "content_type": upload.content_type,
    }


def interaction_payload(
    *,
    interaction_id: int,
    interaction_type: int,
    token: str,
    application_id: int,
    data: dict[str, Any],
    channel: dict[str, Any],
    user: DiscordUser,
    member: dict[str, Any] | None = None,
    locale: str = DEFAULT_LOCALE,
    guild_locale: str = DEFAULT_LOCALE,
) -> dict[str, Any]:
    """An ``INTERACTION_CREATE`` payload as current discord.py reads it (guild context);
    ``member`` is the user's ``GuildMember`` (its ``permissions``: the member's in the
    channel, as Discord sends them; default: all), ``locale`` the language of the user's client
    and ``guild_locale`` the guild's ``preferred_locale``."""
    guild_id = channel["guild_id"]
    member = member or user.member(int(guild_id))
    return {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": interaction_type,
        "data": data,
        "guild_id": guild_id,
        "guild": {"id": guild_id, "locale": guild_locale, "features": []},
        "channel_id": channel["id"],
        "channel": {**channel, "permissions": member["permissions"]},
        "member": member,
        "token": token,
        "version": 1,
        "locale": locale,
        "guild_locale": guild_locale,
        "app_permissions": ALL_PERMISSIONS,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": guild_id},
        "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }


def option_type_of(value: Any) -> int:
    """The application-command option type that fits a Python value."""
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3
