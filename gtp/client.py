"""One GTP engine process spoken to over pipes with asyncio (Go Text Protocol 2)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import shutil
import signal
from collections.abc import Sequence

DEFAULT_TIMEOUT = 60.0
#: an answer longer than this many lines is not a GTP answer (a program printing garbage)
MAX_ANSWER_LINES = 2000
#: the engine runs at a lower priority than the bot (nice 10): its thinking never slows down
#: the players' commands of other games on a small machine
ENGINE_NICENESS = 10


class GtpError(RuntimeError):
    """The engine answered with an error, died, or did not answer in time."""


def find_gnugo() -> str | None:
    """The path of ``gnugo`` (Debian installs it in /usr/games, often not on PATH)."""
    return shutil.which("gnugo") or next(
        (p for p in ("/usr/games/gnugo", "/usr/local/games/gnugo") if os.access(p, os.X_OK)), None
    )


def default_command() -> list[str]:
    """``GOBOT_ENGINE`` (a shell-style command line) or GNU Go in GTP mode."""
    configured = os.environ.get("GOBOT_ENGINE", "").strip()
    if configured:
        return shlex.split(configured)
    gnugo = find_gnugo()
    if gnugo is None:
        raise GtpError("no engine: install GNU Go (apt-get install gnugo) or set GOBOT_ENGINE")
    return [gnugo, "--mode", "gtp"]


class GtpEngine:
    """A running engine; one command at a time (callers serialise through :class:`EnginePool`)."""

    def __init__(self, command: Sequence[str], timeout: float = DEFAULT_TIMEOUT) -> None:
        self.command = list(command)
        self.timeout = timeout
        self._process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        try:
            self._process = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL,
                start_new_session=True,  # its own process group: a wrapper's children end with it
            )
        except OSError as error:
            raise GtpError(f"cannot start {self.command[0]}: {error.strerror}") from error
        with contextlib.suppress(OSError):  # the engine yields the CPU to the bot's own work
            os.setpriority(os.PRIO_PROCESS, self._process.pid, ENGINE_NICENESS)

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def send(self, command: str) -> str:
        """Send one command; return the answer without the ``=``; raise :class:`GtpError`."""
        if "\n" in command:
            raise GtpError("a GTP command is one line")
        if not self.alive:
            await self.start()
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(command.encode() + b"\n")
            await process.stdin.drain()
            lines = await read_lines(process.stdout, command, self.timeout)
        except (TimeoutError, ConnectionError, BrokenPipeError) as error:
            await self.close()
            raise GtpError(f"the engine did not answer {command.split()[0]!r}: {error}") from error
        except (GtpError, ValueError) as error:  # exited, or a line or answer far too long
            await self.kill()
            raise GtpError(str(error) or type(error).__name__) from error
        return parse_answer(lines, command, command.split()[0])

    async def kill(self) -> None:
        """End the engine at once (it is mid-command: a ``quit`` would wait behind it)."""
        process, self._process = self._process, None
        if process is None or process.returncode is not None:
            return
        _kill_group(process)
        if process.stdout is not None:  # what it printed and nobody read (asyncio waits for it)
            with contextlib.suppress(TimeoutError, ValueError, OSError):
                await asyncio.wait_for(process.stdout.read(), 2)
        await process.wait()

    async def close(self) -> None:
        """Ask the engine to quit; kill it if it will not."""
        process, self._process = self._process, None
        if process is None or process.returncode is not None:
            return
        try:
            assert process.stdin is not None
            process.stdin.write(b"quit\n")
            await process.stdin.drain()
            await asyncio.wait_for(process.wait(), 2)
        except (TimeoutError, ConnectionError, BrokenPipeError):
            _kill_group(process)
            await process.wait()


def _kill_group(process: asyncio.subprocess.Process) -> None:
    """Kill the engine and whatever it started (a wrapper script's engine holds its pipes).

    Signals go by pid, never through ``process.kill()``: that polls (``waitpid``) first and so
    reaps a child that has just died, under asyncio's child watcher, which then logs "Unknown
    child process pid …, will report returncode 255" and reports the wrong status."""
    try:
        os.killpg(process.pid, signal.SIGKILL)  # the engine leads its own group
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(process.pid, signal.SIGKILL)


async def read_lines(
    stdout: asyncio.StreamReader, command: str, timeout: float | None = None
) -> list[str]:
    """The lines of one GTP answer (up to the empty line that ends it), each line within
    ``timeout`` seconds when given; raise :class:`GtpError` when the engine exits first."""
    lines: list[str] = []
    while True:
        reading = stdout.readline()
        raw = await (reading if timeout is None else asyncio.wait_for(reading, timeout))
        if not raw:
            raise GtpError(f"the engine exited while answering {command.split()[0]!r}")
        line = raw.decode(errors="replace").rstrip("\r\n")
        if not line and lines:
            return lines
        if line:
            lines.append(line)
        if len(lines) > MAX_ANSWER_LINES:
            raise GtpError(f"not a GTP answer to {command.split()[0]!r}: {lines[0][:80]!r} …")


def parse_answer(lines: list[str], command: str, label: str) -> str:
    """The answer of ``lines`` without its ``=``; an error answer (``?``) or anything else
    raises :class:`GtpError` naming ``label``."""
    answer = "\n".join(lines)
    if answer.startswith("?"):
        raise GtpError(f"{label}: {answer[1:].strip()}")
    if not answer.startswith("="):
        raise GtpError(f"not a GTP answer to {command.split()[0]!r}: {answer[:80]!r}")
    return answer[1:].strip()
