"""The text bands above and below the board: players and prisoners, a line of status, and the
counting footer (tally, badges and a legend of the marks), each cached as an RGB image."""

from __future__ import annotations

import functools
from typing import NamedTuple

from PIL import Image, ImageDraw

from renderer.geometry import Geometry, geometry
from renderer.snapshot import Mark, Theme
from renderer.sprites import Kind, Stone, sprite, stone_icon
from renderer.text_fit import fit, fit_name, font_px, tally_lines
from renderer.theme import PALETTES, RGB, Font, font, printable

MAX_DRAWN = 400  # characters of a name looked at: more never fit in a band
MIN_TEXT = 0.95  # of band_px: the smallest text drawn (11 px and more on a phone showing 390 px)
NAME_TEXT = 1.05  # of band_px: players' names and the legend's words
TALLY_TEXT = 1.15  # of band_px: the tally


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
        caps_text = fit(printable(f"{word} {caps}", small), small, room)
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
    text = fit(printable(text, f), f, room)
    d.text((width / 2, g.footer / 2), text, fill=pal.band_text, font=f, anchor="mm")
    return im


# -- the counting footer ---------------------------------------------------------------------------


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
    explained: str | None = None  # under the legend: where its marks are explained


def _badge(
    d: ImageDraw.ImageDraw, x: float, y: float, text: str, f: Font, ink: RGB, filled: bool
) -> float:
    """A rounded label with its left edge at x, centred on y; returns its width."""
    w = f.getlength(text)
    h = font_px(f) * 1.45
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
    tally_font, lines = tally_lines(spec.tally, px, smallest, room)
    line_h = round(font_px(tally_font) * 1.3)
    word_font = font(round(g.band_px * NAME_TEXT), bold=False)
    badge_font = font(round(g.band_px * NAME_TEXT))
    cell = round(g.band_px * 1.45) | 1
    gap = round(g.band_px * 0.9)
    items: list[tuple[Image.Image, str, float]] = []
    for item in spec.legend:
        icon = _legend_icon(item, cell, theme)
        word = fit(printable(item.word, word_font), word_font, room - icon.width - pad // 2)
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
    if spec.explained:
        height += row_h
    if badges:
        height += badge_h
    if rows:
        height += round(g.band_px * 0.4)
    height = max(g.footer, height)
    im = Image.new("RGB", (width, height), pal.band)
    d = ImageDraw.Draw(im)
    y = pad
    if badges:
        texts = [fit(printable(t, badge_font), badge_font, room / 2.4) for t, _ in badges]
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
    if spec.explained:
        hint = fit(printable(spec.explained, word_font), word_font, room)
        d.text((width / 2, y + row_h / 2), hint, fill=pal.band_text, font=word_font, anchor="mm")
    return im
