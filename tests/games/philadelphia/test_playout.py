"""Whole games: random and AI seats finish; cards (85), items (15) and legality hold at every
move; views never show another seat's hand; replay reproduces the game; the AI beats random."""

from __future__ import annotations

import pytest

from games.core import GameRecord, Rng, replay
from games.core.ai import RandomPolicy, play_out
from games.philadelphia import SPEC
from games.philadelphia.ai import HeuristicPolicy
from games.philadelphia.state import PhilaState
from tests.contract.support import assert_no_leaks, views_of


def _check(state: PhilaState, seat: int, move: object) -> None:
    assert state.card_count() == 85
    assert state.item_count() == 15
    assert all(p.money >= 0 for p in state.players)
    for s in state.to_act():
        moves = state.legal_moves(s)
        assert moves, f"seat {s} must act but has no legal move"
        notations = [m.notation for m in moves]
        assert len(set(notations)) == len(notations)
    if state.moves_applied % 7 == 0:
        assert_no_leaks(state, views_of(state))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_finish_with_every_invariant(seats: int) -> None:
    for seed in range(8):
        state, record = play_out(
            SPEC, seats, seed, policies=lambda s: RandomPolicy(), on_move=_check
        )
        assert state.is_over()
        again = replay(GameRecord.from_dict(record.to_dict()))
        assert again.view(None) == state.view(None)
        assert all(again.view(s) == state.view(s) for s in range(seats))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ai_games_finish_in_a_sensible_number_of_rounds(seats: int) -> None:
    rounds = []
    for seed in range(10):
        state, _ = play_out(SPEC, seats, seed, on_move=_check)
        assert state.is_over()
        rounds.append(state.round)
    assert 5 <= sum(rounds) / len(rounds) <= 16, rounds


def test_ai_beats_random_play() -> None:
    """The issue's target: the AI wins at least 80% of 2-player games against uniform random
    play (200 seeded games here; tools/philadelphia_sim.py vs-random measures more)."""
    wins = 0
    for seed in range(200):
        ai = seed % 2
        state, _ = play_out(
            SPEC,
            2,
            seed,
            policies=lambda s, ai=ai: HeuristicPolicy() if s == ai else RandomPolicy(),
        )
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == {ai}
    assert wins >= 160, wins


def test_random_policy_moves_always_parse_back() -> None:
    state = PhilaState(3, 5)
    rng = Rng(9)
    for _ in range(300):
        if state.is_over():
            break
        seat = sorted(state.to_act())[0]
        move = rng.choice(list(state.legal_moves(seat)))
        assert state.parse_move(seat, move.notation) == move
        state.apply(seat, move)


def test_the_ai_plays_only_moves_the_legal_list_names() -> None:
    """The panel and autocomplete offer ``legal_moves``' notations: every move the AI makes is
    one of them, word for word (a flush names its jobs in one canonical, alphabetical order)."""
    for seats in (2, 3, 4):
        for seed in range(6):
            state = SPEC.new_game({}, seats, seed)
            rng = Rng(seed)
            policy = HeuristicPolicy()
            while not state.is_over():
                seat = min(state.to_act())
                move = policy.choose(state, seat, rng)
                assert move.notation in [m.notation for m in state.legal_moves(seat)]
                state.apply(seat, move)


@pytest.mark.parametrize("kind", ["never-post", "always-post", "hands-only"])
def test_no_fixed_simple_strategy_beats_the_ai(kind: str) -> None:
    """Issue 19: no fixed simple strategy wins more than 65% of 2-player games against the AI
    (120 seeded games here, the bot in either seat; tools/philadelphia_sim.py strategies
    measures 1,000 for 2, 3 and 4 players). The designer's note 2: a player who only submits
    hands should not beat one who also earns money."""
    from tools.philadelphia_sim import SimpleBot

    wins = 0.0
    games = 120
    for seed in range(games):
        bot = seed % 2
        state, _ = play_out(
            SPEC,
            2,
            31_000 + seed,
            policies=lambda s, b=bot: SimpleBot(kind) if s == b else HeuristicPolicy(),
        )
        outcome = state.outcome()
        assert outcome is not None
        if bot in outcome.winners:
            wins += 1 / len(outcome.winners)
    assert wins / games <= 0.65, (kind, wins / games)
