"""Slash commands, by concern: lobby and administration (/game), play (/move, /play, /board,
/hand) and information (/rules)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import GameError, NotYourTurn, all_games, get_game, normalize_notation

from . import messages as msg
from .components import GameButton
from .manager import LobbyError, parse_options
from .panel import filter_notations

if TYPE_CHECKING:
    from .app import Boardroom


def friendly(func: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Turn a ``GameError`` raised by a command into an ephemeral sentence, nothing more.

    Player mistakes are expected; they must not reach the tree's error handler, which is
    for bugs.
    """

    @functools.wraps(func)
    async def wrapper(
        self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any
    ) -> None:
        try:
            await func(self, interaction, *args, **kwargs)
        except GameError as exc:
            await self.bot.reply_error(interaction, exc.message)

    return wrapper


def _game_choices() -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(
            name=f"{s.title} ({s.min_players}–{s.max_players} players)", value=s.key
        )
        for s in all_games()
    ]


def lobby_view(row: Any) -> discord.ui.View | None:
    if row.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton(row.id, 0, "join", label="Join", style=discord.ButtonStyle.success))
    view.add_item(GameButton(row.id, 0, "leave", label="Leave"))
    view.add_item(GameButton(row.id, 0, "start", label="Start", style=discord.ButtonStyle.primary))
    return view


class GameCog(
    commands.GroupCog,
    name="GameCog",
    group_name="game",
    group_description="Create, join and manage the board game in this channel",
):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        super().__init__()

    @property
    def manager(self) -> Any:
        return self.bot.manager

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        game="Which game to play",
        seed="Seed for the game's shuffles and dice (same seed, same game); random if omitted",
        options="Game options as name=value words, e.g. `timer=300 auction=sealed` (see /rules)",
    )
    @app_commands.choices(game=_game_choices())
    @friendly
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        seed: app_commands.Range[int, 0, 2**48] | None = None,
        options: str | None = None,
    ) -> None:
        if interaction.channel_id is None:
            raise LobbyError("Games live in a server channel or thread.")
        row = await self.manager.new_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game_key=game,
            options=parse_options(options),
            seed=seed,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
        )
        await interaction.response.send_message(
            f"🎲 <@{row.host_id}> opened a **{get_game(game).title}** table. Join in!",
            embed=msg.lobby_embed(row),
            view=lobby_view(row),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        await self.manager.storage.set_lobby_message(row.id, message.id)

    async def _refresh_lobby(self, interaction: discord.Interaction, row: Any, note: str) -> None:
        """Answer a lobby action by updating the lobby message (button) or replying (slash)."""
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(
                embed=msg.lobby_embed(row), view=lobby_view(row)
            )
        else:
            await interaction.response.send_message(
                note,
                embed=msg.lobby_embed(row),
                view=lobby_view(row),
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(name="join", description="Take a seat at this channel's table")
    @friendly
    async def join(self, interaction: discord.Interaction) -> None:
        row = await self.manager.join(
            interaction.channel_id, interaction.user.id, interaction.user.display_name
        )
        await self._refresh_lobby(interaction, row, f"<@{interaction.user.id}> joined.")

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @friendly
    async def leave(self, interaction: discord.Interaction) -> None:
        row = await self.manager.leave(interaction.channel_id, interaction.user.id)
        note = (
            "The lobby is closed: everyone left."
            if row.status == "abandoned"
            else f"<@{interaction.user.id}> left."
        )
        await self._refresh_lobby(interaction, row, note)

    @app_commands.command(name="start", description="Start the game (host only)")
    @friendly
    async def start(self, interaction: discord.Interaction) -> None:
        await self._start(interaction)

    async def _start(self, interaction: discord.Interaction) -> None:
        live = await self.manager.start(interaction.channel_id, interaction.user.id)
        router = self.bot.router
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(embed=msg.lobby_embed(live.row), view=None)
        else:
            await interaction.response.defer(thinking=True)
            await self._close_lobby_message(live.row)
        order = ", ".join(f"p{s.seat + 1} <@{s.user_id}>" for s in live.row.seats)
        await router.publish(
            live,
            [
                f"{msg.header(live)} has started! Seats: {order}.",
                "Private info: `/hand`. Every move: `/move` (type to filter) or **Play**.",
            ],
            interaction,
        )

    async def _close_lobby_message(self, row: Any) -> None:
        """Show the lobby as started and drop its buttons (after a `/game start`)."""
        channel = await self.bot.router.channel(row.channel_id)
        if channel is None or row.lobby_message_id is None:
            return
        # deleted or not editable: its buttons already answer "closed"
        with contextlib.suppress(discord.HTTPException):
            message = channel.get_partial_message(row.lobby_message_id)  # type: ignore[attr-defined]
            await message.edit(embed=msg.lobby_embed(row), view=None)

    async def on_lobby_button(
        self, interaction: discord.Interaction, game_id: int, kind: str
    ) -> None:
        row = await self.manager.storage.get_game(game_id)
        if row is None:
            raise LobbyError("That game no longer exists.")
        if kind == "abandon":
            await self._do_abandon(interaction, game_id)
            return
        if row.status != "lobby" or row.channel_id != interaction.channel_id:
            raise LobbyError("This lobby is closed: the game has started or ended.")
        if kind == "join":
            row = await self.manager.join(
                row.channel_id, interaction.user.id, interaction.user.display_name
            )
            await self._refresh_lobby(interaction, row, "")
        elif kind == "leave":
            row = await self.manager.leave(row.channel_id, interaction.user.id)
            await self._refresh_lobby(interaction, row, "")
        elif kind == "start":
            await self._start(interaction)

    @app_commands.command(name="status", description="Lobby, whose turn, or final scores")
    @friendly
    async def status(self, interaction: discord.Interaction) -> None:
        row = await self.manager.storage.latest_game_in_channel(interaction.channel_id)
        if row is None:
            raise LobbyError("There is no game in this channel. Start one with `/game new`.")
        live = await self.manager.load(row.id) if row.status in ("running", "finished") else None
        await interaction.response.send_message(
            msg.clip(msg.status_text(row, live)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="log", description="The latest moves of this channel's game")
    @app_commands.describe(count="How many moves to show (1–50, default 15)")
    @friendly
    async def log(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        row = await self.manager.storage.latest_game_in_channel(interaction.channel_id)
        if row is None or row.status == "lobby":
            raise LobbyError("There is no started game in this channel.")
        moves = await self.manager.storage.last_moves(row.id, count)
        names = {s.seat: s.display_name for s in row.seats}
        lines = [f"**Game #{row.id} — last {len(moves)} move(s)**"]
        me = interaction.user.id

        def shown(m: Any) -> str:
            text = m.notation if m.user_id == me or m.public is None else m.public
            return f"`{text}`" if text else "*a private move*"

        lines += [
            f"`{m.seq + 1:>3}` {'⏰ timer' if m.user_id is None else names[m.seat]}: {shown(m)}"
            for m in moves
        ] or ["No moves yet."]
        await interaction.response.send_message(msg.clip("\n".join(lines)), ephemeral=True)

    @app_commands.command(name="list", description="Games in this server")
    @friendly
    async def list_games(self, interaction: discord.Interaction) -> None:
        rows = await self.manager.storage.games_in_guild(interaction.guild_id)
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
    @friendly
    async def abandon(self, interaction: discord.Interaction) -> None:
        row = await self.manager.storage.active_game_in_channel(interaction.channel_id)
        if row is None:
            raise LobbyError("There is no unfinished game in this channel.")
        self._check_may_abandon(interaction, row)
        view = discord.ui.View(timeout=None)
        view.add_item(
            GameButton(
                row.id, 0, "abandon", label="Yes, abandon it", style=discord.ButtonStyle.danger
            )
        )
        await interaction.response.send_message(
            f"Abandon **{get_game(row.game_key).title}** game #{row.id}? Nobody wins and it "
            "cannot be resumed.",
            view=view,
            ephemeral=True,
        )

    def _check_may_abandon(self, interaction: discord.Interaction, row: Any) -> None:
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.user.id != row.host_id and not (perms and perms.manage_guild):
            raise LobbyError("Only the host or a member with Manage Server can abandon a game.")

    async def _do_abandon(self, interaction: discord.Interaction, game_id: int) -> None:
        row = await self.manager.storage.get_game(game_id)
        if row is None:
            raise LobbyError("That game no longer exists.")
        self._check_may_abandon(interaction, row)
        row = await self.manager.abandon(game_id)
        self.bot.router.sync_timer_cancel(game_id)
        await interaction.response.edit_message(content="Abandoned.", view=None)
        channel = await self.bot.router.channel(row.channel_id)
        if channel is not None:
            await channel.send(
                f"🛑 {get_game(row.game_key).title} game #{row.id} was abandoned "
                f"by <@{interaction.user.id}>.",
                allowed_mentions=discord.AllowedMentions.none(),
            )


class PlayCog(commands.Cog, name="PlayCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot

    @app_commands.command(
        name="move", description="Make a move by its notation, e.g. `build c4 money`"
    )
    @app_commands.describe(notation="Start typing; the list shows your legal moves")
    @friendly
    async def move(
        self, interaction: discord.Interaction, notation: app_commands.Range[str, 1, 200]
    ) -> None:
        live = await self.bot.manager.live_in_channel(interaction.channel_id)
        await self.bot.router.play_notation(interaction, live.row.id, notation)

    @move.autocomplete("notation")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            live = await self.bot.manager.live_in_channel(interaction.channel_id)
        except GameError:
            return []
        seat = live.row.seat_of(interaction.user.id)
        if seat is None or live.state.is_over() or seat not in live.state.to_act():
            return []
        notations = [m.notation for m in filter_notations(live.state.legal_moves(seat), current)]
        typed = normalize_notation(current)
        if typed and typed not in notations:
            # A free amount (an offer, a bid) is valid even if it is not one of the suggestions.
            try:
                move = live.state.parse_move(seat, current)
                live.state.validate(seat, move)
                notations.insert(0, move.notation)
            except GameError:
                pass
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in notations[:25]]

    @app_commands.command(name="play", description="Open your private turn panel with buttons")
    @friendly
    async def play(self, interaction: discord.Interaction) -> None:
        live = await self.bot.manager.live_in_channel(interaction.channel_id)
        await self.bot.router.open_panel(interaction, live)

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(public="Post it for everyone (default: only you see it)")
    @friendly
    async def board(self, interaction: discord.Interaction, public: bool = False) -> None:
        live = await self.bot.manager.live_in_channel(interaction.channel_id)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        file = await self.bot.router.board_file(live)
        text = msg.status_text(live.row, live)
        if file is None:
            await interaction.followup.send(msg.clip(text), ephemeral=not public)
        else:
            await interaction.followup.send(
                msg.clip(text),
                file=file,
                ephemeral=not public,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(name="hand", description="Your private information (only you see it)")
    @friendly
    async def hand(self, interaction: discord.Interaction) -> None:
        live = await self.bot.manager.live_in_channel(interaction.channel_id)
        seat = live.row.seat_of(interaction.user.id)
        if seat is None:
            raise NotYourTurn("You are not playing in this game, so you have no hand.")
        await interaction.response.send_message(
            self.bot.router.hand_text(live, seat), ephemeral=True
        )


class InfoCog(commands.Cog, name="InfoCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How a game is played here")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=_game_choices())
    @friendly
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None:
            row = await self.bot.manager.storage.latest_game_in_channel(interaction.channel_id)
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
