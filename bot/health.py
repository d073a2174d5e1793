"""The heartbeat, for container health checks (a bot has no HTTP port to probe).

While the bot runs, :func:`beat` touches ``GOBOT_HEARTBEAT_FILE`` every :data:`HEARTBEAT_SECONDS`
from its event loop, and removes the file when the bot stops. ``gobot health`` (:func:`check`)
says the bot is healthy while the file is younger than :data:`MAX_AGE`: a bot that has stopped,
or whose event loop is stuck, stops touching it.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import time
from pathlib import Path

log = logging.getLogger(__name__)
HEARTBEAT_SECONDS = 30.0
MAX_AGE = 3 * HEARTBEAT_SECONDS
EXIT_HEALTHY, EXIT_UNHEALTHY, EXIT_NOT_SET = 0, 1, 2


async def beat(path: Path, every: float = HEARTBEAT_SECONDS) -> None:
    """Touch ``path`` now and every ``every`` seconds until cancelled; then remove it."""
    import asyncio  # not at the top: ``gobot``'s parser imports this module, and fast

    warned = False
    try:
        while True:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.touch()
            except OSError as error:
                if not warned:
                    log.warning("cannot write the heartbeat file %s: %s", path, error)
                    warned = True
            await asyncio.sleep(every)
    finally:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def check(path: Path, max_age: float = MAX_AGE, now: float | None = None) -> tuple[bool, str]:
    """Whether the heartbeat at ``path`` is fresh, and one line saying so."""
    try:
        touched = path.stat().st_mtime
    except FileNotFoundError:
        return False, f"unhealthy: no heartbeat file {path} (the bot is not running)"
    except OSError as error:
        return False, f"unhealthy: cannot read the heartbeat file {path} ({error.strerror})"
    age = max(0.0, (time.time() if now is None else now) - touched)
    if age > max_age:
        return False, (
            f"unhealthy: the last heartbeat is {age:.0f} s old (more than {max_age:g} s): "
            "the bot has stopped or is stuck"
        )
    return True, f"healthy: the last heartbeat is {age:.0f} s old"


def cmd_health(args: argparse.Namespace) -> int:
    """``gobot health``: exit 0 when the heartbeat is fresh, 1 when not, 2 when none is set."""
    from bot.config import ConfigError, load_config

    path: Path | None = args.file
    if path is None:
        try:
            path = load_config().heartbeat_file
        except ConfigError as error:
            print(error)
            return EXIT_NOT_SET
    if path is None:
        print("GOBOT_HEARTBEAT_FILE is not set: the bot writes no heartbeat to check")
        return EXIT_NOT_SET
    healthy, line = check(path, args.max_age)
    print(line)
    return EXIT_HEALTHY if healthy else EXIT_UNHEALTHY


def add_health_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``health`` sub-command of ``gobot``."""
    health = commands.add_parser(
        "health",
        help="check that the running bot's heartbeat is fresh (for container health checks)",
        description="Exit 0 when the heartbeat file (GOBOT_HEARTBEAT_FILE) was touched within "
        f"--max-age seconds (the bot touches it every {HEARTBEAT_SECONDS:g} s), 1 when it is "
        "older or missing, 2 when no heartbeat file is configured.",
    )
    health.add_argument(
        "--file", type=Path, help="the heartbeat file (default: GOBOT_HEARTBEAT_FILE)"
    )
    health.add_argument(
        "--max-age",
        type=float,
        default=MAX_AGE,
        metavar="SECONDS",
        help=f"the oldest heartbeat that counts as healthy (default {MAX_AGE:g})",
    )
    health.set_defaults(handler=cmd_health)
