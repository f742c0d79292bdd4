"""What every cog shares: typed access to the services, the reader's language
(``bot.ui.words``), cooldown factories."""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

import i18n
from games.core import GameError, Msg

from .. import errors

if TYPE_CHECKING:
    from ..app import Boardroom
    from ..services import Services
    from ..settings import Settings


def bot_of(interaction: discord.Interaction) -> Boardroom:
    return cast("Boardroom", interaction.client)


def services(interaction: discord.Interaction) -> Services:
    return bot_of(interaction).services


def settings(interaction: discord.Interaction) -> Settings:
    return bot_of(interaction).settings


GAMES_LIVE_IN_SERVERS = Msg("cogs.lobby.server_only", "Games live in a server channel or thread.")


def status_word(status: str, lang: str) -> str:
    """A game's status (``lobby``, ``running``, ``finished``, ``abandoned``) in ``lang``."""
    words = {
        "lobby": i18n.t(lang, "cogs.status.lobby", "lobby"),
        "running": i18n.t(lang, "cogs.status.running", "running"),
        "finished": i18n.t(lang, "cogs.status.finished", "finished"),
        "abandoned": i18n.t(lang, "cogs.status.abandoned", "abandoned"),
    }
    return words.get(status, status)


class Slow(GameError):
    """A per-user cooldown is running."""


CooldownRule = Callable[[discord.Interaction], tuple[int, float] | None]


def public_board_cooldown(interaction: discord.Interaction) -> tuple[int, float] | None:
    """Posting a board for everyone draws and posts an image: limited per user."""
    if not getattr(interaction.namespace, "public", False):
        return None
    return settings(interaction).public_board_cooldown


def new_lobby_cooldown(interaction: discord.Interaction) -> tuple[int, float] | None:
    return settings(interaction).new_lobby_cooldown


_cooldowns: dict[tuple[str, int, int], app_commands.Cooldown] = {}


def check_cooldown(name: str, interaction: discord.Interaction, rule: CooldownRule) -> None:
    """Raise ``Slow`` if the user used command ``name`` too often (discord.py's
    ``app_commands.Cooldown`` token bucket, one per user, per bot and command)."""
    limit = rule(interaction)
    if limit is None:
        return
    key = (name, id(interaction.client), interaction.user.id)
    bucket = _cooldowns.get(key)
    if bucket is None or (bucket.rate, bucket.per) != limit:
        bucket = _cooldowns[key] = app_commands.Cooldown(*limit)
    retry = bucket.update_rate_limit()
    if retry:
        raise Slow(
            Msg(
                "cogs.common.slow_down",
                "Slow down: you can do that again in {seconds} s.",
                seconds=max(1, math.ceil(retry)),
            )
        )
    if len(_cooldowns) > 50_000:
        _cooldowns.clear()


F = TypeVar("F", bound=Callable[..., Awaitable[None]])


def guarded(*, cooldown: CooldownRule | None = None) -> Callable[[F], F]:
    """Run a command behind the one error boundary (``bot.errors``), after its cooldown.

    Player mistakes never reach the command tree's error handler, which is left for
    failures before a command runs.
    """

    def decorate(func: F) -> F:
        @functools.wraps(func)
        async def wrapper(
            self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any
        ) -> None:
            try:
                if cooldown is not None:
                    check_cooldown(func.__name__, interaction, cooldown)
                await func(self, interaction, *args, **kwargs)
            except Exception as exc:
                await errors.handle(interaction, exc)

        return cast(F, wrapper)

    return decorate


class RateLimit:
    """A per-user token bucket for things without command checks (autocomplete)."""

    def __init__(self, rate: int, per: float) -> None:
        self.rate, self.per = rate, per
        self._buckets: dict[int, tuple[float, float]] = {}

    def allow(self, user_id: int) -> bool:
        now = time.monotonic()
        tokens, last = self._buckets.get(user_id, (float(self.rate), now))
        tokens = min(float(self.rate), tokens + (now - last) * self.rate / self.per)
        if tokens < 1:
            self._buckets[user_id] = (tokens, now)
            return False
        self._buckets[user_id] = (tokens - 1, now)
        if len(self._buckets) > 10_000:
            self._buckets.clear()
        return True
