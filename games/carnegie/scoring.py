"""Final scoring (seed 得点計算), major-city connections and donations; Andrew's score (solo).

Categories (``Outcome.details`` keys): ``vp_track`` (VP earned during play),
``active_employees`` (1 each, max 15), ``departments`` (3 VP top row / 2 VP other rows, max 24),
``tabs`` (VP revealed on project tabs, max 42), ``connections`` (best network, max 36; Post
Office may add its 9 VP bonus), ``projects`` (city VP of each project, max 45), ``donations``
(each at most 12), ``choice_tile`` (3 if unused), ``end_departments`` (Green Spaces, Public
Relations, Network of Libraries), and ``total``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Msg, Outcome

from .data import REGIONS
from .model import Company

if TYPE_CHECKING:
    from .state import CarnegieState


def level_index(state: CarnegieState, c: Company, region: str) -> int:
    """0 wagon, 1 stagecoach, 2 railroad: the level of ``c``'s disk on ``region``'s track."""
    track = state.data.tracks[region]
    return state.data.connection_levels.index(track.levels[c.tracks[region]])


def networks(state: CarnegieState, seat: int) -> list[set[str]]:
    """Groups of cities holding ``seat``'s projects, joined by roads through such cities."""
    own = {city for city, _, _ in state.company(seat).projects}
    groups: list[set[str]] = []
    seen: set[str] = set()
    for start in sorted(own):
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            for n in state.data.neighbours[todo.pop()]:
                if n in own and n not in group:
                    group.add(n)
                    todo.append(n)
        seen |= group
        groups.append(group)
    return groups


def network_score(state: CarnegieState, seat: int, group: set[str]) -> tuple[int, int]:
    """(connection points, VP) of one network (seed 主要都市の接続; Post Office +1 point).

    Seed: the network must join at least two major cities (「少なくとも2つの大都市を接続」),
    and 「サンフランシスコは他の主要都市とつながっている場合、都市2つ分とみなします」: San
    Francisco counts as two only when another major city is in the network. Option
    ``connections=points`` (the version-1 reading) scores any network of 2 points instead.
    """
    d = state.data
    c = state.company(seat)
    majors = [x for x in group if d.city[x].connection_points]
    joined = len(majors) >= 2 or state.rule("connections") == "points"
    if not joined:
        return len(majors), 0
    points = sum(d.city[x].connection_points for x in majors)
    post = c.is_active("post-office") and bool(majors)
    if post:
        points = min(
            int(state.dept_param("post-office", "max_points")),
            points + int(state.dept_param("post-office", "extra_points")),
        )
    if points < d.connection_min or not majors:
        return points, 0
    level = min(level_index(state, c, d.city[x].region) for x in majors)
    row = min(points, max(d.connection_table))
    vp = d.connection_table[row][level]
    if post and points >= int(state.dept_param("post-office", "max_points")):
        vp += int(state.dept_param("post-office", "bonus_vp"))
    return points, vp


def connection_vp(state: CarnegieState, seat: int) -> int:
    """Only the best network counts (seed)."""
    return max((network_score(state, seat, g)[1] for g in networks(state, seat)), default=0)


def _best_payment(goods: int, money: int, held: set[str], cap: int) -> tuple[int, int, int]:
    """(VP, goods paid, money paid) for the Welfare donations c2/c3/c4 held, paying at game end
    to maximise VP (each donation capped)."""
    best = (0, 0, 0)
    max_sets = min(goods, money // 5, cap // 4) if "c4" in held else 0
    for sets in range(max_sets + 1):
        g, m = goods - sets, money - 5 * sets
        vp = 4 * sets
        pay_g = min(g, cap // 2) if "c2" in held else 0
        pay_m = min(m // 5, cap // 2) if "c3" in held else 0
        vp += 2 * pay_g + 2 * pay_m
        if vp > best[0]:
            best = (vp, sets + pay_g, 5 * (sets + pay_m))
    return best


def donation_vp(
    state: CarnegieState,
    seat: int,
    donations: list[str],
    for_andrew: bool = False,
) -> int:
    """VP of ``donations`` scored on ``seat``'s company (Andrew's on the player's: seed).

    Welfare payments come out of the company's goods and money; for Andrew, out of what the
    player has left after paying for their own Welfare donations.
    """
    d = state.data
    c = state.company(seat)
    cap = d.rules.donation_cap
    goods, money = c.goods, c.money
    if for_andrew:
        own = {x for x in c.donations if d.donation[x].kind == "pay"}
        _, pg, pm = _best_payment(goods, money, own, cap)
        goods, money = goods - pg, money - pm
    total = 0
    pays = {x for x in donations if d.donation[x].kind == "pay"}
    total += _best_payment(goods, money, pays, cap)[0]
    depts = list(c.dept_cells())
    for x in donations:
        info = d.donation[x]
        p = info.params
        vp = int(p.get("vp", 0))
        kind = info.kind
        if kind == "pay":
            continue
        if kind == "per_department":
            n = sum(1 for k in depts if p["type"] == "any" or d.department[k].type == p["type"])
        elif kind == "per_project":
            n = sum(1 for _, _, tab in c.projects if tab in p["tabs"])
        elif kind == "per_railroad":
            n = sum(1 for r in REGIONS if level_index(state, c, r) == 2)
        elif kind == "per_donation":
            n = len(c.donations) + (1 if for_andrew else 0)
        elif kind == "flat":
            n = 1
        elif kind == "per_active_employee":
            n = c.active_employees()
        elif kind == "per_region_project":
            n = sum(1 for city, _, _ in c.projects if d.city[city].region == p["region"])
        else:  # per_town_project
            n = sum(1 for city, _, _ in c.projects if d.city[city].is_town)
        total += min(cap, vp * n)
    return total


def score_company(state: CarnegieState, seat: int) -> dict[str, int]:
    """Every final-scoring category of ``seat`` (see the module docstring)."""
    d, r = state.data, state.data.rules
    c = state.company(seat)
    lay = d.company
    dept_vp = sum(
        lay.top_row_vp if cell.endswith("1") else lay.other_row_vp
        for cell, k in ((cell, x.dept) for cell, x in c.cells.items())
        if k in c.added
    )
    tab_vp = sum(s.vp for t in d.tabs for s in t.spaces[: c.revealed[t.id]] if not s.project)
    projects = sum(d.city[city].vp for city, _, _ in c.projects)
    per_region = {g: sum(1 for x, _, _ in c.projects if d.city[x].region == g) for g in REGIONS}
    end = 0
    if c.is_active("green-spaces"):
        empty = sum(1 for x in c.cells.values() if x.dept is None)
        end += int(state.dept_param("green-spaces", "vp_per_space")) * empty
    if c.is_active("public-relations"):
        end += int(state.dept_param("public-relations", "vp_per_project")) * max(
            per_region.values()
        )
    if c.is_active("libraries"):
        end += int(state.dept_param("libraries", "vp_per_project")) * min(per_region.values())
    out = {
        "vp_track": c.vp,
        "active_employees": min(r.active_employee_max, c.active_employees()) * r.active_employee_vp,
        "departments": min(r.department_max, dept_vp),
        "tabs": min(r.tab_max, tab_vp),
        "connections": connection_vp(state, seat),
        "projects": min(r.project_max, projects),
        "donations": donation_vp(state, seat, c.donations),
        "choice_tile": r.choice_tile_vp if c.choice_tile else 0,
        "end_departments": end,
    }
    out["total"] = sum(out.values())
    return out


def final_outcome(state: CarnegieState) -> Outcome:
    """Scores, shared ranks on ties (seed: 同点のプレイヤーは勝利を分かち合います)."""
    details = {s: score_company(state, s) for s in range(state.n_seats)}
    scores = {s: v["total"] for s, v in details.items()}
    if state.andrew is not None:
        from .solo.andrew import score as andrew_score

        a = andrew_score(state)
        details[0] = {**details[0], **a}
        mine, his = scores[0], a["andrew_total"]
        won = mine >= his
        if mine > his:
            reason = Msg(
                "carnegie.outcome.solo_win",
                "20 rounds played: {mine} VP against Andrew's {his} VP, you win.",
                mine=mine,
                his=his,
            )
        elif mine == his:
            reason = Msg(
                "carnegie.outcome.solo_shared",
                "20 rounds played: {mine} VP against Andrew's {his} VP, a shared win.",
                mine=mine,
                his=his,
            )
        else:
            reason = Msg(
                "carnegie.outcome.solo_loss",
                "20 rounds played: {mine} VP against Andrew's {his} VP, Andrew wins.",
                mine=mine,
                his=his,
            )
        return Outcome(
            scores=scores,
            ranks={0: 1 if won else 2},
            winners=frozenset({0}) if won else frozenset(),
            reason=reason,
            details=details,
        )
    best = max(scores.values())
    ranks = {s: 1 + sum(1 for o in scores.values() if o > v) for s, v in scores.items()}
    winners = frozenset(s for s, v in scores.items() if v == best)
    names = ", ".join(f"p{s + 1}" for s in sorted(winners))
    return Outcome(
        scores=scores,
        ranks=ranks,
        winners=winners,
        reason=Msg(
            "carnegie.outcome.winner",
            "20 rounds played; {names} wins with {best} VP.",
            names=names,
            winners=tuple(s + 1 for s in sorted(winners)),
            best=best,
        )
        if len(winners) == 1
        else Msg(
            "carnegie.outcome.shared",
            "20 rounds played; {names} share the win with {best} VP.",
            names=names,
            winners=tuple(s + 1 for s in sorted(winners)),
            best=best,
        ),
        details=details,
    )
