"""Renderer contract for every registered game (issue 6 §3, issue 20, GUIDE "Rendering").

Each game declares one ``render.contract.Renderer`` (found by ``render.contract.of``, with no
import by name): a board, and where the game has them a player area, a hand and a zoom, plus
the board's text fallback. At the final position of every fixture of the game (or, for a
game without fixtures yet, of one seeded playout), for the public view and seat 0's view, in
both themes: an RGB image wide enough for Discord's inline preview, a PNG under Discord's
10 MiB limit, the same bytes every time; ``scale`` resizes proportionally; a bad theme or a
scale of 0 or less is a ``ValueError``. Every declared per-seat view draws for every seat;
the text fallback names every player and fits an attachment description.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image

from games.core import GameRecord, GameSpec, get_game, replay
from games.core.ai import play_out
from render import contract
from render.common import to_png

from .support import contract_games, fixture_id, fixture_paths, load_fixture

GAMES = contract_games()
THEMES = ("light", "dark")
DISCORD_INLINE = 550  # px: Discord's inline image width
DISCORD_LIMIT = 10 * 1024 * 1024


def renderer(key: str) -> Callable[..., Image.Image]:
    declared = contract.of(key)
    assert declared is not None, f"{key} declares no renderer (render.games.RENDERERS)"
    assert declared.game == key
    return declared.board


def final_positions() -> list[tuple[str, str, Callable[[], Any]]]:
    """(game key, position id, state factory) for every fixture's final position."""
    out: list[tuple[str, str, Callable[[], Any]]] = []
    for spec in GAMES:
        paths = fixture_paths(spec.key)
        for path in paths:
            out.append((spec.key, fixture_id(path), _fixture_state(str(path))))
        if not paths:
            out.append((spec.key, f"{spec.key}/playout0", _playout_state(spec.key)))
    return out


def _fixture_state(path: str) -> Callable[[], Any]:
    @cache
    def make() -> Any:
        from pathlib import Path

        return replay(GameRecord.from_dict(load_fixture(Path(path)).data))

    return make


def _playout_state(key: str) -> Callable[[], Any]:
    @cache
    def make() -> Any:
        spec = get_game(key)
        return play_out(spec, spec.min_players, 0)[0]

    return make


POSITIONS = final_positions()


@pytest.mark.parametrize("spec", GAMES, ids=[s.key for s in GAMES])
def test_every_game_has_a_renderer(spec: GameSpec) -> None:
    draw = renderer(spec.key)
    state = spec.create({}, spec.min_players, 1)
    image = draw(state.view(None), theme="light", scale=1.0)
    assert image.mode == "RGB" and image.width >= DISCORD_INLINE


@pytest.mark.parametrize(
    "key, make", [(k, m) for k, _, m in POSITIONS], ids=[i for _, i, _ in POSITIONS]
)
def test_final_position_renders_in_both_themes(key: str, make: Callable[[], Any]) -> None:
    draw = renderer(key)
    state = make()
    assert state.is_over()
    for viewer in (None, 0):
        view = state.view(viewer)
        for theme in THEMES:
            image = draw(view, theme=theme, scale=1.0)
            assert image.mode == "RGB"
            assert DISCORD_INLINE <= image.width <= 2400 and 300 <= image.height <= 4000
            png = to_png(image)
            assert len(png) < DISCORD_LIMIT
            assert to_png(draw(view, theme=theme, scale=1.0)) == png, "not deterministic"


@pytest.mark.parametrize("spec", GAMES, ids=[s.key for s in GAMES])
def test_scale_and_theme_bounds(spec: GameSpec) -> None:
    draw = renderer(spec.key)
    view = spec.create({}, spec.max_players, 2).view(None)
    full = draw(view, theme="light", scale=1.0)
    half = draw(view, theme="dark", scale=0.5)
    assert abs(half.width - full.width / 2) <= 2 and abs(half.height - full.height / 2) <= 2
    for bad in (0, -1.0):
        with pytest.raises(ValueError):
            draw(view, theme="light", scale=bad)
    with pytest.raises(ValueError):
        draw(view, theme="neon", scale=1.0)


NAMES = ["Ada", "Brontë", "Cyrus", "Dagny", "Ezra", "Freya", "Gus", "Hiro", "Ines", "Jo", "Kai"]


@pytest.mark.parametrize(
    "key, make", [(k, m) for k, _, m in POSITIONS], ids=[i for _, i, _ in POSITIONS]
)
def test_every_declared_view_draws_for_every_seat(key: str, make: Callable[[], Any]) -> None:
    declared = contract.of(key)
    assert declared is not None
    state = make()
    public = state.view(None)
    seats = declared.seats(public)
    assert seats >= 1
    names = NAMES[:seats]
    for seat in range(seats):
        for kind in sorted(declared.views & {"player", "hand"}):
            view = public if kind == "player" else state.view(seat)
            image = declared.draw(kind, view, seat=seat, names=names)
            assert image.mode == "RGB" and image.width >= DISCORD_INLINE // 2, (kind, seat)
            assert len(to_png(image)) < DISCORD_LIMIT
    if "zoom" in declared.views:
        with pytest.raises(ValueError):
            declared.draw("zoom", public, area="not an area", names=names)
    alt = declared.alt(public, names, "en")
    assert 0 < len(alt) <= 1000 and "\n" not in alt and "**" not in alt
    assert all(name in alt for name in names), alt
