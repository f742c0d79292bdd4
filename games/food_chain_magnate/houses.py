"""Working 9–5 step 5, new houses and gardens (seed phase 3 "5.新たな家と庭を配置する").

Each new business developer at work either

* places a new house (2×2 with its 2×1 garden, a 2×3 piece; the player picks the number) on
  empty squares anywhere, touching at least one road: ``house 6 c7 s`` (house's top-left square,
  garden side); or
* adds a garden to a house without one so that house and garden form a 2×3 rectangle on empty
  squares (it may cross a tile border): ``garden 8 e``.

A house with a garden holds up to 5 demand tokens and pays double the unit price.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from games.core import Move, Msg

from .board import SIDES, Square, garden_squares, parse_square, rect, square_name
from .model import HOUSES, House
from .moves import PlaceGarden, PlaceHouse
from .rules import board_cached, is_empty, tag
from .working_common import unused_kinds

if TYPE_CHECKING:
    from .game import FcmState

SUB = HOUSES
MOVES = (PlaceHouse, PlaceGarden)


def _nbd(game: FcmState, seat: int) -> str | None:
    kinds = unused_kinds(game.players[seat], "house")
    return kinds[0] if kinds else None


def house_squares(top_left: Square, side: str) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
    house = rect(top_left, 2, 2)
    return house, garden_squares(house, side)


def _spot_refusal(game: FcmState, squares: tuple[Square, ...]) -> str | None:
    from .restaurants import what_is_on

    for s in squares:
        if not game.grid.on_board(s):
            return Msg(
                "food_chain_magnate.house_off_map",
                "The house and its garden would stick out of the map.",
            )
    for s in squares:
        if not is_empty(game, s):
            return Msg(
                "food_chain_magnate.square_taken",
                "{sq} is not empty: it holds {what}.",
                sq=square_name(s),
                what=what_is_on(game, s),
            )
    return None


def touches_road(game: FcmState, house: tuple[Square, ...], garden: tuple[Square, ...]) -> bool:
    """Whether a new house tile touches a road: any of its six squares (option
    ``house_road=any``, Deluxe p24: part of an edge of the house+garden token), or its 2x2
    house squares (``house``: the seed 「家は最低1つの道路と隣接していること」)."""
    if game.rule("house_road") == "house":
        return game.grid.touches_road(house)
    return game.grid.touches_road(house + garden)


def house_spots(game: FcmState) -> list[tuple[str, str]]:
    """Every legal (top-left square, garden side) for a new house."""
    return board_cached(game, ("house_spots",), lambda: _house_spots(game))


def house_spot_set(game: FcmState) -> frozenset[tuple[str, str]]:
    return board_cached(game, ("house_spot_set",), lambda: frozenset(house_spots(game)))


def _house_spots(game: FcmState) -> list[tuple[str, str]]:
    out = []
    g = game.grid
    for r in range(g.height - 1):
        for c in range(g.width - 1):
            house = rect((r, c), 2, 2)
            if not all(is_empty(game, s) for s in house):
                continue
            for side in SIDES:
                garden = garden_squares(house, side)
                if all(g.on_board(s) and is_empty(game, s) for s in garden) and touches_road(
                    game, house, garden
                ):
                    out.append((square_name((r, c)), side))
    return out


def garden_spots(game: FcmState) -> list[tuple[int, str]]:
    out = []
    for number, h in sorted(game.houses.items()):
        if h.garden:
            continue
        for side in SIDES:
            garden = garden_squares(h.squares, side)
            if all(game.grid.on_board(s) and is_empty(game, s) for s in garden):
                out.append((number, side))
    return out


def candidates(game: FcmState, seat: int) -> Iterator[Move]:
    if _nbd(game, seat) is None:
        return
    spots = house_spots(game)
    for number in sorted(game.house_supply):
        for word, side in spots:
            yield PlaceHouse(number, word, side)
    if game.gardens_left > 0:
        for number, side in garden_spots(game):
            yield PlaceGarden(number, side)


def refusal(game: FcmState, seat: int, move: Move) -> str | None:
    if _nbd(game, seat) is None:
        return Msg(
            "food_chain_magnate.no_nbd",
            "Only a new business developer at work with an unused action places houses and "
            "gardens.",
        )
    if move.side not in SIDES:  # type: ignore[attr-defined]
        return Msg("food_chain_magnate.bad_side", "The garden side is one of n, e, s or w.")
    if isinstance(move, PlaceHouse):
        if move.number not in game.house_supply:
            left = ", ".join(str(n) for n in sorted(game.house_supply)) or "none"
            return Msg(
                "food_chain_magnate.house_taken",
                "House {n} is not in the supply (left: {left}).",
                n=move.number,
                left=left,
            )
        if (move.square, move.side) in house_spot_set(game):
            return None
        sq = parse_square(move.square)
        if sq is None or not game.grid.on_board(sq):
            from .restaurants import bad_square

            return bad_square(game, move.square)
        house, garden = house_squares(sq, move.side)
        why = _spot_refusal(game, house + garden)
        if why:
            return why
        if not touches_road(game, house, garden):
            if game.rule("house_road") == "house" and game.grid.touches_road(house + garden):
                return Msg(
                    "food_chain_magnate.house_garden_road",
                    "Only the garden touches a road; the house itself must (option "
                    "`house_road=house`).",
                )
            return Msg(
                "food_chain_magnate.house_no_road", "A new house must touch at least one road."
            )
        return None
    assert isinstance(move, PlaceGarden)
    if game.gardens_left <= 0:
        return Msg("food_chain_magnate.no_gardens", "All the garden tiles are on the map already.")
    h = game.houses.get(move.number)
    if h is None:
        return Msg(
            "food_chain_magnate.no_house", "There is no house {n} on the map.", n=move.number
        )
    if h.garden:
        return Msg(
            "food_chain_magnate.has_garden", "House {n} already has a garden.", n=move.number
        )
    return _spot_refusal(game, garden_squares(h.squares, move.side))


def apply(game: FcmState, seat: int, move: Move) -> list[str]:
    p = game.players[seat]
    kind = _nbd(game, seat)
    assert kind is not None
    card = next(c for c in p.at_work_cards() if c.kind == kind and c.uid not in p.turn.used)
    p.turn.used.add(card.uid)
    if isinstance(move, PlaceHouse):
        sq = parse_square(move.square)
        assert sq is not None
        house, garden = house_squares(sq, move.side)
        game.house_supply.remove(move.number)
        game.houses[move.number] = House(move.number, house, garden, printed=False)
        for s in house:
            game.occupied[s] = f"house {move.number}"
        for s in garden:
            game.occupied[s] = f"the garden of house {move.number}"
        return [
            Msg(
                "food_chain_magnate.house_placed",
                "{who} builds house {n} at {sq} with its garden to the {side}.",
                who=tag(seat),
                n=move.number,
                sq=move.square,
                side=move.side,
            )
        ]
    assert isinstance(move, PlaceGarden)
    h = game.houses[move.number]
    h.garden = garden_squares(h.squares, move.side)
    game.gardens_left -= 1
    for s in h.garden:
        game.occupied[s] = f"the garden of house {move.number}"
    return [
        Msg(
            "food_chain_magnate.garden_placed",
            "{who} adds a garden to house {n} on its {side} side.",
            who=tag(seat),
            n=move.number,
            side=move.side,
        )
    ]
