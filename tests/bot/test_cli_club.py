"""The organiser's command line for club play (``gobot games|ratings|standings|export``): a
SQLite database built by driving the service — a rated game, a challenge never taken, a
round-robin league in the console (one round adjudicated, the next paired) and a league of the
same name on a Discord server — then read through ``main``: JSON exactly, text by its columns,
the export's zip, and the errors (one line on stderr, exit 2)."""

from __future__ import annotations

import asyncio
import csv
import datetime as dt
import io
import json
import random
import re
import zipfile
from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import Any

import pytest

import storage
from bot.cli import main
from club.ranks import rank_label
from records.sgf import read_sgf
from service import GameService
from service.club_commands import League, LeagueAction
from service.commands import Accept, Actor, Adjudicate, Challenge, Play, Request, Resign
from service.ports import Database
from tests.postgres_support import drop_schema, new_schema, require_postgres

ALICE, BOB, CAROL, ORG = (Actor(f"console:{n}", n) for n in ("alice", "bob", "carol", "org"))
T0 = 1_700_000_000.0  # 2023-11-14T22:13:20Z
HOUR = 3600.0


def at(seconds: float) -> str:
    """The CLI's time for ``T0 + seconds``."""
    return dt.datetime.fromtimestamp(T0 + seconds, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Clock:
    """The service's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


async def build(opening: Awaitable[Database]) -> None:
    """Games 1 (rated, finished), 2 (a challenge only), 3 (league round 1, adjudicated) and 4
    (league round 2, being played); ``autumn`` in the console and on a Discord server."""
    database = await opening
    clock = Clock()
    service = GameService(database, organisers=["console:org"], clock=clock, rng=random.Random(1))

    async def run(command: Any, actor: Actor, after: float, **request: Any) -> None:
        clock.now = T0 + after
        await service.execute(command, Request(actor, "console", **request))

    try:
        terms = {"size": "9", "komi": "6.5", "color": "black", "rated": "yes"}
        await run(Challenge(BOB, terms), ALICE, 0)
        await run(Accept(), BOB, 60, game=1)
        await run(Play("E5"), ALICE, 120, game=1)
        await run(Resign(confirm=True), BOB, 180, game=1)
        await run(Challenge(ALICE, {"size": "19", "rated": "no"}), CAROL, 240)
        await run(League(LeagueAction.CREATE, "autumn", options={"size": "13"}), ORG, HOUR)
        for player in (ALICE, BOB, CAROL):
            await run(League(LeagueAction.JOIN, "autumn"), player, HOUR)
        await run(League(LeagueAction.START, "autumn"), ORG, 2 * HOUR)
        await run(Adjudicate("W+R"), ORG, 3 * HOUR, game=3)
        await run(League(LeagueAction.PAIR, "autumn"), ORG, 4 * HOUR)
        clock.now = T0 + 5 * HOUR
        discord = Request(ORG, "discord:chan", community="discord:guild")
        await service.execute(League(LeagueAction.CREATE, "Autumn"), discord)
    finally:
        await database.close()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def built(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The ``DATABASE_URL`` of the built database: a SQLite file, or a PostgreSQL schema (its
    ``search_path`` in the URL's query, which asyncpg passes on as a server setting)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('club') / 'games.db'}"
        asyncio.run(build(storage.open_database(url)))
        yield url
        return
    from storage.postgres import open_postgres

    server = asyncio.run(require_postgres())
    schema = new_schema()
    try:
        asyncio.run(build(open_postgres(server, schema=schema)))
        yield f"{server}{'&' if '?' in server else '?'}search_path={schema}"
    finally:
        asyncio.run(drop_schema(server, schema))


@pytest.fixture
def database(built: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """``DATABASE_URL`` set to the built database, in an empty folder (no ``.env`` read)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", built)
    return built


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def columns(lines: list[str]) -> list[list[str]]:
    """The cells of an aligned table (columns are two or more spaces apart)."""
    return [re.split(r" {2,}", line.strip()) for line in lines]


def assert_aligned(lines: list[str], right: set[int]) -> None:
    """Every column starts (text) or ends (the ``right`` columns: numbers) at one place on every
    line, and no line ends in a space."""
    spans = [[m.span() for m in re.finditer(r"\S+(?: \S+)*", line)] for line in lines]
    for index in range(len(spans[0])):
        edge = 1 if index in right else 0
        assert len({cells[index][edge] for cells in spans}) == 1, (index, lines)
    assert all(line == line.rstrip() for line in lines)


def person(name: str) -> dict[str, str]:
    return {"id": f"console:{name}", "name": name}


def game(
    number: int,
    black: str,
    white: str,
    started: float,
    ended: float | None,
    result: str | None,
    **changes: Any,
) -> dict[str, Any]:
    return {
        "id": number,
        "black": person(black),
        "white": person(white),
        "size": 13,
        "komi": 6.5,
        "handicap": 0,
        "rated": True,
        "status": "finished" if ended is not None else "active",
        "community": "console",
        "league": "autumn",
        "league_id": 1,
        "round": number - 2,
        "result": result,
        "started": at(started),
        "ended": None if ended is None else at(ended),
        **changes,
    }


GAME_1 = game(1, "alice", "bob", 0, 180, "B+R", size=9, league=None, league_id=None, round=None)
GAME_3 = game(3, "bob", "carol", 2 * HOUR, 3 * HOUR, "W+R")
GAME_4 = game(4, "alice", "bob", 4 * HOUR, None, None)


GAMES_HEADER = "#  black  white  size  komi  handicap  rated  league  round  result  started  ended"


def test_games_json(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "games", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"games": [GAME_1, GAME_3, GAME_4]}  # not the challenge #2
    assert (GAME_1["started"], GAME_1["ended"]) == ("2023-11-14T22:13:20Z", "2023-11-14T22:16:20Z")


def test_games_of_a_league(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "games", "--league", "AUTUMN", "--community", "console", "--json"
    )
    assert code == 0
    assert json.loads(out) == {"games": [GAME_3, GAME_4]}
    code, out, _ = run_cli(capsys, "games", "--league", "autumn", "--community", "discord:guild")
    assert code == 0
    assert out.splitlines() == [GAMES_HEADER]


def test_games_text(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "games")
    assert code == 0
    lines = out.splitlines()
    assert columns(lines) == [
        GAMES_HEADER.split(),
        ["1", "alice", "bob", "9", "6.5", "0", "yes", "-", "-", "B+R", at(0), at(180)],
        ["3", "bob", "carol", "13", "6.5", "0", "yes", "autumn", "1", "W+R", at(7200), at(10800)],
        ["4", "alice", "bob", "13", "6.5", "0", "yes", "autumn", "2", "-", at(14400), "-"],
    ]
    assert_aligned(lines, right={0, 3, 4, 5, 8})


async def stored_ratings(url: str) -> dict[str, Any]:
    database = await storage.open_database(url)
    try:
        async with database.unit_of_work() as uow:
            persons = ["console:alice", "console:bob", "console:carol"]
            return await uow.ratings.get_many(persons)
    finally:
        await database.close()


def test_ratings(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    stored = asyncio.run(stored_ratings(database))
    assert {p: r.games for p, r in stored.items()} == {
        "console:alice": 1,
        "console:bob": 2,
        "console:carol": 1,
    }
    expected = [
        {
            "person": row.person,
            "name": row.person.partition(":")[2],
            "rating": round(row.rating, 2),
            "deviation": round(row.deviation, 2),
            "volatility": round(row.volatility, 6),
            "rank": rank_label(row.rating, row.deviation),
            "games": row.games,
        }
        for row in sorted(stored.values(), key=lambda r: -r.rating)
    ]
    assert [r["name"] for r in expected] == ["alice", "carol", "bob"]  # bob lost both
    code, out, err = run_cli(capsys, "ratings", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"ratings": expected}

    code, out, _ = run_cli(capsys, "ratings")
    assert code == 0
    lines = out.splitlines()
    assert columns(lines) == [
        ["player", "rating", "deviation", "volatility", "rank", "games"],
        *(
            [
                r["name"],
                f"{r['rating']:.0f}",
                f"{r['deviation']:.0f}",
                f"{r['volatility']:.4f}",
                r["rank"],
                str(r["games"]),
            ]
            for r in expected
        ),
    ]
    assert_aligned(lines, right={1, 2, 3, 5})


STANDINGS_HEADERS = ["#", "Player", "W", "SOS", "SODOS", "P", "Left"]
STANDINGS_ROWS = [  # the round-robin's byes: alice in round 1, carol in round 2 (a win each)
    ["1", "@carol", "2", "0", "0", "1", "1"],  # beat bob, then a bye
    ["2", "@alice", "1", "0", "0", "0", "2"],  # a bye, then playing bob (not played yet)
    ["3", "@bob", "0", "2", "0", "1", "1"],  # lost to carol, playing alice, a bye in round 3
]


def standing(
    place: int, who: str, rank: str, wins: float, sos: float, played: int, left: int
) -> dict:
    """A row of ``standings --json`` in this league (no ties, nobody withdrawn)."""
    return {
        "place": place,
        "shared": False,
        "person": f"console:{who}",
        "name": who,
        "rank": rank,
        "wins": wins,
        "mms": None,
        "sos": sos,
        "sodos": 0.0,
        "played": played,
        "left": left,
        "withdrawn": False,
    }


def test_standings(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed fields: numbers as numbers, the person to join with ``ratings --json``, the name
    without ``@``; the text is the chat's table."""
    code, out, err = run_cli(capsys, "standings", "autumn", "--community", "console", "--json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document == {
        "league": "autumn",
        "league_id": document["league_id"],
        "community": "console",
        "status": "running",
        "system": "roundrobin",
        "round": 2,
        "rounds": 3,
        "standings": [
            standing(1, "carol", "6k", 2.0, 0.0, 1, 1),
            standing(2, "alice", "4k", 1.0, 0.0, 0, 2),
            standing(3, "bob", "9k", 0.0, 2.0, 1, 1),
        ],
    }
    assert isinstance(document["league_id"], int)

    code, out, _ = run_cli(capsys, "standings", "autumn", "--community", "console")
    assert code == 0
    assert columns(out.splitlines()) == [STANDINGS_HEADERS, *STANDINGS_ROWS]
    assert_aligned(out.splitlines(), right={0, 2, 3, 4, 5, 6})


def test_standings_of_a_league_before_it_starts(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_cli(capsys, "standings", "autumn", "--community", "discord:guild", "--json")
    assert code == 0
    document = json.loads(out)
    assert (document["league"], document["status"], document["round"]) == ("Autumn", "entry", 0)
    assert document["standings"] == []


def test_a_name_in_several_communities(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["standings", "autumn"],
        ["export", "autumn", "-o", "x.zip"],
        ["games", "--league", "autumn"],
    ):
        code, out, err = run_cli(capsys, *argv)
        assert (code, out) == (2, "")
        assert err == (
            "error: 2 communities have a league 'autumn': 'console', 'discord:guild'; "
            "choose one with --community\n"
        )
    assert not Path("x.zip").exists()


def test_export(database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "season.zip"
    code, out, err = run_cli(
        capsys, "export", "autumn", "--community", "console", "-o", str(target)
    )
    assert (code, err) == (0, "")
    assert out == f"wrote {target}: 2 games of autumn, standings.csv\n"
    with zipfile.ZipFile(target) as archive:
        assert archive.namelist() == ["game-3.sgf", "game-4.sgf", "standings.csv"]
        third = read_sgf(archive.read("game-3.sgf"))
        fourth = read_sgf(archive.read("game-4.sgf"))
        table = archive.read("standings.csv").decode("utf-8")
    assert (third.black_name, third.white_name, third.result, third.size) == (
        "bob",
        "carol",
        "W+R",
        13,
    )
    assert (fourth.black_name, fourth.white_name, fourth.result) == ("alice", "bob", None)
    assert list(csv.reader(io.StringIO(table))) == [STANDINGS_HEADERS, *STANDINGS_ROWS]
    assert table.endswith("\r\n")


def test_errors(
    database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def refused(*argv: str) -> str:
        code, out, err = run_cli(capsys, *argv)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err
        return err

    assert "no league 'spring'" in refused("standings", "spring")
    assert "no league 'spring'" in refused("export", "spring", "-o", "s.zip")
    err = refused("standings", "autumn", "--community", "telegram:9")
    assert "'telegram:9'" in err and "'console', 'discord:guild'" in err
    assert "s.zip" in refused(
        "export", "autumn", "--community", "console", "-o", str(tmp_path / "no" / "s.zip")
    )

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'missing.db'}")
    assert "no database at" in refused("games")
    assert not (tmp_path / "missing.db").exists()  # never created
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all " * 100)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{garbage}")
    assert "cannot open the SQLite database" in refused("ratings")
    monkeypatch.setenv("DATABASE_URL", "mysql://go:hunter2@db/games")
    assert "hunter2" not in refused("standings", "autumn")


def test_an_empty_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "memory:")
    assert run_cli(capsys, "games", "--json") == (0, '{\n  "games": []\n}\n', "")
    assert run_cli(capsys, "ratings", "--json") == (0, '{\n  "ratings": []\n}\n', "")
    code, out, _ = run_cli(capsys, "ratings")
    assert (code, out) == (0, "player  rating  deviation  volatility  rank  games\n")
