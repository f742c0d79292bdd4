"""``/game``: create, join and manage the board game in this channel."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import all_games, get_game

from .. import messages as msg
from ..limits import option_text
from ..manager import LobbyError, parse_options
from ..services.autoplay import take_ai_level
from ..services.clocks import take_time_control
from ..services.servers import check_channel
from ..services.undo import take_undo_rule
from ..ui.components import abandon_view
from .common import guarded, new_lobby_cooldown, services
from .history import log_page

if TYPE_CHECKING:
    from ..app import Boardroom


def game_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(
            name=f"{s.title} ({s.min_players}–{s.max_players} players)", value=s.key
        )
        for s in all_games()
    ]


def get_game_or_refuse(key: str) -> None:
    try:
        get_game(key)
    except KeyError:
        raise LobbyError(f"There is no game called `{key[:40]}`.") from None


async def open_thread(interaction: discord.Interaction, game: str) -> discord.Thread:
    """A public thread of the interaction's text channel for a new game (archived only
    after a week without messages; posting in it wakes it up)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise LobbyError(
            "This is already a thread: leave out `thread` to open the game here, or run the "
            "command in the channel to open another thread."
        )
    if not isinstance(channel, discord.TextChannel):
        raise LobbyError("Threads can be opened from a server text channel only.")
    name = f"{get_game(game).title} · {interaction.user.display_name}'s table"[:100]
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.Forbidden:
        raise LobbyError(
            "I may not open threads here: a server admin can give me the **Create Public "
            "Threads** and **Send Messages in Threads** permissions in this channel."
        ) from None


def channel_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise LobbyError("Games live in a server channel or thread.")
    return interaction.channel_id


@app_commands.guild_only()
class GameCog(
    commands.GroupCog,
    name="GameCog",
    group_name="game",
    group_description="Create, join and manage the board game in this channel",
):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game to play",
        seed="Seed for the game's shuffles and dice (same seed, same game); random if omitted",
        options="Options as name=value words, e.g. timer=300 clock=move:24h ai=hard (see /rules)",
        thread="Open the game in a new thread of this channel (a channel can hold several)",
    )
    @app_commands.choices(game=game_choices())
    @guarded(cooldown=new_lobby_cooldown)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        seed: app_commands.Range[int, 0, 2**48] | None = None,
        options: str | None = None,
        thread: bool = False,
    ) -> None:
        channel_of(interaction)
        words = parse_options(option_text(options))
        svc = services(interaction)
        await check_channel(svc.storage, interaction)
        chose_clock = "clock" in words  # `clock=none` turns a server default off
        time_control = take_time_control(words)  # the bot's clock words; the rest: the game's
        if time_control is None and not chose_clock and interaction.guild_id is not None:
            default = await svc.lobby.server_clock(interaction.guild_id)
            if default:  # the server's default time control (/settings server)
                time_control = take_time_control(parse_options(default))
        undo_rule = take_undo_rule(words)
        ai_level = take_ai_level(words)
        made = None
        if thread:
            get_game_or_refuse(game)
            get_game(game).resolve_options(words)  # a bad option leaves no empty thread
            # Two Discord calls come before the lobby exists: answer within Discord's 3 s
            # (privately, so a refusal stays private; the channel gets a public pointer).
            await interaction.response.defer(ephemeral=True, thinking=True)
            made = await open_thread(interaction, game)
        try:
            await svc.lobby.open(
                interaction,
                game=game,
                options=words,
                seed=seed,
                time_control=time_control,
                thread=made,
                undo_rule=undo_rule,
                ai_level=ai_level,
            )
        except Exception:
            if made is not None:
                with contextlib.suppress(discord.HTTPException):
                    await made.delete()
            raise

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @guarded()
    async def join(self, interaction: discord.Interaction) -> None:
        channel_of(interaction)
        await services(interaction).lobby.join(interaction)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @guarded()
    async def leave(self, interaction: discord.Interaction) -> None:
        channel_of(interaction)
        await services(interaction).lobby.leave(interaction)

    @app_commands.command(name="start", description="Start the game (host only)")
    @guarded()
    async def start(self, interaction: discord.Interaction) -> None:
        channel_of(interaction)
        await services(interaction).lobby.start(interaction)

    @app_commands.command(
        name="status", description="Scores, phase, whose turn and since when (or the lobby)"
    )
    @guarded()
    async def status(self, interaction: discord.Interaction) -> None:
        text = await services(interaction).lobby.status(channel_of(interaction))
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="log", description="The moves of this channel's game, by pages")
    @app_commands.describe(
        count="How many moves a page shows (1–50, default 15)",
        raw="Also show each move's notation (default: sentences only)",
        start="First move of the page (default: the newest moves)",
    )
    @guarded()
    async def log(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 50] = 15,
        raw: bool = False,
        start: app_commands.Range[int, 1] | None = None,
    ) -> None:
        svc = services(interaction)
        row = await svc.lobby.latest(channel_of(interaction))
        if row is None or row.status == "lobby":
            raise LobbyError("There is no started game in this channel.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, view = await log_page(
            svc,
            row.id,
            interaction.user.id,
            start=None if start is None else start - 1,
            count=count,
            raw=raw,
        )
        kwargs: dict[str, Any] = {"ephemeral": True}
        if view is not None:  # Older / Newer / Newest (bot.cogs.history)
            kwargs["view"] = view
        await interaction.followup.send(
            text, allowed_mentions=discord.AllowedMentions.none(), **kwargs
        )

    @app_commands.command(name="list", description="Games in this server")
    @guarded()
    async def list_games(self, interaction: discord.Interaction) -> None:
        channel_of(interaction)
        assert interaction.guild_id is not None
        rows = await services(interaction).lobby.visible(interaction)
        if not rows:
            await interaction.response.send_message("No games in this server yet.", ephemeral=True)
            return
        lines = [
            f"#{r.id} **{get_game(r.game_key).title}** in <#{r.channel_id}> — {r.status}, "
            f"{len(r.seats)} player(s)"
            for r in rows
        ]
        await interaction.response.send_message(msg.clip("\n".join(lines)), ephemeral=True)

    @app_commands.command(name="abandon", description="End this channel's game without a result")
    @guarded()
    async def abandon(self, interaction: discord.Interaction) -> None:
        svc = services(interaction)
        row = await svc.lobby.unfinished(channel_of(interaction))
        if row is None:
            raise LobbyError("There is no unfinished game in this channel.")
        await svc.lobby.check_may_abandon(interaction, row)
        await interaction.response.send_message(
            f"Abandon **{get_game(row.game_key).title}** game #{row.id}? Nobody wins and it "
            "cannot be resumed.",
            view=abandon_view(row.id),
            ephemeral=True,
        )
