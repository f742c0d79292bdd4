"""Phase 1, negotiation (seed フェーズ1 交渉, Notes 1–2, expert CLOSED contracts).

Simultaneous and timed: merchants offer rent for deeds, landlords accept, either may give
money as another incentive (Note 1, engine version 3), and the phase ends when the timer
runs out or everyone still in the game is finally ``done``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from games.core import MAX_NOTATION, SYSTEM, Deadline, Move, MoveTemplate, Step
from games.core.text import Msg

from .moves import Accept, Done, Expire, Give, Offer, UndoDone, Withdraw, money, seat_tag
from .phases import Phase
from .records import Contract, OfferRec

if TYPE_CHECKING:
    from .state import MocState

OFFER_DEFAULT = 10_000  # suggested opening offer (x2 deeds: double)
RAISES = (1_000, 5_000)  # suggested raises over the current contract
OFFER_LIMIT = 10_000_000  # v3: a typo guard, far above any money a game reaches


_DONE = Msg("moc.negotiation.done", "You marked yourself done; use `undo done` to negotiate again.")


class NegotiationStep(Step["MocState"]):
    """フェーズ1 交渉: offers, accepts, gifts, ``done``; ends by time or when all are done."""

    moves = (Offer, Withdraw, Accept, Give, Done, UndoDone, Expire)
    title = "Negotiation"
    title_key = "moc.term.phase.negotiation"

    def enter(self, game: MocState) -> list[str]:
        """A new year begins with its negotiation."""
        game.year += 1
        game.negotiation_over = False
        if game.year == 1:
            return []
        game.lots = []
        game.rent_status = {}
        game.rent_paid = {}
        return [Msg("moc.year.begins", "Year {year} begins: negotiate!", year=game.year)]

    def actors(self, game: MocState) -> frozenset[int]:
        """Everyone still in the game who is not finally done (``done`` once undone)."""
        done, used = game.done, game.undo_used
        return frozenset(s for s in game.active_seats() if s not in done or s not in used)

    def waiting(self, game: MocState) -> frozenset[int]:
        """Those who have not said ``done``: a seat that is done may still ``undo done``
        once, but the table is not waiting for it."""
        return frozenset(s for s in game.active_seats() if s not in game.done)

    def is_done(self, game: MocState) -> bool:
        return game.negotiation_over

    def next_phase(self, game: MocState) -> Phase | None:
        return game.then(Phase.INCOME)

    def deadline(self, game: MocState) -> Deadline:
        """The negotiation timer; notices at 30 s left and an hour ahead (long games)."""
        key = f"y{game.year}-negotiation"
        seconds = float(game.timer)
        warn = tuple(w for w in (3600.0, 30.0) if w < seconds)
        return Deadline(key, seconds, Expire(key), warn, key)

    def default_move(self, game: MocState, seat: int) -> Move | None:
        return Done() if seat not in game.done else None

    # -- candidates and refusals ----------------------------------------------------------

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        if seat in game.done:
            return [UndoDone()]
        moves: list[Move] = []
        offers, contracts = game.offers, game.contracts
        cash = game.money[seat]
        for d in offerable(game, seat):
            c = contracts.get(d)
            if (d, seat) in offers:
                moves.append(Withdraw(d))
            elif c is None:
                amount = OFFER_DEFAULT * 2 if game.c.deed_index[d].x2 else OFFER_DEFAULT
                if amount <= cash:
                    moves.append(Offer(d, amount))
            elif c.merchant != seat:  # own contract: a new rent by template
                moves += [
                    Offer(d, a) for a in (c.rent + RAISES[0], c.rent + RAISES[1]) if a <= cash
                ]
            if c is not None and c.merchant == seat:
                moves.append(Withdraw(d, contract=True))
        if game.is_landlord(seat):
            mine = [k for k in offers if game.owner.get(k[0]) == seat]
            for d, m in sorted(mine, key=lambda k: (game.c.deed(k[0]).order, k[1])):
                moves.append(Accept(d, m, offers[(d, m)].amount))
        moves.append(Done())  # gifts (`give`) have only templates: any amount is free
        return moves

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        kind = type(move)
        if kind is Offer:
            return _refuse_offer(game, seat, move)  # type: ignore[arg-type]
        if kind is Done or kind is UndoDone:
            return _refuse_done(game, seat, move)  # type: ignore[arg-type]
        if kind is Expire:
            return Msg("moc.timer_only", "Only the game timer can end this phase.")
        if seat in game.done:
            return _DONE
        if isinstance(move, Withdraw):
            return _refuse_withdraw(game, seat, move)
        if isinstance(move, Accept):
            return _refuse_accept(game, seat, move)
        if isinstance(move, Give):
            return _refuse_give(game, seat, move)
        return Msg("moc.negotiation.not_part", "That move is not part of the negotiation.")

    def templates(self, game: MocState, seat: int) -> Sequence[MoveTemplate]:
        """Offers of any rent (with an optional note) and, from version 3, gifts."""
        out: list[MoveTemplate] = []
        if seat in game.done:
            return out
        hi = OFFER_LIMIT if game.v3 else game.money[seat]
        for d in offerable(game, seat):
            landlord = seat_tag(game.owner[d])
            sugg = offer_suggestions(game, seat, d)
            kinds = [("", "moc.label.offer_rent", "Offer rent for {deed_label} to {landlord}")]
            if game.expert:
                kinds.append(
                    (
                        " closed",
                        "moc.label.offer_closed_contract",
                        "Offer a closed contract for {deed_label} to {landlord}",
                    )
                )
            for suffix, key, text in kinds:
                out.append(
                    MoveTemplate(
                        prefix=f"offer {d}{suffix}",
                        label=Msg(key, text, deed_label=game.deed_name(d), landlord=landlord),
                        param="rent",
                        lo=0,
                        hi=hi,
                        unit="$",
                        suggestions=sugg,
                        text_param="note",
                    )
                )
        if game.v3 and game.money[seat] >= 1:
            for s in range(game.n_seats):
                if s != seat and game.is_active(s):
                    out.append(
                        MoveTemplate(
                            prefix=f"give {seat_tag(s)}",
                            label=Msg("moc.label.give_to", "Give money to {to}", to=seat_tag(s)),
                            param="amount",
                            lo=1,
                            hi=game.money[seat],
                            unit="$",
                        )
                    )
        return out

    # -- applying -------------------------------------------------------------------------

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        who = seat + 1
        if isinstance(move, Offer):
            landlord = game.owner[move.deed]
            game.offers_made[seat] += 1
            game.offers_received[landlord] += 1
            game.offers[(move.deed, seat)] = _offer_rec(game, move, seat, landlord)
            return []  # offers are private: no public event
        if isinstance(move, Withdraw):
            if move.contract:
                del game.contracts[move.deed]
                return [
                    Msg(
                        "moc.contract.withdrawn",
                        "p{merchant} withdrew from the contract on {deed}.",
                        merchant=who,
                        deed=move.deed,
                    )
                ]
            del game.offers[(move.deed, seat)]
            return []
        if isinstance(move, Accept):
            game.mark_revealed()  # the offer's amount becomes public
            return [accept(game, seat, move)]
        if isinstance(move, Give):
            game.money[seat] -= move.amount
            game.money[move.to] += move.amount
            return [
                Msg(
                    "moc.give.given",
                    "p{giver} gives ${amount:,} to p{receiver}.",
                    giver=who,
                    amount=move.amount,
                    receiver=move.to + 1,
                )
            ]
        if isinstance(move, Done):
            game.done.add(seat)
            events: list[str] = [
                Msg("moc.negotiation.player_done", "p{player} is done negotiating.", player=who)
            ]
            if all(s in game.done for s in range(game.n_seats) if game.is_active(s)):
                end_negotiation(game)
                events.append(
                    Msg(
                        "moc.negotiation.all_done",
                        "Everyone is done: the negotiation of year {year} is over.",
                        year=game.year,
                    )
                )
            return events
        if isinstance(move, UndoDone):
            game.done.discard(seat)
            game.undo_used.add(seat)
            return [
                Msg("moc.negotiation.player_again", "p{player} is negotiating again.", player=who)
            ]
        assert isinstance(move, Expire) and seat == SYSTEM
        end_negotiation(game)
        return [
            Msg(
                "moc.negotiation.time_up",
                "Time is up: the negotiation of year {year} is over.",
                year=game.year,
            )
        ]


def _offer_rec(game: MocState, move: Offer, merchant: int, landlord: int) -> OfferRec:
    return OfferRec(
        move.amount,
        move.closed,
        move.note,
        game.offers_made[merchant],
        game.offers_received[landlord],
    )


# -- helpers ------------------------------------------------------------------------------


def offerable(game: MocState, seat: int) -> list[str]:
    """Deeds ``seat`` may make an offer on now (a negotiating merchant, not done)."""
    if seat in game.done or not game.is_merchant(seat):
        return []
    out = []
    contracts = game.contracts
    for s in game.active_landlords():
        if s == seat:
            continue
        for d in game.district[s]:
            c = contracts.get(d)
            if c is None or not (c.closed or c.exclusive):
                out.append(d)
    return out


def offer_suggestions(game: MocState, seat: int, deed: str) -> tuple[int, ...]:
    """$10,000 ($20,000 for x2) on a free deed, else the contract +$1,000 and +$5,000;
    only amounts the merchant has."""
    c = game.contracts.get(deed)
    cash = game.money[seat]
    if c is None:
        amount = OFFER_DEFAULT * 2 if game.c.deed_index[deed].x2 else OFFER_DEFAULT
        return (amount,) if amount <= cash else ()
    return tuple(a for a in (c.rent + RAISES[0], c.rent + RAISES[1]) if a <= cash)


def accept(game: MocState, seat: int, move: Accept) -> str:
    """The landlord writes the amount and places the merchant's token (seed phase 1 A/B)."""
    offer = game.offers.pop((move.deed, move.merchant))
    old = game.contracts.get(move.deed)
    game.contracts[move.deed] = Contract(move.merchant, offer.amount, closed=offer.closed)
    if offer.closed:
        # a closed contract cannot be replaced this negotiation: other offers are moot
        for key in [k for k in game.offers if k[0] == move.deed]:
            del game.offers[key]
    # the key names the optional parts, so each key has one template
    msg_key = "moc.rented." + ("closed" if offer.closed else "open")
    text = "p{landlord} rented {deed_label} to p{merchant} for ${amount:,}"
    params: dict[str, Any] = dict(
        landlord=seat + 1,
        deed=move.deed,
        deed_label=game.deed_name(move.deed),
        merchant=move.merchant + 1,
        amount=offer.amount,
    )
    if offer.closed:
        text += " (closed)"
    if old is not None and old.merchant != move.merchant:
        msg_key, text = msg_key + "_replacing", text + ", replacing p{old_merchant}'s contract"
        params["old_merchant"] = old.merchant + 1
    elif old is not None:
        msg_key, text = msg_key + "_raised", text + ", replacing their ${old_rent:,} contract"
        params["old_rent"] = old.rent
    return Msg(msg_key, text + ".", **params)


def end_negotiation(game: MocState) -> None:
    """Closed tokens flip back to open; unaccepted offers lapse (seed phase 1)."""
    game.offers.clear()
    for c in game.contracts.values():
        c.closed = False
    game.done.clear()
    game.undo_used.clear()
    game.negotiation_over = True


# -- refusals -----------------------------------------------------------------------------


def _as_merchant(game: MocState, seat: int) -> Msg | None:
    if game.merchant[seat] and game.merchant_out[seat]:
        return Msg(
            "moc.merchant_bankrupt",
            "You went bankrupt as a merchant and can no longer rent deeds.",
        )
    if not game.merchant[seat]:
        return Msg(
            "moc.not_merchant",
            "You are a landlord; only merchants make offers and rent deeds.",
        )
    return None


def locked(game: MocState, deed: str) -> Msg | None:
    """Why the contract on ``deed`` cannot change now (exclusive token, closed), if so."""
    c = game.contracts.get(deed)
    if c is not None and c.exclusive:
        return Msg(
            "moc.exclusive_locked",
            "The contract on {deed} holds the exclusive token and cannot change.",
            deed=deed,
        )
    if c is not None and c.closed:
        return Msg(
            "moc.closed_locked",
            "The contract on {deed} is closed for the rest of this negotiation.",
            deed=deed,
        )
    return None


def _refuse_offer(game: MocState, seat: int, move: Offer) -> Msg | None:
    if seat in game.done:
        return _DONE
    deed = move.deed
    if not game.merchant[seat] or game.merchant_out[seat] or deed not in game.owner:
        reason = _as_merchant(game, seat) or game.unknown_deed(deed)
        if reason is not None:
            return reason
    if game.owner[deed] == seat:
        return Msg(
            "moc.own_deed", "You may not rent deeds in your own district (3–4 player variant)."
        )
    c = game.contracts.get(deed)
    if c is not None and (c.closed or c.exclusive):
        return locked(game, deed)
    if move.closed and not game.expert:
        return Msg(
            "moc.not_expert",
            "Closed contracts belong to the expert variant, which is off in this game.",
        )
    if move.amount > game.money[seat] and not game.v3:
        return Msg(
            "moc.offer.too_poor",
            "You have only {have}, so you cannot offer {amount}.",
            have=money(game.money[seat]),
            amount=money(move.amount),
        )
    if move.amount > OFFER_LIMIT:
        return Msg(
            "moc.offer.limit",
            "An offer is at most {limit}; {amount} looks like a typo.",
            limit=money(OFFER_LIMIT),
            amount=money(move.amount),
        )
    if move.note and len(move.notation) > MAX_NOTATION:
        room = MAX_NOTATION - len(Offer(move.deed, move.amount, move.closed, "x").notation) + 1
        return Msg(
            "moc.offer.note_too_long",
            "That note is too long; keep it to {room} characters.",
            room=room,
        )
    return None


def _refuse_withdraw(game: MocState, seat: int, move: Withdraw) -> Msg | None:
    reason = _as_merchant(game, seat) or game.unknown_deed(move.deed)
    if reason is not None:
        return reason
    if move.contract:
        c = game.contracts.get(move.deed)
        if c is None or c.merchant != seat:
            return Msg("moc.not_your_contract", "You do not rent {deed}.", deed=move.deed)
        return locked(game, move.deed)
    if (move.deed, seat) not in game.offers:
        return Msg(
            "moc.withdraw.no_offer", "You have no offer on {deed} to withdraw.", deed=move.deed
        )
    return None


def _refuse_accept(game: MocState, seat: int, move: Accept) -> Msg | None:
    if not game.is_landlord(seat):
        return Msg("moc.accept.not_landlord", "Only landlords accept offers.")
    reason = game.unknown_deed(move.deed)
    if reason is not None:
        return reason
    if game.owner[move.deed] != seat:
        return Msg("moc.not_your_deed", "{deed} is not in your district.", deed=move.deed)
    if (move.deed, move.merchant) not in game.offers:
        return Msg(
            "moc.accept.no_offer",
            "There is no offer from {merchant} on {deed}.",
            merchant=seat_tag(move.merchant),
            deed=move.deed,
        )
    return locked(game, move.deed)


def _refuse_give(game: MocState, seat: int, move: Give) -> Msg | None:
    if not game.v3:
        return Msg(
            "moc.give.old_rules",
            "This game follows the rules of engine version {version}, which has no `give`.",
            version=game.engine_version,
        )
    if move.to == seat:
        return Msg("moc.give.self", "You cannot give money to yourself.")
    if not 0 <= move.to < game.n_seats or not game.is_active(move.to):
        return Msg("moc.give.nobody", "{whom} is not playing in this game.", whom=seat_tag(move.to))
    if move.amount < 1:
        return Msg("moc.give.nothing", "Give at least $1.")
    if move.amount > game.money[seat]:
        return Msg(
            "moc.give.too_poor",
            "You have only {have}, so you cannot give {amount}.",
            have=money(game.money[seat]),
            amount=money(move.amount),
        )
    return None


def _refuse_done(game: MocState, seat: int, move: Done | UndoDone) -> Msg | None:
    if not game.is_active(seat):
        return Msg("moc.no_role", "You have no role left in this game.")
    if isinstance(move, Done):
        if seat in game.done:
            return Msg("moc.done.already", "You are already done.")
        return None
    if seat not in game.done:
        return Msg("moc.undo_done.not_done", "You are not marked done.")
    if seat in game.undo_used:
        return Msg("moc.undo_done.used", "You can take back `done` only once per negotiation.")
    return None
