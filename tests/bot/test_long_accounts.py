"""A move whose account is longer than one Discord message (a Food Chain Magnate Dinnertime
with every house) is posted whole, right after the board, and the board message keeps its ping."""

from __future__ import annotations

import bot.messages as msg


def test_chunks_keep_every_sentence_within_the_limit() -> None:
    text = "\n".join(
        [f"House {i} wants 2 burgers: eats at alice's #1 ($10 + 3 = 13)." for i in range(60)]
    )
    text += "\n" + "; ".join(f"part {i} of one very long line" for i in range(200))
    parts = msg.chunks(text, 500)
    assert all(0 < len(p) <= 500 for p in parts)
    assert "".join(parts).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(
        " ", ""
    )


async def test_a_long_account_gets_its_own_messages(simcord_env, table, monkeypatch):
    _guild, channel, (alice, bob, *_rest) = table
    res = await alice.slash(channel, "game new", game="toy")
    await bob.click(res.response.message, label="Join")
    await alice.click(res.response.message, label="Start")
    long = [f"House {i} wants 2 burgers: eats at bob's #1 ($10 + 3 = 13)." for i in range(80)]
    real = msg.sentences
    monkeypatch.setattr(msg, "sentences", lambda events, *lang: real([*events, *long], *lang))
    before = len(channel.history())
    r = await alice.slash(channel, "move", notation="add 1")
    assert not r.ephemeral
    new = channel.history()[before:]
    accounts = [m for m in new if "House 0 wants" in m.content or "House 79 wants" in m.content]
    assert len(accounts) >= 2 and all(len(m.content) <= 2000 for m in new)
    assert all(f"House {i} wants" in "\n".join(m.content for m in new) for i in range(80))
    board = next(m for m in new if m.attachments or "What happened" in m.content)
    assert new.index(board) < new.index(accounts[0]), "the account follows its board"
    assert "What happened follows below" in board.content
    assert f"<@{bob.id}>" in board.content  # the ping survived
    assert not board.content.endswith("…")
