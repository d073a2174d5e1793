"""Platform-neutral answers: text lines, the board a reply shows (:class:`BoardView`, the service's
own value: ``bot.snapshots`` turns it into the renderer's snapshot), buttons (label and a
restart-proof token of at most 64 bytes, e.g. ``g42:done:v3``) and whom to notify."""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.counting import Count, PointStatus, Side
from engine.game import Game, Move
from engine.result import GameResult, ResultKind
from service.i18n import Text, joined, key_of, number, plural, t

if TYPE_CHECKING:
    from service.standings_data import Standings

MAX_TOKEN_BYTES = 64  # Telegram's callback-data limit; Discord custom ids allow more
TOKEN_PATTERN = r"g(\d{1,9}):([a-z]+)((?::[a-z0-9.+]{1,12}){0,3})"
"""A button token: ``g<game>:<command>`` and up to three arguments (every platform matches this)."""
_TOKEN = re.compile(TOKEN_PATTERN)


def is_token(text: str) -> bool:
    """True when ``text`` is a button token (``g42:done:v3``), not typed words.

    >>> is_token("g42:done:v3"), is_token("done v3")
    (True, False)
    """
    return _TOKEN.fullmatch(text) is not None


def split_token(text: str) -> tuple[int, str, tuple[str, ...]] | None:
    """``g42:done:v3`` -> ``(42, "done", ("v3",))``; None for anything else."""
    match = _TOKEN.fullmatch(text)
    if match is None:
        return None
    return int(match.group(1)), match.group(2), tuple(a for a in match.group(3).split(":") if a)


@dataclass(frozen=True, slots=True)
class Button:
    """A button: its label and the command token it sends back (``g42:pass``), built from the
    command's registration (:func:`service.registry.token`)."""

    label: str
    token: str

    def __post_init__(self) -> None:
        if len(self.token.encode()) > MAX_TOKEN_BYTES:
            raise ValueError(f"button token longer than {MAX_TOKEN_BYTES} bytes: {self.token}")


@dataclass(frozen=True, slots=True)
class Notice:
    """A message that must reach ``player`` (a ping), beside the reply to the sender.

    ``turn`` marks the plain "your move" ping: an adapter whose board shows whose move it is may
    hold it back while the player is following the game (live pace) and send it once they have
    been away for a while; every other notice asks for an answer or tells a change the board
    does not show, and is always sent."""

    player: str
    lines: tuple[str, ...]
    buttons: tuple[Button, ...] = ()
    turn: bool = False
    language: str = "en"  # the reader's (the service says it again in their language)
    theme: str = "light"  # the reader's, for a board drawn for them
    #: which pings the reader wants: all, turn or none (``settings``, else ``GOBOT_NOTIFY``);
    #: None: not said (the adapter's default)
    notify: str | None = None
    #: the game it is about when that is not the view's own (a league round's pairings)
    game_id: int | None = None

    @property
    def wanted(self) -> bool:
        """False for a plain "your move" to a reader who asked for none (``settings
        notify=none``): platforms without paced pings (Discord, the console) leave it out."""
        return not (self.turn and self.notify == "none")


Spot = tuple[int, int]
"""An intersection as ``(row, col)`` from the bottom-left corner, as the renderer counts."""


@dataclass(frozen=True, slots=True)
class BoardView:
    """The position a reply shows, with its caption and (in the confirmation phase) the count."""

    size: int
    black: frozenset[Spot]
    white: frozenset[Spot]
    last_move: Spot | None
    ko_point: Spot | None
    captures_black: int  # prisoners taken by Black
    captures_white: int
    to_move: Color | None  # None when nobody is to move (counting, finished)
    move_number: int
    black_name: str
    white_name: str
    caption: str
    marks: tuple[tuple[Spot, PointStatus], ...] = ()  # the count's status of each point
    voiding: frozenset[Spot] = frozenset()  # open dame that void territory (Art. 8)
    tally: str | None = None
    unsettled: frozenset[Spot] = frozenset()  # points still to be played (not dame)
    capturable: frozenset[Spot] = frozenset()  # stones marked alive a forced sequence takes
    disputed: frozenset[Spot] = frozenset()  # stones of groups the judges disagree on
    version: int | None = None  # the marking version the count is of
    final: bool = False  # both players accepted: the count is the result
    #: numbered stones of a hypothetical sequence (``try``) or of a warning
    sequence: tuple[tuple[Spot, Color, int], ...] = ()
    theme: str = "light"  # the reader's (``settings theme=dark``)
    language: str = "en"  # the image's words (captures, the legend) are in this language
    #: an ``estimate``'s board: the estimator's ownership and tally, not the game's count
    estimate: bool = False

    @property
    def counting(self) -> bool:
        """The board carries a count (confirmation phase, or the final position)."""
        return self.tally is not None

    @property
    def hypothetical(self) -> bool:
        """A ``try``'s board (a sequence on a copy of the game, not the game's position): the
        adapters show it beside the game's board, never in its place. Numbered stones without a
        count (the marking numbers the moves of a capturable chain's warning too, but its board
        carries the count: that board is the game's). An ``estimate``'s board is shown beside
        the game's too."""
        return self.estimate or (bool(self.sequence) and not self.counting)


@dataclass(frozen=True, slots=True)
class TableView:
    """A table the adapters draw as an image beside the text (league standings): the service's
    own value, as :class:`BoardView` is for boards."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    highlight: frozenset[int] = frozenset()  # rows to emphasise (the reader's own)
    language: str = "en"  # the words the image adds (``… and more``) are in this language


@dataclass(frozen=True, slots=True)
class View:
    """The reply to one command.

    ``line_games`` says which game each line is about, aligned with ``lines`` (None: a line about
    no game); it is empty when no line names a game of its own. The ``games`` list fills it, so
    that an adapter can link each line to the game's place on its platform (its board message,
    its thread): :meth:`lines_with_games` pairs them."""

    lines: tuple[str, ...]
    board: BoardView | None = None
    buttons: tuple[Button, ...] = ()
    notify: tuple[Notice, ...] = ()
    game_id: int | None = None
    file: tuple[str, bytes] | None = None  # (filename, content), e.g. an SGF record
    line_games: tuple[int | None, ...] = ()
    #: for the sender's eyes only (a link code, ``whoami``'s linked accounts): never shown in a
    #: group's chat
    private: bool = False
    #: the catalogue family whose ``.private``, ``.private_needed`` and ``.slash_only`` say where a
    #: private answer went, or how to get it, where it cannot be shown (a group, a plain message)
    private_family: str = "link"
    table: TableView | None = None  # a table to draw as an image (league standings)
    #: the standings as data, when the reply shows them (the lines and :attr:`table` are drawn
    #: from it): what the command line's ``standings --json`` and the web pages read
    standings: Standings | None = None
    language: str = "en"  # the language the lines are in (the reader's)
    #: where the games this view started live (a league round's: the league's channel), for an
    #: adapter to open their places there (a Discord thread); the games are its ``line_games``
    home: str = ""
    #: a channel to post the whole view in, by the bot's own accord (the problem of the day): the
    #: scheduler's delivery sends it there, on the channel's platform
    post: str = ""

    def __post_init__(self) -> None:
        if self.line_games and len(self.line_games) != len(self.lines):
            raise ValueError("line_games must give one game (or None) for each line")

    def lines_with_games(self) -> tuple[tuple[str, int | None], ...]:
        """Each line with the game it is about (None for every line when no line names one).

        >>> View(("#3 by @bob", "… and more"), line_games=(3, None)).lines_with_games()
        (('#3 by @bob', 3), ('… and more', None))
        """
        games = self.line_games or (None,) * len(self.lines)
        return tuple(zip(self.lines, games, strict=True))

    @property
    def text(self) -> str:
        """The lines as one message."""
        return "\n".join(self.lines)

    @property
    def hypothetical(self) -> bool:
        """The reply shows a ``try``'s board (:attr:`BoardView.hypothetical`)."""
        return self.board is not None and self.board.hypothetical

    @property
    def keys(self) -> tuple[str | None, ...]:
        """The catalogue key of each line (what tests and renderers tell messages apart by)."""
        return tuple(key_of(line) for line in self.lines)


#: how an adapter delivers a view's notices to its platform's players (``bot.app.Deliveries``)
Deliver = Callable[[View], Awaitable[None]]


def color_name(color: Color) -> str:
    """``Black`` or ``White``, translated."""
    return t("color.black") if color is Color.BLACK else t("color.white")


def move_words(number: int, color: Color, move: str) -> Text:
    """``1. Black E5``: a numbered move of a sequence (``try``, a capturable chain's warning)
    with its colour in words, never a letter (a Czech reader takes ``B`` for *bílý*, White).

    >>> move_words(2, Color.WHITE, "pass")
    '2. White pass'
    """
    key = "sequence.black" if color is Color.BLACK else "sequence.white"
    return t(key, n=number, move=move)


def stones_words(stones: Iterable[tuple[Color, Point]]) -> Text:
    """Stones grouped by colour, in words: ``Black C1, C2; White D3`` (the stones a fill placed).

    >>> stones_words([(Color.WHITE, Point(0, 2)), (Color.BLACK, Point(2, 3)),
    ...               (Color.WHITE, Point(1, 2))])
    'Black D3; White C1, C2'
    """
    kept = list(stones)
    parts = []
    for color, key in ((Color.BLACK, "stones.black"), (Color.WHITE, "stones.white")):
        points = [p for c, p in kept if c is color]
        if points:
            parts.append(t(key, points=", ".join(format_vertex(p) for p in points)))
    return joined("; ", parts, key_of(parts[0]) if parts else None)


def format_left(seconds: float) -> str:
    """Time left for a caption: ``2d 4h``, ``3h 20m``, ``45m``, ``no time``."""
    if math.isinf(seconds):
        return ""
    if seconds <= 0:
        return t("clock.none_left")
    minutes = int(seconds // 60)
    days, rest = divmod(minutes, 1440)
    hours, mins = divmod(rest, 60)
    if days:
        return t("clock.days_hours", d=days, h=hours)
    if hours:
        return t("clock.hours_minutes", h=hours, m=mins)
    return t("clock.minutes", m=max(mins, 1))


def result_words(result: GameResult) -> str:
    """``B+2.5 — Black wins by 2.5 points``, ``W+R — White wins by resignation``, ``0 — jigo``."""
    kind, winner, margin, sgf = result.kind, result.winner, result.margin, result.sgf

    if kind is ResultKind.JIGO:
        words = t("result.jigo")
    elif kind is ResultKind.VOID:
        words = t("result.void")
    elif kind is ResultKind.BOTH_LOSE:
        words = t("result.both_lose")
    else:
        assert winner is not None
        if kind is ResultKind.SCORE:
            points = plural(margin or 0.0, "result.points")
            words = t("result.score", winner=color_name(winner), points=points)
        else:
            words = t(f"result.{kind.name.lower()}", winner=color_name(winner))
    return joined(" — ", (sgf, words))


def side_texts(black: Side, white: Side) -> tuple[str, str]:
    """``Black: 45 territory + 12 prisoners = 57`` and ``White: 40 + 9 + 6.5 = 55.5`` (Art. 10),
    for a count's tally and an estimate's."""
    b, w = black, white
    return (
        t("tally.black", territory=b.territory, prisoners=b.prisoners, score=number(b.score)),
        t(
            "tally.white",
            territory=w.territory,
            prisoners=w.prisoners,
            komi=number(w.komi),
            score=number(w.score),
        ),
    )


def tally(counted: Count, *, disputed: bool = False) -> str:
    """``Black: 45 territory + 12 prisoners = 57 · White: 40 + 9 + 6.5 = 55.5 · Black wins by
    1.5`` (Art. 10: territory plus prisoners, plus komi for White); with ``disputed`` the
    outcome says it depends on the groups the judges disagree on."""
    b, w, result = counted.black, counted.white, counted.result

    black, white = side_texts(b, w)
    if result.kind is ResultKind.JIGO:
        outcome = t("tally.jigo")
    else:
        assert result.winner is not None and result.margin is not None
        margin = number(result.margin)
        outcome = t("tally.wins", winner=color_name(result.winner), margin=margin)
    if disputed:
        outcome = t("tally.depends", outcome=outcome)
    return joined(" · ", (black, white, outcome))


def points_text(points: Iterable[tuple[int, int]]) -> str:
    """``D4, E5`` for a list of points."""
    return ", ".join(format_vertex(Point(*p)) for p in points)


def caption(
    game: Game, game_id: int, names: dict[Color, str], left: str, *, stopped: bool = False
) -> str:
    """``Move 37 · White D4 · Black (@alice) to play · 2d 4h left``."""
    last = game.last_move
    number = game.move_number
    played = (last.color, last.point) if isinstance(last, Move) else None
    mover = game.to_move
    name = names[mover]

    parts = [t("caption.capture")] if game.capture else []
    if played is None:
        parts.append(t("caption.game", id=game_id))
    elif played[1] is None:
        parts.append(t("caption.pass", n=number, color=color_name(played[0])))
    else:
        point = format_vertex(played[1])
        parts.append(t("caption.move", n=number, color=color_name(played[0]), point=point))
    if stopped:
        parts.append(t("caption.stopped"))
    else:
        parts.append(t("caption.to_play", color=color_name(mover), name=name))
        if left:
            parts.append(t("caption.left", left=left))
    return joined(" · ", parts)


def board_view(
    game: Game,
    names: dict[Color, str],
    caption_text: str,
    counted: Count | None = None,
    *,
    version: int | None = None,
    final: bool = False,
    unsettled: Iterable[Spot] = (),
    capturable: Iterable[Spot] = (),
    sequence: Iterable[tuple[Spot, Color, int]] = (),
) -> BoardView:
    """The position of ``game`` (with the count when ``counted`` is given).

    With a count, the prisoners are the tally's: captured in play plus the dead stones removed
    (Art. 10), so the image's header and its tally agree. ``version`` is the marking counted,
    ``final`` says both players accepted it; ``unsettled`` points, ``capturable`` stones and a
    numbered ``sequence`` (``try``, or a warning) are drawn as given.
    """
    board = game.board
    stones: dict[Color, list[Spot]] = {Color.BLACK: [], Color.WHITE: []}
    for point, color in board.stones():  # one pass over the board for both colours
        stones[color].append(point)
    last = game.last_move
    marks: tuple[tuple[Spot, PointStatus], ...] = ()
    voiding: frozenset[Spot] = frozenset()
    prisoners = board.prisoners[Color.BLACK], board.prisoners[Color.WHITE]
    if counted is not None:
        marks = tuple(sorted((p, s) for p, s in counted.status.items() if s in _COUNTED))
        voiding = frozenset(counted.voiding_dame)
        prisoners = counted.black.prisoners, counted.white.prisoners
    return BoardView(
        size=board.size,
        black=frozenset(stones[Color.BLACK]),
        white=frozenset(stones[Color.WHITE]),
        last_move=last.point if isinstance(last, Move) and last.point else None,
        ko_point=board.ko_point,
        captures_black=prisoners[0],
        captures_white=prisoners[1],
        to_move=None if counted is not None else game.to_move,
        move_number=game.move_number,
        black_name=names[Color.BLACK],
        white_name=names[Color.WHITE],
        caption=caption_text,
        marks=marks,
        voiding=voiding,
        tally=tally(counted) if counted is not None else None,
        unsettled=frozenset((r, c) for r, c in unsettled),
        capturable=frozenset((r, c) for r, c in capturable),
        version=version,
        final=final,
        sequence=tuple(((r, c), color, n) for (r, c), color, n in sequence),
    )


_COUNTED = frozenset(
    {
        PointStatus.SEKI,
        PointStatus.DEAD_REMOVED,
        PointStatus.DEAD_STAYS,
        PointStatus.BLACK_TERRITORY,
        PointStatus.WHITE_TERRITORY,
        PointStatus.DAME,
        PointStatus.NECESSARY,
        PointStatus.SEKI_EYE,
    }
)
