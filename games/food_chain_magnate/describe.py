"""Food Chain Magnate moves in words, for panel buttons, menus and autocomplete
(``"Put a Waitress to work"``, ``"Recruit a Management Trainee"``, ``"Restaurant at O9 ·
entrance NW"``), never the raw notation. Employees are named as ``data/food_chain_magnate``
names them (keyed ``food_chain_magnate.term.card.<id>``), goods, campaign kinds and garden
sides as keyed terms; squares and corners as the board's coordinates. Every label is a ``Msg``
keyed ``food_chain_magnate.label.*`` so a catalogue translates it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move
from games.core.text import Msg, joined

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
from .rules import pretty

if TYPE_CHECKING:
    from .game import FcmState

SIDES = {"n": "north", "e": "east", "s": "south", "w": "west"}
CAMPAIGN_TITLES = {
    "billboard": "Billboard",
    "mailbox": "Mailbox",
    "airplane": "Airplane",
    "radio": "Radio",
}
"""Campaign kinds as a label starts with them (``food_chain_magnate.term.campaign_title.*``)."""


def employee(kind: str) -> str:
    """``"management_trainee"`` -> ``"Management Trainee"`` (the card's printed name, keyed
    ``food_chain_magnate.term.card.<id>``; an unknown kind title-cased, not keyed)."""
    card = components().employees.get(kind)
    if card is None:
        return kind.replace("_", " ").title()
    key = "food_chain_magnate.term.card." + kind
    return Msg(key, card.name)


def good(kind: str) -> str:
    """``"soft_drink"`` -> ``"soft drink"`` (keyed when it is a known good)."""
    return pretty(kind)


def _a(kind: str) -> str:
    """``"a Waitress"`` / ``"an Errand Boy"``: an employee with its article."""
    name = employee(kind)
    if str(name)[:1].lower() in "aeiou":
        return Msg("food_chain_magnate.label.an", "an {card}", card=name)
    return Msg("food_chain_magnate.label.a", "a {card}", card=name)


def _side(word: str) -> str:
    lower = word.lower()
    if lower in SIDES:
        key = "food_chain_magnate.term.side." + lower
        return Msg(key, SIDES[lower])
    return word.upper()


def _campaign_kind(kind: str) -> str:
    if kind in CAMPAIGN_TITLES:
        key = "food_chain_magnate.term.campaign_title." + kind
        return Msg(key, CAMPAIGN_TITLES[kind])
    return kind.replace("_", " ").capitalize()


def _where(where: str) -> str:
    """A campaign's placement as a label writes it: ``C7``, or an airplane's ``COL C`` /
    ``ROW 3`` (keyed)."""
    axis, _, line = where.partition("-")
    if axis == "col" and line:
        return Msg("food_chain_magnate.label.col", "COL {x}", x=line.upper())
    if axis == "row" and line:
        return Msg("food_chain_magnate.label.row", "ROW {x}", x=line.upper())
    return where.replace("-", " ").upper()


def _say(key: str, template: str, **params: object) -> str:
    """A panel label (``food_chain_magnate.label.<key>``)."""
    full_key = "food_chain_magnate.label." + key
    return Msg(full_key, template, **params)


def describe(state: FcmState, seat: int, move: Move) -> str:
    """``move`` of ``seat`` as a short sentence (at most 80 characters; a longer one is cut
    and no longer keyed)."""
    text = _describe(state, seat, move)
    return text if len(text) <= 80 else str(text)[:80]


def _describe(state: FcmState, seat: int, move: Move) -> str:
    if isinstance(move, PlaceRestaurant):
        sq, corner = move.square.upper(), move.corner.upper()
        if move.by:
            return _say(
                "restaurant_by",
                "Restaurant at {sq} · entrance {corner} · by the {card}",
                sq=sq,
                corner=corner,
                card=employee(move.by),
            )
        return _say("restaurant", "Restaurant at {sq} · entrance {corner}", sq=sq, corner=corner)
    if isinstance(move, Pass):
        return _say("pass", "Place no restaurant this round")
    if isinstance(move, ChooseReserve):
        slots = next(
            (r.ceo_slots for r in components().reserve_cards if r.money == move.money), None
        )
        if slots is not None:
            return _say(
                "reserve_slots",
                "Bank reserve card ${money} · CEO with {slots} slots",
                money=move.money,
                slots=slots,
            )
        return _say("reserve", "Bank reserve card ${money}", money=move.money)
    if isinstance(move, Work):
        return _say("work", "Put {card} to work", card=_a(move.card))
    if isinstance(move, Beach):
        return _say("beach", "Take {card} off work (to the beach)", card=_a(move.card))
    if isinstance(move, Commit):
        return _say("commit", "Commit this structure")
    if isinstance(move, ChooseOrder):
        return _say("order", "Take turn-order position {n}", n=move.position)
    if isinstance(move, Recruit):
        if move.train_to:
            return _say(
                "recruit_train",
                "Recruit {card}, trained at once to {target}",
                card=_a(move.card),
                target=employee(move.train_to),
            )
        return _say("recruit", "Recruit {card}", card=_a(move.card))
    if isinstance(move, Train):
        return _say(
            "train", "Train {card} into {target}", card=_a(move.card), target=_a(move.target)
        )
    if isinstance(move, PlaceCampaign):
        where = _where(move.where)
        params = {
            "kind": _campaign_kind(move.kind),
            "n": move.number,
            "where": where,
            "card": employee(move.marketeer),
        }
        if move.tall:
            return _say("campaign_turned", "{kind} {n} at {where} turned · {card}", **params)
        return _say("campaign", "{kind} {n} at {where} · {card}", **params)
    if isinstance(move, Advertise):
        product = good(move.product)
        if move.duration == ETERNAL:
            return _say("advertise_ever", "Advertise {product} for ever", product=product)
        if move.duration == 1:
            return _say("advertise_one", "Advertise {product} for 1 turn", product=product)
        return _say(
            "advertise", "Advertise {product} for {n} turns", product=product, n=move.duration
        )
    if isinstance(move, Cook):
        if move.food:
            return _say(
                "cook_food",
                "Cook with the {card} ({food})",
                card=employee(move.card),
                food=good(move.food),
            )
        return _say("cook", "Cook with the {card}", card=employee(move.card))
    if isinstance(move, Buy):
        words = [w.upper() if any(ch.isdigit() for ch in w) else good(w) for w in move.what.split()]
        return _say(
            "buy", "{card} gets drinks: {what}", card=employee(move.buyer), what=joined(words, " ")
        )
    if isinstance(move, PlaceHouse):
        return _say(
            "house",
            "House {n} at {sq} · garden {side}",
            n=move.number,
            sq=move.square.upper(),
            side=_side(move.side),
        )
    if isinstance(move, PlaceGarden):
        return _say(
            "garden", "Garden on the {side} of house {n}", side=_side(move.side), n=move.number
        )
    if isinstance(move, MoveRestaurant):
        return _say(
            "move_restaurant",
            "Move restaurant {i} to {sq} · entrance {corner}",
            i=move.index,
            sq=move.square.upper(),
            corner=move.corner.upper(),
        )
    if isinstance(move, Done):
        return _say("done", "End your Working 9–5")
    if isinstance(move, Fire):
        return _say("fire", "Fire {card}", card=_a(move.card))
    if isinstance(move, Pay):
        return _say("pay", "Pay this Payday's salaries")
    if isinstance(move, Discard):
        return _say("discard", "Throw away one {good}", good=good(move.good))
    return move.notation.replace("_", " ").capitalize() + " (move)"
