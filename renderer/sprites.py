"""Per-intersection sprites: stones, markers and counting marks, supersampled once and cached."""

from __future__ import annotations

import functools
from typing import Literal, NamedTuple

from PIL import Image, ImageDraw

from renderer.snapshot import Mark, Theme
from renderer.theme import PALETTES, RGB, Palette, font

SUPERSAMPLE = 4
STONE_RADIUS = 0.485  # of the cell
DEAD_ALPHA = 0.5
GHOST_RADIUS = 0.37  # of the cell: a numbered move whose stone is not on the board

Stone = Literal["B", "W"] | None


class Kind(NamedTuple):
    """Everything drawn on one intersection; equal kinds share one sprite."""

    stone: Stone = None
    mark: Mark | None = None
    last: bool = False
    ko: bool = False
    label: str | None = None
    #: a small numbered stone of this colour (a move of a sequence whose stone is not there now);
    #: its number is ``label``
    ghost: Stone = None


EMPTY = Kind()


RGBA = tuple[int, int, int, int]


def _mix(a: RGB, b: RGB, t: float) -> RGBA:
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return red, green, blue, 255


def _circle(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: RGBA | None = None,
    outline: RGBA | None = None,
    width: int = 1,
) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def draw_stone(d: ImageDraw.ImageDraw, c: float, r: float, colour: str, pal: Palette) -> None:
    """A shaded stone of radius r centred at (c, c), lit from the top left."""
    black = colour == "B"
    rim, rim_w = (pal.black_rim, r * 0.09) if black else (pal.white_rim, r * 0.06)
    _circle(d, c, c, r, fill=(*rim, 255))
    body = r - rim_w
    if black:  # a flat body with a soft highlight towards the top left
        _circle(d, c, c, body, fill=(*pal.black, 255))
        for i in range(1, 9):
            t = i / 9
            spot = c - body * 0.36
            _circle(d, spot, spot, body * 0.55 * (1 - t), fill=_mix(pal.black, pal.black_light, t))
    else:  # a flat face with a shaded lower-right edge
        for i in range(9):
            t = i / 8
            shift = body * 0.1 * t
            radius = body * (1 - 0.1 * t)
            _circle(d, c - shift, c - shift, radius, fill=_mix(pal.white_shade, pal.white, t))


def _cross(d: ImageDraw.ImageDraw, c: float, half: float, width: float, colour: RGB) -> None:
    w = max(1, round(width))
    d.line((c - half, c - half, c + half, c + half), fill=(*colour, 255), width=w)
    d.line((c - half, c + half, c + half, c - half), fill=(*colour, 255), width=w)


def _square(d: ImageDraw.ImageDraw, c: float, half: float, fill: RGB, rim: RGB, w: float) -> None:
    d.rectangle((c - half, c - half, c + half, c + half), fill=(*rim, 255))
    d.rectangle((c - half + w, c - half + w, c + half - w, c + half - w), fill=(*fill, 255))


def _territory(d: ImageDraw.ImageDraw, c: float, s: float, owner: str, pal: Palette) -> None:
    """Territory: a small square of the owner's colour, much smaller than a stone."""
    if owner == "B":
        _square(d, c, s * 0.19, pal.black, pal.black_rim, s * 0.025)
    else:
        _square(d, c, s * 0.19, pal.white, pal.white_rim, s * 0.035)


def _label(d: ImageDraw.ImageDraw, c: float, s: float, text: str, colour: RGB, fit: float) -> None:
    """Centred text; fit shrinks it to sit inside a smaller disc."""
    scale = {1: 0.56, 2: 0.5}.get(len(text), 0.38) * fit
    d.text((c, c), text, fill=(*colour, 255), font=font(round(s * scale)), anchor="mm")


def _triangle(c: float, h: float) -> list[tuple[float, float]]:
    return [(c, c - h * 1.15), (c - h, c + h * 0.6), (c + h, c + h * 0.6)]


def _fade(im: Image.Image) -> ImageDraw.ImageDraw:
    """Make everything drawn so far translucent; a fresh pen for what comes on top."""
    im.putalpha(im.getchannel("A").point(lambda a: round(a * DEAD_ALPHA)))
    return ImageDraw.Draw(im)


DEAD_DASHES = 10


def _dead_stone(im: Image.Image, c: float, r: float, stone: str, pal: Palette) -> None:
    """A translucent stone inside a solid dashed rim, so a dead stone shows on either wood (the
    dark theme's black stone would otherwise fade into its dark board) and never looks alive."""
    d = ImageDraw.Draw(im)
    draw_stone(d, c, r, stone, pal)
    d = _fade(im)
    dark_wood = sum(pal.wood) < 3 * 128
    rim = pal.black_rim if stone == "B" else pal.white_shade if dark_wood else pal.white_rim
    w = max(2, round(r * 0.2))
    box = (c - r, c - r, c + r, c + r)
    step = 360 / DEAD_DASHES
    for i in range(DEAD_DASHES):
        start = i * step - 90
        d.arc(box, start, start + step * 0.62, fill=(*rim, 255), width=w)


def _draw_mark(d: ImageDraw.ImageDraw, kind: Kind, s: float, pal: Palette) -> None:
    """The counting mark of ``kind``, over its stone if any (s: the supersampled cell)."""
    c = s / 2
    mark = kind.mark
    opposite = {"B": pal.white, "W": pal.black, None: pal.line}[kind.stone]
    if mark is Mark.BLACK_TERRITORY:
        _territory(d, c, s, "B", pal)
    elif mark is Mark.WHITE_TERRITORY:
        _territory(d, c, s, "W", pal)
    elif mark is Mark.DEAD_REMOVED:
        _territory(d, c, s, "W" if kind.stone == "B" else "B", pal)
    elif mark is Mark.DEAD_STAYS:
        _cross(d, c, s * 0.2, s * 0.09, pal.dead)
    elif mark is Mark.SEKI:  # a solid triangle on the stone
        tri = _triangle(c, s * 0.17)
        d.polygon(tri, fill=(*pal.seki, 255), outline=(*opposite, 255), width=round(s * 0.02))
    elif mark is Mark.DAME:  # a thin cross: nobody's point, fillable or not, voids nothing
        _cross(d, c, s * 0.17, s * 0.08, pal.dame)
    elif mark is Mark.VOIDING_DAME:  # a loud disc: fill it or the territory beside does not count
        _circle(d, c, c, s * 0.3, fill=(*pal.voiding, 255), outline=(*pal.line, 255), width=3)
        _cross(d, c, s * 0.13, s * 0.07, (255, 255, 255))
    elif mark is Mark.SEKI_DAME:  # the seki's triangle, hollow: a shared liberty nobody fills
        tri = _triangle(c, s * 0.25)
        d.polygon(tri, fill=(*pal.wood, 255), outline=(*pal.seki, 255), width=round(s * 0.09))
    elif mark is Mark.SEKI_EYE:  # territory's square, hollow: an eye that is not territory
        half, w = s * 0.24, round(s * 0.09)
        box = (c - half, c - half, c + half, c + half)
        d.rectangle(box, fill=(*pal.wood, 255), outline=(*pal.seki, 255), width=w)
    elif mark is Mark.NECESSARY:  # a target: connect here
        _circle(d, c, c, s * 0.3, outline=(*pal.necessary, 255), width=round(s * 0.09))
        _circle(d, c, c, s * 0.11, fill=(*pal.necessary, 255))
    elif mark is Mark.UNSETTLED:  # a question: still to be played
        _circle(d, c, c, s * 0.33, fill=(*pal.unsettled, 255))
        _label(d, c, s, "?", (255, 255, 255), 1.05)
    elif mark is Mark.CAPTURABLE:  # a warning on a stone: a red ring and a "!"
        r = s * STONE_RADIUS
        _circle(d, c, c, r * 0.9, outline=(*pal.dead, 255), width=round(r * 0.2))
        _label(d, c, s, "!", opposite, 1.1)
    elif mark in (Mark.DISPUTED, Mark.DISPUTED_DEAD):  # a question on a stone: a ring and "?"
        r = s * STONE_RADIUS
        _circle(d, c, c, r * 0.9, outline=(*pal.unsettled, 255), width=round(r * 0.22))
        _label(d, c, s, "?", opposite, 1.1)


def _draw_kind(kind: Kind, cell: int, pal: Palette) -> Image.Image:
    s = cell * SUPERSAMPLE
    c = s / 2
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    opposite = {"B": pal.white, "W": pal.black, None: pal.line}[kind.stone]
    if kind.stone is not None:
        if kind.mark in (Mark.DEAD_REMOVED, Mark.DEAD_STAYS, Mark.DISPUTED_DEAD):
            _dead_stone(im, c, s * STONE_RADIUS, kind.stone, pal)
            d = ImageDraw.Draw(im)
        else:
            draw_stone(d, c, s * STONE_RADIUS, kind.stone, pal)
    _draw_mark(d, kind, s, pal)
    if kind.ko:
        half = s * 0.2
        w = max(SUPERSAMPLE, round(s * 0.08))
        box = (c - half, c - half, c + half, c + half)
        d.rectangle(box, outline=(*pal.line, 255), width=w)
    if kind.ghost is not None:  # a small stone of the sequence's colour, with its number
        draw_stone(d, c, s * GHOST_RADIUS, kind.ghost, pal)
        if kind.label is not None:
            ink = pal.white if kind.ghost == "B" else pal.black
            _label(d, c, s, kind.label, ink, GHOST_RADIUS / STONE_RADIUS * 1.05)
    elif kind.label is not None:
        if kind.last:  # a red disc, small enough to leave the stone's colour all around
            _circle(d, c, c, s * 0.33, fill=(*pal.accent, 255))
        elif kind.stone is None:
            _circle(d, c, c, s * 0.36, fill=(*pal.wood, 255))
        colour, fit = ((255, 255, 255), 0.8) if kind.last else (opposite, 1.0)
        _label(d, c, s, kind.label, colour, fit)
    elif kind.last:
        ring = pal.accent if kind.stone is None else opposite
        _circle(d, c, c, s * 0.29, outline=(*ring, 255), width=round(s * 0.08))
    return im.resize((cell, cell), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=1024)
def sprite(kind: Kind, cell: int, theme: Theme) -> Image.Image:
    """The RGBA sprite of one intersection kind, cell × cell pixels."""
    return _draw_kind(kind, cell, PALETTES[theme])


@functools.lru_cache(maxsize=64)
def stone_icon(colour: str, px: int, theme: Theme) -> Image.Image:
    """A small RGBA stone for the header band."""
    s = px * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw_stone(ImageDraw.Draw(im), s / 2, s / 2 - 1, colour, PALETTES[theme])
    return im.resize((px, px), Image.Resampling.LANCZOS)
