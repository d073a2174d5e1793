"""Generate the messy end positions of ``tests/data/engine_endings/``: GNU Go plays itself.

Each game is GNU Go 3.8 against GNU Go 3.8 at two different levels (a weak side, level 0-3,
against a strong one, level 6-10), over GTP, after a few random opening moves, on 9×9, 13×13 or
19×19 with komi 6.5, until two passes in a row. Then a fresh GNU Go process (level 10, Japanese
rules) replays the moves and answers ``final_status_list dead``: those dead stones, counted by
our own counter (:func:`engine.counting.count` after the agreed fill of
:func:`engine.filling.plan_fill`, with the prisoners taken in play and the komi), are the
reference result, written as the record's ``RE``; the dead stones go in the root comment (a line
``Dead: A1 B2 …``, read by ``tests/engine/endings_corpus.py``) and as ``MA`` marks on the last
node (for SGF viewers).

Of the games played, the messiest are kept per size: many dead stones left inside territory,
big dead chains, living chains short of liberties (one or two) at the end. The records are this
project's output (GNU Go's moves are not covered by its licence): CC0, like ``bench/games/``.

Usage: ``python bench/make_endings.py [--games 9:N,13:N,19:N] [--keep 9:N,13:N,19:N]
[--jobs J] [--out DIR]`` (defaults: play 70/28/10, keep 30/20/10, as the corpus was made).
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sgfmill import sgf as _sgf  # noqa: E402

from engine.board import Board  # noqa: E402
from engine.colors import Color  # noqa: E402
from engine.coords import Point, format_vertex, parse_vertex  # noqa: E402
from engine.counting import count, dead_chains  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.filling import plan_fill  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.result import GameResult  # noqa: E402
from records.sgf import write_sgf  # noqa: E402

OUT = ROOT / "tests" / "data" / "engine_endings"
KOMI = 6.5
JUDGE_LEVEL = 10
#: random opening moves (both colours together) per board size: (fewest, most)
RANDOM_MOVES = {9: (2, 6), 13: (4, 10), 19: (6, 16)}
#: the strong side's level per board size (19×19 is slow at level 10)
STRONG_LEVELS = {9: (8, 10), 13: (7, 10), 19: (5, 8)}


def gnugo_program() -> str:
    found = shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games:/usr/local/games")
    if found is None:
        raise SystemExit("gnugo is not installed (apt-get install gnugo)")
    return found


class Gtp:
    """A minimal GTP client over a pipe."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [gnugo_program(), "--mode", "gtp", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def send(self, command: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"gnugo exited after {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        reply = " ".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"{command}: {reply}")
        return reply[1:].strip()

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=30)


@dataclass(frozen=True)
class Ending:
    """One finished game with its reference and how messy it ended."""

    size: int
    seed: int
    data: bytes  # the SGF file
    moves: int
    dead: int  # stones GNU Go calls dead
    biggest_dead: int  # stones of the largest dead chain
    short: int  # living chains with one or two liberties at the end
    result: str
    seconds: float

    @property
    def messiness(self) -> int:
        return self.dead + 2 * self.biggest_dead + 4 * self.short

    @property
    def messy(self) -> bool:
        return self.biggest_dead >= 3 or self.dead >= 6 or self.short >= 2


def _send_move(engine: Gtp, color: Color, point: Point | None, size: int) -> None:
    engine.send(f"play {color.letter} {'pass' if point is None else format_vertex(point)}")


def _random_move(game: Game, color: Color, rng: random.Random) -> Point | None:
    """A random legal move that does not fill one of the mover's own eyes (else a pass)."""
    size = game.size
    empty = [Point(r, c) for r in range(size) for c in range(size)]
    rng.shuffle(empty)
    board = game.board
    for point in empty:
        if game.check_move(color, point) is not None:
            continue
        around = {board.get(n) for n in board.neighbours(point)}
        if around == {color}:
            continue
        return point
    return None


def self_play(size: int, seed: int) -> tuple[Game, str]:
    """One game; returns it and a line that says how it was played."""
    rng = random.Random(seed * 1000 + size)
    weak = rng.randint(0, 3)
    strong = rng.randint(*STRONG_LEVELS[size])
    levels = {Color.BLACK: weak, Color.WHITE: strong}
    if rng.random() < 0.5:
        levels = {Color.BLACK: strong, Color.WHITE: weak}
    engines = {
        color: Gtp("--level", str(level), "--seed", str(seed), "--japanese-rules", "--never-resign")
        for color, level in levels.items()
    }
    for engine in engines.values():
        engine.send(f"boardsize {size}")
        engine.send("clear_board")
        engine.send(f"komi {KOMI}")
    game = Game(size, KOMI)
    randoms = rng.randint(*RANDOM_MOVES[size])
    color = Color.BLACK
    for _ in range(randoms):
        opening = _random_move(game, color, rng)
        game.play(color, opening)
        for engine in engines.values():
            _send_move(engine, color, opening, size)
        color = color.opponent
    weak_color = min(levels, key=lambda c: levels[c])
    blunders = rng.uniform(0.05, 0.25)
    passes = 0
    limit = 3 * size * size
    while passes < 2 and game.move_number < limit:
        point: Point | None
        if (
            color is weak_color
            and not passes
            and game.move_number < size * size
            and rng.random() < blunders
        ):
            point = _random_move(game, color, rng)
            for engine in engines.values():
                _send_move(engine, color, point, size)
        else:
            vertex = engines[color].send(f"genmove {color.letter}").lower()
            point = None if vertex in ("pass", "resign") else parse_vertex(vertex, size)
            _send_move(engines[color.opponent], color, point, size)
        game.play(color, point)
        passes = passes + 1 if point is None else 0
        color = color.opponent
    for engine in engines.values():
        engine.close()
    how = (
        f"GNU Go 3.8 self-play on {size}x{size}, seed {seed}: Black level {levels[Color.BLACK]}, "
        f"White level {levels[Color.WHITE]}, {randoms} random opening moves, the weak side "
        f"playing a random move instead of its own with probability {blunders:.2f} (until "
        f"move {size * size}), komi {KOMI:g}"
    )
    return game, how


def gnugo_dead(game: Game) -> tuple[frozenset[Point], str]:
    """GNU Go's dead stones (a fresh process, level 10, Japanese rules) and its own final_score."""
    judge = Gtp("--level", str(JUDGE_LEVEL), "--japanese-rules")
    try:
        judge.send(f"boardsize {game.size}")
        judge.send("clear_board")
        judge.send(f"komi {game.komi}")
        for move in game.moves:
            _send_move(judge, move.color, move.point, game.size)
        answer = judge.send("final_status_list dead")
        score = judge.send("final_score")
    finally:
        judge.close()
    return frozenset(parse_vertex(v, game.size) for v in answer.split()), score


def reference(board: Board, dead: frozenset[Point], komi: float) -> GameResult:
    """The count of ``board`` with ``dead`` (after the agreed fill), as the corpus records it."""
    work = board.copy()
    for color, point in plan_fill(work, dead).stones:
        work.play(color, point)
    return count(work, dead, komi=komi).result


def short_chains(board: Board, dead: frozenset[Point]) -> int:
    """Living chains with one or two liberties."""
    seen: set[Point] = set()
    out = 0
    for point, _ in board.stones():
        if point in seen or point in dead:
            continue
        chain = board.chain(point)
        seen |= set(chain)
        out += len(board.liberties(point)) <= 2
    return out


def biggest_chain(board: Board, dead: frozenset[Point]) -> int:
    stones = dict(board.stones())
    best = 0
    seen: set[Point] = set()
    for point in dead:
        if point in seen:
            continue
        chain = dead_chains(board.size, stones, [point])
        seen |= chain
        best = max(best, len(chain))
    return best


def with_marks(data: bytes, dead: frozenset[Point]) -> bytes:
    """The SGF with ``MA`` marks on the dead stones at the last node."""
    game = _sgf.Sgf_game.from_bytes(data)
    last = game.get_last_node()
    if dead:
        last.set("MA", [(p.row, p.col) for p in sorted(dead)])
    out: bytes = game.serialise()
    return out


def play_one(task: tuple[int, int]) -> Ending | None:
    size, seed = task
    start = time.perf_counter()
    try:
        game, how = self_play(size, seed)
        dead, gnugo_score = gnugo_dead(game)
    except (RuntimeError, EngineError, OSError) as exc:
        print(f"{size}x{size} seed {seed}: failed: {exc}", file=sys.stderr, flush=True)
        return None
    board = game.board
    dead = frozenset(dead_chains(board.size, dict(board.stones()), dead))
    result = reference(board, dead, game.komi)
    names = " ".join(format_vertex(p) for p in sorted(dead, key=lambda p: (p.col, p.row)))
    comment = (
        f"{how}.\n"
        f"Reference: {result.sgf} (Japanese counting by gobot's counter after the agreed fill, "
        f"with the dead stones below)\n"
        f"Dead: {names}\n"
        f"(GNU Go 3.8 --level {JUDGE_LEVEL} --japanese-rules, final_status_list dead; "
        f"its own final_score: {gnugo_score})"
    )
    data = with_marks(
        write_sgf(
            game,
            black_name="GNU Go 3.8",
            white_name="GNU Go 3.8",
            result=result,
            comment=comment,
        ),
        dead,
    )
    ending = Ending(
        size=size,
        seed=seed,
        data=data,
        moves=game.move_number,
        dead=len(dead),
        biggest_dead=biggest_chain(board, dead),
        short=short_chains(board, dead),
        result=result.sgf,
        seconds=time.perf_counter() - start,
    )
    print(
        f"{size}x{size} seed {seed}: {ending.moves} moves, {ending.result}, dead {ending.dead} "
        f"(biggest {ending.biggest_dead}), short chains {ending.short}, "
        f"{ending.seconds:.0f} s",
        flush=True,
    )
    return ending


def sizes(text: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for part in text.split(","):
        size, number = part.split(":")
        out[int(size)] = int(number)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=sizes, default=sizes("9:70,13:28,19:10"))
    parser.add_argument("--keep", type=sizes, default=sizes("9:30,13:20,19:10"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv[1:])
    # the slow sizes first, so that the pool's two workers finish together
    tasks = [
        (size, seed)
        for size in sorted(args.games, reverse=True)
        for seed in range(args.first_seed, args.first_seed + args.games[size])
    ]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        endings = [e for e in pool.map(play_one, tasks) if e is not None]
    args.out.mkdir(parents=True, exist_ok=True)
    for size, keep in sorted(args.keep.items()):
        played = [e for e in endings if e.size == size]
        messy = sorted((e for e in played if e.messy), key=lambda e: -e.messiness)[:keep]
        for ending in sorted(messy, key=lambda e: e.seed):
            path = args.out / f"gnugo-{size}-{ending.seed:03d}.sgf"
            path.write_bytes(ending.data)
        print(f"{size}x{size}: kept {len(messy)} of {len(played)} games played", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
