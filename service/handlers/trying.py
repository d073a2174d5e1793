"""``try``: a hypothetical sequence after the stop, to settle life and death (Art. 7.2).

In the confirmation phase (Art. 9.2) a player plays a disputed position out on a copy of the
stopped board: ``try D4 E5 pass F6`` (moves alternate; a leading colour says who plays first, by
default the sender's colour: ``B`` or ``W``, or the letters of the sender's language, where a
Czech reader's ``B`` is *bílý*, White: :func:`read_color`). Both players see the resulting
position with the stones of the sequence numbered. The real game never changes: ``try`` is a
read, so nothing is written and the marking version, the acceptances and the clocks stay as they
were.

The confirmation ko rule (Art. 7.2) applies: a player whose stone was taken in a ko may retake that
ko only after passing once *for that ko*. A ``pass`` written when the player to move is banned from
a ko is that pass: with several such kos, for the ko their next stone in the sequence retakes, else
for the ko taken most recently. Otherwise a ``pass`` is a plain pass.

A sequence with an illegal move (an occupied point, suicide, a ko retaken without its pass) is
refused as a whole, to the sender alone, naming the move's number, its point and the rule: nothing
is shown, so a typo never sends the opponent a half-played demonstration.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.colors import Color
from engine.confirmation import ConfirmationPlay
from engine.coords import Point, format_vertex
from engine.errors import IllegalMove, IllegalReason
from service import people
from service.capture import refuse_counting
from service.commands import ShowBoard, Try
from service.errors import BadArguments, IllegalMoveError, InvalidPoint, WrongPhase
from service.finding import running_game
from service.i18n import DEFAULT_LANGUAGE, joined, t, translate
from service.model import Loaded, player_of
from service.options import parse_point
from service.players import is_engine
from service.registry import Arg, ArgKind, Who, command, token
from service.unit import Unit
from service.views import (
    BoardView,
    Button,
    Notice,
    Spot,
    View,
    color_name,
    move_words,
    points_text,
)

_WHY = {
    IllegalReason.OCCUPIED: "try.why_occupied",
    IllegalReason.SUICIDE: "try.why_suicide",
    IllegalReason.KO: "try.why_ko",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a tried sequence: its number (from 1), colour, point (None: a pass), the ko a
    pass was for (Art. 7.2: the point where that ko is retaken) and the stones it captured."""

    number: int
    color: Color
    point: Point | None
    ko: Point | None = None
    captured: tuple[Point, ...] = ()

    def text(self) -> str:
        """``3. White E5``, ``4. Black pass``, ``4. Black pass for the ko at F5``: the colour in
        words, in each reader's language."""
        if self.point is not None:
            move = format_vertex(self.point)
        elif self.ko is not None:
            move = t("try.ko_pass", point=format_vertex(self.ko))
        else:
            move = t("word.pass")
        return move_words(self.number, self.color, move)


#: the colour words ``try`` reads in front of its moves in every language (any case; with and
#: without accents): English, Czech (černý, bílý) and Hungarian (fekete, fehér)
COLOR_WORDS: dict[str, Color] = {
    **dict.fromkeys(
        ("black", "cerny", "černý", "cerna", "černá", "cerne", "černé", "fekete"), Color.BLACK
    ),
    **dict.fromkeys(
        ("white", "bily", "bílý", "bila", "bílá", "bile", "bílé", "feher", "fehér"), Color.WHITE
    ),
}
#: the colour letters of each language: English B and W; Czech Č (or C) for černý and B for
#: bílý, so a Czech reader's B is White (W is read too: it means nothing else); Hungarian F for
#: fekete and Fe for fehér (with the English B and W, which mean nothing else there)
COLOR_LETTERS: dict[str, dict[str, Color]] = {
    "en": {"b": Color.BLACK, "w": Color.WHITE},
    "cs": {"č": Color.BLACK, "c": Color.BLACK, "b": Color.WHITE, "w": Color.WHITE},
    "hu": {"f": Color.BLACK, "fe": Color.WHITE, "b": Color.BLACK, "w": Color.WHITE},
}


def read_color(word: str, code: str) -> Color | None:
    """The colour ``word`` names for a reader of the language ``code`` (None: not a colour):
    a colour's word in any language, or a letter of the reader's own (:data:`COLOR_LETTERS`;
    English letters for a language without its own).

    >>> read_color("B", "en"), read_color("B", "cs"), read_color("Fe", "hu"), read_color("D4", "cs")
    (<Color.BLACK: 1>, <Color.WHITE: 2>, <Color.WHITE: 2>, None)
    """
    text = word.strip().lower()
    if text in COLOR_WORDS:
        return COLOR_WORDS[text]
    return COLOR_LETTERS.get(code, COLOR_LETTERS[DEFAULT_LANGUAGE]).get(text)


def read_sequence(
    words: Sequence[str], size: int, default: Color, limit: int, code: str = DEFAULT_LANGUAGE
) -> tuple[Color, list[Point | None]]:
    """Who plays first and the moves (None: ``pass``) of ``try``'s words, read for a sender who
    reads the language ``code``: a leading colour (:func:`read_color`) says who plays first;
    a colour before a later move (``try B D4 W E5``) only names whose move it is, and must be
    the one the alternation gives; ``pass`` or the word of their language passes; commas
    separate moves too. Raises :class:`BadArguments` for an empty sequence, one longer than
    ``limit`` moves (:attr:`service.limits.Limits.try_moves`), a colour out of turn or a word
    that is neither a point, a pass nor a colour."""
    tokens = [part for word in words for part in re.split(r"[\s,;]+", word) if part]
    first = default
    if tokens and (color := read_color(tokens[0], code)) is not None:
        first = color
        tokens = tokens[1:]
    passes = {"pass", translate(code, "word.pass").lower()}
    moves: list[Point | None] = []
    for word in tokens:
        number = len(moves) + 1
        turn = first if number % 2 else first.opponent
        if (color := read_color(word, code)) is not None:
            if color is not turn:
                raise BadArguments(t("error.try_color", n=number, color=color_name(turn)))
            continue
        if len(moves) == limit:  # counted as read: a long sequence is refused before its points
            n = sum(1 for w in tokens if read_color(w, code) is None)
            raise BadArguments(t("error.try_too_long", limit=limit, n=n))
        if word.lower() in passes:
            moves.append(None)
            continue
        try:
            moves.append(parse_point(word, size))
        except InvalidPoint as error:
            raise InvalidPoint(t("error.try_point", n=number, reason=error.message)) from None
    if not moves:
        raise BadArguments(t("error.try_empty"))
    return first, moves


def retake_point(board: Board, ko: frozenset[Point], color: Color) -> Point | None:
    """Where ``color`` would retake the ko fought on the pair ``ko`` (the empty point that is the
    only liberty of the lone opposing stone that took), or None when the ko is no longer there."""
    for point in ko:
        (other,) = ko - {point}
        if (
            board.get(point) is None
            and board.get(other) is color.opponent
            and board.chain(other) == {other}
            and board.liberties(other) == {point}
        ):
            return point
    return None


def play_out(
    board: Board, first: Color, moves: Sequence[Point | None]
) -> tuple[ConfirmationPlay, list[Step]]:
    """Play ``moves`` from ``first`` on a copy of ``board`` under the confirmation ko rule (Art.
    7.2); ``board`` is never touched. Raises :class:`IllegalMoveError` naming the first illegal
    move."""
    demo = ConfirmationPlay(board, first)
    taken: dict[frozenset[Point], int] = {}  # ko -> the number of the move that last took it
    steps: list[Step] = []
    for index, point in enumerate(moves):
        number, color = index + 1, demo.to_move
        if point is None:
            ahead = moves[index + 2] if index + 2 < len(moves) else None
            ko = _ko_to_pass_for(demo, color, ahead, taken)
            if ko is None:
                demo.play(color, None)
            else:
                demo.pass_for_ko(color, ko)
            steps.append(Step(number, color, None, ko))
            continue
        try:
            report = demo.play(color, point)
        except IllegalMove as error:
            why = t(_WHY[error.reason], color=color_name(color))
            name = color_name(color)
            raise IllegalMoveError(
                t("error.try_illegal", n=number, color=name, point=point.gtp(), why=why)
            ) from None
        assert report is not None  # a stone always reports
        if report.ko_point is not None:
            taken[frozenset((point, report.ko_point))] = number
        steps.append(Step(number, color, point, None, report.captured))
    return demo, steps


def _ko_to_pass_for(
    demo: ConfirmationPlay, color: Color, ahead: Point | None, taken: dict[frozenset[Point], int]
) -> Point | None:
    """The retake point of the ko a ``pass`` by ``color`` is for (Art. 7.2): of the kos still on
    the board that ban ``color``, the one ``color``'s next stone (``ahead``) retakes, else the one
    taken most recently; None when no ko bans ``color`` (a plain pass)."""
    banned = {
        ko: point
        for ko, who in demo.bans.items()
        if who is color and (point := retake_point(demo.board, ko, color)) is not None
    }
    if not banned:
        return None
    for point in banned.values():
        if point == ahead:
            return point
    return banned[max(banned, key=lambda ko: taken.get(ko, 0))]


def numbered(steps: Sequence[Step]) -> tuple[tuple[Spot, Color, int], ...]:
    """Every stone of the sequence with its number, for the image: the renderer draws the latest
    number on a point played more than once, and a stone taken later as a pale ghost."""
    return tuple((s.point, s.color, s.number) for s in steps if s.point is not None)


@command(
    Try,
    "try",
    build=lambda w, _: Try(w.args),
    writes=False,  # Art. 7.2: played on a copy, never written
    who=Who.PLAYER,
    args=(Arg("moves", ArgKind.WORD, repeat=True),),  # [colour] points and `pass`
)
async def try_(unit: Unit, command: Try) -> View:
    """Art. 7.2: play a hypothetical sequence on a copy of the stopped position and show the
    result to both players; the game itself is unchanged (nothing is written)."""
    loaded, color = await running_game(unit)
    gid = loaded.row.id
    refuse_counting(loaded)  # Capture Go never stops
    if not loaded.stopped:
        raise WrongPhase(t("error.try_not_stopped", id=gid))
    limit = unit.context.limits.try_moves
    code = unit.reader.language.value if unit.reader is not None else DEFAULT_LANGUAGE
    first, moves = read_sequence(command.moves, loaded.game.size, color, limit, code)
    demo, steps = play_out(loaded.game.board, first, moves)
    names = await people.names(unit, loaded.row)
    header = t(
        "try.header",
        name=names[color],
        id=gid,
        first=color_name(first),
        moves=joined(" · ", (step.text() for step in steps)),
    )
    unchanged = t("try.unchanged", id=gid, v=loaded.state.match.version)
    lines = (header, *_consequences(demo, steps), unchanged)
    board = _board_view(loaded, demo, steps, names)
    buttons = (Button(t("button.count"), token(ShowBoard, gid)),)
    other = player_of(loaded.row, color.opponent)
    notices = () if is_engine(other) else (Notice(other, lines, buttons),)
    return View(lines, board=board, buttons=buttons, notify=notices, game_id=gid)


def _consequences(demo: ConfirmationPlay, steps: Sequence[Step]) -> list[str]:
    """What the sequence captured, which of its numbers the image cannot show (a point played
    again later), and the kos that still need a pass (Art. 7.2)."""
    taking = [s for s in steps if s.captured]

    took = joined(
        " · ",
        (
            t("try.took", n=s.number, color=color_name(s.color), points=points_text(s.captured))
            for s in taking
        ),
    )
    lines: list[str] = [t("try.captured", captures=took) if taking else t("try.captured_none")]
    latest = {s.point: s.number for s in steps if s.point is not None}
    hidden = [s.text() for s in steps if s.point is not None and latest[s.point] != s.number]
    if hidden:
        replayed = [s for s in steps if s.point is not None and latest[s.point] != s.number]
        lines.append(t("try.replayed", moves=joined(", ", (s.text() for s in replayed))))
    for ko, banned in demo.bans.items():
        point = retake_point(demo.board, ko, banned)
        if point is not None:
            lines.append(t("try.ban", color=color_name(banned), point=point.gtp()))
    return lines


def _board_view(
    loaded: Loaded, demo: ConfirmationPlay, steps: Sequence[Step], names: dict[Color, str]
) -> BoardView:
    """The position after the sequence, its stones numbered (taken ones as ghosts), captioned as
    hypothetical."""
    board = demo.board
    stones: dict[Color, list[Spot]] = {Color.BLACK: [], Color.WHITE: []}
    for point, stone in board.stones():
        stones[stone].append(point)
    totals = {c: sum(len(s.captured) for s in steps if s.color is c) for c in Color}
    taken = [(c, n) for c, n in totals.items() if n]

    takes = joined(" · ", (t("try.takes", color=color_name(c), n=n) for c, n in taken))
    captured = takes if taken else t("try.takes_none")
    return BoardView(
        size=board.size,
        black=frozenset(stones[Color.BLACK]),
        white=frozenset(stones[Color.WHITE]),
        last_move=None,  # the numbers show the order
        ko_point=board.ko_point,
        captures_black=board.prisoners[Color.BLACK],
        captures_white=board.prisoners[Color.WHITE],
        to_move=None,  # nobody moves: this is not the game
        move_number=loaded.game.move_number,
        black_name=names[Color.BLACK],
        white_name=names[Color.WHITE],
        caption=t("caption.try", id=loaded.row.id, captured=captured),
        sequence=numbered(steps),
    )
