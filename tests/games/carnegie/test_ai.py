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
