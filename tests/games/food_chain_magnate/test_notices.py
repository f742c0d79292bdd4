"""Secret simultaneous choices are announced privately (issue 9, "Restructuring is secret and
simultaneous"; seed 000 setup and phase 1): every chooser gets a notice with their panel."""

from __future__ import annotations

import games.food_chain_magnate  # noqa: F401  (registers the game)
from games.core import Rng, get_game
from games.core.registry import start
from games.food_chain_magnate.model import Phase


def _play_until(state, rng, phase, moves=2000):  # type: ignore[no-untyped-def]
    spec = get_game("food_chain_magnate")
    for _ in range(moves):
        seat = sorted(state.to_act())[0]
        move = spec.ai.choose(state, seat, rng)
        state.apply(seat, move)
        notices = state.notices(seat, move)
        if state.phase == phase:
            return move, notices
    raise AssertionError(f"never reached {phase}")


def test_reserve_choice_and_restructuring_are_announced_to_every_chooser() -> None:
    spec = get_game("food_chain_magnate")
    _, state = start(spec, {}, 3, 5)
    rng = Rng(1)
    _, notices = _play_until(state, rng, Phase.SETUP_RESERVE)
    assert set(notices) == {0, 1, 2}
    assert all(n.panel and "reserve" in n.text for n in notices.values())
    _, notices = _play_until(state, rng, Phase.RESTRUCTURING)
    assert set(notices) == set(state.to_act()) and notices
    assert all(n.panel and "Turn 2, restructuring" in n.text for n in notices.values())
    # Choosing inside the phase tells nobody anything.
    seat = sorted(state.to_act())[0]
    move = state.legal_moves(seat)[0]
    state.apply(seat, move)
    assert state.notices(seat, move) == {}
