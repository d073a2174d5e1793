"""Generate the replay benchmark's game records: GNU Go plays itself over GTP.

The records are this project's own output (GNU Go's moves are not covered by its licence), so
they live in ``bench/games/`` under CC0. Usage: ``python bench/make_corpus.py [N] [SIZE]``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from engine.colors import Color
from engine.coords import parse_vertex
from engine.game import Game
from records.sgf import write_sgf

OUT = Path(__file__).parent / "games"


class Gtp:
    """A minimal GTP client over a pipe."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [shutil.which("gnugo") or "/usr/games/gnugo", "--mode", "gtp", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def send(self, command: str) -> str:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
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
        self.proc.wait()


def self_play(seed: int, size: int, level: int) -> Game:
    """One game of GNU Go against itself, ending at two passes or 400 moves."""
    gtp = Gtp("--seed", str(seed), "--level", str(level), "--chinese-rules")
    gtp.send(f"boardsize {size}")
    gtp.send("clear_board")
    gtp.send("komi 6.5")
    game = Game(size, 6.5)
    color = Color.BLACK
    passes = 0
    while passes < 2 and game.move_number < 400:
        vertex = gtp.send(f"genmove {color.letter}")
        if vertex.lower() == "resign":
            break
        if vertex.lower() == "pass":
            game.play(color, None)
            passes += 1
        else:
            game.play(color, parse_vertex(vertex, size))
            passes = 0
        color = color.opponent
    gtp.close()
    return game


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 19
    OUT.mkdir(exist_ok=True)
    for seed in range(1, count + 1):
        game = self_play(seed, size, level=seed % 3)
        path = OUT / f"gnugo-selfplay-{size}-{seed:03d}.sgf"
        path.write_bytes(
            write_sgf(
                game,
                black_name="GNU Go 3.8",
                white_name="GNU Go 3.8",
                comment=f"GNU Go self-play, seed {seed}",
            )
        )
        print(f"{path.name}: {game.move_number} moves", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
