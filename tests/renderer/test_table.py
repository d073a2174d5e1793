"""Table images (league standings): size and mode, themes, zebra rows, cut names, many rows,
diacritics and determinism."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderer import clear_caches
from renderer.snapshot import Theme
from renderer.table import (
    MAX_ROWS,
    Table,
    colours,
    column_align,
    columns,
    fit_cell,
    footer_text,
    is_number,
    layout,
    render_table_image,
    render_table_png,
)
from renderer.theme import MISSING, PALETTES, font, has_glyph, printable
from tests.renderer.helpers import RGB, luma, pixel

LONG = "Bartholomew Maximilian Featherstonehaugh-Worthington the Third"
HEADERS = ("#", "Player", "W", "L", "Pts", "SOS")
ROWS = (
    ("1", "Jiří Řehoř", "5", "0", "5", "12.5"),
    ("2=", "Győző Űrhajós", "4", "1", "4", "11"),
    ("2=", "alice", "4", "1", "4", "11"),
    ("4", "Žofie Kůrová", "3", "2", "3", "9.5"),
    ("5", LONG, "2", "3", "2", "8"),
    ("6", "bob", "2", "3", "2", "7"),
    ("7", "Ödön Kőműves", "1", "4", "1", "6.5"),
    ("8", "Carol", "0", "5", "0", "4"),
)
STANDINGS = Table(
    "Autumn League — Division A",
    HEADERS,
    ROWS,
    highlight=frozenset({2}),
    note="Round 5 of 7 · ties share a place",
)
NAME, LONG_ROW = 1, 4


def ink_box(
    im: Image.Image, box: tuple[int, int, int, int], background: RGB
) -> tuple[int, int, int, int] | None:
    """The bounding box (relative to ``box``) of the pixels in ``box`` unlike the background."""
    crop = im.crop(box).convert("RGB")
    return ImageChops.difference(crop, Image.new("RGB", crop.size, background)).getbbox()


def many(n: int) -> tuple[tuple[str, ...], ...]:
    return tuple((str(i + 1), f"Player {i + 1}", "1", "0", "1", "2") for i in range(n))


def test_png_size_and_mode() -> None:
    im = Image.open(io.BytesIO(render_table_png(STANDINGS)))
    assert im.format == "PNG" and im.mode == "RGB"
    assert im.size == (720, layout(STANDINGS).height)
    assert render_table_image(STANDINGS).size == im.size


def test_text_is_big_enough_for_a_phone_and_scales_with_the_width() -> None:
    assert layout(STANDINGS).px >= 26
    wide = layout(STANDINGS, 1080)
    assert wide.px == round(layout(STANDINGS).px * 1.5)
    assert render_table_image(STANDINGS, width=1080).size == (1080, wide.height)
    assert sum(c.width for c in wide.columns) == 1080
    with pytest.raises(ValueError, match="below"):
        render_table_image(STANDINGS, width=100)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_title_header_band_and_zebra_rows(theme: Theme) -> None:
    im = render_table_image(STANDINGS, theme)
    lay, c = layout(STANDINGS), colours(theme)
    assert c.page == PALETTES[theme].band
    assert pixel(im, 1, 1) == c.page
    assert ink_box(im, (0, 0, im.width, lay.title_h), c.page) is not None  # the title
    header = (0, lay.title_h, im.width, lay.title_h + lay.header_h)
    assert pixel(im, im.width - 2, lay.title_h + 2) == c.header != c.page
    assert ink_box(im, header, c.header) is not None  # the labels
    edge = im.width - 3  # right of the right-aligned numbers: the row's own colour
    for r in range(len(ROWS)):
        _, top, _, bottom = lay.row_box(r)
        want = c.highlight if r == 2 else c.stripe if r % 2 else c.page
        assert pixel(im, edge, (top + bottom) // 2) == want
    assert len({c.page, c.stripe, c.highlight, c.header}) == 4
    assert abs(luma(c.page) - luma(c.text)) > 150  # dark on light, light on dark


def test_the_themes_differ() -> None:
    light, dark = render_table_image(STANDINGS), render_table_image(STANDINGS, "dark")
    assert light.size == dark.size
    assert luma(pixel(light, 1, 1)) > 200 > 50 > luma(pixel(dark, 1, 1))
    with pytest.raises(ValueError, match="theme"):
        render_table_image(STANDINGS, "sepia")  # type: ignore[arg-type]


def test_a_highlighted_row_has_a_bar_and_bold_text() -> None:
    im, lay, c = render_table_image(STANDINGS), layout(STANDINGS), colours("light")
    for r in range(len(ROWS)):
        _, top, _, bottom = lay.row_box(r)
        assert (pixel(im, 1, (top + bottom) // 2) == c.accent) == (r == 2)
    plain = render_table_image(Table("t", HEADERS, ROWS))
    assert im.crop(lay.row_box(2)).tobytes() != plain.crop(lay.row_box(2)).tobytes()


def test_numbers_are_right_aligned_and_the_name_takes_the_spare_width() -> None:
    assert column_align(STANDINGS) == ("r", "l", "r", "r", "r", "r")
    cols = columns(STANDINGS)
    assert max(cols, key=lambda col: col.width) is cols[NAME]
    assert [col.left for col in cols] == [sum(c.width for c in cols[:i]) for i in range(6)]
    assert sum(col.width for col in cols) == 720
    explicit = Table("t", ("a", "b"), (("1", "x"),), align=("l", "r"))
    assert column_align(explicit) == ("l", "r")
    empty = Table("t", ("a", "b"), ())
    assert column_align(empty) == ("l", "l")


@pytest.mark.parametrize("text", ["1", "12.5", "-3", "+1.5", "3½", "75%", "2=", "=2", "T2", "3–1"])
def test_numbers(text: str) -> None:
    assert is_number(text)


@pytest.mark.parametrize("text", ["alice", "", ".", "-", "1st", "Jiří 2"])
def test_not_numbers(text: str) -> None:
    assert not is_number(text)


def test_dashes_in_a_number_column_keep_it_right_aligned() -> None:
    table = Table("t", ("Player", "Pts"), (("a", "3"), ("b", "—"), ("c", "")))
    assert column_align(table) == ("l", "r")


def test_a_long_name_is_cut_to_its_column() -> None:
    lay = layout(STANDINGS)
    col = lay.columns[NAME]
    f, shown = fit_cell(LONG, lay.px, col.room)
    assert shown.endswith("…") and LONG.startswith(shown[:-1])
    assert f.getlength(shown) <= col.room
    for short in ("Jiří Řehoř", "bob"):
        assert fit_cell(short, lay.px, col.room)[1] == short
    im = render_table_image(STANDINGS)
    _, top, _, bottom = lay.row_box(LONG_ROW)
    ink = ink_box(im, (col.left, top, col.left + col.width, bottom), colours("light").page)
    assert ink is not None and ink[0] >= col.pad_left - 1  # drawn, and within its padding
    assert ink[2] <= col.width - col.pad_right + 1
    assert ink[2] > col.room * 0.8  # cut near the column's end, not far before it


def test_a_long_title_and_note_are_cut_or_wrapped_to_the_width() -> None:
    table = Table("A title " * 20, HEADERS, ROWS, note="note " * 200)
    lay = layout(table)
    assert lay.title.endswith("…") and lay.title_font.getlength(lay.title) <= 720
    assert 1 <= len(lay.note_lines) <= 3
    assert all(lay.note_font.getlength(line) <= 720 for line in lay.note_lines)
    assert render_table_image(table).size == (720, lay.height)


def test_more_than_forty_rows_draw_forty_and_say_how_many_more() -> None:
    table = Table("Ladder", HEADERS, many(47))
    assert layout(table).rows == MAX_ROWS
    assert footer_text(table) == "+7 more"
    first = Table("Ladder", HEADERS, many(40), note="+7 more")
    assert render_table_png(table) == render_table_png(first)
    noted = Table("Ladder", HEADERS, many(47), note="Round 2", more="{n} not shown")
    assert footer_text(noted) == "7 not shown · Round 2"
    assert footer_text(Table("Ladder", HEADERS, many(40))) == ""


def test_an_empty_table_draws_its_headers_and_note() -> None:
    table = Table("Spring League", HEADERS, (), note="No games yet")
    im, lay, c = render_table_image(table), layout(table), colours("light")
    assert lay.rows == 0 and im.size == (720, lay.height)
    header = (0, lay.title_h, im.width, lay.title_h + lay.header_h)
    assert ink_box(im, header, c.header) is not None
    assert ink_box(im, (0, lay.body_top, im.width, im.height), c.page) is not None  # the note
    bare = layout(Table("Spring League", HEADERS, ()))
    assert bare.note_lines == () and bare.height < lay.height


@pytest.mark.parametrize("ch", "řůőűŽ")
def test_diacritics_are_in_every_face(ch: str) -> None:
    px = layout(STANDINGS).px
    for bold in (False, True):
        for condensed in (False, True):
            f = font(px, bold=bold, condensed=condensed)
            assert has_glyph(f, ch) and f.getbbox(ch) != f.getbbox(MISSING)


@pytest.mark.parametrize("name", ["Jiří Řehoř", "Győző Űrhajós", "Žofie Kůrová"])
def test_diacritics_are_drawn_as_the_font_draws_them(name: str) -> None:
    """The name cell holds exactly the font's rendering of the whole name (nothing dropped)."""
    table = Table("t", ("Player", "Pts"), ((name, "1"),))
    lay, c = layout(table), colours("light")
    f = font(lay.px, bold=False)
    assert printable(name, f) == name
    col, (_, top, _, bottom) = lay.columns[0], lay.row_box(0)
    box = (col.left, top, col.left + col.width, bottom)
    expected = Image.new("RGB", (box[2] - box[0], box[3] - box[1]), c.page)
    ImageDraw.Draw(expected).text(
        (col.pad_left, lay.row_h / 2), name, fill=c.text, font=f, anchor="lm"
    )
    assert render_table_image(table).crop(box).tobytes() == expected.tobytes()
    bare = Table("t", ("Player", "Pts"), (("Jiri Rehor Gyozo Urhajos Zofie Kurova", "1"),))
    assert render_table_image(bare).crop(box).tobytes() != expected.tobytes()


def test_accents_reach_above_the_bare_letters() -> None:
    im_of = {word: render_table_image(Table("t", ("x",), ((word,),))) for word in ("Z", "Ž")}
    lay, page = layout(Table("t", ("x",), (("Z",),))), colours("light").page
    tops = {w: ink_box(im, lay.row_box(0), page) for w, im in im_of.items()}
    assert tops["Z"] is not None and tops["Ž"] is not None
    assert tops["Ž"][1] < tops["Z"][1]  # the caron is drawn above the Z


def test_characters_the_font_lacks_are_dropped_not_boxed() -> None:
    with_missing = Table("t", ("Player",), (("bob" + MISSING,),))
    assert render_table_png(with_missing) == render_table_png(Table("t", ("Player",), (("bob",),)))


def test_same_table_same_bytes_even_after_clearing_caches() -> None:
    first = render_table_png(STANDINGS, "dark")
    assert render_table_png(STANDINGS, "dark") == first
    clear_caches()
    assert render_table_png(STANDINGS, "dark") == first
    assert render_table_png(STANDINGS) != first


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"headers": ()}, "at least one column"),
        ({"rows": (("1", "a"),)}, "row 0 has 2 cells"),
        ({"align": ("l",)}, "alignments for"),
        ({"align": ("l", "c", "r", "r", "r", "r")}, "'l' or 'r'"),
        ({"highlight": frozenset({-1})}, "negative"),
        ({"more": "more"}, re.escape("{n}")),
    ],
)
def test_tables_that_cannot_be_drawn_are_rejected(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"title": "t", "headers": HEADERS, "rows": ROWS, **kwargs}
    with pytest.raises(ValueError, match=message):
        Table(**fields)  # type: ignore[arg-type]
