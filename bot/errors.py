"""The one error boundary: every slash command, component and modal ends up here.

A ``GameError`` is a player's mistake and becomes an ephemeral sentence. Cooldowns and
checks get their own sentences. Anything else is a bug: it is logged with a traceback under
a short error id, and the player gets an apology with that id, which never claims "nothing
was changed" once their move was committed. Logs never carry message texts (they may hold
hidden information).
"""

from __future__ import annotations

import logging
import math
import secrets

import discord
from discord import app_commands

from games.core import GameError

log = logging.getLogger("boardroom")


REPLY_LIMIT = 1900  # Discord refuses messages over 2,000 characters


async def reply_error(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral sentence, whether or not the interaction was answered already; a
    sentence quoting too much input is cut so that it is still delivered."""
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
    if isinstance(original, GameError):
        await reply_error(interaction, original.message)
    elif isinstance(original, app_commands.CommandOnCooldown):
        wait = max(1, math.ceil(original.retry_after))
        await reply_error(interaction, f"Slow down: you can do that again in {wait} s.")
    elif isinstance(original, app_commands.NoPrivateMessage):
        await reply_error(
            interaction, "This works in a server channel or thread, where the game is."
        )
    elif isinstance(original, app_commands.CheckFailure):
        await reply_error(interaction, "You can't use that command here.")
    else:
        await report_unexpected(interaction, original)


async def report_unexpected(interaction: discord.Interaction, error: BaseException) -> None:
    error_id = secrets.token_hex(4)
    log.error(
        "error %s in interaction %s",
        error_id,
        interaction.id,
        exc_info=(type(error), error, error.__traceback__),
    )
    committed = interaction.extras.get("committed")
    if committed:
        text = (
            f"Your move `{committed}` was recorded, but something went wrong while showing it "
            f"(error id `{error_id}`). The game goes on: `/game status` shows where it stands."
        )
    else:
        text = (
            f"Sorry, something went wrong on our side (error id `{error_id}`). Nothing was "
            "changed; please try again, and tell the bot's host if it keeps happening."
        )
    await reply_error(interaction, text)
