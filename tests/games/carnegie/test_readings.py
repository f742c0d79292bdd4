"""Issue 19: where engine version 1 departed from the seed, and the readings the seed leaves
open, each with its option (seed 001; docs/rules/carnegie.md "Readings and options")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.carnegie import SPEC
from games.carnegie.model import ANDREW, NEUTRAL
from games.carnegie.scoring import connection_vp, network_score, networks
from games.carnegie.state import OPTIONS, V1_RULES, CarnegieState
from games.core import GameError, GameRecord, InvalidOptions

from .scenario import game, legal, play, put, ready, refused, turn
from .test_fixtures import replayed

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "carnegie"


def _bare(n: int = 2, **options: str) -> CarnegieState:
    g = game(n, seed=2, **options)
    for s in g.spaces:
        g.spaces[s] = [None] * len(g.spaces[s])
    return g


def _build(g: CarnegieState, seat: int, *cities: str) -> None:
    c = g.company(seat)
    for city in cities:
        i = g.spaces[city].index(None)
        g.spaces[city][i] = seat
        c.projects.append((city, i, "housing"))


# -- connections (seed 主要都市の接続) --------------------------------------------------------


def test_san_francisco_alone_scores_no_connection() -> None:
    # Seed: 「少なくとも2つの大都市を接続していなければなりません」 and
    # 「サンフランシスコは他の主要都市とつながっている場合、都市2つ分とみなします」.
    g = _bare()
    _build(g, 0, "san-francisco", "portland", "seattle")
    assert connection_vp(g, 0) == 0
    g.company(0).tracks = {r: 4 for r in g.company(0).tracks}  # railroad changes nothing
    assert connection_vp(g, 0) == 0


def test_san_francisco_counts_two_when_connected_to_another_major_city() -> None:
    # Seed: San Francisco connected to another major city counts as two cities: 3 points.
    g = _bare()
    _build(g, 0, "san-francisco", "portland", "boise", "denver", "kansas-city", "chicago")
    [group] = networks(g, 0)
    assert network_score(g, 0, group) == (3, 6)  # 3 points at wagon level


def test_connections_points_option_scores_san_francisco_alone() -> None:
    # Option connections=points (engine version 1): San Francisco's 2 points score alone.
    g = _bare(connections="points")
    _build(g, 0, "san-francisco")
    assert connection_vp(g, 0) == 3


def test_post_office_needs_two_joined_major_cities() -> None:
    # Seed 郵便局: 「主要都市間の接続を数えるとき…1接続ポイントを追加」 — it adds to a connection
    # between major cities; one major city is no connection (seed: at least two).
    g = _bare()
    put(g, 0, "a2", "post-office", active=1)
    _build(g, 0, "chicago", "st-louis")
    assert connection_vp(g, 0) == 0
    _build(g, 0, "pittsburgh", "new-york")
    assert connection_vp(g, 0) == 6  # Chicago + New York + Post Office: 3 points at wagon
    g2 = _bare(connections="points")
    put(g2, 0, "a2", "post-office", active=1)
    _build(g2, 0, "chicago")
    assert connection_vp(g2, 0) == 3


# -- department values ----------------------------------------------------------------------


def test_the_seeds_department_values_are_the_default() -> None:
    # Seed 営業: 「このようにして支払われたキューブ1個につき$5を受け取ります」; printed tile $6.
    for options, per in (({}, 5), ({"values": "printed"}, 6)):
        g = turn(ready(2, **options), 0, "management")
        put(g, 0, "a2", "sales", active=1)
        c = g.company(0)
        c.goods, money = 3, c.money
        play(g, 0, "use sales 2")
        assert c.money == money + 2 * per
    # Seed 先端研究: 「プレイヤーは研究ポイントを8点得ます」; printed tile 7.
    g = turn(ready(2), 0, "rd")
    put(g, 0, "a2", "advanced-research", active=1)
    play(g, 0, "use advanced-research west")
    assert g.company(0).study == 8


# -- solo deck ------------------------------------------------------------------------------


def test_the_default_solo_deck_is_the_twenty_normal_cards() -> None:
    # Seed ソロルール 研究開発: 「示されている通りに1~3スペース右に移動します」 — the normal
    # cards move 1-3 spaces; advanced cards move up to 4.
    g = game(1)
    assert g.andrew is not None and g.andrew.level == 1
    cards = [g.card_index[c] for c in g.andrew.deck]
    assert len(cards) == 20 and {c.deck for c in cards} == {"normal"}
    assert max(c.rd_steps for c in cards) <= 3
    from games.carnegie.data import load

    assert load().andrew.default_level == next(o.default for o in OPTIONS if o.name == "difficulty")
    harder = game(1, difficulty=2)
    assert harder.andrew is not None
    assert sum(g.card_index[c].deck == "advanced" for c in harder.andrew.deck) == 5


# -- Charitable Giving ----------------------------------------------------------------------


def _charity_game(**options: str) -> tuple[CarnegieState, str]:
    g = turn(ready(2, **options), 0, "rd")
    put(g, 0, "a2", "charity", active=1)
    g.company(0).money = 20
    blocked = next(d for d, o in g.chart.items() if o == [NEUTRAL])
    return g, blocked


def test_charitable_giving_does_not_reopen_a_neutral_donation() -> None:
    # Seed 慈善寄付: 「自分のディスクを寄付チャートにある他のプレイヤーのディスクの上に置く」 —
    # on another player's disk; the neutral disks of 2-3 player games belong to no player.
    g, blocked = _charity_game()
    refused(g, 0, f"use charity west {blocked}", "neutral disk")
    g2, blocked2 = _charity_game(charity="any")
    play(g2, 0, f"use charity west {blocked2}")
    assert g2.chart[blocked2] == [NEUTRAL, 0]


def test_charitable_giving_joins_andrews_donation_in_solo() -> None:
    # Andrew is the solo opponent who made that donation: his disk is a player's disk.
    g = turn(ready(1), 0, "rd")
    put(g, 0, "a2", "charity", active=1)
    g.company(0).money = 20
    free = next(d for d, o in g.chart.items() if not o)
    g.chart[free] = [ANDREW]
    play(g, 0, f"use charity west {free}")
    assert g.chart[free] == [ANDREW, 0]


# -- the reserved department ----------------------------------------------------------------


def test_planning_may_add_a_displayed_tile_before_the_reserved_one() -> None:
    # Seed 戦略企画: 「予約済み、または場にある部署から新しい部署を設置します」.
    g = ready(2)
    put(g, 0, "c3", "planning", active=2)
    turn(g, 0, "management")
    c = g.company(0)
    c.goods = 9
    assert c.reserve is not None
    other = next(k for k, n in g.display.items() if n and k != c.reserve)
    added = {m.split()[1] for m in legal(g, 0) if m.startswith("establish")}
    assert {c.reserve, other} <= added
    left = g.display[other]
    play(g, 0, f"establish {other} a1")
    assert g.display[other] == left - 1 and c.reserve is not None  # still reserved
    play(g, 0, f"establish {c.reserve} b1")
    assert c.reserve is None


def test_reserve_none_skips_the_setup_reservation() -> None:
    g = game(2, reserve="none")
    seat = min(g.to_act())
    assert not any(m.notation.startswith("reserve") for m in g.legal_moves(seat))
    refused(g, seat, "reserve sales", "without a reserved department")
    city = next(m.notation for m in g.legal_moves(seat))
    play(g, seat, city)
    assert g.company(seat).reserve is None and seat not in g.to_act()


# -- Supply Chain and the $1 goods sale -----------------------------------------------------


@pytest.mark.parametrize(("reading", "paid"), [("each", 3), ("total", 1)])
def test_supply_chain_price(reading: str, paid: int) -> None:
    # Seed サプライチェーン: 「$1で最大3つの商品キューブを購入することができます」.
    g = turn(ready(2, supply_chain=reading), 0, "construction")
    put(g, 0, "a2", "supply-chain", active=1)
    c = g.company(0)
    money, goods = c.money, c.goods
    play(g, 0, "use supply-chain 3")
    assert (c.money, c.goods) == (money - paid, goods + 3)


def test_selling_goods_for_a_dollar_can_be_switched_off() -> None:
    # Not in the seed: the English rulebook (via S6) sells goods for $1 at any time.
    g = turn(ready(2), 0, "hr")
    assert "sell 1" in legal(g, 0)
    g = turn(ready(2, sell_goods="off"), 0, "hr")
    assert not any(m.startswith("sell") for m in legal(g, 0))
    refused(g, 0, "sell 1", "without selling goods")


# -- options --------------------------------------------------------------------------------


def test_every_reading_is_an_option_with_a_description_and_default() -> None:
    names = {o.name for o in OPTIONS}
    assert set(V1_RULES) <= names
    defaults = SPEC.resolve_options({})
    assert {k: defaults[k] for k in V1_RULES} == {
        "values": "seed",
        "difficulty": 1,
        "connections": "seed",
        "charity": "players",
        "reserve": "free",
        "supply_chain": "each",
        "sell_goods": True,
    }
    assert all(len(o.description) > 40 for o in OPTIONS)


def test_rules_options_page_names_both_value_sets_and_every_reading() -> None:
    from bot.rules_help import options_page

    page = options_page(SPEC)
    for o in OPTIONS:
        assert f"`{o.name}`" in page
    assert "Default: **seed**" in page and "printed" in page


@pytest.mark.parametrize(
    ("given", "sentence"),
    [
        (
            {"connections": "alone"},
            "Option `connections` must be one of seed, points; got `alone`.",
        ),
        ({"reserve": "later"}, "Option `reserve` must be one of free, first, none; got `later`."),
        ({"sell_goods": "maybe"}, "Option `sell_goods` must be yes or no; got `maybe`."),
        ({"charitee": "any"}, "Carnegie has no option `charitee`."),
    ],
)
def test_unknown_option_values_are_refused_with_a_sentence(
    given: dict[str, str], sentence: str
) -> None:
    with pytest.raises(InvalidOptions) as err:
        SPEC.resolve_options(given)
    assert str(err.value) == sentence


# -- rules versions -------------------------------------------------------------------------


def _v1(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", ["v1_solo_base_d2.json", "v1_2p_base.json"])
def test_a_v1_game_stored_without_options_keeps_the_v1_defaults(name: str) -> None:
    """The bot stores only the options a host typed: a version-1 game with none set was played
    with the printed values and Andrew's level-2 deck, and replays so."""
    data = _v1(name)
    options = dict(data["options"])  # type: ignore[call-overload]
    assert (options.pop("values"), options.pop("difficulty")) == ("printed", 2)
    out = replayed({**data, "options": options}).outcome()
    assert out is not None
    assert {str(k): v for k, v in out.scores.items()} == data["expect"]["scores"]  # type: ignore[index]


def test_v1_records_need_the_v1_rules() -> None:
    """Gating by engine_version matters: a version-1 game replayed as version 2 either stops
    at a refused move or ends with other scores."""
    changed = 0
    for path in sorted(FIXTURES.glob("v1_*.json")):
        data = _v1(path.name)
        record = GameRecord.from_dict({**data, "engine_version": 2})
        state = SPEC.new_game(SPEC.resolve_options(record.options), record.seats, record.seed)
        try:
            for seat, text in record.moves:
                state.apply(seat, state.parse_move(seat, text))
        except GameError:  # a refused or unparsable move is a change too
            changed += 1
            continue
        out = state.outcome()
        changed += (
            out is None or {str(k): v for k, v in out.scores.items()} != data["expect"]["scores"]
        )  # type: ignore[index]
    assert changed >= 5
