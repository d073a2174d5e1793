"""The one-pass scan of an SGF file's main line (``records.sgf_scan``) against the slow and
careful path it stands in for (the structure check, then sgfmill's parser): on any bytes, either
the scan gives way (None) or both give the same main line, and the records read through either
are the same, or the same error."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from records import sgf_scan
from records.sgf import MAX_MAIN_LINE, MAX_NODES, GameRecord, SgfError, read_main_line, read_sgf
from records.sgf import _Reader as Reader
from records.sgf_scan import _TOKENS, main_line, property_map
from tests.records.sgf_strategies import sgf_files

SAME = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: pieces of SGF text, well-formed and not, that random files are made of
PIECES = [
    b"(", b")", b";", b"(;", b"B[aa]", b"W[bb]", b"B[tt]", b"W[]", b"B[zz]", b"AB[cc]",
    b"AW[dd:ee]", b"AE[aa]", b"[x]", b"C[a\\]b]", b"C[(;B[aa])]", b"AddBlack[dd]", b"b[aa]",
    b"B [ab]", b" ", b"\n", b"\t", b"x", b"#", b"\xc3\xa9", b"\xaa", b"B[aa][bb]", b"SZ[9]",
    b"SZ[5]", b"TB[aa]", b"PL[W]", b"\x1c", b"\x00", b"[", b"]", b"\\", b"KM[6.5]", b"HA[2]",
]  # fmt: skip
FILES = st.lists(st.sampled_from(PIECES), max_size=40).map(b"".join)


def slow(data: bytes) -> GameRecord | str:
    """The record read the slow way, or its error's text."""
    try:
        return Reader(data, read_main_line(data)).read()
    except SgfError as exc:
        return str(exc)


def fast(data: bytes) -> GameRecord | str:
    """The record as ``read_sgf`` reads it (the scan first), or its error's text."""
    try:
        return read_sgf(data)
    except SgfError as exc:
        return str(exc)


def same(data: bytes) -> None:
    scanned = main_line(data, MAX_NODES, MAX_MAIN_LINE + 1)
    if scanned is not None:
        assert [property_map(node) for node in scanned] == read_main_line(data)
    one, other = fast(data), slow(data)
    if isinstance(one, GameRecord) and isinstance(other, GameRecord):
        assert dataclasses.asdict(one) == dataclasses.asdict(other)
    else:
        assert one == other


@SAME
@given(FILES)
@example(b"(;B[aa];W[bb])")
@example(b"junk ((;B[aa]))")
@example(b"x(y(;B[aa]))")
@example(b"(;B[aa](;W[bb];B[cc])(;W[dd]))(;B[ee])")
@example(b"(;B[aa])junk[x]")
@example(b"(;AddBlack[aa]b[bb])")
@example(b"(;B[aa][bb])")
@example(b"(;B[tt];W[])")
@example(b"(;SZ[5];B[zz])")
@example(b"(;B[aa]C[x];W[bb])")
@example(b"(;B[aa]())")
@example(b"(;B[aa]X;W[bb])")
@example(b"(;B[aa]\xc3\xa9)")
@example(b"(\n;\tB\n[aa]\n)")
def test_pieces_read_alike_both_ways(data: bytes) -> None:
    same(data)


@SAME
@given(sgf_files())
def test_mutated_files_read_alike_both_ways(data: bytes) -> None:
    same(data)


@SAME
@given(st.binary(max_size=300))
def test_any_bytes_read_alike_both_ways(data: bytes) -> None:
    same(data)


@pytest.mark.parametrize(
    "data",
    [
        b"(;GM[1]FF[4]SZ[19]KM[6.5];B[pd];W[dd]C[a comment];B[pp](;W[dp])(;W[dq]))",
        b"header text\n(;SZ[9]AB[cc][gg]PL[W];W[ee];B[])\n",
        b"(;AddBlack[aa]PlayerBlack[Bob];B[bb];W[cc])",
    ],
)
def test_ordinary_files_take_the_fast_way(data: bytes) -> None:
    """The scan reads ordinary files itself (the slow way is for what it cannot be sure of), and
    keeps a node with a move and nothing else as its colour and point."""
    scanned = main_line(data, MAX_NODES, MAX_MAIN_LINE + 1)
    assert scanned is not None
    assert any(isinstance(node, tuple) for node in scanned)
    same(data)


@pytest.mark.parametrize(
    "data",
    [
        b"x(y(;B[aa]))",  # sgfmill starts at the later "(;"
        b"(;B[aa]\xc3\xa9)",  # a byte sgfmill's tokens stop at
        b"(;B[aa]())",  # an empty sequence
        b"(;B[aa])]",  # a stray bracket after the game
        b"[x](;B[aa])",  # a value before the game
        b"(;B[aa]",  # never closed
    ],
)
def test_what_the_scan_cannot_be_sure_of_goes_the_slow_way(data: bytes) -> None:
    assert main_line(data, MAX_NODES, MAX_MAIN_LINE + 1) is None
    same(data)


def test_the_limits_go_the_slow_way() -> None:
    """Past a node limit the scan gives way, and the slow path words the refusal."""
    data = b"(;SZ[9]" + b";B[aa];W[]" * 3 + b")"
    assert main_line(data, 7, 7) is not None  # 7 nodes, all in the main line
    assert main_line(data, 6, 100) is None
    assert main_line(data, 100, 6) is None


class CountingTokens:
    """The scan's token expression, counting the tokens handed out."""

    def __init__(self) -> None:
        self.taken = 0

    def finditer(self, data: bytes) -> Iterator[re.Match[bytes]]:
        for match in _TOKENS.finditer(data):
            self.taken += 1
            yield match


@pytest.mark.parametrize(
    "data",
    [
        b"(;C" + b"[" * 50_000,  # values that never close, each looked for to the end
        b"(;C" + b"[\\]" * 50_000,  # the same, with escaped brackets
        b"[x" + b"(;B[aa])" * 20_000,  # a value before the game that never closes
        b"(;B[aa]" + b"\x00" * 50_000,  # a character sgfmill stops at
    ],
    ids=["brackets", "escaped", "before", "nul"],
)
def test_the_scan_stops_at_the_first_token_it_cannot_be_sure_of(
    data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hostile input costs time in proportion to its length: the scan reads tokens one at a
    time and stops at the first bad one, so a value that never closes is looked for once, not
    again from every '[' after it (which took minutes on a file of 80,000 brackets)."""
    counting = CountingTokens()
    monkeypatch.setattr(sgf_scan, "_TOKENS", counting)
    assert main_line(data, MAX_NODES, MAX_MAIN_LINE + 1) is None
    assert counting.taken <= 5
    monkeypatch.undo()
    with pytest.raises(SgfError):
        read_sgf(data)
