"""render.replay: which positions a replay samples, and the animation it encodes."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from render.replay import animate, sample_positions


def test_sample_positions_start_every_k_and_last():
    assert sample_positions(10, 4) == [0, 4, 8, 10]
    assert sample_positions(5, 60) == [0, 1, 2, 3, 4, 5]
    assert sample_positions(0) == [0]
    many = sample_positions(1090, 60)
    assert len(many) <= 60 and many[0] == 0 and many[-1] == 1090
    assert len({b - a for a, b in itertools.pairwise(many[:-1])}) == 1  # every k moves
    with pytest.raises(ValueError):
        sample_positions(10, 1)


@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_animate_frames_sizes_and_durations(fmt):
    frames = [Image.new("RGB", (40, 30 + 10 * i), (20 * i, 100, 200)) for i in range(5)]
    data = animate(frames, fmt=fmt, frame_ms=300, last_ms=2000)
    image = Image.open(io.BytesIO(data))
    assert image.format == fmt.upper()
    assert image.is_animated and image.n_frames == 5
    assert image.size == (40, 70)  # the largest frame; smaller ones padded
    durations = []
    for i in range(5):
        image.seek(i)
        image.load()  # WebP reads a frame's duration when it is decoded
        durations.append(image.info["duration"])
    assert durations == [300, 300, 300, 300, 2000]


def test_animate_refuses_nothing_and_unknown_formats():
    with pytest.raises(ValueError, match="no frames"):
        animate([])
    with pytest.raises(ValueError, match="unknown animation format"):
        animate([Image.new("RGB", (4, 4))], fmt="apng")
