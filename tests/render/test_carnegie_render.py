"""Carnegie renderer: golden images (with a tolerance) of positions replayed from the engine's
fixtures, both themes, the company board, purity and scaling.

Set ``BOARDROOM_UPDATE_GOLDEN=1`` to rewrite the golden PNGs after an intended change, then look
at them before committing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from games.carnegie import SPEC
from games.carnegie.view import CarnegieView
from games.core import GameRecord
from render.carnegie import render_board, render_company

from .golden import check_golden, mean_abs_diff

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "carnegie"
NAMES = ["Alice", "Bob", "Carol", "Dan"]


def position(fixture: str, moves: int | None) -> CarnegieView:
    """The public view after the first ``moves`` moves of a replay fixture (None: all)."""
    record = GameRecord.from_dict(json.loads((FIXTURES / f"{fixture}.json").read_text()))
    state = SPEC.new_game(SPEC.resolve_options(record.options), record.seats, record.seed)
    for seat, text in record.moves[:moves]:
        state.apply(seat, state.parse_move(seat, text))
    view = state.view(None)
    assert isinstance(view, CarnegieView)
    return view


CASES = {
    "carnegie_mid_3p": ("3p_mixed", 200, "light"),
    "carnegie_mid_3p_dark": ("3p_mixed", 200, "dark"),
    "carnegie_final_4p": ("4p_base", None, "light"),
    "carnegie_solo_mid": ("solo_base_d2", 60, "light"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_board(name: str) -> None:
    fixture, moves, theme = CASES[name]
    check_golden(name, render_board(position(fixture, moves), theme=theme, names=NAMES))


def test_golden_company() -> None:
    view = position("3p_mixed", 200)
    check_golden("carnegie_company_3p", render_company(view, 1, names=NAMES))


def test_positions_hold_what_the_goldens_show() -> None:
    mid = position("3p_mixed", 200)
    assert 5 <= mid.round <= 15 and mid.n_seats == 3
    assert any(s.owner is not None and s.owner >= 0 for c in mid.cities for s in c.spaces)
    assert any(c.added for c in mid.companies)
    final = position("4p_base", None)
    assert final.outcome is not None and final.n_seats == 4
    solo = position("solo_base_d2", 60)
    assert solo.andrew is not None and solo.andrew.card_back is not None


def test_rendering_is_pure_and_scales() -> None:
    view = position("3p_mixed", 200)
    a = render_board(view, names=NAMES)
    b = render_board(view, names=NAMES)
    assert mean_abs_diff(a, b) == 0
    half = render_board(view, names=NAMES, scale=0.5)
    assert abs(half.width - a.width / 2) <= 1 and abs(half.height - a.height / 2) <= 1
    assert isinstance(render_company(view, 0, scale=0.5), Image.Image)


def test_names_default_to_player_numbers_and_bad_options_fail() -> None:
    view = position("2p_base", 30)
    assert render_board(view).width == render_board(view, names=["X", "Y"]).width
    with pytest.raises(ValueError):
        render_board(view, theme="sepia")
    with pytest.raises(ValueError):
        render_company(view, 0, scale=0)
