"""A realistic league season built through the game service, for the web pages' tests, the
screenshots (scripts/web_screenshot.py) and the web bench (bench/bench_web.py).

:func:`build_season` creates a Swiss league, lets ``players`` join (names with ř and ő, and one
hostile name: markup, right-to-left letters and no spaces, as long as a name may be), starts it
and plays every round through :meth:`GameService.execute <service.GameService.execute>`: random
legal moves (never filling one's own eye), then a resignation or two passes and the count with
the dead stones both players agreed to (the bot's proposal). The last round's first
``open_games`` games stay open, mid-game: :meth:`Season.play_one` plays their next move.

Only reading the league's games back (their numbers and players) goes to the storage directly.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.coords import Point
from engine.game import Game
from service import Actor, GameService, Request
from service.club_commands import League, LeagueAction, LeagueInfo
from service.club_ports import LeagueRow
from service.commands import Done, Pass, Play, Resign
from service.ports import Database, GameRow, GameStatus
from service.untrusted import NAME_LIMIT, clean

COMMUNITY = "console"
ORGANISER = Actor("console:organiser", "Organiser")
HOSTILE_NAME = "<script>alert(1)</script>שלוםWolfeschlegelsteinhausenbergerdorffStraße"
"""Markup, right-to-left letters and one long word (the service cuts names at 64 characters)."""

_FIRST = ("Jiří", "Ernő", "Řehoř", "Győző", "Zsófia", "Běla", "Ödön", "Květa", "Lőrinc", "Eliška")
_LAST = ("Dvořák", "Kovács", "Šťastný", "Szőke", "Nováček", "Erdős", "Růžička", "Gárdonyi")


def player_names(count: int, *, hostile: bool = True) -> list[str]:
    """``count`` distinct display names with Czech and Hungarian letters; the fourth (when
    there are four, and ``hostile``) is :data:`HOSTILE_NAME`."""
    names = [
        f"{_FIRST[k % len(_FIRST)]} {_LAST[(k // len(_FIRST) + k) % len(_LAST)]}"
        for k in range(count)
    ]
    names = [n if names.index(n) == k else f"{n} {k}" for k, n in enumerate(names)]
    if count >= 4 and hostile:
        names[3] = HOSTILE_NAME
    return names


@dataclass(slots=True)
class Season:
    """What :func:`build_season` made: the league, its players (in joining order: player ``n``
    of the league is ``players[n - 1]``) and its games by how they ended."""

    service: GameService
    database: Database
    league_id: int
    name: str
    players: tuple[Actor, ...]
    resigned: list[int] = field(default_factory=list)
    counted: list[int] = field(default_factory=list)
    open: list[int] = field(default_factory=list)
    #: the open games as the engine sees them, to pick each next move
    positions: dict[int, Game] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)

    @property
    def games(self) -> list[int]:
        """Every game of the season, by number."""
        return sorted(self.resigned + self.counted + self.open)

    def actor(self, account: str) -> Actor:
        """The player whose account is ``account``."""
        return next(a for a in self.players if a.id == account)

    async def game(self, game_id: int) -> GameRow:
        """The stored row of one game."""
        async with self.database.unit_of_work() as uow:
            row = await uow.games.get(game_id)
        assert row is not None
        return row

    async def play_one(self, game_id: int) -> str:
        """Play the next random legal move of an open game; returns it (``D4``)."""
        row = await self.game(game_id)
        game = self.positions[game_id]
        return await _move(self.service, row, game, self.actor, self.rng)

    async def standings(self) -> list[str]:
        """The players' display names in the service's standings order (its table's rows:
        ``@`` and the name), for comparing the web page's order with."""
        view = await self.service.execute(
            LeagueInfo(LeagueAction.STANDINGS, self.name), _org_request()
        )
        assert view.table is not None
        return [row[1].removeprefix("@") for row in view.table.rows]


def _org_request() -> Request:
    return Request(ORGANISER, COMMUNITY, community=COMMUNITY, organiser=True)


def _request(actor: Actor, game_id: int) -> Request:
    return Request(actor, COMMUNITY, game=game_id, community=COMMUNITY)


async def build_season(
    service: GameService,
    database: Database,
    *,
    players: int = 8,
    rounds: int = 3,
    size: int = 9,
    moves: tuple[int, int] = (16, 44),
    open_games: int = 2,
    name: str = "Podzim",
    seed: int = 1,
    hostile: bool = True,
) -> Season:
    """A Swiss league of ``players`` playing ``rounds`` rounds of ``size``×``size`` games of
    ``moves`` random moves each (players / 2 × rounds games); the last round's first
    ``open_games`` stay open; the fourth player has :data:`HOSTILE_NAME` unless not
    ``hostile``. ``service`` must run on ``database``."""
    rng = random.Random(seed)
    actors = tuple(  # as the service keeps them (a name is cut at its longest)
        Actor(f"console:player{k:02d}", clean(text, limit=NAME_LIMIT))
        for k, text in enumerate(player_names(players, hostile=hostile))
    )
    org = _org_request()
    options = {"system": "swiss", "rounds": str(rounds), "size": str(size), "komi": "6.5"}
    await service.execute(League(LeagueAction.CREATE, name, options=options), org)
    for actor in actors:
        await service.execute(League(LeagueAction.JOIN, name), Request(actor, COMMUNITY))
    async with database.unit_of_work() as uow:
        row = await uow.leagues.find(COMMUNITY, name)
    assert row is not None
    season = Season(service, database, row.id, name, actors, rng=rng)
    named = {a.id: a for a in actors}
    await service.execute(League(LeagueAction.START, name), org)
    for number in range(1, rounds + 1):
        if number > 1:
            await service.execute(League(LeagueAction.PAIR, name), org)
        async with database.unit_of_work() as uow:
            games = [g for g in await uow.games.in_league(row.id) if g.round == number]
        for index, game in enumerate(games):
            position = Game(game.size, game.komi, game.handicap)
            count = rng.randint(*moves)
            if number == rounds and index < open_games:
                for _ in range(count):
                    await _move(
                        service, await season.game(game.id), position, named.__getitem__, rng
                    )
                season.open.append(game.id)
                season.positions[game.id] = position
                continue
            for _ in range(count):
                game = await season.game(game.id)
                await _move(service, game, position, named.__getitem__, rng)
            await _finish(service, await season.game(game.id), named, rng, season)
    return season


async def _move(
    service: GameService,
    row: GameRow,
    game: Game,
    actor_of: Callable[[str], Actor],
    rng: random.Random,
) -> str:
    """The player to move plays a random legal point that does not fill their own eye (or
    passes when there is none)."""
    assert row.status is GameStatus.ACTIVE and row.to_move is not None, row
    actor = actor_of(row.to_move)
    color = game.to_move
    board = game.board
    choices = [
        p
        for p in board.legal_points(color)
        if game.check_move(color, p) is None
        and not all(board.get(n) is color for n in board.neighbours(p))
    ]
    request = _request(actor, row.id)
    if not choices:
        game.play(color, None)
        await service.execute(Pass(), request)
        return "pass"
    point: Point = rng.choice(choices)
    game.play(color, point)
    await service.execute(Play(point.gtp()), request)
    return point.gtp()


async def _finish(
    service: GameService,
    row: GameRow,
    named: dict[str, Actor],
    rng: random.Random,
    season: Season,
) -> None:
    """End a game: by resignation (either player), or two passes and both players' consent to
    the marking the bot proposed."""
    assert row.black is not None and row.white is not None
    black, white = named[row.black], named[row.white]
    if rng.random() < 0.4:
        loser = rng.choice((black, white))
        await service.execute(Resign(confirm=True), _request(loser, row.id))
        season.resigned.append(row.id)
        return
    first = named[row.to_move or row.black]
    second = white if first is black else black
    await service.execute(Pass(), _request(first, row.id))
    await service.execute(Pass(), _request(second, row.id))
    for actor in (black, white):
        await service.execute(Done(), _request(actor, row.id))
    finished = await season.game(row.id)
    assert finished.status is GameStatus.FINISHED, dataclasses.asdict(finished)
    season.counted.append(row.id)


class NotYetBuilt(RuntimeError):
    """What the pages need has not landed on this branch yet (the error says what)."""


async def publish(season: Season) -> str:
    """Publish the season's league (``league publish NAME``, as its organiser) and return the
    token of its web address.

    PROVISIONAL (issue 26; for the lead to switch when ``league publish`` lands): written
    against the contract without naming what is not on every branch yet. With
    ``LeagueAction.PUBLISH`` it goes through the service; with only ``LeagueRow.token`` (the
    storage of the publish work) the token is written into the league's row directly; with
    neither it raises :class:`NotYetBuilt`. Once the action exists, this is
    ``League(LeagueAction.PUBLISH, season.name)`` and a read of ``row.token``."""
    action = getattr(LeagueAction, "PUBLISH", None)
    if action is not None:
        await season.service.execute(League(action, season.name), _org_request())
    elif any(f.name == "token" for f in dataclasses.fields(LeagueRow)):
        async with season.database.unit_of_work() as uow:
            row = await uow.leagues.get(season.league_id)
            assert row is not None
            changes: dict[str, Any] = {"token": secrets.token_urlsafe(16)}
            await uow.leagues.update(dataclasses.replace(row, **changes))
            await uow.commit()
    else:
        raise NotYetBuilt("`league publish` (LeagueRow.token) is not on this branch yet")
    async with season.database.unit_of_work() as uow:
        row = await uow.leagues.get(season.league_id)
    token = getattr(row, "token", None)
    assert isinstance(token, str) and token, row
    return token
