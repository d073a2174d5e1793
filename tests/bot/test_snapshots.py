"""From the service's board view to the renderer's snapshot: every counting status becomes a mark,
the legend and the words come from the catalogue, and the counting header's prisoners are the
tally's."""

from __future__ import annotations

from bot.snapshots import legend, marks, snapshot, words
from engine.colors import Color
from engine.coords import Point
from engine.counting import PointStatus, count
from renderer import Mark, render_png
from renderer.snapshot import Word
from service.i18n import key_of, t
from service.views import BoardView, board_view
from tests.engine.diagrams import game_from

S = PointStatus
B, W = Color.BLACK, Color.WHITE


def view(**changes: object) -> BoardView:
    """A 9×9 counting view: a black stone in seki at (4, 3), a white one at (4, 5) and what
    ``changes`` adds."""
    fields: dict[str, object] = {
        "size": 9,
        "black": frozenset({(4, 3), (0, 0)}),
        "white": frozenset({(4, 5), (8, 8)}),
        "last_move": None,
        "ko_point": None,
        "captures_black": 0,
        "captures_white": 0,
        "to_move": None,
        "move_number": 40,
        "black_name": "alice",
        "white_name": "bob",
        "caption": "Game #1 · counting · marking v1",
        "tally": "tally",
        "marks": (
            ((4, 3), S.SEKI),
            ((4, 5), S.SEKI),
            ((4, 4), S.DAME),  # between the two seki stones: a seki dame
            ((0, 4), S.DAME),  # far from any seki: a plain dame
            ((2, 2), S.DAME),  # voiding (below)
            ((1, 1), S.NECESSARY),
            ((7, 7), S.SEKI_EYE),
            ((6, 0), S.BLACK_TERRITORY),
            ((6, 8), S.WHITE_TERRITORY),
            ((0, 0), S.DEAD_REMOVED),
            ((8, 8), S.DEAD_STAYS),
        ),
        "voiding": frozenset({(2, 2)}),
    }
    fields.update(changes)
    return BoardView(**fields)  # type: ignore[arg-type]


def test_every_status_becomes_its_mark() -> None:
    assert dict(marks(view())) == {
        (4, 3): Mark.SEKI,
        (4, 5): Mark.SEKI,
        (4, 4): Mark.SEKI_DAME,
        (0, 4): Mark.DAME,
        (2, 2): Mark.VOIDING_DAME,
        (1, 1): Mark.NECESSARY,
        (7, 7): Mark.SEKI_EYE,
        (6, 0): Mark.BLACK_TERRITORY,
        (6, 8): Mark.WHITE_TERRITORY,
        (0, 0): Mark.DEAD_REMOVED,
        (8, 8): Mark.DEAD_STAYS,
    }


def test_a_voiding_dame_beside_a_seki_stays_voiding() -> None:
    board = view(voiding=frozenset({(4, 4)}))
    assert dict(marks(board))[4, 4] is Mark.VOIDING_DAME


def test_unsettled_points_are_empty_and_capturable_points_are_stones() -> None:
    board = view(
        unsettled=frozenset({(0, 4), (3, 3), (4, 3)}),  # (4, 3) holds a stone: not drawn
        capturable=frozenset({(4, 5), (5, 5)}),  # (5, 5) is empty: not drawn
    )
    got = dict(marks(board))
    assert got[0, 4] is Mark.UNSETTLED and got[3, 3] is Mark.UNSETTLED
    assert got[4, 3] is Mark.SEKI
    assert got[4, 5] is Mark.CAPTURABLE and (5, 5) not in got
    snapshot(board)  # a valid snapshot: stone marks on stones only


def test_disputed_stones_are_marked_dead_or_alive_as_proposed() -> None:
    """The stones of a group the judges disagree on carry the disputed mark, drawn dead when the
    proposal marks them dead (their count is a prisoner's); an empty point is never disputed."""
    board = view(disputed=frozenset({(0, 0), (4, 3), (3, 3)}))  # (3, 3) is empty
    got = dict(marks(board))
    assert got[0, 0] is Mark.DISPUTED_DEAD and got[4, 3] is Mark.DISPUTED
    assert (3, 3) not in got
    shown = snapshot(board)
    assert dict(shown.legend)[Mark.DISPUTED] == t("legend.disputed")
    assert dict(shown.legend)[Mark.DISPUTED_DEAD] == t("legend.disputed_dead")
    assert render_png(shown)[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_legend_is_the_catalogue_words_of_the_marks_shown() -> None:
    snap = snapshot(view())
    shown = {mark for _, mark in snap.marks}
    assert {mark for mark, _ in snap.legend} == shown
    for mark, word in snap.legend:
        assert word == t(f"legend.{mark.value}")
    every = legend(Mark, "en")
    assert [key_of(t(f"legend.{m.value}")) for m, _ in every] == [f"legend.{m.value}" for m in Mark]
    assert dict(words("en")) == {
        Word.PRISONERS: t("image.prisoners"),
        Word.MARKING: t("image.marking"),
        Word.FINAL: t("image.final"),
        Word.EXPLAINED: t("image.explained"),  # the legend links to `rules counting`
        Word.ESTIMATE: t("image.estimate"),  # an estimate's badge
    }


def test_version_final_and_sequence_reach_the_snapshot() -> None:
    board = view(
        version=3,
        final=True,
        sequence=(((3, 3), B, 1), ((3, 4), W, 2)),
        black=frozenset({(4, 3), (0, 0), (3, 3)}),
    )
    snap = snapshot(board)
    assert (snap.marking_version, snap.final) == (3, True)
    assert snap.sequence == (((3, 3), "B", 1), ((3, 4), "W", 2))
    assert render_png(snap) != render_png(snapshot(view()))


PRISONERS = """
    5 . . X O .
    4 . O X O .
    3 . . X O .
    2 . . X O .
    1 O X X O .
      A B C D E"""


def test_counting_prisoners_are_the_tallys_captured_and_removed() -> None:
    """Black takes A1 in play (one prisoner), then B4 is marked dead and removed at the count: the
    counting image says two, as the tally does; during play it said one."""
    game = game_from(PRISONERS)
    game.play(B, Point(1, 0))
    assert game.board.prisoners[B] == 1
    counted = count(game.board, [Point(3, 1)], komi=6.5)
    names = {B: "alice", W: "bob"}
    playing = board_view(game, names, "caption")
    counting = board_view(game, names, "caption", counted, version=2, final=True)
    assert playing.captures_black == 1 and playing.to_move is W
    assert counting.captures_black == counted.black.prisoners == 2
    assert counting.captures_white == counted.white.prisoners == 0
    assert (counting.version, counting.final, counting.to_move) == (2, True, None)
    snap = snapshot(counting)
    assert (snap.captures_black, snap.marking_version, snap.final) == (2, 2, True)
    assert dict(snap.marks)[3, 1] is Mark.DEAD_REMOVED
    assert Mark.DEAD_REMOVED in dict(snap.legend)


def test_board_view_passes_unsettled_capturable_and_sequence() -> None:
    game = game_from(PRISONERS)
    counted = count(game.board, [], komi=6.5)
    board = board_view(
        game,
        {B: "alice", W: "bob"},
        "",
        counted,
        unsettled=[Point(4, 4)],
        capturable=[Point(0, 0)],
        sequence=[(Point(4, 4), W, 1)],
    )
    assert board.unsettled == {(4, 4)} and board.capturable == {(0, 0)}
    assert board.sequence == (((4, 4), W, 1),)
    snap = snapshot(board)
    assert dict(snap.marks)[0, 0] is Mark.CAPTURABLE
    assert snap.sequence == (((4, 4), "W", 1),)
