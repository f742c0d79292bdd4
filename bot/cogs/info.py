"""``/rules``: how a game is played here, as paged embeds (works anywhere, also in DMs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import GameError, Msg, all_games

from .. import messages as msg
from ..rules_help import (
    RulesPageButton,
    RulesTopicSelect,
    rules_book,
    rules_embed,
    rules_view,
    topic_choices,
)
from ..ui.words import game_title, member_lang
from .common import guarded, services
from .lobby import game_choices

if TYPE_CHECKING:
    from ..app import Boardroom


async def channel_game(interaction: discord.Interaction) -> str | None:
    """The game of this channel's latest table, if any."""
    if interaction.channel_id is None or not interaction.guild_id:
        return None
    row = await services(interaction).lobby.latest(interaction.channel_id)
    return row.game_key if row else None


class InfoCog(commands.Cog, name="InfoCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # The page buttons are stateless dynamic items: they work on any rules message,
        # also after a restart.
        self.bot.add_dynamic_items(RulesPageButton, RulesTopicSelect)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesPageButton, RulesTopicSelect)

    @app_commands.command(name="rules", description="The rules of a game, page by page")
    @app_commands.describe(
        game="Which game (default: the one in this channel)",
        topic="Jump to a topic: setup, turn, a phase, scoring, options…",
    )
    @app_commands.choices(game=game_choices())
    @guarded()
    async def rules(
        self, interaction: discord.Interaction, game: str | None = None, topic: str | None = None
    ) -> None:
        game = game or await channel_game(interaction)
        if game is None:
            lang = await member_lang(interaction)
            lines = [i18n.t(lang, "cogs.info.games_head", "**Games on Boardroom**")] + [
                i18n.t(
                    lang,
                    "cogs.info.game_line",
                    "• **{title}** ({other}), {low}–{high} players — {summary}",
                    title=game_title(s, lang),
                    other=s.title_ja if lang == i18n.DEFAULT else s.title,
                    low=s.min_players,
                    high=s.max_players,
                    summary=msg.summary(s, lang),
                )
                for s in all_games()
            ]
            lines.append(
                i18n.t(
                    lang,
                    "cogs.info.games_foot",
                    "`/rules game:<name>` shows a game's rules; start one with `/game new`.",
                )
            )
            await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)
            return
        try:
            book = rules_book(game, await member_lang(interaction))
        except KeyError:
            raise GameError(
                Msg(
                    "cogs.info.no_such_game",
                    "There is no game called `{game}` on this bot.",
                    game=game,
                )
            ) from None
        page = 0
        if topic:
            found = book.find(topic)
            if found is None:
                names = ", ".join(f"`{t.key}`" for t in book.topics)
                raise GameError(
                    Msg(
                        "cogs.info.no_such_topic",
                        "{title}'s rules have no topic `{topic}`. Topics: {topics}.",
                        title=book.title,
                        topic=topic[:40],
                        topics=names[:1800],
                    )
                )
            page = found
        await interaction.response.send_message(
            embed=rules_embed(book, page), view=rules_view(book, page), ephemeral=True
        )

    @rules.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or await channel_game(interaction)
        if not game:
            return []
        try:
            book = rules_book(game, await member_lang(interaction))
        except KeyError:
            return []
        return [
            app_commands.Choice(name=label[:100], value=key[:100])
            for label, key in topic_choices(book, current)
        ]
