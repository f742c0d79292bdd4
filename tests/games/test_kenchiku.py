"""Kenchiku rule tests (seed 002), one rule each, built from a small scenario helper.

Section names in the docstrings are the seed's headings.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.core import IllegalMove, InvalidMove, InvalidOptions, NotYourTurn, Rng, get_game
from games.kenchiku import KenchikuState, new_game
from games.kenchiku.board import Board
from games.kenchiku.components import kenchiku_data
from games.kenchiku.moves import REPAY_LOAN, TAKE_LOAN, Build, Buy, PlacePark, Rest
from games.kenchiku.state import MARKER_INDEX

DATA = kenchiku_data()


# -- scenario helper ---------------------------------------------------------------------


def scenario(
    seats: int = 2,
    *,
    buildings: Mapping[str, tuple[int, int | None]] | None = None,
    parks: Mapping[str, int] | None = None,
    administration: tuple[str, ...] = (),
    citizen: tuple[str, ...] = (),
    keep_start: bool = False,
    seed: int = 1,
) -> KenchikuState:
    """A fresh game whose city holds exactly ``buildings`` (coord -> (height, owner)) and
    ``parks`` (coord -> owner), with only the named voice cards in play."""
    st = new_game({}, seats, seed)
    st.administration = tuple(DATA.voice(v) for v in administration)
    st.citizen = tuple(DATA.voice(v) for v in citizen)
    if not keep_start:
        st.board = Board(st.city, st.rules)
    for coord, (height, owner) in (buildings or {}).items():
        st.board.put_building(st.city.index[coord], height, owner)
        if owner is not None:
            st.companies[owner].buildings += 1
            st.companies[owner].chips_left -= 1
    for coord, owner in (parks or {}).items():
        st.board.put_park(st.city.index[coord], owner)
        st.companies[owner].park_available = False
        st.companies[owner].chips_left -= 1
    st.blocks_left = st.rules.blocks - st.board.blocks_on_board()
    return st


def company(
    st: KenchikuState,
    seat: int,
    *,
    money: int | None = None,
    ready: int | None = None,
    honour: int | None = None,
    loan: bool | None = None,
    **markers: int,
) -> None:
    """Set fields of ``seat``'s company; marker counts by type name (workers also ready)."""
    c = st.companies[seat]
    for name, n in markers.items():
        c.markers[MARKER_INDEX[name]] = n
        if name == "workers":
            c.workers_ready = n
    if money is not None:
        c.money = money
    if ready is not None:
        c.workers_ready = ready
    if honour is not None:
        c.honour = honour
    if loan is not None:
        c.has_loan = loan
    st._version += 1  # direct edits: drop the cached legal moves


def play(st: KenchikuState, *notations: str) -> list[str]:
    """Apply notations for whoever is to act; return all event sentences."""
    events: list[str] = []
    for text in notations:
        seat = st.current
        events += st.apply(seat, st.parse_move(seat, text))
    return events


def illegal(st: KenchikuState, text: str, seat: int | None = None) -> str:
    seat = st.current if seat is None else seat
    with pytest.raises(IllegalMove) as exc:
        st.apply(seat, st.parse_move(seat, text))
    return exc.value.message


def notations(st: KenchikuState) -> set[str]:
    return {m.notation for m in st.legal_moves(st.current)}


def height(st: KenchikuState, coord: str) -> int:
    return st.board.heights[st.city.index[coord]]


# -- setup (ゲームの準備) -------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_money_markers_prices_and_stock(seats: int) -> None:
    """ゲームの準備 3, 5, 7, 8: 8/9/10/11 money, two of each marker, prices 2/3/4/5, stock."""
    st = new_game({}, seats, 7)
    assert [c.money for c in st.companies] == [8, 9, 10, 11][:seats]
    assert all(c.markers == [2, 2, 2, 2] and c.workers_ready == 2 for c in st.companies)
    assert st.prices == [2, 3, 4, 5]
    assert st.stock == [{2: 5, 3: 6, 4: 7}[seats]] * 4
    assert st.honour_goal == {2: 25, 3: 20, 4: 15}[seats]
    assert all(c.chips_left == 25 and c.honour == 0 for c in st.companies)


def test_setup_starting_buildings_in_the_four_central_plots() -> None:
    """ゲームの準備 10: building blocks on the four central plots; the rest form the supply."""
    st = new_game({}, 2, 1)
    built = {st.city.coords[i] for i, h in enumerate(st.board.heights) if h}
    assert built == {"d4", "e4", "d5", "e5"}
    assert all(st.board.owners[st.city.index[c]] is None for c in built)
    assert st.blocks_left + st.board.blocks_on_board() == 146


def test_setup_opening_is_playable_with_two_structure() -> None:
    """初期状態では高さ2まで: the reconstructed start gives land values 1-2 around the centre."""
    st = new_game({}, 2, 1)
    values = {st.board.land_value(i) for i in range(st.city.n_cells) if st.board.is_free(i)}
    assert values == {0, 1, 2}
    assert any(m.notation.startswith("build") for m in st.legal_moves(0))


def test_setup_deals_two_voice_cards_of_each_kind() -> None:
    """ゲームの準備 12: two administration and two citizen cards face up, chosen at random."""
    st = new_game({}, 3, 11)
    assert len(st.administration) == 2 and len(st.citizen) == 2
    assert {v.kind for v in st.administration} == {"administration"}
    dealt = {tuple(v.id for v in new_game({}, 2, s).administration) for s in range(40)}
    assert len(dealt) > 3


def test_options_choose_voice_cards_and_reject_unknown() -> None:
    st = new_game({"administration": "avenue+parkside", "citizen": "line+modest"}, 2, 1)
    assert [v.id for v in st.administration] == ["avenue", "parkside"]
    assert [v.id for v in st.citizen] == ["line", "modest"]
    with pytest.raises(InvalidOptions):
        new_game({"speed": "fast"}, 2, 1)
    with pytest.raises(InvalidOptions):
        get_game("kenchiku").create({"citizen": "line+line"}, 2, 1)
    with pytest.raises(InvalidOptions):
        get_game("kenchiku").create({}, 5, 1)


# -- land value and building (建設, 地価について) ------------------------------------------


# 地価について: (neighbouring blocks, land value), band edges included
LAND_VALUES = {0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 7: 3, 8: 4, 11: 4, 12: 5, 16: 5, 17: 6, 48: 6}


@pytest.mark.parametrize(("blocks", "value"), sorted(LAND_VALUES.items()))
def test_land_value_bands(blocks: int, value: int) -> None:
    """地価について: 0 / 1-2 / 3-4 / 5-7 / 8-11 / 12-16 / 17+ blocks give land value 0..6."""
    assert DATA.rules.land_value(blocks) == value


def worked_example() -> KenchikuState:
    """例: plot B (d4) has 7 neighbouring blocks, plot C (g4) 11, plot A (a8) none; the
    player has 3 structure, 3 design and 2 planning."""
    st = scenario(
        buildings={
            "c3": (2, 1),
            "d3": (2, 1),
            "e5": (3, 1),  # around d4: 7
            "f3": (3, 1),
            "g3": (3, 1),
            "h5": (3, 1),
            "f5": (2, 1),  # around g4: 11
        }
    )
    company(st, 0, structure=3, design=3, planning=2)
    return st


def test_worked_example_land_values() -> None:
    """例: 7 blocks -> land value 3, 11 blocks -> 4, no blocks -> 0."""
    st = worked_example()
    assert st.board.land_value(st.city.index["d4"]) == 3
    assert st.board.land_value(st.city.index["g4"]) == 4
    assert st.board.land_value(st.city.index["a8"]) == 0


def test_worked_example_plot_a_cannot_be_built() -> None:
    """例 土地A: land value 0, so no building."""
    msg = illegal(worked_example(), "build a8 money")
    assert "Land value at a8 is 0" in msg


def test_worked_example_plot_c_needs_four_structure() -> None:
    """例 土地C: land value 4 but only 3 structure markers."""
    st = worked_example()
    assert illegal(st, "build g4 money") == (
        "Land value at g4 is 4 but you have only 3 structure markers."
    )
    reason = st.refusal(0, st.parse_move(0, "build g4 honour"))
    assert reason == "Land value at g4 is 4 but you have only 3 structure markers."
    assert getattr(reason, "key", None) == "kenchiku.structure_short"
    assert reason.params == {"coord": "g4", "value": 4, "structure": 3, "plural": "s"}
    assert "build g4 money" not in notations(st)


def test_worked_example_plot_b_pays_3_money() -> None:
    """例 土地B: a height-3 building pays min(3, 3 design) = 3 money."""
    st = worked_example()
    events = play(st, "build d4 money")
    assert height(st, "d4") == 3
    assert st.companies[0].money == 8 + 3
    assert events[0] == "built a height-3 building on d4 for 3 money."


def test_worked_example_plot_b_pays_2_honour() -> None:
    """例 土地B: or min(3, 2 planning) = 2 honour."""
    st = worked_example()
    play(st, "build d4 honour")
    assert st.companies[0].honour == 2 and st.companies[0].money == 8


def test_build_spends_a_ready_worker_and_a_chip() -> None:
    """建設アクションの流れ: a worker moves to the black space; a chip marks the building."""
    st = new_game({}, 2, 1)
    play(st, "build c4 money")
    c = st.companies[0]
    assert c.workers_ready == 1 and c.markers[MARKER_INDEX["workers"]] == 2
    assert c.chips_left == 24 and c.buildings == 1
    assert st.board.owners[st.city.index["c4"]] == 0


def test_build_height_equals_land_value_and_blocks_leave_supply() -> None:
    """地価について: the building's height is always the land value."""
    st = new_game({}, 2, 1)
    before = st.blocks_left
    value = st.board.land_value(st.city.index["d3"])
    play(st, "build d3 money")
    assert height(st, "d3") == value == 2
    assert st.blocks_left == before - value


def test_no_ready_worker_means_no_build_but_buying_is_allowed() -> None:
    """建設 / FAQ: no worker on the white space -> no build; buying still possible."""
    st = new_game({}, 2, 1)
    company(st, 0, ready=0)
    assert not any(isinstance(m, Build | PlacePark) for m in st.legal_moves(0))
    assert "buy structure" in notations(st)
    assert "no ready workers" in illegal(st, "build c4 money")


def test_cannot_build_on_an_occupied_plot() -> None:
    st = new_game({}, 2, 1)
    assert illegal(st, "build d4 money") == "d4 already has a building on it."


def test_block_supply_is_finite() -> None:
    """内容物: 146 blocks; a building needs its height in blocks from the supply."""
    st = new_game({}, 2, 1)
    st.blocks_left = 1
    st._version += 1
    assert "build d3 money" not in notations(st)  # land value 2
    assert "build c3 money" in notations(st)  # land value 1
    assert illegal(st, "build d3 money") == (
        "A height-2 building needs 2 blocks but the supply has only 1 left."
    )


def test_chips_are_finite() -> None:
    """内容物: 26 chips, one on the honour track; each building or park takes one."""
    st = new_game({}, 2, 1)
    st.companies[0].chips_left = 0
    st._version += 1
    assert not any(isinstance(m, Build | PlacePark) for m in st.legal_moves(0))
    assert "no chips left" in illegal(st, "build c4 money")


def test_build_passes_the_turn() -> None:
    """ゲームの進行: one action per turn, then the player to the left."""
    st = new_game({}, 3, 1)
    play(st, "build c4 money")
    assert st.to_act() == frozenset({1})
    with pytest.raises(NotYourTurn):
        st.apply(0, st.legal_moves(1)[0])


# -- administration voices (行政の声) ---------------------------------------------------


def test_tallest_in_empty_district_pays_even_for_height_one() -> None:
    """行政の声 新たに最も高いビル: an empty district counts, so height 1 pays."""
    st = scenario(buildings={"d1": (1, None)}, administration=("tallest",))
    # c1 is in the (empty) northwest district, land value 1
    events = play(st, "build c1 money")
    assert st.companies[0].money == 8 + 1 + 2
    assert "(+2 administration bonus: New tallest in a district +2)" in events[0]


def test_tallest_needs_to_beat_the_record_not_equal_it() -> None:
    """Only a new record height pays (高さを更新する度に)."""
    st = scenario(buildings={"d1": (1, None), "a1": (1, 1)}, administration=("tallest",))
    play(st, "build b2 money")  # northwest already has a height-1 building; b2 is height 1
    assert height(st, "b2") == 1
    assert st.companies[0].money == 8 + 1


def test_avenue_and_highrise_bonus_stack_and_ignore_design() -> None:
    """行政の声: several cards pay at once; the bonus is not limited by design (FAQ)."""
    # b4 is along the avenue; its neighbours hold 8 blocks -> height 4
    st = scenario(
        buildings={"a3": (3, 1), "b3": (3, 1), "c5": (2, 1)},
        administration=("avenue", "highrise"),
    )
    company(st, 0, structure=4, design=1)
    events = play(st, "build b4 money")
    assert height(st, "b4") == 4
    assert st.companies[0].money == 8 + 1 + 3 + 3
    assert "+6 administration bonus" in events[0]


def test_administration_bonus_only_with_money_reward() -> None:
    """行政の声: no bonus when the honour reward is chosen."""
    st = scenario(
        buildings={"a3": (3, 1), "b3": (3, 1), "c5": (2, 1)}, administration=("highrise",)
    )
    company(st, 0, structure=4)
    play(st, "build b4 honour")
    assert st.companies[0].money == 8 and st.companies[0].honour == 2


def test_detached_bonus_allows_own_park_but_not_own_building() -> None:
    """行政の声 過去に自分が建設したビルと隣接していない: your own park may be adjacent."""
    st = scenario(buildings={"a1": (1, None)}, parks={"b1": 0}, administration=("detached",))
    play(st, "build b2 money")  # next to own park and a starting building
    assert st.companies[0].money == 8 + 1 + 2
    st2 = scenario(buildings={"a1": (1, 0)}, administration=("detached",))
    play(st2, "build b2 money")  # next to own building
    assert st2.companies[0].money == 8 + 1


def test_park_view_bonus_multiplies_per_adjacent_park() -> None:
    """行政の声 公園に隣接する高さ3以上: two adjacent parks pay twice."""
    st = scenario(
        buildings={"a1": (3, None), "b1": (2, None)},
        parks={"a2": 1, "c2": 0},
        administration=("parkside",),
    )
    company(st, 0, structure=3)
    play(st, "build b2 money")  # 5 blocks around -> height 3, parks a2 and c2 adjacent
    assert height(st, "b2") == 3
    assert st.companies[0].money == 8 + 2 + 2 * 2


# -- parks (公園について) -----------------------------------------------------------------


def test_park_costs_a_worker_needs_structure_and_adds_no_blocks() -> None:
    """公園について: a worker and structure >= land value; parks are not blocks."""
    st = new_game({}, 2, 1)
    around_before = list(st.board.around)
    events = play(st, "park d3")
    c = st.companies[0]
    assert c.workers_ready == 1 and not c.park_available and c.chips_left == 24
    assert st.board.around == around_before
    assert events[0] == "placed a park on d3 (land value 2)."


def test_park_only_once_per_game() -> None:
    st = new_game({}, 2, 1)
    play(st, "park d3", "build c4 money")
    assert not any(isinstance(m, PlacePark) for m in st.legal_moves(0))
    assert "already placed your park" in illegal(st, "park c3")


def test_park_on_land_value_zero_follows_the_seed() -> None:
    """公園について: a park costs 労働者マーカーを一個 and 建設予定地の地価に応じた数の構造マーカー;
    only buildings are barred from land value 0 (地価について: 地価が0の場所にビルを建設することは
    出来ません). Engine version 2."""
    st = worked_example()
    assert "park a8" in notations(st) and "build a8 money" not in notations(st)
    assert st.refusal(0, PlacePark("a8")) is None
    assert "Land value at a8 is 0" in illegal(st, "build a8 honour")
    events = play(st, "park a8")
    assert events[0] == "placed a park on a8 (land value 0)."
    assert st.board.park_owners[st.city.index["a8"]] == 0
    assert st.companies[0].workers_ready == 1 and not st.companies[0].park_available


def test_park_still_needs_structure_for_its_land_value() -> None:
    """公園について: structure >= the land value, as for a building."""
    st = worked_example()
    assert "is 4 but you have only 3" in illegal(st, "park g4")


def test_park_on_land_value_zero_refused_in_engine_version_1() -> None:
    """Engine version 1 (records before the seed review) barred parks from land value 0."""
    st = worked_example()
    st.engine_version = 1
    st._version += 1
    assert "park a8" not in notations(st)
    reason = illegal(st, "park a8")
    assert reason.startswith("Land value at a8 is 0") and "a park cannot be placed" in reason


# -- buying (購入) ----------------------------------------------------------------------


def test_buy_pays_price_and_raises_it() -> None:
    """購入: pay the track price, take the marker, price +1."""
    st = new_game({}, 2, 1)
    events = play(st, "buy design")
    c = st.companies[0]
    assert c.money == 8 - 3 and c.markers[MARKER_INDEX["design"]] == 3
    assert st.prices[MARKER_INDEX["design"]] == 4 and st.stock[MARKER_INDEX["design"]] == 4
    assert events[0] == "bought a design marker for 3 money (design now costs 4)."


def test_buy_price_wraps_from_7_to_1() -> None:
    """購入: a price already at 7 moves to 1."""
    st = new_game({}, 2, 1)
    st.prices[MARKER_INDEX["planning"]] = 7
    play(st, "buy planning")
    assert st.prices[MARKER_INDEX["planning"]] == 1 and st.companies[0].money == 1


def test_buy_limits_stock_money_and_six_technologies() -> None:
    """購入の値段と制限: no stock, cannot pay, or already 6 -> cannot buy."""
    st = new_game({}, 2, 1)
    st.stock[MARKER_INDEX["design"]] = 0
    company(st, 0, structure=6, money=4)
    moves = notations(st)
    assert "buy design" not in moves and "buy structure" not in moves
    assert "buy planning" in moves and "buy workers" not in moves  # workers cost 5
    assert illegal(st, "buy design") == "The market has no design markers left."
    assert illegal(st, "buy structure") == "You already hold 6 structure markers, the most allowed."
    assert illegal(st, "buy workers") == "A worker marker costs 5 money but you have 4."


def test_workers_are_unlimited_and_arrive_ready() -> None:
    """労働者マーカーの購入: no maximum; a bought worker goes on the white space."""
    st = new_game({}, 2, 1)
    company(st, 0, workers=9, ready=0, money=50)
    play(st, "buy workers")
    c = st.companies[0]
    assert c.markers[MARKER_INDEX["workers"]] == 10 and c.workers_ready == 1


# -- resting (休憩) ---------------------------------------------------------------------


def test_rest_readies_workers_returns_marker_and_pays_wages_after_return() -> None:
    """休憩 / 給料の支払い: wages = workers + structure after the return."""
    st = new_game({}, 2, 1)
    company(st, 0, structure=3, workers=3, ready=0, money=20)
    events = play(st, "rest drop structure")
    c = st.companies[0]
    assert c.markers[MARKER_INDEX["structure"]] == 2 and c.workers_ready == 3
    assert c.money == 20 - (3 + 2)
    assert st.stock[MARKER_INDEX["structure"]] == 6
    assert "paid 5 wages" in events[0] and "dropped structure" in events[0]


def test_rest_return_lowers_price_and_wraps_1_to_7() -> None:
    """破棄したマーカーの価格: -1, from 1 to 7; dice then lower prices showing -1."""
    st = new_game({}, 2, 1)
    st.prices[MARKER_INDEX["design"]] = 1
    play(st, "rest drop design")
    dice = st.last_dice
    assert dice is not None and set(dice) == {"structure", "design", "planning", "workers"}
    expected = 7 + dice["design"]  # wrapped to 7, then the die
    assert st.prices[MARKER_INDEX["design"]] == expected
    for name, start in (("structure", 2), ("planning", 4), ("workers", 5)):
        assert st.prices[MARKER_INDEX[name]] == start + dice[name]


def test_rest_dice_are_recorded_in_view_and_event() -> None:
    """休憩: the dice roll goes through the game's seeded generator and into the log."""
    st = new_game({}, 2, 3)
    events = play(st, "rest drop planning")
    view = st.view(None)
    assert view.last_dice == st.last_dice
    assert "dice:" in events[0]
    st2 = new_game({}, 2, 3)
    play(st2, "rest drop planning")
    assert st2.last_dice == st.last_dice and st2.prices == st.prices


def test_dice_wrap_1_to_7() -> None:
    st = new_game({}, 2, 1)
    st.rng = Rng(0)
    st.prices = [1, 1, 1, 1]
    play(st, "rest drop workers")
    assert st.last_dice is not None
    for k, name in enumerate(("structure", "design", "planning")):
        assert st.prices[k] == (7 if st.last_dice[name] == -1 else 1)


def test_rest_cannot_return_the_last_marker_of_a_type() -> None:
    """マーカーの破棄: every type keeps at least one marker, even for an instant."""
    st = new_game({}, 2, 1)
    company(st, 0, design=1)
    assert "rest drop design" not in notations(st)
    assert "rest drop structure" in notations(st)
    assert "every type must keep at least one" in illegal(st, "rest drop design")
    assert "rest drop" in illegal(st, "rest")


def test_rest_with_one_of_each_returns_nothing_with_bare_rest_allowed() -> None:
    """Option bare_rest=allowed (engine version 2's reading): with one of every type no marker
    can be returned; the rest happens anyway."""
    st = new_game({"bare_rest": "allowed"}, 2, 1)
    company(st, 0, structure=1, design=1, planning=1, workers=1, ready=0)
    assert [m.notation for m in st.legal_moves(0) if isinstance(m, Rest)] == ["rest"]
    events = play(st, "rest")
    assert st.companies[0].money == 8 - 2 and st.companies[0].workers_ready == 1
    assert "returned nothing" in events[0]


def test_a_rest_must_return_a_marker_so_one_of_each_cannot_rest() -> None:
    """休憩 / マーカーの破棄について:
    「休憩アクションを選ぶごとに、マーカーを1個選び、個人ボードからマーケットへ戻す必要があります」
    and 「全ての種類のマーカーは、常に個人ボード上に1個以上ある必要があります。一瞬でも0個にする
    ことは出来ません」: with one of each type there is nothing to return, so the company must
    build, place a park or buy instead."""
    st = new_game({}, 2, 1)
    company(st, 0, structure=1, design=1, planning=1, workers=1, ready=0)
    assert not [m for m in st.legal_moves(0) if isinstance(m, Rest)]
    assert "Every rest returns one marker" in illegal(st, "rest")
    play(st, "buy planning")  # the next rest can return it
    assert st.companies[0].markers[MARKER_INDEX["planning"]] == 2


def test_time_out_and_ai_buy_when_a_company_may_not_rest() -> None:
    """With one marker of each type and money, neither a time-out nor the AI picks the refused
    rest: both buy the cheapest marker."""
    st = new_game({}, 2, 1)
    company(st, 0, structure=1, design=1, planning=1, workers=1, ready=0)
    cheapest = min(MARKER_INDEX, key=lambda m: (st.prices[MARKER_INDEX[m]], m))
    assert st.default_move(0).notation == f"buy {cheapest}"
    from games.core import Rng
    from games.kenchiku import AI

    assert AI.choose(st, 0, Rng(1)) in st.legal_moves(0)


def test_a_company_with_no_other_action_rests_returning_nothing() -> None:
    """The last resort (option bare_rest=last_resort): no money to buy, a loan already held and
    no ready worker — without the bare rest the company could not act at all."""
    st = new_game({}, 2, 1)
    company(st, 0, structure=1, design=1, planning=1, workers=1, ready=0, money=0, loan=True)
    assert [m.notation for m in st.legal_moves(0) if isinstance(m, Rest)] == ["rest"]
    assert [m.notation for m in st.legal_moves(0)] == ["rest"]


def test_rest_forced_loan_then_full_wages() -> None:
    """給料の支払いについて: not enough money -> forced loan, then the full wages."""
    st = new_game({}, 2, 1)
    company(st, 0, money=1)
    events = play(st, "rest drop planning")
    c = st.companies[0]
    assert c.has_loan and c.money == 1 + 20 - 4
    assert "took a forced loan of 20" in events[0]


def test_rest_with_loan_and_short_of_wages_goes_bankrupt() -> None:
    """給料の支払いについて: already holding a loan and cannot pay -> bankrupt, out of the game."""
    st = new_game({}, 3, 1)
    company(st, 0, money=3, loan=True)
    stock_before = list(st.stock)
    events = play(st, "rest drop planning")
    c = st.companies[0]
    assert c.bankrupt and c.money == 0 and not c.has_loan and c.markers == [0, 0, 0, 0]
    # its markers go back to the market (the dropped one included)
    assert st.stock == [s + 2 for s in stock_before]
    assert "went bankrupt" in events[0]
    assert st.outcome() is None
    # bankrupt seats are skipped in turn order
    play(st, "rest drop planning", "rest drop planning")
    assert st.current == 1 and st.round == 2


def test_forced_loan_too_small_means_bankruptcy() -> None:
    """Interpretation: if even the forced loan cannot cover the wages, the company fails."""
    st = new_game({}, 3, 1)
    company(st, 0, money=0, workers=20, structure=6)
    play(st, "rest drop planning")
    assert st.companies[0].bankrupt


def test_last_company_standing_wins() -> None:
    """ゲームの終了: all but one company bankrupt -> the survivor wins at once."""
    st = new_game({}, 2, 1)
    company(st, 0, money=0, loan=True, honour=20)
    play(st, "rest drop planning")
    out = st.outcome()
    assert out is not None and out.winners == frozenset({1})
    assert out.ranks == {1: 1, 0: 2}
    assert "Only one company is left" in out.reason
    assert st.to_act() == frozenset() and st.legal_moves(1) == []


# -- loans (借金について) ------------------------------------------------------------------


def test_loan_take_and_repay_do_not_end_the_turn() -> None:
    """借金について: 20 from the bank, 25 back in one payment, no action needed."""
    st = new_game({}, 2, 1)
    play(st, "loan take")
    assert st.companies[0].money == 28 and st.companies[0].has_loan and st.current == 0
    assert "loan take" not in notations(st)
    assert "already hold a loan card" in illegal(st, "loan take")
    play(st, "loan repay")
    assert st.companies[0].money == 3 and not st.companies[0].has_loan and st.current == 0
    assert "loan take" in notations(st)  # can borrow again after repaying


def test_repay_offered_after_the_action() -> None:
    """借金について: 手番ならいつでも、借金・借金返済をすることが可能 — a company holding the loan
    card that can pay 25 after its action may repay before its turn passes."""
    st = new_game({}, 2, 1)
    company(st, 0, money=24, loan=True)
    events = play(st, "build d3 money")  # +2 money -> 26
    assert st.current == 0 and st.repay_offered and st.to_act() == frozenset({0})
    assert st.view(None).repay_offered
    assert notations(st) == {"loan repay", "done"}
    assert events == ["built a height-2 building on d3 for 2 money."]
    reason = illegal(st, "buy design")
    assert "taken your action this turn" in reason
    assert "taken your action" in illegal(st, "loan take")
    play(st, "loan repay")
    c = st.companies[0]
    assert c.money == 1 and not c.has_loan and st.current == 1 and not st.repay_offered


def test_done_keeps_the_loan_and_passes_the_turn() -> None:
    st = new_game({}, 2, 1)
    company(st, 0, money=30, loan=True)
    events = play(st, "buy design", "done")
    assert events[-1] == "kept the loan and ended the turn."
    assert st.current == 1 and st.companies[0].has_loan and st.companies[0].money == 27


def test_no_repay_offer_without_25_after_the_action() -> None:
    """Otherwise the turn passes as before."""
    st = new_game({}, 2, 1)
    company(st, 0, money=26, loan=True)
    play(st, "buy planning")  # 26 - 4 = 22 < 25
    assert st.current == 1 and not st.repay_offered
    assert "only ends a turn after its action" in illegal(st, "done")


def test_repay_offer_in_the_last_turn_avoids_the_penalty() -> None:
    """最終得点計算 借金手形のペナルティ: the offer comes before final scoring, so a company
    that can pay 25 at the end of its last turn need not lose 15 honour and all its money."""
    st = scenario()
    company(st, 1, money=40, loan=True, honour=10)
    st.end_triggered_by = 0
    st.end_cause = "test"
    st.current = 1
    play(st, "rest drop planning")  # 4 wages -> 36
    assert st.outcome() is None and st.repay_offered
    play(st, "loan repay")
    out = st.outcome()
    assert out is not None
    assert out.details[1]["loan_penalty"] == 0 and out.details[1]["money"] == (36 - 25) // 5


def test_repay_after_the_action_not_offered_in_engine_version_1() -> None:
    st = new_game({}, 2, 1)
    st.engine_version = 1
    company(st, 0, money=30, loan=True)
    play(st, "buy design")
    assert st.current == 1 and not st.repay_offered


def test_loan_repay_needs_25() -> None:
    st = new_game({}, 2, 1)
    assert "no loan to repay" in illegal(st, "loan repay")
    company(st, 0, money=24, loan=True)
    assert "loan repay" not in notations(st)
    assert "costs 25 money in one payment but you have 24" in illegal(st, "loan repay")


# -- end of the game (ゲームの終了) --------------------------------------------------------


def test_honour_must_exceed_the_goal() -> None:
    """ゲームの終了: honour *over* 25 (2 players); exactly 25 does not end the game."""
    st = new_game({}, 2, 1)
    company(st, 0, honour=23)
    play(st, "build d3 honour")  # +2 -> 25
    assert st.end_triggered_by is None
    company(st, 1, honour=24)
    play(st, "build c6 honour")  # +1 -> 25
    assert st.end_triggered_by is None
    company(st, 0, honour=25)
    events = play(st, "build f3 honour")  # +1 -> 26
    assert st.end_triggered_by == 0 and "triggered the end" in events[-1]
    assert st.phase_name() == "Final round"


def test_end_trigger_finishes_the_round() -> None:
    """ゲームの終了: the round is played out so everyone has had the same number of turns."""
    st = new_game({}, 3, 1)
    play(st, "rest drop planning")  # seat 0
    company(st, 1, honour=30)
    play(st, "build d3 honour")  # seat 1 triggers
    assert st.outcome() is None and st.current == 2
    play(st, "rest drop planning")  # seat 2, last of the round
    out = st.outcome()
    assert out is not None and "honour" in out.reason
    assert st.view(None).outcome == out.to_dict()


def test_height_six_building_triggers_the_end() -> None:
    """ゲームの終了: building height 6 ends the game after the round."""
    st = scenario(
        3,
        buildings={"a1": (6, None), "b1": (6, None), "c1": (5, None)},
    )
    company(st, 1, structure=6)
    play(st, "rest drop planning")
    events = play(st, "build b2 money")  # 17 blocks -> height 6
    assert height(st, "b2") == 6 and st.end_triggered_by == 1
    assert "a height-6 building" in events[-1]
    play(st, "rest drop planning")
    out = st.outcome()
    assert out is not None and "height-6" in out.reason
    assert out.details[1]["first_bonus"] == 5 and out.details[0]["first_bonus"] == 0


def test_trigger_by_last_seat_ends_immediately() -> None:
    st = new_game({}, 2, 1)
    play(st, "rest drop planning")
    company(st, 1, honour=30)
    play(st, "build d3 honour")
    assert st.outcome() is not None


def test_final_round_skips_bankrupt_last_seat() -> None:
    """The round ends after the last seat still in the game."""
    st = new_game({}, 3, 1)
    st.companies[2].bankrupt = True
    company(st, 0, honour=30)
    play(st, "build d3 honour")
    assert st.outcome() is None and st.current == 1
    play(st, "rest drop planning")
    assert st.outcome() is not None


# -- final scoring (最終得点計算) ----------------------------------------------------------


def finish(st: KenchikuState) -> None:
    """Trigger the end by seat 0 and finish the round with ``rest drop planning`` (4 wages)."""
    st.end_triggered_by = 0
    st.end_cause = "test"
    while st.outcome() is None:
        play(st, "done" if st.repay_offered else "rest drop planning")


def test_scoring_order_loan_penalty_before_money() -> None:
    """最終得点計算: a loan holder loses 15 honour and then hands back all money."""
    st = scenario()
    company(st, 0, honour=10, money=60, loan=True)
    company(st, 1, honour=10, money=60)
    st.current = 1
    finish(st)
    out = st.outcome()
    assert out is not None
    d0, d1 = out.details[0], out.details[1]
    assert d0["loan_penalty"] == -15 and d0["money"] == 0
    assert d0["total"] == 10 + 5 - 15  # first bonus, no money
    wages = 4
    assert d1["money"] == (60 - wages) // 5 and d1["loan_penalty"] == 0
    assert out.scores[1] == 10 + (60 - wages) // 5


def test_money_converts_one_honour_per_full_five() -> None:
    """お金と名誉点の交換: fractions are dropped."""
    st = scenario()
    company(st, 0, money=19 + 4)  # 19 left after wages
    company(st, 1, money=4 + 4)
    finish(st)
    out = st.outcome()
    assert out is not None and out.details[0]["money"] == 3 and out.details[1]["money"] == 0


def test_park_scores_adjacent_blocks_of_all_owners() -> None:
    """公園チップの名誉点: blocks on adjacent plots, anyone's buildings."""
    st = scenario(buildings={"a1": (3, 1), "c2": (2, 0), "b3": (4, None)}, parks={"b2": 0})
    finish(st)
    out = st.outcome()
    assert out is not None and out.details[0]["parks"] == 9 and out.details[1]["parks"] == 0


def park_example() -> KenchikuState:
    """例 (公園ボーナスと市民の声ボーナス): vermilion (seat 0) park on c3, white (seat 1) on c4,
    both in the northwest district, with the two park citizen cards in play."""
    v, w = 0, 1
    return scenario(
        buildings={
            "b2": (2, v),
            "c2": (2, w),
            "d2": (2, v),
            "b3": (3, v),
            "d3": (1, v),
            "b4": (2, w),
            "d4": (2, v),
            "b5": (1, w),
            "c5": (3, w),
            "d5": (2, v),
        },
        parks={"c3": v, "c4": w},
        citizen=("parkneighbour", "parkdistrict"),
    )


def test_worked_example_park_and_citizen_bonuses() -> None:
    """例: park 14 + 14 (adjacent) + 4 (district) = 32 for vermilion, 14 + 8 + 8 = 30 white."""
    st = park_example()
    finish(st)
    out = st.outcome()
    assert out is not None
    v, w = out.details[0], out.details[1]
    assert (v["parks"], v["voice_parkneighbour"], v["voice_parkdistrict"]) == (14, 14, 4)
    assert (w["parks"], w["voice_parkneighbour"], w["voice_parkdistrict"]) == (14, 8, 8)
    assert v["parks"] + v["voices"] == 32
    assert w["parks"] + w["voices"] == 30


def test_line_citizen_counts_each_run_once() -> None:
    """市民の声 直線上に3棟以上: a longer line pays no more; lines in two directions pay twice."""
    st = scenario(
        buildings={"a1": (1, 0), "b1": (1, 0), "c1": (1, 0), "d1": (1, 0), "a2": (1, 0)},
        citizen=("line",),
    )
    st.board.put_building(st.city.index["a3"], 1, 0)
    finish(st)
    out = st.outcome()
    assert out is not None and out.details[0]["voice_line"] == 2 * 3  # row a1-d1, column a1-a3
    assert out.details[1]["voice_line"] == 0


def test_lowrise_citizen_per_district_ties_all_score() -> None:
    """市民の声 一区画に最も多く高さ2以下: per district; tied leaders all score."""
    st = scenario(
        buildings={
            "a1": (1, 0),
            "b1": (2, 1),  # northwest: 1 each -> both score
            "a8": (1, 0),
            "b8": (2, 0),
            "c8": (1, 1),  # southwest: seat 0 leads
            "h1": (3, 1),  # northeast: too tall, nobody
        },
        citizen=("lowrise",),
    )
    finish(st)
    out = st.outcome()
    assert out is not None
    assert out.details[0]["voice_lowrise"] == 6 and out.details[1]["voice_lowrise"] == 3


def modest_city(version: int) -> KenchikuState:
    st = scenario(
        3,
        buildings={
            "a1": (3, 0),
            "b1": (3, 1),
            "c1": (1, 2),  # northwest: tied tallest 0 and 1; seat 2 scores
            "d1": (4, None),
            "e1": (1, 0),  # north: starting building tallest; seat 0 scores
            "h8": (2, 1),  # southeast: seat 1 alone, tallest -> nothing
        },
        citizen=("modest",),
    )
    st.engine_version = version
    finish(st)
    return st


def test_modest_citizen_pays_all_but_the_tallest_builders_in_every_district() -> None:
    """市民の声 一区画内で、最も高いビルを建設していない: 一区画ごとに、最も高いビルを建設した
    プレイヤー以外の全員は名誉点を獲得します — with or without a building there. The six
    districts: northwest (tied tallest: seats 0 and 1), north (a starting building is the
    tallest: nobody excluded), southeast (seat 1), and three empty districts, which pay
    everyone (docs/rules/kenchiku.md, Interpretations)."""
    out = modest_city(2).outcome()
    assert out is not None
    # seat 0: all but northwest = 5; seat 1: all but northwest and southeast = 4; seat 2: 6
    assert [out.details[s]["voice_modest"] for s in range(3)] == [10, 8, 12]


def test_modest_citizen_version_1_needed_a_building_in_the_district() -> None:
    """Engine version 1 (before the seed review) paid only where the company had a building."""
    out = modest_city(1).outcome()
    assert out is not None
    assert [out.details[s]["voice_modest"] for s in range(3)] == [2, 0, 2]


def test_modest_citizen_with_an_empty_city_pays_every_district() -> None:
    """No buildings at all: no district has a tallest builder, so every company scores in all
    six districts (and max() over an empty district is never taken)."""
    st = scenario(citizen=("modest",))
    finish(st)
    out = st.outcome()
    assert out is not None
    assert [out.details[s]["voice_modest"] for s in range(2)] == [12, 12]


def test_tie_break_most_buildings_then_shared() -> None:
    """引き分けについて: equal honour -> most buildings; still equal -> shared win."""
    st = scenario(buildings={"a1": (1, 1), "h8": (1, 1), "a8": (1, 0)})
    company(st, 0, honour=10, money=4)
    company(st, 1, honour=15, money=4)
    finish(st)  # seat 0 gets the +5 first bonus -> 15 each
    out = st.outcome()
    assert out is not None and out.scores == {0: 15, 1: 15}
    assert out.winners == frozenset({1}) and out.ranks == {1: 1, 0: 2}

    st = scenario(buildings={"a1": (1, 1), "a8": (1, 0)})
    company(st, 0, honour=10, money=4)
    company(st, 1, honour=15, money=4)
    finish(st)
    out = st.outcome()
    assert out is not None and out.winners == frozenset({0, 1}) and out.ranks == {0: 1, 1: 1}


def test_bankrupt_companies_rank_last() -> None:
    st = new_game({}, 3, 1)
    st.companies[1].bankrupt = True
    st.companies[1].honour = 40
    finish(st)
    out = st.outcome()
    assert out is not None and out.ranks[1] == 3 and out.details[1]["bankrupt"] == 1


# -- notation, parsing, views --------------------------------------------------------------


def test_notation_errors() -> None:
    st = new_game({}, 2, 1)
    for text in ("fly away", "build c4", "loan", "rest drop", "done now", ""):
        with pytest.raises(InvalidMove):
            st.parse_move(0, text)
    # well-formed but naming nothing that exists: refused with a sentence saying what is wrong
    for text, key, words in (
        ("build z9 money", "kenchiku.no_such_plot", "no plot `z9`"),
        ("build c4 gold", "kenchiku.bad_reward", "not `gold`"),
        ("buy gold", "kenchiku.bad_marker", "`gold` is not a marker type"),
        ("rest drop gold", "kenchiku.bad_marker", "`gold` is not a marker type"),
    ):
        move = st.parse_move(0, text)
        reason = st.refusal(0, move)
        assert reason is not None and words in reason and getattr(reason, "key", "") == key
        with pytest.raises(InvalidMove):
            st.apply(0, move)
    assert st.parse_move(0, "  Build C4   HONOR ") == Build("c4", "honour")
    assert st.parse_move(0, "buy worker") == Buy("workers")
    assert st.parse_move(0, "loan take") == TAKE_LOAN
    assert st.parse_move(0, "loan repay") == REPAY_LOAN
    with pytest.raises(NotYourTurn):
        st.parse_move(1, "buy design")


def test_moves_have_labels() -> None:
    st = new_game({}, 2, 1)
    for m in st.legal_moves(0):
        assert 0 < len(m.label) <= 80


def test_view_hides_other_money() -> None:
    """FAQ ついたてで隠すのはお金だけ: only money is hidden."""
    st = new_game({}, 3, 1)
    assert [c.money for c in st.view(1).companies] == [None, 9, None]
    assert all(c.money is None for c in st.view(None).companies)
    assert st.secrets(2) == {("companies", 2, "money"): 10}
    v = st.view(None)
    assert len(v.cells) == 64 and v.cell("d4").height == 2 and v.cell("d4").on_avenue
    assert v.districts["northwest"] == "Northwest" and v.blocks_left == 140
    assert v.round == 1 and v.to_act == (0,) and v.last_dice is None
    assert st.phase_name() == "Round 1"


def test_why_not_lists_refused_buys_rests_loans_and_the_best_plots() -> None:
    """The panel's "Why not …?": refused moves with validate's own sentences."""
    st = worked_example()  # 3 structure: g4 (land value 4) is out of reach
    company(st, 0, money=1, loan=True)
    refused = {m.notation: str(reason) for m, reason in st.refused_moves(0)}
    assert refused["build g4 money"] == (
        "Land value at g4 is 4 but you have only 3 structure markers."
    )
    assert "build d4 money" not in refused  # legal: land value 3
    assert refused["loan take"].startswith("You already hold a loan card")
    assert refused["loan repay"].startswith("Repaying the loan costs")
    assert refused["buy structure"].startswith("A structure marker costs")
    assert set(refused) & {m.notation for m in st.legal_moves(0)} == set()
    for m, reason in st.refused_moves(0):  # each is what validate says
        assert illegal(st, m.notation) == str(reason)
    assert st.refused_moves(1) == []  # out of turn: nothing to explain


def test_why_not_after_the_action_explains_repay_or_done() -> None:
    st = new_game({}, 2, 1)
    company(st, 0, loan=True, money=30)
    play(st, "buy structure")
    assert {m.notation for m in st.legal_moves(0)} == {"loan repay", "done"}
    reasons = {str(r) for _m, r in st.refused_moves(0)}
    assert len(reasons) == 1 and reasons.pop().startswith("You have taken your action")


def test_bare_rest_option_is_on_the_rules_page_and_checked() -> None:
    from bot.rules_help import options_page
    from games.core import InvalidOptions, get_game

    spec = get_game("kenchiku")
    page = options_page(spec)
    assert "`bare_rest`" in page and "Default: **last_resort**" in page
    with pytest.raises(InvalidOptions, match="`bare_rest` must be one of last_resort, allowed"):
        spec.resolve_options({"bare_rest": "sometimes"})
