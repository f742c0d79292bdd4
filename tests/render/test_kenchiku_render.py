"""Kenchiku renderer: golden images (with a tolerance), purity, and the /hand text.

Set ``BOARDROOM_UPDATE_GOLDEN=1`` to rewrite the golden PNGs after an intended change, then
look at them before committing.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

from games.kenchiku.view import KenchikuView
from render.common import to_png
from render.kenchiku import hand_text, render_board

from .golden import GOLDEN_DIR, UPDATE, check_golden, mean_abs_diff
from .kenchiku_fixtures import final_4p, mid_4p, seat_view, start_2p

CASES: dict[str, tuple[Callable[[], KenchikuView], str]] = {
    "kenchiku_start_2p": (start_2p, "light"),
    "kenchiku_mid_4p": (mid_4p, "light"),
    "kenchiku_final_4p": (final_4p, "light"),
    "kenchiku_mid_4p_dark": (mid_4p, "dark"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    make, theme = CASES[name]
    check_golden(name, render_board(make(), theme=theme))


def test_render_is_pure() -> None:
    view = mid_4p()
    first = to_png(render_board(view))
    render_board(final_4p(), theme="dark")  # other renders in between must not leak state
    assert to_png(render_board(view)) == first
    assert view == mid_4p()


def test_image_size_fits_discord_preview() -> None:
    image = render_board(mid_4p())
    assert 1200 <= image.width <= 1400
    assert image.height <= 1400
    assert image.mode == "RGB"


def test_scale_changes_size_only_proportionally() -> None:
    full = render_board(mid_4p())
    half = render_board(mid_4p(), scale=0.5)
    assert abs(half.width - full.width / 2) <= 2
    assert abs(half.height - full.height / 2) <= 2


def test_bad_options_are_rejected() -> None:
    with pytest.raises(ValueError):
        render_board(start_2p(), theme="neon")
    with pytest.raises(ValueError):
        render_board(start_2p(), scale=0)


def test_public_image_never_shows_money() -> None:
    """Money present in a view but not for its viewer is not drawn (viewer None = channel)."""
    public = mid_4p()
    leaked = replace(
        public,
        companies=tuple(replace(c, money=40 + c.seat) for c in public.companies),
    )
    assert to_png(render_board(leaked)) == to_png(render_board(public))


def test_own_money_is_drawn_for_the_viewer() -> None:
    public = render_board(mid_4p())
    own = render_board(seat_view(mid_4p(), 2, 17))
    assert mean_abs_diff(public, own) > 0


def test_png_is_small_enough_for_discord() -> None:
    assert len(to_png(render_board(final_4p()))) < 2 * 1024 * 1024


def test_hand_text_shows_the_seats_money() -> None:
    view = seat_view(mid_4p(), 1, 23)
    text = hand_text(view, 1)
    assert len(text) < 2000
    assert "23" in text
    assert "Company B" in text
    assert "LOAN" in text.upper()
    for word in ("Structure", "Design", "Planning", "Workers"):
        assert word in text


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
        assert Image.open(io.BytesIO(data)).format == "PNG"
