"""Drawing boards off the event loop: a render pool sized to the CPU count, and one encoded
image kept per game (the newest), so a board is drawn once however often it is shown."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from render.common import encode_board


def renderer(game_key: str) -> ModuleType | None:
    """``render.<game_key>`` if it exists (``render_board``, ``hand_text``)."""
    try:
        return importlib.import_module(f"render.{game_key}")
    except ModuleNotFoundError:
        return None


INLINE = 550
"""Discord's inline image width (px). Boards are designed to be read at this width; an image
narrower than it is shown at its own size, never enlarged, so none is posted narrower."""


def at_inline_width(draw: Callable[[float], Any], scale: float) -> Any:
    """``draw(scale)``, drawn again at a larger scale if the image came out narrower than
    ``INLINE`` (``board_scale`` 0.75 on a 660 px layout would give 495 px, and Discord would
    show its 11 px text at 8 px)."""
    image = draw(scale)
    if image is not None and 0 < image.width < INLINE:
        image = draw(scale * INLINE / image.width + 0.001)
    return image


def _render(mod: ModuleType, view: Any, names: Sequence[str] | None, scale: float) -> Any:
    # Renderers take ``names`` once they are redesigned for the chat (issue 8).
    if names is None or "names" not in inspect.signature(mod.render_board).parameters:
        return at_inline_width(lambda k: mod.render_board(view, scale=k), scale)
    return at_inline_width(lambda k: mod.render_board(view, scale=k, names=list(names)), scale)


@dataclass(frozen=True)
class Board:
    """An encoded board image: ``data`` bytes, posted as ``filename``."""

    data: bytes
    filename: str


class Boards:
    """The render pool. ``workers`` defaults to the CPU count: drawing is CPU-bound, and
    more threads than cores only add contention (6 threads drew 17.5 boards/s on 2 cores,
    2 threads 20.7)."""

    def __init__(self, workers: int | None = None, *, scale: float = 1.0) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.scale = scale
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="render")
        self._latest: dict[int, tuple[int, Board]] = {}  # game id -> (seq, board)
        self.drawn = 0

    async def draw(
        self,
        game_key: str,
        game_id: int,
        seq: int,
        view: Any,
        *,
        names: Sequence[str] | None = None,
    ) -> Board | None:
        """The board of ``game_id`` after ``seq`` moves (``view`` is its public view), with
        players labelled by ``names`` (display names by seat)."""
        cached = self._latest.get(game_id)
        if cached is not None and cached[0] == seq:
            return cached[1]
        mod = renderer(game_key)
        if mod is None:
            return None
        loop = asyncio.get_running_loop()
        data, ext = await loop.run_in_executor(
            self._pool, lambda: encode_board(_render(mod, view, names, self.scale))
        )
        self.drawn += 1
        board = Board(data, f"{game_key}-{game_id}.{ext}")
        current = self._latest.get(game_id)
        if current is None or current[0] <= seq:
            self._latest[game_id] = (seq, board)
        if len(self._latest) > 512:  # keep only recent games' images
            for gid in list(self._latest)[: len(self._latest) - 512]:
                del self._latest[gid]
        return board

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def accepts(func: Any, name: str) -> bool:
    """Whether renderer function ``func`` takes keyword ``name`` (renderers gain ``names=``
    and ``detail=`` during issue 8; old ones are called without them)."""
    try:
        return name in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


def call_renderer(func: Any, *args: Any, **options: Any) -> Any:
    """``func(*args, **options)`` with only the options ``func`` accepts (``None`` values
    dropped)."""
    return func(*args, **{k: v for k, v in options.items() if v is not None and accepts(func, k)})


class Unsupported(Exception):
    """The game's renderer has no such view (e.g. no ``render_player``, or no ``detail``)."""


async def draw_extra(
    boards: Boards,
    game_key: str,
    game_id: int,
    kind: str,
    view: Any,
    *,
    seat: int | None = None,
    names: Sequence[str] | None = None,
    detail: bool = False,
    area: str | None = None,
) -> Board | None:
    """A view on request, drawn in the render pool and never cached: ``kind`` is
    ``"board"`` (``render_board(view, detail=True)``), ``"player"`` (``render_player(view,
    seat)``), ``"hand"`` (``render_hand(view, seat)``) or ``"zoom"`` (``render_zoom(view,
    area)``, one area of the map as the player typed it). Returns ``None`` when the renderer
    draws nothing for it; raises ``Unsupported`` when the renderer lacks the function (or the
    ``detail`` option), and passes on the renderer's ``ValueError`` (for a zoom: a sentence
    naming the valid areas)."""
    mod = renderer(game_key)
    func = None
    if mod is not None:
        func = getattr(mod, {"board": "render_board"}.get(kind, f"render_{kind}"), None)
    if func is None or (detail and not accepts(func, "detail")):
        raise Unsupported(kind)
    args = (view,) if kind == "board" else (view, area) if kind == "zoom" else (view, seat)
    options: dict[str, Any] = {"scale": boards.scale, "names": list(names) if names else None}
    if detail:
        options["detail"] = True
        options["scale"] = 1.0  # the full-size board: every detail readable when opened
    if kind == "zoom":
        # drawn for the inline width (FCM: 600 px); smaller, Discord would not enlarge it
        options["scale"] = 1.0
    loop = asyncio.get_running_loop()

    def work() -> tuple[bytes, str] | None:
        image = at_inline_width(
            lambda k: call_renderer(func, *args, **{**options, "scale": k}), options["scale"]
        )
        return None if image is None else encode_board(image)

    encoded = await loop.run_in_executor(boards._pool, work)
    if encoded is None:
        return None
    boards.drawn += 1
    data, ext = encoded
    return Board(data, f"{game_key}-{game_id}-{kind}{'-detail' if detail else ''}.{ext}")


def hand_text(game_key: str, view: Any, seat: int, names: Sequence[str] | None) -> str | None:
    """The renderer's ``hand_text(view, seat, names=...)``; ``None`` if the game has none."""
    mod = renderer(game_key)
    func = getattr(mod, "hand_text", None) if mod is not None else None
    if func is None:
        return None
    return str(call_renderer(func, view, seat, names=list(names) if names else None))
