"""Boards in Japanese (issue 23): every board, player area, hand and zoom of every game drawn
with ``lang="ja"`` and Japanese member names draws no missing glyph (tofu), keeps its text at
least 11 px at Discord's inline width, and is read by Tesseract's Japanese model there.

Tofu: ``render.common.record_text`` collects every string drawn with the face chosen for it;
each character must be in that face's character map (``render.common.missing``). Pillow has
no fallback, so a character outside the face would be drawn as a box.

Positions: the middle and the end of each game's first fixture (as
``tests/contract/test_chat_boards.py``), every view the game's renderer declares.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

from games.core import GameRecord, replay
from i18n import LOCALES
from i18n.catalogues import read
from render import contract
from render.common import (
    advance,
    draw_text,
    missing,
    record_text,
    runs,
    seat_names,
    short_name,
)
from tests.contract.support import fixture_paths, load_fixture

from .chat import MIN_TEXT, fresh, has_ocr_language, measure, ocr_text

GAMES = ("kenchiku", "masters_of_commerce", "carnegie", "food_chain_magnate", "philadelphia")
NAMES = (
    "山田太郎",
    "さくら🌸",  # emoji: dropped, never a box
    "鈴木",
    "タナカ・ジェームズ",
    "髙橋",  # 髙 is outside JIS X 0208 (the bundled subset): dropped, 橋 kept
    "Ｆｕｌｌ幅",
    "伊藤",
    "渡辺",
    "中村",
    "小林",
    "加藤",
)
OCR_NAMES = ("山田", "佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "中村", "小林", "加藤", "吉田")
ZOOM_AREAS = {"food_chain_magnate": ("e5", "c3:h9")}


def _positions(key: str) -> list[tuple[str, Callable[[], Any]]]:
    data = load_fixture(fixture_paths(key)[0]).data

    def at(fraction: float) -> Callable[[], Any]:
        def make() -> Any:
            moves = data["moves"]
            return replay(
                GameRecord.from_dict(dict(data, moves=moves[: int(len(moves) * fraction)]))
            )

        return make

    return [("middle", at(0.5)), ("end", at(1.0))]


CASES = [
    pytest.param(key, label, make, id=f"{key}-{label}")
    for key in GAMES
    for label, make in _positions(key)
]


def _views(key: str, state: Any) -> Iterator[tuple[str, Callable[[], Any]]]:
    """Every view the game draws of ``state``, in Japanese, as ``(label, draw)``."""
    r = contract.of(key)
    assert r is not None
    public = state.view(None)
    names = list(NAMES[: r.seats(public)])
    for detail in (False, True):
        yield (
            f"board detail={detail}",
            lambda d=detail: r.draw("board", public, names=names, detail=d, lang="ja"),
        )
    for seat in range(r.seats(public)):
        if r.player is not None:
            yield (
                f"player {seat}",
                lambda s=seat: r.draw("player", public, seat=s, names=names, lang="ja"),
            )
        if r.hand is not None:
            yield (
                f"hand {seat}",
                lambda s=seat: r.draw("hand", state.view(s), seat=s, names=names, lang="ja"),
            )
    if r.zoom is not None:
        for area in ZOOM_AREAS.get(key, ()):
            yield (
                f"zoom {area}",
                lambda a=area: r.draw("zoom", public, area=a, names=names, lang="ja"),
            )


def _fresh(key: str) -> None:
    """Clear the game's cached layers (the map's ground, voice cards, legends) so every text
    of a view is drawn, and recorded, now."""
    r = contract.of(key)
    assert r is not None
    fresh(sys.modules[r.board.__module__])


@pytest.mark.parametrize("key, label, make", CASES)
def test_every_view_draws_every_glyph_in_japanese(
    key: str, label: str, make: Callable[[], Any]
) -> None:
    state = make()
    tofu: list[str] = []
    faces: set[str] = set()
    drawn = 0
    for what, draw in _views(key, state):
        _fresh(key)
        with record_text() as texts:
            draw()
        drawn += len(texts)
        for text, face, bold in texts:
            faces.add(face)
            lost = missing(text, face, bold)
            if lost:
                tofu.append(f"{what}: {text!r} lacks {lost!r} in the {face} face")
    assert drawn and "cjk" in faces, f"{key} {label}: no Japanese text was drawn"
    assert not tofu, f"{key} {label}: {len(tofu)} strings with missing glyphs: {tofu[:10]}"


BOARD_DOMAINS = ("render", "core", *GAMES)
"""The catalogues whose texts a board may draw: its own words, and the games' terms and
sentences (event lines, prompts, end reasons). The bot's replies are Discord's to draw."""


def test_every_japanese_translation_a_board_draws_has_its_glyphs() -> None:
    """Every Japanese text a board may draw (``BOARD_DOMAINS``: sentences and terms) draws
    without a box in the faces a board would choose for it: a translation using a character
    outside the bundled subset fails here, not on a player's board."""
    texts = {
        m.context: m.string
        for domain in BOARD_DOMAINS
        if (LOCALES / "ja" / f"{domain}.po").exists()
        for m in read("ja", domain)
        if m.context and isinstance(m.string, str) and m.string
    }
    assert len(texts) > 100
    tofu = {}
    for key, text in texts.items():
        for bold in (False, True):
            lost = "".join(missing(run, face, bold) for run, face in runs(text, bold))
            if lost:
                tofu[key] = lost
    assert not tofu, f"{len(tofu)} translations with characters the fonts lack: {tofu}"


def test_a_japanese_string_with_a_character_only_dejavu_has_draws_it_in_runs() -> None:
    """Noto Sans CJK has no ✗ (U+2717): in ``✗ 不払い`` it is drawn by DejaVu, the rest by
    Noto, on one baseline, as wide as the two runs."""
    assert runs("✗ 不払い") == (("✗ ", "latin"), ("不払い", "cjk"))
    assert runs("Bruno ✗") == (("Bruno ✗", "latin"),)
    with record_text() as texts:
        image = Image.new("L", (200, 40), 0)
        draw_text(ImageDraw.Draw(image), (10, 10), "✗ 不払い", 20, fill=255)  # type: ignore[arg-type]
    assert texts == [("✗ ", "latin", False), ("不払い", "cjk", False)]
    box = image.getbbox()
    assert box is not None
    width = advance("✗ ", 20, False) + advance("不払い", 20, False)
    assert advance("✗ 不払い", 20, False) == width
    assert abs((box[2] - box[0]) - width) < 6  # the two runs side by side, not on top


def test_japanese_names_keep_their_script_and_lose_what_no_font_draws() -> None:
    labels = seat_names(NAMES, len(NAMES))
    assert labels[:6] == ["山田太郎", "さくら", "鈴木", "タナカ・ジ…", "橋", "Ｆｕｌｌ幅"]
    assert short_name("🎲🎲") == ""  # nothing drawable: the seat's label is used instead
    assert seat_names(["🎲🎲"], 1) == ["P1"]


@pytest.mark.parametrize("key, label, make", CASES)
def test_japanese_text_is_at_least_11px_inline(
    key: str, label: str, make: Callable[[], Any]
) -> None:
    state = make()
    r = contract.of(key)
    assert r is not None
    names = list(NAMES[: r.seats(state.view(None))])
    measured = measure(lambda: r.draw("board", state.view(None), names=names, lang="ja"))
    small = measured.too_small(MIN_TEXT)
    assert not small, f"{key} {label}: text under {MIN_TEXT} px at 550 px: {small[:12]}"


@pytest.mark.skipif(
    not has_ocr_language("jpn"), reason="needs Tesseract's Japanese data (tesseract-ocr-jpn)"
)
@pytest.mark.parametrize("key, label, make", CASES)
def test_japanese_names_read_by_ocr_inline(key: str, label: str, make: Callable[[], Any]) -> None:
    """Kanji names on the channel board, at 550 px, read by Tesseract's ``jpn`` model."""
    state = make()
    r = contract.of(key)
    assert r is not None
    names = list(OCR_NAMES[: r.seats(state.view(None))])
    read = ocr_text(r.draw("board", state.view(None), names=names, lang="ja"))
    lost = [n for n in names if n not in read]
    assert not lost, f"{key} {label}: OCR at 550 px does not find {lost} in {read[:300]!r}"


def test_seat_tokens_in_japanese_sentences_become_names() -> None:
    """Japanese puts a particle right after a seat token (``p1が``): board lines name the
    player there too (the token is bounded by ASCII, not by a word boundary)."""
    from render.carnegie import _named
    from render.philadelphia import with_names

    names = ["山田", "Bob"]
    assert _named("p1が先端設計を使用する。p2 uses it; np1 stays", names) == (
        "山田が先端設計を使用する。Bob uses it; np1 stays"
    )
    assert with_names("p2は広告を掲載した(p10)", names) == "Bobは広告を掲載した(p10)"
