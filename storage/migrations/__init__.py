"""Versioned schema migrations, one SQL file per version and dialect, applied in order on start."""

from __future__ import annotations

import re
from importlib import resources

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def load(dialect: str) -> list[tuple[int, str]]:
    """The migrations of ``dialect`` (``sqlite``, ``postgresql``) as ``(version, sql)``."""
    folder = resources.files(__package__).joinpath(dialect)
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)
