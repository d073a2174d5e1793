"""An ASCII board from the renderer's snapshot, for the console."""

from __future__ import annotations

from engine.coords import COLUMNS
from renderer.snapshot import Mark, Snapshot
from service.i18n import DEFAULT_LANGUAGE, translate

_MARK_CHARS = {
    Mark.BLACK_TERRITORY: "b",
    Mark.WHITE_TERRITORY: "w",
    Mark.DAME: "?",
    Mark.VOIDING_DAME: "!",
}


def ascii_board(snap: Snapshot, code: str = DEFAULT_LANGUAGE) -> list[str]:
    """Rows from the top: ``X``/``O`` stones, ``(X)`` marks the last move, dead stones are
    lowercase ``x``/``o``; at counting ``b``/``w`` territory, ``?`` dame, ``!`` voiding dame."""
    marks = dict(snap.marks)
    letters = "   " + "".join(f" {c}" for c in COLUMNS[: snap.size])
    lines = [letters]
    last = snap.last_move
    for row in range(snap.size - 1, -1, -1):
        parts = []
        for col in range(snap.size):
            point = (row, col)
            mark = marks.get(point)
            dead = mark in (Mark.DEAD_REMOVED, Mark.DEAD_STAYS)
            if point in snap.black:
                char = "x" if dead else "X"
            elif point in snap.white:
                char = "o" if dead else "O"
            else:
                char = _MARK_CHARS.get(mark, ".") if mark else "."
            left = "(" if last == point else ")" if last == (row, col - 1) else " "
            parts.append(left + char)
        tail = ")" if last == (row, snap.size - 1) else ""
        lines.append(f"{row + 1:>3}{''.join(parts)}{tail}")
    lines.append(letters)
    lines.append(
        "    "
        + translate(code, "console.captures", black=snap.captures_black, white=snap.captures_white)
    )
    return lines
