"""A player with far more games than a chat message holds (60 challenges to them, 10 open ones),
written to the bot's database before it starts, and what a platform must show of their list."""

from __future__ import annotations

from pathlib import Path

from service import Actor, GameService, View
from service.commands import Challenge, Games, Request
from storage.sqlite import open_sqlite

CHALLENGES, OPEN = 60, 10


async def crowd(db_path: Path, player: Actor) -> View:
    """Challenges to ``player`` from 60 people, then 10 open challenges; ``player``'s ``games``
    list as the service gives it (before a platform fits it into one message)."""
    platform = player.id.split(":")[0]
    database = await open_sqlite(db_path)
    try:
        service = GameService(database)
        for n in range(CHALLENGES + OPEN):
            who = Actor(f"{platform}:{900_000 + n}", f"challenger-number-{n:02}")
            target = player if n < CHALLENGES else None
            await service.execute(Challenge(target, {"size": "13"}), Request(who))
        view = await service.execute(Games(), Request(player))
    finally:
        await database.close()
    assert view.keys[-1] == "games.more"  # the service cut it: 50 challenges of 60
    assert len(view.text) > 4096  # longer than any platform allows
    return view


def check_fitted(text: str, view: View, limit: int) -> None:
    """``text`` fits ``limit`` and is the first whole lines of ``view`` with its last line (the
    games.more line that says the list goes on)."""
    lines = text.split("\n")
    assert len(text) <= limit
    assert lines[-1] == view.lines[-1]
    assert 10 < len(lines) < len(view.lines)
    assert lines[:-1] == list(view.lines[: len(lines) - 1])
