"""Masters of Commerce (商売の達人, seed 004): the rules engine.

Each year has six phases: negotiation (timed, simultaneous), merchant income (automatic,
with a "lien" sub-step where lien holders choose a deed's income), rent, tax, exclusive
(expert variant) and the landlord auction (not in the last year). The
game ends after the last year's tax phase. Every interpretation of the seed is listed in
docs/rules/masters_of_commerce.md; comments below cite the seed section they implement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import (
    Deadline,
    GameState,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    Move,
    MoveTemplate,
    Notice,
    NotYourTurn,
    Outcome,
    Rng,
)
from games.core.protocol import SYSTEM

from .data import ROLE_DIE, Components, components
from .moves import (
    Accept,
    Bid,
    Default,
    Done,
    Expire,
    Lien,
    Offer,
    Pass,
    Pay,
    PayAll,
    PlaceExclusive,
    Sell,
    UndoDone,
    Withdraw,
    money,
    parse_notation,
    seat_tag,
)
from .setup import deal_districts, roll_for_roles
from .view import (
    AuctionView,
    DeedView,
    DistrictView,
    IncomeLine,
    MocView,
    OfferView,
    PlayerView,
    TrackView,
)

LOG_TAIL = 20
OFFER_DEFAULT = 10_000  # suggested opening offer (x2 deeds: double)
BID_STEPS = (1_000, 5_000)  # suggested raises over the current offer/contract/high bid
OPENING_BIDS = (5_000, 10_000)


@dataclass
class Contract:
    merchant: int
    rent: int
    closed: bool = False  # expert: locked for the rest of this negotiation
    exclusive: bool = False  # expert: the district's exclusive token lies on it


@dataclass
class OfferRec:
    amount: int
    closed: bool
    note: str
    seq: int


class MocState(GameState):
    """A game of Masters of Commerce. Build with ``new_game``; drive with ``apply``."""

    def __init__(self, options: Mapping[str, Any], n_seats: int, seed: int) -> None:
        self.c: Components = components()
        self.n_seats = n_seats
        self.timer = int(options.get("timer", 120))
        self.quiet = int(options.get("auction_quiet", 20))
        self.auction_mode = str(options.get("auction", "open"))
        self.expert = bool(options.get("expert", False))
        self.rng = Rng(seed)
        self.variant = n_seats <= self.c.variant_max_players
        self.log: list[str] = []
        self.last_event = ""

        # roles (seed: プレーヤー割り当て; variant: everyone plays both roles)
        roles = str(options.get("roles", "") or "").strip().lower()
        self.role_rolls: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n_seats))
        if self.variant:
            if roles:
                raise InvalidOptions(
                    "With 3 or 4 players everyone is both landlord and merchant; "
                    "leave the `roles` option empty."
                )
            landlords = frozenset(range(n_seats))
            merchants = frozenset(range(n_seats))
        else:
            if n_seats not in self.c.role_chart:
                raise InvalidOptions(
                    f"Masters of Commerce has no role chart for {n_seats} players."
                )
            n_land, _ = self.c.role_chart[n_seats]
            if roles:
                if len(roles) != n_seats or set(roles) - {"l", "m"}:
                    raise InvalidOptions(
                        f"Option `roles` needs one letter per seat ({n_seats}), "
                        "`l` for landlord or `m` for merchant, e.g. `llmmm`."
                    )
                if roles.count("l") != n_land:
                    raise InvalidOptions(
                        f"With {n_seats} players the chart has {n_land} landlords; "
                        f"`roles` names {roles.count('l')}."
                    )
                landlords = frozenset(i for i, r in enumerate(roles) if r == "l")
            else:
                landlords, self.role_rolls = roll_for_roles(
                    self.rng, n_seats, n_land, self.c.colour(ROLE_DIE).die
                )
            merchants = frozenset(range(n_seats)) - landlords
        self.landlord = [s in landlords for s in range(n_seats)]
        self.merchant = [s in merchants for s in range(n_seats)]
        self.landlord_out = [False] * n_seats
        self.merchant_out = [False] * n_seats
        self.money = [self.c.starting_money] * n_seats
        goods = iter(self.c.goods)
        self.goods: list[str | None] = [next(goods) if m else None for m in self.merchant]

        # districts (seed: ゲーム準備 — 3 deeds each, x2 deeds redrawn)
        deck = [d.id for d in self.c.deeds]
        self.rng.shuffle(deck)
        dealt, redrawn = deal_districts(
            deck,
            [s for s in range(n_seats) if self.landlord[s]],
            self.c.deeds_per_landlord,
            lambda d: self.c.deed(d).x2,
        )
        self.district: dict[int, list[str]] = {s: self._sorted(ds) for s, ds in dealt.items()}
        self.owner: dict[str, int] = {d: s for s, ds in dealt.items() for d in ds}
        self.supply: list[str] = self._sorted(d for d in deck if d not in self.owner)
        self.removed: list[str] = []
        self.contracts: dict[str, Contract] = {}
        self.offers: dict[tuple[str, int], OfferRec] = {}
        self.offer_seq = 0

        # market
        self.position = {c.key: c.start for c in self.c.colours}
        self.last_roll: dict[str, int] | None = None
        self.deed_income: dict[str, int] = {}
        self.income_lines: list[IncomeLine] = []

        # liens: merchant -> landlords holding a lien token; income right due next year
        self.liens: dict[int, list[int]] = {}
        self.lien_income: dict[int, int] = {}
        # lien step of the income phase: merchant -> landlord still choosing, and the
        # choices made, merchant -> (deed whose income the landlord takes, landlord)
        self.lien_pending: dict[int, int] = {}
        self.lien_taken: dict[int, tuple[str, int]] = {}

        # per-phase bookkeeping
        self.year = 1
        self.phase = "negotiation"
        self.done: set[int] = set()
        self.undo_used: set[int] = set()
        self.rent_status: dict[str, str] = {}
        self.rent_paid: dict[str, int] = {}
        self.liened_now: set[tuple[int, int]] = set()
        self.tax_due: dict[int, int] = {}
        self.exclusive_pending: dict[int, int] = {}  # landlord -> merchant who must place
        self.lots: list[str] = []
        self.lot_index = 0
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.passed: set[int] = set()
        self.bid_count = 0
        self.sealed: dict[int, int] = {}
        self.auction_results: list[tuple[str, int | None, int]] = []
        self.result: Outcome | None = None

        events: list[str] = []
        if self.variant:
            events.append(f"{n_seats} players: everyone is landlord and merchant (variant).")
        else:
            how = "chosen by the host" if roles else "rolled with the red die"
            names = ", ".join(seat_tag(s) for s in sorted(landlords))
            events.append(f"Landlords ({how}): {names}; everyone else is a merchant.")
        if redrawn:
            events.append(f"x2 deeds dealt at setup went back: {', '.join(redrawn)}.")
        for s, ds in self.district.items():
            events.append(f"{seat_tag(s)}'s district: {', '.join(ds)}.")
        self._advance(events)
        self._record(events)

    # -- small helpers ----------------------------------------------------------------

    def _sorted(self, deeds: Any) -> list[str]:
        return sorted(deeds, key=lambda d: self.c.deed(d).order)

    def is_landlord(self, seat: int) -> bool:
        """Holds the landlord role and is not bankrupt as landlord."""
        return self.landlord[seat] and not self.landlord_out[seat]

    def is_merchant(self, seat: int) -> bool:
        """Holds the merchant role and is not bankrupt as merchant."""
        return self.merchant[seat] and not self.merchant_out[seat]

    def is_active(self, seat: int) -> bool:
        return self.is_landlord(seat) or self.is_merchant(seat)

    def active_landlords(self) -> list[int]:
        return [s for s in range(self.n_seats) if self.is_landlord(s)]

    def _record(self, events: list[str]) -> None:
        if events:
            self.log.extend(events)
            self.last_event = events[-1]

    def _deed_name(self, deed: str) -> str:
        d = self.c.deed(deed)
        return f"{deed} ({self.c.colour(d.colour).name}{' x2' if d.x2 else ''})"

    # -- protocol -----------------------------------------------------------------------

    def phase_name(self) -> str:
        """``"Year 2 · Rent"``; ``"Game over"`` at the end."""
        if self.phase == "over":
            return "Game over"
        if self.phase == "lien":
            return f"Year {self.year} · Merchant income · lien"
        return f"Year {self.year} · {self.phase.title()}"

    def outcome(self) -> Outcome | None:
        """Final scores (money) once year 5's tax phase is over."""
        return self.result

    def to_act(self) -> frozenset[int]:
        """Seats that may move now (simultaneous in every phase except the open auction)."""
        p = self.phase
        if p == "negotiation":
            return frozenset(
                s
                for s in range(self.n_seats)
                if self.is_active(s) and (s not in self.done or s not in self.undo_used)
            )
        if p == "lien":
            return frozenset(self.lien_pending.values())
        if p == "rent":
            return frozenset(
                c.merchant for d, c in self.contracts.items() if self.rent_status.get(d) == "due"
            )
        if p == "tax":
            return frozenset(s for s, due in self.tax_due.items() if due > self.money[s])
        if p == "exclusive":
            return frozenset(self.exclusive_pending.values())
        if p == "auction":
            lands = self.active_landlords()
            if self.auction_mode == "sealed":
                return frozenset(s for s in lands if s not in self.sealed)
            return frozenset(s for s in lands if s not in self.passed and s != self.high_bidder)
        return frozenset()

    def deadline(self) -> Deadline | None:
        """The negotiation timer, or the open auction's quiet period (restarts on each bid).

        On expiry the bot applies ``apply(deadline.seat, deadline.move)`` (or calls
        ``expire(deadline.key)``) and records it like any move.
        """
        if self.phase == "negotiation":
            key = f"y{self.year}-negotiation"
            seconds = float(self.timer)
        elif self.phase == "auction" and self.auction_mode == "open":
            key = f"y{self.year}-lot{self.lot_index + 1}-bid{self.bid_count}"
            seconds = float(self.quiet)
        else:
            return None
        # A notice at 30 s left (issue #3), and an hour ahead for asynchronous games.
        timed = self.phase == "negotiation"
        warn = tuple(w for w in (3600.0, 30.0) if w < seconds) if timed else ()
        table = key.rsplit("-bid", 1)[0]  # one public message per auction lot
        return Deadline(key, seconds, Expire(key), warn, table)

    def expire(self, key: str) -> list[str]:
        """Apply the running deadline's move if ``key`` names it; a stale key does nothing."""
        d = self.deadline()
        if d is None or d.key != key:
            return []
        return self.apply(d.seat, d.move)

    def expire_deadline(self) -> list[str]:
        """Apply the running deadline's move now (tests and tools)."""
        d = self.deadline()
        return [] if d is None else self.apply(d.seat, d.move)

    def apply(self, seat: int, move: Move) -> list[str]:
        """Validate and apply; a timer's ``Expire`` move is accepted from ``deadline().seat``."""
        if isinstance(move, Expire):
            self._check_expire(seat, move)
            return self._apply(seat, move)
        return super().apply(seat, move)

    def parse_move(self, seat: int, text: str) -> Move:
        """Notation to move; any whole-dollar amount in range is accepted for offers and bids.

        Raises ``InvalidMove`` for malformed text, ``IllegalMove`` with the reason for a move
        the rules forbid now, ``NotYourTurn`` if the seat has nothing to do.
        """
        if self.is_over():
            raise NotYourTurn("The game is over; no more moves can be made.")
        move = parse_notation(text)
        if isinstance(move, Expire):
            self._check_expire(seat, move)
            return move
        self.validate(seat, move)
        self.check_turn(seat)
        if isinstance(move, Lien) and move.deed is not None:
            move = Lien(move.deed, income=self.deed_income[move.deed])  # for the label
        return move

    def _check_expire(self, seat: int, move: Expire) -> None:
        d = self.deadline()
        if d is None or d.move != move:
            raise IllegalMove("That timer is not running any more.")
        if seat != SYSTEM:
            raise IllegalMove("Only the game timer can end this phase.")

    # -- legality -----------------------------------------------------------------------

    def validate(self, seat: int, move: Move) -> None:
        """Raise ``IllegalMove``/``InvalidMove`` with a sentence if ``move`` is not legal now."""
        if not 0 <= seat < self.n_seats:
            raise NotYourTurn("That seat is not in this game.")
        check = {
            Offer: self._check_offer,
            Withdraw: self._check_withdraw,
            Accept: self._check_accept,
            Done: self._check_done,
            UndoDone: self._check_done,
            Pay: self._check_rent,
            Default: self._check_rent,
            PayAll: self._check_pay_all,
            Sell: self._check_sell,
            PlaceExclusive: self._check_exclusive,
            Lien: self._check_lien,
            Bid: self._check_bid,
            Pass: self._check_bid,
        }.get(type(move))
        if check is None:
            raise InvalidMove(f"`{move.notation}` is not a move you can make now.")
        check(seat, move)

    def _known_deed(self, deed: str) -> None:
        if deed not in self.c.deed_index:
            raise InvalidMove(f"There is no deed `{deed}`; deeds are named like r3, y10, x2g1.")
        if deed not in self.owner:
            raise IllegalMove(f"Deed {deed} is not in any landlord's district.")

    def _negotiating(self, seat: int) -> None:
        if self.phase != "negotiation":
            raise IllegalMove(
                "The negotiation is over: offers and contracts cannot change until next year's "
                "negotiation."
            )
        if seat in self.done:
            raise IllegalMove("You marked yourself done; use `undo done` to negotiate again.")

    def _as_merchant(self, seat: int) -> None:
        if self.merchant[seat] and self.merchant_out[seat]:
            raise IllegalMove("You went bankrupt as a merchant and can no longer rent deeds.")
        if not self.merchant[seat]:
            raise IllegalMove("You are a landlord; only merchants make offers and rent deeds.")

    def _locked(self, deed: str) -> None:
        c = self.contracts.get(deed)
        if c is not None and c.exclusive:
            raise IllegalMove(
                f"The contract on {deed} holds the exclusive token and cannot change."
            )
        if c is not None and c.closed:
            raise IllegalMove(f"The contract on {deed} is closed for the rest of this negotiation.")

    def _check_offer(self, seat: int, move: Any) -> None:
        assert isinstance(move, Offer)
        self._negotiating(seat)
        self._as_merchant(seat)
        self._known_deed(move.deed)
        if self.owner[move.deed] == seat:
            raise IllegalMove("You may not rent deeds in your own district (3–4 player variant).")
        self._locked(move.deed)
        if move.closed and not self.expert:
            raise IllegalMove(
                "Closed contracts belong to the expert variant, which is off in this game."
            )
        if move.amount > self.money[seat]:
            raise IllegalMove(
                f"You have only {money(self.money[seat])}, so you cannot offer "
                f"{money(move.amount)}."
            )

    def _check_withdraw(self, seat: int, move: Any) -> None:
        assert isinstance(move, Withdraw)
        self._negotiating(seat)
        self._as_merchant(seat)
        self._known_deed(move.deed)
        if move.contract:
            c = self.contracts.get(move.deed)
            if c is None or c.merchant != seat:
                raise IllegalMove(f"You do not rent {move.deed}.")
            self._locked(move.deed)
        elif (move.deed, seat) not in self.offers:
            raise IllegalMove(f"You have no offer on {move.deed} to withdraw.")

    def _check_accept(self, seat: int, move: Any) -> None:
        assert isinstance(move, Accept)
        self._negotiating(seat)
        if not self.is_landlord(seat):
            raise IllegalMove("Only landlords accept offers.")
        self._known_deed(move.deed)
        if self.owner[move.deed] != seat:
            raise IllegalMove(f"{move.deed} is not in your district.")
        if (move.deed, move.merchant) not in self.offers:
            raise IllegalMove(f"There is no offer from {seat_tag(move.merchant)} on {move.deed}.")
        self._locked(move.deed)

    def _check_done(self, seat: int, move: Any) -> None:
        if self.phase != "negotiation":
            raise IllegalMove("`done` and `undo done` belong to the negotiation.")
        if not self.is_active(seat):
            raise IllegalMove("You have no role left in this game.")
        if isinstance(move, Done) and seat in self.done:
            raise IllegalMove("You are already done.")
        if isinstance(move, UndoDone):
            if seat not in self.done:
                raise IllegalMove("You are not marked done.")
            if seat in self.undo_used:
                raise IllegalMove("You can take back `done` only once per negotiation.")

    def _due(self, seat: int, deed: str) -> Contract:
        if self.phase != "rent":
            raise IllegalMove("Rent is paid in the rent phase.")
        self._known_deed(deed)
        c = self.contracts.get(deed)
        if c is None or c.merchant != seat:
            raise IllegalMove(f"You do not rent {deed}.")
        if self.rent_status.get(deed) != "due":
            raise IllegalMove(f"The rent on {deed} is settled for this year.")
        return c

    def _check_rent(self, seat: int, move: Any) -> None:
        assert isinstance(move, Pay | Default)
        c = self._due(seat, move.deed)
        last = self.year == self.c.years
        if isinstance(move, Default) and last:
            raise IllegalMove(
                "In the last year a merchant must pay all the rent they can (seed Note 12)."
            )
        if isinstance(move, Pay) and not last and c.rent > self.money[seat]:
            raise IllegalMove(
                f"The rent on {move.deed} is {money(c.rent)} but you have only "
                f"{money(self.money[seat])}; you can only default."
            )

    def _my_due(self, seat: int) -> list[str]:
        return [
            d
            for d, c in self.contracts.items()
            if c.merchant == seat and self.rent_status.get(d) == "due"
        ]

    def _check_pay_all(self, seat: int, move: Any) -> None:
        if self.phase != "rent":
            raise IllegalMove("Rent is paid in the rent phase.")
        due = self._my_due(seat)
        if not due:
            raise IllegalMove("You owe no rent now.")
        total = sum(self.contracts[d].rent for d in due)
        if total > self.money[seat]:
            raise IllegalMove(
                f"Your rents come to {money(total)} but you have only "
                f"{money(self.money[seat])}; pay or default them one by one."
            )

    def _check_sell(self, seat: int, move: Any) -> None:
        assert isinstance(move, Sell)
        if self.phase != "tax":
            raise IllegalMove("Deeds are sold to the bank only to pay tax.")
        if seat not in self.tax_due:
            raise IllegalMove("You pay no tax this year.")
        if self.money[seat] >= self.tax_due[seat]:
            raise IllegalMove("You can already pay your tax; there is nothing to sell.")
        self._known_deed(move.deed)
        if self.owner[move.deed] != seat:
            raise IllegalMove(f"{move.deed} is not in your district.")

    def _check_exclusive(self, seat: int, move: Any) -> None:
        assert isinstance(move, PlaceExclusive)
        if self.phase != "exclusive":
            raise IllegalMove("The exclusive token moves only in the exclusive phase (Note 8).")
        self._known_deed(move.deed)
        landlord = self.owner[move.deed]
        if self.exclusive_pending.get(landlord) != seat:
            raise IllegalMove(
                f"You are not placing the exclusive token of {seat_tag(landlord)}'s district."
            )
        c = self.contracts.get(move.deed)
        if c is None or c.merchant != seat:
            raise IllegalMove(f"You do not rent {move.deed}.")

    def _lien_merchants(self, seat: int) -> list[int]:
        """Merchants on whose deeds ``seat`` still chooses an income in this lien step."""
        return sorted(m for m, holder in self.lien_pending.items() if holder == seat)

    def _lien_deeds(self, merchant: int) -> list[str]:
        """The merchant's rented deeds with a positive income this year (lien choices)."""
        return self._sorted(
            d
            for d, c in self.contracts.items()
            if c.merchant == merchant and self.deed_income.get(d, 0) > 0
        )

    def _check_lien(self, seat: int, move: Any) -> None:
        assert isinstance(move, Lien)
        if self.phase != "lien":
            raise IllegalMove(
                "Lien income is chosen in the merchant-income phase, after the dice are rolled; "
                "there is no lien choice to make now."
            )
        mine = self._lien_merchants(seat)
        if not mine:
            raise IllegalMove("You hold no lien income to collect this year.")
        names = " and ".join(seat_tag(m) for m in mine)
        if move.deed is None:
            if move.merchant is None:
                if len(mine) > 1:
                    raise IllegalMove(
                        f"You hold lien income on {names}; say whose you waive, e.g. "
                        f"`lien none {seat_tag(mine[0])}`."
                    )
            elif move.merchant not in mine:
                raise IllegalMove(
                    f"You hold no lien income on {seat_tag(move.merchant)} this year "
                    f"(only on {names})."
                )
            return
        self._known_deed(move.deed)
        c = self.contracts.get(move.deed)
        if c is None or c.merchant not in mine:
            rented = "not rented" if c is None else f"rented by {seat_tag(c.merchant)}"
            options = ", ".join(d for m in mine for d in self._lien_deeds(m))
            raise IllegalMove(
                f"{move.deed} is {rented}; your lien takes the income of a deed rented by "
                f"{names}: {options}."
            )
        income = self.deed_income.get(move.deed, 0)
        if income <= 0:
            raise IllegalMove(
                f"{move.deed} earns {money(income)} this year; a lien takes income, not a loss. "
                "Choose a deed that earns, or `lien none`."
            )

    def _check_bid(self, seat: int, move: Any) -> None:
        if self.phase != "auction":
            raise IllegalMove("No deed is being auctioned now.")
        if not self.is_landlord(seat):
            raise IllegalMove("Only landlords bid in the auction.")
        if self.auction_mode == "sealed":
            if seat in self.sealed:
                raise IllegalMove("You have already bid on this lot.")
        else:
            if seat in self.passed:
                raise IllegalMove("You passed on this lot.")
            if seat == self.high_bidder:
                raise IllegalMove("You already hold the high bid.")
        if isinstance(move, Bid):
            if move.amount < 1:
                raise IllegalMove("A bid must be at least $1; to bid nothing, `pass`.")
            if self.high_bid is not None and move.amount <= self.high_bid:
                raise IllegalMove(f"A bid must beat the high bid of {money(self.high_bid)}.")
            if move.amount > self.money[seat]:
                raise IllegalMove(
                    f"You have only {money(self.money[seat])}, so you cannot bid "
                    f"{money(move.amount)}."
                )

    # -- legal moves and templates --------------------------------------------------------

    def _offerable(self, seat: int) -> list[str]:
        """Deeds ``seat`` may make an offer on now (negotiating merchant, not done)."""
        if self.phase != "negotiation" or seat in self.done or not self.is_merchant(seat):
            return []
        out = []
        for s in self.active_landlords():
            if s == seat:
                continue
            for d in self.district[s]:
                c = self.contracts.get(d)
                if c is None or not (c.closed or c.exclusive):
                    out.append(d)
        return out

    def _offer_suggestions(self, seat: int, deed: str) -> tuple[int, ...]:
        c = self.contracts.get(deed)
        base: tuple[int, ...]
        if c is None:
            base = (OFFER_DEFAULT * (2 if self.c.deed(deed).x2 else 1),)
        else:
            base = tuple(c.rent + step for step in BID_STEPS)
        return tuple(a for a in base if a <= self.money[seat])

    def _bid_suggestions(self, seat: int) -> tuple[int, ...]:
        base: tuple[int, ...]
        if self.high_bid is None:
            base = OPENING_BIDS
        else:
            base = tuple(self.high_bid + step for step in BID_STEPS)
        return tuple(a for a in base if a <= self.money[seat])

    def legal_moves(self, seat: int) -> Sequence[Move]:
        """Every fixed move of ``seat`` now, plus a few suggested amounts for offers and bids."""
        if self.result is not None or seat not in self.to_act():
            return []
        p = self.phase
        moves: list[Move] = []
        if p == "negotiation":
            if seat in self.done:
                return [UndoDone()]
            for d in self._offerable(seat):
                c = self.contracts.get(d)
                mine = c is not None and c.merchant == seat
                if (d, seat) in self.offers:
                    moves.append(Withdraw(d))
                elif not mine:  # a new rent for your own contract: use the template
                    moves += [Offer(d, a) for a in self._offer_suggestions(seat, d)]
                if mine:
                    moves.append(Withdraw(d, contract=True))
            if self.is_landlord(seat):
                for d, m in sorted(self.offers, key=lambda k: (self.c.deed(k[0]).order, k[1])):
                    if self.owner.get(d) == seat:
                        c = self.contracts.get(d)
                        if c is None or not (c.closed or c.exclusive):
                            moves.append(Accept(d, m))
            moves.append(Done())
        elif p == "lien":
            liened = self._lien_merchants(seat)
            for m in liened:
                moves += [Lien(d, income=self.deed_income[d]) for d in self._lien_deeds(m)]
                moves.append(Lien(None, m if len(liened) > 1 else None))
        elif p == "rent":
            due = self._sorted(self._my_due(seat))
            last = self.year == self.c.years
            if not last and sum(self.contracts[d].rent for d in due) <= self.money[seat]:
                moves.append(PayAll())
            for d in due:
                if last or self.contracts[d].rent <= self.money[seat]:
                    moves.append(Pay(d))
                if not last:
                    moves.append(Default(d))
        elif p == "tax":
            moves += [Sell(d) for d in self.district[seat]]
        elif p == "exclusive":
            for landlord, m in self.exclusive_pending.items():
                if m == seat:
                    moves += [
                        PlaceExclusive(d)
                        for d in self.district[landlord]
                        if d in self.contracts and self.contracts[d].merchant == seat
                    ]
        elif p == "auction":
            moves += [Bid(a) for a in self._bid_suggestions(seat)]
            moves.append(Pass())
        return moves

    def move_templates(self, seat: int) -> Sequence[MoveTemplate]:
        """Free-amount moves: offers (with an optional note) and bids."""
        if self.result is not None or seat not in self.to_act():
            return []
        out: list[MoveTemplate] = []
        hi = self.money[seat]
        if self.phase == "negotiation":
            for d in self._offerable(seat):
                landlord = seat_tag(self.owner[d])
                sugg = self._offer_suggestions(seat, d)
                kinds = [("", "rent")] + ([(" closed", "a closed contract")] if self.expert else [])
                for suffix, what in kinds:
                    out.append(
                        MoveTemplate(
                            prefix=f"offer {d}{suffix}",
                            label=f"Offer {what} for {self._deed_name(d)} to {landlord}",
                            param="rent",
                            lo=0,
                            hi=hi,
                            unit="$",
                            suggestions=sugg,
                            text_param="note",
                        )
                    )
        elif self.phase == "auction":
            lo = 1 if self.high_bid is None else self.high_bid + 1
            if lo <= hi:
                deed = self.lots[self.lot_index]
                out.append(
                    MoveTemplate(
                        prefix="bid",
                        label=f"Bid for {self._deed_name(deed)}",
                        param="bid",
                        lo=lo,
                        hi=hi,
                        unit="$",
                        suggestions=self._bid_suggestions(seat),
                    )
                )
        return out

    # -- applying moves -------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[str]:
        events: list[str] = []
        who = seat_tag(seat)
        if isinstance(move, Offer):
            self.offer_seq += 1
            self.offers[(move.deed, seat)] = OfferRec(
                move.amount, move.closed, move.note, self.offer_seq
            )
            # offers are private: no public event
        elif isinstance(move, Withdraw):
            if move.contract:
                del self.contracts[move.deed]
                events.append(f"{who} withdrew from the contract on {move.deed}.")
            else:
                del self.offers[(move.deed, seat)]
        elif isinstance(move, Accept):
            events.append(self._accept(seat, move))
        elif isinstance(move, Done):
            self.done.add(seat)
            events.append(f"{who} is done negotiating.")
        elif isinstance(move, UndoDone):
            self.done.discard(seat)
            self.undo_used.add(seat)
            events.append(f"{who} is negotiating again.")
        elif isinstance(move, Expire):
            events.append(self._expire())
        elif isinstance(move, PayAll):
            for d in self._sorted(self._my_due(seat)):
                events += self._pay(seat, d)
        elif isinstance(move, Pay):
            events += self._pay(seat, move.deed)
        elif isinstance(move, Default):
            events += self._default(seat, move.deed)
        elif isinstance(move, Sell):
            events += self._sell(seat, move.deed)
        elif isinstance(move, PlaceExclusive):
            events.append(self._place_exclusive(seat, move.deed))
        elif isinstance(move, Lien):
            events.append(self._choose_lien(seat, move))
        elif isinstance(move, Bid):
            events += self._bid(seat, move.amount)
        elif isinstance(move, Pass):
            events += self._pass(seat)
        self._advance(events)
        self._record(events)
        return events

    # phase 1: negotiation -------------------------------------------------------------------

    def public_notation(self, seat: int, move: Move) -> str | None:
        """Offers are private to the two parties; sealed bids (and sealed passes) are secret."""
        if isinstance(move, Offer) or (isinstance(move, Withdraw) and not move.contract):
            return None
        if isinstance(move, (Bid, Pass)) and self.auction_mode == "sealed":
            return "bid (sealed)"
        return move.notation

    def notices(self, seat: int, move: Move) -> Mapping[int, Notice]:
        """Tell the landlord privately about an offer or its withdrawal (seed phase 1).

        Offers are private to the two parties; the landlord can accept in one click.
        """
        if isinstance(move, Offer):
            landlord = self.owner[move.deed]
            closed = " as a **closed** contract" if move.closed else ""
            note = f' Note (not binding): "{move.note}"' if move.note else ""
            return {
                landlord: Notice(
                    f"{seat_tag(seat)} offers {money(move.amount)} rent for "
                    f"{self._deed_name(move.deed)}{closed}.{note}",
                    (f"accept {move.deed} {seat_tag(seat)}",),
                )
            }
        if isinstance(move, Withdraw) and not move.contract:
            landlord = self.owner[move.deed]
            return {
                landlord: Notice(
                    f"{seat_tag(seat)} withdrew their offer on {self._deed_name(move.deed)}."
                )
            }
        return {}

    def _accept(self, seat: int, move: Accept) -> str:
        """The landlord writes the amount and places the merchant's token (seed phase 1 A/B)."""
        offer = self.offers.pop((move.deed, move.merchant))
        old = self.contracts.get(move.deed)
        self.contracts[move.deed] = Contract(move.merchant, offer.amount, closed=offer.closed)
        if offer.closed:
            # a closed contract cannot be replaced this negotiation: other offers are moot
            for key in [k for k in self.offers if k[0] == move.deed]:
                del self.offers[key]
        text = (
            f"{seat_tag(seat)} rented {self._deed_name(move.deed)} to "
            f"{seat_tag(move.merchant)} for {money(offer.amount)}"
        )
        if offer.closed:
            text += " (closed)"
        if old is not None and old.merchant != move.merchant:
            text += f", replacing {seat_tag(old.merchant)}'s contract"
        elif old is not None:
            text += f", replacing their {money(old.rent)} contract"
        return text + "."

    def _expire(self) -> str:
        if self.phase == "negotiation":
            self._end_negotiation()
            return f"Time is up: the negotiation of year {self.year} is over."
        return self._close_lot(timed_out=True)

    def _end_negotiation(self) -> None:
        # Closed tokens flip back to open; unaccepted offers lapse (seed phase 1).
        self.offers.clear()
        for c in self.contracts.values():
            c.closed = False
        self.done.clear()
        self.undo_used.clear()
        self.phase = "income"

    # phase 2: merchant income ------------------------------------------------------------

    def _income(self, events: list[str]) -> None:
        """Roll the four dice, move the indicators and work out each rented deed's income.

        The income is paid by ``_pay_income`` once every lien holder has chosen a deed.
        """
        rolls: dict[str, int] = {}
        for colour in self.c.colours:
            face = self.rng.choice(colour.die)
            rolls[colour.key] = face
            pos = self.position[colour.key] + face
            self.position[colour.key] = max(0, min(len(colour.track) - 1, pos))
        self.last_roll = rolls
        values = {c.key: c.track[self.position[c.key]] for c in self.c.colours}
        events.append(
            "Dice: "
            + ", ".join(f"{c.name.lower()} {rolls[c.key]:+d}" for c in self.c.colours)
            + ". Market: "
            + ", ".join(f"{c.name.lower()} {money(values[c.key])}" for c in self.c.colours)
            + "."
        )
        self.deed_income = {}
        for d in self._sorted(self.contracts):
            deed = self.c.deed(d)
            self.deed_income[d] = values[deed.colour] * (2 if deed.x2 else 1)
        self.income_lines = []

    def _open_liens(self, events: list[str]) -> None:
        """Lien income (seed phase 3, 債務超過 1): each holder chooses one deed's income.

        Every income right is used in this income phase. It lapses if the holder is no
        longer a landlord; it brings nothing if none of the merchant's deeds earns a positive
        income (a loss is not income). Otherwise the holder must choose (``lien``).
        """
        self.lien_pending = {}
        self.lien_taken = {}
        for m, holder in sorted(self.lien_income.items()):
            if not self.is_landlord(holder):
                del self.lien_income[m]
            elif not self._lien_deeds(m):
                del self.lien_income[m]
                rents = any(c.merchant == m for c in self.contracts.values())
                why = "none of their deeds earns an income" if rents else "they rent no deed"
                events.append(
                    f"{seat_tag(holder)}'s lien on {seat_tag(m)} brings nothing this year: {why}."
                )
            else:
                self.lien_pending[m] = holder
                events.append(
                    f"{seat_tag(holder)} is choosing which of {seat_tag(m)}'s deeds' income to "
                    "take (lien)."
                )

    def _choose_lien(self, seat: int, move: Lien) -> str:
        if move.deed is None:
            m = move.merchant if move.merchant is not None else self._lien_merchants(seat)[0]
            del self.lien_pending[m]
            del self.lien_income[m]
            return f"{seat_tag(seat)} waives the lien income from {seat_tag(m)} this year."
        m = self.contracts[move.deed].merchant
        del self.lien_pending[m]
        del self.lien_income[m]
        self.lien_taken[m] = (move.deed, seat)
        return (
            f"{seat_tag(seat)} takes the income of {move.deed} "
            f"({money(self.deed_income[move.deed])}) from {seat_tag(m)} (lien)."
        )

    def _pay_income(self, events: list[str]) -> None:
        """Pay every rented deed's income: to its merchant, or to the lien holder who chose it."""
        by_merchant: dict[int, list[str]] = {}
        for d in self._sorted(self.contracts):
            by_merchant.setdefault(self.contracts[d].merchant, []).append(d)
        lines: list[IncomeLine] = []
        for m in sorted(by_merchant):
            taken, holder = self.lien_taken.get(m, ("", m))
            total = 0
            for d in by_merchant[m]:
                amount = self.deed_income[d]
                if d == taken:
                    self.money[holder] += amount
                    lines.append(IncomeLine(d, m, amount, holder))
                else:
                    lines.append(IncomeLine(d, m, amount, m))
                    total += amount
            before = self.money[m]
            self.money[m] = max(0, before + total)
            text = f"{seat_tag(m)} earns {money(total)}"
            if before + total < 0:
                text += f" and can pay only {money(before)} of the loss"
            events.append(text + ".")
        self.income_lines = lines
        self.lien_taken = {}

    # phase 3: rent -----------------------------------------------------------------------

    def _start_rent(self) -> None:
        self.rent_status = {d: "due" for d in self.contracts}
        self.rent_paid = {}
        self.liened_now = set()

    def _pay(self, seat: int, deed: str) -> list[str]:
        c = self.contracts[deed]
        landlord = self.owner[deed]
        amount = min(c.rent, self.money[seat])
        self.money[seat] -= amount
        self.money[landlord] += amount
        self.rent_paid[deed] = amount
        if amount == c.rent:
            self.rent_status[deed] = "paid"
            return [
                f"{seat_tag(seat)} paid {money(amount)} rent on {deed} to {seat_tag(landlord)}."
            ]
        # last year only: paid all they had, short of the full rent
        self.rent_status[deed] = "partial"
        events = [
            f"{seat_tag(seat)} paid all they had, {money(amount)} of {money(c.rent)}, "
            f"on {deed} to {seat_tag(landlord)}."
        ]
        return events + self._lien(landlord, seat)

    def _default(self, seat: int, deed: str) -> list[str]:
        landlord = self.owner[deed]
        self.rent_status[deed] = "defaulted"
        self.rent_paid[deed] = 0
        events = [f"{seat_tag(seat)} did not pay the rent on {deed} to {seat_tag(landlord)}."]
        return events + self._lien(landlord, seat)

    def _lien(self, landlord: int, merchant: int) -> list[str]:
        """Unpaid rent: the landlord's lien on the merchant; a second lien bankrupts them."""
        if (landlord, merchant) in self.liened_now:
            return []  # one lien per landlord and merchant for one year's unpaid rent
        self.liened_now.add((landlord, merchant))
        held = self.liens.setdefault(merchant, [])
        if held:
            return [
                f"{seat_tag(landlord)} places a second lien on {seat_tag(merchant)}.",
                *self._bankrupt_merchant(merchant),
            ]
        held.append(landlord)
        self.lien_income[merchant] = landlord
        return [
            f"{seat_tag(landlord)} places a lien on {seat_tag(merchant)} and takes one of their "
            "deeds' income next year."
        ]

    def _bankrupt_merchant(self, seat: int) -> list[str]:
        """Second lien: the merchant's tokens (and money, except in the variant) leave."""
        self.merchant_out[seat] = True
        for d in [d for d, c in self.contracts.items() if c.merchant == seat]:
            del self.contracts[d]
            if self.rent_status.get(d) == "due":
                self.rent_status[d] = "defaulted"
                self.rent_paid[d] = 0
        for key in [k for k in self.offers if k[1] == seat]:
            del self.offers[key]
        self.liens.pop(seat, None)
        self.lien_income.pop(seat, None)
        if self.variant:
            return [f"{seat_tag(seat)} is bankrupt as a merchant and plays on as a landlord."]
        lost = self.money[seat]
        self.money[seat] = 0
        return [f"{seat_tag(seat)} is bankrupt: their tokens and {money(lost)} leave the game."]

    def _auto_rent(self, events: list[str]) -> None:
        """Last year: a merchant who can pay everything pays everything (Note 12)."""
        if self.year != self.c.years:
            return
        for m in sorted({c.merchant for c in self.contracts.values()}):
            due = self._my_due(m)
            if due and sum(self.contracts[d].rent for d in due) <= self.money[m]:
                for d in self._sorted(due):
                    events += self._pay(m, d)

    # phase 4: tax ------------------------------------------------------------------------

    def _start_tax(self, events: list[str]) -> None:
        self.tax_due = {
            s: self.c.tax_per_deed * len(self.district[s]) for s in self.active_landlords()
        }
        for s in sorted(self.tax_due):
            events += self._settle_tax(s)

    def _settle_tax(self, seat: int, first: bool = True) -> list[str]:
        """Pay the tax if possible; bankrupt the landlord if nothing is left to sell."""
        due = self.tax_due[seat]
        if due <= self.money[seat]:
            self.money[seat] -= due
            self.tax_due[seat] = 0
            return [f"{seat_tag(seat)} paid {money(due)} tax."] if due else []
        if not self.district[seat]:
            return self._bankrupt_landlord(seat)
        if not first:
            return []
        return [
            f"{seat_tag(seat)} owes {money(due)} tax but has {money(self.money[seat])} "
            "and must sell deeds to the bank."
        ]

    def _sell(self, seat: int, deed: str) -> list[str]:
        self.district[seat].remove(deed)
        del self.owner[deed]
        c = self.contracts.pop(deed, None)
        self.supply = self._sorted([*self.supply, deed])
        self.money[seat] += self.c.sale_price
        text = f"{seat_tag(seat)} sold {deed} to the bank for {money(self.c.sale_price)}"
        if c is not None:
            text += f"; {seat_tag(c.merchant)}'s token goes back"
        return [text + ".", *self._settle_tax(seat, first=False)]

    def _bankrupt_landlord(self, seat: int) -> list[str]:
        lost = self.money[seat]
        self.money[seat] = 0
        self.tax_due[seat] = 0
        self.landlord_out[seat] = True
        for m, holder in list(self.lien_income.items()):
            if holder == seat:
                del self.lien_income[m]
        text = f"{seat_tag(seat)} cannot pay the tax: they pay {money(lost)} and are bankrupt"
        if self.variant and self.is_merchant(seat):
            return [text + " as a landlord and play on as a merchant."]
        return [text + "."]

    # phase 5: exclusive ------------------------------------------------------------------

    def _start_exclusive(self, events: list[str]) -> None:
        """In each district the merchant renting most deeds gets the exclusive token (Note 7)."""
        self.exclusive_pending = {}
        for landlord in self.active_landlords():
            counts: dict[int, list[int]] = {}
            for d in self.district[landlord]:
                c = self.contracts.get(d)
                if c is not None:
                    tally = counts.setdefault(c.merchant, [0, 0])
                    tally[0] += 1
                    tally[1] += self.rent_paid.get(d, 0)
            ranked = sorted(counts.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
            current = next(
                (
                    d
                    for d in self.district[landlord]
                    if d in self.contracts and self.contracts[d].exclusive
                ),
                None,
            )
            winner = None
            if ranked and (len(ranked) == 1 or ranked[0][1] != ranked[1][1]):
                winner = ranked[0][0]
            if winner is None:
                if current is not None:
                    self.contracts[current].exclusive = False
                    events.append(
                        f"Nobody leads {seat_tag(landlord)}'s district: its exclusive token "
                        "is removed."
                    )
                continue
            options = [
                d
                for d in self.district[landlord]
                if d in self.contracts and self.contracts[d].merchant == winner
            ]
            if len(options) == 1:
                events.append(self._place_exclusive(winner, options[0]))
            else:
                self.exclusive_pending[landlord] = winner
                events.append(
                    f"{seat_tag(winner)} leads {seat_tag(landlord)}'s district and places its "
                    "exclusive token."
                )

    def _place_exclusive(self, seat: int, deed: str) -> str:
        landlord = self.owner[deed]
        for d in self.district[landlord]:
            if d in self.contracts:
                self.contracts[d].exclusive = d == deed
        self.exclusive_pending.pop(landlord, None)
        return f"{seat_tag(seat)} puts {seat_tag(landlord)}'s exclusive token on {deed}."

    # phase 6: landlord auction -------------------------------------------------------------

    def _start_auction(self, events: list[str]) -> None:
        """Draw 2 × landlords − 1 deeds (fewer if the supply is short, Note 10)."""
        n = min(2 * len(self.active_landlords()) - 1, len(self.supply))
        self.lots = []
        for _ in range(max(0, n)):
            self.lots.append(self.supply.pop(self.rng.randrange(len(self.supply))))
        self.lot_index = 0
        self.auction_results = []
        self._open_lot()
        if self.lots:
            events.append(
                f"Auction of year {self.year}: {', '.join(self.lots)} ({self.auction_mode} bids)."
            )

    def _open_lot(self) -> None:
        self.high_bid = None
        self.high_bidder = None
        self.passed = set()
        self.sealed = {}
        self.bid_count = 0

    def _bid(self, seat: int, amount: int) -> list[str]:
        deed = self.lots[self.lot_index]
        if self.auction_mode == "sealed":
            self.sealed[seat] = amount
            return [f"{seat_tag(seat)} has bid on {deed}."]
        self.high_bid = amount
        self.high_bidder = seat
        self.bid_count += 1
        return [f"{seat_tag(seat)} bids {money(amount)} for {deed}."]

    def _pass(self, seat: int) -> list[str]:
        deed = self.lots[self.lot_index]
        if self.auction_mode == "sealed":
            self.sealed[seat] = 0
            return [f"{seat_tag(seat)} has bid on {deed}."]
        self.passed.add(seat)
        return [f"{seat_tag(seat)} passes on {deed}."]

    def _close_lot(self, timed_out: bool = False) -> str:
        deed = self.lots[self.lot_index]
        winner: int | None = None
        price = 0
        if self.auction_mode == "sealed":
            best = max(self.sealed.values(), default=0)
            if best > 0:
                winner = min(s for s, a in self.sealed.items() if a == best)
                price = best
        elif self.high_bidder is not None and self.high_bid is not None:
            winner, price = self.high_bidder, self.high_bid
        self.auction_results.append((deed, winner, price))
        self.lot_index += 1
        self._open_lot()
        prefix = "Time is up. " if timed_out else ""
        if winner is None:
            self.removed.append(deed)
            return f"{prefix}Nobody bid for {deed}: it leaves the game."
        self.money[winner] -= price
        self.district[winner] = self._sorted([*self.district[winner], deed])
        self.owner[deed] = winner
        return f"{prefix}{seat_tag(winner)} buys {self._deed_name(deed)} for {money(price)}."

    # flow ---------------------------------------------------------------------------------

    def _advance(self, events: list[str]) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        while self.result is None:
            if not any(self.is_active(s) for s in range(self.n_seats)):
                self._finish("Every player is bankrupt.", events)
                return
            p = self.phase
            if p == "negotiation":
                active = [s for s in range(self.n_seats) if self.is_active(s)]
                if not all(s in self.done for s in active):
                    return
                self._end_negotiation()
                events.append(f"Everyone is done: the negotiation of year {self.year} is over.")
            elif p == "income":
                self._income(events)
                self._open_liens(events)
                self.phase = "lien"
            elif p == "lien":
                if self.to_act():
                    return
                self._pay_income(events)
                self.phase = "rent"
                self._start_rent()
            elif p == "rent":
                self._auto_rent(events)
                if self.to_act():
                    return
                self.phase = "tax"
                self._start_tax(events)
            elif p == "tax":
                if self.to_act():
                    return
                self.tax_due = {}
                if self.year == self.c.years:
                    self._finish(f"Year {self.year} is over.", events)
                    return
                if self.expert:
                    self.phase = "exclusive"
                    self._start_exclusive(events)
                else:
                    self.phase = "auction"
                    self._start_auction(events)
            elif p == "exclusive":
                if self.to_act():
                    return
                self.phase = "auction"
                self._start_auction(events)
            elif p == "auction":
                if self.lot_index < len(self.lots):
                    if self.to_act():
                        return
                    events.append(self._close_lot())
                    continue
                self.lots = []
                self.year += 1
                self.phase = "negotiation"
                self.rent_status = {}
                self.rent_paid = {}
                events.append(f"Year {self.year} begins: negotiate!")
            else:
                return

    def _finish(self, reason: str, events: list[str]) -> None:
        """Richest landlord and richest merchant win; in the variant the richest player."""
        self.phase = "over"
        self.offers.clear()
        scores = {s: self.money[s] for s in range(self.n_seats)}

        def ranking(group: list[int], out: list[bool]) -> dict[int, int]:
            key = {s: (not out[s], self.money[s]) for s in group}
            return {s: 1 + sum(1 for t in group if key[t] > key[s]) for s in group}

        everyone = list(range(self.n_seats))
        if self.variant:
            both_out = [self.landlord_out[s] and self.merchant_out[s] for s in everyone]
            ranks = ranking(everyone, both_out)
            role_rank = ranks
            winners = frozenset(s for s in everyone if ranks[s] == 1 and not both_out[s])
            text = "the richest player wins"
        else:
            lands = [s for s in everyone if self.landlord[s]]
            merch = [s for s in everyone if self.merchant[s]]
            role_rank = {**ranking(lands, self.landlord_out), **ranking(merch, self.merchant_out)}
            ranks = role_rank
            winners = frozenset(
                [s for s in lands if role_rank[s] == 1 and not self.landlord_out[s]]
                + [s for s in merch if role_rank[s] == 1 and not self.merchant_out[s]]
            )
            text = "the richest landlord and the richest merchant win"
        details = {
            s: {
                "money": self.money[s],
                "landlord": int(self.landlord[s]),
                "merchant": int(self.merchant[s]),
                "landlord_bankrupt": int(self.landlord_out[s]),
                "merchant_bankrupt": int(self.merchant_out[s]),
                "deeds": len(self.district.get(s, [])),
                "contracts": sum(1 for c in self.contracts.values() if c.merchant == s),
                "liens": len(self.liens.get(s, [])),
                "role_rank": role_rank[s],
            }
            for s in everyone
        }
        self.result = Outcome(scores, ranks, winners, f"{reason} By money, {text}.", details)
        names = ", ".join(seat_tag(s) for s in sorted(winners)) or "nobody"
        events.append(f"Game over: {names} win{'s' if len(winners) == 1 else ''}.")

    # -- views -------------------------------------------------------------------------------

    def _offer_view(self, key: tuple[str, int], rec: OfferRec) -> OfferView:
        deed, m = key
        return OfferView(deed, m, self.owner[deed], rec.amount, rec.closed, rec.note, rec.seq)

    def view(self, seat: int | None) -> MocView:
        """What ``seat`` may see; ``None`` is the public view (no offers, no sealed bids)."""
        offers = sorted(self.offers.items(), key=lambda kv: kv[1].seq)
        players = []
        for s in range(self.n_seats):
            own = seat == s
            players.append(
                PlayerView(
                    seat=s,
                    tag=seat_tag(s),
                    is_landlord=self.landlord[s],
                    is_merchant=self.merchant[s],
                    landlord_bankrupt=self.landlord_out[s],
                    merchant_bankrupt=self.merchant_out[s],
                    money=self.money[s],
                    goods=self.goods[s],
                    liens_on=tuple(self.liens.get(s, ())),
                    lien_income_to=self.lien_income.get(s),
                    done=s in self.done,
                    can_undo_done=s in self.done and s not in self.undo_used,
                    role_roll=self.role_rolls[s],
                    offers_made=tuple(self._offer_view(k, r) for k, r in offers if k[1] == s)
                    if own
                    else None,
                    offers_received=tuple(
                        self._offer_view(k, r) for k, r in offers if self.owner.get(k[0]) == s
                    )
                    if own
                    else None,
                    sealed_bid=self.sealed.get(s)
                    if own and self.phase == "auction" and self.auction_mode == "sealed"
                    else None,
                )
            )
        districts = []
        for s in range(self.n_seats):
            if not self.landlord[s]:
                continue
            deeds = []
            holder: int | None = None
            ex_deed: str | None = None
            for d in self.district[s]:
                spec = self.c.deed(d)
                c = self.contracts.get(d)
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
                        rent_status=self.rent_status.get(d, "") if c is not None else "",
                        income=self.deed_income.get(d) if c is not None else None,
                    )
                )
            districts.append(DistrictView(s, tuple(deeds), holder, ex_deed))
        tracks = tuple(
            TrackView(
                colour=c.key,
                letter=c.letter,
                values=c.track,
                start=c.start,
                position=self.position[c.key],
                die=c.die,
                last_roll=None if self.last_roll is None else self.last_roll[c.key],
            )
            for c in self.c.colours
        )
        auction = None
        if self.phase == "auction" and self.lots:
            auction = AuctionView(
                mode=self.auction_mode,
                lots=tuple(self.lots),
                lot_index=self.lot_index,
                deed=self.lots[self.lot_index] if self.lot_index < len(self.lots) else None,
                high_bid=self.high_bid,
                high_bidder=self.high_bidder,
                passed=tuple(sorted(self.passed)),
                bidders=tuple(sorted(self.sealed)),
                results=tuple(self.auction_results),
            )
        timer = self.deadline()
        return MocView(
            viewer=seat,
            n_players=self.n_seats,
            variant=self.variant,
            expert=self.expert,
            year=self.year,
            years=self.c.years,
            phase=self.phase,
            phase_label=self.phase_name(),
            to_act=tuple(sorted(self.to_act())),
            players=tuple(players),
            districts=tuple(districts),
            supply=len(self.supply),
            removed=tuple(self.removed),
            tracks=tracks,
            income=tuple(self.income_lines),
            auction=auction,
            deadline_key=None if timer is None else timer.key,
            deadline_seconds=None if timer is None else timer.seconds,
            tax_due={s: v for s, v in self.tax_due.items() if v},
            last_event=self.last_event,
            log=tuple(self.log[-LOG_TAIL:]),
            outcome=None if self.result is None else self.result.to_dict(),
            lien_choosing=tuple((h, m) for m, h in sorted(self.lien_pending.items())),
        )

    def secrets(self, seat: int) -> Mapping[tuple[Any, ...], Any]:
        """This seat's offers (made and received) and its sealed bid: seen by it alone."""
        v = self.view(seat).players[seat]
        out: dict[tuple[Any, ...], Any] = {
            ("players", seat, "offers_made"): v.offers_made,
            ("players", seat, "offers_received"): v.offers_received,
        }
        if v.sealed_bid is not None:
            out[("players", seat, "sealed_bid")] = v.sealed_bid
        return out


def new_game(options: Mapping[str, Any], seats: int, seed: int) -> MocState:
    """Set up a game: roles, money, districts (seed 004, ゲーム準備)."""
    return MocState(options, seats, seed)
