"""Posted boards are encoded by libvips (issue 20): lossless, PNG, and no larger than Pillow's
level-3 PNG of the same board (the encoder before), for every game's chat board."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.services.boards import INLINE, Boards, encode_png, picture
from games.core import get_game
from games.core.ai import play_out
from render import contract
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
