"""Masters of Commerce random playouts: uniformly random legal moves end every game.

Checks on the way: someone always has a move, every offered move round-trips through its
notation and applies, deeds are never lost or duplicated, no view shows another seat's
secrets, and replaying the record rebuilds the same final view.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core import GameRecord, Rng, get_game, replay, start, view_as_dict
from games.masters_of_commerce import MocState
from games.masters_of_commerce.data import components

SPEC = get_game("masters_of_commerce")
N_DEEDS = len(components().deeds)
SEEDS = range(240)


def _options(seed: int) -> dict[str, Any]:
    return {
        "expert": seed % 2 == 0,
        "auction": ("open", "sealed")[seed % 3 == 0],
    }


def _deeds_accounted(st: MocState) -> None:
    held = [d for ds in st.district.values() for d in ds]
    everything = held + st.supply + st.removed + st.lots[st.lot_index :]
    assert sorted(everything) == sorted(d.id for d in components().deeds)
    assert len(everything) == N_DEEDS
    assert all(st.owner[d] == s for s, ds in st.district.items() for d in ds)
    assert all(d in st.owner for d in st.contracts)
    assert all(m >= 0 for m in st.money)


def _no_leaks(st: MocState) -> None:
    views: dict[int | None, dict[str, Any]] = {None: view_as_dict(st.view(None))}
    for s in range(st.n_seats):
        views[s] = view_as_dict(st.view(s))
    for seat in range(st.n_seats):
        for path in st.secrets(seat):
            for viewer, view in views.items():
                if viewer == seat:
                    continue
                node: Any = view
                for key in path:
                    node = node[key]
                assert node is None, (seat, viewer, path)


def playout(seed: int, n: int, use_timers: bool) -> tuple[GameRecord, MocState, int]:
    record, state = start(SPEC, _options(seed), n, seed)
    st = state
    assert isinstance(st, MocState)
    rng = Rng(seed * 1_000_003 + 17)
    steps = 0
    while not st.is_over():
        steps += 1
        assert steps < 20_000, f"seed {seed}: no end in sight ({st.phase_name()})"
        deadline = st.deadline()
        if use_timers and deadline is not None and rng.randrange(40) == 0:
            record.moves.append((deadline.seat, deadline.move.notation))
            st.apply(deadline.seat, deadline.move)
            continue
        seats = sorted(st.to_act())
        assert seats, f"seed {seed}: nobody can act in {st.phase_name()}"
        seat = rng.choice(seats)
        moves = st.legal_moves(seat)
        assert moves, f"seed {seed}: p{seat + 1} must act but has no move"
        texts = [m.notation for m in moves]
        assert len(set(texts)) == len(texts)
        assert all(len(t) <= 100 for t in texts)
        move = rng.choice(moves)
        assert st.parse_move(seat, move.notation) == move
        st.apply(seat, move)
        record.moves.append((seat, move.notation))
        if steps % 150 == 0:
            _deeds_accounted(st)
            _no_leaks(st)
    _deeds_accounted(st)
    assert st.to_act() == frozenset()
    return record, st, steps


@pytest.mark.parametrize("chunk", range(8))
def test_random_playouts_end(chunk: int) -> None:
    for seed in SEEDS[chunk::8]:
        n = 3 + seed % 9
        record, st, _ = playout(seed, n, use_timers=seed % 4 == 1)
        out = st.outcome()
        assert out is not None and set(out.scores) == set(range(n))
        again = replay(GameRecord.from_dict(record.to_dict()))
        assert view_as_dict(again.view(None)) == view_as_dict(st.view(None))
        assert again.outcome() == out
