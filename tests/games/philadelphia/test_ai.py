"""Philadelphia's AI levels (issue 21): the rules ``normal``'s prior adds to ``easy``'s
heuristic, and where ``normal`` searches (late in the game, playouts to the end), without
seeing other hands."""

from __future__ import annotations

from games.core import Rng
from games.core.search import clone_state, search
from games.philadelphia.ai import POLICY
from games.philadelphia.ai_search import HARD, NORMAL, PRIOR, representatives
from games.philadelphia.moves import Acquire, Buy, Post, Submit
from tests.games.test_ai_no_peeking import philadelphia_twin

from .scenario import make

HAND = ["detective-a", "cafe-a", "cafe-b", "taxi-a"]
ITEMS = ["fair", "magazine", "chance"]


def test_the_normal_prior_posts_a_professional_easy_keeps() -> None:
    """A professional never scores in a hand, so ``normal`` posts it for its money; ``easy``
    posts only ads worth 7 money or more and acquires cards instead."""
    g = make(hands={0: HAND}, money={0: 7}, items=ITEMS)
    assert PRIOR.choose(g, 0, Rng(1)) == Post("detective-a")
    assert POLICY.choose(g, 0, Rng(1)) == Acquire(3)


def test_the_normal_prior_posts_no_professional_it_cannot_afford() -> None:
    g = make(hands={0: ["astronaut-a", "cafe-a", "cafe-b", "taxi-a"]}, money={0: 3}, items=ITEMS)
    assert g.posting_cost(0, "astronaut-a") > 3
    assert PRIOR.choose(g, 0, Rng(1)) != Post("astronaut-a")


def test_the_normal_prior_buys_overtime_only_with_six_money_to_spare() -> None:
    hand = ["cafe-a", "taxi-a", "farmer-a", "hotel-a"]
    items = ["overtime", "fair", "magazine"]
    g = make(hands={0: hand}, money={0: 10}, items=items)
    assert POLICY.choose(g, 0, Rng(1)) == Buy("overtime")  # 3 to spare is enough for easy
    assert PRIOR.choose(g, 0, Rng(1)) != Buy("overtime")
    g = make(hands={0: hand}, money={0: 13}, items=items)
    assert PRIOR.choose(g, 0, Rng(1)) == Buy("overtime")


def late_position(vp: int) -> object:
    return make(
        hands={0: HAND, 1: ["bus-a", "bus-b", "airline-a", "guard-a"]},
        money={0: 7, 1: 5},
        vp={0: vp, 1: 6},
        items=ITEMS,
    )


def test_normal_searches_only_from_eight_vp() -> None:
    """Before anyone has 8 VP ``normal`` plays its prior's pick without a playout; from 8 VP
    it compares several moves, each by playouts to the game's end."""
    early = late_position(7)
    result = search(early, 0, Rng(3), NORMAL.hooks, NORMAL.budget)
    assert result.rollouts == 0 and result.move == PRIOR.choose(early, 0, Rng(3))
    late = late_position(8)
    result = search(late, 0, Rng(3), NORMAL.hooks, NORMAL.budget)
    assert result.rollouts > 0 and len(result.stats) >= 2
    assert result.simulated <= NORMAL.budget.moves + 200  # the cap ends the search early
    world = NORMAL.hooks.determinize(late, 0, Rng(4))
    assert not NORMAL.hooks.cut(world, world, 500)  # a playout runs to the end


def test_the_late_search_does_not_see_other_hands() -> None:
    state = late_position(8)
    twin = clone_state(state)
    assert philadelphia_twin(twin, 0)
    assert twin.players[1].hand != state.players[1].hand
    assert twin.view(0) == state.view(0)
    a = search(state, 0, Rng(7), NORMAL.hooks, NORMAL.budget)
    b = search(twin, 0, Rng(7), NORMAL.hooks, NORMAL.budget)
    assert a.rollouts > 0
    assert (a.move, a.stats) == (b.move, b.stats)


def test_the_late_search_compares_the_best_move_of_each_kind() -> None:
    """From 8 VP the candidates are the prior's pick and the best move of each other kind by
    the prior's own measures: overtime rather than the first item in the row, as many cards
    as may be acquired rather than one, the card ``best_post`` values most."""
    g = make(
        hands={0: HAND, 1: ["bus-a", "bus-b", "airline-a", "guard-a"]},
        money={0: 9, 1: 5},
        vp={0: 8, 1: 6},
        items=["fair", "magazine", "overtime"],
    )
    reps = representatives(PRIOR, g, 0)
    assert reps[Buy] == Buy("overtime")
    assert reps[Acquire] == Acquire(3)  # 7 cards at most in hand
    assert reps[Post] == Post(PRIOR.best_post(g, 0)[1])  # type: ignore[index]
    assert reps[Submit] == Submit("pair", "cafe")
    cands = NORMAL.hooks.candidates(g, 0, Rng(1))
    assert cands[0] == PRIOR.choose(g, 0, Rng(1))
    assert len(cands) == NORMAL.hooks.width and len(set(cands)) == len(cands)
    assert Acquire(1) not in cands and Buy("fair") not in cands


def test_representatives_leave_out_what_is_not_legal() -> None:
    """Without money for overtime the item worth most is the Buy; no hand, no Submit."""
    g = make(
        hands={0: ["taxi-a", "farmer-a"]},
        money={0: 2},
        vp={0: 8},
        items=["overtime", "fair", "magazine"],
    )
    reps = representatives(PRIOR, g, 0)
    assert reps[Buy] in (Buy("fair"), Buy("magazine"))
    assert Submit not in reps and Acquire in reps and reps[Acquire] == Acquire(2)


def test_hard_searches_from_five_vp_within_its_move_cap() -> None:
    """``hard`` searches earlier than ``normal`` and stops at its simulated-move cap (a count,
    so its longest decision is bounded on any machine)."""
    g = late_position(5)
    assert search(g, 0, Rng(3), NORMAL.hooks, NORMAL.budget).rollouts == 0
    result = search(g, 0, Rng(3), HARD.hooks, HARD.budget)
    assert result.rollouts > 0 and len(result.stats) >= 2
    assert HARD.budget.moves is not None
    assert result.simulated <= HARD.budget.moves + 200  # at most one playout past the cap
