"""What a flood of challenges does to another player's game, on one service and a SQLite file.

The peer is one running game between two players (a challenge and its accept, then the moves of
the longest record in ``bench/games/`` alternately through ``GameService.execute``: ``Play`` and
``Pass``), one move every ``--pace`` ms for ``--moves`` moves. Its latency counts from each
move's scheduled time (a move answered late makes the next ones late too, as in the open loop of
bench_service.py); "own" is a move's time from its actual send.

Three scenarios, each on a fresh SQLite file (``synchronous=FULL``) with one ``GameService`` built
without a command budget (as the benches do: the per-person rate limit is off):

* ``alone``: the game's moves, nothing else;
* ``flood 1``: the same moves while ``--accounts`` distinct accounts each send one open
  ``Challenge`` within ``--seconds`` (evenly spread arrivals, each its own task, so commands pile
  up when the service falls behind), all in the game's community (a Discord server);
* ``flood 100``: the same, spread over ``--communities`` communities (the game's among them).

For a flood: challenges accepted and refused (by the error's catalogue key:
``error.community_challenges``, ``error.bot_challenges``, any other), the flood commands' own
p50/p99 (from their scheduled arrival) and the time until the last was answered. The peer is
the comparison: ``x alone`` is the game's p50 during the flood over its p50 alone, in the same
run. The caps on open challenges (200 per community, 2,000 in the bot, ``service/limits.py``) are
read from ``Limits`` when they exist, so the same script measures a checkout from before them:
the project root is put on ``sys.path`` unless ``PYTHONPATH`` names one
(``PYTHONPATH=/tmp/base python bench/bench_flood.py``).

Usage: ``python bench/bench_flood.py [--quick] [--repeats N]``; the last line is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES_DIR = HERE / "games"
if not any(
    (Path(p) / "service" / "game_service.py").is_file()
    for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if p
):
    sys.path.insert(0, str(HERE.parent))

import service  # noqa: E402
from engine.colors import Color  # noqa: E402
from engine.game import Game, Move  # noqa: E402
from records.sgf import load_sgf  # noqa: E402
from service import Actor, GameService, Request  # noqa: E402
from service.commands import Accept, Challenge, Pass, Play  # noqa: E402
from service.errors import UserError  # noqa: E402
from service.limits import Limits  # noqa: E402
from storage.sqlite import open_sqlite  # noqa: E402

COMMUNITY = "discord:guild:{}"
CAP_KEYS = ("error.community_challenges", "error.bot_challenges")


def longest_record() -> tuple[str, int, float, tuple[Move, ...]]:
    """The longest record's moves from the empty board, without the pass that stops it."""
    best: tuple[str, int, float, tuple[Move, ...]] | None = None
    for path in sorted(GAMES_DIR.glob("*.sgf")):
        record = load_sgf(path)
        if record.setup or record.handicap or record.first_to_move not in (None, Color.BLACK):
            continue
        game = Game(record.size, record.komi, 0)
        moves: list[Move] = []
        for move in record.moves:
            if game.play(move.color, move.point).stopped:
                break
            moves.append(move)
        if best is None or len(moves) > len(best[3]):
            best = (path.stem, record.size, record.komi, tuple(moves))
    if best is None:
        raise SystemExit("no usable records in bench/games")
    return best


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1); NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


@dataclass(slots=True)
class Outcome:
    """One scenario: the game's latencies (s) and the flood's answers."""

    scenario: str
    moves: list[float] = field(default_factory=list)  # from the scheduled time
    own: list[float] = field(default_factory=list)  # from the actual send
    move_errors: Counter[str] = field(default_factory=Counter)
    flood: list[float] = field(default_factory=list)  # from the scheduled arrival
    answers: Counter[str] = field(default_factory=Counter)  # "accepted" or the error key
    drained: float = math.nan  # seconds from the start until the flood's last answer

    def figure(self, name: str) -> float:
        """ms figures: p50, p99, max, own_p50, own_max, flood_p50, flood_p99."""
        values = {
            "p50": percentile(self.moves, 0.5),
            "p99": percentile(self.moves, 0.99),
            "max": max(self.moves, default=math.nan),
            "own_p50": percentile(self.own, 0.5),
            "own_max": max(self.own, default=math.nan),
            "flood_p50": percentile(self.flood, 0.5),
            "flood_p99": percentile(self.flood, 0.99),
        }
        return values[name] * 1000

    def refused(self, key: str | None = None) -> int:
        if key is None:
            return sum(n for k, n in self.answers.items() if k != "accepted")
        if key == "other":
            return sum(n for k, n in self.answers.items() if k not in ("accepted", *CAP_KEYS))
        return self.answers[key]


def key_of(error: Exception) -> str:
    if isinstance(error, UserError):
        return error.key or f"UserError:{error}"
    return f"exception:{type(error).__name__}"


async def scenario(
    name: str,
    record: tuple[str, int, float, tuple[Move, ...]],
    moves: int,
    pace: float,
    accounts: int,
    communities: int,
    seconds: float,
    run: int,
) -> Outcome:
    """A fresh SQLite file and service; the peer's game, with a flood over ``communities``
    communities (0: no flood) arriving evenly within ``seconds``."""
    _, size, komi, script = record
    outcome = Outcome(name)
    with tempfile.TemporaryDirectory(prefix="bench-flood-") as folder:
        db = await open_sqlite(Path(folder) / "games.db")
        try:
            svc = GameService(db)
            black = Actor(f"discord:peer-b{run}", "peer_black")
            white = Actor(f"discord:peer-w{run}", "peer_white")
            home = COMMUNITY.format(0)
            channel = "discord:channel:peer"
            view = await svc.execute(
                Challenge(white, {"size": str(size), "komi": f"{komi:g}", "color": "black"}),
                Request(black, channel=channel, community=home),
            )
            game_id = view.game_id
            await svc.execute(
                Accept(), Request(white, channel=channel, game=game_id, community=home)
            )

            async def one_move(index: int, due: float) -> None:
                move = script[index % len(script)]
                actor = black if move.color.letter == "B" else white
                request = Request(actor, channel=channel, game=game_id, community=home)
                sent = time.perf_counter()
                try:
                    if move.point is None:
                        await svc.execute(Pass(), request)
                    else:
                        await svc.execute(Play(move.point.gtp()), request)
                except Exception as error:  # counted: the game must keep going
                    outcome.move_errors[key_of(error)] += 1
                done = time.perf_counter()
                outcome.moves.append(done - due)
                outcome.own.append(done - sent)

            async def one_challenge(index: int, due: float) -> None:
                where = COMMUNITY.format(index % communities)
                actor = Actor(f"discord:flood{run}-{index}", f"flood{index}")
                try:
                    await svc.execute(
                        Challenge(None, {}),
                        Request(actor, channel=f"discord:channel:{where}", community=where),
                    )
                    outcome.answers["accepted"] += 1
                except Exception as error:  # every answer is counted by its kind
                    outcome.answers[key_of(error)] += 1
                outcome.flood.append(time.perf_counter() - due)

            async def peer(began: float) -> None:
                for index in range(moves):
                    due = began + index * pace
                    delay = due - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    await one_move(index, due)

            async def flood(began: float) -> None:
                gap = seconds / accounts
                tasks = []
                for index in range(accounts):
                    due = began + index * gap
                    delay = due - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    tasks.append(asyncio.create_task(one_challenge(index, due)))
                await asyncio.gather(*tasks)
                outcome.drained = time.perf_counter() - began

            began = time.perf_counter() + 0.05
            if communities:
                await asyncio.gather(peer(began), flood(began))
            else:
                await peer(began)
        finally:
            await db.close()
    return outcome


def median(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return statistics.median(kept) if kept else math.nan


def fmt(value: float, digits: int = 1) -> str:
    return "-" if math.isnan(value) else f"{value:,.{digits}f}"


def project_version() -> str:
    root = Path(service.__file__).resolve().parents[1]
    try:
        rev = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        rev = "?"
    return f"{root} at {rev}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller flood and fewer moves")
    parser.add_argument("--accounts", type=int, help="accounts in the flood (2,000)")
    parser.add_argument("--seconds", type=float, help="the flood's span (5 s)")
    parser.add_argument("--communities", type=int, default=100, help="the spread flood's")
    parser.add_argument("--moves", type=int, help="the game's moves (250)")
    parser.add_argument("--pace", type=float, default=20.0, help="ms between the game's moves")
    parser.add_argument("--repeats", type=int, default=1, help="runs per scenario (medians)")
    args = parser.parse_args()

    accounts = args.accounts or (500 if args.quick else 2000)
    seconds = args.seconds or (2.0 if args.quick else 5.0)
    record = longest_record()
    moves = args.moves or min(100 if args.quick else 250, len(record[3]))
    pace = args.pace / 1000
    limits = Limits()
    community_cap = getattr(limits, "community_challenges", None)
    bot_cap = getattr(limits, "bot_challenges", None)
    caps = (
        f"caps {community_cap} per community, {bot_cap} in the bot"
        if community_cap is not None
        else "no caps on open challenges per community or in the bot"
    )
    print(f"project {project_version()}: {caps}; SQLite file, synchronous=FULL, no command budget")
    print(
        f"game: {moves} moves of {record[0]} ({record[1]}x{record[1]}), one every "
        f"{args.pace:g} ms; flood: {accounts:,} accounts, one open challenge each, evenly "
        f"within {seconds:g} s; {args.repeats} run(s) per scenario (medians); "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}"
    )

    plans = [("alone", 0), ("flood 1", 1), (f"flood {args.communities}", args.communities)]
    runs: dict[str, list[Outcome]] = {name: [] for name, _ in plans}
    for repeat in range(args.repeats):  # interleaved: machine load falls on every scenario
        for name, communities in plans:
            outcome = asyncio.run(
                scenario(name, record, moves, pace, accounts, communities, seconds, run=repeat)
            )
            runs[name].append(outcome)

    def med(name: str, get: Callable[[Outcome], float]) -> float:
        return median([get(o) for o in runs[name]])

    alone_p50 = med("alone", lambda o: o.figure("p50"))
    header = (
        f"{'scenario':<12}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'own p50':>9}{'own max':>9}"
        f"{'x alone':>9}"
        f"{'accepted':>10}{'community':>11}{'bot':>7}{'other':>7}{'flood p50':>11}"
        f"{'flood p99':>11}{'drained s':>11}{'errors':>8}"
    )
    print()
    print(header)
    print("-" * len(header))
    figures: dict[str, object] = {
        "community_cap": community_cap,
        "bot_cap": bot_cap,
        "accounts": accounts,
        "moves": moves,
        "pace_ms": args.pace,
    }
    others: Counter[str] = Counter()
    for name, communities in plans:
        p50 = med(name, lambda o: o.figure("p50"))
        row = {
            "p50_ms": p50,
            "p99_ms": med(name, lambda o: o.figure("p99")),
            "max_ms": med(name, lambda o: o.figure("max")),
            "own_p50_ms": med(name, lambda o: o.figure("own_p50")),
            "own_max_ms": med(name, lambda o: o.figure("own_max")),
            "ratio": p50 / alone_p50,
        }
        errors = sum(sum(o.move_errors.values()) for o in runs[name])
        line = (
            f"{name:<12}{fmt(row['p50_ms'], 2):>9}{fmt(row['p99_ms'], 2):>9}"
            f"{fmt(row['max_ms'], 1):>9}{fmt(row['own_p50_ms'], 2):>9}"
            f"{fmt(row['own_max_ms'], 1):>9}{fmt(row['ratio'], 2):>9}"
        )
        key = "alone" if not communities else ("flood_one" if communities == 1 else "flood_many")
        if communities:
            row |= {
                "accepted": med(name, lambda o: o.answers["accepted"]),
                "refused_community": med(name, lambda o: o.refused(CAP_KEYS[0])),
                "refused_bot": med(name, lambda o: o.refused(CAP_KEYS[1])),
                "refused_other": med(name, lambda o: o.refused("other")),
                "flood_p50_ms": med(name, lambda o: o.figure("flood_p50")),
                "flood_p99_ms": med(name, lambda o: o.figure("flood_p99")),
                "drained_s": med(name, lambda o: o.drained),
            }
            for outcome in runs[name]:
                others.update(
                    {k: n for k, n in outcome.answers.items() if k not in ("accepted", *CAP_KEYS)}
                )
            line += (
                f"{row['accepted']:>10,.0f}{row['refused_community']:>11,.0f}"
                f"{row['refused_bot']:>7,.0f}{row['refused_other']:>7,.0f}"
                f"{fmt(row['flood_p50_ms'], 1):>11}{fmt(row['flood_p99_ms'], 1):>11}"
                f"{fmt(row['drained_s'], 2):>11}"
            )
        else:
            line += f"{'':>10}{'':>11}{'':>7}{'':>7}{'':>11}{'':>11}{'':>11}"
        print(f"{line}{errors:>8}")
        for field_name, value in row.items():
            figures[f"{key}_{field_name}"] = None if math.isnan(value) else round(value, 2)
        figures[f"{key}_move_errors"] = errors
    print(
        "p50/p99/max: the game's moves from their scheduled time (a late answer delays the next "
        "ones); own p50/max: from the actual send (a few long waits are enough for a backlog); "
        "x alone: p50 over the game's p50 alone; accepted and refused (community: "
        "error.community_challenges, bot: error.bot_challenges, other: any other answer) are "
        "the flood's challenges; flood p50/p99: from their scheduled arrival; drained: seconds "
        "from the start until the flood's last answer; errors: the game's refused moves."
    )
    if others:
        print("other answers: " + ", ".join(f"{k} {n}" for k, n in others.most_common()))
    figures["other_answers"] = dict(others)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
