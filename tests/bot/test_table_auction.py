"""Issue 8, timed phases: the open auction's quiet period suits the game's pace and starts
with a ping of every eligible landlord; an expiry edits the one auction table and posts one
short line; time-up and countdown texts are plain words; older records still replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import GameRecord, get_game, replay
from games.masters_of_commerce import default_quiet
from tests.bot.test_moc_bot import open_moc

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "masters_of_commerce"


def test_quiet_period_scales_with_the_negotiation_timer():
    spec = get_game("masters_of_commerce")
    assert spec.resolve_options({})["auction_quiet"] == 60
    assert spec.resolve_options({"timer": 600})["auction_quiet"] == 300 == default_quiet(600)
    assert spec.resolve_options({"timer": 30})["auction_quiet"] == 60
    long = spec.resolve_options({"timer": 7200})
    assert long["auction"] == "sealed"  # long games still bid sealed by default
    assert spec.resolve_options({"auction_quiet": 20})["auction_quiet"] == 20  # host's choice
    state = spec.create({}, 3, 7)
    assert state.quiet == 60


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("v3_*.json")), ids=lambda p: p.stem)
def test_v3_records_replay_to_their_recorded_result(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    record = GameRecord(
        data["game"],
        data["engine_version"],
        data["seed"],
        data["seats"],
        data["options"],
        [(s, m) for s, m in data["moves"]],
    )
    state = replay(record)
    outcome = state.outcome()
    assert outcome is not None
    assert {str(k): v for k, v in outcome.scores.items()} == data["expect"]["scores"]
    # without the option a record gets the new default quiet period: replay is the same
    options = {k: v for k, v in data["options"].items() if k != "auction_quiet"}
    again = replay(
        GameRecord(
            record.game, record.engine_version, record.seed, record.seats, options, record.moves
        )
    )
    assert again.outcome() is not None and again.outcome().scores == outcome.scores


def fresh(channel, message):
    return next(m for m in channel.history() if m.id == message.id)


async def test_auction_lots_wait_for_everyone_and_expire_quietly(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=7, options={"timer": 120})
    await simcord_env.advance_time(91)  # 29 s left
    warning = channel.last_message.content
    assert warning.startswith("⏳ **30 seconds left** in Year 1 · Negotiation — it ends <t:")
    await simcord_env.advance_time(30)  # the negotiation is over: the auction board
    board = channel.last_message
    text = board.content
    assert "⏰ Time's up: the year 1 negotiation" in text
    assert "expire" not in text and "y1-negotiation" not in text
    assert "alice paid $30,000 tax" in text  # names, not p1
    assert board.attachments  # the auction's one table, with its image
    assert f"Waiting for <@{alice.id}>, <@{bob.id}>, <@{carol.id}> (bidding on lot 1" in text
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    first_lot = live.state.lots[0]
    # the old 20 s are long gone, and the lot is still open: the quiet period is 60 s
    count = len(channel.history())
    await simcord_env.advance_time(45)
    assert len(channel.history()) == count
    assert live.state.lot_index == 0
    await simcord_env.advance_time(16)
    # one short line: what happened and a ping of everyone who may bid on the next lot
    assert len(channel.history()) == count + 1
    line = channel.last_message
    assert not line.attachments
    assert f"Nobody bid for {first_lot}: it leaves the game." in line.content
    assert "🔔" in line.content and "(bidding on lot 2 of" in line.content  # names the lot
    for m in (alice, bob, carol):
        assert f"<@{m.id}>" in line.content
    assert "expire" not in line.content and "lot1" not in line.content
    # the table was edited to the next lot, not posted again
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.lot_index == 1
    assert fresh(channel, board).content != text
    # a bid restarts the quiet period with a ping of those who may still bid
    r = await alice.slash(channel, "move", notation="bid 5000")
    assert r.ephemeral and "table above is updated" in r.response.content
    assert len(channel.history()) == count + 2
    ping = channel.last_message.content
    assert "alice bids $5,000" in ping and "🔔" in ping
    assert f"<@{bob.id}>" in ping and f"<@{carol.id}>" in ping
    assert f"<@{alice.id}>" not in ping  # she holds the high bid
    only_buttons = [m for m in channel.history() if m.components and m.author.bot]
    assert [m.id for m in only_buttons] == [board.id]


async def test_a_lot_missed_while_the_bot_was_down_gets_a_ping_and_a_grace(
    simcord_env, table, bots
):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=7, options={"timer": 120})
    await simcord_env.advance_time(121)  # the auction begins
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.lot_index == 0
    simcord_env.bot.services.timers.cancel_all()  # the bot is down: nothing fires...
    await simcord_env.advance_time(300)  # ...long past the lot's quiet period
    await simcord_env.restart_bot(bots())
    await simcord_env.settle()
    notice = channel.last_message.content
    assert "I was offline" in notice and "1 minute more" in notice
    for m in (alice, bob, carol):
        assert f"<@{m.id}>" in notice
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.lot_index == 0  # not dropped at start-up
    # a second restart within the grace adds nothing more
    await simcord_env.advance_time(30)
    await simcord_env.restart_bot(bots())
    await simcord_env.settle()
    assert sum("I was offline" in m.content for m in channel.history()) == 1
    await simcord_env.advance_time(31)
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.lot_index == 1
    assert "Nobody bid for" in channel.last_message.content
