"""The ``/leaderboard`` image (issue 12): readable at Discord's inline width, names fitted to
their column, a gap before the caller's own line."""

from __future__ import annotations

import pytest

from render.common import Pen
from render.leaderboard import NAME_W, WIDTH, Line, render_leaderboard

from .chat import has_ocr, measure, ocr_words

NAMES = ["alice", "Maximilianus Longname", "WWWWWWWWWWWWWWWWWWWWWWWW", "carol", "dave"]


def lines() -> list[Line]:
    rows = [Line(i + 1, n, f"{20 - 3.5 * i:.1f}", 10 + i, 5 - i) for i, n in enumerate(NAMES)]
    return [*rows, Line(14, "zed", "-13.2", 111, 0, me=True)]


def test_every_text_is_readable_at_inline_width():
    measured = measure(lambda: render_leaderboard("Toy Race leaderboard", "This server", lines()))
    assert measured.image.width == WIDTH == 550  # shown at its own size inline
    assert measured.too_small() == []
    drawn = {c.text for c in measured.texts}
    assert {"alice", "zed", "-13.2", "111", "14.", "…"} <= drawn
    # one gap row (places 5 -> 14): 66 + 30 + 6 rows * 36 + 24 + 16
    assert measured.image.height == 66 + 30 + 6 * 36 + 24 + 16


def test_long_names_are_cut_to_their_column():
    pen = Pen(render_leaderboard("t", "s", lines()), 1.0)
    for long in ("W" * 24, "山田" * 12):
        cut = pen.fit(long, 18, NAME_W)
        assert cut.endswith("…") and pen.length(cut, 18) <= NAME_W
    assert pen.fit("alice", 18, NAME_W) == "alice"


@pytest.mark.skipif(not has_ocr(), reason="needs the tesseract binary (Debian tesseract-ocr)")
def test_names_and_numbers_read_at_inline_width():
    words = ocr_words(render_leaderboard("Toy Race leaderboard", "This server", lines()))
    assert {"alice", "carol", "dave", "zed", "maximilianus", "rating", "games", "wins"} <= words
