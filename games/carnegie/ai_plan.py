"""A plan for Carnegie's ``normal`` prior (issue 21): grow the company, then convert it.

The frozen heuristic (``ai.value``) values each move on its own, so its company never grows:
employees sent on missions come home to the Lobby and stay there, Construction and Commerce
stand empty, the reserve is never hired and half the rounds pass with nothing to do. The plan
adds what a player who builds an engine would weigh (``plan_value``, added to the prior's
valuation in ``ai_search.CarnegiePrior``):

* staffing: an employee moved onto a department whose action has nobody active is worth more
  (every round of that action is otherwise wasted), Construction most while project disks wait;
* the HR row is worth what it can staff (employees to place, workplaces to fill, money to
  activate them);
* hiring: Recruiting's new employee is worth more while the reserve holds employees and
  workplaces wait for them;
* goods: Commerce's goods are preferred while project disks and a department to add need them;
* departments: in the opening (rounds up to ``Plan.opening``) the engine departments
  (Purchasing, Recruiting, Outsourcing) are preferred; a department on the top row scores more.

Each weight is a ``Plan`` field; ``PLAN`` holds the values tuned by self-play against Andrew
(see ``Plan``). Pure rules code: no randomness, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import Move

from .ai import VP_VALUE
from .model import distance
from .moves import Choose, Establish, MoveEmployee, Use


@dataclass(frozen=True)
class Plan:
    """The plan's weights, in the heuristic's dollars (``ai.VP_VALUE`` $ = 1 VP); 0 turns a
    rule off (the prior is then exactly the session-27 prior)."""

    cover: float = 0.0
    """Moving an employee onto a department whose action has no active employee."""
    build_staff: float = 0.0
    """Moving an employee onto Construction while project disks wait."""
    hr_row: float = 0.0
    """The HR row, per employee it can place and activate."""
    hire: float = 0.0
    """Recruiting's new employee while the reserve holds employees."""
    goods_need: float = 0.0
    """Commerce/Purchasing goods while the disks and a department to add need goods."""
    engine: float = 0.0
    """Establishing an engine department in the opening."""
    opening: int = 8
    """Last round of the opening."""
    dept_vp: float = 0.0
    """Establishing a department, per VP its cell scores (3 top row, 2 others)."""
    near_lobby: float = 0.0
    """Establishing a department, less per employee move from the Lobby to its cell."""
    stand_empty: float = 0.0
    """Moving an employee onto an empty space while Planning can add a department there."""
    hr_staff: float = 0.0
    """Moving an employee onto HR (3 more moves every HR round)."""
    move_cost: float = 0.0
    """Moving an employee onto a department, less per move it costs."""
    econ_staff: float = 0.0
    """Moving an employee onto Commerce (the money and goods every other use needs)."""
    mgmt_row: float = 0.0
    """The Management row, per department Planning can add with the goods at hand (those
    Commerce makes first included)."""
    dup_row: float = 0.0
    """A row less when Andrew picks the same row next round (solo: the top card's back,
    public, names his row): the company gets that action anyway."""
    hire_income: float = 0.0
    """A mission to a region whose transport income (at the company's box) is a new
    employee, while the reserve holds employees (each one brought home hires one)."""
    keep_hire: float = 0.0
    """``research_rate``: VP per study point less for a transport step that leaves the box
    paying a new employee while the reserve holds employees."""
    late_mission: float = 0.0
    """A mission in the last two rounds, less (in VP): the employee will not be home and
    active at the end (1 VP each, seed 得点計算); builds are not counted (a project is worth
    more)."""
    disk_worth: float = 4.0
    """``research_rate``: VP a new project disk is worth with 8 or more rounds left."""
    path_share: float = 0.5
    """``research_rate``: share of a tab's VP spaces still ahead credited to a step."""
    track_scale: float = 1.0
    """``research_rate``: a transport step's frozen value is multiplied by this."""
    hire_staff: float = 0.0
    """Moving an employee onto Recruiting while the reserve holds employees."""


PLAN = Plan(near_lobby=2.0, stand_empty=4.0, hr_staff=4.0, hr_row=1.0, dup_row=3.0)
"""The weights ``normal`` plays: tuned by paired self-play of the prior alone against Andrew
(``tests/games/carnegie/tune_plan.py``, seeds 0-199; see docs/rules/carnegie.md)."""

ENGINE_KINDS = frozenset({"purchasing", "recruiting", "outsourcing"})


def _action_staffed(state: Any, seat: int) -> dict[str, int]:
    """Active employees (HR's printed one included) per action over the usable departments."""
    c = state.company(seat)
    out = {"hr": 0, "management": 0, "construction": 0, "rd": 0}
    for dept, cell in c.dept_cells().items():
        info = state.data.department[dept]
        if info.use in ("ongoing", "endgame"):
            continue
        out[info.type] += c.cells[cell].active + (1 if info.printed_employee else 0)
    return out


def _disks(state: Any, seat: int) -> int:
    c = state.company(seat)
    return sum(c.tab_disks(t, state.data) for t in state.data.tab)


def _open_workplaces(state: Any, seat: int) -> int:
    c = state.company(seat)
    n = 0
    for dept, cell in c.dept_cells().items():
        x = c.cells[cell]
        n += max(0, len(state.data.department[dept].workplaces) - x.active - x.inactive)
    return n


def hires(state: Any, seat: int, region: str) -> bool:
    """Whether an employee brought home from ``region`` hires one (the company's box on that
    transport track pays a new employee, and the reserve holds one)."""
    c = state.company(seat)
    income = state.data.tracks[region].income[c.tracks[region]]
    return bool(income.employee) and c.aside > 0


def _is_mission(state: Any, m: Use) -> bool:
    info = state.data.department[m.dept]
    return info.use == "mission" or (m.dept == "commerce" and m.region is not None)


def _andrew_next_row(state: Any) -> str | None:
    """The row Andrew picks next round (solo, when the locomotive goes to him): the back of
    his top card, which the view shows (seed アンドリューのターン); ``None`` otherwise."""
    a = state.andrew
    if a is None or a.picks or not a.deck:
        return None
    return str(state.card_index[a.deck[0]].back)


def _departments_possible(state: Any, seat: int) -> int:
    """Departments Planning could add this round: one per active Planning employee, while
    empty spaces and goods last (Commerce's goods, 1 each, included; a space where an
    employee stands costs 1 goods, another 2)."""
    c = state.company(seat)
    planning = c.cell_of("planning")
    if planning is None:
        return 0
    uses = c.cells[planning].active
    commerce = c.cell_of("commerce")
    goods = c.goods + (c.cells[commerce].active if commerce is not None else 0)
    manned = sum(1 for x in c.cells.values() if x.dept is None and x.employees)
    empty = sum(1 for x in c.cells.values() if x.dept is None)
    n = 0
    while n < uses and n < empty:
        cost = 1 if n < manned else 2
        if goods < cost:
            break
        goods -= cost
        n += 1
    return n


def plan_value(state: Any, seat: int, m: Move, plan: Plan = PLAN) -> float:
    """What the plan adds to the prior's valuation of ``m`` (dollars; 0 for most moves)."""
    c = state.company(seat)
    if isinstance(m, MoveEmployee):
        target = c.cells[m.to].dept
        if target is None:
            planning = c.cell_of("planning")
            staffed = planning is not None and c.cells[planning].active > 0
            return plan.stand_empty if staffed and not c.cells[m.to].employees else 0.0
        if target not in state.data.department:
            return 0.0
        info = state.data.department[target]
        x = c.cells[m.to]
        if len(info.workplaces) - x.active - x.inactive <= 0:
            return 0.0
        v = plan.hr_staff if target == "hr" else 0.0
        if target == "commerce":
            v += plan.econ_staff
        if target == "recruiting" and c.aside > 0:
            v += plan.hire_staff
        v -= plan.move_cost * (
            1 if state.turn.teleport else distance(m.frm, m.to, state.turn.diagonal)
        )
        if info.use not in ("ongoing", "endgame") and _action_staffed(state, seat)[info.type] == 0:
            v += plan.cover
        if info.type == "construction" and info.use == "mission" and _disks(state, seat) > 0:
            v += plan.build_staff
        return v
    if isinstance(m, Choose):
        v = -plan.dup_row if m.action == _andrew_next_row(state) else 0.0
        if m.action == "management":
            v += plan.mgmt_row * _departments_possible(state, seat)
        if m.action == "hr":
            spare = c.lobby + sum(x.employees for x in c.cells.values() if x.dept is None)
            v += plan.hr_row * min(spare, _open_workplaces(state, seat), c.money // 2)
        return v
    if isinstance(m, Use):
        if state.round >= 19 and _is_mission(state, m):
            return -plan.late_mission * VP_VALUE
        if m.region and hires(state, seat, m.region) and _is_mission(state, m):
            return plan.hire_income
        if m.dept == "recruiting" and m.region and c.aside > 0:
            return plan.hire
        if m.reward == "goods" and m.dept in ("commerce", "purchasing"):
            need = 2 * _disks(state, seat) + 2 - c.goods
            return plan.goods_need * max(0, min(need, 3)) / 3
        return 0.0
    if isinstance(m, Establish):
        lay = state.data.company
        top = m.cell.endswith("1")
        v = plan.dept_vp * (lay.top_row_vp if top else lay.other_row_vp)
        v -= plan.near_lobby * min(distance(k, m.cell, False) for k in c.lobby_cells())
        if state.round <= plan.opening and m.kind in ENGINE_KINDS:
            v += plan.engine
        return v
    return 0.0


__all__ = ["PLAN", "VP_VALUE", "Plan", "hires", "plan_value"]
