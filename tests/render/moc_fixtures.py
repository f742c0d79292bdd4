"""Masters of Commerce views for the renderer tests, played through the real engine.

A small scripted table (`_Table`) drives ``get_game("masters_of_commerce")`` with seeded
choices made only among the engine's own legal moves and move amounts, so every fixture is
a position a real game can reach. If the engine's rules change, these positions (and the
goldens drawn from them) may change too: rerun the render tests with
``BOARDROOM_UPDATE_GOLDEN=1`` and look at the new images.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from games.core import SYSTEM, Rng, get_game
from games.masters_of_commerce import MocState, MocView, Phase
from games.masters_of_commerce.moves import (
    Accept,
    Bid,
    Default,
    Done,
    Lien,
    Offer,
    Pass,
    Pay,
    PayAll,
    PlaceExclusive,
    PlaceLien,
    Sell,
)
from games.masters_of_commerce.view import OfferView

SPEC = get_game("masters_of_commerce")

RENTS = (8_000, 9_000, 10_000, 11_000, 12_000, 13_000, 14_000, 15_000, 16_000, 18_000, 21_000)


class _Table:
    """A seeded game driven phase by phase with simple, varied choices."""

    def __init__(self, seats: int, seed: int, **options: Any) -> None:
        state = SPEC.create(options, seats, seed)
        assert isinstance(state, MocState)
        self.st = state
        self.rng = Rng(seed * 7919 + 11)

    # -- helpers ---------------------------------------------------------------------

    def phase(self) -> Phase:
        return self.st.view(None).phase

    def play(self, seat: int, move: Any) -> None:
        self.st.apply(seat, move)

    def merchants(self) -> list[int]:
        return [s for s in range(self.st.n_seats) if self.st.is_merchant(s)]

    def landlords(self) -> list[int]:
        return self.st.active_landlords()

    # -- phases ----------------------------------------------------------------------

    def offer(self, per_merchant: int = 2, closed_share: float = 0.0) -> None:
        """Each merchant makes ``per_merchant`` offers on deeds the engine lets them bid for."""
        for m in self.merchants():
            deeds = sorted(
                {mv.deed for mv in self.st.legal_moves(m) if isinstance(mv, Offer)},
            )
            self.rng.shuffle(deeds)
            for deed in deeds[:per_merchant]:
                amount = self.rng.choice(RENTS)
                if "x2" in deed:
                    amount *= 2
                amount = min(amount, self.st.view(None).players[m].money)
                closed = self.st.expert and self.rng.randrange(1000) < closed_share * 1000
                self.play(m, Offer(deed, amount, closed))

    def accept(self, share: float = 1.0) -> None:
        """Landlords accept the best offer on (a share of) the deeds that have offers."""
        for landlord in self.landlords():
            received = self.st.view(landlord).players[landlord].offers_received or ()
            best: dict[str, OfferView] = {}
            for o in received:
                if o.deed not in best or o.amount > best[o.deed].amount:
                    best[o.deed] = o
            for deed in sorted(best):
                if self.rng.randrange(1000) >= share * 1000:
                    continue
                move = Accept(deed, best[deed].merchant)
                if move in self.st.legal_moves(landlord):
                    self.play(landlord, move)

    def done(self, seats: Iterable[int]) -> None:
        for s in seats:
            if Done() in self.st.legal_moves(s):
                self.play(s, Done())

    def end_negotiation(self) -> None:
        deadline = self.st.deadline()
        assert deadline is not None
        self.play(SYSTEM, deadline.move)

    def lien(self) -> None:
        """Lien holders take the best-earning deed's income (earliest deed on a tie)."""
        while self.phase() is Phase.LIEN:
            s = min(self.st.to_act())
            moves = [mv for mv in self.st.legal_moves(s) if isinstance(mv, Lien)]
            taking = [mv for mv in moves if mv.deed is not None]
            self.play(s, max(taking, key=lambda mv: mv.income or 0) if taking else moves[0])

    def rent(self, defaulters: Iterable[int] = ()) -> None:
        bad = set(defaulters)
        while self.phase() is Phase.RENT:
            m = min(self.st.to_act())
            moves = self.st.legal_moves(m)
            if m in bad:
                self.play(m, next(mv for mv in moves if isinstance(mv, Default)))
                bad.discard(m)
            elif PayAll() in moves:
                self.play(m, PayAll())
            else:
                pay = [mv for mv in moves if isinstance(mv, Pay)]
                self.play(m, pay[0] if pay else next(mv for mv in moves if isinstance(mv, Default)))
            self.place_liens()

    def place_liens(self) -> None:
        """Unpaid landlords place their lien at once (as the lien was before version 3)."""
        while self.phase() is Phase.RENT:
            liens = [
                (s, mv)
                for s in sorted(self.st.to_act())
                for mv in self.st.legal_moves(s)
                if isinstance(mv, PlaceLien)
            ]
            if not liens:
                return
            self.play(*liens[0])

    def tax(self) -> None:
        while self.phase() is Phase.TAX:
            s = min(self.st.to_act())
            self.play(s, next(mv for mv in self.st.legal_moves(s) if isinstance(mv, Sell)))

    def exclusive(self) -> None:
        """Leaders with one deed in a district put the token there; others choose at random."""
        while self.phase() is Phase.EXCLUSIVE:
            s = min(self.st.to_act())
            moves = [
                mv
                for mv in self.st.legal_moves(s)
                if isinstance(mv, PlaceExclusive) and mv.deed is not None
            ]
            districts: dict[int, list[PlaceExclusive]] = {}
            for mv in moves:
                districts.setdefault(self.st.owner[str(mv.deed)], []).append(mv)
            single = [options[0] for options in districts.values() if len(options) == 1]
            self.play(s, single[0] if single else self.rng.choice(moves))

    def auction(self, keen: float = 0.5, lots: int | None = None) -> None:
        """Landlords bid (suggested amounts) with probability ``keen``, otherwise pass.

        Stops after ``lots`` lots are sold when given (leaving the auction running).
        """
        while self.phase() is Phase.AUCTION:
            view = self.st.view(None)
            assert view.auction is not None
            if lots is not None and view.auction.lot_index >= lots:
                return
            s = min(self.st.to_act())
            moves = self.st.legal_moves(s)
            bids = [mv for mv in moves if isinstance(mv, Bid)]
            if bids and self.rng.randrange(1000) < keen * 1000:
                self.play(s, self.rng.choice(bids))
            else:
                self.play(s, Pass())

    def year(
        self,
        *,
        per_merchant: int = 2,
        closed_share: float = 0.0,
        defaulters: Iterable[int] = (),
        keen: float = 0.5,
    ) -> None:
        """One whole year with the given habits."""
        self.offer(per_merchant, closed_share)
        self.accept()
        self.end_negotiation()
        self.lien()
        self.rent(defaulters)
        self.tax()
        self.exclusive()
        self.auction(keen)

    def view(self, seat: int | None = None) -> MocView:
        return self.st.view(seat)


# ---------------------------------------------------------------------------------------------
# Fixture views
# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _variant_3p() -> _Table:
    """3 players (variant), year 2 negotiation: contracts from year 1 and fresh offers."""
    t = _Table(3, 31, auction="sealed")
    t.year(per_merchant=2, keen=0.6)
    t.offer(per_merchant=2)
    t.accept(share=0.5)
    t.offer(per_merchant=1)
    t.done([1])
    return t


def negotiation_3p(viewer: int | None = None) -> MocView:
    return _variant_3p().view(viewer)


@lru_cache(maxsize=1)
def _mid_11p() -> _Table:
    """11 players, expert: year 4 negotiation with closed contracts, exclusives, liens, x2."""
    t = _Table(11, 4, expert=True, auction="open", roles="llmmlmmlmlm")
    t.year(per_merchant=3, defaulters=[5], keen=0.7)
    t.year(per_merchant=3, defaulters=[8], keen=0.7)
    t.year(per_merchant=4, defaulters=[2], keen=0.7)
    t.offer(per_merchant=3, closed_share=0.5)
    t.accept(share=0.8)
    t.offer(per_merchant=2)
    t.done([0, 3, 6])
    return t


def mid_11p(viewer: int | None = None) -> MocView:
    return _mid_11p().view(viewer)


@lru_cache(maxsize=1)
def _auction_7p() -> _Table:
    """7 players, open auction of year 2 with two lots sold and a bid on the third."""
    t = _Table(7, 9, auction="open", roles="lmlmlmm")
    t.year(per_merchant=2, keen=0.6)
    t.offer(per_merchant=2)
    t.accept()
    t.end_negotiation()
    t.lien()
    t.rent(defaulters=[3])
    t.tax()
    t.auction(keen=0.6, lots=2)
    s = min(t.st.to_act())
    bids = [mv for mv in t.st.legal_moves(s) if isinstance(mv, Bid)]
    t.play(s, bids[-1])
    return t


def auction_7p(viewer: int | None = None) -> MocView:
    return _auction_7p().view(viewer)


@lru_cache(maxsize=1)
def _sealed_4p() -> _Table:
    """4 players (variant), sealed auction of year 1 with two landlords' bids in."""
    t = _Table(4, 12, auction="sealed")
    t.offer(per_merchant=2)
    t.accept()
    t.end_negotiation()
    t.lien()
    t.rent()
    t.tax()
    for s in sorted(t.st.to_act())[:2]:
        bids = [mv for mv in t.st.legal_moves(s) if isinstance(mv, Bid)]
        t.play(s, bids[-1])
    return t


def sealed_4p(viewer: int | None = None) -> MocView:
    return _sealed_4p().view(viewer)


def _to_the_end(t: _Table, habits: Callable[[int], dict[str, Any]]) -> _Table:
    while t.phase() is not Phase.OVER:
        t.year(**habits(t.view().year))
    return t


@lru_cache(maxsize=1)
def _final_8p() -> _Table:
    """8 players to the end: a merchant bankrupt by a second lien."""
    t = _Table(8, 21, expert=True, auction="sealed", roles="mlmlmlml")

    def habits(year: int) -> dict[str, Any]:
        return {
            "per_merchant": 3,
            "defaulters": {1: [4], 2: [0], 3: [4]}.get(year, []),
            "keen": 0.5,
        }

    return _to_the_end(t, habits)


def final_8p(viewer: int | None = None) -> MocView:
    return _final_8p().view(viewer)


@lru_cache(maxsize=1)
def _final_4p() -> _Table:
    """4 players (variant) to the end."""
    t = _Table(4, 5, auction="sealed")
    return _to_the_end(t, lambda year: {"per_merchant": 2, "keen": 0.5})


def final_4p(viewer: int | None = None) -> MocView:
    return _final_4p().view(viewer)


ALL: dict[str, Callable[..., MocView]] = {
    "negotiation_3p": negotiation_3p,
    "mid_11p": mid_11p,
    "auction_7p": auction_7p,
    "sealed_4p": sealed_4p,
    "final_8p": final_8p,
    "final_4p": final_4p,
}
