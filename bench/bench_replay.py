"""Replay speed: moves per second of full legal play against sgfmill's ``Board.play``.

Ours does the whole legality work per move (turn, occupied, suicide, ko, captures, Zobrist hash,
repetition record); sgfmill's board checks no ko and allows suicide. Both replay the same games in
the same run. Also times the counter on the end positions. Usage:
``python bench/bench_replay.py [DIR_WITH_SGF_FILES] [--rounds N]``. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from sgfmill import boards

from bot.replay import replay_record
from engine.counting import count
from engine.game import Move, Phase
from records.sgf import GameRecord, load_sgf

HERE = Path(__file__).parent


def ours(records: list[GameRecord]) -> int:
    played = 0
    for record in records:
        game = record.new_game()
        play = game.play
        for move in record.moves:
            if game.phase is Phase.STOPPED:
                game.resume(move.color.opponent)
            play(move.color, move.point)
            played += 1
    return played


def sgfmill_peer(records: list[GameRecord]) -> int:
    played = 0
    for record in records:
        board = boards.Board(record.size)
        for color, point in record.setup:
            board.play(point.row, point.col, color.letter.lower())
        for move in record.moves:
            if move.point is not None:
                board.play(move.point.row, move.point.col, move.color.letter.lower())
            played += 1
    return played


def timed_pair(records: list[GameRecord], rounds: int) -> tuple[float, float, int]:
    """Median seconds per round of ours and of sgfmill, rounds interleaved so that load on the
    machine falls on both alike; and the moves per round."""
    ours_times, peer_times = [], []
    moves = 0
    for _ in range(rounds):
        start = time.perf_counter()
        moves = ours(records)
        ours_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        peer_moves = sgfmill_peer(records)
        peer_times.append(time.perf_counter() - start)
        assert moves == peer_moves
    return statistics.median(ours_times), statistics.median(peer_times), moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", nargs="?", default=str(HERE / "games"))
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    paths = sorted(Path(args.directory).glob("*.sgf"))
    records = [load_sgf(p) for p in paths]
    ends = [replay_record(r) for r in records]
    stones = sum(1 for r in records for m in r.moves if isinstance(m, Move) and m.point)
    print(f"{len(records)} games, {sum(len(r.moves) for r in records)} moves ({stones} stones)")

    ours_s, peer_s, moves = timed_pair(records, args.rounds)
    ours_rate, peer_rate = moves / ours_s, moves / peer_s
    print(f"{'engine':<28}{'moves/s':>12}")
    print(f"{'ours (full legality)':<28}{ours_rate:>12,.0f}")
    print(f"{'sgfmill Board.play (peer)':<28}{peer_rate:>12,.0f}")
    print(f"ratio ours/sgfmill: {ours_rate / peer_rate:.2f}x (target >= 1.5x)")

    count_times = []
    for game in ends:
        for _ in range(5):
            start = time.perf_counter()
            count(game.board, komi=game.komi)
            count_times.append(time.perf_counter() - start)
    count_ms = statistics.median(count_times) * 1000
    print(
        f"counter on the end positions: median {count_ms:.2f} ms, "
        f"max {max(count_times) * 1000:.2f} ms (target < 2 ms at 19x19)"
    )
    print(
        json.dumps(
            {
                "games": len(records),
                "moves": moves,
                "ours_moves_per_s": round(ours_rate),
                "sgfmill_moves_per_s": round(peer_rate),
                "ratio_vs_sgfmill": round(ours_rate / peer_rate, 2),
                "count_median_ms": round(count_ms, 3),
                "count_max_ms": round(max(count_times) * 1000, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
