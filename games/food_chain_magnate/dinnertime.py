"""Phase 4, Dinnertime (seed "○フェイズ4"): fully automatic, explained house by house.

* Houses go out in number order. A house with no demand stays home. Otherwise the chains that
  have a restaurant connected to it by road (open ones; any distance) and can serve its whole
  demand compete: lowest unit price + distance wins, then most waitresses at work, then the
  earlier player in turn order. No chain able → the demand stays.
* Distance: tile borders crossed along roads from the house (or its garden) to the nearest
  entrance (all four corners with a drive-in).
* Income per item: unit price ($10 ± managers and milestone; doubled by a garden) + $5 per
  marketed-milestone item (not doubled). Then waitresses $3 each ($5 with the milestone), then
  CFO (or the $100 milestone from the following turn) +50% of the Dinnertime's income, rounded
  up.
* When the bank runs short it breaks (see ``rules.bank_pays``); the last break ends the game
  after this Dinnertime; the richest player wins, ties to the earlier player in turn order.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games.core import Msg, Outcome, Seat, Step

from .board import UNREACHABLE
from .data import components
from .model import Phase
from .rules import (
    R,
    bank_pays,
    check_cash_milestones,
    counted,
    has_cfo,
    house_distance,
    listing,
    pretty,
    restaurants_of,
    tag,
    unit_price,
    waitresses,
)

if TYPE_CHECKING:
    from .game import FcmState


def _demand_text(demand: list[str]) -> str:
    counts = Counter(demand)
    return listing([counted(n, g) for g, n in sorted(counts.items())])


def item_bonus(game: FcmState, seat: int, good: str) -> int:
    p = game.players[seat]
    mid = f"first_{good}_marketed" if good in components().foods else "first_drink_marketed"
    return R.marketed_bonus if p.has(mid) else 0


def serve_house(game: FcmState, number: int, events: list[str]) -> None:
    h = game.houses[number]
    if not h.demand:
        return
    need = Counter(h.demand)
    offers = []
    short: list[str] = []
    for seat in range(game.n_seats):
        p = game.players[seat]
        dist = min(
            (house_distance(game, h.all_squares, r) for r in restaurants_of(game, seat)),
            default=UNREACHABLE,
        )
        if dist >= UNREACHABLE:
            continue
        lacking = {g: n - p.stock.get(g, 0) for g, n in need.items() if p.stock.get(g, 0) < n}
        if lacking:
            short.append(
                Msg(
                    "food_chain_magnate.lacks",
                    "{who} lacks {what}",
                    who=tag(seat),
                    what=_demand_text(list(Counter(lacking).elements())),
                )
            )
            continue
        price = unit_price(game, seat)
        offers.append(
            (price + dist, -waitresses(game, seat), game.order.index(seat), seat, price, dist)
        )
    label = (
        Msg(
            "food_chain_magnate.garden_house_wants",
            "House {n} (garden) wants {demand}",
            n=number,
            demand=_demand_text(h.demand),
        )
        if h.garden
        else Msg(
            "food_chain_magnate.house_wants",
            "House {n} wants {demand}",
            n=number,
            demand=_demand_text(h.demand),
        )
    )
    if not offers:
        why = listing(short, sep=";") or Msg(
            "food_chain_magnate.no_road_to_house", "no restaurant is connected to it by road"
        )
        events.append(
            Msg(
                "food_chain_magnate.house_home",
                "{label}: stays home ({why}).",
                label=label,
                why=why,
            )
        )
        return
    offers.sort()
    total, _, _, seat, price, dist = offers[0]
    p = game.players[seat]
    for g, n in need.items():
        p.stock[g] -= n
        if not p.stock[g]:
            del p.stock[g]
    mult = 2 if h.garden else 1
    income = sum(price * mult + item_bonus(game, seat, g) for g in h.demand)
    h.demand = []
    p.dinner_income += income
    p.dinner_payments.append(income)
    if len(offers) == 1:
        why = Msg("food_chain_magnate.only_chain", "the only chain able to serve it")
    else:
        rivals = listing(
            [
                Msg(
                    "food_chain_magnate.rival",
                    "{who} ${price} + {dist} = {total}",
                    who=tag(o[3]),
                    price=o[4],
                    dist=o[5],
                    total=o[0],
                )
                for o in offers[1:]
            ]
        )
        compared = dict(price=price, dist=dist, total=total, rivals=rivals)
        if offers[1][0] == total and offers[1][1] != offers[0][1]:
            why = Msg(
                "food_chain_magnate.cheapest_waitresses",
                "price + distance ${price} + {dist} = {total} against {rivals}; tie broken by "
                "waitresses ({mine} to {theirs})",
                mine=-offers[0][1],
                theirs=-offers[1][1],
                **compared,
            )
        elif offers[1][0] == total:
            why = Msg(
                "food_chain_magnate.cheapest_order",
                "price + distance ${price} + {dist} = {total} against {rivals}; tie broken by "
                "turn order",
                **compared,
            )
        else:
            why = Msg(
                "food_chain_magnate.cheapest",
                "price + distance ${price} + {dist} = {total} against {rivals}",
                **compared,
            )
    events.append(
        Msg(
            "food_chain_magnate.house_served",
            "{label}: eats at {who} ({why}) for ${income}.",
            label=label,
            who=tag(seat),
            why=why,
            income=income,
            house=number,
            seat=seat,
        )
    )
    bank_pays(game, seat, income, events)


def dinner(game: FcmState) -> list[str]:
    events: list[str] = []
    for p in game.players:
        p.dinner_income = 0
        p.dinner_payments = []
    for number in sorted(game.houses):
        serve_house(game, number, events)
    for seat in game.order:
        p = game.players[seat]
        n = waitresses(game, seat)
        if n:
            each = (
                components().employee("waitress").bonus_amount
                if p.has("first_waitress")
                else components().employee("waitress").amount
            )
            p.dinner_income += n * each
            p.dinner_payments.append(n * each)
            events.append(
                Msg(
                    "food_chain_magnate.waitress_income",
                    "{who}'s {n} earn ${pay}.",
                    who=tag(seat),
                    n=counted(n, "waitress")
                    if n == 1
                    else Msg(
                        "food_chain_magnate.count.es", "{n} {item}es", n=n, item=pretty("waitress")
                    ),
                    pay=n * each,
                )
            )
            bank_pays(game, seat, n * each, events)
    for seat in game.order:
        p = game.players[seat]
        bonus = cfo_bonus(game, seat)
        if bonus and game.rule("cfo") == "each":
            events.append(
                Msg(
                    "food_chain_magnate.cfo_income_each",
                    "{who}'s CFO adds 50% of each of {n} payments (each rounded up): ${bonus}.",
                    who=tag(seat),
                    n=len(p.dinner_payments),
                    bonus=bonus,
                )
            )
        elif bonus:
            events.append(
                Msg(
                    "food_chain_magnate.cfo_income",
                    "{who}'s CFO adds 50% of ${base} (rounded up): ${bonus}.",
                    who=tag(seat),
                    base=p.dinner_income,
                    bonus=bonus,
                )
            )
        if bonus:
            bank_pays(game, seat, bonus, events)
    for seat in game.order:
        check_cash_milestones(game, seat, events, end_of_dinner=True)
    return events


def cfo_bonus(game: FcmState, seat: int) -> int:
    """The CFO's 50% of this Dinnertime's income, rounded up (seed: 「そのプレイヤーが得たターン
    中の全収入に対して50%のボーナス(端数切り上げ)」): on the total (option ``cfo=total``) or on each
    payment (``each``, the translator's note). With ``negative_price=bankrupt`` a negative income
    gets it too (designer ruling: the CFO still applies); with ``forgive`` only a positive one."""
    p = game.players[seat]
    if not has_cfo(game, seat):
        return 0
    negative = game.rule("negative_price") == "bankrupt"
    parts = p.dinner_payments if game.rule("cfo") == "each" else [p.dinner_income]
    return sum(-(-x * R.cfo_percent // 100) for x in parts if x > 0 or (negative and x < 0))


def score(game: FcmState) -> list[str]:
    """Game over: the richest player wins; ties go to the earlier player in turn order."""
    # A bankrupt chain is out: it ranks after every other chain (designer ruling).
    ranking = sorted(
        range(game.n_seats),
        key=lambda s: (game.players[s].bankrupt, -game.players[s].cash, game.order.index(s)),
    )
    ranks = {seat: i + 1 for i, seat in enumerate(ranking)}
    reason = (
        Msg(
            "food_chain_magnate.end_all_bankrupt",
            "Every chain went bankrupt: nobody wins.",
        )
        if all(p.bankrupt for p in game.players)
        else Msg(
            "food_chain_magnate.end_intro",
            "The bank broke (intro game): the richest player wins.",
        )
        if game.intro
        else Msg(
            "food_chain_magnate.end_second_break",
            "The bank broke for the second time: the richest player wins.",
        )
    )
    game.result = Outcome(
        scores={s: game.players[s].cash for s in range(game.n_seats)},
        ranks=ranks,
        winners=frozenset({ranking[0]}) - {s for s in ranking if game.players[s].bankrupt},
        reason=reason,
        details={
            s: {"cash": game.players[s].cash, "order": game.order.index(s) + 1}
            for s in range(game.n_seats)
        },
    )
    standings = [
        Msg(
            "food_chain_magnate.standing",
            "{rank}. {who} ${cash}",
            rank=ranks[s],
            who=tag(s),
            cash=game.players[s].cash,
        )
        for s in ranking
    ]
    return [
        Msg(
            "food_chain_magnate.game_over",
            "Game over. {standings}.",
            standings=listing(standings, sep=";"),
        )
    ]


class Dinnertime(Step["FcmState"]):
    moves = ()
    title = "Dinnertime"
    title_key = "food_chain_magnate.term.step.dinnertime"

    def enter(self, game: FcmState) -> list[str]:
        events = dinner(game)
        game.last_dinner = list(events)
        return events

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset()

    def next_phase(self, game: FcmState) -> Phase | None:
        if game.ending:
            return None
        return Phase.MARKETING if game.intro else Phase.PAYDAY
