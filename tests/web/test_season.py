"""The season the web tests and the bench serve, built through the service on every backend:
every kind of game is there (resigned, counted with agreed dead stones, open), the names are
stored as the service keeps them, and an open game takes another move."""

from __future__ import annotations

import random

from service import GameService
from service.ports import Database, GameStatus
from tests.service.conftest import database, real_database  # noqa: F401 (fixtures, used by name)
from tests.web.season import HOSTILE_NAME, ORGANISER, build_season, player_names


async def check_season(db: Database) -> None:
    service = GameService(db, organisers={ORGANISER.id}, rng=random.Random(2))
    season = await build_season(service, db, players=8, rounds=3, open_games=2)
    assert len(season.games) == 12
    assert season.resigned and season.counted and len(season.open) == 2
    rows = {g: await season.game(g) for g in season.games}
    for game in season.resigned:
        assert rows[game].status is GameStatus.FINISHED and rows[game].result in ("B+R", "W+R")
    for game in season.counted:
        result = rows[game].result
        assert rows[game].status is GameStatus.FINISHED and result is not None
        assert result == "0" or (result[:2] in ("B+", "W+") and result[2:] != "R")
    for game in season.open:
        assert rows[game].status is GameStatus.ACTIVE and rows[game].last_event > 3
    standings = await season.standings()
    assert sorted(standings) == sorted(p.name for p in season.players)
    assert season.players[3].name == HOSTILE_NAME[:63] + "…"
    before = rows[season.open[0]].last_event
    await season.play_one(season.open[0])
    assert (await season.game(season.open[0])).last_event == before + 1


async def test_a_season_in_memory(database: Database) -> None:  # noqa: F811
    await check_season(database)


async def test_a_season_on_sqlite_and_postgresql(real_database: Database) -> None:  # noqa: F811
    await check_season(real_database)


def test_names_are_distinct_and_speak_czech_and_hungarian() -> None:
    names = player_names(40)
    assert len(set(names)) == 40 and HOSTILE_NAME in names
    assert any("ř" in n for n in names) and any("ő" in n for n in names)
