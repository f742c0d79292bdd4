"""The Carnegie AI policy finishes games and beats uniform random play (issue #10: >= 80% of
2-player games)."""

from __future__ import annotations

import pytest

from games.carnegie import POLICY, SPEC
from games.core.ai import RandomPolicy, play_out


def test_ai_beats_random_in_two_player_games() -> None:
    games, wins = 20, 0
    for seed in range(games):
        ai = seed % 2  # alternate seats

        def policy(s: int, ai: int = ai) -> object:
            return POLICY if s == ai else RandomPolicy()

        state, _ = play_out(SPEC, 2, seed, policies=policy)  # type: ignore[arg-type]
        out = state.outcome()
        assert out is not None
        wins += out.winners == {ai}
    assert wins >= 0.8 * games


@pytest.mark.parametrize("n, departments", [(1, "base"), (3, "expansion"), (4, "mixed")])
def test_ai_finishes_games(n: int, departments: str) -> None:
    state, record = play_out(SPEC, n, 11, options={"departments": departments})
    out = state.outcome()
    assert out is not None and len(record.moves) < 2000
    assert all(score > 0 for score in out.scores.values())


def test_normal_prior_counts_the_cities_left_to_join_two_major_cities() -> None:
    """``join_cost``: Chicago and New York are joined through Pittsburgh (their common
    neighbour): 3 cities to build in from nothing, 1 with both majors built, 0 with the three;
    a build in Pittsburgh is then worth more to the prior than the frozen valuation says."""
    from games.carnegie.ai import value
    from games.carnegie.ai_search import join_cost, prior_value
    from games.carnegie.moves import Build

    state = SPEC.create({}, 1, 1)
    assert join_cost(state, set()) == 3
    assert join_cost(state, {"chicago", "new-york"}) == 1
    assert join_cost(state, {"chicago", "new-york", "pittsburgh"}) == 0
    state.company(0).projects[:] = [("chicago", 0, "rail"), ("new-york", 0, "rail")]
    move = Build("rail", "pittsburgh", None, "construction")
    assert prior_value(state, 0, move) == value(state, 0, move) + 7.0 + 14.0
