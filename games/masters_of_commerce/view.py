"""What a seat (or the public) may see of a Masters of Commerce game (seed 004).

Money, districts, contracts, liens and the market are public. Private are: offers (each
one is seen by its merchant in ``players[m].offers_made`` and by the deed's landlord in
``players[l].offers_received``; every other view has ``None`` there) and sealed bids
(``players[s].sealed_bid``). Seats are 0-based; notation names seat ``s`` as ``p{s+1}``.
Amounts are whole dollars.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .phases import Phase

if TYPE_CHECKING:
    from .state import MocState

LOG_TAIL = 20


@dataclass(frozen=True)
class OfferView:
    """A pending offer (private to its merchant and the deed's landlord)."""

    deed: str
    merchant: int
    landlord: int
    amount: int
    closed: bool  # proposes a closed contract (expert variant)
    note: str  # free text, not binding
    seq: int  # rises with each offer this viewer made (offers_made) or received
    # (offers_received), for "new offer" notices; says nothing about other players' offers


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
    phase: Phase
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
    # rent phase (engine version 3): (landlord, merchant) pairs deciding whether to place a
    # lien for unpaid rent (public)
    lien_deciding: tuple[tuple[int, int], ...] = ()


def build_view(game: MocState, seat: int | None) -> MocView:
    """What ``seat`` may see of ``game``; ``None`` is the public view."""
    offers = game.offers.items()
    players = []
    for s in range(game.n_seats):
        own = seat == s
        made = received = None
        if own:
            made = tuple(
                OfferView(d, m, game.owner[d], r.amount, r.closed, r.note, r.made_seq)
                for (d, m), r in sorted(offers, key=lambda kv: kv[1].made_seq)
                if m == s
            )
            received = tuple(
                OfferView(d, m, game.owner[d], r.amount, r.closed, r.note, r.received_seq)
                for (d, m), r in sorted(offers, key=lambda kv: kv[1].received_seq)
                if game.owner.get(d) == s
            )
        players.append(
            PlayerView(
                seat=s,
                tag=f"p{s + 1}",
                is_landlord=game.landlord[s],
                is_merchant=game.merchant[s],
                landlord_bankrupt=game.landlord_out[s],
                merchant_bankrupt=game.merchant_out[s],
                money=game.money[s],
                goods=game.goods[s],
                liens_on=tuple(game.liens.get(s, ())),
                lien_income_to=game.lien_income.get(s),
                done=s in game.done,
                can_undo_done=s in game.done and s not in game.undo_used,
                role_roll=game.role_rolls[s],
                offers_made=made,
                offers_received=received,
                sealed_bid=game.sealed.get(s)
                if own and game.phase is Phase.AUCTION and game.auction_mode == "sealed"
                else None,
            )
        )
    districts = []
    for s in range(game.n_seats):
        if not game.landlord[s]:
            continue
        deeds = []
        holder: int | None = None
        ex_deed: str | None = None
        for d in game.district[s]:
            spec = game.c.deed(d)
            c = game.contracts.get(d)
            if c is not None and c.exclusive:
                holder, ex_deed = c.merchant, d
            deeds.append(
                DeedView(
                    id=d,
                    colour=spec.colour,
                    x2=spec.x2,
                    landlord=s,
                    merchant=None if c is None else c.merchant,
                    rent=None if c is None else c.rent,
                    closed=c is not None and c.closed,
                    exclusive=c is not None and c.exclusive,
                    rent_status=game.rent_status.get(d, "") if c is not None else "",
                    income=game.deed_income.get(d) if c is not None else None,
                )
            )
        districts.append(DistrictView(s, tuple(deeds), holder, ex_deed))
    tracks = tuple(
        TrackView(
            colour=c.key,
            letter=c.letter,
            values=c.track,
            start=c.start,
            position=game.position[c.key],
            die=c.die,
            last_roll=None if game.last_roll is None else game.last_roll[c.key],
        )
        for c in game.c.colours
    )
    auction = None
    if game.phase is Phase.AUCTION and game.lots:
        auction = AuctionView(
            mode=game.auction_mode,
            lots=tuple(game.lots),
            lot_index=game.lot_index,
            deed=game.lots[game.lot_index] if game.lot_index < len(game.lots) else None,
            high_bid=game.high_bid,
            high_bidder=game.high_bidder,
            passed=tuple(sorted(game.passed)),
            bidders=tuple(sorted(game.sealed)),
            results=tuple(game.auction_results),
        )
    timer = game.deadline()
    outcome = game.outcome()
    return MocView(
        viewer=seat,
        n_players=game.n_seats,
        variant=game.variant,
        expert=game.expert,
        year=game.year,
        years=game.c.years,
        phase=game.phase,
        phase_label=game.phase_name(),
        to_act=tuple(sorted(game.to_act())),
        players=tuple(players),
        districts=tuple(districts),
        supply=len(game.supply),
        removed=tuple(game.removed),
        tracks=tracks,
        income=tuple(game.income_lines),
        auction=auction,
        deadline_key=None if timer is None else timer.key,
        deadline_seconds=None if timer is None else timer.seconds,
        tax_due={s: v for s, v in game.tax_due.items() if v},
        last_event=game.last_event,
        log=tuple(game.log[-LOG_TAIL:]),
        outcome=None if outcome is None else outcome.to_dict(),
        lien_choosing=tuple((h, m) for m, h in sorted(game.lien_pending.items())),
        lien_deciding=tuple(game.lien_decisions),
    )
