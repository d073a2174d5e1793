"""SGF (FF[4]) in and out: setup stones, moves, SZ, KM, HA, RU, PB/PW, BR/WR, EV, RO, DT, RE, CA,
comments, the territory marks (TB/TW) of the last node; the main line of files with variations;
clear errors and size limits against hostile input.

sgfmill splits the file into nodes and properties; this module reads the values itself, so that
nothing a file contains can raise anything but :class:`SgfError`. Sloppy but meaningful input is
read, as lenient readers do; hostile input gets one clear line.

**Tolerated** (read; where something was dropped or guessed, a line in
:attr:`GameRecord.warnings`):

- a property given twice or with several values (``PW[White][White]``, ``KM[6.5][0.5]``): the
  first value; spaces around numbers, points and colours; a decimal comma in ``KM``;
- ``KM`` that is not a number, or beyond ±:data:`MAX_KOMI`: komi 0, as without ``KM`` (``gobot
  score --komi`` sets another; refusing the whole file for it would lose the moves); ``HA`` that
  is not a number of stones: 0. ``HA[1]`` is kept as 1: it places no stones and does not change
  who moves first (only ``HA`` of 2 or more, without ``PL``, gives White the first move);
- ``PL`` that is not B or W: ignored;
- ``CA``: without one, UTF-8 when the whole file is valid UTF-8, else ISO-8859-1 (the FF[4]
  default); a ``CA`` that names no text encoding usable under SGF's ASCII syntax (unknown names,
  rot13, base64, hex, punycode, idna, UTF-16, …): UTF-8; bytes that are invalid in the charset:
  replaced (U+FFFD);
- player names longer than :data:`MAX_NAME` characters: cut;
- boards from 2×2 up (SGF allows them; only new games are 5×5 or more), an empty setup value;
- ``AB``/``AW``/``AE`` before the first move make the starting position; after it, they are
  :class:`SetupNode` items that a replay applies at that point of the game (the bot writes its
  agreed fill of neutral points so).

**Refused** (:class:`SgfError`, one line that says where and why): broken structure (with its
line); more than :data:`MAX_BYTES` bytes, :data:`MAX_NODES` nodes, :data:`MAX_MAIN_LINE` nodes
in the main line or :data:`MAX_SETUP_POINTS` setup points; ``SZ`` that is not a number, not
square or not 2 to 25; a point that is not on the board; ``B`` and ``W`` in one node; ``AB``,
``AW`` and ``AE`` on the same point of one node; setup that leaves a chain without a liberty
(setup is not a move: it captures nothing).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from itertools import islice
from pathlib import Path

from sgfmill import sgf_grammar as _grammar

from engine.board import Board
from engine.colors import Color
from engine.coords import MAX_SIZE, MIN_BOARD_SIZE, Point, format_vertex
from engine.errors import EngineError
from engine.game import Move
from records.record import Change, GameRecord, SetupNode, SgfError
from records.sgf_check import SgfSyntaxError, check_structure
from records.sgf_scan import Node, main_line, property_map
from records.sgf_text import file_codec, shown
from records.sgf_write import write_sgf

__all__ = [
    "MAX_BYTES",
    "MAX_KOMI",
    "MAX_MAIN_LINE",
    "MAX_NAME",
    "MAX_NODES",
    "MAX_SETUP_POINTS",
    "GameRecord",
    "SetupNode",
    "SgfError",
    "load_sgf",
    "read_sgf",
    "shown",
    "write_sgf",
]

MAX_BYTES = 2 * 1024 * 1024  # a long commented game is ~100 KiB
MAX_MAIN_LINE = 10_000  # main-line nodes after the root; real games stay far below
MAX_NODES = 100_000  # all nodes, variations included
MAX_SETUP_POINTS = 200_000  # setup points named in the main line (rectangles unfolded)
MAX_NAME = 100  # characters of a player's name
MAX_KOMI = 1000  # points of komi either way (real komi is below 100; larger is a broken file)
MAX_WARNINGS = 20

PropertyMap = dict[str, list[bytes]]


class _Reader:
    """Reads one file's main line into a :class:`GameRecord`."""

    def __init__(self, data: bytes, main: Sequence[Node]) -> None:
        self.main = main
        self.record = GameRecord()
        self.warnings = self.record.warnings
        self.root = root = property_map(main[0])
        self.codec, self.charset = file_codec(data, self.first(root, "CA"), self.warn)
        self.size = self.read_size(root)
        self.record.size = self.size
        self.budget = MAX_SETUP_POINTS
        self.codes = point_codes(self.size)

    def warn(self, text: str) -> None:
        if text in self.warnings or len(self.warnings) > MAX_WARNINGS:
            return
        if len(self.warnings) == MAX_WARNINGS:
            text = "more warnings left out"
        self.warnings.append(text)

    def first(self, node: PropertyMap, key: str) -> bytes | None:
        values = node.get(key)
        if not values:
            return None
        if len(values) > 1:
            listed = "".join(f"[{shown(v, 20)}]" for v in values[:3])
            more = "…" if len(values) > 3 else ""
            self.warn(f"{key}{listed}{more} has {len(values)} values; the first is used")
        return values[0]

    def text(self, node: PropertyMap, key: str, *, simple: bool = True) -> str | None:
        raw = self.first(node, key)
        if raw is None:
            return None
        value: bytes = _grammar.simpletext_value(raw) if simple else _grammar.text_value(raw)
        try:
            return value.decode(self.codec)
        except UnicodeDecodeError:
            self.warn(f"bytes invalid in {self.charset} replaced by U+FFFD (first in {key})")
            return value.decode(self.codec, "replace")

    def number(self, node: PropertyMap, key: str) -> str | None:
        raw = self.first(node, key)
        return None if raw is None else raw.decode("ascii", "replace").strip()

    def read_size(self, root: PropertyMap) -> int:
        text = self.number(root, "SZ")
        if text is None:
            return 19
        columns, colon, rows = text.partition(":")
        try:
            size, height = int(columns), int(rows) if colon else int(columns)
        except ValueError:
            raise SgfError(f"SZ[{shown(text)}] is not a board size") from None
        if size != height:
            raise SgfError(f"SZ[{shown(text)}]: only square boards are supported")
        if not MIN_BOARD_SIZE <= size <= MAX_SIZE:
            raise SgfError(
                f"board size {size} is not supported (SZ must be {MIN_BOARD_SIZE} to {MAX_SIZE})"
            )
        return size

    def read_root(self) -> None:
        root, record = self.root, self.record
        komi = self.number(root, "KM")
        if komi is not None:
            try:
                record.komi = float(komi.replace(",", "."))
                if not math.isfinite(record.komi):
                    raise ValueError(komi)
            except ValueError:
                record.komi = 0.0
                self.warn(f"KM[{shown(komi)}] is not a number; komi 0 is used")
            if abs(record.komi) > MAX_KOMI:
                record.komi = 0.0
                self.warn(f"KM[{shown(komi)}] is beyond ±{MAX_KOMI} points; komi 0 is used")
        handicap = self.number(root, "HA")
        if handicap is not None:
            try:
                record.handicap = int(handicap)
                if not 0 <= record.handicap <= self.size * self.size:
                    raise ValueError(handicap)
            except ValueError:
                record.handicap = 0
                self.warn(f"HA[{shown(handicap)}] is not a number of stones; ignored")
        record.black_name = self.name(root, "PB")
        record.white_name = self.name(root, "PW")
        record.black_rank = self.name(root, "BR")
        record.white_rank = self.name(root, "WR")
        record.event = self.name(root, "EV")
        record.round = self.name(root, "RO")
        record.date = self.text(root, "DT")
        record.result = self.text(root, "RE")
        record.rules = self.text(root, "RU")
        record.comment = self.text(root, "C", simple=False)

    def name(self, root: PropertyMap, key: str) -> str | None:
        name = (self.text(root, key) or "").strip()
        if len(name) > MAX_NAME:
            self.warn(f"{key} is {len(name)} characters long; cut to {MAX_NAME}")
            name = name[: MAX_NAME - 1].rstrip() + "…"
        return name or None

    def point(self, raw: bytes, where: str, key: str, whole: bytes | None = None) -> Point:
        value = raw.strip()
        if len(value) == 2 and value.isalpha() and value.islower():
            col, row = value[0] - 0x61, self.size - 1 - (value[1] - 0x61)
            if 0 <= col < self.size and 0 <= row < self.size:
                return Point(row, col)
        value = raw if whole is None else whole
        raise SgfError(
            f"{where}: {key}[{shown(value)}] is not a point on a {self.size}×{self.size} board"
        )

    def points(self, node: PropertyMap, key: str, where: str) -> set[Point]:
        found: set[Point] = set()
        codes = self.codes
        for raw in node.get(key, ()):
            point = codes.get(raw)
            if point is not None:  # the common case: one point written as it should be
                self.budget -= 1
                if self.budget < 0:
                    raise SgfError(f"too many setup stones (more than {MAX_SETUP_POINTS})")
                found.add(point)
                continue
            if not raw.strip():
                self.warn(f"an empty {key}[] is ignored")
                continue
            corner, colon, other = raw.partition(b":")
            a = self.point(corner, where, key, raw)
            b = self.point(other, where, key, raw) if colon else a
            rows = range(min(a.row, b.row), max(a.row, b.row) + 1)
            cols = range(min(a.col, b.col), max(a.col, b.col) + 1)
            self.budget -= len(rows) * len(cols)
            if self.budget < 0:
                raise SgfError(f"too many setup stones (more than {MAX_SETUP_POINTS})")
            found.update(Point(r, c) for r in rows for c in cols)
        return found

    def changes(self, node: PropertyMap, where: str) -> list[Change]:
        black = self.points(node, "AB", where)
        white = self.points(node, "AW", where)
        empty = self.points(node, "AE", where)
        for (one, two), both in (
            (("AB", "AW"), black & white),
            (("AB", "AE"), black & empty),
            (("AW", "AE"), white & empty),
        ):
            if both:
                named = ", ".join(format_vertex(p) for p in sorted(both)[:5])
                raise SgfError(f"{where}: {one} and {two} both name {named}")
        return [
            *((Color.BLACK, p) for p in sorted(black)),
            *((Color.WHITE, p) for p in sorted(white)),
            *((None, p) for p in sorted(empty)),
        ]

    def move(self, node: PropertyMap, number: int) -> Move | None:
        """The node's move (None without one); ``number`` is the node's in the main line."""
        black = node.get("B")
        white = node.get("W")
        if black is None:
            if white is None:
                return None
            key, color, values = "W", Color.WHITE, white
        elif white is None:
            key, color, values = "B", Color.BLACK, black
        else:
            raise SgfError(f"{self.where(number)}: B and W in one node (a node holds one move)")
        if len(values) == 1:
            point = self.codes.get(values[0])
            if point is not None:  # the common case: a point written as it should be
                return Move(color, point)
        raw = self.first(node, key)
        assert raw is not None
        value = raw.strip()
        if value == b"" or (value == b"tt" and self.size <= 19):
            return Move(color, None)  # FF[4] B[]; FF[3] B[tt]
        return Move(color, self.point(raw, self.where(number), key))

    def where(self, number: int) -> str:
        """How an error names the main line's node ``number`` with a move."""
        return f"node {number} (move {len(self.record.moves) + 1})"

    def read(self) -> GameRecord:
        self.read_root()
        record = self.record
        start = Board(self.size)
        moves = record.moves
        simple = simple_moves(self.size)
        for number, item in enumerate(self.main):
            if isinstance(item, tuple):  # a node with a move and nothing else
                move = simple.get(item)
                if move is not None:
                    moves.append(move)
                    continue
            node = self.root if not number else property_map(item)
            if "AB" in node or "AW" in node or "AE" in node:
                changes = self.changes(node, f"node {number}")
                if changes and not moves:
                    try:
                        start.edit(changes)
                    except EngineError as exc:
                        raise SgfError(f"node {number}: {exc}") from None
                elif changes:
                    record.setup_nodes.append(SetupNode(len(moves), tuple(changes)))
            move = self.move(node, number)
            if move is not None:
                moves.append(move)
                if number and "C" in node:
                    record.move_comments[len(record.moves)] = (
                        self.text(node, "C", simple=False) or ""
                    )
        last = self.root if len(self.main) == 1 else property_map(self.main[-1])
        for key, color in (("TB", Color.BLACK), ("TW", Color.WHITE)):
            if key in last:
                marked = self.points(last, key, f"node {len(self.main) - 1}")
                record.territory[color] = frozenset(marked)
        stones = sorted(start.stones(), key=lambda s: (s[1] is Color.WHITE, s[0]))
        record.setup = [(color, point) for point, color in stones]
        turn = self.number(self.root, "PL")
        if turn is not None:
            if turn.lower() in ("b", "w", "black", "white"):
                record.first_to_move = Color.from_letter(turn)
            else:
                self.warn(f"PL[{shown(turn)}] is not B or W; ignored")
        if record.first_to_move is None:
            if record.setup and record.moves:
                record.first_to_move = record.moves[0].color
            elif record.handicap >= 2:
                record.first_to_move = Color.WHITE
        return record


@functools.cache
def point_codes(size: int) -> dict[bytes, Point]:
    """Every point of a ``size`` board by its SGF letters (``b"dd"``)."""
    letters = [bytes([0x61 + i]) for i in range(size)]
    return {
        letters[col] + letters[size - 1 - row]: Point(row, col)
        for row in range(size)
        for col in range(size)
    }


@functools.cache
def simple_moves(size: int) -> dict[tuple[bytes, bytes], Move]:
    """Every stone on a ``size`` board as a move-only node reads (``(b"B", b"dd")``)."""
    return {
        (key, code): Move(color, point)
        for key, color in ((b"B", Color.BLACK), (b"W", Color.WHITE))
        for code, point in point_codes(size).items()
    }


def _count_nodes(tree: _grammar.Coarse_game_tree, limit: int) -> int:
    """All nodes of the tree, counting stops past ``limit``."""
    total = 0
    stack = [tree]
    while stack and total <= limit:
        subtree = stack.pop()
        total += len(subtree.sequence)
        stack.extend(subtree.children)
    return total


def read_sgf(data: bytes) -> GameRecord:
    """Parse SGF bytes into a :class:`GameRecord`; raises :class:`SgfError` only."""
    if len(data) > MAX_BYTES:
        raise SgfError(f"file too large ({len(data)} bytes; the limit is {MAX_BYTES})")
    main = main_line(data, MAX_NODES, MAX_MAIN_LINE + 1)
    return _Reader(data, read_main_line(data) if main is None else main).read()


def read_main_line(data: bytes) -> list[PropertyMap]:
    """The main line's property maps the slow and careful way (:func:`check_structure`, then
    sgfmill's parser), with the error for any file that cannot be read; :func:`main_line` gives
    the same for every file it reads, faster."""
    try:
        check_structure(data)
    except SgfSyntaxError as exc:
        raise SgfError(str(exc)) from None
    try:
        tree = _grammar.parse_sgf_game(data)
    except ValueError as exc:
        raise SgfError(f"not a readable SGF game: {exc}") from None
    if _count_nodes(tree, MAX_NODES) > MAX_NODES:
        raise SgfError(f"too many nodes (more than {MAX_NODES})")
    main: list[PropertyMap] = list(islice(_grammar.main_sequence_iter(tree), MAX_MAIN_LINE + 2))
    if len(main) > MAX_MAIN_LINE + 1:
        raise SgfError(f"the main line is too long (more than {MAX_MAIN_LINE} nodes)")
    return main


def load_sgf(path: str | Path) -> GameRecord:
    """Read an SGF file from disk; raises :class:`SgfError` (also for unreadable files)."""
    try:
        # read at most one byte past the limit: a device or a pipe (/dev/zero) has no size
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        if Path(path).is_dir():  # also "" (the current folder) and a folder one may not read
            raise SgfError("this is a folder, not a file") from None
        raise SgfError(f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise SgfError(f"file too large (more than {MAX_BYTES} bytes)")
    return read_sgf(data)
