"""Phase 4, tax (seed フェーズ4 税金支払い): $10,000 per deed held when the phase starts.

A landlord who cannot pay sells deeds to the bank for $5,000 each until the tax can be
paid; with nothing left to sell they pay all they have and are bankrupt as a landlord
(3–4 player variant: they play on as a merchant).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Step
from games.core.text import Msg

from .moves import Sell
from .phases import Phase

if TYPE_CHECKING:
    from .state import MocState


class TaxStep(Step["MocState"]):
    """Landlords pay tax; those short of money sell deeds (``sell r3``)."""

    moves = (Sell,)
    title = "Tax"
    title_key = "moc.term.phase.tax"

    def enter(self, game: MocState) -> list[str]:
        game.tax_due = {
            s: game.c.tax_per_deed * len(game.district[s]) for s in game.active_landlords()
        }
        events: list[str] = []
        for s in sorted(game.tax_due):
            events += settle_tax(game, s)
        self._close_if_settled(game)
        return events

    def actors(self, game: MocState) -> frozenset[int]:
        return frozenset(s for s, due in game.tax_due.items() if due > game.money[s])

    def next_phase(self, game: MocState) -> Phase | None:
        """Year 5 ends the game (Note 9: no auction); the expert game has its exclusive phase."""
        if game.year == game.c.years:
            return None
        return game.then(Phase.EXCLUSIVE if game.expert else Phase.AUCTION)

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        return [Sell(d) for d in game.district[seat]]

    def default_move(self, game: MocState, seat: int) -> Move | None:
        """Sell the deed that brings the least: an unrented one, else the lowest rent."""

        def worth(d: str) -> int:
            c = game.contracts.get(d)
            return -1 if c is None else c.rent

        return Sell(min(game.district[seat], key=worth))

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        assert isinstance(move, Sell)
        if seat not in game.tax_due:
            return Msg("moc.tax.none", "You pay no tax this year.")
        if game.money[seat] >= game.tax_due[seat]:
            return Msg("moc.tax.can_pay", "You can already pay your tax; there is nothing to sell.")
        reason = game.unknown_deed(move.deed)
        if reason is not None:
            return reason
        if game.owner[move.deed] != seat:
            return Msg("moc.not_your_deed", "{deed} is not in your district.", deed=move.deed)
        return None

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Sell)
        deed = move.deed
        game.district[seat].remove(deed)
        del game.owner[deed]
        c = game.contracts.pop(deed, None)
        game.supply = game.sorted_deeds([*game.supply, deed])
        game.money[seat] += game.c.sale_price
        if c is None:
            sold = Msg(
                "moc.tax.sold",
                "p{player} sold {deed} to the bank for ${price:,}.",
                player=seat + 1,
                deed=deed,
                price=game.c.sale_price,
            )
        else:
            sold = Msg(
                "moc.tax.sold_rented",
                "p{player} sold {deed} to the bank for ${price:,}; p{merchant}'s token goes back.",
                player=seat + 1,
                deed=deed,
                price=game.c.sale_price,
                merchant=c.merchant + 1,
            )
        events = [sold, *settle_tax(game, seat, first=False)]
        self._close_if_settled(game)
        return events

    def _close_if_settled(self, game: MocState) -> None:
        if not self.actors(game):
            game.tax_due = {}


def settle_tax(game: MocState, seat: int, first: bool = True) -> list[str]:
    """Pay the tax if possible; bankrupt the landlord if nothing is left to sell."""
    due = game.tax_due[seat]
    if due <= game.money[seat]:
        game.money[seat] -= due
        game.tax_due[seat] = 0
        if not due:
            return []
        return [Msg("moc.tax.paid", "p{player} paid ${amount:,} tax.", player=seat + 1, amount=due)]
    if not game.district[seat]:
        return bankrupt_landlord(game, seat)
    if not first:
        return []
    return [
        Msg(
            "moc.tax.must_sell",
            "p{player} owes ${amount:,} tax but has ${cash:,} and must sell deeds to the bank.",
            player=seat + 1,
            amount=due,
            cash=game.money[seat],
        )
    ]


def bankrupt_landlord(game: MocState, seat: int) -> list[str]:
    """Nothing left to sell: all the landlord's money goes to the bank; lien income rights
    they hold lapse (decision 12)."""
    lost = game.money[seat]
    game.money[seat] = 0
    game.tax_due[seat] = 0
    game.landlord_out[seat] = True
    for m, holder in list(game.lien_income.items()):
        if holder == seat:
            del game.lien_income[m]
    key, text = (
        "moc.tax.bankrupt",
        "p{player} cannot pay the tax: they pay ${lost:,} and are bankrupt",
    )
    if game.variant and game.is_merchant(seat):
        key, text = key + "_landlord", text + " as a landlord and play on as a merchant"
    return [Msg(key, text + ".", player=seat + 1, lost=lost)]
