"""The diagrams of ``rules <topic>``: small positions written as text and made real by the engine.

Each :class:`Diagram` is a position (rows from the top: ``X`` black, ``O`` white, ``x``/``o`` a
black/white stone the count takes as dead, ``.`` empty) and the moves played on it. The engine
plays the moves, so every capture, ko ban and count in the images is the engine's own, never
drawn by hand:

- ``shown="after"``: the position after the moves, their stones numbered (a stone taken later
  is drawn as a pale ghost, as ``try`` shows it) and the ko ban marked where there is one;
- ``shown="before"``: the position before the moves, each move a small numbered stone on its
  point ("Black plays 1 here"): the stones it will capture are still to be seen;
- ``counted``: the engine's count (Art. 8 and 10) of the position with the dead stones marked,
  with the real marks of territory, dame, seki and prisoners, as the confirmation phase shows it.

The engine's work is done once per topic (:func:`position`); :func:`board_of` only adds the
words of the current language.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from typing import Literal

from engine.colors import Color
from engine.coords import Point, parse_vertex
from engine.counting import Count, count
from engine.diagram import parse_diagram
from engine.filling import plan_fill
from engine.game import Game
from service.i18n import t
from service.views import BoardView, Spot, board_view, color_name


@dataclass(frozen=True, slots=True)
class Diagram:
    """One topic's picture: a position, the moves played on it and how it is shown."""

    rows: str
    moves: tuple[str, ...] = ()  # ``B D3``: played in order after the setup, numbered from 1
    shown: Literal["after", "before"] = "after"
    counted: bool = False  # show the engine's count (``x``/``o`` are the dead stones)
    komi: float = 0.0
    captured: tuple[int, int] = (0, 0)  # prisoners taken in play by Black, by White (counted)
    handicap: int = 0  # handicap stones placed before the position's own stones
    version: int | None = None  # the marking version a counted diagram shows (the footer)


DIAGRAMS: dict[str, Diagram] = {
    # Art. 2-3: Black first, then turns; stones on the points
    "board": Diagram(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        moves=("B C3", "W G7", "B G3", "W C7"),
    ),
    # Art. 4-5: the two white stones have one liberty left, D3; Black 1 fills it and captures
    "capture": Diagram(
        """
        . . . . . . .
        . . . X . . .
        . . X O X . .
        . . X O X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        moves=("B D3",),
        shown="before",
    ),
    # Art. 3-5: White at A7 would have no liberty and capture nothing (refused); White 1 at G1
    # has no liberty of its own either, but it fills the last liberty of three black stones,
    # which come off first (allowed)
    "suicide": Diagram(
        """
        . X . . . . .
        X X . . . . .
        . . . . . . .
        . . . . . . .
        . . . . O O O
        . . . . O X X
        . . . . O X .
        """,
        moves=("W G1",),
        shown="before",
    ),
    # Art. 6: Black 1 takes the white stone at C4; the engine bans White's retake at C4
    "ko": Diagram(
        """
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . X O . O . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        """,
        moves=("B D4",),
    ),
    # Art. 7.1: top, two separate eyes (A7, C7): alive; bottom, one eye (E1) and no other
    # liberty: White 1 in the eye captures the group
    "life": Diagram(
        """
        . X . X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . O O O O O
        . . O X X X X
        . . O X . X X
        """,
        moves=("W E1",),
        shown="before",
    ),
    # Art. 8: the black and the white group at the bottom share the liberty C1 and have one eye
    # each (A1, E1): whoever fills C1 is captured through its own eye, so both live in seki;
    # C1 is dame and the two eyes are not territory
    "seki": Diagram(
        """
        . . X O . . .
        . . X O . . .
        . . X O . . .
        . . X O . . .
        X X X O O O O
        O O O X X X O
        . O . X . X O
        """,
        counted=True,
    ),
    # Art. 9: two passes stopped the game; the proposal: B6 and F3 are dead
    "end": Diagram(
        """
        . . . X O . .
        . o . X O . .
        . . . X O . .
        . . X X O . .
        . . X O O x .
        . . X O . . .
        . . X O . . .
        """,
        counted=True,
        komi=6.5,
        captured=(1, 2),
        version=1,
    ),
    # Art. 8 and 10: territory on both sides, a dead stone in each (prisoners), prisoners taken
    # in play, komi, and an eyeless seki at the bottom right: G1 and J1 are dame nobody fills
    "counting": Diagram(
        """
        . . . . X O . . .
        . o . . X O . . .
        . . . X X O . . .
        . . . X O O . x .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O O O O O
        . . . X O X X X X
        . . . X O X . O .
        """,
        counted=True,
        komi=6.5,
        captured=(2, 3),
    ),
    # common practice: four handicap stones on the star points of 9×9, White plays first
    "handicap": Diagram(
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        moves=("W E7",),
        handicap=4,
    ),
}

TOPICS: tuple[str, ...] = tuple(DIAGRAMS)
"""The topics in reading order (the words people type: ``rules ko``)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A topic's engine work, the same in every language: the game shown, its numbered moves,
    and its count (counted topics)."""

    game: Game
    sequence: tuple[tuple[Spot, Color, int], ...]
    counted: Count | None = None
    seki: frozenset[Spot] = frozenset()  # dame of a seki: nobody can fill them (not "open")


def _stones(rows: str) -> tuple[int, list[tuple[Color, Point]], list[Point]]:
    """The size, the stones (``x``/``o`` too) and the dead stones (``x``/``o``) of ``rows``."""
    size, stones = parse_diagram(rows.replace("x", "X").replace("o", "O"))
    lines = [line.replace(" ", "") for line in rows.strip().splitlines() if line.strip()]
    dead = [
        Point(size - 1 - top, col)
        for top, line in enumerate(lines)
        for col, char in enumerate(line)
        if char in "xo"
    ]
    return size, sorted((color, point) for point, color in stones.items()), dead


def _move(text: str, size: int) -> tuple[Color, Point]:
    """``B D3`` -> (Black, D3)."""
    letter, vertex = text.split()
    return Color.from_letter(letter), parse_vertex(vertex, size)


def position(topic: str) -> Position:
    """The engine's work for ``topic``: the moves played and checked by the engine (an illegal
    move in a diagram raises), the count for counted topics."""
    return position_of(DIAGRAMS[topic])


@cache
def position_of(diagram: Diagram) -> Position:
    """The engine's work for ``diagram`` (a topic's, or a lesson's picture), done once."""
    size, setup, dead = _stones(diagram.rows)
    moves = [_move(text, size) for text in diagram.moves]
    first = moves[0][0] if moves else None
    game = Game(size, diagram.komi, diagram.handicap, tuple(setup), first_to_move=first)
    played = game.copy()
    for color, point in moves:
        played.play(color, point)
    sequence = tuple((point, color, n) for n, (color, point) in enumerate(moves, start=1))
    if diagram.shown == "after":
        game = played
    if not diagram.counted:
        return Position(game, sequence)
    board = game.board
    board.prisoners[Color.BLACK], board.prisoners[Color.WHITE] = diagram.captured
    counted = count(board, dead, komi=diagram.komi)
    seki = frozenset(plan_fill(board, dead).seki)
    return Position(game, sequence, counted, seki)


def board_of(topic: str | Diagram, caption: str = "") -> BoardView:
    """The diagram of ``topic`` (a topic's word, or any :class:`Diagram` with its ``caption``)
    in the current language: the colours' names as the players', the topic's caption (a
    counted diagram shows its tally instead)."""
    diagram = DIAGRAMS[topic] if isinstance(topic, str) else topic
    shown = position_of(diagram)
    words = t(f"rules.{topic}.caption") if isinstance(topic, str) else caption
    names = {Color.BLACK: color_name(Color.BLACK), Color.WHITE: color_name(Color.WHITE)}
    view = board_view(shown.game, names, words, shown.counted)
    return dataclasses.replace(
        view,
        last_move=None,  # the numbers show the moves
        to_move=None,  # a diagram, not a game: nobody is to play
        move_number=len(shown.sequence),
        voiding=view.voiding - shown.seki,  # a seki's dame is not an open dame
        sequence=shown.sequence,
        version=diagram.version,
    )
