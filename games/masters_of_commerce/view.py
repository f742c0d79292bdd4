"""What a seat (or the public) may see of a Masters of Commerce game (seed 004).

Money, districts, contracts, liens and the market are public. Private are: offers (each
one is seen by its merchant in ``players[m].offers_made`` and by the deed's landlord in
``players[l].offers_received``; every other view has ``None`` there) and sealed bids
(``players[s].sealed_bid``). Seats are 0-based; notation names seat ``s`` as ``p{s+1}``.
Amounts are whole dollars.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PHASES: tuple[str, ...] = (
    "negotiation",
    "income",
    "lien",  # merchant income, lien sub-step: lien holders choose a deed's income
    "rent",
    "tax",
    "exclusive",
    "auction",
    "over",
)


@dataclass(frozen=True)
class OfferView:
    """A pending offer (private to its merchant and the deed's landlord)."""

    deed: str
    merchant: int
    landlord: int
    amount: int
    closed: bool  # proposes a closed contract (expert variant)
    note: str  # free text, not binding
    seq: int  # increases with every offer made in the game (for "new offer" notices)


@dataclass(frozen=True)
class DeedView:
    """A deed in a district, with its contract if rented."""

    id: str  # "r3", "x2g1"
    colour: str  # "red" | "yellow" | "green" | "blue"
    x2: bool
    landlord: int
    merchant: int | None  # seat renting it
    rent: int | None  # agreed yearly rent
    closed: bool  # contract closed for the rest of this negotiation (expert)
    exclusive: bool  # the district's exclusive token lies on it (expert)
    rent_status: str  # "" | "due" | "paid" | "partial" | "defaulted" (rent phase onwards)
    income: int | None  # this year's market income of the deed (after the income phase)


@dataclass(frozen=True)
class DistrictView:
    """A landlord's development district."""

    landlord: int
    deeds: tuple[DeedView, ...]
    exclusive_holder: int | None  # merchant holding this district's exclusive token
    exclusive_deed: str | None


@dataclass(frozen=True)
class PlayerView:
    seat: int
    tag: str  # "p1"
    is_landlord: bool  # holds the landlord role (now or before bankruptcy)
    is_merchant: bool
    landlord_bankrupt: bool
    merchant_bankrupt: bool
    money: int  # public
    goods: str | None  # merchant token set ("apples"…), None for landlord-only players
    liens_on: tuple[int, ...]  # landlords holding a lien on this merchant
    lien_income_to: int | None  # landlord who takes one deed's income next income phase
    # (until they have chosen the deed in that phase's lien step)
    done: bool  # negotiation: marked done
    can_undo_done: bool
    role_roll: tuple[int, ...]  # red-die rolls at setup (re-rolls appended); () if host-set
    # private: only in this seat's own view, None elsewhere
    offers_made: tuple[OfferView, ...] | None
    offers_received: tuple[OfferView, ...] | None
    sealed_bid: int | None  # this seat's sealed bid on the current lot (0 = pass)


@dataclass(frozen=True)
class TrackView:
    colour: str
    letter: str
    values: tuple[int, ...]  # income at each position
    start: int
    position: int  # 0-based index of the indicator
    die: tuple[int, ...]  # faces of this colour's die
    last_roll: int | None


@dataclass(frozen=True)
class IncomeLine:
    """One rented deed's income in the latest income phase."""

    deed: str
    merchant: int
    amount: int  # may be negative; x2 doubled
    paid_to: int  # merchant, or the landlord holding a lien on them


@dataclass(frozen=True)
class AuctionView:
    mode: str  # "open" | "sealed"
    lots: tuple[str, ...]  # deeds drawn for this year's auction, in order
    lot_index: int  # index into lots of the deed now under the hammer
    deed: str | None  # the deed now auctioned
    high_bid: int | None  # open: current high bid
    high_bidder: int | None  # open
    passed: tuple[int, ...]  # open: landlords out of this lot
    bidders: tuple[int, ...]  # sealed: landlords who have bid (amounts hidden)
    results: tuple[tuple[str, int | None, int], ...]  # (deed, winner or None, price) so far


@dataclass(frozen=True)
class MocView:
    viewer: int | None
    n_players: int
    variant: bool  # 3–4 players: everyone is landlord and merchant
    expert: bool
    year: int  # 1..years
    years: int
    phase: str  # one of PHASES
    phase_label: str
    to_act: tuple[int, ...]
    players: tuple[PlayerView, ...]  # indexed by seat
    districts: tuple[DistrictView, ...]  # one per landlord, seat order
    supply: int  # deeds left in the supply
    removed: tuple[str, ...]  # deeds out of the game (unsold at auction)
    tracks: tuple[TrackView, ...]  # red, yellow, green, blue
    income: tuple[IncomeLine, ...]  # latest income phase (empty in the lien step until paid)
    auction: AuctionView | None
    deadline_key: str | None  # the running timer (negotiation or open-auction lot)
    deadline_seconds: float | None
    tax_due: dict[int, int]  # tax phase: landlord seat -> tax owed this year
    last_event: str
    log: tuple[str, ...]  # recent public events, oldest first
    outcome: dict[str, Any] | None
    # lien step: (landlord, merchant) pairs whose choice is still to come (public)
    lien_choosing: tuple[tuple[int, int], ...] = ()
