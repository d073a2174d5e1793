"""Interactions for the fake Discord server: dispatching them, and the callback/webhook routes."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.fakes._common import ChangeNotifier, RecordedRequest, json_response
from tests.fakes.discord_payloads import (
    ALICE,
    EPHEMERAL,
    LOADING,
    DiscordApiError,
    DiscordUser,
    SnowflakeFactory,
    StoredDiscordMessage,
    interaction_payload,
    option_type_of,
)

if TYPE_CHECKING:
    Handler = Callable[[web.Request, RecordedRequest], Awaitable[web.StreamResponse]]

APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT = 2, 3, 5
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7


@dataclass
class FakeInteraction:
    """An interaction the test dispatched, with everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: DiscordUser
    channel_id: int
    payload: dict[str, Any]
    source_message_id: int | None = None
    original_message_id: int | None = None
    callbacks: list[RecordedRequest] = field(default_factory=list)
    followup_ids: list[int] = field(default_factory=list)
    dispatched_at: float = field(default_factory=time.monotonic)

    @property
    def seconds_to_callback(self) -> float | None:
        """Seconds from dispatching the interaction to the bot's callback request arriving."""
        return self.callbacks[0].received_at - self.dispatched_at if self.callbacks else None

    @property
    def responded(self) -> bool:
        """Whether the bot has called the interaction callback."""
        return bool(self.callbacks)

    @property
    def response_type(self) -> int | None:
        """The callback type (4 message, 5 deferred, 6 deferred update, 7 update, 9 modal)."""
        return int(self.callbacks[0].fields["type"]) if self.callbacks else None

    @property
    def response_data(self) -> dict[str, Any]:
        """The ``data`` of the callback (content, embeds, components, flags, attachments)."""
        return dict(self.callbacks[0].fields.get("data") or {}) if self.callbacks else {}

    @property
    def ephemeral(self) -> bool:
        """Whether the callback asked for an ephemeral message (flags 64)."""
        return bool(int(self.response_data.get("flags") or 0) & EPHEMERAL)


class InteractionRoutes:
    """Mixin of :class:`FakeDiscordServer` for interactions and interaction webhooks."""

    if TYPE_CHECKING:
        ids: SnowflakeFactory
        application_id: int
        guild_id: int
        channel_id: int
        bot_user: DiscordUser
        messages: dict[int, StoredDiscordMessage]
        interactions: dict[int, FakeInteraction]
        global_commands: list[dict[str, Any]]
        guild_commands: dict[int, list[dict[str, Any]]]
        _notifier: ChangeNotifier
        guild_locale: str

        def channel(self, channel_id: int) -> dict[str, Any]: ...
        def member_payload(self, user: DiscordUser) -> dict[str, Any]: ...
        def locale_of(self, user: DiscordUser) -> str: ...
        def message(self, message_id: int) -> StoredDiscordMessage: ...
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

    # ----- test-side API ----------------------------------------------------------------

    def slash_command(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        user: DiscordUser = ALICE,
        channel_id: int | None = None,
    ) -> FakeInteraction:
        """``user`` runs e.g. ``slash_command("go play", {"move": "d4"})`` in a channel/thread."""
        name, *path = command.split()
        definition, guild_id = self._find_command(name)
        leaf_definitions = _descend(definition, path)
        resolved: dict[str, dict[str, Any]] = {}
        leaf = [
            self._option(key, value, leaf_definitions, resolved)
            for key, value in (options or {}).items()
        ]
        for depth, sub_name in reversed(list(enumerate(path))):
            kind = 1 if depth == len(path) - 1 else 2
            leaf = [{"name": sub_name, "type": kind, "options": leaf}]
        data: dict[str, Any] = {
            "id": str(definition["id"]) if definition else str(self.ids.next()),
            "name": name,
            "type": 1,
            "options": leaf,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if resolved:
            data["resolved"] = resolved
        return self._dispatch_interaction(APPLICATION_COMMAND, data, user, channel_id)

    def press_button(
        self, message: StoredDiscordMessage, custom_id: str, *, user: DiscordUser = ALICE
    ) -> FakeInteraction:
        """``user`` presses the (enabled) button ``custom_id`` on ``message``."""
        button = next((b for b in message.buttons if b.get("custom_id") == custom_id), None)
        if button is None:
            raise ValueError(f"no button {custom_id!r} on message; it has {message.custom_ids}")
        if button.get("disabled"):
            raise ValueError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        return self._dispatch_interaction(MESSAGE_COMPONENT, data, user, None, message)

    def choose(
        self,
        message: StoredDiscordMessage,
        custom_id: str,
        values: list[str],
        *,
        user: DiscordUser = ALICE,
    ) -> FakeInteraction:
        """``user`` picks ``values`` in the string select menu ``custom_id`` on ``message``."""
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return self._dispatch_interaction(MESSAGE_COMPONENT, data, user, None, message)

    def submit_modal(
        self,
        custom_id: str,
        values: dict[str, str],
        *,
        user: DiscordUser = ALICE,
        channel_id: int | None = None,
    ) -> FakeInteraction:
        """``user`` submits the modal ``custom_id`` with text inputs ``values``."""
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        data = {"custom_id": custom_id, "components": rows}
        return self._dispatch_interaction(MODAL_SUBMIT, data, user, channel_id)

    async def wait_for_response(
        self, interaction: FakeInteraction, timeout: float = 5.0
    ) -> FakeInteraction:
        """Wait until the bot has answered ``interaction``'s callback; return the interaction."""
        await self._notifier.wait_for(
            lambda: interaction.callbacks and interaction.callbacks[0].status is not None, timeout
        )
        return interaction

    def original_message(self, interaction: FakeInteraction) -> StoredDiscordMessage | None:
        """The message the interaction's response created or updated, as it is now."""
        if interaction.original_message_id is None:
            return None
        return self.messages.get(interaction.original_message_id)

    def followups(self, interaction: FakeInteraction) -> list[StoredDiscordMessage]:
        """The follow-up messages sent through the interaction's webhook."""
        return [self.messages[message_id] for message_id in interaction.followup_ids]

    # ----- dispatching ------------------------------------------------------------------

    def _find_command(self, name: str) -> tuple[dict[str, Any] | None, int | None]:
        for command in self.guild_commands.get(self.guild_id, []):
            if command["name"] == name:
                return command, self.guild_id
        for command in self.global_commands:
            if command["name"] == name:
                return command, None
        return None, None

    def _option(
        self,
        name: str,
        value: Any,
        definitions: list[dict[str, Any]],
        resolved: dict[str, dict[str, Any]],
    ) -> dict[str, Any]:
        kind = next((d["type"] for d in definitions if d["name"] == name), None)
        if isinstance(value, DiscordUser):
            resolved.setdefault("users", {})[str(value.id)] = value.to_api()
            member = {k: v for k, v in self.member_payload(value).items() if k != "user"}
            resolved.setdefault("members", {})[str(value.id)] = member
            return {"name": name, "type": kind or 6, "value": str(value.id)}
        return {"name": name, "type": kind or option_type_of(value), "value": value}

    def _dispatch_interaction(
        self,
        kind: int,
        data: dict[str, Any],
        user: DiscordUser,
        channel_id: int | None,
        message: StoredDiscordMessage | None = None,
    ) -> FakeInteraction:
        channel = self.channel(message.channel_id if message else (channel_id or self.channel_id))
        interaction_id, token = self.ids.next(), secrets.token_urlsafe(32)
        payload = interaction_payload(
            interaction_id=interaction_id,
            interaction_type=kind,
            token=token,
            application_id=self.application_id,
            data=data,
            channel=channel,
            user=user,
            member=self.member_payload(user),
            locale=self.locale_of(user),
            guild_locale=self.guild_locale,
        )
        if message is not None:
            payload["message"] = message.payload
        interaction = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel_id=int(channel["id"]),
            payload=payload,
            source_message_id=message.id if message else None,
            original_message_id=message.id if message else None,
        )
        self.interactions[interaction_id] = interaction
        self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    # ----- routes ---------------------------------------------------------------------------

    def interaction_routes(self) -> list[tuple[str, str, Handler]]:
        """The REST routes this mixin serves."""
        webhook = "/webhooks/{application_id}/{token}"
        webhook_message = webhook + "/messages/{message_id}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._post_callback),
            ("POST", webhook, self._post_followup),
            ("GET", webhook_message, self._get_webhook_message),
            ("PATCH", webhook_message, self._patch_webhook_message),
            ("DELETE", webhook_message, self._delete_webhook_message),
        ]

    def _by_token(self, token: str) -> FakeInteraction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        raise DiscordApiError(404, "Unknown Webhook", 10015)

    def _response_extra(self, interaction: FakeInteraction) -> dict[str, Any]:
        """Fields Discord adds to messages sent in answer to an interaction."""
        name = interaction.payload["data"].get("name", "")
        return {
            "webhook_id": str(self.application_id),
            "application_id": str(self.application_id),
            "type": 20 if interaction.type == APPLICATION_COMMAND else 0,
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "name": name,
                "user": interaction.user.to_api(),
            },
            "interaction_metadata": {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_api(),
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            },
        }

    async def _post_callback(self, request: web.Request, call: RecordedRequest) -> web.Response:
        interaction = self.interactions.get(int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            raise DiscordApiError(404, "Unknown interaction", 10062)
        if interaction.callbacks:
            raise DiscordApiError(400, "Interaction has already been acknowledged.", 40060)
        interaction.callbacks.append(call)
        kind = int(call.fields.get("type", 0))
        data = dict(call.fields.get("data") or {})
        flags = int(data.get("flags") or 0)
        message: StoredDiscordMessage | None = None
        if kind in (CHANNEL_MESSAGE, DEFERRED_MESSAGE):
            if kind == DEFERRED_MESSAGE:
                data = {"content": "", "flags": LOADING | (flags & EPHEMERAL)}
            extra = self._response_extra(interaction)
            message = self.create_message(
                interaction.channel_id, data, call, self.bot_user, extra=extra
            )
            message.interaction_id = interaction.id
            interaction.original_message_id = message.id
        elif kind == UPDATE_MESSAGE and interaction.source_message_id is not None:
            message = self.edit_message(self.message(interaction.source_message_id), data, call)
        summary: dict[str, Any] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(flags & EPHEMERAL),
        }
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            summary["response_message_id"] = str(message.id)
            resource["message"] = message.payload
        return json_response({"interaction": summary, "resource": resource})

    async def _post_followup(self, request: web.Request, call: RecordedRequest) -> web.Response:
        interaction = self._by_token(request.match_info["token"])
        original = self.messages.get(interaction.original_message_id or 0)
        if original is not None and original.flags & LOADING and not interaction.followup_ids:
            # As on Discord, a first follow-up to a deferred reply replaces the "thinking" message.
            message = self.edit_message(original, call.fields, call)
        else:
            channel_id = int(request.query.get("thread_id", interaction.channel_id))
            extra = self._response_extra(interaction)
            message = self.create_message(channel_id, call.fields, call, self.bot_user, extra=extra)
            message.interaction_id = interaction.id
        interaction.followup_ids.append(message.id)
        if request.query.get("wait", "false").lower() not in ("1", "true"):
            return web.Response(status=204)
        return json_response(message.payload)

    def _webhook_message(self, request: web.Request) -> StoredDiscordMessage:
        interaction = self._by_token(request.match_info["token"])
        raw_id = request.match_info["message_id"]
        message_id = interaction.original_message_id if raw_id == "@original" else int(raw_id)
        if message_id is None:
            raise DiscordApiError(404, "Unknown Message", 10008)
        return self.message(message_id)

    async def _get_webhook_message(
        self, request: web.Request, call: RecordedRequest
    ) -> web.Response:
        return json_response(self._webhook_message(request).payload)

    async def _patch_webhook_message(
        self, request: web.Request, call: RecordedRequest
    ) -> web.Response:
        message = self.edit_message(self._webhook_message(request), call.fields, call)
        return json_response(message.payload)

    async def _delete_webhook_message(
        self, request: web.Request, call: RecordedRequest
    ) -> web.Response:
        message = self._webhook_message(request)
        message.deleted = True
        if not message.ephemeral:
            event = {"id": str(message.id), "channel_id": str(message.channel_id)}
            self.dispatch("MESSAGE_DELETE", {**event, "guild_id": str(self.guild_id)})
        return web.Response(status=204)


def _descend(definition: dict[str, Any] | None, path: list[str]) -> list[dict[str, Any]]:
    """The option definitions of the subcommand at ``path`` inside a synced command."""
    options = (definition or {}).get("options", [])
    for name in path:
        options = next((o.get("options", []) for o in options if o["name"] == name), [])
    return list(options)
