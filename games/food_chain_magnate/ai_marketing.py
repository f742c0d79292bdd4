"""Marketing for the ``normal`` AI: a campaign is valued by the demand it will create at
houses the chain can serve, so the kind (billboard, mailbox, airplane, radio) follows from the
map rather than from a fixed preference.

The rules valued (seed phase 3 "3.マーケティング", phase 6 "マーケティングキャンペーンの実施",
phase 4 "ディナータイム"):

* a campaign adds one demand token of its product to every house it reaches, once a turn for
  as many turns as its duration; a radio adds two with the "first radio campaign" milestone
  (claimed by the first radio placed while it is in the game); no house holds more than 3
  tokens (5 with a garden);
* a house buys from the connected chain with the lowest unit price + distance that can serve
  its whole demand, at the unit price (doubled by a garden), plus $5 an item with the
  product's "first marketed" milestone.

``campaign_gain`` is the money a campaign is expected to bring its owner, in dollars: for each
house reached, the tokens it adds in each turn of the campaign (later turns weighted less,
``TURN_WEIGHTS``), times the price there, times the share of that house the chain expects to
win (``house_share``); less half of what the chains that would win the house instead gain
from it (a campaign that feeds a rival's houses is worth little). The weights are the
reconstruction of this module (no public source values campaigns); the search compares them
in its rollouts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .ai import FcmPolicy
from .board import UNREACHABLE, Square, parse_square, rect
from .data import CampaignDef, Employee, components
from .marketing import airplane_lines, footprint, positions
from .marketing_phase import cap, reached
from .model import Campaign, House
from .rules import R, board_cached, emp, house_distance, restaurants_of, unit_price

if TYPE_CHECKING:
    from .game import FcmState

_FROZEN = FcmPolicy()

TURN_WEIGHTS = (1.0, 0.8, 0.65, 0.5, 0.4)
"""Weight of a campaign's first, second, … turn: a later token is less sure to sell (the
map, the rivals and our stock change)."""

RIVAL_WEIGHT = 0.5
"""How much of a rival's expected gain from our campaign counts against it."""

SHARE_BEHIND = 0.15
"""The share of a house the chain expects when a rival's price + distance is lower (the
rival may lack the goods)."""


@dataclass(frozen=True)
class Plan:
    """A campaign the AI could place: its expected ``gain`` in dollars (``campaign_gain`` of
    the best ``product``) and the ``PlaceCampaign`` arguments."""

    gain: float
    marketeer: str
    kind: str
    number: int
    where: str
    tall: bool
    product: str


def obtainable(g: FcmState, seat: int) -> set[str]:
    """Goods ``seat``'s company can get (the frozen policy's reading of its cards, which
    every player sees; cached per move)."""
    return _FROZEN._obtainable(g, seat)


def _offers(g: FcmState, number: int) -> list[tuple[int, int]]:
    """(unit price + distance, seat) of every chain connected to house ``number``, best
    first; cached per move."""
    key = ("ai_offers", number)
    got = g.cache.get(key)
    if got is not None:
        return got
    h = g.houses[number]
    out = []
    for p in g.players:
        d = min(
            (house_distance(g, h.all_squares, r) for r in restaurants_of(g, p.seat)),
            default=UNREACHABLE,
        )
        if d < UNREACHABLE:
            out.append((unit_price(g, p.seat) + d, p.seat))
    out.sort()
    g.cache[key] = out
    return out


def house_share(g: FcmState, seat: int, h: House, product: str) -> dict[int, float]:
    """Who is expected to sell to house ``h`` once it also wants ``product``: seat -> share
    (1 for the only chain with the lowest price + distance that can get the house's whole
    demand, split on a tie, ``SHARE_BEHIND`` for ``seat`` when behind); empty when nobody
    could serve it."""
    wants = {*h.demand, product}
    able = [(cost, s) for cost, s in _offers(g, h.number) if wants <= obtainable(g, s)]
    if not able:
        return {}
    best = able[0][0]
    top = [s for cost, s in able if cost == best]
    out = {s: 1.0 / len(top) for s in top}
    if seat not in out and any(s == seat for _, s in able):
        out[seat] = SHARE_BEHIND
        for s in top:
            out[s] -= SHARE_BEHIND / len(top)
    return out


def _item_value(g: FcmState, seat: int, h: House, product: str, owner: bool) -> float:
    """Dollars ``seat`` gets for one item at ``h``; the campaign's ``owner`` claims the
    product's "first marketed" milestone if it is still in the game."""
    p = g.players[seat]
    price = unit_price(g, seat) * (2 if h.garden else 1)
    mid = f"first_{product if product in components().foods else 'drink'}_marketed"
    if p.has(mid) or (owner and g.use_milestones and mid in g.milestones_left):
        price += R.marketed_bonus
    return float(price)


def tokens_per_turn(g: FcmState, seat: int, kind: str) -> int:
    """Demand tokens a campaign of ``kind`` adds to a house each turn (2 for a radio with the
    "first radio" milestone, which placing it claims while it is in the game)."""
    if kind != "radio":
        return 1
    p = g.players[seat]
    if p.has("first_radio") or (g.use_milestones and "first_radio" in g.milestones_left):
        return R.radio_milestone_tokens
    return 1


def capacity(g: FcmState, seat: int, product: str) -> int:
    """Items of ``product`` a turn that ``seat``'s company can sell beyond the demand for it
    already waiting at houses it wins (at least 1): what its kitchen cards cook (a food) or
    its buyers bring (a drink, counted twice: a route passes several sources), owned cards,
    busy or not; cached per move."""
    key = ("ai_capacity", seat, product)
    got = g.cache.get(key)
    if got is not None:
        return int(got)
    p = g.players[seat]
    made = 0
    for c in [*p.cards, *p.busy.values()]:
        e = emp(c.kind)
        if e.action == "kitchen" and product in e.foods:
            made += e.amount
        elif e.action == "buyer" and product in components().drinks:
            made += 2 * e.amount
    waiting = sum(
        h.demand.count(product)
        for h in g.houses.values()
        if product in h.demand and house_share(g, seat, h, product).get(seat, 0.0) >= 0.5
    )
    out = max(1, made - waiting)
    g.cache[key] = out
    return out


def _house_terms(
    g: FcmState, seat: int, product: str
) -> dict[int, tuple[int, float, float, float]]:
    """House number -> (room for tokens, ``seat``'s share, ``seat``'s dollars an item, the
    rivals' expected dollars a token) for houses with room someone could serve a campaign of
    ``product``; cached per move."""
    key = ("ai_house_terms", seat, product)
    got = g.cache.get(key)
    if got is not None:
        return got
    out: dict[int, tuple[int, float, float, float]] = {}
    for number, h in g.houses.items():
        room = cap(h) - len(h.demand)
        if room <= 0:
            continue
        shares = house_share(g, seat, h, product)
        if not shares:
            continue
        rivals = sum(
            share * _item_value(g, s, h, product, False) for s, share in shares.items() if s != seat
        )
        own = shares.get(seat, 0.0)
        price = _item_value(g, seat, h, product, True) if own else 0.0
        out[number] = (room, own, price, rivals)
    g.cache[key] = out
    return out


def campaign_gain(
    g: FcmState, seat: int, houses: Iterable[House], kind: str, product: str, duration: int
) -> float:
    """Expected dollars to ``seat`` from a ``kind`` campaign of ``product`` for ``duration``
    turns reaching ``houses`` (module docstring): the chain's own items a turn are capped at
    what it can sell (``capacity``), the best-paying houses first."""
    per_turn = tokens_per_turn(g, seat, kind)
    weight = sum(TURN_WEIGHTS[: max(1, min(duration, len(TURN_WEIGHTS)))])
    terms = _house_terms(g, seat, product)
    own: list[tuple[float, float]] = []  # (dollars an item, items a turn) at houses we serve
    total = 0.0
    for h in houses:
        t = terms.get(h.number)
        if t is None:
            continue
        room, share, price, rivals = t
        tokens = min(per_turn, room)
        if share:
            own.append((price, tokens * share))
        total -= RIVAL_WEIGHT * tokens * rivals * weight
    if not own:
        return total
    left = float(capacity(g, seat, product))
    for price, items in sorted(own, reverse=True):
        sold = min(items, left)
        total += sold * price * weight
        left -= sold
        if left <= 0:
            break
    return total


def duration_of(g: FcmState, seat: int, marketeer: str, kind: str) -> int:
    """The duration the AI gives a campaign: the marketeer's longest, or for ever (weighed as
    the longest listed turn) for a billboard with the "first billboard" milestone."""
    if kind == "billboard" and g.players[seat].has("first_billboard"):
        return len(TURN_WEIGHTS)
    return emp(marketeer).amount


def best_product(
    g: FcmState, seat: int, houses: list[House], kind: str, duration: int, products: list[str]
) -> tuple[float, str]:
    """(gain, product) of the product worth most on ``houses``; ties to the earlier in
    ``products``."""
    best = (float("-inf"), products[0])
    for product in products:
        gain = campaign_gain(g, seat, houses, kind, product, duration)
        if gain > best[0]:
            best = (gain, product)
    return best


def campaign_houses(g: FcmState, seat: int, d: CampaignDef, where: str, tall: bool) -> list[House]:
    """The houses campaign ``d`` placed at ``where`` would reach (seed phase 6); the house
    numbers are cached with the board (they change only when something is built)."""

    def find() -> tuple[int, ...]:
        camp = Campaign(d.number, d.kind, seat, None)  # type: ignore[arg-type]
        if d.kind == "airplane":
            lines = airplane_lines(g, d, where)
            if lines is None:
                return ()
            camp.axis, camp.lines = lines
        else:
            sq = parse_square(where)
            assert sq is not None
            camp.squares = rect(sq, *footprint(d, tall))
        return tuple(h.number for h in reached(g, camp))

    shape = (d.kind, d.width, d.height, where, tall, len(g.houses))
    return [g.houses[n] for n in board_cached(g, ("ai_reached", shape), find)]


def spots(g: FcmState, seat: int, e: Employee, d: CampaignDef) -> list[tuple[str, bool]]:
    """The placements worth valuing: every airplane line; one radio square per map tile;
    billboards and mailboxes near houses with room for demand that some chain of ours
    reaches."""
    legal = positions(g, seat, e, d)
    if d.kind == "airplane":
        return legal
    if d.kind == "radio":
        seen: set[tuple[int, int]] = set()
        out = []
        for where, tall in legal:
            sq = parse_square(where)
            assert sq is not None
            tile = g.grid.tile_of(sq)
            if tile not in seen:
                seen.add(tile)
                out.append((where, tall))
        return out
    near: set[Square] = set()
    for number in _served_with_room(g, seat):
        for s in g.houses[number].all_squares:
            for dr in range(-3, 3):
                for dc in range(-3, 3):
                    near.add((s[0] + dr, s[1] + dc))
    return [(where, tall) for sq, where, tall in _parsed(g, seat, e, d) if sq in near]


def _parsed(g: FcmState, seat: int, e: Employee, d: CampaignDef) -> list[tuple[Square, str, bool]]:
    """``positions`` with each top-left square parsed, cached with the board."""

    def parse() -> list[tuple[Square, str, bool]]:
        out = []
        for where, tall in positions(g, seat, e, d):
            sq = parse_square(where)
            assert sq is not None
            out.append((sq, where, tall))
        return out

    return board_cached(g, ("ai_parsed", seat, e.id, d.number), parse)


def _served_with_room(g: FcmState, seat: int) -> list[int]:
    return [
        n
        for n, h in sorted(g.houses.items())
        if len(h.demand) < cap(h) and any(s == seat for _, s in _offers(g, n))
    ]


def best_campaign(
    g: FcmState, seat: int, marketeers: Iterable[str], products: list[str]
) -> Plan | None:
    """The campaign worth most to ``seat`` that one of ``marketeers`` (unused, at work) could
    place now, or ``None`` when none is worth anything. Campaign tiles of one kind and
    footprint are alike: the lowest number is valued. A stronger marketeer placing what a
    weaker one could is charged a little (it stays busy longer)."""
    if not _served_with_room(g, seat):
        return None
    best: Plan | None = None
    for marketeer in sorted(set(marketeers)):
        e = emp(marketeer)
        tried: set[tuple[str, int, int]] = set()
        for number in sorted(g.campaign_supply):
            d = components().campaigns[number]
            shape = (d.kind, d.width, d.height)
            if d.kind not in e.campaign_types or shape in tried:
                continue
            tried.add(shape)
            duration = duration_of(g, seat, marketeer, d.kind)
            for where, tall in spots(g, seat, e, d):
                houses = campaign_houses(g, seat, d, where, tall)
                if not houses:
                    continue
                gain, product = best_product(g, seat, houses, d.kind, duration, products)
                gain -= 0.5 * e.amount
                if gain > 0 and (best is None or gain > best.gain):
                    best = Plan(gain, marketeer, d.kind, number, where, tall, product)
    return best


__all__ = [
    "Plan",
    "best_campaign",
    "best_product",
    "campaign_gain",
    "campaign_houses",
    "house_share",
    "tokens_per_turn",
]
