"""The ``/leaderboard`` image (issue 12, ratings): a table of place, name, rating, games and
wins, drawn 550 px wide so Discord shows it at its own size inline (every text at least 14 px).

Pure: ``render_leaderboard(title, subtitle, lines, lang=...) -> Image``; the bot resolves
names, formats ratings and writes the title in the reader's language; the column headings
are drawn in ``lang`` and names in the face that draws them (Japanese names included).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image

from i18n import t

from .common import INK, MUTED, PAPER, Pen, short_name

WIDTH = 550
PAD = 16
HEAD_H = 66
COLS_H = 30
ROW_H = 36
GAP_H = 24
NAME_CHARS = 24
# x of each column: place (right-aligned), name (left), rating, games, wins (right-aligned)
PLACE_X, NAME_X, RATING_X, GAMES_X, WINS_X = 64, 74, 390, 465, WIDTH - PAD
NAME_W = RATING_X - 80 - NAME_X  # px left for a name before the widest rating
MEDALS = {1: (212, 175, 55), 2: (168, 169, 173), 3: (176, 112, 64)}  # gold, silver, bronze
STRIPE = (240, 236, 226)
MINE = (255, 236, 179)
HEAD = (45, 52, 70)


@dataclass(frozen=True)
class Line:
    """One leaderboard row: ``rating`` already formatted (``"12.3"``)."""

    place: int
    name: str
    rating: str
    games: int
    wins: int
    me: bool = False


def render_leaderboard(
    title: str, subtitle: str, lines: Sequence[Line], *, lang: str = "en"
) -> Image.Image:
    """The table, best first; a gap (…) is drawn where places skip (your own line after the
    top ten). Size: 550 px wide, ``66 + 30 + 36 per row + 24 per gap + 16`` px tall.
    Column headings in ``lang``."""
    gaps = sum(1 for a, b in pairwise(lines) if b.place > a.place + 1)
    height = HEAD_H + COLS_H + ROW_H * len(lines) + GAP_H * gaps + PAD
    image = Image.new("RGB", (WIDTH, height), PAPER)
    pen = Pen(image, 1.0, INK, lang=lang)
    d = pen.draw
    d.rectangle((0, 0, WIDTH, HEAD_H), fill=HEAD)
    pen.text(
        PAD, 10, pen.fit(title, 22, WIDTH - 2 * PAD, True), 22, bold=True, fill=(255, 255, 255)
    )
    pen.text(PAD, 40, pen.fit(subtitle, 15, WIDTH - 2 * PAD), 15, fill=(220, 222, 230))
    y = HEAD_H + 6
    pen.text(PLACE_X, y, "#", 15, bold=True, fill=MUTED, anchor="ra")
    pen.text(NAME_X, y, t(lang, "render.leaderboard.player", "Player"), 15, bold=True, fill=MUTED)
    for x, label in (
        (RATING_X, t(lang, "render.leaderboard.rating", "Rating")),
        (GAMES_X, t(lang, "render.leaderboard.games", "Games")),
        (WINS_X, t(lang, "render.leaderboard.wins", "Wins")),
    ):
        pen.text(x, y, label, 15, bold=True, fill=MUTED, anchor="ra")
    y = HEAD_H + COLS_H
    previous = 0
    for i, line in enumerate(lines):
        if previous and line.place > previous + 1:
            pen.text(WIDTH // 2, y + GAP_H // 2, "…", 18, fill=MUTED, anchor="mm")
            y += GAP_H
        previous = line.place
        if line.me:
            d.rectangle((0, y, WIDTH, y + ROW_H - 1), fill=MINE)
        elif i % 2:
            d.rectangle((0, y, WIDTH, y + ROW_H - 1), fill=STRIPE)
        mid = y + ROW_H // 2
        medal = MEDALS.get(line.place)
        if medal is not None:
            d.ellipse((PAD - 6, mid - 9, PAD + 12, mid + 9), fill=medal)
        me = line.me
        pen.text(PLACE_X, mid, f"{line.place}.", 18, bold=me, anchor="rm")
        name = pen.fit(short_name(line.name, NAME_CHARS) or "?", 18, NAME_W, me)
        pen.text(NAME_X, mid, name, 18, bold=me, anchor="lm")
        pen.text(RATING_X, mid, line.rating, 18, bold=True, anchor="rm")
        pen.text(GAMES_X, mid, str(line.games), 18, bold=me, anchor="rm")
        pen.text(WINS_X, mid, str(line.wins), 18, bold=me, anchor="rm")
        y += ROW_H
    return image
