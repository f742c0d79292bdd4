"""The renderer contract: what a game's render module declares, and where the bot finds it.

Each game's module in ``render/`` builds one :class:`Renderer` (``RENDERER``) naming its
views; ``render.games`` lists the built-in ones, and :func:`of` finds a game's renderer by
its key. The bot asks the renderer, never the module: no ``importlib``, ``hasattr`` or
signature probing.

Every view is a pure function of a game's view (``state.view(seat)``) and keyword options,
returning a new RGB image:

- ``board(view, *, names, theme, scale, detail, lang)``: the public table. ``detail=False`` is the
  chat board, read at Discord's inline width (about 550 px); ``detail=True`` the full-size
  board opened on request.
- ``player(view, seat, ...)``: one player's area as everyone may see it (``/board player:``).
- ``hand(view, seat, ...)``: what only that seat may see (``/hand``, the **My hand** button).
- ``zoom(view, area, ...)``: one area of the map, large (games with a map); a ``ValueError``
  with a sentence naming the valid areas for a bad ``area``.
- ``alt(view, names, lang)``: the text fallback: one or two plain lines saying what the board
  shows (the image's description for screen readers, and the words posted if no image can be).
- ``width(kind, view, detail)`` (optional): view ``kind``'s width in pixels at scale 1.0 where
  the game knows it before drawing (else ``None``), so the bot picks the scale that reaches
  Discord's inline width in one drawing.

``names`` are display names by seat (index = seat), shortened by the renderer; missing names
show as ``P1``, ``P2``... ``theme`` is ``"light"`` or ``"dark"``; ``scale`` multiplies the
layout's pixel size (the bot posts boards at ``board_scale``, 0.75). ``lang`` (``"en"``,
``"ja"``) is the language of every word drawn: sentences through ``i18n.t`` (catalogue domain
``render``), component names through ``i18n.term`` (the game's catalogue); a language without
a translation falls back to English.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from PIL import Image

V = TypeVar("V", contravariant=True)
W = TypeVar("W")

Kind = Literal["board", "player", "hand", "zoom"]
Names = Sequence[str] | None


class BoardView(Protocol[V]):
    def __call__(
        self,
        view: V,
        /,
        *,
        names: Names = None,
        theme: str = "light",
        scale: float = 1.0,
        detail: bool = False,
        lang: str = "en",
    ) -> Image.Image: ...


class SeatView(Protocol[V]):
    def __call__(
        self,
        view: V,
        seat: int,
        /,
        *,
        names: Names = None,
        theme: str = "light",
        scale: float = 1.0,
        lang: str = "en",
    ) -> Image.Image: ...


class ZoomView(Protocol[V]):
    def __call__(
        self,
        view: V,
        area: str,
        /,
        *,
        names: Names = None,
        theme: str = "light",
        scale: float = 1.0,
        lang: str = "en",
    ) -> Image.Image: ...


@dataclass(frozen=True)
class Renderer(Generic[W]):
    """One game's declared views (see the module docstring); ``seats(view)`` is the number
    of seats a view shows (for per-seat views); ``width(kind, view, detail)`` a view's width
    in pixels at scale 1.0 where the game knows it before drawing."""

    game: str
    board: BoardView[W]
    alt: Callable[[W, Names, str], str]
    seats: Callable[[W], int]
    player: SeatView[W] | None = None
    hand: SeatView[W] | None = None
    zoom: ZoomView[W] | None = None
    width: Callable[[Kind, W, bool], float | None] | None = None

    @property
    def views(self) -> frozenset[Kind]:
        """The kinds of view this game draws."""
        kinds: set[Kind] = {"board"}
        for kind in ("player", "hand", "zoom"):
            if getattr(self, kind) is not None:
                kinds.add(kind)
        return frozenset(kinds)

    def draw(
        self,
        kind: Kind,
        view: W,
        *,
        seat: int | None = None,
        area: str | None = None,
        names: Names = None,
        theme: str = "light",
        scale: float = 1.0,
        detail: bool = False,
        lang: str = "en",
    ) -> Image.Image:
        """Draw view ``kind`` (``seat`` for ``player`` and ``hand``, ``area`` for ``zoom``)
        in language ``lang``.

        Raises ``LookupError`` if this game draws no such view, ``ValueError`` as the view
        does (bad area, theme or scale)."""
        names = list(names) if names is not None else None
        if kind == "board":
            return self.board(view, names=names, theme=theme, scale=scale, detail=detail, lang=lang)
        if kind == "zoom":
            if self.zoom is None:
                raise LookupError(f"{self.game} has no zoom")
            return self.zoom(view, area or "", names=names, theme=theme, scale=scale, lang=lang)
        func = self.player if kind == "player" else self.hand
        if func is None:
            raise LookupError(f"{self.game} has no {kind} view")
        if seat is None:
            raise ValueError(f"a {kind} view needs a seat")
        return func(view, seat, names=names, theme=theme, scale=scale, lang=lang)


def of(game: str) -> Renderer[Any] | None:
    """The renderer of game ``game`` (its key), or ``None`` if it has none."""
    from .games import RENDERERS

    return RENDERERS.get(game)
