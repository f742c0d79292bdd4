"""Issue 12: repeated time-outs hand the seat to the AI, and the game reaches its end; the
player takes the seat back and their clock runs again."""

from __future__ import annotations

H = 3600


async def test_timeouts_hand_seats_to_the_ai_which_finishes_the_game(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(
        channel, "game new", game="kenchiku", seed=7, options="clock=move:1h timeouts=1"
    )
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    for _ in range(4):  # each player misses one turn: the AI takes over both seats
        row = await simcord_env.bot.storage.get_game(gid)
        if row is not None and all(s.kind == "ai" for s in row.seats):
            break
        await simcord_env.advance_time(H + 1)
    for _ in range(200):
        row = await simcord_env.bot.storage.get_game(gid)
        if row is not None and row.status == "finished":
            break
        await simcord_env.advance_time(1)
    row = await simcord_env.bot.storage.get_game(gid)
    assert row is not None and row.status == "finished", row
    actors = {m.actor for m in await simcord_env.bot.storage.moves(gid)}
    assert {"timer", "ai"} <= actors
    text = "\n".join(m.content for m in channel.history())
    assert "ran out of time 1 times in a row: the AI plays their seat" in text


async def test_taking_the_seat_back_restarts_the_clock(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(
        channel, "game new", game="kenchiku", seed=7, options="clock=move:1h timeouts=1"
    )
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    r = await alice.slash(channel, "seat ai")
    assert "AI" in (r.response.content if r.response else "") or r.followups
    r = await alice.slash(channel, "seat takeback")
    live = await simcord_env.bot.manager.load(gid)
    assert live.row.seats[0].kind == "human"
    kinds = {(t.game_id, t.kind) for t in simcord_env.bot.services.timers.armed()}
    assert (gid, "clock") in kinds
