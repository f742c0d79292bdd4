"""Component data of Food Chain Magnate, loaded from ``data/food_chain_magnate/*.toml``.

``employees.toml`` (32 supply cards + CEO), ``tiles.toml`` (map tiles A–T), ``campaigns.toml``
(marketing tiles #1–#16), ``milestones.toml`` (the 18 milestones) and ``setup.toml`` (player-count
table, bank, reserve cards, houses, constants). Everything is validated at load time (unknown or
missing keys, unique ids, references that resolve, grid shapes, provenance) and every problem is
reported at once in a single ``DataError``. Source: seed 000 plus shared/reference/fcm_data.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core.data import DataError, check_keys, check_provenance, load_toml, raise_if

GAME = "food_chain_magnate"

ACTIONS = (
    "recruit",
    "train",
    "campaign",
    "kitchen",
    "buyer",
    "house",
    "restaurant",
    "price",
    "cfo",
    "waitress",
    "manager",
)
CAMPAIGN_KINDS = ("radio", "airplane", "mailbox", "billboard")
RANGE_KINDS = ("road", "air", "unlimited")
MILESTONE_IDS = (
    "first_billboard",
    "first_train",
    "first_hire_3",
    "first_burger_marketed",
    "first_pizza_marketed",
    "first_drink_marketed",
    "first_errand_boy",
    "first_have_20",
    "first_burger_produced",
    "first_pizza_produced",
    "first_waitress",
    "first_throw_away",
    "first_lower_prices",
    "first_cart_operator",
    "first_airplane",
    "first_radio",
    "first_have_100",
    "first_pay_20",
)
"""The milestones the engine implements, by id (``milestones.toml`` must list exactly these)."""

TILE_CHARS = {
    "#": "road",
    ".": "empty",
    "H": "house",
    "B": "beer",
    "L": "lemonade",
    "S": "soft_drink",
}
TILE_SIZE = 5


@dataclass(frozen=True)
class Employee:
    """One employee card type. ``slots`` > 0 marks a manager (black card) and the CEO.

    ``range`` is in tiles, -1 for unlimited, 0 when the card has no range; ``amount`` is the
    card's number (hires, trainings, campaign duration, goods made, drinks per source, waitress
    cash, CFO percent); ``bonus_amount`` the number with the matching milestone.
    """

    id: str
    name: str
    copies: int
    entry: bool
    salary: bool
    one_x: bool
    slots: int
    action: str
    amount: int
    bonus_amount: int
    mode: str
    range_kind: str
    range: int
    campaign_types: tuple[str, ...]
    foods: tuple[str, ...]
    price_delta: int
    trains_into: tuple[str, ...]
    trained_from: str | None
    source: str
    note: str

    @property
    def is_manager(self) -> bool:
        return self.slots > 0 and self.id != "ceo"


@dataclass(frozen=True)
class TileDef:
    """A map tile in its canonical orientation: ``grid`` rows of ``TILE_CHARS``."""

    id: str
    grid: tuple[str, ...]
    house: int | None
    bridge: bool


@dataclass(frozen=True)
class CampaignDef:
    """A marketing tile: ``width`` × ``height`` squares as printed; airplanes cover ``width``
    rows or columns."""

    number: int
    kind: str
    width: int
    height: int
    removed: tuple[int, ...]


@dataclass(frozen=True)
class MilestoneDef:
    id: str
    name: str
    name_ja: str
    effect: str


@dataclass(frozen=True)
class PlayerCount:
    players: int
    rows: int  # map tiles top to bottom
    cols: int  # map tiles left to right
    one_x_copies: int


@dataclass(frozen=True)
class ReserveCard:
    money: int
    ceo_slots: int


@dataclass(frozen=True)
class Rules:
    """Rule constants the seed prints (setup.toml ``[rules]``)."""

    unit_price: int
    salary: int
    cfo_percent: int
    demand_cap: int
    demand_cap_garden: int
    freezer: int
    ceo_slots: int
    train_milestone_discount: int
    marketed_bonus: int
    radio_milestone_tokens: int
    airplane_milestone_slots: int
    hire_milestone_trainees: int
    hire_milestone_count: int
    cash_milestone_low: int
    cash_milestone_high: int
    salary_milestone: int
    recruit_discount: int


@dataclass(frozen=True)
class Components:
    employees: Mapping[str, Employee]
    tiles: Mapping[str, TileDef]
    campaigns: Mapping[int, CampaignDef]
    milestones: Mapping[str, MilestoneDef]
    counts: Mapping[int, PlayerCount]
    bank_per_player: int
    intro_bank_per_player: int
    reserve_cards: tuple[ReserveCard, ...]
    house_numbers: tuple[int, ...]
    gardens: int
    restaurants_per_chain: int
    chains: tuple[str, ...]
    foods: tuple[str, ...]
    drinks: tuple[str, ...]
    rules: Rules

    @property
    def goods(self) -> tuple[str, ...]:
        return self.foods + self.drinks

    def employee(self, kind: str) -> Employee:
        return self.employees[kind]


def _int(where: str, table: Mapping[str, Any], key: str, problems: list[str], lo: int = 0) -> int:
    value = table.get(key, lo)
    if not isinstance(value, int) or isinstance(value, bool) or value < lo:
        problems.append(f"{where}: `{key}` must be a whole number ≥ {lo}")
        return lo
    return value


def _bool(where: str, table: Mapping[str, Any], key: str, problems: list[str]) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        problems.append(f"{where}: `{key}` must be true or false")
        return False
    return value


def _strs(where: str, table: Mapping[str, Any], key: str, problems: list[str]) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(f"{where}: `{key}` must be a list of words")
        return ()
    if len(set(value)) != len(value):
        problems.append(f"{where}: `{key}` lists a word twice")
    return tuple(value)


_EMPLOYEE_REQUIRED = ("name", "copies", "entry", "salary", "one_x", "action", "source", "note")
_EMPLOYEE_OPTIONAL = (
    "slots",
    "amount",
    "bonus_amount",
    "mode",
    "range_kind",
    "range",
    "campaign_types",
    "foods",
    "price_delta",
    "trains_into",
)


def _employees(
    doc: Mapping[str, Any], foods: tuple[str, ...], problems: list[str]
) -> dict[str, Employee]:
    problems += check_keys("employees.toml", doc, ["employee"])
    raw = doc.get("employee", {})
    out: dict[str, Employee] = {}
    parents: dict[str, str] = {}
    for kind, table in raw.items():
        w = f"employees.toml [employee.{kind}]"
        if not isinstance(table, dict):
            problems.append(f"{w}: must be a table")
            continue
        problems += check_keys(w, table, _EMPLOYEE_REQUIRED, _EMPLOYEE_OPTIONAL)
        problems += check_provenance(w, table)
        action = table.get("action")
        if action not in ACTIONS:
            problems.append(f"{w}: `action` must be one of {', '.join(ACTIONS)}; got {action!r}")
        range_kind = str(table.get("range_kind", ""))
        if "range_kind" in table and range_kind not in RANGE_KINDS:
            problems.append(f"{w}: `range_kind` must be one of {', '.join(RANGE_KINDS)}")
        rng = _int(w, table, "range", problems, lo=-1) if "range" in table else 0
        types = _strs(w, table, "campaign_types", problems)
        for t in types:
            if t not in CAMPAIGN_KINDS:
                problems.append(f"{w}: unknown campaign type `{t}`")
        kfoods = _strs(w, table, "foods", problems)
        for f in kfoods:
            if f not in foods:
                problems.append(f"{w}: unknown food `{f}`")
        needs = {
            "recruit": ("amount",),
            "train": ("amount",),
            "campaign": ("amount", "campaign_types", "range_kind", "range"),
            "kitchen": ("amount", "foods"),
            "buyer": ("amount", "bonus_amount", "mode"),
            "restaurant": ("mode",),
            "price": ("price_delta",),
            "cfo": ("amount",),
            "waitress": ("amount", "bonus_amount"),
            "manager": ("slots",),
        }.get(str(action), ())
        for key in needs:
            if key not in table:
                problems.append(f"{w}: a `{action}` card needs `{key}`")
        pd = table.get("price_delta", 0)
        if not isinstance(pd, int) or isinstance(pd, bool):
            problems.append(f"{w}: `price_delta` must be a whole number")
            pd = 0
        into = _strs(w, table, "trains_into", problems)
        for child in into:
            if child in parents:
                problems.append(
                    f"{w}: `{child}` is trained from both `{parents[child]}` and `{kind}`"
                )
            parents[child] = kind
        out[kind] = Employee(
            id=kind,
            name=str(table.get("name", kind)),
            copies=_int(w, table, "copies", problems),
            entry=_bool(w, table, "entry", problems),
            salary=_bool(w, table, "salary", problems),
            one_x=_bool(w, table, "one_x", problems),
            slots=_int(w, table, "slots", problems),
            action=str(action),
            amount=_int(w, table, "amount", problems),
            bonus_amount=_int(w, table, "bonus_amount", problems),
            mode=str(table.get("mode", "")),
            range_kind=range_kind,
            range=rng,
            campaign_types=types,
            foods=kfoods,
            price_delta=pd,
            trains_into=into,
            trained_from=None,
            source=str(table.get("source", "")),
            note=str(table.get("note", "")),
        )
    for child, parent in parents.items():
        if child not in out:
            problems.append(f"employees.toml [employee.{parent}]: trains into unknown `{child}`")
        else:
            e = out[child]
            out[child] = Employee(**{**e.__dict__, "trained_from": parent})
            if e.entry:
                problems.append(f"employees.toml: entry-level `{child}` is also trained into")
    if "ceo" not in out:
        problems.append("employees.toml: the CEO card `ceo` is missing")
    for kind, e in out.items():
        if kind != "ceo" and not e.entry and e.trained_from is None:
            problems.append(f"employees.toml: `{kind}` can be neither recruited nor trained into")
    return out


def _tiles(doc: Mapping[str, Any], problems: list[str]) -> dict[str, TileDef]:
    problems += check_keys("tiles.toml", doc, ["tile"])
    out: dict[str, TileDef] = {}
    for tid, table in doc.get("tile", {}).items():
        w = f"tiles.toml [tile.{tid}]"
        if not isinstance(table, dict):
            problems.append(f"{w}: must be a table")
            continue
        problems += check_keys(w, table, ["grid", "source", "note"], ["house", "bridge"])
        problems += check_provenance(w, table)
        grid = tuple(table.get("grid", ())) if isinstance(table.get("grid"), list) else ()
        if len(grid) != TILE_SIZE or not all(
            isinstance(r, str) and len(r) == TILE_SIZE and set(r) <= set(TILE_CHARS) for r in grid
        ):
            problems.append(f"{w}: `grid` must be {TILE_SIZE} rows of {TILE_SIZE} of `#.HBLS`")
            continue
        cells = [(r, c) for r in range(TILE_SIZE) for c in range(TILE_SIZE) if grid[r][c] == "H"]
        house = table.get("house")
        if cells:
            r0, c0 = min(cells)
            if sorted(cells) != [(r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1)]:
                problems.append(f"{w}: the `H` squares must form one 2×2 house")
            if not isinstance(house, int) or isinstance(house, bool) or house < 1:
                problems.append(f"{w}: a tile with a house needs its `house` number")
                house = None
        elif house is not None:
            problems.append(f"{w}: `house` given but the grid has no `H` squares")
            house = None
        bridge = bool(table.get("bridge", False))
        if bridge:
            m = TILE_SIZE // 2
            around = [grid[m - 1][m], grid[m + 1][m], grid[m][m - 1], grid[m][m + 1], grid[m][m]]
            if around != ["#"] * 5:
                problems.append(f"{w}: a bridge tile needs roads crossing at its centre")
        out[tid] = TileDef(tid, grid, house if cells else None, bridge)
    return out


def _campaigns(
    doc: Mapping[str, Any], players: set[int], problems: list[str]
) -> dict[int, CampaignDef]:
    problems += check_keys("campaigns.toml", doc, ["campaign"])
    out: dict[int, CampaignDef] = {}
    for key, table in doc.get("campaign", {}).items():
        w = f"campaigns.toml [campaign.{key}]"
        if not key.isdigit() or not isinstance(table, dict):
            problems.append(f"{w}: campaigns are numbered tables")
            continue
        problems += check_keys(w, table, ["kind", "width", "height", "removed", "source", "note"])
        problems += check_provenance(w, table)
        kind = table.get("kind")
        if kind not in CAMPAIGN_KINDS:
            problems.append(f"{w}: `kind` must be one of {', '.join(CAMPAIGN_KINDS)}; got {kind!r}")
        removed = table.get("removed", [])
        if not isinstance(removed, list) or not all(r in players for r in removed):
            problems.append(f"{w}: `removed` must list player counts from setup.toml")
            removed = []
        width = _int(w, table, "width", problems, 1)
        height = _int(w, table, "height", problems, 1)
        if kind == "airplane" and height != 2:
            problems.append(f"{w}: an airplane is 2 squares deep")
        out[int(key)] = CampaignDef(int(key), str(kind), width, height, tuple(removed))
    return out


def _milestones(doc: Mapping[str, Any], problems: list[str]) -> dict[str, MilestoneDef]:
    problems += check_keys("milestones.toml", doc, ["milestone"])
    out: dict[str, MilestoneDef] = {}
    for mid, table in doc.get("milestone", {}).items():
        w = f"milestones.toml [milestone.{mid}]"
        if not isinstance(table, dict):
            problems.append(f"{w}: must be a table")
            continue
        problems += check_keys(w, table, ["name", "name_ja", "effect", "source"], ["note"])
        problems += check_provenance(w, table)
        if mid not in MILESTONE_IDS:
            problems.append(f"{w}: the engine has no milestone `{mid}`")
        out[mid] = MilestoneDef(
            mid, str(table.get("name")), str(table.get("name_ja")), str(table.get("effect"))
        )
    for mid in MILESTONE_IDS:
        if mid not in out:
            problems.append(f"milestones.toml: milestone `{mid}` is missing")
    return out


def parse_components(
    employees: Mapping[str, Any],
    tiles: Mapping[str, Any],
    campaigns: Mapping[str, Any],
    milestones: Mapping[str, Any],
    setup: Mapping[str, Any],
) -> Components:
    """Build and validate ``Components`` from the five parsed TOML documents.

    Raises ``DataError`` listing every problem found.
    """
    problems: list[str] = []
    sections = ["players", "bank", "reserve", "houses", "restaurants", "goods", "rules"]
    problems += check_keys("setup.toml", setup, sections)
    tables: dict[str, Mapping[str, Any]] = {}
    for name in sections:
        t = setup.get(name, {})
        if not isinstance(t, dict):
            problems.append(f"setup.toml [{name}]: must be a table")
            t = {}
        problems += check_provenance(f"setup.toml [{name}]", t)
        tables[name] = t

    w = "setup.toml [players]"
    problems += check_keys(w, tables["players"], ["counts", "source", "note"])
    counts: dict[int, PlayerCount] = {}
    for row in tables["players"].get("counts", []):
        if not isinstance(row, dict):
            problems.append(f"{w}: each count must be a table")
            continue
        problems += check_keys(f"{w} counts", row, ["players", "rows", "cols", "one_x_copies"])
        pc = PlayerCount(
            _int(w, row, "players", problems, 1),
            _int(w, row, "rows", problems, 1),
            _int(w, row, "cols", problems, 1),
            _int(w, row, "one_x_copies", problems, 1),
        )
        if pc.players in counts:
            problems.append(f"{w}: {pc.players} players listed twice")
        counts[pc.players] = pc

    w = "setup.toml [bank]"
    problems += check_keys(w, tables["bank"], ["per_player", "intro_per_player", "source", "note"])
    w = "setup.toml [reserve]"
    problems += check_keys(w, tables["reserve"], ["cards", "source", "note"])
    reserve: list[ReserveCard] = []
    for row in tables["reserve"].get("cards", []):
        if not isinstance(row, dict):
            problems.append(f"{w}: each card must be a table")
            continue
        problems += check_keys(f"{w} cards", row, ["money", "ceo_slots"])
        reserve.append(
            ReserveCard(_int(w, row, "money", problems, 1), _int(w, row, "ceo_slots", problems, 1))
        )
    if len({r.money for r in reserve}) != len(reserve) or not reserve:
        problems.append(f"{w}: the reserve cards need different money values")

    w = "setup.toml [houses]"
    problems += check_keys(w, tables["houses"], ["numbers", "gardens", "source", "note"])
    numbers = tables["houses"].get("numbers", [])
    if not isinstance(numbers, list) or not all(isinstance(n, int) and n > 0 for n in numbers):
        problems.append(f"{w}: `numbers` must be a list of house numbers")
        numbers = []
    w = "setup.toml [restaurants]"
    problems += check_keys(w, tables["restaurants"], ["per_chain", "chains", "source", "note"])
    chains = _strs(w, tables["restaurants"], "chains", problems)
    w = "setup.toml [goods]"
    problems += check_keys(w, tables["goods"], ["foods", "drinks", "source", "note"])
    foods = _strs(w, tables["goods"], "foods", problems)
    drinks = _strs(w, tables["goods"], "drinks", problems)
    if set(foods) & set(drinks):
        problems.append(f"{w}: a good is both a food and a drink")
    if max(counts, default=0) > len(chains):
        problems.append("setup.toml: more players than restaurant chains")

    w = "setup.toml [rules]"
    rule_names = [f for f in Rules.__dataclass_fields__]
    problems += check_keys(w, tables["rules"], [*rule_names, "source", "note"])
    rules = Rules(**{name: _int(w, tables["rules"], name, problems) for name in rule_names})

    emps = _employees(employees, foods, problems)
    tdefs = _tiles(tiles, problems)
    cdefs = _campaigns(campaigns, set(counts), problems)
    mdefs = _milestones(milestones, problems)

    printed = [t.house for t in tdefs.values() if t.house is not None]
    all_numbers = printed + list(numbers)
    if len(set(all_numbers)) != len(all_numbers):
        problems.append("tiles.toml/setup.toml: a house number is used twice")
    for n, pc in counts.items():
        if pc.rows * pc.cols > len(tdefs):
            problems.append(f"setup.toml: {n} players need {pc.rows * pc.cols} tiles")
    for e in emps.values():
        for t in e.campaign_types:
            if not any(c.kind == t for c in cdefs.values()):
                problems.append(f"employees.toml [employee.{e.id}]: no `{t}` campaign tiles")
    raise_if(problems)
    return Components(
        employees=emps,
        tiles=tdefs,
        campaigns=dict(sorted(cdefs.items())),
        milestones=mdefs,
        counts=counts,
        bank_per_player=_int("bank", tables["bank"], "per_player", problems, 1),
        intro_bank_per_player=_int("bank", tables["bank"], "intro_per_player", problems, 1),
        reserve_cards=tuple(sorted(reserve, key=lambda r: r.money)),
        house_numbers=tuple(sorted(numbers)),
        gardens=_int("houses", tables["houses"], "gardens", problems),
        restaurants_per_chain=_int("restaurants", tables["restaurants"], "per_chain", problems, 1),
        chains=chains,
        foods=foods,
        drinks=drinks,
        rules=rules,
    )


@lru_cache(maxsize=1)
def components() -> Components:
    """The validated component data (loaded once). Raises ``DataError`` on bad files."""
    return parse_components(
        load_toml(GAME, "employees"),
        load_toml(GAME, "tiles"),
        load_toml(GAME, "campaigns"),
        load_toml(GAME, "milestones"),
        load_toml(GAME, "setup"),
    )


__all__ = [
    "Components",
    "DataError",
    "Employee",
    "MilestoneDef",
    "TileDef",
    "components",
    "parse_components",
]
