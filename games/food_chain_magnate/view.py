"""What a seat (or the public) may see of a Food Chain Magnate game.

Everything is public (seed: money is always public; every company's cards are open outside
Restructuring) except:

* ``players[s].reserve`` — the kept bank reserve card, seen by its owner until the first bank
  break reveals them all; a holder of the "first to have $20" milestone may look at all of them
  (``reserve_peek``, in that player's own view only);
* ``players[s].pending`` — the structure a player is choosing during Restructuring, seen only
  by that player until everyone has committed;
* ``players[s].hand`` during Restructuring — the company's cards, shown to others as
  ``(("face_down", n),)`` (the seed hides them in phase 1; option ``open_cards`` shows them).

Squares are (row, column) pairs, 0-based from the top-left; notation writes them ``c7``. Money
is in whole dollars.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .board import Square
from .data import components
from .model import Phase
from .rules import has_drive_in, open_slots, unit_price, waitresses

if TYPE_CHECKING:
    from .game import FcmState


@dataclass(frozen=True)
class TileView:
    tile: str  # "A".."T"
    row: int  # tile row, 0 = top
    col: int
    rotation: int  # quarter turns clockwise from the printed orientation


@dataclass(frozen=True)
class HouseView:
    number: int
    squares: tuple[Square, ...]
    garden: tuple[Square, ...]  # () without a garden
    printed: bool
    demand: tuple[str, ...]  # goods wanted, e.g. ("burger", "burger", "beer")
    cap: int  # 3, or 5 with a garden


@dataclass(frozen=True)
class RestaurantView:
    owner: int
    index: int  # 1..3
    squares: tuple[Square, ...]
    entrance: Square
    corner: str  # nw | ne | sw | se
    open: bool  # False: COMING SOON
    drive_in: bool  # a local/regional manager at work: every corner is an entrance


@dataclass(frozen=True)
class CampaignView:
    number: int
    kind: str  # billboard | mailbox | airplane | radio
    owner: int
    marketeer: str
    squares: tuple[Square, ...]  # () for an airplane
    axis: str  # airplanes: "row" or "col"
    lines: tuple[int, ...]  # airplanes: covered rows/columns (0-based)
    where: str  # notation: "c7" or "col-c"
    product: str | None  # None while the product is being chosen
    remaining: int  # tokens on it (turns left)
    eternal: bool


@dataclass(frozen=True)
class PlayerView:
    seat: int
    chain: str
    cash: int
    position: int  # 1-based turn order
    # every non-busy card owned: (kind, count); another company's cards during Restructuring
    # are (("face_down", n),) unless option open_cards (seed: not visible in that phase)
    hand: tuple[tuple[str, int], ...]
    at_work: tuple[tuple[str, int], ...]  # revealed structure this turn (CEO not listed)
    beach: tuple[tuple[str, int], ...]
    busy: tuple[tuple[int, str], ...]  # (campaign number, marketeer)
    stock: tuple[tuple[str, int], ...]  # food and drink held
    milestones: tuple[str, ...]
    restaurants_left: int
    committed: bool  # Restructuring: has chosen
    done: bool  # Working 9–5: finished
    unit_price: int
    waitresses: int
    open_slots: int | None  # after the reveal
    drive_in: bool
    reserve: int | None  # secret: owner only, until the first bank break
    pending: tuple[str, ...] | None  # secret: the structure being chosen (owner only)
    recruits_left: int
    trainings_left: tuple[int, ...]  # per trainer at work
    substep: int  # Working 9–5: 0 recruit .. 5 restaurants
    pending_campaign: int | None
    bankrupt: bool  # sold below cost without the money (out at the end of that turn)


@dataclass(frozen=True)
class FcmView:
    viewer: int | None
    phase: str  # Phase value
    phase_title: str
    turn: int
    tile_rows: int
    tile_cols: int
    tiles: tuple[TileView, ...]
    terrain: tuple[str, ...]  # one string per square row: # . H B L S
    bridges: tuple[Square, ...]
    houses: tuple[HouseView, ...]
    restaurants: tuple[RestaurantView, ...]
    campaigns: tuple[CampaignView, ...]
    players: tuple[PlayerView, ...]
    order: tuple[int, ...]  # seats in turn order
    to_act: tuple[int, ...]
    current: int | None  # Working 9–5: the seat acting
    bank: int
    breaks: int
    ceo_slots: int
    next_ceo_slots: int | None
    intro: bool
    milestones_used: bool
    milestones_left: tuple[str, ...]
    claimed_this_turn: tuple[str, ...]
    supply: tuple[tuple[str, int], ...]
    campaign_supply: tuple[int, ...]
    house_supply: tuple[int, ...]
    gardens_left: int
    reserve_revealed: bool
    reserve_peek: tuple[int | None, ...] | None  # "first to have $20": all kept cards
    last_dinner: tuple[str, ...]
    ranking: tuple[int, ...]  # game over: seats from first to last (ties by turn order)
    result: str  # game over: why it ended ("" while it runs)


def _counts(kinds: list[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(kinds).items()))


FACE_DOWN = "face_down"
"""The card kind a hidden hand shows (another company's cards during Restructuring)."""


def build_view(game: FcmState, seat: int | None) -> FcmView:

    players = []
    # Seed phase 1: 「このフェイズを除く全てのフェイズを通して、プレイヤーは他のプレイヤーが持つ
    # カードの内容を確認できる」 — not during Restructuring (option open_cards shows them).
    hidden = game.phase == Phase.RESTRUCTURING and not game.rule("open_cards")
    revealed_phase = game.phase not in (
        Phase.SETUP_RESTAURANTS,
        Phase.SETUP_RESERVE,
        Phase.RESTRUCTURING,
    )
    for p in game.players:
        own = seat == p.seat
        work = [c.kind for c in p.at_work_cards()] if p.revealed else []
        beach = [c.kind for c in p.beach_cards()] if p.revealed else []
        players.append(
            PlayerView(
                seat=p.seat,
                chain=p.chain,
                cash=p.cash,
                position=game.order.index(p.seat) + 1,
                hand=_counts([c.kind for c in p.cards])
                if own or not hidden
                else ((FACE_DOWN, len(p.cards)),)
                if p.cards
                else (),
                at_work=_counts(work),
                beach=_counts(beach),
                busy=tuple(sorted((n, c.kind) for n, c in p.busy.items())),
                stock=tuple(sorted((g, n) for g, n in p.stock.items() if n)),
                milestones=tuple(sorted(p.milestones)),
                restaurants_left=components().restaurants_per_chain
                - sum(1 for r in game.restaurants if r.owner == p.seat),
                committed=p.committed,
                done=p.turn.done,
                unit_price=unit_price(game, p.seat),
                waitresses=waitresses(game, p.seat),
                open_slots=open_slots(work, game.ceo_slots) if p.revealed else None,
                drive_in=has_drive_in(game, p.seat),
                reserve=p.reserve if (own or game.reserve_revealed) else None,
                pending=tuple(sorted(p.pending))
                if own and game.phase == Phase.RESTRUCTURING
                else None,
                recruits_left=p.turn.recruits_left if revealed_phase else 0,
                trainings_left=tuple(sorted(p.turn.trainers.values())),
                substep=p.turn.sub,
                pending_campaign=p.turn.pending_campaign,
                bankrupt=p.bankrupt,
            )
        )
    peek = None
    if seat is not None and game.players[seat].has("first_have_20") and not game.reserve_revealed:
        peek = tuple(p.reserve for p in game.players)
    out = game.outcome()
    current = None
    if game.phase == Phase.WORKING and game.current < len(game.order) and not game.is_over():
        current = game.order[game.current]
    return FcmView(
        viewer=seat,
        phase=game.phase.value if not game.is_over() else "over",
        phase_title=game.phase_name(),
        turn=game.turn,
        tile_rows=game.grid.tile_rows,
        tile_cols=game.grid.tile_cols,
        tiles=tuple(TileView(t.tile, t.row, t.col, t.rotation) for t in game.grid.placed),
        terrain=game.grid.terrain,
        bridges=tuple(sorted(game.grid.bridges)),
        houses=tuple(
            HouseView(
                h.number,
                h.squares,
                h.garden,
                h.printed,
                tuple(h.demand),
                5 if h.garden else 3,
            )
            for _, h in sorted(game.houses.items())
        ),
        restaurants=tuple(
            RestaurantView(
                r.owner,
                r.index,
                r.squares,
                r.entrance,
                r.corner,
                r.open,
                has_drive_in(game, r.owner),
            )
            for r in sorted(game.restaurants, key=lambda r: (r.owner, r.index))
        ),
        campaigns=tuple(
            CampaignView(
                c.number,
                c.kind,
                c.owner,
                c.marketeer.kind,
                c.squares,
                c.axis,
                c.lines,
                c.where,
                c.product,
                c.remaining,
                c.eternal,
            )
            for _, c in sorted(game.campaigns.items())
        ),
        players=tuple(players),
        order=tuple(game.order),
        to_act=tuple(sorted(game.to_act())),
        current=current,
        bank=game.bank,
        breaks=game.breaks,
        ceo_slots=game.ceo_slots,
        next_ceo_slots=game.next_ceo_slots,
        intro=game.intro,
        milestones_used=game.use_milestones,
        milestones_left=tuple(sorted(game.milestones_left)),
        claimed_this_turn=tuple(sorted(game.claimed_this_turn)),
        supply=tuple(sorted(game.supply.items())),
        campaign_supply=tuple(sorted(game.campaign_supply)),
        house_supply=tuple(sorted(game.house_supply)),
        gardens_left=game.gardens_left,
        reserve_revealed=game.reserve_revealed,
        reserve_peek=peek,
        last_dinner=tuple(str(e) for e in game.last_dinner),
        ranking=tuple(sorted(out.ranks, key=lambda s: out.ranks[s])) if out else (),
        result=out.reason if out else "",
    )
