"""Boards in the reader's language (issue 23): a server set to Japanese gets Japanese public
boards (the channel board, ``/board public:True``) while a member who chose English sees the
boards answered only to them (``/board``, ``/board player:``, ``/hand``) in English; the
render cache keeps one board per game and language."""

from __future__ import annotations

from typing import Any

import discord

from .replaying import fixture, open_game, play

GAME = "food_chain_magnate"


def _sent(r: Any) -> Any:  # the answer: a deferred command's follow-up, or its direct response
    return (r.followups or [r.response])[-1]


def _description(message: Any) -> str:
    """The first attachment's description: the board's text fallback (``Renderer.alt``)."""
    attachments = getattr(message, "attachments", None) or message.message.attachments
    return attachments[0].description or ""


async def test_server_language_for_public_boards_member_language_for_private(simcord_env, table):
    env = simcord_env
    guild, channel, members = table
    admin_role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admin_role])
    await admin.slash(channel, "settings server", language="ja")
    alice = members[0]
    await alice.slash(channel, "settings me", language="en")
    data = fixture(GAME, "3p.json")
    seated = members[:3]
    await open_game(channel, seated, GAME, data)
    await play(env, channel, seated, data["moves"][:3])

    boards = env.bot.services.boards
    asked: list[tuple[str, str]] = []
    view = boards.view

    async def recording(*args: Any, **kw: Any) -> Any:
        asked.append((args[2], kw.get("lang", "en")))
        return await view(*args, **kw)

    boards.view = recording  # type: ignore[method-assign]

    # the channel's board (posted by the publisher after the last move): Japanese
    posted = [m for m in channel.history() if m.attachments]
    assert posted, "the channel shows a board"
    assert _description(posted[-1]).startswith("フードチェーンマグネイト"), _description(posted[-1])
    gid = next(iter(boards._latest))[0]
    assert (gid, "ja") in boards._latest

    # alice's own /board: her language (English), beside the channel's cached Japanese board
    r = await alice.slash(channel, "board")
    assert r.ephemeral
    assert _description(_sent(r)).startswith("Food Chain Magnate"), _description(_sent(r))
    assert {(gid, "ja"), (gid, "en")} <= set(boards._latest)

    # the same board posted for everyone: the server's language
    r = await alice.slash(channel, "board", public=True)
    assert not r.ephemeral
    assert _description(_sent(r)).startswith("フードチェーンマグネイト")

    # views answered only to her: English; public ones: the server's language
    await alice.slash(channel, "hand")
    await alice.slash(channel, "board", player="p2")
    await alice.slash(channel, "board", detail=True)
    await alice.slash(channel, "board", player="p2", public=True)
    assert asked == [("hand", "en"), ("player", "en"), ("board", "en"), ("player", "ja")]
    asked.clear()
    # a member who chose Japanese gets it privately; one with no choice, their client's
    # locale (SimCord's clients say en-US) before the server's
    bob, carol = members[1], members[2]
    await bob.slash(channel, "settings me", language="ja")
    await bob.slash(channel, "hand")
    await carol.slash(channel, "hand")
    assert asked == [("hand", "ja"), ("hand", "en")]
