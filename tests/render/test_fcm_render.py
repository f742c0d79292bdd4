"""Food Chain Magnate renderer: golden images (with a tolerance) of the chat board, also as
Discord shows it inline (550 px), the detail board and one company (``render_player``);
purity, size, names; a synthetic view with airplanes, a garden, a drive-in and a COMING SOON
restaurant (no fixture reaches them) so those pieces are drawn and measured too.

Set ``BOARDROOM_UPDATE_GOLDEN=1`` to rewrite the golden PNGs after an intended change, then
look at them before committing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from bot.hand_text import food_chain_magnate_hand as hand_text
from games.core import GameRecord, replay
from games.food_chain_magnate.view import CampaignView, FcmView
from i18n import term
from render import food_chain_magnate
from render.common import record_text, to_png
from render.food_chain_magnate import (
    PIECES,
    board_size,
    render_board,
    render_hand,
    render_player,
    render_zoom,
    zoom_area,
)

from .chat import MIN_TEXT, fresh, inline, measure
from .golden import check_golden, mean_abs_diff

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "food_chain_magnate"
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Esme"]


def _view(name: str, fraction: float = 1.0, seat: int | None = None) -> FcmView:
    record = GameRecord.from_dict(json.loads((FIXTURES / f"{name}.json").read_text()))
    state = replay(record, upto=round(len(record.moves) * fraction))
    return state.view(seat)


CASES = {
    "fcm_2p_mid": (lambda: _view("2p", 0.6), "light"),
    "fcm_5p_mid_dark": (lambda: _view("5p", 0.7), "dark"),
    "fcm_4p_final": (lambda: _view("4p"), "light"),
}


def _busy_view() -> FcmView:
    """The 3-player fixture half-way, with pieces no fixture reaches: a garden house wanting
    five items, a house wanting three different goods, a row and a column airplane, a radio,
    a drive-in and a COMING SOON restaurant."""
    v = _view("3p", 0.5)
    houses = list(v.houses)
    h = houses[0]
    garden = tuple((r, c + 2) for r, c in h.squares)
    houses[0] = replace(h, garden=garden, demand=("burger",) * 3 + ("beer",) * 2, cap=5)
    houses[1] = replace(houses[1], demand=("pizza", "lemonade", "soft_drink"))

    def plane(
        number: int, owner: int, axis: str, lines: tuple[int, ...], product: str
    ) -> CampaignView:
        return CampaignView(
            number=number,
            kind="airplane",
            owner=owner,
            marketeer="brand_director",
            squares=(),
            axis=axis,
            lines=lines,
            where="",
            product=product,
            remaining=3,
            eternal=False,
        )

    radio = CampaignView(
        number=6,
        kind="radio",
        owner=2,
        marketeer="brand_director",
        squares=((12, 12),),
        axis="",
        lines=(),
        where="m13",
        product="lemonade",
        remaining=4,
        eternal=False,
    )
    camps = (
        *v.campaigns,
        plane(1, 0, "col", (3, 4), "beer"),
        plane(2, 1, "row", (7, 8), "pizza"),
        radio,
    )
    rests = list(v.restaurants)
    rests[0] = replace(rests[0], drive_in=True)
    rests[1] = replace(rests[1], open=False)
    return replace(v, houses=tuple(houses), campaigns=camps, restaurants=tuple(rests))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    make, theme = CASES[name]
    image = render_board(make(), theme=theme, names=NAMES)
    check_golden(name, image)
    check_golden(f"{name}_550", inline(image))


def test_golden_busy_board_is_readable_inline() -> None:
    view = _busy_view()
    fresh(food_chain_magnate)  # the map's ground is a cached layer: draw (and measure) it anew
    measured = measure(lambda: render_board(view, names=NAMES[:3]))
    assert not measured.too_small(MIN_TEXT), measured.too_small(MIN_TEXT)[:8]
    check_golden("fcm_busy_3p", measured.image)
    check_golden("fcm_busy_3p_550", inline(measured.image))


def test_golden_detail() -> None:
    check_golden("fcm_5p_detail", render_board(_view("5p", 0.7), names=NAMES, detail=True))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_golden_player(theme: str) -> None:
    view = _view("5p", 0.7)
    measured = measure(lambda: render_player(view, 2, names=NAMES, theme=theme))
    assert not measured.too_small(MIN_TEXT)
    assert any("Chiara" in c.text for c in measured.texts)
    suffix = "" if theme == "light" else "_dark"
    check_golden(f"fcm_player_5p{suffix}", measured.image)
    check_golden(f"fcm_player_5p{suffix}_550", inline(measured.image))
    with pytest.raises(ValueError):
        render_player(view, 5)


def test_render_is_pure() -> None:
    view = _view("3p", 0.5)
    first = to_png(render_board(view))
    render_board(_view("5p", 0.3), theme="dark")
    assert to_png(render_board(view)) == first


def test_size_and_scale() -> None:
    full = render_board(_view("4p", 0.5), detail=True)
    assert full.width == 1100 and full.mode == "RGB"
    chat = render_board(_view("4p", 0.5))
    assert chat.width < full.width and chat.mode == "RGB"
    for detail in (False, True):
        whole = render_board(_view("4p", 0.5), detail=detail)
        half = render_board(_view("4p", 0.5), scale=0.5, detail=detail)
        assert abs(half.width - whole.width / 2) <= 2 and abs(half.height - whole.height / 2) <= 2


def _drawn(draw: Callable[[], object]) -> list[str]:
    fresh(food_chain_magnate)  # the map's ground and the legend are cached layers
    with record_text() as drawn:
        draw()
    return [text for text, _face, _bold in drawn]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_detail_board_is_the_chat_boards_sections_at_a_larger_size(lang: str) -> None:
    """One list of sections at two sizes: the same layout (width in layout units, text sizes),
    1,100 px wide instead of one pixel a unit, and every word the chat board draws is on the
    detail board too (a word shortened to fit may be shortened differently), which adds
    each company's cards by name."""
    view = _busy_view()
    chat, detail = board_size(view), board_size(view, detail=True)
    assert (chat.width, chat.t, chat.big) == (detail.width, detail.t, detail.big)
    assert chat.unit == 1 and detail.width * detail.unit == 1100
    on_chat = _drawn(lambda: render_board(view, names=NAMES[:3], lang=lang))
    on_detail = _drawn(lambda: render_board(view, names=NAMES[:3], lang=lang, detail=True))
    missing = {s for s in on_chat if not s.endswith("…")} - set(on_detail)
    assert not missing, sorted(missing)
    cook = term(lang, "food_chain_magnate", "card", "kitchen_trainee", "Kitchen Trainee")
    assert cook not in on_chat and any(cook in s for s in on_detail)


def test_japanese_boards_name_pieces_from_the_catalogue() -> None:
    """Pieces drawn by name come from the game's catalogue (``food_chain_magnate.term.*``):
    the legend's goods and entrance on the board, the garden, houses and the drive-in on a
    zoom; none is left in English."""
    view = _busy_view()
    board = _drawn(lambda: render_board(view, names=NAMES[:3], lang="ja"))
    words = [("good", "soft_drink", "soft drink"), ("good", "burger", "burger")]
    words.append(("piece", "entrance", PIECES["entrance"]))
    for kind, ident, english in words:
        word = term("ja", "food_chain_magnate", kind, ident, english)
        assert word != english and word in board, (kind, ident)
    assert not {"entrance", "soft drink", "burger"} & set(board)
    drive_in = next(r for r in view.restaurants if r.drive_in).squares[0]
    areas = ["a1:f5", "abcdefghijklmnopqrstuvwxyz"[drive_in[1]] + str(drive_in[0] + 1)]
    zoom = " ".join(
        s for area in areas for s in _drawn(lambda a=area: render_zoom(view, a, lang="ja"))
    )
    for ident in ("garden", "house", "drive_in", "entrance", "coming_soon"):
        word = term("ja", "food_chain_magnate", "piece", ident, PIECES[ident])
        assert word != PIECES[ident] and word in zoom, ident
    assert "garden" not in zoom and "House" not in zoom


@pytest.mark.parametrize(("lang", "word"), [("en", "bankrupt"), ("ja", "破産")])
def test_a_bankrupt_chain_is_marked_on_its_row(lang: str, word: str) -> None:
    view = _view("3p", 0.5)
    assert word not in _drawn(lambda: render_board(view, lang=lang))
    players = list(view.players)
    players[1] = replace(players[1], bankrupt=True)
    broke = replace(view, players=tuple(players))
    for detail in (False, True):
        assert _drawn(lambda d=detail: render_board(broke, lang=lang, detail=d)).count(word) == 1


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
            render_board(view, theme=theme, detail=True)
            render_player(view, 0, theme=theme)


def test_hand_shows_the_owners_secrets_only_to_the_owner() -> None:
    own = _view("3p", 0.3, seat=1)
    public = _view("3p", 0.3)
    assert own.players[1].reserve is not None and public.players[1].reserve is None
    text = hand_text(own, 1, names=NAMES[:3])
    assert text.startswith("**Bruno**") and f"Reserve card: ${own.players[1].reserve}" in text
    assert "Reserve card" not in hand_text(public, 1, names=NAMES[:3])
    assert mean_abs_diff(render_hand(own, 1), render_player(public, 1)) > 0
    with pytest.raises(ValueError):
        hand_text(own, 3)


def test_golden_zoom_is_readable_inline() -> None:
    """``/board zoom:m8``: the 5×5 tile k6:o10 drawn large (drive-in restaurant, house, a
    campaign crossing the tile's edge, a row airplane beside it), text >= 11 px at 550 px."""
    view = _busy_view()
    measured = measure(lambda: render_zoom(view, "m8", names=NAMES[:3]))
    assert not measured.too_small(MIN_TEXT), measured.too_small(MIN_TEXT)[:8]
    texts = {c.text for c in measured.texts}
    assert {"k", "o", "6", "10", "Alice", "#1", "drive-in", "#12", "#2"} <= texts, texts
    assert not {"j", "p", "5", "11"} & texts  # only the tile's coordinates
    assert 550 <= measured.image.width <= 700
    check_golden("fcm_zoom_3p", measured.image)
    check_golden("fcm_zoom_3p_550", inline(measured.image))


def test_zoom_areas() -> None:
    view = _busy_view()  # 20 x 15 squares: a1 to t15
    assert zoom_area(view, "e5") == (0, 0, 5, 5)  # one square: its whole tile
    assert zoom_area(view, "t15") == (10, 15, 15, 20)
    assert zoom_area(view, "h9:c3") == zoom_area(view, " C3:H9 ") == (2, 2, 9, 8)
    assert zoom_area(view, "c3-c3") == (2, 2, 3, 3)
    small = render_zoom(view, "c3:d4")
    assert small.width == 600 and small.height < render_zoom(view, "c3:l12").height
    half = render_zoom(view, "c3:h9", scale=0.5)
    assert abs(half.width - 300) <= 1
    assert mean_abs_diff(render_zoom(view, "e5"), render_zoom(view, "e5", theme="dark")) > 0


@pytest.mark.parametrize("area", ["u1", "a16", "a0", "e5:z9", "hello", "", "e5:", "c3:h9:k2"])
def test_zoom_rejects_a_bad_area_with_a_sentence(area: str) -> None:
    with pytest.raises(ValueError) as err:
        render_zoom(_busy_view(), area)
    assert "The map runs a1 to t15; name one square (e5) or two corners (c3:h9)." in str(err.value)


def test_zoom_refuses_more_than_ten_squares_a_side() -> None:
    with pytest.raises(ValueError, match=r"at most 10 × 10 squares, and a1:p15 is 16 columns"):
        render_zoom(_busy_view(), "p15:a1")
    with pytest.raises(ValueError):
        render_zoom(_busy_view(), "e5", theme="sepia")
