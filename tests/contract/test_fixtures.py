"""Replay fixtures for every registered game (issue 6 §3).

Fixtures are discovered from ``tests/fixtures/<game key>/*.json``: complete seeded games as
``{game, engine_version, seed, seats, options, moves: [[seat, notation], ...], expect}``
(``about`` optional). ``expect`` holds at least ``scores`` and ``reason`` and may hold any
other key of ``Outcome.to_dict()``. Each fixture must replay move by move to that outcome
with the game's invariants (``invariants.py``) holding after every move, store every move
in its canonical notation, survive save -> load -> save unchanged, and rebuild the same
views when replayed again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import GameRecord, GameSpec, get_game, replay

from .invariants import check_invariants
from .support import (
    RECORD_KEYS,
    all_fixture_paths,
    assert_no_leaks,
    contract_games,
    fixture_id,
    fixture_paths,
    game_ids,
    load_fixture,
    view_objects,
    views_of,
)

GAMES = contract_games()
PATHS = all_fixture_paths()


@pytest.mark.parametrize("spec", GAMES, ids=game_ids(GAMES))
def test_game_has_replay_fixtures(spec: GameSpec) -> None:
    if not fixture_paths(spec.key):
        pytest.fail(f"no replay fixtures in tests/fixtures/{spec.key}/")


@pytest.mark.parametrize("path", PATHS, ids=[fixture_id(p) for p in PATHS])
def test_fixture_replays_to_its_expected_outcome(path: Path) -> None:
    fx = load_fixture(path)
    spec = get_game(fx.data["game"])
    assert path.parent.name == spec.key, "a fixture lives under its game's key"
    assert {"scores", "reason"} <= set(fx.expect), "expect needs scores and reason"
    record = fx.record
    assert spec.can_replay(record.engine_version), (
        f"engine version {record.engine_version} is no longer replayable"
    )

    saved = json.loads(json.dumps(fx.record_dict))
    assert GameRecord.from_dict(saved).to_dict() == saved, "save -> load -> save changed it"
    assert set(saved) == set(RECORD_KEYS)

    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    check_invariants(spec.key, state)
    for n, (seat, text) in enumerate(record.moves):
        move = state.parse_move(seat, text)
        assert move.notation == text, f"move {n}: {text!r} is stored as {move.notation!r}"
        state.apply(seat, move)
        check_invariants(spec.key, state)
    out = state.outcome()
    assert out is not None, "the fixture does not reach the end of the game"
    got = out.to_dict()
    for key, value in fx.expect.items():
        assert got[key] == value, f"{key}: expected {value!r}, replay gives {got[key]!r}"

    again = replay(GameRecord.from_dict(saved))
    assert views_of(again) == views_of(state)
    assert_no_leaks(state, view_objects(state))
