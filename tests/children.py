"""Child processes of the multi-process tests: a module of ``tests`` run with this interpreter,
from the project's root, its standard output and error piped."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


async def start_child(module: str, *args: str) -> asyncio.subprocess.Process:
    """``python -m module args…`` with the project importable."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        module,
        *args,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


POLL = 0.005  # seconds between two looks at a barrier's files
GO = "go"


class Barrier:
    """Lets child processes start something at the same moment without agreeing on a time:
    each child says it is ready (:func:`arrive`, a file in ``directory``), and once all of them
    are, the parent lets them go at once (:meth:`release`)."""

    def __init__(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.directory = directory

    def __str__(self) -> str:
        return str(self.directory)

    async def release(
        self, children: list[asyncio.subprocess.Process], timeout: float = 60.0
    ) -> None:
        """Wait until every child is ready (or one has ended: it will not come), then let them
        all go."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + timeout
        while len(list(self.directory.glob("ready-*"))) < len(children):
            if any(child.returncode is not None for child in children):
                break
            if loop.time() > give_up:
                raise TimeoutError(f"the children did not get ready within {timeout} s")
            await asyncio.sleep(POLL)
        (self.directory / GO).touch()


async def arrive(directory: str) -> None:
    """In a child: say this process is ready, then wait until the parent lets all go."""
    folder = Path(directory)
    (folder / f"ready-{os.getpid()}").touch()
    while not (folder / GO).exists():
        await asyncio.sleep(POLL)
