"""Downtime and restarts (issue 12) through SimCord's virtual clock: turn clocks do not run
while the bot is down (a clean stop or a crash), a short restart changes nothing, and a
game-over summary lost to a stop is posted after the restart, once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.services.clocks import LAST_ALIVE
from tests.bot.conftest import FAST
from tests.pg import backend, db_path  # noqa: F401 (both backends)

H = 3600.0
ALIVE = replace(FAST, alive_every=600.0)  # a stamp every 10 virtual minutes


async def open_toy(channel: Any, alice: Any, bob: Any, options: str) -> None:
    r = await alice.slash(channel, "game new", game="toy", options=options)
    assert not r.ephemeral, r.response.content
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")


async def clocked_game(env: Any, bots: Any, channel: Any, alice: Any, bob: Any) -> int:
    """A toy game with a 1 h move clock on a bot that stamps ``last_alive``."""
    await env.restart_bot(bots(settings=ALIVE))
    await open_toy(channel, alice, bob, "clock=move:1h remind=0")
    return int(await env.bot.manager.game_id_in_channel(channel.id))


def crash(bot: Any) -> None:
    """Stop the bot as a kill would: no last stamp, no timers (SimCord detaches it)."""
    if bot._alive_task is not None:
        bot._alive_task.cancel()
    bot.services.timers.cancel_all()


async def status(channel: Any, member: Any) -> str:
    r = await member.slash(channel, "game status")
    return str(r.response.content)


async def test_a_clean_stop_does_not_count_against_the_clock(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await clocked_game(simcord_env, bots, channel, alice, bob)
    await simcord_env.advance_time(20 * 60)
    await simcord_env.bot.shutdown()  # a clean stop stamps last_alive
    await simcord_env.advance_time(3 * H)  # the bot is down for three hours
    await simcord_env.restart_bot(bots(settings=ALIVE))
    assert not any("I was offline" in m.content for m in channel.history())
    assert "alice: 40 min left" in await status(channel, alice)
    await simcord_env.advance_time(40 * 60 - 10)
    assert await simcord_env.bot.storage.moves(gid) == []
    await simcord_env.advance_time(20)
    assert [m.actor for m in await simcord_env.bot.storage.moves(gid)] == ["timer"]


async def test_a_crash_credits_the_downtime_since_the_last_stamp(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await clocked_game(simcord_env, bots, channel, alice, bob)
    await simcord_env.advance_time(25 * 60)  # stamps at 10 and 20 minutes
    stamped = await simcord_env.bot.storage.bot_state(LAST_ALIVE)
    crash(simcord_env.bot)
    await simcord_env.advance_time(5 * H)
    await simcord_env.restart_bot(bots(settings=ALIVE))
    # credited from the last stamp: the 5 minutes after it are given back too
    assert "alice: 40 min left" in await status(channel, alice)
    assert await simcord_env.bot.storage.bot_state(LAST_ALIVE) > (stamped or 0) + 5 * H
    await simcord_env.advance_time(40 * 60 - 10)
    assert await simcord_env.bot.storage.moves(gid) == []
    # a second restart right away credits nothing more
    await simcord_env.restart_bot(bots(settings=ALIVE))
    await simcord_env.advance_time(20)
    assert [m.actor for m in await simcord_env.bot.storage.moves(gid)] == ["timer"]


async def test_a_short_restart_changes_no_clock(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await clocked_game(simcord_env, bots, channel, alice, bob)
    await simcord_env.advance_time(30 * 60)
    crash(simcord_env.bot)
    await simcord_env.advance_time(5 * 60)  # under two stamps' gap: not downtime
    await simcord_env.restart_bot(bots(settings=ALIVE))
    assert "alice: 25 min left" in await status(channel, alice)
    await simcord_env.advance_time(25 * 60 + 10)
    assert [m.actor for m in await simcord_env.bot.storage.moves(gid)] == ["timer"]


async def test_a_summary_lost_to_a_stop_is_posted_after_the_restart_once(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    await open_toy(channel, alice, bob, "target=4")
    for i in range(4):
        player = (alice, bob)[i % 2]
        r = await player.slash(channel, "move", notation="add 2")
        assert not r.ephemeral, r.response.content
        if any("Game over" in m.content for m in channel.history()):
            break
    bot = simcord_env.bot
    await bot.services.publisher.drain()

    def summaries() -> list[Any]:
        return [m for m in channel.history() if m.embeds and "summary" in m.embeds[0].title]

    for _ in range(50):  # the summary is its own task after the game-over message
        if summaries():
            break
        await simcord_env.advance_time(0.1)
    assert len(summaries()) == 1
    gid = await bot.manager.game_id_in_channel(channel.id)
    assert await bot.storage.summaries_due() == []
    # The bot stopped after the last move's commit, before the summary was posted:
    async with bot.storage.transaction() as tx:
        await tx.execute("UPDATE games SET summary_posted = NULL WHERE id = ?", (gid,))
    await simcord_env.restart_bot(bots())
    for _ in range(50):
        if len(summaries()) == 2:
            break
        await simcord_env.advance_time(0.1)
    late = summaries()[-1]
    assert late.content.startswith(f"🏁 Toy Race game #{gid} ended while I was restarting")
    assert await simcord_env.bot.storage.summaries_due() == []
    await simcord_env.restart_bot(bots())
    await simcord_env.advance_time(5)
    assert len(summaries()) == 2  # posted once
