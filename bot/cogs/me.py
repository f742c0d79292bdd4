"""``/games`` (your games everywhere, the ones waiting on you first) and ``/settings``
(reminders by DM, vacation): a player's own view, usable in DMs too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from games.core import GameError, get_game

from .. import messages as msg
from ..manager import LobbyError
from ..services.clocks import control, jump_link, left, short
from .common import guarded, services

if TYPE_CHECKING:
    from ..app import Boardroom


class MeCog(commands.Cog, name="MeCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot

    @app_commands.command(
        name="games", description="Your games on every server, those waiting on you first"
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @guarded()
    async def games(self, interaction: discord.Interaction) -> None:
        svc = services(interaction)
        me = interaction.user.id
        rows = await svc.storage.games_of_user(me)
        if not rows:
            await interaction.response.send_message(
                "You have no open games. Start one with `/game new` in a server channel.",
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        now = svc.clocks.now()
        mine: list[tuple[int, str]] = []
        for row in rows:
            title = get_game(row.game_key).title
            where = f"<#{row.channel_id}>"
            if row.status == "lobby":
                mine.append((2, f"#{row.id} **{title}** in {where} — lobby, not started"))
                continue
            try:
                live = await svc.manager.load(row.id)
            except GameError as exc:
                mine.append((2, f"#{row.id} **{title}** in {where} — {exc.message[:80]}"))
                continue
            seat = live.row.seat_of(me)
            link = jump_link(row)
            waiting = seat is not None and seat in live.state.waiting_for()
            clock = ""
            tc = control(live)
            c = live.row.clocks.get(seat) if seat is not None else None
            if tc is not None and c is not None:
                if c.vacation_since is not None:
                    clock = " · 🏖️ on vacation"
                elif c.since is not None:
                    clock = f" · ⏱️ {short(left(tc, c, now))} left"
            if waiting:
                text = f"**your move** ({msg.activity(live)}){clock}"
            else:
                text = f"waiting for {msg.waiting_for(live)}" if live.state.waiting_for() else ""
                text = text or msg.activity(live)
            line = f"#{row.id} **{title}** in {where} — {text} · [board]({link})"
            mine.append((0 if waiting else 1, line))
        mine.sort(key=lambda x: x[0])
        waiting_count = sum(1 for k, _ in mine if k == 0)
        head = (
            f"⏳ {waiting_count} game(s) wait on you." if waiting_count else "No game waits on you."
        )
        await interaction.followup.send(
            msg.clip("\n".join([head, *(line for _, line in mine)])),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(
        name="settings", description="Reminders by DM, and vacation in this channel's game"
    )
    @app_commands.describe(
        reminders="Where your turn reminders go: the game's channel only, or also a DM",
        vacation="Pause your clock in this channel's game (up to the game's vacation limit)",
    )
    @app_commands.choices(
        reminders=[app_commands.Choice(name=v, value=v) for v in ("channel", "dm")],
        vacation=[app_commands.Choice(name=v, value=v) for v in ("on", "off")],
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @guarded()
    async def settings(
        self,
        interaction: discord.Interaction,
        reminders: str | None = None,
        vacation: str | None = None,
    ) -> None:
        svc = services(interaction)
        me = interaction.user.id
        said: list[str] = []
        if vacation is not None:
            if interaction.channel_id is None or interaction.guild_id is None:
                raise LobbyError("Use `vacation` in the channel of the game you want to pause.")
            game_id = await svc.manager.started_game_in_channel(interaction.channel_id)
            line = await svc.clocks.vacation(game_id, me, vacation == "on")
            live = await svc.manager.load(game_id)
            await svc.publisher.post(
                live.row.channel_id, line, allowed_mentions=discord.AllowedMentions.none()
            )
            said.append(line)
        if reminders is not None:
            await svc.storage.set_user_reminders(me, reminders)
            said.append(
                "Turn reminders now also come by DM."
                if reminders == "dm"
                else "Turn reminders now come in the game's channel only."
            )
        if not said:
            current = await svc.storage.user_reminders(me)
            said.append(
                f"Reminders: **{current}**. Change with `/settings reminders:dm` or "
                "`reminders:channel`; pause your clock with `/settings vacation:on` in a "
                "game's channel."
            )
        await interaction.response.send_message("\n".join(said), ephemeral=True)
