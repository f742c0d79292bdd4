"""The ``normal``/``hard`` search's Food Chain Magnate hooks (issue 21): what they change in
a rollout must leave the rollout's moves as they were, only cheaper."""

from __future__ import annotations

from typing import Any

from games.core import Move, Rng, Seat
from games.core.ai import play_out
from games.core.search import Budget, clone_state, search
from games.food_chain_magnate import SPEC
from games.food_chain_magnate.ai_search import HARD, HOOKS, NORMAL, FcmHooks, FcmPrior
from games.food_chain_magnate.model import Phase
from games.food_chain_magnate.moves import Recruit


def test_can_act_answers_as_the_legal_move_list_does() -> None:
    """``FcmHooks.can_act`` (the time-out move's refusal check) gives the same answer as
    building the legal moves, for every seat to act at every position of a 3-player game,
    every phase included (so the rollouts, and the decisions, are unchanged)."""
    prior = FcmPrior()
    phases: set[Phase] = set()
    checked = 0

    def check(state: Any, _seat: Seat, _move: Move) -> None:
        nonlocal checked
        for seat in sorted(state.to_act()):
            assert HOOKS.can_act(state, seat) == bool(state.legal_moves(seat)), (
                state.phase,
                seat,
            )
            checked += 1
        phases.add(state.phase)

    state, _ = play_out(SPEC, 3, 41, policies=lambda seat: prior, on_move=check)
    assert state.outcome() is not None
    assert {Phase.RESTRUCTURING, Phase.WORKING, Phase.PAYDAY, Phase.CLEANUP} <= phases
    assert checked > 500


def _first_recruit(seats: int, seed: int) -> tuple[Any, Seat]:
    """A copy of the first position of a prior self-play game where a seat at work is about
    to recruit."""
    prior = FcmPrior()
    state = SPEC.create({}, seats, seed)
    rng = Rng(seed)
    while not state.is_over():
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        seat = movers[rng.randrange(len(movers))]
        move = prior.choose(state, seat, Rng(seed))
        if state.phase == Phase.WORKING and isinstance(move, Recruit):
            return clone_state(state), seat
        state.apply(seat, move)
    raise AssertionError("nobody recruited")


def test_recruits_are_searched_in_two_player_games_only() -> None:
    """``FcmHooks.staff_seats``: with more players a hire is the prior's pick, with no
    rollout (the decision's CPU bound); with two the search compares other hires."""
    for seats, searched in ((2, True), (4, False)):
        state, seat = _first_recruit(seats, 7)
        cands = HOOKS.candidates(state, seat, Rng(1))
        assert isinstance(cands[0], Recruit)
        assert (len(cands) > 1) == searched, (seats, cands)
        result = search(state, seat, Rng(3), HOOKS, NORMAL.budget)
        assert (result.rollouts > 0) == searched
        if not searched:
            assert result.move == FcmPrior().choose(state, seat, Rng(1))


def test_hard_simulates_fewer_moves_with_more_players() -> None:
    """``FcmHooks.crowded_moves``: with more than two players ``hard``'s cap on simulated
    moves drops to 1,000 (its rollouts are twice as long); ``normal``'s (500) and every
    2-player budget stay as the level gives them."""
    two, four = SPEC.create({}, 2, 1), SPEC.create({}, 4, 1)
    assert HOOKS.budget_for(two, HARD.budget) == HARD.budget
    assert HOOKS.budget_for(four, NORMAL.budget) == NORMAL.budget
    assert HOOKS.budget_for(four, HARD.budget) == Budget(HARD.budget.rollouts, 1000)
    state, seat = _first_recruit(4, 7)
    hooks = FcmHooks(FcmPrior())
    hooks.staff_seats = 4  # search the hire, so the cap is what ends the search
    result = search(state, seat, Rng(3), hooks, Budget(rollouts=200, moves=5000))
    assert 1000 <= result.simulated < 1000 + 300 and result.rollouts < 200
