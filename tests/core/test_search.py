"""The determinised search of ``games.core.search`` (issue 21) on a small hidden-information
race: what it decides, that it is deterministic, that it stops when told, and that it
never reads what the acting seat may not see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core import GameState, Move, Outcome, Rng, Seat
from games.core.search import (
    Budget,
    LegalMemo,
    SearchHooks,
    SearchPolicy,
    clone_state,
    lead,
    reseed,
    search,
)

TARGET = 10


@dataclass(frozen=True)
class Step(Move):
    n: int

    @property
    def notation(self) -> str:
        return f"step {self.n}"


@dataclass(frozen=True)
class RaceView:
    viewer: int | None
    totals: tuple[int, ...]
    boost: bool | None  # the viewer's own secret card


class Race(GameState[RaceView]):
    """Two seats race to ``TARGET``: each turn a seat steps 1 or 2, or 3 while it holds the
    secret boost card; the other seat's card is hidden. A die roll (``rng``) may add one."""

    def __init__(self, boosts: Sequence[bool], seed: int = 0) -> None:
        self.n_seats = 2
        self.totals = [0, 0]
        self.boost = list(boosts)
        self.turn = 0
        self.rng = Rng(seed)

    def to_act(self) -> frozenset[Seat]:
        return frozenset() if self.outcome() else frozenset({self.turn})

    def legal_moves(self, seat: Seat) -> Sequence[Move]:
        if seat not in self.to_act():
            return []
        return [Step(1), Step(2), *([Step(3)] if self.boost[seat] else [])]

    def _apply(self, seat: Seat, move: Move) -> list[str]:
        assert isinstance(move, Step)
        self.totals[seat] += move.n + (1 if self.rng.randrange(6) == 0 else 0)
        self.turn = 1 - self.turn
        return []

    def view(self, seat: Seat | None) -> RaceView:
        return RaceView(seat, tuple(self.totals), None if seat is None else self.boost[seat])

    def secrets(self, seat: Seat) -> dict[tuple[Any, ...], Any]:
        return {("boost",): self.boost[seat]}

    def outcome(self) -> Outcome | None:
        done = [s for s in (0, 1) if self.totals[s] >= TARGET]
        if not done:
            return None
        winner = done[0]
        return Outcome(
            scores={0: self.totals[0], 1: self.totals[1]},
            ranks={winner: 1, 1 - winner: 2},
            winners=frozenset({winner}),
            reason="target reached",
        )


class Timid:
    """A poor heuristic: always the smallest step."""

    def choose(self, state: Race, seat: Seat, rng: Rng) -> Move:
        return state.legal_moves(seat)[0]


class RaceHooks(SearchHooks[Race]):
    scale = 3.0

    def determinize(self, state: Race, seat: Seat, rng: Rng) -> Race:
        copied = clone_state(state)
        reseed(copied, rng)
        for s in range(copied.n_seats):
            if s != seat:
                copied.boost[s] = rng.randrange(2) == 0
        return copied


HOOKS = RaceHooks(Timid())


def test_search_overrules_a_poor_heuristic() -> None:
    """Rollouts of the timid heuristic still show that the bigger step wins races."""
    state = Race([True, False])
    result = search(state, 0, Rng(1), HOOKS, Budget(rollouts=40))
    assert result.move == Step(3), result.stats
    assert result.rollouts == 40
    assert set(result.stats) == {"step 1", "step 2", "step 3"}


def test_search_is_deterministic_given_its_rng() -> None:
    state = Race([False, True])
    a = search(state, 0, Rng(7), HOOKS, Budget(rollouts=24))
    b = search(state, 0, Rng(7), HOOKS, Budget(rollouts=24))
    assert (a.move, a.stats) == (b.move, b.stats)


def test_search_leaves_the_state_untouched() -> None:
    state = Race([True, True], seed=5)
    before = (list(state.totals), list(state.boost), state.rng.state, state.turn)
    search(state, 0, Rng(3), HOOKS, Budget(rollouts=12))
    assert (state.totals, state.boost, state.rng.state, state.turn) == before


def test_the_opponents_secret_and_the_dice_do_not_change_the_decision() -> None:
    """No peeking: states that differ only in the other seat's hidden card and in the
    future dice give the same decision and the same statistics."""
    for seed in range(6):
        mine = seed % 2 == 0
        a = Race([mine, True], seed=11)
        b = Race([mine, False], seed=99)
        a.totals = b.totals = [seed, 7 - seed]
        ra = search(a, 0, Rng(seed), HOOKS, Budget(rollouts=16))
        rb = search(b, 0, Rng(seed), HOOKS, Budget(rollouts=16))
        assert (ra.move, ra.stats) == (rb.move, rb.stats)


def test_a_stop_callable_ends_the_search_early() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 5

    result = search(Race([True, False]), 0, Rng(2), HOOKS, Budget(rollouts=1000, stop=stop))
    assert result.rollouts == 5
    assert result.move in Race([True, False]).legal_moves(0)


def test_a_move_budget_caps_the_simulated_moves() -> None:
    """``Budget.moves``: rollouts stop once that many moves were simulated (deterministic)."""
    full = search(Race([True, False]), 0, Rng(2), HOOKS, Budget(rollouts=60))
    capped = search(Race([True, False]), 0, Rng(2), HOOKS, Budget(rollouts=60, moves=40))
    assert full.simulated > 40
    assert capped.rollouts < full.rollouts
    assert 40 <= capped.simulated <= 40 + 2 * TARGET + 1  # the last rollout may run over


def test_a_policy_with_one_legal_move_does_not_search() -> None:
    class One(Race):
        def legal_moves(self, seat: Seat) -> Sequence[Move]:
            return [Step(1)] if seat in self.to_act() else []

    calls = []

    class Counting(RaceHooks):
        def determinize(self, state: Race, seat: Seat, rng: Rng) -> Race:
            calls.append(1)
            return super().determinize(state, seat, rng)

    policy = SearchPolicy(Counting(Timid()), Budget(rollouts=50))
    assert policy.choose(One([False, False]), 0, Rng(0)) == Step(1)
    assert not calls


def test_with_stop_keeps_the_level_and_adds_the_callable() -> None:
    policy = SearchPolicy(HOOKS, Budget(rollouts=30))
    limited = policy.with_stop(lambda: True)
    assert limited.budget.rollouts == 30 and limited.budget.stop is not None
    assert policy.budget.stop is None


def test_lead_is_a_logistic_of_the_margin_over_the_best_other() -> None:
    assert lead({0: 10, 1: 10}, 0, 5.0) == 0.5
    assert lead({0: 20, 1: 10, 2: 15}, 0, 5.0) > 0.7
    assert lead({0: 10, 1: 20}, 0, 5.0) < 0.2


def test_clone_state_is_independent() -> None:
    state = Race([True, False], seed=4)
    copied = clone_state(state)
    copied.apply(0, Step(2))
    assert state.totals == [0, 0] and copied.totals != [0, 0]


class CountingRace(Race):
    """A race that counts how often its legal moves are listed."""

    listed = 0

    def legal_moves(self, seat: Seat) -> Sequence[Move]:
        CountingRace.listed += 1
        return super().legal_moves(seat)


def test_a_playout_lists_a_positions_legal_moves_once_per_seat() -> None:
    """``LegalMemo``: the playout's ``next_mover`` and the heuristic ask for the same list;
    the memo answers the second time, and forgets it when a move is applied."""
    state = CountingRace([True, False])
    LegalMemo.install(state)
    first = state.legal_moves(0)
    assert isinstance(first, list)
    first.append(Step(9))  # a caller changing its list changes nothing
    assert state.legal_moves(0) == [Step(1), Step(2), Step(3)]
    assert CountingRace.listed == 1
    state.apply(0, Step(1))
    assert state.legal_moves(1) == [Step(1), Step(2)]
    assert state.legal_moves(0) == []
    assert CountingRace.listed == 3  # after the move, each seat's list is made again
    copied = clone_state(state)  # a memo'd world still copies (pickled, memo included)
    assert copied.legal_moves(1) == [Step(1), Step(2)]
    copied.apply(1, Step(2))
    assert copied.legal_moves(0) == [Step(1), Step(2), Step(3)]
    assert state.legal_moves(0) == []


def test_the_memo_does_not_change_what_the_search_decides(monkeypatch: Any) -> None:
    results = []
    for memo in (True, False):
        if not memo:
            monkeypatch.setattr(LegalMemo, "install", classmethod(lambda cls, state: None))
        CountingRace.listed = 0
        a = search(CountingRace([True, True], seed=3), 0, Rng(5), HOOKS, Budget(rollouts=24))
        results.append((a.move, a.stats, a.simulated, CountingRace.listed))
    (move, stats, simulated, with_memo), (move2, stats2, simulated2, without) = results
    assert (move, stats, simulated) == (move2, stats2, simulated2)
    assert with_memo < without


def test_a_hooks_can_act_replaces_listing_moves_and_keeps_the_decision() -> None:
    """``SearchHooks.can_act``: the rollout asks the hooks whether a seat to act can move; a
    game answering without listing its moves (here: every seat to act in a race can) gets
    the same decision and statistics while its rollouts list no moves."""

    class Checked(CountingRace):
        def validate(self, seat: Seat, move: Move) -> None:  # checks without listing
            assert isinstance(move, Step) and move.n in (1, 2, 3)

    class Small:
        def choose(self, state: Race, seat: Seat, rng: Rng) -> Move:
            return Step(1)

    class Quick(RaceHooks):
        asked = 0

        def can_act(self, state: Race, seat: Seat) -> bool:
            Quick.asked += 1
            return seat in state.to_act()

    results = []
    for hooks in (RaceHooks(Small()), Quick(Small())):
        CountingRace.listed = 0
        a = search(Checked([True, True], seed=3), 0, Rng(5), hooks, Budget(rollouts=24))
        results.append((a.move, a.stats, a.simulated, CountingRace.listed))
    (move, stats, simulated, listed), (move2, stats2, simulated2, quick) = results
    assert (move, stats, simulated) == (move2, stats2, simulated2)
    assert Quick.asked >= simulated2 - 24  # asked before every move after the candidate
    assert listed >= simulated - 24 and quick < 5  # left: the search's look at the root


def test_a_hooks_budget_for_lowers_a_decisions_budget() -> None:
    """``SearchHooks.budget_for``: the search spends the budget the hooks give the position
    (the default gives the level's unchanged)."""

    class Short(RaceHooks):
        def budget_for(self, state: Race, budget: Budget) -> Budget:
            return Budget(12, budget.moves, budget.stop)

    state = Race([True, False])
    assert HOOKS.budget_for(state, Budget(rollouts=40)) == Budget(rollouts=40)
    assert search(state, 0, Rng(1), HOOKS, Budget(rollouts=40)).rollouts == 40
    assert search(state, 0, Rng(1), Short(Timid()), Budget(rollouts=40)).rollouts == 12
