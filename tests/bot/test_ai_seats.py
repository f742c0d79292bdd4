"""AI seats (issue 12, "AI seats"): the lobby's Add AI, the AI playing 4-player games of every
game to the end through the bot, handing a seat to the AI and taking it back, replacing a
vanished player, and a restart in the middle of AI play."""

from __future__ import annotations

from typing import Any

import pytest

from bot.settings import Settings
from games.core import Rng

from .conftest import FAST
from .replaying import moves_recorded
from .together import seat_turns


@pytest.fixture
def simcord_bot(bots):
    """Small boards: these tests post hundreds of them and never look at the pictures."""
    return bots(settings=Settings(**{**FAST.__dict__, "board_scale": 0.25}))


def said(r: Any) -> str:
    """Everything the bot answered to one interaction (response and follow-ups)."""
    return "\n".join([r.response.content if r.response else ""] + [f.content for f in r.followups])


async def live_of(env: Any, channel: Any) -> Any:
    return await env.bot.manager.live_in_channel(channel.id)


async def ai_table(
    channel: Any,
    host: Any,
    game: str,
    seed: int,
    *,
    options: str = "",
    ais: int = 3,
    add_ai: str = "Add AI",
) -> Any:
    """``/game new``, ``ais`` clicks on **Add AI** (``add_ai``: the button's label in the
    server's language) by the host, ``/game start``."""
    r = await host.slash(channel, "game new", game=game, seed=seed, options=options)
    assert not r.ephemeral, r.response.content
    lobby = r.response.message
    for _ in range(ais):
        r = await host.click(lobby, label=add_ai)
        assert not r.ephemeral, r.response.content
    r = await host.slash(channel, "game start")
    assert not r.ephemeral, r.response.content
    return lobby


async def human_turns(env: Any, channel: Any, member: Any, seat: int, count: int) -> int:
    """``member`` plays ``seat``'s turns by ``/move``, each chosen by the game's AI policy, for
    ``count`` tries (``seat_turns``: a deadline waited out is a try). Returns the moves made."""
    made = 0
    async for _live, move in seat_turns(env, channel, seat, tries=count, seed=1000):
        before = await moves_recorded(env, channel.id)
        await env.advance_time(0.01)
        r = await member.slash(channel, "move", notation=move.notation)
        text = (r.response.content if r.response else "") + " ".join(f.content for f in r.followups)
        assert await moves_recorded(env, channel.id) > before, (move.notation, text)
        made += 1
    return made


async def finish(env: Any, channel: Any) -> Any:
    """Let the AI seats play; advance the virtual clock over any deadline the game waits on."""
    for _ in range(500):
        await env.bot.services.autoplay.settle()
        live = await live_of(env, channel)
        if live.state.is_over():
            return live
        dl = live.deadline()
        assert dl is not None, f"stuck waiting for {sorted(live.state.waiting_for())}"
        await env.advance_time(dl.seconds + 1)
    raise AssertionError("the game did not end")


async def test_lobby_add_ai_button_and_limits(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(channel, "game new", game="kenchiku", seed=5)
    lobby = r.response.message
    r = await bob.click(lobby, label="Add AI")
    assert r.ephemeral
    assert r.response.content == f"Only the host, <@{alice.id}>, can add AI players."
    for _n in (1, 2):
        r = await alice.click(lobby, label="Add AI")
        assert not r.ephemeral
    shown = next(m for m in channel.history() if m.id == lobby.id)  # the clicks updated it
    assert (
        "1. alice (host)\n2. AI 1 (bot) · level normal\n3. AI 2 (bot) · level normal"
        in shown.embeds[0].fields[0].value
    )
    r = await alice.slash(channel, "seat add_ai")
    assert not r.ephemeral and "AI 3 (bot) joined" in r.response.content
    assert "4. AI 3 (bot) · level normal" in r.response.message.embeds[0].fields[0].value
    r = await alice.click(lobby, label="Add AI")
    assert r.ephemeral and "The table is full" in r.response.content
    r = await bob.slash(channel, "game join")
    assert r.ephemeral and "The table is full" in r.response.content
    row = await simcord_env.bot.storage.active_game_in_channel(channel.id)
    assert [(s.kind, s.display_name, s.user_id) for s in row.seats] == [
        ("human", "alice", alice.id),
        ("ai", "AI 1 (bot)", None),
        ("ai", "AI 2 (bot)", None),
        ("ai", "AI 3 (bot)", None),
    ]
    # A game without an AI policy has no Add AI button and refuses the command.
    r = await alice.slash(channel, "game leave")  # only AI seats would be left: closed
    assert "closed" in r.response.content
    r = await alice.slash(channel, "game new", game="toy")
    labels = [c.label for row in r.response.message.components for c in row.children]
    assert "Add AI" not in labels
    r = await alice.slash(channel, "seat add_ai")
    assert r.ephemeral and "has no AI player" in r.response.content


GAMES = [
    # (game, seed, options, moves alice plays herself before handing her seat to the AI)
    ("kenchiku", 1, "", 4),
    ("philadelphia", 3, "", 4),
    ("masters_of_commerce", 1, "timer=600 auction_quiet=600", 4),
    ("carnegie", 1, "", 6),
    ("food_chain_magnate", 2, "", 6),
]


@pytest.mark.parametrize(("game", "seed", "options", "own"), GAMES, ids=[g[0] for g in GAMES])
async def test_ai_filled_4p_game_to_the_end(simcord_env, table, game, seed, options, own):
    """One human and three AI seats; the human plays a few moves (chosen by the AI policy,
    through ``/move``), hands the seat to the AI, and the AI plays the game to its end."""
    _guild, channel, (alice, *_rest) = table
    await ai_table(channel, alice, game, seed, options=options)
    live = await live_of(simcord_env, channel)
    assert live.row.status == "running"
    # The AI seats moved by themselves until the game waits on alice (or a timer).
    assert 0 in live.state.waiting_for() or live.deadline() is not None
    dl = live.deadline()
    if dl is not None:  # alice is away at first: the timed phase runs out on the virtual clock
        await simcord_env.advance_time(dl.seconds + 1)
    made = await human_turns(simcord_env, channel, alice, 0, own)
    r = await alice.slash(channel, "seat ai")
    assert r.ephemeral and "The AI plays your seat now" in said(r)
    assert any("🤖 The AI plays seat 1 (**alice**) now" in m.content for m in channel.history())
    live = await finish(simcord_env, channel)
    assert live.row.status == "finished" and live.state.outcome() is not None
    env = simcord_env
    moves = await env.bot.storage.moves(live.id)
    by_user = [m for m in moves if m.actor == "user"]
    assert len(by_user) == made and all(m.user_id == alice.id for m in by_user)
    ai = [m for m in moves if m.actor == "ai"]
    assert ai and {m.seat for m in ai} == {0, 1, 2, 3}
    assert all(m.user_id is None for m in ai)
    if game == "masters_of_commerce":  # alice let a timed phase run out
        assert any(m.actor == "timer" for m in moves)
    # Every AI move's turn was told in public like a person's: the board's last message
    # names an AI seat, and the final scores were posted.
    public = "\n".join(m.content for m in channel.history())
    assert "**AI 1 (bot)**" in public and "alice (AI)" in public
    # The stored game replays to the same public position (AI moves are ordinary moves).
    env.bot.manager.forget(live.id)
    again = await env.bot.manager.load(live.id)
    assert again.digest == live.digest and again.state.is_over()


async def test_hand_to_ai_and_take_back(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(channel, "game new", game="kenchiku", seed=7)
    r = await bob.slash(channel, "game join")
    r = await alice.slash(channel, "seat add_ai")
    r = await alice.slash(channel, "game start")
    env = simcord_env
    service = env.bot.services.autoplay
    seats = env.bot.services.seats
    r = await alice.slash(channel, "seat takeback")
    assert r.ephemeral and "The AI is not playing a seat for you" in said(r)
    before = await moves_recorded(env, channel.id)
    r = await bob.slash(channel, "seat ai")  # bob (seat 2) hands over
    await service.settle()
    live = await live_of(env, channel)
    assert live.row.seats[1].kind == "ai" and live.row.seats[1].owner_id == bob.id
    assert live.row.seats[1].display_name == "bob (AI)"
    # Now only alice's moves stop the AI: bob's seat never waits.
    assert live.state.is_over() or live.state.waiting_for() == {0}
    r = await bob.slash(channel, "move", notation="pass")
    assert r.ephemeral and "take it back with `/seat takeback`" in r.response.content
    # A second hand-over is refused and changes nothing.
    with pytest.raises(Exception, match="already played by the AI"):
        await seats.hand_to_ai(live.id, 1, "again")
    # alice plays until bob's seat has moved by the AI at least once, then bob takes it back.
    await human_turns(env, channel, alice, 0, 6)
    moves = await env.bot.storage.moves(live.id)
    assert any(m.seat == 1 and m.actor == "ai" for m in moves[before:])
    r = await bob.slash(channel, "seat takeback")
    assert r.ephemeral and "Seat 2 is yours again" in said(r)
    assert any("takes seat 2 back from the AI" in m.content for m in channel.history())
    live = await live_of(env, channel)
    assert (live.row.seats[1].kind, live.row.seats[1].user_id) == ("human", bob.id)
    assert live.row.seats[1].display_name == "bob"
    # bob's turn comes round again and waits for him (the AI no longer plays it).
    await human_turns(env, channel, alice, 0, 1)
    await service.settle()
    live = await live_of(env, channel)
    assert live.state.is_over() or 1 in live.state.waiting_for()


async def test_replace_vanished_player(simcord_env, table):
    _guild, channel, (alice, bob, carol, dave) = table
    r = await alice.slash(channel, "game new", game="philadelphia", seed=3)
    await bob.slash(channel, "game join")
    await carol.slash(channel, "game join")
    await alice.slash(channel, "game start")
    env = simcord_env
    # Not the host and without Manage Server: refused, nothing changes.
    r = await carol.slash(channel, "seat replace", seat=2)
    assert r.ephemeral
    assert "Only the host, a game master or a member with Manage Server" in r.response.content
    r = await alice.slash(channel, "seat replace", seat=9)
    assert r.ephemeral and "There is no seat 9" in r.response.content
    r = await alice.slash(channel, "seat replace", seat=2, member=carol)
    assert r.ephemeral and "already plays seat 3" in said(r)
    # bob vanished: the host gives his seat to dave, later seat 3 to the AI.
    r = await alice.slash(channel, "seat replace", seat=2, member=dave)
    assert "Seat 2 is played by" in said(r)
    live = await live_of(env, channel)
    assert (live.row.seats[1].user_id, live.row.seats[1].display_name) == (dave.id, "dave")
    r = await bob.slash(channel, "move", notation="pass")
    assert r.ephemeral and "You're watching this game" in r.response.content
    r = await alice.slash(channel, "seat replace", seat=3)
    assert "Seat 3 is played by the AI" in said(r)
    await env.bot.services.autoplay.settle()
    live = await live_of(env, channel)
    assert live.row.seats[2].kind == "ai" and live.row.seats[2].owner_id == carol.id
    # carol may come back: her seat returns to her.
    r = await carol.slash(channel, "seat takeback")
    assert "Seat 3 is yours again" in said(r)
    # dave plays bob's seat from now on.
    for _ in range(30):
        live = await live_of(env, channel)
        if live.state.is_over() or 1 in live.state.waiting_for():
            break
        seat = min(live.state.waiting_for())
        member = {0: alice, 2: carol}[seat]
        move = live.spec.ai.choose(live.state, seat, Rng(seat))
        await env.advance_time(0.01)
        await member.slash(channel, "move", notation=move.notation)
    live = await live_of(env, channel)
    if not live.state.is_over():
        move = live.spec.ai.choose(live.state, 1, Rng(1))
        before = await moves_recorded(env, channel.id)
        await env.advance_time(0.01)
        r = await dave.slash(channel, "move", notation=move.notation)
        assert await moves_recorded(env, channel.id) == before + 1, r.response.content
        moves = await env.bot.storage.moves(live.id)
        assert moves[-1].user_id == dave.id and moves[-1].seat == 1


async def test_restart_in_the_middle_of_ai_play(simcord_env, table, bots):
    """With a visible pause, the bot stops while the AI seats are playing; a new bot on the
    same database continues from the stored moves and finishes the game."""
    _guild, channel, (alice, *_rest) = table
    env = simcord_env
    pause = 100.0  # virtual seconds (the AI's pause runs on SimCord's clock)
    slow = Settings(**{**FAST.__dict__, "ai_pause": pause})
    await env.restart_bot(bots(settings=slow))
    await ai_table(channel, alice, "kenchiku", 2)
    r = await alice.slash(channel, "seat ai")
    assert r.ephemeral
    assert await moves_recorded(env, channel.id) == 0  # each AI move waits for its pause
    await env.advance_time((pause + 1) * 6)
    played = await moves_recorded(env, channel.id)
    assert 4 <= played <= 7, played
    # The process dies: the old bot's driver is stopped, nothing of it runs on.
    old = env.bot
    old.services.autoplay.cancel_all()
    old.services.timers.cancel_all()
    await env.restart_bot(bots(settings=slow))
    assert await moves_recorded(env, channel.id) == played
    await env.advance_time(pause + 1)
    assert await moves_recorded(env, channel.id) == played + 1  # the new bot went on
    for _ in range(200):
        live = await live_of(env, channel)
        if live.state.is_over():
            break
        await env.advance_time(pause + 1)
    live = await live_of(env, channel)
    assert live.state.is_over() and live.row.status == "finished"
    moves = await env.bot.storage.moves(live.id)
    assert len(moves) > played and all(m.actor == "ai" for m in moves)
