"""The AI policy: legal moves only, finishes games, beats uniform random play."""

from __future__ import annotations

from games.core.ai import RandomPolicy, play_out
from games.food_chain_magnate import SPEC
from games.food_chain_magnate.ai import FcmPolicy
from games.food_chain_magnate.ai_search import NORMAL, FcmPrior


def test_ai_levels_are_registered() -> None:
    """Issue 21: the frozen heuristic is ``easy``; the registered AI plays ``normal``."""
    assert type(SPEC.ai_level("easy")) is FcmPolicy
    assert SPEC.ai is NORMAL is SPEC.ai_level("normal")


def test_ai_beats_random_in_two_player_games() -> None:
    wins = 0
    games = 10
    for seed in range(games):
        ai_seat = seed % 2
        policies = {ai_seat: SPEC.ai_level("easy"), 1 - ai_seat: RandomPolicy()}
        state, _ = play_out(SPEC, 2, 500 + seed, policies=policies, max_moves=20_000)
        out = state.outcome()
        assert out is not None
        wins += ai_seat in out.winners
    assert wins >= 8, f"the AI won only {wins} of {games} games against random play"


def test_ai_plays_the_intro_game_to_its_end() -> None:
    state, _ = play_out(SPEC, 4, 77, options={"intro": True})
    assert state.outcome() is not None and state.breaks == 1


def test_normal_heuristic_builds_houses_restaurants_and_trains_marketeers() -> None:
    """Issue 21: the ``normal`` heuristic (the search's prior) places houses or gardens,
    opens a restaurant at work and trains marketing trainees on (four of them, one game)."""
    from games.food_chain_magnate.ai_search import play_features

    moves = []
    prior = FcmPrior()
    state, record = play_out(
        SPEC, 4, 900, policies=lambda seat: prior, on_move=lambda st, s, m: moves.append(m)
    )
    assert state.outcome() is not None
    features = play_features(moves)
    assert features["houses_gardens"] and features["second_restaurants"], features
    assert any(n.startswith("train marketing_trainee") for _, n in record.moves)
