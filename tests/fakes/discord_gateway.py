"""The gateway half of the fake Discord server: HELLO, IDENTIFY/READY, heartbeats, dispatch."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fakes._common import ChangeNotifier
from tests.fakes.discord_payloads import DiscordUser, guild_payload


class GatewaySession:
    """One client's gateway WebSocket: payloads are queued and written in order."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.identified = False
        self.sequence = 0
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, payload: dict[str, Any]) -> None:
        """Queue one gateway payload, serialised now so later state changes do not leak in."""
        self._outbox.put_nowait(json.dumps(payload))

    def send_dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Queue a DISPATCH (op 0) event with the next sequence number."""
        self.sequence += 1
        self.send({"op": 0, "t": event, "s": self.sequence, "d": data})

    def finish(self) -> None:
        """Stop the writer once the queued payloads are out."""
        self._outbox.put_nowait(None)

    async def pump(self) -> None:
        """Write queued payloads to the socket as JSON text, in order."""
        while (payload := await self._outbox.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(payload)
            except ConnectionError:
                return


class GatewayMixin:
    """Mixin of :class:`FakeDiscordServer` serving the gateway WebSocket at ``/gateway``."""

    if TYPE_CHECKING:
        application_id: int
        guild_id: int
        bot_user: DiscordUser
        members: list[DiscordUser]
        channels: dict[int, dict[str, Any]]
        guild_owner: DiscordUser
        roles: list[dict[str, Any]]
        everyone_permissions: int
        guild_locale: str

        @property
        def gateway_url(self) -> str: ...

        identify: dict[str, Any] | None
        gateway_events: list[tuple[str, dict[str, Any]]]
        _notifier: ChangeNotifier

        def threads(self) -> list[dict[str, Any]]: ...
        def member_payload(self, user: DiscordUser) -> dict[str, Any]: ...

    _sockets: list[GatewaySession]
    resume_count: int = 0

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway DISPATCH event to every connected client."""
        snapshot = json.loads(json.dumps(data))
        self.gateway_events.append((event, snapshot))
        for session in self._sockets:
            if session.identified:
                session.send_dispatch(event, snapshot)
        self._notifier.notify()

    def events(self, name: str) -> list[dict[str, Any]]:
        """The payloads of every dispatched gateway event with this name, in order."""
        return [data for event, data in self.gateway_events if event == name]

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: discord.py drops the socket and RESUMEs on a new one."""
        for session in self._sockets:
            session.send({"op": 7, "d": None})

    async def close_gateway(self) -> None:
        """Close every gateway connection (a client with reconnect=True will RESUME)."""
        for session in list(self._sockets):
            await session.ws.close()

    async def _handle_gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = GatewaySession(ws)
        self._sockets.append(session)
        writer = asyncio.create_task(session.pump())
        try:
            session.send({"op": 10, "d": {"heartbeat_interval": 41_250}})
            async for frame in ws:
                if frame.type == WSMsgType.TEXT:
                    self._on_gateway_payload(session, json.loads(frame.data))
        finally:
            self._sockets.remove(session)
            session.finish()
            await writer
            self._notifier.notify()
        return ws

    def _on_gateway_payload(self, session: GatewaySession, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == 1:
            session.send({"op": 11})
        elif op == 2:
            self.identify = data
            session.identified = True
            ready = {
                "v": 10,
                "user": self.bot_user.to_api(),
                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "shard": (data or {}).get("shard", [0, 1]),
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            }
            session.send_dispatch("READY", ready)
            session.send_dispatch("GUILD_CREATE", self._guild_payload())
        elif op == 6:
            session.identified = True
            session.session_id = (data or {}).get("session_id", session.session_id)
            session.sequence = int((data or {}).get("seq") or 0)
            self.resume_count += 1
            session.send_dispatch("RESUMED", {})
        elif op == 8:  # Request Guild Members: by a prefix of the username or nickname
            query = str((data or {}).get("query") or "").lower()
            limit = int((data or {}).get("limit") or 0) or len(self.members)
            named = [
                u
                for u in self.members
                if u.username.lower().startswith(query) or (u.nick or "").lower().startswith(query)
            ]
            chunk = {
                "guild_id": str(self.guild_id),
                "members": [self.member_payload(u) for u in named[:limit]],
                "chunk_index": 0,
                "chunk_count": 1,
                "nonce": (data or {}).get("nonce"),
            }
            session.send_dispatch("GUILD_MEMBERS_CHUNK", chunk)
        self._notifier.notify()

    def _guild_payload(self) -> dict[str, Any]:
        channels = [c for c in self.channels.values() if "thread_metadata" not in c]
        return guild_payload(
            self.guild_id,
            "Go Club",
            self.guild_owner,
            channels,
            self.threads(),
            [self.member_payload(u) for u in self.members],
            self.roles,
            self.everyone_permissions,
            self.guild_locale,
        )

    @property
    def connected(self) -> bool:
        """Whether a client has identified (or resumed) on the gateway."""
        return any(s.identified for s in self._sockets)
