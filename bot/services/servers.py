"""Per-server settings (issue 12, ``/settings server``): a default time control, the
channels that may host games, and a game-master role with the host's powers."""

from __future__ import annotations

import discord

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
            "A default clock takes only clock words (`clock`, `remind`, `timeouts`, "
            f"`vacation`), not `{next(iter(rest))}`."
        )
    return words


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
    raise LobbyError(f"Games on this server are played in {where}. Start yours there.")


__all__ = ["check_channel", "clock_words", "has_host_powers", "is_game_master"]
