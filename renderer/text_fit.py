"""Text fitted into a width: cut with an ellipsis, set in a narrower or smaller face, or broken
into balanced lines."""

from __future__ import annotations

from PIL import ImageFont

from renderer.theme import Font, font

SEPARATOR = " · "  # where a tally (or any footer text) is best broken into lines
MAX_LINES = 3


def fit(text: str, f: Font, room: float) -> str:
    """The longest start of text that fits in room pixels with an ellipsis (text itself when it
    fits): a binary search over the length, since the width grows with it."""
    if f.getlength(text) <= room:
        return text
    fits, too_long = 0, len(text)  # text[:too_long] + "…" never fits: text alone does not
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if f.getlength(text[:middle] + "…") <= room:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "…"


def fit_name(text: str, px: int, smallest: int, room: float) -> tuple[Font, str]:
    """A player's name in room pixels: bold, else condensed bold, else a little smaller, else
    cut with an ellipsis (never below the legible size)."""
    for f in (font(px), font(px, condensed=True)):
        if f.getlength(text) <= room:
            return f, text
    for size in range(px - 1, smallest - 1, -1):
        f = font(size, condensed=True)
        if f.getlength(text) <= room:
            return f, text
    f = font(smallest, condensed=True)
    return f, fit(text, f, room)


def _partition(widths: list[float], joint: float, lines: int) -> tuple[float, list[int]]:
    """Split pieces of ``widths`` (joined by ``joint`` pixels) into ``lines`` consecutive runs so
    that the widest line is as narrow as possible: its width and where each line starts."""
    n = len(widths)
    best: dict[tuple[int, int], tuple[float, list[int]]] = {}

    def solve(start: int, left: int) -> tuple[float, list[int]]:
        if left == 1:
            return sum(widths[start:]) + joint * (n - start - 1), [start]
        found = best.get((start, left))
        if found is None:
            found = (float("inf"), [])
            for end in range(start + 1, n - left + 2):
                line = sum(widths[start:end]) + joint * (end - start - 1)
                rest, starts = solve(end, left - 1)
                if max(line, rest) < found[0]:
                    found = (max(line, rest), [start, *starts])
            best[start, left] = found
        return found

    return solve(0, lines)


def _balanced(pieces: list[str], joint: str, f: Font, room: float, lines: int) -> list[str] | None:
    """``pieces`` joined by ``joint`` into ``lines`` balanced lines, if they fit ``room``."""
    wide, starts = _partition([f.getlength(p) for p in pieces], f.getlength(joint), lines)
    if wide > room:
        return None
    ends = [*starts[1:], len(pieces)]
    return [joint.join(pieces[a:b]) for a, b in zip(starts, ends, strict=True)]


def wrap(text: str, f: Font, room: float, max_lines: int = MAX_LINES) -> list[str] | None:
    """The fewest balanced lines (at most ``max_lines``) of ``text`` that fit ``room``: broken
    at `` · `` when that is enough (each line then starts as a sentence does, with a capital:
    Czech's ``… · vyhrává bílý o 6,5`` ends on a line ``Vyhrává bílý o 6,5``), else at spaces;
    None when nothing fits."""
    pieces = text.split(SEPARATOR)
    for lines in range(1, min(max_lines, len(pieces)) + 1):
        found = _balanced(pieces, SEPARATOR, f, room, lines)
        if found is not None:
            return [line[:1].upper() + line[1:] for line in found]
    words = text.split()
    for lines in range(1, min(max_lines, len(words)) + 1):
        found = _balanced(words, " ", f, room, lines)
        if found is not None:
            return found
    return None


def font_px(f: Font) -> int:
    """A font's size in pixels (Pillow's bitmap fallback font is about 11)."""
    return int(f.size) if isinstance(f, ImageFont.FreeTypeFont) else 11


def tally_lines(text: str, px: int, smallest: int, room: float) -> tuple[Font, list[str]]:
    """The tally in as few balanced lines as fit, shrinking to the legible size at most, then
    cutting the lines."""
    for size in range(px, smallest - 1, -1):
        f = font(size, bold=False)
        lines = wrap(text, f, room)
        if lines is not None:
            return f, lines
    f = font(smallest, bold=False)
    words = text.split(" ")
    per_line = -(-len(words) // MAX_LINES)
    lines = [" ".join(words[i : i + per_line]) for i in range(0, len(words), per_line)]
    return f, [fit(line, f, room) for line in lines]
