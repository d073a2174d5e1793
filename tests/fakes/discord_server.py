"""A fake Discord REST API and gateway for end-to-end tests with discord.py 2.x.

``start_fake_discord()`` points discord.py's ``Route.BASE`` and the default gateway URL at the
fake; a real ``Client``/``Bot`` then logs in, receives a guild with a text channel, syncs its
application commands and answers interactions that tests dispatch.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

from tests.fakes._common import ChangeNotifier, RecordedRequest, json_response, read_form
from tests.fakes.discord_gateway import GatewayMixin, GatewaySession
from tests.fakes.discord_interactions import FakeInteraction, InteractionRoutes
from tests.fakes.discord_locales import Locales
from tests.fakes.discord_payloads import (
    ALICE,
    BOB,
    DEFAULT_LOCALE,
    EPHEMERAL,
    LOADING,
    DiscordApiError,
    DiscordUser,
    SnowflakeFactory,
    StoredDiscordMessage,
    attachment_payload,
    iso_now,
    message_payload,
    text_channel_payload,
    thread_payload,
)
from tests.fakes.discord_rest import RestRoutes
from tests.fakes.discord_roles import MemberRoles
from tests.fakes.limits import DISCORD_LIMITS, DiscordFloodControl, DiscordLimits, too_many_requests

T = TypeVar("T")
ClientT = TypeVar("ClientT", bound=discord.Client)
Handler = Callable[[web.Request, RecordedRequest], Awaitable[web.StreamResponse]]

DEFAULT_TOKEN = "FAKE.DISCORD.TOKEN"
API_PREFIX = "/api/v10"
RECORDED = web.RequestKey("recorded", RecordedRequest)


class FakeDiscordServer(RestRoutes, InteractionRoutes, GatewayMixin, MemberRoles, Locales):
    """An in-process Discord API on 127.0.0.1: one guild, its channels, messages and a gateway.

    ``limits`` are the rate limits it enforces (``None``: none); every request it answered 429
    is in ``too_many_requests``. ``guild_locale`` is the guild's preferred locale (each user's
    client locale: :meth:`set_locale`).
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        limits: DiscordLimits | None = DISCORD_LIMITS,
        *,
        guild_locale: str = DEFAULT_LOCALE,
    ) -> None:
        self.token = token
        self.limits = limits
        self.too_many_requests: list[RecordedRequest] = []
        self._flood = DiscordFloodControl(limits) if limits is not None else None
        self.ids = SnowflakeFactory()
        self.application_id = self.ids.next()
        self.bot_user = DiscordUser(self.application_id, "gobot", bot=True)
        self.guild_id = self.ids.next()
        self.channel_id = self.ids.next()
        self.members = [self.bot_user, ALICE, BOB]
        self.guild_owner = ALICE
        self._init_roles()
        self._init_locales(guild_locale)
        self.channels: dict[int, dict[str, Any]] = {
            self.channel_id: text_channel_payload(self.channel_id, self.guild_id, "go", 0)
        }
        self.messages: dict[int, StoredDiscordMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.calls: list[RecordedRequest] = []
        self.gateway_events: list[tuple[str, dict[str, Any]]] = []
        self.identify: dict[str, Any] | None = None
        self.port = 0
        self._sockets: list[GatewaySession] = []
        self._forced_429: dict[str, list[float]] = defaultdict(list)
        self._notifier = ChangeNotifier()
        self._runner: web.AppRunner | None = None
        self._saved_urls: tuple[str, yarl.URL] | None = None

    # ----- lifecycle -------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        """The REST base URL (what ``discord.http.Route.BASE`` is set to)."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """The gateway WebSocket URL."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._middleware])
        app.router.add_get("/gateway", self._handle_gateway)
        self._add_routes(app.router)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        """Close gateway connections and shut the server down."""
        await self.close_gateway()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def patch_discord(self) -> None:
        """Point discord.py's REST base and default gateway at this server."""
        self._saved_urls = (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        )
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def unpatch_discord(self) -> None:
        """Restore discord.py's real URLs."""
        if self._saved_urls is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = (
                self._saved_urls
            )
            self._saved_urls = None

    # ----- test-side API ----------------------------------------------------------------

    def add_channel(self, name: str) -> int:
        """Add another text channel to the guild (before the bot connects); return its id."""
        channel_id = self.ids.next()
        self.channels[channel_id] = text_channel_payload(
            channel_id, self.guild_id, name, len(self.channels)
        )
        return channel_id

    def add_thread(self, name: str, parent_id: int | None = None, private: bool = False) -> int:
        """Create a thread as if a user had; dispatch THREAD_CREATE and return its id."""
        parent = self.channels[parent_id or self.channel_id]
        thread_id = self.ids.next()
        self.channels[thread_id] = thread_payload(thread_id, parent, ALICE, name, private=private)
        self.dispatch("THREAD_CREATE", {**self.channels[thread_id], "newly_created": True})
        return thread_id

    def post_user_message(
        self, content: str, *, channel_id: int | None = None, user: DiscordUser = ALICE
    ) -> StoredDiscordMessage:
        """A user writes ``content`` in a channel or thread (dispatches MESSAGE_CREATE); the
        members it mentions (``<@id>``, as a client writes a mention chosen from its list) are
        its ``mentions``, as Discord sends them."""
        ids = {int(found) for found in re.findall(r"<@!?(\d+)>", content)}
        mentions = [u.to_api() for u in self.members if u.id in ids]
        target = channel_id or self.channel_id
        return self.create_message(
            target, {"content": content}, None, user, extra={"mentions": mentions}
        )

    def messages_in(self, channel_id: int | None = None) -> list[StoredDiscordMessage]:
        """Messages in a channel or thread (ephemeral ones included), oldest first."""
        target = channel_id or self.channel_id
        return [m for m in self.messages.values() if m.channel_id == target and not m.deleted]

    def bot_messages(self, channel_id: int | None = None) -> list[StoredDiscordMessage]:
        """The bot's messages in a channel or thread, oldest first."""
        return [m for m in self.messages_in(channel_id) if m.author_id == self.bot_user.id]

    def threads(self) -> list[dict[str, Any]]:
        """Every thread in the guild."""
        return [c for c in self.channels.values() if c["type"] in (11, 12)]

    def calls_for(
        self, method: str | None = None, route: str | None = None
    ) -> list[RecordedRequest]:
        """Recorded requests filtered by HTTP method and route template like ``/users/@me``."""
        return [
            c
            for c in self.calls
            if (method is None or c.method == method) and (route is None or c.route == route)
        ]

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0) -> T:
        """Wait until ``predicate()`` is truthy and return its value."""
        return await self._notifier.wait_for(predicate, timeout)

    async def wait_for_request(
        self, method: str, route: str, *, count: int = 1, timeout: float = 5.0
    ) -> RecordedRequest:
        """Wait for the ``count``-th answered request to a route and return it."""

        def answered() -> list[RecordedRequest]:
            return [c for c in self.calls_for(method, route) if c.status is not None]

        # answered()[count - 1:] is non-empty once the count-th call has been answered.
        calls = await self.wait_for(lambda: answered()[count - 1 :], timeout)
        return calls[0]

    def rate_limit_next(
        self, method: str, route: str, count: int = 1, retry_after: float = 0.1
    ) -> None:
        """Make the next ``count`` requests to ``METHOD route`` answer 429 (with a Via header)."""
        self._forced_429[f"{method} {route}"].extend([retry_after] * count)

    # ----- storage used by the handlers -----------------------------------------------------

    def channel(self, channel_id: int) -> dict[str, Any]:
        """A channel or thread payload, or a 404."""
        if channel_id not in self.channels:
            raise DiscordApiError(404, "Unknown Channel", 10003)
        return self.channels[channel_id]

    def message(self, message_id: int) -> StoredDiscordMessage:
        """A stored message, or a 404."""
        message = self.messages.get(message_id)
        if message is None or message.deleted:
            raise DiscordApiError(404, "Unknown Message", 10008)
        return message

    def create_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        request: RecordedRequest | None,
        author: DiscordUser,
        *,
        extra: dict[str, Any] | None = None,
    ) -> StoredDiscordMessage:
        """Store a new message built from a request body and its uploads; dispatch it."""
        channel = self.channel(channel_id)
        payload = message_payload(self.ids.next(), channel, author, body)
        payload.update(extra or {})
        message = StoredDiscordMessage(payload)
        if request is not None:
            self._attach_uploads(message, body, request, keep_existing=False)
        self.messages[message.id] = message
        channel["last_message_id"] = payload["id"]
        if not message.ephemeral:
            self.dispatch("MESSAGE_CREATE", self._gateway_message(message))
        return message

    def edit_message(
        self, message: StoredDiscordMessage, body: dict[str, Any], request: RecordedRequest
    ) -> StoredDiscordMessage:
        """Apply an edit body (content, embeds, components, attachments) to a message."""
        if "content" in body:
            message.payload["content"] = body["content"] or ""
        for key in ("embeds", "components"):
            if key in body:
                message.payload[key] = body[key] or []
        flags = message.flags if body.get("flags") is None else int(body["flags"])
        # Ephemerality cannot change, and an edited deferred reply is no longer "thinking".
        message.payload["flags"] = (flags | (message.flags & EPHEMERAL)) & ~LOADING
        self._attach_uploads(message, body, request, keep_existing=True)
        message.payload["edited_timestamp"] = iso_now()
        if not message.ephemeral:
            self.dispatch("MESSAGE_UPDATE", self._gateway_message(message))
        return message

    def _attach_uploads(
        self,
        message: StoredDiscordMessage,
        body: dict[str, Any],
        request: RecordedRequest,
        *,
        keep_existing: bool,
    ) -> None:
        """Turn ``files[n]`` uploads into attachments; keep listed existing ones on edits."""
        listed = {str(a.get("id")) for a in body.get("attachments") or []}
        kept = [
            a
            for a in message.payload["attachments"]
            if keep_existing and ("attachments" not in body or a["id"] in listed)
        ]
        message.files = {
            k: v for k, v in message.files.items() if str(k) in {a["id"] for a in kept}
        }
        for upload in request.files:
            attachment_id = self.ids.next()
            url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{upload.filename}"
            kept.append(attachment_payload(attachment_id, upload, url))
            message.files[attachment_id] = upload
        message.payload["attachments"] = kept

    def _gateway_message(self, message: StoredDiscordMessage) -> dict[str, Any]:
        """A message as MESSAGE_CREATE/UPDATE carry it (with guild id and member)."""
        author = next((u for u in self.members if u.id == message.author_id), None)
        extra: dict[str, Any] = {"guild_id": str(self.guild_id)}
        if author is not None and message.payload.get("webhook_id") is None:
            extra["member"] = {k: v for k, v in self.member_payload(author).items() if k != "user"}
        return {**message.payload, **extra}

    # ----- HTTP plumbing ----------------------------------------------------------------

    def _add_routes(self, router: web.UrlDispatcher) -> None:
        routes: list[tuple[str, str, Handler]] = [
            *self.rest_routes(),
            *self.interaction_routes(),
        ]
        for method, path, handler in routes:
            router.add_route(method, API_PREFIX + path, self._wrap(handler))
        router.add_get("/attachments/{attachment_id}/{filename}", self._get_attachment)

    def _wrap(self, handler: Handler) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def run(request: web.Request) -> web.StreamResponse:
            return await handler(request, request[RECORDED])

        return run

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Record every REST request, apply forced 429s and turn errors into JSON."""
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        route = request.match_info.route.resource
        template = route.canonical.removeprefix(API_PREFIX) if route else request.path
        fields, files = await read_form(request)
        if isinstance(fields, list):
            fields = {"items": fields}  # e.g. the bulk command upsert
        if "payload_json" in fields:
            fields = {**json.loads(fields.pop("payload_json")), **fields}
        recorded = RecordedRequest(request.method, request.path, template, fields, files)
        self.calls.append(recorded)
        request[RECORDED] = recorded
        bucket_headers: dict[str, str] = {}
        try:
            response: web.StreamResponse | None
            response = self._forced_rate_limit(f"{request.method} {template}")
            if response is None:
                self._check_auth(request, template)
                if self._flood is not None:
                    params = dict(request.match_info)
                    response, bucket_headers = self._flood.check(request.method, template, params)
            if response is None:
                response = await handler(request)
        except DiscordApiError as error:
            body: dict[str, Any] = {"message": error.message, "code": error.code}
            if error.errors:
                body["errors"] = error.errors
            response = json_response(body, status=error.status)
        except web.HTTPNotFound:
            response = json_response({"message": "404: Not Found", "code": 0}, status=404)
        response.headers.update(bucket_headers)
        recorded.status = response.status
        recorded.responded_at = time.monotonic()
        if response.status == 429:
            self.too_many_requests.append(recorded)
        self._notifier.notify()
        return response

    def _forced_rate_limit(self, key: str) -> web.Response | None:
        if not self._forced_429.get(key):
            return None
        retry_after = self._forced_429[key].pop(0)
        headers = {
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": str(retry_after),
            "X-RateLimit-Scope": "user",
        }
        return too_many_requests(retry_after, headers)

    def _check_auth(self, request: web.Request, template: str) -> None:
        if template.startswith(("/webhooks/", "/interactions/")):
            return  # discord.py sends no bot token to interaction webhooks
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordApiError(401, "401: Unauthorized")

    async def _get_attachment(self, request: web.Request) -> web.Response:
        attachment_id = int(request.match_info["attachment_id"])
        for message in self.messages.values():
            if attachment_id in message.files:
                return web.Response(body=message.files[attachment_id].data)
        raise web.HTTPNotFound()


@asynccontextmanager
async def start_fake_discord(
    token: str = DEFAULT_TOKEN,
    *,
    patch: bool = True,
    limits: DiscordLimits | None = DISCORD_LIMITS,
    guild_locale: str = DEFAULT_LOCALE,
) -> AsyncIterator[FakeDiscordServer]:
    """Run a :class:`FakeDiscordServer` (and point discord.py at it) inside ``async with``."""
    server = FakeDiscordServer(token, limits, guild_locale=guild_locale)
    await server.start()
    if patch:
        server.patch_discord()
    try:
        yield server
    finally:
        server.unpatch_discord()
        await server.stop()


@asynccontextmanager
async def run_discord_client(
    server: FakeDiscordServer, client: ClientT, timeout: float = 5.0
) -> AsyncIterator[ClientT]:
    """Start ``client`` against the fake, wait until it is ready, and close it on exit.

    Give the client ``guild_ready_timeout=0.05`` or so, or on_ready waits two seconds.
    """
    task = asyncio.create_task(client.start(server.token))
    try:
        await server.wait_for(lambda: client.is_ready() or task.done(), timeout)
        if task.done():
            task.result()  # re-raise why the client stopped (bad token, ...)
        yield client
    finally:
        await client.close()
        await task
