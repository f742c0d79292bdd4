"""Lobbies: join, leave, add an AI seat, start and abandon, answered the same way from slash
commands and from the lobby message's buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

import i18n
from games.core import get_game
from games.core.text import Msg

from .. import messages as msg
from ..lang import for_member
from ..manager import GameManager, LobbyError, level_of
from ..storage import GameRow
from .aftermath import Aftermath
from .clocks import TimeControl, clock_line
from .publisher import Publisher
from .servers import has_host_powers, is_game_master, visible_games
from .timers import Timers

LobbyView = Callable[[GameRow, str], discord.ui.View | None]


def is_click(interaction: discord.Interaction) -> bool:
    return interaction.type == discord.InteractionType.component


class Lobby:
    def __init__(
        self,
        manager: GameManager,
        publisher: Publisher,
        timers: Timers,
        aftermath: Aftermath,
        lobby_view: LobbyView,
    ) -> None:
        self.manager = manager
        self.publisher = publisher
        self.timers = timers
        self.aftermath = aftermath
        self.lobby_view = lobby_view

    async def embed(self, row: GameRow, lang: str | None = None) -> discord.Embed:
        """The lobby card (in the channel's language unless ``lang`` is given); an imported
        record's lobby names the exact seats it needs."""
        imported = await self.manager.storage.imported(row.id) if row.status == "lobby" else None
        if lang is None:
            lang = await self.manager.channel_language(row.guild_id)
        return msg.lobby_embed(row, imported[0] if imported is not None else None, lang)

    async def show(self, interaction: discord.Interaction, row: GameRow, note: str) -> None:
        """Answer a lobby action. A click updates the lobby message it was made on; a slash
        command edits the lobby message in place and answers with the note and the lobby
        card, without controls: a lobby has one message with controls."""
        lang = await self.manager.channel_language(row.guild_id)
        view = self.lobby_view(row, lang)
        embed = await self.embed(row, lang)
        quiet = discord.AllowedMentions.none()
        if is_click(interaction):
            await interaction.response.edit_message(embed=embed, view=view)
            return
        if await self._edit_lobby_message(row, embed, view):
            await interaction.response.send_message(note, embed=embed, allowed_mentions=quiet)
            return
        # The lobby message is gone: this answer carries the controls from now on.
        if view is None:  # discord.py 2.7 fails on send_message(view=None)
            await interaction.response.send_message(note, embed=embed, allowed_mentions=quiet)
            return
        await interaction.response.send_message(
            note, embed=embed, view=view, allowed_mentions=quiet
        )
        message = await interaction.original_response()
        await self.manager.storage.set_lobby_message(row.id, message.id)

    async def _edit_lobby_message(
        self, row: GameRow, embed: discord.Embed, view: discord.ui.View | None
    ) -> bool:
        """Show ``row`` on its stored lobby message (``view=None`` drops its controls);
        ``False`` if there is none or it cannot be edited."""
        if row.lobby_message_id is None:
            return False
        channel = await self.publisher.channel(row.channel_id)
        if channel is None or not hasattr(channel, "get_partial_message"):
            return False
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(embed=embed, view=view)
        except discord.HTTPException:
            return False
        return True

    async def open(
        self,
        interaction: discord.Interaction,
        *,
        game: str,
        options: dict[str, str],
        seed: int | None,
        time_control: dict[str, Any] | None = None,
        thread: discord.Thread | None = None,
        undo_rule: str | None = None,
        ai_level: str | None = None,
    ) -> None:
        """Open a lobby in the interaction's channel, or in ``thread`` (just created for
        it: the lobby is posted there and the channel gets a pointer). ``undo_rule``: the
        game's undo rule (``bot.services.undo``), ``ai_level``: the level of its AI seats
        (``bot.services.autoplay``), if chosen."""
        if interaction.channel_id is None:
            raise LobbyError(
                Msg(
                    "bot.lobby.games_live_server_channel",
                    "Games live in a server channel or thread.",
                )
            )
        row = await self.manager.new_lobby(
            guild_id=interaction.guild_id,
            channel_id=thread.id if thread is not None else interaction.channel_id,
            game_key=game,
            options=options,
            seed=seed,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            time_control=time_control,
        )
        if undo_rule is not None:
            await self.manager.storage.set_undo_rule(row.id, undo_rule)
        if ai_level is not None:
            await self.manager.storage.set_ai_level(row.id, ai_level)
            row.ai_level = ai_level
        lang = await self.manager.channel_language(row.guild_id)
        view = self.lobby_view(row, lang)
        assert view is not None
        clock = (
            i18n.t(
                lang,
                "bot.lobby.clock",
                " Clock: {describe}.",
                describe=TimeControl.from_json(time_control).describe(lang),
            )
            if time_control
            else ""
        )
        text = i18n.t(
            lang,
            "bot.lobby.opened_table_join",
            "🎲 <@{host_id}> opened a **{title}** table. Join in!{clock}",
            host_id=row.host_id,
            title=msg.title(get_game(game), lang),
            clock=clock,
        )
        if thread is not None:
            message = await thread.send(
                text,
                embed=msg.lobby_embed(row, None, lang),
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self.manager.storage.set_lobby_message(row.id, message.id)
            pointer = i18n.t(
                lang,
                "bot.lobby.opened_table_open_thread",
                "🧵 <@{host_id}> opened a **{title}** table in {mention}: open the thread to join. "
                "Everyone here can watch it there.",
                host_id=row.host_id,
                title=msg.title(get_game(game), lang),
                mention=thread.mention,
            )
            parent = thread.parent
            if isinstance(parent, discord.TextChannel):
                await parent.send(pointer, allowed_mentions=discord.AllowedMentions.none())
            await interaction.followup.send(
                i18n.t(
                    await for_member(self.manager.storage, interaction),
                    "bot.lobby.table_open",
                    "Your table is open in {mention}.",
                    mention=thread.mention,
                ),
                ephemeral=True,
            )
            return
        await interaction.response.send_message(
            text,
            embed=msg.lobby_embed(row, None, lang),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        await self.manager.storage.set_lobby_message(row.id, message.id)

    async def _lobby_of(self, interaction: discord.Interaction, game_id: int | None) -> int:
        """The channel whose lobby a click or command acts on."""
        channel_id = interaction.channel_id
        if channel_id is None:
            raise LobbyError(
                Msg(
                    "bot.lobby.games_live_server_channel",
                    "Games live in a server channel or thread.",
                )
            )
        if game_id is not None:
            row = await self.manager.storage.get_game(game_id)
            if row is None:
                raise LobbyError(
                    Msg("bot.lobby.game_no_longer_exists", "That game no longer exists.")
                )
            if row.status != "lobby" or row.channel_id != channel_id:
                raise LobbyError(
                    Msg(
                        "bot.lobby.lobby_closed_game_has",
                        "This lobby is closed: the game has started or ended.",
                    )
                )
        return channel_id

    async def _game_master(self, interaction: discord.Interaction) -> bool:
        """Whether the member has this server's game-master role (the host's powers)."""
        if interaction.guild_id is None:
            return False
        settings = await self.manager.storage.guild_settings(interaction.guild_id)
        return is_game_master(interaction, settings)

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        channel_id = await self._lobby_of(interaction, game_id)
        row = await self.manager.join(
            channel_id, interaction.user.id, interaction.user.display_name
        )
        lang = await self.manager.channel_language(row.guild_id)
        await self.show(
            interaction,
            row,
            i18n.t(lang, "bot.lobby.joined", "<@{id}> joined.", id=interaction.user.id),
        )

    async def add_ai(
        self,
        interaction: discord.Interaction,
        game_id: int | None = None,
        level: str | None = None,
    ) -> None:
        """The host adds an AI seat (``Add AI`` button or ``/seat add_ai``) at ``level``
        (``None``: the game's level)."""
        channel_id = await self._lobby_of(interaction, game_id)
        row = await self.manager.add_ai(
            channel_id,
            interaction.user.id,
            as_host=await self._game_master(interaction),
            level=level,
        )
        added = row.seats[-1]
        lang = await self.manager.channel_language(row.guild_id)
        await self.show(
            interaction,
            row,
            i18n.t(
                lang,
                "bot.lobby.joined_2",
                "🤖 {display_name} joined, at level {level}.",
                display_name=added.display_name,
                level=level_of(row, added.seat),
            ),
        )

    async def remove_ai(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """The host removes the last AI seat (``Remove AI`` button or ``/seat remove_ai``)."""
        channel_id = await self._lobby_of(interaction, game_id)
        row, name = await self.manager.remove_ai(
            channel_id, interaction.user.id, as_host=await self._game_master(interaction)
        )
        lang = await self.manager.channel_language(row.guild_id)
        await self.show(
            interaction,
            row,
            i18n.t(lang, "bot.lobby.left_table", "🤖 {name} left the table.", name=name),
        )

    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        channel_id = await self._lobby_of(interaction, game_id)
        row = await self.manager.leave(channel_id, interaction.user.id)
        lang = await self.manager.channel_language(row.guild_id)
        note = (
            i18n.t(
                lang, "bot.lobby.lobby_closed_everyone_left", "The lobby is closed: everyone left."
            )
            if row.status == "abandoned"
            else i18n.t(lang, "bot.lobby.left", "<@{id}> left.", id=interaction.user.id)
        )
        await self.show(interaction, row, note)

    async def start(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        channel_id = await self._lobby_of(interaction, game_id)
        live = await self.manager.start(
            channel_id, interaction.user.id, as_host=await self._game_master(interaction)
        )
        lang = await self.manager.channel_language(live.row.guild_id)
        if is_click(interaction):
            await interaction.response.edit_message(
                embed=msg.lobby_embed(live.row, None, lang), view=None
            )
        else:
            await interaction.response.defer(thinking=True)
            # Show the lobby as started and drop its controls (deleted or not editable: its
            # buttons already answer "closed").
            await self._edit_lobby_message(live.row, msg.lobby_embed(live.row, None, lang), None)
        order = ", ".join(f"p{s.seat + 1} {msg.who(live, s.seat, lang)}" for s in live.row.seats)
        lines = [
            i18n.t(
                lang,
                "bot.lobby.has_started_seats",
                "{header} has started! Seats: {order}.",
                header=msg.header(live, lang),
                order=order,
            ),
            i18n.t(
                lang,
                "bot.lobby.private_info_hand_every",
                "Private info: `/hand`. Every move: `/move` (type to filter) or **Play**.",
            ),
        ]
        await self.aftermath.after_reset(live, lines, "start", interaction, lang=lang)

    # -- what the lobby commands read ------------------------------------------------------

    async def latest(self, channel_id: int) -> GameRow | None:
        """The channel's latest game (any status), or ``None``."""
        return await self.manager.storage.latest_game_in_channel(channel_id)

    async def unfinished(self, channel_id: int) -> GameRow | None:
        """The channel's lobby or running game, or ``None``."""
        return await self.manager.storage.active_game_in_channel(channel_id)

    async def visible(self, interaction: discord.Interaction) -> list[GameRow]:
        """The server's games whose channels the member may see (``/game list``)."""
        return await visible_games(self.manager.storage, interaction)

    async def server_clock(self, guild_id: int) -> str | None:
        """The server's default time control (``/settings server``), as option words."""
        return (await self.manager.storage.guild_settings(guild_id)).default_clock

    async def status(self, channel_id: int, lang: str = i18n.DEFAULT) -> str:
        """``/game status``: the lobby, or the game's phase, standings, whose turn and since
        when, and its clocks, in ``lang``. ``LobbyError`` if the channel has no game."""
        row = await self.latest(channel_id)
        if row is None:
            raise LobbyError(
                Msg(
                    "bot.lobby.there_no_game_channel",
                    "There is no game in this channel. Start one with /game new.",
                )
            )
        live = await self.manager.load(row.id) if row.status in ("running", "finished") else None
        last = await self.manager.storage.last_moves(row.id, 1) if live is not None else []
        since = last[0].created_at if last else (live.row.updated_at if live else None)
        text = msg.status_text(live.row if live else row, live, since=since, lang=lang)
        clock = clock_line(live, lang) if live is not None else ""
        return msg.clip(text + (f"\n{clock}" if clock else ""))

    # -- abandoning -----------------------------------------------------------------------

    async def check_may_abandon(self, interaction: discord.Interaction, row: GameRow) -> None:
        """The host, a member with Manage Server or the game-master role, in the game's own
        server."""
        if not await has_host_powers(self.manager.storage, interaction, row):
            raise LobbyError(
                Msg(
                    "bot.lobby.only_host_game_master",
                    "Only the host, a game master or a member with Manage Server can abandon a "
                    "game.",
                )
            )

    async def abandon(self, interaction: discord.Interaction, game_id: int) -> None:
        row = await self.manager.storage.get_game(game_id)
        if row is None:
            raise LobbyError(Msg("bot.lobby.game_no_longer_exists", "That game no longer exists."))
        await self.check_may_abandon(interaction, row)
        row = await self.manager.abandon(game_id)
        self.timers.cancel(game_id)
        mine = await for_member(self.manager.storage, interaction)
        await interaction.response.edit_message(
            content=i18n.t(mine, "bot.lobby.abandoned", "Abandoned."), view=None
        )
        lang = await self.manager.channel_language(row.guild_id)
        await self.publisher.post(
            row.channel_id,
            i18n.t(
                lang,
                "bot.lobby.game_was_abandoned",
                "🛑 {title} game #{id} was abandoned by <@{by}>.",
                title=msg.title(get_game(row.game_key), lang),
                id=row.id,
                by=interaction.user.id,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
