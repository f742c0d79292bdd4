"""Carnegie component data, loaded once from ``data/carnegie/*.toml`` and validated.

Files: ``rules`` (the seed's constants), ``map`` (cities, spaces, roads), ``transport``
(the four tracks), ``timeline`` (tiles and End tile), ``donations``, ``connections``
(major-city table), ``departments`` (5 starting + 32 tiles, with the seed's differing values),
``company`` and ``tabs`` (both reconstructed: no source prints them) and ``andrew`` (solo).

``load()`` parses every file, checks keys, ids, references and provenance, and raises one
``DataError`` listing every problem found.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games.core.data import DataError, check_keys, check_provenance, load_toml, raise_if
from games.core.text import Msg

GAME = "carnegie"
REGIONS: tuple[str, ...] = ("west", "midwest", "south", "east")
ACTIONS: tuple[str, ...] = ("hr", "management", "construction", "rd")
"""The four action rows of the timeline, top to bottom (seed: 人事, 管理, 建設, 研究開発)."""
PROJECT_TYPES: tuple[str, ...] = ("housing", "commerce", "industry", "infrastructure")
SPACE_TYPES: tuple[str, ...] = (*PROJECT_TYPES, "any")
LEVELS: tuple[str, ...] = ("wagon", "stagecoach", "railroad")
REWARD_KEYS: tuple[str, ...] = ("money", "goods", "vp", "study_points", "employee")
DEPARTMENT_SETS = ("starting", "base", "internal", "regional", "flexibility", "performance")
DEPARTMENT_USES = ("each", "mission", "ongoing", "endgame")
DONATION_KINDS = (
    "per_department",
    "per_project",
    "per_railroad",
    "per_donation",
    "flat",
    "pay",
    "per_active_employee",
    "per_region_project",
    "per_town_project",
)
FILES = (
    "rules",
    "map",
    "transport",
    "timeline",
    "donations",
    "connections",
    "departments",
    "company",
    "tabs",
    "andrew",
)


@dataclass(frozen=True)
class Reward:
    """An income or bonus: dollars, goods cubes, VP, study points, new employees."""

    money: int = 0
    goods: int = 0
    vp: int = 0
    study_points: int = 0
    employee: int = 0

    def is_empty(self) -> bool:
        return not (self.money or self.goods or self.vp or self.study_points or self.employee)

    def text(self) -> str:
        """``"$3"``, ``"2 goods"``, ``"1 VP"``, ``"3 study points"``, ``"1 employee"``, joined
        by ``" + "`` (``"nothing"``); each part keyed ``carnegie.reward.*`` for catalogues."""
        parts: list[str] = []
        if self.money:
            parts.append(Msg("carnegie.reward.money", "${n}", n=self.money))
        if self.goods:
            parts.append(Msg("carnegie.reward.goods", "{n} goods", n=self.goods))
        if self.vp:
            parts.append(Msg("carnegie.reward.vp", "{n} VP", n=self.vp))
        if self.study_points:
            parts.append(Msg("carnegie.reward.study", "{n} study points", n=self.study_points))
        if self.employee == 1:
            parts.append(Msg("carnegie.reward.employee", "{n} employee", n=self.employee))
        elif self.employee:
            parts.append(Msg("carnegie.reward.employees", "{n} employees", n=self.employee))
        if not parts:
            return Msg("carnegie.reward.nothing", "nothing")
        out = parts[-1]
        for part in reversed(parts[:-1]):
            out = Msg("carnegie.reward.plus", "{first} + {rest}", first=part, rest=out)
        return out


@dataclass(frozen=True)
class Space:
    """One construction space of a city."""

    type: str  # SPACE_TYPES
    row: str  # "single" | "top" | "bottom" (layout only)


@dataclass(frozen=True)
class City:
    id: str  # "new-york"
    name: str  # "New York"
    region: str  # REGIONS
    size: str  # "small" | "medium" | "major"
    vp: int  # VP per project built here (0-3)
    spaces: tuple[Space, ...]  # left to right on the printed board
    income_icon: bool  # small town shows the transport-income icon (board scan)
    connection_points: int  # 0 unless a major city (San Francisco 2)
    position: tuple[int, int]  # approximate pixel centre on the 3072 x 2375 board scan

    @property
    def is_town(self) -> bool:
        return self.size == "small"


@dataclass(frozen=True)
class Track:
    """A region's transport track: 5 boxes; ``costs[i]`` study points to go from box i to i+1."""

    region: str
    costs: tuple[int, ...]
    levels: tuple[str, ...]  # per box
    income: tuple[Reward, ...]  # per box, per returned employee
    final_bonus: Reward

    @property
    def last(self) -> int:
        return len(self.levels) - 1


@dataclass(frozen=True)
class TimelineTile:
    """A double-sided timeline tile: each side a column of 4 events (HR row first).

    An event is a region id (that region's income) or ``"donation"``.
    """

    id: int
    front: tuple[str, ...]
    back: tuple[str, ...]


@dataclass(frozen=True)
class Department:
    """A starting department or a department tile kind (seed 部署一覧)."""

    id: str  # notation word: "sales"
    number: int  # tile number 1-32; 0 for the starting departments
    name: str
    type: str  # ACTIONS
    set: str  # DEPARTMENT_SETS
    use: str  # DEPARTMENT_USES
    workplaces: tuple[int, ...]  # activation cost of each workplace, left to right
    effect: str
    params: Mapping[str, Any]
    seed_params: Mapping[str, Any]  # the seed's different values (option values=seed)
    seed_note: str
    printed_employee: bool
    source: str
    note: str

    @property
    def is_starting(self) -> bool:
        return self.set == "starting"

    @property
    def is_expansion(self) -> bool:
        return self.set not in ("starting", "base")

    def param(self, name: str, seed: bool = False) -> Any:
        """A numeric parameter, from the seed's values when ``seed`` and the seed differs."""
        if seed and name in self.seed_params:
            return self.seed_params[name]
        return self.params[name]


@dataclass(frozen=True)
class Donation:
    id: str  # "a1" .. "d5"
    name: str
    kind: str  # DONATION_KINDS
    params: Mapping[str, Any]


@dataclass(frozen=True)
class TabSpace:
    cost: int  # study points to reveal it; 0 = visible at setup
    project: bool  # takes a disk; its income shows once that disk is built
    income: Reward
    vp: int  # end-game VP once revealed (non-project spaces)


@dataclass(frozen=True)
class Tab:
    id: str  # PROJECT_TYPES
    build_goods: int
    spaces: tuple[TabSpace, ...]

    @property
    def start_revealed(self) -> int:
        """How many spaces are visible at setup (leading spaces with cost 0)."""
        n = 0
        for s in self.spaces:
            if s.cost:
                break
            n += 1
        return n

    @property
    def max_vp(self) -> int:
        return sum(s.vp for s in self.spaces)


@dataclass(frozen=True)
class CompanyLayout:
    """The company board grid (reconstructed). Cells ``a1`` (top left) .. ``d4``."""

    columns: int
    rows: int
    lobby: str
    start: Mapping[str, str]  # starting department id -> cell
    top_row_vp: int
    other_row_vp: int
    cells: tuple[str, ...]  # row-major

    def cell_name(self, col: int, row: int) -> str:
        return f"{chr(ord('a') + col)}{row + 1}"

    def pos(self, cell: str) -> tuple[int, int]:
        return ord(cell[0]) - ord("a"), int(cell[1:]) - 1


@dataclass(frozen=True)
class AndrewCard:
    """One of Andrew's action cards (S2): normal ``n01``.. or advanced ``a01``.."""

    id: str
    deck: str  # "normal" | "advanced"
    back: str  # ACTIONS: the row Andrew picks (seed: アクションカードの裏)
    donation: str  # donation id
    hr_shift: int
    management: tuple[str, ...]  # department types to take
    cities: tuple[str, ...]  # construction cities, in order
    rd_region: str
    rd_steps: int


@dataclass(frozen=True)
class Rules:
    goods: int
    money: int
    employees: int
    employees_lobby: int
    disks: int
    setup_moves: int
    rounds: int
    tile_copies: int
    tiles_removed: tuple[int, ...]  # by player count 1..4
    choice_tile_holders: tuple[tuple[int, ...], ...]  # by player count: positions from start
    choice_tile_vp: int
    neutral_disks: tuple[int, ...]  # by player count 1..4
    active_employee_vp: int
    active_employee_max: int
    department_max: int
    tab_max: int
    connection_max: int
    project_max: int
    goods_sale_money: int
    donation_step: int
    donation_cap: int


@dataclass(frozen=True)
class Andrew:
    vp_cards: tuple[int, ...]
    department_vp: int
    final_box_vp: int
    deck_normal: tuple[int, ...]  # by level 1..4
    deck_advanced: tuple[int, ...]
    default_level: int
    cards: tuple[AndrewCard, ...]


@dataclass(frozen=True)
class CarnegieData:
    rules: Rules
    cities: tuple[City, ...]
    roads: tuple[tuple[str, str], ...]
    tracks: Mapping[str, Track]
    tiles: tuple[TimelineTile, ...]
    end_income: tuple[str, ...]  # region per action row on the End tile
    end_donation: bool
    donations: tuple[Donation, ...]
    connection_levels: tuple[str, ...]
    connection_min: int
    connection_table: Mapping[int, tuple[int, ...]]  # points -> vp per level
    departments: tuple[Department, ...]
    company: CompanyLayout
    tabs: tuple[Tab, ...]
    andrew: Andrew
    city: Mapping[str, City] = field(default_factory=dict)
    department: Mapping[str, Department] = field(default_factory=dict)
    donation: Mapping[str, Donation] = field(default_factory=dict)
    tab: Mapping[str, Tab] = field(default_factory=dict)
    neighbours: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def tile_kinds(self) -> tuple[Department, ...]:
        """The 32 department tile kinds (not the starting departments)."""
        return tuple(d for d in self.departments if not d.is_starting)


# -- parsing helpers -------------------------------------------------------------------


class _P:
    """Collects problems while reading one file."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems

    def add(self, msg: str) -> None:
        self.problems.append(msg)

    def int_(self, where: str, value: Any, lo: int = 0, hi: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.add(f"{where}: expected a whole number, got {value!r}")
            return lo
        if value < lo or (hi is not None and value > hi):
            self.add(f"{where}: {value} is outside {lo}..{hi if hi is not None else 'inf'}")
        return value

    def str_(self, where: str, value: Any, allowed: Sequence[str] | None = None) -> str:
        if not isinstance(value, str) or not value:
            self.add(f"{where}: expected a word, got {value!r}")
            return ""
        if allowed is not None and value not in allowed:
            self.add(f"{where}: {value!r} is not one of {', '.join(allowed)}")
        return value

    def list_(self, where: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            self.add(f"{where}: expected a list, got {value!r}")
            return []
        return value

    def table(self, where: str, value: Any) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.add(f"{where}: expected a table, got {value!r}")
            return {}
        return value

    def ints(self, where: str, value: Any, lo: int = 0, n: int | None = None) -> tuple[int, ...]:
        items = self.list_(where, value)
        out = tuple(self.int_(f"{where}[{i}]", v, lo) for i, v in enumerate(items))
        if n is not None and len(out) != n:
            self.add(f"{where}: expected {n} numbers, got {len(out)}")
        return out

    def reward(self, where: str, value: Any) -> Reward:
        t = self.table(where, value)
        self.problems.extend(check_keys(where, t, (), REWARD_KEYS))
        return Reward(**{k: self.int_(f"{where}.{k}", t[k]) for k in REWARD_KEYS if k in t})

    def section(
        self, file: str, raw: Mapping[str, Any], name: str, keys: Sequence[str]
    ) -> Mapping[str, Any]:
        t = self.table(f"{file} [{name}]", raw.get(name, {}))
        self.problems.extend(check_keys(f"{file} [{name}]", t, keys, ("source", "note")))
        self.problems.extend(check_provenance(f"{file} [{name}]", t))
        return t

    def unique(self, where: str, ids: Sequence[Any]) -> None:
        seen: set[Any] = set()
        for i in ids:
            if i in seen:
                self.add(f"{where}: id {i!r} appears twice")
            seen.add(i)


def _top(p: _P, file: str, raw: Mapping[str, Any], keys: Sequence[str]) -> None:
    p.problems.extend(check_keys(file, raw, keys, ("source", "note")))
    p.problems.extend(check_provenance(file, raw))


def _rules(p: _P, raw: Mapping[str, Any], don: Mapping[str, Any]) -> Rules:
    f = "rules.toml"
    sections = {
        "setup": (
            "goods",
            "money",
            "employees",
            "employees_lobby",
            "disks",
            "setup_moves",
            "rounds",
        ),
        "department_tiles": ("copies", "removed"),
        "action_choice_tiles": ("holders", "unused_vp"),
        "neutral_disks": ("count",),
        "scoring": (
            "active_employee_vp",
            "active_employee_max",
            "department_max",
            "tab_max",
            "connection_max",
            "project_max",
        ),
        "goods_sale": ("money",),
    }
    p.problems.extend(check_keys(f, raw, tuple(sections)))
    t = {name: p.section(f, raw, name, keys) for name, keys in sections.items()}
    s, sc = t["setup"], t["scoring"]
    holders = tuple(
        tuple(p.int_(f"{f} holders", h, 0, 3) for h in p.list_(f"{f} holders", row))
        for row in p.list_(f"{f} holders", t["action_choice_tiles"].get("holders"))
    )
    if len(holders) != 4:
        p.add(f"{f} action_choice_tiles.holders: needs one list per player count 1-4")
    chart = p.table("donations.toml [chart]", don)
    return Rules(
        goods=p.int_(f"{f} goods", s.get("goods")),
        money=p.int_(f"{f} money", s.get("money")),
        employees=p.int_(f"{f} employees", s.get("employees"), 1),
        employees_lobby=p.int_(f"{f} employees_lobby", s.get("employees_lobby")),
        disks=p.int_(f"{f} disks", s.get("disks"), 1),
        setup_moves=p.int_(f"{f} setup_moves", s.get("setup_moves")),
        rounds=p.int_(f"{f} rounds", s.get("rounds"), 1),
        tile_copies=p.int_(f"{f} copies", t["department_tiles"].get("copies"), 1),
        tiles_removed=p.ints(f"{f} removed", t["department_tiles"].get("removed"), 0, 4),
        choice_tile_holders=holders,
        choice_tile_vp=p.int_(f"{f} unused_vp", t["action_choice_tiles"].get("unused_vp")),
        neutral_disks=p.ints(f"{f} neutral_disks.count", t["neutral_disks"].get("count"), 0, 4),
        active_employee_vp=p.int_(f"{f} active_employee_vp", sc.get("active_employee_vp")),
        active_employee_max=p.int_(f"{f} active_employee_max", sc.get("active_employee_max")),
        department_max=p.int_(f"{f} department_max", sc.get("department_max")),
        tab_max=p.int_(f"{f} tab_max", sc.get("tab_max")),
        connection_max=p.int_(f"{f} connection_max", sc.get("connection_max")),
        project_max=p.int_(f"{f} project_max", sc.get("project_max")),
        goods_sale_money=p.int_(f"{f} goods_sale.money", t["goods_sale"].get("money")),
        donation_step=p.int_("donations.toml cost_step", chart.get("cost_step"), 1),
        donation_cap=p.int_("donations.toml cap", chart.get("cap"), 1),
    )


def _map(p: _P, raw: Mapping[str, Any]) -> tuple[tuple[City, ...], tuple[tuple[str, str], ...]]:
    f = "map.toml"
    _top(p, f, raw, ("regions", "city", "roads"))
    if tuple(raw.get("regions", ())) != REGIONS:
        p.add(f"{f} regions: expected {list(REGIONS)}")
    cities = []
    for i, c in enumerate(p.list_(f"{f} city", raw.get("city"))):
        w = f"{f} city[{i}]"
        c = p.table(w, c)
        p.problems.extend(
            check_keys(
                w,
                c,
                ("id", "name", "region", "size", "vp", "spaces", "position"),
                ("income_icon", "connection_points"),
            )
        )
        size = p.str_(f"{w}.size", c.get("size"), ("small", "medium", "major"))
        spaces = []
        for j, s in enumerate(p.list_(f"{w}.spaces", c.get("spaces"))):
            s = p.table(f"{w}.spaces[{j}]", s)
            p.problems.extend(check_keys(f"{w}.spaces[{j}]", s, ("type", "row")))
            spaces.append(
                Space(
                    p.str_(f"{w}.spaces[{j}].type", s.get("type"), SPACE_TYPES),
                    p.str_(f"{w}.spaces[{j}].row", s.get("row"), ("single", "top", "bottom")),
                )
            )
        want = {"small": 1, "medium": 3, "major": 5}.get(size, 0)
        if len(spaces) != want:
            p.add(f"{w}: a {size} city has {want} spaces, got {len(spaces)}")
        if size == "small" and any(s.type != "any" for s in spaces):
            p.add(f"{w}: small-town spaces take any project type")
        pos = p.ints(f"{w}.position", c.get("position"), 0, 2)
        cities.append(
            City(
                id=p.str_(f"{w}.id", c.get("id")),
                name=p.str_(f"{w}.name", c.get("name")),
                region=p.str_(f"{w}.region", c.get("region"), REGIONS),
                size=size,
                vp=p.int_(f"{w}.vp", c.get("vp"), 0, 3),
                spaces=tuple(spaces),
                income_icon=bool(c.get("income_icon", False)),
                connection_points=p.int_(f"{w}.connection_points", c.get("connection_points", 0)),
                position=(pos[0], pos[1]) if len(pos) == 2 else (0, 0),
            )
        )
    p.unique(f"{f} city", [c.id for c in cities])
    ids = {c.id for c in cities}
    roads = []
    for i, r in enumerate(p.list_(f"{f} roads", raw.get("roads"))):
        if not isinstance(r, list) or len(r) != 2 or not all(isinstance(x, str) for x in r):
            p.add(f"{f} roads[{i}]: expected two city ids")
            continue
        for x in r:
            if x not in ids:
                p.add(f"{f} roads[{i}]: unknown city {x!r}")
        roads.append((r[0], r[1]))
    p.unique(f"{f} roads", [tuple(sorted(r)) for r in roads])
    return tuple(cities), tuple(roads)


def _transport(p: _P, raw: Mapping[str, Any]) -> dict[str, Track]:
    f = "transport.toml"
    _top(p, f, raw, ("track",))
    tracks: dict[str, Track] = {}
    for i, t in enumerate(p.list_(f"{f} track", raw.get("track"))):
        w = f"{f} track[{i}]"
        t = p.table(w, t)
        p.problems.extend(check_keys(w, t, ("region", "costs", "levels", "income", "final_bonus")))
        region = p.str_(f"{w}.region", t.get("region"), REGIONS)
        levels = tuple(p.str_(f"{w}.levels", x, LEVELS) for x in p.list_(w, t.get("levels")))
        income = tuple(
            p.reward(f"{w}.income[{j}]", x) for j, x in enumerate(p.list_(w, t.get("income")))
        )
        costs = p.ints(f"{w}.costs", t.get("costs"), 1, len(levels) - 1)
        if len(income) != len(levels):
            p.add(f"{w}: one income per box ({len(levels)}), got {len(income)}")
        if region in tracks:
            p.add(f"{w}: region {region!r} has two tracks")
        tracks[region] = Track(
            region, costs, levels, income, p.reward(f"{w}.final_bonus", t.get("final_bonus"))
        )
    for r in REGIONS:
        if r not in tracks:
            p.add(f"{f}: no track for region {r!r}")
    return tracks


def _timeline(
    p: _P, raw: Mapping[str, Any]
) -> tuple[tuple[TimelineTile, ...], tuple[str, ...], bool]:
    f = "timeline.toml"
    _top(p, f, raw, ("tile", "end"))
    events = (*REGIONS, "donation")
    tiles = []
    for i, t in enumerate(p.list_(f"{f} tile", raw.get("tile"))):
        w = f"{f} tile[{i}]"
        t = p.table(w, t)
        p.problems.extend(check_keys(w, t, ("id", "front", "back")))
        sides = []
        for side in ("front", "back"):
            evs = tuple(p.str_(f"{w}.{side}", e, events) for e in p.list_(w, t.get(side)))
            if len(evs) != len(ACTIONS):
                p.add(f"{w}.{side}: needs {len(ACTIONS)} events, one per action row")
            sides.append(evs)
        tiles.append(TimelineTile(p.int_(f"{w}.id", t.get("id"), 1), sides[0], sides[1]))
    p.unique(f"{f} tile", [t.id for t in tiles])
    end = p.section(f, raw, "end", ("income", "donation"))
    income = tuple(p.str_(f"{f} end.income", r, REGIONS) for r in p.list_(f, end.get("income")))
    if len(income) != len(ACTIONS):
        p.add(f"{f} end.income: needs one region per action row")
    return tuple(tiles), income, bool(end.get("donation", False))


def _donations(p: _P, raw: Mapping[str, Any]) -> tuple[Donation, ...]:
    f = "donations.toml"
    _top(p, f, raw, ("chart", "donation"))
    p.section(f, raw, "chart", ("cost_step", "cap"))
    out = []
    for i, d in enumerate(p.list_(f"{f} donation", raw.get("donation"))):
        w = f"{f} donation[{i}]"
        d = p.table(w, d)
        p.problems.extend(check_keys(w, d, ("id", "name", "kind", "params")))
        kind = p.str_(f"{w}.kind", d.get("kind"), DONATION_KINDS)
        params = p.table(f"{w}.params", d.get("params"))
        need: dict[str, tuple[str, ...]] = {
            "per_department": ("type", "vp"),
            "per_project": ("tabs", "vp"),
            "per_railroad": ("vp",),
            "per_donation": ("vp",),
            "flat": ("vp",),
            "pay": ("goods", "money", "vp"),
            "per_active_employee": ("vp",),
            "per_region_project": ("region", "vp"),
            "per_town_project": ("vp",),
        }
        p.problems.extend(check_keys(f"{w}.params", params, need.get(kind, ())))
        if kind == "per_department":
            p.str_(f"{w}.params.type", params.get("type"), (*ACTIONS, "any"))
        if kind == "per_project":
            for x in p.list_(f"{w}.params.tabs", params.get("tabs")):
                p.str_(f"{w}.params.tabs", x, PROJECT_TYPES)
        if kind == "per_region_project":
            p.str_(f"{w}.params.region", params.get("region"), REGIONS)
        out.append(Donation(p.str_(f"{w}.id", d.get("id")), str(d.get("name", "")), kind, params))
    p.unique(f"{f} donation", [d.id for d in out])
    if len(out) != 20:
        p.add(f"{f}: the chart has 20 donations, got {len(out)}")
    return tuple(out)


def _connections(
    p: _P, raw: Mapping[str, Any]
) -> tuple[tuple[str, ...], int, dict[int, tuple[int, ...]]]:
    f = "connections.toml"
    _top(p, f, raw, ("levels", "min_points", "row"))
    levels = tuple(p.str_(f"{f} levels", x, LEVELS) for x in p.list_(f, raw.get("levels")))
    if levels != LEVELS:
        p.add(f"{f} levels: expected {list(LEVELS)}")
    table: dict[int, tuple[int, ...]] = {}
    for i, r in enumerate(p.list_(f"{f} row", raw.get("row"))):
        r = p.table(f"{f} row[{i}]", r)
        p.problems.extend(check_keys(f"{f} row[{i}]", r, ("points", "vp")))
        pts = p.int_(f"{f} row[{i}].points", r.get("points"), 1)
        if pts in table:
            p.add(f"{f} row[{i}]: {pts} points listed twice")
        table[pts] = p.ints(f"{f} row[{i}].vp", r.get("vp"), 0, len(LEVELS))
    return levels, p.int_(f"{f} min_points", raw.get("min_points"), 1), table


_DEPT_PARAMS: dict[str, tuple[str, ...]] = {
    "hr": ("moves_per_employee",),
    "commerce": ("money", "goods", "mission_money", "mission_goods"),
    "planning": ("goods", "goods_on_employee"),
    "construction": (),
    "rd": ("study_points_per_employee",),
    "training": ("money", "moves", "mix"),
    "recruiting": ("moves", "moves_option"),
    "safety": ("active_per_vp", "round_up"),
    "new-lobby": ("extra_build_goods",),
    "purchasing": ("goods", "money", "money_option"),
    "sales": ("money_per_goods", "max_goods"),
    "logistics": ("money_per_goods", "vp_per_goods", "max_goods"),
    "property": ("from_anywhere",),
    "engineering": ("flat_goods",),
    "outsourcing": ("money",),
    "supply-chain": ("money_per_goods", "max_goods"),
    "communications": ("donation_step",),
    "advanced-research": ("study_points",),
    "advanced-design": ("study_points",),
    "charity": (),
    "telegraph": ("discount", "minimum"),
    "hr-admin": ("moves_per_department",),
    "local-partners": ("money_per_project", "moves_per_project"),
    "corporate-comms": (),
    "green-spaces": ("vp_per_space",),
    "accounting": ("money_per_department",),
    "branding": ("money_per_project", "goods_per_project"),
    "payroll": ("bonus_money", "bonus_vp", "cheap_money", "cheap_vp"),
    "public-relations": ("vp_per_project",),
    "production-lines": ("goods_per_department",),
    "renovation": ("money_per_project", "vp_per_project"),
    "lobbying": ("vp",),
    "post-office": ("extra_points", "max_points", "bonus_vp"),
    "rd-coordination": ("study_points_per_department",),
    "knowledge-sharing": ("money_per_project", "study_points_per_project"),
    "archives": (),
    "libraries": ("vp_per_project",),
}
"""Every department the engine implements, with the parameters its effect reads."""


def _departments(p: _P, raw: Mapping[str, Any]) -> tuple[Department, ...]:
    f = "departments.toml"
    p.problems.extend(check_keys(f, raw, ("department",)))
    out = []
    for i, d in enumerate(p.list_(f"{f} department", raw.get("department"))):
        d = p.table(f"{f} department[{i}]", d)
        w = f"{f} department {d.get('id', i)!r}"
        p.problems.extend(
            check_keys(
                w,
                d,
                ("id", "number", "name", "type", "set", "use", "workplaces", "effect", "params"),
                ("printed_employee", "seed_values", "source", "note"),
            )
        )
        p.problems.extend(check_provenance(w, d))
        did = p.str_(f"{w}.id", d.get("id"))
        params = p.table(f"{w}.params", d.get("params"))
        if did not in _DEPT_PARAMS:
            p.add(f"{w}: the engine has no effect for department {did!r}")
        else:
            p.problems.extend(check_keys(f"{w}.params", params, _DEPT_PARAMS[did]))
        seed = p.table(f"{w}.seed_values", d.get("seed_values", {}))
        p.problems.extend(check_keys(f"{w}.seed_values", seed, ("params", "note")) if seed else [])
        seed_params = p.table(f"{w}.seed_values.params", seed.get("params", {}))
        for k in seed_params:
            if k not in params:
                p.add(f"{w}.seed_values: parameter {k!r} has no printed value")
        out.append(
            Department(
                id=did,
                number=p.int_(f"{w}.number", d.get("number"), 0, 32),
                name=str(d.get("name", "")),
                type=p.str_(f"{w}.type", d.get("type"), ACTIONS),
                set=p.str_(f"{w}.set", d.get("set"), DEPARTMENT_SETS),
                use=p.str_(f"{w}.use", d.get("use"), DEPARTMENT_USES),
                workplaces=p.ints(f"{w}.workplaces", d.get("workplaces")),
                effect=str(d.get("effect", "")),
                params=dict(params),
                seed_params=dict(seed_params),
                seed_note=str(seed.get("note", "")),
                printed_employee=bool(d.get("printed_employee", False)),
                source=str(d.get("source", "")),
                note=str(d.get("note", "")),
            )
        )
    p.unique(f"{f} department", [d.id for d in out])
    p.unique(f"{f} number", [d.number for d in out if d.number])
    missing = sorted(set(_DEPT_PARAMS) - {d.id for d in out})
    if missing:
        p.add(f"{f}: missing departments {', '.join(missing)}")
    return tuple(out)


def _company(p: _P, raw: Mapping[str, Any], starting: Sequence[str]) -> CompanyLayout:
    f = "company.toml"
    _top(p, f, raw, ("columns", "rows", "lobby", "top_row_vp", "other_row_vp", "start"))
    cols = p.int_(f"{f} columns", raw.get("columns"), 1, 9)
    rows = p.int_(f"{f} rows", raw.get("rows"), 1, 9)
    cells = tuple(f"{chr(ord('a') + c)}{r + 1}" for r in range(rows) for c in range(cols))
    start = {str(k): str(v) for k, v in p.table(f"{f} start", raw.get("start")).items()}
    lobby = p.str_(f"{f} lobby", raw.get("lobby"), cells)
    for dept, cell in start.items():
        if dept not in starting:
            p.add(f"{f} start: {dept!r} is not a starting department")
        if cell not in cells:
            p.add(f"{f} start.{dept}: {cell!r} is not a cell of the grid")
    for dept in starting:
        if dept not in start:
            p.add(f"{f} start: no cell for starting department {dept!r}")
    p.unique(f"{f} start cells", [*start.values(), lobby])
    return CompanyLayout(
        cols,
        rows,
        lobby,
        start,
        p.int_(f"{f} top_row_vp", raw.get("top_row_vp")),
        p.int_(f"{f} other_row_vp", raw.get("other_row_vp")),
        cells,
    )


def _tabs(p: _P, raw: Mapping[str, Any]) -> tuple[Tab, ...]:
    f = "tabs.toml"
    _top(p, f, raw, ("tab",))
    out = []
    for i, t in enumerate(p.list_(f"{f} tab", raw.get("tab"))):
        t = p.table(f"{f} tab[{i}]", t)
        w = f"{f} tab {t.get('id', i)!r}"
        p.problems.extend(check_keys(w, t, ("id", "build_goods", "spaces")))
        spaces = []
        for j, s in enumerate(p.list_(f"{w}.spaces", t.get("spaces"))):
            s = p.table(f"{w}.spaces[{j}]", s)
            p.problems.extend(
                check_keys(f"{w}.spaces[{j}]", s, ("cost",), ("project", "income", "vp"))
            )
            project = bool(s.get("project", False))
            if project and "vp" in s:
                p.add(f"{w}.spaces[{j}]: a project space shows income, not VP")
            if not project and "income" in s:
                p.add(f"{w}.spaces[{j}]: only project spaces show income")
            spaces.append(
                TabSpace(
                    p.int_(f"{w}.spaces[{j}].cost", s.get("cost")),
                    project,
                    p.reward(f"{w}.spaces[{j}].income", s.get("income", {})),
                    p.int_(f"{w}.spaces[{j}].vp", s.get("vp", 0)),
                )
            )
        seen_vp = False
        for s in spaces:
            if not s.project:
                seen_vp = True
            elif seen_vp:
                p.add(f"{w}: project spaces must come before the VP spaces (seed)")
        out.append(
            Tab(
                p.str_(f"{w}.id", t.get("id"), PROJECT_TYPES),
                p.int_(f"{w}.build_goods", t.get("build_goods"), 1),
                tuple(spaces),
            )
        )
    if tuple(t.id for t in out) != PROJECT_TYPES:
        p.add(f"{f}: expected the tabs {', '.join(PROJECT_TYPES)} in that order")
    return tuple(out)


def _andrew(p: _P, raw: Mapping[str, Any], cities: set[str], donations: set[str]) -> Andrew:
    f = "andrew.toml"
    p.problems.extend(check_keys(f, raw, ("vp_cards", "scoring", "decks", "cards", "card")))
    vp = p.section(f, raw, "vp_cards", ("vp",))
    sc = p.section(f, raw, "scoring", ("department_vp", "final_box_vp"))
    decks = p.section(f, raw, "decks", ("normal", "advanced", "default_level"))
    p.section(f, raw, "cards", ())
    cards = []
    for i, c in enumerate(p.list_(f"{f} card", raw.get("card"))):
        c = p.table(f"{f} card[{i}]", c)
        w = f"{f} card {c.get('id', i)!r}"
        p.problems.extend(
            check_keys(
                w,
                c,
                (
                    "id",
                    "deck",
                    "back",
                    "donation",
                    "hr_shift",
                    "management",
                    "cities",
                    "rd_region",
                    "rd_steps",
                ),
            )
        )
        cs = tuple(p.str_(f"{w}.cities", x) for x in p.list_(w, c.get("cities")))
        for x in cs:
            if x not in cities:
                p.add(f"{w}: unknown city {x!r}")
        don = p.str_(f"{w}.donation", c.get("donation"))
        if don not in donations:
            p.add(f"{w}: unknown donation {don!r}")
        cards.append(
            AndrewCard(
                id=p.str_(f"{w}.id", c.get("id")),
                deck=p.str_(f"{w}.deck", c.get("deck"), ("normal", "advanced")),
                back=p.str_(f"{w}.back", c.get("back"), ACTIONS),
                donation=don,
                hr_shift=p.int_(f"{w}.hr_shift", c.get("hr_shift"), 0, 4),
                management=tuple(
                    p.str_(f"{w}.management", x, ACTIONS) for x in p.list_(w, c.get("management"))
                ),
                cities=cs,
                rd_region=p.str_(f"{w}.rd_region", c.get("rd_region"), REGIONS),
                rd_steps=p.int_(f"{w}.rd_steps", c.get("rd_steps"), 1, 4),
            )
        )
    p.unique(f"{f} card", [c.id for c in cards])
    normal = p.ints(f"{f} decks.normal", decks.get("normal"), 0, 4)
    advanced = p.ints(f"{f} decks.advanced", decks.get("advanced"), 0, 4)
    n_normal = sum(1 for c in cards if c.deck == "normal")
    n_adv = sum(1 for c in cards if c.deck == "advanced")
    for lv, (a, b) in enumerate(zip(normal, advanced, strict=False), 1):
        if a > n_normal or b > n_adv:
            p.add(f"{f} decks: level {lv} needs more cards than there are")
    return Andrew(
        vp_cards=p.ints(f"{f} vp_cards.vp", vp.get("vp")),
        department_vp=p.int_(f"{f} department_vp", sc.get("department_vp")),
        final_box_vp=p.int_(f"{f} final_box_vp", sc.get("final_box_vp")),
        deck_normal=normal,
        deck_advanced=advanced,
        default_level=p.int_(f"{f} default_level", decks.get("default_level"), 1, 4),
        cards=tuple(cards),
    )


def parse(raw: Mapping[str, Mapping[str, Any]]) -> CarnegieData:
    """Build ``CarnegieData`` from parsed TOML tables keyed by file name (see ``FILES``).

    Raises ``DataError`` listing every problem found.
    """
    problems: list[str] = []
    p = _P(problems)
    don_raw = raw.get("donations", {})
    rules = _rules(p, raw.get("rules", {}), don_raw.get("chart", {}))
    cities, roads = _map(p, raw.get("map", {}))
    tracks = _transport(p, raw.get("transport", {}))
    tiles, end_income, end_donation = _timeline(p, raw.get("timeline", {}))
    donations = _donations(p, don_raw)
    levels, cmin, ctable = _connections(p, raw.get("connections", {}))
    departments = _departments(p, raw.get("departments", {}))
    starting = [d.id for d in departments if d.is_starting]
    company = _company(p, raw.get("company", {}), starting)
    tabs = _tabs(p, raw.get("tabs", {}))
    city_ids = {c.id for c in cities}
    andrew = _andrew(p, raw.get("andrew", {}), city_ids, {d.id for d in donations})
    if len(starting) != 5:
        p.add(f"departments.toml: expected 5 starting departments, got {len(starting)}")
    kinds = [d for d in departments if not d.is_starting]
    for act in ACTIONS:
        n = sum(1 for d in kinds if d.type == act)
        if n != 8:
            p.add(f"departments.toml: expected 8 tile kinds of type {act}, got {n}")
    raise_if(problems)
    neighbours: dict[str, list[str]] = {c.id: [] for c in cities}
    for a, b in roads:
        neighbours[a].append(b)
        neighbours[b].append(a)
    return CarnegieData(
        rules=rules,
        cities=cities,
        roads=roads,
        tracks=tracks,
        tiles=tiles,
        end_income=end_income,
        end_donation=end_donation,
        donations=donations,
        connection_levels=levels,
        connection_min=cmin,
        connection_table=ctable,
        departments=departments,
        company=company,
        tabs=tabs,
        andrew=andrew,
        city={c.id: c for c in cities},
        department={d.id: d for d in departments},
        donation={d.id: d for d in donations},
        tab={t.id: t for t in tabs},
        neighbours={k: tuple(v) for k, v in neighbours.items()},
    )


def read_raw(reader: Callable[[str, str], dict[str, Any]] = load_toml) -> dict[str, dict[str, Any]]:
    """Every data file parsed (not validated), keyed by name."""
    out: dict[str, dict[str, Any]] = {}
    problems = []
    for name in FILES:
        try:
            out[name] = reader(GAME, name)
        except DataError as exc:
            problems.append(str(exc))
    raise_if(problems)
    return out


@cache
def load() -> CarnegieData:
    """The game's data, loaded and validated once. Raises ``DataError``."""
    return parse(read_raw())
