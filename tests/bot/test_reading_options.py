"""Issue 19's reading options through the bot, as a new user sets them: a bad value is refused
privately with the option's sentence and creates nothing; a good one opens the lobby, and the
game's rules follow it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("game", "options", "sentence"),
    [
        (
            "carnegie",
            "connections=alone",
            "Option `connections` must be one of seed, points; got `alone`.",
        ),
        (
            "food_chain_magnate",
            "negative_price=never",
            "Option `negative_price` must be one of bankrupt, forgive; got `never`.",
        ),
        (
            "kenchiku",
            "bare_rest=sometimes",
            "Option `bare_rest` must be one of last_resort, allowed; got `sometimes`.",
        ),
    ],
)
async def test_a_bad_reading_value_is_refused_and_creates_nothing(
    simcord_env, table, game, options, sentence
):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "game new", game=game, options=options)
    assert r.ephemeral and sentence in r.response.content, r.response.content
    assert await simcord_env.bot.storage.latest_game_in_channel(channel.id) is None


async def test_a_reading_chosen_in_the_lobby_is_the_games_rule(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(
        channel, "game new", game="carnegie", options="connections=points reserve=none"
    )
    assert not r.ephemeral, r.response.content
    r = await bob.slash(channel, "game join")
    assert not r.ephemeral, r.response.content
    r = await alice.slash(channel, "game start")
    assert not r.ephemeral, r.response.content
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    state = live.state
    assert state.rule("connections") == "points" and state.rule("reserve") == "none"
    assert state.rule("values") == "seed"  # a default nobody typed: the current version's
    assert not any(m.notation.startswith("reserve") for s in (0, 1) for m in state.legal_moves(s))
