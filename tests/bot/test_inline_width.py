"""Boards are made to be read 550 px wide (issue 8), and Discord never enlarges a narrower
image: so no board the bot posts, and no player view it answers with, is narrower than that,
whatever ``board_scale`` says (0.75 by default; Carnegie's 660 px layout would give 495 px)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.services.boards import INLINE

from .replaying import fixture, open_game, play


async def _width(message) -> int:  # type: ignore[no-untyped-def]
    assert message.attachments, message.content
    return Image.open(io.BytesIO(await message.attachments[0].read())).width


@pytest.mark.parametrize(
    "game, name, players",
    [("carnegie", "2p_base.json", 2), ("food_chain_magnate", "2p.json", 2)],
)
async def test_posted_boards_and_player_views_are_at_least_inline_wide(
    simcord_env, table, game, name, players
):
    _guild, channel, members = table
    data = fixture(game, name)
    seated = members[:players]
    await open_game(channel, seated, game, data)
    await play(simcord_env, channel, seated, data["moves"][:12])
    posted = [m for m in channel.history() if m.attachments]
    assert posted
    for message in posted:
        assert await _width(message) >= INLINE
    r = await seated[0].slash(channel, "board", player=seated[1].user.name)
    reply = r.followups[-1] if r.followups else r.response.message
    assert await _width(reply) >= INLINE
