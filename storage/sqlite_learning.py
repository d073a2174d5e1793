"""The learning repository of the SQLite backend (:mod:`storage.sqlite`): each person's lessons and
problems, each channel's problem of the day. An insert of a key that is taken is answered by ``ON
CONFLICT DO NOTHING``, a version that moved on by an ``UPDATE … WHERE version = ?``: either changes
no row, and the save raises :class:`~service.ports.ConcurrentUpdate` (``what``: LEARNING)."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

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


class SqliteLearning:
    """:class:`service.ports.LearningRepository` on SQLite, inside the unit of work's
    transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def learner(self, person: str) -> LearnerRow | None:
        found = await self._conn.execute_fetchall(
            f"SELECT {LEARNER_COLUMNS} FROM learners WHERE person = ?", (person,)
        )
        return next((learner_from_row(row) for row in found), None)

    async def learners(self, persons: Sequence[str]) -> dict[str, LearnerRow]:
        if not persons:
            return {}
        marks = ", ".join("?" for _ in persons)
        found = await self._conn.execute_fetchall(
            f"SELECT {LEARNER_COLUMNS} FROM learners WHERE person IN ({marks})", tuple(persons)
        )
        return {row.person: row for row in map(learner_from_row, found)}

    async def save_learner(self, row: LearnerRow) -> LearnerRow:
        stored = saved(row)
        if row.version == 0:
            cursor = await self._conn.execute(
                f"INSERT INTO learners ({LEARNER_COLUMNS}) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (person) DO NOTHING",
                learner_values(stored),
            )
        else:
            cursor = await self._conn.execute(
                "UPDATE learners SET version = ?, data = ?, updated_at = ? "
                "WHERE person = ? AND version = ?",
                (*learner_values(stored)[1:], row.person, row.version),
            )
        if cursor.rowcount != 1:
            raise learner_conflict(row)
        return stored

    async def delete_learner(self, person: str) -> None:
        await self._conn.execute("DELETE FROM learners WHERE person = ?", (person,))

    async def daily(self, channel: str) -> DailyRow | None:
        found = await self._conn.execute_fetchall(
            f"SELECT {DAILY_COLUMNS} FROM dailies WHERE channel = ?", (channel,)
        )
        return next((daily_from_row(row) for row in found), None)

    async def save_daily(self, row: DailyRow) -> DailyRow:
        stored = saved(row)
        if row.version == 0:
            cursor = await self._conn.execute(
                f"INSERT INTO dailies ({DAILY_COLUMNS}) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (channel) DO NOTHING",
                daily_values(stored),
            )
        else:
            cursor = await self._conn.execute(
                "UPDATE dailies SET due = ?, version = ?, data = ? "
                "WHERE channel = ? AND version = ?",
                (*daily_values(stored)[1:], row.channel, row.version),
            )
        if cursor.rowcount != 1:
            raise daily_conflict(row)
        return stored

    async def delete_daily(self, channel: str) -> None:
        await self._conn.execute("DELETE FROM dailies WHERE channel = ?", (channel,))

    async def daily_due(self, now: float, limit: int = 100) -> list[DailyRow]:
        found = await self._conn.execute_fetchall(
            f"SELECT {DAILY_COLUMNS} FROM dailies WHERE due <= ? ORDER BY due, channel LIMIT ?",
            (now, limit),
        )
        return [daily_from_row(row) for row in found]

    async def next_daily(self) -> float | None:
        found = await self._conn.execute_fetchall("SELECT MIN(due) FROM dailies")
        earliest = next(iter(found), (None,))[0]
        return None if earliest is None else float(earliest)
