"""Philadelphia's AI levels through the generic search (``games.core.search``): ``easy`` is
the game's heuristic (``ai.POLICY``, frozen); ``normal`` and ``hard`` search over a better
prior (``PRIOR``: ``easy`` that posts its professionals and keeps money for cards rather than
overtime) late in the game.

Hidden from a seat: the other hands, their cards picked for a simultaneous give (a frame's
``picks``) and the order of the ad and item decks (plus the state's ``rng``). A
determinisation pools the cards it cannot see (the ad deck and the other hands), shuffles
them, deals every other hand back at its size, forgets the other seats' secret picks (they
choose again in the rollout) and shuffles the item deck. Cards a seat has seen pass from hand
to hand are not remembered: the search knows less than an attentive player, never more.

Where it searches (``LateHooks``): only once some player has 8 VP (``hard``: 5), in the action
phase; playouts run to the game's end and count the win (half) and the VP lead (half, on a
2 VP logistic scale). Earlier the prior plays alone: a playout from the opening is ~100 moves
of mostly luck, and measured (session 26) 6-8 such playouts cut at 30-40 moves and judged by
VP + money/5 + half the hand's VP (``PhilaHooks.scores``, still the evaluation of a cut
playout) did not beat their prior. Candidates: the prior's pick, then the best move of each
other kind by the prior's own measures (``representatives``: the best hand to submit, overtime
or else the best item, the ad ``best_post`` values most, the largest acquire, explore, the
nurse), ``width`` (4) in all (until session 28: the first legal move of each kind, such as
``acquire 1``). Budgets (session 28, docs/rules/philadelphia.md "AI levels"): ``normal`` 40
playouts, at most 1,300 simulated moves (69.0% of 200 against ``easy``; 24 playouts: 64.75%);
``hard`` 64 and 1,800 (~0.3 ms of CPU per simulated move: its slowest decisions ~0.7 s).
"""

from __future__ import annotations

from games.core import Move, Rng, Seat
from games.core.ai import Policy
from games.core.search import Budget, SearchHooks, SearchPolicy, clone_state, reseed

from .ai import POLICY, HeuristicPolicy, Style
from .combos import best_partition
from .moves import Acquire, Buy, Explore, Nurse, Post, Submit
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

    def scores(self, state: PhilaState) -> dict[Seat, float]:
        data = state.data
        return {
            i: p.vp + 0.2 * p.money + HAND_WEIGHT * best_partition(data, p.hand)[0]
            for i, p in enumerate(state.players)
        }


def representatives(policy: Policy, state: PhilaState, seat: Seat) -> dict[type, Move]:
    """``seat``'s best legal action of each kind by the prior's own measures (an empty dict
    while an effect waits): ``Submit`` the first hand of the best partition
    (``combos.best_partition``); ``Buy`` an affordable overtime, else the item worth most
    (``HeuristicPolicy._best_item`` with no floor); ``Post`` the card ``best_post`` values
    most; ``Acquire`` as many cards as it may; ``Explore``; ``Nurse``. A kind with no legal
    move is left out."""
    if state.stack:
        return {}
    heuristic = policy if isinstance(policy, HeuristicPolicy) else HeuristicPolicy()
    legal = set(state.legal_moves(seat))
    out: dict[type, Move] = {}
    _vp, best = best_partition(state.data, state.players[seat].hand)
    if best:
        out[Submit] = Submit(best[0].kind, best[0].label)
    item = heuristic._overtime(state, seat) or heuristic._best_item(state, seat, floor=-1e9)
    if item is not None:
        out[Buy] = Buy(item)
    post = heuristic.best_post(state, seat)
    if post is not None:
        out[Post] = Post(post[1])
    acquires = [m for m in legal if isinstance(m, Acquire)]
    if acquires:
        out[Acquire] = max(acquires, key=lambda m: m.count)
    out[Explore] = Explore()
    out[Nurse] = Nurse()
    return {k: m for k, m in out.items() if m in legal}


NORMAL_STYLE = Style("normal", overtime_spare=6, post_professionals=True)
"""The prior of ``normal`` and ``hard``: ``easy``'s heuristic that posts every professional
it can afford (a professional never scores in a hand, so the ad's money is free: the
heuristic's posting threshold of 7 money kept them in hand) and buys overtime without two
ads posted only with 6 money to spare (7 money buys 7 cards; 1 VP is dearer)."""

PRIOR = HeuristicPolicy(NORMAL_STYLE)


class LateHooks(PhilaHooks):
    """Search only late in the game, to its end: once some player has ``late`` VP, an action
    (no effect pending) compares the prior's pick with other kinds of move, each judged by
    playouts to the game's end (the win counts half, the VP lead half). Earlier the prior
    plays alone: there a playout is long and its result mostly luck, while near the end it
    is short and decides the game."""

    late = 8
    horizon = 10_000
    scale = 2.0
    prior_bonus = 0.03

    kinds: tuple[type, ...] = (Submit, Buy, Post, Acquire, Explore, Nurse)
    """The order in which the other kinds of move join the prior's pick (``width`` in all)."""

    def candidates(self, state: PhilaState, seat: Seat, rng: Rng) -> list[Move]:
        """The prior's pick, then the best move of each other kind (``representatives``) in
        the order of ``kinds``, ``width`` in all; only the pick before ``late`` VP or while
        an effect waits."""
        first = self.policy.choose(state, seat, rng)
        if state.stack or max(p.vp for p in state.players) < self.late:
            return [first]
        reps = representatives(self.policy, state, seat)
        others = [reps[k] for k in self.kinds if k in reps and type(first) is not k]
        return [first, *others][: self.width]


class EarlierHooks(LateHooks):
    """``hard``'s hooks: the search starts at 5 VP (with ``hard``'s bigger budget)."""

    late = 5


NORMAL: SearchPolicy[PhilaState] = SearchPolicy(LateHooks(PRIOR), Budget(rollouts=40, moves=1300))
HARD: SearchPolicy[PhilaState] = SearchPolicy(EarlierHooks(PRIOR), Budget(rollouts=64, moves=1800))
LEVELS: dict[str, Policy] = {"easy": POLICY, "normal": NORMAL, "hard": HARD}
