"""Working 9–5 step 3, placing marketing campaigns (seed phase 3 "3.マーケティング").

A marketeer at work places one campaign tile from the supply, then the player chooses the
product and the duration (two moves: ``campaign …`` then ``advertise …``):

* marketing trainee: billboard, road range 2, up to 2 turns; campaign manager: billboard or
  mailbox, road range 3, up to 3; brand manager: also airplane, unlimited range, up to 4; brand
  director: also radio, up to 5.
* Billboards, mailboxes and radios go on empty squares. A road-range marketeer's billboard or
  mailbox must touch a road connected to one of your restaurants and lie (partly) on a tile
  within its road range of your restaurants (the road it touches need not be in range). A brand
  manager's or director's billboard or mailbox has unlimited range and needs no road next to it
  (seed: "道路が隣接していない場所であってもキャンペーンを配置できる"); a radio must touch a
  road, anywhere.
* Airplanes go beside the board and cover 1, 3 or 5 whole rows or columns of the map; they may
  overlap and stack (seed).
* The marketeer becomes busy until the campaign ends. The product is a burger, a pizza or one
  drink; the duration at most the marketeer's. With the first-billboard milestone the player
  may make it eternal (one token, never removed, marketeer busy for good).
* Milestones: first billboard / airplane / radio campaign; first burger / pizza / drink marketed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from games.core import Move, Msg

from .board import LETTERS, UNREACHABLE, Square, parse_square, rect, square_name
from .data import CampaignDef, Employee, components
from .model import MARKETING, Campaign
from .moves import ETERNAL, Advertise, PlaceCampaign
from .rules import board_cached, chain_reach, claim, emp, has_drive_in, is_empty, pretty, tag
from .working_common import unused_card, unused_kinds

if TYPE_CHECKING:
    from .game import FcmState

SUB = MARKETING
MOVES = (PlaceCampaign, Advertise)


def footprint(d: CampaignDef, tall: bool) -> tuple[int, int]:
    """(height, width) in squares, ``tall`` turning the printed tile a quarter."""
    return (d.width, d.height) if tall else (d.height, d.width)


def airplane_lines(
    game: FcmState, d: CampaignDef, where: str
) -> tuple[str, tuple[int, ...]] | None:
    """(axis, covered rows/columns) of an airplane placed ``col-c`` or ``row-7``, or ``None``."""
    axis, _, start = where.partition("-")
    if axis == "col" and len(start) == 1 and start in LETTERS:
        first, size = LETTERS.index(start), game.grid.width
    elif axis == "row" and start.isdigit():
        first, size = int(start) - 1, game.grid.height
    else:
        return None
    if first < 0 or first + d.width > size:
        return None
    return axis, tuple(range(first, first + d.width))


def _reach(game: FcmState, seat: int) -> tuple[list[int], dict[tuple[int, int], int]]:
    return chain_reach(game, seat)


def board_refusal(
    game: FcmState, seat: int, e: Employee, d: CampaignDef, squares: tuple[Square, ...]
) -> str | None:
    """Why this marketeer may not put campaign ``d`` on these squares."""
    for s in squares:
        if not game.grid.on_board(s):
            return Msg(
                "food_chain_magnate.campaign_off_map", "The campaign would stick out of the map."
            )
    for s in squares:
        if not is_empty(game, s):
            from .restaurants import what_is_on

            return Msg(
                "food_chain_magnate.square_taken",
                "{sq} is not empty: it holds {what}.",
                sq=square_name(s),
                what=what_is_on(game, s),
            )
    if d.kind == "radio":
        if not game.grid.touches_road(squares):
            return Msg(
                "food_chain_magnate.radio_no_road",
                "A radio campaign must be placed next to a road.",
            )
        return None
    if e.range_kind != "road":
        return None
    dist, ranges = _reach(game, seat)
    connected = False
    for s in squares:
        for n in game.grid.neighbours(s):
            for node in game.grid.nodes_at.get(n, ()):
                if dist[node] < UNREACHABLE:
                    connected = True
    if not connected:
        return Msg(
            "food_chain_magnate.campaign_not_connected",
            "A {kind}'s {camp} must touch a road connected to one of your restaurants.",
            kind=pretty(e.id),
            camp=pretty(d.kind),
        )
    tiles = [ranges.get(game.grid.tile_of(s), UNREACHABLE) for s in squares]
    if game.rule("campaign_range") == "whole" and max(tiles) > e.range:
        return Msg(
            "food_chain_magnate.campaign_partly_out_of_range",
            "A {kind} places campaigns within road range {n} of your restaurants, all of the "
            "campaign (option `campaign_range=whole`); part of this spot is {d} tiles away.",
            kind=pretty(e.id),
            n=e.range,
            d="not reachable" if max(tiles) >= UNREACHABLE else max(tiles),
        )
    best = min(tiles)
    if best > e.range:
        return Msg(
            "food_chain_magnate.campaign_out_of_range",
            "A {kind} places campaigns within road range {n} of your restaurants; the nearest "
            "tile of this spot is {d} tiles away by road.",
            kind=pretty(e.id),
            n=e.range,
            d="not reachable" if best >= UNREACHABLE else best,
        )
    return None


def positions(game: FcmState, seat: int, e: Employee, d: CampaignDef) -> list[tuple[str, bool]]:
    """Every legal (where, tall) for marketeer ``e`` placing campaign ``d``."""
    return _positions(game, seat, e, d)[0]


def _positions(
    game: FcmState, seat: int, e: Employee, d: CampaignDef
) -> tuple[list[tuple[str, bool]], frozenset[tuple[str, bool]]]:
    key = ("positions", seat, has_drive_in(game, seat), e.id, d.number)
    return board_cached(game, key, lambda: _find_positions(game, seat, e, d))


def _find_positions(
    game: FcmState, seat: int, e: Employee, d: CampaignDef
) -> tuple[list[tuple[str, bool]], frozenset[tuple[str, bool]]]:
    out: list[tuple[str, bool]] = []
    g = game.grid
    if d.kind == "airplane":
        out += [(f"col-{LETTERS[c]}", False) for c in range(g.width - d.width + 1)]
        out += [(f"row-{r + 1}", False) for r in range(g.height - d.width + 1)]
    else:
        # The same tests as ``board_refusal``, on precomputed square sets.
        empty = {(r, c) for r in range(g.height) for c in range(g.width) if is_empty(game, (r, c))}
        near_road: set[Square] | None = None
        in_range: set[tuple[int, int]] | None = None
        if d.kind == "radio":
            near_road = {s for s in empty if g.touches_road([s])}
        elif e.range_kind == "road":
            dist, ranges = _reach(game, seat)
            near_road = {
                n
                for node, dn in enumerate(dist)
                if dn < UNREACHABLE
                for n in g.neighbours(g.node_square[node])
            }
            in_range = {t for t, rng in ranges.items() if rng <= e.range}
        within = all if game.rule("campaign_range") == "whole" else any
        for tall in (False, True) if d.width != d.height else (False,):
            h, w = footprint(d, tall)
            for r in range(g.height - h + 1):
                for c in range(g.width - w + 1):
                    squares = rect((r, c), h, w)
                    if not all(s in empty for s in squares):
                        continue
                    if near_road is not None and not any(s in near_road for s in squares):
                        continue
                    if in_range is not None and not within(
                        g.tile_of(s) in in_range for s in squares
                    ):
                        continue
                    out.append((square_name((r, c)), tall))
    return out, frozenset(out)


def candidates(game: FcmState, seat: int) -> Iterator[Move]:
    p = game.players[seat]
    if p.turn.pending_campaign is not None:
        yield from advertise_candidates(game, seat)
        return
    for kind in unused_kinds(p, "campaign"):
        e = emp(kind)
        for number in sorted(game.campaign_supply):
            d = components().campaigns[number]
            if d.kind not in e.campaign_types:
                continue
            for where, tall in positions(game, seat, e, d):
                yield PlaceCampaign(kind, d.kind, number, where, tall)


def advertise_candidates(game: FcmState, seat: int) -> Iterator[Move]:
    p = game.players[seat]
    number = p.turn.pending_campaign
    assert number is not None
    longest = emp(game.campaigns[number].marketeer.kind).amount
    forced = must_be_eternal(game, seat)
    for good in components().goods:
        for n in range(1, longest + 1):
            if not forced:
                yield Advertise(good, n)
        if p.has("first_billboard"):
            yield Advertise(good, ETERNAL)


def must_be_eternal(game: FcmState, seat: int) -> bool:
    """Option ``eternal=all`` (rulebook, Deluxe): with the first-billboard milestone every new
    campaign is eternal. The seed makes it a choice: 「∞マークのついた面を表にして…できる」."""
    return game.rule("eternal") == "all" and game.players[seat].has("first_billboard")


def refusal(game: FcmState, seat: int, move: Move) -> str | None:
    p = game.players[seat]
    if isinstance(move, Advertise):
        number = p.turn.pending_campaign
        if number is None:
            return Msg(
                "food_chain_magnate.nothing_to_advertise",
                "No campaign of yours is waiting for its product; place one first.",
            )
        if move.product not in components().goods:
            return Msg(
                "food_chain_magnate.bad_product",
                "A campaign advertises one of {goods}, not `{p}`.",
                goods=", ".join(components().goods),
                p=move.product,
            )
        if move.duration == ETERNAL:
            if not p.has("first_billboard"):
                return Msg(
                    "food_chain_magnate.no_eternal",
                    "Only a player with the “first billboard placed” milestone may run an eternal "
                    "campaign.",
                )
            return None
        if must_be_eternal(game, seat):
            return Msg(
                "food_chain_magnate.must_be_eternal",
                "With the “first billboard placed” milestone every new campaign is eternal "
                "(option `eternal=all`): write `advertise {product} eternal`.",
                product=move.product,
            )
        longest = emp(game.campaigns[number].marketeer.kind).amount
        if not 1 <= move.duration <= longest:
            return Msg(
                "food_chain_magnate.bad_duration",
                "This {kind} runs a campaign for 1 to {n} turns.",
                kind=pretty(game.campaigns[number].marketeer.kind),
                n=longest,
            )
        return None
    assert isinstance(move, PlaceCampaign)
    c = components()
    if move.marketeer not in c.employees or emp(move.marketeer).action != "campaign":
        return Msg(
            "food_chain_magnate.not_marketeer",
            "`{m}` is not a marketeer (marketing trainee, campaign manager, brand manager, "
            "brand director).",
            m=move.marketeer,
        )
    e = emp(move.marketeer)
    if unused_card(p, move.marketeer) is None:
        return Msg(
            "food_chain_magnate.no_unused",
            "You have no {kind} at work with an unused action.",
            kind=pretty(move.marketeer),
        )
    if move.kind not in e.campaign_types:
        return Msg(
            "food_chain_magnate.wrong_campaign_kind",
            "A {kind} places only {types} campaigns.",
            kind=pretty(move.marketeer),
            types=", ".join(e.campaign_types),
        )
    d = c.campaigns.get(move.number)
    if d is None or d.kind != move.kind:
        numbers = [n for n, x in c.campaigns.items() if x.kind == move.kind]
        return Msg(
            "food_chain_magnate.wrong_campaign_number",
            "The {kind} campaign tiles are numbered {numbers}.",
            kind=pretty(move.kind),
            numbers=", ".join(f"#{n}" for n in numbers),
        )
    if move.number not in game.campaign_supply:
        where = (
            Msg("food_chain_magnate.campaign_on_map", "is on the map already")
            if move.number in game.campaigns
            else Msg("food_chain_magnate.campaign_out", "is out of the game")
        )
        return Msg(
            "food_chain_magnate.campaign_taken",
            "Campaign #{n} {where}.",
            n=move.number,
            where=where,
        )
    if d.kind == "airplane":
        if move.tall:
            return Msg(
                "food_chain_magnate.airplane_tall",
                "An airplane is placed as `col-<letter>` or `row-<n>`.",
            )
        if airplane_lines(game, d, move.where) is None:
            return Msg(
                "food_chain_magnate.airplane_where",
                "Airplane #{n} covers {w} rows or columns, all on the map: write `col-<first "
                "column>` or `row-<first row>`; `{where}` does not fit.",
                n=d.number,
                w=d.width,
                where=move.where,
            )
        return None
    if (move.where, move.tall) in _positions(game, seat, e, d)[1]:
        return None
    sq = parse_square(move.where)
    if sq is None or not game.grid.on_board(sq):
        from .restaurants import bad_square

        return bad_square(game, move.where)
    if move.tall and d.width == d.height:
        return Msg(
            "food_chain_magnate.square_tile",
            "Campaign #{n} is square; it has no `tall` side.",
            n=d.number,
        )
    h, w = footprint(d, move.tall)
    return board_refusal(game, seat, e, d, rect(sq, h, w))


def apply(game: FcmState, seat: int, move: Move) -> list[str]:
    p = game.players[seat]
    events: list[str] = []
    if isinstance(move, Advertise):
        number = p.turn.pending_campaign
        assert number is not None
        camp = game.campaigns[number]
        camp.product = move.product
        camp.eternal = move.duration == ETERNAL
        camp.remaining = 1 if camp.eternal else move.duration
        p.turn.pending_campaign = None
        events.append(
            Msg(
                "food_chain_magnate.advertise",
                "{who}'s campaign #{n} advertises {product} {how}.",
                who=tag(seat),
                n=number,
                product=pretty(move.product),
                how=Msg("food_chain_magnate.for_ever", "for ever")
                if camp.eternal
                else Msg("food_chain_magnate.for_turns", "for {n} turns", n=move.duration),
            )
        )
        food = move.product if move.product in components().foods else "drink"
        claim(game, seat, f"first_{food}_marketed", events)
        return events
    assert isinstance(move, PlaceCampaign)
    d = components().campaigns[move.number]
    card = unused_card(p, move.marketeer)
    assert card is not None
    p.turn.used.add(card.uid)
    p.cards.remove(card)
    p.at_work.discard(card.uid)
    p.busy[move.number] = card
    game.campaign_supply.remove(move.number)
    camp = Campaign(move.number, d.kind, seat, card, where=move.where, tall=move.tall)
    if d.kind == "airplane":
        lines = airplane_lines(game, d, move.where)
        assert lines is not None
        camp.axis, camp.lines = lines
    else:
        sq = parse_square(move.where)
        assert sq is not None
        h, w = footprint(d, move.tall)
        camp.squares = rect(sq, h, w)
        for s in camp.squares:
            game.occupied[s] = f"campaign #{move.number}"
    game.campaigns[move.number] = camp
    p.turn.pending_campaign = move.number
    events.append(
        Msg(
            "food_chain_magnate.campaign_placed",
            "{who}'s {kind} places {camp} #{n} at {where}.",
            who=tag(seat),
            kind=pretty(move.marketeer),
            camp=pretty(d.kind),
            n=move.number,
            where=move.where,
        )
    )
    if d.kind in ("billboard", "airplane", "radio"):
        claim(game, seat, f"first_{d.kind}", events)
    return events
