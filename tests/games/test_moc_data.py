"""Masters of Commerce component data: loads, matches the published counts, and a broken
file reports every problem at once."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.core.data import DataError, load_toml
from games.masters_of_commerce.data import GAME, components, parse_components


def _raw() -> tuple[dict[str, Any], dict[str, Any]]:
    return load_toml(GAME, "rules"), load_toml(GAME, "market")


def test_components_load_and_match_published_counts() -> None:
    c = components()
    assert [x.key for x in c.colours] == ["red", "yellow", "green", "blue"]
    assert sum(1 for d in c.deeds if not d.x2) == 39
    assert sum(1 for d in c.deeds if d.x2) == 7
    assert len({d.id for d in c.deeds}) == 46
    assert c.starting_money == 120_000 and c.tax_per_deed == 10_000 and c.sale_price == 5_000
    assert c.role_chart[11] == (5, 6) and len(c.goods) == 6
    assert all(col.source == "reconstructed" and col.note for col in c.colours)


def test_reconstructed_market_is_fair_and_red_is_most_volatile() -> None:
    """Note 3: red swings most, blue least; every colour earns the same on average."""
    c = components()
    spreads = []
    for col in c.colours:
        mean = sum(col.die) / len(col.die)
        assert mean == 0  # symmetric die, indicator starts mid-track: expected income = start
        step = col.track[1] - col.track[0]
        spreads.append(step * (sum(f * f for f in col.die) / len(col.die)) ** 0.5)
        assert col.track[col.start] == 15_000
        assert col.start * 2 == len(col.track) - 1
    assert spreads == sorted(spreads, reverse=True)


def test_broken_data_reports_every_problem() -> None:
    rules, market = _raw()
    rules = copy.deepcopy(rules)
    market = copy.deepcopy(market)
    rules["economy"]["bogus"] = 1
    del rules["roles"]["source"]
    market["colours"]["red"]["start"] = 40
    market["colours"]["blue"]["letter"] = "r"
    market["colours"]["green"]["deeds"] = 3
    with pytest.raises(DataError) as err:
        parse_components(rules, market)
    text = str(err.value)
    for fragment in (
        "unknown key `bogus`",
        "[roles]: missing key `source`",
        "`start` 40 is off the track",
        "letter `r` is used by another colour",
        "deed counts sum to 32",
    ):
        assert fragment in text
