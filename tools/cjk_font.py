"""Make the bundled Japanese fonts: Noto Sans CJK JP (SIL OFL 1.1) subset to what Japanese
boards draw.

The subset keeps JIS X 0208 (levels 1 and 2 kanji, kana, punctuation and symbols: every
character EUC-JP encodes in two bytes), the rest of the kana blocks, CJK symbols and
punctuation, half- and full-width forms, Latin-1, general punctuation, arrows, and the
circled numbers and box/geometric shapes boards use, so mixed strings ("ラウンド 3",
"$12 · 2台") draw in one face. Source: Debian's ``fonts-noto-cjk`` collections (face 0 of the
``.ttc`` is JP). Run once when the source font or the character set changes:

    python -m tools.cjk_font [/usr/share/fonts/opentype/noto]

Writes ``render/fonts/NotoSansCJKjp-{Regular,Bold}.subset.otf`` and prints their sizes.
Needs ``fonttools`` (a test dependency).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "render" / "fonts"
SOURCE = Path("/usr/share/fonts/opentype/noto")
RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1, Latin Extended-A
    (0x2000, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (∞, ×, ≤)
    (0x2460, 0x24FF),  # circled numbers
    (0x2500, 0x25FF),  # box drawing, blocks, geometric shapes
    (0x2600, 0x26FF),  # miscellaneous symbols (★, ☆)
    (0x3000, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half- and full-width forms
)


def jis_x_0208() -> set[int]:
    """Every character of JIS X 0208 (EUC-JP's two-byte rows 1-84)."""
    out = set()
    for row in range(0xA1, 0xFF):
        for cell in range(0xA1, 0xFF):
            try:
                ch = bytes((row, cell)).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                out.add(ord(ch))
    return out


def codepoints() -> set[int]:
    out = jis_x_0208()
    for lo, hi in RANGES:
        out.update(range(lo, hi + 1))
    return out


def build(source: Path = SOURCE) -> list[Path]:
    written = []
    wanted = codepoints()
    for weight in ("Regular", "Bold"):
        collection = TTCollection(str(source / f"NotoSansCJK-{weight}.ttc"))
        face = collection.fonts[0]  # Noto Sans CJK JP
        options = subset.Options()
        options.layout_features = ["kern", "palt", "vert", "liga"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = True
        options.desubroutinize = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(wanted))
        subsetter.subset(face)
        path = OUT / f"NotoSansCJKjp-{weight}.subset.otf"
        face.save(str(path))
        written.append(path)
    return written


if __name__ == "__main__":
    paths = build(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)
    for p in paths:
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size / 1e6:.2f} MB")
