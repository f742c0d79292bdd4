"""A heuristic Kenchiku player, registered as the game's AI (``GameSpec.ai``).

It follows the seed's own advice (初回プレイのためのささやかなアドバイス): watch the wages, do not
let structure or design fall to one marker, place the park early. Each turn, in order:

1. after its action, repay the loan when the money is not needed for the next wages, and
   always near the end (借金手形のペナルティ: −15 honour and all money lost);
2. in its last turn (the end is triggered), take the move worth most at final scoring;
3. holding a loan and short of the next wages: a money building;
4. the park, on the plot with the most blocks around it now and likely later, once that is
   worth enough (less as the game goes on);
5. the building with the best reward: honour when close to the goal (racing for the +5)
   or when cash covers the next wages with a cushion, money otherwise;
6. else buy the marker furthest below a target profile that it can afford while keeping the
   next wages (structure whenever the city has outgrown it), or borrow early for
   structure or planning;
7. rest, returning the marker it needs least (a worker or structure once the city is full).

The numbers (``Knobs``) were tuned by 2-player head-to-head games between variants.
``rng`` only breaks ties, so a seeded game plays the same way every time. Used by tests,
benchmarks and AI seats; ``safe_rest`` also serves the time-out default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.core import Move, Rng, Seat

from .components import DESIGN, PLANNING, STRUCTURE, WORKERS
from .moves import END_TURN, REPAY_LOAN, TAKE_LOAN, Build, Buy, PlacePark, Rest
from .view import MARKER_TYPES
from .voices import administration_times

if TYPE_CHECKING:
    from .state import Company, KenchikuState


@dataclass(frozen=True)
class Knobs:
    """The policy's tunable numbers (tuned by 2-player head-to-head games between variants)."""

    target: tuple[int, int, int, int] = (5, 4, 4, 5)  # structure, design, planning, workers
    cushion: int = 3  # money kept above the next wages before taking honour
    loan_cushion: int = 5  # the same while holding a loan (bankruptcy is the next step)
    cheap: int = 5  # highest price paid for a marker below target
    critical_price: int = 5  # highest price paid for a technology down to one marker
    park_start: float = 9.0  # park value wanted in round 1, falling a third a round ...
    park_floor: float = 4.0  # ... to this
    repay_margin: int = 4  # money kept above the next wages when repaying mid-game
    borrow_until: int = 12  # last round for a voluntary loan
    sprint: int = 12  # within this much of the honour goal, honour unless wages are at risk
    scarce: int = 6  # free plots with land value 1+ at or below which the city counts as full


TARGET = Knobs().target

_WAGE_TYPES = (STRUCTURE, WORKERS)


def wages_after(c: Company, drop: str | None) -> int:
    """Wages of a rest that returns ``drop`` (休憩: workers + structure after the return)."""
    wages = c.markers[WORKERS] + c.markers[STRUCTURE]
    if drop in ("workers", "structure"):
        wages -= 1
    return wages


def _drop_need(state: KenchikuState, c: Company, k: int, target: Sequence[int]) -> float:
    """How much the company still wants its ``k``-th type's last marker (lower: drop it)."""
    n = c.markers[k]
    need = float(target[k] - n) + 0.15 * state.prices[k]  # a cheap type is cheap to rebuy
    if k in _WAGE_TYPES:
        need -= 0.5  # returning it also lowers every later wage bill
    if k in (STRUCTURE, DESIGN) and n <= 2:
        need += 2  # seed advice: structure or design at 1 is crippling early
    if k == STRUCTURE and free_plots(state, n - 1) < 2:
        need += 3  # one fewer and there is nowhere left to build
    return need


def free_plots(state: KenchikuState, structure: int = 6) -> int:
    """Free plots with land value 1 to ``structure``: where a company could build."""
    return sum(_free_by_value(state)[1 : structure + 1])


def _free_by_value(state: KenchikuState) -> list[int]:
    """Free plots per land value 0..6, counted once per position (the search calls the
    policy thousands of times a decision; ``state._version`` changes with every move)."""
    cached = state.__dict__.get("_ai_free")
    if cached is not None and cached[0] == state._version:
        hit: list[int] = cached[1]
        return hit
    board = state.board
    counts = [0] * 8
    for i in range(state.city.n_cells):
        if board.is_free(i):
            counts[min(board.land_value(i), 7)] += 1
    state.__dict__["_ai_free"] = (state._version, counts)
    return counts


def safe_rest(
    state: KenchikuState, seat: Seat, target: Sequence[int] = TARGET, *, full: bool = False
) -> Rest:
    """The rest that returns the marker the company needs least (and can spare).

    ``full``: the city is (nearly) built up, so only wages matter: return a worker or a
    structure marker first.
    """
    c = state.companies[seat]
    options = [k for k in range(len(MARKER_TYPES)) if c.markers[k] > 1]
    if not options:
        return Rest(None)
    if full:
        for k in (WORKERS, STRUCTURE):
            if k in options:
                return Rest(MARKER_TYPES[k])
    k = min(options, key=lambda k: (_drop_need(state, c, k, target), k))
    return Rest(MARKER_TYPES[k])


def instead_of_rest(state: KenchikuState, moves: Sequence[Move]) -> Move:
    """The move for a company that may not rest (one marker of each type while another action
    is possible: option bare_rest=last_resort): its cheapest marker, which the next rest can
    return, else its first build or park."""
    buys = [m for m in moves if isinstance(m, Buy)]
    if buys:
        return min(buys, key=lambda m: (state.prices[MARKER_TYPES.index(m.marker)], m.marker))
    return next(m for m in moves if isinstance(m, Build | PlacePark))


class KenchikuAI:
    """The heuristic policy: ``choose(state, seat, rng)`` returns one of the legal moves."""

    def __init__(self, knobs: Knobs | None = None) -> None:
        self.k = knobs or Knobs()

    def choose(self, state: KenchikuState, seat: Seat, rng: Rng) -> Move:
        moves = list(state.legal_moves(seat))
        move = self._decide(state, seat, moves, rng)
        return move if move in moves else instead_of_rest(state, moves)

    # -- the decision ----------------------------------------------------------------------

    def _decide(self, st: KenchikuState, seat: Seat, moves: Sequence[Move], rng: Rng) -> Move:
        c = st.companies[seat]
        rules = st.rules
        k = self.k
        full = free_plots(st) <= k.scarce
        rest = safe_rest(st, seat, k.target, full=full)
        reserve = wages_after(c, rest.drop)
        final = st.end_triggered_by is not None
        if st.repay_offered:
            keep = 0 if final or self._near_end(st) else reserve + k.repay_margin - 2
            return REPAY_LOAN if c.money - rules.loan_repayment >= keep else END_TURN
        spare = c.money - rules.loan_repayment
        if REPAY_LOAN in moves and (final or spare >= reserve + k.repay_margin):
            return REPAY_LOAN
        builds = [m for m in moves if isinstance(m, Build)]
        parks = [m for m in moves if isinstance(m, PlacePark)]
        buys = [m for m in moves if isinstance(m, Buy)]
        if final:
            return self._last_turn(st, c, builds, parks, buys, rest, moves, rng)
        if builds and c.has_loan and c.money < reserve + 1:
            return self._best_build(st, c, builds, "money", rng)
        if parks:
            park, value = self._best_park(st, parks, rng)
            if value >= max(k.park_floor, k.park_start - st.round / 3):
                return park
        buy = None if full else self._wanted_buy(st, c, buys, reserve)
        if builds:
            best = self._best_build(st, c, builds, self._reward(st, c, reserve), rng)
            if buy is None or self._gain(st, c, best) >= 2:
                return best
        if buy is not None:
            return buy
        if TAKE_LOAN in moves and self._should_borrow(st, c, reserve):
            return TAKE_LOAN
        if parks:
            park, value = self._best_park(st, parks, rng)
            if value >= 2:
                return park
        return rest

    # -- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _near_end(st: KenchikuState) -> bool:
        """Some company is within reach of the honour goal."""
        best = max(x.honour for x in st.companies if not x.bankrupt)
        return best >= st.honour_goal - 6

    def _reward(self, st: KenchikuState, c: Company, reserve: int) -> str:
        """Honour, unless the company needs cash for its next wages (more so with a loan)."""
        cushion = self.k.loan_cushion if c.has_loan else self.k.cushion
        if c.honour >= st.honour_goal - self.k.sprint and c.money >= reserve:
            return "honour"  # race for the end and its +5 bonus
        if c.money < reserve + cushion:
            return "money"
        if (
            c.has_loan
            and KenchikuAI._near_end(st)
            and c.money + 6 >= st.rules.loan_repayment > c.money
        ):
            return "money"  # two money builds from repaying before the end
        return "honour"

    @staticmethod
    def _height(st: KenchikuState, coord: str) -> int:
        return st.board.land_value(st.city.index[coord])

    def _gain(self, st: KenchikuState, c: Company, m: Build) -> int:
        h = self._height(st, m.coord)
        if m.reward == "honour":
            return min(h, c.markers[PLANNING])
        i = st.city.index[m.coord]
        bonus = sum(
            card.amount * administration_times(card, st.board, c.seat, i, h)
            for card in st.administration
        )
        return min(h, c.markers[DESIGN]) + bonus

    def _build_score(self, st: KenchikuState, c: Company, m: Build) -> float:
        h = self._height(st, m.coord)
        score = self._gain(st, c, m) + 0.1 * h
        i = st.city.index[m.coord]
        for j in st.city.neighbours[i]:
            owner = st.board.park_owners[j]
            if owner == c.seat:
                score += 0.5 * h  # our park scores these blocks at the end
            elif owner is not None:
                score -= 0.25 * h
        if (
            m.reward == "honour"
            and st.end_triggered_by is None
            and c.honour + min(h, c.markers[PLANNING]) > st.honour_goal
        ):
            score += st.rules.first_bonus  # 最初にゲーム終了条件を満たしたプレイヤー: +5
        return score

    def _best_build(
        self, st: KenchikuState, c: Company, builds: Sequence[Build], reward: str, rng: Rng
    ) -> Build:
        pool = [m for m in builds if m.reward == reward] or list(builds)
        return max(pool, key=lambda m: (self._build_score(st, c, m), rng.randrange(1000)))

    @staticmethod
    def _park_value(st: KenchikuState, coord: str) -> float:
        """Blocks around the plot now plus a share of what free neighbours may still get."""
        i = st.city.index[coord]
        free = sum(1 for j in st.city.neighbours[i] if st.board.is_free(j))
        return st.board.park_bonus(i) + 0.8 * free

    def _best_park(
        self, st: KenchikuState, parks: Sequence[PlacePark], rng: Rng
    ) -> tuple[PlacePark, float]:
        best = max(parks, key=lambda m: (self._park_value(st, m.coord), rng.randrange(1000)))
        return best, self._park_value(st, best.coord)

    def _wanted_buy(
        self, st: KenchikuState, c: Company, buys: Sequence[Buy], reserve: int
    ) -> Buy | None:
        """A marker below the target profile, cheap (or badly needed), keeping the wages."""
        best: tuple[float, Buy] | None = None
        for m in buys:
            k = MARKER_TYPES.index(m.marker)
            n = c.markers[k]
            short = self.k.target[k] - n
            price = st.prices[k]
            critical = n <= 1 and k != WORKERS
            if k == STRUCTURE and free_plots(st, n) < 2 <= free_plots(st, n + 1):
                critical = True  # nowhere left to build at this height
            if short <= 0 and not critical:
                continue
            if price > (self.k.critical_price if critical else self.k.cheap):
                continue
            extra = 1 if k in _WAGE_TYPES else 0  # a structure or worker raises wages
            if c.money - price < reserve + extra + 1:
                continue
            value = short + 2 * critical + (0.5 if k in (STRUCTURE, PLANNING) else 0) - 0.4 * price
            if best is None or value > best[0]:
                best = (value, m)
        return best[1] if best is not None else None

    def _should_borrow(self, st: KenchikuState, c: Company, reserve: int) -> bool:
        """Seed advice: borrow rather than let structure or planning sink, early on."""
        if c.has_loan or KenchikuAI._near_end(st) or st.round > self.k.borrow_until:
            return False
        for k in (STRUCTURE, PLANNING):
            if c.markers[k] < self.k.target[k] - 1 and st.stock[k] > 0:
                price = st.prices[k]
                if c.money < price + reserve <= c.money + st.rules.loan_amount:
                    return True
        return False

    def _last_turn(
        self,
        st: KenchikuState,
        c: Company,
        builds: Sequence[Build],
        parks: Sequence[PlacePark],
        buys: Sequence[Buy],
        rest: Rest,
        moves: Sequence[Move],
        rng: Rng,
    ) -> Move:
        """The last turn: honour now, money at 5 a point, the park's blocks; else lose least."""
        per = st.rules.money_per_honour
        options: list[tuple[float, Move]] = []
        for m in builds:
            gain = self._gain(st, c, m)
            options.append((gain if m.reward == "honour" else gain / per, m))
        for p in parks:
            options.append((float(st.board.park_bonus(st.city.index[p.coord])), p))
        if options:
            value, move = max(options, key=lambda o: (o[0], rng.randrange(1000)))
            if value > 0:
                return move
        # nothing scores: spend as little money as possible
        cheapest: list[tuple[int, Move]] = [(wages_after(c, rest.drop), rest)]
        cheapest += [(st.prices[MARKER_TYPES.index(b.marker)], b) for b in buys]
        cheapest += [(0, m) for m in [*builds, *parks]]
        return min(cheapest, key=lambda o: (o[0], o[1].notation))[1] if cheapest else moves[0]


AI = KenchikuAI()
