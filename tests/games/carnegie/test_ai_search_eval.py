"""Carnegie's cut-off evaluation (``ai_eval``) and the search hooks that use it (issue 21)."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from games.carnegie import ai_eval
from games.carnegie.ai_search import (
    ANDREW_SEAT,
    PRIOR,
    CarnegieHooks,
    CarnegieSearch,
    RowSearchHooks,
)
from games.carnegie.model import LOBBY
from games.carnegie.moves import Choose, Establish
from games.core import Rng, get_game
from games.core.search import Budget, clone_state, next_mover

SPEC = get_game("carnegie")


def _play(seed: int, until_round: int | None) -> Any:
    """A solo game of the prior from ``seed``, stopped at the start of ``until_round``
    (``None``: played to the end)."""
    state = SPEC.create({}, 1, seed)
    rng = Rng(seed)
    while not state.is_over():
        if until_round is not None and state.round >= until_round:
            break
        if next_mover(state, rng) is None:  # a timed step ran out: nobody could act
            continue
        state.apply(0, PRIOR.choose(state, 0, rng))
    return state


@functools.cache
def _mid_game() -> Any:
    return _play(4, 7)


def _fresh() -> Any:
    return clone_state(_mid_game())


def test_a_finished_game_projects_its_final_scores_exactly() -> None:
    state = _play(2, None)
    out = state.outcome()
    assert out is not None and ai_eval.rounds_left(state) == 0
    assert ai_eval.project(state, 0) == out.scores[0]
    assert ai_eval.project_andrew(state) == out.details[0]["andrew_total"]
    hooks = CarnegieHooks(PRIOR)
    assert hooks.scores(state) == {0: out.scores[0], ANDREW_SEAT: out.details[0]["andrew_total"]}


def _with_rd_free() -> Any:
    """The mid-game state with one of its R&D employees lying in the Lobby instead."""
    state = _fresh()
    c = state.company(0)
    rd = c.cells[c.cell_of("rd")]
    assert rd.active > 0
    rd.active -= 1
    c.lobby += 1
    return state


def test_an_employee_hired_from_the_reserve_and_put_to_work_projects_more_vp() -> None:
    """The engine counts: an employee taken from the reserve into the Lobby, or instead
    standing on the empty R&D workplace, projects more final VP with 14 rounds left, and
    standing more than lying in the Lobby."""
    base = _with_rd_free()
    assert ai_eval.rounds_left(base) == 14
    assert base.company(0).aside > 0
    before = ai_eval.project(base, 0)

    hired = _with_rd_free()
    hired.company(0).aside -= 1
    hired.company(0).lobby += 1
    in_lobby = ai_eval.project(hired, 0)
    assert in_lobby > before

    working = _with_rd_free()
    w = working.company(0)
    w.aside -= 1
    w.cells[w.cell_of("rd")].active += 1
    assert ai_eval.project(working, 0) > in_lobby


def test_a_department_staffed_projects_more_than_one_left_empty() -> None:
    state = _fresh()
    c = state.company(0)
    empty = next(k for k, x in c.cells.items() if x.dept is None and not x.employees)
    kind = next(k for k, n in state.display.items() if n > 0 and k != "new-lobby")
    c.set_dept(empty, kind)
    c.added.append(kind)
    unstaffed = ai_eval.project(state, 0)
    c.lobby -= 1 if c.lobby else 0
    c.cells[empty].active = 1
    assert ai_eval.project(state, 0) > unstaffed


def test_more_vp_now_projects_more_and_the_projection_is_near_the_prior_s_scores() -> None:
    state = _fresh()
    mine, his = ai_eval.project(state, 0), ai_eval.project_andrew(state)
    state.company(0).vp += 5
    assert ai_eval.project(state, 0) == pytest.approx(mine + 5)
    # the prior scores ~85 VP and Andrew ~110 a solo game (docs/rules/carnegie.md)
    assert 50 < mine < 130 and 70 < his < 160


def test_win_chance_turns_a_margin_into_a_probability_that_narrows_as_the_end_nears() -> None:
    assert ai_eval.win_chance(0.0, 10) == pytest.approx(0.5)
    assert ai_eval.win_chance(10.0, 10) > 0.6 > 0.4 > ai_eval.win_chance(-10.0, 10)
    assert ai_eval.win_chance(10.0, 2) > ai_eval.win_chance(10.0, 15)
    assert ai_eval.win_chance(0.0, 0) == 1.0  # a tie wins
    assert ai_eval.win_chance(-1.0, 0) == 0.0


def test_a_cut_rollout_is_judged_by_the_projected_margin_over_andrew() -> None:
    hooks = CarnegieHooks(PRIOR)
    hooks.rounds = 2
    state = _fresh()
    start = clone_state(state)
    assert not hooks.cut(state, start, 0)
    state.round += 2
    assert hooks.cut(state, start, 0)
    state.round -= 2
    v = hooks.value(state, 0)
    assert 0.0 < v < 1.0
    state.company(0).vp += 20
    assert hooks.value(state, 0) > v


def test_searched_kinds_compare_the_prior_s_move_with_others_of_its_class() -> None:
    """``RowSearchHooks.kinds``: a decision whose prior move is of a searched class gets that
    move first and others of its class; any other non-row decision only the prior's move."""
    hooks = RowSearchHooks(PRIOR)
    hooks.kinds, hooks.other_width = (Establish,), 3
    state = SPEC.create({}, 1, 3)
    seen = set()
    rng = Rng(3)
    while not state.is_over() and len(seen) < 3:
        if next_mover(state, rng) is None:  # a timed step ran out: nobody could act
            continue
        first = PRIOR.choose(state, 0, Rng(1))
        cands = hooks.candidates(state, 0, Rng(1))
        assert cands[0] == first
        if isinstance(first, Choose):
            seen.add("row")
        elif isinstance(first, Establish):
            others = [m for m in state.legal_moves(0) if isinstance(m, Establish)]
            assert len(cands) == min(3, len(others)) and all(m in others for m in cands)
            seen.add("establish")
        else:
            assert cands == [first]
            seen.add("other")
        state.apply(0, PRIOR.choose(state, 0, rng))
    assert seen == {"row", "establish", "other"}


def test_a_level_with_a_stop_keeps_its_searches_and_stops_both() -> None:
    hooks = RowSearchHooks(PRIOR)
    level = CarnegieSearch(hooks, Budget(rollouts=4), (hooks, Budget(rollouts=2)))
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return True

    stopped = level.with_stop(stop)
    assert isinstance(stopped, CarnegieSearch) and stopped.other is not None
    assert stopped.budget.stop is stop and stopped.other[1].stop is stop
    state = _fresh()
    while next_mover(state, Rng(1)) is None:
        pass
    assert stopped.choose(state, 0, Rng(1)) in state.legal_moves(0)


def test_the_lobby_cell_is_not_a_department_to_the_features() -> None:
    state = _fresh()
    c = state.company(0)
    lobby = c.cells[c.cell_of(LOBBY)]
    x = ai_eval.features(state, 0)
    lobby.inactive += 1  # an employee lying in the Lobby's cell counts as idle, not staffed
    y = ai_eval.features(state, 0)
    assert y["idle"] == x["idle"] + 1
    assert all(y[k] == x[k] for k in ("hr", "management", "construction", "rd", "unstaffed"))


def test_normal_searches_the_row_and_the_growth_decisions_and_nothing_else() -> None:
    """``normal``: a row decision goes to the row hooks (rollouts cut 4 rounds ahead); a
    decision whose prior move establishes, moves, activates or uses goes to ``GrowthHooks``
    (cut 2 rounds ahead, 3 candidates); the rest is the prior's move. ``hard`` gives twice
    the rollouts and searches more kinds of decision."""
    from games.carnegie.ai_search import GROWTH, HARD, HOOKS, NORMAL
    from games.carnegie.moves import Activate, MoveEmployee, Use

    assert NORMAL.hooks is HOOKS and HOOKS.rounds == 4 and NORMAL.budget.rollouts == 8
    assert NORMAL.other == (GROWTH, Budget(rollouts=4))
    assert GROWTH.rounds == 2 and GROWTH.other_width == 3
    assert set(GROWTH.kinds) == {Establish, MoveEmployee, Activate, Use}
    assert HARD.hooks is HOOKS and HARD.budget.rollouts == 16 and HARD.other is not None
    wide, budget = HARD.other
    assert budget.rollouts == 8 and set(GROWTH.kinds) < set(wide.kinds)
    state = _fresh()
    kinds = set()
    rng = Rng(9)
    while not state.is_over() and state.round < 10:
        if next_mover(state, rng) is None:  # a timed step ran out: nobody could act
            continue
        first = PRIOR.choose(state, 0, Rng(1))
        cands = GROWTH.candidates(state, 0, Rng(1))
        if isinstance(first, GROWTH.kinds):
            kinds.add(type(first))
            assert all(type(m) is type(first) for m in cands) and 1 <= len(cands) <= 3
        elif not isinstance(first, Choose):
            assert cands == [first]
        state.apply(0, NORMAL.choose(state, 0, rng))
    assert kinds >= {MoveEmployee, Use}


def test_a_copied_state_shares_the_loaded_data_and_plays_on_identically() -> None:
    """A search copy (``clone_state``, and the bot's pickled blob) keeps the game data and
    Andrew's cards by reference, so it is small; the copy plays exactly as the original."""
    import dataclasses
    import pickle

    from games.core.search import state_bytes

    state = _fresh()
    blob = state_bytes(state)
    assert len(blob) < len(pickle.dumps(state.data))  # the data alone is ~37 kB
    copy = pickle.loads(blob)
    assert copy.data is state.data
    assert all(copy.card_index[k] is v for k, v in state.card_index.items())
    for world in (state, copy):
        rng = Rng(5)
        while world.round < 9:
            seat = next_mover(world, rng)
            if seat is not None:
                world.apply(seat, PRIOR.choose(world, seat, rng))
    assert copy.view(0) == state.view(0)
    # data that is not the loaded data (a test's variant) is copied in full
    other = _fresh()
    other.data = dataclasses.replace(other.data)
    again = clone_state(other)
    assert again.data is not other.data and again.data == other.data
