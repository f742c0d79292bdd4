"""Masters of Commerce's AI levels: the frozen heuristic (``easy``: ``ai.MocPolicy()``), and
``normal``/``hard``: the determinised search (``games.core.search``) over a retuned heuristic.

The retuned prior (``PRIOR``): merchants offer 80% of a deed's expected income instead of
70%, outbid a contract while it stays profitable (up to 100% of the income instead of 85%),
may commit all their money plus income to rents, and landlords bid at most 60% of what
the frozen heuristic thinks a deed is worth (deeds bought late rarely repay their yearly
tax). Tuned by 200-game tables of one variant against three ``easy`` seats at 4 players
(``python -m bot.bench_ai --only masters``).

What the search may not see: offers between two other players (only the merchant and the
deed's landlord see one), other landlords' sealed bids, and the coming dice and auction lots
(the state's ``rng``). A determinisation drops the offers it cannot see and replaces each
other sealed bid by the one the heuristic would make from public information.

The search compares moves outside the negotiation (liens, rent, tax sales, the exclusive
token, auction bids): a rollout plays to the end of the year and the evaluation
(``MocHooks.scores``) projects final money: cash, plus each owned deed at its sale price and,
for the years left, the median rent it could bring less its tax. Negotiation moves follow the
prior directly: each is small, there are many, and a year-long rollout per offer would cost
more than the decision-time target allows.
"""

from __future__ import annotations

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import Budget, SearchHooks, SearchPolicy, clone_state, reseed

from .ai import MocPolicy
from .moves import Bid, Pass
from .phases import Phase
from .state import MocState

PRIOR = MocPolicy(margin=0.8, outbid_up_to=1.0, commit_share=1.0, worth_share=0.6)
"""The retuned heuristic (module docstring): the search's prior and rollout player."""


class MocHooks(SearchHooks[MocState]):
    """Search hooks: private offers and sealed bids hidden, year-end money projected."""

    scale = 30_000.0
    width = 5
    prior_bonus = 0.02

    def __init__(self, prior: MocPolicy) -> None:
        super().__init__(prior)
        self.prior = prior

    def determinize(self, state: MocState, seat: Seat, rng: Rng) -> MocState:
        copied = clone_state(state)
        reseed(copied, rng)
        for deed, merchant in list(copied.offers):
            if seat not in (merchant, copied.owner.get(deed)):
                del copied.offers[(deed, merchant)]
        for bidder in list(copied.sealed):
            if bidder != seat:
                worth = self.prior.worth_share * self.prior.deed_worth(copied, bidder)
                amount = _round_down(self.prior.sealed_share * worth)
                copied.sealed[bidder] = amount if amount >= 1_000 else 0
        return copied

    def candidates(self, state: MocState, seat: Seat, rng: Rng) -> list[Move]:
        first = self.prior.choose(state, seat, rng)
        if state.phase is Phase.NEGOTIATION:
            return [first]
        legal = list(state.legal_moves(seat))
        out = [first]
        if state.phase is Phase.AUCTION:
            from .auction import bid_suggestions

            out += [Bid(a) for a in bid_suggestions(state, seat)[:2]]
            out.append(Pass())
        out += [m for m in legal if m not in out]
        return out[: self.width]

    def cut(self, state: MocState, start: MocState, played: int) -> bool:
        return state.year > start.year

    def scores(self, state: MocState) -> dict[Seat, float]:
        c = state.c
        rents = sorted(x.rent for x in state.contracts.values())
        rent = float(rents[len(rents) // 2]) if rents else 0.0
        years_left = c.years - state.year + (1 if state.phase is Phase.NEGOTIATION else 0)
        per_deed = c.sale_price + years_left * max(0.0, 0.5 * rent - c.tax_per_deed)
        return {
            s: state.money[s] + per_deed * len(state.district.get(s, ()))
            for s in range(state.n_seats)
        }


def _round_down(amount: float) -> int:
    return int(amount // 500 * 500)


HOOKS = MocHooks(PRIOR)
EASY = MocPolicy()
NORMAL: SearchPolicy[MocState] = SearchPolicy(HOOKS, Budget(rollouts=8, moves=600))
HARD: SearchPolicy[MocState] = SearchPolicy(HOOKS, Budget(rollouts=48, moves=4000))
LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
