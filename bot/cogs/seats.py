"""``/seat``: AI players in the lobby, handing a seat to the AI and taking it back, and
replacing a vanished player (``bot.services.seats``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import Msg

from ..manager import LobbyError
from ..services.autoplay import LEVELS, check_level
from ..services.servers import has_host_powers
from ..ui.words import member_lang
from .common import guarded, services
from .lobby import channel_of

if TYPE_CHECKING:
    from ..app import Boardroom


LEVEL_HELP = "How well the AI plays: easy, normal or hard (default: the game's level, see /rules)"


def level_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=level, value=level) for level in LEVELS]


async def running_game(interaction: discord.Interaction) -> int:
    """The id of this channel's running game; ``LobbyError`` if there is none."""
    svc = services(interaction)
    row = await svc.storage.active_game_in_channel(channel_of(interaction))
    if row is None or row.status != "running":
        raise LobbyError(
            Msg("cogs.seats.no_running_game", "There is no running game in this channel.")
        )
    return row.id


@app_commands.guild_only()
class SeatCog(
    commands.GroupCog,
    name="SeatCog",
    group_name="seat",
    group_description="AI players, handing your seat to the AI, replacing a player",
):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="add_ai", description="Add an AI player to this lobby (host only)")
    @app_commands.describe(level=LEVEL_HELP)
    @app_commands.choices(level=level_choices())
    @guarded()
    async def add_ai(self, interaction: discord.Interaction, level: str | None = None) -> None:
        channel_of(interaction)
        chosen = None if level is None else check_level(level, "level")
        await services(interaction).lobby.add_ai(interaction, level=chosen)

    @app_commands.command(
        name="remove_ai", description="Remove the last AI player from this lobby (host only)"
    )
    @guarded()
    async def remove_ai(self, interaction: discord.Interaction) -> None:
        channel_of(interaction)
        await services(interaction).lobby.remove_ai(interaction)

    @app_commands.command(name="ai", description="Let the AI play your seat until you take it back")
    @app_commands.describe(level=LEVEL_HELP)
    @app_commands.choices(level=level_choices())
    @guarded()
    async def ai(self, interaction: discord.Interaction, level: str | None = None) -> None:
        chosen = None if level is None else check_level(level, "level")
        svc = services(interaction)
        game_id = await running_game(interaction)
        row = await svc.storage.get_game(game_id)
        seat = row.seat_of(interaction.user.id) if row is not None else None
        if seat is None:
            raise LobbyError(
                Msg(
                    "cogs.seats.no_own_seat",
                    "You have no seat of your own in this game to hand to the AI.",
                )
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        # told to the table: a Msg, so the announcement can say it in the server's language
        why = Msg(
            "cogs.seats.asked_for_it", "{member} asked for it", member=f"<@{interaction.user.id}>"
        )
        await svc.seats.hand_to_ai(game_id, seat, why, chosen)  # the table is told the level
        await interaction.followup.send(
            i18n.t(
                await member_lang(interaction),
                "cogs.seats.handed_to_ai",
                "🤖 The AI plays your seat now. Take it back any time with `/seat takeback`.",
            ),
            ephemeral=True,
        )

    @app_commands.command(name="takeback", description="Take your seat back from the AI")
    @guarded()
    async def takeback(self, interaction: discord.Interaction) -> None:
        svc = services(interaction)
        game_id = await running_game(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat = await svc.seats.take_back(
            game_id, interaction.user.id, interaction.user.display_name
        )
        await interaction.followup.send(
            i18n.t(
                await member_lang(interaction),
                "cogs.seats.taken_back",
                "🙋 Seat {seat} is yours again: use `/move` or **Play** when it is your turn.",
                seat=seat + 1,
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name="replace",
        description="Give a player's seat to another member or the AI (host or Manage Server)",
    )
    @app_commands.describe(
        seat="The seat number (1 is the first player, as in p1)",
        member="Who plays it from now on; leave empty for the AI",
        level=LEVEL_HELP,
    )
    @app_commands.choices(level=level_choices())
    @guarded()
    async def replace(
        self,
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 20],
        member: discord.Member | None = None,
        level: str | None = None,
    ) -> None:
        chosen = None if level is None else check_level(level, "level")
        if member is not None and chosen is not None:
            raise LobbyError(
                Msg(
                    "cogs.seats.level_for_ai_only",
                    "`level` is for the AI: leave `member` empty to seat the AI at that level.",
                )
            )
        svc = services(interaction)
        game_id = await running_game(interaction)
        row = await svc.storage.get_game(game_id)
        if row is None:
            raise LobbyError(Msg("cogs.seats.game_gone", "That game no longer exists."))
        if not await has_host_powers(svc.storage, interaction, row):
            raise LobbyError(
                Msg(
                    "cogs.seats.replace_not_allowed",
                    "Only the host, a game master or a member with Manage Server can replace "
                    "a player.",
                )
            )
        if not 1 <= seat <= len(row.seats):
            raise LobbyError(
                Msg(
                    "cogs.seats.no_such_seat",
                    "There is no seat {seat}: seats are 1 to {seats}.",
                    seat=seat,
                    seats=len(row.seats),
                )
            )
        if member is not None and member.bot:
            raise LobbyError(
                Msg(
                    "cogs.seats.no_bots",
                    "Bots can't take a seat; leave `member` empty to seat the AI.",
                )
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = None if member is None else (member.id, member.display_name)
        await svc.seats.replace(game_id, seat - 1, who, interaction.user.id, chosen)
        lang = await member_lang(interaction)
        if member is None:
            done = i18n.t(
                lang, "cogs.seats.replaced_ai", "✅ Seat {seat} is played by the AI now.", seat=seat
            )
        else:
            done = i18n.t(
                lang,
                "cogs.seats.replaced",
                "✅ Seat {seat} is played by {member} now.",
                seat=seat,
                member=f"<@{member.id}>",
            )
        await interaction.followup.send(done, ephemeral=True)
