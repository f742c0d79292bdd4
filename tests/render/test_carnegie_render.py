"""Carnegie renderer: golden images (with a tolerance) of positions replayed from the engine's
fixtures, both themes, the chat board also as Discord shows it inline (550 px), the detail
board, the company board (``render_player`` / ``render_hand``), purity and scaling.

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
from render.carnegie import CHAT_W, render_board, render_company, render_hand, render_player

from .chat import MIN_TEXT, inline, measure
from .golden import check_golden, mean_abs_diff

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "carnegie"
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]


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
    image = render_board(position(fixture, moves), theme=theme, names=NAMES)
    check_golden(name, image)
    check_golden(f"{name}_550", inline(image))


def test_golden_detail_board() -> None:
    view = position("3p_mixed", 200)
    check_golden("carnegie_detail_3p", render_board(view, names=NAMES, detail=True))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_golden_company(theme: str) -> None:
    view = position("3p_mixed", 200)
    image = render_player(view, 1, names=NAMES, theme=theme)
    suffix = "" if theme == "light" else "_dark"
    check_golden(f"carnegie_company_3p{suffix}", image)
    check_golden(f"carnegie_company_3p{suffix}_550", inline(image))


def test_hand_is_the_company_board_and_readable_inline() -> None:
    view = position("3p_mixed", 200)
    assert (
        mean_abs_diff(render_hand(view, 2, names=NAMES), render_player(view, 2, names=NAMES)) == 0
    )
    assert render_company is render_player
    measured = measure(lambda: render_player(view, 2, names=NAMES))
    assert not measured.too_small(MIN_TEXT)
    with pytest.raises(ValueError):
        render_player(view, 3)


def test_chat_board_is_narrow_and_detail_is_full_size() -> None:
    view = position("4p_base", None)
    chat = render_board(view, names=NAMES)
    assert chat.width == CHAT_W
    assert render_board(view, names=NAMES, detail=True).width > chat.width
    measured = measure(lambda: render_board(view, names=NAMES))
    assert not measured.too_small(MIN_TEXT)
    assert any("Dmitri" in t.text for t in measured.texts)


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
    assert isinstance(render_player(view, 0, scale=0.5), Image.Image)
    detail = render_board(view, names=NAMES, detail=True)
    detail_half = render_board(view, names=NAMES, detail=True, scale=0.5)
    assert abs(detail_half.width - detail.width / 2) <= 1


def test_names_default_to_player_numbers_and_bad_options_fail() -> None:
    view = position("2p_base", 30)
    assert render_board(view).width == render_board(view, names=["X", "Y"]).width
    with pytest.raises(ValueError):
        render_board(view, theme="sepia")
    with pytest.raises(ValueError):
        render_player(view, 0, scale=0)
