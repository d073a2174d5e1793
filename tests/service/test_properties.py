"""Properties: clock arithmetic inverts, events round-trip, stored games replay to the engine's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.colors import Color
from engine.coords import Point
from engine.game import Fill, Move, Resume
from service.clock import DAY, counted, when_counted
from service.model import decode_event, encode_event

moments = st.floats(min_value=1.7e9, max_value=1.8e9, allow_nan=False)
amounts = st.floats(min_value=0.0, max_value=60 * DAY, allow_nan=False)


@given(moments, amounts, st.booleans(), st.lists(st.tuples(amounts, amounts), max_size=3))
@settings(max_examples=300)
def test_when_counted_inverts_counted(
    start: float, amount: float, weekend: bool, raw: list[tuple[float, float]]
) -> None:
    pauses = [(start + a, start + a + b) for a, b in raw]
    end = when_counted(start, amount, weekend, pauses)
    assert end >= start
    assert abs(counted(start, end, weekend, pauses) - amount) < 1e-3
    assert counted(start, end + 1, weekend, pauses) >= amount - 1e-3


points = st.builds(Point, st.integers(0, 18), st.integers(0, 18))
colors = st.sampled_from([Color.BLACK, Color.WHITE])
events = st.one_of(
    st.builds(Move, colors, st.one_of(st.none(), points)),
    st.builds(Resume, colors),
    st.builds(Fill, st.lists(st.tuples(colors, points), min_size=1, max_size=5).map(tuple)),
)


@given(events)
def test_events_round_trip_through_their_text(event: Move | Resume | Fill) -> None:
    assert decode_event(encode_event(event), 19) == event
