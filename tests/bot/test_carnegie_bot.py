"""Carnegie through the bot (issue 10, "Tests"): whole 2-player and solo games by ``/move``,
each with a restart of the bot mid-game, ending with the recorded scores."""

from __future__ import annotations

import pytest

from .replaying import fixture, game_over_message, moves_recorded, open_game, play

GAME = "carnegie"


@pytest.mark.parametrize(
    "name, players", [("2p_base.json", 2), ("solo_base_d2.json", 1)], ids=["2p", "solo"]
)
async def test_whole_game_with_a_restart(simcord_env, table, bots, name, players):
    _guild, channel, members = table
    data = fixture(GAME, name)
    seated = members[:players]
    await open_game(channel, seated, GAME, data)
    moves = data["moves"]
    half = len(moves) // 2
    await play(simcord_env, channel, seated, moves[:half])
    await simcord_env.restart_bot(bots())
    await play(simcord_env, channel, seated, moves[half:])
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.is_over()
    out = live.state.outcome()
    assert {str(k): v for k, v in out.scores.items()} == data["expect"]["scores"]
    final = game_over_message(channel).content
    assert "Game over" in final


async def test_bad_input_is_refused_and_changes_nothing(simcord_env, table):
    _guild, channel, members = table
    data = fixture(GAME, "2p_base.json")
    seated = members[:2]
    await open_game(channel, seated, GAME, data)
    await play(simcord_env, channel, seated, data["moves"][:40])
    seat = data["moves"][40][0]
    before = await moves_recorded(simcord_env, channel.id)
    cases = {
        "build housing atlantis": "write `build <tab> <city>",
        "use sales 3": "You have no department `sales`",
        "fly to the moon": "moves start with",
    }
    for notation, phrase in cases.items():
        r = await seated[seat].slash(channel, "move", notation=notation)
        assert r.ephemeral and phrase in r.response.content, (notation, r.response.content)
    r = await seated[1 - seat].slash(channel, "move", notation=data["moves"][40][1])
    assert r.ephemeral and "Not your turn" in r.response.content, r.response.content
    assert await moves_recorded(simcord_env, channel.id) == before
    await play(simcord_env, channel, seated, data["moves"][40:41])  # the real move still works
