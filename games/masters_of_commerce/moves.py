"""Moves of Masters of Commerce and their notation (docs/rules/masters_of_commerce.md).

Deeds are named by their ids (``r3``, ``x2g1``), players by ``p<seat + 1>``. Amounts are
whole dollars written without separators. An offer's note is free text and keeps its case;
everything else is lowercase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.core import InvalidMove, Move
from games.core.protocol import MAX_NOTATION


def seat_tag(seat: int) -> str:
    """Notation name of a seat: seat 0 is ``p1``."""
    return f"p{seat + 1}"


def money(amount: int) -> str:
    """``$25,000`` style amount for sentences."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


@dataclass(frozen=True)
class Offer(Move):
    """A merchant offers one year's rent for a deed (seed phase 1). ``note`` does not bind."""

    deed: str
    amount: int
    closed: bool = False  # expert variant: proposes a closed contract
    note: str = ""

    @property
    def notation(self) -> str:
        text = f"offer {self.deed}{' closed' if self.closed else ''} {self.amount}"
        return f"{text} note {self.note}" if self.note else text

    @property
    def label(self) -> str:
        closed = " closed" if self.closed else ""
        return f"Offer {money(self.amount)}{closed} for {self.deed}"


@dataclass(frozen=True)
class Withdraw(Move):
    """A merchant withdraws their offer on a deed, or (``contract``) their open contract."""

    deed: str
    contract: bool = False

    @property
    def notation(self) -> str:
        return f"withdraw {self.deed}{' contract' if self.contract else ''}"

    @property
    def label(self) -> str:
        return f"Withdraw {'contract' if self.contract else 'offer'} on {self.deed}"


@dataclass(frozen=True)
class Accept(Move):
    """A landlord accepts merchant ``merchant``'s offer on one of their deeds."""

    deed: str
    merchant: int

    @property
    def notation(self) -> str:
        return f"accept {self.deed} {seat_tag(self.merchant)}"


@dataclass(frozen=True)
class Done(Move):
    """Mark yourself finished with this negotiation."""

    @property
    def notation(self) -> str:
        return "done"


@dataclass(frozen=True)
class UndoDone(Move):
    """Take back ``done`` (once per negotiation)."""

    @property
    def notation(self) -> str:
        return "undo done"


@dataclass(frozen=True)
class Pay(Move):
    """Pay the agreed rent of a contract (in year 5: as much as you have)."""

    deed: str

    @property
    def notation(self) -> str:
        return f"pay {self.deed}"


@dataclass(frozen=True)
class PayAll(Move):
    """Pay every rent you owe this year in full."""

    @property
    def notation(self) -> str:
        return "pay all"


@dataclass(frozen=True)
class Default(Move):
    """Do not pay a contract's rent; its landlord puts a lien on you."""

    deed: str

    @property
    def notation(self) -> str:
        return f"default {self.deed}"


@dataclass(frozen=True)
class Sell(Move):
    """Sell a deed of your district to the bank to raise tax money."""

    deed: str

    @property
    def notation(self) -> str:
        return f"sell {self.deed}"


@dataclass(frozen=True)
class PlaceExclusive(Move):
    """Place (or move) the district's exclusive token on one of your rented deeds."""

    deed: str

    @property
    def notation(self) -> str:
        return f"exclusive {self.deed}"


@dataclass(frozen=True)
class Lien(Move):
    """A lien holder chooses which deed's income to take this year (seed phase 3, 債務超過 1).

    ``deed`` is the chosen deed (it names the merchant through its contract); ``None``
    waives the income, for ``merchant`` when the landlord holds income rights on several
    merchants. ``income`` only feeds the button label and is ignored when comparing moves.
    """

    deed: str | None
    merchant: int | None = None
    income: int | None = field(default=None, compare=False)

    @property
    def notation(self) -> str:
        if self.deed is not None:
            return f"lien {self.deed}"
        return "lien none" + ("" if self.merchant is None else f" {seat_tag(self.merchant)}")

    @property
    def label(self) -> str:
        if self.deed is None:
            whom = "" if self.merchant is None else f" from {seat_tag(self.merchant)}"
            return f"Take no income{whom} (waive the lien)"
        amount = "" if self.income is None else f" ({money(self.income)})"
        return f"Take {self.deed}'s income{amount}"


@dataclass(frozen=True)
class Bid(Move):
    """Bid for the deed being auctioned (open: must beat the high bid; sealed: one bid)."""

    amount: int

    @property
    def notation(self) -> str:
        return f"bid {self.amount}"

    @property
    def label(self) -> str:
        return f"Bid {money(self.amount)}"


@dataclass(frozen=True)
class Pass(Move):
    """Drop out of bidding for this lot (sealed: bid nothing)."""

    @property
    def notation(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Expire(Move):
    """A timer ran out (negotiation or open-auction quiet period). Applied by the bot only."""

    key: str

    @property
    def notation(self) -> str:
        return f"expire {self.key}"


_AMOUNT = re.compile(r"^\$?(\d{1,3}(,\d{3})+|\d+)$")
_SEAT = re.compile(r"^p(\d{1,2})$")


def parse_amount(word: str, what: str = "amount") -> int:
    """Whole dollars: ``25000``, ``25,000`` or ``$25,000``."""
    m = _AMOUNT.match(word)
    if not m:
        raise InvalidMove(f"`{word[:20]}` is not a whole-dollar {what}; write it like 25000.")
    return int(word.lstrip("$").replace(",", ""))


def parse_notation(text: str) -> Move:
    """Parse notation into a move object (syntax only; the state checks legality).

    The note of an offer keeps its case; the word ``note`` before it is optional, so the
    UI may append free text right after the amount.
    """
    raw = text.split()
    if not raw:
        raise InvalidMove("Type a move, for example `offer r3 25000` or `done`.")
    words = [w.lower() for w in raw]
    verb = words[0]
    n = len(words)
    if verb == "offer":
        if n < 3:
            raise InvalidMove("Write an offer as `offer <deed> <amount>`, e.g. `offer r3 25000`.")
        deed = words[1]
        i = 2
        closed = False
        if words[i] == "closed":
            closed = True
            i += 1
            if i >= n:
                raise InvalidMove("Write a closed offer as `offer <deed> closed <amount>`.")
        amount = parse_amount(words[i], "rent")
        i += 1
        if not closed and i < n and words[i] == "closed" and (i + 1 == n or words[i + 1] == "note"):
            closed = True  # also accept `offer r3 25000 closed`
            i += 1
        if i < n and words[i] == "note":
            i += 1
        note = " ".join(raw[i:])
        move = Offer(deed, amount, closed, note)
        if len(move.notation) > MAX_NOTATION:
            room = MAX_NOTATION - len(Offer(deed, amount, closed, "x").notation) + 1
            raise InvalidMove(f"That note is too long; keep it to {room} characters.")
        return move
    if verb == "withdraw" and n in (2, 3):
        if n == 3 and words[2] != "contract":
            raise InvalidMove("Write `withdraw <deed>` or `withdraw <deed> contract`.")
        return Withdraw(words[1], n == 3)
    if verb == "accept" and n == 3:
        m = _SEAT.match(words[2])
        if not m or int(m.group(1)) < 1:
            raise InvalidMove("Name the merchant as p1, p2, …: `accept r3 p2`.")
        return Accept(words[1], int(m.group(1)) - 1)
    if words == ["done"]:
        return Done()
    if words == ["undo", "done"]:
        return UndoDone()
    if words == ["pay", "all"]:
        return PayAll()
    if verb in ("pay", "default", "sell", "exclusive") and n == 2:
        return {"pay": Pay, "default": Default, "sell": Sell, "exclusive": PlaceExclusive}[verb](
            words[1]
        )
    if verb == "lien" and n in (2, 3):
        if words[1] != "none":
            if n == 3:
                raise InvalidMove("Write `lien <deed>`, e.g. `lien r3`, or `lien none`.")
            return Lien(words[1])
        if n == 2:
            return Lien(None)
        m = _SEAT.match(words[2])
        if not m or int(m.group(1)) < 1:
            raise InvalidMove("Name the merchant as p1, p2, …: `lien none p2`.")
        return Lien(None, int(m.group(1)) - 1)
    if verb == "bid" and n == 2:
        return Bid(parse_amount(words[1], "bid"))
    if words == ["pass"]:
        return Pass()
    if verb == "expire" and n == 2:
        return Expire(words[1])
    raise InvalidMove(
        f"`{text.strip()[:60]}` is not a Masters of Commerce move. Moves look like "
        "`offer r3 25000`, `accept r3 p2`, `lien r3`, `pay r3`, `sell r3`, `bid 15000`, `pass`, "
        "`done`."
    )
