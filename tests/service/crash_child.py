"""The child process of the crash test: plays random legal moves through the service on SQLite
and prints ``ACK game number vertex`` after each commit, until it is killed."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from engine.colors import Color
from engine.game import Game
from service import Actor, GameService
from service.commands import Accept, Challenge, Play, Request
from storage.sqlite import open_sqlite

PLAYERS = (Actor("console:black", "black"), Actor("console:white", "white"))


async def main(path: Path, games: int, concurrent: bool = False) -> None:
    database = await open_sqlite(path)
    service = GameService(database, rng=random.Random(7))
    chooser = random.Random(11)
    mirrors: dict[int, Game] = {}
    for _ in range(games):
        view = await service.execute(
            Challenge(PLAYERS[1], {"size": "9", "color": "black"}), Request(PLAYERS[0])
        )
        assert view.game_id is not None
        await service.execute(Accept(), Request(PLAYERS[1], game=view.game_id))
        mirrors[view.game_id] = Game(9)
    print("READY", flush=True)

    async def move(game_id: int, game: Game) -> None:
        color = game.to_move
        legal = game.board.legal_points(color)
        point = chooser.choice(legal) if legal else None
        actor = PLAYERS[0] if color is Color.BLACK else PLAYERS[1]
        await service.execute(Play(point.gtp() if point else None), Request(actor, game=game_id))
        game.play(color, point)
        vertex = point.gtp() if point else "pass"
        print(f"ACK {game_id} {game.move_number} {vertex}", flush=True)

    async def keep_playing(game_id: int, game: Game) -> None:
        while True:
            await move(game_id, game)

    if concurrent:  # every game at once: the moves share SQLite's group commits
        await asyncio.gather(*(keep_playing(g, game) for g, game in mirrors.items()))
    while True:
        for game_id, game in mirrors.items():
            await move(game_id, game)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3:] == ["concurrent"]))
