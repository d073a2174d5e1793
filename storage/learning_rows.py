"""Rows of the learning records as both databases store them (tables ``learners`` and
``dailies``, migration 11): the column lists and the mapping to and from column values."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any, TypeVar

from service.ports import ConcurrentUpdate, Contended, DailyRow, LearnerRow
from storage.rows import json_text

LEARNER_COLUMNS = "person, version, data, updated_at"
DAILY_COLUMNS = "channel, due, version, data"

_Row = TypeVar("_Row", LearnerRow, DailyRow)


def saved(row: _Row) -> _Row:
    """``row`` as a save stores it: the next version, and a ``data`` of its own as a read gives it
    back (a JSON object: tuples become lists, keys strings)."""
    return dataclasses.replace(row, version=row.version + 1, data=json.loads(json_text(row.data)))


def learner_from_row(row: Sequence[Any]) -> LearnerRow:
    person, version, data, updated_at = tuple(row)
    return LearnerRow(person, version, json.loads(data), float(updated_at))


def learner_values(row: LearnerRow) -> tuple[Any, ...]:
    """The values of every column, in :data:`LEARNER_COLUMNS` order."""
    return (row.person, row.version, json_text(row.data), row.updated_at)


def daily_from_row(row: Sequence[Any]) -> DailyRow:
    channel, due, version, data = tuple(row)
    return DailyRow(channel, float(due), version, json.loads(data))


def daily_values(row: DailyRow) -> tuple[Any, ...]:
    """The values of every column, in :data:`DAILY_COLUMNS` order."""
    return (row.channel, row.due, row.version, json_text(row.data))


def learner_conflict(row: LearnerRow) -> ConcurrentUpdate:
    """The error of a save that found another version of the person's row (or none)."""
    return ConcurrentUpdate(
        f"lessons of {row.person} changed since version {row.version}", what=Contended.LEARNING
    )


def daily_conflict(row: DailyRow) -> ConcurrentUpdate:
    """The error of a save that found another version of the channel's row (or none)."""
    return ConcurrentUpdate(
        f"problem of the day of {row.channel} changed since version {row.version}",
        what=Contended.LEARNING,
    )
