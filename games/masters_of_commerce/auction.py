"""Phase 6, landlord auction (seed フェーズ6 地主アクション, Notes 9, 10).

2 × landlords − 1 deeds are drawn from the supply (fewer if it is short) and sold one at a
time to the highest bidder, who pays the bank; a deed nobody bids on leaves the game. Two
ways to bid, one step class each: ``open`` ascending bids with a quiet-period timer, and
``sealed`` one private bid per landlord (ties to the lowest seat).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from games.core import SYSTEM, Deadline, Move, MoveTemplate, Step
from games.core.text import Msg

from .moves import Bid, Expire, Pass, money
from .phases import Phase

if TYPE_CHECKING:
    from .state import MocState

RAISES = (1_000, 5_000)  # suggested raises over the high bid
OPENING_BIDS: tuple[int, ...] = (5_000, 10_000)


class AuctionStep(Step["MocState"]):
    """What both ways of bidding share: drawing the lots, selling them, suggestions."""

    moves: ClassVar[tuple[type[Move], ...]] = (Bid, Pass)
    title = "Auction"
    title_key = "moc.term.phase.auction"

    def enter(self, game: MocState) -> list[str]:
        """Draw 2 × landlords − 1 deeds (fewer if the supply is short, Note 10)."""
        n = min(2 * len(game.active_landlords()) - 1, len(game.supply))
        game.lots = []
        for _ in range(max(0, n)):
            game.lots.append(game.supply.pop(game.rng.randrange(len(game.supply))))
        game.lot_index = 0
        game.auction_results = []
        open_lot(game)
        events: list[str] = []
        if game.lots:
            events.append(
                Msg(
                    "moc.auction.lots",
                    "Auction of year {year}: {lots} ({mode} bids).",
                    year=game.year,
                    lots=", ".join(game.lots),
                    mode=Msg("moc.word." + game.auction_mode, game.auction_mode),
                    deeds=tuple(game.lots),
                )
            )
        return events + self.settle(game)

    def is_done(self, game: MocState) -> bool:
        return game.lot_index >= len(game.lots)

    def next_phase(self, game: MocState) -> Phase | None:
        return game.then(Phase.NEGOTIATION)

    def candidates(self, game: MocState, seat: int) -> Iterable[Move]:
        return [*(Bid(a) for a in bid_suggestions(game, seat)), Pass()]

    def default_move(self, game: MocState, seat: int) -> Move | None:
        return Pass()

    def templates(self, game: MocState, seat: int) -> Sequence[MoveTemplate]:
        lo = 1 if game.high_bid is None else game.high_bid + 1
        if lo > game.money[seat]:
            return ()
        return (
            MoveTemplate(
                prefix="bid",
                label=Msg(
                    "moc.label.bid_for",
                    "Bid for {deed_label}",
                    deed_label=game.deed_name(game.lots[game.lot_index]),
                ),
                param="bid",
                lo=lo,
                hi=game.money[seat],
                unit="$",
                suggestions=bid_suggestions(game, seat),
            ),
        )

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        if not game.is_landlord(seat):
            return Msg("moc.bid.not_landlord", "Only landlords bid in the auction.")
        reason = self.refuse_bidder(game, seat)
        if reason is not None or not isinstance(move, Bid):
            return reason
        if move.amount < 1:
            return Msg("moc.bid.nothing", "A bid must be at least $1; to bid nothing, `pass`.")
        if game.high_bid is not None and move.amount <= game.high_bid:
            return Msg(
                "moc.bid.too_low",
                "A bid must beat the high bid of {high}.",
                high=money(game.high_bid),
            )
        if move.amount > game.money[seat]:
            return Msg(
                "moc.bid.too_poor",
                "You have only {have}, so you cannot bid {amount}.",
                have=money(game.money[seat]),
                amount=money(move.amount),
            )
        return None

    def refuse_bidder(self, game: MocState, seat: int) -> Msg | None:
        """Why ``seat`` may not bid on this lot any more (the way of bidding decides)."""
        raise NotImplementedError

    def settle(self, game: MocState) -> list[str]:
        """Sell every lot nobody can bid on any more."""
        events: list[str] = []
        while game.lot_index < len(game.lots) and not self.actors(game):
            events.append(self.close_lot(game))
        return events

    def close_lot(self, game: MocState, timed_out: bool = False) -> str:
        """Sell the current lot to the winner (or remove it) and open the next."""
        raise NotImplementedError


class OpenAuctionStep(AuctionStep):
    """Ascending bids; a lot is sold when every other landlord has passed or the quiet
    period passes without a new bid (the timer restarts with each bid)."""

    moves = (Bid, Pass, Expire)

    def actors(self, game: MocState) -> frozenset[int]:
        if game.lot_index >= len(game.lots):
            return frozenset()
        return frozenset(
            s for s in game.active_landlords() if s not in game.passed and s != game.high_bidder
        )

    def deadline(self, game: MocState) -> Deadline:
        key = f"y{game.year}-lot{game.lot_index + 1}-bid{game.bid_count}"
        # One public table message for the whole auction: a lot closing (sold or unsold)
        # edits it instead of posting a new board. The key (and so the ``Expire`` move of a
        # record) is unchanged, so older records replay as before.
        return Deadline(key, float(game.quiet), Expire(key), (), f"y{game.year}-auction")

    def refuse_bidder(self, game: MocState, seat: int) -> Msg | None:
        if seat in game.passed:
            return Msg("moc.bid.passed", "You passed on this lot.")
        if seat == game.high_bidder:
            return Msg("moc.bid.high", "You already hold the high bid.")
        return None

    def refusal(self, game: MocState, seat: int, move: Move) -> str | None:
        if isinstance(move, Expire):
            return Msg("moc.timer_only", "Only the game timer can end this phase.")
        return super().refusal(game, seat, move)

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        deed = game.lots[game.lot_index]
        if isinstance(move, Bid):
            game.high_bid = move.amount
            game.high_bidder = seat
            game.bid_count += 1
            events: list[str] = [
                Msg(
                    "moc.auction.bid",
                    "p{player} bids ${amount:,} for {deed}.",
                    player=seat + 1,
                    amount=move.amount,
                    deed=deed,
                )
            ]
        elif isinstance(move, Pass):
            game.passed.add(seat)
            events = [
                Msg("moc.auction.pass", "p{player} passes on {deed}.", player=seat + 1, deed=deed)
            ]
        else:
            assert isinstance(move, Expire) and seat == SYSTEM
            events = [self.close_lot(game, timed_out=True)]
        return events + self.settle(game)

    def close_lot(self, game: MocState, timed_out: bool = False) -> str:
        winner, price = game.high_bidder, game.high_bid or 0
        return sell_lot(game, winner, price, timed_out)


class SealedAuctionStep(AuctionStep):
    """One private bid per landlord (``pass`` bids nothing); the highest bid wins, ties go
    to the lowest seat (decision 15)."""

    def actors(self, game: MocState) -> frozenset[int]:
        if game.lot_index >= len(game.lots):
            return frozenset()
        return frozenset(s for s in game.active_landlords() if s not in game.sealed)

    def refuse_bidder(self, game: MocState, seat: int) -> Msg | None:
        if seat in game.sealed:
            return Msg("moc.bid.sealed_twice", "You have already bid on this lot.")
        return None

    def apply(self, game: MocState, seat: int, move: Move) -> list[str]:
        game.sealed[seat] = move.amount if isinstance(move, Bid) else 0
        events: list[str] = [
            Msg(
                "moc.auction.sealed_bid",
                "p{player} has bid on {deed}.",
                player=seat + 1,
                deed=game.lots[game.lot_index],
            )
        ]
        return events + self.settle(game)

    def close_lot(self, game: MocState, timed_out: bool = False) -> str:
        game.mark_revealed()  # the winning bid becomes public
        best = max(game.sealed.values(), default=0)
        if best <= 0:
            return sell_lot(game, None, 0, False)
        return sell_lot(game, min(s for s, a in game.sealed.items() if a == best), best, False)


# -- helpers ------------------------------------------------------------------------------


def open_lot(game: MocState) -> None:
    game.high_bid = None
    game.high_bidder = None
    game.passed = set()
    game.sealed = {}
    game.bid_count = 0


def sell_lot(game: MocState, winner: int | None, price: int, timed_out: bool) -> str:
    """The winner pays the bank and adds the deed to their district; no winner: the deed
    leaves the game. ``timed_out``: the sentence begins "Time is up." (key ``*_timed_out``)."""
    prefix, suffix = ("Time is up. ", "_timed_out") if timed_out else ("", "")
    deed = game.lots[game.lot_index]
    game.auction_results.append((deed, winner, price))
    game.lot_index += 1
    open_lot(game)
    if winner is None:
        game.removed.append(deed)
        return Msg(
            "moc.auction.unsold" + suffix,
            prefix + "Nobody bid for {deed}: it leaves the game.",
            deed=deed,
        )
    game.money[winner] -= price
    game.district[winner] = game.sorted_deeds([*game.district[winner], deed])
    game.owner[deed] = winner
    return Msg(
        "moc.auction.sold" + suffix,
        prefix + "p{player} buys {deed_label} for ${price:,}.",
        player=winner + 1,
        deed=deed,
        deed_label=game.deed_name(deed),
        price=price,
    )


def bid_suggestions(game: MocState, seat: int) -> tuple[int, ...]:
    """$5,000 and $10,000 to open, else the high bid +$1,000 and +$5,000; within money."""
    high = game.high_bid
    base = OPENING_BIDS if high is None else tuple(high + step for step in RAISES)
    return tuple(a for a in base if a <= game.money[seat])
