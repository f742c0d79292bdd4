"""Kenchiku's AI levels: the frozen heuristic (``easy``, ``ai.KenchikuAI``) and the
determinised search (``games.core.search``) over it (``normal``, ``hard``).

What the search may not see: other companies' money (behind the screen: the only hidden
information, seed FAQ ついたてで隠すのはお金だけ) and the future dice (the state's ``rng``).
A determinisation gives every other company its next wages plus one of ``MONEY_ABOVE_WAGES``
(clipped at zero): the deciles of money above wages in 30 heuristic games (mean +3.8;
reconstructed from our own playouts, no published figure exists). Money is the whole of
Kenchiku's hidden information, and the search is weaker for not knowing it exactly (a
perfect-memory player could count it from the public moves, which the engine does not keep).

The evaluation (``KenchikuHooks.scores``) projects final scoring (最終得点計算) as if the game
ended now: honour, money at 5 a point (less the repayment while a loan is held), the park's
blocks and the citizen voices; the first-to-trigger bonus once someone has triggered.
Rollouts are short enough to usually reach the end: ``horizon`` moves.
"""

from __future__ import annotations

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import Budget, SearchHooks, SearchPolicy, clone_state, reseed

from .ai import AI, KenchikuAI, safe_rest
from .components import PLANNING
from .moves import Build, Buy, PlacePark, Rest, TakeLoan
from .state import KenchikuState
from .voices import citizen_honour

MONEY_ABOVE_WAGES = (-3, 0, 1, 2, 3, 4, 6, 8, 11, 14)
"""Money above the next wages, one drawn for another company (reconstructed: deciles of
heuristic play, module docstring)."""


class KenchikuHooks(SearchHooks[KenchikuState]):
    """Search hooks: money behind the screen redrawn, final scoring projected."""

    scale = 5.0
    horizon = 24
    width = 6
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
                c.money = max(0, wages + rng.choice(MONEY_ABOVE_WAGES))
        copied._version += 1  # invalidate the legal-move cache (buys depend on money)
        return copied

    def candidates(self, state: KenchikuState, seat: Seat, rng: Rng) -> list[Move]:
        """The heuristic's pick, then the best building for each reward, the best park, the
        rest it would take, a loan and each affordable marker."""
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal
        ai = self.prior
        c = state.companies[seat]
        out: list[Move] = [ai.choose(state, seat, rng)]
        builds = [m for m in legal if isinstance(m, Build)]
        for reward in ("honour", "money"):
            pool = [m for m in builds if m.reward == reward]
            pool.sort(key=lambda m: (-ai._build_score(state, c, m), m.coord))
            out += pool[:2]
        parks = [m for m in legal if isinstance(m, PlacePark)]
        if parks:
            out.append(ai._best_park(state, parks, rng)[0])
        rests = [m for m in legal if isinstance(m, Rest)]
        if rests:
            out.append(safe_rest(state, seat))
        out += [m for m in legal if isinstance(m, TakeLoan | Buy)]
        out += [m for m in legal if m not in out]
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
NORMAL: SearchPolicy[KenchikuState] = SearchPolicy(HOOKS, Budget(rollouts=24))
HARD: SearchPolicy[KenchikuState] = SearchPolicy(KenchikuHooks(AI), Budget(rollouts=160))
LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
