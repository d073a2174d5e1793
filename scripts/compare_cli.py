"""Save the ``gobot`` command line's observable behaviour, or compare it with a saved copy.

    python scripts/compare_cli.py save DIR      # every case's exit status, stdout, stderr
    python scripts/compare_cli.py compare DIR   # the same now; exit 1 on any difference

Each case (``--help`` of every command, ``--version``, usage errors, and real commands on the
records of ``bench/games``, on an empty database and on the heartbeat) runs in a fresh process
of this interpreter (``-m bot.cli``) from the repository's root, with a fixed environment, and is
saved as ``DIR/NAME.txt``. Files a case writes are saved as their SHA-256. Made to check that a
refactoring changes nothing a user or a script sees.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bench" / "games").glob("*.sgf"))
COMMANDS = ("run", "web", "replay", "score", "render", "games", "ratings", "standings")
COMMANDS += ("export", "health", "invite", "backup", "restore", "migrate")
TOKEN = "MTAxMjM0NTY3ODkwMTIzNDU2.GaBcDe.not-a-real-secret"


@dataclass(frozen=True)
class Case:
    """One run of ``gobot``: its arguments, extra environment, and the files it writes."""

    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    writes: list[str] = field(default_factory=list)


def cases(scratch: Path) -> list[Case]:
    """Every case, with files written under ``scratch``."""
    out = [Case("help", ["--help"]), Case("version", ["--version"]), Case("no-command", [])]
    out += [Case(f"help-{name}", [name, "--help"]) for name in COMMANDS]
    out += [
        Case("usage-unknown", ["nosuch"]),
        Case("usage-score-no-file", ["score"]),
        Case("usage-bad-komi", ["score", "--komi", "x", GAMES[0]]),
        Case("usage-bad-port", ["web", "--port", "0"]),
        Case("usage-bad-engine-seconds", ["score", "--engine-seconds", "0", GAMES[0]]),
        Case("replay-all", ["replay", *GAMES]),
        Case("replay-missing", ["replay", "no/such.sgf", GAMES[0]]),
        Case("score-missing", ["score", "no/such.sgf"]),
        Case("score-json", ["score", "--json", GAMES[0]]),
        Case("score-dead-empty", ["score", "--dead", "A1", GAMES[0]]),
        Case("score-estimate", ["score", "--estimate", "--no-engine", GAMES[1]]),
        Case("score-fill", ["score", "--fill-dame", "--komi", "0.5", GAMES[2]]),
    ]
    out += [Case(f"score-{Path(g).stem}", ["score", g]) for g in GAMES]
    png, gif = scratch / "board.png", scratch / "replay.gif"
    out += [
        Case("render-png", ["render", GAMES[0], "--move", "50", "-o", str(png)], writes=[str(png)]),
        Case("render-count", ["render", GAMES[0], "--counting", "-o", str(png)], writes=[str(png)]),
        Case("render-gif", ["render", GAMES[3], "--animate", str(gif)], writes=[str(gif)]),
        Case("render-nowhere", ["render", GAMES[0]]),
    ]
    beat = scratch / "heartbeat"
    out += [
        Case("health-unset", ["health"]),
        Case("health-missing", ["health"], {"GOBOT_HEARTBEAT_FILE": str(scratch / "none")}),
        Case("health-stale", ["health", "--file", str(beat), "--max-age", "0"]),
        Case("invite-no-token", ["invite"]),
        Case("invite-token", ["invite"], {"DISCORD_TOKEN": TOKEN}),
        Case("invite-bad-token", ["invite"], {"DISCORD_TOKEN": "abc"}),
        Case("invite-client-id", ["invite", "--client-id", "123456789012345678"]),
    ]
    memory = {"DATABASE_URL": "memory:"}
    absent = {"DATABASE_URL": f"sqlite:///{scratch / 'absent.db'}"}
    out += [
        Case("games-memory", ["games"], memory),
        Case("games-memory-json", ["games", "--json"], memory),
        Case("ratings-memory-json", ["ratings", "--json"], memory),
        Case("standings-memory", ["standings", "Spring"], memory),
        Case("export-memory", ["export", "Spring", "-o", str(scratch / "s.zip")], memory),
        Case("games-absent", ["games"], absent),
        Case("backup-memory", ["backup", str(scratch / "b.db")], memory),
        Case("migrate-memory", ["migrate", "--check"], memory),
        Case("migrate-absent", ["migrate", "--check"], absent),
        Case("bad-database-url", ["games"], {"DATABASE_URL": "nosuch://x"}),
    ]
    return out


def environment(extra: dict[str, str]) -> dict[str, str]:
    """A fixed environment: no tokens, no database, 80 columns."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")
    env = {key: os.environ[key] for key in keep if key in os.environ}
    return env | {"COLUMNS": "80", "PYTHONHASHSEED": "0"} | extra


def run(case: Case, scratch: Path) -> str:
    """What ``case`` shows: exit status, stdout, stderr and the written files' hashes."""
    for path in case.writes:
        Path(path).unlink(missing_ok=True)
    beat = scratch / "heartbeat"
    beat.touch()
    an_hour_ago = time.time() - 3600  # its age in whole seconds is the same however fast we start
    os.utime(beat, (an_hour_ago, an_hour_ago))
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *case.argv],
        cwd=ROOT,
        env=environment(case.env),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    parts = [f"exit {done.returncode}", "--- stdout", done.stdout, "--- stderr", done.stderr]
    for path in case.writes:
        written = Path(path)
        digest = hashlib.sha256(written.read_bytes()).hexdigest() if written.exists() else "none"
        parts.append(f"--- wrote {written.name}: {digest}")
    return "\n".join(parts).replace(str(scratch), "SCRATCH")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("save", "compare"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    mode, folder = argv[0], Path(argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    differ = 0
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        for case in cases(scratch):
            now = run(case, scratch)
            saved = folder / f"{case.name}.txt"
            if mode == "save":
                saved.write_text(now, encoding="utf-8")
                continue
            before = saved.read_text(encoding="utf-8") if saved.exists() else ""
            if now != before:
                differ += 1
                print(f"DIFFERS {case.name}")
                lines = difflib.unified_diff(
                    before.splitlines(), now.splitlines(), "before", "now", lineterm=""
                )
                print("\n".join(lines))
    if mode == "compare":
        print(f"{len(cases(Path('.')))} cases, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
