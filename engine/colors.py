"""The two colours of stones (Art. 2)."""

from __future__ import annotations

import enum


class Color(enum.IntEnum):
    """A stone colour. The integer values are the cell values used inside :class:`engine.Board`."""

    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> Color:
        """The other colour."""
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def letter(self) -> str:
        """``B`` or ``W``, as in SGF and GTP."""
        return "B" if self is Color.BLACK else "W"

    @classmethod
    def from_letter(cls, letter: str) -> Color:
        """Parse ``b``/``black``/``w``/``white`` (any case)."""
        text = letter.strip().lower()
        if text in ("b", "black"):
            return cls.BLACK
        if text in ("w", "white"):
            return cls.WHITE
        raise ValueError(f"not a colour: {letter!r} (use B or W)")
