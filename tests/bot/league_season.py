"""Realistic league seasons built by driving the service, for the export tests: games played
out stone by stone from board diagrams and counted with the dead stones the players agree on
(a seki, a jigo, handicap games, an agreed fill of the dame), resignations, an adjudication and
a void game; byes and a withdrawal.

A game is played to a final diagram: the stones it lacks are placed by the players in turn (a
player with none left passes once), then both pass. Every chain of a final diagram keeps a
liberty, so no placement captures or is suicide whatever the order. At the stop, the marking is
toggled chain by chain until the given stones are the dead ones, and both accept it."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from club.ranks import rating_of
from engine.colors import Color
from engine.coords import format_vertex, parse_vertex
from engine.diagram import parse_diagram
from engine.handicap import handicap_points
from service import GameService
from service.club_commands import League, LeagueAction
from service.club_ports import LeagueRow, RatingRow
from service.commands import (
    Actor,
    Adjudicate,
    Dead,
    Done,
    FillDame,
    Pass,
    Play,
    Request,
    Resign,
)
from service.ports import Database, GameRow, GameStatus

T0 = 1_793_491_200.0  # 2026-11-01T00:00:00Z
DAY = 86_400.0
ORG = Actor("console:org", "org")
PLAYERS = {n: Actor(f"console:{n}", n) for n in ("alice", "bob", "carol", "dave", "erin")}

# Black walls off columns A-D with column E, White holds F-J with column F.
SEKI = """
....XO...
....XO...
....XO...
....XO...
....XO...
....XO...
XXXXXO...
OOOOXO...
.X.OXO..."""
"""Black 24, White 27: the white chain A2-D2, D1 and the black B1 share the dame A1 and C1."""

JIGO = """
....XO...
....XO.X.
....XO...
....XO...
....XO.X.
....XO...
....XO...
....XO.X.
....XO..."""
"""Black 36, White 27 + 3 prisoners (H2, H5, H8 dead) + komi 6: jigo."""

DEAD = """
....XO...
....XO...
....XO...
....XO...
.O..XO...
....XO...
....XO...
....XO...
....XO..."""
"""Black 36 + 1 prisoner (B5 dead), White 27 + komi."""

FILL = """
...X.O...
...X.O...
...X.O...
...X.O...
...X.O...
...X.O...
...X.O...
...X.O...
...X.O..."""
"""Black 27, White 27 + komi once the dame of column E are filled by agreement."""

WALLS = """
....XO...
....XO...
....XO...
....XO...
....XO...
....XO...
....XO...
....XO...
....XO..."""
"""With the handicap stones on the board: those of columns G-J die in White's area."""


class Clock:
    """The service's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


class Season:
    """A service on ``database`` with a clock and the players of :data:`PLAYERS`."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.clock = Clock()
        self.service = GameService(
            database, organisers=[ORG.id], clock=self.clock, rng=random.Random(7)
        )
        self.actors = {actor.id: actor for actor in (*PLAYERS.values(), ORG)}

    async def run(self, command: Any, actor: Actor, **request: Any) -> Any:
        self.clock.now += 600.0
        return await self.service.execute(command, Request(actor, "console", **request))

    async def league(self, name: str) -> LeagueRow:
        async with self.database.unit_of_work() as uow:
            (row,) = await uow.leagues.named(name)
        return row

    async def games(self, name: str, round_no: int | None = None) -> list[GameRow]:
        league = await self.league(name)
        async with self.database.unit_of_work() as uow:
            rows = await uow.games.in_league(league.id)
        return [r for r in rows if round_no is None or r.round == round_no]

    async def game(self, gid: int) -> GameRow:
        async with self.database.unit_of_work() as uow:
            row = await uow.games.get(gid)
        assert row is not None
        return row

    async def rate(self, ranks: dict[str, float]) -> None:
        """Give players ratings in the middle of these rank numbers (0 = 30k, 30 = 1d)."""
        async with self.database.unit_of_work() as uow:
            for name, rank in ranks.items():
                await uow.ratings.save(RatingRow(PLAYERS[name].id, rating_of(rank + 0.5), 60.0))
            await uow.commit()

    def player(self, row: GameRow, color: Color) -> Actor:
        return self.actors[(row.black if color is Color.BLACK else row.white) or ""]

    async def play_to(self, gid: int, diagram: str) -> None:
        """Place the stones the game lacks of ``diagram`` in turn, then both pass."""
        row = await self.game(gid)
        size, final = parse_diagram(diagram)
        placed = set(handicap_points(size, row.handicap)) if row.handicap else set()
        todo = {
            color: [p for p, c in sorted(final.items()) if c is color and p not in placed]
            for color in Color
        }
        mover = Color.WHITE if row.to_move == row.white else Color.BLACK
        while todo[Color.BLACK] or todo[Color.WHITE]:
            actor = self.player(row, mover)
            if todo[mover]:
                await self.run(Play(format_vertex(todo[mover].pop(0))), actor, game=gid)
            else:
                await self.run(Pass(), actor, game=gid)
            mover = mover.opponent
        await self.run(Pass(), self.player(row, mover), game=gid)
        await self.run(Pass(), self.player(row, mover.opponent), game=gid)

    async def agree(self, gid: int, dead: Iterable[str], *, fill: bool = False) -> None:
        """Toggle the marking until ``dead`` (whole chains) are the dead stones; with ``fill``
        both agree to fill the dame; both accept."""
        row = await self.game(gid)
        want = {parse_vertex(v, row.size) for v in dead}
        for _ in range(20):
            row = await self.game(gid)
            marked = {parse_vertex(v, row.size) for v in row.data.get("dead", [])}
            wrong = sorted(marked ^ want)
            if not wrong:
                break
            black = self.player(row, Color.BLACK)
            await self.run(Dead((format_vertex(wrong[0]),)), black, game=gid)
        if fill:
            for color in Color:
                await self.run(FillDame(), self.player(row, color), game=gid)
        for color in Color:
            await self.run(Done(), self.player(row, color), game=gid)
        assert (await self.game(gid)).status is GameStatus.FINISHED

    async def count(self, gid: int, diagram: str, dead: Iterable[str] = ()) -> str:
        """Play to ``diagram``, agree on ``dead``: the result."""
        await self.play_to(gid, diagram)
        await self.agree(gid, dead)
        return (await self.game(gid)).result or ""

    async def fill(self, gid: int) -> str:
        """Play to :data:`FILL`, fill the dame by agreement and count: the result."""
        await self.play_to(gid, FILL)
        await self.agree(gid, (), fill=True)
        return (await self.game(gid)).result or ""

    async def resign(self, gid: int, color: Color) -> str:
        """One move by the player to move, then ``color`` resigns: the result."""
        row = await self.game(gid)
        mover = self.actors[row.to_move or ""]
        await self.run(Play("E5" if mover.id == row.black else "F5"), mover, game=gid)
        await self.run(Resign(confirm=True), self.player(row, color), game=gid)
        return (await self.game(gid)).result or ""

    async def adjudicate(self, gid: int, result: str) -> str:
        await self.run(Adjudicate(result), ORG, game=gid)
        return (await self.game(gid)).result or ""


async def league_round(season: Season, name: str, round_no: int, play: Any) -> None:
    """Finish (or leave) each game of the round with ``play(row)``, from a day later."""
    season.clock.now += DAY
    for row in await season.games(name, round_no):
        await play(row)


async def build_autumn(season: Season) -> None:
    """A five-player round robin on 9×9 with komi 6: ten games, a bye each round (byes win): a
    jigo, two seki, two agreed fills, dead stones counted twice, a resignation, an adjudicated
    resignation and a void game."""
    options = {"size": "9", "komi": "6"}
    await season.run(League(LeagueAction.CREATE, "autumn", options=options), ORG)
    for name in ("alice", "bob", "carol", "dave", "erin"):
        await season.run(League(LeagueAction.JOIN, "autumn"), PLAYERS[name])
    await season.run(League(LeagueAction.START, "autumn"), ORG)
    kinds = ["jigo", "seki", "fill", "dead", "resign", "adjudicate", "void", "dead", "fill"]
    kinds.append("seki")

    async def play(row: GameRow) -> None:
        kind = kinds.pop(0)
        if kind == "jigo":
            await season.count(row.id, JIGO, ("H2", "H5", "H8"))
        elif kind == "seki":
            await season.count(row.id, SEKI)
        elif kind == "fill":
            await season.fill(row.id)
        elif kind == "dead":
            await season.count(row.id, DEAD, ("B5",))
        elif kind == "resign":
            await season.resign(row.id, Color.WHITE)
        elif kind == "adjudicate":
            await season.adjudicate(row.id, "B+R")
        else:
            await season.adjudicate(row.id, "void")

    for round_no in range(1, 6):
        if round_no > 1:
            await season.run(League(LeagueAction.PAIR, "autumn"), ORG)
        await league_round(season, "autumn", round_no, play)
    await season.run(League(LeagueAction.END, "autumn"), ORG)


async def build_winter(season: Season) -> None:
    """A five-player Swiss league of three rounds with handicaps by rank (alice, bob and erin
    1k, carol 2k, dave 4k; byes win, komi 6): handicap games are counted with the handicap
    stones on White's side dead, games one rank apart (komi 0.5) with a dead white stone, the
    first even game is a jigo and the others are resigned. After round 1 erin withdraws; the
    game without handicap stones is adjudicated in round 2, and still being played in round 3."""
    await season.rate({"alice": 29, "bob": 29, "erin": 29, "carol": 28, "dave": 26})
    options = {"system": "swiss", "rounds": "3", "size": "9", "komi": "6", "handicap": "auto"}
    await season.run(League(LeagueAction.CREATE, "winter", options=options), ORG)
    for name in ("alice", "bob", "carol", "dave", "erin"):
        await season.run(League(LeagueAction.JOIN, "winter"), PLAYERS[name])
    await season.run(League(LeagueAction.START, "winter"), ORG)
    jigo: list[int] = []

    async def play(row: GameRow) -> None:
        if row.handicap >= 2:
            dead = [format_vertex(p) for p in handicap_points(9, row.handicap) if p.col > 5]
            await season.count(row.id, WALLS, dead)
        elif row.komi == 0.5:
            await season.count(row.id, DEAD, ("B5",))
        elif not jigo:
            jigo.append(row.id)
            await season.count(row.id, JIGO, ("H2", "H5", "H8"))
        else:
            await season.resign(row.id, Color.BLACK)

    await league_round(season, "winter", 1, play)
    await season.run(League(LeagueAction.LEAVE, "winter"), PLAYERS["erin"])
    await season.run(League(LeagueAction.PAIR, "winter"), ORG)
    second = await season.games("winter", 2)
    await season.adjudicate(next(r for r in second if r.handicap < 2).id, "W+R")
    await league_round(season, "winter", 2, play_open(play))
    await season.run(League(LeagueAction.PAIR, "winter"), ORG)
    third = await season.games("winter", 3)
    keep = next(r for r in third if r.handicap < 2).id
    await league_round(season, "winter", 3, play_open(play, keep=keep))


def play_open(play: Any, keep: int | None = None) -> Any:
    """``play`` for the games still being played, but game ``keep``."""

    async def open_only(row: GameRow) -> None:
        if row.status is GameStatus.ACTIVE and row.id != keep:
            await play(row)

    return open_only
