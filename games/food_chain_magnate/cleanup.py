"""Phase 7, Cleanup (seed "○フェイズ7").

* Unsold food and drink go back to the supply; a player holding the freezer milestone (claimed in
  an earlier turn) keeps up to 10 items and chooses what to throw away above that
  (``discard <good>``). Throwing anything away claims "first to throw away drink/food".
* Cards at work and on the beach return to the hand; COMING SOON restaurants open; milestones
  claimed this turn leave the game (their holders keep them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Msg, Seat, Step

from .model import Phase, Turn
from .moves import Discard
from .rules import R, claim, pretty, tag

if TYPE_CHECKING:
    from .game import FcmState


def has_freezer(game: FcmState, seat: int) -> bool:
    claimed = game.players[seat].milestones.get("first_throw_away")
    return claimed is not None and claimed < game.turn


def finish(game: FcmState) -> list[str]:
    events: list[str] = []
    for p in game.players:
        p.at_work = set()
        p.turn = Turn()
        if p.bankrupt and not p.out:
            events += leave_the_game(game, p.seat)
    opened = [r for r in game.restaurants if not r.open]
    for r in opened:
        r.open = True
        events.append(
            Msg(
                "food_chain_magnate.opens",
                "{who}'s restaurant {i} opens.",
                who=tag(r.owner),
                i=r.index,
            )
        )
    if game.claimed_this_turn:
        game.milestones_left -= game.claimed_this_turn
        game.claimed_this_turn = set()
    game.discarding = set()
    return events


def leave_the_game(game: FcmState, seat: int) -> list[str]:
    """A bankrupt chain is out at the end of the turn (designer rulings, see docs/rules): its
    cards go back to the supply (busy marketeers count as fired; their campaigns run on), its
    food and drinks are thrown away, and its restaurants stay on the map as derelict
    buildings that serve nobody."""
    p = game.players[seat]
    for card in [*p.cards, *p.busy.values()]:
        game.supply[card.kind] += 1
    p.cards, p.busy, p.stock, p.out = [], {}, {}, True
    return [
        Msg(
            "food_chain_magnate.out",
            "{who} is out of the game: its staff are gone and its restaurants stand empty.",
            who=tag(seat),
        )
    ]


class Cleanup(Step["FcmState"]):
    moves = (Discard,)
    title = "Cleanup"
    title_key = "food_chain_magnate.term.step.cleanup"

    def enter(self, game: FcmState) -> list[str]:
        events: list[str] = []
        game.discarding = set()
        for seat in game.order:
            p = game.players[seat]
            items = p.goods()
            if not items:
                continue
            if has_freezer(game, seat):
                if items > R.freezer:
                    game.discarding.add(seat)
                continue
            p.stock = {}
            events.append(
                Msg(
                    "food_chain_magnate.thrown_away",
                    "{who} throws away {n}.",
                    who=tag(seat),
                    n=Msg("food_chain_magnate.unsold_one", "{n} unsold item", n=items)
                    if items == 1
                    else Msg("food_chain_magnate.unsold_many", "{n} unsold items", n=items),
                )
            )
            claim(game, seat, "first_throw_away", events)
        if not game.discarding:
            events += finish(game)
        return events

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset(game.discarding)

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        return [Discard(g) for g, n in sorted(game.players[seat].stock.items()) if n]

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        assert isinstance(move, Discard)
        if game.players[seat].stock.get(move.good, 0) <= 0:
            return Msg(
                "food_chain_magnate.no_good",
                "You have no {good} to throw away.",
                good=pretty(move.good),
            )
        return None

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        assert isinstance(move, Discard)
        p = game.players[seat]
        p.stock[move.good] -= 1
        if not p.stock[move.good]:
            del p.stock[move.good]
        events: list[str] = [
            Msg(
                "food_chain_magnate.discard",
                "{who} throws away a {good}.",
                who=tag(seat),
                good=pretty(move.good),
            )
        ]
        claim(game, seat, "first_throw_away", events)
        if p.goods() <= R.freezer:
            game.discarding.discard(seat)
        if not game.discarding:
            events += finish(game)
        return events

    def next_phase(self, game: FcmState) -> Phase | None:
        if all(p.out for p in game.players):
            return None  # every chain is bankrupt: the game ends and nobody wins
        return Phase.RESTRUCTURING

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        stock = game.players[seat].stock
        return Discard(max(sorted(stock), key=lambda g: stock[g]))
