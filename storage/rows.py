"""Rows of the service's records as both databases store them: the column lists and the mapping
between :class:`~service.ports.GameRow` / :class:`~service.ports.PlayerRow` and column values."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from service.ports import GameRow, GameStatus, PlayerRow

GAME_COLUMNS = (
    "id, version, status, challenger, challenged, black, white, size, komi, handicap, color, "
    "time_control, rated, channel, created_at, updated_at, deadline, result, to_move, last_event, "
    "data, finished_at, community, league_id, round"
)
PLAYER_COLUMNS = "id, name, language, vacation_since, vacation_used, vacation_year, data, person"


def game_from_row(row: Sequence[Any]) -> GameRow:
    (
        gid,
        version,
        status,
        challenger,
        challenged,
        black,
        white,
        size,
        komi,
        handicap,
        color,
        time_control,
        rated,
        channel,
        created_at,
        updated_at,
        deadline,
        result,
        to_move,
        last_event,
        data,
        finished_at,
        community,
        league_id,
        round_,
    ) = tuple(row)
    return GameRow(
        id=gid,
        version=version,
        status=GameStatus(status),
        challenger=challenger,
        challenged=challenged,
        black=black,
        white=white,
        size=size,
        komi=komi,
        handicap=handicap,
        color=color,
        time_control=time_control,
        rated=bool(rated),
        channel=channel,
        created_at=created_at,
        updated_at=updated_at,
        deadline=deadline,
        result=result,
        to_move=to_move,
        last_event=last_event,
        data=json.loads(data),
        finished_at=finished_at,
        community=community,
        league_id=league_id,
        round=round_,
    )


def player_from_row(row: Sequence[Any]) -> PlayerRow:
    pid, name, language, since, used, year, data, person = tuple(row)
    return PlayerRow(pid, name, language, since, used, year, json.loads(data), person)


def game_values(game: GameRow) -> tuple[Any, ...]:
    """The values of every column after ``id, version``, in :data:`GAME_COLUMNS` order."""
    return (
        game.status.value,
        game.challenger,
        game.challenged,
        game.black,
        game.white,
        game.size,
        game.komi,
        game.handicap,
        game.color,
        game.time_control,
        int(game.rated),
        game.channel,
        game.created_at,
        game.updated_at,
        game.deadline,
        game.result,
        game.to_move,
        game.last_event,
        json_text(game.data),
        game.finished_at,
        game.community,
        game.league_id,
        game.round,
    )


def player_values(player: PlayerRow) -> tuple[Any, ...]:
    """The values of every column, in :data:`PLAYER_COLUMNS` order."""
    return (
        player.id,
        player.name,
        player.language,
        player.vacation_since,
        player.vacation_used,
        player.vacation_year,
        json_text(player.data),
        player.person,
    )


def json_text(data: Mapping[str, Any]) -> str:
    """A record's ``data`` as both databases store it: compact JSON, keys sorted."""
    return json.dumps(dict(data), separators=(",", ":"), sort_keys=True)
