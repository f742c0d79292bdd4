"""Which language a message is written in (issue 23).

A private reply (ephemeral message, DM) follows the member: their own choice
(``/settings me language:``), else their Discord client's locale (``interaction.locale``), else
the server's choice (``/settings server language:``), else English. A public channel message
everyone reads follows the server's choice alone. ``i18n.pick`` is that order; this module
reads its inputs from storage.

Every keystroke of an autocomplete and every click asks for a language, so the settings are
read through a small per-process cache (``LanguageCache``, one per storage; the one memo of
them: ``Storage`` keeps none): a ``/settings`` change in this process takes effect at once
(``set_user_language`` writes and forgets; ``forget_guild`` after a server's settings are
saved), and a read that overlapped the change is not kept; another process sharing a
PostgreSQL database (issue 22) sees it within ``TTL`` seconds.

Sentences are then written with ``i18n.t(lang, key, english, **params)`` (or ``i18n.tr`` for
an engine's ``Msg``); see ``docs/architecture.md``, "Messages and keys".
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

import i18n

if TYPE_CHECKING:
    from .storage import Storage

CHOICES: dict[str, str] = {"auto": "auto", **{code: code for code in i18n.LANGUAGES}}
"""The values ``/settings … language:`` takes: ``auto`` (no choice of one's own) or a code."""


Table = dict[int, tuple[float, str | None]]
"""Cached choices: an id -> (when read, the choice)."""

TTL = 60.0
"""Seconds a cached language choice is trusted: how long another process sharing the
database may go on answering in a member's or server's previous language."""

LIMIT = 100_000
"""Cached choices per kind; past it the cache starts again empty (memory stays bounded)."""


class LanguageCache:
    """Members' and servers' language choices as read from one storage, each trusted for
    ``ttl`` seconds of ``clock`` (``time.monotonic``; tests pass their own)."""

    def __init__(self, ttl: float = TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        self.users: Table = {}
        self.guilds: Table = {}
        self.changes = 0  # choices forgotten so far: a read that overlapped one is not kept

    def _fresh(self, table: Table, key: int) -> bool:
        hit = table.get(key)
        return hit is not None and self.clock() - hit[0] < self.ttl

    def _keep(self, table: Table, key: int, value: str | None, changes: int) -> str | None:
        """``value``, kept unless a choice was forgotten since the read began (``changes``
        then): a read queued before a write may return the old choice, answered as such."""
        if changes == self.changes:
            if len(table) >= LIMIT:
                table.clear()
            table[key] = (self.clock(), value)
        return value

    def forget(self, table: Table, key: int) -> None:
        """``key``'s choice in ``table`` changed: read it again next time."""
        self.changes += 1
        table.pop(key, None)

    async def user(self, storage: Storage, user_id: int) -> str | None:
        """The member's own choice (``Storage.user_language``)."""
        if self._fresh(self.users, user_id):
            return self.users[user_id][1]
        changes = self.changes
        return self._keep(self.users, user_id, await storage.user_language(user_id), changes)

    async def guild(self, storage: Storage, guild_id: int) -> str | None:
        """The server's choice (``Storage.guild_settings(...).language``)."""
        if self._fresh(self.guilds, guild_id):
            return self.guilds[guild_id][1]
        changes = self.changes
        language = (await storage.guild_settings(guild_id)).language
        return self._keep(self.guilds, guild_id, language, changes)


_caches: weakref.WeakKeyDictionary[Storage, LanguageCache] = weakref.WeakKeyDictionary()


def cache_of(storage: Storage) -> LanguageCache:
    """The language cache of ``storage`` (made on first use)."""
    cache = _caches.get(storage)
    if cache is None:
        cache = _caches[storage] = LanguageCache()
    return cache


async def set_user_language(storage: Storage, user_id: int, code: str | None) -> None:
    """Store the member's choice (``/settings me``; ``None``: follow their Discord client);
    this process answers in it from the next reply on (the cached choice is forgotten)."""
    cache = cache_of(storage)
    try:
        await storage.set_user_language(user_id, code)
    finally:
        cache.forget(cache.users, user_id)


def forget_guild(storage: Storage, guild_id: int) -> None:
    """The server's settings changed (``/settings server``): read them again next time."""
    cache = cache_of(storage)
    cache.forget(cache.guilds, guild_id)


async def for_member(storage: Storage, interaction: discord.Interaction) -> str:
    """The language of a private reply to ``interaction``'s member."""
    cache = cache_of(storage)
    mine = await cache.user(storage, interaction.user.id)
    client = str(interaction.locale)
    server = None
    if interaction.guild_id is not None and mine is None and i18n.supported(client) is None:
        # the server's choice only matters when the client's locale is one we do not speak
        server = await cache.guild(storage, interaction.guild_id)
    return i18n.pick(mine, client, server)


async def for_user(storage: Storage, user_id: int, guild_id: int | None = None) -> str:
    """The language of a DM to ``user_id`` sent outside an interaction (a turn reminder, a
    private notice): their own choice, else the server's, else English (no client locale is
    known without an interaction)."""
    cache = cache_of(storage)
    mine = await cache.user(storage, user_id)
    server = None
    if guild_id is not None and mine is None:
        server = await cache.guild(storage, guild_id)
    return i18n.pick(mine, None, server)


async def for_channel(storage: Storage, guild_id: int | None) -> str:
    """The language of a public message in a server's channel: the server's choice."""
    if guild_id is None:
        return i18n.DEFAULT
    return i18n.pick(server=await cache_of(storage).guild(storage, guild_id), public=True)


def chosen(value: str) -> str | None:
    """A ``language:`` option value as stored: ``None`` for ``auto``, else the code.

    Raises ``ValueError`` for a language Boardroom does not speak."""
    if value == "auto":
        return None
    code = i18n.supported(value)
    if code is None:
        raise ValueError(value)
    return code
