"""What follows a game's result becoming final (Art. 10.4), in the same unit of work: the
ratings of a rated game (:mod:`service.rating`), and in a league, when it was the last open game
of its round, a word to the league's organiser that the next round can be paired."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.result import GameResult
from service.club_ports import LeagueStatus
from service.i18n import t
from service.ports import GameRow, GameStatus
from service.rating import rate_result
from service.views import Notice

if TYPE_CHECKING:
    from service.unit import Unit


async def finished(unit: Unit, row: GameRow, result: GameResult) -> None:
    """The consequences of ``row`` finishing with ``result`` (before the row is saved)."""
    if row.rated:
        await rate_result(unit, row, result)
    if row.league_id is not None and row.round is not None:
        await _round_done(unit, row)


async def _round_done(unit: Unit, row: GameRow) -> None:
    assert row.league_id is not None
    league = await unit.uow.leagues.get(row.league_id)
    if league is None or league.status is not LeagueStatus.RUNNING or league.round != row.round:
        return  # an older round's game (paired past with `force`): nothing to announce
    games = await unit.uow.games.in_league(row.league_id)
    open_games = [
        g
        for g in games
        if g.round == row.round and g.id != row.id and g.status is not GameStatus.FINISHED
    ]
    if open_games:
        return
    line = t("league.round_done", name=league.name, round=row.round)
    unit.notices.append(Notice(league.organiser, (line,)))
