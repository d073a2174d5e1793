"""The REST routes of the fake Discord server for users, commands, channels and messages."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakes._common import RecordedRequest, json_response
from tests.fakes.discord_commands import validate_commands
from tests.fakes.discord_payloads import (
    DiscordUser,
    SnowflakeFactory,
    StoredDiscordMessage,
    application_payload,
    thread_payload,
)

if TYPE_CHECKING:
    Handler = Callable[[web.Request, RecordedRequest], Awaitable[web.StreamResponse]]


class RestRoutes:
    """Mixin of :class:`FakeDiscordServer`: the REST API apart from interactions."""

    if TYPE_CHECKING:
        ids: SnowflakeFactory
        application_id: int
        guild_id: int
        bot_user: DiscordUser
        channels: dict[int, dict[str, Any]]
        global_commands: list[dict[str, Any]]
        guild_commands: dict[int, list[dict[str, Any]]]

        @property
        def gateway_url(self) -> str: ...
        def channel(self, channel_id: int) -> dict[str, Any]: ...
        def message(self, message_id: int) -> StoredDiscordMessage: ...
        def messages_in(self, channel_id: int | None = None) -> list[StoredDiscordMessage]: ...
        def dispatch(self, event: str, data: dict[str, Any]) -> None: ...
        def create_message(
            self,
            channel_id: int,
            body: dict[str, Any],
            request: RecordedRequest | None,
            author: DiscordUser,
            *,
            extra: dict[str, Any] | None = None,
        ) -> StoredDiscordMessage: ...
        def edit_message(
            self, message: StoredDiscordMessage, body: dict[str, Any], request: RecordedRequest
        ) -> StoredDiscordMessage: ...

    def rest_routes(self) -> list[tuple[str, str, Handler]]:
        """The REST routes this mixin serves."""
        return [
            ("GET", "/users/@me", self._get_me),
            ("GET", "/oauth2/applications/@me", self._get_application),
            ("GET", "/gateway", self._get_gateway),
            ("GET", "/gateway/bot", self._get_gateway),
            ("GET", "/applications/{application_id}/commands", self._get_commands),
            ("PUT", "/applications/{application_id}/commands", self._put_commands),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._get_commands,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._put_commands,
            ),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("PATCH", "/channels/{channel_id}", self._patch_channel),
            ("POST", "/channels/{channel_id}/typing", self._no_content),
            ("PUT", "/channels/{channel_id}/thread-members/@me", self._no_content),
            ("GET", "/channels/{channel_id}/messages", self._list_messages),
            ("POST", "/channels/{channel_id}/messages", self._post_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._patch_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
            ("POST", "/channels/{channel_id}/threads", self._post_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._post_thread),
        ]

    async def _no_content(self, request: web.Request, call: RecordedRequest) -> web.Response:
        return web.Response(status=204)

    async def _get_me(self, request: web.Request, call: RecordedRequest) -> web.Response:
        return json_response(self.bot_user.to_api())

    async def _get_application(self, request: web.Request, call: RecordedRequest) -> web.Response:
        return json_response(application_payload(self.application_id, self.bot_user))

    async def _get_gateway(self, request: web.Request, call: RecordedRequest) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    def _command_list(self, request: web.Request) -> list[dict[str, Any]]:
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return self.global_commands
        return self.guild_commands.setdefault(int(guild_id), [])

    async def _get_commands(self, request: web.Request, call: RecordedRequest) -> web.Response:
        return json_response(self._command_list(request))

    async def _put_commands(self, request: web.Request, call: RecordedRequest) -> web.Response:
        """The bulk overwrite: checked as Discord does, then kept as sent (localizations too)."""
        validate_commands(call.fields.get("items", []))
        old_ids = {c["name"]: c["id"] for c in self._command_list(request)}
        guild_id = request.match_info.get("guild_id")
        commands = [
            {
                "type": 1,
                "description": "",
                "options": [],
                "nsfw": False,
                "default_member_permissions": None,
                **command,
                "id": old_ids.get(command["name"]) or str(self.ids.next()),
                "application_id": str(self.application_id),
                "version": str(self.ids.next()),
                **({"guild_id": guild_id} if guild_id else {}),
            }
            for command in call.fields.get("items", [])
        ]
        if guild_id is None:
            self.global_commands = commands
        else:
            self.guild_commands[int(guild_id)] = commands
        return json_response(commands)

    async def _get_channel(self, request: web.Request, call: RecordedRequest) -> web.Response:
        return json_response(self.channel(int(request.match_info["channel_id"])))

    async def _patch_channel(self, request: web.Request, call: RecordedRequest) -> web.Response:
        channel = self.channel(int(request.match_info["channel_id"]))
        metadata = channel.get("thread_metadata", {})
        for key, value in call.fields.items():
            target = metadata if key in ("archived", "locked", "invitable") else channel
            target[key] = value
        event = "THREAD_UPDATE" if "thread_metadata" in channel else "CHANNEL_UPDATE"
        self.dispatch(event, channel)
        return json_response(channel)

    async def _list_messages(self, request: web.Request, call: RecordedRequest) -> web.Response:
        limit = int(request.query.get("limit", "50"))
        newest_first = self.messages_in(int(request.match_info["channel_id"]))[::-1]
        return json_response([m.payload for m in newest_first if not m.ephemeral][:limit])

    async def _post_message(self, request: web.Request, call: RecordedRequest) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        message = self.create_message(channel_id, call.fields, call, self.bot_user)
        return json_response(message.payload)

    async def _get_message(self, request: web.Request, call: RecordedRequest) -> web.Response:
        return json_response(self.message(int(request.match_info["message_id"])).payload)

    async def _patch_message(self, request: web.Request, call: RecordedRequest) -> web.Response:
        message = self.message(int(request.match_info["message_id"]))
        return json_response(self.edit_message(message, call.fields, call).payload)

    async def _delete_message(self, request: web.Request, call: RecordedRequest) -> web.Response:
        message = self.message(int(request.match_info["message_id"]))
        message.deleted = True
        event = {"id": str(message.id), "channel_id": str(message.channel_id)}
        self.dispatch("MESSAGE_DELETE", {**event, "guild_id": str(self.guild_id)})
        return web.Response(status=204)

    async def _post_thread(self, request: web.Request, call: RecordedRequest) -> web.Response:
        parent = self.channel(int(request.match_info["channel_id"]))
        from_message = request.match_info.get("message_id")
        thread_id = int(from_message) if from_message else self.ids.next()
        private = call.fields.get("type") == 12
        thread = thread_payload(
            thread_id, parent, self.bot_user, call.fields["name"], private=private
        )
        if call.fields.get("auto_archive_duration"):
            thread["thread_metadata"]["auto_archive_duration"] = call.fields[
                "auto_archive_duration"
            ]
        self.channels[thread_id] = thread
        self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return json_response(thread, status=201)
