"""The ``normal``/``hard`` search's Food Chain Magnate hooks (issue 21): what they change in
a rollout must leave the rollout's moves as they were, only cheaper."""

from __future__ import annotations

from typing import Any

from games.core import Move, Seat
from games.core.ai import play_out
from games.food_chain_magnate import SPEC
from games.food_chain_magnate.ai_search import HOOKS, FcmPrior
from games.food_chain_magnate.model import Phase


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
