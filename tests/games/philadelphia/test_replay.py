"""Philadelphia replay fixtures: complete AI-played games of 2, 3 and 4 players replay move
by move to the recorded scores and end reason, with cards (85) and items (15) conserved
at every move; a record saves and loads unchanged. ``v1_*.json`` were recorded with engine
version 1 (the first card list) and still replay under its rules.

Regenerate the current fixtures with ``python -m tests.games.philadelphia.test_replay`` only
when the rules or the card list change on purpose (that is an engine_version bump; keep the
old ones as ``v<N>_*.json``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.core import GameRecord, get_game, replay
from games.core.ai import RandomPolicy, play_out
from games.philadelphia import SPEC
from games.philadelphia.state import PhilaState

FIXTURES = Path(__file__).parents[2] / "fixtures" / "philadelphia"
GAMES = {"ai_2p": (2, 686), "ai_3p": (3, 23), "ai_4p": (4, 37), "mixed_3p": (3, 5)}


def test_a_version_1_record_replays_with_version_1_rules() -> None:
    """Engine version 1's games keep their card list, start player and scores on replay."""
    data = json.loads((FIXTURES / "v1_ai_2p.json").read_text())
    state = replay(GameRecord.from_dict(data))
    assert state.engine_version == 1 and "lawyer" in state.data.job_index
    assert state.outcome().scores == {int(k): v for k, v in data["expect"]["scores"].items()}  # type: ignore[union-attr]


def test_the_engine_version_is_fixed_once_a_move_is_made() -> None:
    state: PhilaState = SPEC.new_game({}, 2, 4)
    assert state.engine_version == SPEC.engine_version and state.published_list
    state.engine_version = 1
    assert not state.published_list and state.start_player == 0
    state.apply(0, state.legal_moves(0)[0])
    with pytest.raises(ValueError):
        state.engine_version = 2


def _fixtures() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def test_there_is_a_fixture_for_each_player_count() -> None:
    seats = {json.loads(p.read_text())["seats"] for p in _fixtures()}
    assert seats == {2, 3, 4}


@pytest.mark.parametrize("path", _fixtures(), ids=lambda p: p.stem)
def test_fixture_replays_to_its_recorded_result(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text())
    record = GameRecord.from_dict(data)
    assert record.game == "philadelphia" and SPEC.can_replay(record.engine_version)
    assert path.stem.startswith("v") == (record.engine_version < SPEC.engine_version)
    spec = get_game(record.game)
    state: PhilaState = spec.new_game(
        spec.resolve_options(record.options), record.seats, record.seed
    )
    state.engine_version = record.engine_version
    for seat, text in record.moves:
        assert not state.is_over()
        state.apply(seat, state.parse_move(seat, text))
        assert state.card_count() == 85, f"cards not conserved after {text!r}"
        assert state.item_count() == 15, f"items not conserved after {text!r}"
        assert all(p.money >= 0 for p in state.players)
    outcome = state.outcome()
    assert outcome is not None
    assert {str(k): v for k, v in outcome.scores.items()} == data["expect"]["scores"]
    assert outcome.reason == data["expect"]["reason"]
    # save -> load -> save is identical, and the core's replay agrees
    assert GameRecord.from_dict(record.to_dict()).to_dict() == record.to_dict()
    assert replay(record).view(None) == state.view(None)


def write_fixtures() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, (seats, seed) in GAMES.items():
        # mixed_3p: seat p2 plays uniformly at random, so many more effects turn up
        policies = {1: RandomPolicy()} if name.startswith("mixed") else None
        state, record = play_out(SPEC, seats, seed, policies=policies)
        outcome = state.outcome()
        assert outcome is not None
        data = record.to_dict()
        data["expect"] = {
            "scores": {str(k): v for k, v in outcome.scores.items()},
            "reason": outcome.reason,
        }
        path = FIXTURES / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        print(path, len(record.moves), "moves", outcome.scores, outcome.reason)


if __name__ == "__main__":
    write_fixtures()
