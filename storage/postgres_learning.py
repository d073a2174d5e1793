"""The learning repository of the PostgreSQL backend (:mod:`storage.postgres`): each person's
lessons and problems, each channel's problem of the day.

A failed statement would abort the whole transaction, so a key that is taken is answered by ``ON
CONFLICT DO NOTHING`` (it waits for a concurrent inserter of the key, then inserts nothing), a
version that moved on by an ``UPDATE … WHERE version = $n`` (it waits for a concurrent writer of
the row, then finds the version changed): either changes no row, and the save raises
:class:`~service.ports.ConcurrentUpdate` (``what``: LEARNING) with the unit of work still usable.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from service.ports import DailyRow, LearnerRow
from storage.learning_rows import (
    DAILY_COLUMNS,
    LEARNER_COLUMNS,
    daily_conflict,
    daily_from_row,
    daily_values,
    learner_conflict,
    learner_from_row,
    learner_values,
    saved,
)


def _changed_one(status: str) -> bool:
    """Whether a command's status (``INSERT 0 1``, ``UPDATE 0``) says it changed one row."""
    return status.endswith(" 1")


class PostgresLearning:
    """:class:`service.ports.LearningRepository` on PostgreSQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def learner(self, person: str) -> LearnerRow | None:
        row = await self._conn.fetchrow(
            f"SELECT {LEARNER_COLUMNS} FROM learners WHERE person = $1", person
        )
        return None if row is None else learner_from_row(tuple(row))

    async def learners(self, persons: Sequence[str]) -> dict[str, LearnerRow]:
        if not persons:
            return {}
        found = await self._conn.fetch(
            f"SELECT {LEARNER_COLUMNS} FROM learners WHERE person = ANY($1::text[])",
            list(persons),
        )
        return {row.person: row for row in (learner_from_row(tuple(r)) for r in found)}

    async def save_learner(self, row: LearnerRow) -> LearnerRow:
        stored = saved(row)
        if row.version == 0:
            status = await self._conn.execute(
                f"INSERT INTO learners ({LEARNER_COLUMNS}) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (person) DO NOTHING",
                *learner_values(stored),
            )
        else:
            status = await self._conn.execute(
                "UPDATE learners SET version = $1, data = $2, updated_at = $3 "
                "WHERE person = $4 AND version = $5",
                *learner_values(stored)[1:],
                row.person,
                row.version,
            )
        if not _changed_one(status):
            raise learner_conflict(row)
        return stored

    async def delete_learner(self, person: str) -> None:
        await self._conn.execute("DELETE FROM learners WHERE person = $1", person)

    async def daily(self, channel: str) -> DailyRow | None:
        row = await self._conn.fetchrow(
            f"SELECT {DAILY_COLUMNS} FROM dailies WHERE channel = $1", channel
        )
        return None if row is None else daily_from_row(tuple(row))

    async def save_daily(self, row: DailyRow) -> DailyRow:
        stored = saved(row)
        if row.version == 0:
            status = await self._conn.execute(
                f"INSERT INTO dailies ({DAILY_COLUMNS}) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (channel) DO NOTHING",
                *daily_values(stored),
            )
        else:
            status = await self._conn.execute(
                "UPDATE dailies SET due = $1, version = $2, data = $3 "
                "WHERE channel = $4 AND version = $5",
                *daily_values(stored)[1:],
                row.channel,
                row.version,
            )
        if not _changed_one(status):
            raise daily_conflict(row)
        return stored

    async def delete_daily(self, channel: str) -> None:
        await self._conn.execute("DELETE FROM dailies WHERE channel = $1", channel)

    async def daily_due(self, now: float, limit: int = 100) -> list[DailyRow]:
        found = await self._conn.fetch(
            f"SELECT {DAILY_COLUMNS} FROM dailies WHERE due <= $1 "
            'ORDER BY due, channel COLLATE "C" LIMIT $2',
            now,
            limit,
        )
        return [daily_from_row(tuple(r)) for r in found]

    async def next_daily(self) -> float | None:
        earliest = await self._conn.fetchval("SELECT MIN(due) FROM dailies")
        return None if earliest is None else float(earliest)
