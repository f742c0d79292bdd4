"""Determinised search for AI seats: one algorithm for every game, driven by per-game hooks.

The search decides one move for one seat. Each iteration samples a *determinisation*: a copy
of the game in which everything the acting seat cannot see (other seats' hands and secret
choices, deck orders, future dice: the state's ``rng``) is redrawn from what that seat may
know, by the game's ``SearchHooks.determinize``. It then plays a candidate move in that copy,
continues with the game's heuristic policy on every seat for a bounded number of moves (the
*rollout*), and scores the result with the game's evaluation (the final scores when the game
ended). Candidates are compared by Sequential Halving (Karnin, Koren and Somekh, "Almost
optimal exploration in multi-armed bandits", ICML 2013; applied to game search by Pepels et
al., "Minimizing simple regret in Monte-Carlo tree search", 2014): a round gives every
remaining candidate the same number of samples, the worse half is dropped, and the next
round spends the same budget on fewer moves.

Why a flat determinised search rather than a deeper information-set tree (Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", 2012): an AI seat may spend
~50 ms on a decision, which buys tens of rollouts, not thousands. At that budget nodes below
the root get a handful of visits each and a tree adds noise, while what decides strength is
comparing the root moves with little variance. So every candidate of a round is scored on
the *same* samples (common random numbers: the same determinisation and the same rollout
seed), which cancels most of the luck of dice and draws from the comparison; the heuristic
policy supplies the moves worth comparing (the prior) and plays the rollouts.

Pure and deterministic given its ``Rng``: the only other input is an optional ``stop``
callable (a caller's clock, checked between rollouts), since the engine reads no clock.
"""

from __future__ import annotations

import copy
import copyreg
import io
import math
import pickle
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from .ai import Policy
from .protocol import SYSTEM, GameState, Move, Seat
from .rng import Rng

S = TypeVar("S", bound=GameState[Any])

LEVELS = ("easy", "normal", "hard")
"""Difficulty levels every game offers: ``easy`` is the frozen heuristic of issue 21's start,
``normal`` the registered ``GameSpec.ai``, ``hard`` a bigger search budget."""


# -- copying states ------------------------------------------------------------------------

_PICKLE_FAILS: set[type] = set()
_REDUCERS: dict[type, Callable[[Any], Any]] = {}


def register_clone(kind: type, reduce: Callable[[Any], Any]) -> None:
    """Teach ``clone_state`` to pickle ``kind`` (a ``copyreg``-style reducer), for a class
    the default pickling cannot rebuild (e.g. a dict subclass whose ``__setitem__`` reads
    its own attributes)."""
    _REDUCERS[kind] = reduce


def state_bytes(state: GameState[Any]) -> bytes:
    """``state`` pickled with the reducers ``register_clone`` taught (``pickle.loads`` turns
    it back: e.g. in another process). Raises what ``pickle`` raises for a state it cannot
    rebuild."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, **_REDUCERS}
    pickler.dump(state)
    return buffer.getvalue()


def clone_state(state: S) -> S:
    """An independent deep copy of ``state``: pickled (several times faster than
    ``copy.deepcopy``, the fallback for a state that cannot be pickled)."""
    kind = type(state)
    if kind not in _PICKLE_FAILS:
        try:
            copied: S = pickle.loads(state_bytes(state))
            return copied
        except Exception:  # a class pickle cannot rebuild: remember it, deep-copy instead
            _PICKLE_FAILS.add(kind)
    return copy.deepcopy(state)


def rebuild_dict_subclass(
    kind: type[dict[Any, Any]], items: dict[Any, Any], attrs: dict[str, Any]
) -> Any:
    """Rebuild a dict subclass with its attributes, bypassing its ``__setitem__``."""
    obj = dict.__new__(kind)
    obj.__dict__.update(attrs)
    dict.update(obj, items)
    return obj


def reduce_dict_subclass(obj: Any) -> Any:
    """A reducer for ``register_clone``: a dict subclass with attributes."""
    return rebuild_dict_subclass, (type(obj), dict(obj), dict(obj.__dict__))


def reseed(state: GameState[Any], rng: Rng) -> None:
    """Replace the state's chance stream (``state.rng``) by a fresh one drawn from ``rng``:
    future dice and shuffles are then unknown to the search, as they are to the player."""
    if hasattr(state, "rng"):
        state.rng = Rng(rng.next_u64())


# -- hooks a game provides -------------------------------------------------------------------


class SearchHooks(Generic[S]):
    """What a game tells the search. Subclass per game; the defaults suit a game whose only
    hidden information is chance.

    ``policy`` is the game's heuristic (the prior and the rollout player); ``scale`` the score
    difference that counts as a clear lead (the evaluation's logistic scale); ``horizon`` how
    many moves a rollout plays before the evaluation judges the position.
    """

    scale: float = 10.0
    horizon: int = 10_000
    width: int = 6
    """At most this many candidate moves are compared (the prior's pick always among them)."""
    prior_bonus: float = 0.001
    """Added to the prior's mean value when the winner is picked: how much better another
    move must look before the search overrules the heuristic (a guard against noise)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def determinize(self, state: S, seat: Seat, rng: Rng) -> S:
        """A copy of ``state`` consistent with everything ``seat`` may know and nothing more:
        other seats' secrets and the order of every face-down stack are redrawn with ``rng``.

        The result must depend only on ``state.view(seat)``, the public history and ``rng``
        (the no-peeking tests check this). Default: a copy with a fresh chance stream, right
        for games whose only hidden information is future chance.
        """
        copied = clone_state(state)
        reseed(copied, rng)
        return copied

    def candidates(self, state: S, seat: Seat, rng: Rng) -> list[Move]:
        """Moves worth comparing for ``seat`` in a determinisation, best guess first. Default:
        the prior's pick, then other legal moves of the same kind (class), then the rest in
        their listed order, ``width`` in all."""
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal
        first = self.policy.choose(state, seat, rng)
        same = [m for m in legal if type(m) is type(first) and m != first]
        rest = [m for m in legal if type(m) is not type(first)]
        return [first, *same, *rest][: self.width]

    def can_act(self, state: S, seat: Seat) -> bool:
        """Whether ``seat`` (one of ``state.to_act()``) has a legal move: a rollout asks it
        of every seat to act before each move. Default: ``state.legal_moves(seat)`` is not
        empty. A game whose move lists are long to build may answer faster, but must give the
        same answer (the rollout, and so the decision, must not change)."""
        return bool(state.legal_moves(seat))

    def budget_for(self, state: S, budget: Budget) -> Budget:
        """The budget a decision in ``state`` gets from its level's ``budget``: a game may
        lower it where its rollouts are long (e.g. by the number of players). Default:
        ``budget`` unchanged."""
        return budget

    def scores(self, state: S) -> Mapping[Seat, float] | None:
        """Projected final scores of a running game (same units as ``Outcome.scores``) for a
        rollout that ``cut`` stops early, or ``None`` when the game has no projection (such a
        position then counts as even). Default: ``None``."""
        return None

    def cut(self, state: S, start: S, played: int) -> bool:
        """Whether a rollout from ``start`` (the determinisation before the candidate move)
        stops at ``state``, after ``played`` moves, to be evaluated. Default: after
        ``horizon`` moves."""
        return played >= self.horizon

    def value(self, state: S, seat: Seat) -> float:
        """How good ``state`` is for ``seat``, in ``[0, 1]``: at the end, half the win (shared
        wins split) plus half a logistic of the score lead over the best other seat; before
        it, the logistic of the projected lead (``scores``)."""
        out = state.outcome()
        if out is not None:
            won = 1.0 / len(out.winners) if seat in out.winners else 0.0
            return 0.5 * won + 0.5 * lead(out.scores, seat, self.scale)
        projected = self.scores(state)
        if projected is None:
            return 0.5
        return lead(projected, seat, self.scale)


def lead(scores: Mapping[Seat, float], seat: Seat, scale: float) -> float:
    """A logistic in ``[0, 1]`` of ``seat``'s score lead over the best other score."""
    mine = scores.get(seat, 0.0)
    others = [v for s, v in scores.items() if s != seat]
    best = max(others) if others else 0.0
    x = (mine - best) / scale
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


# -- the search ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """How much a decision may think: ``rollouts`` in all (split over the candidates by
    Sequential Halving); at most ``moves`` simulated moves in all (a cap on time that stays
    deterministic: long rollouts early in a game use the budget up sooner); and an optional
    ``stop`` callable the caller may pass (e.g. a deadline), checked between rollouts. When a
    cap is reached the best move so far is played. The levels' budgets are counts, so a
    decision plays the same on a busy machine as on an idle one; a ``stop`` that reads a
    clock makes it depend on the machine, and is meant only as a safety cap (one that counts
    the deciding thread's CPU time, not wall time, fires less often on a loaded machine)."""

    rollouts: int = 48
    moves: int | None = None
    stop: Callable[[], bool] | None = field(default=None, compare=False)


def next_mover(
    state: GameState[Any], rng: Rng, can_act: Callable[[Seat], bool] | None = None
) -> Seat | None:
    """Who moves next in a playout: one of the seats able to act (chosen with ``rng`` when a
    phase is simultaneous), or ``None`` after applying a running deadline's move when nobody
    can act. ``can_act(seat)`` tells whether a seat of ``to_act`` has a legal move (default:
    its ``legal_moves`` are not empty). Raises ``RuntimeError`` when nobody can act and
    nothing is timed."""
    able = can_act or (lambda s: bool(state.legal_moves(s)))
    movers = [s for s in sorted(state.to_act()) if able(s)]
    if movers:
        return movers[0] if len(movers) == 1 else movers[rng.randrange(len(movers))]
    deadline = state.deadline()
    if deadline is None:
        raise RuntimeError("no seat can act and no deadline runs")
    state.apply(SYSTEM, deadline.move)
    return None


class SearchPolicy(Generic[S]):
    """An AI level: ``choose(state, seat, rng)`` searches with the game's ``hooks`` within
    ``budget`` and returns one of ``state.legal_moves(seat)``. Deterministic given ``rng``
    unless the budget's ``stop`` fires."""

    def __init__(self, hooks: SearchHooks[S], budget: Budget) -> None:
        self.hooks = hooks
        self.budget = budget

    def with_stop(self, stop: Callable[[], bool]) -> SearchPolicy[S]:
        """The same level with a caller's ``stop`` (e.g. a time limit) added to its budget."""
        return SearchPolicy(self.hooks, replace(self.budget, stop=stop))

    def choose(self, state: S, seat: Seat, rng: Rng) -> Move:
        legal = list(state.legal_moves(seat))
        if len(legal) <= 1:
            return legal[0]
        return search(state, seat, rng, self.hooks, self.budget).move


@dataclass
class Result:
    """The chosen ``move`` with, per compared notation, the samples it got and their mean
    value (for tests and the bench)."""

    move: Move
    stats: dict[str, tuple[int, float]]
    rollouts: int
    simulated: int = 0
    """Moves played in all rollouts (each candidate move included)."""


def search(state: S, seat: Seat, rng: Rng, hooks: SearchHooks[S], budget: Budget) -> Result:
    """Choose ``seat``'s move in ``state`` (``seat`` must be able to act) by Sequential
    Halving over the hooks' candidates with common random numbers (module docstring).

    The candidates come from a determinisation, never from ``state`` itself, so neither they
    nor the rollouts can see what ``seat`` may not. ``state`` is not changed.
    """
    budget = hooks.budget_for(state, budget)
    search_rng = Rng(rng.next_u64())
    first = hooks.determinize(state, seat, Rng(search_rng.next_u64()))
    cands = _unique(hooks.candidates(first, seat, Rng(search_rng.next_u64())))
    legal = set(state.legal_moves(seat))
    cands = [m for m in cands if m in legal] or [hooks.policy.choose(first, seat, search_rng)]
    if len(cands) == 1 or budget.rollouts <= 0:
        return Result(cands[0], {}, 0)
    totals = [0.0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    rounds = max(1, math.ceil(math.log2(len(cands))))
    spent = simulated = 0
    sample = 0
    stopped = False
    for r in range(rounds):
        share = max(1, budget.rollouts // (rounds * len(alive)))
        if r == rounds - 1:  # the final pair takes whatever budget is left
            share = max(share, (budget.rollouts - spent) // len(alive))
        for _ in range(share):
            world_seed, play_seed = search_rng.next_u64(), search_rng.next_u64()
            world = None if sample else first
            sample += 1
            for i in alive:
                if (budget.stop is not None and budget.stop()) or (
                    budget.moves is not None and simulated >= budget.moves
                ):
                    stopped = True
                    break
                if world is None:
                    world = hooks.determinize(state, seat, Rng(world_seed))
                value, played = _rollout(hooks, world, seat, cands[i], Rng(play_seed))
                totals[i] += value
                simulated += played
                counts[i] += 1
                spent += 1
            if stopped:
                break
        if stopped or len(alive) <= 1:
            break
        if r < rounds - 1:
            alive.sort(
                key=lambda i: (
                    -_mean(totals, counts, i) - (hooks.prior_bonus if i == 0 else 0.0),
                    i,
                )
            )
            alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
    best = max(
        alive, key=lambda i: (_mean(totals, counts, i) + (hooks.prior_bonus if i == 0 else 0.0), -i)
    )
    stats = {cands[i].notation: (counts[i], _mean(totals, counts, i)) for i in range(len(cands))}
    return Result(cands[best], stats, spent, simulated)


def _mean(totals: Sequence[float], counts: Sequence[int], i: int) -> float:
    return totals[i] / counts[i] if counts[i] else 0.0


def _unique(moves: Sequence[Move]) -> list[Move]:
    seen: set[Move] = set()
    out: list[Move] = []
    for m in moves:
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def _rollout(
    hooks: SearchHooks[S], start: S, seat: Seat, move: Move, rng: Rng
) -> tuple[float, int]:
    """Play ``move`` in a copy of ``start``, then the heuristic on every seat until the hooks
    cut or the game ends; the value for ``seat`` and the moves played."""
    world = clone_state(start)
    LegalMemo.install(world)
    world.apply(seat, move)
    played = 0
    policy = hooks.policy

    def can_act(s: Seat) -> bool:
        return hooks.can_act(world, s)

    while not world.is_over() and not hooks.cut(world, start, played):
        mover = next_mover(world, rng, can_act)
        if mover is None:
            continue
        world.apply(mover, policy.choose(world, mover, rng))
        played += 1
    return hooks.value(world, seat), played + 1


class LegalMemo:
    """``legal_moves`` of one playout world, remembered per position: the playout asks who
    can move (``next_mover``), then the heuristic asks again, and a game's move validation
    may ask a third time. A position is known by ``moves_applied`` (``GameState.apply``
    counts every move), so the memo is right while the world changes only by ``apply``, as
    in a playout. Each call returns a fresh list, as ``legal_moves`` does. Picklable (a
    heuristic may copy the world)."""

    def __init__(self, state: GameState[Any]) -> None:
        self.state = state
        self.at = -1
        self.known: dict[Seat, list[Move]] = {}

    @classmethod
    def install(cls, state: GameState[Any]) -> None:
        """Shadow ``state.legal_moves`` with a memo (once)."""
        if not isinstance(state.__dict__.get("legal_moves"), LegalMemo):
            state.legal_moves = cls(state)  # type: ignore[method-assign]

    def __call__(self, seat: Seat) -> list[Move]:
        if self.state.moves_applied != self.at:
            self.at = self.state.moves_applied
            self.known = {}
        moves = self.known.get(seat)
        if moves is None:
            moves = self.known[seat] = list(type(self.state).legal_moves(self.state, seat))
        return list(moves)
