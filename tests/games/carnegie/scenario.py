"""Scenario helper for Carnegie rule tests: build a game, skip or script the setup, put a seat
into a turn of a given action, and play or refuse moves by notation."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from games.carnegie import SPEC
from games.carnegie.data import ACTIONS
from games.carnegie.model import Cell
from games.carnegie.phases import Phase
from games.carnegie.state import CarnegieState
from games.carnegie.timeline import Event, select
from games.carnegie.turn import new_turn
from games.core import GameError


def game(n: int = 2, seed: int = 7, **options: Any) -> CarnegieState:
    """A new game (setup steps still to play)."""
    state = SPEC.create(options, n, seed)
    assert isinstance(state, CarnegieState)
    return state


def finish_setup(g: CarnegieState) -> CarnegieState:
    """Play setup with the first legal placement and reserve, and no setup moves."""
    while g.phase in (Phase.SETUP_PROJECTS, Phase.SETUP_MOVES):
        seat = min(g.to_act())
        g.apply(
            seat,
            g.legal_moves(seat)[0]
            if g.phase == Phase.SETUP_PROJECTS
            else g.parse_move(seat, "end"),
        )
    return g


def ready(n: int = 2, seed: int = 7, **options: Any) -> CarnegieState:
    """A game at round 1's action selection."""
    return finish_setup(game(n, seed, **options))


def turn(g: CarnegieState, seat: int, action: str, event: Event | None = None) -> CarnegieState:
    """Put ``seat`` into its turn of ``action`` (the round's row; its event is not played)."""
    row = ACTIONS.index(action)
    if g.round == 0:
        g.round = 1
    g.action = action
    g.selection = select(g.discs, row)
    g.event = event or Event(None, False)
    g.phase = Phase.TURN
    g.queue = [seat]
    g.turn = new_turn(g, seat)
    return g


def play(g: CarnegieState, seat: int, *notations: str) -> list[str]:
    events: list[str] = []
    for text in notations:
        events += g.apply(seat, g.parse_move(seat, text))
    return events


def refused(g: CarnegieState, seat: int, notation: str, match: str = "") -> str:
    """Assert ``notation`` is refused with a sentence containing ``match`` and changes nothing."""
    before = dataclasses.asdict(g.view(seat))
    move = g.parse_move(seat, notation)
    reason = g.refusal(seat, move)
    assert reason is not None, f"`{notation}` was allowed"
    assert match.lower() in reason.lower(), reason
    assert move not in g.legal_moves(seat)
    with pytest.raises(GameError):
        g.apply(seat, move)
    assert dataclasses.asdict(g.view(seat)) == before
    return reason


def legal(g: CarnegieState, seat: int) -> set[str]:
    return {m.notation for m in g.legal_moves(seat)}


def put(
    g: CarnegieState, seat: int, cell: str, dept: str | None, active: int = 0, inactive: int = 0
) -> None:
    """Set a company cell directly (a department and its employees)."""
    c = g.company(seat)
    c.set_dept(cell, None)
    c.cells[cell] = Cell(None, active, inactive)
    c.set_dept(cell, dept)


def employees_ok(g: CarnegieState) -> None:
    for c in g.companies:
        assert c.employees_total() == 15
