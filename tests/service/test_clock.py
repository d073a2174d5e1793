"""Correspondence clocks: time controls, pauses, and their arithmetic on stored timestamps."""

from __future__ import annotations

import math

import pytest

from service.clock import (
    DAY,
    BadTimeControl,
    PlayerClock,
    TimeControl,
    TimeKind,
    counted,
    when_counted,
)

HOUR = 3600.0
THURSDAY = 1_767_268_800.0  # 2026-01-01 12:00 UTC
SATURDAY = THURSDAY + 1.5 * DAY  # 2026-01-03 00:00 UTC


@pytest.mark.parametrize(
    ("text", "kind", "canonical"),
    [
        ("none", TimeKind.NONE, "none"),
        ("14d", TimeKind.ABSOLUTE, "14d"),
        ("3d+1d", TimeKind.FISCHER, "3d+1d"),
        ("7d+3x1d", TimeKind.BYOYOMI, "7d+3x1d"),
        ("2d/move", TimeKind.SIMPLE, "2d/move"),
        ("1D12H+6h", TimeKind.FISCHER, "1d12h+6h"),
    ],
)
def test_time_controls_parse_and_print(text: str, kind: TimeKind, canonical: str) -> None:
    control = TimeControl.parse(text)
    assert control.kind is kind and control.text() == canonical
    assert TimeControl.parse(control.text()) == control


@pytest.mark.parametrize("text", ["", "3x", "3d+", "0d", "500d", "7d+0x1d", "2d/turn", "soon"])
def test_bad_time_controls(text: str) -> None:
    with pytest.raises(BadTimeControl):
        TimeControl.parse(text)


def test_fischer_adds_the_increment_up_to_the_cap() -> None:
    control = TimeControl.parse("3d+1d")
    clock = control.start()
    assert control.budget(clock) == 3 * DAY
    assert control.after_move(clock, HOUR).main == 3 * DAY  # capped at the main time
    clock = control.after_move(clock, 2.5 * DAY)
    assert clock.main == 1.5 * DAY
    assert control.after_move(clock, HOUR).main == 2.5 * DAY - HOUR


def test_byoyomi_spends_main_time_then_periods() -> None:
    control = TimeControl.parse("1d+3x1d")
    clock = control.start()
    assert control.budget(clock) == 4 * DAY
    clock = control.after_move(clock, 1.5 * DAY)  # main time gone, inside the first period
    assert clock == PlayerClock(0.0, 3)
    clock = control.after_move(clock, 1.5 * DAY)  # overran one period
    assert clock == PlayerClock(0.0, 2)
    assert control.budget(clock) == 2 * DAY


def test_simple_and_absolute() -> None:
    simple = TimeControl.parse("2d/move")
    assert simple.budget(simple.after_move(simple.start(), DAY)) == 2 * DAY
    absolute = TimeControl.parse("14d")
    assert absolute.budget(absolute.after_move(absolute.start(), 4 * DAY)) == 10 * DAY
    assert math.isinf(TimeControl.parse("none").budget(PlayerClock(0)))


def test_weekends_do_not_count_when_paused() -> None:
    monday = SATURDAY + 2 * DAY
    assert counted(THURSDAY, monday, weekend=False) == 3.5 * DAY
    assert counted(THURSDAY, monday, weekend=True) == 1.5 * DAY
    assert when_counted(THURSDAY, 2 * DAY, weekend=True) == monday + 0.5 * DAY
    assert when_counted(THURSDAY, DAY, weekend=True) == THURSDAY + DAY


def test_vacation_intervals_do_not_count() -> None:
    pause = [(THURSDAY + HOUR, THURSDAY + 3 * HOUR)]
    assert counted(THURSDAY, THURSDAY + 5 * HOUR, False, pause) == 3 * HOUR
    assert when_counted(THURSDAY, 2 * HOUR, False, pause) == THURSDAY + 4 * HOUR
    both = counted(THURSDAY, SATURDAY + 3 * DAY, True, [(SATURDAY - HOUR, SATURDAY + HOUR)])
    assert both == 1.5 * DAY - HOUR + DAY
