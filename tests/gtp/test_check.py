"""The engine is asked ``version`` at start (:meth:`EnginePool.version`): a broken
``GOBOT_ENGINE`` is found then, with what went wrong, not after a computer game's first move."""

from __future__ import annotations

import os
import sys

import pytest

from gtp import EnginePool, GtpError, find_gnugo
from gtp.client import MAX_ANSWER_LINES

FAKE_ENGINE = os.path.join(os.path.dirname(__file__), "..", "bot", "fake_gtp_engine.py")
#: long enough for any of these programs to start; only ``cat`` (which never answers) waits it out
SHORT = 3.0


async def test_a_gtp_engine_answers_its_version() -> None:
    pool = EnginePool([sys.executable, FAKE_ENGINE, "--name", "Fake"])
    try:
        assert await pool.version(SHORT) is not None
        assert not pool._all  # the engine asked is ended: the games start their own
    finally:
        await pool.close()


@pytest.mark.skipif(find_gnugo() is None, reason="GNU Go is not installed (apt-get install gnugo)")
async def test_gnu_go_answers_its_version() -> None:
    gnugo = find_gnugo()
    assert gnugo is not None
    assert (await EnginePool([gnugo, "--mode", "gtp"]).version(20.0))[0].isdigit()


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["false"], "did not answer|exited"),  # exits at once
        (["/nonexistent/engine"], "cannot start /nonexistent/engine"),
        (["sh", "-c", "echo garbage; echo; exec sleep 30"], "not a GTP answer"),
        (["sh", "-c", "echo garbage"], "did not answer|exited"),
        (["cat"], "no answer|did not answer"),  # echoes the command: never an answer
    ],
)
async def test_a_broken_engine_is_said_at_once(command: list[str], said: str) -> None:
    pool = EnginePool(command)
    with pytest.raises(GtpError, match=said):
        await pool.version(SHORT if command != ["cat"] else 0.5)
    await pool.close()


@pytest.mark.parametrize("command", [["yes"], ["sh", "-c", "yes garbage; echo"]])
async def test_a_flood_of_lines_is_not_an_answer(command: list[str]) -> None:
    """``yes`` prints ``y`` for ever: the answer is given up after a few thousand lines, and the
    program is ended, also when a wrapper script started it (not waited for while its output
    fills the pipe)."""
    with pytest.raises(GtpError, match="not a GTP answer"):
        await EnginePool(command).version(30.0)
    assert MAX_ANSWER_LINES < 10_000
