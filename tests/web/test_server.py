"""Starting the web: ``gobot web`` and ``GOBOT_WEB_PORT`` inside ``gobot run`` (the settings, the
serving, the port taken: one line and exit 69)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from bot import startup
from bot.app import serve
from bot.cli import build_parser, cmd_web
from bot.config import ConfigError, load_config
from bot.startup import StartupFailure
from bot.web.server import start_web
from service.i18n import key_of
from storage.memory import open_memory
from tests.web.kit import new_service

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def taken_port() -> Iterator[int]:
    """A port something else listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_the_web_settings(tmp_path: Path) -> None:
    none = tmp_path / "none.env"
    config = load_config({}, none)
    assert (config.web_port, config.web_host, config.web_trust_proxy) == (None, "127.0.0.1", False)
    config = load_config(
        {"GOBOT_WEB_PORT": "8081", "GOBOT_WEB_HOST": "0.0.0.0", "GOBOT_WEB_TRUST_PROXY": "yes"},
        none,
    )
    assert (config.web_port, config.web_host, config.web_trust_proxy) == (8081, "0.0.0.0", True)
    for wrong in ({"GOBOT_WEB_PORT": "http"}, {"GOBOT_WEB_PORT": "70000"}):
        with pytest.raises(ConfigError, match="GOBOT_WEB_PORT"):
            load_config(wrong, none)
    with pytest.raises(ConfigError, match="GOBOT_WEB_TRUST_PROXY"):
        load_config({"GOBOT_WEB_TRUST_PROXY": "maybe"}, none)


def test_gobot_web_takes_an_address() -> None:
    args = build_parser().parse_args(["web", "--host", "0.0.0.0", "--port", "8099"])
    assert (args.handler, args.host, args.port) == (cmd_web, "0.0.0.0", 8099)
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["web", "--port", "99999"])
    assert exit_.value.code == 2


async def test_a_taken_port_is_a_start_up_failure() -> None:
    database = await open_memory()
    try:
        with taken_port() as port, pytest.raises(StartupFailure) as failure:
            await start_web(new_service(database), host="127.0.0.1", port=port)
        assert failure.value.code == startup.EXIT_UNAVAILABLE
        assert key_of(failure.value.message) == "startup.cannot_listen"
    finally:
        await database.close()


def test_gobot_web_says_a_taken_port_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": "memory:", "PYTHONPATH": str(ROOT)}
    with taken_port() as port:
        done = subprocess.run(
            [sys.executable, "-m", "bot.cli", "web", "--port", str(port)],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == startup.EXIT_UNAVAILABLE
    assert done.stderr.strip().splitlines()[-1].startswith(f"cannot listen on 127.0.0.1:{port}")
    assert "Traceback" not in done.stderr


async def test_gobot_run_serves_the_web_when_its_port_is_set(tmp_path: Path) -> None:
    """... with the pages' links under the path of ``GOBOT_WEB_URL`` (a proxy serves them
    there, and strips the path: the app answers at ``/``)."""
    port = free_port()
    env = {
        "DATABASE_URL": "memory:",
        "GOBOT_WEB_PORT": str(port),
        "GOBOT_WEB_URL": "https://go.example.org/club/go/",
        "BOARDS_DIR": "",
    }
    config = load_config(env, tmp_path / "none.env")
    with open(os.devnull) as stdin, open(os.devnull, "w") as stdout:  # nothing else to run
        running = asyncio.create_task(serve(config, stdin, stdout))
        try:
            async with aiohttp.ClientSession() as session:
                for _ in range(500):
                    try:
                        async with session.get(f"http://127.0.0.1:{port}/l/none") as answer:
                            assert answer.status == 404
                            assert answer.headers["X-Robots-Tag"] == "noindex"
                            page = await answer.text()
                            assert 'href="/club/go/static/site.css"' in page
                            assert 'href="/club/go/l/none?lang=cs"' in page
                            break
                    except aiohttp.ClientConnectionError:
                        assert not running.done()
                        await asyncio.sleep(0.02)
                else:
                    pytest.fail("the web never answered")
            assert not running.done()  # the web alone runs until stopped
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
