"""What the picture shows: stones, markers, counting marks, sizes, themes and determinism."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFont

from renderer import (
    DEFAULT_WIDTH,
    Mark,
    Snapshot,
    clear_caches,
    geometry,
    render_image,
    render_png,
)
from renderer import theme as theme_module
from renderer.canvas import tiles
from renderer.theme import PALETTES, font, printable
from tests.renderer.helpers import at, cell_pixels, close, luma

WOOD = PALETTES["light"].wood
B, W = (2, 2), (2, 6)
BASE = Snapshot(9, black=frozenset({B}), white=frozenset({W}))


def test_stones_and_empty_points() -> None:
    assert luma(at(BASE, B)) < 80
    assert luma(at(BASE, W)) > 200
    assert luma(at(BASE, B, 0.3, 0.3)) < 80  # the whole stone is dark, not just its centre
    assert close(at(BASE, (4, 1), 0.25, 0.25), WOOD)  # empty: the board between the lines


def test_png_is_a_palette_png_of_the_layout_size() -> None:
    im = Image.open(io.BytesIO(render_png(BASE)))
    g = geometry(9)
    assert im.format == "PNG" and im.mode == "P"
    assert im.size == (DEFAULT_WIDTH, g.height) == (g.width, g.header + g.width + g.footer)


@pytest.mark.parametrize("size", range(5, 26))
def test_every_size_renders(size: int) -> None:
    corner, far = (0, 0), (size - 1, size - 1)
    snap = Snapshot(size, black=frozenset({corner}), white=frozenset({far}), last_move=far)
    im = Image.open(io.BytesIO(render_png(snap)))
    assert im.size == (DEFAULT_WIDTH, geometry(size).height)
    rgb = im.convert("RGB")
    g = geometry(size)
    assert luma(rgb.getpixel(g.center(*corner))) < 80  # type: ignore[arg-type]


def test_width_is_honoured() -> None:
    im = render_image(BASE, 1080)
    assert im.size == (1080, geometry(9, 1080).height)


def test_same_snapshot_same_bytes_even_after_clearing_caches() -> None:
    snap = Snapshot(
        13,
        black=frozenset({(3, 3), (9, 9)}),
        white=frozenset({(3, 9)}),
        last_move=(3, 9),
        labels=(((3, 9), "12"),),
        ko_point=(6, 6),
        to_move="B",
        black_name="alice",
    )
    first = render_png(snap)
    assert render_png(snap) == first
    clear_caches()
    assert render_png(snap) == first


def test_last_move_ring_on_either_colour() -> None:
    for point, ring_is_light in ((B, True), (W, False)):
        plain, marked = (
            at(BASE, point, 0.25),
            at(Snapshot(9, black=BASE.black, white=BASE.white, last_move=point), point, 0.25),
        )
        assert (luma(marked) > 180) is ring_is_light
        assert abs(luma(marked) - luma(plain)) > 100


def test_labels_are_drawn_in_the_opposite_colour() -> None:
    snap = Snapshot(9, black=BASE.black, white=BASE.white, labels=((B, "7"), (W, "8")))
    im = render_image(snap)
    assert any(luma(p) > 200 for p in cell_pixels(im, 9, B, 0.2))
    assert any(luma(p) < 60 for p in cell_pixels(im, 9, W, 0.2))


def test_numbered_last_move_keeps_its_stone_colour_visible() -> None:
    snap = Snapshot(9, black=BASE.black, white=BASE.white, last_move=W, labels=((W, "24"),))
    assert luma(at(snap, W, 0.3, 0.3)) > 200  # the white stone shows around the red disc
    red = [p for p in cell_pixels(render_image(snap), 9, W, 0.2) if p[0] > 180 and p[1] < 80]
    assert len(red) > 50


def test_ko_point_is_marked() -> None:
    point = (4, 1)
    before = cell_pixels(render_image(BASE), 9, point)
    after = cell_pixels(render_image(Snapshot(9, ko_point=point)), 9, point)
    assert sum(a != b for a, b in zip(before, after, strict=True)) > 40


def _counting(**marks: Mark) -> Snapshot:
    points = {"a": (0, 0), "b": (0, 8), "c": B, "d": W, "e": (8, 0), "f": (8, 8)}
    return Snapshot(
        9,
        black=BASE.black,
        white=BASE.white,
        marks=tuple((points[k], m) for k, m in marks.items()),
        tally="Black 1 + 0 = 1 · White 1 + 0 + 6.5 = 7.5 · W+6.5",
    )


def test_territory_squares_are_small_and_coloured() -> None:
    snap = _counting(a=Mark.BLACK_TERRITORY, b=Mark.WHITE_TERRITORY)
    assert luma(at(snap, (0, 0))) < 80
    assert luma(at(snap, (0, 8))) > 200
    assert close(at(snap, (0, 0), 0.32, 0.32), WOOD)  # much smaller than a stone
    assert close(at(snap, (0, 8), 0.32, 0.32), WOOD)


def test_dead_stones_are_faded_and_marked() -> None:
    removed = _counting(c=Mark.DEAD_REMOVED, d=Mark.DEAD_REMOVED)
    assert 80 < luma(at(removed, B, 0.25, 0.25)) < 200  # faded, still visible
    assert luma(at(removed, B)) > 200  # a white territory square on the black stone
    assert luma(at(removed, W)) < 80  # and a black one on the white stone
    stays = render_image(_counting(c=Mark.DEAD_STAYS, d=Mark.DEAD_STAYS))
    for point in (B, W):
        assert any(r > 180 and g < 90 and b < 90 for r, g, b in cell_pixels(stays, 9, point))


def test_seki_dame_and_voiding_dame_are_marked() -> None:
    im = render_image(_counting(c=Mark.SEKI, e=Mark.DAME, f=Mark.VOIDING_DAME))
    assert any(b > 180 and r < 100 for r, _, b in cell_pixels(im, 9, B, 0.3))  # blue triangle
    assert any(b > 120 and r < 100 for r, _, b in cell_pixels(im, 9, (8, 0), 0.3))  # dame cross
    orange = [p for p in cell_pixels(im, 9, (8, 8), 0.3) if p[0] > 230 and 80 < p[1] < 160]
    assert len(orange) > 100  # a strong highlight


def test_dark_theme_differs() -> None:
    dark = Snapshot(9, BASE.black, BASE.white, theme="dark")
    assert render_image(BASE).size == render_image(dark).size
    assert render_image(BASE).tobytes() != render_image(dark).tobytes()
    assert at(BASE, (4, 1), 0.25, 0.25) != at(dark, (4, 1), 0.25, 0.25)
    assert luma(at(dark, B)) < 80
    assert luma(at(dark, W)) > 200


def test_names_long_and_unicode_fit() -> None:
    """A long name is cut to its half of the header; characters the font lacks are dropped."""
    name = "A very long player name that would never fit in the header band ♛"
    long = render_image(Snapshot(19, black_name=name, white_name="碁打ち", to_move="W"))
    short = render_image(Snapshot(19, black_name="x", white_name="碁打ち", to_move="W"))
    default = render_image(Snapshot(19, black_name="x", to_move="W"))
    g = geometry(19)
    assert long.size == short.size == (DEFAULT_WIDTH, g.height)  # the header does not grow
    black_half, white_half = (0, 0, g.width // 2, g.header), (g.width // 2, 0, g.width, g.header)
    below = (0, g.header, g.width, g.height)
    assert long.crop(black_half).tobytes() != short.crop(black_half).tobytes()
    assert long.crop(white_half).tobytes() == short.crop(white_half).tobytes()
    assert long.crop(below).tobytes() == short.crop(below).tobytes()
    drawable = printable("碁打ち", font(g.band_px))  # empty when the font has no CJK glyphs
    unchanged = short.crop(white_half).tobytes() == default.crop(white_half).tobytes()
    assert unchanged == (not drawable)  # no tofu: nothing drawable falls back to "White"


def test_a_huge_name_is_measured_a_few_times_not_once_per_character(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 28 KB name (a hostile SGF's PB) is cut from its first 400 characters by a binary search:
    its text is measured about log2(400) times, never longer than those 400 (measuring every
    shorter cut of the whole name took 47 s)."""
    name = "Zq" * 14_000
    measured: list[int] = []  # the length of each text of the name given to getlength

    def counting(real: Callable[..., float]) -> Callable[..., float]:
        def getlength(self: object, text: str, *args: object, **kwargs: object) -> float:
            if "Zq" in text:
                measured.append(len(text))
            return real(self, text, *args, **kwargs)

        return getlength

    for kind in (ImageFont.FreeTypeFont, ImageFont.ImageFont):
        monkeypatch.setattr(kind, "getlength", counting(kind.getlength))
    clear_caches()  # the header band is cached
    render_png(Snapshot(19, black_name=name, to_move="B"))
    assert measured and max(measured) <= 401
    assert len(measured) <= 30  # the sizes tried whole, then about 9 halvings


def test_falls_back_to_pillow_default_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(theme_module, "FONT_DIRS", ())
    clear_caches()
    try:
        snap = Snapshot(9, black=BASE.black, labels=((B, "1"),), to_move="B", black_name="x…y")
        assert luma(at(snap, (4, 1), 0.25, 0.25)) > 100
    finally:
        monkeypatch.undo()
        clear_caches()


points = st.tuples(st.integers(0, 18), st.integers(0, 18))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(black=st.frozensets(points, max_size=120), white=st.frozensets(points, max_size=120))
def test_random_positions_show_every_stone(
    black: frozenset[tuple[int, int]], white: frozenset[tuple[int, int]]
) -> None:
    white = white - black
    snap = Snapshot(19, black=black, white=white, theme="dark")
    im = render_image(snap)
    g = geometry(19)
    for point in black:
        assert luma(im.getpixel(g.center(*point))) < 80  # type: ignore[arg-type]
    for point in white:
        assert luma(im.getpixel(g.center(*point))) > 200  # type: ignore[arg-type]


def test_a_full_tile_table_starts_afresh_without_changing_the_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    snap = Snapshot(19, black=frozenset((r, r) for r in range(19)), white=frozenset({(0, 5)}))
    first = render_png(snap)
    table = tiles(19, DEFAULT_WIDTH, "light")
    monkeypatch.setattr(table, "limit", 10)
    table.cores.clear()
    assert render_png(snap) == first
    assert len(table.cores) <= 10
