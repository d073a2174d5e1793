"""``gobot`` starts in a blink: each command imports only what it needs. ``--version``,
``--help`` and ``health`` load no command's work; ``replay`` and ``score`` load the engine and the
records, not the chat adapters, the service, storage, the renderer or the estimator. The heavy
modules load for the commands that use them (the controls at the end, so that the check can
fail).

Each case runs the command in a fresh interpreter and looks at the modules it loaded (not at
the time it took)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORD = "(;GM[1]FF[4]SZ[19]KM[6.5];B[pd];W[dp];B[pp];W[dd];B[];W[])"
MARKER = "MODULES "
CHILD = f"""
import json, sys
before = set(sys.modules)
from bot.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("\\n{MARKER}" + json.dumps(sorted(set(sys.modules) - before)))
"""

HEAVY = (
    "service.game_service",
    "storage",
    "club",
    "networkx",
    "discord",
    "telegram",
    "aiohttp",
    "aiosqlite",
    "asyncpg",
    "asyncio",
    "PIL",
    "renderer",
    "jinja2",
    "bot.app",
    "bot.snapshots",
    "bot.club_reports",
    "bot.render_sgf",
    "gtp",
    "engine.judging",
)
"""What no light command loads: the chat adapters, the service, storage, pairing (networkx),
the renderer, the web pages, GTP engines, the estimator."""

NO_WORK = ("engine", "records", "service", "bot.config", "bot.replay", "bot.cli_score")
"""What ``--version`` and ``--help`` do not load either: they only build the parser."""


def loaded(argv: list[str], tmp_path: Path, **env: str) -> set[str]:
    """The modules a fresh interpreter loads for ``gobot argv`` (from ``tmp_path``, with no
    tokens and no database set, and ``env`` added), beyond those it started with."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.endswith("_TOKEN") and not key.startswith(("DATABASE_", "GOBOT_"))
    }
    environment |= {"PYTHONPATH": str(ROOT), **env}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *argv],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    last = done.stdout.rpartition("\n" + MARKER)[2]
    assert last, f"no module list: {done.stdout[-500:]!r} {done.stderr[-2000:]!r}"
    return set(json.loads(last))


def among(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (a package stands for its modules) are in ``modules``."""
    return [name for name in names if any(m == name or m.startswith(name + ".") for m in modules)]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.sgf"
    path.write_text(RECORD, encoding="ascii")
    return path


@pytest.mark.parametrize(
    "argv",
    [["--version"], ["--help"], [], ["score", "--help"], ["games", "--help"]],
    ids=["version", "help", "no-command", "score-help", "games-help"],
)
def test_the_parser_alone_loads_no_work(argv: list[str], tmp_path: Path) -> None:
    modules = loaded(argv, tmp_path)
    assert among(modules, HEAVY + NO_WORK) == []
    assert "bot.cli" in modules  # the child did run the command line


def test_the_version_is_read_without_importlib_metadata(tmp_path: Path) -> None:
    assert "importlib.metadata" not in loaded(["--version"], tmp_path)


@pytest.mark.parametrize("beat", [False, True], ids=["unset", "heartbeat-file"])
def test_health_loads_its_settings_only(beat: bool, tmp_path: Path) -> None:
    env = {"GOBOT_HEARTBEAT_FILE": str(tmp_path / "heartbeat")} if beat else {}
    modules = loaded(["health"], tmp_path, **env)
    assert among(modules, (*HEAVY, "engine", "records")) == []
    assert "bot.config" in modules


@pytest.mark.parametrize("command", ["score", "replay"])
def test_score_and_replay_load_the_engine_and_the_records_only(
    command: str, record: Path, tmp_path: Path
) -> None:
    modules = loaded([command, str(record)], tmp_path)
    assert among(modules, (*HEAVY, "service", "bot.config")) == []
    assert {"engine.game", "records.sgf", "bot.replay"} <= modules


def test_a_club_command_loads_the_service_and_storage(tmp_path: Path) -> None:
    modules = loaded(["games"], tmp_path, DATABASE_URL="memory:")
    assert among(modules, ("service.game_service", "storage", "bot.club_reports")) == [
        "service.game_service",
        "storage",
        "bot.club_reports",
    ]


def test_estimating_loads_the_estimator(record: Path, tmp_path: Path) -> None:
    modules = loaded(["score", "--estimate", "--no-engine", str(record)], tmp_path)
    assert "engine.judging" in modules


def test_rendering_loads_the_renderer(record: Path, tmp_path: Path) -> None:
    modules = loaded(["render", str(record), "-o", str(tmp_path / "board.png")], tmp_path)
    assert among(modules, ("renderer", "PIL")) == ["renderer", "PIL"]


def test_the_default_width_written_out_is_the_renderers() -> None:
    """``render --help`` states the renderer's default width, which the parser spells out."""
    from bot.cli_render import DEFAULT_WIDTH
    from renderer import DEFAULT_WIDTH as RENDERERS

    assert DEFAULT_WIDTH == RENDERERS


def test_the_version_is_read_as_importlib_metadata_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--version`` reads the metadata itself where that is plain, and agrees with
    :func:`importlib.metadata.version` in every case; "not installed" where nothing is found."""
    import importlib.metadata

    from bot.cli import package_version, plain_metadata

    def folder(name: str, *metadata: tuple[str, str]) -> str:
        path = tmp_path / name
        path.mkdir()
        for directory, text in metadata:
            (path / directory).mkdir()
            file = "PKG-INFO" if directory.endswith(".egg-info") else "METADATA"
            (path / directory / file).write_text(text, encoding="utf-8")
        return str(path)

    def expected() -> str:
        try:
            return importlib.metadata.version("gobot")
        except importlib.metadata.PackageNotFoundError:
            return "unknown (not installed)"

    nothing = folder("nothing")
    wheel = folder(
        "wheel",
        ("gobot-2.0.dist-info", "Metadata-Version: 2.1\nName: gobot\nVersion: 2.0\n\nVersion: 9\n"),
    )
    source = folder(
        "source", ("GoBot.egg-info", "Metadata-Version: 2.1\nName: gobot\nVersion: 3.1.dev0\n")
    )
    both = folder("both", ("gobot-4.dist-info", "Version: 4\n"), ("gobot.egg-info", "Version: 5\n"))
    cases = {
        (nothing, wheel, source): "2.0",
        (nothing, source, wheel): "3.1.dev0",
        (nothing,): None,
        (both, wheel): None,  # two in one folder: importlib.metadata's order decides
    }
    for path, plain in cases.items():
        monkeypatch.setattr(sys, "path", list(path))
        assert plain_metadata() == plain, path
        assert package_version() == expected(), path
    monkeypatch.setattr(sys, "path", [nothing])
    assert package_version() == "unknown (not installed)"
