"""Kenchiku renderer: golden images (with a tolerance) of the chat board, its 550 px inline
rendering, the detailed board and one company's view; text sizes at Discord's inline width;
players by name; purity; and the /hand text.

Set ``BOARDROOM_UPDATE_GOLDEN=1`` to rewrite the golden PNGs after an intended change, then
look at them (full size and the ``_550`` ones) before committing.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

import render.kenchiku as kenchiku
from bot.hand_text import kenchiku_hand as hand_text
from games.kenchiku.view import KenchikuView
from render.common import to_png
from render.kenchiku import (
    CHAT_W,
    ROW_H,
    SEAT_SHAPES,
    render_board,
    render_player,
)

from .chat import MIN_TEXT, Measured, fresh, has_ocr, inline, measure, ocr_words
from .golden import GOLDEN_DIR, UPDATE, check_golden, mean_abs_diff
from .kenchiku_fixtures import final_4p, mid_3p, mid_4p, seat_view, start_2p

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri"]


def _mid_4p_named() -> Image.Image:
    return render_board(mid_4p(), names=NAMES)


def _final_4p_named() -> Image.Image:
    return render_board(final_4p(), names=NAMES)


CASES: dict[str, Callable[[], Image.Image]] = {
    "kenchiku_chat_start_2p": lambda: render_board(start_2p(), names=NAMES[:2]),
    "kenchiku_chat_mid_3p_550": lambda: inline(render_board(mid_3p(), names=NAMES[:3])),
    "kenchiku_chat_mid_4p": _mid_4p_named,
    "kenchiku_chat_mid_4p_550": lambda: inline(_mid_4p_named()),
    "kenchiku_chat_mid_4p_dark_550": lambda: inline(
        render_board(mid_4p(), names=NAMES, theme="dark")
    ),
    "kenchiku_chat_final_4p": _final_4p_named,
    "kenchiku_chat_final_4p_550": lambda: inline(_final_4p_named()),
    "kenchiku_detail_final_4p": lambda: render_board(final_4p(), names=NAMES, detail=True),
    "kenchiku_detail_mid_4p_dark": lambda: render_board(
        mid_4p(), names=NAMES, theme="dark", detail=True
    ),
    "kenchiku_player_mid_4p": lambda: render_player(seat_view(mid_4p(), 2, 17), 2, names=NAMES),
}


def _fresh() -> None:
    """Clear the renderer's cached layers so all its text is drawn (and measured) now."""
    fresh(kenchiku)


def _measure(draw: Callable[[], Image.Image]) -> Measured:
    _fresh()
    return measure(draw)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    check_golden(name, CASES[name]())


@pytest.mark.parametrize(
    "make, seats",
    [(start_2p, 2), (mid_3p, 3), (mid_4p, 4), (final_4p, 4)],
    ids=["start_2p", "mid_3p", "mid_4p", "final_4p"],
)
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_chat_board_text_is_at_least_11px_inline(
    make: Callable[[], KenchikuView], seats: int, theme: str
) -> None:
    measured = _measure(lambda: render_board(make(), names=NAMES[:seats], theme=theme))
    assert measured.image.width == CHAT_W
    assert not measured.too_small(MIN_TEXT)
    assert min(c.size for c in measured.texts if c.text.strip()) >= kenchiku.MIN_TEXT


def test_chat_board_at_the_bots_scale_keeps_its_proportions() -> None:
    measured = _measure(lambda: render_board(mid_4p(), names=NAMES, scale=0.75))
    assert not measured.too_small(MIN_TEXT)


def test_player_view_text_is_at_least_11px_inline() -> None:
    for seat in range(4):
        measured = _measure(lambda s=seat: render_player(mid_4p(), s, names=NAMES))  # type: ignore[misc]
        assert not measured.too_small(MIN_TEXT), seat


def test_players_appear_by_name_never_by_letter() -> None:
    for draw in (_mid_4p_named, _final_4p_named):
        texts = [c.text for c in _measure(draw).texts]
        joined = " ".join(texts)
        for name in NAMES:
            assert name in texts
        assert "Company" not in joined
        # The seats' second cue is a shape: no capital letter stands alone on the board.
        assert not [t for t in texts if re.fullmatch(r"[A-Z]", t)]
    # The engine's "Company B rested..." is told with the name.
    assert any(
        t.startswith("Bruno rested") for t in (c.text for c in _measure(_mid_4p_named).texts)
    )


def test_names_fall_back_to_seat_numbers_and_are_shortened() -> None:
    texts = {c.text for c in _measure(lambda: render_board(mid_4p())).texts}
    assert {"P1", "P2", "P3", "P4"} <= texts
    long = ["Alexandra the Great", "", "Chiara", "Dmitri"]
    texts = {c.text for c in _measure(lambda: render_board(mid_4p(), names=long)).texts}
    assert {"Alexandra", "P2"} <= texts


def test_seat_shapes_are_distinct() -> None:
    assert len(set(SEAT_SHAPES)) == len(SEAT_SHAPES) == 4


def test_layout_adapts_to_the_number_of_companies() -> None:
    three, four = render_board(mid_3p()), render_board(mid_4p())
    assert three.width == four.width == CHAT_W
    assert four.height - three.height == ROW_H


def test_detail_board_has_what_the_chat_board_leaves_out() -> None:
    chat = {c.text for c in _measure(_mid_4p_named).texts}
    detail = {c.text for c in _measure(lambda: render_board(mid_4p(), detail=True)).texts}
    card = "Build a building of height 3 or more along the avenue."
    assert "Legend" in detail and "Legend" not in chat
    assert any(card.startswith(t) for t in detail if len(t) > 10)
    assert not any(card.startswith(t) for t in chat if len(t) > 10)
    assert "Landmark on" in chat  # the card's title, wrapped


def test_render_is_pure() -> None:
    view = mid_4p()
    first = to_png(render_board(view, names=NAMES))
    first_detail = to_png(render_board(view, detail=True))
    render_board(final_4p(), theme="dark")  # other renders in between must not leak state
    render_board(final_4p(), theme="dark", detail=True)
    assert to_png(render_board(view, names=NAMES)) == first
    assert to_png(render_board(view, detail=True)) == first_detail
    assert view == mid_4p()


def test_image_sizes() -> None:
    chat = render_board(mid_4p())
    assert chat.width == CHAT_W
    assert chat.height <= 1.7 * chat.width
    assert chat.mode == "RGB"
    detail = render_board(mid_4p(), detail=True)
    assert 1200 <= detail.width <= 1600
    assert detail.height <= 1200


@pytest.mark.parametrize("detail", [False, True])
def test_scale_changes_size_only_proportionally(detail: bool) -> None:
    full = render_board(mid_4p(), detail=detail)
    half = render_board(mid_4p(), scale=0.5, detail=detail)
    assert abs(half.width - full.width / 2) <= 2
    assert abs(half.height - full.height / 2) <= 2


def test_bad_options_are_rejected() -> None:
    with pytest.raises(ValueError):
        render_board(start_2p(), theme="neon")
    with pytest.raises(ValueError):
        render_board(start_2p(), scale=0)
    with pytest.raises(ValueError):
        render_player(start_2p(), 0, scale=-1)
    with pytest.raises(KeyError):
        render_player(start_2p(), 3)


@pytest.mark.parametrize("detail", [False, True])
def test_public_image_never_shows_money(detail: bool) -> None:
    """Money present in a view but not for its viewer is not drawn (viewer None = channel)."""
    public = mid_4p()
    leaked = replace(
        public,
        companies=tuple(replace(c, money=40 + c.seat) for c in public.companies),
    )
    assert to_png(render_board(leaked, detail=detail)) == to_png(
        render_board(public, detail=detail)
    )
    assert to_png(render_player(leaked, 1)) == to_png(render_player(public, 1))


def test_own_money_is_drawn_for_the_viewer() -> None:
    own_view = seat_view(mid_4p(), 2, 17)
    for detail in (False, True):
        assert (
            mean_abs_diff(
                render_board(mid_4p(), detail=detail), render_board(own_view, detail=detail)
            )
            > 0
        )
    texts = {c.text for c in _measure(lambda: render_board(own_view, names=NAMES)).texts}
    assert "money 17" in texts
    texts = {c.text for c in _measure(lambda: render_player(own_view, 2)).texts}
    assert any("money 17" in t for t in texts)
    texts = {c.text for c in _measure(lambda: render_player(mid_4p(), 2)).texts}
    assert any("money hidden" in t for t in texts)


def test_player_view_lists_buildings_and_park() -> None:
    texts = " ".join(c.text for c in _measure(lambda: render_player(mid_4p(), 1)).texts)
    assert "e2 5" in texts and "Park: f2" in texts


def test_png_is_small_enough_for_discord() -> None:
    assert len(to_png(render_board(final_4p()))) < 1024 * 1024
    assert len(to_png(render_board(final_4p(), detail=True))) < 2 * 1024 * 1024


def test_hand_text_shows_the_seats_money_and_name() -> None:
    view = seat_view(mid_4p(), 1, 23)
    text = hand_text(view, 1, names=NAMES)
    assert len(text) < 2000
    assert "23" in text
    assert "**Bruno**" in text and "square" in text
    assert "LOAN" in text.upper()
    for word in ("Structure", "Design", "Planning", "Workers"):
        assert word in text
    assert "**P2**" in hand_text(view, 1)


def test_hand_text_every_fixture_is_short() -> None:
    for make in (start_2p, mid_4p, final_4p):
        view = make()
        for co in view.companies:
            text = hand_text(seat_view(view, co.seat, 999), co.seat)
            assert len(text) < 1500
            assert "999" in text


def test_hand_text_unknown_seat() -> None:
    with pytest.raises(KeyError):
        hand_text(start_2p(), 3)


def test_golden_files_are_pngs() -> None:
    if UPDATE:
        pytest.skip("goldens being rewritten")
    for name in CASES:
        data = (GOLDEN_DIR / f"{name}.png").read_bytes()
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG"
        if name.endswith("_550"):
            assert image.width == 550


def test_repay_offer_is_shown_beside_who_acts() -> None:
    view = replace(mid_4p(), repay_offered=True, to_act=(1,))
    texts = {c.text for c in _measure(lambda: render_board(view, names=NAMES)).texts}
    assert "may repay the loan" in texts and "Bruno" in texts
    texts = {c.text for c in _measure(_mid_4p_named).texts}
    assert "may repay the loan" not in texts


@pytest.mark.skipif(not has_ocr(), reason="needs the tesseract binary (Debian tesseract-ocr)")
def test_dark_board_at_the_bots_scale_is_read_by_ocr_inline() -> None:
    words = ocr_words(render_board(mid_4p(), names=NAMES, theme="dark", scale=0.75))
    for word in (*NAMES, "Market", "Structure", "Planning", "Workers", "Honour"):
        assert word.lower() in words, word


def test_last_move_line_is_drawn_in_the_boards_language() -> None:
    """The engine's last event is a keyed sentence (``games.core.joined`` of its events): a
    Japanese board draws it in Japanese, seat tokens as names, and none of the English."""
    import json
    from pathlib import Path

    from games.core import GameRecord, replay
    from i18n import tr
    from render.common import record_text

    path = Path(__file__).resolve().parents[1] / "fixtures" / "kenchiku" / "v3_3p_mixed.json"
    data = json.loads(path.read_text())
    view = replay(GameRecord.from_dict(dict(data, moves=data["moves"][:41]))).view(None)
    english = str(view.last_event)
    japanese = tr(view.last_event, "ja")
    assert english.startswith("built a height-") and japanese != english
    _fresh()
    with record_text() as texts:
        render_board(view, names=["山田", "Bob", "鈴木"], lang="ja")
    drawn = "".join(text for text, _, _ in texts)
    assert japanese[:12] in drawn
    assert english[:12] not in drawn
