"""The Kenchiku AI (games/kenchiku/ai.py) and the time-out default move.

``python -m tests.games.test_kenchiku_ai [games]`` prints the AI's 2-player win rate against
uniformly random play and how self-play games end (the numbers in the report).
"""

from __future__ import annotations

import sys
from collections import Counter

from games.core import get_game
from games.core.ai import RandomPolicy, play_out
from games.kenchiku import AI, KenchikuState, new_game
from games.kenchiku.moves import END_TURN, Build, Rest

from .test_kenchiku import company, play, scenario

SPEC = get_game("kenchiku")


def win_rate_against_random(games: int, base: int = 10_000) -> float:
    """Share of 2-player games the AI wins outright (seats alternate, seeds ``base``+)."""
    wins = 0
    for g in range(games):
        ai_seat = g % 2
        state, _ = play_out(SPEC, 2, base + g, policies={ai_seat: AI, 1 - ai_seat: RandomPolicy()})
        out = state.outcome()
        assert out is not None
        wins += out.winners == frozenset({ai_seat})
    return wins / games


def self_play_endings(games: int, seats: int, base: int = 20_000) -> Counter[str]:
    endings: Counter[str] = Counter()
    for g in range(games):
        state, _ = play_out(SPEC, seats, base + g)
        out = state.outcome()
        assert out is not None
        endings["trigger" if out.reason.startswith("The end") else "bankruptcy"] += 1
    return endings


def test_ai_levels_are_registered() -> None:
    """Issue 21: the frozen heuristic is ``easy``; the registered AI is the ``normal`` search."""
    from games.kenchiku.ai_search import HARD, NORMAL

    assert SPEC.ai_level("easy") is AI
    assert SPEC.ai is NORMAL is SPEC.ai_level("normal")
    assert SPEC.ai_level("hard") is HARD


def test_ai_beats_uniform_random_play() -> None:
    """Issue 6 §2: the AI wins most 2-player games against random play (measured: all of
    400; here 40 games, of which at least 36 must be won)."""
    assert win_rate_against_random(40) >= 0.9


def test_ai_self_play_ends_mostly_by_the_end_trigger() -> None:
    """Games between AIs finish, mostly by honour or a height-6 building, not bankruptcy."""
    endings = self_play_endings(30, 4) + self_play_endings(30, 2)
    assert endings["trigger"] >= 30, endings


def test_ai_repays_in_the_final_round() -> None:
    """A loan held at the end costs 15 honour and all money: the AI repays when it can."""
    st = scenario()
    company(st, 1, money=40, loan=True)
    st.end_triggered_by = 0
    st.end_cause = "test"
    st.current = 1
    play(st, "rest drop planning")
    assert st.repay_offered
    assert AI.choose(st, 1, st.rng).notation == "loan repay"


def test_default_move_is_done_after_the_action() -> None:
    st = new_game({}, 2, 1)
    company(st, 0, money=30, loan=True)
    play(st, "buy design")
    assert st.default_move(0) == END_TURN


def test_default_move_rests_returning_the_least_needed_marker() -> None:
    st = new_game({}, 2, 1)
    move = st.default_move(0)
    assert isinstance(move, Rest) and move in st.legal_moves(0)


def test_default_move_avoids_a_bankrupting_rest_when_it_can_build() -> None:
    """Resting with a loan and too little for the wages is bankruptcy (給料の支払いについて);
    the time-out builds for money instead when it can."""
    st = new_game({}, 2, 1)
    company(st, 0, money=1, loan=True)
    move = st.default_move(0)
    assert isinstance(move, Build) and move.reward == "money" and move in st.legal_moves(0)


def test_default_move_is_legal_through_a_game() -> None:
    state, _ = play_out(SPEC, 3, 5, on_move=_check_default)
    assert state.is_over()


def _check_default(state: KenchikuState, _seat: int, _move: object) -> None:
    for seat in state.to_act():
        assert state.default_move(seat) in state.legal_moves(seat)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print(f"AI vs uniform random, 2 players, {n} games: {win_rate_against_random(n):.3f}")
    for seats in (2, 3, 4):
        print(
            f"AI self-play, {seats} players, {n // 4} games:",
            dict(self_play_endings(n // 4, seats)),
        )
