"""Carnegie's AI levels: the frozen heuristic (``easy``: ``ai.CarnegiePolicy``) and
``normal``/``hard``: the determinised search (``games.core.search``) over it.

What the search may not see: the order of Andrew's deck and, until he plays it, the face of
his current card (its back, the row he favours, is public: seed アンドリューのターン), plus
the shuffles to come (the state's ``rng``). A determinisation shuffles his draw pile and,
while his card is face down, swaps it for a card with the same back drawn from the cards it
could be. Companies have no secrets (every company board is public).

Candidates are the heuristic's best-valued moves (its own ``value``), so the search compares
what the heuristic nearly chose. The evaluation (``CarnegieHooks.scores``) is the final
scoring applied now (``scoring.score_company``) plus a quarter of a VP per dollar and half
per good still to spend, against the other companies or Andrew's running total.
"""

from __future__ import annotations

from typing import Any

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import Budget, SearchHooks, SearchPolicy, clone_state, lead, reseed

from .ai import CarnegiePolicy, value
from .moves import EndTurn, Pass, ResearchTab, ResearchTrack
from .scoring import score_company
from .state import CarnegieState

ANDREW_SEAT = -1
"""The key of Andrew's score among the projected scores of a solo game."""


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


class CarnegiePrior(CarnegiePolicy):
    """The ``normal`` heuristic: the frozen one, except that study points are never left
    unspent at ``end`` (seed: leftovers are lost), going to the research that the frozen
    valuation likes best even when it thinks it worth little: end-game VP spaces of the
    project tabs first (up to 42 VP), then transport steps."""

    def choose(self, state: Any, seat: int, rng: Rng) -> Move:
        move = super().choose(state, seat, rng)
        if not isinstance(move, EndTurn | Pass) or state.company(seat).study <= 0:
            return move
        research = [
            m for m in state.legal_moves(seat) if isinstance(m, ResearchTab | ResearchTrack)
        ]
        if not research:
            return move
        return max(research, key=lambda m: (_research_worth(state, seat, m), m.notation))


def _research_worth(state: Any, seat: int, m: Move) -> float:
    """End-game VP a research step brings (a tab's VP space), else the frozen valuation."""
    if isinstance(m, ResearchTab):
        c = state.company(seat)
        spaces = state.data.tab[m.tab].spaces
        nxt = spaces[c.revealed[m.tab]]
        if nxt.vp:
            return 10.0 + nxt.vp
    return value(state, seat, m)


class CarnegieHooks(SearchHooks[CarnegieState]):
    """Search hooks: Andrew's hidden cards redrawn; VP projected against the best rival."""

    scale = 8.0
    width = 5
    prior_bonus = 0.02
    rounds = 2
    """Rollouts end when this many more rounds have begun."""

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
        ranked = sorted(legal, key=lambda m: -value(state, seat, m))
        out = [first, *(m for m in ranked if m != first)]
        return out[: self.width]

    def cut(self, state: CarnegieState, start: CarnegieState, played: int) -> bool:
        return state.round >= start.round + self.rounds or played >= self.horizon

    def scores(self, state: CarnegieState) -> dict[Seat, float]:
        out: dict[Seat, float] = {}
        for c in state.companies:
            total = score_company(state, c.seat)["total"]
            out[c.seat] = total + 0.25 * c.money + 0.5 * c.goods
        if state.andrew is not None:
            from .solo.andrew import score as andrew_score

            out[ANDREW_SEAT] = float(andrew_score(state)["andrew_total"])
        return out

    def value(self, state: CarnegieState, seat: Seat) -> float:
        out = state.outcome()
        if out is not None and state.andrew is not None:
            mine = float(out.scores[seat])
            his = float(out.details[seat].get("andrew_total", 0))
            won = 1.0 if seat in out.winners else 0.0
            return 0.5 * won + 0.5 * lead({seat: mine, ANDREW_SEAT: his}, seat, self.scale)
        return super().value(state, seat)


PRIOR = CarnegiePrior()
HOOKS = CarnegieHooks(PRIOR)
EASY = CarnegiePolicy()
NORMAL: SearchPolicy[CarnegieState] = SearchPolicy(HOOKS, Budget(rollouts=8, moves=500))
HARD: SearchPolicy[CarnegieState] = SearchPolicy(HOOKS, Budget(rollouts=32, moves=3000))
LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
