"""``/undo``: ask the other players to take back your last move (``bot.services.undo``),
and the Agree / Refuse buttons of the request (they work after a restart)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n

from .. import errors
from ..services.undo import Undos
from .common import guarded, services
from .seats import running_game

if TYPE_CHECKING:
    from ..app import Boardroom


class UndoVoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"undo:(?P<uid>[1-9][0-9]{0,17}):(?P<answer>yes|no)",
):
    """Agree or Refuse on an undo request (custom id ``undo:<undo id>:yes|no``)."""

    def __init__(self, undo_id: int, agree: bool, lang: str = i18n.DEFAULT) -> None:
        super().__init__(
            discord.ui.Button(
                label=(
                    i18n.t(lang, "cogs.undo.agree", "Agree")
                    if agree
                    else i18n.t(lang, "cogs.undo.refuse", "Refuse")
                ),
                emoji="✅" if agree else "✖️",
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.secondary,
                custom_id=f"undo:{undo_id}:{'yes' if agree else 'no'}",
            )
        )
        self.undo_id, self.agree = undo_id, agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoVoteButton:
        return cls(int(match["uid"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            cog = interaction.client.get_cog("UndoCog")  # type: ignore[attr-defined]
            assert isinstance(cog, UndoCog)
            await cog.undos.vote(interaction, self.undo_id, self.agree)
        except Exception as exc:
            await errors.handle(interaction, exc)


def vote_view(undo_id: int, lang: str = i18n.DEFAULT) -> discord.ui.View:
    """Agree / Refuse, labelled in ``lang`` (the request is public: the server's language);
    the custom ids are the same in every language."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVoteButton(undo_id, True, lang))
    view.add_item(UndoVoteButton(undo_id, False, lang))
    return view


class UndoCog(commands.Cog, name="UndoCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        self.undos = Undos(bot.services, vote_view)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(UndoVoteButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(UndoVoteButton)

    @app_commands.command(
        name="undo", description="Ask the other players to take back your last move"
    )
    @app_commands.guild_only()
    @guarded()
    async def undo(self, interaction: discord.Interaction) -> None:
        game_id = await running_game(interaction)
        services(interaction)  # the bot's services exist (a clear error otherwise)
        await self.undos.request(interaction, game_id)


__all__ = ["UndoCog", "UndoVoteButton", "vote_view"]
