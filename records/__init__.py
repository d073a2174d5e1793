"""Game records: SGF in and out (through sgfmill), on top of the pure engine."""

from __future__ import annotations

from records.sgf import GameRecord, SetupNode, SgfError, load_sgf, read_sgf, write_sgf

__all__ = ["GameRecord", "SetupNode", "SgfError", "load_sgf", "read_sgf", "write_sgf"]
