"""Carnegie's AI levels: the frozen heuristic (``easy``: ``ai.CarnegiePolicy``) and
``normal``/``hard``: the determinised search (``games.core.search``) over it.

What the search may not see: the order of Andrew's deck and, until he plays it, the face of
his current card (its back, the row he favours, is public: seed アンドリューのターン), plus
the shuffles to come (the state's ``rng``). A determinisation shuffles his draw pile and,
while his card is face down, swaps it for a card with the same back drawn from the cards it
could be. Companies have no secrets (every company board is public).

``normal`` and ``hard`` (``CarnegieSearch``) search two kinds of decision with the cut-off
evaluation of ``ai_eval`` (a projection of final VP fitted on self-play: the final scoring
now plus the engine's worth over the rounds left): the timeline row (``RowSearchHooks``: the
four rows, rollouts cut four rounds ahead), and the company's growth (``GrowthHooks``: when
the prior establishes a department, moves or activates an employee or uses a department,
its move and the two best-valued others of that class, rollouts cut two rounds ahead). A
rollout is judged by half the chance that the projected margin over Andrew (or the best
rival) is a win and half a logistic of it. Every other decision is the prior's
(``CarnegiePrior``). ``normal`` gives a row 8 rollouts and a growth decision 4; ``hard``
a row 16 and 8 to a wider set of decisions (``WideGrowthHooks``: builds, research,
donations and returns too).

Measured (``python -m tests.games.carnegie.measure_search``, solo against Andrew, the
bench's seeds, paired, loaded machine, load 12-23), seeds 0-19: rows by 8 rollouts to the
end (the old ``normal``) 5 wins, margin -25.3 ± 5.2 VP; rows cut at 4 rounds 5 wins,
-16.0 ± 5.0; rows to the end and growth searched 11 wins, +5.2 ± 5.0; the same with every
kind of decision searched 14 wins, +5.5 ± 5.4 at twice the CPU; rows cut at 4 and growth
searched (today's ``normal``) 16 wins, +14.0 ± 4.6. Seeds 0-39: ``normal`` 29 wins, +8.7
VP; for ``hard``, twice ``normal``'s rollouts 24 wins (paired -0.5 ± 2.7 VP), rows cut
at 6 rounds 28 (-2.0 ± 2.9), growth width 4 cut at 3 rounds 14 of 20, today's ``hard``
31 wins (+1.9 ± 3.9 VP: within noise).
"""

from __future__ import annotations

import functools
import heapq
import pickle
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import (
    Budget,
    SearchHooks,
    SearchPolicy,
    clone_state,
    lead,
    register_clone,
    reseed,
    search,
)

from .ai import ANDREW_GAIN, VP_VALUE, CarnegiePolicy, _track_value, value
from .ai_eval import project, project_andrew, rounds_left, win_chance
from .construction import track_step_cost
from .data import AndrewCard, CarnegieData, load
from .moves import (
    Activate,
    Build,
    Choose,
    Donate,
    EndTurn,
    Establish,
    MoveEmployee,
    Pass,
    ResearchTab,
    ResearchTrack,
    Return,
    Use,
)
from .state import CarnegieState

ANDREW_SEAT = -1
"""The key of Andrew's score among the projected scores of a solo game."""


def _loaded_data() -> CarnegieData:
    return load()


def _loaded_card(card_id: str) -> AndrewCard:
    return _cards()[card_id]


@functools.cache
def _cards() -> dict[str, AndrewCard]:
    return {c.id: c for c in load().andrew.cards}


def _reduce_data(data: CarnegieData) -> Any:
    """The game's data (about 40 kB pickled, nine tenths of a state) copied by reference: a
    search copies a state for every rollout, and the data never changes. Only the data
    ``load()`` returns; any other copy pickles in full."""
    if data is load():
        return _loaded_data, ()
    return data.__reduce_ex__(pickle.HIGHEST_PROTOCOL)


def _reduce_card(card: AndrewCard) -> Any:
    """An Andrew card of the loaded data, copied by reference (``_reduce_data``)."""
    if _cards().get(card.id) is card:
        return _loaded_card, (card.id,)
    return card.__reduce_ex__(pickle.HIGHEST_PROTOCOL)


register_clone(CarnegieData, _reduce_data)
register_clone(AndrewCard, _reduce_card)


def _redraw(
    state: CarnegieState, current: str | None, deck: list[str], rng: Rng
) -> tuple[str | None, list[str]]:
    """Andrew's face-down current card (``current``, if any) and his draw pile redrawn from
    the cards they could be: the current card and the top of the pile keep their public backs
    (the view shows both: seed アンドリューのターン). The draw depends only on which cards are
    unseen, not on their order."""
    back = state.card_index
    unseen = sorted([*deck, *([current] if current is not None else [])])

    def take(wanted: str) -> str:
        pick = rng.choice([c for c in unseen if back[c].back == wanted])
        unseen.remove(pick)
        return pick

    new_current = take(back[current].back) if current is not None else None
    top = take(back[deck[0]].back)
    rng.shuffle(unseen)
    return new_current, [top, *unseen]


def join_cost(state: Any, own: set[str]) -> int:
    """Fewest more cities a company must build in before one of its networks joins two
    major cities (seed 主要都市の接続): a shortest path between two major cities where a city
    it has built in costs 0, a city with a free space 1, and a full one cannot be passed.
    ``99`` when no two major cities can be joined. A function of the map, ``own`` and which
    cities are full only, so it is remembered by those (a decision asks it for every build)."""
    d = state.data
    spaces = state.spaces
    full = frozenset(c for c in d.neighbours if None not in spaces[c])
    return _join_cost(d, frozenset(own), full)


_MAPS: dict[int, Any] = {}


def _join_cost(d: Any, own: frozenset[str], full: frozenset[str]) -> int:
    _MAPS.setdefault(id(d), d)  # (kept alive, so its id names this map only)
    return _join_cost_of(id(d), own, full)


@functools.lru_cache(maxsize=8192)
def _join_cost_of(map_id: int, own: frozenset[str], full: frozenset[str]) -> int:
    d = _MAPS[map_id]
    majors = [c.id for c in d.cities if c.connection_points]

    def cost(city: str) -> int | None:
        if city in own:
            return 0
        return None if city in full else 1

    best = 99
    for a in majors:
        start = cost(a)
        if start is None:
            continue
        dist = {a: start}
        frontier = [(start, a)]
        while frontier:
            here, city = heapq.heappop(frontier)
            if here > dist.get(city, 99) or here >= best:
                continue
            for n in d.neighbours[city]:
                step = cost(n)
                if step is None or here + step >= dist.get(n, 99):
                    continue
                dist[n] = here + step
                heapq.heappush(frontier, (here + step, n))
        best = min([best, *(dist[b] for b in majors if b != a and b in dist)])
    return best


def prior_value(state: Any, seat: int, m: Move) -> float:
    """The frozen valuation (``ai.value``), with a build also valued by how much nearer it
    brings a network joining two major cities (connections score up to 36 VP, seed): about
    2 VP a city saved, 4 more when it joins them."""
    v = value(state, seat, m)
    if isinstance(m, Choose):
        return v + _choose_extra(state, seat, m.action)
    if isinstance(m, Build) and state.round < 20:
        own = {x for x, _, _ in state.company(seat).projects}
        before = join_cost(state, own)
        if before and before < 99:
            after = join_cost(state, own | {m.city})
            v += 7.0 * (before - after) + (14.0 if after == 0 else 0.0)
    return v


def _choose_extra(state: Any, seat: int, action: str) -> float:
    """What the frozen row valuation misses: most of its fear of Andrew's gain (he plays the
    chosen row anyway, and a row the company cannot use gains it nothing), projects are worth
    their city VP, connections and transport income on top of the disk and goods they cost,
    Management's goods are worth more while project disks wait for them, and HR a little
    more (tuned on 20 solo games of the prior alone: 86 -> 91 VP)."""
    c = state.company(seat)
    extra = 0.6 * ANDREW_GAIN[action] * VP_VALUE if state.andrew is not None else 0.0
    disks = sum(c.tab_disks(t, state.data) for t in state.data.tab)
    if action == "construction":
        uses = sum(
            c.cells[cell].active + (1 if state.data.department[dept].printed_employee else 0)
            for dept, cell in c.dept_cells().items()
            if dept in ("construction", "engineering", "outsourcing")
        )
        extra += 9.0 * min(uses, disks, c.goods)
    elif action == "management" and disks > c.goods:
        extra += 4.0 * min(disks - c.goods, 3)
    elif action == "hr":
        extra += 4.0  # employees put to work score and staff the departments
    return extra


class CarnegiePrior(CarnegiePolicy):
    """The ``normal`` heuristic: the frozen one with builds valued by ``prior_value``
    (networks towards two major cities), study points never left unspent at ``end`` (seed:
    leftovers are lost), and every research step chosen by ``research_rate`` (VP per study
    point: the end-game VP spaces of the project tabs, up to 42 VP, against transport)."""

    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        move = super().choose(state, seat, rng)
        if isinstance(move, Build | Choose):
            kind = type(move)
            same = [m for m in state.legal_moves(seat) if isinstance(m, kind)]
            move = max(same, key=lambda m: (prior_value(state, seat, m), m.notation))
        research_now = isinstance(move, ResearchTab | ResearchTrack)
        if not research_now and (
            not isinstance(move, EndTurn | Pass) or state.company(seat).study <= 0
        ):
            return move
        research = [
            m for m in state.legal_moves(seat) if isinstance(m, ResearchTab | ResearchTrack)
        ]
        if not research:
            return move
        return max(research, key=lambda m: (research_rate(state, seat, m), m.notation))


DISK_WORTH = 4.0
"""VP a new project disk is worth with 8 or more rounds left to build it (its city's 0-3 VP,
its income and its share of a connection); less after, and 1 VP less per disk already
waiting on the tabs for goods and a Construction turn."""
PATH_SHARE = 0.5
"""Share of a tab's VP spaces still ahead credited to a step towards them, by its cost."""


def research_rate(state: Any, seat: int, m: Move) -> float:
    """VP per study point of a research step (``ResearchTab`` or ``ResearchTrack``).

    A tab step: the VP space it reveals (seed: the VP shown once the tab is slid past the
    project spaces), or a new project disk (``DISK_WORTH``), plus ``PATH_SHARE`` of the VP
    spaces still ahead on that tab in proportion to the step's cost; a transport step: the
    frozen valuation (``ai._track_value``, dollars) in VP. Divided by the study points it
    costs. Tuned on 60 solo games (seeds 1000-1059, loaded machine): the prior alone 85.7 ->
    88.0 VP a game, project tabs 9.5 -> 12.2 VP."""
    c = state.company(seat)
    if isinstance(m, ResearchTab):
        spaces = state.data.tab[m.tab].spaces[c.revealed[m.tab] :]
        nxt = spaces[0]
        ahead_vp = sum(s.vp for s in spaces if not s.project)
        ahead_cost = sum(s.cost for s in spaces)
        if nxt.project:
            left = state.data.rules.rounds - state.round
            waiting = sum(c.tab_disks(t, state.data) for t in state.data.tab)
            gain = max(0.0, DISK_WORTH * min(1.0, left / 8) - waiting)
        else:
            gain = float(nxt.vp)
        gain += PATH_SHARE * ahead_vp * nxt.cost / max(1, ahead_cost)
        return gain / max(1, nxt.cost)
    assert isinstance(m, ResearchTrack)
    cost = track_step_cost(state, seat, m.region) or 1
    return _track_value(state, seat, m.region) / VP_VALUE / max(1, cost)


class CarnegieHooks(SearchHooks[CarnegieState]):
    """Search hooks: Andrew's hidden cards redrawn; a rollout cut ``rounds`` rounds ahead
    (``None``: played to the end) is judged by the fitted projection of final VP
    (``ai_eval``): half the chance that the projected margin over Andrew (solo) or the best
    rival is a win, half a logistic of that margin, as the end of a game is judged."""

    scale = 30.0
    """Wide: a company far behind Andrew (20-40 VP mid-game) still sees its candidates'
    differences (with 8 every move looked equally lost, and the noise chose)."""
    width = 3
    prior_bonus = 0.05
    rounds: int | None = 2
    """Rollouts end when this many more rounds have begun (``None``: at the game's end)."""

    def determinize(self, state: CarnegieState, seat: Seat, rng: Rng) -> CarnegieState:
        copied = clone_state(state)
        reseed(copied, rng)
        a = copied.andrew
        if a is not None and a.deck:
            hidden = a.current if not a.revealed else None
            drawn, a.deck = _redraw(copied, hidden, a.deck, rng)
            if hidden is not None:
                a.current = drawn
        return copied

    def candidates(self, state: CarnegieState, seat: Seat, rng: Rng) -> list[Move]:
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal
        first = self.policy.choose(state, seat, rng)
        ranked = sorted(legal, key=lambda m: -prior_value(state, seat, m))
        out = [first, *(m for m in ranked if m != first)]
        return out[: self.width]

    def cut(self, state: CarnegieState, start: CarnegieState, played: int) -> bool:
        if played >= self.horizon:
            return True
        return self.rounds is not None and state.round >= start.round + self.rounds

    def scores(self, state: CarnegieState) -> dict[Seat, float]:
        """Projected final VP of every company (``ai_eval.project``) and, solo, Andrew's
        (``ANDREW_SEAT``: ``ai_eval.project_andrew``)."""
        out: dict[Seat, float] = {c.seat: project(state, c.seat) for c in state.companies}
        if state.andrew is not None:
            out[ANDREW_SEAT] = project_andrew(state)
        return out

    def value(self, state: CarnegieState, seat: Seat) -> float:
        out = state.outcome()
        if out is not None and state.andrew is not None:
            mine = float(out.scores[seat])
            his = float(out.details[seat].get("andrew_total", 0))
            won = 1.0 if seat in out.winners else 0.0
            return 0.5 * won + 0.5 * lead({seat: mine, ANDREW_SEAT: his}, seat, self.scale)
        if out is not None:
            return super().value(state, seat)
        projected = self.scores(state)
        best = max(v for s, v in projected.items() if s != seat)
        chance = win_chance(projected[seat] - best, rounds_left(state))
        return 0.5 * chance + 0.5 * lead(projected, seat, self.scale)


class RowSearchHooks(CarnegieHooks):
    """``normal``'s and ``hard``'s row hooks (and the base of ``GrowthHooks``): when the
    prior's move is a ``Choose``, all four rows are compared; when it is of one of
    ``kinds``, the prior's move and the best-valued other moves of its class
    (``prior_value``), ``other_width`` in all; by rollouts (the prior on every decision,
    Andrew's hidden cards redrawn) cut ``rounds`` rounds ahead and judged by the projection
    (``None``: played to the end and judged by the final scores). Any other decision is the
    prior's move (one candidate: no rollouts).

    Why the row: it decides what Andrew does this round and which event fires (his donation
    on the player's company, incomes), and whether the company's departments have anything
    to do. Rollouts to the end judged it at ~30-50 ms each; cut at four rounds and judged by
    the projection it is cheaper and measured better (module docstring)."""

    width = 4
    prior_bonus = 0.0
    rounds: int | None = 4
    kinds: tuple[type, ...] = ()
    other_width = 3

    def candidates(self, state: CarnegieState, seat: Seat, rng: Rng) -> list[Move]:
        first = self.policy.choose(state, seat, rng)
        if isinstance(first, Choose):
            width = self.width
        elif isinstance(first, self.kinds):
            width = self.other_width
        else:
            return [first]
        kind = type(first)
        same: list[Move] = sorted(
            (m for m in state.legal_moves(seat) if type(m) is kind and m != first),
            key=lambda m: (-prior_value(state, seat, m), m.notation),
        )
        return [first, *same][:width]


class CarnegieSearch(SearchPolicy[CarnegieState]):
    """A level that gives the row decision (any ``Choose`` legal) ``budget`` and every
    other decision ``other`` (hooks and budget; ``None``: the prior's move)."""

    def __init__(
        self,
        hooks: SearchHooks[CarnegieState],
        budget: Budget,
        other: tuple[SearchHooks[CarnegieState], Budget] | None = None,
    ) -> None:
        super().__init__(hooks, budget)
        self.other = other

    def with_stop(self, stop: Callable[[], bool]) -> CarnegieSearch:
        other = self.other
        if other is not None:
            other = (other[0], replace(other[1], stop=stop))
        return CarnegieSearch(self.hooks, replace(self.budget, stop=stop), other)

    def choose(self, state: CarnegieState, seat: Seat, rng: Rng) -> Move:
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal[0]
        if self.other is not None and not any(isinstance(m, Choose) for m in legal):
            hooks, budget = self.other
            return search(state, seat, rng, hooks, budget).move
        return search(state, seat, rng, self.hooks, self.budget).move


class GrowthHooks(RowSearchHooks):
    """The hooks of ``normal``'s and ``hard``'s other decisions: when the prior's move
    establishes a department, moves an employee, activates one or uses a department, it and
    the two best-valued others of its class are compared by rollouts cut two rounds ahead,
    judged by the projection (``ai_eval``); any other decision is the prior's move."""

    rounds: int | None = 2
    kinds: tuple[type, ...] = (Establish, MoveEmployee, Activate, Use)
    other_width = 3


class WideGrowthHooks(GrowthHooks):
    """``hard``'s other decisions: ``GrowthHooks``' and also builds, research steps,
    donations and returns from missions (the prior's move and the two best-valued others of
    its class). Measured at ``normal``'s budget (rows to the end) it won more games for the
    same margin at twice the CPU; at ``hard``'s it measured best of the variants tried (module
    docstring)."""

    kinds: tuple[type, ...] = (
        *GrowthHooks.kinds,
        Build,
        ResearchTab,
        ResearchTrack,
        Donate,
        Return,
    )


PRIOR = CarnegiePrior()
HOOKS = RowSearchHooks(PRIOR)
GROWTH = GrowthHooks(PRIOR)
EASY = CarnegiePolicy()
NORMAL = CarnegieSearch(HOOKS, Budget(rollouts=8), (GROWTH, Budget(rollouts=4)))
WIDE_GROWTH = WideGrowthHooks(PRIOR)
HARD = CarnegieSearch(HOOKS, Budget(rollouts=16), (WIDE_GROWTH, Budget(rollouts=8)))
LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
