"""What languages cost: a move between a Czech and a Hungarian reader (the settings read in the
command's unit of work, then the reply and each notice said in its reader's language, as an
adapter says them: ``bot.words.said``) against the same move between two English readers in the
same run (the peer), on SQLite; and one message from the gettext catalogue (``translate``)
against a plain dictionary lookup and ``str.format`` (what the catalogue was).

    python bench/bench_languages.py [--moves 120] [--repeats 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.words import said
from engine.coords import COLUMNS
from service import Actor, GameService
from service.commands import Accept, Challenge, Configure, Play, Request
from service.i18n import SOURCE, translate
from storage.sqlite import open_sqlite

SIZE = 19


def points(count: int) -> list[str]:
    """Distinct points that never capture: filled column by column, far apart in colour."""
    found = [f"{c}{r}" for c in COLUMNS[:SIZE] for r in range(1, SIZE + 1)]
    return found[:count]


async def moves_ms(folder: Path, readers: tuple[str | None, str | None], moves: int) -> list[float]:
    """Milliseconds per move for a pair whose settings are ``readers`` (None: none chosen)."""
    service = GameService(await open_sqlite(folder / f"{readers}.db"))
    black, white = Actor("console:black", "black"), Actor("console:white", "white")
    try:
        for actor, code in ((black, readers[0]), (white, readers[1])):
            if code is not None:
                await service.execute(Configure({"language": code}), Request(actor))
        offer = await service.execute(
            Challenge(white, {"size": str(SIZE), "color": "black"}), Request(black)
        )
        gid = offer.game_id
        await service.execute(Accept(), Request(white, game=gid))
        spent = []
        for index, point in enumerate(points(moves)):
            actor = black if index % 2 == 0 else white
            start = time.perf_counter()
            said(await service.execute(Play(point), Request(actor, game=gid)))  # as an adapter
            spent.append((time.perf_counter() - start) * 1000)
        return spent
    finally:
        await service.context.database.close()


def lookups() -> tuple[float, float]:
    """Microseconds for one formatted message: gettext (``t`` in Czech) and a dict peer."""
    source = {k: v for k, v in SOURCE.items() if isinstance(v, str)}
    params = {"id": 12, "name": "@bob"}
    number = 200_000
    ours = timeit.timeit(lambda: translate("cs", "challenge.declined", **params), number=number)
    peer = timeit.timeit(lambda: source["challenge.declined"].format(**params), number=number)
    return ours / number * 1e6, peer / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rows: dict[str, list[float]] = {"cs + hu readers": [], "en + en readers (peer)": []}
    with tempfile.TemporaryDirectory() as folder:
        for repeat in range(args.repeats):
            for name, readers in (
                ("en + en readers (peer)", (None, None)),
                ("cs + hu readers", ("cs", "hu")),
            ):
                where = Path(folder) / str(repeat)
                where.mkdir(exist_ok=True)
                rows[name] += asyncio.run(moves_ms(where, readers, args.moves))
    peer = statistics.median(rows["en + en readers (peer)"])
    print(f"bench_languages: {args.moves} moves × {args.repeats} on SQLite, median ms per move")
    print(f"{'readers':<26}{'median':>9}{'p90':>9}{'ratio':>8}")
    for name, spent in rows.items():
        p90 = statistics.quantiles(spent, n=10)[-1]
        ratio = statistics.median(spent) / peer
        print(f"{name:<26}{statistics.median(spent):>9.2f}{p90:>9.2f}{ratio:>7.2f}x")
    ours, dict_peer = lookups()
    print(
        f"one message: gettext (cs) {ours:.2f} µs, dict + format (peer) {dict_peer:.2f} µs, "
        f"ratio {ours / dict_peer:.1f}x"
    )


if __name__ == "__main__":
    main()
