"""Rated games: when a rated game's result becomes final (Art. 10.4), both players' Glicko-2
ratings are updated in the same unit of work (one game is one rating period, as OGS does), so a
result is rated exactly once however often its last command is delivered. Handicap stones count
as ranks of difference (:func:`club.glicko2.rate_game`). Jigo counts half; void, both-lose, games
against the computer and games between two accounts of one person are not rated."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from club.glicko2 import Rating, rate_game
from engine.colors import Color
from engine.result import GameResult, ResultKind
from service.club_ports import RatingChange, RatingRepository, RatingRow
from service.players import is_engine
from service.ports import GameRow

UNRATED = (ResultKind.VOID, ResultKind.BOTH_LOSE)


def black_score(result: GameResult) -> float | None:
    """Black's score for the rating: 1 a win, 0 a loss, 0.5 jigo; None when not rated."""
    if result.kind in UNRATED:
        return None
    if result.kind is ResultKind.JIGO:
        return 0.5
    return 1.0 if result.winner is Color.BLACK else 0.0


def as_rating(row: RatingRow) -> Rating:
    """The Glicko-2 value of a stored rating."""
    return Rating(row.rating, row.deviation, row.volatility)


def rated_accounts(row: GameRow, result: GameResult) -> tuple[str, str] | None:
    """Black's and White's accounts when ``result`` of ``row`` counts for the ratings (a result
    that is not void or both-lose, between two people); None otherwise. Two accounts of one
    person are found out by the caller (:func:`rate_result` skips them)."""
    black, white = row.black, row.white
    if black_score(result) is None or black is None or white is None:
        return None
    if is_engine(black) or is_engine(white):
        return None
    return black, white


async def rate_result(
    ratings: RatingRepository,
    row: GameRow,
    result: GameResult,
    persons: Mapping[str, str],
    now: float,
) -> None:
    """Update both players' ratings for ``row``'s final ``result`` (if it is rated at all);
    ``persons`` maps each player's account to its person (linked accounts share one)."""
    score = black_score(result)
    accounts = rated_accounts(row, result)
    if score is None or accounts is None:
        return
    black, white = accounts
    if persons[black] == persons[white]:
        return
    stored = await ratings.get_many([persons[black], persons[white]])
    old = {p: stored.get(p, RatingRow(p)) for p in (persons[black], persons[white])}
    new_black, new_white = rate_game(
        as_rating(old[persons[black]]), as_rating(old[persons[white]]), score, row.handicap
    )
    for player, new in ((black, new_black), (white, new_white)):
        before = old[persons[player]]
        await ratings.save(
            dataclasses.replace(
                before,
                rating=new.rating,
                deviation=new.deviation,
                volatility=new.volatility,
                games=before.games + 1,
                updated_at=now,
            )
        )
        change = RatingChange(row.id, player, before.rating, new.rating, new.deviation, now)
        await ratings.record(change)
