"""The Carnegie AI policy finishes games and beats uniform random play (issue #10: >= 80% of
2-player games)."""

from __future__ import annotations

import pytest

from games.carnegie import POLICY, SPEC
from games.core.ai import RandomPolicy, play_out


def test_ai_beats_random_in_two_player_games() -> None:
    games, wins = 20, 0
    for seed in range(games):
        ai = seed % 2  # alternate seats

        def policy(s: int, ai: int = ai) -> object:
            return POLICY if s == ai else RandomPolicy()

        state, _ = play_out(SPEC, 2, seed, policies=policy)  # type: ignore[arg-type]
        out = state.outcome()
        assert out is not None
        wins += out.winners == {ai}
    assert wins >= 0.8 * games


@pytest.mark.parametrize("n, departments", [(1, "base"), (3, "expansion"), (4, "mixed")])
def test_ai_finishes_games(n: int, departments: str) -> None:
    state, record = play_out(SPEC, n, 11, options={"departments": departments})
    out = state.outcome()
    assert out is not None and len(record.moves) < 2000
    assert all(score > 0 for score in out.scores.values())


def test_normal_prior_counts_the_cities_left_to_join_two_major_cities() -> None:
    """``join_cost``: Chicago and New York are joined through Pittsburgh (their common
    neighbour): 3 cities to build in from nothing, 1 with both majors built, 0 with the three;
    a build in Pittsburgh is then worth more to the prior than the frozen valuation says."""
    from games.carnegie.ai import value
    from games.carnegie.ai_search import join_cost, prior_value
    from games.carnegie.moves import Build

    state = SPEC.create({}, 1, 1)
    assert join_cost(state, set()) == 3
    assert join_cost(state, {"chicago", "new-york"}) == 1
    assert join_cost(state, {"chicago", "new-york", "pittsburgh"}) == 0
    state.company(0).projects[:] = [("chicago", 0, "rail"), ("new-york", 0, "rail")]
    move = Build("rail", "pittsburgh", None, "construction")
    assert prior_value(state, 0, move) == value(state, 0, move) + 7.0 + 14.0


def test_research_rate_weighs_a_tab_vp_space_against_a_new_disk_by_the_rounds_left() -> None:
    """``research_rate`` (VP per study point): with all four housing project spaces out, the
    next housing step shows 2 VP; the next commerce step shows a project disk. Early the disk
    (a city's VP, income, a connection to come) is worth more per point; in round 19 there
    is no time to build it and the VP space wins."""
    from games.carnegie.ai_search import research_rate
    from games.carnegie.moves import ResearchTab

    state = SPEC.create({}, 1, 1)
    c = state.company(0)
    c.revealed["housing"] = 4
    c.built["housing"] = 4  # no disk waits for goods
    vp_space, disk = ResearchTab("housing"), ResearchTab("commerce")
    assert state.data.tab["housing"].spaces[4].vp == 2
    assert state.data.tab["commerce"].spaces[c.revealed["commerce"]].project
    state.round = 2
    assert research_rate(state, 0, disk) > research_rate(state, 0, vp_space)
    state.round = 19
    assert research_rate(state, 0, vp_space) > research_rate(state, 0, disk)


def test_the_row_hooks_compare_the_four_rows_and_only_the_prior_s_move_elsewhere() -> None:
    """``RowSearchHooks`` (``normal``'s row decision): when the prior would choose a row, the
    four rows are compared (the prior's first); at any other decision the prior's move is the
    only candidate (``normal``'s other decisions go to ``GrowthHooks``)."""
    from games.carnegie.ai_search import HOOKS, PRIOR
    from games.carnegie.moves import Choose
    from games.core import SYSTEM, Rng

    state = SPEC.create({}, 1, 3)
    seen_row = seen_other = False
    while not state.is_over() and not (seen_row and seen_other):
        if not state.legal_moves(0):
            deadline = state.deadline()
            assert deadline is not None
            state.apply(SYSTEM, deadline.move)
            continue
        cands = HOOKS.candidates(state, 0, Rng(1))
        first = PRIOR.choose(state, 0, Rng(1))
        assert cands[0] == first
        if isinstance(first, Choose):
            assert sorted(m.notation for m in cands) == sorted(
                m.notation for m in state.legal_moves(0) if isinstance(m, Choose)
            )
            assert len(cands) == 4
            seen_row = True
        else:
            assert cands == [first]
            seen_other = True
        state.apply(0, first)
    assert seen_row and seen_other


def test_measure_solo_accounts_for_every_vp_and_row() -> None:
    """``measure_solo`` (the solo diagnosis tool): each side's categories add up to its
    total and to the game's outcome, every round is sampled, and the 20 rows are split 10/10
    between the player and Andrew (the locomotive alternates, seed ソロルール)."""
    from tests.games.carnegie.measure_solo import play_instrumented

    g = play_instrumented("easy", 3)
    for side in ("player", "andrew"):
        parts = {k: v for k, v in g[side].items() if k != "total"}
        assert sum(parts.values()) == g[side]["total"] > 0
    assert g["win"] == (g["player"]["total"] >= g["andrew"]["total"])
    assert sorted(g["by_round"]) == list(range(1, 22))
    assert [r for r, _, _ in g["rows"]] == list(range(1, 21))
    who = [w for _, w, _ in g["rows"]]
    assert who.count("player") == who.count("andrew") == 10
