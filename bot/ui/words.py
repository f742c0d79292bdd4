"""What the commands and panels share for speaking a reader's language: which language an
answer is in, and a game's title as its players know it (issue 23: 建築会社ゲーム, 商売の達人,
フードチェーンマグネイト, カーネギー, フィラデルフィア)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

from games.core import GameSpec, get_game

from .. import lang
from ..messages import title

if TYPE_CHECKING:
    from ..app import Boardroom


async def member_lang(interaction: discord.Interaction) -> str:
    """The language of a private (ephemeral) answer to ``interaction``'s member
    (``bot.lang.for_member``: their choice, their client's, the server's, English)."""
    storage = cast("Boardroom", interaction.client).services.storage
    return await lang.for_member(storage, interaction)


async def channel_lang(interaction: discord.Interaction) -> str:
    """The language of a public message in ``interaction``'s server (the server's choice)."""
    storage = cast("Boardroom", interaction.client).services.storage
    return await lang.for_channel(storage, interaction.guild_id)


async def reader_lang(interaction: discord.Interaction, public: bool) -> str:
    """The language of an answer to ``interaction`` that everyone reads (``public``: the
    server's, ``channel_lang``) or that only its member reads (``member_lang``)."""
    return await (channel_lang(interaction) if public else member_lang(interaction))


def game_title(game: GameSpec | str, lang: str) -> str:
    """The title of ``game`` (a spec or its key) in ``lang`` (``bot.messages.title``); an
    unknown key is returned as it is."""
    if isinstance(game, str):
        try:
            return title(get_game(game), lang)
        except KeyError:
            return game
    return title(game, lang)
