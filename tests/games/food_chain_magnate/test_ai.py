"""The AI policy: legal moves only, finishes games, beats uniform random play."""

from __future__ import annotations

from games.core.ai import RandomPolicy, play_out
from games.food_chain_magnate import SPEC
from games.food_chain_magnate.ai import FcmPolicy


def test_ai_is_the_registered_policy() -> None:
    assert isinstance(SPEC.ai, FcmPolicy)


def test_ai_beats_random_in_two_player_games() -> None:
    wins = 0
    games = 10
    for seed in range(games):
        ai_seat = seed % 2
        policies = {ai_seat: SPEC.ai, 1 - ai_seat: RandomPolicy()}
        state, _ = play_out(SPEC, 2, 500 + seed, policies=policies, max_moves=20_000)
        out = state.outcome()
        assert out is not None
        wins += ai_seat in out.winners
    assert wins >= 8, f"the AI won only {wins} of {games} games against random play"


def test_ai_plays_the_intro_game_to_its_end() -> None:
    state, _ = play_out(SPEC, 4, 77, options={"intro": True})
    assert state.outcome() is not None and state.breaks == 1
