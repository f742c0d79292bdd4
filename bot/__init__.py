"""Boardroom's Discord layer: commands, components, game manager, storage, timers."""

from .app import Boardroom, create_bot

__all__ = ["Boardroom", "create_bot"]
