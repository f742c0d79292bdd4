"""Department uses (``use <dept> ...``): the starting departments and the 32 tiles.

Seed 部署一覧 and the tile texts (data/carnegie/departments.toml). Building departments
(Strategic Planning) and projects (Construction, Engineering, Outsourcing) are in
``construction.py``; employee moves in ``turn.py``. A mission department sends the active
employee it uses to the named region's mission zone (seed: 社員を任務に派遣する); a player who
cannot fulfil the action may not send the employee (seed).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from games.core import Msg
from games.core.text import joined

from . import terms
from .data import REGIONS
from .model import NEUTRAL
from .moves import Use
from .turn import TurnState, active_count, begin, dept_name, gate, open_moves

if TYPE_CHECKING:
    from .state import CarnegieState

MISSION = "mission"
REGIONAL = "regional"

# dept -> (region use, rewards, takes n, takes donation)
SPEC: dict[str, tuple[str | None, tuple[str, ...], bool, bool]] = {
    "commerce": ("optional", ("money", "goods"), False, False),
    "rd": (None, (), False, False),
    "training": (MISSION, ("money", "moves"), True, False),
    "recruiting": ("optional", ("moves",), False, False),
    "safety": (MISSION, (), False, False),
    "purchasing": (MISSION, ("goods", "money"), False, False),
    "sales": (None, (), True, False),
    "logistics": (None, (), True, False),
    "supply-chain": (None, (), True, False),
    "advanced-research": (MISSION, (), False, False),
    "advanced-design": (None, (), False, False),
    "charity": (MISSION, (), False, True),
    "hr-admin": (MISSION, (), False, False),
    "local-partners": (REGIONAL, ("money", "moves"), False, False),
    "accounting": (MISSION, (), False, False),
    "branding": (REGIONAL, ("money", "goods"), False, False),
    "production-lines": (MISSION, (), False, False),
    "renovation": (REGIONAL, ("money", "vp"), False, False),
    "rd-coordination": (MISSION, (), False, False),
    "knowledge-sharing": (REGIONAL, ("money", "points"), False, False),
}
"""Departments used with ``use``: how each reads its notation."""

OTHER_VERB = {
    "hr": "Human Resources is used by moving employees: `move hr <from> <to>`.",
    "planning": "Strategic Planning is used with `establish <department> <cell>`.",
    "construction": "Construction is used with `build <tab> <city>`.",
    "engineering": "Engineering is used with `build <tab> <city> with engineering`.",
    "outsourcing": "Construction Outsourcing is used with `build <tab> <city> with outsourcing`.",
}


def departments_of_type(state: CarnegieState, seat: int, typ: str) -> int:
    """Departments of action ``typ`` the company has, starting ones included (seed)."""
    d = state.data.department
    return sum(1 for k in state.company(seat).dept_cells() if d[k].type == typ)


def projects_in(state: CarnegieState, seat: int, region: str) -> int:
    return sum(
        1 for city, _, _ in state.company(seat).projects if state.data.city[city].region == region
    )


def _n_range(state: CarnegieState, dept: str) -> range:
    if dept == "training":
        return range(0, int(state.dept_param("training", "money")) + 1)
    return range(1, int(state.dept_param(dept, "max_goods")) + 1)


def candidates(state: CarnegieState, seat: int) -> list[Use]:
    """Every ``use`` move worth checking for ``seat`` now (refusal filters the rest)."""
    c = state.company(seat)
    out: list[Use] = []
    for dept in c.dept_cells():
        if dept not in SPEC or gate(state, seat, dept) is not None:
            continue
        region_use, rewards, takes_n, takes_donation = SPEC[dept]
        regions: list[str | None] = [None]
        if region_use in (MISSION, REGIONAL):
            regions = list(REGIONS)
        elif region_use == "optional":
            regions = [None, *REGIONS]
        rw: list[str | None] = list(rewards) if rewards else [None]
        if dept == "recruiting":
            out += [Use(dept, region=r) for r in REGIONS] + [Use(dept, reward="moves")]
            continue
        for r in regions:
            for w in rw:
                if takes_donation:
                    out += [Use(dept, region=r, donation=d) for d in state.chart]
                elif takes_n and dept == "training":
                    out.append(Use(dept, region=r, reward=w))
                    if state.dept_param("training", "mix") and w == "money":
                        out += [Use(dept, region=r, reward="money", n=k) for k in range(1, 8)]
                elif takes_n:
                    out += [Use(dept, region=r, reward=w, n=k) for k in _n_range(state, dept)]
                else:
                    out.append(Use(dept, region=r, reward=w))
    return out


def refusal(state: CarnegieState, seat: int, m: Use) -> str | None:
    """Why ``m`` is not legal for ``seat`` now, or ``None``."""
    dept = m.dept
    if dept in OTHER_VERB:
        return Msg(f"carnegie.verb.{dept}", OTHER_VERB[dept])
    if dept not in SPEC:
        known = state.data.department.get(dept)
        if known is not None:
            return gate(state, seat, dept) or Msg(
                "carnegie.never_used",
                "{name} is never used as an action.",
                name=terms.department(known.id, known.name),
            )
        return Msg("carnegie.unknown_department", "There is no department `{dept}`.", dept=dept)
    why = gate(state, seat, dept)
    if why:
        return why
    region_use, rewards, takes_n, takes_donation = SPEC[dept]
    name = dept_name(state, dept)
    c = state.company(seat)
    form = _form_problem(state, m, region_use, rewards, takes_n, takes_donation)
    if form:
        return Msg("carnegie.use_form", "{name}: {form}", name=name, form=form)
    region = m.region
    if dept == "recruiting":
        if m.reward == "moves" and not state.dept_param("recruiting", "moves_option"):
            return Msg(
                "carnegie.seed_recruiting",
                "With the seed's values Recruiting only sends an employee on a mission.",
            )
        if region is None and m.reward is None:
            return Msg(
                "carnegie.recruit_form",
                "Recruiting: name a region for the mission, or take `moves`.",
            )
        if region is not None and c.aside == 0:
            return Msg(
                "carnegie.no_recruits",
                "You have no employee left to recruit (all 15 are in your company).",
            )
    if (
        dept == "purchasing"
        and m.reward == "money"
        and not state.dept_param("purchasing", "money_option")
    ):
        return Msg(
            "carnegie.seed_purchasing", "With the seed's values Purchasing gives goods only."
        )
    if dept == "training" and m.n is not None:
        if not state.dept_param("training", "mix"):
            return Msg(
                "carnegie.seed_training",
                "With the printed tile Training and Partnerships gives $8 or 8 moves, not a mix.",
            )
        if m.reward != "money" or not 1 <= m.n <= 7:
            return Msg(
                "carnegie.training_mix",
                "Write `use training <region> money <1-7>`: that many dollars, the rest in moves.",
            )
    if dept in ("sales", "logistics") and c.goods < (m.n or 0):
        return Msg(
            "carnegie.goods_short",
            "{name} needs {n} goods cubes; you have {goods}.",
            name=name,
            n=m.n,
            goods=c.goods,
        )
    if dept == "supply-chain":
        price = supply_chain_price(state, m.n or 0)
        if c.money < price:
            return Msg(
                "carnegie.money_short",
                "{name} costs ${price}; you have ${money}.",
                name=name,
                price=price,
                money=c.money,
            )
    if region_use == REGIONAL and region is not None and projects_in(state, seat, region) == 0:
        return Msg(
            "carnegie.no_projects_region",
            "{name} pays per project you built in {region}, and you have none there.",
            name=name,
            region=terms.region(region),
        )
    if dept == "charity":
        return _charity_problem(state, seat, m.donation or "")
    return None


def supply_chain_price(state: CarnegieState, n: int) -> int:
    """What ``n`` goods cost with Supply Chain (seed サプライチェーン: 「$1で最大3つの商品キューブを
    購入」): $1 each (option ``supply_chain=each``, the printed tile) or $1 for the lot
    (``total``, the seed's words read literally)."""
    price = int(state.dept_param("supply-chain", "money_per_goods"))
    if state.rule("supply_chain") == "total":
        return price if n else 0
    return price * n


def _form_problem(
    state: CarnegieState,
    m: Use,
    region_use: str | None,
    rewards: tuple[str, ...],
    takes_n: bool,
    takes_donation: bool,
) -> str:
    if region_use in (MISSION, REGIONAL) and m.region is None:
        if region_use == MISSION:
            return Msg(
                "carnegie.form.name_mission",
                "name the mission's region (west, midwest, south or east).",
            )
        return Msg(
            "carnegie.form.name_region", "name the region to count (west, midwest, south or east)."
        )
    if region_use is None and m.region is not None:
        return Msg("carnegie.form.no_region", "it takes no region.")
    options = joined([f"`{r}`" for r in rewards], " or ")
    if rewards and m.dept != "recruiting" and m.reward is None:
        return Msg("carnegie.form.choose", "choose {options}.", options=options)
    if m.reward is not None and m.reward not in rewards:
        if not rewards:
            return Msg("carnegie.form.gives_nothing", "it gives no choice.")
        return Msg("carnegie.form.gives", "it gives {options}.", options=options)
    if takes_donation and m.donation is None:
        return Msg("carnegie.form.name_donation", "name the donation to join (a1-d5).")
    if not takes_donation and m.donation is not None:
        return Msg("carnegie.form.no_donation", "it takes no donation.")
    if m.dept == "training":
        return ""
    if takes_n and (m.n is None or m.n not in _n_range(state, m.dept)):
        hi = int(state.dept_param(m.dept, "max_goods"))
        return Msg("carnegie.form.number", "give a number of goods cubes from 1 to {hi}.", hi=hi)
    if not takes_n and m.n is not None:
        return Msg("carnegie.form.no_number", "it takes no number.")
    return ""


def _charity_problem(state: CarnegieState, seat: int, donation: str) -> str | None:
    """Charitable Giving: join another player's donation, paying your donation cost (seed)."""
    c = state.company(seat)
    owners = state.chart[donation]
    if not owners:
        return Msg(
            "carnegie.charity_empty",
            "Charitable Giving puts your disk on another player's donation; {d} is empty "
            "(make it at a donation event).",
            d=donation,
        )
    if donation in c.donations:
        return Msg("carnegie.charity_twice", "You already made donation {d}.", d=donation)
    if state.rule("charity") == "players" and all(o == NEUTRAL for o in owners):
        return Msg(
            "carnegie.charity_neutral",
            "Charitable Giving puts your disk on another player's donation; {d} holds only a "
            "neutral disk (option `charity=any` allows it).",
            d=donation,
        )
    if c.disks <= 0:
        return Msg("carnegie.no_disks_donation", "You have no disks left.")
    cost = state.donation_cost(seat)
    if c.money < cost:
        return Msg(
            "carnegie.donation_money",
            "Your next donation costs ${cost}; you have ${money}.",
            cost=cost,
            money=c.money,
        )
    return None


def send_on_mission(state: CarnegieState, seat: int, dept: str, region: str) -> None:
    """The department's active employee goes to ``region``'s mission zone (not active)."""
    c = state.company(seat)
    cell = c.cell_of(dept)
    assert cell is not None
    c.cells[cell].active -= 1
    c.missions[region] += 1


def apply(state: CarnegieState, seat: int, m: Use) -> list[str]:
    """Use ``m.dept`` once (validated by ``refusal``)."""
    t: TurnState = state.turn
    dept = m.dept
    begin(state, seat, dept)
    t.uses_left -= 1
    region_use = SPEC[dept][0]
    mission = region_use == MISSION or (region_use == "optional" and m.region is not None)
    if mission:
        assert m.region is not None
        send_on_mission(state, seat, dept, m.region)
    got = _effect(state, seat, m)
    where = (
        Msg("carnegie.mission_to", " (mission to {region})", region=terms.region(m.region))
        if mission and m.region
        else ""
    )
    return [
        Msg(
            "carnegie.used_dept",
            "p{p} uses {name}{where}: {got}.",
            p=seat + 1,
            name=dept_name(state, dept),
            where=where,
            got=got,
        )
    ]


def _money(k: int) -> str:
    return Msg("carnegie.got.money", "${k}", k=k)


def _goods(k: int) -> str:
    return Msg("carnegie.got.goods", "{k} goods", k=k)


def _study(k: int, left: int) -> str:
    return Msg("carnegie.got.study", "{k} study points ({left} to spend)", k=k, left=left)


def _moves(k: int) -> str:
    return Msg("carnegie.got.moves", "{k} employee moves", k=k)


def _effect(state: CarnegieState, seat: int, m: Use) -> str:
    c = state.company(seat)
    p = state.dept_param
    dept, n, region = m.dept, m.n or 0, m.region
    if dept == "commerce":
        key = ("mission_" if region else "") + (m.reward or "money")
        amount = int(p("commerce", key))
        if m.reward == "goods":
            c.goods += amount
            return _goods(amount)
        c.money += amount
        return _money(amount)
    if dept == "rd":
        k = int(p("rd", "study_points_per_employee"))
        c.study += k
        return _study(k, c.study)
    if dept == "training":
        total = int(p("training", "moves"))
        money = total if m.reward == "money" and m.n is None else (n if m.reward == "money" else 0)
        moves = total - money
        c.money += money
        if moves:
            open_moves(state, "training", moves)
        return Msg(
            "carnegie.got.money_and_moves",
            "${money} and {moves} employee moves",
            money=money,
            moves=moves,
        )
    if dept == "recruiting":
        if region is None:
            k = int(p("recruiting", "moves"))
            open_moves(state, "recruiting", k)
            return _moves(k)
        c.aside -= 1
        c.lobby += 1
        return Msg("carnegie.got.new_employee", "a new employee in the Lobby")
    if dept == "safety":
        per = int(p("safety", "active_per_vp"))
        active = c.active_employees()
        vp = math.ceil(active / per) if p("safety", "round_up") else active // per
        c.vp += vp
        return Msg(
            "carnegie.got.safety", "{vp} VP for {active} active employees", vp=vp, active=active
        )
    if dept == "purchasing":
        if m.reward == "money":
            k = int(p("purchasing", "money"))
            c.money += k
            return _money(k)
        k = int(p("purchasing", "goods"))
        c.goods += k
        return _goods(k)
    if dept == "sales":
        k = int(p("sales", "money_per_goods")) * n
        c.goods -= n
        c.money += k
        return Msg("carnegie.got.sold", "{n} goods sold for ${k}", n=n, k=k)
    if dept == "logistics":
        k = int(p("logistics", "money_per_goods")) * n
        vp = int(p("logistics", "vp_per_goods")) * n
        c.goods -= n
        c.money += k
        c.vp += vp
        return Msg(
            "carnegie.got.delivered",
            "{n} goods delivered for ${k} and {vp} VP",
            n=n,
            k=k,
            vp=vp,
        )
    if dept == "supply-chain":
        k = supply_chain_price(state, n)
        c.money -= k
        c.goods += n
        return Msg("carnegie.got.bought", "{n} goods bought for ${k}", n=n, k=k)
    if dept in ("advanced-research", "advanced-design"):
        k = int(p(dept, "study_points"))
        c.study += k
        return _study(k, c.study)
    if dept == "charity":
        assert m.donation is not None
        cost = state.donation_cost(seat)
        c.money -= cost
        c.disks -= 1
        c.donations.append(m.donation)
        state.chart[m.donation].append(seat)
        return Msg(
            "carnegie.got.charity", "joins donation {d} for ${cost}", d=m.donation, cost=cost
        )
    if dept == "hr-admin":
        k = int(p("hr-admin", "moves_per_department")) * departments_of_type(state, seat, "hr")
        open_moves(state, "hr-admin", k, teleport=True)
        return Msg("carnegie.got.teleport", "{k} moves to any cell", k=k)
    if dept == "accounting":
        k = int(p("accounting", "money_per_department")) * departments_of_type(
            state, seat, "management"
        )
        c.money += k
        return _money(k)
    if dept == "production-lines":
        k = int(p("production-lines", "goods_per_department")) * departments_of_type(
            state, seat, "construction"
        )
        c.goods += k
        return _goods(k)
    if dept == "rd-coordination":
        k = int(p("rd-coordination", "study_points_per_department")) * departments_of_type(
            state, seat, "rd"
        )
        c.study += k
        return _study(k, c.study)
    # regional departments: per project built in the region
    assert region is not None
    count = projects_in(state, seat, region)
    if m.reward == "money":
        k = int(p(dept, "money_per_project")) * count
        c.money += k
        return Msg(
            "carnegie.got.regional_money",
            "${k} for {count} projects in {region}",
            k=k,
            count=count,
            region=terms.region(region),
        )
    if dept == "local-partners":
        k = int(p(dept, "moves_per_project")) * count
        open_moves(state, "local-partners", k)
        return _moves(k)
    if dept == "branding":
        k = int(p(dept, "goods_per_project")) * count
        c.goods += k
        return _goods(k)
    if dept == "renovation":
        k = int(p(dept, "vp_per_project")) * count
        c.vp += k
        return Msg("carnegie.got.vp", "{k} VP", k=k)
    k = int(p(dept, "study_points_per_project")) * count
    c.study += k
    return _study(k, c.study)


def uses_available(state: CarnegieState, seat: int, dept: str) -> int:
    """How many times ``dept`` could be used now (for views and the AI)."""
    if gate(state, seat, dept) is not None:
        return 0
    t: TurnState = state.turn
    return t.uses_left if t.current == dept else active_count(state, seat, dept)
