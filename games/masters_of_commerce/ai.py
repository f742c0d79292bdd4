"""A simple heuristic player for Masters of Commerce (``GameSpec.ai``).

It values a deed by its expected income next year (the market's mean after one roll of its
colour's die; x2 doubled) and plays each phase by a plain rule:

* negotiation — as a landlord, accept the best offer that beats a deed's rent (and that the
  merchant can pay); as a merchant, offer about 70% of a deed's value on the most profitable
  deeds its money can carry, outbid contracts that stay profitable, then ``done``;
* lien income: the best deed; unpaid rent: place the lien; rent: pay all, else pay what it
  can; tax: sell the deed bringing least; exclusive: the most profitable deed;
* auction — bid up to what the deed brings a landlord over the years left (expected rent
  minus tax), keeping next year's tax in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.core import Move, Rng

from .auction import bid_suggestions
from .income import expected_income, expected_value
from .moves import Accept, Bid, Done, Offer, Pass, UndoDone, Withdraw
from .negotiation import OFFER_DEFAULT, offerable
from .phases import Phase

if TYPE_CHECKING:
    from .state import MocState

MARGIN = 0.7  # share of a deed's expected income a merchant offers
OUTBID_UP_TO = 0.85  # a contract is worth outbidding up to this share of the income
COMMIT_SHARE = 0.8  # rents promised stay within this share of money plus income


class MocPolicy:
    """The heuristic described in the module docstring; deterministic (``rng`` unused).

    The ``easy`` AI level with the module's numbers; ``ai_search`` varies them (``margin``,
    ``outbid_up_to``, ``commit_share``, ``sealed_share``, ``worth_share``: the share of a
    deed's worth bid in the auction).
    """

    def __init__(
        self,
        margin: float = MARGIN,
        outbid_up_to: float = OUTBID_UP_TO,
        commit_share: float = COMMIT_SHARE,
        sealed_share: float = 0.75,
        worth_share: float = 1.0,
    ) -> None:
        self.margin = margin
        self.outbid_up_to = outbid_up_to
        self.commit_share = commit_share
        self.sealed_share = sealed_share
        self.worth_share = worth_share

    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        game: MocState = state
        legal = list(game.legal_moves(seat))
        if game.phase is Phase.NEGOTIATION:
            return self.negotiate(game, seat, legal)
        if game.phase is Phase.AUCTION:
            return self.bid(game, seat, legal)
        move = game.default_move(seat)
        return move if move in legal else legal[0]

    # -- negotiation ----------------------------------------------------------------------

    def negotiate(self, game: MocState, seat: int, legal: Sequence[Move]) -> Move:
        if legal == [UndoDone()]:
            return legal[0]  # the only move left (it can be taken once)
        accept = self.best_accept(game, seat, legal)
        if accept is not None:
            return accept
        for m in legal:  # a contract the market no longer pays for
            if (
                isinstance(m, Withdraw)
                and m.contract
                and expected_income(game, m.deed) < game.contracts[m.deed].rent
            ):
                return m
        offer = self.best_offer(game, seat)
        if offer is not None and game.refusal(seat, offer) is None:
            return offer
        return Done() if Done() in legal else legal[0]

    def best_accept(self, game: MocState, seat: int, legal: Sequence[Move]) -> Accept | None:
        best: Accept | None = None
        best_gain = 0
        for m in legal:
            if not isinstance(m, Accept):
                continue
            amount = game.offers[(m.deed, m.merchant)].amount
            if amount > game.money[m.merchant] + 15_000:
                continue  # not credible: the merchant would default
            c = game.contracts.get(m.deed)
            gain = amount - (0 if c is None else c.rent)
            if gain > best_gain:
                best, best_gain = m, gain
        return best

    def best_offer(self, game: MocState, seat: int) -> Offer | None:
        if not game.is_merchant(seat):
            return None
        mine = [c for c in game.contracts.values() if c.merchant == seat]
        committed = sum(c.rent for c in mine) + sum(
            r.amount for (_d, m), r in game.offers.items() if m == seat
        )
        income = sum(
            expected_income(game, d) for d, c in game.contracts.items() if c.merchant == seat
        )
        tax = (
            game.c.tax_per_deed * len(game.district.get(seat, ())) if game.is_landlord(seat) else 0
        )
        budget = self.commit_share * (game.money[seat] + income) - committed - tax
        best: Offer | None = None
        best_profit = 0.0
        for d in offerable(game, seat):
            if (d, seat) in game.offers:
                continue
            c = game.contracts.get(d)
            if c is not None and c.merchant == seat:
                continue
            value = expected_income(game, d)
            if c is None:
                amount = _round_down(self.margin * value)
            else:
                amount = c.rent + 1_000
                if amount > self.outbid_up_to * value:
                    continue
            if amount <= 0 or amount > budget:
                continue
            profit = value - amount
            if profit > best_profit:
                best, best_profit = Offer(d, amount), profit
        return best

    # -- auction --------------------------------------------------------------------------

    def bid(self, game: MocState, seat: int, legal: Sequence[Move]) -> Move:
        limit = int(self.worth_share * self.deed_worth(game, seat))
        if game.auction_mode == "sealed":
            amount = _round_down(self.sealed_share * limit)
            move = Bid(amount)
            return move if amount >= 1_000 and game.refusal(seat, move) is None else Pass()
        for a in bid_suggestions(game, seat):
            if a <= limit:
                return Bid(a)
        return Pass()

    def deed_worth(self, game: MocState, seat: int) -> int:
        """What one more deed brings this landlord: the expected rent (the median rent, at
        most a deed's mean income, times the share of deeds rented) minus tax, for each year
        left, plus its sale price; capped so that next year's tax stays in hand."""
        rents = sorted(c.rent for c in game.contracts.values())
        deeds = sum(len(ds) for s, ds in game.district.items() if game.is_landlord(s))
        rent = float(rents[len(rents) // 2]) if rents else float(OFFER_DEFAULT)
        plain = [(c.deeds, expected_value(game, c.key)) for c in game.c.colours]
        rent = min(rent, sum(n * v for n, v in plain) / sum(n for n, _ in plain))
        occupancy = len(rents) / deeds if deeds else 0.5
        years_left = game.c.years - game.year
        worth = years_left * (rent * occupancy - game.c.tax_per_deed) + game.c.sale_price
        reserve = game.c.tax_per_deed * (len(game.district[seat]) + 1)
        return int(max(0, min(worth, game.money[seat] - reserve)))


def _round_down(amount: float) -> int:
    return int(amount // 500 * 500)
