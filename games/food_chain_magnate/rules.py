"""Rules shared by several phases: the company structure, prices, salaries, training paths,
the bank and its reserve, milestones, and where pieces may stand.

Every function takes the game state first; none reads a clock or global randomness.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from games.core import Msg

from .board import UNREACHABLE, Square, Tile
from .data import Components, Employee, components
from .model import Card, Player, Restaurant

if TYPE_CHECKING:
    from .game import FcmState

T = TypeVar("T")

C: Components = components()
R = C.rules


def emp(kind: str) -> Employee:
    return C.employees[kind]


def tag(seat: int) -> str:
    """How events name a seat: ``p1`` for seat 0, as in notation (the bot shows names)."""
    return f"p{seat + 1}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_TERM_GROUPS: dict[str, str] = {
    **{k: "employee" for k in C.employees},
    **{g: "good" for g in (*C.foods, *C.drinks)},
    **{c.kind: "campaign" for c in C.campaigns.values()},
}


def milestone_name(mid: str) -> str:
    """A milestone's card title (data ``name``), keyed ``food_chain_magnate.term.milestone.<id>``
    so a catalogue gives the seed's wording (data ``name_ja``)."""
    return Msg(f"food_chain_magnate.term.milestone.{mid}", C.milestones[mid].name)


def counted(n: int, kind: str) -> str:
    """``2 burgers``: ``n`` of a card or good as ``plural(n, pretty(kind))`` writes it,
    keyed so a catalogue writes it its own way."""
    if n == 1:
        return Msg("food_chain_magnate.count.bare", "{n} {item}", n=n, item=pretty(kind))
    return Msg("food_chain_magnate.count.plural", "{n} {item}s", n=n, item=pretty(kind))


def listing(items: Sequence[str], empty: str = "", *, sep: str = ",") -> str:
    """``items`` joined by ``", "`` (``sep=";"``: ``"; "``), ``empty`` when there are none;
    keyed pairwise (``{first}, {rest}``) so a catalogue uses its own separator."""
    if not items:
        return empty
    out = items[-1]
    for item in reversed(items[:-1]):
        if sep == ";":
            out = Msg("food_chain_magnate.list_semicolon", "{first}; {rest}", first=item, rest=out)
        else:
            out = Msg("food_chain_magnate.list", "{first}, {rest}", first=item, rest=out)
    return out


def pretty(kind: str) -> str:
    """``kitchen_trainee`` → ``kitchen trainee``: an employee's, a good's or a campaign
    kind's name as sentences write it. A known one is a ``Msg`` keyed
    ``food_chain_magnate.term.<employee|good|campaign>.<id>`` (the same text), so a catalogue
    names it in the sentence's language; anything else (a mistyped card) stays plain text."""
    text = kind.replace("_", " ")
    group = _TERM_GROUPS.get(kind)
    return Msg(f"food_chain_magnate.term.{group}.{kind}", text) if group else text


# -- structure (seed phase 1) --------------------------------------------------------------


def structure_fits(kinds: Sequence[str], ceo_slots: int) -> bool:
    """Whether these cards fit under a CEO with ``ceo_slots`` slots: managers only in CEO
    slots, manager slots hold non-managers only (pyramid of at most three levels)."""
    managers = [k for k in kinds if emp(k).is_manager]
    others = len(kinds) - len(managers)
    if len(managers) > ceo_slots:
        return False
    return others <= ceo_slots - len(managers) + sum(emp(k).slots for k in managers)


def open_slots(kinds: Sequence[str], ceo_slots: int) -> int:
    """Empty slots of a structure (CEO and managers), for the order of business."""
    return ceo_slots + sum(emp(k).slots for k in kinds if emp(k).is_manager) - len(kinds)


def why_not_fits(kinds: Sequence[str], ceo_slots: int) -> str:
    """A sentence saying why a structure does not fit."""
    managers = [k for k in kinds if emp(k).is_manager]
    if len(managers) > ceo_slots:
        if ceo_slots == 1:
            return Msg(
                "food_chain_magnate.why.managers_one",
                "your CEO has 1 slot and managers may only report to the CEO, so at most 1 "
                "managers can work",
            )
        return Msg(
            "food_chain_magnate.why.managers",
            "your CEO has {n} slots and managers may only report to the CEO, so at most {n} "
            "managers can work",
            n=ceo_slots,
        )
    room = ceo_slots - len(managers) + sum(emp(k).slots for k in managers)
    others = len(kinds) - len(managers)
    if room == 1:
        return Msg(
            "food_chain_magnate.why.slot",
            "your CEO and managers have 1 free slot for {n} non-managers",
            n=others,
        )
    return Msg(
        "food_chain_magnate.why.slots",
        "your CEO and managers have {free} free slots for {n} non-managers",
        free=room,
        n=others,
    )


# -- prices and income (seed phase 4) -----------------------------------------------------


def unit_price(game: FcmState, seat: int) -> int:
    """$10 ± pricing, discount and luxuries managers at work, −$1 with the milestone."""
    p = game.players[seat]
    price = R.unit_price + sum(emp(c.kind).price_delta for c in p.at_work_cards())
    if p.has("first_lower_prices"):
        price -= 1
    return price


def waitresses(game: FcmState, seat: int) -> int:
    return sum(1 for c in game.players[seat].at_work_cards() if emp(c.kind).action == "waitress")


def has_cfo(game: FcmState, seat: int) -> bool:
    """A CFO at work, or the $100 milestone claimed in an earlier turn (the CEO acts as CFO
    from the next Dinnertime)."""
    p = game.players[seat]
    if any(emp(c.kind).action == "cfo" for c in p.at_work_cards()):
        return True
    claimed = p.milestones.get("first_have_100")
    return claimed is not None and claimed < game.turn


def has_drive_in(game: FcmState, seat: int) -> bool:
    """A local or regional manager at work gives every restaurant four entrances."""
    return any(emp(c.kind).action == "restaurant" for c in game.players[seat].at_work_cards())


def salary_due(game: FcmState, seat: int) -> tuple[int, int]:
    """(salaries before discounts, amount due) for Payday (seed phase 5).

    $5 per salaried card owned (at work, beach, and busy marketeers); no salary for
    marketeers with the first-billboard milestone; −$5 per unused recruit action of
    recruiting managers / HR directors; −$15 with the first-train milestone; never below $0.
    """
    p = game.players[seat]
    free_marketeers = p.has("first_billboard")
    cards = list(p.cards) + list(p.busy.values())
    gross = 0
    for card in cards:
        e = emp(card.kind)
        if not e.salary or (free_marketeers and e.action == "campaign"):
            continue
        gross += R.salary
    cut = R.recruit_discount * p.turn.unused_discounts
    if p.has("first_train"):
        cut += R.train_milestone_discount
    return gross, max(0, gross - cut)


# -- training (seed phase 3 "2.") ----------------------------------------------------------


def career_path(start: str, target: str) -> list[str] | None:
    """The kinds passed training ``start`` into ``target`` (target last), or ``None``."""
    path: list[str] = []
    kind: str | None = target
    while kind is not None and kind != start:
        path.append(kind)
        kind = emp(kind).trained_from
    if kind is None or not path:
        return None
    path.reverse()
    return path


def targets_from(start: str, max_steps: int) -> list[tuple[str, int]]:
    """Every (kind, steps) reachable by training ``start`` 1..``max_steps`` steps."""
    out: list[tuple[str, int]] = []
    frontier = [start]
    for steps in range(1, max_steps + 1):
        nxt = [t for k in frontier for t in emp(k).trains_into]
        out += [(t, steps) for t in nxt]
        frontier = nxt
    return out


def training_capacity(p: Player) -> int:
    """The most steps one card can still be trained this turn."""
    if not p.turn.trainers:
        return 0
    if p.has("first_pay_20"):
        return sum(p.turn.trainers.values())
    return max(p.turn.trainers.values())


def use_training(p: Player, steps: int) -> None:
    """Spend ``steps`` training actions: one trainer (the one with the fewest actions that
    suffice) unless the salary milestone lets several combine."""
    t = p.turn.trainers
    if not p.has("first_pay_20"):
        uid = min((left, uid) for uid, left in t.items() if left >= steps)[1]
        t[uid] -= steps
    else:
        for left, uid in sorted((left, uid) for uid, left in t.items()):
            take = min(left, steps)
            t[uid] -= take
            steps -= take
            if not steps:
                break
    for uid in [u for u, left in t.items() if left == 0]:
        del t[uid]


def may_own(game: FcmState, seat: int, kind: str) -> str | None:
    """Why ``seat`` may not get a card of ``kind`` (the $100 milestone forbids a CFO)."""
    if emp(kind).action == "cfo" and game.players[seat].has("first_have_100"):
        return Msg(
            "food_chain_magnate.why.cfo",
            "with the “First to have $100” milestone your CEO is your CFO; you may not get one",
        )
    return None


# -- supply --------------------------------------------------------------------------------


def take_card(game: FcmState, seat: int, kind: str) -> Card:
    game.supply[kind] -= 1
    card = Card(game.next_uid, kind)
    game.next_uid += 1
    game.players[seat].cards.append(card)
    return card


def return_card(game: FcmState, seat: int, card: Card) -> None:
    p = game.players[seat]
    p.cards.remove(card)
    p.at_work.discard(card.uid)
    game.supply[card.kind] += 1


# -- money and the bank (seed phase 4) -----------------------------------------------------


def bank_pays(game: FcmState, seat: int, amount: int, events: list[str]) -> None:
    """The bank pays ``seat``; a negative amount is paid by the player to the bank.

    When the bank cannot pay in full it breaks (seed phase 4): the first time, the kept
    reserve cards are revealed and added to it and the CEO slots change from next turn; the
    second time (the first in the intro game) the game ends after this Dinnertime and all
    income is still paid (the bank's money goes below zero, as IOUs).
    """
    p = game.players[seat]
    if amount < 0:
        paid = min(p.cash, -amount)
        p.cash -= paid
        game.bank += paid
        if paid < -amount and game.rule("negative_price") == "bankrupt":
            if not p.bankrupt:
                p.bankrupt = True
                events.append(
                    Msg(
                        "food_chain_magnate.bankrupt",
                        "{who} cannot pay the last ${short} of a sale below cost and is "
                        "bankrupt: out of the game at the end of this turn.",
                        who=tag(seat),
                        short=-amount - paid,
                    )
                )
        elif paid < -amount:
            events.append(
                Msg(
                    "food_chain_magnate.cannot_pay_sale",
                    "{who} cannot pay the last ${short} of a sale below cost; the bank lets it go.",
                    who=tag(seat),
                    short=-amount - paid,
                )
            )
        return
    while amount > game.bank and not game.ending:
        part = max(0, game.bank)
        game.bank -= part
        p.cash += part
        amount -= part
        break_bank(game, events)
    game.bank -= amount
    p.cash += amount
    check_cash_milestones(game, seat, events, end_of_dinner=False)


def break_bank(game: FcmState, events: list[str]) -> None:
    """The bank has run short: first break refills it from the reserve cards, the next one
    (or the first in the intro game) ends the game after Dinnertime."""
    game.breaks += 1
    if game.intro or game.breaks >= 2:
        game.ending = True
        events.append(
            Msg(
                "food_chain_magnate.bank_broken_end",
                "The bank has run out of money again: Dinnertime is finished and the game ends.",
            )
            if not game.intro
            else Msg(
                "food_chain_magnate.bank_broken_end_intro",
                "The bank has run out of money: Dinnertime is finished and the game ends "
                "(intro game).",
            )
        )
        return
    cards = [p.reserve for p in game.players if p.reserve is not None]
    total = sum(cards)
    game.bank += total
    game.reserve_revealed = True
    game.mark_revealed()
    slots_of = {r.money: r.ceo_slots for r in C.reserve_cards}
    counts = Counter(slots_of[m] for m in cards)
    best = max(counts.values()) if counts else 0
    new_slots = max((s for s, n in counts.items() if n == best), default=game.ceo_slots)
    game.next_ceo_slots = new_slots
    shown = ", ".join(f"{tag(p.seat)} ${p.reserve}" for p in game.players if p.reserve)
    events.append(
        Msg(
            "food_chain_magnate.bank_broken",
            "The bank has run out of money for the first time: the reserve cards are revealed "
            "({shown}) and ${total} is added to the bank. From next turn every CEO has {slots} "
            "slots.",
            shown=shown,
            total=total,
            slots=new_slots,
        )
    )


# -- milestones (seed "■マイルストーン") ----------------------------------------------------


def claim(game: FcmState, seat: int, mid: str, events: list[str]) -> bool:
    """``seat`` claims milestone ``mid`` if it is still in the game and not yet theirs;
    applies its immediate effect. Several players may claim one in the same turn."""
    p = game.players[seat]
    if not game.use_milestones or mid not in game.milestones_left or p.has(mid):
        return False
    p.milestones[mid] = game.turn
    game.claimed_this_turn.add(mid)
    events.append(
        Msg(
            "food_chain_magnate.milestone",
            "{who} claims the milestone “{name}”.",
            who=tag(seat),
            name=milestone_name(mid),
            milestone=mid,
        )
    )
    if mid == "first_hire_3":
        got = 0
        for _ in range(R.hire_milestone_trainees):
            if game.supply.get("management_trainee", 0) > 0:
                take_card(game, seat, "management_trainee")
                got += 1
        events.append(
            Msg(
                "food_chain_magnate.milestone_trainees",
                "{who} gets {n} management trainees on the beach.",
                who=tag(seat),
                n=got,
            )
        )
    elif mid in ("first_burger_produced", "first_pizza_produced"):
        kind = "burger_cook" if mid == "first_burger_produced" else "pizza_cook"
        if game.supply.get(kind, 0) > 0:
            take_card(game, seat, kind)
            events.append(
                Msg(
                    "food_chain_magnate.milestone_cook",
                    "{who} gets a {kind} on the beach.",
                    who=tag(seat),
                    kind=pretty(kind),
                )
            )
        else:
            events.append(
                Msg(
                    "food_chain_magnate.milestone_no_cook",
                    "No {kind} is left in the supply.",
                    kind=pretty(kind),
                )
            )
    elif mid == "first_have_20" and not game.reserve_revealed:
        game.mark_revealed()  # the holder may now look at the reserve cards
    return True


def check_cash_milestones(
    game: FcmState, seat: int, events: list[str], *, end_of_dinner: bool
) -> None:
    p = game.players[seat]
    if p.cash >= R.cash_milestone_low:
        claim(game, seat, "first_have_20", events)
    # Seed: 「フェイズ4:ディナータイムの終了時に所持金が$100を超えていれば獲得できる」 — more
    # than $100 (engine version 1 gave it at exactly $100).
    high = R.cash_milestone_high
    if end_of_dinner and (p.cash > high or (p.cash == high and game.rule("hundred") == "reach")):
        claim(game, seat, "first_have_100", events)


# -- the board: occupancy, entrances, ranges ----------------------------------------------


def is_empty(game: FcmState, sq: Square, ignore: Iterable[Square] = ()) -> bool:
    """An empty square: printed blank and holding no house, garden, restaurant or campaign."""
    return game.grid.is_blank(sq) and (sq not in game.occupied or sq in ignore)


def entrances(game: FcmState, r: Restaurant) -> tuple[Square, ...]:
    """The entrance square, or all four squares with a drive-in (local/regional manager at
    work; seed phase 3 "6.")."""
    if has_drive_in(game, r.owner):
        return r.squares
    return (r.entrance,)


def restaurant_starts(game: FcmState, r: Restaurant) -> tuple[tuple[int, int], ...]:
    """Road nodes next to the restaurant's entrances, each with its start cost."""
    return game.grid.access(entrances(game, r))


def restaurants_of(game: FcmState, seat: int, *, open_only: bool = True) -> list[Restaurant]:
    """``seat``'s restaurants (open ones only by default); none for a chain out of the game,
    whose restaurants stay on the map as derelict buildings (designer ruling)."""
    if game.players[seat].out:
        return []
    return [r for r in game.restaurants if r.owner == seat and (r.open or not open_only)]


def board_key(game: FcmState) -> tuple[object, ...]:
    """What placements depend on: the occupied squares (by version) and the restaurants."""
    return (
        game.occupied.version,
        len(game.occupied),
        tuple((r.owner, r.index, r.top_left, r.corner, r.open) for r in game.restaurants),
    )


def board_cached(game: FcmState, key: tuple[object, ...], make: Callable[[], T]) -> T:
    """``make()`` cached under ``key`` + the board's state, across moves."""
    full = (key, board_key(game))
    got = game.board_cache.get(full)
    if got is None:
        if len(game.board_cache) > 4000:
            game.board_cache.clear()
        got = game.board_cache[full] = make()
    return got


def chain_reach(
    game: FcmState, seat: int, *, open_only: bool = True
) -> tuple[list[int], dict[Tile, int]]:
    """(road distance of every node from the chain's restaurants, road range of every tile)."""
    starts: dict[int, int] = {}
    zero: set[Tile] = set()
    for r in restaurants_of(game, seat, open_only=open_only):
        for node, cost in restaurant_starts(game, r):
            if cost < starts.get(node, UNREACHABLE):
                starts[node] = cost
        zero |= game.grid.tiles_of(entrances(game, r))
    key = (tuple(sorted(starts.items())), tuple(sorted(zero)))
    cache = game.grid.reach_cache
    cached = cache.get(key)
    if cached is not None:
        return cached
    items = key[0]
    dist = game.grid.distances(items) if items else [UNREACHABLE] * len(game.grid.node_square)
    ranges = game.grid.tile_ranges(items, zero)
    if len(cache) > 512:
        cache.clear()
    cache[key] = (dist, ranges)
    return dist, ranges


def house_distance(game: FcmState, house_squares: Sequence[Square], r: Restaurant) -> int:
    """Tile borders crossed along roads from a house (with garden) to the restaurant's
    nearest entrance; ``UNREACHABLE`` if no road connects them (seed phase 4)."""
    dist = game.grid.distances(restaurant_starts(game, r))
    best = UNREACHABLE
    for node, cost in game.grid.access(house_squares):
        d = dist[node] + cost
        if d < best:
            best = d
    return best


def career_refusal(game: FcmState, seat: int, card: str, target: str, cap: int) -> Msg | None:
    """Why a ``card`` cannot become ``target`` now with ``cap`` training steps (seed: 訓練),
    or ``None``: the career tree, the target's supply pile, who may own it, and the steps."""
    path = career_path(card, target)
    if path is None:
        return Msg(
            "food_chain_magnate.no_career",
            "A {kind} does not train into a {target}.",
            kind=pretty(card),
            target=pretty(target),
        )
    if game.supply[target] <= 0:
        return Msg(
            "food_chain_magnate.pile_empty_target",
            "No {kind} is left in the supply.",
            kind=pretty(target),
        )
    why = may_own(game, seat, target)
    if why:
        return Msg("food_chain_magnate.may_not_own", "You may not get that card: {why}.", why=why)
    if len(path) > cap:
        return Msg(
            "food_chain_magnate.training_short",
            "A {kind} becomes a {target} in {n} training steps, but your trainers at work can "
            "give one card only {cap} this turn.",
            kind=pretty(card),
            target=pretty(target),
            n=len(path),
            cap=cap,
        )
    return None
