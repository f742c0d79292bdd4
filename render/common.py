"""Shared rendering pieces: bundled fonts, the colour-blind-safe player palette, helpers.

Fonts are DejaVu Sans (bundled under ``render/fonts`` with its licence) so images are the
same on every machine. Player colours follow the Okabe-Ito palette and every seat also has
a letter (A, B, C...) drawn on its pieces, so colour is never the only cue.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# Okabe & Ito (2008) colour-universal-design palette, ordered for contrast between seats.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),  # yellow
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (150, 150, 150),  # grey
    (120, 80, 40),  # brown
    (255, 255, 255),  # white
    (60, 60, 60),  # charcoal
)
SEAT_LETTERS = "ABCDEFGHIJK"

INK = (33, 33, 33)
PAPER = (250, 248, 242)
MUTED = (120, 120, 120)


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels (cached: fonts load once)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def text_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour`` (WCAG relative luminance)."""

    def lin(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in colour)
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return (0, 0, 0) if lum > 0.25 else (255, 255, 255)


def centered_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int] = INK,
) -> None:
    """Draw ``text`` centred on point ``xy``."""
    draw.text(xy, text, font=fnt, fill=fill, anchor="mm")


def seat_token(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int
) -> None:
    """A filled disc in the seat's colour with its letter: colour plus a second cue."""
    x, y = centre
    colour = player_colour(seat)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK)
    centered_text(
        draw, (x, y), seat_letter(seat), font(max(8, int(radius * 1.2)), bold=True), text_on(colour)
    )


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG bytes (optimised for size; Discord's limit is 10 MiB)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()
