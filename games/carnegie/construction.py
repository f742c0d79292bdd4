"""Construction and R&D: projects on the map, new departments, tabs and transport tracks.

Seed 建設: send an employee of the Construction department to a region's mission zone, pay
the goods printed on the project tab (1 for housing/commerce, 2 for industry/infrastructure),
take the tab's rightmost disk and put it on a space of that type in the region (small towns
take any type); building in a small town pays that region's transport income at once.
Seed 研究開発: study points slide a project tab (a disk goes on the revealed space) or move
a transport disk; unused points are lost at the end of the turn; a final box holds one player.
Seed 戦略企画: a new department costs 2 goods on an empty space, 1 if your employee stands
there; never a duplicate; 「予約済み、または場にある部署から」: the reserved tile or a displayed
one (option ``reserve=first``, from the English rulebook via S6: the reserved tile first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Msg

from . import terms
from .data import PROJECT_TYPES
from .departments import send_on_mission
from .model import LOBBY
from .moves import Assign, Build, Establish, ResearchTab, ResearchTrack
from .turn import TurnState, begin, dept_name, gate

if TYPE_CHECKING:
    from .state import CarnegieState

BUILDERS = ("construction", "engineering", "outsourcing")


# -- projects ---------------------------------------------------------------------------


def build_goods(state: CarnegieState, tab: str, dept: str) -> int:
    flat = int(state.dept_param("engineering", "flat_goods")) if dept == "engineering" else 0
    return flat or state.data.tab[tab].build_goods


def build_money(state: CarnegieState, dept: str) -> int:
    return int(state.dept_param("outsourcing", "money")) if dept == "outsourcing" else 0


def _space_for(state: CarnegieState, seat: int, m: Build) -> int | None:
    """Index of the space ``m`` builds on, or ``None`` if there is none."""
    city = state.data.city[m.city]
    owners = state.spaces[m.city]
    want = m.space
    for i, s in enumerate(city.spaces):
        if owners[i] is not None:
            continue
        if want is None and s.type in (m.tab, "any"):
            return i
        if want is not None and s.type == want:
            return i
    return None


def build_refusal(state: CarnegieState, seat: int, m: Build) -> str | None:
    if m.dept not in BUILDERS:
        return Msg(
            "carnegie.not_builder",
            "Projects are built with construction, engineering or outsourcing, not `{dept}`.",
            dept=m.dept,
        )
    why = gate(state, seat, m.dept)
    if why:
        return why
    c = state.company(seat)
    name = dept_name(state, m.dept)
    if c.tab_disks(m.tab, state.data) == 0:
        return Msg(
            "carnegie.tab_empty",
            "Your {tab} tab has no disk; slide it with study points first (`research tab {id}`).",
            tab=terms.tab(m.tab),
            id=m.tab,
        )
    city = state.data.city[m.city]
    lobbying = c.is_active("lobbying")
    if m.space is not None and m.space in (m.tab, "any"):
        return Msg(
            "carnegie.on_matching",
            "Write `build {tab} {city}`: `on` names a space of another type (Political Lobbying).",
            tab=m.tab,
            city=m.city,
        )
    if m.space is not None and not lobbying:
        return Msg(
            "carnegie.space_type",
            "A {tab} project goes on a {tab} space or a small town; building on a {space} space "
            "needs an active Political Lobbying.",
            tab=terms.tab(m.tab),
            space=terms.space(m.space),
        )
    if _space_for(state, seat, m) is None:
        kind = m.space or m.tab
        return Msg(
            "carnegie.no_space",
            "{city} has no free {kind} space.",
            city=terms.city(city.id, city.name),
            kind=terms.space(kind if kind != "any" else "small-town"),
        )
    goods = build_goods(state, m.tab, m.dept)
    money = build_money(state, m.dept)
    if c.goods < goods or c.money < money:
        price = f"{goods} goods" + (f" and ${money}" if money else "")
        return Msg(
            "carnegie.build_cost",
            "{name}: a {tab} project costs {price}; you have {goods} goods and ${money}.",
            name=name,
            tab=terms.tab(m.tab),
            price=price,
            goods=c.goods,
            money=c.money,
        )
    if m.box:
        if not c.is_active("archives"):
            return Msg("carnegie.box_archives", "Taking a lower transport box needs Archives.")
        if not state.town_pays_income(m.city):
            return Msg(
                "carnegie.box_no_income",
                "{city} pays no transport income.",
                city=terms.city(city.id, city.name),
            )
        if not 1 <= m.box <= c.tracks[city.region]:
            return Msg(
                "carnegie.box_range",
                "Archives takes a lower box's income: a box from 1 to {top}.",
                top=c.tracks[city.region],
            )
    return None


def build_candidates(state: CarnegieState, seat: int) -> list[Build]:
    c = state.company(seat)
    out: list[Build] = []
    lobbying = c.is_active("lobbying")
    archives = c.is_active("archives")
    depts = [d for d in BUILDERS if c.has(d) and gate(state, seat, d) is None]
    if not depts:
        return out
    for dept in depts:
        for tab in PROJECT_TYPES:
            if c.tab_disks(tab, state.data) == 0:
                continue
            if c.goods < build_goods(state, tab, dept) or c.money < build_money(state, dept):
                continue
            for city in state.data.cities:
                owners = state.spaces[city.id]
                free = {s.type for i, s in enumerate(city.spaces) if owners[i] is None}
                if not free:
                    continue
                if tab in free or "any" in free:
                    out.append(Build(tab, city.id, None, dept))
                    if archives and city.is_town and state.town_pays_income(city.id):
                        top = c.tracks[city.region] + 1
                        out += [Build(tab, city.id, None, dept, b) for b in range(1, top)]
                if lobbying:
                    out += [
                        Build(tab, city.id, s, dept) for s in sorted(free) if s not in (tab, "any")
                    ]
    return out


def build(state: CarnegieState, seat: int, m: Build) -> list[str]:
    t: TurnState = state.turn
    c = state.company(seat)
    city = state.data.city[m.city]
    begin(state, seat, m.dept)
    t.uses_left -= 1
    if m.dept != "outsourcing":
        send_on_mission(state, seat, m.dept, city.region)
    i = _space_for(state, seat, m)
    assert i is not None
    space_type = city.spaces[i].type
    goods, money = build_goods(state, m.tab, m.dept), build_money(state, m.dept)
    c.goods -= goods
    c.money -= money
    state.spaces[m.city][i] = seat
    c.built[m.tab] += 1
    c.projects.append((m.city, i, m.tab))
    income = state.data.tab[m.tab].spaces[c.built[m.tab] - 1].income
    extras: list[str] = [
        Msg("carnegie.extra.reveals", "reveals {income} project income", income=income.text())
    ]
    if state.town_pays_income(m.city):
        box = (m.box - 1) if m.box else None
        town = state.gain(seat, state.transport_reward(seat, city.region, box))
        extras.append(Msg("carnegie.extra.town_income", "town income {got}", got=town))
    if c.is_active("lobbying") and space_type in (m.tab, "any"):
        vp = int(state.dept_param("lobbying", "vp"))
        c.vp += vp
        extras.append(Msg("carnegie.extra.lobbying", "+{vp} VP (Political Lobbying)", vp=vp))
    price = (
        Msg("carnegie.price.goods_money", "{goods} goods + ${money}", goods=goods, money=money)
        if money
        else Msg("carnegie.price.goods", "{goods} goods", goods=goods)
    )
    return [
        Msg(
            "carnegie.built",
            "p{p} builds a {tab} project in {city} with {name} for {price}; {extras}.",
            p=seat + 1,
            tab=terms.tab(m.tab),
            city=terms.city(city.id, city.name),
            name=dept_name(state, m.dept),
            price=price,
            extras=_semicolons(extras),
        )
    ]


# -- departments (Strategic Planning) --------------------------------------------------


def establish_cost(state: CarnegieState, seat: int, m: Establish) -> int:
    c = state.company(seat)
    base = "goods_on_employee" if c.cells[m.cell].employees else "goods"
    cost = int(state.dept_param("planning", base))
    if m.kind == "new-lobby":
        cost += int(state.dept_param("new-lobby", "extra_build_goods"))
    return cost


def establish_refusal(state: CarnegieState, seat: int, m: Establish) -> str | None:
    why = gate(state, seat, "planning")
    if why:
        return why
    c = state.company(seat)
    info = state.data.department.get(m.kind)
    if info is None or info.is_starting:
        return Msg("carnegie.no_such_tile", "There is no department tile `{kind}`.", kind=m.kind)
    if c.has(m.kind):
        return Msg(
            "carnegie.duplicate",
            "Your company already has {name}; a company never holds the same department twice.",
            name=terms.department(info.id, info.name),
        )
    reserved = c.reserve == m.kind
    if c.reserve is not None and not reserved and state.rule("reserve") == "first":
        return Msg(
            "carnegie.reserve_first",
            "Your first new department must be your reserved {name}.",
            name=dept_name(state, c.reserve),
        )
    if not reserved and state.display.get(m.kind, 0) == 0:
        return Msg(
            "carnegie.tile_gone",
            "No {name} tile is left on the display.",
            name=terms.department(info.id, info.name),
        )
    here = c.cells[m.cell]
    if here.dept is not None:
        what = (
            Msg("carnegie.the_lobby", "the Lobby")
            if here.dept == LOBBY
            else dept_name(state, here.dept)
        )
        return Msg(
            "carnegie.cell_taken",
            "{cell} already holds {what}; choose an empty space.",
            cell=m.cell,
            what=what,
        )
    cost = establish_cost(state, seat, m)
    if c.goods < cost:
        return Msg(
            "carnegie.establish_cost",
            "{name} on {cell} costs {cost} goods; you have {goods}.",
            name=terms.department(info.id, info.name),
            cell=m.cell,
            cost=cost,
            goods=c.goods,
        )
    return None


def establish_candidates(state: CarnegieState, seat: int) -> list[Establish]:
    if gate(state, seat, "planning") is not None:
        return []
    c = state.company(seat)
    if c.goods < int(state.dept_param("planning", "goods_on_employee")):
        return []
    kinds = [k for k, n in state.display.items() if n > 0]
    if c.reserve is not None:
        first = state.rule("reserve") == "first"
        kinds = [c.reserve] if first else [c.reserve, *(k for k in kinds if k != c.reserve)]
    cells = [k for k, cell in c.cells.items() if cell.dept is None]
    return [Establish(k, cell) for k in kinds if not c.has(k) for cell in cells]


def establish(state: CarnegieState, seat: int, m: Establish) -> list[str]:
    t: TurnState = state.turn
    c = state.company(seat)
    begin(state, seat, "planning")
    t.uses_left -= 1
    cost = establish_cost(state, seat, m)
    c.goods -= cost
    if c.reserve == m.kind:
        c.reserve = None
    else:
        state.display[m.kind] -= 1
    here = c.cells[m.cell]
    c.set_dept(m.cell, m.kind)
    if m.kind == "new-lobby":
        # employees standing on the space are now in the Lobby (no workplaces there)
        c.lobby += here.inactive + here.active
        here.inactive = here.active = 0
    c.added.append(m.kind)
    if c.is_active("property") and assign_sources(state, seat, m.cell):
        t.pending = m.cell
    return [
        Msg(
            "carnegie.established",
            "p{p} adds {name} on {cell} for {cost} goods.",
            p=seat + 1,
            name=dept_name(state, m.kind),
            cell=m.cell,
            cost=cost,
        )
    ]


def assign_sources(state: CarnegieState, seat: int, target: str) -> list[str]:
    """Cells Property Management may take an employee from (seed: this department's own
    employees; printed tile: anywhere in the company)."""
    c = state.company(seat)
    if state.dept_param("property", "from_anywhere"):
        lobbies = c.lobby_cells()
        cells = [k for k, cell in c.cells.items() if cell.employees and k != target]
        if c.lobby and target not in lobbies:
            cells += lobbies
        return cells
    own = c.cell_of("property")
    return [own] if own is not None and c.cells[own].employees else []


def assign_refusal(state: CarnegieState, seat: int, m: Assign) -> str | None:
    t: TurnState = state.turn
    if not t.pending:
        return Msg("carnegie.no_assign", "There is no new department waiting for an employee.")
    if m.cell is not None and m.cell not in assign_sources(state, seat, t.pending):
        cells = ", ".join(assign_sources(state, seat, t.pending))
        return Msg(
            "carnegie.assign_from",
            "Property Management can move an employee from {cells}, not {cell}.",
            cells=cells or Msg("carnegie.nowhere", "nowhere"),
            cell=m.cell,
        )
    return None


def assign(state: CarnegieState, seat: int, m: Assign) -> list[str]:
    t: TurnState = state.turn
    c = state.company(seat)
    target = t.pending
    assert target is not None
    t.pending = None
    if m.cell is None:
        return [Msg("carnegie.assign_none", "p{p} moves no employee into it.", p=seat + 1)]
    if m.cell in c.lobby_cells():
        c.lobby -= 1
    else:
        cell = c.cells[m.cell]
        if cell.inactive:
            cell.inactive -= 1
        else:
            cell.active -= 1
    if target in c.lobby_cells():
        c.lobby += 1
    else:
        c.cells[target].inactive += 1
    return [
        Msg(
            "carnegie.assigned",
            "Property Management moves p{p}'s employee from {frm} into {to}.",
            p=seat + 1,
            frm=m.cell,
            to=target,
        )
    ]


# -- research ---------------------------------------------------------------------------


def research_gate(state: CarnegieState, seat: int) -> str | None:
    t: TurnState = state.turn
    if t.setup or t.activating or t.pending:
        return (
            gate(state, seat, "rd")
            if not t.setup
            else Msg(
                "carnegie.setup_turn_employees",
                "During setup you may only move and activate employees.",
            )
        )
    return None


def tab_step_cost(state: CarnegieState, seat: int, tab: str) -> int | None:
    c = state.company(seat)
    spaces = state.data.tab[tab].spaces
    if c.revealed[tab] >= len(spaces):
        return None
    return spaces[c.revealed[tab]].cost


def track_step_cost(state: CarnegieState, seat: int, region: str) -> int | None:
    c = state.company(seat)
    track = state.data.tracks[region]
    box = c.tracks[region]
    if box >= track.last:
        return None
    cost = track.costs[box]
    if c.is_active("telegraph"):
        cost = max(
            int(state.dept_param("telegraph", "minimum")),
            cost - int(state.dept_param("telegraph", "discount")),
        )
    return cost


def _points_problem(state: CarnegieState, seat: int, cost: int, what: str) -> str | None:
    c = state.company(seat)
    if c.study < cost:
        return Msg(
            "carnegie.study_short",
            "{what} costs {cost} study points; you have {have}.",
            what=what,
            cost=cost,
            have=c.study,
        )
    return None


def research_tab_refusal(state: CarnegieState, seat: int, m: ResearchTab) -> str | None:
    why = research_gate(state, seat)
    if why:
        return why
    cost = tab_step_cost(state, seat, m.tab)
    if cost is None:
        return Msg("carnegie.tab_done", "Your {tab} tab is fully out.", tab=terms.tab(m.tab))
    c = state.company(seat)
    nxt = state.data.tab[m.tab].spaces[c.revealed[m.tab]]
    if nxt.project and c.disks <= 0:
        return Msg("carnegie.no_disks_project", "You have no disk left for the new project space.")
    what = Msg("carnegie.what.slide_tab", "Sliding the {tab} tab", tab=terms.tab(m.tab))
    return _points_problem(state, seat, cost, what)


def research_tab(state: CarnegieState, seat: int, m: ResearchTab) -> list[str]:
    c = state.company(seat)
    cost = tab_step_cost(state, seat, m.tab)
    assert cost is not None
    c.study -= cost
    space = state.data.tab[m.tab].spaces[c.revealed[m.tab]]
    c.revealed[m.tab] += 1
    if space.project:
        c.disks -= 1
        shows = Msg("carnegie.shows.disk", "a new project disk")
    else:
        shows = Msg("carnegie.shows.vp", "{vp} VP at game end", vp=space.vp)
    return [
        Msg(
            "carnegie.slid",
            "p{p} slides the {tab} tab for {cost} study points: {shows}.",
            p=seat + 1,
            tab=terms.tab(m.tab),
            cost=cost,
            shows=shows,
        )
    ]


def research_track_refusal(state: CarnegieState, seat: int, m: ResearchTrack) -> str | None:
    why = research_gate(state, seat)
    if why:
        return why
    c = state.company(seat)
    cost = track_step_cost(state, seat, m.region)
    if cost is None:
        return Msg(
            "carnegie.track_done",
            "Your {region} transport is on its final box.",
            region=terms.region_id(m.region),
        )
    last = state.data.tracks[m.region].last
    if (
        c.tracks[m.region] + 1 == last
        and state.final_box_taken(m.region, seat)
        and not c.is_active("archives")
    ):
        return Msg(
            "carnegie.final_taken",
            "Another disk is on the {region} final box, which holds one player (Archives lifts "
            "this).",
            region=terms.region_id(m.region),
        )
    what = Msg(
        "carnegie.what.advance_track",
        "Advancing {region} transport",
        region=terms.region(m.region),
    )
    return _points_problem(state, seat, cost, what)


def research_track(state: CarnegieState, seat: int, m: ResearchTrack) -> list[str]:
    c = state.company(seat)
    cost = track_step_cost(state, seat, m.region)
    assert cost is not None
    c.study -= cost
    c.tracks[m.region] += 1
    track = state.data.tracks[m.region]
    extra = ""
    if c.tracks[m.region] == track.last:
        bonus = state.gain(seat, track.final_bonus)
        extra = Msg("carnegie.extra.final_bonus", "; final box bonus {got}", got=bonus)
    return [
        Msg(
            "carnegie.advanced",
            "p{p} advances {region} transport to box {box} ({level}) "
            "for {cost} study points{extra}.",
            p=seat + 1,
            region=terms.region(m.region),
            box=c.tracks[m.region] + 1,
            level=terms.level(track.levels[c.tracks[m.region]]),
            cost=cost,
            extra=extra,
        )
    ]


def _semicolons(items: list[str]) -> str:
    """``items`` joined by ``"; "``, keyed pairwise so a catalogue uses its own separator."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg("carnegie.list_semicolon", "{first}; {rest}", first=item, rest=out)
    return out
