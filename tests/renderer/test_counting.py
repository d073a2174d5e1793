"""The counting image: legend, marking version, tally lines, the new marks, numbered sequences,
names and legibility on a phone (the image shown 390 px wide)."""

from __future__ import annotations

import dataclasses
import io
import itertools

import pytest
from PIL import Image

from renderer import (
    DEFAULT_WIDTH,
    Mark,
    Snapshot,
    clear_caches,
    geometry,
    render_animation,
    render_image,
    render_png,
)
from renderer.animation import ANIMATION_WIDTH
from renderer.canvas import fit_name, name_room, wrap
from renderer.render import counting_spec, legend_items
from renderer.snapshot import STONE_MARKS, Word
from renderer.sprites import Kind, sprite
from renderer.theme import PALETTES, font
from tests.renderer.helpers import RGB, at, cell_pixels, close, luma

PHONE = 390
TALLY = "Black: 45 territory + 12 prisoners = 57 · White: 40 + 9 + 6.5 = 55.5 · Black wins by 1.5"
WORDS = tuple((m, m.value.replace("_", " ")) for m in Mark)
B1, B2, W1, W2 = (2, 2), (2, 3), (6, 6), (6, 5)


def counting(**changes: object) -> Snapshot:
    """A 9×9 count with a few marks, a legend for every mark, a version and a tally."""
    fields: dict[str, object] = {
        "size": 9,
        "black": frozenset({B1, B2}),
        "white": frozenset({W1, W2}),
        "marks": (
            ((0, 0), Mark.BLACK_TERRITORY),
            ((0, 8), Mark.WHITE_TERRITORY),
            ((4, 4), Mark.DAME),
            (B1, Mark.DEAD_REMOVED),
            (W1, Mark.DEAD_REMOVED),
        ),
        "tally": TALLY,
        "legend": WORDS,
        "marking_version": 3,
        "captures_black": 4,
        "captures_white": 2,
    }
    fields.update(changes)
    return Snapshot(**fields)  # type: ignore[arg-type]


# -- the legend ---------------------------------------------------------------------------------


def test_the_legend_lists_only_the_marks_shown_in_mark_order() -> None:
    items = legend_items(counting())
    assert [i.mark for i in items] == [
        Mark.BLACK_TERRITORY,
        Mark.WHITE_TERRITORY,
        Mark.DAME,
        Mark.DEAD_REMOVED,
    ]
    assert [i.word for i in items] == ["black territory", "white territory", "dame", "dead removed"]


def test_a_legend_item_shows_each_stone_colour_its_mark_is_on() -> None:
    stones = {i.mark: i.stones for i in legend_items(counting())}
    assert stones[Mark.DEAD_REMOVED] == ("B", "W")
    assert stones[Mark.DAME] == (None,)
    only_black = counting(marks=((B1, Mark.DEAD_STAYS),))
    assert [(i.mark, i.stones) for i in legend_items(only_black)] == [(Mark.DEAD_STAYS, ("B",))]


def test_a_mark_without_a_word_is_not_in_the_legend() -> None:
    snap = counting(legend=((Mark.DAME, "dame"),))
    assert [i.mark for i in legend_items(snap)] == [Mark.DAME]
    assert legend_items(counting(legend=())) == ()


def test_the_legend_grows_the_footer_and_changes_only_the_footer() -> None:
    with_legend, without = render_image(counting()), render_image(counting(legend=()))
    g = geometry(9)
    assert with_legend.width == without.width == DEFAULT_WIDTH
    assert with_legend.height > without.height > g.height  # a legend row; two tally lines
    board = (0, 0, g.width, g.header + g.width)
    assert with_legend.crop(board).tobytes() == without.crop(board).tobytes()


# -- marking version, final, words --------------------------------------------------------------


def test_images_differ_with_the_marking_version_and_final() -> None:
    pngs = {
        render_png(counting(marking_version=v, final=f))
        for v, f in itertools.product((None, 3, 4), (False, True))
    }
    assert len(pngs) == 6


def test_the_badges_say_the_version_and_final_in_the_snapshots_words() -> None:
    words = ((Word.MARKING, "Markierung"), (Word.FINAL, "endgültig"))
    spec = counting_spec(counting(final=True, words=words))
    assert spec is not None
    assert (spec.marking, spec.final) == ("Markierung v3", "endgültig")
    spec = counting_spec(counting(marking_version=None))
    assert spec is not None and (spec.marking, spec.final) == (None, None)
    assert counting_spec(Snapshot(9, black=frozenset({B1}))) is None  # no count: the plain footer


def test_the_header_says_prisoners_during_play_and_at_the_count() -> None:
    """One word for one idea (the rules' "prisoners", Art. 5): the header's word is the
    snapshot's ``Word.PRISONERS`` whether the game is being played or counted."""
    snap = counting()
    assert snap.word(Word.PRISONERS) == "prisoners"
    g = geometry(9)
    header = (0, 0, g.width, g.header)
    for shown in (snap, Snapshot(9, captures_black=4, captures_white=2)):
        renamed = dataclasses.replace(shown, words=((Word.PRISONERS, "zajatci"),))
        plain = render_image(shown).crop(header).tobytes()
        assert plain != render_image(renamed).crop(header).tobytes()


def test_counting_images_are_deterministic_even_after_clearing_caches() -> None:
    snap = counting(
        final=True,
        marks=tuple((p, m) for p, m in zip(_points(9), _every_mark(), strict=False)),
        sequence=(((0, 4), "B", 1), ((0, 5), "W", 2), (B2, "B", 3), (W2, "B", 4)),
        black_name="@GNU Go level 10 (computer)",
        theme="dark",
    )
    first = render_png(snap)
    assert render_png(snap) == first
    clear_caches()
    assert render_png(snap) == first


# -- the tally ----------------------------------------------------------------------------------


def test_the_tally_breaks_into_black_then_white_and_the_outcome() -> None:
    f = font(25, bold=False)
    assert wrap(TALLY, f, 10_000) == [TALLY]
    assert wrap(TALLY, f, 694) == [
        "Black: 45 territory + 12 prisoners = 57",
        "White: 40 + 9 + 6.5 = 55.5 · Black wins by 1.5",
    ]
    narrow = wrap(TALLY, f, 420)
    assert narrow is not None and len(narrow) == 3  # broken at spaces when pieces are too wide
    assert all(f.getlength(line) <= 420 for line in narrow)
    assert wrap(TALLY, f, 20) is None


def test_a_tally_line_broken_at_a_separator_starts_with_a_capital() -> None:
    """Czech puts the colour after the verb (``… · vyhrává bílý o 6,5``): the piece that starts
    a line of the image starts as a sentence does."""
    f = font(25, bold=False)
    tally = "Černý: území 0 + zajatci 0 = 0 · Bílý: území 0 + zajatci 0 = 0 · vyhrává bílý o 6,5"
    assert wrap(tally, f, 560) == [
        "Černý: území 0 + zajatci 0 = 0",
        "Bílý: území 0 + zajatci 0 = 0",
        "Vyhrává bílý o 6,5",
    ]
    assert wrap(tally, f, 10_000) == [tally]  # one line: the text as it is


def _ink_rows(im: Image.Image, background: RGB) -> list[int]:
    """The heights of the runs of rows holding anything but the background."""
    rgb = im.convert("RGB")
    inked = [
        any(not close(rgb.getpixel((x, y)), background, 60) for x in range(rgb.width))  # type: ignore[arg-type]
        for y in range(rgb.height)
    ]
    return [len(list(run)) for ink, run in itertools.groupby(inked) if ink]


@pytest.mark.parametrize("size", [9, 13, 19])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_is_legible_on_a_phone(size: int, theme: str) -> None:
    """Shown 390 px wide, every line of the footer and both rows of the header are at least
    11 px tall (the old tally line was about 7)."""
    snap = counting(size=size, theme=theme, final=True, black_name="Shusaku jp (club)")
    im = render_image(snap)
    small = im.resize((PHONE, round(im.height * PHONE / im.width)), Image.Resampling.LANCZOS)
    scale = PHONE / im.width
    g = geometry(size)
    band = PALETTES[theme].band  # type: ignore[index]
    footer = small.crop((0, round((g.header + g.width) * scale) + 2, PHONE, small.height))
    runs = [h for h in _ink_rows(footer, band) if h > 2]  # the rule under the tally is thin
    assert len(runs) >= 4  # badges, two tally lines, the legend
    assert min(runs) >= 11
    left = round(g.band_px * 2.5 * scale)  # right of Black's stone
    header = small.crop((left, 0, PHONE // 2, round(g.header * scale) - 3))
    rows = [h for h in _ink_rows(header, band) if h > 2]
    assert len(rows) == 2 and min(rows) >= 11  # the name; "prisoners 4"


def test_twenty_characters_of_a_name_fit_at_19x19() -> None:
    g = geometry(19)
    px, smallest = round(g.band_px * 1.05), round(g.band_px * 0.95)
    for name in ("@GNU Go level 10 cpu", "ABCDEFGHIJKLMNOPQRST", "Gennan Inseki (1798)"):
        _, shown = fit_name(name, px, smallest, name_room(g))
        assert shown == name
    _, shown = fit_name("@GNU Go level 10 (computer) of the club", px, smallest, name_room(g))
    assert shown.endswith("…") and len(shown) >= 21


# -- marks --------------------------------------------------------------------------------------


def _every_mark() -> list[Mark]:
    return [m for m in Mark if m not in STONE_MARKS] + [m for m in Mark if m in STONE_MARKS]


def _points(size: int) -> list[tuple[int, int]]:
    empties = [(0, c) for c in range(size)]
    return [*empties[: len(Mark) - len(STONE_MARKS)], B1, B2, W1, W2]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_mark_looks_different(theme: str) -> None:
    cell = geometry(19).cell
    empty = [sprite(Kind(mark=m), cell, theme).tobytes() for m in Mark if m not in STONE_MARKS]
    assert len(set(empty)) == len(empty)
    for stone in ("B", "W"):
        on = [sprite(Kind(stone, m), cell, theme).tobytes() for m in STONE_MARKS]
        assert len(set(on)) == len(on)


def test_dead_black_stones_stand_out_on_dark_wood() -> None:
    snap = Snapshot(9, black=frozenset({B1}), marks=((B1, Mark.DEAD_STAYS),), theme="dark")
    wood = PALETTES["dark"].wood
    ring = [luma(p) for p in cell_pixels(render_image(snap), 9, B1, 0.5)]
    assert max(ring) > luma(wood) + 80  # a light dashed rim, like a live stone's but broken
    light = Snapshot(9, black=frozenset({B1}), marks=((B1, Mark.DEAD_REMOVED),))
    assert 80 < luma(at(light, B1, 0.25, 0.25)) < 200  # still translucent


def test_open_seki_and_plain_dame_are_drawn_apart() -> None:
    kinds = (Mark.DAME, Mark.VOIDING_DAME, Mark.SEKI_DAME)
    snap = Snapshot(9, marks=tuple(((0, i), m) for i, m in enumerate(kinds)))
    im = render_image(snap)
    cells = [cell_pixels(im, 9, (0, i), 0.3) for i in range(3)]
    orange = [sum(1 for r, g, b in c if r > 230 and 80 < g < 160 and b < 60) for c in cells]
    assert orange[1] > 100 and orange[0] == orange[2] == 0
    assert cells[0] != cells[2]


# -- numbered sequences -------------------------------------------------------------------------


def test_a_sequence_numbers_its_stones_and_ghosts_the_others() -> None:
    empty, black_now = (4, 4), (4, 6)
    snap = Snapshot(
        9,
        black=frozenset({B1, black_now}),
        sequence=((B1, "B", 1), (empty, "W", 2), (black_now, "W", 3)),
    )
    im = render_image(snap)
    assert any(luma(p) > 200 for p in cell_pixels(im, 9, B1, 0.15))  # a white 1 on its stone
    assert luma(at(snap, empty, 0.2, 0.2)) > 200  # a white ghost where the stone was taken
    assert close(at(snap, empty, 0.3, 0.3), PALETTES["light"].wood, 30)  # smaller than a stone
    assert luma(at(snap, black_now, 0.25, 0.0)) > 200  # a white ghost on the black stone
    assert luma(at(snap, black_now, 0.45, 0.0)) < 80  # inside the black stone's edge
    plain = Snapshot(9, black=snap.black)
    assert render_png(plain) != render_png(snap)


def test_a_sequence_number_replaces_the_mark_of_its_point_and_its_legend_entry() -> None:
    marks = (((4, 4), Mark.SEKI_DAME), ((0, 0), Mark.DAME))
    numbered = counting(marks=marks, sequence=(((4, 4), "W", 1),))
    plain = counting(marks=(((0, 0), Mark.DAME),), sequence=(((4, 4), "W", 1),))
    assert [i.mark for i in legend_items(numbered)] == [Mark.DAME]
    assert render_png(numbered) == render_png(plain)


def test_a_point_played_twice_shows_its_latest_number() -> None:
    twice = Snapshot(9, black=frozenset({B1}), sequence=((B1, "B", 1), (B1, "B", 5)))
    latest = Snapshot(9, black=frozenset({B1}), sequence=((B1, "B", 5),))
    assert render_png(twice) == render_png(latest)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sequence": (((0, 0), "X", 1),)}, "sequence colour 'X' at A1 is not B or W"),
        ({"sequence": (((0, 0), "B", 0),)}, "sequence number 0 at A1 is not 1 or more"),
        ({"sequence": (((0, 0), "B", True),)}, "sequence number True at A1"),
        ({"sequence": (((0, 0), "B", 1), ((0, 1), "W", 1))}, "a sequence number is used twice"),
        ({"sequence": (((9, 0), "B", 1),)}, r"point \(9, 0\) is off a 9x9 board"),
        (
            {"sequence": (((0, 0), "B", 1),), "labels": (((0, 0), "7"),)},
            "A1 has both a label and a sequence number",
        ),
        ({"marking_version": -1}, "marking version -1 is negative"),
        ({"legend": (("dame", "dame"),)}, "legend keys must be Mark members"),
        ({"legend": ((Mark.DAME, "a"), (Mark.DAME, "b"))}, "legend names a Mark twice"),
        ({"words": ((Mark.DAME, "x"),)}, "words keys must be Word members"),
        ({"marks": (((0, 0), Mark.CAPTURABLE),)}, "CAPTURABLE at A1 needs a stone there"),
    ],
)
def test_invalid_counting_fields_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Snapshot(9, **kwargs)  # type: ignore[arg-type]


def test_a_png_of_a_counting_image_is_a_palette_png() -> None:
    im = Image.open(io.BytesIO(render_png(counting(final=True))))
    assert im.format == "PNG" and im.mode == "P" and im.width == DEFAULT_WIDTH


def test_a_replay_may_end_on_a_taller_counting_frame() -> None:
    play = Snapshot(9, black=frozenset({B1}), to_move="W", move_number=1)
    gif = Image.open(io.BytesIO(render_animation([play, counting(final=True)])))
    assert gif.size == render_image(counting(final=True), ANIMATION_WIDTH).size
    assert getattr(gif, "n_frames", 1) == 2
    gif.seek(0)
    first = gif.convert("RGB")
    assert close(first.getpixel((5, gif.height - 5)), PALETTES["light"].band)  # type: ignore[arg-type]
