"""``estimate``: who leads and by how much, as if the game ended now (a read: nothing changes).

The bot's own estimator (:mod:`engine.estimate`, fast, no GTP engine) says which stones are dead
and where play is still open; :func:`engine.territory_map.territory_owner` gives each other
point its holder: an area walled by one colour is its territory, an open one is held where
Bouzy's 5/21 map says it is solid (a lone stone of the opening holds next to nothing), a point
touching both colours is nobody's (dame, a seki's shared liberty). The count is the Japanese one
(Art. 10): each side's territory (the empty points it holds, and the points of the dead stones it
takes off), its prisoners (captured in play and the dead stones), and komi for White. Points
still open count for nobody. The answer is the leader and the margin, the tally, the dead
stones, and an ownership image (territory shading, dead-stone marks, open points: the counting
image's legend) shown beside the game's board.

Who may ask, and when:

- an unrated game: anyone (its players, and spectators naming it: ``estimate #12``), at any time;
- a rated or league game: its players only (a stranger's estimate could be passed on to a player
  during the game), after the stop (the confirmation phase, Art. 9.2); during play too where an
  organiser allowed it for the chat the game lives in (``settings channel estimate=on``);
- one estimate a minute per game and person (:attr:`service.limits.Limits.estimate_seconds`,
  kept per process); a refused one is not counted.

The estimator runs in the bot's reading process (a worker thread when it has none), so the event
loop (and every other game) goes on.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable
from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, Side
from engine.estimate import estimate as estimate_dead
from engine.territory_map import territory_owner
from service import people
from service.capture import refuse_counting
from service.commands import EstimateScore, ShowBoard
from service.errors import NoSuchGame, NotAPlayer, UserError, WrongPhase
from service.finding import find_game
from service.i18n import number, plural, t
from service.model import Loaded, color_of
from service.ports import GameStatus
from service.preferences import ESTIMATE, channel_owner
from service.registry import command, token
from service.unit import Unit
from service.views import BoardView, Button, Spot, View, color_name, points_text, side_texts

_TERRITORY = {Color.BLACK: PointStatus.BLACK_TERRITORY, Color.WHITE: PointStatus.WHITE_TERRITORY}


@dataclass(frozen=True, slots=True)
class Estimated:
    """The estimated count of a position: the dead stones (whole chains), the open points, each
    counted point's status (territory, a dead stone taken off) and both sides' tallies."""

    dead: frozenset[Point]
    unsettled: frozenset[Point]
    status: dict[Point, PointStatus]
    black: Side
    white: Side

    @property
    def margin(self) -> float:
        """Black's score less White's (negative: White leads)."""
        return self.black.score - self.white.score

    @property
    def leader(self) -> Color | None:
        """Who leads (None: even)."""
        if self.margin > 0:
            return Color.BLACK
        return Color.WHITE if self.margin < 0 else None


def estimated(board: Board, komi: float) -> Estimated:
    """The estimated Japanese count of ``board`` (pure: runs in a worker thread): the estimator's
    dead stones go to the other side as prisoners and their points become its territory where it
    holds them; every empty point a colour holds (:func:`engine.territory_map.territory_owner`)
    is its territory; open points (:attr:`engine.estimate.Estimate.unsettled`) and points nobody
    holds count for nobody."""
    proposal = estimate_dead(board)
    dead, unsettled = proposal.dead, frozenset(proposal.unsettled)
    owner = territory_owner(board, dead)
    territory = {Color.BLACK: 0, Color.WHITE: 0}
    prisoners = {c: board.prisoners[c] for c in Color}
    status: dict[Point, PointStatus] = {}
    for point, who in owner.items():
        stone = board.get(point)
        if point in dead:
            assert stone is not None
            prisoners[stone.opponent] += 1
            status[point] = PointStatus.DEAD_REMOVED
            if who is stone.opponent and point not in unsettled:
                territory[who] += 1
        elif stone is None and who is not None and point not in unsettled:
            territory[who] += 1
            status[point] = _TERRITORY[who]
    return Estimated(
        dead,
        unsettled,
        status,
        Side(territory[Color.BLACK], prisoners[Color.BLACK]),
        Side(territory[Color.WHITE], prisoners[Color.WHITE], komi),
    )


@command(EstimateScore, "estimate", writes=False)  # the estimator's reading, a read
async def estimate(unit: Unit, command: EstimateScore) -> View:
    """The estimate of the request's game for whoever may see it (see the module docstring)."""
    loaded = await find_game(unit)
    refuse_counting(loaded)  # Capture Go has no score to estimate
    row = loaded.row
    gid = row.id
    if loaded.finished or row.status is GameStatus.FINISHED:
        raise WrongPhase(t("error.estimate_finished", id=gid, result=row.result))
    if row.status is not GameStatus.ACTIVE:
        if row.status is GameStatus.DECLINED:
            raise NoSuchGame(t("error.declined", id=gid))
        raise WrongPhase(t("error.estimate_challenge", id=gid))
    actor = unit.actor.id
    persons = await people.persons(unit, [actor, *(p for p in (row.black, row.white) if p)])
    person = persons[actor]
    if row.rated or row.league_id is not None:
        players = {persons[p] for p in (row.black, row.white) if p}
        if color_of(row, actor) is None and person not in players:  # a linked account plays
            raise NotAPlayer(t("error.estimate_stranger", id=gid))
        if not loaded.stopped and not await allowed_in_play(unit, loaded):
            raise WrongPhase(t("error.estimate_rated", id=gid))
    seconds = unit.context.limits.estimate_seconds
    wait = unit.context.estimates.take((gid, person), unit.now, seconds)
    if wait is not None:
        raise UserError(t("error.estimate_wait", id=gid, seconds=max(1, math.ceil(wait))))
    # in the bot's reading process when it has one (never competing with the event loop)
    loop = asyncio.get_running_loop()
    board_copy = loaded.game.board.copy()
    counted = await loop.run_in_executor(unit.context.judging, estimated, board_copy, row.komi)
    names = await people.names(unit, row)
    leader = counted.leader
    margin = abs(counted.margin)
    lines: list[str] = [t("estimate.header", id=gid, n=loaded.game.move_number)]
    if leader is None:
        lines.append(t("estimate.even"))
    else:
        points = plural(margin, "result.points")
        name = names[leader]
        lines.append(t("estimate.leads", color=color_name(leader), name=name, points=points))
    text = tally(counted)
    lines.append(text)
    chains = _chains(loaded.game.board, counted.dead)
    if chains:
        lines.append(t("estimate.dead", points=points_text(chains)))
    else:
        lines.append(t("estimate.dead_none"))
    if counted.unsettled:
        lines.append(t("estimate.unsettled", points=points_text(sorted(counted.unsettled))))
    board = _board_view(loaded, counted, names, text)
    back = t("button.count") if loaded.stopped else t("button.board")  # the game's own board
    buttons = (Button(back, token(ShowBoard, gid)),)
    return View(tuple(lines), board=board, buttons=buttons, game_id=gid)


async def allowed_in_play(unit: Unit, loaded: Loaded) -> bool:
    """An organiser allowed estimates during play for the chat the game lives in (``settings
    channel estimate=on``): asked in the game's own chat, that chat's settings (a Discord
    thread's are its parent channel's); asked elsewhere, the game's chat's."""
    request = unit.request
    here = request.channel == loaded.row.channel
    owner = channel_owner(request.settings_channel if here else loaded.row.channel)
    await unit.read_settings([owner])
    return unit.settings[owner].get(ESTIMATE) == "on"


def _chains(board: Board, dead: Iterable[Point]) -> list[Point]:
    """One stone (the lowest) of each dead chain, in board order: where the dead groups are."""
    left = set(dead)
    shown: list[Point] = []
    for point in sorted(left):
        if point in left:
            left -= board.chain(point)
            shown.append(point)
    return shown


def tally(counted: Estimated) -> str:
    """``Estimate · Black: 45 territory + 12 prisoners = 57 · White: 40 + 9 + 6.5 = 55.5 · Black
    leads by 1.5`` (said again in each reader's language)."""
    black, white = side_texts(counted.black, counted.white)
    return t("estimate.tally", black=black, white=white, outcome=outcome(counted))


def outcome(counted: Estimated) -> str:
    """``Black leads by 1.5``, or ``even``."""
    leader = counted.leader
    if leader is None:
        return t("estimate.even_short")
    return t("estimate.ahead", color=color_name(leader), margin=number(abs(counted.margin)))


def _board_view(
    loaded: Loaded, counted: Estimated, names: dict[Color, str], text: str
) -> BoardView:
    """The position with the estimate's overlay (territory, dead stones, open points), the
    tally in its footer, marked as an estimate: shown beside the game's board, never in its
    place."""
    game, gid = loaded.game, loaded.row.id
    board = game.board
    stones: dict[Color, list[Spot]] = {Color.BLACK: [], Color.WHITE: []}
    for point, stone in board.stones():
        stones[stone].append(point)
    moves = game.move_number
    last = game.last_move
    played = last.point if last is not None and last.point is not None else None
    return BoardView(
        size=board.size,
        black=frozenset(stones[Color.BLACK]),
        white=frozenset(stones[Color.WHITE]),
        last_move=played,
        ko_point=board.ko_point,
        captures_black=counted.black.prisoners,
        captures_white=counted.white.prisoners,
        to_move=None,  # not the game's board: nobody moves on it
        move_number=moves,
        black_name=names[Color.BLACK],
        white_name=names[Color.WHITE],
        caption=t("caption.estimate", id=gid, n=moves, outcome=outcome(counted)),
        marks=tuple(sorted(counted.status.items())),
        tally=text,
        unsettled=frozenset(counted.unsettled),
        estimate=True,
    )
