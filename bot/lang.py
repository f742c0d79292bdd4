"""Which language a message is written in (issue 23).

A private reply (ephemeral message, DM) follows the member: their own choice
(``/settings me language:``), else their Discord client's locale (``interaction.locale``), else
the server's choice (``/settings server language:``), else English. A public channel message
everyone reads follows the server's choice alone. ``i18n.pick`` is that order; this module
reads its inputs from storage.

Sentences are then written with ``i18n.t(lang, key, english, **params)`` (or ``i18n.tr`` for
an engine's ``Msg``); see ``docs/architecture.md``, "Messages and keys".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

import i18n

if TYPE_CHECKING:
    from .storage import Storage

CHOICES: dict[str, str] = {"auto": "auto", **{code: code for code in i18n.LANGUAGES}}
"""The values ``/settings … language:`` takes: ``auto`` (no choice of one's own) or a code."""


async def for_member(storage: Storage, interaction: discord.Interaction) -> str:
    """The language of a private reply to ``interaction``'s member."""
    mine = await storage.user_language(interaction.user.id)
    client = str(interaction.locale)
    server = None
    if interaction.guild_id is not None and mine is None and i18n.supported(client) is None:
        # the server's choice only matters when the client's locale is one we do not speak
        server = (await storage.guild_settings(interaction.guild_id)).language
    return i18n.pick(mine, client, server)


async def for_user(storage: Storage, user_id: int, guild_id: int | None = None) -> str:
    """The language of a DM to ``user_id`` sent outside an interaction (a turn reminder, a
    private notice): their own choice, else the server's, else English (no client locale is
    known without an interaction)."""
    mine = await storage.user_language(user_id)
    server = None
    if guild_id is not None and mine is None:
        server = (await storage.guild_settings(guild_id)).language
    return i18n.pick(mine, None, server)


async def for_channel(storage: Storage, guild_id: int | None) -> str:
    """The language of a public message in a server's channel: the server's choice."""
    if guild_id is None:
        return i18n.DEFAULT
    return i18n.pick(server=(await storage.guild_settings(guild_id)).language, public=True)


def chosen(value: str) -> str | None:
    """A ``language:`` option value as stored: ``None`` for ``auto``, else the code.

    Raises ``ValueError`` for a language Boardroom does not speak."""
    if value == "auto":
        return None
    code = i18n.supported(value)
    if code is None:
        raise ValueError(value)
    return code
