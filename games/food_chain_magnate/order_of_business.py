"""Phase 2, Order of business (seed "○フェイズ2"): players choose their new turn-order
position, the one with the most open slots first (CEO and managers' empty slots; +2 with the
first-airplane milestone); ties go to the earlier player in the previous order. Busy
marketeers take no slot. A player left with one free position takes it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Msg, Seat, Step

from .data import components
from .model import Phase
from .moves import ChooseOrder
from .rules import open_slots, tag

if TYPE_CHECKING:
    from .game import FcmState


def slots_of(game: FcmState, seat: int) -> int:
    p = game.players[seat]
    n = open_slots([c.kind for c in p.at_work_cards()], game.ceo_slots)
    if p.has("first_airplane"):
        n += components().rules.airplane_milestone_slots
    return n


def _in_game(game: FcmState) -> int:
    """Chains still in the game choose positions 1..n; chains out of it follow in order."""
    return sum(1 for p in game.players if not p.out)


def _free(game: FcmState) -> list[int]:
    return [i for i in range(1, _in_game(game) + 1) if i not in game.new_order]


def _settle(game: FcmState) -> list[str]:
    events: list[str] = []
    while game.oob_queue and len(_free(game)) == 1:
        seat = game.oob_queue.pop(0)
        pos = _free(game)[0]
        game.new_order[pos] = seat
        events.append(
            Msg(
                "food_chain_magnate.order_auto",
                "{who} takes position {pos}.",
                who=tag(seat),
                pos=pos,
            )
        )
    if not game.oob_queue:
        out = [s for s in game.order if game.players[s].out]
        game.order = [game.new_order[i] for i in range(1, _in_game(game) + 1)] + out
        events.append(
            Msg(
                "food_chain_magnate.order",
                "Turn order: {order}.",
                order=", ".join(tag(s) for s in game.order),
            )
        )
    return events


class OrderOfBusiness(Step["FcmState"]):
    moves = (ChooseOrder,)
    title = "Order of business"
    title_key = "food_chain_magnate.term.step.order_of_business"

    def enter(self, game: FcmState) -> list[str]:
        slots = {s: slots_of(game, s) for s in range(game.n_seats) if not game.players[s].out}
        game.oob_queue = sorted(slots, key=lambda s: (-slots[s], game.order.index(s)))
        game.new_order = {}
        events: list[str] = [
            Msg(
                "food_chain_magnate.open_slots",
                "Open slots: {slots}; {first} chooses a turn-order position first.",
                slots=", ".join(f"{tag(s)} {slots[s]}" for s in game.oob_queue),
                first=tag(game.oob_queue[0]),
            )
        ]
        return events + _settle(game)

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset({game.oob_queue[0]}) if game.oob_queue else frozenset()

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        return [ChooseOrder(i) for i in _free(game)]

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        assert isinstance(move, ChooseOrder)
        free = _free(game)
        if move.position not in free:
            return Msg(
                "food_chain_magnate.position_taken",
                "Position {pos} is not free; choose one of {free}.",
                pos=move.position,
                free=", ".join(str(i) for i in free),
            )
        return None

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        assert isinstance(move, ChooseOrder)
        game.oob_queue.pop(0)
        game.new_order[move.position] = seat
        events: list[str] = [
            Msg(
                "food_chain_magnate.order_chosen",
                "{who} takes position {pos}.",
                who=tag(seat),
                pos=move.position,
            )
        ]
        return events + _settle(game)

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.WORKING

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        return ChooseOrder(_free(game)[0])
