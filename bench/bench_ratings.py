"""Rating speed: the cost of one rated game (``club.glicko2.rate_game``) against a peer.

The peer is the paper's own computation in the same module: ``rate`` of one player over one
rating period with three opponents (Glickman's worked example). One rated game is two such
updates with one opponent each, plus, with a handicap, two rank conversions each way; so the
ratio says what a game costs in units of the paper's example, measured in the same run. Also
timed, for the breakdown: ``rate`` with a single opponent (half of an even game) and a period
without games. The games are drawn at random (seeded) from realistic ratings, deviations and
results; each handicap game gets 2 to 9 stones. Usage:
``python bench/bench_ratings.py [--games N] [--rounds N] [--quick]``. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from club.glicko2 import Rating, rate, rate_game

Game = tuple[Rating, Rating, float, int]

PAPER_PLAYER = Rating(1500.0, 200.0, 0.06)
PAPER_RESULTS = [
    (Rating(1400.0, 30.0), 1.0),
    (Rating(1550.0, 100.0), 0.0),
    (Rating(1700.0, 300.0), 0.0),
]


def random_rating(rng: random.Random) -> Rating:
    return Rating(rng.uniform(600.0, 2700.0), rng.uniform(50.0, 350.0), rng.uniform(0.05, 0.07))


def make_games(count: int, seed: int, handicap: bool) -> list[Game]:
    rng = random.Random(seed)
    return [
        (
            random_rating(rng),
            random_rating(rng),
            rng.choice((0.0, 1.0, 1.0, 0.0, 0.5)),
            rng.randint(2, 9) if handicap else 0,
        )
        for _ in range(count)
    ]


def even_games(games: list[Game]) -> None:
    for black, white, score, _ in games:
        rate_game(black, white, score)


def handicap_games(games: list[Game]) -> None:
    for black, white, score, stones in games:
        rate_game(black, white, score, stones)


def paper_periods(count: int) -> None:
    for _ in range(count):
        rate(PAPER_PLAYER, PAPER_RESULTS)


def single_results(games: list[Game]) -> None:
    for black, white, score, _ in games:
        rate(black, ((white, score),))


def idle_periods(games: list[Game]) -> None:
    for black, _, _, _ in games:
        rate(black, ())


def timed(cases: dict[str, Callable[[], None]], rounds: int) -> dict[str, float]:
    """Median seconds per round of each case; the cases interleave within each round so that
    load on the machine falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(rounds):
        for name, case in cases.items():
            start = time.perf_counter()
            case()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000, help="games (and periods) per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="10,000 games, 3 rounds")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    count, rounds = (10_000, 3) if args.quick else (args.games, args.rounds)
    even = make_games(count, args.seed, handicap=False)
    handicap = make_games(count, args.seed + 1, handicap=True)
    cases: dict[str, Callable[[], None]] = {
        "rate_game, even": lambda: even_games(even),
        "rate_game, 2-9 stones": lambda: handicap_games(handicap),
        "rate, 3 opponents (peer)": lambda: paper_periods(count),
        "rate, 1 opponent": lambda: single_results(even),
        "rate, no games": lambda: idle_periods(even),
    }
    seconds = timed(cases, rounds)
    peer = seconds["rate, 3 opponents (peer)"]
    print(f"{count:,} updates per round, median of {rounds} rounds")
    print(f"{'update':<28}{'µs each':>10}{'per s':>12}{'vs peer':>10}")
    for name, total in seconds.items():
        each = total / count
        print(f"{name:<28}{each * 1e6:>10.2f}{1 / each:>12,.0f}{total / peer:>9.2f}x")
    even_ratio = seconds["rate_game, even"] / peer
    handicap_ratio = seconds["rate_game, 2-9 stones"] / peer
    print(
        f"one rated game costs {even_ratio:.2f}x (even) / {handicap_ratio:.2f}x (handicap) "
        "the paper's three-opponent period"
    )
    print(
        json.dumps(
            {
                "updates": count,
                "rounds": rounds,
                "us_per_even_game": round(seconds["rate_game, even"] / count * 1e6, 3),
                "us_per_handicap_game": round(seconds["rate_game, 2-9 stones"] / count * 1e6, 3),
                "us_per_paper_period": round(peer / count * 1e6, 3),
                "ratio_even_game_vs_paper_period": round(even_ratio, 2),
                "ratio_handicap_game_vs_paper_period": round(handicap_ratio, 2),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
