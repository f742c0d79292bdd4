"""Placing restaurants: at setup and in Working 9–5 step 6 (seed phase 3 "6.").

* A restaurant is 2×2 on empty squares (no road, house, garden, drink symbol, restaurant or
  campaign) with its entrance corner orthogonally next to a road.
* Setup only: the entrance may not touch a road on a tile where an existing restaurant's
  entrance touches a road (seed: "既存のレストランの出入り口が隣接しているのと同じタイル上の道路").
* Local manager: a new restaurant, COMING SOON until Cleanup, whose entrance lies on a tile
  within road range 3 of one of your restaurants (the road it touches may be out of range).
* Regional manager: a new restaurant anywhere, open at once; or move one of your restaurants
  anywhere, or just turn it where it stands.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from games.core import Move, Msg

from .board import CORNERS, Square, Tile, corner_square, parse_square, rect, square_name
from .data import components
from .model import RESTAURANTS, Restaurant
from .moves import MoveRestaurant, PlaceRestaurant
from .rules import (
    board_cached,
    chain_reach,
    emp,
    has_drive_in,
    is_empty,
    pretty,
    restaurants_of,
    tag,
)
from .working_common import unused_card

if TYPE_CHECKING:
    from .game import FcmState

SUB = RESTAURANTS
MOVES = (PlaceRestaurant, MoveRestaurant)
LOCAL_RANGE = 3


def what_is_on(game: FcmState, sq: Square) -> str:
    """A short phrase for what stands on a square (for refusals), keyed
    (``food_chain_magnate.on.*``); ids (house and campaign numbers, seats) kept."""
    if sq in game.occupied:
        return _occupant(game.occupied[sq])
    ch = game.grid.terrain[sq[0]][sq[1]]
    if ch == "#":
        return Msg("food_chain_magnate.on.road", "a road")
    if ch == "H":
        return Msg("food_chain_magnate.on.house", "a house")
    if ch in "BLS":
        drink = {"B": "beer", "L": "lemonade", "S": "soft_drink"}[ch]
        return Msg("food_chain_magnate.on.drink", "a {drink} symbol", drink=pretty(drink))
    return Msg("food_chain_magnate.on.something", "something")


_OCCUPANTS = (
    (
        re.compile(r"restaurant (\d+) of (p\d+)"),
        "on.restaurant",
        "restaurant {i} of {p}",
        ("i", "p"),
    ),
    (re.compile(r"the garden of house (\d+)"), "on.garden", "the garden of house {n}", ("n",)),
    (re.compile(r"house (\d+)"), "house_n", "house {n}", ("n",)),
    (re.compile(r"campaign #(\d+)"), "on.campaign", "campaign #{n}", ("n",)),
)
"""The phrases ``FcmState.occupied`` holds (set where a piece is placed) and their keys."""


def _occupant(text: str) -> str:
    """``"restaurant 2 of p1"`` as a keyed phrase with the same English (the text as it is
    when it is none of the known phrases)."""
    for pattern, key, template, names in _OCCUPANTS:
        found = pattern.fullmatch(text)
        if found:
            params = dict(zip(names, found.groups(), strict=True))
            full_key = "food_chain_magnate." + key
            return Msg(full_key, template, **params)
    return text


def bad_square(game: FcmState, word: str) -> str:
    last = square_name((game.grid.height - 1, game.grid.width - 1))
    return Msg(
        "food_chain_magnate.bad_square",
        "`{word}` is not a square on the map (a1 to {last}).",
        word=word,
        last=last,
    )


def shape_refusal(
    game: FcmState, word: str, corner: str, ignore: tuple[Square, ...] = ()
) -> str | None:
    """Why a restaurant cannot stand at ``word`` with its entrance at ``corner``."""
    sq = parse_square(word)
    if sq is None or not game.grid.on_board(sq):
        return bad_square(game, word)
    if corner not in CORNERS:
        return Msg(
            "food_chain_magnate.bad_corner", "The entrance corner is one of nw, ne, sw or se."
        )
    squares = rect(sq, 2, 2)
    for s in squares:
        if not game.grid.on_board(s):
            return Msg(
                "food_chain_magnate.off_map",
                "A 2×2 restaurant at {sq} would stick out of the map.",
                sq=word,
            )
    for s in squares:
        if not is_empty(game, s, ignore):
            return Msg(
                "food_chain_magnate.square_taken",
                "{sq} is not empty: it holds {what}.",
                sq=square_name(s),
                what=what_is_on(game, s),
            )
    entrance = corner_square(sq, corner)
    if not game.grid.touches_road([entrance]):
        return Msg(
            "food_chain_magnate.entrance_no_road",
            "The entrance at {sq} does not touch a road; a restaurant's entrance corner must be "
            "next to a road.",
            sq=square_name(entrance),
        )
    return None


def blocked_setup_tiles(game: FcmState) -> set[Tile]:
    """Tiles of the roads that existing restaurants' entrances touch."""
    out: set[Tile] = set()
    for r in game.restaurants:
        for n in game.grid.neighbours(r.entrance):
            if game.grid.is_road(n):
                out.add(game.grid.tile_of(n))
    return out


def _initial_refusal(game: FcmState, entrance: Square) -> str | None:
    blocked = blocked_setup_tiles(game)
    for n in game.grid.neighbours(entrance):
        if game.grid.is_road(n) and game.grid.tile_of(n) in blocked:
            return Msg(
                "food_chain_magnate.setup_same_tile",
                "At setup the entrance may not touch a road on a tile where another "
                "restaurant's entrance touches a road; {sq} is on such a road.",
                sq=square_name(n),
            )
    return None


def local_tiles(game: FcmState, seat: int) -> dict[Tile, int]:
    """Tiles within road range 3 of ``seat``'s restaurants (coming-soon ones included)."""
    _, ranges = chain_reach(game, seat, open_only=False)
    return {t: d for t, d in ranges.items() if d <= LOCAL_RANGE}


def placement_refusal(
    game: FcmState,
    seat: int,
    word: str,
    corner: str,
    *,
    initial: bool = False,
    mode: str = "",
) -> str | None:
    """Why ``seat`` may not place a restaurant here (at setup, or by a ``local``/``regional``
    manager)."""
    if len(restaurants_of(game, seat, open_only=False)) >= components().restaurants_per_chain:
        return Msg(
            "food_chain_magnate.no_restaurants_left",
            "All {n} of your restaurants are on the map already.",
            n=components().restaurants_per_chain,
        )
    why = shape_refusal(game, word, corner)
    if why:
        return why
    sq = parse_square(word)
    assert sq is not None
    entrance = corner_square(sq, corner)
    if initial:
        return _initial_refusal(game, entrance)
    if mode == "local":
        tile = game.grid.tile_of(entrance)
        if tile not in local_tiles(game, seat):
            return Msg(
                "food_chain_magnate.local_out_of_range",
                "A local manager opens a restaurant on a tile within road range {n} of one of "
                "your restaurants; the entrance at {sq} is on a tile out of that range.",
                n=LOCAL_RANGE,
                sq=square_name(entrance),
            )
    return None


def placements(
    game: FcmState, seat: int, *, initial: bool = False, mode: str = ""
) -> list[tuple[str, str]]:
    """Every legal (square, corner) for a new restaurant of ``seat``."""
    key = ("placements", seat, initial, mode, mode == "local" and has_drive_in(game, seat))
    return board_cached(game, key, lambda: _placements(game, seat, initial, mode))


def _placements(game: FcmState, seat: int, initial: bool, mode: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if len(restaurants_of(game, seat, open_only=False)) < components().restaurants_per_chain:
        blocked = blocked_setup_tiles(game) if initial else set()
        near = local_tiles(game, seat) if mode == "local" else None
        for top_left, corner in _free_spots(game):
            entrance = corner_square(top_left, corner)
            if initial and any(
                game.grid.is_road(n) and game.grid.tile_of(n) in blocked
                for n in game.grid.neighbours(entrance)
            ):
                continue
            if near is not None and game.grid.tile_of(entrance) not in near:
                continue
            out.append((square_name(top_left), corner))
    return out


def placement_set(game: FcmState, seat: int, mode: str) -> frozenset[tuple[str, str]]:
    key = ("placement_set", seat, mode, mode == "local" and has_drive_in(game, seat))
    return board_cached(game, key, lambda: frozenset(placements(game, seat, mode=mode)))


def _free_spots(game: FcmState, ignore: tuple[Square, ...] = ()) -> Iterator[tuple[Square, str]]:
    g = game.grid
    for r in range(g.height - 1):
        for c in range(g.width - 1):
            squares = rect((r, c), 2, 2)
            if not all(is_empty(game, s, ignore) for s in squares):
                continue
            for corner in CORNERS:
                if g.touches_road([corner_square((r, c), corner)]):
                    yield (r, c), corner


def put(game: FcmState, seat: int, top_left: Square, corner: str, *, open_: bool) -> Restaurant:
    used = {r.index for r in restaurants_of(game, seat, open_only=False)}
    index = min(i for i in range(1, components().restaurants_per_chain + 1) if i not in used)
    r = Restaurant(seat, index, top_left, corner, open_)
    game.restaurants.append(r)
    for s in r.squares:
        game.occupied[s] = f"restaurant {index} of {tag(seat)}"
    return r


def _managers(game: FcmState, seat: int, mode: str) -> list[str]:
    return sorted(
        {
            c.kind
            for c in game.players[seat].at_work_cards()
            if emp(c.kind).action == "restaurant"
            and emp(c.kind).mode == mode
            and c.uid not in game.players[seat].turn.used
        }
    )


def candidates(game: FcmState, seat: int) -> Iterator[Move]:
    for mode in ("local", "regional"):
        for kind in _managers(game, seat, mode):
            for word, corner in placements(game, seat, mode=mode):
                yield PlaceRestaurant(word, corner, kind)
    if _managers(game, seat, "regional"):
        for r in restaurants_of(game, seat, open_only=False):
            for top_left, corner in _free_spots(game, ignore=r.squares):
                if (top_left, corner) != (r.top_left, r.corner):
                    yield MoveRestaurant(r.index, square_name(top_left), corner)


def refusal(game: FcmState, seat: int, move: Move) -> str | None:
    p = game.players[seat]
    if isinstance(move, PlaceRestaurant):
        if move.by is None:
            return Msg(
                "food_chain_magnate.place_needs_manager",
                "Name the manager who places the restaurant: "
                "`place restaurant <square> <corner> by local_manager` (or regional_manager).",
            )
        if move.by not in components().employees or emp(move.by).action != "restaurant":
            return Msg(
                "food_chain_magnate.not_restaurant_manager",
                "Only a local manager or a regional manager places restaurants, not `{by}`.",
                by=move.by,
            )
        if unused_card(p, move.by) is None:
            return Msg(
                "food_chain_magnate.no_unused",
                "You have no {kind} at work with an unused action.",
                kind=pretty(move.by),
            )
        if (move.square, move.corner) in placement_set(game, seat, emp(move.by).mode):
            return None
        return placement_refusal(game, seat, move.square, move.corner, mode=emp(move.by).mode)
    assert isinstance(move, MoveRestaurant)
    if not _managers(game, seat, "regional"):
        return Msg(
            "food_chain_magnate.move_needs_regional",
            "Only a regional manager at work with an unused action moves a restaurant.",
        )
    mine = {r.index: r for r in restaurants_of(game, seat, open_only=False)}
    r = mine.get(move.index)
    if r is None:
        return Msg(
            "food_chain_magnate.no_such_restaurant",
            "You have no restaurant {i} on the map (yours: {have}).",
            i=move.index,
            have=", ".join(str(i) for i in sorted(mine)) or "none",
        )
    why = shape_refusal(game, move.square, move.corner, ignore=r.squares)
    if why:
        return why
    if (parse_square(move.square), move.corner) == (r.top_left, r.corner):
        return Msg(
            "food_chain_magnate.move_nowhere",
            "Restaurant {i} already stands there that way round; move or turn it.",
            i=move.index,
        )
    return None


def apply(game: FcmState, seat: int, move: Move) -> list[str]:
    p = game.players[seat]
    if isinstance(move, PlaceRestaurant):
        assert move.by is not None
        card = unused_card(p, move.by)
        assert card is not None
        p.turn.used.add(card.uid)
        sq = parse_square(move.square)
        assert sq is not None
        local = emp(move.by).mode == "local"
        r = put(game, seat, sq, move.corner, open_=not local)
        return [
            Msg(
                "food_chain_magnate.restaurant_placed",
                "{who}'s {kind} places restaurant {i} at {sq} (entrance {corner}){soon}.",
                who=tag(seat),
                kind=pretty(move.by),
                i=r.index,
                sq=move.square,
                corner=move.corner,
                soon=Msg("food_chain_magnate.coming_soon", ", coming soon")
                if local
                else Msg("food_chain_magnate.open_now", ", open now"),
            )
        ]
    assert isinstance(move, MoveRestaurant)
    kind = _managers(game, seat, "regional")[0]
    card = unused_card(p, kind)
    assert card is not None
    p.turn.used.add(card.uid)
    r = next(x for x in restaurants_of(game, seat, open_only=False) if x.index == move.index)
    for s in r.squares:
        del game.occupied[s]
    sq = parse_square(move.square)
    assert sq is not None
    r.top_left, r.corner = sq, move.corner
    for s in r.squares:
        game.occupied[s] = f"restaurant {r.index} of {tag(seat)}"
    return [
        Msg(
            "food_chain_magnate.restaurant_moved",
            "{who}'s regional manager moves restaurant {i} to {sq} (entrance {corner}).",
            who=tag(seat),
            i=r.index,
            sq=move.square,
            corner=move.corner,
        )
    ]
