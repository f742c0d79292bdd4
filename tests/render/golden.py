"""Golden-image comparison shared by the renderer tests.

``BOARDROOM_UPDATE_GOLDEN=1`` rewrites the stored images instead of comparing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from render.common import to_png

GOLDEN_DIR = Path(__file__).parent / "golden"
UPDATE = os.environ.get("BOARDROOM_UPDATE_GOLDEN") == "1"
# Mean absolute difference per channel (0-255) allowed between a render and its golden:
# absorbs anti-aliasing differences between FreeType builds, fails on any layout change.
TOLERANCE = 1.5


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def check_golden(name: str, image: Image.Image) -> None:
    """Compare ``image`` with ``golden/<name>.png`` (or rewrite it when updating)."""
    path = GOLDEN_DIR / f"{name}.png"
    if UPDATE:
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_bytes(to_png(image))
        return
    assert path.exists(), f"missing golden {path}; run with BOARDROOM_UPDATE_GOLDEN=1"
    golden = Image.open(path)
    assert image.size == golden.size, f"{name}: size {image.size} != golden {golden.size}"
    diff = mean_abs_diff(image, golden)
    if diff >= TOLERANCE:
        out = Path(os.environ.get("TMPDIR", "/tmp")) / f"{name}.actual.png"
        out.write_bytes(to_png(image))
        pytest.fail(f"{name}: mean pixel difference {diff:.2f} >= {TOLERANCE}; see {out}")
