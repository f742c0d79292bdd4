"""The built-in games' renderers (``render.contract``), by game key."""

from __future__ import annotations

from typing import Any

from . import carnegie, food_chain_magnate, kenchiku, masters_of_commerce, philadelphia
from .contract import Renderer

RENDERERS: dict[str, Renderer[Any]] = {
    r.game: r
    for r in (
        carnegie.RENDERER,
        food_chain_magnate.RENDERER,
        kenchiku.RENDERER,
        masters_of_commerce.RENDERER,
        philadelphia.RENDERER,
    )
}
