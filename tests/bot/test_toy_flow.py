"""Bot plumbing with a tiny test game: lobby, /move, panel, stale buttons, restart, timers."""

from __future__ import annotations


async def test_lobby_and_moves(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    res = await alice.slash(channel, "game new", game="toy")
    assert not res.ephemeral
    lobby = res.response.message
    r = await bob.click(lobby, label="Join")
    r = await bob.click(lobby, label="Start")
    assert r.ephemeral
    assert r.response.content == f"Only the host, <@{alice.id}>, can start the game."
    assert not r.followups
    r = await alice.click(lobby, label="Start")
    assert "has started" in channel.last_message.content
    choices = await alice.autocomplete(channel, "move", "notation", "ad")
    assert [c["value"] for c in choices] == ["add 1", "add 2"]
    waiting = await bob.autocomplete(channel, "move", "notation", "")
    assert [c["name"] for c in waiting] == ["⏳ Waiting for alice — Move 1"]
    r = await bob.slash(channel, "move", notation="add 1")
    assert r.ephemeral and r.response.content == "Not your turn: it is alice's turn (Move 1)."
    r = await alice.slash(channel, "move", notation="add 2")
    assert not r.ephemeral
    board = channel.last_message
    assert "Bob" in board.content or str(bob.id) in board.content
    r = await bob.click(board, label="Play")
    assert r.ephemeral
    panel = r.response.message
    r = await bob.click(panel, label="add 2")
    assert "Played" in r.response.content
    # the old board lost its buttons when the newer one was posted (issue 8)
    old = next(m for m in channel.history() if m.id == board.id)
    assert old.components == []
    await simcord_env.restart_bot(bots())
    r = await alice.slash(channel, "move", notation="add 2")
    assert not r.ephemeral
    assert "**alice**: `add 2` — total 4" in channel.last_message.content
