"""Kenchiku's AI levels: the frozen heuristic (``easy``, ``ai.KenchikuAI``) and the
determinised search (``games.core.search``) over it (``normal``, ``hard``).

What the search may not see: other companies' money (behind the screen: the only hidden
information, seed FAQ ついたてで隠すのはお金だけ) and the future dice (the state's ``rng``).
A determinisation gives every other company its next wages plus one of ``MONEY_ABOVE_WAGES``:
money above wages in 30 heuristic games had mean +3.8 and deciles -3..+11 (reconstructed
from our own playouts, no published figure exists). Money is the whole of
Kenchiku's hidden information, and the search is weaker for not knowing it exactly (a
perfect-memory player could count it from the public moves, which the engine does not keep).

The evaluation (``KenchikuHooks.scores``) projects final scoring (最終得点計算) as if the game
ended now: honour, money at 5 a point (less the repayment while a loan is held), the park's
blocks and the citizen voices; the first-to-trigger bonus once someone has triggered.
Rollouts play to the end of the game (a few hundred moves at most), so the projection
only judges positions in ``hard``'s deeper budgets when a caller cuts them short.
"""

from __future__ import annotations

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import Budget, SearchHooks, SearchPolicy, clone_state, reseed

from .ai import AI, KenchikuAI
from .components import PLANNING
from .moves import Build, PlacePark, Rest
from .state import KenchikuState
from .voices import citizen_honour

MONEY_ABOVE_WAGES = (2, 3, 4, 6, 8, 11)
"""Money above the next wages, one drawn for another company (reconstructed: the upper
deciles of heuristic play, module docstring). The lower deciles (-3..+1) are left out on
purpose: drawn for a rival, they bankrupt it in the rollouts, and a search that counts on a
rival's bankruptcy its real money may not bring loses (measured: 30% against 56% of 100
games against ``easy``)."""


class KenchikuHooks(SearchHooks[KenchikuState]):
    """Search hooks: money behind the screen redrawn, final scoring projected."""

    scale = 5.0
    width = 4
    prior_bonus = 0.05

    def __init__(self, prior: KenchikuAI) -> None:
        super().__init__(prior)
        self.prior = prior

    def determinize(self, state: KenchikuState, seat: Seat, rng: Rng) -> KenchikuState:
        copied = clone_state(state)
        reseed(copied, rng)
        for c in copied.companies:
            if c.seat != seat and not c.bankrupt:
                wages = c.markers[0] + c.markers[3]  # structure + workers (給料)
                c.money = wages + rng.choice(MONEY_ABOVE_WAGES)
        copied._version += 1  # invalidate the legal-move cache (buys depend on money)
        return copied

    def candidates(self, state: KenchikuState, seat: Seat, rng: Rng) -> list[Move]:
        """The heuristic's pick, then other moves of the same kind: builds with the same
        reward on other plots, other parks, other rests. The kind of move stays the
        heuristic's (tuned head to head) because whether to take money or honour, buy or
        rest turns on the rivals' money, which the search can only guess; where to build
        and what to return does not."""
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal
        ai = self.prior
        c = state.companies[seat]
        first = ai.choose(state, seat, rng)
        out: list[Move] = [first]
        if isinstance(first, Build):
            pool = [m for m in legal if isinstance(m, Build) and m.reward == first.reward]
            pool.sort(key=lambda m: (-ai._build_score(state, c, m), m.coord))
            out += pool
        elif isinstance(first, PlacePark):
            parks = [m for m in legal if isinstance(m, PlacePark)]
            parks.sort(key=lambda m: (-ai._park_value(state, m.coord), m.coord))
            out += parks
        elif isinstance(first, Rest):
            out += [m for m in legal if isinstance(m, Rest)]
        return _first(out, self.width)

    def scores(self, state: KenchikuState) -> dict[Seat, float]:
        rules = state.rules
        active = [c.seat for c in state.companies if not c.bankrupt]
        out: dict[Seat, float] = {}
        for c in state.companies:
            if c.bankrupt:
                out[c.seat] = c.honour - 20.0
                continue
            money = c.money - (rules.loan_repayment if c.has_loan else 0)
            score = c.honour + money / rules.money_per_honour
            if c.seat == state.end_triggered_by:
                score += rules.first_bonus
            score += sum(
                state.board.park_bonus(i)
                for i, o in enumerate(state.board.park_owners)
                if o == c.seat
            )
            if c.park_available:
                score += 2.0  # a park still to place scores later
            score += 0.3 * min(c.markers[PLANNING], 6)  # capacity to earn honour later
            for card in state.citizen:
                score += citizen_honour(card, state.board, c.seat, active)
            out[c.seat] = score
        return out


def _first(moves: list[Move], width: int) -> list[Move]:
    seen: list[Move] = []
    for m in moves:
        if m not in seen:
            seen.append(m)
        if len(seen) == width:
            break
    return seen


HOOKS = KenchikuHooks(AI)
EASY = AI
NORMAL: SearchPolicy[KenchikuState] = SearchPolicy(HOOKS, Budget(rollouts=12, moves=1200))
HARD: SearchPolicy[KenchikuState] = SearchPolicy(HOOKS, Budget(rollouts=48, moves=6000))
LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
