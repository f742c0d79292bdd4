"""Kenchiku component data (data/kenchiku/*.toml): loads, validates, reports all problems."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.core.data import DataError
from games.kenchiku.components import kenchiku_data, load_raw, parse_data


def raw() -> dict[str, Any]:
    return copy.deepcopy(load_raw())


def test_data_loads_with_seed_values() -> None:
    d = kenchiku_data()
    r = d.rules
    assert r.start_money == (8, 9, 10, 11)
    assert r.start_prices == (2, 3, 4, 5)
    assert dict(r.market_stock) == {2: 5, 3: 6, 4: 7}
    assert dict(r.honour_goal) == {2: 25, 3: 20, 4: 15}
    assert (r.blocks, r.chips_per_colour, r.loan_amount, r.loan_repayment) == (146, 26, 20, 25)
    assert len(d.voices_of("administration")) == 5 and len(d.voices_of("citizen")) == 5
    assert d.dice == ((-1, 0),) * 4


def test_city_geometry() -> None:
    city = kenchiku_data().city
    assert (city.n_columns, city.n_rows) == (8, 8)
    assert city.coords[0] == "a1" and city.coords[63] == "h8"
    assert len(city.neighbours[0]) == 3 and len(city.neighbours[city.index["d4"]]) == 8
    assert sum(city.on_avenue) == 16
    assert {city.district_of[city.index[c]] for c in ("d4", "e4")} == {"north"}
    assert sorted(len(v) for v in city.district_cells.values()) == [8, 8, 12, 12, 12, 12]


def test_every_reconstructed_value_has_a_note() -> None:
    r = raw()
    assert r["map"]["map"]["source"] == "reconstructed" and r["map"]["map"]["note"]
    for card in r["voices"]["card"]:
        assert card["source"] == "seed" or card["note"].strip()
    seed_cards = {c["id"] for c in r["voices"]["card"] if c["source"] == "seed"}
    assert seed_cards == {"parkneighbour", "parkdistrict"}


def test_voice_texts_are_filled_in() -> None:
    for v in kenchiku_data().voices:
        assert "{" not in v.text and str(v.amount) in v.text


def test_all_problems_reported_at_once() -> None:
    r = raw()
    r["map"]["map"]["colour"] = "grey"  # unknown key
    r["start"]["building"][0]["coord"] = "z9"  # reference that does not resolve
    r["voices"]["card"][1]["id"] = r["voices"]["card"][0]["id"]  # duplicate id
    r["voices"]["card"][2]["condition"] = "moon_phase"  # unknown condition
    del r["dice"]["dice"]["note"]  # reconstructed value without a note
    with pytest.raises(DataError) as exc:
        parse_data(r)
    msg = str(exc.value)
    for part in ("unknown key `colour`", "'z9' is not on the map", "used twice", "moon_phase"):
        assert part in msg
    assert "needs a `note`" in msg


def test_layout_must_match_districts() -> None:
    r = raw()
    r["map"]["map"]["layout"][0] = "XAABBCCC"
    with pytest.raises(DataError, match="character 'X' names no district"):
        parse_data(r)
