"""Masters of Commerce (商売の達人, seed 004): the game's data and the helpers its steps share.

Each year has six phases, one step class each (``negotiation``, ``income`` with its lien
sub-step, ``rent``, ``tax``, ``exclusive``, ``auction`` with open and sealed bidding); the
current ``phase`` selects the step, and each step names the phase that follows it. Every
interpretation of the seed is listed in docs/rules/masters_of_commerce.md.

Rules versions: a record's ``engine_version`` decides which rules it is replayed with.
Version 2 is the original port; version 3 (``RULES_V3``) brings the issue-6 fixes: offers
are not capped by the merchant's money, a bankrupt merchant of the 3–4 player variant loses
their money, the unpaid landlord chooses whether to place a lien, the exclusive winner
chooses whether to place the token, and money may be given during the negotiation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from games.core import (
    IllegalMove,
    InvalidOptions,
    Move,
    Notice,
    NotYourTurn,
    Outcome,
    Rng,
    Step,
    StepGame,
)
from games.core.text import Msg

from .auction import OpenAuctionStep, SealedAuctionStep
from .data import ROLE_DIE, Components, colour_term, components
from .exclusive import ExclusiveStep
from .income import IncomeStep, LienStep
from .moves import (
    CODEC,
    Accept,
    Bid,
    Default,
    Done,
    Forgive,
    Give,
    Lien,
    Offer,
    Pass,
    Pay,
    PayAll,
    PlaceExclusive,
    PlaceLien,
    Sell,
    UndoDone,
    Withdraw,
    seat_tag,
)
from .negotiation import NegotiationStep
from .phases import Phase
from .records import Contract, OfferRec
from .rent import RentStep
from .setup import deal_districts, roll_for_roles
from .tax import TaxStep
from .view import IncomeLine, MocView, build_view

ENGINE_VERSION = 3
"""The rules version new games are recorded with."""
OLDEST_ENGINE_VERSION = 2
"""The oldest recorded rules version this engine still replays."""
RULES_V3 = 3
"""First version with the issue-6 rule fixes (see the module docstring)."""


STEPS: dict[Phase, Step[Any]] = {
    Phase.NEGOTIATION: NegotiationStep(),
    Phase.INCOME: IncomeStep(),
    Phase.LIEN: LienStep(),
    Phase.RENT: RentStep(),
    Phase.TAX: TaxStep(),
    Phase.EXCLUSIVE: ExclusiveStep(),
}
AUCTION_STEPS: dict[str, Step[Any]] = {"open": OpenAuctionStep(), "sealed": SealedAuctionStep()}

_NEGOTIATION_OVER = Msg(
    "moc.negotiation.over",
    "The negotiation is over: offers and contracts cannot change until next year's negotiation.",
)
_RENT_PHASE = Msg("moc.rent.not_now", "Rent is paid in the rent phase.")
_LIEN_DECISION = Msg(
    "moc.lien_decision.not_now", "Liens for unpaid rent are placed in the rent phase."
)
OUT_OF_PHASE: dict[type[Move], Msg] = {
    Offer: _NEGOTIATION_OVER,
    Withdraw: _NEGOTIATION_OVER,
    Accept: _NEGOTIATION_OVER,
    Give: Msg("moc.give.not_now", "Money is given during the negotiation."),
    Done: Msg("moc.done.not_now", "`done` and `undo done` belong to the negotiation."),
    UndoDone: Msg("moc.done.not_now", "`done` and `undo done` belong to the negotiation."),
    Lien: Msg(
        "moc.lien.not_now",
        "Lien income is chosen in the merchant-income phase, after the dice are rolled; "
        "there is no lien choice to make now.",
    ),
    PayAll: _RENT_PHASE,
    Pay: _RENT_PHASE,
    Default: _RENT_PHASE,
    PlaceLien: _LIEN_DECISION,
    Forgive: _LIEN_DECISION,
    Sell: Msg("moc.sell.not_now", "Deeds are sold to the bank only to pay tax."),
    PlaceExclusive: Msg(
        "moc.exclusive.not_now",
        "The exclusive token moves only in the exclusive phase (Note 8).",
    ),
    Bid: Msg("moc.bid.not_now", "No deed is being auctioned now."),
    Pass: Msg("moc.bid.not_now", "No deed is being auctioned now."),
}
"""Why a move is refused outside its phase (a sentence per move kind)."""


class MocState(StepGame[MocView]):
    """A game of Masters of Commerce. Build with ``new_game``; drive with ``apply``."""

    steps: ClassVar[Mapping[Any, Step[Any]]] = STEPS
    codec = CODEC

    def __init__(self, options: Mapping[str, Any], n_seats: int, seed: int) -> None:
        self.c: Components = components()
        self.engine_version = ENGINE_VERSION  # the registry sets the record's version
        self.n_seats = n_seats
        self.timer = int(options.get("timer", 120))
        self.quiet = int(options.get("auction_quiet", 60))
        self.auction_mode = str(options.get("auction", "open"))
        self.expert = bool(options.get("expert", False))
        self.rng = Rng(seed)
        self.variant = n_seats <= self.c.variant_max_players
        self.log: list[str] = []
        self.last_event = ""
        self.prompts: dict[int, Notice] = {}  # private one-click prompts of the last move

        # roles (seed: プレーヤー割り当て; variant: everyone plays both roles)
        roles = str(options.get("roles", "") or "").strip().lower()
        self.role_rolls: tuple[tuple[int, ...], ...] = tuple(() for _ in range(n_seats))
        landlords, merchants = self._assign_roles(roles)
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
        self.district: dict[int, list[str]] = {s: self.sorted_deeds(ds) for s, ds in dealt.items()}
        self.owner: dict[str, int] = {d: s for s, ds in dealt.items() for d in ds}
        self.supply: list[str] = self.sorted_deeds(d for d in deck if d not in self.owner)
        self.removed: list[str] = []
        self.contracts: dict[str, Contract] = {}

        # negotiation
        self.offers: dict[tuple[str, int], OfferRec] = {}
        self.offers_made = [0] * n_seats  # offers each merchant has made (OfferRec.made_seq)
        self.offers_received = [0] * n_seats
        self.done: set[int] = set()
        self.undo_used: set[int] = set()
        self.negotiation_over = False

        # market and merchant income
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

        # rent, tax, exclusive, auction
        self.rent_status: dict[str, str] = {}
        self.rent_paid: dict[str, int] = {}
        self.liened_now: set[tuple[int, int]] = set()  # (landlord, merchant) settled this year
        self.lien_decisions: dict[tuple[int, int], list[str]] = {}  # v3: -> unpaid deeds
        self.tax_due: dict[int, int] = {}
        self.exclusive_pending: dict[int, int] = {}  # landlord -> merchant who places
        self.lots: list[str] = []
        self.lot_index = 0
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.passed: set[int] = set()
        self.bid_count = 0
        self.sealed: dict[int, int] = {}
        self.auction_results: list[tuple[str, int | None, int]] = []

        self.year = 0  # the negotiation step begins year 1
        self.phase: Phase = Phase.NEGOTIATION
        self.result: Outcome | None = None

        events: list[str] = []
        if self.variant:
            events.append(
                Msg(
                    "moc.setup.variant",
                    "{players} players: everyone is landlord and merchant (variant).",
                    players=n_seats,
                )
            )
        else:
            how = "chosen by the host" if roles else "rolled with the red die"
            key = "moc.setup.landlords." + ("chosen" if roles else "rolled")
            text = "Landlords (" + how + "): {names}; everyone else is a merchant."
            events.append(
                Msg(
                    key,
                    text,
                    names=", ".join(seat_tag(s) for s in sorted(landlords)),
                    landlords=tuple(s + 1 for s in sorted(landlords)),
                )
            )
        if redrawn:
            events.append(
                Msg(
                    "moc.setup.redrawn",
                    "x2 deeds dealt at setup went back: {deeds}.",
                    deeds=", ".join(redrawn),
                    deed_ids=tuple(redrawn),
                )
            )
        for s, ds in self.district.items():
            events.append(
                Msg(
                    "moc.setup.district",
                    "p{player}'s district: {deeds}.",
                    player=s + 1,
                    deeds=", ".join(ds),
                    deed_ids=tuple(ds),
                )
            )
        events += self.begin(Phase.NEGOTIATION)
        self.record(events)

    def _assign_roles(self, roles: str) -> tuple[frozenset[int], frozenset[int]]:
        n = self.n_seats
        if self.variant:
            if roles:
                raise InvalidOptions(
                    Msg(
                        "moc.options.roles_variant",
                        "With 3 or 4 players everyone is both landlord and merchant; "
                        "leave the `roles` option empty.",
                    )
                )
            return frozenset(range(n)), frozenset(range(n))
        if n not in self.c.role_chart:
            raise InvalidOptions(
                Msg(
                    "moc.options.no_chart",
                    "Masters of Commerce has no role chart for {players} players.",
                    players=n,
                )
            )
        n_land, _ = self.c.role_chart[n]
        if roles:
            if len(roles) != n or set(roles) - {"l", "m"}:
                raise InvalidOptions(
                    Msg(
                        "moc.options.roles_form",
                        "Option `roles` needs one letter per seat ({players}), "
                        "`l` for landlord or `m` for merchant, e.g. `llmmm`.",
                        players=n,
                    )
                )
            if roles.count("l") != n_land:
                raise InvalidOptions(
                    Msg(
                        "moc.options.roles_count",
                        "With {players} players the chart has {landlords} landlords; "
                        "`roles` names {named}.",
                        players=n,
                        landlords=n_land,
                        named=roles.count("l"),
                    )
                )
            landlords = frozenset(i for i, r in enumerate(roles) if r == "l")
        else:
            landlords, self.role_rolls = roll_for_roles(
                self.rng, n, n_land, self.c.colour(ROLE_DIE).die
            )
        return landlords, frozenset(range(n)) - landlords

    # -- helpers shared by the steps ------------------------------------------------------

    @property
    def v3(self) -> bool:
        """Whether this game follows the rules of engine version 3 or later."""
        return self.engine_version >= RULES_V3

    @property
    def step(self) -> Step[Any]:
        if self.phase is Phase.AUCTION:
            return AUCTION_STEPS[self.auction_mode]
        return STEPS[self.phase]

    def sorted_deeds(self, deeds: Iterable[str]) -> list[str]:
        """Deeds in the canonical order (colour, then number, x2 last)."""
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
        lords, out = self.landlord, self.landlord_out
        return [s for s in range(self.n_seats) if lords[s] and not out[s]]

    def active_seats(self) -> list[int]:
        """Seats still holding a role they are not bankrupt in."""
        lords, lo, merch, mo = self.landlord, self.landlord_out, self.merchant, self.merchant_out
        return [
            s for s in range(self.n_seats) if (lords[s] and not lo[s]) or (merch[s] and not mo[s])
        ]

    def then(self, phase: Phase) -> Phase | None:
        """``phase``, or ``None`` (the game ends) when every player is bankrupt."""
        return phase if any(self.is_active(s) for s in range(self.n_seats)) else None

    def deed_name(self, deed: str) -> str:
        """``r3 (Red)``, ``x2g1 (Green x2)``: a keyed label (``moc.deed_label``, ``_x2``) whose
        colour is a keyed term (``moc.term.colour.<key>``), so a catalogue translates it."""
        d = self.c.deed(deed)
        colour = colour_term(self.c.colour(d.colour))
        if d.x2:
            return Msg("moc.deed_label_x2", "{deed} ({colour} x2)", deed=deed, colour=colour)
        return Msg("moc.deed_label", "{deed} ({colour})", deed=deed, colour=colour)

    def unknown_deed(self, deed: str) -> Msg | None:
        """Why ``deed`` cannot be named in a move now (no such deed, not in a district)."""
        if deed not in self.c.deed_index:
            return Msg(
                "moc.no_such_deed",
                "There is no deed `{deed}`; deeds are named like r3, y10, x2g1.",
                deed=deed[:20],
            )
        if deed not in self.owner:
            return Msg(
                "moc.deed_not_in_play", "Deed {deed} is not in any landlord's district.", deed=deed
            )
        return None

    def due_deeds(self, seat: int) -> list[str]:
        """Deeds whose rent ``seat`` still has to settle this year (canonical order)."""
        return self.sorted_deeds(
            d
            for d, c in self.contracts.items()
            if c.merchant == seat and self.rent_status.get(d) == "due"
        )

    def prompt(self, seat: int, text: str, moves: Iterable[Move]) -> None:
        """Queue a private one-click question for ``seat`` (delivered by ``notices``)."""
        old = self.prompts.get(seat)
        notations = tuple(m.notation for m in moves)
        if old is not None:
            text = Msg("moc.prompt.several", "{first}\n{then}", first=old.text, then=text)
            notations = old.moves + notations
        self.prompts[seat] = Notice(text, notations)

    def record(self, events: list[str]) -> None:
        if events:
            self.log.extend(events)
            self.last_event = events[-1]

    # -- protocol -------------------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> list[str]:
        self.prompts = {}
        events = super()._apply(seat, move)
        self.record(events)
        return events

    def validate(self, seat: int, move: Move) -> None:
        """Refuse a move of another phase with its own sentence; else the step decides."""
        if not isinstance(move, self.step.moves) and type(move) in OUT_OF_PHASE:
            raise IllegalMove(OUT_OF_PHASE[type(move)])
        super().validate(seat, move)

    def check_turn(self, seat: int) -> None:
        """``NotYourTurn``, saying so when the seat has gone bankrupt in every role it held."""
        if not self.is_over() and 0 <= seat < self.n_seats and not self.is_active(seat):
            if self.landlord[seat] and self.merchant[seat]:
                role = Msg("moc.word.landlord_and_merchant", "landlord and as merchant")
            elif self.landlord[seat]:
                role = Msg("moc.word.a_landlord", "a landlord")
            else:
                role = Msg("moc.word.a_merchant", "a merchant")
            raise NotYourTurn(
                Msg(
                    "moc.bankrupt",
                    "You went bankrupt as {role} and can no longer play in this game.",
                    role=role,
                )
            )
        super().check_turn(seat)

    def phase_name(self) -> str:
        """``"Year 2 · Rent"``; ``"Game over"`` at the end."""
        if self.is_over():
            return Msg("moc.phase.game_over", "Game over")
        return Msg(
            "moc.phase.year", "Year {year} · {phase}", year=self.year, phase=self.step.name(self)
        )

    def outcome(self) -> Outcome | None:
        """Final scores (money) once year 5's tax phase is over."""
        return self.result

    def public_notation(self, seat: int, move: Move) -> str | None:
        """Offers are private to the two parties; sealed bids (and sealed passes) are secret."""
        if isinstance(move, Offer) or (isinstance(move, Withdraw) and not move.contract):
            return None
        if isinstance(move, Bid | Pass) and self.auction_mode == "sealed":
            return "bid (sealed)"
        return move.notation

    def notices(self, seat: int, move: Move) -> Mapping[int, Notice]:
        """Private notices: an offer or its withdrawal to the deed's landlord (seed phase 1,
        with a one-click accept), and the one-click questions the move raised (engine
        version 3: place a lien or not, place the exclusive token or not; lien income)."""
        out = dict(self.prompts)
        if isinstance(move, Offer):
            landlord = self.owner[move.deed]
            # the key names the optional parts, so each key has one template
            key = "moc.notice.offer" + ("_closed" if move.closed else "")
            text = "p{merchant} offers ${amount:,} rent for {deed_label}"
            text += " as a **closed** contract." if move.closed else "."
            if move.note:
                key, text = key + "_note", text + ' Note (not binding): "{note}"'
            out[landlord] = Notice(
                Msg(
                    key,
                    text,
                    merchant=seat + 1,
                    amount=move.amount,
                    deed=move.deed,
                    deed_label=self.deed_name(move.deed),
                    note=move.note or "",
                ),
                (Accept(move.deed, seat).notation,),
            )
        elif isinstance(move, Withdraw) and not move.contract:
            landlord = self.owner[move.deed]
            out[landlord] = Notice(
                Msg(
                    "moc.notice.offer_withdrawn",
                    "p{merchant} withdrew their offer on {deed_label}.",
                    merchant=seat + 1,
                    deed=move.deed,
                    deed_label=self.deed_name(move.deed),
                )
            )
        return out

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

    def view(self, seat: int | None) -> MocView:
        """What ``seat`` may see; ``None`` is the public view (no offers, no sealed bids)."""
        return build_view(self, seat)

    # -- the end (ゲーム終了) -----------------------------------------------------------------

    def end_game(self) -> list[str]:
        """Richest landlord and richest merchant win; in the variant the richest player."""
        # the reason's key names both parts: year_over|all_bankrupt, richest|roles
        if any(self.is_active(s) for s in range(self.n_seats)):
            key, reason = "moc.outcome.year_over", "Year {year} is over."
        else:
            key, reason = "moc.outcome.all_bankrupt", "Every player is bankrupt."
        self.phase = Phase.OVER
        self.offers.clear()
        self.tax_due = {}
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
            key, text = key + "_richest", "the richest player wins"
        else:
            lands = [s for s in everyone if self.landlord[s]]
            merch = [s for s in everyone if self.merchant[s]]
            role_rank = {**ranking(lands, self.landlord_out), **ranking(merch, self.merchant_out)}
            ranks = role_rank
            winners = frozenset(
                [s for s in lands if role_rank[s] == 1 and not self.landlord_out[s]]
                + [s for s in merch if role_rank[s] == 1 and not self.merchant_out[s]]
            )
            key, text = key + "_roles", "the richest landlord and the richest merchant win"
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
        why = Msg(key, reason + " By money, " + text + ".", year=self.year)
        self.result = Outcome(scores, ranks, winners, why, details)
        if not winners:
            return [Msg("moc.game_over.nobody", "Game over: nobody win.")]
        key = "moc.game_over." + ("winner" if len(winners) == 1 else "winners")
        text = "Game over: {names} wins." if len(winners) == 1 else "Game over: {names} win."
        return [
            Msg(
                key,
                text,
                names=", ".join(seat_tag(s) for s in sorted(winners)),
                winners=tuple(s + 1 for s in sorted(winners)),
            )
        ]


def new_game(options: Mapping[str, Any], seats: int, seed: int) -> MocState:
    """Set up a game: roles, money, districts (seed 004, ゲーム準備)."""
    return MocState(options, seats, seed)
