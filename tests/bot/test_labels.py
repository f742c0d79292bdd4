"""Issue 17, point 5: every game's panel speaks sentences. Over many positions of all five
games (recorded fixtures and AI playouts), every label a player reads — panel buttons and
select options at every drill-down level, one-click DM answers, ``/move`` autocomplete names
— is words: never equal to a raw notation, never with an underscore; the autocomplete value
stays the notation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.ui.autocomplete import suggestions
from bot.ui.panel import plan
from games.core import SYSTEM, GameState, Rng, get_game
from games.core.registry import BUILTIN_GAMES

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def fixture_positions(game: str, every: int) -> Iterator[GameState[Any]]:
    """Every ``every``-th position of each of the game's fixtures."""
    for path in sorted((FIXTURES / game).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        spec = get_game(data["game"])
        state = spec.new_game(
            spec.resolve_options(data.get("options", {})), data["seats"], data["seed"]
        )
        state.engine_version = data.get("engine_version", spec.engine_version)
        for i, (seat, text) in enumerate(data["moves"]):
            if i % every == 0:
                yield state
            state.apply(seat, state.parse_move(seat, text))


def ai_positions(game: str, seed: int, every: int, limit: int = 1500) -> Iterator[GameState[Any]]:
    """Every ``every``-th position of a game the AI plays against itself."""
    spec = get_game(game)
    state = spec.new_game(spec.resolve_options({}), spec.max_players, seed)
    policy = spec.ai
    assert policy is not None
    for i in range(limit):
        if state.is_over():
            return
        if i % every == 0:
            yield state
        seats = sorted(state.to_act())
        if not seats:
            dl = state.deadline()
            assert dl is not None
            state.apply(SYSTEM, dl.move)
            continue
        seat = seats[i % len(seats)]
        rng = Rng(seed * 7919 + i)
        state.apply(seat, policy.choose(state, seat, rng))


def problems(state: GameState[Any], seat: int) -> list[str]:
    """Every label ``seat`` may read now that is a raw notation or has an underscore."""
    legal = list(state.legal_moves(seat))
    notations = {m.notation.lower() for m in legal}
    templates = list(state.move_templates(seat))
    found: list[str] = []

    def check(where: str, label: str) -> None:
        if "_" in label or label.strip().lower() in notations:
            found.append(f"{where}: {label!r}")

    def label(move: Any) -> str:
        return state.describe(seat, move)

    prefixes = [""]
    seen: set[str] = set()
    while prefixes:
        prefix = prefixes.pop()
        if prefix in seen:
            continue
        seen.add(prefix)
        for block in plan(prefix, legal, templates, label):
            for entry in block.entries:
                check(f"panel {prefix!r}", entry.label)
                if entry.kind == "prefix":
                    prefixes.append(entry.prefix)
    typed = {""} | {m.notation.split()[0] for m in legal} | {m.notation for m in legal[::7]}
    for text in sorted(typed):
        values = set()
        for s in suggestions(state, seat, text):
            check(f"autocomplete {text!r}", s.name)
            values.add(s.value)
        if text in notations:
            assert text in values, (text, values)  # the notation stays the value
    return found


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_every_label_is_words_not_notation(game: str) -> None:
    every = {"masters_of_commerce": 9, "food_chain_magnate": 7, "carnegie": 6}.get(game, 3)
    checked = 0
    found: list[str] = []
    sources = [fixture_positions(game, every), *(ai_positions(game, s, every) for s in (3, 11))]
    for positions in sources:
        for state in positions:  # checked before the next move is applied
            for seat in sorted(state.to_act()):
                found += problems(state, seat)
                checked += 1
    assert checked > 100, checked
    assert not found, f"{len(found)} raw labels, e.g. {sorted(set(found))[:12]}"
