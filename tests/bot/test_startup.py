"""``gobot run`` that cannot start says why in one line, with secrets masked, and exits with the
status of :mod:`bot.startup`: a token rejected by (fake) Telegram and Discord, servers that do
not answer, PostgreSQL that does not answer, a malformed ``DATABASE_URL``, nothing to run.

Each test runs the real command in a child process and reads everything it printed."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import startup
from bot.telegram.application import run as run_telegram
from bot.telegram.settings import TelegramSettings
from service import GameService
from service.i18n import t, translate
from storage.memory import open_memory
from tests.fakes import FakeTelegramServer, TelegramCall, start_fake_discord, start_fake_telegram
from tests.postgres_support import require_postgres

ROOT = Path(__file__).resolve().parents[2]
TELEGRAM_TOKEN = "123456789:AAH-not-the-right-token_SECRET-xyzw"
DISCORD_TOKEN = "MTIzNDU2Nzg5.not-the-right.token-SECRET"
PASSWORD = "hunter2-SECRET"
# discord.py has no setting for its API's address: the child points it at the fake (or at a
# closed port) exactly as tests.fakes does in-process, then runs ``gobot run``.
DISCORD_CHILD = (
    "import sys, discord.http; discord.http.Route.BASE = sys.argv[1]; "
    "from bot.cli import main; sys.exit(main(['run']))"
)


@dataclass(frozen=True)
class Ran:
    code: int
    stdout: str
    stderr: str

    @property
    def text(self) -> str:
        return self.stdout + self.stderr

    @property
    def said(self) -> str:
        """The last line on standard error: the one the operator reads."""
        lines = self.stderr.strip().splitlines()
        return lines[-1] if lines else ""


def closed_port() -> int:
    """A port of 127.0.0.1 on which nothing listens (connections are refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def gobot_run(
    tmp_path: Path, env: dict[str, str], argv: list[str] | None = None, stdin: str | None = None
) -> Ran:
    """Run ``gobot run`` (or ``python argv``) in ``tmp_path`` with only ``env`` configured."""
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": "memory:",
        "BOARDS_DIR": "",
        **env,
    }
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        *(argv or ["-m", "bot"]),
        cwd=tmp_path,
        env=environment,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    feed = (stdin or "").encode()
    out, err = await asyncio.wait_for(child.communicate(feed), timeout=60)
    assert child.returncode is not None
    return Ran(child.returncode, out.decode(), err.decode())


def assert_short_and_masked(ran: Ran, *secrets: str) -> None:
    """No traceback, a few lines in all, and no secret anywhere."""
    assert "Traceback" not in ran.text, ran.text
    assert len(ran.text.strip().splitlines()) <= 4, ran.text  # with the engine's version
    for secret in secrets:
        assert secret not in ran.text, ran.text


async def test_telegram_rejecting_the_token(tmp_path: Path) -> None:
    async with start_fake_telegram() as tg:  # it answers 401 Unauthorized to other tokens
        env = {"TELEGRAM_TOKEN": TELEGRAM_TOKEN, "TELEGRAM_API_URL": tg.base_url}
        ran = await gobot_run(tmp_path, env)
        [get_me] = tg.calls_for("getMe")
    assert get_me.status == 401
    assert ran.code == startup.EXIT_REJECTED == 78
    expected = t(
        "startup.rejected",
        service="Telegram",
        what="TELEGRAM_TOKEN",
        reason="Unauthorized",
        check="TELEGRAM_TOKEN (@BotFather)",
    )
    assert ran.said == expected
    assert_short_and_masked(ran, TELEGRAM_TOKEN, TELEGRAM_TOKEN.partition(":")[2])


async def test_telegram_unreachable(tmp_path: Path) -> None:
    port = closed_port()
    env = {"TELEGRAM_TOKEN": TELEGRAM_TOKEN, "TELEGRAM_API_URL": f"http://127.0.0.1:{port}/bot"}
    ran = await gobot_run(tmp_path, env)
    assert ran.code == startup.EXIT_UNAVAILABLE == 69
    assert ran.said == t(
        "startup.unreachable",
        service="Telegram",
        where=f"127.0.0.1:{port}",
        reason="connection refused",
        check="TELEGRAM_API_URL",
    )
    assert_short_and_masked(ran, TELEGRAM_TOKEN)


class WebhookTelegram(FakeTelegramServer):
    """The fake server, also accepting setWebhook."""

    async def _api_setWebhook(self, call: TelegramCall) -> bool:
        return True


async def test_telegram_webhook_on_a_busy_port() -> None:
    """In process: the webhook server cannot listen where TELEGRAM_WEBHOOK_PORT says."""
    tg = WebhookTelegram()
    await tg.start()
    database = await open_memory()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = int(busy.getsockname()[1])
        settings = TelegramSettings(
            token=tg.token,
            api_url=tg.base_url,
            webhook_url="https://go.example.org/hook",
            webhook_secret="hook-SECRET",
            webhook_listen="127.0.0.1",
            webhook_port=port,
        )
        try:
            with pytest.raises(startup.StartupFailure) as failure:
                await asyncio.wait_for(run_telegram(GameService(database), settings, {}), 20)
        finally:
            await database.close()
            await tg.stop()
    assert failure.value.code == startup.EXIT_UNAVAILABLE
    assert failure.value.message == t(
        "startup.cannot_listen",
        where=f"127.0.0.1:{port}",
        reason="address already in use",
        check="TELEGRAM_WEBHOOK_LISTEN, TELEGRAM_WEBHOOK_PORT",
    )


async def test_discord_rejecting_the_token(tmp_path: Path) -> None:
    async with start_fake_discord(patch=False) as dc:  # it answers 401 to other tokens
        argv = ["-c", DISCORD_CHILD, dc.api_base]
        ran = await gobot_run(tmp_path, {"DISCORD_TOKEN": DISCORD_TOKEN}, argv)
        [get_me] = dc.calls_for("GET", "/users/@me")
    assert get_me.status == 401
    assert ran.code == startup.EXIT_REJECTED
    assert ran.said == t(
        "startup.rejected",
        service="Discord",
        what="DISCORD_TOKEN",
        reason="unauthorized",
        check="DISCORD_TOKEN (Developer Portal → Bot → Reset Token)",
    )
    assert_short_and_masked(ran, DISCORD_TOKEN)


async def test_discord_unreachable(tmp_path: Path) -> None:
    port = closed_port()
    argv = ["-c", DISCORD_CHILD, f"http://127.0.0.1:{port}/api/v10"]
    ran = await gobot_run(tmp_path, {"DISCORD_TOKEN": DISCORD_TOKEN}, argv)
    assert ran.code == startup.EXIT_UNAVAILABLE
    assert ran.said == t(
        "startup.unreachable",
        service="Discord",
        where=f"127.0.0.1:{port}",
        reason="connection refused",
        check="the network connection",
    )
    assert_short_and_masked(ran, DISCORD_TOKEN)


async def test_postgresql_unreachable(tmp_path: Path) -> None:
    port = closed_port()
    url = f"postgresql://gobot:{PASSWORD}@127.0.0.1:{port}/games"
    ran = await gobot_run(tmp_path, {"DATABASE_URL": url}, stdin="alice: games\n")
    assert ran.code == startup.EXIT_UNAVAILABLE
    assert ran.said == t(
        "startup.unreachable",
        service="PostgreSQL",
        where=f"127.0.0.1:{port}",
        reason="connection refused",
        check="DATABASE_URL",
    )
    assert_short_and_masked(ran, PASSWORD)


@pytest.mark.postgres
async def test_postgresql_rejecting_the_login(tmp_path: Path) -> None:
    server = startup.where(await require_postgres(), 5432)
    url = f"postgresql://no_such_gobot_role:{PASSWORD}@{server}/games"
    ran = await gobot_run(tmp_path, {"DATABASE_URL": url}, stdin="alice: games\n")
    assert ran.code == startup.EXIT_REJECTED
    assert ran.said.startswith(f"PostgreSQL at {server} rejected the login (")
    assert ran.said.endswith("): check DATABASE_URL")
    assert_short_and_masked(ran, PASSWORD)


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://gobot:{PASSWORD}@127.0.0.1:not-a-port/games",
        f"mysql://gobot:{PASSWORD}@db/games",
        f"sqlite://gobot:{PASSWORD}@games.db",
        f"gobot:{PASSWORD}@db/games",
    ],
)
async def test_a_malformed_database_url(tmp_path: Path, url: str) -> None:
    ran = await gobot_run(tmp_path, {"DATABASE_URL": url}, stdin="alice: games\n")
    assert ran.code == startup.EXIT_CONFIG == 2
    assert "DATABASE_URL" in ran.said
    assert_short_and_masked(ran, PASSWORD)


@pytest.mark.parametrize(
    ("url", "password"),
    [
        ("postgresql://gobot:SECRET/hunter2@127.0.0.1/games", "SECRET/hunter2"),
        ("postgresql://gobot:SECRET#hunter2@127.0.0.1/games", "SECRET#hunter2"),
        ("postgresql://gobot:SECRET?hunter2@127.0.0.1/games", "SECRET?hunter2"),
        ("postgres://gobot:SECRET@[::1/games", "SECRET"),
        ("postgresql://gobot:SECRET@127.0.0.1:99999/games", "SECRET"),
    ],
)
async def test_a_password_that_cuts_the_url_shows_no_piece_of_it(
    tmp_path: Path, url: str, password: str
) -> None:
    """An unencoded / # ? in the password ends the host part of the URL early, so a piece of the
    password stands where the host or the port should be: it must not be echoed either."""
    ran = await gobot_run(tmp_path, {"DATABASE_URL": url}, stdin="alice: games\n")
    assert ran.code == startup.EXIT_CONFIG
    assert "DATABASE_URL" in ran.said
    pieces = [p for p in password.replace("#", "/").replace("?", "/").split("/") if p]
    assert_short_and_masked(ran, password, *pieces)


async def test_a_sqlite_file_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    ran = await gobot_run(
        tmp_path, {"DATABASE_URL": "sqlite:///taken/games.db"}, stdin="alice: games\n"
    )
    assert ran.code == startup.EXIT_CANT_CREATE == 73
    assert ran.said.startswith("cannot open the SQLite database taken/games.db (")
    assert ran.said.endswith("): check DATABASE_URL")
    assert_short_and_masked(ran)


@pytest.mark.parametrize("stdin", ["/dev/null", "empty file"])
async def test_nothing_to_run_without_tokens_or_input(tmp_path: Path, stdin: str) -> None:
    """As in ``docker run`` without ``-it``: no token, and an input that is empty."""
    source = Path(os.devnull) if stdin == "/dev/null" else tmp_path / "empty.txt"
    source.touch()
    environment = {
        **{k: v for k, v in os.environ.items() if not k.endswith("_TOKEN")},
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": f"sqlite:///{tmp_path}/games.db",
    }
    with source.open() as empty:
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=tmp_path,
            env=environment,
            stdin=empty,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(child.communicate(), timeout=60)
    assert child.returncode == startup.EXIT_CONFIG
    assert out == b"" and err.decode().strip() == t("startup.nothing_to_run")
    assert not (tmp_path / "games.db").exists()  # said before anything was opened


async def test_a_script_on_standard_input_still_runs(tmp_path: Path) -> None:
    ran = await gobot_run(tmp_path, {}, stdin="alice: games\n")
    assert ran.code == 0, ran.stderr
    assert ran.stdout.startswith("> alice: games\n[alice] You have no games.")


async def test_a_bad_setting_is_one_line(tmp_path: Path) -> None:
    ran = await gobot_run(tmp_path, {"LOG_LEVEL": "chatty"}, stdin="alice: games\n")
    assert ran.code == startup.EXIT_CONFIG
    assert ran.said.startswith("LOG_LEVEL: 'CHATTY' is not one of DEBUG, INFO")
    assert_short_and_masked(ran)


@pytest.mark.parametrize(
    ("variable", "token"),
    [
        ("TELEGRAM_TOKEN", "abc"),
        ("TELEGRAM_TOKEN", TELEGRAM_TOKEN[:20] + "\n" + TELEGRAM_TOKEN[20:]),
        ("DISCORD_TOKEN", DISCORD_TOKEN[:20] + "\n" + DISCORD_TOKEN[20:]),
        ("DISCORD_TOKEN", DISCORD_TOKEN[:20] + "\x1b" + DISCORD_TOKEN[20:]),
    ],
)
async def test_a_token_that_is_not_a_token_is_said_before_connecting(
    tmp_path: Path, variable: str, token: str
) -> None:
    """Not "cannot reach Telegram … check the network", not a traceback about a control
    character in a header: the variable and what a token looks like, before any connection."""
    async with start_fake_telegram() as tg:
        env = {variable: token, "TELEGRAM_API_URL": tg.base_url}
        ran = await gobot_run(tmp_path, env, ["-c", DISCORD_CHILD, "http://127.0.0.1:1/api/v10"])
        assert not tg.calls  # nothing was asked of Telegram
    assert ran.code == startup.EXIT_CONFIG
    key = "startup.telegram_token" if variable == "TELEGRAM_TOKEN" else "startup.discord_token"
    assert ran.said == t(key)
    assert_short_and_masked(ran, token, *token.split())


@pytest.mark.postgres
async def test_a_postgresql_database_that_does_not_exist(tmp_path: Path) -> None:
    server = startup.where(await require_postgres(), 5432)
    url = f"postgresql://postgres:{PASSWORD}@{server}/gobot_no_such_database"
    ran = await gobot_run(tmp_path, {"DATABASE_URL": url}, stdin="alice: games\n")
    assert ran.code == startup.EXIT_NO_DATABASE == 66
    assert ran.said == t("startup.no_database", name="gobot_no_such_database", where=server)
    assert_short_and_masked(ran, PASSWORD)


@pytest.mark.parametrize(
    "engine", ["/nonexistent/engine", "false", "sh -c 'echo garbage'", "sh -c 'yes garbage'"]
)
async def test_a_broken_engine_is_said_at_start_and_no_computer_game_starts(
    tmp_path: Path, engine: str
) -> None:
    script = "alice: computer size=9\nalice: games\n"
    ran = await gobot_run(tmp_path, {"GOBOT_ENGINE": engine}, stdin=script)
    assert ran.code == 0, ran.text
    assert f"[alice] {t('error.computer_unavailable')}\n" in ran.stdout
    assert "[alice] You have no games." in ran.stdout
    warning = [line for line in ran.stderr.splitlines() if " WARNING bot.app: " in line]
    assert len(warning) == 1 and "Traceback" not in ran.stderr
    if engine == "/nonexistent/engine":
        reason = "cannot start /nonexistent/engine: No such file or directory"
        said = translate("en", "startup.engine_unavailable", command=engine, reason=reason)
        assert warning[0].endswith(f" WARNING bot.app: {said}")


def test_reasons_in_a_few_words() -> None:
    refused = ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 1)")
    wrapped = OSError("All connection attempts failed")
    wrapped.__cause__ = ExceptionGroup("attempts", [refused])
    assert startup.reason(wrapped) == "connection refused"
    assert startup.reason(socket.gaierror(-2, "Name or service not known")) == "unknown host"
    assert startup.reason(TimeoutError()) == "timed out"
    several = OSError("Multiple exceptions: [Errno 111] Connect call failed, [Errno 99] …")
    assert startup.reason(several) == "connection refused"
    assert startup.where("postgres://db") == "db"
    assert startup.where("https://[::1]/x") == "[::1]:443"
