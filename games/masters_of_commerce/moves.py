"""Moves of Masters of Commerce and their notation (docs/rules/masters_of_commerce.md).

Each move class declares its notation once in ``syntax``; ``CODEC`` reads text back into
moves (syntax only: the current step decides legality). Deeds are named by their ids
(``r3``, ``x2g1``), players by ``p<seat + 1>``. Amounts are whole dollars, written without
separators (``25000``; ``25,000`` and ``$25,000`` are read too). An offer's note is free text
and keeps its case; everything else is lowercase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from games.core import Converter, Move, Msg, Notation, register_converter


def seat_tag(seat: int) -> str:
    """Notation name of a seat: seat 0 is ``p1``."""
    return f"p{seat + 1}"


def money(amount: int) -> str:
    """``$25,000`` style amount for sentences."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


_DOLLARS = re.compile(r"\$?([0-9]{1,3}(?:,[0-9]{3}){1,4}|[0-9]{1,15})")


def parse_dollars(word: str) -> int:
    """Whole dollars: ``25000``, ``25,000`` or ``$25,000``; raises ``ValueError`` otherwise."""
    m = _DOLLARS.fullmatch(word)
    if not m:
        raise ValueError(word)
    return int(m.group(1).replace(",", ""))


register_converter("moc_dollars", Converter(str, parse_dollars))


@dataclass(frozen=True)
class Offer(Move):
    """A merchant offers one year's rent for a deed (seed phase 1). ``note`` does not bind."""

    syntax: ClassVar[str] = "offer {deed} [{closed:flag}] {amount:moc_dollars} [note {note:text}]"
    deed: str
    amount: int
    closed: bool = False  # expert variant: proposes a closed contract
    note: str = ""

    @property
    def label(self) -> str:
        if self.closed:
            return Msg(
                "moc.label.offer_closed",
                "Offer {amount} closed for {deed}",
                amount=money(self.amount),
                deed=self.deed,
            )
        return Msg(
            "moc.label.offer",
            "Offer {amount} for {deed}",
            amount=money(self.amount),
            deed=self.deed,
        )


@dataclass(frozen=True)
class Withdraw(Move):
    """A merchant withdraws their offer on a deed, or (``contract``) their open contract."""

    syntax: ClassVar[str] = "withdraw {deed} [{contract:flag}]"
    deed: str
    contract: bool = False

    @property
    def label(self) -> str:
        if self.contract:
            return Msg("moc.label.withdraw_contract", "Withdraw contract on {deed}", deed=self.deed)
        return Msg("moc.label.withdraw_offer", "Withdraw offer on {deed}", deed=self.deed)


@dataclass(frozen=True)
class Accept(Move):
    """A landlord accepts merchant ``merchant``'s offer on one of their deeds."""

    syntax: ClassVar[str] = "accept {deed} {merchant:seat}"
    deed: str
    merchant: int
    amount: int | None = field(default=None, compare=False)
    """The offered rent, for the button label only (not part of the notation)."""

    @property
    def label(self) -> str:
        if self.amount is None:
            return Msg(
                "moc.label.accept",
                "Accept {merchant}'s offer on {deed}",
                merchant=seat_tag(self.merchant),
                deed=self.deed,
            )
        return Msg(
            "moc.label.accept_rent",
            "Accept {merchant}'s offer on {deed} · {amount} rent",
            merchant=seat_tag(self.merchant),
            deed=self.deed,
            amount=money(self.amount),
        )


@dataclass(frozen=True)
class Give(Move):
    """Give money to another player during the negotiation (Note 1: other incentives), so a
    promise made in an offer's note can be kept. Engine version 3 on."""

    syntax: ClassVar[str] = "give {to:seat} {amount:moc_dollars}"
    to: int
    amount: int

    @property
    def label(self) -> str:
        return Msg(
            "moc.label.give",
            "Give {amount} to {to}",
            amount=money(self.amount),
            to=seat_tag(self.to),
        )


@dataclass(frozen=True)
class Done(Move):
    """Mark yourself finished with this negotiation."""

    syntax: ClassVar[str] = "done"

    @property
    def label(self) -> str:
        return Msg("moc.label.done", "Done negotiating")


@dataclass(frozen=True)
class UndoDone(Move):
    """Take back ``done`` (once per negotiation)."""

    syntax: ClassVar[str] = "undo done"

    @property
    def label(self) -> str:
        return Msg("moc.label.undo_done", "Undo done (once a year)")


@dataclass(frozen=True)
class Lien(Move):
    """A lien holder chooses which deed's income to take this year (seed phase 3, 債務超過 1).

    ``deed`` is the chosen deed (it names the merchant through its contract); ``None``
    waives the income, for ``merchant`` when the landlord holds income rights on several
    merchants. ``income`` only feeds the button label and is ignored when comparing moves.
    """

    syntax: ClassVar[str] = "lien {deed:word?} [{merchant:seat}]"
    deed: str | None
    merchant: int | None = None
    income: int | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        if self.deed is None:
            if self.merchant is None:
                return Msg("moc.label.lien_none", "Take no income (waive the lien)")
            return Msg(
                "moc.label.lien_none_from",
                "Take no income from {merchant} (waive the lien)",
                merchant=seat_tag(self.merchant),
            )
        if self.income is None:
            return Msg("moc.label.lien", "Take {deed}'s income", deed=self.deed)
        return Msg(
            "moc.label.lien_amount",
            "Take {deed}'s income ({amount})",
            deed=self.deed,
            amount=money(self.income),
        )


@dataclass(frozen=True)
class PayAll(Move):
    """Pay every rent you owe this year in full."""

    syntax: ClassVar[str] = "pay all"

    @property
    def label(self) -> str:
        return Msg("moc.label.pay_all", "Pay all rent due")


@dataclass(frozen=True)
class Pay(Move):
    """Pay the agreed rent of a contract (in year 5: as much as you have)."""

    syntax: ClassVar[str] = "pay {deed}"
    deed: str

    @property
    def label(self) -> str:
        return Msg("moc.label.pay", "Pay the rent of {deed}", deed=self.deed)


@dataclass(frozen=True)
class Default(Move):
    """Do not pay a contract's rent; its landlord may put a lien on you."""

    syntax: ClassVar[str] = "default {deed}"
    deed: str

    @property
    def label(self) -> str:
        return Msg("moc.label.default", "Do not pay the rent of {deed}", deed=self.deed)


@dataclass(frozen=True)
class PlaceLien(Move):
    """An unpaid landlord places a lien on the merchant (Note 1: the landlord's right).
    Engine version 3 on; before, the lien was placed automatically."""

    syntax: ClassVar[str] = "place lien {merchant:seat}"
    merchant: int

    @property
    def label(self) -> str:
        return Msg(
            "moc.label.place_lien", "Place a lien on {merchant}", merchant=seat_tag(self.merchant)
        )


@dataclass(frozen=True)
class Forgive(Move):
    """An unpaid landlord lets this year's unpaid rent go without a lien (engine version 3)."""

    syntax: ClassVar[str] = "forgive {merchant:seat}"
    merchant: int

    @property
    def label(self) -> str:
        return Msg(
            "moc.label.forgive", "Forgive {merchant} (no lien)", merchant=seat_tag(self.merchant)
        )


@dataclass(frozen=True)
class Sell(Move):
    """Sell a deed of your district to the bank to raise tax money."""

    syntax: ClassVar[str] = "sell {deed}"
    deed: str

    @property
    def label(self) -> str:
        return Msg("moc.label.sell", "Sell {deed} to the bank", deed=self.deed)


@dataclass(frozen=True)
class PlaceExclusive(Move):
    """Place (or move) a district's exclusive token on one of your rented deeds there.

    ``deed`` ``None`` leaves the token off the board (engine version 3: the seed says the
    winner おける, *may* place it), for ``landlord``'s district when the merchant leads
    several districts.
    """

    syntax: ClassVar[str] = "exclusive {deed:word?} [{landlord:seat}]"
    deed: str | None
    landlord: int | None = None

    @property
    def label(self) -> str:
        if self.deed is None:
            if self.landlord is None:
                return Msg("moc.label.exclusive_none", "Place no exclusive token")
            return Msg(
                "moc.label.exclusive_none_in",
                "Place no exclusive token in {landlord}'s district",
                landlord=seat_tag(self.landlord),
            )
        return Msg("moc.label.exclusive", "Exclusive token on {deed}", deed=self.deed)


@dataclass(frozen=True)
class Bid(Move):
    """Bid for the deed being auctioned (open: must beat the high bid; sealed: one bid)."""

    syntax: ClassVar[str] = "bid {amount:moc_dollars}"
    amount: int

    @property
    def label(self) -> str:
        return Msg("moc.label.bid", "Bid {amount}", amount=money(self.amount))


@dataclass(frozen=True)
class Pass(Move):
    """Drop out of bidding for this lot (sealed: bid nothing)."""

    syntax: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        return Msg("moc.label.pass", "Pass: drop out of this lot")


@dataclass(frozen=True)
class Expire(Move):
    """A timer ran out (negotiation or open-auction quiet period). Applied by ``SYSTEM``."""

    syntax: ClassVar[str] = "expire {key}"
    system_only: ClassVar[bool] = True
    key: str


CODEC = Notation(
    [
        Offer,
        Withdraw,
        Accept,
        Give,
        Done,
        UndoDone,
        Lien,
        PayAll,
        Pay,
        Default,
        PlaceLien,
        Forgive,
        Sell,
        PlaceExclusive,
        Bid,
        Pass,
        Expire,
    ],
    game="Masters of Commerce",
)
