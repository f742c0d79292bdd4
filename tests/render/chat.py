"""Measuring a board as a player sees it in Discord (issue 8, GUIDE "Rendering").

Discord shows an attached image about 550 px wide inline. ``measure`` draws a board while
recording every text call, and reports the smallest text as it would appear at that width;
``ocr_words`` reads the 550 px version with Tesseract (Debian ``tesseract-ocr``), so a test
can check that names and numbers stay recognisable there.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from PIL import Image, ImageFont

INLINE = 550  # px: Discord's inline image width on desktop
MIN_TEXT = 11.0  # px: smallest text a player must read at INLINE width


@dataclass
class TextCall:
    text: str
    size: float  # font size in image pixels


@dataclass
class Measured:
    image: Image.Image
    texts: list[TextCall] = field(default_factory=list)

    @property
    def inline_factor(self) -> float:
        """Display pixels per image pixel at Discord's inline width."""
        return INLINE / self.image.width

    def inline_size(self, call: TextCall) -> float:
        return call.size * self.inline_factor

    def too_small(self, minimum: float = MIN_TEXT) -> list[tuple[str, float]]:
        """``(text, inline px)`` for every visible text drawn smaller than ``minimum``."""
        return sorted(
            {
                (c.text, round(self.inline_size(c), 1))
                for c in self.texts
                if c.text.strip() and self.inline_size(c) < minimum
            },
            key=lambda t: t[1],
        )


@contextmanager
def _recording() -> Iterator[list[TextCall]]:
    """Every text rasterised in the block (Pillow's ``FreeTypeFont.getmask2``, which
    ``ImageDraw.text`` and ``render.common.glyphs`` both call) with its font's size."""
    calls: list[TextCall] = []
    original = ImageFont.FreeTypeFont.getmask2

    def getmask2(self: ImageFont.FreeTypeFont, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(TextCall(str(text), float(self.size)))
        return original(self, text, *args, **kwargs)

    ImageFont.FreeTypeFont.getmask2 = getmask2  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        ImageFont.FreeTypeFont.getmask2 = original  # type: ignore[method-assign]


def fresh(*modules: ModuleType) -> None:
    """Clear every cache of ``modules`` (a renderer's cached layers: the map's ground, voice
    cards, market...) and the shared legend layers, so a board drawn next draws, and
    records, all its text."""
    from render.common import legend_layer

    for value in [legend_layer, *(v for m in modules for v in vars(m).values())]:
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def measure(draw: Callable[[], Image.Image]) -> Measured:
    """Call ``draw`` (which must draw afresh: no cached text layers) and record its text.

    Renderers that paste cached layers drew that text in an earlier call; clear their caches
    first (``functools`` ``cache_clear``) or the layer's text goes unmeasured.
    """
    from render.common import glyphs, legend_layer

    glyphs.cache_clear()  # every text is rasterised (and recorded) afresh
    legend_layer.cache_clear()  # the shared legend layers too
    with _recording() as calls:
        image = draw()
    return Measured(image, calls)


def inline(image: Image.Image) -> Image.Image:
    """``image`` scaled to Discord's inline width, as a browser would show it."""
    h = round(image.height * INLINE / image.width)
    return image.convert("RGB").resize((INLINE, h), Image.Resampling.LANCZOS)


def has_ocr() -> bool:
    return shutil.which("tesseract") is not None


def ocr_words(image: Image.Image) -> set[str]:
    """Lower-case words Tesseract reads in ``image`` (shown at 550 px, upscaled 2x for the
    engine, as a reader's eye would resolve it). Needs the ``tesseract`` binary."""
    small = inline(image)
    big = small.resize((small.width * 2, small.height * 2), Image.Resampling.LANCZOS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.png"
        big.save(path)
        out = subprocess.run(
            ["tesseract", str(path), "stdout", "--psm", "11"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return {w.lower() for w in re.findall(r"[A-Za-z0-9$]+", out)}


def has_ocr_language(lang: str) -> bool:
    """Whether Tesseract is installed with ``lang``'s data (``jpn``: Debian
    ``tesseract-ocr-jpn``)."""
    if not has_ocr():
        return False
    out = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True).stdout
    return lang in out.split()


def ocr_text(image: Image.Image, lang: str = "jpn") -> str:
    """What Tesseract reads in ``image`` shown at 550 px (upscaled 2x, as ``ocr_words``) with
    language ``lang``, whitespace removed (Japanese has no spaces between words, and the engine
    puts some between characters): search it for a word with ``in``. Read twice, as sparse
    text (``--psm 11``) and as one block (``--psm 6``), the two readings joined with ``|``:
    the sparse reading loses a table row's name beside a seat mark that the block reading
    keeps, and the other way round for labels scattered over a map."""
    small = inline(image)
    big = small.resize((small.width * 2, small.height * 2), Image.Resampling.LANCZOS)
    readings = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.png"
        big.save(path)
        for psm in ("11", "6"):
            out = subprocess.run(
                ["tesseract", str(path), "stdout", "-l", lang, "--psm", psm],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            readings.append("".join(out.split()))
    return "|".join(readings)
