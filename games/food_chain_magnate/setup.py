"""Setup (seed "■セットアップ"): map, supply, bank, turn order, first restaurants, reserve cards.

* The map is ``rows × cols`` tiles by player count, drawn at random, each turned at random.
* All employee cards are used except the 1x cards, cut to 1/1/2/3 copies for 2/3/4/5 players;
  the billboards the table names are removed. Bank: $50 × players ($75 × players in the intro
  game). Players start with $0, take a chain (seat order) and a random turn order.
* First restaurants: in reverse turn order each player places one or passes; then those who
  passed place one, in turn order (they may not pass again). The squares must be empty, the
  entrance next to a road, and not next to a road on a tile where an existing restaurant's
  entrance touches a road.
* Each player secretly keeps one of their three bank reserve cards (not in the intro game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from games.core import Move, Msg, Seat, Step

from . import restaurants
from .board import MapGrid, PlacedTile, parse_square
from .data import components
from .model import Phase, Player
from .moves import ChooseReserve, Pass, PlaceRestaurant
from .rules import tag

if TYPE_CHECKING:
    from .game import FcmState


def new_game(options: Mapping[str, Any], seats: int, seed: int) -> FcmState:
    """A new game for ``seats`` players (2–5) with options ``intro`` and ``milestones``."""
    from .game import FcmState

    c = components()
    if seats not in c.counts:
        raise ValueError(f"Food Chain Magnate is for 2–5 players, not {seats}")
    intro = bool(options.get("intro", False))
    milestones = bool(options.get("milestones", not intro))
    g = FcmState(seats, seed, intro=intro, use_milestones=milestones, options=options)
    count = c.counts[seats]
    ids = sorted(c.tiles)
    g.rng.shuffle(ids)
    placed = []
    for i in range(count.rows * count.cols):
        placed.append(PlacedTile(ids[i], i // count.cols, i % count.cols, g.rng.randrange(4)))
    g.grid = MapGrid(placed)
    for number, squares in sorted(g.grid.printed_houses.items()):
        from .model import House

        g.houses[number] = House(number, squares)
        for sq in squares:
            g.occupied[sq] = f"house {number}"
    g.supply = {
        k: (count.one_x_copies if e.one_x else e.copies)
        for k, e in c.employees.items()
        if k != "ceo"
    }
    g.campaign_supply = [n for n, d in c.campaigns.items() if seats not in d.removed]
    g.house_supply = list(c.house_numbers)
    g.gardens_left = c.gardens
    g.bank = (c.intro_bank_per_player if intro else c.bank_per_player) * seats
    g.milestones_left = set(c.milestones) if milestones else set()
    g.players = [Player(seat, c.chains[seat]) for seat in range(seats)]
    order = list(range(seats))
    g.rng.shuffle(order)
    g.order = order
    g.setup_queue = [(s, True) for s in reversed(order)]
    g.begin(Phase.SETUP_RESTAURANTS)
    return g


class SetupRestaurants(Step["FcmState"]):
    """First restaurants, in reverse turn order, then a second round for those who passed."""

    moves = (PlaceRestaurant, Pass)
    title = "Setup: first restaurants"
    title_key = "food_chain_magnate.term.step.setup_restaurants"

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset({game.setup_queue[0][0]}) if game.setup_queue else frozenset()

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        may_pass = game.setup_queue[0][1]
        moves: list[Move] = [
            PlaceRestaurant(sq, corner)
            for sq, corner in restaurants.placements(game, seat, initial=True)
        ]
        if may_pass or not moves:
            moves.append(Pass())
        return moves

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        if isinstance(move, Pass):
            if game.setup_queue[0][1]:
                return None
            if restaurants.placements(game, seat, initial=True):
                return Msg(
                    "food_chain_magnate.must_place",
                    "You passed in the first round, so you must place a restaurant now.",
                )
            return None
        assert isinstance(move, PlaceRestaurant)
        if move.by is not None:
            return Msg(
                "food_chain_magnate.setup_no_manager",
                "At setup a restaurant is placed without a manager: write "
                "`place restaurant <square> <corner>`.",
            )
        return restaurants.placement_refusal(game, seat, move.square, move.corner, initial=True)

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        _, may_pass = game.setup_queue.pop(0)
        if isinstance(move, Pass):
            if may_pass:
                game.setup_queue.append((seat, False))
                first = [e for e in game.setup_queue if e[1]]
                second = [e for e in game.setup_queue if not e[1]]
                second.sort(key=lambda e: game.order.index(e[0]))
                game.setup_queue = first + second
            return [Msg("food_chain_magnate.setup_pass", "{who} passes for now.", who=tag(seat))]
        assert isinstance(move, PlaceRestaurant)
        sq = parse_square(move.square)
        assert sq is not None
        r = restaurants.put(game, seat, sq, move.corner, open_=True)
        return [
            Msg(
                "food_chain_magnate.setup_place",
                "{who} places restaurant {index} at {square} with its entrance at {corner}.",
                who=tag(seat),
                index=r.index,
                square=move.square,
                corner=move.corner,
            )
        ]

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.RESTRUCTURING if game.intro else Phase.SETUP_RESERVE

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        if game.setup_queue[0][1]:
            return Pass()
        return None


class SetupReserve(Step["FcmState"]):
    """Each player secretly keeps one bank reserve card; all choose at once."""

    moves = (ChooseReserve,)
    title = "Setup: bank reserve cards"
    title_key = "food_chain_magnate.term.step.setup_reserve"

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset(p.seat for p in game.players if p.reserve is None)

    def candidates(self, game: FcmState, seat: Seat) -> Iterable[Move]:
        return [ChooseReserve(r.money) for r in components().reserve_cards]

    def refusal(self, game: FcmState, seat: Seat, move: Move) -> str | None:
        assert isinstance(move, ChooseReserve)
        values = [r.money for r in components().reserve_cards]
        if move.money not in values:
            return Msg(
                "food_chain_magnate.no_such_reserve",
                "Your bank reserve cards are {values}; keep one of them.",
                values=", ".join(f"${v}" for v in values),
            )
        return None

    def apply(self, game: FcmState, seat: Seat, move: Move) -> list[str]:
        assert isinstance(move, ChooseReserve)
        game.players[seat].reserve = move.money
        return [
            Msg(
                "food_chain_magnate.reserve_kept",
                "{who} keeps a bank reserve card face down.",
                who=tag(seat),
            )
        ]

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.RESTRUCTURING

    def default_move(self, game: FcmState, seat: Seat) -> Move | None:
        return ChooseReserve(components().reserve_cards[len(components().reserve_cards) // 2].money)
