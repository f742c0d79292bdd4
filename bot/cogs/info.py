"""``/rules``: how a game is played here (works anywhere, also in DMs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from games.core import all_games, get_game

from .. import messages as msg
from .common import guarded, services
from .lobby import game_choices

if TYPE_CHECKING:
    from ..app import Boardroom


class InfoCog(commands.Cog, name="InfoCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How a game is played here")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=game_choices())
    @guarded()
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None and interaction.channel_id is not None and interaction.guild_id:
            row = await services(interaction).storage.latest_game_in_channel(interaction.channel_id)
            game = row.game_key if row else None
        if game is None:
            lines = ["**Games on Boardroom**"] + [
                f"• **{s.title}** ({s.title_ja}), {s.min_players}–{s.max_players} players — "
                f"{s.summary}"
                for s in all_games()
            ]
            lines.append("Start one with `/game new`. `/rules game:<name>` for details.")
        else:
            spec = get_game(game)
            lines = [
                f"**{spec.title}** ({spec.title_ja}) — {spec.min_players}–"
                f"{spec.max_players} players",
                spec.summary,
            ]
            if spec.options:
                lines.append("**Options** (`/game new options:name=value …`):")
                lines += [
                    f"• `{o.name}` — {o.description} (default `{o.default}`)" for o in spec.options
                ]
            lines.append(
                "**Playing:** `/move` with autocomplete, or `/play` for buttons; "
                "`/hand` for your private info; `/board` for the board."
            )
            lines.append(
                f"Full rules as implemented: `{spec.rules_path}` in the Boardroom repository."
            )
        await interaction.response.send_message(msg.clip("\n".join(lines)), ephemeral=True)
