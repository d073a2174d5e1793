"""Telegram adapter latency through the fake Bot API server: concurrent games (each between two
users in their own private chats) played move by move from the game records in ``bench/games``;
the real python-telegram-bot client, the real service on a SQLite file, rendering included. The
players and the fake server run in a second process (as Telegram's servers would), so the bot's
process does only the bot's work; each player thinks a random 0-2× ``--think`` seconds per move.

Measured per move: from the update being available at the fake to the board edit arriving there,
in the mover's chat (the reply) and in the opponent's chat (the notice). Telegram's own flood limits
(30 messages/s) are lifted here: they cap a real bot's throughput, not the adapter's latency.
Prints a table and ends with one JSON line of named figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from telegram.ext import AIORateLimiter  # noqa: E402

from bot.telegram import TelegramSettings, build_application  # noqa: E402
from records.sgf import load_sgf  # noqa: E402
from service import GameService  # noqa: E402
from storage.sqlite import open_sqlite  # noqa: E402
from tests.fakes import FakeTelegramServer, TelegramUser, run_polling  # noqa: E402
from tests.fakes.telegram_payloads import TelegramCall  # noqa: E402

WAIT = 30.0  # seconds before a missing answer counts as a failure


class TimedTelegram(FakeTelegramServer):
    """The fake server, announcing each board (photo or edit) and text message per chat, and
    forgetting recorded calls and uploads so that a long run stays small."""

    def __init__(self) -> None:
        super().__init__(limits=None)  # latency, not flood control: bench_pace.py has that
        self.arrivals: dict[tuple[str, int], asyncio.Queue[float]] = defaultdict(asyncio.Queue)

    def _arrived(self, kind: str, call: TelegramCall) -> None:
        if call.chat_id is not None:
            self.arrivals[(kind, call.chat_id)].put_nowait(call.received_at)
        self.calls.clear()
        self.files.clear()

    async def _api_sendPhoto(self, call: TelegramCall) -> dict[str, Any]:
        result = await super()._api_sendPhoto(call)
        self._arrived("board", call)
        return result

    async def _api_editMessageMedia(self, call: TelegramCall) -> dict[str, Any]:
        result = await super()._api_editMessageMedia(call)
        self._arrived("board", call)
        return result

    async def _api_sendMessage(self, call: TelegramCall) -> dict[str, Any]:
        result = await super()._api_sendMessage(call)
        self._arrived("text", call)
        return result

    async def next(self, kind: str, chat_id: int) -> float:
        """When the next ``kind`` (board or text) arrived in the chat."""
        return await asyncio.wait_for(self.arrivals[(kind, chat_id)].get(), WAIT)


def move_lists(count: int, length: int) -> list[list[str]]:
    """``count`` move lists (``d4`` or ``pass``) from the records, stopping before a pass."""
    lists = []
    for path in sorted((ROOT / "bench" / "games").glob("*.sgf")):
        words = []
        for move in load_sgf(path).moves[:length]:
            if move.point is None:
                break
            words.append(move.point.gtp().lower())
        lists.append(words)
    return [lists[i % len(lists)] for i in range(count)]


async def start_game(tg: TimedTelegram, black: TelegramUser, white: TelegramUser) -> None:
    """White writes to the bot, Black challenges @white, White accepts with the button."""
    tg.inject_message(white.id, "/start", user=white)
    await tg.next("text", white.id)
    tg.inject_message(black.id, f"/challenge @{white.username} size=19 color=black", user=black)
    await tg.next("text", black.id)
    await tg.next("text", white.id)
    [invitation] = [m for m in tg.bot_messages(white.id) if m.callback_data]
    tg.inject_callback_query(invitation, invitation.callback_data[0], user=white)
    await tg.next("board", white.id)
    await tg.next("board", black.id)
    await tg.next("text", black.id)  # the ping: Black moves first


async def play(
    tg: TimedTelegram, users: tuple[TelegramUser, TelegramUser], moves: list[str], think: float
) -> tuple[list[float], list[float], int]:
    """Play ``moves`` alternately; the latencies (s) to the mover's and the opponent's board."""
    own: list[float] = []
    other: list[float] = []
    failures = 0
    rng = random.Random(users[0].id)
    for number, move in enumerate(moves):
        mover, opponent = users[number % 2], users[1 - number % 2]
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        message = tg.inject_message(mover.id, move, user=mover)
        assert message.update_id is not None
        available = tg.update_timings[message.update_id].queued_at
        try:
            own.append(await tg.next("board", mover.id) - available)
            other.append(await tg.next("board", opponent.id) - available)
            await tg.next("text", mover.id)  # the short reply under the board
            await tg.next("text", opponent.id)  # the ping
        except TimeoutError:
            failures += 1
            break
    return own, other, failures


class Unlimited(AIORateLimiter):
    """PTB's limiter with no limits (the peer of the bot's pacing): it reads ``rate_limit_args``
    as a retry count, so the presenter's board marks (:class:`bot.telegram.pacing.Pacing`) are
    not passed on to it."""

    async def process_request(
        self, callback: Any, args: Any, kwargs: Any, endpoint: str, data: Any, rate_limit_args: Any
    ) -> Any:
        limit = rate_limit_args if isinstance(rate_limit_args, int) else None
        return await super().process_request(callback, args, kwargs, endpoint, data, limit)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def drive(connection: Connection, games: int, length: int, think: float) -> None:
    """The players' side (in its own process, like Telegram's servers): the fake server, the
    games set up, then played; latencies are measured on this process's clock and sent back."""
    tg = TimedTelegram()
    await tg.start()
    connection.send((tg.token, tg.base_url))
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, connection.recv)  # the bot polls
    pairs = [
        (
            TelegramUser(100_000 + 2 * i, f"Black {i}", f"black{i}"),
            TelegramUser(100_001 + 2 * i, f"White {i}", f"white{i}"),
        )
        for i in range(games)
    ]
    try:
        await asyncio.gather(*(start_game(tg, *pair) for pair in pairs))
        started = time.perf_counter()
        results = await asyncio.gather(
            *(
                play(tg, pair, moves, think)
                for pair, moves in zip(pairs, move_lists(games, length), strict=True)
            )
        )
        wall = time.perf_counter() - started
        own = [x for r in results for x in r[0]]
        other = [x for r in results for x in r[1]]
        connection.send((own, other, sum(r[2] for r in results), wall))
        await loop.run_in_executor(None, connection.recv)  # the bot stopped polling
    finally:
        await tg.stop()


def players(connection: Connection, games: int, length: int, think: float) -> None:
    """The entry point of the players' process."""
    asyncio.run(drive(connection, games, length, think))


async def serve_bot(
    connection: Connection,
) -> tuple[tuple[list[float], list[float], int, float], float]:
    """The bot's side: the real service on SQLite and the application, polling the fake; the
    players' figures and the bot process's CPU seconds while they played."""
    loop = asyncio.get_running_loop()
    token, base_url = await loop.run_in_executor(None, connection.recv)
    with tempfile.TemporaryDirectory() as folder:
        database = await open_sqlite(Path(folder) / "bench.db")
        service = GameService(database)
        settings = TelegramSettings(token=token, api_url=base_url)
        unlimited = Unlimited(overall_max_rate=0, group_max_rate=0, max_retries=3)
        app, _ = build_application(service, settings, rate_limiter=unlimited)
        try:
            async with run_polling(app, poll_timeout=1):
                connection.send("polling")
                cpu = time.process_time()
                result: tuple[list[float], list[float], int, float] = await loop.run_in_executor(
                    None, connection.recv
                )
                cpu = time.process_time() - cpu
            connection.send("stopped")
        finally:
            await database.close()
    return result, cpu


def report(
    games: int, think: float, result: tuple[list[float], list[float], int, float], cpu: float
) -> dict[str, float | int]:
    """Print the table; the named figures."""
    own, other, failures, wall = result
    setup = 3 * games  # /start, the challenge and the accept of each game
    print(f"{games} games ({2 * games} users), {len(own)} moves, think time {think:g} s mean")
    print(f"{'latency (ms)':<34}{'n':>6}{'p50':>8}{'p90':>8}{'p99':>8}{'max':>8}{'mean':>8}")
    for label, values in (
        ("update → board edit, mover's chat", own),
        ("update → board edit, opponent's", other),
    ):
        figures = [percentile(values, q) * 1000 for q in (0.5, 0.9, 0.99)]
        figures += [max(values) * 1000, statistics.fmean(values) * 1000]
        print(f"{label:<34}{len(values):>6}" + "".join(f"{f:>8.1f}" for f in figures))
    cpu_ms = cpu * 1000 / (len(own) + setup)
    print(f"moves per second: {len(own) / wall:.1f} · failures: {failures}")
    print(f"bot process CPU per update: {cpu_ms:.1f} ms (render, service, SQLite, PTB)")
    return {
        "games": games,
        "users": 2 * games,
        "moves": len(own),
        "think_s": think,
        "p50_ms": round(percentile(own, 0.5) * 1000, 2),
        "p99_ms": round(percentile(own, 0.99) * 1000, 2),
        "opponent_p50_ms": round(percentile(other, 0.5) * 1000, 2),
        "opponent_p99_ms": round(percentile(other, 0.99) * 1000, 2),
        "moves_per_s": round(len(own) / wall, 1),
        "bot_cpu_ms_per_update": round(cpu_ms, 2),
        "failures": failures,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="moves per game")
    parser.add_argument("--think", type=float, default=5.0, help="mean seconds between moves")
    args = parser.parse_args()
    bot_side, players_side = multiprocessing.Pipe()
    process = multiprocessing.get_context("spawn").Process(
        target=players, args=(players_side, args.games, args.moves, args.think)
    )
    process.start()
    result, cpu = asyncio.run(serve_bot(bot_side))
    process.join()
    figures = report(args.games, args.think, result, cpu)
    print(json.dumps({"bench": "telegram", **figures}))


if __name__ == "__main__":
    main()
