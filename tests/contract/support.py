"""Shared machinery of the contract suite: the games covered, option and policy mixes, view
snapshots, the leak check, the per-position protocol checks and fixture loading.

Set ``BOARDROOM_CONTRACT_SEEDS`` to play more (or fewer) seeded playouts per game, and
``BOARDROOM_CONTRACT_FULL=1`` to run the full per-position checks at every position instead
of a sample.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

from games.core import (
    GameError,
    GameRecord,
    GameSpec,
    Move,
    NotYourTurn,
    Rng,
    all_games,
    view_as_dict,
)
from games.core.ai import Policy, RandomPolicy
from games.core.registry import BUILTIN_GAMES
from games.core.search import state_bytes

from .invariants import check_invariants

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"

SEEDS = int(os.environ.get("BOARDROOM_CONTRACT_SEEDS", "200"))
"""Seeded playouts per game (issue 6 §3: at least 200 in CI)."""
CHUNKS = 8
"""Playouts are split into this many tests per game so pytest-xdist can spread them."""
FULL = os.environ.get("BOARDROOM_CONTRACT_FULL", "") not in ("", "0")
FULL_CHECK_EVERY = 6
"""Outside full mode, the expensive checks run at one position in this many at most."""
APPLY_ALL_EVERY = 8
"""One full check in this many (up to ``PositionChecker.apply_budget`` per game) also
applies every legal move to a copy of the state..."""
APPLY_ALL_MAX = 20
"""... or this many of them, sampled, when there are more."""


def contract_games() -> list[GameSpec]:
    """Every built-in game (``BUILTIN_GAMES``): a game is covered as soon as it is listed there.

    Games still being built register themselves when their own tests import them; they are
    left out until listed, so which games are covered never depends on collection order.
    """
    return [s for s in all_games() if s.key in BUILTIN_GAMES]


def game_ids(specs: list[GameSpec]) -> list[str]:
    return [s.key for s in specs]


BUILTIN = frozenset(BUILTIN_GAMES)


# -- playout set-up ----------------------------------------------------------------------


def sample_options(spec: GameSpec, i: int) -> dict[str, Any]:
    """Vary choice and yes/no options with the playout number; others keep their defaults."""
    options: dict[str, Any] = {}
    for n, opt in enumerate(spec.options):
        if opt.kind == "choice" and opt.choices:
            options[opt.name] = opt.choices[(i + n) % len(opt.choices)]
        elif opt.kind == "bool":
            options[opt.name] = (i >> n) % 2 == 1
    return options


def seat_count(spec: GameSpec, i: int) -> int:
    counts = list(range(spec.min_players, spec.max_players + 1))
    return counts[i % len(counts)]


NEEDS_ONE_AI = {
    "food_chain_magnate": "random seats rarely sell food, so the bank may never break: one of "
    "4-player seed 102's all-random playouts passed 50,000 moves without an end",
}
"""Games whose all-random playouts may never end; their "all random" playouts seat the AI at
seat 0 (every other seat still plays at random)."""


def policy_mix(spec: GameSpec, i: int) -> Callable[[int], Policy]:
    """Playout ``i``: all random, all AI, or AI on even seats and random on odd ones.

    Without a registered AI every seat plays at random. Games in ``NEEDS_ONE_AI`` keep the AI
    at seat 0 in their "all random" playouts.
    """
    rand = RandomPolicy()
    # the fast heuristic (``easy``): the search levels have their own tests
    # (tests/games/test_ai_levels.py, test_ai_no_peeking.py)
    ai = spec.ai_level("easy") if spec.ai is not None else None
    kind = i % 3
    if ai is not None and kind == 0 and spec.key in NEEDS_ONE_AI:
        return lambda seat: ai if seat == 0 else rand
    if ai is None or kind == 0:
        return lambda seat: rand
    if kind == 1:
        return lambda seat: ai
    return lambda seat: ai if seat % 2 == 0 else rand


# -- views and secrets -------------------------------------------------------------------


def views_of(state: Any) -> dict[int | None, dict[str, Any]]:
    """Every seat's view and the public one, as plain data (a deep copy)."""
    views: dict[int | None, dict[str, Any]] = {None: view_as_dict(state.view(None))}
    for seat in range(state.n_seats):
        views[seat] = view_as_dict(state.view(seat))
    return views


def view_objects(state: Any) -> dict[int | None, Any]:
    """Every seat's view and the public one as the frozen view objects (cheap to compare)."""
    views: dict[int | None, Any] = {None: state.view(None)}
    for seat in range(state.n_seats):
        views[seat] = state.view(seat)
    return views


def snapshot(state: Any) -> bytes:
    """Every seat's view and the public one, pickled: a deep copy, cheaper than ``views_of``."""
    return pickle.dumps(view_objects(state), protocol=pickle.HIGHEST_PROTOCOL)


def same_views(state: Any, snap: bytes) -> bool:
    """Whether ``state``'s views equal those of ``snapshot`` as ``views_of`` plain data: equal
    pickles; else equal objects (``==``) whose text (``repr``, which shows the fields ``==``
    skips) is equal too; else (a set's order, say) equal ``views_of`` data."""
    views = view_objects(state)
    if pickle.dumps(views, protocol=pickle.HIGHEST_PROTOCOL) == snap:
        return True
    then = pickle.loads(snap)
    if then != views:
        return False
    if fingerprint_of(then) == fingerprint_of(views):
        return True
    return {k: view_as_dict(v) for k, v in then.items()} == {
        k: view_as_dict(v) for k, v in views.items()
    }


def lookup(data: Any, path: tuple[Any, ...]) -> Any:
    """Follow a ``secrets()`` path (keys of ``view_as_dict``) through a view or its dict."""
    for key in path:
        if is_dataclass(data) and isinstance(key, str):
            if not hasattr(data, key):
                return None
            data = getattr(data, key)
        elif isinstance(data, dict):
            if key not in data:
                return None
            data = data[key]
        elif isinstance(data, (list, tuple)):
            if not isinstance(key, int) or not -len(data) <= key < len(data):
                return None
            data = data[key]
        else:
            return None
    return data


def assert_no_leaks(state: Any, views: Mapping[int | None, Any]) -> None:
    """No view but the owner's shows a seat's ``secrets()`` (absent, None or empty)."""
    for owner in range(state.n_seats):
        for path in state.secrets(owner):
            for viewer, data in views.items():
                if viewer == owner:
                    continue
                shown = lookup(data, path)
                assert shown in (None, (), [], {}), (
                    f"{'the public' if viewer is None else f'seat {viewer}'} view shows seat "
                    f"{owner}'s secret at {path}: {shown!r}"
                )


# -- per-position protocol checks ---------------------------------------------------------


@dataclass
class PositionChecker:
    """The contract at one position, with a pool of moves seen earlier (illegal samples)."""

    spec: GameSpec
    rng: Rng
    pool: list[tuple[int, Move, str]] = field(default_factory=list)
    """(seat, move, its notation) seen earlier."""
    full_checks: int = 0
    apply_budget: int = 3
    """Positions per game at which every legal move is applied to a copy (deep copies are
    the slowest check)."""

    notations: dict[Move, str] = field(default_factory=dict)
    """Notation of each move seen (a move is a frozen value: equal moves format alike)."""
    _memo_ok: dict[type, bool] = field(default_factory=dict)

    def notation(self, move: Move) -> str:
        """``move.notation``, formatted once per distinct move in a game. Moves with a field
        left out of ``==`` (``compare=False``) are formatted every time."""
        memo = self._memo_ok.get(type(move))
        if memo is None:
            memo = all(f.compare for f in fields(move))
            self._memo_ok[type(move)] = memo
        if not memo:
            return move.notation
        text = self.notations.get(move)
        if text is None:
            text = self.notations[move] = move.notation
        return text

    def cheap(self, state: Any) -> dict[int, list[tuple[Move, str]]]:
        """Who acts, that each actor has a move, and notation shape; at every position.

        Returns each acting seat's legal moves with their notation (formatted once here), for
        ``full`` at the same position.
        """
        actors = state.to_act()
        over = state.outcome() is not None
        assert over == (not actors), f"to_act {sorted(actors)} but outcome {state.outcome()}"
        legal_by_seat: dict[int, list[tuple[Move, str]]] = {}
        for seat in sorted(actors):
            legal = [(m, self.notation(m)) for m in state.legal_moves(seat)]
            assert legal, f"seat {seat} is in to_act() but has no legal move"
            texts = [t for _, t in legal]
            assert len(set(texts)) == len(texts), f"duplicate notations: {sorted(texts)}"
            for t in texts:
                assert 0 < len(t) <= 100 and t == " ".join(t.split()), repr(t)
            if len(self.pool) < 400:
                self.pool.extend((seat, m, t) for m, t in legal[:: max(1, len(legal) // 4)])
            legal_by_seat[seat] = legal
        for seat in range(state.n_seats):
            if seat not in actors:
                assert not state.legal_moves(seat), f"seat {seat} may not act but has moves"
        return legal_by_seat

    def full(self, state: Any, legal_by_seat: dict[int, list[tuple[Move, str]]]) -> None:
        """Round trips, refusals, default moves, applying legal moves (to copies), illegal
        samples; at sampled positions.

        ``legal_by_seat`` is what ``cheap`` returned at this same position. Every seat that
        may act gets a legal ``default_move``. At a position where many seats act at once, two
        of them (chosen by the seeded rng) get the per-move checks; the views are compared as
        text before and after the refused moves.
        """
        self.full_checks += 1
        views = view_objects(state)
        before = fingerprint_of(views)
        assert_no_leaks(state, views)
        check_invariants(self.spec.key, state)
        actors = sorted(state.to_act())
        assert actors == sorted(legal_by_seat), (actors, sorted(legal_by_seat))
        tried: list[str] = []
        legal_sets = {seat: {m for m, _ in legal_by_seat[seat]} for seat in actors}
        for seat in actors:
            default = state.default_move(seat)
            assert default in legal_sets[seat], (
                f"seat {seat}'s default_move {default.notation!r} is not legal"
            )
        while len(actors) > 2:
            actors.pop(self.rng.randrange(len(actors)))
        for seat in actors:
            legal = legal_by_seat[seat]
            for m, text in legal:
                assert state.parse_move(seat, text) == m, f"{text!r} no round trip"
                assert state.refusal(seat, m) is None, (text, state.refusal(seat, m))
            counted = sum(c.count for c in state.choices(seat, ""))
            assert counted == len(legal), f"choices() cover {counted} of {len(legal)} moves"
            if self.apply_budget > 0 and self.full_checks % APPLY_ALL_EVERY == 1:
                self.apply_budget -= 1
                self._apply_each(state, seat, [m for m, _ in legal])
            tried += self._illegal_samples(state, seat, legal_sets[seat])
        idle = [s for s in range(state.n_seats) if s not in legal_by_seat]
        if idle and self.pool:
            seat = idle[self.rng.randrange(len(idle))]
            _, move, text = self.pool[self.rng.randrange(len(self.pool))]
            try:
                state.apply(seat, move)
            except NotYourTurn:
                tried.append(f"p{seat + 1}: {text}")
            else:
                raise AssertionError(f"seat {seat} may not act, yet {text!r} applied")
        assert fingerprint(state) == before, f"a refused move changed a view (tried {tried})"

    def _apply_each(self, state: Any, seat: int, legal: list[Move]) -> None:
        """Every legal move (at most ``APPLY_ALL_MAX``, sampled) applies to a copy of the
        state (as ``games.core.search.clone_state`` makes it, pickled once for all)."""
        picks = list(legal)
        while len(picks) > APPLY_ALL_MAX:
            picks.pop(self.rng.randrange(len(picks)))
        try:  # pickled once, rebuilt per move: the AI search's copy (``clone_state``)
            data: bytes | None = state_bytes(state)
        except Exception:  # a state pickle cannot rebuild: deep copies, as clone_state does
            data = None
        for move in picks:
            trial = copy.deepcopy(state) if data is None else pickle.loads(data)
            trial.apply(seat, move)
            assert trial.moves_applied == state.moves_applied + 1

    def _illegal_samples(self, state: Any, seat: int, legal: set[Move]) -> list[str]:
        """Two moves from the pool that are not legal for ``seat`` now (and not a free-amount
        template's notation), drawn uniformly: drawn from the whole pool and redrawn when
        legal (a few times), then from the list of every such move."""
        prefixes = tuple(t.prefix + " " for t in state.move_templates(seat))

        def illegal(entry: tuple[int, Move, str]) -> bool:
            _, m, text = entry
            return m not in legal and not (prefixes and text.startswith(prefixes))

        tried: list[str] = []
        candidates: list[tuple[int, Move, str]] | None = None
        for _ in range(2 if self.pool else 0):
            entry = None
            for _ in range(8):
                drawn = self.pool[self.rng.randrange(len(self.pool))]
                if illegal(drawn):
                    entry = drawn
                    break
            if entry is None:
                if candidates is None:
                    candidates = [e for e in self.pool if illegal(e)]
                if not candidates:
                    break
                entry = candidates[self.rng.randrange(len(candidates))]
            _, move, text = entry
            reason = state.refusal(seat, move)
            assert isinstance(reason, str) and reason.strip(), (
                f"{text!r} is not among seat {seat}'s legal moves, but refusal gives {reason!r}"
            )
            try:
                state.apply(seat, move)
            except GameError:
                tried.append(f"p{seat + 1}: {text}")
            else:
                raise AssertionError(f"{text!r} applied though refused: {reason}")
        return tried


def fingerprint_of(views: Mapping[int | None, Any]) -> tuple[str, ...]:
    """The views of ``view_objects`` as text, in its order (public first)."""
    return tuple(repr(v) for v in views.values())


def fingerprint(state: Any) -> tuple[str, ...]:
    """Every view (public first) as text: a deep, cheap snapshot to compare."""
    return fingerprint_of(view_objects(state))


# -- fixtures -----------------------------------------------------------------------------


def fixture_paths(key: str) -> list[Path]:
    """``tests/fixtures/<game>/*.json``, sorted."""
    return sorted((FIXTURES / key).glob("*.json"))


def all_fixture_paths() -> list[Path]:
    return [p for spec in contract_games() for p in fixture_paths(spec.key)]


RECORD_KEYS = ("game", "engine_version", "seed", "seats", "options", "moves")


@dataclass(frozen=True)
class Fixture:
    """A complete seeded game: the record, and what its replay must give (``expect``)."""

    path: Path
    data: Mapping[str, Any]

    @property
    def record(self) -> GameRecord:
        return GameRecord.from_dict(self.data)

    @property
    def record_dict(self) -> dict[str, Any]:
        return {k: self.data[k] for k in RECORD_KEYS}

    @property
    def expect(self) -> Mapping[str, Any]:
        return self.data["expect"]


def load_fixture(path: Path) -> Fixture:
    return Fixture(path, json.loads(path.read_text(encoding="utf-8")))


def fixture_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"
