"""Food Chain Magnate's AI levels: the frozen heuristic (``easy``: ``ai.FcmPolicy``), and
``normal``/``hard``: the determinised search (``games.core.search``) over a broader heuristic.

The broader heuristic (``FcmPrior``) adds to the frozen one what issue 21 found missing:

* it hires a management trainee early and trains it into a new business developer, then a
  second one through junior vice president into a local manager;
* at work, the new business developer adds a garden to the house its restaurants serve best
  (double price, room for five demand tokens: seed phase 3, step 5), or builds a new house
  where its restaurants are nearer than anyone else's;
* the local manager opens a second (third) restaurant on the spot that reaches most houses
  away from rival restaurants (seed phase 3, step 6);
* marketing: every campaign a marketeer at work could place is valued by the demand it
  will create at houses the chain can serve (``ai_marketing``: tokens a turn, price, the
  share of each house the chain wins, what it can sell), so billboards, mailboxes, airplanes
  and radios are chosen by what they reach; the best marketeer works early when its campaign
  pays, and campaign and brand managers are trained on (into brand managers: airplanes; a
  brand director: radio) when the trained card's best campaign is clearly worth more.

What the search may not see: the reserve card other players kept (until revealed) and their
secret restructuring (until everyone has committed), plus future chance (the state's
``rng``). A determinisation draws another player's reserve card from the cards it might hold
(unless the "first to have $20" milestone lets the seat see them) and gives a committed
player the structure the heuristic would choose for it.

The evaluation (``FcmHooks.scores``) is cash plus a small value for what earns later (open
restaurants, employees in the company), since cash decides the game (seed: ゲームの終了).

Decision time: in Working 9–5 the search compares hires and trainings (2-player games only:
``FcmHooks.staff_seats``) and houses, gardens and restaurants against ``done``; every other
decision is the prior's. A rollout learns whether a seat can move from its time-out move
(``FcmHooks.can_act``) rather than by listing its placements, and with more than two players
``hard`` simulates at most ``FcmHooks.crowded_moves`` moves (docs/rules/food_chain_magnate.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import (
    Budget,
    SearchHooks,
    SearchPolicy,
    clone_state,
    reduce_dict_subclass,
    register_clone,
    reseed,
)

from .ai import WORK_ORDER, FcmPolicy
from .ai_marketing import best_campaign, best_product, duration_of
from .board import UNREACHABLE, parse_square
from .data import components
from .game import FcmState
from .houses import garden_spots, house_spots, house_squares
from .marketing_phase import reached
from .model import HOUSES, RESTAURANTS, Occupancy, Phase, Restaurant
from .moves import (
    Advertise,
    Fire,
    Pay,
    PlaceCampaign,
    PlaceGarden,
    PlaceHouse,
    PlaceRestaurant,
    Recruit,
    Train,
)
from .payday import salaried_free
from .restaurants import placements
from .rules import (
    board_cached,
    emp,
    house_distance,
    restaurants_of,
    salary_due,
    structure_fits,
)
from .working_common import unused_kinds

# Which card families ``normal`` wants, in order: (entry kind, how many of that family).
WANTS: tuple[tuple[str, int], ...] = (
    ("kitchen_trainee", 1),
    ("marketing_trainee", 1),
    ("management_trainee", 1),
    ("trainer", 1),
    ("errand_boy", 1),
    ("management_trainee", 2),
    ("marketing_trainee", 2),
    ("management_trainee", 3),
    ("waitress", 1),
    ("kitchen_trainee", 2),
    ("trainer", 2),
    ("recruiting_girl", 1),
    ("marketing_trainee", 3),
    ("errand_boy", 2),
    ("waitress", 2),
    ("kitchen_trainee", 3),
)

# Non-managers in the structure: the developers of houses and restaurants go in right after
# the kitchen and the drink buyers.
NORMAL_WORK_ORDER: tuple[str, ...] = tuple(
    sorted(
        WORK_ORDER,
        key=lambda k: (
            -1 if k in ("new_business_developer", "local_manager", "regional_manager") else 0,
            WORK_ORDER.index(k),
        ),
    )
)
MARKETEERS = ("brand_director", "brand_manager", "campaign_manager")
KEEP_FOR_TRAINING = (
    "marketing_trainee",
    "management_trainee",
    "junior_vp",
    "campaign_manager",
    "kitchen_trainee",
    "brand_manager",
)
MARKETEER_FIRST = 40.0
TRAIN_MARGIN = 15.0
"""Dollars a trained marketeer's best campaign must add (over 1.5 times the untrained one's)
for the AI to train it rather than let it work (``FcmPrior._train_marketeer``)."""
"""Expected dollars (``ai_marketing.best_campaign``) above which the best marketeer in hand
works right after the first kitchen card, ahead of the developers and a second kitchen."""


class FcmPrior(FcmPolicy):
    """The ``normal`` heuristic: the frozen one plus houses, gardens, more restaurants and a
    longer training ladder (module docstring)."""

    # -- recruiting and training -------------------------------------------------------------

    def _recruit(self, g: FcmState, seat: int) -> Move | None:
        owned = self._owned(g, seat)
        if g.players[seat].cash < 10 and not owned.get("waitress") and g.supply["waitress"]:
            return Recruit("waitress")
        for kind, n in WANTS:
            if owned.get(kind, 0) < n and g.supply.get(kind, 0) > 0:
                return Recruit(kind)
        return None

    def _kinds_owned(self, g: FcmState, seat: int) -> Counter[str]:
        p = g.players[seat]
        return Counter(c.kind for c in [*p.cards, *p.busy.values()])

    def _target(self, g: FcmState, seat: int, kind: str) -> str | None:
        owned = self._kinds_owned(g, seat)
        if kind == "kitchen_trainee":
            return f"{self._line(g, seat)}_cook"
        if kind == "marketing_trainee":
            return "campaign_manager"
        if kind == "campaign_manager":
            return "brand_manager"
        if kind == "brand_manager" and not owned["brand_director"]:
            return "brand_director"  # radio campaigns
        if kind == "management_trainee":
            if not owned["new_business_developer"]:
                return "new_business_developer"
            if not owned["junior_vp"] and not owned["local_manager"]:
                return "junior_vp"
            return None
        if kind == "junior_vp":
            mine = len(restaurants_of(g, seat, open_only=False))
            if not owned["local_manager"] and mine < components().restaurants_per_chain:
                return "local_manager"
        return None

    def _to_train(self, g: FcmState, seat: int, hand: Counter[str]) -> list[str]:
        """Cards left on the beach for the trainers at work: the next rung of each ladder,
        keeping at least one cook and one marketeer working."""
        p = g.players[seat]
        trainers = hand.get("trainer", 0) + 2 * hand.get("coach", 0) + 3 * hand.get("guru", 0)
        busy_marketeers = sum(1 for c in p.busy.values() if emp(c.kind).action == "campaign")
        kitchens = sum(n for k, n in hand.items() if emp(k).action == "kitchen")
        managers = sum(n for k, n in hand.items() if emp(k).is_manager)
        out: list[str] = []
        for kind in KEEP_FOR_TRAINING:
            if trainers <= 0:
                break
            if hand.get(kind, 0) == 0 or self._target(g, seat, kind) is None:
                continue
            if kind == "marketing_trainee" and hand[kind] < 2 and not busy_marketeers:
                continue
            if kind == "kitchen_trainee" and kitchens < 2:
                continue
            if emp(kind).is_manager and managers < 2 and len(hand) - managers > g.ceo_slots + 1:
                continue  # the only manager works: its slots hold a big structure up
            if kind in ("campaign_manager", "brand_manager") and not self._train_marketeer(
                g, seat, kind, hand
            ):
                continue
            out.append(kind)
            trainers -= 1
        return out

    def _train_marketeer(self, g: FcmState, seat: int, kind: str, hand: Counter[str]) -> bool:
        """Whether to leave a campaign or brand manager on the beach to be trained: when
        another one works meanwhile, or when the trained card's best campaign on today's map
        (airplanes for a brand manager, radio for a brand director) is worth clearly more
        than this turn's campaign it gives up."""
        if hand[kind] >= 2:
            return True
        goal = self._target(g, seat, kind)
        if goal is None:
            return False
        now = self._campaign_worth(g, seat, kind)
        return self._campaign_worth(g, seat, goal) >= 1.5 * now + TRAIN_MARGIN

    def _structure(self, g: FcmState, seat: int) -> list[str]:
        """Managers first, then as many trainers as the cards left to train need, then the
        rest in the order the company needs them."""
        p = g.players[seat]
        hand = Counter(c.kind for c in p.cards)
        keep = self._to_train(g, seat, hand)
        for k in keep:
            hand[k] -= 1
        work: list[str] = []
        for k in sorted(
            (k for k in hand.elements() if emp(k).is_manager), key=lambda k: -emp(k).slots
        ):
            if structure_fits([*work, k], g.ceo_slots):
                work.append(k)
        need = len(keep)
        for t, power in (("guru", 3), ("coach", 2), ("trainer", 1)):
            while (
                need > 0
                and hand.get(t, 0) > work.count(t)
                and structure_fits([*work, t], g.ceo_slots)
            ):
                work.append(t)
                need -= power
        left = hand.copy()
        for k in work:
            left[k] -= 1
        for k in self._work_priority(g, seat, left):
            if structure_fits([*work, k], g.ceo_slots):
                work.append(k)
        return work

    def _work_priority(self, g: FcmState, seat: int, hand: Counter[str]) -> list[str]:
        """The frozen order, with the developers of houses and restaurants right after the
        first two kitchen or drink cards."""
        order = super()._work_priority(g, seat, hand)
        rank = {k: i for i, k in enumerate(NORMAL_WORK_ORDER)}
        first = [k for k in order if k in ("new_business_developer", "local_manager")]
        marketeers = [k for k in MARKETEERS if k in order]
        lead = marketeers[:1]  # the best trained marketeer: mailboxes, airplanes, radio
        rest = list(order)
        for k in first + lead:
            rest.remove(k)
        head = [k for k in rest if emp(k).action in ("kitchen", "buyer")][:2]
        for k in head:
            rest.remove(k)
        if lead and self._campaign_worth(g, seat, lead[0]) >= MARKETEER_FIRST:
            return head[:1] + lead + head[1:] + first + sorted(rest, key=lambda k: rank.get(k, 99))
        return head + first + lead + sorted(rest, key=lambda k: rank.get(k, 99))

    def _campaign_worth(self, g: FcmState, seat: int, marketeer: str) -> float:
        """Expected dollars of the best campaign ``marketeer`` could place on today's map;
        kept through Restructuring (nothing it reads, the map, the houses' demand and the
        cards owned, changes while players choose who works)."""

        def worth() -> float:
            plan = best_campaign(g, seat, [marketeer], self._products(g, seat))
            return plan.gain if plan is not None else 0.0

        if g.phase == Phase.RESTRUCTURING:
            key = ("ai_campaign_worth", seat, marketeer, g.turn)
            return float(board_cached(g, key, worth))
        return worth()

    # -- marketing: campaigns valued by the demand they create -------------------------------

    def _campaign(self, g: FcmState, seat: int, rng: Rng) -> Move | None:
        """The campaign worth most (``ai_marketing.best_campaign``) of any unused marketeer."""
        kinds = unused_kinds(g.players[seat], "campaign")
        if not kinds:
            return None
        plan = best_campaign(g, seat, kinds, self._products(g, seat))
        if plan is None:
            return None
        return PlaceCampaign(plan.marketeer, plan.kind, plan.number, plan.where, plan.tall)

    def _advertise(self, g: FcmState, seat: int) -> Move:
        """The frozen duration; the product worth most at the houses the campaign reaches."""
        move = super()._advertise(g, seat)
        assert isinstance(move, Advertise)
        number = g.players[seat].turn.pending_campaign
        assert number is not None
        camp = g.campaigns[number]
        duration = duration_of(g, seat, camp.marketeer.kind, camp.kind)
        gain, product = best_product(
            g, seat, reached(g, camp), camp.kind, duration, self._products(g, seat)
        )
        return Advertise(product, move.duration) if gain > 0 else move

    def _payday(self, g: FcmState, seat: int) -> Move:
        """Pay if possible; else fire the free salaried card the company needs least,
        keeping the developers of houses and restaurants longest."""
        p = g.players[seat]
        if p.cash >= salary_due(g, seat)[1]:
            return Pay()
        kinds = salaried_free(g, seat)
        if kinds:
            rank = {k: i for i, k in enumerate(NORMAL_WORK_ORDER)}
            keep_last = ("new_business_developer", "local_manager", *MARKETEERS)
            return Fire(max(kinds, key=lambda k: (k not in keep_last, rank.get(k, 99))))
        return super()._payday(g, seat)

    # -- working 9–5: houses, gardens, restaurants ------------------------------------------

    def _work(self, g: FcmState, seat: int, rng: Rng) -> Move:
        move = super()._work(g, seat, rng)
        p = g.players[seat]
        if not _is_done(move) or p.turn.pending_campaign is not None:
            return move
        if p.turn.sub <= HOUSES and unused_kinds(p, "house"):
            m = self._house(g, seat, rng)
            if m is not None:
                return m
        if p.turn.sub <= RESTAURANTS:
            m = self._restaurant(g, seat, rng)
            if m is not None:
                return m
        return move

    def _house(self, g: FcmState, seat: int, rng: Rng) -> Move | None:
        """A garden for the best house we serve, else a new house nearer us than rivals."""
        mine = restaurants_of(g, seat)
        if not mine:
            return None
        connected = self._connected(g, seat)
        if g.gardens_left > 0:
            best: tuple[float, Move] | None = None
            for number, side in garden_spots(g):
                if number not in connected:
                    continue
                value = 4.0 / (1 + connected[number]) - self._rival_pull(g, seat, number)
                if best is None or value > best[0]:
                    best = (value, PlaceGarden(number, side))
            if best is not None and best[0] > 0:
                return best[1]
        if not g.house_supply:
            return None
        spots = house_spots(g)
        if len(spots) > 80:
            spots = [spots[rng.randrange(len(spots))] for _ in range(80)]
        best_house: tuple[float, str, str] | None = None
        for word, side in spots:
            sq = parse_square(word)
            assert sq is not None
            house, garden = house_squares(sq, side)
            squares = house + garden
            d_me = min(house_distance(g, squares, r) for r in mine)
            if d_me >= UNREACHABLE:
                continue
            rivals = [r for r in g.restaurants if r.owner != seat and r.open]
            d_them = min((house_distance(g, squares, r) for r in rivals), default=UNREACHABLE)
            value = 4.0 / (1 + d_me) + (1.5 if d_me < d_them else -1.0)
            if best_house is None or value > best_house[0]:
                best_house = (value, word, side)
        if best_house is None or best_house[0] <= 1.0:
            return None
        return PlaceHouse(min(g.house_supply), best_house[1], best_house[2])

    def _rival_pull(self, g: FcmState, seat: int, number: int) -> float:
        """How much nearer a rival restaurant is to house ``number`` than ours (0 if none)."""
        h = g.houses[number]
        mine = min(
            (house_distance(g, h.all_squares, r) for r in restaurants_of(g, seat)),
            default=UNREACHABLE,
        )
        theirs = min(
            (
                house_distance(g, h.all_squares, r)
                for r in g.restaurants
                if r.owner != seat and r.open
            ),
            default=UNREACHABLE,
        )
        return 2.0 if theirs < mine else 0.0

    def _restaurant(self, g: FcmState, seat: int, rng: Rng) -> Move | None:
        """Open a restaurant with an unused local (or regional) manager where it reaches most
        houses away from rivals."""
        p = g.players[seat]
        for mode in ("local", "regional"):
            kinds = sorted(
                c.kind
                for c in p.at_work_cards()
                if emp(c.kind).action == "restaurant"
                and emp(c.kind).mode == mode
                and c.uid not in p.turn.used
            )
            if not kinds:
                continue
            spots = placements(g, seat, mode=mode)
            if not spots:
                continue
            if len(spots) > 60:
                spots = [spots[rng.randrange(len(spots))] for _ in range(60)]
            word, corner = max(spots, key=lambda s: self._new_spot_value(g, seat, s[0], s[1]))
            return PlaceRestaurant(word, corner, kinds[0])
        return None

    def _new_spot_value(self, g: FcmState, seat: int, word: str, corner: str) -> float:
        """Houses a new restaurant would reach that our restaurants do not reach yet."""
        sq = parse_square(word)
        assert sq is not None
        r = Restaurant(seat, 0, sq, corner)
        connected = self._connected(g, seat)
        value = 0.0
        for number, h in g.houses.items():
            d = house_distance(g, h.all_squares, r)
            if d >= UNREACHABLE:
                continue
            before = connected.get(number, UNREACHABLE)
            if d < before:
                value += (4.0 if number not in connected else 1.0) / (1 + d)
        for other in g.restaurants:
            if (
                other.owner != seat
                and abs(other.top_left[0] - sq[0]) + abs(other.top_left[1] - sq[1]) < 6
            ):
                value -= 1.0
        return value


def _is_done(move: Move) -> bool:
    return move.notation == "done"


# -- the search -----------------------------------------------------------------------------


class FcmHooks(SearchHooks[FcmState]):
    """Search hooks: reserve cards and secret structures redrawn, cash projected."""

    scale = 25.0
    width = 4
    prior_bonus = 0.03
    turns = 1
    """Rollouts end when this many more turns have begun (after Dinnertime and Payday)."""
    staff_seats = 2
    """Recruits and trainings are searched only in games of at most this many players: what
    a hire or a training is worth shows only in the next turn's Dinnertime, and rollouts
    that long in a 4-player game cost 0.4-0.6 s a decision (session 28); with more players
    the prior's pick is played."""
    crowded_moves = 1000
    """With more than two players a decision simulates at most this many moves (its rollouts
    are twice as long: ``hard``'s 3,000 took 1.6-2.4 s of CPU at a 4-player house)."""

    def __init__(self, prior: FcmPrior) -> None:
        super().__init__(prior)
        self.prior = prior

    def determinize(self, state: FcmState, seat: Seat, rng: Rng) -> FcmState:
        copied = clone_state(state)
        reseed(copied, rng)
        options = [c.money for c in components().reserve_cards]
        # the "first to have $20" milestone shows its holder every kept reserve card
        peeks = copied.players[seat].has("first_have_20")
        for p in copied.players:
            if p.seat == seat:
                continue
            if p.reserve is not None and not copied.reserve_revealed and not peeks:
                p.reserve = rng.choice(options)
            if copied.phase == Phase.RESTRUCTURING:
                # a committed structure is modelled by the heuristic's; a half-made one is
                # forgotten (that player goes on choosing in the rollout)
                p.pending = self.prior._structure(copied, p.seat) if p.committed else []
        copied.cache.clear()
        return copied

    def candidates(self, state: FcmState, seat: Seat, rng: Rng) -> list[Move]:
        first = self.prior.choose(state, seat, rng)
        if state.phase != Phase.WORKING:
            return [first]
        if isinstance(first, Recruit | Train) and state.n_seats > self.staff_seats:
            return [first]
        legal = state.legal_moves(seat)
        out = [first]
        if isinstance(first, Recruit):
            out += [m for m in legal if isinstance(m, Recruit) and m.train_to is None][:3]
        elif isinstance(first, Train):
            out += [m for m in legal if isinstance(m, Train)][:3]
        elif isinstance(first, PlaceGarden | PlaceHouse | PlaceRestaurant):
            out += [m for m in legal if m.notation == "done"]
        return _unique(out)[: self.width]

    def budget_for(self, state: FcmState, budget: Budget) -> Budget:
        if state.n_seats <= 2 or budget.moves is None or budget.moves <= self.crowded_moves:
            return budget
        return replace(budget, moves=self.crowded_moves)

    def can_act(self, state: FcmState, seat: Seat) -> bool:
        """Whether ``seat`` has a legal move, answered by its time-out move when that is
        legal (one refusal check) before building the whole move list: a player at work may
        have hundreds of house and billboard placements, and building them was most of a
        4-player rollout's time (the answer is the same: ``test_ai_search``)."""
        move = state.step.default_move(state, seat)
        if move is not None and state.refusal(seat, move) is None:
            return True
        return bool(state.legal_moves(seat))

    def cut(self, state: FcmState, start: FcmState, played: int) -> bool:
        return state.turn > start.turn + self.turns or played >= self.horizon

    def scores(self, state: FcmState) -> dict[Seat, float]:
        out: dict[Seat, float] = {}
        for p in state.players:
            staff = len(p.cards) + len(p.busy)
            out[p.seat] = p.cash + 10.0 * len(restaurants_of(state, p.seat)) + 2.0 * staff
        return out


def _unique(moves: list[Move]) -> list[Move]:
    out: list[Move] = []
    for m in moves:
        if m not in out:
            out.append(m)
    return out


def play_features(moves: Sequence[Move]) -> dict[str, Any]:
    """What a game's moves show of issue 21's Food Chain Magnate targets: whether anyone
    built a house or a garden, opened a restaurant at work (a second or third one), and which
    marketing kinds were placed."""
    return {
        "houses_gardens": any(isinstance(m, PlaceHouse | PlaceGarden) for m in moves),
        "second_restaurants": any(
            isinstance(m, PlaceRestaurant) and m.by is not None for m in moves
        ),
        "marketing_kinds": sorted({m.kind for m in moves if isinstance(m, PlaceCampaign)}),
    }


register_clone(Occupancy, reduce_dict_subclass)  # its __setitem__ bumps a version attribute

PRIOR = FcmPrior()
HOOKS = FcmHooks(PRIOR)
EASY = FcmPolicy()
NORMAL: SearchPolicy[FcmState] = SearchPolicy(HOOKS, Budget(rollouts=4, moves=500))
HARD: SearchPolicy[FcmState] = SearchPolicy(HOOKS, Budget(rollouts=24, moves=3000))
LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
