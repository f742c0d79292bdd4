"""Posted boards are encoded by libvips (issue 20): lossless, PNG, and no larger than Pillow's
level-3 PNG of the same board (the encoder before), for every game's chat board."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.services.boards import INLINE, Boards, at_inline_width, encode_png, picture
from games.core import get_game
from games.core.ai import play_out
from render import contract
from render.contract import Kind
from render.games import RENDERERS

NAMES = ["alice", "Bartholomew", "carol", "dave"]


def pillow_level3(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


@pytest.mark.parametrize("key", sorted(RENDERERS))
def test_posted_board_is_the_drawn_board_losslessly_and_no_larger(key: str) -> None:
    spec = get_game(key)
    state, _record = play_out(spec, min(4, spec.max_players), 3)
    renderer = contract.of(key)
    assert renderer is not None
    image = renderer.board(state.view(None), names=NAMES, scale=0.75)
    data = encode_png(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "RGB" and decoded.size == image.size
    assert ImageChops.difference(decoded, image).getbbox() is None
    assert len(data) <= 1.05 * len(pillow_level3(image))
    posted, ext = picture(renderer, "board", state.view(None), names=NAMES, scale=0.75)
    assert ext == "png" and Image.open(io.BytesIO(posted)).width >= INLINE


async def test_render_processes_draw_what_the_threads_draw() -> None:
    """The default render pool draws in processes (Pillow holds the GIL while drawing); the
    board, its name and its alt text are the same as drawn in a thread."""
    spec = get_game("kenchiku")
    state, _record = play_out(spec, 3, 4)
    view = state.view(None)
    threads, processes = Boards(1, scale=0.75, processes=0), Boards(1, scale=0.75, processes=1)
    try:
        a = await threads.draw("kenchiku", 1, 9, view, names=NAMES)
        b = await processes.draw("kenchiku", 1, 9, view, names=NAMES)
        c = await processes.view("kenchiku", 1, "player", view, seat=0, names=NAMES)
    finally:
        threads.close()
        processes.close()
    assert a is not None and b is not None
    assert (a.data, a.filename, a.description) == (b.data, b.filename, b.description)
    assert "alice" in b.description and c.filename == "kenchiku-1-player.png"


@pytest.mark.parametrize("key", sorted(k for k, r in RENDERERS.items() if r.width is not None))
def test_declared_width_is_the_drawn_width(key: str) -> None:
    """``Renderer.width`` (known before drawing) is the width each view comes out at, so the
    bot can choose the scale that reaches ``INLINE`` before it draws."""
    spec = get_game(key)
    state, _record = play_out(spec, min(4, spec.max_players), 5)
    renderer = contract.of(key)
    assert renderer is not None and renderer.width is not None
    kinds: list[tuple[Kind, bool]] = [("board", False), ("board", True)]
    kinds += [(kind, False) for kind in ("player", "hand") if kind in renderer.views]
    declared = 0
    for kind, detail in kinds:
        view = state.view(0 if kind == "hand" else None)
        width = renderer.width(kind, view, detail)
        if width is None:
            continue
        declared += 1
        for scale in (0.5, 0.75, 1.0):
            image = renderer.draw(kind, view, seat=0, names=NAMES, scale=scale, detail=detail)
            assert image.width == round(width * scale), (kind, detail, scale)
    assert declared >= 2


def test_a_narrow_view_is_drawn_once_at_inline_width() -> None:
    """Carnegie's chat board (495 px at the default 0.75) and company board (465 px) are
    drawn once, at the scale that makes them ``INLINE`` wide, and posted as drawing twice
    posted them before."""
    spec = get_game("carnegie")
    state, _record = play_out(spec, 4, 6)
    renderer = contract.of("carnegie")
    assert renderer is not None
    scales: list[float] = []

    def counting(draw: Any) -> Any:
        def counted(*args: Any, **kw: Any) -> Image.Image:
            scales.append(kw["scale"])
            return draw(*args, **kw)

        return counted

    counted = dataclasses.replace(
        renderer, board=counting(renderer.board), hand=counting(renderer.hand)
    )
    for kind, seat in (("board", None), ("hand", 1)):
        view = state.view(seat)
        scales.clear()
        posted, _ext = picture(counted, kind, view, seat=seat, names=NAMES, scale=0.75)
        assert len(scales) == 1 and Image.open(io.BytesIO(posted)).width >= INLINE

        def draw(k: float, kind: Kind = kind, view: Any = view, seat: int | None = seat) -> Any:
            return renderer.draw(kind, view, seat=seat, names=NAMES, scale=k)

        assert draw(0.75).width < INLINE  # the case it is for
        assert posted == encode_png(at_inline_width(draw, 0.75))  # as drawing twice posted
