"""A scenario helper for Food Chain Magnate rule tests: a chosen map, cards, restaurants and
demand, then the real steps and moves of the engine."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.core import Move
from games.food_chain_magnate import new_game
from games.food_chain_magnate.board import MapGrid, PlacedTile, parse_square
from games.food_chain_magnate.game import FcmState
from games.food_chain_magnate.model import Card, House, Occupancy, Phase, Restaurant
from games.food_chain_magnate.restructuring import start_turn


def make_game(
    tiles: Sequence[str],
    cols: int,
    *,
    seats: int = 2,
    intro: bool = False,
    milestones: bool | None = None,
) -> FcmState:
    """A game whose map is ``tiles`` row by row, each ``"A0"``: tile A turned 0 quarters.

    Setup is skipped: no restaurants, turn order = seat order, phase Restructuring of turn 1.
    """
    opts = {"intro": intro, "milestones": (not intro) if milestones is None else milestones}
    g = new_game(opts, seats, 7)
    placed = [PlacedTile(t[0], i // cols, i % cols, int(t[1:] or 0)) for i, t in enumerate(tiles)]
    g.grid = MapGrid(placed)
    g.houses = {n: House(n, sq) for n, sq in sorted(g.grid.printed_houses.items())}
    g.occupied = Occupancy({s: f"house {n}" for n, h in g.houses.items() for s in h.squares})
    g.restaurants = []
    g.order = list(range(seats))
    g.setup_queue = []
    g.turn = 1
    g.phase = Phase.RESTRUCTURING
    for p in g.players:
        p.reserve = None if intro else 200
        p.committed = True
    g.invalidate()
    return g


def sq(word: str) -> tuple[int, int]:
    s = parse_square(word)
    assert s is not None
    return s


def give(g: FcmState, seat: int, *kinds: str, work: bool = False) -> list[Card]:
    """Cards from the supply to ``seat`` (at work if ``work``)."""
    out = []
    p = g.players[seat]
    for kind in kinds:
        g.supply[kind] -= 1
        card = Card(g.next_uid, kind)
        g.next_uid += 1
        p.cards.append(card)
        if work:
            p.at_work.add(card.uid)
        out.append(card)
    g.invalidate()
    return out


def restaurant(
    g: FcmState, seat: int, square: str, corner: str, *, open_: bool = True
) -> Restaurant:
    from games.food_chain_magnate import restaurants

    r = restaurants.put(g, seat, sq(square), corner, open_=open_)
    g.invalidate()
    return r


def working(g: FcmState, first: int | None = None) -> None:
    """Enter Working 9–5 with the cards already marked at work (turn bookkeeping fresh)."""
    for p in g.players:
        p.revealed = True
        p.committed = True
        start_turn(g, p.seat)
    g.phase = Phase.WORKING
    g.current = 0 if first is None else g.order.index(first)
    g.invalidate()


def demand(g: FcmState, house: int, *goods: str) -> None:
    g.houses[house].demand = list(goods)


def stock(g: FcmState, seat: int, **goods: int) -> None:
    g.players[seat].stock = dict(goods)


def play(g: FcmState, seat: int, *notations: str) -> list[str]:
    events: list[str] = []
    for text in notations:
        move: Move = g.parse_move(seat, text)
        events += g.apply(seat, move)
    return events


def notations(g: FcmState, seat: int) -> list[str]:
    return [m.notation for m in g.legal_moves(seat)]


def terrain(g: FcmState) -> str:
    """The map as text with column letters (for writing tests)."""
    head = "    " + "".join("abcdefghijklmnopqrstuvwxyz"[c] for c in range(g.grid.width))
    rows = [f"{r + 1:>3} {row}" for r, row in enumerate(g.grid.terrain)]
    return "\n".join([head, *rows])


def kinds(cards: Iterable[Card]) -> list[str]:
    return sorted(c.kind for c in cards)
