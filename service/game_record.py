"""A game's record as an SGF file, with what the service knows of it: the players' names and
ranks at the time, the league and round, the days played, the result and, for a game that ended
by counting, the agreed dead stones as the final count's territory marks (so that ``gobot score``
on the file reproduces its ``RE``). The ``sgf`` command and ``gobot export`` write it.

- ``EV``/``RO``: the league's name and the round, for a league game;
- ``DT``: the day the game started, and the day it ended when that is later
  (:func:`records.sgf_write.sgf_dates`, UTC);
- ``BR``/``WR``: each player's rank when the game started, from the rating after their last
  rated game that ended before (:func:`club.ranks.rank_label`, as ``rating`` and ``gobot
  ratings`` show it: ``6k``, ``6k?`` while provisional; SGF ranks are free text); left out for a
  player who had no rated game then;
- ``TB``/``TW``: only for a result of the count the players agreed (not for a resignation, a loss
  on time, no result or an organiser's adjudication).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable

from club.ranks import rank_label
from engine.counting import Count
from engine.result import ResultKind
from records.sgf_write import sgf_dates, write_sgf
from service import people
from service.model import Loaded
from service.showing import counted
from service.unit import Unit

CHANGES_PAGE = 20
"""Rating changes read at a time, newest first, looking for the last one before a game."""

COUNTED = (ResultKind.SCORE, ResultKind.JIGO)


def day(seconds: float) -> dt.date:
    """The UTC day of a timestamp."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).date()


async def rank_then(unit: Unit, account: str | None, when: float) -> str | None:
    """The rank of the account's person at ``when``: from the rating after their last rated
    game that ended by then (any of their linked accounts); None when there was none."""
    if account is None:
        return None
    person = (await people.persons(unit, [account]))[account]
    accounts = await unit.uow.players.accounts(person) or [person]
    limit = CHANGES_PAGE
    while True:
        changes = await unit.uow.ratings.changes(accounts, limit)
        for change in changes:  # newest first
            if change.at <= when:
                return rank_label(change.after, change.deviation)
        if len(changes) < limit:
            return None
        limit *= 4


def final_count(loaded: Loaded) -> Count | None:
    """The count the players agreed at the end, when the game's result is that count's (not a
    resignation, time, no result or an adjudication)."""
    result = loaded.game.result
    if result is None or result.kind not in COUNTED or loaded.state.adjudicator is not None:
        return None
    if loaded.game.capture:  # Capture Go counts nothing: its draw is two passes, not a count
        return None
    score = counted(loaded)
    return score if score.result == result else None


async def _chat_name(unit: Unit, account: str | None) -> str:
    return (await people.name(unit, account)).lstrip("@")


async def game_sgf(
    unit: Unit,
    loaded: Loaded,
    *,
    name: Callable[[str | None], Awaitable[str]] | None = None,
) -> bytes:
    """The game's record as SGF bytes (see the module docstring). ``name``: how a player or the
    adjudicator is named (by default as the chat names them, without ``@``)."""
    row = loaded.row
    named = name or (lambda account: _chat_name(unit, account))
    await unit.read_players((row.black, row.white))
    judge = loaded.state.adjudicator
    league = None if row.league_id is None else await unit.uow.leagues.get(row.league_id)
    ended = row.finished_at if loaded.finished else None
    return write_sgf(
        loaded.game,
        black_name=await named(row.black),
        white_name=await named(row.white),
        date=sgf_dates(day(row.created_at), None if ended is None else day(ended)),
        result=loaded.game.result,
        adjudicator=None if judge is None else await named(judge),
        event=None if league is None else league.name,
        round_no=row.round if league is not None else None,
        black_rank=await rank_then(unit, row.black, row.created_at),
        white_rank=await rank_then(unit, row.white, row.created_at),
        count=final_count(loaded),
    )
