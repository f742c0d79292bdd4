"""Drawing boards off the event loop: a render pool sized to the CPU count, and one encoded
image kept per game (the newest), so a board is drawn once however often it is shown.

What a game draws comes from its declared renderer (``render.contract``): the chat board,
the full-size board, a player's area, a hand, a zoom, and the board's text fallback (the
image's description).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import discord
import pyvips
from PIL import Image

from render import contract
from render.contract import Kind, Renderer

log = logging.getLogger(__name__)

INLINE = 550
"""Discord's inline image width (px). Boards are designed to be read at this width; an image
narrower than it is shown at its own size, never enlarged, so none is posted narrower."""


def at_inline_width(
    draw: Callable[[float], Image.Image], scale: float, width: float | None = None
) -> Image.Image:
    """``draw(scale)``, drawn again at a larger scale if the image came out narrower than
    ``INLINE`` (``board_scale`` 0.75 on a 660 px layout would give 495 px, and Discord would
    show its 11 px text at 8 px). ``width``: the image's width at scale 1.0 if known before
    drawing (``Renderer.width``); then the larger scale is chosen first and drawn once."""
    narrow = round(width * scale) if width is not None else 0
    if 0 < narrow < INLINE:
        scale = scale * INLINE / narrow + 0.001
    image = draw(scale)
    if 0 < image.width < INLINE:
        image = draw(scale * INLINE / image.width + 0.001)
    return image


PNG_COMPRESSION = 3
"""zlib level of posted boards. Encoding is libvips' (pyvips; the library comes from the
pyvips-binary wheel), chosen by measurement over the five games' chat boards at the posted
size (docs/architecture.md, "Boards at the speed of the hardware"): libvips at level 3 with
no row filter writes files no larger than Pillow's level 3 (which the bot used before, with
Pillow's adaptive filters) in a fraction of the time (Kenchiku 2.7 ms for 81 KiB against
55.6 ms for 86 KiB on a loaded machine), and it releases the GIL while it compresses, so
the render pool's threads encode on both cores. Pillow only draws."""


def encode_png(image: Image.Image) -> bytes:
    """``image`` (RGB, or anything Pillow converts to RGB) as PNG bytes, by libvips."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    pixels = pyvips.Image.new_from_memory(rgb.tobytes(), rgb.width, rgb.height, 3, "uchar")
    data: bytes = pixels.pngsave_buffer(
        compression=PNG_COMPRESSION, filter=pyvips.enums.ForeignPngFilter.NONE
    )
    return data


def picture(
    renderer: Renderer[Any],
    kind: Kind,
    view: Any,
    *,
    seat: int | None = None,
    area: str | None = None,
    names: Sequence[str] | None = None,
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> tuple[bytes, str]:
    """View ``kind`` of ``view`` drawn (at least ``INLINE`` wide) in language ``lang`` and
    encoded for posting: ``(bytes, file extension)``. What the render pool runs, and what
    ``boardroom bench`` measures. Raises as ``Renderer.draw``."""
    image = at_inline_width(
        lambda k: renderer.draw(
            kind, view, seat=seat, area=area, names=names, scale=k, detail=detail, lang=lang
        ),
        scale,
        renderer.width(kind, view, detail) if renderer.width else None,
    )
    return encode_png(image), "png"


@dataclass(frozen=True)
class Board:
    """An encoded board image: ``data`` bytes, posted as ``filename``, described by
    ``description`` (the renderer's text fallback, Discord's alt text; ``""`` if none)."""

    data: bytes
    filename: str
    description: str = ""

    def file(self) -> discord.File:
        """The image as an attachment, with its description (alt text) when it has one."""
        return discord.File(
            io.BytesIO(self.data), filename=self.filename, description=self.description or None
        )


class Unsupported(LookupError):
    """The game draws no such view (no renderer, or e.g. no player area)."""


def _draw(
    game_key: str,
    kind: Kind,
    view: Any,
    seat: int | None,
    area: str | None,
    names: list[str] | None,
    scale: float,
    detail: bool,
    lang: str = "en",
    clock: Callable[[], float] = time.thread_time,
) -> tuple[bytes, str, str, float, float]:
    """One view drawn in ``lang``, encoded and described: ``(bytes, extension, alt text,
    CPU seconds, wall seconds)``, the CPU time by ``clock`` (``time.process_time`` in a
    render process, which counts libvips' own threads; ``time.thread_time`` in a render
    thread). Runs in a render process (everything it takes and returns pickles) or a render
    thread."""
    start, began = clock(), time.perf_counter()
    renderer = contract.of(game_key)
    if renderer is None:
        raise Unsupported(game_key)
    data, ext = picture(
        renderer,
        kind,
        view,
        seat=seat,
        area=area,
        names=names,
        scale=scale,
        detail=detail,
        lang=lang,
    )
    alt = renderer.alt(view, names, lang) if kind == "board" else ""
    return data, ext, alt, clock() - start, time.perf_counter() - began


def _ready() -> None:
    """A render process's start: the renderers and fonts loaded before the first board."""
    from render import games  # noqa: F401


class Boards:
    """The render pool. Boards are drawn and encoded by ``processes`` worker processes
    (default: the CPU count): Pillow holds Python's GIL while it draws, so threads of one
    process draw on one core at a time, while processes use them all; a view and the encoded
    image cross between processes in well under a millisecond. ``processes=0`` draws in
    ``workers`` threads instead (default: the CPU count; the tests, where starting processes
    for every bot would cost more than it saves). A process that dies is replaced; the board
    it was drawing is drawn in a thread."""

    def __init__(
        self, workers: int | None = None, *, scale: float = 1.0, processes: int | None = 0
    ) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.processes = (os.cpu_count() or 1) if processes is None else max(0, processes)
        self.scale = scale
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="render")
        self._procs: ProcessPoolExecutor | None = None  # started at the first board
        # (game id, language) -> (seq, board): one image per game and language
        self._latest: dict[tuple[int, str], tuple[int, Board]] = {}
        self.drawn = 0
        self.cpu = 0.0  # CPU seconds spent drawing, encoding and describing, in all workers
        # called with (seconds a board waited for a worker, seconds the worker took), if set
        # (``boardroom bench``)
        self.on_board: Callable[[float, float], None] | None = None

    def _processes(self) -> ProcessPoolExecutor | None:
        if self.processes and self._procs is None:
            self._procs = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"), initializer=_ready
            )
        return self._procs

    async def draw(
        self,
        game_key: str,
        game_id: int,
        seq: int,
        view: Any,
        *,
        names: Sequence[str] | None = None,
        lang: str = "en",
    ) -> Board | None:
        """The chat board of ``game_id`` after ``seq`` moves (``view`` is its public view),
        with players labelled by ``names`` (display names by seat), its words in ``lang``;
        ``None`` if the game has no renderer. Kept per game and language."""
        key = (game_id, lang)
        cached = self._latest.get(key)
        if cached is not None and cached[0] == seq:
            return cached[1]
        renderer = contract.of(game_key)
        if renderer is None:
            return None
        board = await self._run(
            renderer, "board", view, f"{game_key}-{game_id}", names=names, lang=lang
        )
        current = self._latest.get(key)
        if current is None or current[0] <= seq:
            self._latest[key] = (seq, board)
        if len(self._latest) > 512:  # keep only recent games' images
            for old in list(self._latest)[: len(self._latest) - 512]:
                del self._latest[old]
        return board

    async def view(
        self,
        game_key: str,
        game_id: int,
        kind: Kind,
        view: Any,
        *,
        seat: int | None = None,
        area: str | None = None,
        names: Sequence[str] | None = None,
        detail: bool = False,
        lang: str = "en",
    ) -> Board:
        """A view on request, never cached: ``kind`` ``"board"`` (with ``detail``: the
        full-size board), ``"player"`` or ``"hand"`` (of ``seat``), or ``"zoom"`` (``area``
        of the map as the player typed it), its words in ``lang``. Raises ``Unsupported``
        when the game draws no such view, and passes on the renderer's ``ValueError`` (for a
        zoom: a sentence naming the valid areas)."""
        renderer = contract.of(game_key)
        if renderer is None or kind not in renderer.views:
            raise Unsupported(kind)
        # the full-size board and a zoom are drawn at scale 1.0: every detail readable
        scale = 1.0 if detail or kind == "zoom" else self.scale
        suffix = f"{kind}{'-detail' if detail else ''}"
        return await self._run(
            renderer,
            kind,
            view,
            f"{game_key}-{game_id}-{suffix}",
            seat=seat,
            area=area,
            names=names,
            detail=detail,
            scale=scale,
            lang=lang,
        )

    async def _run(
        self,
        renderer: Renderer[Any],
        kind: Kind,
        view: Any,
        stem: str,
        *,
        names: Sequence[str] | None,
        seat: int | None = None,
        area: str | None = None,
        detail: bool = False,
        scale: float | None = None,
        lang: str = "en",
    ) -> Board:
        listed = list(names) if names else None
        job = functools.partial(
            _draw,
            renderer.game,
            kind,
            view,
            seat,
            area,
            listed,
            self.scale if scale is None else scale,
            detail,
            lang,
        )
        loop = asyncio.get_running_loop()
        procs = self._processes()
        asked = time.perf_counter()
        if procs is None:
            data, ext, alt, cpu, wall = await loop.run_in_executor(self._pool, job)
        else:
            try:
                data, ext, alt, cpu, wall = await loop.run_in_executor(
                    procs, functools.partial(job, clock=time.process_time)
                )
            except BrokenProcessPool:
                log.warning("a render process died; starting new ones")
                self._procs = None
                procs.shutdown(wait=False, cancel_futures=True)
                data, ext, alt, cpu, wall = await loop.run_in_executor(self._pool, job)
        self.cpu += cpu
        self.drawn += 1
        if self.on_board is not None:
            self.on_board(time.perf_counter() - asked - wall, wall)
        return Board(data, f"{stem}.{ext}", alt)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self._procs is not None:
            self._procs.shutdown(wait=False, cancel_futures=True)
            self._procs = None
