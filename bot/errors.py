"""The one error boundary: every slash command, component and modal ends up here.

A ``GameError`` is a player's mistake and becomes an ephemeral sentence. Cooldowns and
checks get their own sentences. Anything else is a bug: it is logged with a traceback under
a short error id, and the player gets an apology with that id, which never claims "nothing
was changed" once their move was committed. Logs never carry message texts (they may hold
hidden information).

Every sentence is said in the member's language (``bot.lang.for_member``): a ``GameError``'s
``Msg`` (engine refusals, the bot's own) is re-rendered by its key with ``i18n.tr``.
"""

from __future__ import annotations

import logging
import math
import secrets

import discord
from discord import app_commands

import i18n
from games.core import GameError
from games.core.text import Msg

from . import lang as langs

log = logging.getLogger("boardroom")


REPLY_LIMIT = 1900  # Discord refuses messages over 2,000 characters


async def language(interaction: discord.Interaction) -> str:
    """The member's language (English when the client has no storage or it fails)."""
    storage = getattr(interaction.client, "storage", None)
    if storage is None:
        return i18n.DEFAULT
    try:
        return await langs.for_member(storage, interaction)
    except Exception:  # the refusal still goes out, in English
        log.warning("language of interaction %s not read", interaction.id)
        return i18n.DEFAULT


async def reply_error(interaction: discord.Interaction, text: str, lang: str | None = None) -> None:
    """An ephemeral sentence, whether or not the interaction was answered already; a
    sentence quoting too much input is cut so that it is still delivered. A ``Msg`` is said
    in ``lang`` (by default the member's language)."""
    if isinstance(text, Msg) and lang != i18n.DEFAULT:
        text = i18n.tr(text, lang or await language(interaction))
    if len(text) > REPLY_LIMIT:
        text = text[: REPLY_LIMIT - 1] + "…"
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning(
            "could not deliver an error reply to interaction %s (HTTP %s)",
            interaction.id,
            exc.status,
        )


async def handle(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``error`` raised while handling ``interaction``."""
    original = getattr(error, "original", None) or error
    lang = await language(interaction)
    t = i18n.t
    if isinstance(original, GameError):
        await reply_error(interaction, i18n.tr(original.msg, lang), lang)
    elif isinstance(original, app_commands.CommandOnCooldown):
        wait = max(1, math.ceil(original.retry_after))
        await reply_error(
            interaction,
            t(
                lang,
                "bot.errors.slow_down",
                "Slow down: you can do that again in {wait} s.",
                wait=wait,
            ),
            lang,
        )
    elif isinstance(original, app_commands.NoPrivateMessage):
        await reply_error(
            interaction,
            t(
                lang,
                "bot.errors.no_dm",
                "This works in a server channel or thread, where the game is.",
            ),
            lang,
        )
    elif isinstance(original, app_commands.CheckFailure):
        await reply_error(
            interaction, t(lang, "bot.errors.not_here", "You can't use that command here."), lang
        )
    else:
        await report_unexpected(interaction, original, lang)


async def report_unexpected(
    interaction: discord.Interaction, error: BaseException, lang: str = i18n.DEFAULT
) -> None:
    error_id = secrets.token_hex(4)
    log.error(
        "error %s in interaction %s",
        error_id,
        interaction.id,
        exc_info=(type(error), error, error.__traceback__),
    )
    committed = interaction.extras.get("committed")
    if committed:
        text = i18n.t(
            lang,
            "bot.errors.committed",
            "Your move `{committed}` was recorded, but something went wrong while showing it "
            "(error id `{error_id}`). The game goes on: `/game status` shows where it stands.",
            committed=committed,
            error_id=error_id,
        )
    else:
        text = i18n.t(
            lang,
            "bot.errors.unexpected",
            "Sorry, something went wrong on our side (error id `{error_id}`). Nothing was "
            "changed; please try again, and tell the bot's host if it keeps happening.",
            error_id=error_id,
        )
    await reply_error(interaction, text, lang)
