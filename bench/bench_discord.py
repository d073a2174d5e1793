"""Benchmark the Discord adapter through the fake Discord server: 50 concurrent games on 19×19,
moves as ``/go play`` interactions; latency from the interaction being dispatched on the gateway
to its board (the PNG upload) arriving at the fake, rendering included.

Two phases: *paced* (each game moves again 0–``--think`` seconds after its last board arrived:
with 50 games about 40 moves a second, far beyond real correspondence traffic) and *burst* (all
50 games move at once, back to back: the saturation case). Prints a table and ends with one JSON
line of named figures. As in production, where Discord is remote, the fake server and the
driver run in a child process and the bot (adapter, service, renderer, SQLite) in this one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

import discord.gateway
import discord.http
import yarl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.discord import DiscordSettings, GoBot
from service import GameService
from storage.sqlite import open_sqlite
from tests.fakes import (
    DiscordUser,
    FakeDiscordServer,
    FakeInteraction,
    start_fake_discord,
)

COLUMNS = "ABCDEFGHJKLMNOPQRST"
# Stones two points apart never touch: no captures, every move legal.
POINTS = [f"{COLUMNS[c]}{r + 1}" for r in range(0, 19, 2) for c in range(0, 19, 2)]


class Answers:
    """Waits for interaction answers without the fake's 50 ms polling of every waiter (50 games
    of it cost more CPU than the fake itself): its change notifier resolves one future each."""

    def __init__(self, server: FakeDiscordServer) -> None:
        self.pending: dict[int, tuple[FakeInteraction, asyncio.Future[None]]] = {}
        notifier = server._notifier
        notify = notifier.notify

        def notify_and_resolve() -> None:
            notify()
            for key, (interaction, future) in list(self.pending.items()):
                if interaction.callbacks and interaction.callbacks[0].status is not None:
                    del self.pending[key]
                    future.set_result(None)

        notifier.notify = notify_and_resolve  # type: ignore[method-assign]

    async def wait(self, interaction: FakeInteraction) -> None:
        """Return once the bot's callback for ``interaction`` has been answered."""
        future = asyncio.get_running_loop().create_future()
        self.pending[interaction.id] = (interaction, future)
        await asyncio.wait_for(future, 30)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def open_game(server: FakeDiscordServer, number: int) -> tuple[int, DiscordUser, DiscordUser]:
    """Player pair ``number`` starts a 19×19 game; its thread id and (Black, White)."""
    black = DiscordUser(300_000_000_000_000_000 + 2 * number, f"black{number}")
    white = DiscordUser(300_000_000_000_000_001 + 2 * number, f"white{number}")
    options = {"user": white, "color": "black"}
    challenge = server.slash_command("go challenge", options, user=black)
    await server.wait_for_response(challenge, timeout=30)
    text = challenge.response_data["content"]
    game = int(text.split("#", 1)[1].split(" ", 1)[0])
    accept = server.slash_command("go accept", {"game": game}, user=white)
    await server.wait_for_response(accept, timeout=30)
    name = f"Game #{game} · "

    def thread_id() -> int:  # 0 (falsy) until the thread exists
        return next((int(t["id"]) for t in server.threads() if t["name"].startswith(name)), 0)

    return await server.wait_for(thread_id, 30), black, white


async def play_game(
    server: FakeDiscordServer,
    answers: Answers,
    thread_id: int,
    players: tuple[DiscordUser, DiscordUser],
    moves: range,
    think: float,
    rng: random.Random,
) -> list[FakeInteraction]:
    """Alternate moves in the game's thread, each after the previous board arrived."""
    done = []
    for index in moves:
        await asyncio.sleep(rng.uniform(0, think))
        move = server.slash_command(
            "go play", {"point": POINTS[index]}, user=players[index % 2], channel_id=thread_id
        )
        await answers.wait(move)
        done.append(move)
    return done


def board_latency(move: FakeInteraction) -> float:
    """Seconds from dispatching the interaction to the request carrying its board arriving."""
    for call in move.callbacks:
        if any(f.filename == "board.png" for f in call.files):
            return call.received_at - move.dispatched_at
    raise AssertionError(f"interaction {move.id} got no board: {move.response_data}")


def figures(played: list[list[FakeInteraction]], elapsed: float, cpu: float) -> dict[str, float]:
    """Latency percentiles (ms), throughput and CPU per move of one phase."""
    latencies = [1000 * board_latency(m) for game in played for m in game]
    return {
        "moves": len(latencies),
        "p50_ms": round(statistics.median(latencies), 2),
        "p90_ms": round(percentile(latencies, 0.90), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies), 2),
        "moves_per_s": round(len(latencies) / elapsed, 1),
        "cpu_ms_per_move": round(1000 * cpu / len(latencies), 2),
    }


async def phase(
    server: FakeDiscordServer,
    opened: list[tuple[int, DiscordUser, DiscordUser]],
    moves: range,
    think: float,
) -> dict[str, float]:
    """Every game plays ``moves`` concurrently; the phase's figures (CPU: the fake's process)."""
    rng = random.Random(7)
    answers = Answers(server)
    started, cpu = time.perf_counter(), time.process_time()
    played = await asyncio.gather(
        *(play_game(server, answers, thread, (b, w), moves, think, rng) for thread, b, w in opened)
    )
    return figures(list(played), time.perf_counter() - started, time.process_time() - cpu)


async def drive(bot: Connection, games: int, moves: int, burst: int, think: float) -> None:
    """The child process: the fake Discord server and the players."""
    # latency, not flood control: bench_pace.py measures under the limits
    async with start_fake_discord(patch=False, limits=None) as server:
        bot.send((server.port, server.token))
        await server.wait_for(lambda: server.connected and server.global_commands, 30)
        opened = [await open_game(server, n) for n in range(games)]
        bot.send("moving")
        paced = await phase(server, opened, range(moves), think)
        bursting = await phase(server, opened, range(moves, moves + burst), 0.0)
        # each board clears the buttons of the one before: let those edits finish
        route = "/channels/{channel_id}/messages/{message_id}"
        await server.wait_for_request("PATCH", route, count=games * (moves + burst), timeout=30)
        bot.send({"paced": paced, "burst": bursting})
        await asyncio.to_thread(bot.recv)  # the bot has closed


def drive_process(bot: Connection, games: int, moves: int, burst: int, think: float) -> None:
    asyncio.run(drive(bot, games, moves, burst, think))


async def serve_bot(fake: Connection) -> tuple[dict[str, dict[str, float]], float]:
    """This process: the bot, pointed at the child's fake; the figures and its CPU seconds
    while the games were moving."""
    port, token = await asyncio.to_thread(fake.recv)
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    with tempfile.TemporaryDirectory() as folder:
        database = await open_sqlite(Path(folder) / "bench.db")
        try:
            bot = GoBot(GameService(database, rng=random.Random(1)), DiscordSettings())
            running = asyncio.create_task(bot.start(token))
            await asyncio.to_thread(fake.recv)  # "moving"
            cpu = time.process_time()
            result = await asyncio.to_thread(fake.recv)
            cpu = time.process_time() - cpu
            await bot.close()
            await running
            fake.send("closed")
        finally:
            await database.close()
    return result, cpu


def run(games: int, moves: int, burst: int, think: float) -> dict[str, dict[str, float]]:
    """Run the bot here and the fake with its players in a child process."""
    logging.basicConfig(level=logging.WARNING)
    here, there = multiprocessing.Pipe()
    context = multiprocessing.get_context("spawn")
    child = context.Process(target=drive_process, args=(there, games, moves, burst, think))
    child.start()
    try:
        result, cpu = asyncio.run(serve_bot(here))
    finally:
        child.join(30)
    total = sum(int(row["moves"]) for row in result.values())
    for row in result.values():
        row["fake_cpu_ms_per_move"] = row.pop("cpu_ms_per_move")
        row["bot_cpu_ms_per_move"] = round(1000 * cpu / total, 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="paced moves per game")
    parser.add_argument("--burst", type=int, default=4, help="burst moves per game")
    parser.add_argument("--think", type=float, default=2.0, help="paced: wait up to this (s)")
    args = parser.parse_args()
    moves = min(args.moves, len(POINTS) - args.burst)
    result = run(args.games, moves, args.burst, args.think)
    keys = ("moves", "p50_ms", "p90_ms", "p99_ms", "max_ms", "moves_per_s", "bot_cpu_ms_per_move")
    print(f"Discord /go play, {args.games} games, 19x19: dispatch -> board.png at the fake")
    print(f"{'phase':<8}" + "".join(f"{k:>20}" for k in keys))
    for name, row in result.items():
        print(f"{name:<8}" + "".join(f"{row[k]:>20}" for k in keys))
    named = {f"{name}_{k}": v for name, row in result.items() for k, v in row.items()}
    print(json.dumps({"bench": "discord", "games": args.games, "think_s": args.think, **named}))


if __name__ == "__main__":
    main()
