"""Cached layers: the empty board, the fixed palette, per-point tiles and the text bands."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from renderer.geometry import Geometry, geometry, star_points
from renderer.snapshot import COLUMNS, STONE_MARKS, Mark, Point, Theme
from renderer.sprites import EMPTY, Kind, Stone, sprite, stone_icon
from renderer.theme import PALETTES, RGB, Font, Palette, font, printable

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

PALETTE_COLOURS = 255
TRANSPARENT = 255  # the one palette slot left free, for unchanged pixels in animations
BAND_INDEX = 0  # the palette slot of the bands' colour (the first fixed colour)


def _board_rgb(g: Geometry, pal: Palette) -> Image.Image:
    im = Image.new("RGB", (g.width, g.height), pal.band)
    d = ImageDraw.Draw(im)
    d.rectangle(g.board_box, fill=pal.wood)
    d.line((0, g.header, g.width, g.header), fill=pal.band_rule, width=1)
    d.line((0, g.header + g.width - 1, g.width, g.header + g.width - 1), fill=pal.band_rule)
    half = g.line // 2
    left, top = g.center(g.size - 1, 0)
    right, bottom = g.center(0, g.size - 1)
    for i in range(g.size):
        x, y = g.center(g.size - 1 - i, i)
        d.rectangle((x - half, top - half, x + half, bottom + half), fill=pal.line)
        d.rectangle((left - half, y - half, right + half, y + half), fill=pal.line)
    edge = half + 1
    d.rectangle((left - edge, top - edge, right + edge, bottom + edge), outline=pal.line, width=2)
    r = max(2.0, g.cell * 0.1)
    for row, col in star_points(g.size):
        x, y = g.center(row, col)
        d.ellipse((x + 0.5 - r, y + 0.5 - r, x + 0.5 + r, y + 0.5 + r), fill=pal.line)
    f = font(g.coord_px)
    away = (left - g.cell // 2) / 2
    for i in range(g.size):
        x, _ = g.center(0, i)
        _, y = g.center(i, 0)
        for px, py, text in (
            (x + 0.5, g.header + away, COLUMNS[i]),
            (x + 0.5, g.header + g.width - away, COLUMNS[i]),
            (away, y + 0.5, str(i + 1)),
            (g.width - away, y + 0.5, str(i + 1)),
        ):
            d.text((px, py), text, fill=pal.coord, font=f, anchor="mm")
    return im


@functools.lru_cache(maxsize=32)
def board_rgb(size: int, width: int, theme: Theme) -> Image.Image:
    """The empty board in RGB: bands, wood, grid, star points and coordinates."""
    return _board_rgb(geometry(size, width), PALETTES[theme])


@functools.cache
def palette(theme: Theme) -> Image.Image:
    """A fixed 255-colour palette for a theme, from every colour the renderer can draw."""
    pal = PALETTES[theme]
    g = geometry(19, 720)
    samples = [board_rgb(9, 720, theme), board_rgb(19, 720, theme)]
    kinds = [Kind(stone=s, last=last) for s in ("B", "W") for last in (False, True)]
    kinds += [Kind(stone=s, mark=m) for s in ("B", "W") for m in Mark]
    kinds += [Kind(mark=m) for m in Mark] + [Kind(ko=True)]
    kinds += [
        Kind(stone=s, label="88", last=last) for s in ("B", "W", None) for last in (False, True)
    ]
    kinds += [Kind(stone=s, ghost=h, label="88") for s in ("B", "W", None) for h in ("B", "W")]
    for kind in kinds:
        tile = Image.new("RGB", (g.cell, g.cell), pal.wood)
        tile.paste(sprite(kind, g.cell, theme), (0, 0), sprite(kind, g.cell, theme))
        samples.append(tile)
    samples.append(header_band(19, 720, theme, "Black player", "White player", 12, 34, "B"))
    samples.append(footer_band(19, 720, theme, "Black 45 + 12 = 57 · White 40 + 9 = 49"))
    legend = tuple(LegendItem(m, ("B",) if m in STONE_MARKS else (None,), m.value) for m in Mark)
    spec = CountingFooter("Black 45 + 12 = 57 · White 40 + 9 = 49", "marking v3", "final", legend)
    samples.append(counting_footer(19, 720, theme, spec))
    colours: set[tuple[int, ...]] = set()
    for im in samples:
        colours.update(c for _, c in im.getcolors(1 << 20) or [] if isinstance(c, tuple))
    fixed = [pal.band, pal.band_text, pal.band_dim, pal.wood, pal.line, pal.coord]
    fixed += [pal.black, pal.white, pal.accent, pal.voiding, pal.dead, pal.seki, pal.dame]
    fixed += [pal.necessary, pal.unsettled, pal.final, pal.black_rim, pal.white_rim]
    rest = sorted(colours - set(fixed))
    strip = Image.new("RGB", (len(rest), 1))
    strip.putdata(rest)
    chosen = strip.quantize(PALETTE_COLOURS - len(fixed), Image.Quantize.MEDIANCUT)
    flat = [v for c in fixed for v in c] + (chosen.getpalette() or [])
    out = Image.new("P", (1, 1))
    flat = flat[: PALETTE_COLOURS * 3]
    out.putpalette(flat + flat[:3] * (256 - len(flat) // 3))
    return out


def to_palette(im: Image.Image, theme: Theme) -> Image.Image:
    """Map an RGB image onto the theme's fixed palette, without dithering."""
    return im.quantize(palette=palette(theme), dither=Image.Dither.NONE)


@functools.lru_cache(maxsize=32)
def board_p(size: int, width: int, theme: Theme) -> Image.Image:
    """The empty board on the fixed palette."""
    return to_palette(board_rgb(size, width, theme), theme)


class Tiles:
    """Per-point tiles of one board size, width and theme: a sprite over the board, on the palette.

    A tile only depends on its kind and point, so the table may be emptied at any time.
    """

    PIXEL_BUDGET = 8_000_000  # about 8 MB of tiles per table before it starts afresh

    def __init__(self, size: int, width: int, theme: Theme) -> None:
        """Empty table; tiles are made on first use."""
        self.key = (size, width, theme)
        self.geometry = geometry(size, width)
        self.boxes = {
            (r, c): self.geometry.cell_box(r, c) for r in range(size) for c in range(size)
        }
        self.limit = self.PIXEL_BUDGET // self.geometry.cell**2
        self.cores: dict[tuple[Kind, Point], ImagingCore] = {}

    def core(self, kind: Kind, point: Point) -> ImagingCore:
        """The pixel core of a tile, ready for ``ImagingCore.paste``."""
        found = self.cores.get((kind, point))
        if found is None:
            if len(self.cores) >= self.limit:
                self.cores.clear()
            found = self._make(kind, point).im
            self.cores[kind, point] = found
        return found

    def _make(self, kind: Kind, point: Point) -> Image.Image:
        size, width, theme = self.key
        base = board_rgb(size, width, theme).crop(self.boxes[point])
        if kind != EMPTY:
            art = sprite(kind, self.geometry.cell, theme)
            base.paste(art, (0, 0), art)
        return to_palette(base, theme)


@functools.lru_cache(maxsize=8)
def tiles(size: int, width: int, theme: Theme) -> Tiles:
    """The tile table for a board size, width and theme."""
    return Tiles(size, width, theme)


MAX_DRAWN = 400  # characters of a name looked at: more never fit in a band
MIN_TEXT = 0.95  # of band_px: the smallest text drawn (11 px and more on a phone showing 390 px)
NAME_TEXT = 1.05  # of band_px: players' names and the legend's words
TALLY_TEXT = 1.15  # of band_px: the tally


def _fit(text: str, f: Font, room: float) -> str:
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
    return f, _fit(text, f, room)


def name_room(g: Geometry) -> float:
    """The pixels a player's name may take: half the width, less the stone and the margins."""
    pad = round(g.band_px * 0.6)
    return g.width / 2 - 2 * pad - round(g.band_px * 1.6) - pad // 2


@functools.lru_cache(maxsize=256)
def header_band(
    size: int,
    width: int,
    theme: Theme,
    black: str,
    white: str,
    captures_black: int,
    captures_white: int,
    to_move: str | None,
    word: str = "captures",
) -> Image.Image:
    """Players (a name on the first row, ``word`` and the prisoners under it) and whose move it
    is, in RGB; each player has half the width."""
    g, pal = geometry(size, width), PALETTES[theme]
    im = Image.new("RGB", (width, g.header), pal.band)
    d = ImageDraw.Draw(im)
    small = font(g.band_px, bold=False)
    name_px, smallest = round(g.band_px * NAME_TEXT), round(g.band_px * MIN_TEXT)
    pad = round(g.band_px * 0.6)
    icon = round(g.band_px * 1.6)
    bar = max(2, g.header // 16)
    rows = (round(g.header * 0.34), round(g.header * 0.70))
    mid = (rows[0] + rows[1]) // 2
    room = name_room(g)
    players = (("B", black, "Black", captures_black), ("W", white, "White", captures_white))
    for colour, name, default, caps in players:
        right = colour == "W"
        name_font, name = fit_name(
            printable(name[:MAX_DRAWN], font(name_px)) or default, name_px, smallest, room
        )
        caps_text = _fit(printable(f"{word} {caps}", small), small, room)
        x = width - pad - icon if right else pad
        art = stone_icon(colour, icon, theme)
        im.paste(art, (x, mid - icon // 2), art)
        tx = x - pad // 2 if right else x + icon + pad // 2
        anchor = "r" if right else "l"
        d.text((tx, rows[0]), name, fill=pal.band_text, font=name_font, anchor=anchor + "m")
        d.text((tx, rows[1]), caps_text, fill=pal.band_dim, font=small, anchor=anchor + "m")
        if to_move == colour:
            name_w = name_font.getlength(name)
            x1, x2 = (tx - name_w, x + icon) if right else (x, tx + name_w)
            d.rectangle((x1, g.header - bar - 2, x2, g.header - 3), fill=pal.accent)
    return im


@functools.lru_cache(maxsize=256)
def footer_band(size: int, width: int, theme: Theme, text: str) -> Image.Image:
    """One line of status or caption in RGB, shrunk to fit the width."""
    g, pal = geometry(size, width), PALETTES[theme]
    im = Image.new("RGB", (width, g.footer), pal.band)
    d = ImageDraw.Draw(im)
    px = g.band_px
    room = width - 2 * round(g.band_px * 0.6)
    f = font(px, bold=False)
    while px > g.band_px * 0.7 and f.getlength(text) > room:
        px -= 1
        f = font(px, bold=False)
    text = _fit(printable(text, f), f, room)
    d.text((width / 2, g.footer / 2), text, fill=pal.band_text, font=f, anchor="mm")
    return im


# -- the counting footer ---------------------------------------------------------------------------

SEPARATOR = " · "  # where a tally (or any footer text) is best broken into lines
MAX_LINES = 3


class LegendItem(NamedTuple):
    """One entry of the legend: the mark, the stone colours it is drawn on, and its word."""

    mark: Mark
    stones: tuple[Stone, ...]
    word: str


class CountingFooter(NamedTuple):
    """Everything a counting footer shows; equal footers share one cached band."""

    tally: str
    marking: str | None  # "marking v3"
    final: str | None  # "final"
    legend: tuple[LegendItem, ...]


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
    at `` · `` when that is enough, else at spaces; None when nothing fits."""
    pieces = text.split(SEPARATOR)
    for lines in range(1, min(max_lines, len(pieces)) + 1):
        found = _balanced(pieces, SEPARATOR, f, room, lines)
        if found is not None:
            return found
    words = text.split()
    for lines in range(1, min(max_lines, len(words)) + 1):
        found = _balanced(words, " ", f, room, lines)
        if found is not None:
            return found
    return None


def _px(f: Font) -> int:
    """A font's size in pixels (Pillow's bitmap fallback font is about 11)."""
    return int(f.size) if isinstance(f, ImageFont.FreeTypeFont) else 11


def _tally_lines(text: str, px: int, smallest: int, room: float) -> tuple[Font, list[str]]:
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
    return f, [_fit(line, f, room) for line in lines]


def _badge(
    d: ImageDraw.ImageDraw, x: float, y: float, text: str, f: Font, ink: RGB, filled: bool
) -> float:
    """A rounded label with its left edge at x, centred on y; returns its width."""
    w = f.getlength(text)
    h = _px(f) * 1.45
    padx = h * 0.45
    box = (x, y - h / 2, x + w + 2 * padx, y + h / 2)
    if filled:
        d.rounded_rectangle(box, radius=h / 2, fill=ink)
        d.text((x + padx, y), text, fill=(255, 255, 255), font=f, anchor="lm")
    else:
        d.rounded_rectangle(box, radius=h / 2, outline=ink, width=max(2, round(h / 12)))
        d.text((x + padx, y), text, fill=ink, font=f, anchor="lm")
    return w + 2 * padx


def _legend_icon(item: LegendItem, cell: int, theme: Theme) -> Image.Image:
    """The mark as the board shows it (on each stone colour it is drawn on), on wood."""
    pal = PALETTES[theme]
    im = Image.new("RGB", (cell * len(item.stones), cell), pal.wood)
    for i, stone in enumerate(item.stones):
        art = sprite(Kind(stone=stone, mark=item.mark), cell, theme)
        im.paste(art, (i * cell, 0), art)
    return im


@functools.lru_cache(maxsize=256)
def counting_footer(size: int, width: int, theme: Theme, spec: CountingFooter) -> Image.Image:
    """The counting footer in RGB: the marking's version (and "final"), the tally in one to
    three lines, and a legend of the marks the board shows; as tall as it needs."""
    g, pal = geometry(size, width), PALETTES[theme]
    pad = round(g.band_px * 0.6)
    room = width - 2 * pad
    px, smallest = round(g.band_px * TALLY_TEXT), round(g.band_px * MIN_TEXT)
    tally_font, lines = _tally_lines(spec.tally, px, smallest, room)
    line_h = round(_px(tally_font) * 1.3)
    word_font = font(round(g.band_px * NAME_TEXT), bold=False)
    badge_font = font(round(g.band_px * NAME_TEXT))
    cell = round(g.band_px * 1.45) | 1
    gap = round(g.band_px * 0.9)
    items: list[tuple[Image.Image, str, float]] = []
    for item in spec.legend:
        icon = _legend_icon(item, cell, theme)
        word = _fit(printable(item.word, word_font), word_font, room - icon.width - pad // 2)
        items.append((icon, word, icon.width + pad / 3 + word_font.getlength(word)))
    rows: list[list[tuple[Image.Image, str, float]]] = []
    for entry in items:  # fill rows left to right
        if rows and sum(e[2] for e in rows[-1]) + gap * len(rows[-1]) + entry[2] <= room:
            rows[-1].append(entry)
        else:
            rows.append([entry])
    badges = [(t, filled) for t, filled in ((spec.marking, False), (spec.final, True)) if t]
    badge_h = round(g.band_px * 1.9)
    row_h = max(cell, round(g.band_px * 1.35)) + round(g.band_px * 0.35)
    height = pad + len(lines) * line_h + len(rows) * row_h + pad
    if badges:
        height += badge_h
    if rows:
        height += round(g.band_px * 0.4)
    height = max(g.footer, height)
    im = Image.new("RGB", (width, height), pal.band)
    d = ImageDraw.Draw(im)
    y = pad
    if badges:
        texts = [_fit(printable(t, badge_font), badge_font, room / 2.4) for t, _ in badges]
        sizes = [badge_font.getlength(t) + g.band_px * 1.3 for t in texts]
        x = (width - sum(sizes) - pad * (len(sizes) - 1)) / 2
        for text, (_, filled) in zip(texts, badges, strict=True):
            ink = pal.final if filled else pal.band_text
            x += _badge(d, x, y + badge_h / 2 - 2, text, badge_font, ink, filled) + pad
        y += badge_h
    for line in lines:
        text = printable(line, tally_font)
        d.text((width / 2, y + line_h / 2), text, fill=pal.band_text, font=tally_font, anchor="mm")
        y += line_h
    if rows:
        y += round(g.band_px * 0.4)
        d.line(
            (pad, y - round(g.band_px * 0.2), width - pad, y - round(g.band_px * 0.2)),
            fill=pal.band_rule,
        )
    for row in rows:
        x = (width - sum(e[2] for e in row) - gap * (len(row) - 1)) / 2
        for icon, word, w in row:
            im.paste(icon, (round(x), round(y + row_h / 2 - cell / 2)))
            tx = x + icon.width + pad / 3
            d.text((tx, y + row_h / 2), word, fill=pal.band_text, font=word_font, anchor="lm")
            x += w + gap
        y += row_h
    return im
