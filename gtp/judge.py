"""One question to a GTP engine, within a time budget: which stones are dead at the end of a game
(``final_status_list dead``), for ``gobot score --estimate``.

Each question starts its own engine process and ends it before returning: a polite ``quit``
when the engine answered, a kill when it did not answer in time or failed; the process is always
waited for (no zombie). The service's long-lived engines are :class:`gtp.pool.EnginePool`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

from engine.coords import InvalidVertex, Point, format_vertex, parse_vertex
from gtp.client import GtpError, parse_answer, read_lines
from gtp.pool import Position

#: how long an engine that answered may take to quit before it is killed
QUIT_SECONDS = 1.0


class EngineTimeout(GtpError):
    """The engine did not answer within the budget (it was killed)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"the engine did not answer in {seconds:g} s")


@dataclass(frozen=True, slots=True)
class EngineOpinion:
    """The engine's answer: its GTP ``name`` and the stones it calls dead."""

    name: str
    dead: frozenset[Point]


def ask_dead_stones(command: Sequence[str], position: Position, seconds: float) -> EngineOpinion:
    """Start ``command``, set ``position`` up and ask ``final_status_list dead``, all within
    ``seconds``; raise :class:`EngineTimeout` or :class:`GtpError`. Synchronous (it runs its own
    event loop): call it from code that has none."""
    return asyncio.run(dead_stones(command, position, seconds))


async def dead_stones(command: Sequence[str], position: Position, seconds: float) -> EngineOpinion:
    """:func:`ask_dead_stones` for callers that have an event loop."""
    if not command:
        raise GtpError("no engine command")
    try:
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
    except OSError as error:
        raise GtpError(f"cannot start {command[0]}: {error.strerror or error}") from None
    answered = False
    try:
        try:
            opinion = await asyncio.wait_for(_converse(process, position), seconds)
        except TimeoutError:
            raise EngineTimeout(seconds) from None
        except (ConnectionError, BrokenPipeError):
            raise GtpError("the engine exited") from None
        answered = True
        return opinion
    finally:
        await _stop(process, answered)


def _commands(position: Position) -> list[str]:
    commands = [f"boardsize {position.size}", "clear_board", f"komi {position.komi:g}"]
    commands += [f"play {color.letter} {format_vertex(point)}" for color, point in position.setup]
    for move in position.moves:
        vertex = "pass" if move.point is None else format_vertex(move.point)
        commands.append(f"play {move.color.letter} {vertex}")
    return commands


async def _converse(process: asyncio.subprocess.Process, position: Position) -> EngineOpinion:
    """Send every command at once (GTP engines read them in order), then read the answers."""
    assert process.stdin is not None and process.stdout is not None
    commands = ["name", *_commands(position), "final_status_list dead"]
    process.stdin.write("".join(f"{c}\n" for c in commands).encode())
    await process.stdin.drain()
    answers = [await _answer(process.stdout, command) for command in commands]
    name = answers[0].splitlines()[0].strip() if answers[0].strip() else "engine"
    try:
        dead = frozenset(parse_vertex(v, position.size) for v in answers[-1].split())
    except InvalidVertex as error:
        raise GtpError(f"final_status_list: {error}") from None
    return EngineOpinion(name, dead)


async def _answer(stdout: asyncio.StreamReader, command: str) -> str:
    """One GTP answer without its ``=``; raise GtpError."""
    return parse_answer(await read_lines(stdout, command), command, command)


async def _stop(process: asyncio.subprocess.Process, answered: bool) -> None:
    """End the engine: ``quit`` when it answered (killed if it lingers), else a kill; wait for
    it either way."""
    if process.returncode is None and answered and process.stdin is not None:
        with contextlib.suppress(ConnectionError, BrokenPipeError, TimeoutError):
            process.stdin.write(b"quit\n")
            await process.stdin.drain()
            await asyncio.wait_for(process.wait(), QUIT_SECONDS)
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    await process.wait()
