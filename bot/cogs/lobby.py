"""``/game``: create, join and manage the board game in this channel."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import Msg, all_games, get_game

from .. import messages as msg
from ..limits import option_text
from ..manager import LobbyError, parse_options
from ..services.autoplay import take_ai_level
from ..services.clocks import take_time_control
from ..services.servers import check_channel
from ..services.undo import take_undo_rule
from ..ui.components import abandon_view
from ..ui.words import channel_lang, game_title, member_lang
from .common import GAMES_LIVE_IN_SERVERS, guarded, new_lobby_cooldown, services, status_word
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
        raise LobbyError(
            Msg("cogs.lobby.no_such_game", "There is no game called `{key}`.", key=key[:40])
        ) from None


async def open_thread(interaction: discord.Interaction, game: str) -> discord.Thread:
    """A public thread of the interaction's text channel for a new game (archived only
    after a week without messages; posting in it wakes it up)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise LobbyError(
            Msg(
                "cogs.lobby.already_thread",
                "This is already a thread: leave out `thread` to open the game here, or run the "
                "command in the channel to open another thread.",
            )
        )
    if not isinstance(channel, discord.TextChannel):
        raise LobbyError(
            Msg(
                "cogs.lobby.thread_text_only",
                "Threads can be opened from a server text channel only.",
            )
        )
    public = await channel_lang(interaction)  # a thread's name is public: the server's language
    name = i18n.t(
        public,
        "cogs.lobby.thread_name",
        "{title} · {name}'s table",
        title=game_title(game, public),
        name=interaction.user.display_name,
    )[:100]
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.Forbidden:
        raise LobbyError(
            Msg(
                "cogs.lobby.no_thread_permission",
                "I may not open threads here: a server admin can give me the **Create Public "
                "Threads** and **Send Messages in Threads** permissions in this channel.",
            )
        ) from None


def channel_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise LobbyError(GAMES_LIVE_IN_SERVERS)
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
        text = await services(interaction).lobby.status(
            channel_of(interaction), await member_lang(interaction)
        )
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
            raise LobbyError(
                Msg("cogs.lobby.no_started_game", "There is no started game in this channel.")
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, view = await log_page(
            svc,
            row.id,
            interaction.user.id,
            start=None if start is None else start - 1,
            count=count,
            raw=raw,
            lang=await member_lang(interaction),
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
        lang = await member_lang(interaction)
        if not rows:
            await interaction.response.send_message(
                i18n.t(lang, "cogs.lobby.list_empty", "No games in this server yet."),
                ephemeral=True,
            )
            return
        lines = [
            i18n.t(
                lang,
                "cogs.lobby.list_line",
                "#{id} **{title}** in {channel} — {status}, {count} player(s)",
                id=r.id,
                title=game_title(r.game_key, lang),
                channel=f"<#{r.channel_id}>",
                status=status_word(r.status, lang),
                count=len(r.seats),
            )
            for r in rows
        ]
        await interaction.response.send_message(msg.clip("\n".join(lines)), ephemeral=True)

    @app_commands.command(name="abandon", description="End this channel's game without a result")
    @guarded()
    async def abandon(self, interaction: discord.Interaction) -> None:
        svc = services(interaction)
        row = await svc.lobby.unfinished(channel_of(interaction))
        if row is None:
            raise LobbyError(
                Msg("cogs.lobby.no_unfinished_game", "There is no unfinished game in this channel.")
            )
        await svc.lobby.check_may_abandon(interaction, row)
        lang = await member_lang(interaction)
        await interaction.response.send_message(
            i18n.t(
                lang,
                "cogs.lobby.abandon_ask",
                "Abandon **{title}** game #{id}? Nobody wins and it cannot be resumed.",
                title=game_title(row.game_key, lang),
                id=row.id,
            ),
            view=abandon_view(row.id, lang),
            ephemeral=True,
        )
