"""A game's links (its home chat, its board message in each chat), cached in this process."""

from __future__ import annotations

from service import GameService, Request
from service.commands import SYSTEM, Link, Links


class GameLinks:
    """The service's links of each game, cached in this process: a game's home chat never
    changes and its board messages change only when the adapter sends a new one (through
    :meth:`put`), so a move costs no extra database work."""

    def __init__(self, service: GameService, size: int = 10_000) -> None:
        self.service = service
        self.size = size
        self._games: dict[int, dict[str, str]] = {}

    async def of(self, game_id: int | None) -> dict[str, str]:
        """The links of the game (none for a view about no game)."""
        if game_id is None:
            return {}
        links = self._games.get(game_id)
        if links is None:
            found = await self.service.execute(Links(), Request(SYSTEM, game=game_id))
            # another lookup may have stored the game meanwhile: share its dict (a board sent
            # through one must be seen by the other, or the chat would get a second board)
            links = self._games.setdefault(game_id, found)
            while len(self._games) > self.size:
                del self._games[next(iter(self._games))]
        return links

    async def put(self, game_id: int, key: str, value: str) -> None:
        """Link the game (in storage, then here)."""
        await self.service.execute(Link(key, value), Request(SYSTEM, game=game_id))
        (await self.of(game_id))[key] = value
