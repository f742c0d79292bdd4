"""A heuristic AI for Food Chain Magnate: a small, fast company that cooks one food line, buys
drinks, markets what it can sell to the houses its restaurants reach, and keeps its payroll
payable.

``FcmPolicy.choose(state, seat, rng)`` returns a legal move for ``seat``. It reads the state
directly (it is the game's own policy) and avoids listing the big placement move sets: it
scores a sample of spots near the houses that matter. Every move it picks is checked with the
game's refusal; if a plan fails it falls back to a safe legal move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from games.core import Move, Rng, Seat

from . import food, marketing, restaurants
from .board import UNREACHABLE, Square, parse_square, rect, square_name
from .data import CampaignDef, Employee, components
from .marketing_phase import cap, reached
from .model import FOOD, HOUSES, MARKETING, RECRUIT, TRAIN, Campaign, Phase, Restaurant
from .moves import (
    Advertise,
    Beach,
    ChooseOrder,
    ChooseReserve,
    Commit,
    Cook,
    Discard,
    Done,
    Fire,
    Pass,
    Pay,
    PlaceCampaign,
    PlaceRestaurant,
    Recruit,
    Train,
    Work,
)
from .payday import salaried_free
from .rules import (
    emp,
    house_distance,
    restaurants_of,
    salary_due,
    structure_fits,
    targets_from,
    training_capacity,
)
from .working_common import unused_kinds

if TYPE_CHECKING:
    from .game import FcmState

# Which card families the AI wants, in order: (entry kind, how many of that family).
WANTS: tuple[tuple[str, int], ...] = (
    ("kitchen_trainee", 1),
    ("marketing_trainee", 1),
    ("trainer", 1),
    ("marketing_trainee", 2),
    ("errand_boy", 1),
    ("waitress", 1),
    ("management_trainee", 1),
    ("kitchen_trainee", 2),
    ("recruiting_girl", 1),
    ("marketing_trainee", 3),
    ("errand_boy", 2),
    ("management_trainee", 2),
    ("waitress", 2),
    ("kitchen_trainee", 3),
    ("marketing_trainee", 4),
)

# Training goals: entry kind -> what the AI trains it into (one step at a time).
TRAIN_INTO = {
    "kitchen_trainee": "cook",  # burger_cook / pizza_cook by the food line
    "marketing_trainee": "campaign_manager",
    "management_trainee": "junior_vp",
}

# Priority when filling the structure (lower first); managers go in first.
WORK_ORDER = (
    "burger_chef",
    "pizza_chef",
    "burger_cook",
    "pizza_cook",
    "kitchen_trainee",
    "brand_director",
    "brand_manager",
    "campaign_manager",
    "marketing_trainee",
    "waitress",
    "zeppelin_pilot",
    "truck_driver",
    "cart_operator",
    "errand_boy",
    "trainer",
    "coach",
    "guru",
    "recruiting_girl",
    "recruiting_manager",
    "hr_director",
    "cfo",
    "luxuries_manager",
    "new_business_developer",
    "local_manager",
    "regional_manager",
    "discount_manager",
    "pricing_manager",
)

FAMILY: dict[str, str] = {}
for _kind, _e in components().employees.items():
    _root = _kind
    while emp(_root).trained_from is not None:
        _root = emp(_root).trained_from or _root
    FAMILY[_kind] = _root


def food_line(seat: int) -> str:
    """The food an AI seat specialises in (burgers for even seats, pizza for odd)."""
    return "burger" if seat % 2 == 0 else "pizza"


class FcmPolicy:
    """The game's AI (``GameSpec.ai``)."""

    def choose(self, state: FcmState, seat: Seat, rng: Rng) -> Move:
        move = self._plan(state, seat, rng)
        if move is not None and state.refusal(seat, move) is None:
            return move
        return state.default_move(seat)

    # -- dispatch ---------------------------------------------------------------------------

    def _plan(self, g: FcmState, seat: int, rng: Rng) -> Move | None:
        phase = g.phase
        if phase == Phase.SETUP_RESTAURANTS:
            return self._first_restaurant(g, seat, rng)
        if phase == Phase.SETUP_RESERVE:
            return ChooseReserve(components().reserve_cards[1].money)
        if phase == Phase.RESTRUCTURING:
            return self._restructure(g, seat)
        if phase == Phase.ORDER_OF_BUSINESS:
            free = [i for i in range(1, g.n_seats + 1) if i not in g.new_order]
            return ChooseOrder(free[0])
        if phase == Phase.WORKING:
            return self._work(g, seat, rng)
        if phase == Phase.PAYDAY:
            return self._payday(g, seat)
        if phase == Phase.CLEANUP:
            stock = g.players[seat].stock
            keep = self._line(g, seat)
            kinds = sorted(stock, key=lambda k: (k == keep, -stock[k]))
            return Discard(kinds[0])
        return None

    # -- setup ------------------------------------------------------------------------------

    def _first_restaurant(self, g: FcmState, seat: int, rng: Rng) -> Move:
        spots = restaurants.placements(g, seat, initial=True)
        if not spots:
            return Pass()
        sample = (
            spots if len(spots) <= 60 else [spots[rng.randrange(len(spots))] for _ in range(60)]
        )
        best = max(sample, key=lambda s: self._spot_value(g, seat, s[0], s[1]))
        return PlaceRestaurant(best[0], best[1])

    def _spot_value(self, g: FcmState, seat: int, word: str, corner: str) -> float:
        sq = parse_square(word)
        assert sq is not None
        r = Restaurant(seat, 0, sq, corner)
        value = 0.0
        for h in g.houses.values():
            d = house_distance(g, h.all_squares, r)
            if d < UNREACHABLE:
                value += 4.0 / (1 + d)
        for other in g.restaurants:
            if abs(other.top_left[0] - sq[0]) + abs(other.top_left[1] - sq[1]) < 6:
                value -= 2.0
        return value

    # -- restructuring ----------------------------------------------------------------------

    def _structure(self, g: FcmState, seat: int) -> list[str]:
        p = g.players[seat]
        hand = Counter(c.kind for c in p.cards)
        keep_beach = self._to_train(g, seat, hand)
        for k in keep_beach:
            hand[k] -= 1
        work: list[str] = []
        managers = sorted(
            (k for k in hand.elements() if emp(k).is_manager), key=lambda k: -emp(k).slots
        )
        for k in managers:
            if structure_fits([*work, k], g.ceo_slots):
                work.append(k)
        for k in self._work_priority(g, seat, hand):
            if structure_fits([*work, k], g.ceo_slots):
                work.append(k)
        return work

    def _work_priority(self, g: FcmState, seat: int, hand: Counter[str]) -> list[str]:
        """Non-managers in the order the company needs them: kitchen cards for the foods the
        reachable houses want, drink buyers for the drinks they want, marketeers, waitresses,
        then the rest."""
        left = Counter({k: n for k, n in hand.items() if n > 0 and not emp(k).is_manager})
        need = self._wanted(g, seat)
        for good, n in g.players[seat].stock.items():
            need[good] -= n
        order: list[str] = []

        def take(kind: str) -> bool:
            if left.get(kind, 0) > 0:
                left[kind] -= 1
                order.append(kind)
                return True
            return False

        kitchens = sorted(
            (k for k in left if emp(k).action == "kitchen"), key=lambda k: -emp(k).amount
        )
        for good in components().foods:
            for k in kitchens:
                while need[good] > 0 and good in emp(k).foods and take(k):
                    need[good] -= emp(k).amount
        if any(need[d] > 0 for d in components().drinks):
            for k in sorted(
                (k for k in left if emp(k).action == "buyer"), key=lambda k: -emp(k).amount
            ):
                while take(k):
                    pass
        if not order:
            for k in kitchens:
                if take(k):
                    break
        rest = sorted(left.elements(), key=lambda k: WORK_ORDER.index(k) if k in WORK_ORDER else 99)
        return order + rest

    def _to_train(self, g: FcmState, seat: int, hand: Counter[str]) -> list[str]:
        """Cards to leave on the beach so the trainers at work can train them."""
        trainers = hand.get("trainer", 0) + 2 * hand.get("coach", 0) + 3 * hand.get("guru", 0)
        out: list[str] = []
        for kind in ("kitchen_trainee", "marketing_trainee"):
            if trainers <= 0:
                break
            if hand.get(kind, 0) > (1 if kind == "marketing_trainee" else 0):
                if (
                    kind == "kitchen_trainee"
                    and any(emp(k).action == "kitchen" and k != "kitchen_trainee" for k in hand)
                    and hand[kind] < 2
                ):
                    continue
                if kind == "management_trainee" and g.players[seat].cash < 30:
                    continue
                out.append(kind)
                trainers -= 1
        return out

    def _restructure(self, g: FcmState, seat: int) -> Move:
        p = g.players[seat]
        want = Counter(self._structure(g, seat))
        have = Counter(p.pending)
        for k in sorted(have):
            if have[k] > want.get(k, 0):
                return Beach(k)
        for k in sorted(want, key=lambda k: (not emp(k).is_manager, k)):
            if want[k] > have.get(k, 0):
                return Work(k)
        return Commit()

    # -- working 9–5 --------------------------------------------------------------------------

    def _work(self, g: FcmState, seat: int, rng: Rng) -> Move:
        p = g.players[seat]
        t = p.turn
        if t.pending_campaign is not None:
            return self._advertise(g, seat)
        if t.sub <= RECRUIT and t.recruits_left > 0:
            m = self._recruit(g, seat)
            if m is not None:
                return m
        if t.sub <= TRAIN and training_capacity(p) > 0:
            m = self._train(g, seat)
            if m is not None:
                return m
        if t.sub <= MARKETING:
            m = self._campaign(g, seat, rng)
            if m is not None:
                return m
        if t.sub <= FOOD:
            m = self._food(g, seat)
            if m is not None:
                return m
        if t.sub <= HOUSES:
            pass
        return Done()

    def _owned(self, g: FcmState, seat: int) -> Counter[str]:
        p = g.players[seat]
        return Counter(FAMILY[c.kind] for c in [*p.cards, *p.busy.values()])

    def _recruit(self, g: FcmState, seat: int) -> Move | None:
        owned = self._owned(g, seat)
        if g.players[seat].cash < 10 and not owned.get("waitress") and g.supply["waitress"]:
            return Recruit("waitress")  # a penniless company needs some income first
        for kind, n in WANTS:
            if owned.get(kind, 0) < n and g.supply.get(kind, 0) > 0:
                return Recruit(kind)
        return None

    def _target(self, g: FcmState, seat: int, kind: str) -> str | None:
        goal = TRAIN_INTO.get(kind)
        if goal == "cook":
            return f"{self._line(g, seat)}_cook"
        return goal

    def _line(self, g: FcmState, seat: int) -> str:
        """The food this seat should make now: the one the reachable houses want more (by
        default its own line)."""
        want = self._wanted(g, seat)
        have = g.players[seat].stock
        b = want.get("burger", 0) - have.get("burger", 0)
        z = want.get("pizza", 0) - have.get("pizza", 0)
        if b != z:
            return "burger" if b > z else "pizza"
        return food_line(seat)

    def _train(self, g: FcmState, seat: int) -> Move | None:
        p = g.players[seat]
        cap_ = training_capacity(p)
        for c in p.beach_cards():
            if c.uid in p.turn.trained and not p.has("first_pay_20"):
                continue
            goal = self._target(g, seat, c.kind)
            if goal is None:
                continue
            if emp(goal).salary and p.cash < salary_due(g, seat)[1] + components().rules.salary:
                continue  # could not pay it at Payday: keep the free card
            for target, _ in targets_from(c.kind, cap_):
                if target == goal and g.supply.get(target, 0) > 0:
                    return Train(c.kind, target)
        return None

    def _obtainable(self, g: FcmState, seat: int) -> set[str]:
        """Goods this company can get: its food line (with kitchen staff) and the drinks its
        buyers reach (any drink with an errand boy)."""
        key = ("ai_obtainable", seat)
        if key in g.cache:
            return g.cache[key]
        p = g.players[seat]
        kinds = {c.kind for c in p.cards}
        out: set[str] = set()
        for k in kinds:
            if emp(k).action == "kitchen":
                out |= set(emp(k).foods)
        for k in kinds:
            e = emp(k)
            if e.action != "buyer":
                continue
            if e.mode == "errand":
                out |= set(components().drinks)
            else:
                for route in food.route_sets(g, seat, k)[:20]:
                    out |= {g.grid.drinks[sq] for sq in route}
        g.cache[key] = out
        return out

    def _products(self, g: FcmState, seat: int) -> list[str]:
        got = self._obtainable(g, seat)
        p = g.players[seat]
        made = Counter(
            f for c in p.cards if emp(c.kind).action == "kitchen" for f in emp(c.kind).foods
        )
        foods = sorted(sorted(f for f in got if f in components().foods), key=lambda f: -made[f])
        out = foods + sorted(x for x in got if x in components().drinks)
        return out or [food_line(seat)]

    def _wanted(self, g: FcmState, seat: int) -> Counter[str]:
        """Goods demanded by the houses our restaurants reach."""
        want: Counter[str] = Counter()
        for number in self._connected(g, seat):
            want.update(g.houses[number].demand)
        return want

    def _connected(self, g: FcmState, seat: int) -> dict[int, int]:
        key = ("ai_connected", seat)
        if key in g.cache:
            return g.cache[key]
        out: dict[int, int] = {}
        mine = restaurants_of(g, seat)
        for number, h in g.houses.items():
            d = min((house_distance(g, h.all_squares, r) for r in mine), default=UNREACHABLE)
            if d < UNREACHABLE:
                out[number] = d
        g.cache[key] = out
        return out

    def _targets(self, g: FcmState, seat: int) -> dict[int, int]:
        """Houses connected to our restaurants with room for demand, whose demand we can
        serve: number -> distance."""
        got = self._obtainable(g, seat)
        return {
            n: d
            for n, d in self._connected(g, seat).items()
            if len(g.houses[n].demand) < cap(g.houses[n]) and set(g.houses[n].demand) <= got
        }

    def _campaign(self, g: FcmState, seat: int, rng: Rng) -> Move | None:
        p = g.players[seat]
        kinds = unused_kinds(p, "campaign")
        if not kinds:
            return None
        targets = self._targets(g, seat)
        if not targets:
            return None
        best: tuple[float, Move] | None = None
        for kind in kinds:
            e = emp(kind)
            for number in sorted(g.campaign_supply):
                d = components().campaigns[number]
                if d.kind not in e.campaign_types:
                    continue
                for where, tall in self._spots(g, seat, e, d, targets, rng):
                    value = self._campaign_value(g, seat, d, where, tall, targets)
                    value -= 0.1 * emp(kind).amount  # keep stronger marketeers free
                    if value > 0 and (best is None or value > best[0]):
                        best = (value, PlaceCampaign(kind, d.kind, number, where, tall))
        return best[1] if best else None

    def _spots(
        self,
        g: FcmState,
        seat: int,
        e: Employee,
        d: CampaignDef,
        targets: dict[int, int],
        rng: Rng,
    ) -> Iterable[tuple[str, bool]]:
        if d.kind == "airplane":
            yield from marketing.positions(g, seat, e, d)
            return
        near: set[Square] = set()
        for number in targets:
            for s in g.houses[number].all_squares:
                for dr in range(-3, 3):
                    for dc in range(-3, 3):
                        near.add((s[0] + dr, s[1] + dc))
        if d.kind == "radio":
            near = {s for s in near if s[0] % 3 == 0 and s[1] % 3 == 0}
        legal = marketing._positions(g, seat, e, d)[1]
        for tall in (False, True) if d.width != d.height else (False,):
            for sq in sorted(near):
                if g.grid.on_board(sq) and (square_name(sq), tall) in legal:
                    yield square_name(sq), tall

    def _campaign_value(
        self,
        g: FcmState,
        seat: int,
        d: CampaignDef,
        where: str,
        tall: bool,
        targets: dict[int, int],
    ) -> float:
        camp = Campaign(d.number, d.kind, seat, None)  # type: ignore[arg-type]
        if d.kind == "airplane":
            lines = marketing.airplane_lines(g, d, where)
            if lines is None:
                return 0.0
            camp.axis, camp.lines = lines
        else:
            sq = parse_square(where)
            assert sq is not None
            camp.squares = rect(sq, *marketing.footprint(d, tall))
        value = 0.0
        for h in reached(g, camp):
            if h.number in targets:
                value += 3.0 / (1 + targets[h.number]) + (1.0 if h.garden else 0.0)
            else:
                value -= 0.5
        return value

    def _advertise(self, g: FcmState, seat: int) -> Move:
        p = g.players[seat]
        number = p.turn.pending_campaign
        assert number is not None
        camp = g.campaigns[number]
        products = self._products(g, seat)
        used = Counter(c.product for c in g.campaigns.values() if c.owner == seat and c.product)
        product = min(products, key=lambda x: (used.get(x, 0), products.index(x)))
        if p.has("first_billboard") and camp.kind == "billboard":
            return Advertise(product, 0)
        return Advertise(product, emp(camp.marketeer.kind).amount)

    def _food(self, g: FcmState, seat: int) -> Move | None:
        p = g.players[seat]
        for kind in unused_kinds(p, "kitchen"):
            foods = emp(kind).foods
            return Cook(kind, self._line(g, seat) if len(foods) > 1 else None)
        for kind in unused_kinds(p, "buyer"):
            want = self._wanted(g, seat)
            for good, n in p.stock.items():
                want[good] -= n
            if emp(kind).mode == "errand":
                drink = max(sorted(components().drinks), key=lambda x: want.get(x, 0))
                return food.Buy(kind, drink)
            routes = food.route_sets(g, seat, kind)
            if routes:
                best = max(
                    routes,
                    key=lambda r: (
                        sum(max(0, want.get(g.grid.drinks[sq], 0)) for sq in r),
                        len(r),
                    ),
                )
                return food.Buy(kind, food.route_word(best))
        return None

    # -- payday -------------------------------------------------------------------------------

    def _payday(self, g: FcmState, seat: int) -> Move:
        p = g.players[seat]
        due = salary_due(g, seat)[1]
        if p.cash >= due:
            return Pay()
        kinds = salaried_free(g, seat)
        if kinds:
            worst = max(kinds, key=lambda k: WORK_ORDER.index(k) if k in WORK_ORDER else 99)
            return Fire(worst)
        busy = [c.kind for c in p.busy.values() if emp(c.kind).salary]
        return Fire(sorted(busy)[0]) if busy else Pay()


__all__ = ["FcmPolicy"]
