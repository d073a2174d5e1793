"""League pairing and standings speed: one Swiss round of a large league, and its table.

A league of ``--players`` (200) with ranks spread over 25 kyu to 5 dan plays ``--played`` (4)
Swiss rounds paired by ``club.pairing.swiss_round`` (results drawn with a fixed seed, the
stronger player more likely to win); then the next round is paired and the table computed.

Peers, timed in the same run with the rounds interleaved (load on the machine falls on all
alike), on the same league:

* greedy: down the list by score and rank, each player takes the next one it has not met, the
  classic hand method (no weights, no look-ahead: it may leave a repeat at the bottom);
* unweighted matching: networkx's ``max_weight_matching`` over every pair not yet played, all
  weights equal (a valid round, blind to scores, colours and ranks) — the same library call as
  ours, without the criteria;
* ours over every pair (``window=None``): the exact optimum of the criteria, which the candidate
  window is checked against (same totals).

The standings are timed against a wins-only table (count the wins, sort). Each pairing's quality
is printed: repeats, boards across score groups, sum of squared score gaps (half points), games
leaving a player two off colour balance, sum of squared rank gaps. Targets: the pairing under
1 s, the standings under 100 ms. Usage: ``python bench/bench_leagues.py [--players N]
[--played R] [--rounds K] [--no-full]``. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import networkx as nx

from club.league_types import Entrant, Pairing, Played, tally
from club.pairing import swiss_round
from club.standings import standings

Pairer = Callable[[list[Entrant], list[Played], int], list[Pairing]]
T = TypeVar("T")


def league(players: int, rounds: int, seed: int = 1) -> tuple[list[Entrant], list[Played]]:
    """A league of ``players`` and the games of its first ``rounds`` Swiss rounds."""
    rng = random.Random(seed)
    entrants = [Entrant(f"p{k:03d}", rng.randint(5, 34)) for k in range(players)]
    rank = {e.id: e.rank for e in entrants}
    played: list[Played] = []
    for round_no in range(1, rounds + 1):
        for p in swiss_round(entrants, played, round_no, False, True):
            played.append(result(p, round_no, rank, rng))
    return entrants, played


def result(p: Pairing, round_no: int, rank: dict[str, int], rng: random.Random) -> Played:
    """A drawn result: the stronger wins with a chance growing with the rank gap."""
    if p.white is None:
        return Played(round_no, p.black, None, None)
    gap = rank[p.black] - rank[p.white]
    black_wins = rng.random() < 1 / (1 + 10 ** (-gap / 4))
    return Played(round_no, p.black, p.white, p.black if black_wins else p.white)


def greedy(entrants: list[Entrant], played: list[Played], round_no: int) -> list[Pairing]:
    """Down the list by score and rank: each takes the next it has not met (else the next)."""
    tallies = tally(played, True)
    wins = {e.id: tallies[e.id].wins if e.id in tallies else 0.0 for e in entrants}
    met = {(p, o) for p, t in tallies.items() for o in t.opponents}
    order = sorted(entrants, key=lambda e: (-wins[e.id], -e.rank, e.id))
    free = [e.id for e in order]
    boards: list[Pairing] = []
    while len(free) > 1:
        top = free.pop(0)
        other = next((o for o in free if (top, o) not in met), free[0])
        free.remove(other)
        boards.append(Pairing(top, other))
    boards += [Pairing(p, None) for p in free]
    return boards


def unweighted(entrants: list[Entrant], played: list[Played], round_no: int) -> list[Pairing]:
    """networkx's matching over every pair not yet played, all weights equal."""
    tallies = tally(played, True)
    met = {(p, o) for p, t in tallies.items() for o in t.opponents}
    ids = sorted(e.id for e in entrants)
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from(
        (a, b) for k, a in enumerate(ids) for b in ids[k + 1 :] if (a, b) not in met
    )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    paired = {p for board in matching for p in board}
    return [Pairing(a, b) for a, b in sorted(matching)] + [
        Pairing(p, None) for p in ids if p not in paired
    ]


def ours(entrants: list[Entrant], played: list[Played], round_no: int) -> list[Pairing]:
    """club.pairing.swiss_round with its default candidate window."""
    return swiss_round(entrants, played, round_no, False, True)


def ours_full(entrants: list[Entrant], played: list[Played], round_no: int) -> list[Pairing]:
    """club.pairing.swiss_round over every pair."""
    return swiss_round(entrants, played, round_no, False, True, window=None)


def quality(entrants: list[Entrant], played: list[Played], boards: list[Pairing]) -> list[int]:
    """Repeats, cross-group boards, Σ score gap² (half points), colour excess, Σ rank gap²."""
    tallies = tally(played, True)
    rank = {e.id: e.rank for e in entrants}
    half = {e.id: round(2 * tallies[e.id].wins) if e.id in tallies else 0 for e in entrants}
    balance = Counter({p: t.balance for p, t in tallies.items()})
    met = Counter((p, o) for p, t in tallies.items() for o in t.opponents)
    repeats = cross = squares = colour = ranks = 0
    for p in boards:
        if p.white is None:
            continue
        repeats += met[(p.black, p.white)]
        gap = abs(half[p.black] - half[p.white])
        cross += gap > 0
        squares += gap * gap
        colour += abs(balance[p.black] + 1) > 1
        colour += abs(balance[p.white] - 1) > 1
        ranks += (rank[p.black] - rank[p.white]) ** 2
    return [repeats, cross, squares, colour, ranks]


def wins_only(entrants: list[Entrant], played: list[Played]) -> list[tuple[float, str]]:
    """The least a table needs: the wins, sorted."""
    wins = {e.id: 0.0 for e in entrants}
    for g in played:
        if g.winner is not None and g.winner in wins:
            wins[g.winner] += 1
        elif g.white is None and g.black in wins:
            wins[g.black] += 1
    return sorted(((-w, p) for p, w in wins.items()))


def timed(jobs: dict[str, Callable[[], T]], rounds: int) -> tuple[dict[str, float], dict[str, T]]:
    """Median seconds of each job over ``rounds``, the jobs interleaved; and their last output."""
    times: dict[str, list[float]] = {name: [] for name in jobs}
    last: dict[str, T] = {}
    for _ in range(rounds):
        for name, job in jobs.items():
            start = time.perf_counter()
            last[name] = job()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}, last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--played", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=5, help="timing rounds (median)")
    parser.add_argument("--no-full", action="store_true", help="skip ours over every pair")
    args = parser.parse_args()
    entrants, played = league(args.players, args.played)
    next_round = args.played + 1
    print(f"{args.players} players, {args.played} Swiss rounds played; pairing round {next_round}")

    pairers: dict[str, Pairer] = {"ours": ours, "greedy": greedy, "unweighted": unweighted}
    if not args.no_full:
        pairers["ours, every pair"] = ours_full
    jobs: dict[str, Callable[[], list[Pairing]]] = {
        name: partial(f, entrants, played, next_round) for name, f in pairers.items()
    }
    pair_s, boards = timed(jobs, args.rounds)
    head = ["ms", "x ours", "repeats", "cross", "gap²", "colour", "rank²"]
    keys = ["repeats", "cross", "gap2", "colour", "rank2"]
    print(f"{'pairing':<18}" + "".join(f"{h:>9}" for h in head))
    table: dict[str, dict[str, float]] = {}
    for name in pairers:
        q = quality(entrants, played, boards[name])
        table[name] = {"ms": pair_s[name] * 1000, "x_ours": pair_s[name] / pair_s["ours"]}
        table[name].update(zip(keys, q, strict=True))
        cells = [f"{pair_s[name] * 1000:9.1f}", f"{pair_s[name] / pair_s['ours']:9.2f}"]
        print(f"{name:<18}" + "".join(cells) + "".join(f"{v:>9}" for v in q))
    if not args.no_full:
        same = quality(entrants, played, boards["ours"])
        full = quality(entrants, played, boards["ours, every pair"])
        print(f"candidate window vs every pair: same criteria totals: {same == full}")
    print(
        f"ratio ours/greedy: {pair_s['ours'] / pair_s['greedy']:.1f}x, "
        f"ours/unweighted: {pair_s['ours'] / pair_s['unweighted']:.1f}x "
        f"(ours {pair_s['ours'] * 1000:.0f} ms, target < 1000 ms)"
    )

    rank, rng = {e.id: e.rank for e in entrants}, random.Random(2)
    season = played + [result(p, next_round, rank, rng) for p in boards["ours"]]
    table_jobs: dict[str, Callable[[], object]] = {
        "standings": lambda: standings(entrants, season, "swiss", True, next_round + 1),
        "wins only": lambda: wins_only(entrants, season),
    }
    table_s, _ = timed(table_jobs, args.rounds * 3)
    print(
        f"standings after {next_round} rounds: {table_s['standings'] * 1000:.1f} ms, "
        f"wins-only peer {table_s['wins only'] * 1000:.2f} ms, "
        f"ratio {table_s['standings'] / table_s['wins only']:.1f}x (target < 100 ms)"
    )
    print(
        json.dumps(
            {
                "players": args.players,
                "played": args.played,
                "pairing": {
                    k: {m: round(v, 3) for m, v in row.items()} for k, row in table.items()
                },
                "standings_ms": round(table_s["standings"] * 1000, 3),
                "wins_only_ms": round(table_s["wins only"] * 1000, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
