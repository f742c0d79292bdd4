"""Philadelphia's AI levels through the generic search (``games.core.search``): ``easy`` is
the game's heuristic (``ai.POLICY``), ``normal``/``hard`` search over it.

Only generic hooks live here, because Philadelphia's card list and heuristic are being
rebuilt: what the search may not see, and a score projection. Hidden from a seat: the other
hands, their cards picked for a simultaneous give (a frame's ``picks``) and the order of the
ad and item decks (plus the state's ``rng``). A determinisation pools the cards it cannot see
(the ad deck and the other hands), shuffles them, deals every other hand back at its size,
forgets the other seats' secret picks (they choose again in the rollout) and shuffles the
item deck. Cards a seat has seen pass from hand to hand are not remembered: the search knows
less than an attentive player, never more.

The evaluation is VP plus a fifth of a VP per dollar (the heuristic's own exchange rate is
close to that) plus half the VP the hand would score if submitted now, against the best other
player. Candidates: the heuristic's pick, one move of every other kind, then the pick's kind.
"""

from __future__ import annotations

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import Budget, SearchHooks, SearchPolicy, clone_state, reseed

from .ai import POLICY
from .combos import best_partition
from .state import PhilaState

HAND_WEIGHT = 0.5
"""VP a hand's cards count for, per VP they would score if submitted now (the best disjoint
hands, ``combos.best_partition``): a hand being built is worth something, less than banked VP."""


class PhilaHooks(SearchHooks[PhilaState]):
    """Search hooks: hidden hands and picks redrawn, VP projected."""

    scale = 3.0
    width = 4
    prior_bonus = 0.06
    horizon = 40

    def determinize(self, state: PhilaState, seat: Seat, rng: Rng) -> PhilaState:
        copied = clone_state(state)
        reseed(copied, rng)
        others = [p for i, p in enumerate(copied.players) if i != seat]
        # sorted first, so the deal depends on which cards are unseen, not where they are
        unseen = sorted([*copied.deck, *(c for p in others for c in p.hand)])
        rng.shuffle(unseen)
        for p in others:
            size = len(p.hand)
            p.hand = unseen[:size]
            unseen = unseen[size:]
        copied.deck = unseen
        for frame in copied.stack:
            picks = getattr(frame, "picks", None)
            if isinstance(picks, dict):
                for s in [s for s in picks if s != seat]:
                    del picks[s]
        copied.item_deck.sort()
        rng.shuffle(copied.item_deck)
        return copied

    def candidates(self, state: PhilaState, seat: Seat, rng: Rng) -> list[Move]:
        """The heuristic's pick, then one move of every other kind it did not pick (the first
        item to buy, ad to post, hand to submit, the nurse …: the kinds the heuristic plays
        least are the ones worth a second look), then more of the pick's kind."""
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal
        first = self.policy.choose(state, seat, rng)
        kinds: dict[type, Move] = {}
        for m in legal:
            if type(m) is not type(first):
                kinds.setdefault(type(m), m)
        same = [m for m in legal if type(m) is type(first) and m != first]
        return [first, *kinds.values(), *same][: self.width]

    def scores(self, state: PhilaState) -> dict[Seat, float]:
        data = state.data
        return {
            i: p.vp + 0.2 * p.money + HAND_WEIGHT * best_partition(data, p.hand)[0]
            for i, p in enumerate(state.players)
        }


class CarefulHooks(PhilaHooks):
    """``normal``'s hooks: the search overrules the heuristic only on a large margin, and its
    rollouts stop after 30 moves. Measured (30-40 2-player games, loaded machine): the search
    with a 0.02-0.06 margin won 27-50% against hands-only (the heuristic alone 56% of 100) and
    37% of 30 against the heuristic: 8 rollouts of 40 moves are too noisy to improve on it.
    With the 0.15 margin, 8 rollouts of 40 moves won 53.2% of 200 against hands-only (95% CI
    46-60; the heuristic alone 56% of 600) at 53.6 ms CPU a decision (load 18), over the
    time target: so ``normal`` now plays 6 rollouts of 30 moves (about 60% of the moves)."""

    prior_bonus = 0.15
    horizon = 30


HOOKS = PhilaHooks(POLICY)
NORMAL: SearchPolicy[PhilaState] = SearchPolicy(CarefulHooks(POLICY), Budget(rollouts=6, moves=240))
HARD: SearchPolicy[PhilaState] = SearchPolicy(HOOKS, Budget(rollouts=48, moves=3000))
LEVELS: dict[str, Policy] = {"easy": POLICY, "normal": NORMAL, "hard": HARD}
