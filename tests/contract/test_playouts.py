"""The engine contract over seeded playouts, for every registered game (issue 6 §3).

Each game plays ``support.SEEDS`` whole games (default 200), split into ``support.CHUNKS``
tests so pytest-xdist can spread them, with a mix of uniformly random play and the game's
registered AI (``games.core.ai.play_out``), player counts from the smallest to the largest
table and varied options. Along every game:

* at every position: ``to_act()`` is empty exactly when the game is over, and every seat in
  it has at least one legal move with unique, well-formed notation;
* at every position of the first game, and at about 15 sampled positions of every other
  (one position in max(``FULL_CHECK_EVERY``, n // 15), n the longest game of that player
  count this test has finished, or the moves made so far when it has none: a few dozen then;
  all positions with ``BOARDROOM_CONTRACT_FULL=1``): every legal move
  round-trips through its notation and has no refusal (and, at a few of these positions,
  applies to a copy of the state); ``choices("")`` covers the legal
  moves; ``default_move`` is legal; moves seen earlier that are not legal now are refused
  with a sentence, raise on ``apply`` and change no view; a seat that may not act cannot;
  no view shows another seat's ``secrets()``; the game's invariants hold;
* undo: replaying the record up to an ``undo_barrier()`` rebuilds every view the game had at
  that point;
* at the end: an outcome that ranks every seat, a record that survives save -> load -> save,
  and a replay that reproduces every final view.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import GameRecord, GameSpec, Move, Rng, replay
from games.core.ai import play_out

from .support import (
    CHUNKS,
    FULL,
    FULL_CHECK_EVERY,
    SEEDS,
    PositionChecker,
    assert_no_leaks,
    contract_games,
    game_ids,
    policy_mix,
    same_views,
    sample_options,
    seat_count,
    snapshot,
    view_objects,
    views_of,
)

GAMES = contract_games()
UNDO_CHECKS = 3  # barriers replayed per game
FULL_CHECKS_PER_GAME = 15
"""Sampled full checks aimed at per playout, so long games (hundreds of moves at a big
table) cost about as much as short ones."""
_typical_length: dict[tuple[str, int], int] = {}  # (game, seats) -> longest game seen


def playout_with_checks(spec: GameSpec, i: int, *, thorough: bool) -> int:
    """Play seeded game ``i`` of ``spec`` under the contract; return its number of moves."""
    seats = seat_count(spec, i)
    options = sample_options(spec, i)
    checker = PositionChecker(spec, Rng(i * 7919 + 1), apply_budget=12 if thorough else 2)
    sample = Rng(i * 104_729 + 3)
    snapshots: dict[int, bytes] = {}
    last_barrier = 0
    length = _typical_length.get((spec.key, seats), 0)

    def on_move(state: Any, _seat: int, _move: Move) -> None:
        nonlocal last_barrier
        legal_by_seat = checker.cheap(state)
        barrier = state.undo_barrier()
        assert last_barrier <= barrier <= state.moves_applied, (last_barrier, barrier)
        moved = barrier == state.moves_applied and barrier != last_barrier
        if moved and len(snapshots) < 40 and (thorough or sample.randrange(4) == 0):
            snapshots[barrier] = snapshot(state)
        last_barrier = barrier
        # Until this (game, seats) key has a finished game, the rate follows the moves so far.
        every = max(
            FULL_CHECK_EVERY,
            length // FULL_CHECKS_PER_GAME,
            state.moves_applied // FULL_CHECKS_PER_GAME,
        )
        if thorough or FULL or sample.randrange(every) == 0:
            checker.full(state, legal_by_seat)

    state, record = play_out(
        spec, seats, i, policies=policy_mix(spec, i), options=options, on_move=on_move
    )
    out = state.outcome()
    assert out is not None
    assert set(out.scores) == set(range(seats)) == set(out.ranks), out
    assert out.winners <= {s for s, r in out.ranks.items() if r == 1}, out
    # A solo game ranks its one player against a rule opponent (Carnegie's Andrew): 1 or 2.
    assert all(1 <= r <= max(seats, 2) for r in out.ranks.values()), out
    final = views_of(state)
    assert_no_leaks(state, final)
    assert_no_leaks(state, view_objects(state))

    saved = json.loads(json.dumps(record.to_dict()))
    assert GameRecord.from_dict(saved).to_dict() == saved
    again = replay(GameRecord.from_dict(saved))
    assert views_of(again) == final, "replaying the record does not rebuild the final views"
    assert again.outcome() == out

    picks = sorted(snapshots)
    for barrier in picks[:: max(1, len(picks) // UNDO_CHECKS)][:UNDO_CHECKS]:
        undone = replay(GameRecord.from_dict(saved), upto=barrier)
        assert same_views(undone, snapshots[barrier]), f"undo to move {barrier} differs"
    key = (spec.key, seats)
    _typical_length[key] = max(_typical_length.get(key, 0), len(record.moves))
    return len(record.moves)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("spec", GAMES, ids=game_ids(GAMES))
def test_seeded_playouts_keep_the_contract(spec: GameSpec, chunk: int) -> None:
    for i in range(chunk, SEEDS, CHUNKS):
        try:
            playout_with_checks(spec, i, thorough=i == 0)
        except AssertionError as exc:
            raise AssertionError(
                f"{spec.key} playout {i} ({seat_count(spec, i)} seats, options "
                f"{sample_options(spec, i)}): {exc}"
            ) from exc


@pytest.mark.parametrize("spec", GAMES, ids=game_ids(GAMES))
def test_game_registers_an_ai(spec: GameSpec) -> None:
    """Issue 6 §2: every game registers a policy (``GameSpec.ai``) that picks legal moves."""
    if spec.ai is None:
        pytest.fail(f"{spec.key} registers no AI policy")
    state = spec.create({}, spec.min_players, 1)
    rng = Rng(5)
    for seat in sorted(state.to_act()):
        move = spec.ai.choose(state, seat, rng)
        # A listed move, or a free amount (offer, bid) that the rules accept.
        assert move in set(state.legal_moves(seat)) or state.refusal(seat, move) is None, move
