"""The composition root and the configuration."""

from __future__ import annotations

import asyncio
import dataclasses
import importlib.metadata
import io
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import app, cli, health
from bot.config import Config, ConfigError, load_config
from bot.telegram.pings import Notify
from bot.telegram.settings import TelegramSettings
from gtp import find_gnugo
from service import Notice, View
from service.i18n import t
from storage.url import default_sqlite_path
from tests.bot import fake_adapter


def test_config_from_the_environment_over_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("DATABASE_URL=sqlite:///from-dotenv.db\nORGANISERS=discord:1\n")
    config = load_config({"ORGANISERS": "discord:1, telegram:2", "BOARDS_DIR": ""}, dotenv)
    assert config.database_url == "sqlite:///from-dotenv.db"
    assert config.organisers == frozenset({"discord:1", "telegram:2"})
    assert config.boards_dir is None and not config.chat_tokens
    assert load_config({}, tmp_path / "missing").boards_dir == Path("boards")
    assert load_config({"TELEGRAM_TOKEN": "1:" + "A" * 35}, dotenv).chat_tokens


@pytest.mark.parametrize(
    ("variable", "token"),
    [
        ("TELEGRAM_TOKEN", "abc"),
        ("TELEGRAM_TOKEN", "987654321"),  # the bot's number alone
        ("TELEGRAM_TOKEN", "123456789:AAH-a-token-cut-short"),
        ("TELEGRAM_TOKEN", "123456789:AAH-not-the-right-token_SECR\nET-xyzw"),
        ("TELEGRAM_TOKEN", "123456789:AAH-not-the-right-token_SECRET-xy\x07zw"),
        ("DISCORD_TOKEN", "abc"),
        ("DISCORD_TOKEN", "MTIzNDU2Nzg5.GaBcDe"),  # two parts of three
        ("DISCORD_TOKEN", "MTIzNDU2Nzg5.GaBcDe.xyz-SECRET\nmore"),
        ("DISCORD_TOKEN", "MTIzNDU2Nzg5.GaBcDe.xyz SECRET"),
        ("DISCORD_TOKEN", "123456789:AAH-not-the-right-token_SECRET-xyzw"),  # Telegram's
    ],
)
def test_a_token_of_the_wrong_shape_is_a_setting_error(
    tmp_path: Path, variable: str, token: str
) -> None:
    key = {"TELEGRAM_TOKEN": "startup.telegram_token", "DISCORD_TOKEN": "startup.discord_token"}
    with pytest.raises(ConfigError) as raised:
        load_config({variable: token}, tmp_path / "missing")
    assert str(raised.value) == t(key[variable]) and token not in str(raised.value)


@pytest.mark.parametrize(
    ("variable", "token"),
    [
        ("TELEGRAM_TOKEN", "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"),
        ("TELEGRAM_TOKEN", " 110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw\n"),  # a copy's ends
        ("DISCORD_TOKEN", "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789"),
    ],
)
def test_a_token_of_the_right_shape_is_taken(tmp_path: Path, variable: str, token: str) -> None:
    config = load_config({variable: token}, tmp_path / "missing")
    assert config.chat_tokens and token.strip() in config.secrets


def test_an_organiser_without_a_platform_is_shown_the_console_form(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as raised:
        load_config({"ORGANISERS": "discord:1,Alice"}, tmp_path / "missing")
    assert str(raised.value) == t("startup.organiser", player="Alice", name="alice")
    assert "console:alice" in str(raised.value)
    config = load_config({"ORGANISERS": "console:alice"}, tmp_path / "missing")
    assert config.organisers == {"console:alice"}


@pytest.mark.parametrize("env", [{"ORGANISERS": "alice"}, {"VACATION_DAYS": "many"}])
def test_bad_settings_name_the_variable(tmp_path: Path, env: dict[str, str]) -> None:
    with pytest.raises(ConfigError, match=next(iter(env))):
        load_config(env, tmp_path / "missing")


async def test_the_console_runs_when_no_token_is_set(tmp_path: Path) -> None:
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", boards_dir=None)
    out = io.StringIO()
    code = await app.serve(config, io.StringIO("alice: games\n"), out)
    assert code == 0 and "[alice] You have no games." in out.getvalue()


async def test_chat_adapters_start_through_the_seam(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        app, "CHAT_ADAPTERS", (("DISCORD_TOKEN", "discord_token", "tests.bot.fake_adapter"),)
    )
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", discord_token="x")
    assert await app.serve(config, io.StringIO(), io.StringIO()) == 0
    assert fake_adapter.SERVED and fake_adapter.SERVED[-1][1] is config


async def test_a_token_without_its_adapter_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(app, "CHAT_ADAPTERS", (("DISCORD_TOKEN", "discord_token", "bot.nothing"),))
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", discord_token="x")
    assert await app.serve(config, io.StringIO(), io.StringIO()) == 2
    assert "DISCORD_TOKEN is set but this build has no Nothing adapter" in capsys.readouterr().err


async def test_deliveries_route_notices_by_platform() -> None:
    seen: list[str] = []

    async def console(view: View) -> None:
        seen.append("console")

    deliveries = app.Deliveries(console=console)
    await deliveries(View(("x",), notify=(Notice("console:bob", ("hi",)), Notice("zzz:1", ()))))
    assert seen == ["console"]


@pytest.mark.skipif(
    find_gnugo() is None and os.environ.get("CI") != "true", reason="GNU Go is not installed"
)
async def test_the_console_plays_the_computer_with_gnu_go(tmp_path: Path) -> None:
    """The composition root gives the service GNU Go as the computer opponent."""
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", boards_dir=None)
    out = io.StringIO()
    script = "alice: computer size=9 level=1\nalice: play E5\n"
    assert await app.serve(config, io.StringIO(script), out) == 0
    assert "GNU Go level 1 played White" in out.getvalue()


def test_engine_settings(tmp_path: Path) -> None:
    config = load_config({"GOBOT_ENGINE": "gnugo --mode gtp --level 3"}, tmp_path / "missing")
    assert config.engine_command == "gnugo --mode gtp --level 3"
    pool = app.engine_pool(config)
    assert pool is not None and pool.command == ["gnugo", "--mode", "gtp", "--level", "3"]
    with pytest.raises(ConfigError, match="GOBOT_ENGINE_PROCESSES"):
        load_config({"GOBOT_ENGINE_PROCESSES": "0"}, tmp_path / "missing")


def test_ping_settings(tmp_path: Path) -> None:
    """GOBOT_NOTIFY and GOBOT_PING_AFTER reach the Telegram adapter; bad values are refused."""
    missing = tmp_path / "missing"
    config = load_config({"GOBOT_NOTIFY": "ALL", "GOBOT_PING_AFTER": "60"}, missing)
    assert (config.notify, config.ping_after) == ("all", 60.0)
    settings = TelegramSettings.from_config(dataclasses.replace(config, telegram_token="1:A"))
    assert (settings.notify, settings.ping_after) == (Notify.ALL, 60.0)
    assert load_config({}, missing).notify == "turn"
    with pytest.raises(ConfigError, match="GOBOT_NOTIFY: 'loud'"):
        load_config({"GOBOT_NOTIFY": "loud"}, missing)
    for bad in ("soon", "-5", "1e9"):
        with pytest.raises(ConfigError, match="GOBOT_PING_AFTER"):
            load_config({"GOBOT_PING_AFTER": bad}, missing)


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 20) -> None:
    """Poll ``condition`` until it holds; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)


def test_sigterm_stops_the_bot_cleanly(tmp_path: Path) -> None:
    """``gobot run`` waits on its input; SIGTERM ends it with status 0 and closes everything."""
    root = Path(__file__).resolve().parents[2]
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as stderr:
        child = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            cwd=tmp_path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env={
                **os.environ,
                "PYTHONPATH": str(root),
                "DATABASE_URL": "sqlite:///g.db",
                "BOARDS_DIR": "",
            },
        )
    assert child.stdin is not None and child.stdout is not None
    stdin, stdout = child.stdin, child.stdout
    output: list[str] = []

    def read_output() -> None:
        for line in stdout:
            output.append(line)

    reader = threading.Thread(target=read_output, daemon=True)
    reader.start()
    reply = "[alice] You have no games."
    try:
        stdin.write("alice: games\n")
        stdin.flush()
        wait_until(lambda: reply in "".join(output) or child.poll() is not None, "the reply")
        assert reply in "".join(output), (output, errors.read_text())  # the command ran
        assert child.poll() is None  # and the bot waits for more input
        child.send_signal(signal.SIGTERM)  # the terminal stays open: no end of input
        assert child.wait(timeout=20) == 0, errors.read_text()
        assert "SIGTERM: shutting down" in errors.read_text()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        stdin.close()
        reader.join(timeout=20)
        stdout.close()
    assert "Traceback" not in errors.read_text(), errors.read_text()


def test_log_level_and_heartbeat_settings(tmp_path: Path) -> None:
    config = load_config(
        {"LOG_LEVEL": "debug", "GOBOT_HEARTBEAT_FILE": "/tmp/beat"}, tmp_path / "missing"
    )
    assert config.log_level == "DEBUG" and config.heartbeat_file == Path("/tmp/beat")
    defaults = load_config({}, tmp_path / "missing")
    assert defaults.log_level == "INFO" and defaults.heartbeat_file is None
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        load_config({"LOG_LEVEL": "chatty"}, tmp_path / "missing")


async def test_the_log_says_where_the_games_are_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    config = Config(database_url=f"sqlite:///{tmp_path}/g.db", boards_dir=None)
    with caplog.at_level(logging.INFO, logger="bot.app"):
        assert await app.serve(config, io.StringIO(), io.StringIO()) == 0
    assert f"games are kept in the SQLite file {tmp_path}/g.db" in caplog.messages
    default = app.database_location(None)
    assert default == f"in the SQLite file {default_sqlite_path().absolute()}"
    assert app.database_location("postgresql://go:pw@db:5433/games") == (
        "in PostgreSQL at db:5433/games"
    )


async def test_the_running_bot_keeps_a_heartbeat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve`` touches the heartbeat file while it runs and removes it when it stops;
    ``gobot health`` reads it."""
    beat_file = tmp_path / "run" / "heartbeat"
    monkeypatch.setattr(health, "HEARTBEAT_SECONDS", 0.05)
    monkeypatch.setattr(app, "beat", lambda path: health.beat(path, every=0.05))
    config = Config(database_url="memory:", boards_dir=None, heartbeat_file=beat_file)
    reading, writing = os.pipe()  # an input that ends when ``writing`` is closed
    with os.fdopen(reading) as stdin:
        task = asyncio.create_task(app.serve(config, stdin, io.StringIO()))
        try:
            while not beat_file.exists():
                await asyncio.sleep(0.01)
            first = beat_file.stat().st_mtime_ns
            os.utime(beat_file, ns=(first - 10**10, first - 10**10))  # 10 s older
            while beat_file.stat().st_mtime_ns < first:  # touched again
                await asyncio.sleep(0.01)
            assert cli.main(["health", "--file", str(beat_file)]) == 0
        finally:
            os.close(writing)
            assert await asyncio.wait_for(task, timeout=10) == 0
    assert not beat_file.exists()
    assert cli.main(["health", "--file", str(beat_file)]) == 1


def test_health_checks_the_age_of_the_heartbeat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    beat_file = tmp_path / "heartbeat"
    assert health.check(beat_file) == (
        False,
        f"unhealthy: no heartbeat file {beat_file} (the bot is not running)",
    )
    beat_file.touch()
    now = beat_file.stat().st_mtime
    assert health.check(beat_file, max_age=90, now=now + 30) == (
        True,
        "healthy: the last heartbeat is 30 s old",
    )
    healthy, line = health.check(beat_file, max_age=90, now=now + 300)
    assert not healthy and line.startswith("unhealthy: the last heartbeat is 300 s old")
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("GOBOT_HEARTBEAT_FILE", raising=False)
    assert cli.main(["health"]) == health.EXIT_NOT_SET
    monkeypatch.setenv("GOBOT_HEARTBEAT_FILE", str(beat_file))
    assert cli.main(["health"]) == health.EXIT_HEALTHY
    assert cli.main(["health", "--max-age", "-1"]) == health.EXIT_UNHEALTHY
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("GOBOT_HEARTBEAT_FILE is not set")
    assert out[1].startswith("healthy:") and out[2].startswith("unhealthy:")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out == f"gobot {importlib.metadata.version('gobot')}\n"


async def test_the_engine_is_asked_its_version_at_start(caplog: pytest.LogCaptureFixture) -> None:
    """A working engine is kept for the games; one that cannot start is said once, as a
    warning, and the computer opponent is off (no pool)."""
    fake = Path(__file__).with_name("fake_gtp_engine.py")
    working = Config(engine_command=f"{sys.executable} {fake}")
    pool = await app.checked_engine_pool(working)
    assert pool is not None
    await pool.close()
    with caplog.at_level(logging.WARNING, logger="bot.app"):
        broken = await app.checked_engine_pool(Config(engine_command="/nonexistent/engine"))
    assert broken is None
    reason = "cannot start /nonexistent/engine: No such file or directory"
    said = t("startup.engine_unavailable", command="/nonexistent/engine", reason=reason)
    assert [r.getMessage() for r in caplog.records if r.name == "bot.app"] == [str(said)]
