"""Glicko-2 (club.glicko2): the paper's example, idle periods, even, drawn and handicap games."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.glicko2 import MAX_DEVIATION, SCALE, TAU, Rating, rate, rate_game
from club.ranks import rank_of, rating_of

PAPER_PLAYER = Rating(1500.0, 200.0, 0.06)
PAPER_RESULTS = [
    (Rating(1400.0, 30.0), 1.0),
    (Rating(1550.0, 100.0), 0.0),
    (Rating(1700.0, 300.0), 0.0),
]


def test_a_new_player():
    assert Rating() == Rating(1500.0, 350.0, 0.06)
    assert TAU == 0.5


def test_the_papers_worked_example():
    after = rate(PAPER_PLAYER, PAPER_RESULTS)
    # The paper prints 1464.06 / 151.52 / 0.05999 (from rounded intermediate values; at full
    # precision the rating is 1464.0507)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_order_of_the_results_does_not_matter():
    forward = rate(PAPER_PLAYER, PAPER_RESULTS)
    backward = rate(PAPER_PLAYER, PAPER_RESULTS[::-1])
    assert backward.rating == pytest.approx(forward.rating, abs=1e-9)
    assert backward.deviation == pytest.approx(forward.deviation, abs=1e-9)
    assert backward.volatility == pytest.approx(forward.volatility, abs=1e-12)


def test_a_period_without_games_only_grows_the_deviation():
    after = rate(PAPER_PLAYER, [])
    assert after.rating == PAPER_PLAYER.rating
    assert after.volatility == PAPER_PLAYER.volatility
    # step 6: φ* = sqrt(φ² + σ²)
    expected = SCALE * math.sqrt((200.0 / SCALE) ** 2 + 0.06**2)
    assert after.deviation == pytest.approx(expected, abs=1e-9)
    assert 200.0 < after.deviation < 200.5


def test_the_deviation_is_capped_at_350():
    assert rate(Rating(), []) == Rating()
    rating = Rating(1700.0, 100.0, 0.06)
    for _ in range(10_000):
        rating = rate(rating, [])
    assert rating.deviation == MAX_DEVIATION == 350.0
    assert rating.rating == 1700.0


def test_an_even_game_between_equals_is_zero_sum():
    equal = Rating(1500.0, 120.0, 0.06)
    black, white = rate_game(equal, equal, 1.0)
    assert black.rating - equal.rating == pytest.approx(equal.rating - white.rating, abs=1e-9)
    assert black.rating > equal.rating > white.rating
    assert black.deviation == pytest.approx(white.deviation, abs=1e-9)
    assert black.deviation < equal.deviation
    assert white.deviation < equal.deviation


def test_rate_game_is_rate_with_one_result_each():
    black, white = Rating(1620.0, 90.0, 0.059), Rating(1480.0, 140.0, 0.061)
    after_black, after_white = rate_game(black, white, 0.0)
    assert after_black == rate(black, [(white, 0.0)])
    assert after_white == rate(white, [(black, 1.0)])


def test_colour_does_not_matter_in_an_even_game():
    a, b = Rating(1620.0, 90.0, 0.059), Rating(1480.0, 140.0, 0.061)
    a_black, b_white = rate_game(a, b, 1.0)
    b_black, a_white = rate_game(b, a, 0.0)
    assert (a_black, b_white) == (a_white, b_black)


def test_an_upset_moves_more_than_the_expected_result():
    strong, weak = Rating(1800.0, 80.0), Rating(1500.0, 80.0)
    upset_weak, upset_strong = rate_game(weak, strong, 1.0)
    expected_weak, expected_strong = rate_game(weak, strong, 0.0)
    assert upset_weak.rating - weak.rating > weak.rating - expected_weak.rating > 0
    assert strong.rating - upset_strong.rating > expected_strong.rating - strong.rating > 0


def test_a_draw_between_equals_changes_no_rating():
    equal = Rating(1500.0, 120.0, 0.06)
    black, white = rate_game(equal, equal, 0.5)
    assert black.rating == pytest.approx(1500.0, abs=1e-9)
    assert white.rating == pytest.approx(1500.0, abs=1e-9)
    assert black.deviation < equal.deviation


def test_a_draw_pulls_the_two_ratings_together():
    strong, weak = Rating(1800.0, 80.0), Rating(1500.0, 80.0)
    after_weak, after_strong = rate_game(weak, strong, 0.5)
    assert weak.rating < after_weak.rating < after_strong.rating < strong.rating
    win_weak, _ = rate_game(weak, strong, 1.0)
    loss_weak, _ = rate_game(weak, strong, 0.0)
    assert loss_weak.rating < after_weak.rating < win_weak.rating


def _weaker_by(white: Rating, ranks: int) -> Rating:
    return Rating(rating_of(rank_of(white.rating) - ranks), white.deviation, white.volatility)


@pytest.mark.parametrize("stones", range(2, 10))
@pytest.mark.parametrize("white_rating", [1000.0, 1500.0, 2000.0])
def test_a_fair_handicap_makes_the_game_even(stones, white_rating):
    white = Rating(white_rating, 80.0, 0.06)
    black = _weaker_by(white, stones)
    # the changes are those of an even game between two equal players
    equal = Rating(black.rating, 80.0, 0.06)
    equal_winner, equal_loser = rate_game(equal, equal, 1.0)
    after_black, after_white = rate_game(black, white, 1.0, handicap=stones)
    assert after_black.rating - black.rating == pytest.approx(
        equal_winner.rating - equal.rating, abs=1e-6
    )
    assert after_white.rating - white.rating == pytest.approx(
        equal_loser.rating - equal.rating, abs=1e-6
    )


@pytest.mark.parametrize("stones", range(2, 10))
def test_a_handicap_win_moves_ratings_less_than_an_even_upset(stones):
    white = Rating(2000.0, 80.0, 0.06)
    black = _weaker_by(white, stones)
    handicap_black, handicap_white = rate_game(black, white, 1.0, handicap=stones)
    upset_black, upset_white = rate_game(black, white, 1.0)
    black_gain = handicap_black.rating - black.rating
    white_loss = white.rating - handicap_white.rating
    assert 0 < black_gain < upset_black.rating - black.rating
    assert 0 < white_loss < white.rating - upset_white.rating
    # each player's stored rating moves from their real rating, not from the adjusted one
    assert abs(handicap_white.rating - white.rating) < 20
    assert abs(handicap_black.rating - black.rating) < 20


def test_a_nine_stone_win_moves_ratings_about_half_as_much_as_an_even_upset():
    white = Rating(2000.0, 80.0, 0.06)  # 1d against 10k
    black = _weaker_by(white, 9)
    handicap_black, handicap_white = rate_game(black, white, 1.0, handicap=9)
    upset_black, upset_white = rate_game(black, white, 1.0)
    assert handicap_black.rating - black.rating < 0.55 * (upset_black.rating - black.rating)
    assert white.rating - handicap_white.rating < 0.55 * (white.rating - upset_white.rating)


def test_losing_a_fair_handicap_game_as_white_costs_as_much_as_losing_to_an_equal():
    white = Rating(1500.0, 80.0)
    black = _weaker_by(white, 4)
    _, lost = rate_game(black, white, 1.0, handicap=4)
    _, won = rate_game(black, white, 0.0, handicap=4)
    assert white.rating - lost.rating == pytest.approx(won.rating - white.rating, abs=1e-6)


@pytest.mark.parametrize("score", [-0.1, 1.5, math.nan])
def test_scores_are_between_zero_and_one(score):
    with pytest.raises(ValueError, match="score"):
        rate(Rating(), [(Rating(), score)])
    with pytest.raises(ValueError, match="score"):
        rate_game(Rating(), Rating(), score)


def test_bad_arguments():
    with pytest.raises(ValueError, match="handicap"):
        rate_game(Rating(), Rating(), 1.0, handicap=-2)
    with pytest.raises(ValueError, match="tau"):
        rate(Rating(), [(Rating(), 1.0)], tau=0.0)
    with pytest.raises(ValueError, match="positive finite rating"):
        rate_game(Rating(-10.0), Rating(), 1.0, handicap=2)


@pytest.mark.parametrize(
    "fields",
    [
        (math.nan, 100.0, 0.06),
        (math.inf, 100.0, 0.06),
        (1500.0, 0.0, 0.06),
        (1500.0, -1.0, 0.06),
        (1500.0, math.inf, 0.06),
        (1500.0, 100.0, 0.0),
        (1500.0, 100.0, math.nan),
    ],
)
def test_a_rating_is_checked(fields):
    with pytest.raises(ValueError, match="a rating needs"):
        Rating(*fields)


def test_the_expected_result_against_a_far_away_opponent_changes_almost_nothing():
    me, far = Rating(1500.0, 30.0, 0.06), Rating(100_000.0, 30.0, 0.06)
    idle_me, idle_far = rate(me, []), rate(far, [])
    lost, won = rate_game(me, far, 0.0)
    for after, idle in ((lost, idle_me), (won, idle_far)):
        assert after.rating == pytest.approx(idle.rating, abs=1e-6)
        assert after.deviation == pytest.approx(idle.deviation, abs=1e-6)
        assert after.volatility == pytest.approx(idle.volatility, abs=1e-9)


def test_an_upset_too_unlikely_for_floats_counts_as_no_game():
    # E is about e^-540: the estimated improvement Δ overflows when squared
    me, far = Rating(1500.0, 30.0, 0.06), Rating(100_000.0, 30.0, 0.06)
    assert rate_game(me, far, 1.0) == (rate(me, []), rate(far, []))


ratings = st.builds(
    Rating,
    rating=st.floats(min_value=100.0, max_value=3500.0),
    deviation=st.floats(min_value=30.0, max_value=350.0),
    volatility=st.floats(min_value=0.03, max_value=0.1),
)
scores = st.sampled_from([0.0, 0.5, 1.0])


def _sane(rating: Rating) -> bool:
    return (
        math.isfinite(rating.rating)
        and 0.0 < rating.deviation <= 350.0
        and math.isfinite(rating.volatility)
        and rating.volatility > 0.0
    )


@given(ratings, ratings, scores, st.integers(min_value=0, max_value=9))
def test_a_game_keeps_ratings_sane_and_moves_them_the_right_way(black, white, score, handicap):
    after_black, after_white = rate_game(black, white, score, handicap)
    assert _sane(after_black)
    assert _sane(after_white)
    if score == 1.0:
        assert after_black.rating >= black.rating
        assert after_white.rating <= white.rating
    elif score == 0.0:
        assert after_black.rating <= black.rating
        assert after_white.rating >= white.rating


@given(ratings, st.lists(st.tuples(ratings, scores), max_size=12))
def test_a_period_keeps_ratings_sane(player, results):
    after = rate(player, results)
    assert _sane(after)
    if results and all(score == 1.0 for _, score in results):
        assert after.rating >= player.rating
    if results and all(score == 0.0 for _, score in results):
        assert after.rating <= player.rating
    if not results:
        assert after.rating == player.rating
        assert after.deviation >= min(player.deviation, 350.0)


@given(
    st.builds(
        Rating,
        rating=st.floats(min_value=-1e6, max_value=1e6),
        deviation=st.floats(min_value=1e-3, max_value=1e4),
        volatility=st.floats(min_value=1e-4, max_value=2.0),
    ),
    st.lists(
        st.tuples(
            st.builds(
                Rating,
                rating=st.floats(min_value=-1e6, max_value=1e6),
                deviation=st.floats(min_value=1e-3, max_value=1e4),
                volatility=st.floats(min_value=1e-4, max_value=2.0),
            ),
            scores,
        ),
        max_size=5,
    ),
)
def test_far_out_ratings_stay_sane(player, results):
    assert _sane(rate(player, results))
