"""Component data of Masters of Commerce, loaded from ``data/masters_of_commerce/*.toml``.

``rules.toml`` holds the numbers the seed prints (money, tax, role chart) and the published
component counts; ``market.toml`` holds the reconstructed market tracks, dice and deed counts
(see docs/rules/masters_of_commerce.md). Everything is validated at load time and every
problem is reported at once in a single ``DataError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core.data import check_keys, check_provenance, load_toml, raise_if
from games.core.text import Msg

GAME = "masters_of_commerce"

# The seed's role roll uses the red die ("プレーヤーはそれぞれ赤いダイスを振る").
ROLE_DIE = "red"


@dataclass(frozen=True)
class Colour:
    """One market colour: its track of incomes, start position, die faces and deed counts."""

    key: str  # "red"
    letter: str  # "r": deed ids are r1.., x2 deeds x2r1..
    name: str  # "Red"
    track: tuple[int, ...]  # income in dollars at each position, low to high
    start: int  # 0-based index of the "start" position
    die: tuple[int, ...]  # faces: how many positions the indicator moves
    deeds: int
    x2_deeds: int
    source: str
    note: str


@dataclass(frozen=True)
class Deed:
    """A land deed tile. ``id`` is the stable notation id: ``r3`` or ``x2g1``."""

    id: str
    colour: str  # Colour.key
    x2: bool
    order: int  # position in the canonical deed order (colour order, normal before x2)


@dataclass(frozen=True)
class Components:
    starting_money: int
    tax_per_deed: int
    sale_price: int
    years: int
    deeds_per_landlord: int
    role_chart: dict[int, tuple[int, int]]  # players -> (landlords, merchants)
    variant_max_players: int
    exclusive_markers: int
    lien_markers: int
    goods: tuple[str, ...]  # merchant token sets
    colours: tuple[Colour, ...]  # volatility order, red first
    deeds: tuple[Deed, ...]  # canonical order
    deed_index: dict[str, Deed]  # id -> deed

    def colour(self, key: str) -> Colour:
        for c in self.colours:
            if c.key == key:
                return c
        raise KeyError(key)

    def deed(self, deed_id: str) -> Deed:
        return self.deed_index[deed_id]


def _int_list(where: str, value: Any, problems: list[str]) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        problems.append(f"{where}: must be a non-empty list of whole numbers")
        return ()
    return tuple(value)


def _int(where: str, table: dict[str, Any], key: str, problems: list[str], lo: int = 0) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < lo:
        problems.append(f"{where}: `{key}` must be a whole number ≥ {lo}")
        return lo
    return value


def parse_components(rules: dict[str, Any], market: dict[str, Any]) -> Components:
    """Build and validate ``Components`` from the two parsed TOML documents."""
    problems: list[str] = []
    problems += check_keys(
        "rules.toml", rules, ["economy", "roles", "components", "merchant_tokens"]
    )

    eco = rules.get("economy", {})
    w = "rules.toml [economy]"
    problems += check_keys(
        w,
        eco,
        ["source", "starting_money", "tax_per_deed", "sale_price", "years", "deeds_per_landlord"],
        ["note"],
    )
    problems += check_provenance(w, eco)
    starting_money = _int(w, eco, "starting_money", problems, 1)
    tax = _int(w, eco, "tax_per_deed", problems)
    sale = _int(w, eco, "sale_price", problems)
    years = _int(w, eco, "years", problems, 1)
    per_landlord = _int(w, eco, "deeds_per_landlord", problems, 1)

    roles = rules.get("roles", {})
    w = "rules.toml [roles]"
    problems += check_keys(w, roles, ["source", "chart", "variant_max_players"], ["note"])
    problems += check_provenance(w, roles)
    chart: dict[int, tuple[int, int]] = {}
    for row in roles.get("chart", []):
        if (
            not isinstance(row, list)
            or len(row) != 3
            or not all(isinstance(v, int) and v > 0 for v in row)
        ):
            problems.append(f"{w}: chart row {row!r} must be [players, landlords, merchants]")
            continue
        n, landlords, merchants = row
        if landlords + merchants != n:
            problems.append(f"{w}: chart row {row!r}: landlords + merchants must equal players")
        if n in chart:
            problems.append(f"{w}: chart lists {n} players twice")
        chart[n] = (landlords, merchants)
    variant_max = _int(w, roles, "variant_max_players", problems, 1)

    comp = rules.get("components", {})
    w = "rules.toml [components]"
    problems += check_keys(
        w,
        comp,
        ["source", "deeds", "x2_deeds", "exclusive_markers", "lien_markers", "merchant_sets"],
        ["note"],
    )
    problems += check_provenance(w, comp)
    n_deeds = _int(w, comp, "deeds", problems)
    n_x2 = _int(w, comp, "x2_deeds", problems)
    exclusive_markers = _int(w, comp, "exclusive_markers", problems)
    lien_markers = _int(w, comp, "lien_markers", problems)
    merchant_sets = _int(w, comp, "merchant_sets", problems)

    tok = rules.get("merchant_tokens", {})
    w = "rules.toml [merchant_tokens]"
    problems += check_keys(w, tok, ["source", "goods"], ["note"])
    problems += check_provenance(w, tok)
    goods_raw = tok.get("goods", [])
    goods = tuple(str(g) for g in goods_raw) if isinstance(goods_raw, list) else ()
    if len(goods) != merchant_sets or len(set(goods)) != len(goods):
        problems.append(f"{w}: `goods` must list {merchant_sets} different names")
    max_merchants = max((m for _, m in chart.values()), default=0)
    if max_merchants > merchant_sets:
        problems.append(f"rules.toml: the chart needs {max_merchants} merchant sets")
    max_landlords = max((lnd for lnd, _ in chart.values()), default=0)
    if max(max_landlords, variant_max) > exclusive_markers:
        problems.append("rules.toml: more landlords than exclusive markers")

    problems += check_keys("market.toml", market, ["colours"])
    colours: list[Colour] = []
    letters: set[str] = set()
    for key, table in market.get("colours", {}).items():
        w = f"market.toml [colours.{key}]"
        if not isinstance(table, dict):
            problems.append(f"{w}: must be a table")
            continue
        problems += check_keys(
            w,
            table,
            ["source", "letter", "name", "track", "start", "die", "deeds", "x2_deeds"],
            ["note"],
        )
        problems += check_provenance(w, table)
        letter = str(table.get("letter", ""))
        if not (len(letter) == 1 and letter.isalpha() and letter.islower()) or letter == "x":
            problems.append(f"{w}: `letter` must be one lowercase letter other than x")
        elif letter in letters:
            problems.append(f"{w}: letter `{letter}` is used by another colour")
        letters.add(letter)
        track = _int_list(f"{w} `track`", table.get("track"), problems)
        if track and list(track) != sorted(track):
            problems.append(f"{w}: `track` must rise from low to high")
        start = _int(w, table, "start", problems)
        if track and not 0 <= start < len(track):
            problems.append(f"{w}: `start` {start} is off the track (0..{len(track) - 1})")
        die = _int_list(f"{w} `die`", table.get("die"), problems)
        colours.append(
            Colour(
                key=key,
                letter=letter,
                name=str(table.get("name", key.title())),
                track=track,
                start=start,
                die=die,
                deeds=_int(w, table, "deeds", problems),
                x2_deeds=_int(w, table, "x2_deeds", problems),
                source=str(table.get("source", "")),
                note=str(table.get("note", "")),
            )
        )
    if ROLE_DIE not in {c.key for c in colours}:
        problems.append(f"market.toml: the role roll needs a `{ROLE_DIE}` colour")
    if sum(c.deeds for c in colours) != n_deeds:
        problems.append(
            f"market.toml: colour deed counts sum to {sum(c.deeds for c in colours)}, "
            f"but there are {n_deeds} deeds"
        )
    if sum(c.x2_deeds for c in colours) != n_x2:
        problems.append(
            f"market.toml: colour x2 counts sum to {sum(c.x2_deeds for c in colours)}, "
            f"but there are {n_x2} x2 deeds"
        )
    needed = max(variant_max, max_landlords) * per_landlord
    if n_deeds < needed:
        problems.append(f"market.toml: {n_deeds} deeds cannot deal {needed} at setup")
    raise_if(problems)

    deeds: list[Deed] = []
    for c in colours:
        deeds += [Deed(f"{c.letter}{i}", c.key, False, 0) for i in range(1, c.deeds + 1)]
    for c in colours:
        deeds += [Deed(f"x2{c.letter}{i}", c.key, True, 0) for i in range(1, c.x2_deeds + 1)]
    deeds = [Deed(d.id, d.colour, d.x2, i) for i, d in enumerate(deeds)]

    return Components(
        starting_money=starting_money,
        tax_per_deed=tax,
        sale_price=sale,
        years=years,
        deeds_per_landlord=per_landlord,
        role_chart=chart,
        variant_max_players=variant_max,
        exclusive_markers=exclusive_markers,
        lien_markers=lien_markers,
        goods=goods,
        colours=tuple(colours),
        deeds=tuple(deeds),
        deed_index={d.id: d for d in deeds},
    )


@lru_cache(maxsize=1)
def components() -> Components:
    """The validated component data (loaded once)."""
    return parse_components(load_toml(GAME, "rules"), load_toml(GAME, "market"))


def colour_term(colour: Colour) -> str:
    """The colour's name as a keyed term (``moc.term.colour.red``: ``"Red"``), as the boards
    name it."""
    key = "moc.term.colour." + colour.key
    return Msg(key, colour.name)


def colour_word(colour: Colour) -> str:
    """The colour's name inside a sentence (``moc.word.red``: ``"red"``)."""
    key = "moc.word." + colour.key
    return Msg(key, colour.name.lower())
