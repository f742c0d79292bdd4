"""Replay fixtures: complete seeded Carnegie games (1-4 players, base / expansion / mixed
departments, printed and seed values) replayed move by move with the conservation invariants
checked after every move; final scores and end reason as recorded; records round-trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.carnegie import SPEC
from games.carnegie.state import CarnegieState
from games.core import GameRecord

from .test_playout import check_invariants

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "carnegie").glob("*.json"))


def test_fixtures_cover_every_player_count_and_department_option() -> None:
    data = [json.loads(p.read_text(encoding="utf-8")) for p in FIXTURES]
    assert {d["seats"] for d in data} == {1, 2, 3, 4}
    assert {d["options"]["departments"] for d in data} == {"base", "expansion", "mixed"}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_replays(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord.from_dict(raw)
    assert record.game == SPEC.key and record.engine_version == SPEC.engine_version
    assert GameRecord.from_dict(record.to_dict()).to_dict() == record.to_dict()
    state = SPEC.new_game(SPEC.resolve_options(record.options), record.seats, record.seed)
    assert isinstance(state, CarnegieState)
    check_invariants(state)
    for seat, text in record.moves:
        assert not state.is_over()
        state.apply(seat, state.parse_move(seat, text))
        check_invariants(state)
    out = state.outcome()
    assert out is not None
    assert {str(k): v for k, v in out.scores.items()} == raw["expect"]["scores"]
    assert out.reason == raw["expect"]["reason"]
