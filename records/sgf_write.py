"""SGF (FF[4]) out: a game of the engine, with its setup, moves, passes, agreed fills and
resumptions, as the bytes of a file (UTF-8, Japanese rules); the game's information (``EV``,
``RO``, ``DT``, ``BR``/``WR``, ``RE``) and the final count's territory marks (``TB``/``TW``).

The marks follow the SGF convention for a counted game: ``TB`` lists Black's territory and the
points of White's dead stones, ``TW`` likewise. A dead stone that stays on the board and counts
for nobody (outside territory, Diagram 17 of the rules) is marked too, with the other colour's
mark: the marks name every dead stone, so that a reader counting the final position with the
stones standing on the other colour's marks taken as dead (``gobot score``) reproduces ``RE``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable

from sgfmill import sgf as _sgf

from engine.board import Board
from engine.colors import Color
from engine.coords import Point, format_vertex
from engine.counting import Count, PointStatus
from engine.game import Fill, Game, Move, Resume
from engine.result import GameResult, ResultKind


def sgf_dates(first: _dt.date, last: _dt.date | None = None) -> str:
    """The ``DT`` value of a game played from ``first`` to ``last`` (FF[4]: the days played,
    comma-separated, a later day shortened to what differs from the one before it; the days in
    between are not listed).

    >>> d = _dt.date
    >>> sgf_dates(d(2026, 11, 1)), sgf_dates(d(2026, 11, 1), d(2026, 11, 3))
    ('2026-11-01', '2026-11-01,03')
    >>> sgf_dates(d(2026, 11, 30), d(2026, 12, 2)), sgf_dates(d(2026, 12, 30), d(2027, 1, 2))
    ('2026-11-30,12-02', '2026-12-30,2027-01-02')
    """
    text = first.isoformat()
    if last is None or last <= first:
        return text
    if last.year != first.year:
        return f"{text},{last.isoformat()}"
    if last.month != first.month:
        return f"{text},{last.month:02d}-{last.day:02d}"
    return f"{text},{last.day:02d}"


def territory_marks(board: Board, count: Count) -> dict[Color, list[Point]]:
    """``TB``/``TW`` of a count of ``board``: each colour's territory and the points of the
    other colour's dead stones (those that stay on the board included), sorted."""
    marks: dict[Color, list[Point]] = {Color.BLACK: [], Color.WHITE: []}
    for point, status in sorted(count.status.items()):
        if status is PointStatus.BLACK_TERRITORY:
            marks[Color.BLACK].append(point)
        elif status is PointStatus.WHITE_TERRITORY:
            marks[Color.WHITE].append(point)
        elif status in (PointStatus.DEAD_REMOVED, PointStatus.DEAD_STAYS):
            stone = board.get(point)
            if stone is not None:
                marks[stone.opponent].append(point)
    return marks


def _set_points(node: _sgf.Tree_node, key: str, points: Iterable[Point]) -> None:
    found = {(p.row, p.col) for p in points}
    if found:
        node.set(key, found)


def write_sgf(
    game: Game,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    date: _dt.date | str | None = None,
    result: GameResult | None = None,
    comment: str | None = None,
    adjudicator: str | None = None,
    event: str | None = None,
    round_no: int | None = None,
    black_rank: str | None = None,
    white_rank: str | None = None,
    count: Count | None = None,
) -> bytes:
    """The game record as SGF bytes (UTF-8), with ``RU[Japanese]`` (``RU[Capture]``, ``GN[Capture
    Go]`` and a comment for Capture Go); linear in the game's length.
    ``adjudicator``: the organiser who decided the result (not played out), said in the root's
    comment beside the result. ``event`` and ``round_no`` are ``EV`` and ``RO``; ``date`` is
    ``DT`` as given (:func:`sgf_dates` for several days); ``black_rank``/``white_rank`` are
    ``BR``/``WR``. ``count``: the final count of the game's last position, written as the last
    node's territory marks (:func:`territory_marks`)."""
    sgf_game = _sgf.Sgf_game(game.size)
    root = sgf_game.get_root()
    root.set("CA", "UTF-8")
    root.set("RU", "Capture" if game.capture else "Japanese")
    if game.capture:  # Capture Go (docs/capture-go.md): said in the game's name and comment
        root.set("GN", "Capture Go")
        comment = "\n".join(filter(None, (comment, "Capture Go: the first capture wins.")))
    root.set("KM", game.komi)
    if game.handicap:
        root.set("HA", game.handicap)
    if black_name:
        root.set("PB", black_name)
    if white_name:
        root.set("PW", white_name)
    for key, text in (("BR", black_rank), ("WR", white_rank), ("EV", event)):
        if text:
            root.set(key, text)
    if round_no is not None:
        root.set("RO", str(round_no))
    if date is not None:
        root.set("DT", date.isoformat() if isinstance(date, _dt.date) else date)
    final = result or game.result
    notes = [comment] if comment else []
    if final is not None:
        root.set("RE", final.sgf)
        if final.kind is ResultKind.BOTH_LOSE:
            notes.append("Both players lose (Art. 13).")
        if adjudicator:
            notes.append(f"Result adjudicated by the organiser {adjudicator}.")
    if notes:
        root.set("C", "\n".join(notes))
    start = Game(game.size, game.komi, game.handicap, game.setup, game.first_to_move)
    black = [(p.row, p.col) for p, c in start.board.stones() if c is Color.BLACK]
    white = [(p.row, p.col) for p, c in start.board.stones() if c is Color.WHITE]
    if black:
        root.set_setup_stones(black, white)
    elif white:
        root.set_setup_stones([], white)
    if start.to_move is Color.WHITE and (black or white):
        root.set("PL", "w")
    last = _write_history(root, game)
    if count is not None:
        marks = territory_marks(game.board, count)
        _set_points(last, "TB", marks[Color.BLACK])
        _set_points(last, "TW", marks[Color.WHITE])
    data: bytes = sgf_game.serialise()
    return data


def _write_history(root: _sgf.Tree_node, game: Game) -> _sgf.Tree_node:
    """The game's moves, passes, resumptions and agreed fills as the main line after ``root``;
    returns its last node."""
    last = root  # extend_main_sequence() walks the whole line each time: quadratic
    pending: list[str] = []
    for event in game.history:
        if isinstance(event, Move):
            last = last.new_child()
            if event.point is None:
                last.set_raw(event.color.letter, b"")  # FF[4]: a pass is B[] / W[]
            else:
                last.set_move(event.color.letter.lower(), (event.point.row, event.point.col))
            if pending:
                last.set("C", "\n".join(pending))
                pending = []
        elif isinstance(event, Resume):
            pending.append(
                f"Play resumed at the request of {event.requested_by.name.title()} "
                f"(Art. 9.3); {event.requested_by.opponent.name.title()} moves first."
            )
        elif isinstance(event, Fill):
            last = last.new_child()
            last.set_setup_stones(
                [(p.row, p.col) for c, p in event.stones if c is Color.BLACK],
                [(p.row, p.col) for c, p in event.stones if c is Color.WHITE],
            )
            filled = ", ".join(f"{c.letter} {format_vertex(p)}" for c, p in event.stones)
            last.set("C", f"Neutral points filled by agreement (not moves): {filled}")
    if pending:
        previous = last.get("C") if last.has_property("C") else ""
        last.set("C", "\n".join([previous, *pending]).strip())
    return last
