"""Phase 6, Marketing campaigns (seed "○フェイズ6"): automatic, in campaign number order.

* A house holds at most 3 demand tokens (5 with a garden); a campaign reaching a full house adds
  nothing there.
* Billboard: every house orthogonally next to it. Mailbox: every house in its block, the area
  bounded by roads (bridges too) and the board edge. Airplane: every house partly in its rows or
  columns. Radio: every house partly on its tile or the eight tiles around it; 2 tokens per
  house with the first-radio milestone (as many as fit).
* A garden is part of its house. After each campaign one token comes off it (not from an
  eternal one); a campaign with no tokens left ends: the tile returns to the supply and its
  marketeer to the player's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Msg, Seat, Step

from .board import TILE_SIZE
from .model import Campaign, House, Phase
from .rules import R, listing, pretty, tag

if TYPE_CHECKING:
    from .game import FcmState


def reached(game: FcmState, camp: Campaign) -> list[House]:
    """The houses a campaign reaches (seed phase 6), in number order."""
    houses = [game.houses[n] for n in sorted(game.houses)]
    if camp.kind == "billboard":
        near = {n for s in camp.squares for n in game.grid.neighbours(s)}
        return [h for h in houses if near & set(h.all_squares)]
    if camp.kind == "mailbox":
        area = game.grid.region(camp.squares)
        return [h for h in houses if area & set(h.all_squares)]
    if camp.kind == "airplane":
        idx = 0 if camp.axis == "row" else 1
        lines = set(camp.lines)
        return [h for h in houses if any(s[idx] in lines for s in h.all_squares)]
    tr, tc = game.grid.tile_of(camp.squares[0])
    return [
        h
        for h in houses
        if any(
            abs(s[0] // TILE_SIZE - tr) <= 1 and abs(s[1] // TILE_SIZE - tc) <= 1
            for s in h.all_squares
        )
    ]


def cap(h: House) -> int:
    return R.demand_cap_garden if h.garden else R.demand_cap


def run_campaign(game: FcmState, camp: Campaign, events: list[str]) -> None:
    assert camp.product is not None
    owner = game.players[camp.owner]
    per_house = R.radio_milestone_tokens if camp.kind == "radio" and owner.has("first_radio") else 1
    placed = []
    for h in reached(game, camp):
        n = min(per_house, cap(h) - len(h.demand))
        if n > 0:
            h.demand += [camp.product] * n
            placed.append(
                Msg("food_chain_magnate.house_times", "house {n} ×{k}", n=h.number, k=n)
                if n > 1
                else Msg("food_chain_magnate.house_n", "house {n}", n=h.number)
            )
    no_house = Msg("food_chain_magnate.no_house_reached", "no house")
    events.append(
        Msg(
            "food_chain_magnate.campaign_run",
            "Campaign #{n} ({kind}, {who}) adds {product} demand to {where}.",
            n=camp.number,
            kind=pretty(camp.kind),
            who=tag(camp.owner),
            product=pretty(camp.product),
            where=listing(placed, no_house),
        )
    )
    if camp.eternal:
        return
    camp.remaining -= 1
    if camp.remaining > 0:
        return
    del game.campaigns[camp.number]
    game.campaign_supply.append(camp.number)
    for s in camp.squares:
        game.occupied.discard(s)
    card = owner.busy.pop(camp.number, None)
    if card is not None:
        owner.cards.append(card)
    events.append(
        Msg(
            "food_chain_magnate.campaign_ends",
            "Campaign #{n} ends{back}.",
            n=camp.number,
            back=Msg(
                "food_chain_magnate.marketeer_free",
                "; {who}'s {kind} is free again",
                who=tag(camp.owner),
                kind=pretty(card.kind),
            )
            if card
            else "",
        )
    )


class MarketingPhase(Step["FcmState"]):
    moves = ()
    title = "Marketing campaigns"
    title_key = "food_chain_magnate.term.step.marketing"

    def enter(self, game: FcmState) -> list[str]:
        events: list[str] = []
        for number in sorted(game.campaigns):
            run_campaign(game, game.campaigns[number], events)
        return events

    def actors(self, game: FcmState) -> frozenset[Seat]:
        return frozenset()

    def next_phase(self, game: FcmState) -> Phase:
        return Phase.CLEANUP
