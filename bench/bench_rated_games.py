"""The cost of rating a game in the service: the command that makes a rated game's result final
(here a resignation) against the same command in an unrated game (the peer, measured in the
same run, interleaved), through ``GameService.execute`` on a fresh SQLite file and PostgreSQL
schema. The difference is the rating's own work: reading both players' persons and ratings,
Glicko-2, saving two ratings and two changes in the game's unit of work.
Usage: ``python bench/bench_rated_games.py [--games N] [--databases sqlite,postgresql]``.
The last line is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from service_load import fresh_database, postgres_available

from service import Actor, GameService, Request
from service.commands import Accept, Challenge, Resign
from service.ports import Database


async def start(service: GameService, black: Actor, white: Actor, rated: bool) -> int:
    options = {"size": "9", "color": "black", "rated": "yes" if rated else "no"}
    view = await service.execute(Challenge(white, options), Request(black))
    assert view.game_id is not None
    await service.execute(Accept(), Request(white, game=view.game_id))
    return view.game_id


async def measure(database: Database, games: int) -> dict[str, float]:
    """Median milliseconds of the final command, rated and unrated, over ``games`` each."""
    service = GameService(database)
    players = [Actor(f"console:p{i}", f"p{i}") for i in range(20)]
    pending: list[tuple[bool, int, Actor]] = []
    for index in range(games):
        black, white = players[index % 20], players[(index * 7 + 3) % 20]
        if black == white:
            white = players[(index + 1) % 20]
        for rated in (True, False):
            pending.append((rated, await start(service, black, white, rated), white))
    times: dict[bool, list[float]] = {True: [], False: []}
    for rated, game, loser in pending:  # interleaved: rated, unrated, rated, ...
        began = time.perf_counter()
        await service.execute(Resign(confirm=True), Request(loser, game=game))
        times[rated].append((time.perf_counter() - began) * 1000)
    return {"rated": statistics.median(times[True]), "unrated": statistics.median(times[False])}


async def main_async(games: int, kinds: list[str]) -> dict[str, dict[str, float]]:
    results = {}
    for kind in kinds:
        async with fresh_database(kind) as database:
            results[kind] = await measure(database, games)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="rated and unrated games each")
    parser.add_argument("--databases", default="sqlite,postgresql")
    args = parser.parse_args()
    kinds = args.databases.split(",")
    if "postgresql" in kinds and (reason := asyncio.run(postgres_available())):
        print(f"skipping PostgreSQL: {reason}")
        kinds.remove("postgresql")
    results = asyncio.run(main_async(args.games, kinds))
    print(f"{args.games} games each; median ms of the command that ends the game (resign)")
    print(f"{'database':<12}{'rated':>10}{'unrated (peer)':>16}{'ratio':>8}{'rating ms':>11}")
    for kind, found in results.items():
        ratio = found["rated"] / found["unrated"]
        extra = found["rated"] - found["unrated"]
        print(
            f"{kind:<12}{found['rated']:>10.2f}{found['unrated']:>16.2f}{ratio:>7.2f}x{extra:>11.2f}"
        )
    print(json.dumps({"games": args.games, "results": results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
