"""Cached layers: the empty board, the fixed palette and per-point tiles (the text bands are in
:mod:`renderer.bands`)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from renderer.bands import (
    CountingFooter,
    LegendItem,
    counting_footer,
    footer_band,
    header_band,
    name_room,
)
from renderer.geometry import Geometry, geometry, star_points
from renderer.snapshot import COLUMNS, STONE_MARKS, Mark, Point, Theme
from renderer.sprites import EMPTY, Kind, sprite
from renderer.text_fit import fit_name, wrap
from renderer.theme import PALETTES, Palette, font

__all__ = [  # fit_name, name_room and wrap are re-exported: tests import them from here
    "BAND_INDEX",
    "PALETTE_COLOURS",
    "TRANSPARENT",
    "Tiles",
    "board_p",
    "board_rgb",
    "fit_name",
    "name_room",
    "palette",
    "tiles",
    "to_palette",
    "wrap",
]

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
