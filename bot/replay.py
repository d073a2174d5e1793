"""``gobot replay``, and the replay of a record's main line that ``score`` and ``render`` count
and draw: :func:`replay_steps`, :func:`replay_record`, :class:`ReplayError`.

The output format of ``replay`` is a stable interface (scripts parse it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence

from bot.cli_args import EXIT_ILLEGAL, EXIT_OK, EXIT_UNREADABLE
from engine.errors import EngineError, IllegalMove
from engine.game import Game, Move, Phase
from records.sgf import GameRecord, SetupNode, SgfError, load_sgf, shown


class ReplayError(Exception):
    """An illegal move in a record: ``number`` counts moves from 1. For setup stones in the
    middle of the record, ``number`` is the move they follow and ``text`` is ``"setup"``."""

    def __init__(self, number: int, text: str, reason: str) -> None:
        self.number, self.text, self.reason = number, text, reason
        if text == "setup":
            where = f"after move {number}" if number else "at the start"
            super().__init__(f"setup stones {where}: {reason}")
        else:
            super().__init__(f"move {number} ({text}): {reason}")


def _set_up(game: Game, node: SetupNode) -> None:
    """Apply setup stones from the middle of a record. After the stop, stones added on empty
    points are the agreed fill of neutral points (the bot writes its ``filldame`` so): they replay
    as the engine's fill; any other setup changes the board without being a move."""
    stones = node.stones
    if game.phase is Phase.STOPPED and all(
        color is not None and game.board.get(point) is None for color, point in stones
    ):
        try:
            game.fill(tuple((color, point) for color, point in stones if color is not None))
            return
        except EngineError:
            pass  # not a fill after all (it would capture): set_up says why
    game.set_up(stones)


def replay_steps(record: GameRecord, upto: int | None = None) -> Iterator[Game]:
    """Replay the record's main line (the first ``upto`` moves, with the setup that follows the
    last of them), yielding the game after the start, each move and each setup node; raise
    :class:`ReplayError` only.

    A move after two passes resumes the game (Art. 9.3: the mover's opponent asked, so the mover
    moves first), as game servers record resumed games."""
    game = _new_game(record)
    yield game
    moves = record.moves if upto is None else record.moves[: max(upto, 0)]
    setups = iter(record.setup_nodes)
    node = next(setups, None)
    for number in range(len(moves) + 1):
        while node is not None and node.after == number:
            _set_up_at(game, node, number)
            yield game
            node = next(setups, None)
        if number == len(moves):
            break
        _play(game, moves, number, number + 1)
        yield game


def replay_record(record: GameRecord, upto: int | None = None) -> Game:
    """Replay the record's main line (the first ``upto`` moves and the setup right after them);
    raise :class:`ReplayError` only. The game :func:`replay_steps` ends with, without stopping
    at each step (``gobot replay`` runs through a thousand records a second)."""
    game = _new_game(record)
    moves = record.moves if upto is None else record.moves[: max(upto, 0)]
    played = 0
    for node in record.setup_nodes:  # in the order of the moves they follow
        if not played <= node.after <= len(moves):
            break  # after the moves kept, or (never from the reader) out of order
        _play(game, moves, played, node.after)
        played = node.after
        _set_up_at(game, node, played)
    _play(game, moves, played, len(moves))
    return game


def _new_game(record: GameRecord) -> Game:
    try:
        return record.new_game()
    except EngineError as exc:
        raise ReplayError(0, "setup", str(exc) or type(exc).__name__) from None


def _set_up_at(game: Game, node: SetupNode, number: int) -> None:
    try:
        _set_up(game, node)
    except EngineError as exc:
        raise ReplayError(number, "setup", str(exc) or type(exc).__name__) from None


def _play(game: Game, moves: Sequence[Move], start: int, stop: int) -> None:
    """Play ``moves[start:stop]`` (move ``start + 1`` first), resuming after a stop."""
    play = game.play
    stopped = Phase.STOPPED
    for number in range(start, stop):
        move = moves[number]
        try:
            if game.phase is stopped:
                game.resume(move.color.opponent)
            play(move.color, move.point)
        except EngineError as exc:
            why = exc.reason.value if isinstance(exc, IllegalMove) else str(exc)
            raise ReplayError(number + 1, move.text(), why or type(exc).__name__) from None


def reason(exc: BaseException) -> str:
    """What went wrong, never empty, on one line."""
    text = shown(str(exc), 200)
    return text if text.strip() else type(exc).__name__


def file_failure(path: str, exc: SgfError | ReplayError) -> int:
    """Say on standard error why the record ``path`` cannot be read (``ERROR``) or replayed
    (``ILLEGAL``), as ``score`` and ``render`` do; return the exit status for it."""
    if isinstance(exc, SgfError):
        print(f"ERROR {path}: {reason(exc)}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(f"ILLEGAL {path}: {reason(exc)}", file=sys.stderr)
    return EXIT_ILLEGAL


def print_warnings(path: str, record: GameRecord) -> None:
    """``WARNING FILE: text`` on standard error for what reading the file dropped or guessed."""
    for text in record.warnings:
        print(f"WARNING {path}: {text}", file=sys.stderr)


def cmd_replay(args: argparse.Namespace) -> int:
    legal = illegal = unreadable = 0
    for path in args.files:
        try:
            record = load_sgf(path)
            print_warnings(path, record)
            replay_record(record)
        except SgfError as exc:
            print(f"ERROR {path}: {reason(exc)}")
            unreadable += 1
            continue
        except ReplayError as exc:
            print(f"ILLEGAL {path}: {reason(exc)}")
            illegal += 1
            continue
        except Exception as exc:  # a bug of ours: still one line, and the batch goes on
            print(f"ERROR {path}: unexpected {type(exc).__name__}: {reason(exc)}")
            unreadable += 1
            continue
        print(f"OK {path} ({len(record.moves)} moves)")
        legal += 1
    print(f"{len(args.files)} files: {legal} legal, {illegal} illegal, {unreadable} unreadable")
    if unreadable:
        return EXIT_UNREADABLE
    return EXIT_ILLEGAL if illegal else EXIT_OK
