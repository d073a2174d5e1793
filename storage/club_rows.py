"""Rows of club play (:mod:`service.club_ports`) as both databases store them: the column lists and
the mapping between ratings, rating changes, leagues and link codes and column values."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from service.club_ports import LeagueRow, LeagueStatus, LinkCodeRow, RatingChange, RatingRow
from storage.rows import json_text

RATING_COLUMNS = "person, rating, deviation, volatility, games, version, updated_at"
CHANGE_COLUMNS = "game_id, player, before, after, deviation, at"
LEAGUE_COLUMNS = (
    "id, community, name, status, organiser, channel, created_at, updated_at, round, version, "
    "data, token"
)
#: the columns a league's ``add`` and ``update`` write (``name_key`` is the name, case-folded)
LEAGUE_WRITTEN = (
    "community, name, name_key, status, organiser, channel, created_at, updated_at, round, data, "
    "token"
)
#: what a published league's token can look like (``secrets.token_urlsafe``): any other text is
#: no league's, and is not sent to the database (PostgreSQL refuses text with NUL characters)
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")
CODE_COLUMNS = "code, player, created_at, expires_at, used_at, claimed_by"


def name_key(name: str) -> str:
    """How a league's name is compared: case-insensitively (``Spring`` is ``SPRING``)."""
    return name.casefold()


def rating_from_row(row: Sequence[Any]) -> RatingRow:
    person, rating, deviation, volatility, games, version, updated_at = tuple(row)
    return RatingRow(person, rating, deviation, volatility, games, version, updated_at)


def rating_values(rating: RatingRow) -> tuple[Any, ...]:
    """The values of every column, in :data:`RATING_COLUMNS` order (``version`` as given)."""
    return (
        rating.person,
        rating.rating,
        rating.deviation,
        rating.volatility,
        rating.games,
        rating.version,
        rating.updated_at,
    )


def change_from_row(row: Sequence[Any]) -> RatingChange:
    game_id, player, before, after, deviation, at = tuple(row)
    return RatingChange(game_id, player, before, after, deviation, at)


def change_values(change: RatingChange) -> tuple[Any, ...]:
    """The values of every column, in :data:`CHANGE_COLUMNS` order."""
    return (
        change.game_id,
        change.player,
        change.before,
        change.after,
        change.deviation,
        change.at,
    )


def plausible_token(text: str) -> bool:
    """Whether ``text`` can be a published league's token (``published`` looks up no other).

    >>> [plausible_token(t) for t in ("Qx3_-9aZ", "", "a b", "../x", "x\\x00")]
    [True, False, False, False, False]
    """
    return isinstance(text, str) and _TOKEN.fullmatch(text) is not None


def league_from_row(row: Sequence[Any]) -> LeagueRow:
    (lid, community, name, status, organiser, channel, created, updated, round_, version, data,
     token) = tuple(row)  # fmt: skip
    return LeagueRow(
        id=lid,
        community=community,
        name=name,
        status=LeagueStatus(status),
        organiser=organiser,
        channel=channel,
        created_at=created,
        updated_at=updated,
        round=round_,
        version=version,
        data=json.loads(data),
        token=token,
    )


def league_values(league: LeagueRow) -> tuple[Any, ...]:
    """The values of the columns of :data:`LEAGUE_WRITTEN`, in that order."""
    return (
        league.community,
        league.name,
        name_key(league.name),
        league.status.value,
        league.organiser,
        league.channel,
        league.created_at,
        league.updated_at,
        league.round,
        json_text(league.data),
        league.token,
    )


def code_from_row(row: Sequence[Any]) -> LinkCodeRow:
    code, player, created_at, expires_at, used_at, claimed_by = tuple(row)
    return LinkCodeRow(code, player, created_at, expires_at, used_at, claimed_by)


def code_values(code: LinkCodeRow) -> tuple[Any, ...]:
    """The values of every column, in :data:`CODE_COLUMNS` order."""
    return (
        code.code,
        code.player,
        code.created_at,
        code.expires_at,
        code.used_at,
        code.claimed_by,
    )
