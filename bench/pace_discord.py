"""Live games at a chat's pace on Discord (issue 11): games in the threads of one channel,
through the fake Discord server enforcing Discord's documented limits (5 messages and 5 edits per
5 s in each channel or thread, 5 webhook messages per 5 s per interaction token, 50 requests a
second in all; 429 with ``retry_after`` beyond them), with the real discord.py client, the real
service on a SQLite file and rendering. :mod:`bench.bench_pace` runs it as the scenarios
``discord-one`` (one game at 30 moves a minute) and ``discord-five`` (five games started in the
same channel, each in its own thread, at 6 moves a minute each).

Players move as a Discord player does: ``/go play point:<point>`` in the game's thread (plain
text needs the privileged Message Content intent, off by default), dispatched through the fake's
gateway on a fixed schedule, without waiting for the board. For each move: the delay from the
interaction being dispatched to the bot until the thread shows a board at that move or later
(a bot message with the board image posted, or edited in, to the thread, an interaction's
answer included; ephemeral messages do not count); the REST calls per move made for the
threads (requests to a thread's routes, and the move interactions' callbacks and webhooks);
429s; whether every game's final position is shown. The peer figure is the thread's budget:
one new message a second at best (5 per 5 s).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bench_telegram import move_lists
from bench.pace_common import MOVE, figures, move_delays, play_on_schedule
from bot.discord import DiscordSettings, make_bot
from service import GameService
from storage.sqlite import open_sqlite
from tests.fakes import (
    DiscordLimits,
    DiscordUser,
    FakeDiscordServer,
    FakeInteraction,
    RecordedRequest,
    StoredDiscordMessage,
    run_discord_client,
)

START = 60.0  # seconds (at most) for a game to start: challenge, accept, thread, first board


class WatchedDiscord(FakeDiscordServer):
    """The fake server, noting each board a game's thread shows (posted or edited) and its move."""

    def __init__(self, limits: DiscordLimits) -> None:
        super().__init__(limits=limits)
        self.watched: set[int] = set()  # the games' threads
        self.shown: dict[int, list[tuple[float, int]]] = defaultdict(list)  # thread -> boards

    def create_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        request: RecordedRequest | None,
        author: DiscordUser,
        *,
        extra: dict[str, Any] | None = None,
    ) -> StoredDiscordMessage:
        message = super().create_message(channel_id, body, request, author, extra=extra)
        self._note(message, body)
        return message

    def edit_message(
        self, message: StoredDiscordMessage, body: dict[str, Any], request: RecordedRequest
    ) -> StoredDiscordMessage:
        edited = super().edit_message(message, body, request)
        self._note(edited, body)
        return edited

    def _note(self, message: StoredDiscordMessage, body: dict[str, Any]) -> None:
        """A public bot message in a watched thread whose request carries the board image (an
        edit that only clears buttons shows nothing new)."""
        if message.channel_id not in self.watched or message.ephemeral:
            return
        if message.author_id != self.bot_user.id:
            return
        embeds = [e for e in body.get("embeds") or [] if isinstance(e, dict) and e.get("image")]
        if not embeds:
            return
        text = " ".join(str(e.get("description") or "") for e in embeds)
        found = MOVE.search(text)
        number = int(found.group(1)) if found else 0
        self.shown[message.channel_id].append((time.monotonic(), number))


@dataclass
class Game:
    black: DiscordUser
    white: DiscordUser
    moves: list[str]
    thread: int = 0
    sent: list[float] = field(default_factory=list)  # when each move was dispatched
    interactions: list[FakeInteraction] = field(default_factory=list)


async def start_game(server: WatchedDiscord, game: Game) -> None:
    """Black challenges White to a 19×19 game in the channel, White accepts; the game's thread
    is watched once its first board is there."""
    options = {"user": game.white, "size": 19, "color": "black"}
    challenge = server.slash_command("go challenge", options, user=game.black)
    await server.wait_for_response(challenge, timeout=START)
    text = str(challenge.response_data.get("content") or "")
    number = int(text.split("#", 1)[1].split(" ", 1)[0])
    accept = server.slash_command("go accept", {"game": number}, user=game.white)
    await server.wait_for_response(accept, timeout=START)
    name = f"Game #{number} · "

    def thread_id() -> int:  # 0 (falsy) until the thread exists
        return next((int(t["id"]) for t in server.threads() if t["name"].startswith(name)), 0)

    game.thread = await server.wait_for(thread_id, START)
    server.watched.add(game.thread)

    def first_board() -> bool:
        return any(m.embeds for m in server.bot_messages(game.thread))

    await server.wait_for(first_board, START)


async def play(server: WatchedDiscord, game: Game, every: float, offset: float, t0: float) -> None:
    """The game's moves on schedule: move k at ``t0 + offset + k * every``, by slash command."""
    for number, point in enumerate(game.moves):
        await asyncio.sleep(max(0.0, t0 + offset + number * every - time.monotonic()))
        mover = game.black if number % 2 == 0 else game.white
        options = {"point": point}
        move = server.slash_command("go play", options, user=mover, channel_id=game.thread)
        game.interactions.append(move)
        game.sent.append(move.dispatched_at)


def delays(server: WatchedDiscord, game: Game) -> tuple[list[float], bool]:
    """Each move's delay until the thread showed a board at that move or later; final shown."""
    return move_delays(server.shown[game.thread], game.sent, len(game.moves))


def thread_calls(server: WatchedDiscord, played: list[Game], since: int) -> int:
    """REST requests from ``server.calls[since:]`` made for the games' threads: a thread's own
    routes, and the callbacks and webhook requests of the moves' interactions."""
    threads = {str(game.thread) for game in played}
    tokens = {move.token for game in played for move in game.interactions}

    def for_threads(path: str) -> bool:  # /api/v10/channels/<id>/..., /api/v10/webhooks/...
        parts = path.split("/")
        if parts[3:4] == ["channels"]:
            return parts[4] in threads
        return parts[3:4] in (["interactions"], ["webhooks"]) and bool(tokens & set(parts))

    return sum(1 for call in server.calls[since:] if for_threads(call.path))


def unanswered(played: list[Game]) -> int:
    """Moves whose interaction the bot never answered (a bench check: should be none)."""
    return sum(1 for game in played for move in game.interactions if not move.responded)


async def discord_scenario(
    name: str, games: int, per_minute: float, minutes: float, scale: float
) -> dict[str, Any]:
    """Run one scenario: ``games`` games in one channel's threads at ``per_minute`` moves a
    minute each for ``minutes``, every period (limits, schedule) times ``scale``; its figures."""
    limits = DiscordLimits()
    server = WatchedDiscord(limits.scaled(scale))
    await server.start()
    server.patch_discord()
    moves_each = int(per_minute * minutes)
    every = 60.0 * scale / per_minute
    try:
        with tempfile.TemporaryDirectory() as folder:
            database = await open_sqlite(Path(folder) / "bench.db")
            try:
                service = GameService(database, rng=random.Random(1))
                bot = make_bot(service, DiscordSettings(), guild_ready_timeout=0.05)
                async with run_discord_client(server, bot, timeout=30):
                    played = [
                        Game(
                            DiscordUser(300_000_000_000_000_000 + 2 * i, f"black{i}"),
                            DiscordUser(300_000_000_000_000_001 + 2 * i, f"white{i}"),
                            moves,
                        )
                        for i, moves in enumerate(move_lists(games, moves_each))
                    ]
                    for game in played:
                        await start_game(server, game)
                    calls_before = len(server.calls)
                    too_many_before = len(server.too_many_requests)
                    await play_on_schedule(
                        played,
                        lambda game, offset, t0: play(server, game, every, offset, t0),
                        every,
                        lambda game: delays(server, game)[1],
                        scale,
                    )
                    calls = thread_calls(server, played, calls_before)
                    too_many = len(server.too_many_requests) - too_many_before
                    silent = unanswered(played)
            finally:
                await database.close()
    finally:
        server.unpatch_discord()
        await server.stop()
    if silent:
        print(f"{name}: {silent} move(s) never answered by the bot", file=sys.stderr)
    measured = [delays(server, game) for game in played]
    calls_each, period = limits.channel_create
    return figures(name, games, measured, calls, too_many, period / calls_each, scale)
