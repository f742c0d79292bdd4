"""Working 9–5 step 4, food and drinks (seed phase 3 "4.フードとドリンクの獲得").

* Kitchen staff make food: kitchen trainee 1 burger or 1 pizza, cook 3, chef 8
  (``cook burger_cook``, ``cook kitchen_trainee pizza``).
* An errand boy gets 1 drink of any kind (2 of one kind with the first-errand-boy milestone).
* A cart operator (road range 2) or truck driver (3) drives from one of your restaurants along
  the roads, never turning straight back (no U-turns), and gets 2 (truck 3) drinks from every
  drink symbol next to its route, each symbol once (one more per symbol with the errand-boy
  milestone). The route is named by the symbols it passes: ``buy cart_operator e7 f12``.
* A zeppelin pilot (air range 4) flies tile to tile orthogonally, never entering a tile twice,
  and gets 2 drinks from every symbol on every tile entered, the start tile included.
* The first-cart-operator milestone gives cart operators, truck drivers and zeppelin pilots +1
  range. Milestones "first burger/pizza produced": a burger/pizza cook at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from games.core import Move, Msg
from games.core.text import joined

from .board import Square, parse_square, square_name
from .data import components
from .model import FOOD
from .moves import Buy, Cook
from .rules import (
    board_cached,
    claim,
    emp,
    has_drive_in,
    listing,
    pretty,
    restaurant_starts,
    restaurants_of,
    tag,
)
from .working_common import unused_card, unused_kinds

if TYPE_CHECKING:
    from .game import FcmState
    from .model import Player

SUB = FOOD
MOVES = (Cook, Buy)


def per_source(p: Player, kind: str) -> int:
    e = emp(kind)
    return e.bonus_amount if p.has("first_errand_boy") else e.amount


def buyer_range(p: Player, kind: str) -> int:
    return emp(kind).range + (1 if p.has("first_cart_operator") else 0)


def route_sets(game: FcmState, seat: int, kind: str) -> list[frozenset[Square]]:
    """Every non-empty set of drink symbols a route of this buyer can pass, largest first."""
    p = game.players[seat]
    key = ("routes", seat, kind, buyer_range(p, kind), has_drive_in(game, seat))
    return board_cached(game, key, lambda: _route_sets(game, seat, kind))


def _route_sets(game: FcmState, seat: int, kind: str) -> list[frozenset[Square]]:
    p = game.players[seat]
    e = emp(kind)
    reach = buyer_range(p, kind)
    found: set[frozenset[Square]] = set()
    from .rules import entrances

    for r in restaurants_of(game, seat):
        if e.mode == "road":
            found |= game.grid.road_routes(restaurant_starts(game, r), reach)
        else:
            found |= game.grid.air_routes(game.grid.tiles_of(entrances(game, r)), reach)
    return sorted((s for s in found if s), key=lambda s: (-len(s), sorted(s)))


def route_word(squares: frozenset[Square]) -> str:
    return " ".join(square_name(s) for s in sorted(squares))


def candidates(game: FcmState, seat: int) -> Iterator[Move]:
    p = game.players[seat]
    for kind in unused_kinds(p, "kitchen"):
        foods = emp(kind).foods
        if len(foods) > 1:
            for f in foods:
                yield Cook(kind, f)
        else:
            yield Cook(kind)
    for kind in unused_kinds(p, "buyer"):
        if emp(kind).mode == "errand":
            for d in components().drinks:
                yield Buy(kind, d)
        else:
            for s in route_sets(game, seat, kind):
                yield Buy(kind, route_word(s))


def refusal(game: FcmState, seat: int, move: Move) -> str | None:
    p = game.players[seat]
    c = components()
    if isinstance(move, Cook):
        if move.card not in c.employees or emp(move.card).action != "kitchen":
            return Msg(
                "food_chain_magnate.not_kitchen",
                "`{card}` is not kitchen staff (kitchen trainee, burger or pizza cook or chef).",
                card=move.card,
            )
        if unused_card(p, move.card) is None:
            return Msg(
                "food_chain_magnate.no_unused",
                "You have no {kind} at work with an unused action.",
                kind=pretty(move.card),
            )
        foods = emp(move.card).foods
        if len(foods) > 1:
            if move.food not in foods:
                return Msg(
                    "food_chain_magnate.choose_food",
                    "A {kind} makes one of {foods}: write `cook {card} <food>`.",
                    kind=pretty(move.card),
                    foods=joined([pretty(f) for f in foods], " or "),
                    card=move.card,
                )
        elif move.food not in (None, foods[0]):
            return Msg(
                "food_chain_magnate.fixed_food",
                "A {kind} makes only {food}s.",
                kind=pretty(move.card),
                food=pretty(foods[0]),
            )
        return None
    assert isinstance(move, Buy)
    if move.buyer not in c.employees or emp(move.buyer).action != "buyer":
        return Msg(
            "food_chain_magnate.not_buyer",
            "`{card}` is not a buyer (errand boy, cart operator, truck driver, zeppelin pilot).",
            card=move.buyer,
        )
    if unused_card(p, move.buyer) is None:
        return Msg(
            "food_chain_magnate.no_unused",
            "You have no {kind} at work with an unused action.",
            kind=pretty(move.buyer),
        )
    e = emp(move.buyer)
    if e.mode == "errand":
        if move.what not in c.drinks:
            return Msg(
                "food_chain_magnate.errand_drink",
                "An errand boy gets one drink of your choice: write `buy errand_boy <drink>` "
                "with one of {drinks}.",
                drinks=", ".join(c.drinks),
            )
        return None
    squares = [parse_square(w) for w in move.sources]
    if not squares or any(s is None for s in squares):
        return Msg(
            "food_chain_magnate.route_form",
            "Name the drink symbols the route passes by their squares, e.g. `buy {card} e7 f12`.",
            card=move.buyer,
        )
    wanted = frozenset(s for s in squares if s is not None)
    for s in wanted:
        if s not in game.grid.drinks:
            return Msg(
                "food_chain_magnate.not_drink",
                "There is no drink symbol at {sq}.",
                sq=square_name(s),
            )
    options = route_sets(game, seat, move.buyer)
    if wanted not in options:
        best = ", ".join(f"`{route_word(s)}`" for s in options[:3]) or "none"
        return Msg(
            "food_chain_magnate.no_route",
            "No route of your {kind} (range {n}) from your restaurants passes exactly {want}; "
            "routes collect every symbol they pass. Best routes: {best}.",
            kind=pretty(move.buyer),
            n=buyer_range(p, move.buyer),
            want=route_word(wanted),
            best=best,
        )
    return None


def apply(game: FcmState, seat: int, move: Move) -> list[str]:
    p = game.players[seat]
    events: list[str] = []
    if isinstance(move, Cook):
        card = unused_card(p, move.card)
        assert card is not None
        p.turn.used.add(card.uid)
        e = emp(move.card)
        food = move.food or e.foods[0]
        p.stock[food] = p.stock.get(food, 0) + e.amount
        events.append(
            Msg(
                "food_chain_magnate.cooked",
                "{who}'s {kind} makes {n} {food}.",
                who=tag(seat),
                kind=pretty(move.card),
                n=e.amount,
                food=pretty(food),
            )
        )
        claim(game, seat, f"first_{food}_produced", events)
        return events
    assert isinstance(move, Buy)
    card = unused_card(p, move.buyer)
    assert card is not None
    p.turn.used.add(card.uid)
    each = per_source(p, move.buyer)
    got: dict[str, int] = {}
    if emp(move.buyer).mode == "errand":
        got[move.what] = each
    else:
        for w in move.sources:
            sq = parse_square(w)
            assert sq is not None
            drink = game.grid.drinks[sq]
            got[drink] = got.get(drink, 0) + each
    for drink, n in got.items():
        p.stock[drink] = p.stock.get(drink, 0) + n
    events.append(
        Msg(
            "food_chain_magnate.bought",
            "{who}'s {kind} gets {what}.",
            who=tag(seat),
            kind=pretty(move.buyer),
            what=listing(
                [
                    Msg("food_chain_magnate.count.bare", "{n} {item}", n=n, item=pretty(d))
                    for d, n in sorted(got.items())
                ]
            ),
        )
    )
    return events
