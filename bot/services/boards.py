"""Drawing boards off the event loop: a render pool sized to the CPU count, and one encoded
image kept per game (the newest), so a board is drawn once however often it is shown."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import os
from collections.abc import Sequence
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


def _render(mod: ModuleType, view: Any, names: Sequence[str] | None, scale: float) -> Any:
    # Renderers take ``names`` once they are redesigned for the chat (issue 8).
    if names is None or "names" not in inspect.signature(mod.render_board).parameters:
        return mod.render_board(view, scale=scale)
    return mod.render_board(view, scale=scale, names=list(names))


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
