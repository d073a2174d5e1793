"""Live games at a chat's pace (issue 11): Telegram groups through the fake Bot API server that
enforces Telegram's flood limits (20 calls a minute per group, 1 a second per private chat, 30 a
second in all; 429 with retry_after beyond them), with the real python-telegram-bot client, the
real service on a SQLite file and rendering.

Scenarios (``--minutes`` long, 2 by default):

- ``one``: one group game at 30 moves a minute (the two players alternate, a move every 2 s);
- ``five``: five games in one group at 6 moves a minute each (30 a minute in the group);
- ``discord-one``, ``discord-five``: the same on Discord, the games in one channel's threads
  (:mod:`bench.pace_discord`: slash moves, Discord's limits enforced by the fake).

Players reply to their game's board with the point, on a fixed schedule (they do not wait for
the board: the harder case). For each move: the delay from the move being available to the bot
until the group shows a board of that game at that move or later (p50, p95, max); the group's
Bot API calls per move; 429s; whether every game's final position is shown. The peer figure is
the group's budget itself: the delay an even pace of 20 calls a minute allows at best.
``--scale`` runs the same rules with every period (limits and schedule) multiplied, for a quick
check. Prints a table and ends with one JSON line of named figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_telegram import move_lists  # noqa: E402
from bench.pace_common import MOVE, figures, move_delays, play_on_schedule  # noqa: E402
from bench.pace_discord import discord_scenario  # noqa: E402
from bot.telegram import TelegramSettings, build_application  # noqa: E402
from bot.telegram.pacing import Limits  # noqa: E402
from service import GameService  # noqa: E402
from storage.sqlite import open_sqlite  # noqa: E402
from tests.fakes import FakeTelegramServer, TelegramUser, run_polling  # noqa: E402
from tests.fakes.limits import TelegramLimits  # noqa: E402
from tests.fakes.telegram_payloads import TelegramCall  # noqa: E402

GROUP = -1001234567890


@dataclass
class Shown:
    """The boards the group was shown, per board message: (arrival time, move number)."""

    boards: dict[int, list[tuple[float, int]]] = field(default_factory=lambda: defaultdict(list))


class WatchedTelegram(FakeTelegramServer):
    """The fake server, noting each board the group is shown (photo or edit) and its move."""

    def __init__(self, limits: TelegramLimits) -> None:
        super().__init__(limits=limits)
        self.shown = Shown()
        self.group_calls = 0

    def _note(self, call: TelegramCall, message_id: int) -> None:
        caption = str(call.fields.get("caption") or "")
        media = call.fields.get("media")
        if isinstance(media, dict):
            caption = str(media.get("caption") or "")
        found = MOVE.search(caption)
        number = int(found.group(1)) if found else 0
        self.shown.boards[message_id].append((call.received_at, number))

    async def _api_sendPhoto(self, call: TelegramCall) -> dict[str, Any]:
        result = await super()._api_sendPhoto(call)
        if call.chat_id == GROUP:
            self._note(call, int(result["message_id"]))
        return result

    async def _api_editMessageMedia(self, call: TelegramCall) -> Any:
        result = await super()._api_editMessageMedia(call)
        if call.chat_id == GROUP:
            self._note(call, int(call.fields["message_id"]))
        return result


async def start_game(tg: WatchedTelegram, black: TelegramUser, white: TelegramUser) -> int:
    """Black proposes an open challenge in the group, White takes it; the board message."""
    before = len(tg.bot_messages(GROUP))
    tg.inject_message(GROUP, "/challenge size=19 color=black", user=black)
    challenge = await tg.wait_for(  # (the previous game's start may still be arriving)
        lambda: [m for m in tg.bot_messages(GROUP)[before:] if m.callback_data], timeout=120
    )
    tg.inject_callback_query(challenge[0], challenge[0].callback_data[0], user=white)

    def board() -> int | None:
        for message in tg.bot_messages(GROUP)[before:]:
            if message.photo is not None and f"@{black.username}" in (message.caption or ""):
                return message.message_id
        return None

    found = await tg.wait_for(board, timeout=120)
    assert found is not None
    return found


@dataclass
class Game:
    black: TelegramUser
    white: TelegramUser
    moves: list[str]
    board: int = 0
    sent: list[float] = field(default_factory=list)  # when each move was available


async def play(tg: WatchedTelegram, game: Game, every: float, offset: float, t0: float) -> None:
    """The game's moves on schedule: move k at ``t0 + offset + k * every``."""
    board = tg.message(GROUP, game.board)
    for number, point in enumerate(game.moves):
        await asyncio.sleep(max(0.0, t0 + offset + number * every - time.monotonic()))
        mover = game.black if number % 2 == 0 else game.white
        message = tg.inject_message(GROUP, point, user=mover, reply_to=board)
        assert message.update_id is not None
        game.sent.append(tg.update_timings[message.update_id].queued_at)


def delays(tg: WatchedTelegram, game: Game) -> tuple[list[float], bool]:
    """Each move's delay until the group showed its game at that move or later; final shown."""
    return move_delays(tg.shown.boards[game.board], game.sent, len(game.moves))


async def scenario(
    name: str, games: int, per_minute: float, minutes: float, scale: float
) -> dict[str, Any]:
    """Run one scenario; its figures."""
    tg = WatchedTelegram(TelegramLimits().scaled(scale))
    tg.set_chat(GROUP, "supergroup", "Go Club")
    await tg.start()
    moves_each = int(per_minute * minutes)
    every = 60.0 * scale / per_minute
    try:
        with tempfile.TemporaryDirectory() as folder:
            database = await open_sqlite(Path(folder) / "bench.db")
            service = GameService(database)
            settings = TelegramSettings(
                token=tg.token, api_url=tg.base_url, limits=Limits().scaled(scale)
            )
            app, _ = build_application(service, settings)
            try:
                async with run_polling(app, poll_timeout=1):
                    played = [
                        Game(
                            TelegramUser(200_000 + 2 * i, f"Black {i}", f"black{i}"),
                            TelegramUser(200_001 + 2 * i, f"White {i}", f"white{i}"),
                            moves,
                        )
                        for i, moves in enumerate(move_lists(games, moves_each))
                    ]
                    for game in played:
                        game.board = await start_game(tg, game.black, game.white)
                    calls_before = len([c for c in tg.calls if c.chat_id == GROUP])
                    too_many_before = len(tg.too_many_requests)
                    await play_on_schedule(
                        played,
                        lambda game, offset, t0: play(tg, game, every, offset, t0),
                        every,
                        lambda game: delays(tg, game)[1],
                        scale,
                    )
                    group_calls = len([c for c in tg.calls if c.chat_id == GROUP]) - calls_before
                    too_many = len(tg.too_many_requests) - too_many_before
            finally:
                await database.close()
    finally:
        await tg.stop()
    measured = [delays(tg, game) for game in played]
    gap = Limits().group.gap * (1 + Limits().margin)
    return figures(name, games, measured, group_calls, too_many, gap, scale)


def show(figures: list[dict[str, Any]], scale: float) -> None:
    print(f"Group pacing, Telegram and Discord (limits enforced by the fakes; scale {scale:g})")
    print(
        f"{'scenario':<14}{'games':>6}{'moves':>7}{'p50 s':>8}{'p95 s':>8}{'max s':>8}"
        f"{'calls/move':>12}{'429s':>6}{'final shown':>13}"
    )
    for f in figures:
        print(
            f"{f['scenario']:<14}{f['games']:>6}{f['moves']:>7}{f['p50_s']:>8.2f}"
            f"{f['p95_s']:>8.2f}{f['max_s']:>8.2f}{f['calls_per_move']:>12.2f}"
            f"{f['too_many_requests']:>6}{f['final_shown']!s:>13}"
        )
    gaps = {f["scenario"].startswith("discord"): f["budget_gap_s"] for f in figures}
    if False in gaps:
        print(f"peer: the group's budget, 20 calls a minute, is one call every {gaps[False]:.2f} s")
    if True in gaps:
        print(f"peer: a thread's budget, 5 messages per 5 s, is one every {gaps[True]:.2f} s")


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    runs = {"one": (1, 30.0), "five": (5, 6.0), "discord-one": (1, 30.0), "discord-five": (5, 6.0)}
    chosen = [args.scenario] if args.scenario else list(runs)
    return [
        await (discord_scenario if name.startswith("discord") else scenario)(
            name, *runs[name], minutes=args.minutes, scale=args.scale
        )
        for name in chosen
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--scale", type=float, default=1.0, help="time factor (0.1: 10× faster)")
    parser.add_argument("--scenario", choices=("one", "five", "discord-one", "discord-five"))
    args = parser.parse_args()
    results = asyncio.run(main_async(args))
    show(results, args.scale)
    print(json.dumps({"bench": "pace", "scale": args.scale, "scenarios": results}))


if __name__ == "__main__":
    main()
