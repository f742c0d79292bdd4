"""Kenchiku through the bot as players use it (issue #2, part 6): SimCord members create the
table, join and start with buttons, and play whole games with `/move` and its autocomplete.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .replaying import game_over_message

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "kenchiku"


def load_fixture(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


async def open_table(env, channel, members, seed: int):
    host, *others = members
    res = await host.slash(channel, "game new", game="kenchiku", seed=seed)
    assert not res.ephemeral
    lobby = res.response.message
    for m in others:
        r = await m.click(lobby, label="Join")
        assert not r.ephemeral
    r = await host.click(lobby, label="Start")
    start = channel.last_message
    assert "has started" in start.content
    assert start.attachments and start.attachments[0].filename.endswith(".png")
    return lobby


async def play_moves(channel, members, moves):
    for i, (seat, notation) in enumerate(moves):
        member = members[seat]
        choices = await member.autocomplete(channel, "move", "notation", notation)
        values = [c["value"] for c in choices]
        assert notation in values, f"{notation!r} not offered to seat {seat}: {values}"
        others = [m for i, m in enumerate(members) if i != seat]
        waiting = await others[0].autocomplete(channel, "move", "notation", notation)
        assert waiting == choices or (
            len(waiting) == 1 and waiting[0]["name"].startswith("⏳ Waiting for")
        )
        r = await member.slash(channel, "move", notation=notation)
        # every move is posted with its board, also one that keeps the turn (a loan, or an
        # action followed by a repayment offer): the channel follows the game (issue 17)
        assert not r.ephemeral, r.response.content
        assert f"`{notation}`" in r.response.content


@pytest.mark.parametrize("fixture,players", [("v2_2p_ai.json", 2), ("v2_4p_mixed.json", 4)])
async def test_full_game_with_move_and_autocomplete(simcord_env, table, fixture, players):
    _guild, channel, members = table
    data = load_fixture(fixture)
    seated = members[:players]
    await open_table(simcord_env, channel, seated, data["seed"])
    await play_moves(channel, seated, data["moves"])
    final = game_over_message(channel)
    assert "Game over" in final.content
    winners = data["expect"]["winners"]
    for seat, score in data["expect"]["scores"].items():
        line = next(x for x in final.content.splitlines() if f"<@{seated[int(seat)].id}>" in x)
        assert f"**{score}**" in line
        assert ("👑" in line) == (int(seat) in winners)
    r = await seated[0].slash(channel, "game status")
    assert r.ephemeral and "Game over" in r.response.content
    r = await seated[0].slash(channel, "move", notation="rest")
    assert r.ephemeral and "over" in r.response.content


async def test_restart_mid_game_resumes(simcord_env, table, bots):
    _guild, channel, members = table
    data = load_fixture("v2_2p_ai.json")
    seated = members[:2]
    moves = data["moves"]
    await open_table(simcord_env, channel, seated, data["seed"])
    half = len(moves) // 2
    await play_moves(channel, seated, moves[:half])
    board_before = channel.last_message
    await simcord_env.restart_bot(bots())
    # the old board's buttons still answer after the restart (DynamicItem), and know the seq
    seat = moves[half][0]
    r = await seated[seat].click(board_before, label="Play")
    assert r.ephemeral and "Choose" in r.response.content
    await play_moves(channel, seated, moves[half:])
    assert "Game over" in game_over_message(channel).content


async def test_bad_input_gets_clear_errors_and_changes_nothing(simcord_env, table, db_path):
    _guild, channel, members = table
    alice, bob, carol, _dave = members
    res = await alice.slash(channel, "game new", game="kenchiku", seed=48)
    lobby = res.response.message
    r = await bob.slash(channel, "game new", game="kenchiku")
    assert r.ephemeral and "already has a lobby" in r.response.content
    await bob.click(lobby, label="Join")
    r = await bob.slash(channel, "game start")
    assert r.ephemeral and "Only the host" in r.response.content
    r = await carol.slash(channel, "game new", game="kenchiku", options="colour=red")
    assert r.ephemeral and r.response.content == "Kenchiku has no option `colour`."
    await alice.click(lobby, label="Start")
    board = channel.last_message
    before = len(channel.history())
    # wrong player
    r = await bob.slash(channel, "move", notation="buy structure")
    assert r.ephemeral and r.response.content == "Not your turn: it is alice's turn (Round 1)."
    # a spectator
    r = await carol.slash(channel, "move", notation="buy structure")
    assert r.ephemeral and "You're watching this game" in r.response.content
    r = await carol.click(board, label="Play")
    assert r.ephemeral and "You're watching this game" in r.response.content
    # malformed notation
    r = await alice.slash(channel, "move", notation="bulid zz9 gold")
    assert r.ephemeral and "is not a move in Kenchiku" in r.response.content
    # a well-formed but illegal move gets the specific reason
    r = await alice.slash(channel, "move", notation="build a1 money")
    assert r.ephemeral and "land value" in r.response.content.lower()
    assert len(channel.history()) == before
    # a real move, then the old board has no buttons any more (issue 8)
    r = await alice.slash(channel, "move", notation="buy structure")
    assert not r.ephemeral
    assert next(m for m in channel.history() if m.id == board.id).components == []
    # nothing else was recorded
    from bot.storage import Storage

    storage = Storage(db_path)
    await storage.open()
    try:
        game = await storage.active_game_in_channel(channel.id)
        assert [m.notation for m in await storage.moves(game.id)] == ["buy structure"]
    finally:
        await storage.close()


async def test_abandon_needs_host_and_confirmation(simcord_env, table):
    _guild, channel, members = table
    alice, bob, *_ = members
    res = await alice.slash(channel, "game new", game="kenchiku", seed=3)
    await bob.click(res.response.message, label="Join")
    r = await alice.slash(channel, "game start")
    assert not r.ephemeral and "has started" in r.response.content
    lobby = next(m for m in channel.history() if m.id == res.response.message.id)
    assert not lobby.components  # a slash start also closes the lobby's buttons
    r = await bob.slash(channel, "game abandon")
    assert r.ephemeral and "Only the host" in r.response.content
    r = await alice.slash(channel, "game abandon")
    assert r.ephemeral and "cannot be resumed" in r.response.content
    confirm = await alice.click(r.response.message, label="Yes, abandon it")
    assert "Abandoned" in confirm.response.content
    assert "was abandoned" in channel.last_message.content
    r = await alice.slash(channel, "move", notation="buy structure")
    assert r.ephemeral and "no game" in r.response.content.lower()
    r = await bob.slash(channel, "game new", game="kenchiku")
    assert not r.ephemeral  # the channel is free again
    r = await alice.slash(channel, "game list")
    assert "abandoned" in r.response.content and "lobby" in r.response.content


async def test_full_table_and_lobby_rules(simcord_env, table):
    guild, channel, members = table
    alice, bob, carol, dave = members
    erin = guild.add_member(simcord_env.create_user("erin"))
    res = await alice.slash(channel, "game new", game="kenchiku")
    lobby = res.response.message
    r = await alice.click(lobby, label="Join")
    assert r.ephemeral and "already seated" in r.response.content
    for m in (bob, carol, dave):
        await m.click(lobby, label="Join")
    r = await erin.click(lobby, label="Join")
    assert r.ephemeral and "The table is full" in r.response.content
    r = await erin.click(lobby, label="Leave")
    assert r.ephemeral and "not seated" in r.response.content
    await alice.click(lobby, label="Leave")  # the host leaves: bob hosts now
    r = await carol.click(lobby, label="Start")
    assert r.ephemeral and f"<@{bob.id}>" in r.response.content
    r = await bob.click(lobby, label="Start")
    assert "has started" in channel.last_message.content
    assert f"p1 <@{bob.id}>" in channel.last_message.content
    r = await erin.slash(channel, "game join")
    assert r.ephemeral and "already started" in r.response.content


async def test_why_not_explains_refused_moves(simcord_env, table):
    _guild, channel, members = table
    await open_table(simcord_env, channel, members[:2], seed=5)
    r = await members[0].click(channel.last_message, label="Play")
    panel = r.response.message
    r = await members[0].click(panel, label="Why not …?")
    text = r.response.content if r.response else ""
    assert "Not possible now" in text
    assert "You have no loan to repay." in text
    r = await members[0].click(panel, label="Back")
    assert "Choose" in r.response.content
