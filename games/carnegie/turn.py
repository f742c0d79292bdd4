"""A player's turn: department use in any order, then activation (seed 3. 部署の使用, 4.).

Seed: in turn order from the start player, each player uses the departments of the chosen
action that have an active employee, in any order; each department is used once, in one go
(no coming back to it), once per active employee. The action-choice tile allows one department
of another action. At the end of the turn the player may activate inactive employees lying in
departments with an empty workplace, paying the cost printed under it. Study points left at the
end of the turn are lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.core import Msg

from . import terms
from .model import LOBBY, distance, workplace_cost

if TYPE_CHECKING:
    from .state import CarnegieState


@dataclass
class TurnState:
    """The running turn of one seat."""

    seat: int
    setup: bool = False  # the setup turn: employee moves and activation only
    activating: bool = False  # activation has begun: only activations and `end` remain
    used: list[str] = field(default_factory=list)  # departments used (begun) this turn
    current: str | None = None  # department in use now
    uses_left: int = 0  # uses of ``current`` left (one per active employee at its start)
    move_source: str | None = None  # department whose moves are available
    moves_left: int = 0
    teleport: bool = False  # HR Administration: any cell for one move
    extra: str | None = None  # action allowed once by the action-choice tile
    extra_used: bool = False
    pending: str | None = None  # new department's cell awaiting Property Management's choice
    diagonal: bool = False  # Corporate Communication active at the start of the turn


def new_turn(state: CarnegieState, seat: int, setup: bool = False) -> TurnState:
    c = state.company(seat)
    t = TurnState(seat, setup=setup, diagonal=c.is_active("corporate-comms"))
    if setup:
        t.current = "setup"
        t.move_source = "setup"
        t.moves_left = state.data.rules.setup_moves
    return t


def dept_name(state: CarnegieState, dept: str) -> str:
    """A department's name, keyed as a term (``terms.department``)."""
    return terms.department(dept, state.data.department[dept].name)


def gate(state: CarnegieState, seat: int, dept: str) -> str | None:
    """Why ``seat`` may not use ``dept`` now (begin it, or use it once more), or ``None``."""
    t: TurnState = state.turn
    c = state.company(seat)
    if t.setup:
        return Msg(
            "carnegie.setup_turn",
            "During setup you may only move employees (`move setup ...`), activate them and `end`.",
        )
    if t.activating:
        return Msg(
            "carnegie.activating",
            "You have begun activating employees; only `activate` and `end` remain this turn.",
        )
    if t.pending:
        return Msg(
            "carnegie.pending_assign",
            "First say whether Property Management moves an employee into the new department "
            "(`assign <cell>` or `assign none`).",
        )
    cell = c.cell_of(dept)
    info = state.data.department.get(dept)
    if cell is None or info is None:
        return Msg("carnegie.no_department", "You have no department `{dept}`.", dept=dept)
    name = terms.department(info.id, info.name)
    if info.use in ("ongoing", "endgame"):
        when = (
            Msg("carnegie.when.ongoing", "works by itself while active")
            if info.use == "ongoing"
            else Msg("carnegie.when.endgame", "scores at game end")
        )
        return Msg(
            "carnegie.not_usable",
            "{name} is never used as an action: it {when}.",
            name=name,
            when=when,
        )
    if t.current == dept:
        left = t.moves_left if dept == "hr" else t.uses_left
        if left <= 0:
            return Msg(
                "carnegie.no_uses_left",
                "{name} has no uses left this turn (one per active employee).",
                name=name,
            )
        return None
    if dept in t.used:
        return Msg(
            "carnegie.used",
            "You already used {name} this turn; each department is used once, in one go.",
            name=name,
        )
    allowed = info.type == state.action or (t.extra == info.type and not t.extra_used)
    if not allowed:
        names = dict(
            name=name,
            kind=terms.action(info.type),
            action=terms.action(state.action or "hr"),
            typ=info.type,
        )
        if c.choice_tile and t.extra is None:
            return Msg(
                "carnegie.wrong_action_hint",
                "{name} is a {kind} department but this round's action is {action}. Play your "
                "action-choice tile (`tile {typ}`) to use one department of another action.",
                **names,
            )
        return Msg(
            "carnegie.wrong_action",
            "{name} is a {kind} department but this round's action is {action}.",
            **names,
        )
    if active_count(state, seat, dept) == 0:
        return Msg(
            "carnegie.inactive",
            "{name} has no active employee; move one there and activate it at the end of a turn.",
            name=name,
        )
    return None


def active_count(state: CarnegieState, seat: int, dept: str) -> int:
    """Active employees of ``dept``, counting HR's printed employee (seed: 人事)."""
    c = state.company(seat)
    cell = c.cell_of(dept)
    if cell is None:
        return 0
    info = state.data.department[dept]
    return c.cells[cell].active + (1 if info.printed_employee else 0)


def begin(state: CarnegieState, seat: int, dept: str) -> None:
    """Begin using ``dept`` (closing the department in use) unless it is already in use."""
    t: TurnState = state.turn
    if t.current == dept:
        return
    close(state)
    info = state.data.department[dept]
    t.used.append(dept)
    t.current = dept
    t.uses_left = active_count(state, seat, dept)
    if info.type != state.action:
        t.extra_used = True
    if dept == "hr":
        t.move_source = "hr"
        t.moves_left = int(state.dept_param("hr", "moves_per_employee")) * t.uses_left
        t.uses_left = 0


def close(state: CarnegieState) -> None:
    """Stop using the current department; its unused moves and uses are lost."""
    t: TurnState = state.turn
    if t.setup:
        return
    t.current = None
    t.uses_left = 0
    t.move_source = None
    t.moves_left = 0
    t.teleport = False


def open_moves(state: CarnegieState, source: str, n: int, teleport: bool = False) -> None:
    t: TurnState = state.turn
    t.move_source = source
    t.moves_left += n
    t.teleport = teleport


# -- employee moves ---------------------------------------------------------------------


def move_cost(state: CarnegieState, frm: str, to: str) -> int:
    t: TurnState = state.turn
    return 1 if t.teleport else distance(frm, to, t.diagonal)


def has_employee_at(state: CarnegieState, seat: int, cell: str) -> bool:
    c = state.company(seat)
    if cell in c.lobby_cells():
        return c.lobby > 0
    return c.cells[cell].employees > 0


def move_refusal(state: CarnegieState, seat: int, source: str, frm: str, to: str) -> str | None:
    t: TurnState = state.turn
    c = state.company(seat)
    if t.activating:
        return gate(state, seat, "hr")
    if t.pending:
        return gate(state, seat, "hr")
    if source == "hr" and t.current != "hr" and not t.setup:
        why = gate(state, seat, "hr")
        if why:
            return why
        pool = int(state.dept_param("hr", "moves_per_employee")) * active_count(state, seat, "hr")
    elif t.move_source != source or t.moves_left <= 0:
        return Msg(
            "carnegie.no_moves",
            "You have no `{source}` moves now; employee moves come from HR, Training and "
            "Partnerships, Recruiting, Local Partners or HR Administration.",
            source=source,
        )
    else:
        pool = t.moves_left
    if not has_employee_at(state, seat, frm):
        return Msg("carnegie.no_employee_at", "You have no employee on {cell}.", cell=frm)
    lobbies = c.lobby_cells()
    if frm == to or (frm in lobbies and to in lobbies):
        return Msg("carnegie.same_cell", "The employee would not change place.")
    cost = 1 if (t.teleport and source == t.move_source) else distance(frm, to, t.diagonal)
    if cost > pool:
        return Msg(
            "carnegie.too_far",
            "{frm} to {to} takes {cost} moves but you have {pool} left.",
            frm=frm,
            to=to,
            cost=cost,
            pool=pool,
        )
    return None


def move_employee(state: CarnegieState, seat: int, source: str, frm: str, to: str) -> list[str]:
    t: TurnState = state.turn
    c = state.company(seat)
    if source == "hr" and t.current != "hr" and not t.setup:
        begin(state, seat, "hr")
    cost = move_cost(state, frm, to)
    t.moves_left -= cost
    lobbies = c.lobby_cells()
    stood = False
    if frm in lobbies:
        c.lobby -= 1
    else:
        cell = c.cells[frm]
        if cell.inactive:
            cell.inactive -= 1
        else:
            cell.active -= 1
            stood = True
    if to in lobbies:
        c.lobby += 1
    else:
        c.cells[to].inactive += 1
    note = Msg("carnegie.lies_down", " (it lies down)") if stood else ""
    return [
        Msg(
            "carnegie.moved",
            "p{p} moves an employee {frm} to {to}{note}; {left} moves left.",
            p=seat + 1,
            frm=frm,
            to=to,
            note=note,
            left=t.moves_left,
        )
    ]


def reachable(state: CarnegieState, seat: int, source: str, frm: str) -> list[str]:
    """Cells an employee on ``frm`` can reach with ``source``'s moves (for ``choices``)."""
    out = []
    for cell in state.data.company.cells:
        if move_refusal(state, seat, source, frm, cell) is None:
            out.append(cell)
    return out


def move_sources(state: CarnegieState, seat: int) -> list[str]:
    """Sources whose moves ``seat`` may spend now."""
    t: TurnState = state.turn
    out = []
    if t.move_source and t.moves_left > 0:
        out.append(t.move_source)
    if "hr" not in out and not t.setup and gate(state, seat, "hr") is None:
        out.append("hr")
    return out


# -- activation (seed 4. ラウンド終了ー社員の活性化) ------------------------------------


def payroll_applies(state: CarnegieState, seat: int) -> bool:
    """Payroll Management works while active, but not in the round its employee was
    activated (seed 給与管理)."""
    c = state.company(seat)
    return c.is_active("payroll") and c.payroll_round != state.round


def activate_refusal(state: CarnegieState, seat: int, cell: str, pay: str | None) -> str | None:
    t: TurnState = state.turn
    c = state.company(seat)
    if t.pending:
        return gate(state, seat, "hr")
    here = c.cells[cell]
    if here.dept is None or here.dept == LOBBY:
        return Msg(
            "carnegie.not_department",
            "{cell} holds no department; only employees in departments can be activated.",
            cell=cell,
        )
    info = state.data.department[here.dept]
    if here.inactive == 0:
        return Msg(
            "carnegie.no_inactive",
            "No inactive employee lies in {name}.",
            name=terms.department(info.id, info.name),
        )
    cost = workplace_cost(info, here.active)
    if cost is None:
        return Msg(
            "carnegie.no_workplace",
            "{name} has no empty workplace ({n} workplaces).",
            name=terms.department(info.id, info.name),
            n=len(info.workplaces),
        )
    if pay is not None and not payroll_applies(state, seat):
        return Msg(
            "carnegie.no_payroll",
            "`{pay}` needs an active Payroll Management, activated before this round.",
            pay=pay,
        )
    price = activation_price(state, cost, pay)
    if pay == "cheap" and c.vp <= 0:
        return Msg("carnegie.payroll_vp", "Paying $1 costs 1 VP, and you have no VP.")
    if c.money < price:
        return Msg(
            "carnegie.activation_money",
            "Activating in {name} costs ${price}; you have ${money}.",
            name=terms.department(info.id, info.name),
            price=price,
            money=c.money,
        )
    return None


def activation_price(state: CarnegieState, cost: int, pay: str | None) -> int:
    if pay == "bonus":
        return cost + int(state.dept_param("payroll", "bonus_money"))
    if pay == "cheap":
        return int(state.dept_param("payroll", "cheap_money"))
    return cost


def activate(state: CarnegieState, seat: int, cell: str, pay: str | None) -> list[str]:
    t: TurnState = state.turn
    c = state.company(seat)
    close(state)
    t.activating = True
    here = c.cells[cell]
    assert here.dept is not None
    info = state.data.department[here.dept]
    cost = workplace_cost(info, here.active)
    assert cost is not None
    price = activation_price(state, cost, pay)
    c.money -= price
    extra = ""
    if pay == "bonus":
        c.vp += int(state.dept_param("payroll", "bonus_vp"))
        extra = Msg("carnegie.payroll.bonus", ", +1 VP")
    elif pay == "cheap":
        c.vp -= int(state.dept_param("payroll", "cheap_vp"))
        extra = Msg("carnegie.payroll.cheap", ", -1 VP")
    here.inactive -= 1
    here.active += 1
    if here.dept == "payroll" and here.active == 1:
        c.payroll_round = state.round
    return [
        Msg(
            "carnegie.activated",
            "p{p} activates an employee in {name} for ${price}{extra}.",
            p=seat + 1,
            name=terms.department(info.id, info.name),
            price=price,
            extra=extra,
        )
    ]
