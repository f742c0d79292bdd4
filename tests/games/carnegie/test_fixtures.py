"""Replay fixtures: complete seeded Carnegie games (1-4 players, base / expansion / mixed
departments, printed and seed values) replayed move by move with the conservation invariants
checked after every move; final scores and end reason as recorded; records round-trip.

* ``v1_*``: engine version 1 (before issue 19). They must replay to the same result under the
  version-1 rules as long as version 1 is supported (``GameSpec.oldest_engine_version``).
* the others: the current engine version (2: the seed's readings by default). Regenerate them
  with ``python -m tests.games.carnegie.make_fixtures`` only when the rules change on purpose:
  that is an engine_version bump, and the old files are kept as ``v<version>_*.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.carnegie import SPEC
from games.carnegie.state import CarnegieState
from games.core import GameRecord

from .test_playout import check_invariants

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "carnegie").glob("*.json"))


def recorded_with(path: Path) -> int:
    """The engine version a fixture's name says (``v1_...``; no prefix: the current one)."""
    head = path.name.split("_", 1)[0]
    return int(head[1:]) if head[:1] == "v" and head[1:].isdigit() else SPEC.engine_version


def load(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_fixtures_cover_every_player_count_and_department_option() -> None:
    for version in (1, SPEC.engine_version):
        data = [load(p) for p in FIXTURES if recorded_with(p) == version]
        assert all(d["engine_version"] == version for d in data)
        assert {d["seats"] for d in data} == {1, 2, 3, 4}
        assert {d["options"]["departments"] for d in data} == {"base", "expansion", "mixed"}  # type: ignore[index]


def replayed(raw: dict[str, object]) -> CarnegieState:
    record = GameRecord.from_dict(raw)
    assert record.game == SPEC.key and SPEC.can_replay(record.engine_version)
    state = SPEC.new_game(SPEC.resolve_options(record.options), record.seats, record.seed)
    assert isinstance(state, CarnegieState)
    state.engine_version = record.engine_version
    check_invariants(state)
    for seat, text in record.moves:
        assert not state.is_over()
        state.apply(seat, state.parse_move(seat, text))
        check_invariants(state)
    return state


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture_replays(path: Path) -> None:
    raw = load(path)
    record = GameRecord.from_dict(raw)
    assert GameRecord.from_dict(record.to_dict()).to_dict() == record.to_dict()
    out = replayed(raw).outcome()
    assert out is not None
    assert {str(k): v for k, v in out.scores.items()} == raw["expect"]["scores"]  # type: ignore[index]
    assert out.reason == raw["expect"]["reason"]  # type: ignore[index]
