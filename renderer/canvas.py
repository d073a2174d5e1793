"""Cached layers: the empty board, the fixed palette, per-point tiles and the text bands."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from renderer.geometry import Geometry, geometry, star_points
from renderer.snapshot import COLUMNS, Mark, Point, Theme
from renderer.sprites import EMPTY, Kind, sprite, stone_icon
from renderer.theme import PALETTES, Font, Palette, font, printable

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

PALETTE_COLOURS = 255
TRANSPARENT = 255  # the one palette slot left free, for unchanged pixels in animations


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
    for kind in kinds:
        tile = Image.new("RGB", (g.cell, g.cell), pal.wood)
        tile.paste(sprite(kind, g.cell, theme), (0, 0), sprite(kind, g.cell, theme))
        samples.append(tile)
    samples.append(header_band(19, 720, theme, "Black player", "White player", 12, 34, "B"))
    samples.append(footer_band(19, 720, theme, "Black 45 + 12 = 57 · White 40 + 9 = 49"))
    colours: set[tuple[int, ...]] = set()
    for im in samples:
        colours.update(c for _, c in im.getcolors(1 << 20) or [] if isinstance(c, tuple))
    fixed = [pal.band, pal.band_text, pal.band_dim, pal.wood, pal.line, pal.coord]
    fixed += [pal.black, pal.white, pal.accent, pal.voiding, pal.dead, pal.seki, pal.dame]
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
    return text[:fits] + "…"


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
) -> Image.Image:
    """Players, prisoners and whose move it is, in RGB."""
    g, pal = geometry(size, width), PALETTES[theme]
    im = Image.new("RGB", (width, g.header), pal.band)
    d = ImageDraw.Draw(im)
    name_font, small = font(g.band_px), font(round(g.band_px * 0.86), bold=False)
    icon = round(g.band_px * 1.25)
    pad = round(g.band_px * 0.6)
    mid = g.header // 2
    players = (("B", black, "Black", captures_black), ("W", white, "White", captures_white))
    for colour, name, default, caps in players:
        right = colour == "W"
        caps_text = f"captures {caps}"
        room = width / 2 - 3 * pad - icon - small.getlength(caps_text)
        name = _fit(printable(name[:MAX_DRAWN], name_font) or default, name_font, room)
        name_w = name_font.getlength(name)
        x = width - pad - icon if right else pad
        im.paste(
            stone_icon(colour, icon, theme), (x, mid - icon // 2), stone_icon(colour, icon, theme)
        )
        nx = x - pad // 2 - name_w if right else x + icon + pad // 2
        d.text((nx, mid), name, fill=pal.band_text, font=name_font, anchor="lm")
        cx = nx - pad // 2 if right else nx + name_w + pad // 2
        d.text(
            (cx, mid + 1), caps_text, fill=pal.band_dim, font=small, anchor="rm" if right else "lm"
        )
        if to_move == colour:
            bar = max(3, g.header // 12)
            x1, x2 = (nx, x + icon) if right else (x, nx + name_w)
            d.rectangle((x1, g.header - bar - 2, x2, g.header - 3), fill=pal.accent)
    return im


@functools.lru_cache(maxsize=256)
def footer_band(size: int, width: int, theme: Theme, text: str) -> Image.Image:
    """One line of status, caption or tally in RGB, shrunk to fit the width."""
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
