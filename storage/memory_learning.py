"""The learning repository of the in-memory backend (:mod:`storage.memory`), on its tables
``learners`` and ``dailies`` (a deleted row is kept as None until commit, so the deletion replays
on the committed tables like any other write, as the ratings' do)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, MutableMapping, Sequence
from typing import Protocol, TypeVar

from service.ports import DailyRow, LearnerRow
from storage.learning_rows import daily_conflict, learner_conflict, saved
from storage.rows import json_text

_Row = TypeVar("_Row", LearnerRow, DailyRow)


class _Tables(Protocol):
    """The tables of :mod:`storage.memory` this repository works on (None: a deleted row)."""

    learners: MutableMapping[str, LearnerRow | None]
    dailies: MutableMapping[str, DailyRow | None]


class _Unit(Protocol):
    """What this repository needs of :class:`storage.memory.MemoryUnitOfWork` (a Protocol, so
    that the two modules do not import each other)."""

    async def statement(self) -> _Tables: ...

    async def write(self, statement: Callable[[_Tables], None]) -> None: ...


class MemoryLearning:
    """:class:`service.ports.LearningRepository` in memory. Every row handed out or stored has a
    ``data`` of its own (:func:`storage.learning_rows.saved`), so no caller changes a stored
    row behind the repository's back."""

    def __init__(self, unit: _Unit) -> None:
        self._unit = unit

    async def learner(self, person: str) -> LearnerRow | None:
        row = (await self._unit.statement()).learners.get(person)
        return None if row is None else _fresh(row)

    async def learners(self, persons: Sequence[str]) -> dict[str, LearnerRow]:
        stored = (await self._unit.statement()).learners
        found = {person: stored.get(person) for person in persons}
        return {person: _fresh(row) for person, row in found.items() if row is not None}

    async def save_learner(self, row: LearnerRow) -> LearnerRow:
        kept = saved(row)

        def upsert(tables: _Tables) -> None:
            stored = tables.learners.get(row.person)
            if (stored.version if stored is not None else 0) != row.version:
                raise learner_conflict(row)
            tables.learners[row.person] = kept

        await self._unit.write(upsert)
        return _fresh(kept)

    async def delete_learner(self, person: str) -> None:
        def delete(tables: _Tables) -> None:
            if tables.learners.get(person) is not None:
                tables.learners[person] = None

        await self._unit.write(delete)

    async def daily(self, channel: str) -> DailyRow | None:
        row = (await self._unit.statement()).dailies.get(channel)
        return None if row is None else _fresh(row)

    async def save_daily(self, row: DailyRow) -> DailyRow:
        kept = saved(row)

        def upsert(tables: _Tables) -> None:
            stored = tables.dailies.get(row.channel)
            if (stored.version if stored is not None else 0) != row.version:
                raise daily_conflict(row)
            tables.dailies[row.channel] = kept

        await self._unit.write(upsert)
        return _fresh(kept)

    async def delete_daily(self, channel: str) -> None:
        def delete(tables: _Tables) -> None:
            if tables.dailies.get(channel) is not None:
                tables.dailies[channel] = None

        await self._unit.write(delete)

    async def daily_due(self, now: float, limit: int = 100) -> list[DailyRow]:
        rows = (await self._unit.statement()).dailies.values()
        due = sorted(
            (row for row in rows if row is not None and row.due <= now),
            key=lambda row: (row.due, row.channel),
        )
        return [_fresh(row) for row in due[:limit]]

    async def next_daily(self) -> float | None:
        rows = (await self._unit.statement()).dailies.values()
        return min((row.due for row in rows if row is not None), default=None)


def _fresh(row: _Row) -> _Row:
    """``row`` with a ``data`` of its own (the stored row keeps its own)."""
    return dataclasses.replace(row, data=json.loads(json_text(row.data)))
