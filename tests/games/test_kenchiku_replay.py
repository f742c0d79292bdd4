"""Kenchiku replay fixtures and Kenchiku-specific random-playout checks (seed 002).

The fixtures are ``tests/fixtures/kenchiku/*.json``; the contract suite (``tests/contract``)
replays each to its ``expect``ed outcome, checks save -> load -> save and the invariants.

* ``v1_*``: engine version 1 (before the seed review of issue 6), played by the seeded test
  policy of the time. They must replay to the same result as long as version 1 is
  supported (``GameSpec.oldest_engine_version``).
* ``v2_*``: engine version 2, played by the AI and uniformly random seats through
  ``games.core.ai.play_out``; they replay with the version-2 rules.
* ``v3_*``: engine version 3 (a rest must return a marker: option ``bare_rest``), the same
  games. Regenerate the current version's files with ``python -m tests.games.test_kenchiku_replay``
  only when the rules change on purpose: that is an engine_version bump, and the old files
  stay as they are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.core import GameError, GameRecord, Rng, get_game, replay, view_as_dict
from games.core.ai import Policy, RandomPolicy, play_out
from games.kenchiku import AI, KenchikuState
from tests.contract.invariants import check_invariants

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "kenchiku"
SPEC = get_game("kenchiku")


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def fixtures(version: int) -> list[Path]:
    return sorted(FIXTURES.glob(f"v{version}_*.json"))


def replayed(data: dict[str, Any]) -> KenchikuState:
    st = replay(GameRecord.from_dict(data))
    assert isinstance(st, KenchikuState)
    return st


def test_fixtures_cover_every_engine_version() -> None:
    assert len(fixtures(1)) >= 2 and len(fixtures(2)) >= 3 and len(fixtures(3)) >= 3
    for version in (1, 2, 3):
        assert all(load(p)["engine_version"] == version for p in fixtures(version))


def test_v2_fixtures_exercise_the_seed_review_rules() -> None:
    """Between them the v2 games end a turn with ``done``, repay after an action, put a park
    on land value 0, and score the ``modest`` citizen card."""
    seen = {"done": False, "repay_after_action": False, "park_on_zero": False, "modest": False}
    for path in fixtures(2) + fixtures(3):
        data = load(path)
        st = SPEC.create(data["options"], data["seats"], data["seed"])
        assert isinstance(st, KenchikuState)
        for seat, text in data["moves"]:
            move = st.parse_move(seat, text)
            if text.startswith("park"):
                seen["park_on_zero"] |= st.board.land_value(st.city.index[move.coord]) == 0
            seen["done"] |= text == "done"
            seen["repay_after_action"] |= text == "loan repay" and st.repay_offered
            st.apply(seat, move)
        out = st.outcome()
        assert out is not None
        seen["modest"] |= any("voice_modest" in d for d in out.details.values())
    assert all(seen.values()), seen


def test_v1_records_need_the_v1_rules() -> None:
    """Gating by ``engine_version`` matters: the v1 2-player game (the ``modest`` card in
    play) does not give its recorded result under the version-2 rules."""
    data = load(FIXTURES / "v1_2p_seed48.json")
    out = replayed(data).outcome()
    assert out is not None and out.to_dict() == data["expect"]
    assert "voice_modest" in out.details[0]
    under_v2 = replayed({**data, "engine_version": 2}).outcome()
    assert under_v2 is not None and under_v2.to_dict() != data["expect"]
    assert under_v2.details[0]["voice_modest"] > out.details[0]["voice_modest"]


def test_v2_records_keep_the_bare_rest() -> None:
    """Engine version 2 let a company holding one marker of each type rest returning nothing
    even when it could build or buy; version 3 refuses that rest (option bare_rest), so a v2
    game that used it replays only with the version-2 rules."""
    record, st = GameRecord("kenchiku", 2, 7, 2, SPEC.resolve_options({})), None
    st = SPEC.new_game(record.options, 2, 7)
    st.engine_version = 2
    rng = Rng(7)
    while not st.is_over():
        seat = st.current
        move = rng.choice(st.legal_moves(seat))
        record.moves.append((seat, move.notation))
        st.apply(seat, move)
    assert "rest" in [n for _, n in record.moves]
    assert replayed(record.to_dict()).outcome() == st.outcome()
    with pytest.raises(GameError, match="Every rest returns one marker"):
        replay(GameRecord.from_dict({**record.to_dict(), "engine_version": 3}))


def test_v3_fixtures_include_a_last_resort_rest() -> None:
    data = load(FIXTURES / "v3_2p_random_last_resort.json")
    st = SPEC.new_game(data["options"], data["seats"], data["seed"])
    assert isinstance(st, KenchikuState)
    seen = False
    for seat, text in data["moves"]:
        if text == "rest":
            seen = True
            assert [
                m.notation for m in st.legal_moves(seat) if not m.notation.startswith("loan")
            ] == ["rest"]
        st.apply(seat, st.parse_move(seat, text))
    assert seen


def test_old_records_still_replay() -> None:
    assert SPEC.can_replay(1) and SPEC.can_replay(SPEC.engine_version)
    assert not SPEC.can_replay(0)


# -- uniformly random play ------------------------------------------------------------------


def play_uniform(seats: int, seed: int, cap: int = 5000) -> tuple[GameRecord, KenchikuState]:
    """Uniformly random legal moves until the game ends (``cap`` guards against a stall)."""
    record = GameRecord("kenchiku", SPEC.engine_version, seed, seats, SPEC.resolve_options({}))
    st = SPEC.new_game(record.options, seats, seed)
    assert isinstance(st, KenchikuState)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(cap):
        if st.is_over():
            break
        seat = st.current
        move = rng.choice(st.legal_moves(seat))
        record.moves.append((seat, move.notation))
        st.apply(seat, move)
    return record, st


def all_notations(st: KenchikuState) -> list[str]:
    """Every well-formed move, legal or not."""
    out = [f"build {c} {r}" for c in st.city.coords for r in ("money", "honour")]
    out += [f"park {c}" for c in st.city.coords]
    for m in ("structure", "design", "planning", "workers"):
        out += [f"buy {m}", f"rest drop {m}"]
    return [*out, "rest", "loan take", "loan repay", "done"]


def check_refusal_matches_legal(st: KenchikuState, seat: int, legal: set[str]) -> None:
    """``refusal`` accepts exactly the moves ``legal_moves`` offers, and explains the rest:
    the fast enumeration and the rules' reasons never disagree, on every well-formed move."""
    for text in all_notations(st):
        reason = st.refusal(seat, st.parse_move(seat, text))
        assert (reason is None) == (text in legal), (text, reason)
        assert reason is None or (
            reason.endswith(".") and getattr(reason, "key", "").startswith("kenchiku.")
        )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_uniform_random_playouts_conform(seats: int) -> None:
    """Random-playout conformance: legal moves exist, round-trip, apply; views do not leak."""
    for seed in range(6):
        st = SPEC.new_game({}, seats, 1000 * seats + seed)
        assert isinstance(st, KenchikuState)
        rng = Rng(seed)
        record: list[tuple[int, str]] = []
        while not st.is_over():
            seat = st.current
            assert st.to_act() == frozenset({seat})
            moves = st.legal_moves(seat)
            assert moves
            texts = [m.notation for m in moves]
            assert len(set(texts)) == len(texts)
            for m in moves:
                assert len(m.notation) <= 100 and m.notation == m.notation.lower()
                assert st.parse_move(seat, m.notation) == m
            if len(record) % 5 == 0 or st.repay_offered:
                check_refusal_matches_legal(st, seat, set(texts))
            move = rng.choice(moves)
            record.append((seat, move.notation))
            st.apply(seat, move)
            check_invariants("kenchiku", st)
        rec = GameRecord("kenchiku", SPEC.engine_version, 1000 * seats + seed, seats, {}, record)
        assert view_as_dict(replay(rec).view(None)) == view_as_dict(st.view(None))


def test_uniform_random_games_always_end() -> None:
    """Bankruptcy and the end trigger bound every game: 200 random games all finish."""
    for seed in range(200):
        record, st = play_uniform(2 + seed % 3, seed)
        assert st.outcome() is not None, f"seed {seed} stalled after {len(record.moves)} moves"


def test_same_seed_same_game() -> None:
    a, _ = play_uniform(3, 42)
    b, _ = play_uniform(3, 42)
    assert a.moves == b.moves


# -- regenerating the current version's fixtures --------------------------------------------

RANDOM = RandomPolicy()
GAMES: dict[str, tuple[int, int, dict[int, Policy], dict[str, str], str]] = {
    # name (after the version prefix): (seats, seed, policies, options, what it shows)
    "2p_ai": (2, 1, {0: AI, 1: AI}, {}, "two AIs; honour ends it"),
    "3p_mixed": (
        3,
        13,
        {0: AI, 1: RANDOM, 2: AI},
        {"citizen": "line+modest"},
        "AI, random, AI; a park on land value 0 and `done` after an action",
    ),
    "4p_mixed": (
        4,
        6,
        {0: AI, 1: RANDOM, 2: AI, 3: RANDOM},
        {},
        "AI and random seats alternating; repayments after the action",
    ),
    "2p_random_last_resort": (
        2,
        10,
        {0: RANDOM, 1: RANDOM},
        {},
        "two random seats; a rest with one marker of each type as the last resort",
    ),
    "2p_bankruptcy": (
        2,
        27,
        {0: RANDOM, 1: AI},
        {"citizen": "parkneighbour+modest"},
        "random against the AI; ends when the random company goes bankrupt",
    ),
}


def _write_fixtures() -> None:
    for name, (seats, seed, policies, options, what) in GAMES.items():
        state, record = play_out(SPEC, seats, seed, policies=policies, options=options)
        out = state.outcome()
        assert out is not None
        data = {
            "about": (
                f"Kenchiku, {seats} players, seed {seed}, engine version "
                f"{record.engine_version}: {what} (games.core.ai.play_out; see "
                "tests/games/test_kenchiku_replay.py)."
            ),
            **record.to_dict(),
            "expect": out.to_dict(),
        }
        path = FIXTURES / f"v{record.engine_version}_{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(path.name, len(record.moves), "moves:", out.reason, dict(out.scores))


if __name__ == "__main__":
    _write_fixtures()
