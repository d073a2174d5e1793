"""A realistic league season built through the game service, for the web pages' tests, the
screenshots (scripts/web_screenshot.py) and the web bench (bench/bench_web.py).

:func:`build_season` creates a Swiss league, lets ``players`` join (names with ř and ő, and one
hostile name: markup, right-to-left letters and no spaces, as long as a name may be), starts it
and plays every round through :meth:`GameService.execute <service.GameService.execute>`: each
game's planned moves (:func:`plan`: walls, territory, invaders that die), then a resignation or
two passes and the count with the dead stones both players agreed to (the bot's proposal). The
last round's first ``open_games`` games stay open, mid-game: :meth:`Season.play_one` plays
their next move.

Only reading the league's games back (their numbers and players) goes to the storage directly.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field

from engine.coords import Point
from engine.game import Game
from service import Actor, GameService, Request
from service.club_commands import League, LeagueAction, LeagueInfo
from service.commands import Done, Pass, Play, Resign
from service.ports import Database, GameRow, GameStatus
from service.untrusted import NAME_LIMIT, clean

COMMUNITY = "console"
ORGANISER = Actor("console:organiser", "Organiser")
HOSTILE_NAME = "<script>alert(1)</script>שלוםWolfeschlegelsteinhausenbergerdorffStraße"
"""Markup, right-to-left letters and one long word (the service cuts names at 64 characters)."""

RESIGNED_SHARE = 0.4  # the share of finished games that end by resignation
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
    #: the open games as the engine sees them, and the moves each has still planned
    positions: dict[int, Game] = field(default_factory=dict)
    plans: dict[int, list[Point]] = field(default_factory=dict)
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
        """Play an open game's next move (its plan's, else a random legal one); returns it
        (``D4``, ``pass``)."""
        row = await self.game(game_id)
        assert row.status is GameStatus.ACTIVE and row.to_move is not None, row
        return await _move(
            self.service,
            row,
            self.positions[game_id],
            self.plans[game_id],
            self.actor(row.to_move),
            self.rng,
        )

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
    open_games: int = 2,
    name: str = "Podzim",
    seed: int = 1,
    hostile: bool = True,
) -> Season:
    """A Swiss league of ``players`` playing ``rounds`` rounds (players / 2 × rounds games) of
    ``size``×``size`` games (:func:`plan`); the last round's first ``open_games`` stay open,
    mid-game; the fourth player has :data:`HOSTILE_NAME` unless not ``hostile``. ``service``
    must run on ``database``."""
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
    await service.execute(League(LeagueAction.START, name), org)
    for number in range(1, rounds + 1):
        if number > 1:
            await service.execute(League(LeagueAction.PAIR, name), org)
        async with database.unit_of_work() as uow:
            games = [g for g in await uow.games.in_league(row.id) if g.round == number]
        for index, game in enumerate(games):
            season.positions[game.id] = Game(game.size, game.komi, game.handicap)
            season.plans[game.id] = moves = plan(game.size, rng)
            if number == rounds and index < open_games:
                for _ in range(rng.randint(len(moves) * 3 // 10, len(moves) * 7 // 10)):
                    await season.play_one(game.id)
                season.open.append(game.id)
                continue
            resigns = rng.random() < RESIGNED_SHARE
            played = rng.randint(len(moves) // 2, len(moves)) if resigns else len(moves)
            for _ in range(played):
                await season.play_one(game.id)
            await _finish(service, await season.game(game.id), season, resigns)
            del season.positions[game.id], season.plans[game.id]
    return season


def plan(size: int, rng: random.Random) -> list[Point]:
    """The moves of a plausible game, Black's and White's in turn: each builds a wall across
    the board (Black's beside White's, at a random place, along the rows or the columns), makes
    a few moves in its own area and invades the other's with a lone stone or two (which die), so
    that a count shows two territories and some dead stones, as a real game's does."""
    wall = rng.randint(size // 2 - 1, size // 2)  # Black's line; White's is the next one
    along = rng.random() < 0.5

    def at(line: int, other: int) -> Point:
        return Point(other, line) if along else Point(line, other)

    invade = rng.randint(0, 2)
    black_inv = [at(rng.randint(wall + 3, size - 1), rng.randrange(size)) for _ in range(invade)]
    white_inv = [at(rng.randint(0, wall - 2), rng.randrange(size)) for _ in range(invade)]
    near = {n for p in black_inv + white_inv for n in _around(p, size)}
    extra = rng.randint(0, size // 2)
    black_area = [at(x, y) for x in range(wall) for y in range(size)]
    white_area = [at(x, y) for x in range(wall + 2, size) for y in range(size)]
    sides = []
    for wall_line, invaders, area in (
        (wall, black_inv, black_area),
        (wall + 1, white_inv, white_area),
    ):
        free = [p for p in area if p not in near]
        moves = [at(wall_line, y) for y in range(size)] + invaders + rng.sample(free, extra)
        rng.shuffle(moves)
        sides.append(list(dict.fromkeys(moves)))
    length = min(len(sides[0]), len(sides[1]))
    return [p for pair in zip(sides[0][:length], sides[1][:length], strict=True) for p in pair]


def _around(point: Point, size: int) -> list[Point]:
    """``point`` and its neighbours on the board."""
    steps = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
    return [
        Point(point.row + dr, point.col + dc)
        for dr, dc in steps
        if 0 <= point.row + dr < size and 0 <= point.col + dc < size
    ]


async def _move(
    service: GameService,
    row: GameRow,
    game: Game,
    planned: list[Point],
    actor: Actor,
    rng: random.Random,
) -> str:
    """The player to move plays the plan's next point, or (when it is illegal, or the plan
    is over) a random legal point that does not fill their own eye, or passes."""
    color = game.to_move
    board = game.board
    point = planned.pop(0) if planned else None
    if point is None or game.check_move(color, point) is not None:
        choices = [
            p
            for p in board.legal_points(color)
            if game.check_move(color, p) is None
            and not all(board.get(n) is color for n in board.neighbours(p))
        ]
        point = rng.choice(choices) if choices else None
    request = _request(actor, row.id)
    game.play(color, point)
    if point is None:
        await service.execute(Pass(), request)
        return "pass"
    await service.execute(Play(point.gtp()), request)
    return point.gtp()


async def _finish(service: GameService, row: GameRow, season: Season, resigns: bool) -> None:
    """End a game: by resignation (either player), or two passes and both players' consent to
    the marking the bot proposed."""
    assert row.black is not None and row.white is not None
    black, white = season.actor(row.black), season.actor(row.white)
    if resigns:
        loser = season.rng.choice((black, white))
        await service.execute(Resign(confirm=True), _request(loser, row.id))
        season.resigned.append(row.id)
        return
    first = season.actor(row.to_move or row.black)
    second = white if first is black else black
    await service.execute(Pass(), _request(first, row.id))
    await service.execute(Pass(), _request(second, row.id))
    for actor in (black, white):
        await service.execute(Done(), _request(actor, row.id))
    finished = await season.game(row.id)
    assert finished.status is GameStatus.FINISHED, dataclasses.asdict(finished)
    season.counted.append(row.id)


async def publish(season: Season) -> str:
    """Publish the season's league as its organiser (``league publish NAME``) and return the
    token of its web address."""
    await season.service.execute(League(LeagueAction.PUBLISH, season.name), _org_request())
    async with season.database.unit_of_work() as uow:
        row = await uow.leagues.get(season.league_id)
    assert row is not None and row.token, row
    return row.token
