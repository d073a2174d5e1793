"""A table as an image (league standings, say): a title, a header band, zebra rows and a note,
readable on a phone; long cells are cut with an ellipsis, numbers are right-aligned."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from renderer.bands import MAX_DRAWN
from renderer.geometry import DEFAULT_WIDTH, MIN_WIDTH
from renderer.snapshot import Theme
from renderer.text_fit import SEPARATOR, fit, font_px, tally_lines
from renderer.theme import PALETTES, RGB, Font, Palette, font, printable

MAX_ROWS = 40  # rows drawn; the note says how many more there were
PNG_COMPRESS_LEVEL = 6
# sizes in pixels at the default width of 720 (they scale with the width)
TITLE_PX = 38
BODY_PX = 28  # the rows and the header labels
NOTE_PX = 25
SMALLEST_PX = 22  # the note and the title never shrink below this (at 720)
MARGIN = 18  # left and right of the outer columns' text
PAD = 12  # each side of a column's text, between columns
ROW = 1.75  # a row's height, in body sizes
MIN_COLUMN = 1.2  # the narrowest column text, in body sizes (air around one digit)
NOTE_GAP = 16  # above and below the footer's lines
NUMBERS_SHARE = 0.6  # of the width inside the padding: the most the number columns take

Align = Literal["l", "r"]
_NUMBER = re.compile(r"(?=.*[\d½¼¾])[=T]?[+\-−±]?[\d.,½¼¾]+(?:\s?[–\-:/]\s?[\d.,½¼¾]+)?[=%]?")
"""A number as tables show them: 12, -3, +1.5, 3½, 75%, a shared place 2= or =2 or T2, a
record 3–1 or 7/9 (at least one digit)."""


@dataclass(frozen=True, slots=True)
class Table:
    """Everything a table image shows; the same table always gives the same image bytes."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: "l" or "r" per column; None: right for columns whose every cell is a number (so with
    #: no rows every column is left-aligned), left for the rest
    align: tuple[str, ...] | None = None
    highlight: frozenset[int] = frozenset()  # row indexes drawn emphasised
    note: str = ""  # a footer line, e.g. "Round 3 of 5 · ties share a place"
    more: str = "+{n} more"  # said in the footer when rows past MAX_ROWS are left out

    def __post_init__(self) -> None:
        """Reject tables that cannot be drawn unambiguously."""
        if not self.headers:
            raise ValueError("a table needs at least one column")
        for i, row in enumerate(self.rows):
            if len(row) != len(self.headers):
                raise ValueError(f"row {i} has {len(row)} cells for {len(self.headers)} columns")
        if self.align is not None:
            if len(self.align) != len(self.headers):
                raise ValueError(f"{len(self.align)} alignments for {len(self.headers)} columns")
            if any(a not in ("l", "r") for a in self.align):
                raise ValueError(f"alignments must be 'l' or 'r', not {self.align!r}")
        if any(i < 0 for i in self.highlight):
            raise ValueError("highlighted row indexes must not be negative")
        if "{n}" not in self.more:
            raise ValueError("the 'more' text must contain {n}")


@dataclass(frozen=True, slots=True)
class Column:
    """Where one column goes: its left edge and width (its text is inset by the padding)."""

    left: int
    width: int
    align: Align
    pad_left: int
    pad_right: int

    @property
    def room(self) -> int:
        """The pixels its text may take."""
        return self.width - self.pad_left - self.pad_right


def is_number(text: str) -> bool:
    """True for a cell that reads as a number (see ``_NUMBER``)."""
    return bool(_NUMBER.fullmatch(text.strip()))


def column_align(table: Table) -> tuple[Align, ...]:
    """Each column's alignment: the table's own, else right for numbers and left for text."""
    if table.align is not None:
        return tuple("r" if a == "r" else "l" for a in table.align)
    aligned: list[Align] = []
    for i in range(len(table.headers)):
        cells = [row[i].strip() for row in table.rows[:MAX_ROWS]]
        cells = [c for c in cells if c.strip("-–—")]  # blanks and dashes: no cell
        aligned.append("r" if cells and all(is_number(c) for c in cells) else "l")
    return tuple(aligned)


def _scaled(px: float, width: int) -> int:
    return max(1, round(px * width / DEFAULT_WIDTH))


def _clean(text: str, f: Font) -> str:
    return printable(text[:MAX_DRAWN], f)


def _share(widths: list[float], budget: float) -> list[float]:
    """``widths`` capped at one level so that they add up to ``budget`` (the widest give up
    space first); unchanged when they already fit."""
    if sum(widths) <= budget:
        return widths
    low, high = 0.0, max(widths)
    for _ in range(40):  # bisect the cap
        cap = (low + high) / 2
        if sum(min(w, cap) for w in widths) > budget:
            high = cap
        else:
            low = cap
    return [min(w, low) for w in widths]


def _pads(n: int, width: int) -> list[tuple[int, int]]:
    """Each column's padding left and right: the margin at the image's edges."""
    margin, pad = _scaled(MARGIN, width), _scaled(PAD, width)
    return [(margin if i == 0 else pad, margin if i == n - 1 else pad) for i in range(n)]


def _natural(table: Table, width: int, px: int) -> list[float]:
    """Each column's widest text (its header in bold, highlighted rows in bold)."""
    regular, bold = font(px, bold=False), font(px, bold=True)
    rows = table.rows[:MAX_ROWS]
    natural: list[float] = []
    for i, header in enumerate(table.headers):
        texts = [(bold, header)]
        texts += [(bold if r in table.highlight else regular, row[i]) for r, row in enumerate(rows)]
        widest = max(f.getlength(_clean(t, f)) for f, t in texts)
        natural.append(max(widest, px * MIN_COLUMN))
    return natural


def _numbers_fit(table: Table, width: int, px: int) -> bool:
    """True when the number columns at size px fit, leaving the text columns room enough."""
    aligns = column_align(table)
    natural = _natural(table, width, px)
    budget = width - sum(a + b for a, b in _pads(len(natural), width))
    fixed = sum(w for w, a in zip(natural, aligns, strict=True) if a == "r")
    return fixed <= budget * NUMBERS_SHARE if "l" in aligns else fixed <= budget


def body_px(table: Table, width: int = DEFAULT_WIDTH) -> int:
    """The rows' text size: BODY_PX (scaled to the width), smaller (down to SMALLEST_PX) only
    when the numbers would not fit."""
    px, smallest = _scaled(BODY_PX, width), _scaled(SMALLEST_PX, width)
    while px > smallest and not _numbers_fit(table, width, px):
        px -= 1
    return px


def columns(table: Table, width: int = DEFAULT_WIDTH) -> tuple[Column, ...]:
    """The columns across the width: each as wide as its widest cell; the widest text column
    takes the space left over; when they are too wide, the widest text columns give way first
    (their cells are cut), then, past the smallest size, the numbers."""
    aligns = column_align(table)
    n = len(table.headers)
    pads = _pads(n, width)
    natural = _natural(table, width, body_px(table, width))
    budget = width - sum(a + b for a, b in pads)
    text_cols = [i for i in range(n) if aligns[i] == "l"] or list(range(n))
    fixed = sum(natural[i] for i in range(n) if i not in text_cols)
    if fixed <= budget * NUMBERS_SHARE:  # the text columns give way; the numbers keep theirs
        shared = _share([natural[i] for i in text_cols], budget - fixed)
        for i, w in zip(text_cols, shared, strict=True):
            natural[i] = w
    else:  # the numbers alone fill the width: every column gives way
        natural = _share(natural, budget)
    flex = max(text_cols, key=lambda i: (natural[i], -i))
    natural[flex] += budget - sum(natural)
    out, x = [], 0
    for i, w in enumerate(natural):
        left_pad, right_pad = pads[i]
        span = width - x if i == n - 1 else left_pad + int(w) + right_pad
        out.append(Column(x, span, aligns[i], left_pad, right_pad))
        x += span
    return tuple(out)


def fit_cell(text: str, px: int, room: float, bold: bool = False) -> tuple[Font, str]:
    """A cell's text in room pixels: in the row's face, else its condensed face, else cut with
    an ellipsis in the condensed face; characters the font cannot draw are dropped."""
    f = font(px, bold=bold)
    text = _clean(text, f)
    if f.getlength(text) <= room:
        return f, text
    narrow = font(px, bold=bold, condensed=True)
    text = _clean(text, narrow)
    return narrow, fit(text, narrow, room)


def _fit_line(text: str, px: int, smallest: int, room: float, bold: bool) -> tuple[Font, str]:
    """One line shrunk down to ``smallest`` to fit ``room``, then cut."""
    f = font(px, bold=bold)
    while px > smallest and f.getlength(_clean(text, f)) > room:
        px -= 1
        f = font(px, bold=bold)
    return f, fit(_clean(text, f), f, room)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@dataclass(frozen=True, slots=True)
class Colours:
    """A table's colours, all from the theme's palette."""

    page: RGB  # behind the title, the note and rows 0, 2, 4…
    stripe: RGB  # rows 1, 3, 5…
    header: RGB  # the header band
    text: RGB
    dim: RGB
    rule: RGB
    highlight: RGB
    accent: RGB


def colours(theme: Theme) -> Colours:
    """The theme's band colours, with the stripes and the highlight mixed from them."""
    pal: Palette = PALETTES[theme]
    dark = theme == "dark"
    return Colours(
        page=pal.band,
        stripe=_mix(pal.band, pal.band_text, 0.09 if dark else 0.055),
        header=pal.wood if dark else _mix(pal.band, pal.wood, 0.45),
        text=pal.band_text,
        dim=pal.band_dim,
        rule=_mix(pal.wood, pal.line, 0.5) if dark else pal.band_rule,
        highlight=_mix(pal.band, pal.wood, 0.7 if dark else 0.3),
        accent=pal.accent,
    )


def footer_text(table: Table) -> str:
    """The footer: how many rows were left out, then the table's note."""
    left_out = len(table.rows) - MAX_ROWS
    parts = [table.more.replace("{n}", str(left_out))] if left_out > 0 else []
    if table.note.strip():
        parts.append(table.note.strip())
    return SEPARATOR.join(parts)


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything of a table image goes, from the top: the title, the header band, a
    rule, the rows and the footer."""

    width: int
    px: int  # the rows' text size
    columns: tuple[Column, ...]
    title: str  # as drawn (cut to fit)
    title_font: Font
    title_h: int
    header_h: int
    rule: int
    rows: int  # rows drawn
    row_h: int
    note_font: Font
    note_lines: tuple[str, ...]
    line_h: int
    note_h: int

    @property
    def body_top(self) -> int:
        """The first pixel row of the first table row."""
        return self.title_h + self.header_h + self.rule

    @property
    def height(self) -> int:
        """The image's height."""
        return self.body_top + self.rows * self.row_h + self.note_h

    def row_box(self, r: int) -> tuple[int, int, int, int]:
        """Row r's rectangle (left, top, right, bottom), bottom exclusive as for a crop."""
        top = self.body_top + r * self.row_h
        return (0, top, self.width, top + self.row_h)


def layout(table: Table, width: int = DEFAULT_WIDTH) -> Layout:
    """The table's layout at an image width."""
    if width < MIN_WIDTH:
        raise ValueError(f"width {width} is below {MIN_WIDTH}")
    px = body_px(table, width)
    margin = _scaled(MARGIN, width)
    title_font, title = _fit_line(
        table.title, _scaled(TITLE_PX, width), _scaled(SMALLEST_PX, width), width - 2 * margin, True
    )
    note_font, note_lines = _note_lines(table, width)
    line_h = round(font_px(note_font) * 1.45)
    return Layout(
        width=width,
        px=px,
        columns=columns(table, width),
        title=title,
        title_font=title_font,
        title_h=round(font_px(title_font) * 2.1) if title else margin,
        header_h=round(px * 1.9),
        rule=max(2, _scaled(3, width)),
        rows=min(len(table.rows), MAX_ROWS),
        row_h=round(px * ROW),
        note_font=note_font,
        note_lines=tuple(note_lines),
        line_h=line_h,
        note_h=len(note_lines) * line_h + 2 * _scaled(NOTE_GAP, width) if note_lines else margin,
    )


def render_table_image(
    table: Table, theme: Theme = "light", width: int = DEFAULT_WIDTH
) -> Image.Image:
    """The table as an RGB image ``width`` pixels wide, as tall as its rows."""
    if theme not in PALETTES:
        raise ValueError(f"unknown theme {theme!r}")
    c, lay = colours(theme), layout(table, width)
    im = Image.new("RGB", (width, lay.height), c.page)
    d = ImageDraw.Draw(im)
    margin = _scaled(MARGIN, width)
    if lay.title:
        y = lay.title_h * 0.54
        d.text((margin, y), lay.title, fill=c.text, font=lay.title_font, anchor="lm")
    top = lay.title_h + lay.header_h
    d.rectangle((0, lay.title_h, width, top - 1), fill=c.header)
    d.rectangle((0, top, width, top + lay.rule - 1), fill=c.rule)
    for col, header in zip(lay.columns, table.headers, strict=True):
        f, text = fit_cell(header, lay.px, col.room, bold=True)
        _cell(d, col, top - lay.header_h / 2, text, f, c.text)

    bar = max(3, _scaled(7, width))
    for r, row in enumerate(table.rows[: lay.rows]):
        x0, y0, x1, y1 = lay.row_box(r)
        emphasised = r in table.highlight
        fill = c.highlight if emphasised else c.stripe if r % 2 else c.page
        if fill != c.page:
            d.rectangle((x0, y0, x1, y1 - 1), fill=fill)
        if emphasised:
            d.rectangle((x0, y0, x0 + bar - 1, y1 - 1), fill=c.accent)
        for col, cell in zip(lay.columns, row, strict=True):
            f, text = fit_cell(cell, lay.px, col.room, bold=emphasised)
            _cell(d, col, (y0 + y1) / 2, text, f, c.text)

    y = lay.body_top + lay.rows * lay.row_h
    if lay.rows:
        d.line((0, y, width, y), fill=c.rule, width=1)
    for i, line in enumerate(lay.note_lines):
        middle = y + _scaled(NOTE_GAP, width) + (i + 0.5) * lay.line_h
        d.text((margin, middle), line, fill=c.dim, font=lay.note_font, anchor="lm")
    return im


def _note_lines(table: Table, width: int) -> tuple[Font, list[str]]:
    """The footer in one to three balanced lines (none without a footer)."""
    px, smallest = _scaled(NOTE_PX, width), _scaled(SMALLEST_PX, width)
    note = _clean(footer_text(table), font(px, bold=False))
    if not note:
        return font(px, bold=False), []
    return tally_lines(note, px, smallest, width - 2 * _scaled(MARGIN, width))


def _cell(d: ImageDraw.ImageDraw, col: Column, y: float, text: str, f: Font, ink: RGB) -> None:
    """One cell's text, vertically centred on y, against its column's left or right edge."""
    if not text:
        return
    if col.align == "r":
        d.text((col.left + col.width - col.pad_right, y), text, fill=ink, font=f, anchor="rm")
    else:
        d.text((col.left + col.pad_left, y), text, fill=ink, font=f, anchor="lm")


def render_table_png(table: Table, theme: Theme = "light", width: int = DEFAULT_WIDTH) -> bytes:
    """The table as PNG bytes (RGB)."""
    out = io.BytesIO()
    render_table_image(table, theme, width).save(
        out, format="PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL
    )
    return out.getvalue()
