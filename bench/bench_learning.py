"""Benchmark checking an answer to a lesson's exercise or a problem (issue 27: at most 0.2 s at
the 99th percentile with the bot's own reader).

Usage: ``python bench/bench_learning.py [--no-gnugo] [--limit N]``.

Every answer a player can give is timed: for each exercise the engine reads (capture, escape,
kill, live) and each of the 63 problems, every legal first move of the player in its region,
checked as the service checks it (:func:`service.learning.read_answer`: the position, the
reader's verdict, the refutation or the best defence). The peer, measured in the same run on the
same positions and moves, is GNU Go answering the same question over GTP (after the move:
``owl_defend``/``owl_attack`` for kill and live, ``defend``/``attack`` for capture and escape;
the position is set up once per puzzle, each move is played and taken back with ``undo``, and
only the question is timed). Then the whole ``learn`` and ``problem`` commands through the
service on the in-memory backend (the reading in a worker thread, the write after it), so the
figure a player feels is there too. The last line is one JSON object of the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.coords import Point, format_vertex  # noqa: E402
from engine.reading import Goal, ReadingLimit  # noqa: E402
from gtp.client import find_gnugo  # noqa: E402
from scripts.check_problems import COMMANDS, GnuGo  # noqa: E402
from service import learning  # noqa: E402
from service.lesson_model import READER_KINDS  # noqa: E402
from service.lessons import LESSONS  # noqa: E402
from service.problem_set import problems  # noqa: E402


def puzzles() -> list[learning.PuzzleKey]:
    """Every exercise the reader checks, then every problem."""
    keys = [
        learning.lesson_key(number, index)
        for number, item in enumerate(LESSONS, start=1)
        for index, exercise in enumerate(item.exercises, start=1)
        if exercise.kind in READER_KINDS
    ]
    return keys + [learning.problem_key(p.number) for p in problems()]


def candidates(key: learning.PuzzleKey) -> list[Point]:
    """The player's legal first moves in the puzzle's region (every point when it has none)."""
    exercise = learning.exercise_of(key)
    board = learning.position(key, ())
    task = exercise.task
    assert task is not None
    return [
        point
        for point in sorted(task.region)
        if board.get(point) is None and board.is_legal(exercise.player, point)
    ]


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(name: str, values: Sequence[float]) -> str:
    return (
        f"{name:<34} {len(values):>5}  {statistics.median(values) * 1000:8.2f}  "
        f"{quantile(values, 0.99) * 1000:8.2f}  {max(values) * 1000:8.2f} ms"
    )


Verdicts = dict[tuple[learning.PuzzleKey, Point], bool]


def own(keys: list[learning.PuzzleKey], limit: int) -> tuple[dict[str, list[float]], int, Verdicts]:
    """The own reader's time per answer, by family (exercises, problems), the readings out of
    budget, and each verdict (right or not)."""
    times: dict[str, list[float]] = {"lesson": [], "problem": []}
    verdicts: Verdicts = {}
    limited = 0
    for key in keys:
        for point in candidates(key)[:limit]:
            started = time.perf_counter()
            try:
                verdicts[key, point] = learning.read_answer((key, (), format_vertex(point))).right
            except ReadingLimit:
                limited += 1
            times[key[0]].append(time.perf_counter() - started)
    return times, limited, verdicts


def peer(
    engine: GnuGo, keys: list[learning.PuzzleKey], limit: int
) -> tuple[dict[str, list[float]], Verdicts]:
    """GNU Go's time for the same question after each of the same moves, and its verdicts
    (right: the opponent cannot prevent the goal; a ko answer is left out)."""
    times: dict[str, list[float]] = {"lesson": [], "problem": []}
    verdicts: Verdicts = {}
    for key in keys:
        exercise = learning.exercise_of(key)
        task = exercise.task
        assert task is not None
        board = learning.position(key, ())
        engine.send(f"boardsize {board.size}")
        engine.send("clear_board")
        for point, color in board.stones():
            engine.send(f"play {color.letter} {point.gtp()}")
        _, prevent = COMMANDS[Goal(task.goal)]
        target = task.target.gtp()
        for point in candidates(key)[:limit]:
            engine.send(f"play {exercise.player.letter} {point.gtp()}")
            if engine.send(f"color {target}") != "empty":
                started = time.perf_counter()
                code = int(engine.send(f"{prevent} {target}").split()[0])
                times[key[0]].append(time.perf_counter() - started)
                if code in (0, 1):
                    verdicts[key, point] = code == 0
            else:
                verdicts[key, point] = Goal(task.goal) in (Goal.CAPTURE, Goal.KILL)
            engine.send("undo")
    return times, verdicts


async def through_the_service(rounds: int) -> dict[str, list[float]]:
    """Whole ``problem`` and ``learn`` answers through the service (memory backend), each to a
    fresh learner so that no reading is cached."""
    from service import Actor, GameService
    from service.commands import Request
    from service.handlers.learning import Learn
    from service.handlers.problems import AskProblem
    from storage.memory import open_memory

    database = await open_memory()
    service = GameService(database)
    times: dict[str, list[float]] = {"learn": [], "problem": []}
    try:
        for round_ in range(rounds):
            for found in problems():
                actor = Actor(f"console:p{round_}-{found.number}", "bench")
                request = Request(actor, "console")
                await service.execute(AskProblem(str(found.number)), request)
                learning._OUTCOMES.clear()
                move = found.line[0]
                assert move is not None
                started = time.perf_counter()
                await service.execute(AskProblem(format_vertex(move)), request)
                times["problem"].append(time.perf_counter() - started)
            for number, item in enumerate(LESSONS, start=1):
                actor = Actor(f"console:l{round_}-{number}", "bench")
                request = Request(actor, "console")
                await service.execute(Learn(str(number)), request)
                await service.execute(Learn(), request)
                learning._OUTCOMES.clear()
                first = item.exercises[0].rights[0].split()[0]
                started = time.perf_counter()
                await service.execute(Learn(first), request)
                times["learn"].append(time.perf_counter() - started)
    finally:
        await database.close()
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-gnugo", action="store_true", help="skip the GNU Go peer")
    parser.add_argument("--limit", type=int, default=1000, help="moves per puzzle at most")
    args = parser.parse_args(argv)
    keys = puzzles()
    print(f"{len(keys)} puzzles ({sum(1 for k in keys if k[0] == 'lesson')} exercises)")
    print(f"{'checking an answer':<34} {'n':>5}  {'median':>8}  {'p99':>8}  {'max':>8}")
    ours, limited, our_verdicts = own(keys, args.limit)
    everything = ours["lesson"] + ours["problem"]
    for family, values in ours.items():
        print(row(f"own reader, {family}s", values))
    print(row("own reader, all", everything))
    figures: dict[str, object] = {
        "answers": len(everything),
        "own_median_s": statistics.median(everything),
        "own_p99_s": quantile(everything, 0.99),
        "own_max_s": max(everything),
        "own_out_of_budget": limited,
    }
    path = None if args.no_gnugo else find_gnugo()
    if path is not None:
        engine = GnuGo(path)
        try:
            theirs, their_verdicts = peer(engine, keys, args.limit)
        finally:
            engine.close()
        both_read = set(our_verdicts) & set(their_verdicts)
        differ = sorted(
            (key[1], key[0], point.gtp(), our_verdicts[key, point])
            for key, point in both_read
            if our_verdicts[key, point] != their_verdicts[key, point]
        )
        print(f"verdicts: the own reader and GNU Go differ on {len(differ)} of {len(both_read)}")
        for number, family, move, right in differ:
            print(f"  {family} {number} {move}: own reader says {'right' if right else 'wrong'}")
        figures["verdicts_compared"] = len(both_read)
        figures["verdicts_differ"] = len(differ)
        both = theirs["lesson"] + theirs["problem"]
        print(row("GNU Go (attack/defend/owl), all", both))
        ratio = quantile(both, 0.99) / quantile(everything, 0.99)
        print(f"p99 ratio, GNU Go / own reader: {ratio:.2f}x (above 1: ours is faster)")
        figures.update(gnugo_p99_s=quantile(both, 0.99), gnugo_median_s=statistics.median(both))
        figures["p99_ratio_gnugo_over_own"] = ratio
    service_times = asyncio.run(through_the_service(3))
    for name, values in service_times.items():
        print(row(f"`{name} <move>` through the service", values))
        figures[f"service_{name}_p99_s"] = quantile(values, 0.99)
    print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
