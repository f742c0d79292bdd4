"""A heuristic Carnegie player for any seat (Andrew, the solo opponent, is not this: he is a
rule automaton inside the engine).

It scores every legal move with simple estimates in dollars of value — employees into empty
workplaces, departments used for their yield, projects by city VP and network, research by what
it unlocks, donations by the VP they would score now — and plays the best one; ``end`` is worth
0, so a turn ends when nothing helps. Ties are broken by the seeded ``rng``.
"""

from __future__ import annotations

from typing import Any

from games.core import Move, Rng

from .data import ACTIONS
from .model import LOBBY
from .moves import (
    Activate,
    Assign,
    Build,
    Choose,
    Donate,
    EndTurn,
    Establish,
    MoveEmployee,
    Pass,
    Place,
    PlayTile,
    ResearchTab,
    ResearchTrack,
    Reserve,
    Return,
    Sell,
    Use,
)

VP_VALUE = 3.5  # dollars one VP is worth to the heuristic

KIND_PRIORITY: dict[str, float] = {
    "advanced-design": 9,
    "sales": 8,
    "purchasing": 7,
    "recruiting": 7,
    "rd-coordination": 6,
    "accounting": 6,
    "engineering": 6,
    "supply-chain": 6,
    "logistics": 6,
    "advanced-research": 6,
    "production-lines": 5,
    "knowledge-sharing": 5,
    "branding": 5,
    "renovation": 5,
    "training": 5,
    "green-spaces": 5,
    "public-relations": 5,
    "post-office": 5,
    "communications": 4,
    "telegraph": 4,
    "outsourcing": 4,
    "safety": 4,
    "local-partners": 4,
    "hr-admin": 4,
    "libraries": 4,
    "lobbying": 4,
    "charity": 3,
    "archives": 3,
    "payroll": 3,
    "corporate-comms": 3,
    "property": 2,
    "new-lobby": 1,
}
ANDREW_GAIN: dict[str, float] = {"hr": 2.0, "management": 2.5, "construction": 5.0, "rd": 1.5}
"""Rough VP Andrew gains when a row is chosen (card slides, tiles, city VP, track steps)."""
STAFF_PRIORITY: dict[str, float] = {
    "rd": 6,
    "construction": 6,
    "commerce": 5,
    "planning": 4,
    "hr": 2,
}


class CarnegiePolicy:
    """``choose(state, seat, rng)``: the best-valued legal move (see the module docstring)."""

    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        legal = list(state.legal_moves(seat))
        if len(legal) == 1:
            return legal[0]
        best: list[Move] = []
        top = float("-inf")
        for m in legal:
            v = value(state, seat, m)
            if v > top + 1e-9:
                top, best = v, [m]
            elif abs(v - top) <= 1e-9:
                best.append(m)
        return best[rng.randrange(len(best))]


POLICY = CarnegiePolicy()


# -- valuation --------------------------------------------------------------------------


def value(g: Any, seat: int, m: Move) -> float:
    c = g.company(seat)
    late = g.round >= 17
    if isinstance(m, Place):
        city = g.data.city[m.city]
        return city.vp * 2 + (3 if city.connection_points else 0)
    if isinstance(m, Reserve):
        return KIND_PRIORITY.get(m.kind, 0)
    if isinstance(m, Choose):
        return _choose_value(g, seat, m.action)
    if isinstance(m, Return):
        return m.n - (0.5 if m.box else 0)
    if isinstance(m, Donate):
        return _donation_value(g, seat, m.donation)
    if isinstance(m, Pass):
        return 0.0
    if isinstance(m, EndTurn):
        return 0.0
    if isinstance(m, Sell):
        return -1.0
    if isinstance(m, PlayTile):
        return -1.0 if not late else -0.5
    if isinstance(m, Assign):
        return 1.0 if m.cell in c.lobby_cells() else (0.0 if m.cell is None else -0.5)
    if isinstance(m, Activate):
        return _activate_value(g, seat, m)
    if isinstance(m, MoveEmployee):
        return _move_value(g, seat, m)
    if isinstance(m, Use):
        return _use_value(g, seat, m)
    if isinstance(m, Establish):
        return _establish_value(g, seat, m)
    if isinstance(m, Build):
        return _build_value(g, seat, m)
    if isinstance(m, ResearchTab):
        return _tab_value(g, seat, m.tab)
    if isinstance(m, ResearchTrack):
        return _track_value(g, seat, m.region)
    return -5.0


def _open_workplaces(g: Any, c: Any, cell: str) -> int:
    x = c.cells[cell]
    if not x.dept or x.dept == LOBBY or x.dept not in g.data.department:
        return 0
    return len(g.data.department[x.dept].workplaces) - x.active - x.inactive


def _staff_priority(g: Any, dept: str) -> float:
    info = g.data.department[dept]
    if info.is_starting:
        return STAFF_PRIORITY[dept]
    if info.use == "endgame":
        return 4.0 if g.round >= 12 else 1.0
    return KIND_PRIORITY.get(dept, 3) * 0.7


def _move_value(g: Any, seat: int, m: MoveEmployee) -> float:
    c = g.company(seat)
    lobbies = c.lobby_cells()
    # leaving: only spare employees (Lobby, empty spaces, extra inactive ones)
    if m.frm in lobbies:
        spare = True
    else:
        x = c.cells[m.frm]
        if x.dept is None:
            spare = True
        elif x.inactive > 0:
            spare = _open_workplaces(g, c, m.frm) < 0
        else:
            spare = False
    if not spare:
        return -3.0
    if m.to in lobbies:
        return -2.0
    target = c.cells[m.to]
    t = g.turn
    cost = (
        1 if t.teleport else (abs(ord(m.frm[0]) - ord(m.to[0])) + abs(int(m.frm[1]) - int(m.to[1])))
    )
    if target.dept is None:
        # stand on an empty space to make the next department cheaper (early game only)
        return 0.5 - 0.1 * cost if g.round < 14 and not target.employees else -1.0
    if _open_workplaces(g, c, m.to) <= 0:
        return -2.0
    if c.money < 2:
        return 0.2
    return _staff_priority(g, target.dept) - 0.15 * cost


def _activate_value(g: Any, seat: int, m: Activate) -> float:
    c = g.company(seat)
    dept = c.cells[m.cell].dept
    if m.pay == "cheap":
        return 0.1 if c.vp > 3 else -1.0
    if m.pay == "bonus":
        return 0.2 if c.money > 12 else -1.0
    info = g.data.department[dept]
    cost = info.workplaces[c.cells[m.cell].active]
    return 0.6 + _staff_priority(g, dept) * 0.1 - 0.05 * cost


def _choose_value(g: Any, seat: int, action: str) -> float:
    """What this row's action would bring ``seat`` this round, plus its event."""
    c = g.company(seat)
    v = 0.0
    spare = c.lobby + sum(x.employees for x in c.cells.values() if x.dept is None)
    open_wp = sum(max(0, _open_workplaces(g, c, k)) for k in c.cells)
    disks = sum(c.tab_disks(t, g.data) for t in g.data.tab)
    goods = c.goods
    for dept, cell in c.dept_cells().items():
        info = g.data.department[dept]
        if info.type != action or info.use in ("ongoing", "endgame"):
            continue
        uses = c.cells[cell].active + (1 if info.printed_employee else 0)
        if not uses:
            continue
        if dept == "hr":
            v += min(spare, open_wp) * 3.5
        elif dept in ("construction", "engineering", "outsourcing"):
            n = min(uses, disks, goods)
            v += n * 13
            disks -= n
            goods -= n
        elif dept == "planning":
            v += min(uses, goods // 2) * 9
        elif dept == "rd":
            v += uses * 4
        elif dept in ("advanced-design", "advanced-research", "rd-coordination"):
            v += uses * 6
        elif dept in ("sales", "logistics"):
            v += min(uses * 3, c.goods) * 2.5
        else:
            v += uses * 4.5
    row = ACTIONS.index(action)
    from .timeline import LAST, event_at, select

    sel = select(g.discs, row)
    ev = event_at(g.data, g.tiles, sel.event_row, sel.event_pos)
    if ev.income:
        n = c.missions[ev.income]
        v += n * 3 + (4 if n else 0)
        v -= 1.5 * sum(o.missions[ev.income] for o in g.companies if o.seat != seat)
    if ev.donation and c.money >= g.donation_cost(seat) + 4:
        v += 2
    if g.discs[row] >= LAST:
        v -= 1
    a = g.andrew
    if a is not None and a.current is not None:
        # Andrew plays the chosen row too; the card's back shows his strongest row (seed hint)
        v -= ANDREW_GAIN[action] * VP_VALUE
        if g.card_index[a.current].back == action:
            v -= 2 * VP_VALUE
    return v


def _donation_value(g: Any, seat: int, donation: str) -> float:
    from .scoring import donation_vp

    c = g.company(seat)
    vp = donation_vp(g, seat, [donation])
    cost = g.donation_cost(seat)
    growth = (20 - g.round) / 20
    # money left at the end scores nothing: late in the game a dollar is worth less
    money_weight = 1.0 if g.round < 14 else (0.6 if g.round < 18 else 0.3)
    short = 6 if c.money - cost < 4 and g.round < 18 else 0
    return vp * VP_VALUE * (0.8 + growth) - cost * money_weight - short


def _use_value(g: Any, seat: int, m: Use) -> float:
    c = g.company(seat)
    dept = m.dept
    mission_penalty = 1.5 if m.region and dept not in ("local-partners", "branding") else 0.0
    if dept in ("local-partners", "branding", "renovation", "knowledge-sharing"):
        mission_penalty = 0.0
    low_goods = c.goods < 3
    v: float
    if dept == "commerce":
        if m.reward == "goods":
            v = (6 if m.region else 3) * (1.3 if low_goods else 0.8)
        else:
            v = 6 if m.region else 3
        if m.region:
            v += _mission_region_bonus(g, seat, m.region)
    elif dept == "rd":
        v = 9
    elif dept == "sales":
        keep = c.goods - (m.n or 0)
        v = 6 * (m.n or 0) - (4 if keep < 2 else 2) * (m.n or 0)
    elif dept == "logistics":
        keep = c.goods - (m.n or 0)
        v = (3 + VP_VALUE) * (m.n or 0) - (4 if keep < 2 else 3) * (m.n or 0)
    elif dept == "supply-chain":
        v = 2.5 * (m.n or 0) if c.money - (m.n or 0) >= 4 else -1
    elif dept == "purchasing":
        v = 8 if m.reward == "money" and not low_goods else (9 if low_goods else 6)
    elif dept == "training":
        spare = c.lobby
        v = 8 if m.reward == "money" or not spare else 4 + 2 * min(spare, 4)
    elif dept == "recruiting":
        v = 7 if m.region else (2 + min(c.lobby, 2) * 2)
    elif dept == "safety":
        v = VP_VALUE * (c.active_employees() - 1) / 2
    elif dept in ("advanced-research", "advanced-design", "rd-coordination"):
        v = 9
    elif dept == "charity":
        v = _donation_value(g, seat, m.donation or "a1")
    elif dept == "hr-admin":
        v = 2 + 2 * min(c.lobby, 3)
    elif dept == "accounting":
        v = 3 * sum(1 for d in c.dept_cells() if g.data.department[d].type == "management")
    elif dept == "production-lines":
        v = 3.5 * sum(1 for d in c.dept_cells() if g.data.department[d].type == "construction")
    else:
        from .departments import projects_in

        n = projects_in(g, seat, m.region or "")
        per = {"money": 2, "goods": 3.5, "vp": VP_VALUE, "points": 3, "moves": 1.5}
        v = n * per.get(m.reward or "money", 2)
        if m.reward == "moves" and not c.lobby:
            v = 0
    return v - mission_penalty


def _mission_region_bonus(g: Any, seat: int, region: str) -> float:
    c = g.company(seat)
    income = g.data.tracks[region].income[c.tracks[region]]
    return 0.5 * (income.money + 3 * income.goods + VP_VALUE * income.vp) / 3


def _establish_value(g: Any, seat: int, m: Establish) -> float:
    c = g.company(seat)
    top = m.cell.endswith("1")
    v = 6 + KIND_PRIORITY.get(m.kind, 2) + (3 if top else 2) * 1.5
    if c.cells[m.cell].employees:
        v += 3
    if g.round >= 18:
        v = (3 if top else 2) * VP_VALUE - 2
    return v


def _build_value(g: Any, seat: int, m: Build) -> float:
    from .scoring import networks

    c = g.company(seat)
    city = g.data.city[m.city]
    v = 8 + city.vp * VP_VALUE
    if city.connection_points:
        v += 3 * city.connection_points
    own = {x for x, _, _ in c.projects}
    near = any(n in own for n in g.data.neighbours[m.city])
    if near and m.city not in own:
        v += 3
        groups = networks(g, seat)
        touching = [grp for grp in groups if any(n in grp for n in g.data.neighbours[m.city])]
        if len(touching) > 1:
            v += 4
    if g.town_pays_income(m.city):
        inc = g.data.tracks[city.region].income[c.tracks[city.region]]
        v += inc.money + 3 * inc.goods + VP_VALUE * inc.vp
    if m.dept == "outsourcing":
        v -= 2
    if m.box:
        v -= 1
    return v


def _tab_value(g: Any, seat: int, tab: str) -> float:
    c = g.company(seat)
    spaces = g.data.tab[tab].spaces
    nxt = spaces[c.revealed[tab]]
    if nxt.project:
        waiting = sum(c.tab_disks(t, g.data) for t in g.data.tab)
        v = 9 - 2.5 * waiting - 2 * c.tab_disks(tab, g.data)
        if g.round >= 18:
            v = 1
    else:
        v = nxt.vp * VP_VALUE * (0.7 if g.round < 10 else 1.0)
    return v - 0.3 * nxt.cost


def _track_value(g: Any, seat: int, region: str) -> float:
    c = g.company(seat)
    track = g.data.tracks[region]
    box = c.tracks[region] + 1
    if box > track.last:
        return -5
    inc = track.income[box]
    worth = inc.money + 3 * inc.goods + VP_VALUE * inc.vp + 2 * inc.study_points + 5 * inc.employee
    uses = c.missions[region] + sum(1 for x, _, _ in c.projects if g.data.city[x].region == region)
    v = 2 + 0.4 * worth * (1 + min(uses, 3) / 3)
    if track.levels[box] != track.levels[box - 1]:
        v += 3
    if box == track.last:
        fb = track.final_bonus
        v += fb.money + 3 * fb.goods
    return v - 0.3 * track.costs[box - 1]
