"""AI levels (issue 21): every game registers ``easy``, ``normal`` and ``hard``; the search
levels play whole games with legal moves (on a small budget here: the budgets only change
how long they think) and are deterministic given their ``Rng``."""

from __future__ import annotations

import pytest

from games.core import InvalidOptions, Rng, get_game
from games.core.ai import play_out
from games.core.search import LEVELS, Budget, SearchPolicy

GAMES = ["carnegie", "food_chain_magnate", "kenchiku", "masters_of_commerce", "philadelphia"]


@pytest.mark.parametrize("key", GAMES)
def test_every_level_is_registered_and_normal_is_the_ai(key: str) -> None:
    spec = get_game(key)
    assert tuple(sorted(spec.levels)) == tuple(sorted(LEVELS))
    assert spec.ai is spec.ai_level("normal")
    for level in ("normal", "hard"):
        assert isinstance(spec.ai_level(level), SearchPolicy)
    assert not isinstance(spec.ai_level("easy"), SearchPolicy)
    hard, normal = spec.ai_level("hard"), spec.ai_level("normal")
    assert isinstance(hard, SearchPolicy) and isinstance(normal, SearchPolicy)
    assert hard.budget.rollouts > normal.budget.rollouts
    with pytest.raises(InvalidOptions, match="no AI level `expert`"):
        spec.ai_level("expert")


@pytest.mark.parametrize("key", GAMES)
def test_the_search_plays_a_whole_game_against_easy(key: str) -> None:
    """The game's search hooks on one seat (two rollouts a decision), ``easy`` elsewhere."""
    spec = get_game(key)
    normal = spec.ai_level("normal")
    assert isinstance(normal, SearchPolicy)
    small = SearchPolicy(normal.hooks, Budget(rollouts=2))
    seats = max(2, spec.min_players) if key != "carnegie" else 1
    state, record = play_out(spec, seats, 4242, policies={0: small})
    assert state.outcome() is not None
    assert any(seat == 0 for seat, _ in record.moves)


@pytest.mark.parametrize("key", ["kenchiku", "carnegie"])
def test_a_search_decision_is_deterministic_given_its_rng(key: str) -> None:
    spec = get_game(key)
    policy = spec.ai_level("normal")
    state = spec.create({}, 1 if key == "carnegie" else 2, 9)
    easy = spec.ai_level("easy")
    rng = Rng(1)
    for _ in range(12):  # a little way into the game
        seat = min(state.to_act())
        state.apply(seat, easy.choose(state, seat, rng))
    seat = min(state.to_act())
    assert policy.choose(state, seat, Rng(5)) == policy.choose(state, seat, Rng(5))
