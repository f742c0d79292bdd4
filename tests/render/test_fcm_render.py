"""Food Chain Magnate renderer: golden images (with a tolerance), purity, size, names.

Set ``BOARDROOM_UPDATE_GOLDEN=1`` to rewrite the golden PNGs after an intended change, then
look at them before committing.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from games.core import GameRecord, replay
from games.food_chain_magnate.view import FcmView
from render.common import to_png
from render.food_chain_magnate import render_board

from .golden import check_golden

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "food_chain_magnate"
NAMES = ["Alice", "Bob", "Chidi", "Dana", "Eve"]


def _view(name: str, fraction: float = 1.0, seat: int | None = None) -> FcmView:
    record = GameRecord.from_dict(json.loads((FIXTURES / f"{name}.json").read_text()))
    state = replay(record, upto=round(len(record.moves) * fraction))
    return state.view(seat)  # type: ignore[no-any-return]


CASES = {
    "fcm_2p_mid": (lambda: _view("2p", 0.6), "light"),
    "fcm_5p_mid_dark": (lambda: _view("5p", 0.7), "dark"),
    "fcm_4p_final": (lambda: _view("4p"), "light"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    make, theme = CASES[name]
    check_golden(name, render_board(make(), theme=theme, names=NAMES))


def test_render_is_pure() -> None:
    view = _view("3p", 0.5)
    first = to_png(render_board(view))
    render_board(_view("5p", 0.3), theme="dark")
    assert to_png(render_board(view)) == first


def test_size_and_scale() -> None:
    full = render_board(_view("4p", 0.5))
    assert full.width == 1100 and full.mode == "RGB"
    half = render_board(_view("4p", 0.5), scale=0.5)
    assert abs(half.width - full.width / 2) <= 2 and abs(half.height - full.height / 2) <= 2


def test_names_are_drawn_and_bad_options_rejected() -> None:
    view = _view("2p", 0.5)
    assert to_png(render_board(view, names=["Ann", "Ben"])) != to_png(render_board(view))
    with pytest.raises(ValueError):
        render_board(view, theme="sepia")
    with pytest.raises(ValueError):
        render_board(view, scale=0)


def test_every_fixture_renders_at_its_end_in_both_themes() -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        view = _view(path.stem)
        for theme in ("light", "dark"):
            render_board(replace(view), theme=theme)
