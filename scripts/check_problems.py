"""Check every problem of the problem set with both readers and print a table (an authoring tool).

For each problem: the goal, the level, the engine's reader (:mod:`engine.reading`: ``solve``
from the start, then ``answer`` for each of the player's moves of the stated line) and GNU Go
(``owl_attack``/``owl_defend`` for kill and live, ``attack``/``defend`` for capture and escape,
before the answer and after each move of the line), the nodes and time of the engine's
``answer`` to the first move. Exits 1 if any problem fails either reader.

    .venv/bin/python scripts/check_problems.py [--no-gnugo] [NUMBER ...]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.coords import Point
from engine.reading import Goal, ReadingLimit, answer, solve
from gtp.client import find_gnugo
from service.problem_set import Problem, problems

#: the GTP commands that ask, for a goal, "can the player still reach it moving first?" and
#: "can the opponent still prevent it moving first?" (GNU Go answers "1 D4", "0", 2 or 3 for ko)
COMMANDS: dict[Goal, tuple[str, str]] = {
    Goal.KILL: ("owl_attack", "owl_defend"),
    Goal.LIVE: ("owl_defend", "owl_attack"),
    Goal.CAPTURE: ("attack", "defend"),
    Goal.ESCAPE: ("defend", "attack"),
}


class GnuGo:
    """A GNU Go process in GTP mode, one command at a time (synchronous, for tests and tools)."""

    def __init__(self, path: str, level: int = 10) -> None:
        self._process = subprocess.Popen(
            [path, "--mode", "gtp", "--level", str(level)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, command: str) -> str:
        """The answer to ``command`` without the ``=``; raises RuntimeError on ``?``."""
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(command + "\n")
        stdin.flush()
        lines = []
        while (line := stdout.readline()) not in ("\n", ""):
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"GNU Go refused {command!r}: {text}")
        return text[1:].strip()

    def close(self) -> None:
        """Ask GNU Go to quit (and wait for it)."""
        try:
            self.send("quit")
        except (RuntimeError, OSError):
            self._process.kill()
        self._process.wait(5)


def _code(text: str) -> int:
    return int(text.split()[0])


def gnugo_check(engine: GnuGo, problem: Problem) -> str | None:
    """None when GNU Go agrees with the stated line, else why not."""
    goal, player, target = problem.task.goal, problem.task.player, problem.task.target
    can, prevent = COMMANDS[goal]
    engine.send(f"boardsize {problem.size}")
    engine.send("clear_board")
    for point, color in sorted(problem.stones.items()):
        engine.send(f"play {color.letter} {point.gtp()}")
    vertex = target.gtp()
    code = _code(engine.send(f"{can} {vertex}"))
    if code != 1:
        return f"{can} {vertex} = {code} before the answer (expected 1)"
    color = player
    for index, move in enumerate(problem.line, 1):
        engine.send(f"play {color.letter} {'pass' if move is None else move.gtp()}")
        if engine.send(f"color {vertex}") == "empty":
            if goal in (Goal.KILL, Goal.CAPTURE) and color is player:
                return None  # the chain at stake is taken: done
            return f"the chain at {vertex} is gone after move {index}"
        if color is player:
            code = _code(engine.send(f"{prevent} {vertex}"))
            if code != 0:
                return f"{prevent} {vertex} = {code} after move {index} (expected 0)"
        else:
            code = _code(engine.send(f"{can} {vertex}"))
            if code != 1:
                return f"{can} {vertex} = {code} after move {index} (expected 1)"
        color = color.opponent
    return None


@dataclass(frozen=True, slots=True)
class OwnResult:
    """The engine reader's verdict on one problem."""

    failure: str | None  # None: it confirms the stated line
    nodes: int  # the nodes of the reading answer() does for the first move
    seconds: tuple[float, ...]  # the time of each answer() to a move of the player's


def own_check(problem: Problem) -> OwnResult:
    """Ask :mod:`engine.reading` to confirm the stated line: the player wins moving first, and
    :func:`engine.reading.answer` judges each of the player's moves in the line right."""
    task = problem.task
    board = problem.board()
    try:
        if not solve(board, task.player, task).wins:
            return OwnResult("solve: the goal cannot be reached", 0, ())
    except ReadingLimit:
        return OwnResult("solve: reading limit", 0, ())
    nodes, seconds = 0, []
    color = task.player
    for index, move in enumerate(problem.line, 1):
        if color is task.player and move is not None:
            start = time.perf_counter()
            try:
                reply = answer(board, task, move)
            except ReadingLimit:
                return OwnResult(f"move {index} ({move.gtp()}): reading limit", nodes, ())
            seconds.append(time.perf_counter() - start)
            if index == 1:
                nodes = _answer_nodes(board, problem, move)
            if not reply.right:
                return OwnResult(f"move {index} ({move.gtp()}) judged wrong", nodes, ())
            if reply.done:
                break
        if move is None:
            board.pass_move()
        else:
            board.play(color, move)
        color = color.opponent
    return OwnResult(None, nodes, tuple(seconds))


def _answer_nodes(board: Board, problem: Problem, move: Point) -> int:
    """The nodes of the reading behind ``answer(board, task, move)``: the opponent's, after it."""
    after = board.copy()
    after.play(problem.task.player, move)
    try:
        return solve(after, problem.task.player.opponent, problem.task).nodes
    except ReadingLimit:
        return -1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("numbers", nargs="*", type=int, help="only these problems")
    parser.add_argument("--no-gnugo", action="store_true", help="the engine's reader only")
    args = parser.parse_args(argv)
    chosen = [p for p in problems() if not args.numbers or p.number in args.numbers]
    path = None if args.no_gnugo else find_gnugo()
    engine = GnuGo(path) if path else None
    failed = 0
    head = f"{'#':>3} {'name':5} {'goal':8} {'kyu':>3} {'own':30} {'gnugo':44}"
    print(f"{head} {'nodes':>7} {'s':>6}")
    times: list[float] = []
    try:
        for problem in chosen:
            own = own_check(problem)
            gnu = "-" if engine is None else (gnugo_check(engine, problem) or "ok")
            failed += own.failure is not None or gnu not in ("ok", "-")
            times.extend(own.seconds)
            first = own.seconds[0] if own.seconds else 0.0
            print(
                f"{problem.number:>3} {problem.name:5} {problem.task.goal.value:8} "
                f"{problem.kyu:>3} {own.failure or 'ok':30} {gnu:44} {own.nodes:>7} {first:6.3f}"
            )
    finally:
        if engine is not None:
            engine.close()
    if times:
        print(
            f"answer(): {len(times)} calls, median {statistics.median(times):.3f} s, "
            f"max {max(times):.3f} s"
        )
    readers = "both readers" if engine is not None else "the engine's reader (GNU Go not run)"
    print(f"{len(chosen) - failed} of {len(chosen)} confirmed by {readers}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
