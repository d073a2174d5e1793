"""Rules every test keeps, checked on the tests' source: no sleep longer than ``LONGEST`` seconds
(a test that must wait for a time moves a fake clock, :class:`tests.fakes.clock.FakeClock`, or
waits for the event itself), and no assertion that reads the wall clock (a busy machine makes any
bound on elapsed time flaky)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

TESTS = Path(__file__).resolve().parent
LONGEST = 0.05  # seconds: a short poll or a yield, never a wait for something to happen
WALL_CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns"}


@functools.cache
def sources() -> list[tuple[str, ast.Module]]:
    return [
        (str(path.relative_to(TESTS.parent)), ast.parse(path.read_text(), str(path)))
        for path in sorted(TESTS.rglob("*.py"))
    ]


def seconds_of(call: ast.Call) -> object:
    """The constant a ``sleep(...)`` call waits (None when it is computed)."""
    argument = call.args[0] if call.args else None
    for keyword in call.keywords:
        if keyword.arg in ("delay", "seconds", "secs"):
            argument = keyword.value
    return argument.value if isinstance(argument, ast.Constant) else None


def is_sleep(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name == "sleep"


def reads_wall_clock(node: ast.AST) -> bool:
    """Whether ``node`` calls ``time.monotonic()``, ``time.perf_counter()``, ``time.time()``…"""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
            owner = inner.func.value
            if (
                isinstance(owner, ast.Name)
                and owner.id == "time"
                and inner.func.attr in WALL_CLOCKS
            ):
                return True
    return False


def test_no_test_sleeps_longer_than_a_poll() -> None:
    long = [
        f"{path}:{node.lineno} sleeps {seconds_of(node)} s"
        for path, tree in sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and is_sleep(node)
        if isinstance(seconds := seconds_of(node), int | float) and seconds > LONGEST
    ]
    assert long == []


def test_no_assertion_reads_the_wall_clock() -> None:
    timed = [
        f"{path}:{node.lineno}"
        for path, tree in sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.Assert) and reads_wall_clock(node.test)
    ]
    assert timed == []


def test_the_rules_catch_what_they_are_for() -> None:
    """The checks above find a long sleep and a bound on elapsed time (and pass short ones)."""
    long = 0.3  # a literal in the parsed source, not a sleep of this test
    tree = ast.parse(
        "async def f():\n"
        f"    await asyncio.sleep({long})\n"
        "    time.sleep(delay=2)\n"
        "    await asyncio.sleep(0.01)\n"
        "    await asyncio.sleep(wait)\n"
        "    assert time.monotonic() - started < 5\n"
    )
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and is_sleep(n)]
    calls.sort(key=lambda call: call.lineno)
    assert [seconds_of(call) for call in calls] == [0.3, 2, 0.01, None]
    [check] = [n for n in ast.walk(tree) if isinstance(n, ast.Assert)]
    assert reads_wall_clock(check.test)
