"""The command line's speed (issue 30), whole processes, each row against its peer in the same
run (runs interleaved, so that load on the machine falls on both alike):

- ``gobot --version`` and ``gobot health``: target ≤ 0.15 s; peer ``python -c "import
  sgfmill.sgf"`` (the least a Python tool that reads SGF costs);
- ``gobot score FILE`` (no estimate) on a 19×19 record: target ≤ 0.3 s; peer: sgfmill reading
  the same file and playing it on its board;
- ``gobot replay`` of the 1,758 records of ``tests/data/gnugo_regression``: target ≥ 1.5× the
  peer, sgfmill's parser and ``Board.play`` (no ko or suicide checks) over the same files;
- ``gobot run`` to the console's prompt (on a terminal, no tokens, ``DATABASE_URL=memory:``):
  no slower than before; peer as for ``--version``.

Usage: ``python bench/bench_cli.py [--runs N] [--replay-runs N]``. Prints min/median/max per
row; the last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.cli_outputs import unpacked  # noqa: E402  (the project root is on the path now)

PYTHON = sys.executable
GOBOT = str(Path(PYTHON).with_name("gobot"))
RECORD = ROOT / "bench" / "games" / "gnugo-selfplay-19-001.sgf"

#: the peer of ``score`` and ``replay``: sgfmill reads each file and plays its main line
PEER = """\
import sys
from sgfmill import boards, sgf
for path in sys.argv[1:]:
    try:
        with open(path, "rb") as f:
            game = sgf.Sgf_game.from_bytes(f.read())
        board = boards.Board(game.get_size())
        for node in game.get_main_sequence():
            colour, move = node.get_move()
            if colour is not None and move is not None:
                try:
                    board.play(move[0], move[1], colour)
                except ValueError:
                    pass
    except ValueError:
        pass
"""

Timer = Callable[[], float]


def process(
    args: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> Timer:
    """A timer of one whole process (its output thrown away)."""

    def timed() -> float:
        start = time.perf_counter()
        subprocess.run(
            args,
            env=env,
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        return time.perf_counter() - start

    return timed


def console_start(env: dict[str, str]) -> Timer:
    """A timer of ``gobot run`` on a terminal until it shows its first prompt."""

    def timed() -> float:
        leader, follower = pty.openpty()
        start = time.perf_counter()
        child = subprocess.Popen(
            [GOBOT, "run"], stdin=follower, stdout=follower, stderr=follower, env=env
        )
        os.close(follower)
        seen = b""
        try:
            while b"> " not in seen:
                ready, _, _ = select.select([leader], [], [], 30)
                if not ready:
                    raise RuntimeError(f"no prompt in 30 s: {seen[-200:]!r}")
                seen += os.read(leader, 4096)
            took = time.perf_counter() - start
        finally:
            child.send_signal(signal.SIGTERM)
            try:
                while os.read(leader, 4096):  # let it finish writing, then it ends
                    pass
            except OSError:
                pass
            child.wait(timeout=30)
            os.close(leader)
        return took

    return timed


def measured(ours: Timer, peer: Timer, runs: int) -> tuple[list[float], list[float]]:
    ours_times, peer_times = [], []
    for _ in range(runs):
        ours_times.append(ours())
        peer_times.append(peer())
    return ours_times, peer_times


def spread(times: list[float]) -> str:
    return f"{min(times):6.3f} / {statistics.median(times):6.3f} / {max(times):6.3f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each short command")
    parser.add_argument("--replay-runs", type=int, default=3, help="runs of the corpus replay")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="gobot-bench-") as scratch, unpacked() as corpus:
        folder, names = corpus
        peer_script = Path(scratch) / "peer.py"
        peer_script.write_text(PEER)
        env = {k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")}
        env |= {"DATABASE_URL": "memory:", "XDG_STATE_HOME": scratch, "BOARDS_DIR": scratch}
        env.pop("GOBOT_HEARTBEAT_FILE", None)
        importing = process([PYTHON, "-c", "import sgfmill.sgf"], env)
        rows = [
            ("gobot --version", process([GOBOT, "--version"], env), importing, args.runs),
            ("gobot health", process([GOBOT, "health"], env), importing, args.runs),
            (
                "gobot score (19x19)",
                process([GOBOT, "score", str(RECORD)], env),
                process([PYTHON, str(peer_script), str(RECORD)], env),
                args.runs,
            ),
            (
                f"gobot replay ({len(names)} files)",
                process([GOBOT, "replay", *names], env, folder),
                process([PYTHON, str(peer_script), *names], env, folder),
                args.replay_runs,
            ),
            ("gobot run (to the prompt)", console_start(env), importing, args.runs),
        ]
        print(
            f"{'row':32} {'ours min / median / max':>27}   {'peer min / median / max':>27}   ratio"
        )
        figures = {}
        for name, ours, peer, runs in rows:
            ours_times, peer_times = measured(ours, peer, runs)
            ratio = statistics.median(peer_times) / statistics.median(ours_times)
            print(f"{name:32} {spread(ours_times):>27}   {spread(peer_times):>27}   {ratio:5.2f}x")
            figures[name] = {
                "ours": ours_times,
                "peer": peer_times,
                "ratio": round(ratio, 3),
            }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
