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
