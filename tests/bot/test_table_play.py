"""Issue 8, the table: the Play button through private moves, "Waiting for" only those not
done, and only the newest board carrying buttons (also across a restart and a deleted
message). Driven through SimCord as members would."""

from __future__ import annotations

from tests.bot.test_kenchiku_bot import open_table
from tests.bot.test_moc_bot import open_moc


def fresh(channel, message):
    """``message`` as the channel shows it now (after edits)."""
    return next(m for m in channel.history() if m.id == message.id)


def labels(message) -> list[str]:
    return [c.label for row in message.components for c in row.children if hasattr(c, "label")]


async def landlord_deeds(env, channel, landlord: int) -> list[str]:
    live = await env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    district = view.districts[[d.landlord for d in view.districts].index(landlord)]
    return [d.id for d in district.deeds]


async def test_play_button_stays_valid_through_private_offers(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 600})
    board = channel.last_message
    deeds = await landlord_deeds(simcord_env, channel, 1)
    # bob opens his panel before anyone moves
    r = await bob.click(board, label="Play")
    assert r.ephemeral and "Choose" in r.response.content, r.response.content
    bobs_panel = r.response.message
    # two private offers: nothing public changes
    count = len(channel.history())
    r = await alice.slash(channel, "move", notation=f"offer {deeds[0]} 15000")
    assert r.ephemeral and "privately" in r.response.content
    notice = bob.user.dm_channel.history()[-1].content.split("\n-#")[0]
    assert "alice" in notice and "p1" not in notice, notice  # names in private notices too
    r = await carol.slash(channel, "move", notation=f"offer {deeds[1]} 12000")
    assert r.ephemeral
    assert len(channel.history()) == count
    # the table's Play button still opens a panel (it used to say "out of date")
    r = await carol.click(board, label="Play")
    assert r.ephemeral and "out of date" not in r.response.content
    assert "Choose your move" in r.response.content
    # bob's panel (opened before the offers) now lacks the accept buttons: out of date,
    # because his own choices changed; a fresh one offers both accepts
    r = await bob.click(bobs_panel, label="Done negotiating")
    assert r.ephemeral and "out of date" in r.response.content
    r = await bob.click(board, label="Play")
    panel_labels = [
        o.label
        for row in r.response.message.components
        for c in row.children
        for o in getattr(c, "options", [])
    ] + labels(r.response.message)
    # each accept shows the rent it brings
    assert f"Accept alice's offer on {deeds[0]} · $15,000 rent" in panel_labels, panel_labels
    assert f"Accept carol's offer on {deeds[1]} · $12,000 rent" in panel_labels
    # carol's open panel survives another player's private offer (her choices are the same)
    r = await carol.click(board, label="Play")
    carols_panel = r.response.message
    r = await alice.slash(channel, "move", notation=f"offer {deeds[2]} 11000")
    assert r.ephemeral
    r = await carol.click(carols_panel, label="Done negotiating")
    assert "out of date" not in r.response.content
    game_id = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    last = (await simcord_env.bot.storage.moves(game_id))[-1]
    assert (last.notation, last.seat) == ("done", 2)


async def test_waiting_for_leaves_out_players_who_are_done(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 600})
    start = channel.last_message
    assert f"Waiting for <@{alice.id}>, <@{bob.id}>, <@{carol.id}>" in start.content
    await alice.slash(channel, "move", notation="done")
    table_text = fresh(channel, start).content  # the negotiation table is edited in place
    waiting = next(line for line in table_text.splitlines() if "Waiting for" in line)
    assert f"<@{alice.id}>" not in waiting
    assert f"<@{bob.id}>" in waiting and f"<@{carol.id}>" in waiting
    await bob.slash(channel, "move", notation="done")
    text = fresh(channel, start).content
    assert f"<@{carol.id}>, it's your turn" in text
    assert "Waiting for" not in text
    # alice may still undo her done: she is still able to act, and waited for again
    r = await alice.slash(channel, "move", notation="undo done")
    assert not r.ephemeral or "✅" in r.response.content
    text = fresh(channel, start).content
    waiting = next(line for line in text.splitlines() if "Waiting for" in line)
    assert f"<@{alice.id}>" in waiting and f"<@{bob.id}>" not in waiting


async def test_only_the_newest_board_has_buttons_across_restart_and_deletion(
    simcord_env, table, bots
):
    _guild, channel, members = table
    alice, bob, _carol, _ = members
    await open_table(simcord_env, channel, [alice, bob], seed=48)
    first = channel.last_message
    assert "Play" in labels(first)
    await alice.slash(channel, "move", notation="buy structure")
    second = channel.last_message
    assert second.id != first.id and "Play" in labels(second)
    assert fresh(channel, first).components == []
    # after a restart the stored id still finds the previous board
    await simcord_env.restart_bot(bots())
    await bob.slash(channel, "move", notation="buy structure")
    third = channel.last_message
    assert fresh(channel, second).components == []
    assert "Play" in labels(third)
    r = await alice.click(third, label="Play")
    assert r.ephemeral and "Choose" in r.response.content
    # someone deleted the newest board: the next board is posted all the same
    await simcord_env.bot.get_channel(channel.id).get_partial_message(third.id).delete()
    await simcord_env.settle()
    r = await alice.slash(channel, "move", notation="buy design")
    assert not r.ephemeral
    fourth = channel.last_message
    assert fourth.id != third.id and "Play" in labels(fourth)
    boards_with_buttons = [m for m in channel.history() if "Play" in labels(m)]
    assert [m.id for m in boards_with_buttons] == [fourth.id]
