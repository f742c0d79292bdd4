"""Carnegie renderer: golden images (with a tolerance) of positions replayed from the engine's
fixtures, both themes, the chat board also as Discord shows it inline (550 px), the detail
board, the company board (``render_player`` / ``render_hand``), purity and scaling.

Set ``BOARDROOM_UPDATE_GOLDEN=1`` to rewrite the golden PNGs after an intended change, then look
at them before committing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

import render.carnegie as carnegie
from games.carnegie import SPEC
from games.carnegie.view import CarnegieView
from games.core import GameRecord
from render.carnegie import CHAT_W, render_board, render_company, render_hand, render_player
from render.common import Pen, record_text

from .chat import MIN_TEXT, Measured, fresh, inline, measure
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


def _fresh() -> None:
    """Clear the renderer's cached layers so all its text is drawn (and measured) now."""
    fresh(carnegie)


def _measure(draw: Callable[[], Image.Image]) -> Measured:
    _fresh()
    return measure(draw)


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
    measured = _measure(lambda: render_player(view, 2, names=NAMES))
    assert not measured.too_small(MIN_TEXT)
    with pytest.raises(ValueError):
        render_player(view, 3)


def test_chat_board_is_narrow_and_detail_is_full_size() -> None:
    view = position("4p_base", None)
    chat = render_board(view, names=NAMES)
    assert chat.width == CHAT_W
    assert render_board(view, names=NAMES, detail=True).width > chat.width
    measured = _measure(lambda: render_board(view, names=NAMES))
    assert not measured.too_small(MIN_TEXT)
    assert any("Dmitri" in t.text for t in measured.texts)
    assert any(t.text == "New Orleans 3" for t in measured.texts)  # the map's (cached) names


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


def test_chat_and_detail_boards_are_one_list_of_sections() -> None:
    """Both sizes draw the same sections in the same order; a size shows or hides a part
    (the detail board adds the transport tracks, Andrew's cards and the legend)."""
    view = position("solo_base_d2", 60)
    th = carnegie.THEMES["light"]
    heights = {}
    for size in (carnegie.CHAT, carnegie.DETAIL):
        pen = Pen(Image.new("RGB", (1, 1)), 1.0, th.ink)
        sections = carnegie._Board(pen, th, view, NAMES[:1], size).sections()
        heights[size.width] = [s.height(size.column(s.place)) for s in sections]
    chat, detail = heights[carnegie.CHAT.width], heights[carnegie.DETAIL.width]
    assert len(chat) == len(detail) == 10
    shown = [c > 0 for c in chat], [d > 0 for d in detail]
    # header, outcome (not over), timeline, map, tracks, players, donations, turn, Andrew, legend
    assert shown[0] == [True, False, True, True, False, True, True, True, False, False]
    assert shown[1] == [True, False, True, True, True, True, True, True, True, True]
    chat_texts = {c.text for c in _measure(lambda: render_board(view, names=NAMES)).texts}
    detail_measured = _measure(lambda: render_board(view, names=NAMES, detail=True))
    detail_texts = {c.text for c in detail_measured.texts}
    assert "Legend" in detail_texts and "Legend" not in chat_texts
    assert "Transport (box 1-5, level)" in detail_texts
    assert "Research & Development" in detail_texts  # long action names, from the terms
    assert "R&D" in chat_texts


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", ["chat", "detail"])
def test_map_names_cover_no_city_region_or_other_name(lang: str, size: str) -> None:
    """Every city's name (Japanese katakana are wider) is placed on the map clear of every
    city box, region name, other city's name and the key line, at both sizes."""
    board = carnegie.CHAT if size == "chat" else carnegie.DETAIL
    w = board.column(board.place("map"))
    pen = Pen(Image.new("RGB", (1, 1)), 1.0, lang=lang)
    boxes, regions, labels = carnegie._map_plan(pen, lang, w, board.long_names, not board.legend)
    h = carnegie.MAP_H * w / carnegie.MAP_W

    def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
        dx = min(a[2], b[2]) - max(a[0], b[0])
        dy = min(a[3], b[3]) - max(a[1], b[1])
        return dx * dy if dx > 0 and dy > 0 else 0.0

    assert len(labels) == len(boxes) == 32
    others = [*boxes.values(), *(r.ink for r in regions)]
    for i, label in enumerate(labels):
        x0, y0, x1, y1 = label.ink
        assert x0 >= 0 and x1 <= w and y0 >= 0 and y1 <= h, label
        hit = [o for o in [*others, *(m.ink for m in labels[i + 1 :])] if overlap(label.ink, o)]
        assert not hit, f"{label.text!r} covers {hit}"


def test_japanese_board_names_cities_actions_and_regions_by_the_game_terms() -> None:
    """Japanese boards name cities (carnegie.term.city.*), actions (carnegie.term.action.*,
    action_long.*) and regions (carnegie.term.region.*) as the catalogue does: no English
    city, action or region name is drawn."""
    view = position("3p_mixed", 200)
    for detail in (False, True):
        _fresh()
        with record_text() as texts:
            render_board(view, names=["山田", "鈴木", "高橋"], lang="ja", detail=detail)
        drawn = {text for text, _, _ in texts}
        joined = " ".join(drawn)
        assert "シカゴ 3" in drawn and "ニューオーリンズ 3" in drawn
        assert "人事" in drawn and "研究開発" in drawn and "西部" in drawn
        for english in ("Chicago", "New York", "Salt Lake", "HR", "R&D", "Research", "WEST"):
            assert english not in joined, (detail, english)
