"""Kenchiku component data (seed 002) loaded once from ``data/kenchiku/*.toml``.

Everything the rules need but the engine code should not hard-wire lives here: the seed's
printed constants (``rules.toml``), the reconstructed city (``map.toml``), the starting
buildings (``start.toml``), the voice cards (``voices.toml``) and the dice (``dice.toml``).
``parse_data`` validates all tables and reports every problem at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core.data import DataError, check_keys, check_provenance, load_toml

from .view import MARKER_TYPES

GAME = "kenchiku"
FILES = ("rules", "map", "start", "voices", "dice")
STRUCTURE, DESIGN, PLANNING, WORKERS = range(4)

# condition name -> the optional numbers it needs (seed: 声カードの能力説明).
ADMINISTRATION_CONDITIONS: Mapping[str, tuple[str, ...]] = {
    "new_tallest_in_district": (),
    "on_avenue": ("min_height",),
    "min_height": ("min_height",),
    "not_adjacent_to_own": (),
    "park_adjacent": ("min_height",),
}
CITIZEN_CONDITIONS: Mapping[str, tuple[str, ...]] = {
    "park_adjacent": ("max_height",),
    "park_in_district": ("max_height",),
    "straight_line": ("min_length",),
    "most_low_in_district": ("max_height",),
    "not_tallest_in_district": (),
}
CARD_PARAMS = ("min_height", "max_height", "min_length")


@dataclass(frozen=True)
class Rules:
    """The seed's printed constants (rules.toml)."""

    start_money: tuple[int, ...]  # by seat, seat 0 = start player
    start_markers: int
    start_prices: tuple[int, ...]  # MARKER_TYPES order
    market_stock: Mapping[int, int]  # player count -> markers of each type in the market
    price_min: int
    price_max: int
    max_technology: int
    land_value_thresholds: tuple[int, ...]  # fewest blocks for land value 1, 2, ...
    blocks: int
    chips_per_colour: int
    loan_cards: int
    park_tiles: int
    markers_per_type: int
    loan_amount: int
    loan_repayment: int
    loan_penalty: int
    honour_goal: Mapping[int, int]  # player count -> honour to exceed
    end_height: int
    first_bonus: int
    money_per_honour: int

    def land_value(self, blocks: int) -> int:
        """Land value for a neighbourhood of ``blocks`` building blocks (seed: 地価について)."""
        return sum(1 for t in self.land_value_thresholds if blocks >= t)


@dataclass(frozen=True)
class District:
    id: str
    name: str
    char: str


@dataclass(frozen=True)
class City:
    """The grid of plots. Cells are indexed row-major: ``row * n_columns + col``."""

    n_columns: int
    n_rows: int
    coords: tuple[str, ...]
    index: Mapping[str, int]
    districts: tuple[District, ...]
    district_of: tuple[str, ...]  # cell -> district id
    district_cells: Mapping[str, tuple[int, ...]]
    on_avenue: tuple[bool, ...]
    avenue: tuple[tuple[float, float, float, float], ...]
    neighbours: tuple[tuple[int, ...], ...]  # the 8 surrounding plots (seed: 隣接)
    lines: tuple[tuple[int, ...], ...]  # every full row, column and diagonal of length >= 3

    @property
    def n_cells(self) -> int:
        return self.n_columns * self.n_rows


@dataclass(frozen=True)
class VoiceCard:
    """One administration or citizen voice card (seed: 声カードの能力説明)."""

    id: str
    kind: str  # "administration" | "citizen"
    title: str
    title_ja: str
    text: str
    condition: str
    amount: int
    source: str
    note: str
    min_height: int = 0
    max_height: int = 0
    min_length: int = 0


@dataclass(frozen=True)
class KenchikuData:
    rules: Rules
    city: City
    starting_buildings: tuple[tuple[int, int], ...]  # (cell, height)
    voices: tuple[VoiceCard, ...]
    dice: tuple[tuple[int, ...], ...]  # faces per die, MARKER_TYPES order

    def voices_of(self, kind: str) -> tuple[VoiceCard, ...]:
        return tuple(v for v in self.voices if v.kind == kind)

    def voice(self, card_id: str) -> VoiceCard:
        for v in self.voices:
            if v.id == card_id:
                return v
        raise KeyError(card_id)


def coord_name(col: int, row: int) -> str:
    """``c4`` style coordinate: column letter, 1-based row number."""
    return f"{chr(ord('a') + col)}{row + 1}"


def _int(problems: list[str], where: str, value: Any, lo: int = 0, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        problems.append(f"{where}: expected a whole number, got {value!r}")
        return lo
    if value < lo or (hi is not None and value > hi):
        problems.append(f"{where}: {value} is outside {lo}..{hi if hi is not None else 'inf'}")
    return value


def _per_count(problems: list[str], where: str, table: Any) -> dict[int, int]:
    out: dict[int, int] = {}
    if not isinstance(table, Mapping):
        problems.append(f"{where}: expected a table keyed by player count")
        return out
    for k, v in table.items():
        if not str(k).isdigit():
            problems.append(f"{where}: key {k!r} is not a player count")
            continue
        out[int(k)] = _int(problems, f"{where}.{k}", v, 1)
    if sorted(out) != [2, 3, 4]:
        problems.append(f"{where}: needs exactly the player counts 2, 3 and 4")
    return out


def _parse_rules(problems: list[str], raw: Mapping[str, Any]) -> Rules:
    sections = {
        "setup": ("start_money", "start_markers", "start_prices", "market_stock"),
        "market": ("price_min", "price_max", "max_technology"),
        "land_value": ("thresholds",),
        "components": (
            "blocks",
            "chips_per_colour",
            "loan_cards",
            "park_tiles",
            "markers_per_type",
        ),
        "loan": ("amount", "repayment", "penalty"),
        "end": ("honour_goal", "height", "first_bonus", "money_per_honour"),
    }
    problems += check_keys("rules.toml", raw, sections)
    t: dict[str, Mapping[str, Any]] = {}
    for name, keys in sections.items():
        table = raw.get(name, {})
        t[name] = table
        problems += check_keys(f"rules.toml [{name}]", table, keys, ("source", "note"))
        problems += check_provenance(f"rules.toml [{name}]", table)
    setup, market, lv, comp = t["setup"], t["market"], t["land_value"], t["components"]
    loan, end = t["loan"], t["end"]

    money = setup.get("start_money", [])
    start_money = tuple(_int(problems, "rules.toml start_money", m) for m in money)
    if len(start_money) != 4:
        problems.append("rules.toml start_money: needs one amount for each of 4 seats")
    prices = setup.get("start_prices", {})
    problems += check_keys("rules.toml start_prices", prices, MARKER_TYPES)
    price_min = _int(problems, "rules.toml price_min", market.get("price_min"), 1)
    price_max = _int(problems, "rules.toml price_max", market.get("price_max"), price_min)
    start_prices = tuple(
        _int(
            problems, f"rules.toml start_prices.{m}", prices.get(m, price_min), price_min, price_max
        )
        for m in MARKER_TYPES
    )
    thresholds = tuple(
        _int(problems, "rules.toml land_value.thresholds", x, 1) for x in lv.get("thresholds", [])
    )
    if list(thresholds) != sorted(set(thresholds)) or not thresholds:
        problems.append("rules.toml land_value.thresholds: must be strictly increasing")
    end_height = _int(problems, "rules.toml end.height", end.get("height"), 1)
    if len(thresholds) != end_height:
        problems.append("rules.toml: land values must run up to the end height")
    return Rules(
        start_money=start_money,
        start_markers=_int(problems, "rules.toml start_markers", setup.get("start_markers"), 1),
        start_prices=start_prices,
        market_stock=_per_count(problems, "rules.toml market_stock", setup.get("market_stock")),
        price_min=price_min,
        price_max=price_max,
        max_technology=_int(problems, "rules.toml max_technology", market.get("max_technology"), 1),
        land_value_thresholds=thresholds,
        blocks=_int(problems, "rules.toml blocks", comp.get("blocks"), 1),
        chips_per_colour=_int(
            problems, "rules.toml chips_per_colour", comp.get("chips_per_colour"), 2
        ),
        loan_cards=_int(problems, "rules.toml loan_cards", comp.get("loan_cards"), 0),
        park_tiles=_int(problems, "rules.toml park_tiles", comp.get("park_tiles"), 0),
        markers_per_type=_int(
            problems, "rules.toml markers_per_type", comp.get("markers_per_type"), 1
        ),
        loan_amount=_int(problems, "rules.toml loan.amount", loan.get("amount"), 1),
        loan_repayment=_int(problems, "rules.toml loan.repayment", loan.get("repayment"), 1),
        loan_penalty=_int(problems, "rules.toml loan.penalty", loan.get("penalty"), 0),
        honour_goal=_per_count(problems, "rules.toml end.honour_goal", end.get("honour_goal")),
        end_height=end_height,
        first_bonus=_int(problems, "rules.toml end.first_bonus", end.get("first_bonus"), 0),
        money_per_honour=_int(
            problems, "rules.toml end.money_per_honour", end.get("money_per_honour"), 1
        ),
    )


def _plots_along(
    segments: tuple[tuple[float, float, float, float], ...], cols: int, rows: int
) -> set[int]:
    """Cells with an edge lying on an avenue segment (seed: 大通り沿い)."""
    along: set[int] = set()
    for x0, y0, x1, y1 in segments:
        if y0 == y1:  # horizontal street on row edge y0
            lo, hi = sorted((x0, x1))
            for col in range(cols):
                if lo <= col and col + 1 <= hi:
                    for row in (int(y0) - 1, int(y0)):
                        if 0 <= row < rows:
                            along.add(row * cols + col)
        else:  # vertical street on column edge x0
            lo, hi = sorted((y0, y1))
            for row in range(rows):
                if lo <= row and row + 1 <= hi:
                    for col in (int(x0) - 1, int(x0)):
                        if 0 <= col < cols:
                            along.add(row * cols + col)
    return along


def _lines(cols: int, rows: int) -> tuple[tuple[int, ...], ...]:
    """Every maximal row, column and diagonal with at least 3 cells, in a fixed order."""
    lines: list[tuple[int, ...]] = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for r in range(rows):
            for c in range(cols):
                # start only where the previous cell in this direction is off the map
                pc, pr = c - dc, r - dr
                if 0 <= pc < cols and 0 <= pr < rows:
                    continue
                cells = []
                cc, rr = c, r
                while 0 <= cc < cols and 0 <= rr < rows:
                    cells.append(rr * cols + cc)
                    cc, rr = cc + dc, rr + dr
                if len(cells) >= 3:
                    lines.append(tuple(cells))
    return tuple(lines)


def _parse_city(problems: list[str], raw: Mapping[str, Any]) -> City:
    problems += check_keys("map.toml", raw, ("map", "avenue", "district"))
    m = raw.get("map", {})
    problems += check_keys("map.toml [map]", m, ("columns", "rows", "layout", "source"), ("note",))
    problems += check_provenance("map.toml [map]", m)
    cols = _int(problems, "map.toml columns", m.get("columns"), 3, 26)
    rows = _int(problems, "map.toml rows", m.get("rows"), 3, 99)
    layout = m.get("layout", [])
    if len(layout) != rows or any(not isinstance(r, str) or len(r) != cols for r in layout):
        problems.append(f"map.toml layout: needs {rows} strings of {cols} characters")
        layout = ["?" * cols] * rows

    districts: list[District] = []
    by_char: dict[str, District] = {}
    for i, d in enumerate(raw.get("district", [])):
        where = f"map.toml [[district]] #{i + 1}"
        problems += check_keys(where, d, ("char", "id", "name"))
        dist = District(str(d.get("id", "")), str(d.get("name", "")), str(d.get("char", "")))
        if len(dist.char) != 1:
            problems.append(f"{where}: `char` must be one character")
        if dist.char in by_char:
            problems.append(f"{where}: char {dist.char!r} used twice")
        if any(x.id == dist.id for x in districts):
            problems.append(f"{where}: id {dist.id!r} used twice")
        by_char[dist.char] = dist
        districts.append(dist)
    used = {ch for row in layout for ch in row}
    for ch in sorted(used - set(by_char)):
        problems.append(f"map.toml layout: character {ch!r} names no district")
    for ch in sorted(set(by_char) - used):
        problems.append(f"map.toml: district {by_char[ch].id!r} has no plot in the layout")

    av = raw.get("avenue", {})
    problems += check_keys("map.toml [avenue]", av, ("segments", "source"), ("note",))
    problems += check_provenance("map.toml [avenue]", av)
    segments: list[tuple[float, float, float, float]] = []
    for seg in av.get("segments", []):
        if len(seg) != 4 or not all(isinstance(x, int | float) for x in seg):
            problems.append(f"map.toml avenue segment {seg!r}: needs four numbers")
            continue
        x0, y0, x1, y1 = (float(x) for x in seg)
        if x0 != x1 and y0 != y1:
            problems.append(f"map.toml avenue segment {seg!r}: must be horizontal or vertical")
        segments.append((x0, y0, x1, y1))
    along = _plots_along(tuple(segments), cols, rows)

    coords = tuple(coord_name(c, r) for r in range(rows) for c in range(cols))
    neighbours = tuple(
        tuple(
            (r + dr) * cols + (c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
        )
        for r in range(rows)
        for c in range(cols)
    )
    district_of = tuple(by_char[ch].id if ch in by_char else "?" for row in layout for ch in row)
    district_cells = {
        d.id: tuple(i for i, x in enumerate(district_of) if x == d.id) for d in districts
    }
    return City(
        n_columns=cols,
        n_rows=rows,
        coords=coords,
        index={c: i for i, c in enumerate(coords)},
        districts=tuple(districts),
        district_of=district_of,
        district_cells=district_cells,
        on_avenue=tuple(i in along for i in range(len(coords))),
        avenue=tuple(segments),
        neighbours=neighbours,
        lines=_lines(cols, rows),
    )


def _parse_start(
    problems: list[str], raw: Mapping[str, Any], city: City, rules: Rules
) -> tuple[tuple[int, int], ...]:
    problems += check_keys("start.toml", raw, ("starting", "building"))
    meta = raw.get("starting", {})
    problems += check_keys("start.toml [starting]", meta, ("source",), ("note",))
    problems += check_provenance("start.toml [starting]", meta)
    out: list[tuple[int, int]] = []
    for i, b in enumerate(raw.get("building", [])):
        where = f"start.toml [[building]] #{i + 1}"
        problems += check_keys(where, b, ("coord", "height"))
        coord = str(b.get("coord", ""))
        height = _int(problems, f"{where} height", b.get("height"), 1, rules.end_height)
        if coord not in city.index:
            problems.append(f"{where}: coordinate {coord!r} is not on the map")
            continue
        if any(cell == city.index[coord] for cell, _ in out):
            problems.append(f"{where}: {coord} has two starting buildings")
        out.append((city.index[coord], height))
    if sum(h for _, h in out) > rules.blocks:
        problems.append("start.toml: starting buildings use more blocks than exist")
    return tuple(out)


def _parse_voices(problems: list[str], raw: Mapping[str, Any]) -> tuple[VoiceCard, ...]:
    problems += check_keys("voices.toml", raw, ("card",))
    cards: list[VoiceCard] = []
    for i, c in enumerate(raw.get("card", [])):
        where = f"voices.toml [[card]] #{i + 1} ({c.get('id', '?')})"
        required = ("id", "kind", "title", "title_ja", "text", "condition", "amount", "source")
        problems += check_keys(where, c, required, ("note", *CARD_PARAMS))
        problems += check_provenance(where, c)
        kind = c.get("kind")
        conditions = {"administration": ADMINISTRATION_CONDITIONS, "citizen": CITIZEN_CONDITIONS}
        if kind not in conditions:
            problems.append(f"{where}: kind must be administration or citizen")
            continue
        cond = str(c.get("condition", ""))
        if cond not in conditions[kind]:
            problems.append(f"{where}: unknown {kind} condition {cond!r}")
            continue
        needed = conditions[kind][cond]
        for p in CARD_PARAMS:
            if p in needed and p not in c:
                problems.append(f"{where}: condition {cond} needs `{p}`")
            if p not in needed and p in c:
                problems.append(f"{where}: condition {cond} takes no `{p}`")
        params = {p: _int(problems, f"{where} {p}", c.get(p, 1), 1) for p in CARD_PARAMS}
        amount = _int(problems, f"{where} amount", c.get("amount"), 1)
        try:
            text = str(c.get("text", "")).format(amount=amount, **params)
        except (KeyError, IndexError, ValueError):
            problems.append(f"{where}: text has an unknown {{placeholder}}")
            text = str(c.get("text", ""))
        card_id = str(c.get("id", ""))
        if any(x.id == card_id for x in cards):
            problems.append(f"{where}: id {card_id!r} used twice")
        if not card_id.isalnum() or card_id != card_id.lower():
            problems.append(f"{where}: id must be lowercase letters and digits")
        cards.append(
            VoiceCard(
                id=card_id,
                kind=kind,
                title=str(c.get("title", "")),
                title_ja=str(c.get("title_ja", "")),
                text=text,
                condition=cond,
                amount=amount,
                source=str(c.get("source", "")),
                note=str(c.get("note", "")),
                **{p: (params[p] if p in needed else 0) for p in CARD_PARAMS},
            )
        )
    for kind in ("administration", "citizen"):
        if sum(1 for v in cards if v.kind == kind) < 2:
            problems.append(f"voices.toml: needs at least two {kind} cards (two are dealt)")
    return tuple(cards)


def _parse_dice(problems: list[str], raw: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    problems += check_keys("dice.toml", raw, ("dice", "die"))
    meta = raw.get("dice", {})
    problems += check_keys("dice.toml [dice]", meta, ("source",), ("note",))
    problems += check_provenance("dice.toml [dice]", meta)
    faces: dict[str, tuple[int, ...]] = {}
    for i, d in enumerate(raw.get("die", [])):
        where = f"dice.toml [[die]] #{i + 1}"
        problems += check_keys(where, d, ("marker", "faces"))
        marker = str(d.get("marker", ""))
        if marker not in MARKER_TYPES:
            problems.append(f"{where}: unknown marker type {marker!r}")
            continue
        if marker in faces:
            problems.append(f"{where}: a second die for {marker}")
        fs = tuple(_int(problems, f"{where} face", f, -6, 6) for f in d.get("faces", []))
        if len(fs) != 2:
            problems.append(f"{where}: a two-sided die needs exactly 2 faces")
        faces[marker] = fs
    for m in MARKER_TYPES:
        if m not in faces:
            problems.append(f"dice.toml: no die for {m}")
    return tuple(faces.get(m, (0, 0)) for m in MARKER_TYPES)


def parse_data(raw: Mapping[str, Mapping[str, Any]]) -> KenchikuData:
    """Validate parsed TOML (file name -> table); ``DataError`` lists every problem found."""
    problems: list[str] = []
    rules = _parse_rules(problems, raw.get("rules", {}))
    city = _parse_city(problems, raw.get("map", {}))
    start = _parse_start(problems, raw.get("start", {}), city, rules)
    voices = _parse_voices(problems, raw.get("voices", {}))
    dice = _parse_dice(problems, raw.get("dice", {}))
    if min(rules.loan_cards, rules.park_tiles) < 4:
        problems.append("rules.toml: one loan card and one park tile per company (4) are needed")
    for n in (2, 3, 4):
        stock = rules.market_stock.get(n, 0)
        if stock + n * rules.start_markers + 1 > rules.markers_per_type:
            problems.append(f"rules.toml: {n} players need more markers of a type than exist")
    if problems:
        raise DataError("; ".join(problems))
    return KenchikuData(rules, city, start, voices, dice)


def load_raw() -> dict[str, dict[str, Any]]:
    """The parsed TOML of every Kenchiku data file."""
    return {name: load_toml(GAME, name) for name in FILES}


@cache
def kenchiku_data() -> KenchikuData:
    """The validated component data, loaded once per process."""
    return parse_data(load_raw())
