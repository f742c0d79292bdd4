"""Per-server settings (issue 12, ``/settings server``): a default time control, the
channels that may host games, and a game-master role with the host's powers."""

from __future__ import annotations

from typing import Any

import discord

from games.core.text import Msg

from .. import lang
from ..manager import LobbyError, parse_options
from ..storage import GameRow, GuildSettings, Storage
from .clocks import take_time_control


def clock_words(text: str) -> dict[str, str]:
    """Check default time-control words (only clock words; ``LobbyError`` otherwise)."""
    words = parse_options(text)
    rest = dict(words)
    take_time_control(rest)  # raises for a bad value
    if rest:
        raise LobbyError(
            Msg(
                "bot.servers.default_clock_takes_only",
                "A default clock takes only clock words (`clock`, `remind`, `timeouts`, "
                "`vacation`), not `{next}`.",
                next=next(iter(rest)),
            )
        )
    return words


async def save_settings(storage: Storage, settings: GuildSettings) -> None:
    """Store a server's settings (``/settings server``; the caller checked *Manage Server*)."""
    await storage.set_guild_settings(settings)
    lang.forget_guild(storage, settings.guild_id)


def is_game_master(interaction: discord.Interaction, settings: GuildSettings) -> bool:
    """Whether the member has the server's game-master role."""
    user = interaction.user
    if settings.gm_role is None or not isinstance(user, discord.Member):
        return False
    return any(role.id == settings.gm_role for role in user.roles)


async def has_host_powers(storage: Storage, interaction: discord.Interaction, row: GameRow) -> bool:
    """The host, a member with Manage Server, or the game-master role, in the game's own
    server."""
    if interaction.user.id == row.host_id:
        return True
    if interaction.guild_id is None or interaction.guild_id != row.guild_id:
        return False
    if interaction.permissions.manage_guild:
        return True
    return is_game_master(interaction, await storage.guild_settings(interaction.guild_id))


async def can_see(interaction: discord.Interaction, row: GameRow) -> bool:
    """Whether the member may see the channel (or thread) game ``row`` lives in: only in
    that game's own server, with *View Channel* there; a private thread needs its membership
    (or *Manage Threads*). Every command or component that reads a game named by number
    (not the caller's own channel) asks this first."""
    if row.guild_id is None or interaction.guild_id != row.guild_id:
        return False
    if interaction.channel_id == row.channel_id:
        return True
    member, guild = interaction.user, interaction.guild
    if not isinstance(member, discord.Member) or guild is None:
        return False
    channel: Any = guild.get_channel_or_thread(row.channel_id)
    if channel is None:  # an archived thread is not cached
        try:
            channel = await guild.fetch_channel(row.channel_id)
        except discord.HTTPException:
            return False
    if not isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
        return False
    perms = channel.permissions_for(member)
    if not perms.view_channel:
        return False
    if isinstance(channel, discord.Thread) and channel.is_private() and not perms.manage_threads:
        try:
            await channel.fetch_member(member.id)
        except discord.HTTPException:
            return False
    return True


async def check_can_see(
    interaction: discord.Interaction, row: GameRow | None, number: int
) -> GameRow:
    """``row`` if the member may see its channel (``can_see``); otherwise ``LobbyError`` in
    the words used for a game that does not exist, so its existence is not told either."""
    if row is None or not await can_see(interaction, row):
        raise LobbyError(
            Msg(
                "bot.servers.there_no_game_server",
                "There is no game #{number} in this server; `/game list` shows them.",
                number=number,
            )
        )
    return row


async def visible_games(
    storage: Storage, interaction: discord.Interaction, limit: int = 25
) -> list[GameRow]:
    """The server's games (``/game list``) whose channels the member may see (``can_see``),
    running first, at most ``limit``."""
    if interaction.guild_id is None:
        return []
    rows = await storage.games_in_guild(interaction.guild_id, limit=limit * 8)
    return [r for r in rows if await can_see(interaction, r)][:limit]


async def check_channel(storage: Storage, interaction: discord.Interaction) -> None:
    """Refuse a new game outside the server's game channels (a thread of one is fine)."""
    if interaction.guild_id is None:
        return
    settings = await storage.guild_settings(interaction.guild_id)
    if not settings.channels:
        return
    channel = interaction.channel
    ids = {interaction.channel_id}
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        ids.add(channel.parent_id)
    if ids & set(settings.channels):
        return
    where = ", ".join(f"<#{c}>" for c in settings.channels)
    raise LobbyError(
        Msg(
            "bot.servers.games_server_are_played",
            "Games on this server are played in {where}. Start yours there.",
            where=where,
        )
    )


__all__ = [
    "can_see",
    "check_can_see",
    "check_channel",
    "clock_words",
    "has_host_powers",
    "is_game_master",
    "save_settings",
    "visible_games",
]
