"""Undo with consent (issue 12) through SimCord: `/undo` asks the other players with
buttons; agreed, the game is replayed without the undone moves (kept in the log, struck
through); refused, nothing changes; never across a random draw or revealed information; a
new move makes the request stale; spectators are refused; `undo=majority` and `undo=off`."""

from __future__ import annotations

from typing import Any

from bot.manager import public_digest
from tests.bot.replaying import fixture, open_game, play

PHILA = fixture("philadelphia", "ai_2p.json")
TENTH = PHILA["moves"][9][1]  # alice's 10th move, taken back below (move 9 drew at random)


def text_of(r: Any) -> str:
    return r.response.content if r.response and r.response.content else ""


async def open_toy(channel: Any, members: list[Any], options: str = "target=50") -> None:
    host, *others = members
    await host.slash(channel, "game new", game="toy", options=options)
    for m in others:
        await m.slash(channel, "game join")
    await host.slash(channel, "game start")


async def toy_moves(channel: Any, members: list[Any], count: int) -> None:
    for i in range(count):
        r = await members[i % len(members)].slash(channel, "move", notation=f"add {1 + i % 2}")
        assert not r.ephemeral, text_of(r)


def request_message(channel: Any) -> Any:
    return next(m for m in reversed(channel.history()) if "asks to take back" in m.content)


async def test_undo_agreed_replays_without_the_moves_and_keeps_them_in_the_log(
    simcord_env, table, bots
):
    _guild, channel, (alice, bob, *_rest) = table
    await open_game(channel, [alice, bob], "philadelphia", PHILA)
    await play(simcord_env, channel, [alice, bob], PHILA["moves"][:10])
    env = simcord_env
    live = await env.bot.manager.live_in_channel(channel.id)
    assert live.seq == 10 and live.state.undo_barrier() == 9
    r = await alice.slash(channel, "undo")
    assert not r.ephemeral, text_of(r)
    ask = request_message(channel)
    assert "move 10" in ask.content and f"<@{bob.id}>" in ask.content
    assert TENTH in ask.content
    r = await alice.click(ask, label="Agree")  # the asker does not vote
    assert r.ephemeral and "the other players decide" in text_of(r)
    assert (await env.bot.manager.live_in_channel(channel.id)).seq == 10
    await env.bot.services.publisher.drain()
    r = await bob.click(ask, label="Agree")
    await env.bot.services.publisher.drain()
    live = await env.bot.manager.live_in_channel(channel.id)
    assert live.seq == 9
    expected = PHILA["moves"][:9]
    from games.core import GameRecord, replay

    state = replay(
        GameRecord(
            "philadelphia", PHILA["engine_version"], PHILA["seed"], 2, PHILA["options"], expected
        )
    )
    assert live.digest == public_digest(state.view(None))
    board = channel.last_message
    assert "↩️ alice took back move 10 (agreed by bob)" in board.content
    assert board.attachments  # a new board
    assert "Undo agreed" in request_message(channel).content
    # the log keeps the undone move, struck through, after move 9
    r = await bob.slash(channel, "game log", count=20)
    page = (r.followups[-1] if r.followups else r.response).content
    assert f"~~`{TENTH}`~~" in page
    stored = await env.bot.storage.moves(live.id)
    assert len(stored) == 9
    undone = await env.bot.storage.undone_moves(live.id)
    assert [(m.seq, m.notation) for _u, m in undone] == [(9, TENTH)]
    # the game goes on from there, and a restart keeps the undo
    await env.restart_bot(bots())
    live = await env.bot.manager.live_in_channel(channel.id)
    assert live.seq == 9 and live.digest == public_digest(state.view(None))
    await play(simcord_env, channel, [alice, bob], PHILA["moves"][9:12])
    assert (await env.bot.manager.live_in_channel(channel.id)).seq == 12


async def test_undo_refused_across_a_random_draw(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    await open_game(channel, [alice, bob], "philadelphia", PHILA)
    await play(simcord_env, channel, [alice, bob], PHILA["moves"][:11])  # 11th: explore
    r = await alice.slash(channel, "undo")
    assert r.ephemeral
    assert "drew at random or revealed hidden information" in text_of(r)
    assert "move 11" in text_of(r)
    assert not any("asks to take back" in m.content for m in channel.history())
    assert (await simcord_env.bot.manager.live_in_channel(channel.id)).seq == 11


async def test_undo_refused_changes_nothing_and_stale_after_a_move(simcord_env, table):
    _guild, channel, (alice, bob, carol, dave) = table
    await open_toy(channel, [alice, bob])
    await toy_moves(channel, [alice, bob], 3)  # alice, bob, alice
    r = await bob.slash(channel, "undo")
    ask = request_message(channel)
    assert "move 2" in ask.content and "1 move(s) after it" in ask.content
    r = await carol.click(ask, label="Agree")  # not a player
    assert r.ephemeral and "Only the other players" in text_of(r)
    r = await alice.click(ask, label="Refuse")
    assert "Undo refused (alice said no)" in request_message(channel).content
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    assert len(await simcord_env.bot.storage.moves(gid)) == 3
    assert not request_message(channel).components  # closed: no buttons left
    # a new request, then a move: the request is stale
    r = await bob.slash(channel, "undo")
    ask = request_message(channel)
    r = await bob.slash(channel, "undo")
    assert r.ephemeral and "already open" in text_of(r)
    await bob.slash(channel, "move", notation="add 1")
    # nobody clicked the stale request: it does not block a new one
    r = await alice.slash(channel, "undo")
    assert not r.ephemeral, text_of(r)
    assert "move 3" in request_message(channel).content
    r = await alice.click(ask, label="Agree")  # the old one
    assert r.ephemeral and "no longer valid" in text_of(r)
    assert len(await simcord_env.bot.storage.moves(gid)) == 4
    # a spectator may not ask
    r = await dave.slash(channel, "undo")
    assert r.ephemeral and "You're watching this game" in text_of(r)


async def test_majority_and_off(simcord_env, table):
    _guild, channel, (alice, bob, carol, _dave) = table
    await open_toy(channel, [alice, bob, carol], "target=50 undo=majority")
    await toy_moves(channel, [alice, bob, carol], 2)
    await bob.slash(channel, "undo")
    ask = request_message(channel)
    assert "a majority of the players" in ask.content
    await alice.click(ask, label="Refuse")  # bob yes, alice no: carol decides
    assert "Waiting for carol" in request_message(channel).content
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    assert len(await simcord_env.bot.storage.moves(gid)) == 2
    await carol.click(ask, label="Agree")  # bob and carol: 2 of 3
    await simcord_env.bot.services.publisher.drain()
    assert len(await simcord_env.bot.storage.moves(gid)) == 1
    assert "took back move 2 (agreed by carol)" in channel.last_message.content
    # the other way: two of three refuse
    await toy_moves(channel, [bob, carol], 1)  # bob's move 2 again... by bob
    await bob.slash(channel, "undo")
    ask = request_message(channel)
    await carol.click(ask, label="Refuse")
    assert "Waiting for alice" in request_message(channel).content
    await alice.click(ask, label="Refuse")
    assert "Undo refused (alice said no)" in request_message(channel).content
    assert len(await simcord_env.bot.storage.moves(gid)) == 2


async def test_undo_off_refuses(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    await open_toy(channel, [alice, bob], "target=50 undo=off")
    await toy_moves(channel, [alice, bob], 1)
    r = await alice.slash(channel, "undo")
    assert r.ephemeral and "Undo is off in this game" in text_of(r)
    r = await bob.slash(channel, "undo")
    assert r.ephemeral


async def test_bad_undo_word_is_refused_at_game_new(simcord_env, table):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "game new", game="toy", options="undo=sometimes")
    assert r.ephemeral and "is not an undo rule" in text_of(r)
    assert await simcord_env.bot.storage.latest_game_in_channel(channel.id) is None


async def test_a_pending_request_survives_a_restart(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    await open_toy(channel, [alice, bob])
    await toy_moves(channel, [alice, bob], 2)
    await alice.slash(channel, "undo")
    ask = request_message(channel)
    assert "move 1" in ask.content
    await simcord_env.restart_bot(bots())
    r = await bob.click(ask, label="Agree")  # the button still works after the restart
    assert not (r.response and r.ephemeral), text_of(r)
    await simcord_env.bot.services.publisher.drain()
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.seq == 0
    assert "↩️ alice took back moves 1–2 (agreed by bob)" in channel.last_message.content
    r = await alice.slash(channel, "move", notation="add 2")
    assert not r.ephemeral, text_of(r)
    assert live.id and len(await simcord_env.bot.storage.moves(live.id)) == 1


def test_rules_options_page_lists_the_undo_option():
    from bot.rules_help import options_page
    from games.core import get_game

    text = options_page(get_game("toy"))
    assert "`undo`" in text and "`majority`" in text and "Default: **all**" in text
