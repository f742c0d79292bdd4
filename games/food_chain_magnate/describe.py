"""Food Chain Magnate moves in words, for panel buttons, menus and autocomplete
(``"Put a Waitress to work"``, ``"Recruit a Management Trainee"``, ``"Restaurant at O9 ·
entrance NW"``), never the raw notation. Employees are named as ``data/food_chain_magnate``
names them; squares and corners as the board's coordinates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move

from .data import components
from .moves import (
    ETERNAL,
    Advertise,
    Beach,
    Buy,
    ChooseOrder,
    ChooseReserve,
    Commit,
    Cook,
    Discard,
    Done,
    Fire,
    MoveRestaurant,
    Pass,
    Pay,
    PlaceCampaign,
    PlaceGarden,
    PlaceHouse,
    PlaceRestaurant,
    Recruit,
    Train,
    Work,
)

if TYPE_CHECKING:
    from .game import FcmState

SIDES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def employee(kind: str) -> str:
    """``"management_trainee"`` -> ``"Management Trainee"`` (the card's printed name)."""
    card = components().employees.get(kind)
    return card.name if card is not None else kind.replace("_", " ").title()


def good(kind: str) -> str:
    """``"soft_drink"`` -> ``"soft drink"``."""
    return kind.replace("_", " ")


def _a(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _side(word: str) -> str:
    return SIDES.get(word.lower(), word.upper())


def describe(state: FcmState, seat: int, move: Move) -> str:
    """``move`` of ``seat`` as a short sentence (at most 80 characters)."""
    return _describe(state, seat, move)[:80]


def _describe(state: FcmState, seat: int, move: Move) -> str:
    if isinstance(move, PlaceRestaurant):
        by = f" · by the {employee(move.by)}" if move.by else ""
        return f"Restaurant at {move.square.upper()} · entrance {move.corner.upper()}{by}"
    if isinstance(move, Pass):
        return "Place no restaurant this round"
    if isinstance(move, ChooseReserve):
        slots = next(
            (r.ceo_slots for r in components().reserve_cards if r.money == move.money), None
        )
        more = f" · CEO with {slots} slots" if slots is not None else ""
        return f"Bank reserve card ${move.money}{more}"
    if isinstance(move, Work):
        return f"Put {_a(employee(move.card))} to work"
    if isinstance(move, Beach):
        return f"Take {_a(employee(move.card))} off work (to the beach)"
    if isinstance(move, Commit):
        return "Commit this structure"
    if isinstance(move, ChooseOrder):
        return f"Take turn-order position {move.position}"
    if isinstance(move, Recruit):
        trained = f", trained at once to {employee(move.train_to)}" if move.train_to else ""
        return f"Recruit {_a(employee(move.card))}{trained}"
    if isinstance(move, Train):
        return f"Train {_a(employee(move.card))} into {_a(employee(move.target))}"
    if isinstance(move, PlaceCampaign):
        turned = " turned" if move.tall else ""
        where = move.where.replace("-", " ").upper() if "-" in move.where else move.where.upper()
        return (
            f"{move.kind.replace('_', ' ').capitalize()} {move.number} at {where}{turned}"
            f" · {employee(move.marketeer)}"
        )
    if isinstance(move, Advertise):
        time = "for ever" if move.duration == ETERNAL else f"for {move.duration} turns"
        if move.duration == 1:
            time = "for 1 turn"
        return f"Advertise {good(move.product)} {time}"
    if isinstance(move, Cook):
        food = f" ({good(move.food)})" if move.food else ""
        return f"Cook with the {employee(move.card)}{food}"
    if isinstance(move, Buy):
        what = " ".join(
            w.upper() if any(ch.isdigit() for ch in w) else good(w) for w in move.what.split()
        )
        return f"{employee(move.buyer)} gets drinks: {what}"
    if isinstance(move, PlaceHouse):
        return f"House {move.number} at {move.square.upper()} · garden {_side(move.side)}"
    if isinstance(move, PlaceGarden):
        return f"Garden on the {_side(move.side)} of house {move.number}"
    if isinstance(move, MoveRestaurant):
        return (
            f"Move restaurant {move.index} to {move.square.upper()} · "
            f"entrance {move.corner.upper()}"
        )
    if isinstance(move, Done):
        return "End your Working 9–5"
    if isinstance(move, Fire):
        return f"Fire {_a(employee(move.card))}"
    if isinstance(move, Pay):
        return "Pay this Payday's salaries"
    if isinstance(move, Discard):
        return f"Throw away one {good(move.good)}"
    return move.notation.replace("_", " ").capitalize() + " (move)"
