"""What ``gobot replay`` and ``gobot score`` print for every record of the SGF corpus
(``tests/data/gnugo_regression/games.tar.xz``): one JSON object per run, with the exit status,
standard output and standard error, byte for byte.

Issue 30 makes both commands faster; their outputs are an interface and must not change. The
outputs of the last accepted build are kept in ``tests/data/gnugo_regression/outputs.jsonl.xz``;
``tests/bot/test_cli_outputs.py`` runs the commands again and compares. After a change that
*should* change an output, regenerate them (and say why in the commit):

    python scripts/cli_outputs.py --write

Without ``--write`` it compares and prints the first differences (exit 1 when any).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import lzma
import os
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "gnugo_regression" / "games.tar.xz"
OUTPUTS = ROOT / "tests" / "data" / "gnugo_regression" / "outputs.jsonl.xz"

#: the commands run on every record (``FILE`` stands for the record's path in the corpus)
COMMANDS = (
    ("score", "FILE"),
    ("score", "--json", "FILE"),
)


@contextlib.contextmanager
def unpacked(corpus: Path = CORPUS) -> Iterator[tuple[Path, list[str]]]:
    """The corpus unpacked in a temporary folder, and its records' names (sorted)."""
    with tempfile.TemporaryDirectory(prefix="gobot-corpus-") as folder:
        with tarfile.open(corpus) as archive:
            archive.extractall(folder, filter="data")
            names = sorted(m.name for m in archive.getmembers() if m.isfile())
        yield Path(folder), names


def run(args: list[str]) -> dict[str, object]:
    """``gobot ARGS`` in this process: exit status, standard output and standard error."""
    from bot.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:  # argparse's refusals
            code = exc.code if isinstance(exc.code, int) else 2
    return {"args": args, "exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def outputs(
    folder: Path, names: list[str], counted: list[str] | None = None
) -> list[dict[str, object]]:
    """Every run's outputs, in a fixed order: one ``replay`` of all records, then each
    command of :data:`COMMANDS` on each record (or on those ``counted``). Paths are relative to
    the corpus."""
    here = Path.cwd()
    os.chdir(folder)
    try:
        runs = [run(["replay", *names])]
        for name in names if counted is None else counted:
            for command in COMMANDS:
                runs.append(run([name if part == "FILE" else part for part in command]))
        return runs
    finally:
        os.chdir(here)


def kept(path: Path = OUTPUTS) -> list[dict[str, object]]:
    """The outputs kept from the last accepted build."""
    with lzma.open(path, "rt", encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def differences(now: list[dict[str, object]], before: list[dict[str, object]]) -> list[str]:
    """One line per run whose outputs differ (its arguments and the first field that does)."""
    lines = []
    if len(now) != len(before):
        lines.append(f"{len(now)} runs now, {len(before)} kept")
    for new, old in zip(now, before, strict=False):
        for field in ("args", "exit", "stdout", "stderr"):
            if new[field] != old[field]:
                shown = " ".join(str(a) for a in new["args"])  # type: ignore[attr-defined]
                lines.append(f"gobot {shown[:80]}: {field} differs")
                break
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="keep these outputs as the new ones")
    args = parser.parse_args()
    with unpacked() as (folder, names):
        now = outputs(folder, names)
    if args.write:
        with lzma.open(OUTPUTS, "wt", encoding="utf-8", preset=9) as stream:
            for entry in now:
                stream.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
        print(f"{len(now)} runs on {len(names)} records kept in {OUTPUTS.relative_to(ROOT)}")
        return 0
    found = differences(now, kept())
    for line in found[:20]:
        print(line)
    print(f"{len(now)} runs on {len(names)} records: {len(found)} differ")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
