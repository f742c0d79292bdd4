"""The ``/leaderboard`` image (issue 12, ratings): a table of place, name, rating, games and
wins, drawn 550 px wide so Discord shows it at its own size inline (every text at least 14 px).

Pure: ``render_leaderboard(title, subtitle, lines) -> Image``; the bot resolves names and
formats ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from .common import INK, MUTED, PAPER, font, short_name

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


def fit(d: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` cut with an ellipsis until it is at most ``width`` px wide in ``face``."""
    if d.textlength(text, font=face) <= width:
        return text
    while len(text) > 1 and d.textlength(text + "…", font=face) > width:
        text = text[:-1].rstrip()
    return text + "…"


@dataclass(frozen=True)
class Line:
    """One leaderboard row: ``rating`` already formatted (``"12.3"``)."""

    place: int
    name: str
    rating: str
    games: int
    wins: int
    me: bool = False


def render_leaderboard(title: str, subtitle: str, lines: Sequence[Line]) -> Image.Image:
    """The table, best first; a gap (…) is drawn where places skip (your own line after the
    top ten). Size: 550 px wide, ``66 + 30 + 36 per row + 24 per gap + 16`` px tall."""
    gaps = sum(1 for a, b in pairwise(lines) if b.place > a.place + 1)
    height = HEAD_H + COLS_H + ROW_H * len(lines) + GAP_H * gaps + PAD
    image = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(image)
    d.rectangle((0, 0, WIDTH, HEAD_H), fill=HEAD)
    big, sub = font(22, bold=True), font(15)
    d.text((PAD, 10), fit(d, title, big, WIDTH - 2 * PAD), font=big, fill=(255, 255, 255))
    d.text((PAD, 40), fit(d, subtitle, sub, WIDTH - 2 * PAD), font=sub, fill=(220, 222, 230))
    y = HEAD_H + 6
    small = font(15, bold=True)
    d.text((PLACE_X, y), "#", font=small, fill=MUTED, anchor="ra")
    d.text((NAME_X, y), "Player", font=small, fill=MUTED)
    for x, label in ((RATING_X, "Rating"), (GAMES_X, "Games"), (WINS_X, "Wins")):
        d.text((x, y), label, font=small, fill=MUTED, anchor="ra")
    y = HEAD_H + COLS_H
    previous = 0
    for i, line in enumerate(lines):
        if previous and line.place > previous + 1:
            d.text((WIDTH // 2, y + GAP_H // 2), "…", font=font(18), fill=MUTED, anchor="mm")
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
        body = font(18, bold=line.me)
        d.text((PLACE_X, mid), f"{line.place}.", font=body, fill=INK, anchor="rm")
        name = fit(d, short_name(line.name, NAME_CHARS) or "?", body, NAME_W)
        d.text((NAME_X, mid), name, font=body, fill=INK, anchor="lm")
        d.text((RATING_X, mid), line.rating, font=font(18, bold=True), fill=INK, anchor="rm")
        d.text((GAMES_X, mid), str(line.games), font=body, fill=INK, anchor="rm")
        d.text((WINS_X, mid), str(line.wins), font=body, fill=INK, anchor="rm")
        y += ROW_H
    return image
