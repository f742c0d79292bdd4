"""Threads, spectators and per-server settings (issue 12) through SimCord: `/game new
thread:yes` opens a game in a new thread (two games in one channel), spectators are refused
politely, and `/settings server` sets a default clock, the game channels and a game-master
role with the host's powers."""

from __future__ import annotations

from typing import Any

import discord


def text_of(r: Any) -> str:
    return r.response.content if r.response and r.response.content else ""


def answer_of(r: Any) -> str:
    """The response and its follow-ups (a deferred answer comes as a follow-up)."""
    return " ".join([text_of(r), *(f.content for f in r.followups)])


def thread_of(channel: Any, name_part: str) -> Any:
    threads = [t for t in channel.threads if name_part in t.name]
    assert threads, [t.name for t in channel.threads]
    return threads[-1]


async def test_thread_games_side_by_side_with_spectators(simcord_env, table):
    env = simcord_env
    _guild, channel, (alice, bob, carol, dave) = table
    r = await alice.slash(channel, "game new", game="toy", options="target=9", thread=True)
    first = thread_of(channel, "alice's table")
    assert r.ephemeral and f"Your table is open in <#{first.id}>" in answer_of(r)
    assert f"opened a **Toy Race** table in <#{first.id}>" in channel.last_message.content
    lobby = first.last_message
    assert "Join in!" in lobby.content
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert "has started" in first.last_message.content
    # a second game in the same channel, in its own thread
    r = await carol.slash(channel, "game new", game="toy", thread=True)
    second = thread_of(channel, "carol's table")
    assert "Your table is open" in answer_of(r)
    assert second.id != first.id
    # play in the first thread; the board is posted there
    r = await alice.slash(first, "move", notation="add 2")
    assert not r.ephemeral, text_of(r)
    assert "`add 2`" in first.last_message.content
    g1 = await env.bot.manager.game_id_in_channel(first.id)
    g2 = await env.bot.manager.game_id_in_channel(second.id)
    assert g1 and g2 and g1 != g2
    # a spectator (dave) reads the board but has no hand, no moves, no panel, no undo
    r = await dave.slash(first, "hand")
    assert r.ephemeral and "You're watching this game: only its players have a hand" in (text_of(r))
    r = await dave.slash(first, "move", notation="add 1")
    assert r.ephemeral and "You're watching this game" in text_of(r)
    r = await dave.click(first.last_message, label="Play")
    assert r.ephemeral and "You're watching this game" in text_of(r)
    r = await dave.slash(first, "undo")
    assert r.ephemeral and "You're watching this game" in text_of(r)
    assert len(await env.bot.storage.moves(g1)) == 1
    # a thread inside a thread is refused
    r = await bob.slash(first, "game new", game="toy", thread=True)
    assert r.ephemeral and "already a thread" in text_of(r)


async def test_server_settings_clock_channels_and_game_master(simcord_env, table):
    env = simcord_env
    guild, channel, (alice, bob, carol, dave) = table
    other = guild.create_text_channel("chat")
    admin_role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admin_role])
    gm = guild.create_role("game master")
    gm_member = guild.add_member(env.create_user("gina"), roles=[gm])
    r = await alice.slash(channel, "settings server", default_clock="clock=move:24h")
    assert r.ephemeral and "Manage Server" in text_of(r)
    r = await admin.slash(channel, "settings server", default_clock="clock=move:soon")
    assert r.ephemeral and "not a duration" in text_of(r)
    r = await admin.slash(
        channel,
        "settings server",
        default_clock="clock=move:24h remind=25",
        allow_channel=channel,
        gm_role=gm,
    )
    said = text_of(r)
    assert r.ephemeral and "New games get 1 d per move" in said
    assert f"Game channels: <#{channel.id}>" in said and f"<@&{gm.id}>" in said
    # not in #chat; in #games (and its threads) with the default clock
    r = await alice.slash(other, "game new", game="toy")
    assert r.ephemeral and f"Games on this server are played in <#{channel.id}>" in text_of(r)
    r = await alice.slash(channel, "game new", game="toy", options="target=9")
    assert not r.ephemeral, text_of(r)
    assert "Clock: 1 d per move" in text_of(r)
    lobby = r.response.message
    await bob.click(lobby, label="Join")
    # the game master starts alice's table; a plain member may not
    r = await carol.click(lobby, label="Start")
    assert r.ephemeral and "Only the host" in text_of(r)
    r = await gm_member.click(lobby, label="Start")
    assert "has started" in channel.last_message.content
    assert "⏱️ 1 d per move" in channel.last_message.content
    # and abandons it
    r = await gm_member.slash(channel, "game abandon")
    assert r.ephemeral, text_of(r)
    r = await gm_member.click(r.response.message, label="Yes, abandon it")
    assert "was abandoned" in channel.last_message.content
    r = await dave.slash(channel, "game new", game="toy", thread=True)
    assert "Your table is open" in answer_of(r)  # a thread of a game channel is fine
    # removing the channel from the list reopens every channel
    r = await admin.slash(channel, "settings server", disallow_channel=channel, clear_gm_role=True)
    assert "Game channels: any channel" in text_of(r) and "Game-master role: none" in text_of(r)
    r = await alice.slash(other, "game new", game="toy", options="clock=none")
    assert not r.ephemeral, text_of(r)
    assert "Clock:" not in text_of(r)


async def test_host_removes_an_ai_seat_from_the_lobby(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(channel, "game new", game="kenchiku")
    lobby = r.response.message
    labels = [c.label for row in lobby.components for c in row.children]
    assert "Remove AI" not in labels  # no AI seat yet
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Add AI")
    r = await bob.slash(channel, "seat remove_ai")
    assert r.ephemeral and "Only the host" in text_of(r)
    r = await alice.click(lobby, label="Remove AI")
    assert not r.ephemeral, text_of(r)
    row = await simcord_env.bot.storage.latest_game_in_channel(channel.id)
    assert [s.display_name for s in row.seats] == ["alice", "AI 1 (bot)"]
    r = await alice.slash(channel, "seat remove_ai")
    row = await simcord_env.bot.storage.latest_game_in_channel(channel.id)
    assert [s.seat for s in row.seats] == [0]
    r = await alice.slash(channel, "seat remove_ai")
    assert r.ephemeral and "no AI player in this lobby" in text_of(r)
