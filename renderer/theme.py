"""Colour themes and fonts."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from renderer.snapshot import Theme

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
MISSING = "\U0010fffd"  # a private-use character no font draws

FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/TTF"),
)


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one theme."""

    band: RGB
    band_text: RGB
    band_dim: RGB
    band_rule: RGB
    wood: RGB
    line: RGB
    coord: RGB
    black: RGB
    black_light: RGB
    black_rim: RGB
    white: RGB
    white_shade: RGB
    white_rim: RGB
    accent: RGB
    dame: RGB
    voiding: RGB
    seki: RGB
    dead: RGB
    necessary: RGB  # where a chain in atari must connect
    unsettled: RGB  # a point still to be played
    final: RGB  # the badge of a marking both players accepted


LIGHT = Palette(
    band=(246, 242, 234),
    band_text=(34, 30, 26),
    band_dim=(110, 100, 90),
    band_rule=(200, 170, 110),
    wood=(221, 180, 98),
    line=(58, 42, 22),
    coord=(78, 56, 24),
    black=(24, 24, 27),
    black_light=(96, 96, 104),
    black_rim=(12, 12, 12),
    white=(250, 250, 246),
    white_shade=(196, 196, 188),
    white_rim=(92, 88, 80),
    accent=(214, 36, 36),
    dame=(52, 96, 170),
    voiding=(255, 110, 0),
    seki=(24, 120, 220),
    dead=(220, 24, 24),
    necessary=(150, 40, 190),
    unsettled=(200, 40, 140),
    final=(30, 130, 60),
)

DARK = Palette(
    band=(22, 24, 28),
    band_text=(236, 236, 236),
    band_dim=(160, 162, 168),
    band_rule=(70, 60, 48),
    wood=(74, 60, 46),
    line=(196, 176, 146),
    coord=(222, 206, 180),
    black=(6, 6, 8),
    black_light=(70, 70, 78),
    black_rim=(170, 170, 176),
    white=(252, 252, 252),
    white_shade=(206, 206, 206),
    white_rim=(30, 30, 30),
    accent=(255, 84, 72),
    dame=(120, 170, 255),
    voiding=(255, 140, 0),
    seki=(90, 180, 255),
    dead=(255, 60, 60),
    necessary=(215, 130, 255),
    unsettled=(255, 110, 200),
    final=(60, 170, 90),
)

PALETTES: dict[Theme, Palette] = {"light": LIGHT, "dark": DARK}


@functools.cache
def font(px: int, bold: bool = True, condensed: bool = False) -> Font:
    """DejaVu Sans (or DejaVu Sans Condensed, for long names) when the system has it, else
    Pillow's built-in scalable font."""
    plain = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    names = [plain.replace("Sans", "SansCondensed")] if condensed else []
    for name in (*names, plain):
        for folder in FONT_DIRS:
            path = folder / name
            if path.is_file():
                return ImageFont.truetype(str(path), px)
    return ImageFont.load_default(size=px)


def _glyph(f: Font, ch: str) -> tuple[tuple[float, ...], bytes]:
    box = f.getbbox(ch)
    im = Image.new("L", (max(1, int(box[2]) + 1), max(1, int(box[3]) + 1)))
    ImageDraw.Draw(im).text((0, 0), ch, font=f, fill=255)
    return tuple(box), im.tobytes()


@functools.lru_cache(maxsize=4096)
def has_glyph(f: Font, ch: str) -> bool:
    """True when the font draws ch as something other than its missing-glyph box."""
    return ch.isspace() or _glyph(f, ch) != _glyph(f, MISSING)


def printable(text: str, f: Font) -> str:
    """Text without the characters the font cannot draw (no tofu boxes), spaces collapsed."""
    return " ".join("".join(ch for ch in text if has_glyph(f, ch)).split())
