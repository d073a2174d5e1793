"""Compose a snapshot into an image: the cached board, per-point tiles and the two bands."""

from __future__ import annotations

import functools
import io

from PIL import Image

from renderer import bands, canvas
from renderer.bands import CountingFooter, LegendItem, counting_footer, footer_band, header_band
from renderer.canvas import board_p, tiles, to_palette
from renderer.geometry import DEFAULT_WIDTH, geometry
from renderer.snapshot import Mark, Point, Snapshot, Theme, Word, point_name
from renderer.sprites import EMPTY, Kind, Stone, sprite, stone_icon
from renderer.theme import font, has_glyph

PNG_COMPRESS_LEVEL = 3


def _kinds(snap: Snapshot) -> dict[Point, Kind]:
    """What to draw on every non-empty intersection."""
    stones: dict[Point, Stone] = {p: "B" for p in snap.black}
    stones.update((p, "W") for p in snap.white)
    kinds = {p: Kind(stone) for p, stone in stones.items()}
    for p, mark in snap.marks:
        kinds[p] = Kind(stones.get(p), mark)
    for p, label in snap.labels:
        kinds[p] = kinds.get(p, EMPTY)._replace(label=label)
    numbered: dict[Point, tuple[int, Stone]] = {}
    for p, colour, number in snap.sequence:  # a point played twice shows its latest move
        if p not in numbered or number > numbered[p][0]:
            numbered[p] = (number, colour)
    for p, (number, played) in numbered.items():  # the number replaces the point's mark
        ghost: Stone = None if stones.get(p) == played else played
        kinds[p] = kinds.get(p, EMPTY)._replace(mark=None, label=str(number), ghost=ghost)
    if snap.ko_point is not None:
        kinds[snap.ko_point] = kinds.get(snap.ko_point, EMPTY)._replace(ko=True)
    if snap.last_move is not None:
        kinds[snap.last_move] = kinds.get(snap.last_move, EMPTY)._replace(last=True)
    return kinds


def footer_text(snap: Snapshot) -> str:
    """The footer line: the tally when counting, else the caption, else the game status."""
    if snap.tally is not None:
        return snap.tally
    if snap.caption is not None:
        return snap.caption
    parts = [f"Move {snap.move_number}"]
    if snap.to_move is not None:
        parts.append(f"{'Black' if snap.to_move == 'B' else 'White'} to play")
    if snap.ko_point is not None:
        parts.append(f"ko at {point_name(snap.ko_point)}")
    return " · ".join(parts)


def legend_items(snap: Snapshot) -> tuple[LegendItem, ...]:
    """The legend: each mark the board shows that the snapshot has a word for, in the order of
    :class:`Mark`, with the stone colours it is drawn on (a sequence number hides a mark)."""
    words = dict(snap.legend)
    hidden = {p for p, _, _ in snap.sequence}
    on: dict[Mark, set[Stone]] = {}
    for p, mark in snap.marks:
        if mark in words and p not in hidden:
            on.setdefault(mark, set()).add(
                "B" if p in snap.black else "W" if p in snap.white else None
            )
    order = ("B", "W", None)
    return tuple(
        LegendItem(mark, tuple(s for s in order if s in on[mark]), words[mark])
        for mark in Mark
        if mark in on
    )


def counting_spec(snap: Snapshot) -> CountingFooter | None:
    """What the counting footer shows; None for a snapshot without a count or a marking."""
    if not (snap.counting or snap.marking_version is not None or snap.final):
        return None
    marking = None
    if snap.marking_version is not None:
        marking = f"{snap.word(Word.MARKING)} v{snap.marking_version}"
    elif snap.estimate:
        marking = snap.word(Word.ESTIMATE)
    legend = legend_items(snap)
    return CountingFooter(
        tally=footer_text(snap),
        marking=marking,
        final=snap.word(Word.FINAL) if snap.final else None,
        legend=legend,
        explained=(snap.word(Word.EXPLAINED) or None) if legend else None,
    )


@functools.lru_cache(maxsize=256)
def _header_p(
    size: int,
    width: int,
    theme: Theme,
    names: tuple[str, str],
    caps: tuple[int, int],
    to: str | None,
    word: str,
) -> Image.Image:
    return to_palette(header_band(size, width, theme, *names, *caps, to, word), theme)


@functools.lru_cache(maxsize=256)
def _footer_p(size: int, width: int, theme: Theme, text: str) -> Image.Image:
    return to_palette(footer_band(size, width, theme, text), theme)


@functools.lru_cache(maxsize=64)
def _counting_p(size: int, width: int, theme: Theme, spec: CountingFooter) -> Image.Image:
    return to_palette(counting_footer(size, width, theme, spec), theme)


@functools.lru_cache(maxsize=32)
def _tall_board_p(size: int, width: int, theme: Theme, footer: int) -> Image.Image:
    """The empty board on an image with room for a footer ``footer`` pixels tall."""
    g = geometry(size, width)
    board = board_p(size, width, theme)
    im = Image.new("P", (width, g.header + g.width + footer))
    im.putpalette(board.getpalette() or [])
    im.paste(board, (0, 0))
    return im


def render_palette_image(snap: Snapshot, width: int = DEFAULT_WIDTH) -> Image.Image:
    """The picture as a palette ("P") image: what the PNG and the animation encode."""
    g = geometry(snap.size, width)
    board = board_p(snap.size, width, snap.theme)
    spec = counting_spec(snap)
    footer = (
        _footer_p(snap.size, width, snap.theme, footer_text(snap))
        if spec is None
        else _counting_p(snap.size, width, snap.theme, spec)
    )
    if footer.height == g.footer:
        im = board.copy()
    else:  # a taller counting footer: the same board on a taller image
        im = _tall_board_p(snap.size, width, snap.theme, footer.height).copy()
    table = tiles(snap.size, width, snap.theme)
    pixels, boxes = im.im, table.boxes
    for point, kind in _kinds(snap).items():
        pixels.paste(table.core(kind, point), boxes[point])
    names = (snap.black_name or "Black", snap.white_name or "White")
    caps = (snap.captures_black, snap.captures_white)
    word = snap.word(Word.PRISONERS)  # one word for one idea: the rules' prisoners (Art. 5)
    header = _header_p(snap.size, width, snap.theme, names, caps, snap.to_move, word)
    im.paste(header, (0, 0))
    im.paste(footer, (0, g.header + g.width))
    return im


def render_image(snap: Snapshot, width: int = DEFAULT_WIDTH) -> Image.Image:
    """The picture as an RGB image."""
    return render_palette_image(snap, width).convert("RGB")


def render_png(snap: Snapshot, width: int = DEFAULT_WIDTH) -> bytes:
    """The picture as PNG bytes: a palette PNG, a few tens of KiB for a 19×19 game."""
    out = io.BytesIO()
    render_palette_image(snap, width).save(
        out, format="PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL
    )
    return out.getvalue()


def clear_caches() -> None:
    """Forget every cached layer, tile, sprite, font and palette (they are rebuilt on demand)."""
    for cached in (_header_p, _footer_p, _counting_p, _tall_board_p, canvas.board_rgb):
        cached.cache_clear()
    canvas.board_p.cache_clear()
    canvas.tiles.cache_clear()
    for cached in (bands.header_band, bands.footer_band, bands.counting_footer, sprite):
        cached.cache_clear()
    stone_icon.cache_clear()
    canvas.palette.cache_clear()
    font.cache_clear()
    has_glyph.cache_clear()
