"""Phase 3, rent (seed フェーズ3 レンタル料徴収, 債務超過と破産, Notes 1, 5, 6, 12).

Every merchant pays or defaults each contract, all at once. Unpaid rent gives the landlord
the right to place a lien (Note 1: the landlord's right; from engine version 3 the landlord
chooses, before that the lien was automatic); a second lien bankrupts the merchant at once.
In year 5 a merchant must pay all they can (Note 12).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Step
from games.core.text import Msg

from .moves import Default, Forgive, Pay, PayAll, PlaceLien, money, seat_tag
from .phases import Phase

if TYPE_CHECKING:
    from .state import MocState


class RentStep(Step["MocState"]):
    """Merchants settle each contract; unpaid landlords decide on liens (version 3)."""

    moves = (PayAll, Pay, Default, PlaceLien, Forgive)
    title = "Rent"
    title_key = "moc.term.phase.rent"

    def enter(self, game: MocState) -> list[str]:
        game.rent_status = {d: "due" for d in game.contracts}
        game.rent_paid = {}
        game.liened_now = set()
        game.lien_decisions = {}
        return auto_rent(game)

    def actors(self, game: MocState) -> frozenset[int]:
        """Merchants with undecided contracts, and landlords deciding on a lien."""
        seats = {c.merchant for d, c in game.contracts.items() if game.rent_status.get(d) == "due"}
        seats.update(landlord for landlord, _ in game.lien_decisions)
        return frozenset(seats)

    def next_phase(self, game: MocState) -> Phase | None:
        return game.then(Phase.TAX)

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        moves: list[Move] = []
        for landlord, merchant in game.lien_decisions:
            if landlord == seat:
                moves += [PlaceLien(merchant), Forgive(merchant)]
        due = game.due_deeds(seat)
        last = game.year == game.c.years
        if due and not last and sum(game.contracts[d].rent for d in due) <= game.money[seat]:
            moves.append(PayAll())
        for d in due:
            if last or game.contracts[d].rent <= game.money[seat]:
                moves.append(Pay(d))
            if not last:
                moves.append(Default(d))
        return moves

    def default_move(self, game: MocState, seat: int) -> Move | None:
        """Place a pending lien (the seed's main text); pay all rent if possible, else pay
        what can be paid contract by contract, else default."""
        legal = list(game.legal_moves(seat))
        for kind in (PlaceLien, PayAll, Pay, Default):
            for m in legal:
                if isinstance(m, kind):
                    return m
        return None

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        if isinstance(move, PlaceLien | Forgive):
            if (seat, move.merchant) not in game.lien_decisions:
                return Msg(
                    "moc.lien_decision.none",
                    "{merchant} owes you no unpaid rent to decide on now.",
                    merchant=seat_tag(move.merchant),
                )
            return None
        if isinstance(move, PayAll):
            due = game.due_deeds(seat)
            if not due:
                return Msg("moc.rent.none_due", "You owe no rent now.")
            total = sum(game.contracts[d].rent for d in due)
            if game.year == game.c.years:
                return Msg(
                    "moc.rent.last_year_pay_all",
                    "In the last year rent is paid contract by contract (`pay <deed>`).",
                )
            if total > game.money[seat]:
                return Msg(
                    "moc.rent.pay_all_too_poor",
                    "Your rents come to {total} but you have only {have}; pay or default "
                    "them one by one.",
                    total=money(total),
                    have=money(game.money[seat]),
                )
            return None
        assert isinstance(move, Pay | Default)
        reason = game.unknown_deed(move.deed)
        if reason is not None:
            return reason
        c = game.contracts.get(move.deed)
        if c is None or c.merchant != seat:
            return Msg("moc.not_your_contract", "You do not rent {deed}.", deed=move.deed)
        if game.rent_status.get(move.deed) != "due":
            return Msg(
                "moc.rent.settled",
                "The rent on {deed} is settled for this year.",
                deed=move.deed,
            )
        last = game.year == game.c.years
        if isinstance(move, Default) and last:
            return Msg(
                "moc.rent.must_pay",
                "In the last year a merchant must pay all the rent they can (seed Note 12).",
            )
        if isinstance(move, Pay) and not last and c.rent > game.money[seat]:
            return Msg(
                "moc.rent.too_poor",
                "The rent on {deed} is {rent} but you have only {have}; you can only default.",
                deed=move.deed,
                rent=money(c.rent),
                have=money(game.money[seat]),
            )
        return None

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        events: list[str] = []
        if isinstance(move, PayAll):
            for d in game.due_deeds(seat):
                events += pay(game, seat, d)
        elif isinstance(move, Pay):
            events += pay(game, seat, move.deed)
        elif isinstance(move, Default):
            landlord = game.owner[move.deed]
            game.rent_status[move.deed] = "defaulted"
            game.rent_paid[move.deed] = 0
            events.append(
                Msg(
                    "moc.rent.defaulted",
                    "p{merchant} did not pay the rent on {deed} to p{landlord}.",
                    merchant=seat + 1,
                    deed=move.deed,
                    landlord=landlord + 1,
                )
            )
            events += unpaid(game, landlord, seat)
        elif isinstance(move, PlaceLien):
            del game.lien_decisions[(seat, move.merchant)]
            events += place_lien(game, seat, move.merchant)
        else:
            assert isinstance(move, Forgive)
            del game.lien_decisions[(seat, move.merchant)]
            events.append(
                Msg(
                    "moc.lien.forgiven",
                    "p{landlord} forgives p{merchant}'s unpaid rent: no lien.",
                    landlord=seat + 1,
                    merchant=move.merchant + 1,
                )
            )
        return events + auto_rent(game)


# -- helpers ------------------------------------------------------------------------------


def pay(game: MocState, seat: int, deed: str) -> list[str]:
    """Pay a contract's rent; in year 5 all the merchant has if that is less."""
    c = game.contracts[deed]
    landlord = game.owner[deed]
    amount = min(c.rent, game.money[seat])
    game.money[seat] -= amount
    game.money[landlord] += amount
    game.rent_paid[deed] = amount
    if amount == c.rent:
        game.rent_status[deed] = "paid"
        return [
            Msg(
                "moc.rent.paid",
                "p{merchant} paid ${amount:,} rent on {deed} to p{landlord}.",
                merchant=seat + 1,
                amount=amount,
                deed=deed,
                landlord=landlord + 1,
            )
        ]
    # last year only: paid all they had, short of the full rent
    game.rent_status[deed] = "partial"
    events: list[str] = [
        Msg(
            "moc.rent.partial",
            "p{merchant} paid all they had, ${amount:,} of ${rent:,}, on {deed} to p{landlord}.",
            merchant=seat + 1,
            amount=amount,
            rent=c.rent,
            deed=deed,
            landlord=landlord + 1,
        )
    ]
    return events + unpaid(game, landlord, seat)


def unpaid(game: MocState, landlord: int, merchant: int) -> list[str]:
    """Unpaid rent: the landlord may lien the merchant, once per merchant and year.

    Version 3: the landlord decides (``place lien`` / ``forgive``, one private click).
    Before: the lien is placed at once.
    """
    if (landlord, merchant) in game.liened_now:
        return []  # one lien per landlord and merchant for one year's unpaid rent
    game.liened_now.add((landlord, merchant))
    if not game.v3:
        return place_lien(game, landlord, merchant)
    game.lien_decisions[(landlord, merchant)] = []
    second = game.liens.get(merchant)
    key = "moc.prompt.lien_second" if second else "moc.prompt.lien"
    text = (
        "p{merchant} did not pay you their rent. You may place a lien on them "
        "(you take one of their deeds' income next year)."
        + (" It would be their second lien: they would go bankrupt." if second else "")
    )
    game.prompt(
        landlord, Msg(key, text, merchant=merchant + 1), (PlaceLien(merchant), Forgive(merchant))
    )
    return [
        Msg(
            "moc.lien.may_place",
            "p{landlord} may place a lien on p{merchant} for the unpaid rent.",
            landlord=landlord + 1,
            merchant=merchant + 1,
        )
    ]


def place_lien(game: MocState, landlord: int, merchant: int) -> list[str]:
    """The landlord's lien on the merchant; a second lien bankrupts them (Note 6)."""
    held = game.liens.setdefault(merchant, [])
    if held:
        return [
            Msg(
                "moc.lien.second",
                "p{landlord} places a second lien on p{merchant}.",
                landlord=landlord + 1,
                merchant=merchant + 1,
            ),
            *bankrupt_merchant(game, merchant),
        ]
    held.append(landlord)
    game.lien_income[merchant] = landlord
    return [
        Msg(
            "moc.lien.placed",
            "p{landlord} places a lien on p{merchant} and takes one of their deeds' income "
            "next year.",
            landlord=landlord + 1,
            merchant=merchant + 1,
        )
    ]


def bankrupt_merchant(game: MocState, seat: int) -> list[str]:
    """Second lien: the merchant's tokens and money leave the game (債務超過と破産 2).

    In the 3–4 player variant the player plays on as a landlord; before engine version 3
    they kept their money there.
    """
    game.merchant_out[seat] = True
    for d in [d for d, c in game.contracts.items() if c.merchant == seat]:
        del game.contracts[d]
        if game.rent_status.get(d) == "due":
            game.rent_status[d] = "defaulted"
            game.rent_paid[d] = 0
    for offer in [k for k in game.offers if k[1] == seat]:
        del game.offers[offer]
    for pair in [k for k in game.lien_decisions if k[1] == seat]:
        del game.lien_decisions[pair]
    game.liens.pop(seat, None)
    game.lien_income.pop(seat, None)
    if game.variant and not game.v3:
        return [
            Msg(
                "moc.bankruptcy.merchant_v2",
                "p{player} is bankrupt as a merchant and plays on as a landlord.",
                player=seat + 1,
            )
        ]
    lost = game.money[seat]
    game.money[seat] = 0
    if game.variant:
        return [
            Msg(
                "moc.bankruptcy.merchant",
                "p{player} is bankrupt as a merchant: their tokens and ${lost:,} leave the game, "
                "and they play on as a landlord.",
                player=seat + 1,
                lost=lost,
            )
        ]
    return [
        Msg(
            "moc.bankruptcy.all",
            "p{player} is bankrupt: their tokens and ${lost:,} leave the game.",
            player=seat + 1,
            lost=lost,
        )
    ]


def auto_rent(game: MocState) -> list[str]:
    """Last year: a merchant who can pay everything pays everything (Note 12)."""
    if game.year != game.c.years:
        return []
    events: list[str] = []
    for m in sorted({c.merchant for c in game.contracts.values()}):
        due = game.due_deeds(m)
        if due and sum(game.contracts[d].rent for d in due) <= game.money[m]:
            for d in due:
                events += pay(game, m, d)
    return events
