"""Versioned schema migrations, one SQL file per version and dialect, applied in order on start."""

from __future__ import annotations

import re
from importlib import resources

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class SchemaTooNew(Exception):
    """The database's schema is newer than this build's migrations: a newer build upgraded it,
    and migrations only go forward (the database is left as it is)."""

    def __init__(self, current: int, latest: int) -> None:
        super().__init__(f"the database has schema {current}, this build knows up to {latest}")
        self.current, self.latest = current, latest


def refuse_newer(current: int, dialect: str) -> None:
    """Raise :class:`SchemaTooNew` when schema ``current`` is newer than this build's last
    migration of ``dialect``."""
    latest = max((version for version, _ in load(dialect)), default=0)
    if current > latest:
        raise SchemaTooNew(current, latest)


def load(dialect: str) -> list[tuple[int, str]]:
    """The migrations of ``dialect`` (``sqlite``, ``postgresql``) as ``(version, sql)``."""
    folder = resources.files(__package__).joinpath(dialect)
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)
