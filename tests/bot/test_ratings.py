"""Ratings and stats (issue 12) through SimCord: several short games, then `/leaderboard`
ranks the players by openskill rating; games with an AI seat and abandoned games are
recorded (in `/stats`) but not rated; a restart never rates a game twice; ties share a rank;
an old database gets its ratings from its history."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.services.ratings import GLOBAL, MODEL, rate
from games.core import registry
from games.core.ai import RandomPolicy
from tests.pg import backend, db_path  # noqa: F401 (both backends)


def text_of(r: Any) -> str:
    return r.response.content if r.response and r.response.content else ""


async def race(env: Any, channel: Any, players: list[Any], winner: int, ai: bool = False) -> int:
    """A toy game to 2 points: ``players[winner]`` adds 2 on their first turn, the others 1."""
    host, *others = players
    r = await host.slash(channel, "game new", game="toy", options="target=2")
    lobby = r.response.message
    for m in others:
        await m.click(lobby, label="Join")
    if ai:
        await host.click(lobby, label="Add AI")
    await host.click(lobby, label="Start")
    gid = await env.bot.manager.game_id_in_channel(channel.id)
    for _i in range(len(players) * 2):
        live = await env.bot.manager.load(gid)
        if live.state.is_over():
            break
        seat = min(live.state.to_act())
        if seat >= len(players):  # the AI seat
            await env.advance_time(1)
            continue
        amount = 2 if seat == winner else 1
        r = await players[seat].slash(channel, "move", notation=f"add {amount}")
        assert not r.ephemeral, text_of(r)
    await env.advance_time(1)
    live = await env.bot.manager.load(gid)
    assert live.state.is_over()
    return gid


async def settle(env: Any) -> None:
    await env.bot.services.publisher.drain()
    await env.advance_time(1)
    cog = env.bot.get_cog("StatsCog")
    await cog.ratings.sync()


def leaderboard(r: Any) -> list[str]:
    embed = r.response.message.embeds[0] if r.response.message else None
    assert embed is not None, text_of(r)
    return embed.description.splitlines()


def test_ties_share_a_rank_and_winners_gain() -> None:
    start = (MODEL.mu, MODEL.sigma)
    after = rate([start, start, start], [1, 2, 2])
    assert after[0][0] > MODEL.mu > after[1][0]
    assert after[1] == after[2]  # tied: the same change
    even = rate([start, start], [1, 1])
    assert abs(even[0][0] - MODEL.mu) < 1e-9 and even[0][1] < MODEL.sigma


@pytest.fixture
def toy_with_ai(monkeypatch):
    """The toy game with an AI player (random legal moves), for an AI seat."""
    spec = registry._REGISTRY["toy"]
    monkeypatch.setitem(registry._REGISTRY, "toy", dataclasses.replace(spec, ai=RandomPolicy()))


async def test_leaderboard_after_several_games(simcord_env, table, bots, toy_with_ai):
    env = simcord_env
    _guild, channel, (alice, bob, carol, _dave) = table
    await race(env, channel, [alice, bob], winner=0)
    await race(env, channel, [alice, bob], winner=0)
    await race(env, channel, [bob, alice], winner=0)  # bob wins one
    await race(env, channel, [carol, alice], winner=0)  # carol beats alice once
    await settle(env)
    r = await carol.slash(channel, "leaderboard", game="toy")
    assert not r.ephemeral
    lines = leaderboard(r)
    names = [line.split("**")[1].strip("_") for line in lines]
    assert set(names) == {"alice", "bob", "carol"}
    assert names.index("alice") < names.index("bob")
    assert r.response.message.attachments[0].filename == "leaderboard.png"  # the table image
    alice_line = next(line for line in lines if "alice" in line)
    assert "4 games · 2 wins" in alice_line
    assert "__carol__" in next(line for line in lines if "carol" in line)  # the caller
    # a game with an AI seat is recorded but not rated
    await race(env, channel, [alice, bob], winner=1, ai=True)
    await settle(env)
    r = await alice.slash(channel, "leaderboard", game="toy")
    assert "4 games · 2 wins" in next(line for line in leaderboard(r) if "alice" in line)
    r = await alice.slash(channel, "stats")
    embed = r.response.message.embeds[0] if r.response.message else None
    assert r.ephemeral and embed is not None
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Games"] == "5 (5 finished)"
    assert fields["Wins"] == "2 (40%)"
    assert "not rated" in fields["Recent games"].splitlines()[0]
    assert "Toy Race" in fields["Favourite game"]
    # a restart does not rate anything twice
    before = await env.bot.storage.leaderboard(GLOBAL, "toy")
    await env.restart_bot(bots())
    await settle(env)
    assert await env.bot.storage.leaderboard(GLOBAL, "toy") == before
    # an abandoned game is recorded, not rated
    r = await alice.slash(channel, "game new", game="toy", options="target=9")
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    await alice.slash(channel, "move", notation="add 1")
    gid = await env.bot.manager.game_id_in_channel(channel.id)
    await env.bot.manager.abandon(gid)
    r = await bob.slash(channel, "stats")
    fields = {f.name: f.value for f in r.response.message.embeds[0].fields}
    assert fields["Games"] == "5 (4 finished)"
    assert "abandoned · not rated" in fields["Recent games"]
    assert await env.bot.storage.leaderboard(GLOBAL, "toy") == before


async def test_old_games_are_rated_from_history_once(simcord_env, table, bots):
    env = simcord_env
    _guild, channel, (alice, bob, *_rest) = table
    await race(env, channel, [alice, bob], winner=1)
    await settle(env)
    # as if the database came from before ratings existed
    async with env.bot.storage.transaction() as tx:
        await tx.execute("DELETE FROM results")
        await tx.execute("DELETE FROM ratings")
    await env.restart_bot(bots())
    await settle(env)
    rows = await env.bot.storage.leaderboard(GLOBAL, "toy")
    assert [(r.user_id, r.games, r.wins) for r in rows] == [(bob.id, 1, 1), (alice.id, 1, 0)]
    r = await alice.slash(channel, "leaderboard", game="kenchiku")
    assert r.ephemeral and "No rated Kenchiku games on this server yet" in text_of(r)
