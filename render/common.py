"""Shared rendering pieces: bundled fonts, the colour-blind-safe player palette, helpers.

Fonts are bundled under ``render/fonts`` with their licences, so images are the same on every
machine: DejaVu Sans for text it can draw (Latin, Greek, Cyrillic, symbols) and a subset of
Noto Sans CJK JP (``tools/cjk_font.py``) for Japanese. Pillow has no font fallback, so the face
is chosen per string (``face_for``): DejaVu when it has every character, else Noto. Every text
drawn goes through ``Pen.text`` or ``draw_text``; ``record_text`` collects what was drawn with
which face, so a test can check each character is in that face (no missing-glyph boxes).
Player colours follow the Okabe-Ito palette and every seat also has
a letter (A, B, C...) drawn on its pieces, so colour is never the only cue.
"""

from __future__ import annotations

import functools
import io
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Generic, Literal, TypeVar

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from i18n import t

T = TypeVar("T")

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
BLACK = (0, 0, 0)
WHITE = (255, 255, 255)


Face = Literal["latin", "cjk"]
FACES: dict[tuple[Face, bool], str] = {
    ("latin", False): "DejaVuSans.ttf",
    ("latin", True): "DejaVuSans-Bold.ttf",
    ("cjk", False): "NotoSansCJKjp-Regular.subset.otf",
    ("cjk", True): "NotoSansCJKjp-Bold.subset.otf",
}
"""The bundled font file of each face and weight (``bold``)."""


CJK_SCALE = 1.2
"""Japanese is drawn this much larger than the layout's size: a kanji needs more pixels
than a Latin letter (鈴 at 11 px is a blot), and Noto's kanji at 1.2x are about as tall
as DejaVu's capitals with their descenders, so a row made for English still holds them.
Measured with Tesseract's ``jpn`` model on every game's chat board at 550 px
(``tests/render/test_boards_japanese.py``): at 1.0 complex names such as 鈴木 were misread on
some boards, at 1.2 none were."""


@lru_cache(maxsize=128)
def font(size: int, *, bold: bool = False, face: Face = "latin") -> ImageFont.FreeTypeFont:
    """The bundled ``face`` for text of ``size`` layout pixels (Japanese ``CJK_SCALE``
    larger), cached: fonts load once per size."""
    if face == "cjk":
        size = round(size * CJK_SCALE)
    return ImageFont.truetype(str(FONT_DIR / FACES[face, bold]), size)


def coverage(face: Face, bold: bool = False) -> frozenset[int]:
    """The code points ``face`` has a glyph for (its cmap, read once with fontTools)."""
    return _cmap(FACES[face, bold])


@functools.cache
def _cmap(filename: str) -> frozenset[int]:
    with TTFont(str(FONT_DIR / filename), lazy=True) as f:
        return frozenset(f.getBestCmap())


def _drawable(ch: str) -> bool:
    return not ch.isspace() and unicodedata.category(ch)[0] != "C"


@lru_cache(maxsize=16384)
def face_for(text: str, bold: bool = False) -> Face:
    """``"latin"`` (DejaVu) when DejaVu draws every character of ``text``, else ``"cjk"``
    (Noto Sans CJK JP, which draws Latin too): one face per string, as Pillow has no
    fallback. ``missing`` says what the chosen face cannot draw."""
    latin = coverage("latin", bold)
    return "latin" if all(ord(c) in latin for c in text if _drawable(c)) else "cjk"


@lru_cache(maxsize=16384)
def runs(text: str, bold: bool = False) -> tuple[tuple[str, Face], ...]:
    """``text`` split into runs of one face each: the whole string in ``face_for``'s face,
    except that in a Japanese string a character only DejaVu has (``✗``, some symbols) is
    drawn by DejaVu, in a run of its own, so nothing either face has becomes a box.

    >>> runs("✗ 不払い")
    (('✗ ', 'latin'), ('不払い', 'cjk'))
    """
    face = face_for(text, bold)
    if face == "latin":
        return ((text, "latin"),)
    cjk, latin = coverage("cjk", bold), coverage("latin", bold)
    out: list[tuple[str, Face]] = []
    for ch in text:
        own: Face = "latin" if ord(ch) not in cjk and ord(ch) in latin else "cjk"
        if out and (out[-1][1] == own or not _drawable(ch)):
            out[-1] = (out[-1][0] + ch, out[-1][1])
        else:
            out.append((ch, own))
    return tuple(out)


def missing(text: str, face: Face, bold: bool = False) -> str:
    """The characters of ``text`` that ``face`` has no glyph for (drawn as a box), in order,
    once each; ``""`` when it draws them all. Spaces and control characters need none."""
    have = coverage(face, bold)
    return "".join(dict.fromkeys(c for c in text if _drawable(c) and ord(c) not in have))


def drawable(ch: str) -> bool:
    """Whether a bundled face draws ``ch`` (or it needs no glyph: a space)."""
    return not _drawable(ch) or any(ord(ch) in coverage(f) for f in ("latin", "cjk"))


def font_for(text: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font that draws ``text`` (``face_for``) at ``size`` pixels."""
    return font(size, bold=bold, face=face_for(text, bold))


_RECORD: list[tuple[str, Face, bool]] | None = None


@contextmanager
def record_text() -> Iterator[list[tuple[str, Face, bool]]]:
    """Collect ``(text, face, bold)`` for every string drawn inside the block (``Pen.text``,
    ``draw_text``), repeats included. For tests (not thread-safe: one board at a time)."""
    global _RECORD
    outer, _RECORD = _RECORD, []
    try:
        yield _RECORD
    finally:
        _RECORD = outer


def _note(text: str, bold: bool) -> None:
    if _RECORD is not None:
        _RECORD.extend((run, face, bold) for run, face in runs(text, bold))


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    bold: bool = False,
    fill: tuple[int, int, int] = (33, 33, 33),
    anchor: str = "la",
) -> None:
    """``text`` at ``xy`` in the face that draws it (``runs``), ``size`` pixels, with
    ``anchor`` as in Pillow; top (``?a``) and bottom (``?d``) anchors keep the Latin face's
    baseline, so a Japanese string sits where an English one would."""
    _note(text, bold)
    drawn = glyphs(text, size, bold, anchor)
    if drawn is not None:
        mask, (dx, dy) = drawn
        draw.bitmap((round(xy[0]) + dx, round(xy[1]) + dy), mask, fill=fill)


def _baseline(anchor: str, size: int, bold: bool, face: Face) -> tuple[str, int]:
    """``anchor`` and a vertical offset that put a ``face`` string's baseline where the
    Latin face's would be for a top or bottom anchor (Noto's ascender is taller)."""
    if face == "latin" or len(anchor) != 2 or anchor[1] not in "ad":
        return anchor, 0
    ascent, descent = font(size, bold=bold).getmetrics()
    return anchor[0] + "s", ascent if anchor[1] == "a" else -descent


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
    """Draw ``text`` centred on point ``xy`` at ``fnt``'s size and weight, in the face that
    draws it."""
    bold = "Bold" in str(getattr(fnt, "path", ""))
    draw_text(draw, xy, text, int(fnt.size), bold=bold, fill=fill, anchor="mm")


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


@dataclass(frozen=True)
class Palette:
    """The colours every board shares, in a light and a dark theme (``PALETTES``): the
    background, panels and their edges, text (``ink``, ``muted``, ``faint``) and the game-over
    banner. Each game's theme extends it with its own pieces' colours (``palette(theme)``)."""

    bg: tuple[int, int, int]
    panel: tuple[int, int, int]
    panel_edge: tuple[int, int, int]
    ink: tuple[int, int, int]
    muted: tuple[int, int, int]
    faint: tuple[int, int, int]
    banner_over: tuple[int, int, int]


PALETTES: dict[str, Palette] = {
    "light": Palette(
        bg=(246, 243, 236),
        panel=(255, 253, 248),
        panel_edge=(222, 215, 202),
        ink=(38, 38, 42),
        muted=(112, 108, 102),
        faint=(186, 180, 170),
        banner_over=(64, 120, 92),
    ),
    "dark": Palette(
        bg=(30, 32, 36),
        panel=(42, 45, 51),
        panel_edge=(66, 70, 78),
        ink=(232, 230, 224),
        muted=(160, 158, 152),
        faint=(96, 98, 104),
        banner_over=(44, 100, 74),
    ),
}


def palette(theme: str) -> dict[str, tuple[int, int, int]]:
    """The shared colours of ``theme`` as keyword arguments for a game's theme class
    (a subclass of ``Palette``): ``_Theme(**palette("dark"), road=...)``."""
    base = PALETTES[theme]
    return {f.name: getattr(base, f.name) for f in fields(Palette)}


def pick_theme(themes: Mapping[str, T], theme: str, scale: float) -> T:
    """The theme named ``theme``; ``ValueError`` for an unknown name or ``scale <= 0``."""
    if theme not in themes:
        raise ValueError(f"unknown theme {theme!r}; choose from {sorted(themes)}")
    if scale <= 0:
        raise ValueError("scale must be positive")
    return themes[theme]


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG bytes (optimised for size; Discord's limit is 10 MiB)."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------
# Drawing in layout units (added for Masters of Commerce; any renderer may use it)
# ---------------------------------------------------------------------------------------------

RGB = tuple[int, int, int]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@lru_cache(maxsize=512)
def disc_sprite(diameter: int, fill: RGB, outline: RGB | None, outline_w: int) -> Image.Image:
    """An anti-aliased RGBA disc (drawn 4x and reduced), cached so chips are cheap to repeat."""
    ss = 4
    big = Image.new("RGBA", (diameter * ss, diameter * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    full = (0, 0, diameter * ss - 1, diameter * ss - 1)
    if outline is not None and outline_w > 0:
        d.ellipse(full, fill=outline)
        i = outline_w * ss
        d.ellipse((i, i, diameter * ss - 1 - i, diameter * ss - 1 - i), fill=fill)
    else:
        d.ellipse(full, fill=fill)
    return big.resize((diameter, diameter), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16384)
def advance(text: str, px: int, bold: bool) -> float:
    """The advance width of ``text`` at ``px`` pixels (Pillow's ``getlength``) in the faces
    that draw it (``runs``), cached."""
    return float(sum(font(px, bold=bold, face=f).getlength(r) for r, f in runs(text, bold)))


@lru_cache(maxsize=8192)
def glyphs(
    text: str, px: int, bold: bool, anchor: str
) -> tuple[Image.Image, tuple[int, int]] | None:
    """``text`` at ``px`` pixels as an "L" coverage mask and its offset from the anchor
    point; ``None`` when nothing would be drawn. Rasterised by Pillow's ``getmask2`` (as
    ``ImageDraw.text`` does: a text measurement that records those calls sees it once the
    cache is cleared), in the face that draws ``text`` (``face_for``; baselines as
    ``draw_text``), or run by run on one baseline when a Japanese string has characters only
    DejaVu draws (``runs``)."""
    parts = runs(text, bold)
    if len(parts) > 1:
        return _mixed(parts, px, bold, anchor)
    face = parts[0][1]
    fnt = font(px, bold=bold, face=face)
    anchor, dy = _baseline(anchor, px, bold, face)
    # Pillow's own rasterisation (what ImageDraw.text pastes), laid out once: measuring the
    # box first (getbbox) laid the string out twice, a third of a new string's cost
    core, (x0, y0) = fnt.getmask2(text, "L", anchor=anchor)
    if not core.size[0] or not core.size[1]:
        return None
    return Image.Image()._new(core), (x0, y0 + dy)


def _mixed(
    parts: tuple[tuple[str, Face], ...], px: int, bold: bool, anchor: str
) -> tuple[Image.Image, tuple[int, int]] | None:
    """``glyphs`` of a string drawn in several faces: each run after the last on one
    baseline; ``anchor`` placed as for the Japanese face (top and bottom: the Latin face's
    baseline, as ``_baseline``)."""
    fonts = [font(px, bold=bold, face=f) for _, f in parts]
    widths = [fnt.getlength(r) for fnt, (r, _) in zip(fonts, parts, strict=True)]
    total = sum(widths)
    top = max(fnt.getmetrics()[0] for fnt in fonts)  # the baseline, from the mask's top
    height = top + max(fnt.getmetrics()[1] for fnt in fonts)
    if total <= 0 or height <= 0:
        return None
    mask = Image.new("L", (int(total) + 2 * px, height), 0)
    draw = ImageDraw.Draw(mask)
    x = float(px)
    for fnt, (run, _), w in zip(fonts, parts, widths, strict=True):
        draw.text((x, top), run, font=fnt, fill=255, anchor="ls")
        x += w
    latin_ascent, latin_descent = font(px, bold=bold).getmetrics()
    cjk_ascent, cjk_descent = font(px, bold=bold, face="cjk").getmetrics()
    h, v = (anchor[0], anchor[1]) if len(anchor) == 2 else ("l", "a")
    left = {"l": 0.0, "m": -total / 2, "r": -total}.get(h, 0.0)
    baseline = {
        "a": latin_ascent,
        "t": latin_ascent,
        "s": 0,
        "d": -latin_descent,
        "b": -latin_descent,
        "m": (cjk_ascent - cjk_descent) / 2,
    }.get(v, 0)
    return mask, (round(left - px), round(baseline - top))


_NO_START = set("、。，．・：；？！ー）」』】〕〉》〟’”…")
_NO_START |= set("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")
_NO_START |= set(",.:;!?)]}")
_NO_END = set("（「『【〔〈《〝‘“([{")


def _breakable(text: str) -> list[tuple[str, bool]]:
    """``text`` as ``(piece, follows a space)`` units a line may break between: words at
    spaces, and each East Asian wide character on its own (closing punctuation kept with the
    character before it, opening punctuation with the one after)."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        first = True
        run = ""
        for ch in word:
            wide = unicodedata.east_asian_width(ch) in "WF"
            if run and ch in _NO_START:
                run += ch
                continue
            if run and (wide or columns(run[-1]) == 2) and run[-1] not in _NO_END:
                out.append((run, first))
                first = False
                run = ch
            else:
                run += ch
        if run:
            out.append((run, first))
    return out


class Pen:
    """Draws on ``image`` in layout units (pixels at scale 1.0), converting for ``scale``.

    ``ink`` is the default text colour. Text sizes are layout pixels too, so a layout that
    keeps its text at 14 or more stays readable at scale 1.0. ``lang`` is the language the
    board is drawn in (``i18n.t(pen.lang, ...)``); each string picks its own face.
    """

    def __init__(
        self, image: Image.Image, scale: float, ink: RGB = INK, *, lang: str = "en"
    ) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.k = scale
        self.ink = ink
        self.lang = lang

    def px(self, v: float) -> int:
        return round(v * self.k)

    def font(self, size: float, bold: bool = False, text: str = "") -> ImageFont.FreeTypeFont:
        """The font that draws ``text`` at layout size ``size``."""
        return font_for(text, max(6, round(size * self.k)), bold)

    def width(self, w: float) -> int:
        return max(1, round(w * self.k))

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 1,
        radius: float = 0,
    ) -> None:
        box = (self.px(x0), self.px(y0), self.px(x1) - 1, self.px(y1) - 1)
        if box[2] < box[0] or box[3] < box[1]:
            return
        self.draw.rounded_rectangle(
            box, radius=self.px(radius), fill=fill, outline=outline, width=self.width(width)
        )

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float,
        *,
        bold: bool = False,
        fill: RGB | None = None,
        anchor: str = "la",
    ) -> None:
        """``s`` at layout point ``(x, y)`` (``anchor`` as in Pillow), pasted from its cached
        glyph mask (``glyphs``): a board redraws the same ids, names and amounts on every
        move, and rasterising them was most of a board's drawing time."""
        if _RECORD is not None:
            _note(s, bold)
        drawn = glyphs(s, max(6, round(size * self.k)), bold, anchor)
        if drawn is not None:
            mask, (dx, dy) = drawn
            where = (round(x * self.k) + dx, round(y * self.k) + dy)
            self.image.paste(fill if fill is not None else self.ink, where, mask)

    def length(self, s: str, size: float, bold: bool = False) -> float:
        """Advance width of ``s`` in layout units (measured once per text and pixel size:
        boards measure the same names and amounts on every move)."""
        return advance(s, max(6, round(size * self.k)), bold) / self.k

    def line(self, points: list[tuple[float, float]], *, fill: RGB, width: float = 1) -> None:
        self.draw.line(
            [(x * self.k, y * self.k) for x, y in points], fill=fill, width=self.width(width)
        )

    def polygon(
        self,
        points: list[tuple[float, float]],
        *,
        fill: RGB | None = None,
        outline: RGB | None = None,
    ) -> None:
        self.draw.polygon(
            [(round(x * self.k), round(y * self.k)) for x, y in points],
            fill=fill,
            outline=outline,
        )

    def disc(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: RGB,
        outline: RGB | None = None,
        outline_w: float = 1.5,
    ) -> None:
        d = max(3, round(2 * r * self.k))
        sprite = disc_sprite(d, fill, outline, self.width(outline_w) if outline else 0)
        self.image.paste(sprite, (round(cx * self.k - d / 2), round(cy * self.k - d / 2)), sprite)

    def chip(self, cx: float, cy: float, r: float, seat: int) -> None:
        """A seat's round chip: its colour plus its letter (the colour-blind second cue)."""
        colour = player_colour(seat)
        self.disc(cx, cy, r, fill=colour, outline=mix(colour, (0, 0, 0), 0.55), outline_w=1.5)
        self.text(
            cx,
            cy + r * 0.06,
            seat_letter(seat),
            r * 1.25,
            bold=True,
            fill=text_on(colour),
            anchor="mm",
        )

    def pill(
        self,
        x: float,
        y: float,
        s: str,
        *,
        fill: RGB,
        ink: RGB | None = None,
        size: float = 14,
        bold: bool = True,
        h: float = 22,
        outline: RGB | None = None,
    ) -> float:
        """A rounded label: left edge ``x``, centred on ``y``; returns its width."""
        w = self.length(s, size, bold) + 14
        self.rect(x, y - h / 2, x + w, y + h / 2, fill=fill, outline=outline, radius=h / 2)
        self.text(
            x + w / 2,
            y + 1,
            s,
            size,
            bold=bold,
            fill=ink if ink is not None else text_on(fill),
            anchor="mm",
        )
        return w

    def banner(
        self,
        x: float,
        y: float,
        w: float,
        s: str,
        *,
        fill: RGB,
        size: float = 19,
        line_h: float = 24,
        most: int = 2,
    ) -> float:
        """A strip across a board (final round, game over): ``s`` in bold ``size``, centred,
        wrapped in at most ``most`` lines ``line_h`` apart, in black or white on ``fill``;
        returns its height (``banner_height``)."""
        lines = self.lines(s, size, w - 28, most, True)
        h = self.banner_height(s, w, size=size, line_h=line_h, most=most)
        self.rect(x, y, x + w, y + h, fill=fill, radius=8)
        for i, line in enumerate(lines):
            cy = y + (h - line_h * len(lines)) / 2 + line_h / 2 + i * line_h
            self.text(x + w / 2, cy, line, size, bold=True, fill=text_on(fill), anchor="mm")
        return h

    def banner_height(
        self, s: str, w: float, *, size: float = 19, line_h: float = 24, most: int = 2
    ) -> float:
        """The height ``banner`` takes for ``s`` ``w`` wide."""
        return 14 + line_h * len(self.lines(s, size, w - 28, most, True))

    def wrap(self, s: str, size: float, width: float, bold: bool = False) -> list[str]:
        """``s`` broken into lines no wider than ``width`` (explicit newlines kept): at spaces,
        and between Japanese characters (which have none), never before closing punctuation
        (``、。」)``) nor after opening (``「(``)."""
        lines: list[str] = []
        for para in s.split("\n"):
            current, wide = "", 0.0
            for word, spaced in _breakable(para):
                if not current:
                    current, wide = word, self.length(word, size, bold)
                    continue
                if spaced:
                    trial = f"{current} {word}"
                    trial_wide = self.length(trial, size, bold)
                else:  # Japanese, character by character: add the piece's width (measuring
                    # every longer prefix afresh made wrapping a sentence quadratic)
                    trial = current + word
                    trial_wide = wide + self.length(word, size, bold)
                if trial_wide > width:
                    lines.append(current)
                    current, wide = word, self.length(word, size, bold)
                else:
                    current, wide = trial, trial_wide
            lines.append(current)
        return lines

    def fit(self, s: str, size: float, width: float, bold: bool = False) -> str:
        """``s`` shortened with an ellipsis to fit ``width``."""
        if self.length(s, size, bold) <= width:
            return s
        while s and self.length(s + "…", size, bold) > width:
            s = s[:-1]
        return s.rstrip() + "…"

    def lines(self, s: str, size: float, width: float, most: int, bold: bool = False) -> list[str]:
        """``s`` wrapped to ``width`` (``wrap``) in at most ``most`` lines, the last one
        holding the rest shortened with an ellipsis."""
        lines = self.wrap(s, size, width, bold)
        if len(lines) > most:
            rest = " ".join(lines[most - 1 :])
            lines = [*lines[: most - 1], self.fit(rest, size, width, bold)]
        return lines

    def wash(self, x: float, y: float, w: float, h: float, colour: RGB, amount: float) -> None:
        """Blend the drawn region ``x, y, w, h`` a fraction ``amount`` towards ``colour``
        (a bankrupt role's area)."""
        box = (self.px(x), self.px(y), self.px(x + w), self.px(y + h))
        region = self.image.crop(box)
        self.image.paste(
            Image.blend(region, Image.new("RGB", region.size, colour), amount), box[:2]
        )


# ---------------------------------------------------------------------------------------------
# Players by name (issue 8)
# ---------------------------------------------------------------------------------------------

NAME_LIMIT = 12
"""Columns of a display name a board shows (an East Asian wide character takes two);
longer names are shortened by ``short_name``."""


def columns(text: str) -> int:
    """Display width of ``text`` in columns: two for an East Asian wide or full-width
    character (kanji, kana, full-width forms), one otherwise.

    >>> columns("Bob"), columns("山田太郎"), columns("ﾀﾛｳ")
    (3, 8, 3)
    """
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cut(text: str, limit: int) -> str:
    out, used = "", 0
    for c in text:
        w = columns(c)
        if used + w > limit:
            break
        out, used = out + c, used + w
    return out


def short_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A display name shortened for a board: whitespace collapsed, characters no bundled font
    can draw (emoji, rare symbols) dropped, then the first word if the whole is wider than
    ``limit`` columns (``columns``: kanji and kana count two), then cut with an ellipsis.
    Japanese names keep their script (drawn with the Japanese face). ``""`` stays ``""``
    (callers fall back to the seat's label).

    >>> short_name("Alexandra the Great")
    'Alexandra'
    >>> short_name("Maximilianus_Longname")
    'Maximilianu…'
    >>> short_name("山田 太郎🎲")
    '山田 太郎'
    >>> short_name("長谷川さくらこ")
    '長谷川さく…'
    """
    cleaned = "".join(ch for ch in name if drawable(ch))
    cleaned = " ".join(cleaned.split())
    if columns(cleaned) <= limit:
        return cleaned
    first = cleaned.split(" ")[0]
    if 3 <= columns(first) <= limit:
        return first
    return _cut(cleaned, limit - 1).rstrip() + "…"


def seat_names(names: Sequence[str] | None, seats: int, *, prefix: str = "P") -> list[str]:
    """One board label per seat: the shortened display name, or ``P1``, ``P2``... when the
    name is missing or empty (renderer tests and the engine's own tools pass no names)."""
    out = []
    for seat in range(seats):
        given = names[seat] if names is not None and seat < len(names) else ""
        out.append(short_name(given) or f"{prefix}{seat + 1}")
    return out


def alt_text(
    title: str, stage: str, players: Sequence[str], *, over: bool = False, lang: str = "en"
) -> str:
    """A board's text fallback (``Renderer.alt``): ``"<title> · <stage>: <player>; ..."``,
    with ``game over`` (in ``lang``) when it is, in plain words (no markdown), under 1,000
    characters (Discord's attachment descriptions take 1,024).

    >>> alt_text("Kenchiku", "round 3", ["alice: 12 money", "bob: 9 money"])
    'Kenchiku · round 3: alice: 12 money; bob: 9 money'
    """
    head = f"{title} · {stage}"
    if over:
        head += " · " + t(lang, "render.common.game_over", "game over")
    text = f"{head}: " + "; ".join(players) if players else head
    return text if len(text) <= 1000 else text[:999] + "…"


def ordinal(n: int, lang: str = "en") -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... (ranks up to 20); ``1位`` in Japanese."""
    if lang != "en":
        return t(lang, "render.common.place", "{n}th", n=n)
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def panel(
    pen: Pen,
    t: Palette,
    x: float,
    y: float,
    w: float,
    h: float,
    title: str = "",
    note: str = "",
    *,
    head: float,
    size: float,
    note_size: float,
    pad: float = 14,
) -> None:
    """A board's panel: a rounded box ``w`` x ``h`` in ``t``'s panel colours with ``title`` in
    bold ``size`` and ``note`` in muted ``note_size`` at the right (shortened to fit), both
    centred in a head row ``head`` tall."""
    pen.rect(x, y, x + w, y + h, fill=t.panel, outline=t.panel_edge, radius=10)
    cy = y + head / 2 + 2
    if title:
        pen.text(x + pad, cy, title, size, bold=True, fill=t.ink, anchor="lm")
    if note:
        room = w - pen.length(title, size, True) - 3 * pad
        pen.text(
            x + w - pad, cy, pen.fit(note, note_size, room), note_size, fill=t.muted, anchor="rm"
        )


def event_box(
    pen: Pen,
    t: Palette,
    x: float,
    y: float,
    w: float,
    lines: Sequence[str],
    *,
    size: float,
    line_h: float,
    pad: float = 4,
    indent: float = 28,
    mark: float = 22,
    fill: RGB | None = None,
    bold: bool = False,
) -> float:
    """The last move (or the game-over line) in a box ``w`` wide: a "›" (bold, ``mark``
    layout px) then ``lines`` of ``size`` text from ``indent``, ``line_h`` apart, ``pad`` above
    and below, on ``fill`` (``t.panel`` by default; on another colour the text is black or
    white, whichever reads); returns the box's height."""
    fill = t.panel if fill is None else fill
    ink, arrow = (t.ink, t.muted) if fill == t.panel else (text_on(fill), text_on(fill))
    h = 2 * pad + line_h * len(lines)
    pen.rect(x, y, x + w, y + h, fill=fill, outline=t.panel_edge, radius=8)
    cy = y + pad + line_h / 2
    pen.text(x + 12, cy, "›", mark, bold=True, fill=arrow, anchor="lm")
    for i, line in enumerate(lines):
        pen.text(x + indent, cy + i * line_h, line, size, bold=bold, fill=ink, anchor="lm")
    return h


@dataclass(frozen=True)
class Legend:
    """A board's legend: a panel titled "Legend" (bold ``title_size`` in a head ``head`` tall)
    over ``items`` (``(kind, label)``, the labels being the legend's only words) in two
    columns of rows ``row_h`` tall; each row shows its kind's sample, then its label
    (``size``) ``label_dx`` to the right of the row's left edge. Sizes in layout units."""

    items: tuple[tuple[str, str], ...]
    head: float
    row_h: float
    label_dx: float
    size: float
    title_size: float

    @property
    def height(self) -> float:
        """The height the legend takes, whatever its width."""
        return self.head + (len(self.items) + 1) // 2 * self.row_h + 8

    def draw(
        self,
        pen: Pen,
        th: Palette,
        x: float,
        y: float,
        w: float,
        icon: Callable[[str, float, float], None],
        labels: Mapping[str, str] | None = None,
    ) -> None:
        """Draw the legend ``w`` wide at (``x``, ``y``); ``icon(kind, x, cy)`` draws each
        kind's sample from the row's left (``x``) on its middle line (``cy``). ``labels``
        (by kind) replace the items' English labels (the board's language); the title is
        drawn in ``pen.lang``."""
        panel(
            pen,
            th,
            x,
            y,
            w,
            self.height,
            t(pen.lang, "render.common.legend", "Legend"),
            head=self.head,
            size=self.title_size,
            note_size=self.size,
        )
        col_w = (w - 20) / 2
        for i, (kind, english) in enumerate(self.items):
            cx = x + 12 + (i % 2) * col_w
            cy = y + self.head + (i // 2) * self.row_h + self.row_h / 2
            icon(kind, cx, cy)
            label = (labels or {}).get(kind, english)
            label = pen.fit(label, self.size, col_w - self.label_dx - 4)
            pen.text(cx + self.label_dx, cy + 1, label, self.size, fill=th.ink, anchor="lm")

    def paste(
        self,
        pen: Pen,
        x: float,
        y: float,
        w: float,
        paint: LayerPaint,
        theme: str,
        bg: RGB,
    ) -> None:
        """The legend ``w`` wide at (``x``, ``y``) on ``pen``'s image, pasted from a layer
        drawn once per legend, theme, scale, width and language (``legend_layer``): it never
        changes during a game, and drawing its samples and words is a board's slowest part.
        ``paint(image, k, theme, lang, w)`` draws it at the layer's top-left corner; ``bg`` is
        the board's background under it."""
        layer = legend_layer(self, paint, theme, bg, pen.k, w, pen.lang)
        pen.image.paste(layer, (pen.px(x), pen.px(y)))


LayerPaint = Callable[[Image.Image, float, str, str, float], None]
"""``paint(image, k, theme, lang, w)``: draws a cached layer ``w`` layout units wide at the
image's top-left corner, ``k`` image pixels a layout unit, in the theme named ``theme`` and
the language ``lang``. A module-level function, so the cache knows it from call to call."""


@lru_cache(maxsize=32)
def legend_layer(
    legend: Legend, paint: LayerPaint, theme: str, bg: RGB, k: float, w: float, lang: str
) -> Image.Image:
    """``legend`` ``w`` layout units wide (``legend.height`` tall) drawn by ``paint`` on a new
    RGB image of ``bg``, ``k`` pixels a unit; cached (a few games x themes x sizes x
    languages)."""
    layer = Image.new("RGB", (max(1, round(w * k)), max(1, round(legend.height * k))), bg)
    paint(layer, k, theme, lang, w)
    return layer


# ---------------------------------------------------------------------------------------------
# Boards made of sections (GUIDE "Rendering": a chat board and its detail board are one list of
# sections drawn at two sizes)
# ---------------------------------------------------------------------------------------------

P = TypeVar("P", bound=Pen)
Place = Literal["top", "main", "side"]


@dataclass(frozen=True)
class Section:
    """One part of a board, drawn the same way at every size.

    ``height(w)`` is how tall it is ``w`` layout units wide (``0``: not shown, no gap left for
    it); ``draw(x, y, w)`` draws it with its top-left corner at ``x, y``. ``place`` says where
    it goes on a size with a side column (``Size.side``): ``"top"`` across the whole width,
    ``"main"`` in the wide column, ``"side"`` in the side column. On a one-column size every
    section is stacked in list order."""

    height: Callable[[float], float]
    draw: Callable[[float, float, float], object]
    place: Place = "main"


@dataclass(frozen=True)
class Size:
    """How one board lays out its sections: ``width`` layout units across (a layout unit is
    ``unit`` image pixels at scale 1.0), ``margin`` around, ``gap`` between sections, and a side
    column ``side`` units wide beside the main one (``0``: one column)."""

    width: float
    margin: float
    gap: float
    unit: float = 1.0
    side: float = 0.0

    @property
    def pixels(self) -> float:
        """The board's width in image pixels at scale 1.0 (``Renderer.width``)."""
        return self.width * self.unit

    @property
    def inner(self) -> float:
        """The width of the ``"top"`` sections (the whole board less its margins)."""
        return self.width - 2 * self.margin

    def column(self, place: Place) -> float:
        """The width of a section placed at ``place``."""
        if not self.side or place == "top":
            return self.inner
        return self.side if place == "side" else self.inner - self.gap - self.side


def compose(
    size: Size,
    sections: Callable[[P], Sequence[Section]],
    pen: Callable[[Image.Image, float], P],
    *,
    scale: float,
    bg: RGB,
) -> Image.Image:
    """Draw a board: ``sections(pen)`` (the same list, in the same order, for any pen) are
    measured with a pen on a 1x1 image, placed by ``size`` and drawn with a pen on the new
    image. ``pen(image, k)`` makes a game's pen at ``k`` image pixels per layout unit
    (``scale * size.unit``). Returns an RGB image ``size.width * k`` wide on ``bg``, as tall as
    its columns."""
    k = scale * size.unit
    measured = sections(pen(Image.new("RGB", (1, 1)), k))
    places: list[tuple[float, float, float] | None] = []
    top = float(size.margin)
    column = {"main": 0.0, "side": 0.0}
    # On a one-column size everything stacks in order like "top" sections.
    two = size.side > 0
    x_of = {
        "top": float(size.margin),
        "main": float(size.margin),
        "side": size.margin + size.inner - size.side if two else float(size.margin),
    }
    pending: list[tuple[int, Place, float, float]] = []
    for i, s in enumerate(measured):
        place: Place = s.place if two else "top"
        w = size.column(place)
        h = s.height(w)
        places.append(None)
        if h <= 0:
            continue
        if place == "top":
            places[i] = (x_of["top"], top, w)
            top += h + size.gap
        else:
            pending.append((i, place, w, h))
    for i, place, w, h in pending:
        places[i] = (x_of[place], top + column[place], w)
        column[place] += h + size.gap
    height = top + max(column.values()) - size.gap + size.margin
    image = Image.new("RGB", (round(size.width * k), round(height * k)), bg)
    for s, at in zip(sections(pen(image, k)), places, strict=True):
        if at is not None:
            s.draw(*at)
    return image


TH = TypeVar("TH", bound=Palette)
VW = TypeVar("VW")
SZ = TypeVar("SZ", bound=Size)


class BoardSections(Generic[TH, VW, SZ]):
    """The sections of one board, listed by a game's subclass (``sections``): ``view`` drawn
    at ``size`` with ``pen`` (in ``pen.lang``) in theme ``th``, players named by ``names``
    (one per seat). ``board`` draws them (``compose``)."""

    def __init__(self, pen: Pen, th: TH, view: VW, names: Sequence[str], size: SZ) -> None:
        self.pen = pen
        self.th = th
        self.view = view
        self.names = names
        self.size = size
        self.lang = pen.lang

    def sections(self) -> list[Section]:
        """The board's sections in order (``Section``); each game lists its own."""
        raise NotImplementedError

    @classmethod
    def board(
        cls, th: TH, view: VW, names: Sequence[str], size: SZ, *, scale: float, lang: str
    ) -> Image.Image:
        """``view`` drawn at ``size`` times ``scale`` in ``lang`` (``compose``), on ``th.bg``."""
        return compose(
            size,
            lambda pen: cls(pen, th, view, names, size).sections(),
            lambda image, k: Pen(image, k, th.ink, lang=lang),
            scale=scale,
            bg=th.bg,
        )
