"""Replay fixtures (complete AI-played games for 2–5 players and the intro game) and
playouts: every move round-trips through notation and applies, money and components are
conserved at every move, no view shows another seat's secrets, and replays reproduce views."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from games.core import GameRecord, Rng, replay, start
from games.core.ai import RandomPolicy, play_out
from games.food_chain_magnate import SPEC

from .invariants import check

FIXTURES = sorted(
    (Path(__file__).resolve().parents[2] / "fixtures" / "food_chain_magnate").glob("*.json")
)


def _lookup(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        if isinstance(data, dict):
            data = data.get(key)
        elif isinstance(data, (list, tuple)) and isinstance(key, int) and key < len(data):
            data = data[key]
        else:
            return None
    return data


def check_no_leaks(state: Any) -> None:
    views = {s: dataclasses.asdict(state.view(s)) for s in range(state.n_seats)}
    views[None] = dataclasses.asdict(state.view(None))
    for owner in range(state.n_seats):
        for path in state.secrets(owner):
            for viewer, data in views.items():
                if viewer != owner:
                    assert _lookup(data, path) in (None, (), [], {}), (viewer, owner, path)


def test_there_are_fixtures_for_every_player_count_and_the_intro_game() -> None:
    names = {p.stem for p in FIXTURES}
    assert {"2p", "3p", "4p", "5p", "intro_3p"} <= names


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_replays_with_conservation(path: Path) -> None:
    data = json.loads(path.read_text())
    record = GameRecord.from_dict(data)
    assert record.to_dict() == {k: v for k, v in data.items() if k not in ("expect", "about")}
    state = SPEC.new_game(SPEC.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    check(state)
    for i, (seat, text) in enumerate(record.moves):
        move = state.parse_move(seat, text)
        assert move.notation == text
        state.apply(seat, move)
        check(state)
        if i % 15 == 0:
            check_no_leaks(state)
    out = state.outcome()
    assert out is not None
    assert {str(k): v for k, v in out.scores.items()} == data["expect"]["scores"]
    assert out.reason == data["expect"]["reason"]
    again = replay(record)
    assert again.view(None) == state.view(None)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_ai_playouts_finish_with_legal_round_tripping_moves(seats: int) -> None:
    for seed in range(3):
        moves = 0

        def on_move(state: Any, seat: int, move: Any) -> None:
            nonlocal moves
            moves += 1
            check(state)
            if moves % 40 == 0:
                check_no_leaks(state)

        state, record = play_out(SPEC, seats, 100 + seed, on_move=on_move)
        assert state.outcome() is not None
        assert replay(record).view(0) == state.view(0)


def test_random_play_keeps_every_offered_move_legal() -> None:
    """Uniform random play (which may never break the bank) for a while: legal moves are
    never empty for a seat that must act, notations are unique and parse back."""
    policy = RandomPolicy()
    for seats in (2, 5):
        _, state = start(SPEC, {}, seats, 9)
        rng = Rng(seats)
        for step in range(600):
            if state.is_over():
                break
            movers = sorted(state.to_act())
            assert movers and all(state.legal_moves(s) for s in movers)
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_moves(seat)
            notations = [m.notation for m in legal]
            assert len(set(notations)) == len(notations)
            move = policy.choose(state, seat, rng)
            assert state.parse_move(seat, move.notation) == move
            assert state.refusal(seat, move) is None
            state.apply(seat, move)
            check(state)
            if step % 50 == 0:
                check_no_leaks(state)
