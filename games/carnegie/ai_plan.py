"""A plan for Carnegie's ``normal`` prior (issue 21): grow the company where its employees can
reach, and keep every round's action worth taking.

The frozen heuristic (``ai.value``) values each move on its own, so its company hardly grows:
new departments go to the far top row (3 VP) where the Lobby's employees need 3-5 of HR's
moves each to reach them, HR keeps one of its two workplaces empty, employees brought home lie
in the Lobby, and half the rounds pass with nothing to do. The plan adds what a player
building an engine weighs (``plan_value``, dollars like ``ai.value``; ``ai_search.CarnegiePrior``
adds it to the frozen valuation of every legal move):

* a new department goes near the Lobby (``Plan.near_lobby`` less per move from the Lobby);
* HR is staffed first (``hr_staff``): each employee there is 3 more moves every HR round;
* while Planning is staffed, a spare employee stands on an empty space (``stand_empty``):
  the department added there costs 1 goods instead of 2 and has its first employee;
* the HR row is worth what it can staff (``hr_row`` per employee: spare employees, empty
  workplaces and $2 each to activate them);
* solo: a row Andrew picks next round (the back of his top card, public, seed
  アンドリューのターン) is worth less (``dup_row``): the company gets that action anyway.

The plan is used in solo games only (see ``plan_value``). ``PLAN`` holds the weights
``normal`` plays, tuned by paired self-play of the prior alone
against Andrew (``tests/games/carnegie/tune_plan.py``; the rules tried and rejected, with
their numbers, are in docs/rules/carnegie.md). Pure rules code: no randomness, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import Move

from .model import distance
from .moves import Choose, Establish, MoveEmployee


@dataclass(frozen=True)
class Plan:
    """The plan's weights in the heuristic's dollars (``ai.VP_VALUE`` = $3.5 is 1 VP). Every
    weight 0 (``Plan()``) adds nothing: the session-27 prior."""

    near_lobby: float = 0.0
    """Establishing a department: less per employee move from the Lobby to its cell."""
    hr_staff: float = 0.0
    """Moving an employee onto an empty HR workplace."""
    stand_empty: float = 0.0
    """Moving an employee onto an empty space nobody stands on, while Planning is staffed."""
    hr_row: float = 0.0
    """The HR row, per employee it can place and activate."""
    dup_row: float = 0.0
    """A row, less when Andrew picks the same row next round."""


PLAN = Plan(near_lobby=2.0, hr_staff=4.0, stand_empty=4.0, hr_row=1.0, dup_row=3.0)
"""The weights ``normal`` plays. Tuned by paired self-play of the prior alone against Andrew
(``tune_plan screen``/``ascent``, seeds 0-99; checked on seeds 0-199 and 1000-1199, see
docs/rules/carnegie.md): hr_staff measured the same at 2, 4 and 8."""


def _open_workplaces(state: Any, seat: int) -> int:
    """Empty workplaces over the company's departments (no employee standing or lying)."""
    c = state.company(seat)
    n = 0
    for dept, cell in c.dept_cells().items():
        x = c.cells[cell]
        n += max(0, len(state.data.department[dept].workplaces) - x.active - x.inactive)
    return n


def andrew_next_row(state: Any) -> str | None:
    """The row Andrew picks next round when the player picks this one (solo): the back of his
    top card, which the view shows (seed アンドリューのターン); ``None`` otherwise."""
    a = state.andrew
    if a is None or a.picks or not a.deck:
        return None
    return str(state.card_index[a.deck[0]].back)


def plan_value(state: Any, seat: int, m: Move, plan: Plan = PLAN) -> float:
    """What the plan adds to the prior's valuation of ``m`` (dollars; 0 for most moves).

    Solo games only (against Andrew, where it was tuned): in 2-player games against ``easy``
    the searched ``normal`` with the plan won 70% of 40 against 96% without it (the same
    seeds), so there it adds nothing and ``normal`` plays session 27's prior."""
    if state.andrew is None:
        return 0.0
    c = state.company(seat)
    if isinstance(m, MoveEmployee):
        target = c.cells[m.to]
        if target.dept is None:
            planning = c.cell_of("planning")
            staffed = planning is not None and c.cells[planning].active > 0
            return plan.stand_empty if staffed and not target.employees else 0.0
        if target.dept == "hr":
            room = len(state.data.department["hr"].workplaces) - target.employees
            return plan.hr_staff if room > 0 else 0.0
        return 0.0
    if isinstance(m, Choose):
        v = -plan.dup_row if m.action == andrew_next_row(state) else 0.0
        if m.action == "hr":
            spare = c.lobby + sum(x.employees for x in c.cells.values() if x.dept is None)
            v += plan.hr_row * min(spare, _open_workplaces(state, seat), c.money // 2)
        return v
    if isinstance(m, Establish):
        return -plan.near_lobby * min(distance(k, m.cell, False) for k in c.lobby_cells())
    return 0.0
