"""SGF (FF[4]) in and out: setup stones, moves, SZ, KM, HA, RU, PB/PW, DT, RE, comments; the main
line of files with variations; clear errors and size limits against hostile input."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from sgfmill import sgf as _sgf

from engine.colors import Color
from engine.coords import MAX_SIZE, MIN_SIZE, Point, format_vertex
from engine.game import Fill, Game, Move, Resume
from engine.result import GameResult, ResultKind
from records.sgf_check import SgfSyntaxError, check_structure

MAX_BYTES = 2 * 1024 * 1024  # a long commented game is ~100 KiB
MAX_MOVES = 3000  # main-line nodes; real games stay far below
MAX_NODES = 100_000  # all nodes, variations included


class SgfError(ValueError):
    """A file that cannot be read as a game; the message says where and why."""


@dataclass
class GameRecord:
    """What an SGF file says about one game (main line only)."""

    size: int = 19
    komi: float = 0.0
    handicap: int = 0
    setup: list[tuple[Color, Point]] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    first_to_move: Color | None = None
    black_name: str | None = None
    white_name: str | None = None
    date: str | None = None
    result: str | None = None
    rules: str | None = None
    comment: str | None = None
    move_comments: dict[int, str] = field(default_factory=dict)

    def new_game(self) -> Game:
        """An engine game with this record's setup, before any move."""
        return Game(
            self.size,
            self.komi,
            0,
            tuple(self.setup),
            self.first_to_move,
        )


def _text(root: _sgf.Tree_node, key: str) -> str | None:
    if not root.has_property(key):
        return None
    try:
        value = root.get(key)
    except ValueError:
        return _raw(root, key)
    return str(value) if value is not None else None


def _raw(node: _sgf.Tree_node, key: str) -> str:
    raw: bytes = node.get_raw(key)
    return raw.decode("utf-8", "replace")


def read_sgf(data: bytes) -> GameRecord:
    """Parse SGF bytes into a :class:`GameRecord`; raises :class:`SgfError`."""
    if len(data) > MAX_BYTES:
        raise SgfError(f"file too large ({len(data)} bytes; the limit is {MAX_BYTES})")
    try:
        check_structure(data)
    except SgfSyntaxError as exc:
        raise SgfError(str(exc)) from None
    try:
        game = _sgf.Sgf_game.from_bytes(data)
    except ValueError as exc:
        message = str(exc)
        if message.startswith("size out of range"):
            message = f"board size {message.rsplit(' ', 1)[-1]} is not supported"
            raise SgfError(f"{message} (SZ must be {MIN_SIZE} to {MAX_SIZE})") from None
        raise SgfError(f"not a readable SGF game: {message}") from None
    size = game.get_size()
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SgfError(f"board size {size} is not supported (SZ must be {MIN_SIZE} to {MAX_SIZE})")
    root = game.get_root()
    record = GameRecord(size=size)
    try:
        record.komi = float(game.get_komi())
    except ValueError:
        raise SgfError(f"KM is not a number: {_raw(root, 'KM')!r}") from None
    try:
        record.handicap = game.get_handicap() or 0
    except ValueError:
        raise SgfError(f"HA is not a number: {_raw(root, 'HA')!r}") from None
    record.black_name = game.get_player_name("b")
    record.white_name = game.get_player_name("w")
    record.date = _text(root, "DT")
    record.result = _text(root, "RE")
    record.rules = _text(root, "RU")
    record.comment = _text(root, "C")
    total = sum(1 for _ in _iter_nodes(root, MAX_NODES + 1))
    if total > MAX_NODES:
        raise SgfError(f"too many nodes (more than {MAX_NODES})")
    sequence = game.get_main_sequence()
    if len(sequence) > MAX_MOVES + 1:
        raise SgfError(f"the main line is too long ({len(sequence) - 1} nodes; limit {MAX_MOVES})")
    for number, node in enumerate(sequence):
        try:
            black, white, empty = node.get_setup_stones()
            colour, move = node.get_move()
        except ValueError:
            bad = next(
                (
                    f"{k}[{_raw(node, k)}]"
                    for k in ("B", "W", "AB", "AW", "AE")
                    if node.has_property(k)
                ),
                "a property",
            )
            raise SgfError(
                f"node {number} (move {len(record.moves) + 1}): {bad} is not a point "
                f"on a {size}×{size} board"
            ) from None
        if black or white or empty:
            if number != 0 and record.moves:
                raise SgfError(
                    f"node {number}: setup stones (AB/AW/AE) after the first move are not supported"
                )
            record.setup.extend((Color.BLACK, Point(r, c)) for r, c in sorted(black))
            record.setup.extend((Color.WHITE, Point(r, c)) for r, c in sorted(white))
        if colour is not None:
            color = Color.from_letter(colour)
            point = None if move is None else Point(*move)
            if point is not None and not (0 <= point.row < size and 0 <= point.col < size):
                raise SgfError(f"move {len(record.moves) + 1}: off the board")
            record.moves.append(Move(color, point))
            if number and node.has_property("C"):
                record.move_comments[len(record.moves)] = _text(node, "C") or ""
    if root.has_property("PL"):
        record.first_to_move = Color.from_letter(root.get("PL"))
    elif record.setup and record.moves:
        record.first_to_move = record.moves[0].color
    elif record.handicap >= 2:
        record.first_to_move = Color.WHITE
    return record


def _iter_nodes(root: _sgf.Tree_node, limit: int) -> Iterator[_sgf.Tree_node]:
    stack = [root]
    seen = 0
    while stack and seen < limit:
        node = stack.pop()
        seen += 1
        yield node
        stack.extend(node)


def load_sgf(path: str | Path) -> GameRecord:
    """Read an SGF file from disk; raises :class:`SgfError` (also for unreadable files)."""
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_BYTES:
            raise SgfError(f"file too large ({size} bytes; the limit is {MAX_BYTES})")
        data = file.read_bytes()
    except OSError as exc:
        raise SgfError(f"cannot read the file: {exc.strerror or exc}") from None
    return read_sgf(data)


def write_sgf(
    game: Game,
    *,
    black_name: str | None = None,
    white_name: str | None = None,
    date: _dt.date | str | None = None,
    result: GameResult | None = None,
    comment: str | None = None,
) -> bytes:
    """The game record as SGF bytes (UTF-8), with ``RU[Japanese]``."""
    sgf_game = _sgf.Sgf_game(game.size)
    root = sgf_game.get_root()
    root.set("CA", "UTF-8")
    root.set("RU", "Japanese")
    root.set("KM", game.komi)
    if game.handicap:
        root.set("HA", game.handicap)
    if black_name:
        root.set("PB", black_name)
    if white_name:
        root.set("PW", white_name)
    if date is not None:
        root.set("DT", date.isoformat() if isinstance(date, _dt.date) else date)
    final = result or game.result
    notes = [comment] if comment else []
    if final is not None:
        root.set("RE", final.sgf)
        if final.kind is ResultKind.BOTH_LOSE:
            notes.append("Both players lose (Art. 13).")
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
    pending: list[str] = []
    for event in game.history:
        if isinstance(event, Move):
            node = sgf_game.extend_main_sequence()
            if event.point is None:
                node.set_raw(event.color.letter, b"")  # FF[4]: a pass is B[] / W[]
            else:
                node.set_move(event.color.letter.lower(), (event.point.row, event.point.col))
            if pending:
                node.set("C", "\n".join(pending))
                pending = []
        elif isinstance(event, Resume):
            pending.append(
                f"Play resumed at the request of {event.requested_by.name.title()} "
                f"(Art. 9.3); {event.requested_by.opponent.name.title()} moves first."
            )
        elif isinstance(event, Fill):
            node = sgf_game.extend_main_sequence()
            node.set_setup_stones(
                [(p.row, p.col) for c, p in event.stones if c is Color.BLACK],
                [(p.row, p.col) for c, p in event.stones if c is Color.WHITE],
            )
            filled = ", ".join(f"{c.letter} {format_vertex(p)}" for c, p in event.stones)
            node.set("C", f"Neutral points filled by agreement (not moves): {filled}")
    if pending:
        last = sgf_game.get_last_node()
        previous = last.get("C") if last.has_property("C") else ""
        last.set("C", "\n".join([previous, *pending]).strip())
    data: bytes = sgf_game.serialise()
    return data
