"""Masters of Commerce rule tests (seed 004), one rule each, built from a scenario helper.

Docstrings cite the seed's section (ゲーム準備, フェーズ1 交渉, Note 7, …).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from games.core import (
    SYSTEM,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    NotYourTurn,
    Rng,
    get_game,
    view_as_dict,
)
from games.masters_of_commerce import MocState, new_game
from games.masters_of_commerce.data import components
from games.masters_of_commerce.moves import Expire, PayAll
from games.masters_of_commerce.phases import Phase
from games.masters_of_commerce.records import Contract
from games.masters_of_commerce.setup import deal_districts, roll_for_roles
from games.masters_of_commerce.state import ENGINE_VERSION, OLDEST_ENGINE_VERSION

C = components()
SPEC = get_game("masters_of_commerce")


# -- scenario helper ---------------------------------------------------------------------


class Dice(Rng):
    """The game's Rng, except that ``choice`` (dice rolls) returns the queued faces."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def choice(self, seq: Any) -> Any:
        face = self.faces.pop(0)
        assert face in seq, f"{face} is not a face of {seq}"
        return face


def scenario(
    roles: str = "llmmm",
    *,
    districts: Mapping[int, list[str]] | None = None,
    contracts: Mapping[str, tuple[int, int]] | None = None,
    money: Mapping[int, int] | None = None,
    seed: int = 1,
    version: int = ENGINE_VERSION,
    **options: Any,
) -> MocState:
    """A game in year 1's negotiation with exactly the given districts (landlord -> deeds),
    contracts (deed -> (merchant, rent)) and money, under the rules of engine ``version``.
    ``roles`` '' means the 3–4 player variant with ``len`` given by option ``seats``."""
    seats = options.pop("seats", len(roles))
    opts = dict(options)
    if roles:
        opts["roles"] = roles
    st = new_game(SPEC.resolve_options(opts), seats, seed)
    st.engine_version = version
    if districts is not None:
        for s in st.district:
            st.district[s] = []
        for s, deeds in districts.items():
            st.district[s] = list(deeds)
        st.owner = {d: s for s, ds in st.district.items() for d in ds}
        st.supply = [d.id for d in C.deeds if d.id not in st.owner]
    for deed, (m, rent) in (contracts or {}).items():
        st.contracts[deed] = Contract(m, rent)
    for s, amount in (money or {}).items():
        st.money[s] = amount
    return st


def play(st: MocState, seat: int, text: str) -> list[str]:
    return st.apply(seat, st.parse_move(seat, text))


def notations(st: MocState, seat: int) -> list[str]:
    return [m.notation for m in st.legal_moves(seat)]


def expire(st: MocState) -> list[str]:
    """The running timer runs out: its move is applied by the system actor."""
    deadline = st.deadline()
    assert deadline is not None
    return st.apply(SYSTEM, deadline.move)


def all_done(st: MocState) -> None:
    for s in sorted(st.to_act()):
        if s not in st.done:
            play(st, s, "done")


def to_rent(st: MocState, faces: Iterable[int] = (1, 1, 0, 0)) -> None:
    """End the negotiation by everyone's `done`, with the given dice (r, y, g, b)."""
    st.rng = Dice(faces)
    all_done(st)


# -- player assignment (seed: プレーヤー割り当て) ---------------------------------------------


@pytest.mark.parametrize("n,landlords", [(5, 2), (6, 3), (7, 3), (8, 4), (9, 4), (10, 5), (11, 5)])
def test_role_chart(n: int, landlords: int) -> None:
    """The chart: 5 players 2 landlords/3 merchants … 11 players 5/6."""
    st = new_game(SPEC.resolve_options({}), n, 42)
    assert sum(st.landlord) == landlords
    assert sum(st.merchant) == n - landlords
    assert not any(a and b for a, b in zip(st.landlord, st.merchant, strict=True))
    assert all(st.money[s] == 120_000 for s in range(n))
    assert sorted(g for g in st.goods if g) == sorted(C.goods[: n - landlords])


def test_red_die_highest_rollers_are_landlords_with_tie_rerolls() -> None:
    """Each player rolls the red die; the highest become landlords; ties at the cut re-roll."""

    class Rolls:
        def __init__(self, faces: list[int]) -> None:
            self.faces = faces

        def choice(self, seq: Any) -> int:
            return self.faces.pop(0)

    # round 1: seats 0..4 roll 3, 1, 1, 1, -2 -> seat 0 in, seats 1-3 tie for the last place
    # round 2 (seats 1, 2, 3): 2, -1, 2 -> seats 1 and 3 tie again; round 3: -3, 1 -> seat 3
    rng = Rolls([3, 1, 1, 1, -2, 2, -1, 2, -3, 1])
    landlords, rolls = roll_for_roles(rng, 5, 2, [-3, -2, -1, 1, 2, 3])  # type: ignore[arg-type]
    assert landlords == {0, 3}
    assert rolls == ((3,), (1, 2, -3), (1, -1), (1, 2, 1), (-2,))


def test_roles_option_sets_landlords_and_is_checked() -> None:
    """プレーヤー割り当て: the host may set roles instead of the roll; the chart still holds."""
    st = new_game(SPEC.resolve_options({"roles": "mlmlm"}), 5, 1)
    assert [s for s in range(5) if st.landlord[s]] == [1, 3]
    with pytest.raises(InvalidOptions, match="2 landlords"):
        new_game(SPEC.resolve_options({"roles": "lllmm"}), 5, 1)
    with pytest.raises(InvalidOptions, match="one letter per seat"):
        new_game(SPEC.resolve_options({"roles": "llmm"}), 5, 1)
    with pytest.raises(InvalidOptions):
        SPEC.resolve_options({"roles": "llxmm"})
    with pytest.raises(InvalidOptions, match="leave the `roles` option empty"):
        new_game(SPEC.resolve_options({"roles": "llm"}), 3, 1)


def test_auction_default_depends_on_timer() -> None:
    """Options: open auction by default, sealed for long (asynchronous) timers."""
    assert SPEC.resolve_options({})["auction"] == "open"
    assert SPEC.resolve_options({"timer": 3600})["auction"] == "sealed"
    assert SPEC.resolve_options({"timer": 3600, "auction": "open"})["auction"] == "open"
    with pytest.raises(InvalidOptions):
        SPEC.resolve_options({"timer": 10})


# -- setup (seed: ゲーム準備) ----------------------------------------------------------------


def test_setup_x2_deed_dealt_is_redrawn() -> None:
    """'x2 dealt at setup: put it back and deal another tile.'"""
    deck = ["x2r1", "r1", "y1", "x2b1", "x2g1", "g1", "b1", "r2", "y2", "g2", "b2", "r3"]
    districts, redrawn = deal_districts(deck, [0, 1, 2], 3, lambda d: d.startswith("x2"))
    assert districts == {0: ["r1", "b1", "g2"], 1: ["y1", "r2", "b2"], 2: ["g1", "y2", "r3"]}
    assert redrawn == ["x2r1", "x2b1", "x2g1"]
    with pytest.raises(ValueError):
        deal_districts(deck[:8], [0, 1, 2], 3, lambda d: d.startswith("x2"))


def test_setup_deals_three_plain_deeds_per_landlord() -> None:
    """ゲーム準備: three deeds per landlord, never an x2; the rest is the supply."""
    for seed in range(30):
        st = new_game(SPEC.resolve_options({}), 3 + seed % 9, seed)
        for s in range(st.n_seats):
            if st.landlord[s]:
                assert len(st.district[s]) == 3
                assert not any(C.deed(d).x2 for d in st.district[s])
        assert len(st.supply) + sum(len(d) for d in st.district.values()) == 46


# -- phase 1: negotiation ------------------------------------------------------------------


def test_offer_accept_replace_withdraw() -> None:
    """Landlords accept an offer (amount written, token placed), may replace it with a
    better one; merchants may withdraw offers and contracts (フェーズ1, Note 1)."""
    st = scenario(districts={0: ["r1", "y1"], 1: ["g1"]})
    play(st, 2, "offer r1 20000")
    play(st, 3, "offer r1 25000 note I'll share my oil income")
    assert st.offers[("r1", 3)].note == "I'll share my oil income"
    events = play(st, 0, "accept r1 p3")
    assert st.contracts["r1"] == Contract(2, 20000)
    assert "rented" in events[0]
    play(st, 0, "accept r1 p4")  # a better offer replaces the contract
    assert st.contracts["r1"] == Contract(3, 25000)
    with pytest.raises(IllegalMove, match="no offer from p3"):
        play(st, 0, "accept r1 p3")  # the accepted offer is used up
    play(st, 4, "offer y1 9000")
    play(st, 4, "withdraw y1")
    assert ("y1", 4) not in st.offers
    play(st, 3, "withdraw r1 contract")
    assert "r1" not in st.contracts
    with pytest.raises(IllegalMove, match="do not rent"):
        play(st, 3, "withdraw r1 contract")


def test_offer_errors_name_the_reason() -> None:
    """フェーズ1 交渉: only merchants offer, on deeds in play."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, money={2: 5000})
    with pytest.raises(IllegalMove, match="only merchants make offers") as err:
        play(st, 0, "offer g1 1000")
    assert err.value.key == "moc.not_merchant"
    with pytest.raises(IllegalMove, match="no deed `q9`"):
        play(st, 2, "offer q9 1000")
    with pytest.raises(IllegalMove, match="not in any landlord's district"):
        play(st, 2, "offer b9 1000")
    with pytest.raises(IllegalMove, match="expert variant"):
        play(st, 3, "offer r1 closed 1000")
    with pytest.raises(IllegalMove, match="looks like a typo"):
        play(st, 3, "offer r1 10000001")
    assert st.offers == {}
    st.merchant_out[4] = True
    with pytest.raises(NotYourTurn, match="bankrupt as a merchant"):
        play(st, 4, "offer r1 1000")


def test_offer_is_not_capped_by_the_merchants_money() -> None:
    """フェーズ1 交渉 sets no limit on the rent offered, and rent is due only after income
    (フェーズ3); a merchant who then cannot pay defaults (債務超過). Engine version 3."""
    st = scenario(districts={0: ["g1"], 1: []}, money={2: 5000})
    play(st, 2, "offer g1 30000")
    assert "offer g1 30000" in {
        f"offer {o.deed} {o.amount}" for o in st.view(2).players[2].offers_made or ()
    }
    play(st, 0, "accept g1 p3")
    assert st.contracts["g1"] == Contract(2, 30000)
    templates = {t.prefix: t for t in st.move_templates(2)}
    assert templates["offer g1"].hi == 10_000_000  # a typo guard, not the merchant's money
    to_rent(st)  # green 15,000: p3 has 20,000, short of the rent
    assert notations(st, 2) == ["default g1"]


def test_offer_capped_by_money_in_version_2_records() -> None:
    """Engine version 2 capped offers at the merchant's money; its records replay so."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, money={2: 5000}, version=OLDEST_ENGINE_VERSION)
    with pytest.raises(IllegalMove, match="only \\$5,000"):
        play(st, 2, "offer r1 6000")
    assert {t.prefix: t for t in st.move_templates(2)}["offer r1"].hi == 5000


def test_any_whole_dollar_amount_parses_and_round_trips() -> None:
    """フェーズ1 交渉: the rent is any amount the two agree; notes (Note 1) keep their case."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]})
    for text, amount in [("offer r1 12345", 12345), ("offer r1 $12,345", 12345), ("OFFER R1 0", 0)]:
        move = st.parse_move(2, text)
        assert move.amount == amount  # type: ignore[attr-defined]
        assert st.parse_move(2, move.notation) == move
    move = st.parse_move(2, "offer r1 7000 note Free apples Every Friday")
    assert move.note == "Free apples Every Friday"  # type: ignore[attr-defined]
    assert st.parse_move(2, move.notation) == move
    with pytest.raises(InvalidMove, match="write `offer <deed> \\[closed\\] <amount>"):
        st.parse_move(2, "offer r1 7000 Free apples")  # the word `note` is needed
    with pytest.raises(IllegalMove, match="too long"):
        play(st, 2, "offer r1 7000 note " + "x" * 100)
    templates = {t.prefix: t for t in st.move_templates(2)}
    assert templates["offer r1"].text_param == "note"


def test_offers_after_the_negotiation_are_refused() -> None:
    """'When the 2 minutes are over, all negotiation ends; nothing can change.'"""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, contracts={"r1": (2, 1000)})
    deadline = st.deadline()
    assert deadline is not None and deadline.seconds == 120
    st.rng = Dice([1, 1, 0, 0])
    expire(st)
    assert st.phase is Phase.RENT
    with pytest.raises(IllegalMove, match="negotiation is over"):
        play(st, 2, "offer g1 5000")
    with pytest.raises(IllegalMove, match="not running"):
        st.apply(SYSTEM, deadline.move)  # a stale timer does nothing


def test_expire_only_from_the_timer() -> None:
    """フェーズ1 交渉: the 2-minute timer, not a player, ends the negotiation; its move is
    applied by the system actor."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]})
    d = st.deadline()
    assert d is not None and d.seat == SYSTEM and d.move == Expire("y1-negotiation")
    with pytest.raises(IllegalMove, match="timer"):
        st.apply(0, st.parse_move(0, d.move.notation))
    with pytest.raises(IllegalMove, match="not running"):
        st.parse_move(SYSTEM, "expire y9-negotiation")
    assert all(d.move.notation not in notations(st, s) for s in range(5))
    assert st.phase is Phase.NEGOTIATION


def test_done_by_everyone_ends_negotiation_and_undo_once() -> None:
    """フェーズ1 交渉: everyone done ends the negotiation early (an engine convenience)."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]})
    play(st, 0, "done")
    assert notations(st, 0) == ["undo done"]
    with pytest.raises(IllegalMove, match="undo done"):
        play(st, 0, "accept r1 p3")
    play(st, 0, "undo done")
    play(st, 0, "done")
    assert 0 not in st.to_act() and notations(st, 0) == []
    for s in (1, 2, 3, 4):
        play(st, s, "done")
    assert st.phase is Phase.AUCTION and st.year == 1  # no contracts: straight through tax


def test_closed_contract_cannot_be_withdrawn_or_replaced_then_reopens() -> None:
    """Expert 'CLOSED': neither side may back out for the rest of the negotiation; the token
    flips back to open afterwards."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, expert=True)
    play(st, 2, "offer r1 closed 15000")
    play(st, 3, "offer r1 20000")
    play(st, 0, "accept r1 p3")
    assert st.contracts["r1"].closed
    assert ("r1", 3) not in st.offers  # other offers on a closed deed lapse
    with pytest.raises(IllegalMove, match="closed for the rest"):
        play(st, 2, "withdraw r1 contract")
    with pytest.raises(IllegalMove, match="closed for the rest"):
        play(st, 4, "offer r1 30000")
    assert "offer g1 closed" in {t.prefix for t in st.move_templates(4)}
    to_rent(st)
    assert not st.contracts["r1"].closed


def test_closed_is_written_before_the_amount() -> None:
    """CLOSED variant: one notation, `offer r3 closed 25000`; other orders get the form."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, expert=True)
    assert st.parse_move(2, "offer r1 closed 15000").notation == "offer r1 closed 15000"
    with pytest.raises(InvalidMove, match="does not fit `offer`"):
        st.parse_move(2, "offer r1 15000 closed")
    move = st.parse_move(2, "offer r1 15000 note closed deal")  # a note, not the flag
    assert not move.closed  # type: ignore[attr-defined]


def test_exclusive_contract_cannot_change() -> None:
    """Note 1: 'Exclusive' spots may not be renegotiated."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, contracts={"r1": (2, 10000)}, expert=True)
    st.contracts["r1"].exclusive = True
    with pytest.raises(IllegalMove, match="exclusive token"):
        play(st, 3, "offer r1 30000")
    with pytest.raises(IllegalMove, match="exclusive token"):
        play(st, 2, "withdraw r1 contract")
    assert "withdraw r1 contract" not in notations(st, 2)


def test_variant_may_not_rent_own_deeds() -> None:
    """3–4 players: 'rent only deeds in other players' districts'."""
    st = scenario("", seats=3, districts={0: ["r1"], 1: ["g1"], 2: ["b1"]})
    assert st.variant and all(st.landlord) and all(st.merchant)
    with pytest.raises(IllegalMove, match="your own district"):
        play(st, 0, "offer r1 1000")
    assert not any(n.startswith("offer r1") for n in notations(st, 0))
    play(st, 0, "offer g1 1000")


# -- phase 2: merchant income ----------------------------------------------------------------


def test_income_moves_indicators_and_x2_doubles_losses() -> None:
    """Income is the market value under the colour's indicator; x2 doubles gain or loss."""
    st = scenario(
        districts={0: ["r1", "x2r1"], 1: ["b1"]},
        contracts={"r1": (2, 0), "x2r1": (3, 0), "b1": (4, 0)},
    )
    st.position["red"] = 1  # -5,000
    to_rent(st, (-1, 1, 0, 1))
    assert st.position["red"] == 0 and st.position["blue"] == 6
    assert st.deed_income == {"r1": -10_000, "x2r1": -20_000, "b1": 17_000}
    assert st.money[2:] == [110_000, 100_000, 137_000]


def test_indicator_stops_at_track_end_and_loss_floors_at_zero() -> None:
    """フェーズ2: the indicator stops at the end of its track; a loss takes at most all money."""
    st = scenario(districts={0: ["x2r1"], 1: []}, contracts={"x2r1": (2, 0)}, money={2: 3000})
    st.position["red"] = 0
    to_rent(st, (-3, 1, 0, 0))
    assert st.position["red"] == 0
    assert st.money[2] == 0


def lien_scenario(**kw: Any) -> MocState:
    """p2 (seat 1) holds last year's lien on p3 (seat 2): r1 and g1 rented by p3, b1 by p4."""
    st = scenario(
        districts={0: ["r1"], 1: ["g1", "b1"]},
        contracts={"r1": (2, 0), "g1": (2, 0), "b1": (3, 0)},
        **kw,
    )
    st.liens[2] = [1]
    st.lien_income[2] = 1
    return st


def test_lien_holder_chooses_which_deeds_income_to_take() -> None:
    """債務超過と破産 1): in next year's merchant income the lien holder takes the income of
    ONE of the merchant's rented deeds, for that year. The landlord chooses which (after the
    dice); the other incomes wait until the choice is made."""
    st = lien_scenario()
    to_rent(st, (2, 1, 0, 0))  # red 25,000, green 15,000, blue 15,000
    assert st.phase is Phase.LIEN and st.to_act() == {1}
    assert notations(st, 1) == ["lien r1", "lien g1", "lien none"]
    labels = [m.label for m in st.legal_moves(1)]
    assert labels[:2] == ["Take r1's income ($25,000)", "Take g1's income ($15,000)"]
    v = st.view(None)
    assert v.phase is Phase.LIEN and v.phase_label == "Year 1 · Merchant income · lien"
    assert v.lien_choosing == ((1, 2),) and v.players[2].lien_income_to == 1
    assert "p2 is choosing which of p3's deeds' income to take (lien)." in v.log
    assert st.money[1:5] == [120_000] * 4  # nothing paid yet
    assert st.default_move(1).notation == "lien r1"  # a time-out takes the best income
    move = st.parse_move(1, "lien g1")  # not the best deed: it is the landlord's choice
    assert st.public_notation(1, move) == "lien g1"  # the choice is public once made
    events = st.apply(1, move)
    assert events[0] == "p2 takes the income of g1 ($15,000) from p3 (lien)."
    assert st.phase is Phase.RENT
    assert st.money[1] == 135_000 and st.money[2] == 145_000 and st.money[3] == 135_000
    lines = {line.deed: line.paid_to for line in st.view(None).income}
    assert lines == {"r1": 2, "g1": 1, "b1": 3}
    assert 2 not in st.lien_income  # the income right lasts one year
    assert st.liens[2] == [1]  # the token stays (second-lien count)


def test_lien_income_of_an_x2_deed_is_doubled() -> None:
    """フェーズ2: an x2 deed doubles the income; the lien holder takes it as the merchant would."""
    st = scenario(districts={0: ["x2y1"], 1: []}, contracts={"x2y1": (2, 0)})
    st.lien_income[2] = 1
    st.liens[2] = [1]
    to_rent(st, (1, 1, 0, 0))  # yellow 19,000 -> 38,000
    assert notations(st, 1) == ["lien x2y1", "lien none"]
    play(st, 1, "lien x2y1")
    assert st.money[1] == 158_000 and st.money[2] == 120_000


def test_lien_holder_may_waive_the_income() -> None:
    """債務超過と破産 1) / Note 1: the lien is the landlord's right; `lien none` waives it."""
    st = lien_scenario()
    to_rent(st, (2, 1, 0, 0))
    events = play(st, 1, "lien none")
    assert events[0] == "p2 waives the lien income from p3 this year."
    assert st.money[1] == 120_000 and st.money[2] == 160_000
    assert st.phase is Phase.RENT and 2 not in st.lien_income


def test_a_loss_is_not_lien_income() -> None:
    """フェーズ2 / 債務超過と破産 1): the landlord takes 収入 (income); a deed making a loss (or
    nothing) cannot be chosen, and with no earning deed there is no choice at all."""
    st = scenario(districts={0: ["r1"], 1: ["b1"]}, contracts={"r1": (2, 0), "b1": (2, 0)})
    st.lien_income[2] = 1
    st.liens[2] = [1]
    st.position["red"] = 1  # -5,000
    to_rent(st, (-1, 1, 0, 0))  # red -10,000, blue 15,000
    assert notations(st, 1) == ["lien b1", "lien none"]
    with pytest.raises(IllegalMove, match="not a loss"):
        play(st, 1, "lien r1")
    play(st, 1, "lien b1")
    assert st.money[1] == 135_000 and st.money[2] == 110_000  # the merchant bears the loss

    st = scenario(districts={0: ["r1"], 1: []}, contracts={"r1": (2, 0)})
    st.lien_income[2] = 1
    st.liens[2] = [1]
    st.position["red"] = 1
    to_rent(st, (-1, 1, 0, 0))
    assert st.phase is Phase.RENT  # skipped: nothing to choose
    assert "p2's lien on p3 brings nothing this year: none of their deeds earns an income." in (
        st.log
    )
    assert st.money[1] == 120_000 and st.money[2] == 110_000 and 2 not in st.lien_income


def test_no_lien_step_without_liens() -> None:
    """フェーズ2: without a lien income right the income is paid at once; nobody is asked."""
    st = scenario(districts={0: ["r1"], 1: ["b1"]}, contracts={"r1": (2, 0), "b1": (3, 0)})
    to_rent(st, (2, 1, 0, 0))
    assert st.phase is Phase.RENT and st.to_act() == {2, 3}
    assert st.money[2] == 145_000 and st.money[3] == 135_000
    assert not any("lien" in line for line in st.log)


def test_lien_right_lapses_in_a_year_the_merchant_rents_nothing() -> None:
    """債務超過と破産 1): the income right is for the next year only (1 年間のみ)."""
    st = scenario(districts={0: ["r1"], 1: []})
    st.lien_income[2] = 1
    st.liens[2] = [1]
    to_rent(st)
    assert st.phase is not Phase.LIEN and 2 not in st.lien_income
    assert "p2's lien on p3 brings nothing this year: they rent no deed." in st.log


def test_lien_choices_are_simultaneous() -> None:
    """Several lien holders choose at the same time; income is paid once all have chosen."""
    st = scenario(
        districts={0: ["r1", "y1"], 1: ["b1", "g1"]},
        contracts={"r1": (2, 0), "y1": (3, 0), "b1": (4, 0), "g1": (2, 0)},
    )
    st.lien_income.update({2: 1, 3: 0})
    st.liens.update({2: [1], 3: [0]})
    to_rent(st, (2, 1, 0, 0))  # r 25,000, y 19,000, g 15,000, b 15,000
    assert st.to_act() == {0, 1}
    assert st.view(None).lien_choosing == ((1, 2), (0, 3))
    play(st, 0, "lien y1")
    assert st.phase is Phase.LIEN and st.to_act() == {1}
    assert st.money[0] == 120_000  # paid when everyone has chosen
    play(st, 1, "lien r1")
    assert st.phase is Phase.RENT
    assert st.money[0:5] == [139_000, 145_000, 135_000, 120_000, 135_000]


def test_landlord_with_two_liens_chooses_for_each() -> None:
    """One landlord holding income rights on two merchants chooses once for each."""
    st = scenario(districts={0: ["r1", "y1"], 1: []}, contracts={"r1": (2, 0), "y1": (3, 0)})
    st.lien_income.update({2: 0, 3: 0})
    st.liens.update({2: [0], 3: [0]})
    to_rent(st, (2, 1, 0, 0))
    assert notations(st, 0) == ["lien r1", "lien none p3", "lien y1", "lien none p4"]
    with pytest.raises(IllegalMove, match="say whose you waive"):
        play(st, 0, "lien none")
    play(st, 0, "lien none p4")
    assert st.to_act() == {0} and notations(st, 0) == ["lien r1", "lien none"]
    play(st, 0, "lien r1")
    assert st.phase is Phase.RENT and st.money[0] == 145_000 and st.money[3] == 139_000


def test_illegal_lien_choices_name_the_reason() -> None:
    """Only the lien holder, only in the lien step, only a deed that merchant rents."""
    st = lien_scenario()
    with pytest.raises(IllegalMove, match="after the dice are rolled"):
        play(st, 1, "lien r1")  # negotiation: not the lien step
    to_rent(st, (2, 1, 0, 0))
    with pytest.raises(NotYourTurn):
        play(st, 0, "lien r1")  # p1 holds no lien
    assert st.refusal(0, st.parse_move(1, "lien r1")) == "It is not your turn."
    with pytest.raises(IllegalMove, match="b1 is rented by p4"):
        play(st, 1, "lien b1")  # a deed of another merchant
    st.district[0].append("y1")
    st.owner["y1"] = 0
    with pytest.raises(IllegalMove, match="y1 is not rented"):
        play(st, 1, "lien y1")
    with pytest.raises(IllegalMove, match="not in any landlord's district"):
        play(st, 1, "lien g2")
    with pytest.raises(IllegalMove, match="no deed `zz`"):
        play(st, 1, "lien zz")
    with pytest.raises(IllegalMove, match="no lien income on p4"):
        play(st, 1, "lien none p4")
    with pytest.raises(InvalidMove):
        play(st, 1, "lien r1 g1")
    play(st, 1, "lien r1")
    with pytest.raises(IllegalMove, match="after the dice are rolled"):
        play(st, 2, "lien r1")  # rent phase now: p3 must pay rent, not choose a lien


def test_lien_placed_by_default_brings_a_choice_next_year() -> None:
    """債務超過と破産 1): unpaid rent -> lien; in the NEXT year's income the landlord chooses."""
    st = lien_scenario()
    st.liens, st.lien_income = {}, {}
    st.contracts["r1"].rent = 5_000
    to_rent(st)
    play(st, 2, "default r1")
    play(st, 0, "place lien p3")
    play(st, 2, "pay g1")
    play(st, 3, "pay b1")
    while st.phase is Phase.AUCTION:
        play(st, min(st.to_act()), "pass")
    assert st.year == 2 and st.lien_income == {2: 0}
    st.rng = Dice((1, 1, 0, 0))
    all_done(st)
    assert st.phase is Phase.LIEN and st.to_act() == {0}
    play(st, 0, "lien r1")
    assert st.phase is Phase.RENT and st.lien_income == {}


# -- phase 3: rent ---------------------------------------------------------------------------


def test_default_places_lien_and_second_lien_bankrupts() -> None:
    """Unpaid rent: the landlord places a lien; a second lien: bankrupt at once, tokens and
    money leave (債務超過と破産 1, 2; Note 6)."""
    st = scenario(
        districts={0: ["r1"], 1: ["g1", "b1"]},
        contracts={"r1": (2, 10_000), "g1": (2, 5_000), "b1": (3, 1_000)},
    )
    to_rent(st)
    assert st.to_act() == {2, 3}
    assert set(notations(st, 2)) == {"pay all", "pay r1", "default r1", "pay g1", "default g1"}
    play(st, 2, "default r1")
    play(st, 0, "place lien p3")
    assert st.liens[2] == [0] and st.lien_income[2] == 0
    play(st, 2, "default g1")
    assert not st.merchant_out[2]  # the second landlord has not decided yet
    events = play(st, 1, "place lien p3")
    assert events[-1].startswith("p3 is bankrupt: their tokens and $")
    assert st.merchant_out[2] and st.money[2] == 0
    assert "r1" not in st.contracts and "g1" not in st.contracts
    assert 2 not in st.to_act()


def test_version_2_places_the_lien_at_once() -> None:
    """Engine version 2 placed the lien automatically on unpaid rent; its records replay so."""
    st = scenario(
        districts={0: ["r1"], 1: ["g1"]},
        contracts={"r1": (2, 10_000), "g1": (2, 5_000)},
        version=OLDEST_ENGINE_VERSION,
    )
    to_rent(st)
    play(st, 2, "default r1")
    assert st.liens[2] == [0] and st.to_act() == {2}
    play(st, 2, "default g1")
    assert st.merchant_out[2]


def test_the_lien_is_the_landlords_right() -> None:
    """Note 1: 「地主は商人が賃料を支払うのを失敗した時のみ"lien"トークンをおく権利をもつ」 — the
    unpaid landlord may place a lien: one private click (place or forgive), placing it on
    a time-out. Engine version 3."""
    st = scenario(
        districts={0: ["r1", "y1"], 1: ["g1"]},
        contracts={"r1": (2, 10_000), "y1": (2, 10_000), "g1": (3, 1_000)},
    )
    to_rent(st)
    move = st.parse_move(2, "default r1")
    events = st.apply(2, move)
    assert events[-1] == "p1 may place a lien on p3 for the unpaid rent."
    notice = st.notices(2, move)[0]
    assert notice.moves == ("place lien p3", "forgive p3") and "place a lien" in notice.text
    assert st.to_act() == {0, 2, 3} and notations(st, 0) == ["place lien p3", "forgive p3"]
    assert st.view(None).lien_deciding == ((0, 2),)
    assert st.default_move(0).notation == "place lien p3"
    with pytest.raises(IllegalMove, match="owes you no unpaid rent"):
        play(st, 0, "forgive p4")
    play(st, 2, "default y1")  # one decision per landlord and merchant and year
    assert notations(st, 0) == ["place lien p3", "forgive p3"]
    assert play(st, 0, "forgive p3") == ["p1 forgives p3's unpaid rent: no lien."]
    assert 2 not in st.liens and 2 not in st.lien_income and st.view(None).lien_deciding == ()
    play(st, 3, "pay all")
    assert st.phase is not Phase.RENT


def test_two_defaults_to_one_landlord_in_a_year_are_one_lien() -> None:
    """債務超過: the unpaid landlord places one lien token, however many contracts went unpaid."""
    st = scenario(
        districts={0: ["r1", "y1"], 1: []}, contracts={"r1": (2, 1_000), "y1": (2, 1_000)}
    )
    to_rent(st)
    play(st, 2, "default r1")
    play(st, 2, "default y1")
    play(st, 0, "place lien p3")
    assert not st.merchant_out[2] and st.liens[2] == [0]


def test_cannot_pay_more_than_you_have_before_year_five() -> None:
    """債務超過: a merchant who cannot pay in full defaults."""
    st = scenario(districts={0: ["g1"], 1: []}, contracts={"g1": (2, 50_000)}, money={2: 0})
    to_rent(st)  # green 15,000
    assert notations(st, 2) == ["default g1"]
    with pytest.raises(IllegalMove, match="only default"):
        play(st, 2, "pay g1")


def test_year_five_forced_payment() -> None:
    """Note 12: in year 5 a merchant must pay as much as they have."""
    st = scenario(
        districts={0: ["g1"], 1: ["b1"]},
        contracts={"g1": (2, 100_000), "b1": (2, 60_000)},
        money={2: 0},
    )
    st.year = 5
    to_rent(st)  # green and blue 15,000 each: p3 has 30,000
    assert st.money[2] == 30_000
    assert set(notations(st, 2)) == {"pay g1", "pay b1"}
    with pytest.raises(IllegalMove, match="must pay all"):
        play(st, 2, "default g1")
    play(st, 2, "pay b1")  # pays all 30,000 of 60,000 -> lien of p2
    play(st, 1, "place lien p3")
    assert st.money[2] == 0 and st.money[1] == 150_000 and st.liens[2] == [1]
    play(st, 2, "pay g1")  # nothing left: second lien, bankrupt
    play(st, 0, "place lien p3")
    assert st.merchant_out[2]


def test_year_five_affordable_rent_is_paid_automatically() -> None:
    """Note 12: in year 5 a merchant who can pay everything pays everything."""
    st = scenario(districts={0: ["g1"], 1: []}, contracts={"g1": (2, 10_000)})
    st.year = 5
    to_rent(st)
    assert st.rent_status["g1"] == "paid" and st.is_over()


# -- phase 4: tax ----------------------------------------------------------------------------


def test_tax_per_deed() -> None:
    """フェーズ4: $10,000 tax for every deed in the district."""
    st = scenario(districts={0: ["r1", "y1", "g1"], 1: ["b1"]})
    to_rent(st)
    assert st.money[0] == 90_000 and st.money[1] == 110_000


def test_tax_forced_sale_at_5000_returns_token() -> None:
    """Can't pay: sell deeds to the bank for $5,000 each until the tax can be paid; a rented
    deed's merchant token goes back."""
    st = scenario(
        districts={0: ["r1", "y1", "g1", "b1"], 1: []},
        contracts={"r1": (2, 0)},
        money={0: 25_000},
    )
    to_rent(st)
    play(st, 2, "pay all")
    assert st.phase is Phase.TAX and st.to_act() == {0}
    assert set(notations(st, 0)) == {"sell r1", "sell y1", "sell g1", "sell b1"}
    play(st, 0, "sell r1")
    assert "r1" not in st.contracts and "r1" in st.supply
    assert 0 in st.to_act()
    play(st, 0, "sell y1")  # 35,000 >= 40,000? no
    assert st.money[0] == 35_000
    play(st, 0, "sell g1")  # 40,000: pays the tax on the 4 deeds held
    assert st.money[0] == 0 and st.district[0] == ["b1"]
    assert st.phase is Phase.AUCTION


def test_landlord_bankrupt_when_nothing_left_to_sell_variant_plays_on() -> None:
    """3–4 players: bankrupt in the tax phase ends only the landlord role."""
    st = scenario("", seats=3, districts={0: ["r1"], 1: [], 2: []}, money={0: 1000})
    to_rent(st)
    play(st, 0, "sell r1")
    assert st.landlord_out[0] and st.money[0] == 0 and st.is_merchant(0)


# -- phase 5: exclusive ------------------------------------------------------------------------


def test_exclusive_majority_tie_payer_and_nobody() -> None:
    """Note 7: most rented deeds; tie: larger payer; still tied: nobody."""
    st = scenario(
        "llmmm",
        districts={0: ["r1", "y1", "g1"], 1: ["r2", "y2", "g2", "b2"]},
        contracts={
            "r1": (2, 5_000), "y1": (3, 6_000), "g1": (4, 5_000),
            "r2": (2, 5_000), "y2": (2, 5_000), "g2": (3, 5_000), "b2": (3, 5_000),
        },
        expert=True,
    )  # fmt: skip
    to_rent(st)
    for s in (2, 3, 4):
        play(st, s, "pay all")
    # district p1: one deed each, p4 paid most -> p4, who may place it on their one deed
    assert st.phase is Phase.EXCLUSIVE and st.to_act() == {3}
    assert notations(st, 3) == ["exclusive y1", "exclusive none"]
    play(st, 3, "exclusive y1")
    assert st.contracts["y1"].exclusive
    # district p2: p3 and p4 two deeds each and equal pay -> nobody
    assert not any(st.contracts[d].exclusive for d in ("r2", "y2", "g2", "b2"))


def test_exclusive_choice_and_move() -> None:
    """フェーズ5 / Note 8: the leading merchant chooses which of their deeds holds the token."""
    st = scenario(
        "llmmm",
        districts={0: ["r1", "y1", "g1"], 1: []},
        contracts={"r1": (2, 5_000), "y1": (2, 5_000), "g1": (3, 9_000)},
        expert=True,
    )
    to_rent(st)
    for s in (2, 3):
        play(st, s, "pay all")
    assert st.phase is Phase.EXCLUSIVE and st.to_act() == {2}
    assert set(notations(st, 2)) == {"exclusive r1", "exclusive y1", "exclusive none"}
    play(st, 2, "exclusive y1")
    assert st.contracts["y1"].exclusive and st.phase is Phase.AUCTION


def test_exclusive_winner_may_leave_the_token_off() -> None:
    """フェーズ5: the winner 「…好きな土地権利書の上における」 — *may* place the token; one private
    click, and a time-out places it on the most profitable deed. Engine version 3."""
    st = scenario(
        "llmmm",
        districts={0: ["r1", "g1", "b1"], 1: []},
        contracts={"r1": (2, 5_000), "g1": (2, 14_000), "b1": (3, 9_000)},
        expert=True,
    )
    st.contracts["r1"].exclusive = True  # held since last year
    to_rent(st)  # r 20,000, g 15,000
    play(st, 3, "pay all")
    move = st.parse_move(2, "pay all")
    st.apply(2, move)
    assert st.phase is Phase.EXCLUSIVE
    notice = st.notices(2, move)[2]
    assert notice.moves == ("exclusive r1", "exclusive g1", "exclusive none")
    assert st.default_move(2).notation == "exclusive r1"  # next year: r 20,000 - 5,000 rent
    events = play(st, 2, "exclusive none")
    assert events[0] == "p3 leaves p1's exclusive token off the board."
    assert not any(c.exclusive for c in st.contracts.values()) and st.phase is Phase.AUCTION


def test_version_2_places_a_single_exclusive_automatically() -> None:
    """Engine version 2 put the token on the winner's only deed without asking."""
    st = scenario(
        "llmmm",
        districts={0: ["r1", "y1"], 1: []},
        contracts={"r1": (2, 5_000), "y1": (3, 6_000)},
        expert=True,
        version=OLDEST_ENGINE_VERSION,
    )
    to_rent(st)
    for s in (2, 3):
        play(st, s, "pay all")
    assert st.contracts["y1"].exclusive and st.phase is Phase.AUCTION
    with pytest.raises(IllegalMove, match="exclusive phase"):
        play(st, 0, "exclusive none")


# -- phase 6: landlord auction ---------------------------------------------------------------


def test_auction_draws_two_per_landlord_minus_one() -> None:
    """フェーズ6: 2 × landlords − 1 deeds are drawn (3 landlords: 5)."""
    st = scenario("lllmmmm", districts={0: [], 1: [], 2: []})
    to_rent(st)
    assert st.phase is Phase.AUCTION and len(st.lots) == 5


def test_auction_short_supply() -> None:
    """Note 10: not enough deeds in the supply: auction what there is."""
    st = scenario("lllmmmm", districts={0: [], 1: [], 2: []})
    st.supply = ["r1", "y1"]
    to_rent(st)
    assert sorted(st.lots) == ["r1", "y1"] and st.supply == []


def test_open_auction_highest_bid_and_no_bid_removes_deed() -> None:
    """フェーズ6: the highest bidder pays the bank; a deed nobody bids on leaves the game."""
    st = scenario(districts={0: [], 1: []})
    st.supply = ["r1", "y1", "g1"]
    to_rent(st)
    lot = st.lots[0]
    assert st.to_act() == {0, 1}
    play(st, 0, "bid 7000")
    assert st.to_act() == {1}
    with pytest.raises(IllegalMove, match="beat the high bid"):
        play(st, 1, "bid 7000")
    d = st.deadline()
    # the default quiet period (issue 8): half the 120 s negotiation timer, at least 60 s
    assert d is not None and d.seconds == 60
    play(st, 1, "bid 8000")
    assert st.deadline() is not None and st.deadline().key != d.key  # type: ignore[union-attr]
    play(st, 0, "pass")  # everyone else passed: sold
    assert lot in st.district[1] and st.money[1] == 112_000
    lot2 = st.lots[1]
    expire(st)  # quiet period with no bid: removed from the game
    assert lot2 in st.removed
    lot3 = st.lots[2]
    play(st, 0, "bid 1")
    expire(st)  # quiet period after a bid: sold
    assert lot3 in st.district[0] and st.money[0] == 119_999
    assert st.year == 2 and st.phase is Phase.NEGOTIATION


def test_sealed_auction_tie_by_seat_order_and_privacy() -> None:
    """フェーズ6, sealed option: one private bid each; ties go to seat order."""
    st = scenario(districts={0: [], 1: []}, auction="sealed")
    st.supply = ["r1", "y1", "g1"]
    to_rent(st)
    play(st, 1, "bid 9000")
    v0, v1, pub = st.view(0), st.view(1), st.view(None)
    assert v1.players[1].sealed_bid == 9000
    assert v0.players[1].sealed_bid is None and pub.players[1].sealed_bid is None
    assert pub.auction is not None and pub.auction.bidders == (1,)
    play(st, 0, "bid 9000")
    assert st.lots[0] in st.district[0]  # tie: seat order
    play(st, 0, "pass")
    play(st, 1, "pass")
    assert st.lots[1] in st.removed


def test_no_auction_in_year_five() -> None:
    """Note 9 / ゲーム終了: no auction in year 5; the game ends after its tax phase."""
    st = scenario(districts={0: [], 1: []})
    st.year = 5
    to_rent(st)
    assert st.is_over()


# -- end of the game -----------------------------------------------------------------------------


def test_richest_landlord_and_richest_merchant_both_win() -> None:
    """ゲーム終了: the richest landlord and the richest merchant are both winners."""
    st = scenario(districts={0: [], 1: []}, money={0: 5, 1: 7, 2: 9, 3: 3, 4: 9})
    st.year = 5
    to_rent(st)
    out = st.outcome()
    assert out is not None
    assert out.winners == {1, 2, 4}
    assert out.ranks == {0: 2, 1: 1, 2: 1, 3: 3, 4: 1}
    assert out.scores[2] == 9 and out.details[2]["merchant"] == 1


def test_variant_richest_player_wins() -> None:
    """3–4 player variant: the richest player wins; there are not two winners."""
    st = scenario("", seats=4, districts={0: [], 1: [], 2: [], 3: []}, money={2: 130_000})
    st.year = 5
    to_rent(st)
    out = st.outcome()
    assert out is not None and out.winners == {2} and out.ranks[2] == 1


# -- private information -------------------------------------------------------------------------


def test_offers_are_private_to_merchant_and_landlord() -> None:
    """フェーズ1: an offer is between a merchant and a landlord; contracts are public."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]})
    play(st, 2, "offer r1 20000 note secret")
    pub = view_as_dict(st.view(None))
    assert "secret" not in str(pub)
    v2 = st.view(2)
    assert v2.players[2].offers_made and v2.players[2].offers_made[0].amount == 20000
    v0 = st.view(0)
    assert v0.players[0].offers_received and v0.players[0].offers_received[0].merchant == 2
    for viewer in (1, 3, 4):
        assert "secret" not in str(view_as_dict(st.view(viewer)))
    # secrets(): each path is seen by exactly one seat
    for seat in range(5):
        for path in st.secrets(seat):
            for other in [None, *range(5)]:
                if other == seat:
                    continue
                node: Any = view_as_dict(st.view(other))
                for key in path:
                    node = node[key]
                assert node is None


def test_not_your_turn() -> None:
    """Only seats that owe a decision may act."""
    st = scenario(districts={0: ["r1"], 1: []}, contracts={"r1": (2, 1000)})
    to_rent(st)
    with pytest.raises(NotYourTurn) as err:
        st.apply(3, PayAll())
    assert err.value.params["to_act"] == [2]
    with pytest.raises(NotYourTurn):
        play(st, 3, "pay all")


# -- engine version 3: the rule fixes of issue 6 ---------------------------------------------


def test_variant_bankrupt_merchant_loses_money_and_plays_on_as_landlord() -> None:
    """債務超過と破産 2: 「破産した商人のトークンとお金はゲームから取り除かれる」; 3–4 players:
    bankrupt in the rent phase, the player 「商人としてはプレイできません。しかし地主としては
    まだプレイを続けられます」. Engine version 3 (version 2 kept the money)."""
    for version, kept in ((ENGINE_VERSION, 0), (OLDEST_ENGINE_VERSION, 100_000)):
        st = scenario(
            "",
            seats=3,
            districts={0: ["r1"], 1: ["g1"], 2: ["b1"]},
            contracts={"g1": (0, 50_000), "b1": (0, 50_000)},
            money={0: 100_000 - 30_000},  # income: green and blue 15,000 each
            version=version,
        )
        st.liens[0] = [2]
        to_rent(st)
        play(st, 0, "default g1")
        if version >= 3:
            events = play(st, 1, "place lien p1")
            assert (
                "p1 is bankrupt as a merchant: their tokens and $100,000 leave the game, "
                "and they play on as a landlord."
            ) in events
        assert st.merchant_out[0] and not st.landlord_out[0] and st.is_landlord(0)
        if version >= 3:  # nothing left for the tax of r1: p1 acts on, as a landlord
            assert st.money[0] == 0 and st.phase is Phase.TAX and st.to_act() == {0}
        else:
            assert st.money[0] == kept - 10_000 and st.phase is not Phase.TAX
        assert not any(c.merchant == 0 for c in st.contracts.values())


def test_offer_numbers_do_not_reveal_other_players_offers() -> None:
    """フェーズ1: an offer is between one merchant and one landlord; the numbers a party sees
    count only that party's own offers made, or offers received."""
    st = scenario(districts={0: ["r1", "y1"], 1: ["g1", "b1", "r2"]})
    play(st, 2, "offer g1 1000")  # p3 to p2 (seen by p1? no)
    play(st, 2, "offer b1 1000")
    play(st, 3, "offer r2 1000")  # p4 to p2
    play(st, 2, "offer r1 1000")  # p3 to p1
    play(st, 4, "offer y1 1000")  # p5 to p1
    play(st, 2, "offer r1 2000")  # p3 raises on r1
    received = st.view(0).players[0].offers_received or ()
    assert [(o.deed, o.merchant, o.seq) for o in received] == [("y1", 4, 2), ("r1", 2, 3)]
    made = st.view(4).players[4].offers_made or ()
    assert [(o.deed, o.seq) for o in made] == [("y1", 1)]
    made = st.view(2).players[2].offers_made or ()
    assert [(o.deed, o.seq) for o in made] == [("g1", 1), ("b1", 2), ("r1", 4)]
    received = st.view(1).players[1].offers_received or ()
    assert [o.seq for o in received] == [1, 2, 3]


def test_give_money_during_the_negotiation() -> None:
    """Note 1: 「商人は土地を借りる権利のために他のインセンティブのオファーができる」 — other
    incentives; `give p1 5000` hands money over so a promise can be kept. Public, and only
    during the negotiation. Engine version 3."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]}, money={2: 8_000})
    templates = {t.prefix: t for t in st.move_templates(2)}
    assert templates["give p1"].hi == 8_000 and templates["give p1"].lo == 1
    assert "give p3" not in templates  # not to yourself
    assert not any(n.startswith("give") for n in notations(st, 2))  # any amount: a template
    assert play(st, 2, "give p1 5,000") == ["p3 gives $5,000 to p1."]
    assert st.money[2] == 3_000 and st.money[0] == 125_000
    assert st.public_notation(2, st.parse_move(2, "give p1 5000")) == "give p1 5000"
    for text, reason in (
        ("give p1 4000", "only \\$3,000"),
        ("give p3 10", "yourself"),
        ("give p1 0", "at least \\$1"),
        ("give p9 10", "p9 is not playing"),
    ):
        with pytest.raises(IllegalMove, match=reason):
            play(st, 2, text)
    play(st, 2, "done")
    with pytest.raises(IllegalMove, match="undo done"):
        play(st, 2, "give p1 10")
    to_rent(st)
    assert st.phase is not Phase.NEGOTIATION
    with pytest.raises(IllegalMove, match="during the negotiation"):
        play(st, 0, "give p2 10")

    old = scenario(districts={0: ["r1"], 1: ["g1"]}, version=OLDEST_ENGINE_VERSION)
    assert not any(t.prefix.startswith("give") for t in old.move_templates(2))
    with pytest.raises(IllegalMove, match="version 2, which has no `give`"):
        play(old, 2, "give p1 10")


def test_time_out_defaults() -> None:
    """What a time-out plays: negotiation `done`; rent: pay if possible, else default;
    auction: `pass`."""
    st = scenario(
        districts={0: ["r1"], 1: ["g1"]},
        contracts={"r1": (2, 1_000), "g1": (3, 500_000)},
    )
    assert st.default_move(2).notation == "done"
    to_rent(st)
    assert st.default_move(2).notation == "pay all"
    assert st.default_move(3).notation == "default g1"
    play(st, 2, "pay all")
    play(st, 3, "default g1")
    play(st, 1, "forgive p4")
    assert st.phase is Phase.AUCTION
    assert st.default_move(0).notation == "pass"


def test_notation_round_trips_for_every_move_kind() -> None:
    """Every move prints as its notation and reads back (the codec declared per move)."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]})
    for text in (
        "offer r1 25000",
        "offer r1 closed 25000 note Free Apples",
        "withdraw r1",
        "withdraw r1 contract",
        "accept r1 p3",
        "give p2 500",
        "done",
        "undo done",
        "lien r3",
        "lien none",
        "lien none p2",
        "pay all",
        "pay r1",
        "default r1",
        "place lien p3",
        "forgive p3",
        "sell r1",
        "exclusive r1",
        "exclusive none",
        "exclusive none p2",
        "bid 15000",
        "pass",
        "expire y1-negotiation",
    ):
        assert st.codec is not None
        assert st.codec.parse(text).notation == text
    with pytest.raises(InvalidMove, match="moves start with"):
        st.parse_move(2, "build c4")


def test_undo_never_crosses_dice_or_revealed_offers() -> None:
    """Undo (a replay minus the last moves) may not go back past the income dice (a random
    draw) or an accepted offer (its private amount became public)."""
    st = scenario(districts={0: ["r1"], 1: ["g1"]})
    play(st, 2, "offer r1 9000")
    play(st, 3, "offer g1 9000")
    assert st.undo_barrier() == 0  # offers are private and can be taken back
    play(st, 0, "accept r1 p3")
    assert st.undo_barrier() == 3
    play(st, 4, "done")
    assert st.undo_barrier() == 3
    for s in (0, 1, 2, 3):
        play(st, s, "done")
    assert st.phase is Phase.RENT and st.undo_barrier() == st.moves_applied  # dice rolled
