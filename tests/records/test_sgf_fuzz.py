"""Fuzzing the SGF reader: whatever the bytes, ``read_sgf`` raises only :class:`SgfError`, and
replaying what it read raises only :class:`ReplayError`."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.replay import ReplayError, replay_record
from records.sgf import SgfError, read_sgf
from tests.records.sgf_strategies import sgf_files

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _survives(data: bytes) -> None:
    try:
        record = read_sgf(data)
    except SgfError as exc:
        assert str(exc).strip()  # one clear line, never empty
        assert "\n" not in str(exc)
        return
    assert all(text.isprintable() for text in record.warnings)
    try:
        replay_record(record)
    except ReplayError as exc:
        assert str(exc).strip()


@FUZZ
@given(st.binary(max_size=400))
@example(b"(;SZ[9]PL[1];B[ee])")
@example(b"(;CA[punycode]PB[\xff])")
@example(b"(;SZ[9]AB[ee]AW[ee])")
@example(b"(;SZ[2]AB[aa][bb]AW[ab][ba])")
def test_arbitrary_bytes(data: bytes) -> None:
    _survives(data)


@FUZZ
@given(sgf_files())
def test_structured_but_mutated_sgf(data: bytes) -> None:
    _survives(data)
