"""Platform links (board messages, threads) on every backend, and through the service."""

from __future__ import annotations

from service import GameService
from service.ports import Database
from tests.storage.test_repository import new_game


async def test_links_are_kept_replaced_and_found(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        other = await uow.games.add(new_game())
        await uow.links.put(game.id, "telegram:board:-100", "41")
        await uow.links.put(game.id, "discord:thread", "9001")
        await uow.commit()
    async with repository.unit_of_work() as uow:
        await uow.links.put(game.id, "telegram:board:-100", "42")  # a new board message
        await uow.links.put(other.id, "telegram:board:-100", "77")
        await uow.commit()
    async with repository.unit_of_work() as uow:
        assert await uow.links.for_game(game.id) == {
            "telegram:board:-100": "42",
            "discord:thread": "9001",
        }
        assert await uow.links.find("telegram:board:-100", "42") == game.id
        assert await uow.links.find("telegram:board:-100", "41") is None
        assert await uow.links.find("discord:thread", "9001") == game.id
        assert await uow.links.for_game(12345) == {}


async def test_links_through_the_service(repository: Database) -> None:
    async with repository.unit_of_work() as uow:
        game = await uow.games.add(new_game())
        await uow.commit()
    service = GameService(repository)
    await service.directory.link(game.id, "discord:thread", "5")
    await service.directory.link(game.id, "discord:thread", "6")
    assert await service.directory.links(game.id) == {"discord:thread": "6"}
    assert await service.directory.game_at("discord:thread", "6") == game.id
    assert await service.directory.game_at("discord:thread", "5") is None
