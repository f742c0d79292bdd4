"""Masters of Commerce replay fixtures: complete seeded games as notation lists, read from
``tests/fixtures/masters_of_commerce/*.json`` (``{game, engine_version, seed, seats,
options, moves: [[seat, notation], ...], expect: {scores, winners, reason}}``).

Each file replays with the rules of its own ``engine_version``: the ``v2_*`` games were
recorded before the issue-6 rule fixes and must keep replaying unchanged (stored games are
such records); ``v3_*`` are games under the current rules. A rules change that alters a
fixture must be deliberate (bump ``engine_version``).

``GAME_3P``, ``GAME_7P`` and ``FINAL`` name the current-version twins of the two original
games, for the bot tests that replay them through Discord.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.core import GameRecord, get_game, replay, view_as_dict
from games.masters_of_commerce import MocState
from games.masters_of_commerce.data import components

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "masters_of_commerce"
SPEC = get_game("masters_of_commerce")


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def record_of(name: str) -> GameRecord:
    return GameRecord.from_dict(load(name))


NAMES = sorted(p.stem for p in FIXTURES.glob("*.json"))
GAME_3P = record_of("v3_3p_variant_sealed")
GAME_7P = record_of("v3_7p_expert_open")


def _final(name: str) -> tuple[dict[int, int], set[int]]:
    expect = load(name)["expect"]
    return {int(k): v for k, v in expect["scores"].items()}, set(expect["winners"])


FINAL = {"GAME_3P": _final("v3_3p_variant_sealed"), "GAME_7P": _final("v3_7p_expert_open")}


def test_fixtures_cover_both_rule_versions() -> None:
    versions = {load(n)["engine_version"] for n in NAMES}
    assert versions == {SPEC.oldest_engine_version, SPEC.engine_version}
    assert all(SPEC.can_replay(v) for v in versions)
    assert GAME_3P.engine_version == GAME_7P.engine_version == SPEC.engine_version


@pytest.mark.parametrize("name", NAMES)
def test_fixture_game_final_scores(name: str) -> None:
    data = load(name)
    st = replay(GameRecord.from_dict(data))
    assert isinstance(st, MocState) and st.engine_version == data["engine_version"]
    out = st.outcome()
    assert out is not None
    expect = data["expect"]
    assert {str(k): v for k, v in out.scores.items()} == expect["scores"]
    assert sorted(out.winners) == expect["winners"]
    assert out.reason == expect["reason"]


@pytest.mark.parametrize("name", NAMES)
def test_fixture_save_load_save_and_replay_view(name: str) -> None:
    data = load(name)
    record = GameRecord.from_dict(data)
    saved = record.to_dict()
    assert saved == {k: v for k, v in data.items() if k not in ("about", "expect")}
    again = GameRecord.from_dict(saved)
    assert again.to_dict() == saved
    first, second = replay(record), replay(again)
    for seat in [None, *range(record.seats)]:
        assert view_as_dict(first.view(seat)) == view_as_dict(second.view(seat))
    # undo = replay minus the last move; replaying the prefix then the move matches
    prefix = replay(record, upto=len(record.moves) - 1)
    seat, text = record.moves[-1]
    prefix.apply(seat, prefix.parse_move(seat, text))
    assert view_as_dict(prefix.view(None)) == view_as_dict(first.view(None))


@pytest.mark.parametrize("name", NAMES)
def test_fixture_conserves_deeds_and_accounts_for_money(name: str) -> None:
    """Deeds are never lost or duplicated; money only moves between players and the bank
    (income, tax, sales, auction prices, bankruptcies), never below zero."""
    record = record_of(name)
    st = replay(record, upto=0)
    assert isinstance(st, MocState)
    for i, (seat, text) in enumerate(record.moves):
        st.apply(seat, st.parse_move(seat, text))
        if i % 25 == 0 or i == len(record.moves) - 1:
            held = [d for ds in st.district.values() for d in ds]
            everything = held + st.supply + st.removed + st.lots[st.lot_index :]
            assert sorted(everything) == sorted(d.id for d in components().deeds)
            assert all(st.owner[d] == s for s, ds in st.district.items() for d in ds)
            assert all(m >= 0 for m in st.money)


def test_original_games_replay_the_same_under_both_versions() -> None:
    """The v3 twins add only the decisions version 2 made by itself (`place lien`, a single
    deed's `exclusive`), and end with the same scores."""
    for old, new in (
        ("v2_3p_variant_sealed", "v3_3p_variant_sealed"),
        ("v2_7p_expert_open", "v3_7p_expert_open"),
    ):
        a, b = load(old), load(new)
        assert a["expect"] == b["expect"]
        extra = list(b["moves"])
        for move in a["moves"]:
            extra.remove(move)
        assert extra and all(t.startswith(("place lien ", "exclusive ")) for _s, t in extra)


def test_fixture_7p_roles_and_expert_features() -> None:
    for record in (record_of("v2_7p_expert_open"), GAME_7P):
        st = replay(record, upto=0)
        assert isinstance(st, MocState)
        assert [s for s in range(7) if st.landlord[s]] == [4, 5, 6]
        assert st.expert and st.auction_mode == "open"
        texts = [t for _, t in record.moves]
        assert "expire y3-negotiation" in texts and any(" closed " in t for t in texts)
        assert any(t.startswith("exclusive ") for t in texts)


def test_fixture_3p_is_variant_with_sealed_bids() -> None:
    st = replay(GAME_3P, upto=0)
    assert isinstance(st, MocState)
    assert st.variant and all(st.landlord) and all(st.merchant)
    assert st.auction_mode == "sealed"


def test_new_rule_fixtures_show_the_version_3_rules() -> None:
    """The v3 fixtures keep covering the issue-6 rules: gifts, liens placed and forgiven,
    exclusive tokens left off, an accepted offer above the merchant's money, and a variant
    merchant's bankruptcy taking their money."""
    seen: set[str] = set()
    for name in ("v3_4p_variant_new_rules", "v3_6p_expert_sealed_new_rules"):
        record = record_of(name)
        st = replay(record, upto=0)
        assert isinstance(st, MocState)
        for seat, text in record.moves:
            move = st.parse_move(seat, text)
            if text.startswith("accept "):
                merchant = move.merchant  # type: ignore[attr-defined]
                if st.offers[(move.deed, merchant)].amount > st.money[merchant]:  # type: ignore[attr-defined]
                    seen.add("accepted offer above money")
            st.apply(seat, move)
            seen.add(
                " ".join(text.split()[:2])
                if text.startswith(("place", "exclusive none"))
                else text.split()[0]
            )
        if any("leave the game, and they play on as a landlord" in line for line in st.log):
            seen.add("variant bankruptcy")
    assert {
        "give",
        "forgive",
        "place lien",
        "exclusive none",
        "lien",
        "expire",
        "accepted offer above money",
        "variant bankruptcy",
    } <= seen
