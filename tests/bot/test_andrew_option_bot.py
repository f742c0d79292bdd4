"""Carnegie's ``andrew_donation`` reading through the bot, as a new user sets it: a bad value
is refused with the option's sentence; ``slide`` set at ``/game new`` is the rule of the whole
solo game (over a restart), and each donation Andrew cannot make slides his card one space."""

from __future__ import annotations

from typing import Any

from games.carnegie import SPEC
from games.core.text import key_of

from .replaying import fixture, open_game, play

GAME = "carnegie"


async def test_a_bad_value_is_refused_and_creates_nothing(simcord_env, table):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "game new", game=GAME, options="andrew_donation=always")
    sentence = "Option `andrew_donation` must be one of none, slide; got `always`."
    assert r.ephemeral and sentence in r.response.content, r.response.content
    assert await simcord_env.bot.storage.latest_game_in_channel(channel.id) is None


def _engine_result(data: dict[str, Any], option: str) -> tuple[int, int]:
    """(Andrew's card VP, donations he could not make) replaying the record with ``option``."""
    state = SPEC.create({**data["options"], "andrew_donation": option}, 1, data["seed"])
    failed = 0
    for seat, notation in data["moves"]:
        events = state.apply(seat, state.parse_move(seat, notation))
        failed += sum(1 for e in events if key_of(e).startswith("carnegie.andrew.no_donation"))
    out = state.outcome()
    assert out is not None
    return out.details[0]["andrew_cards"], failed


async def test_slide_set_at_new_is_the_solo_games_rule(simcord_env, table, bots):
    _guild, channel, (alice, *_rest) = table
    data = fixture(GAME, "solo_base_d1.json")
    data = {**data, "options": {**data["options"], "andrew_donation": "slide"}}
    await open_game(channel, [alice], GAME, data)
    moves = data["moves"]
    await play(simcord_env, channel, [alice], moves[: len(moves) // 2])
    await simcord_env.restart_bot(bots())
    await play(simcord_env, channel, [alice], moves[len(moves) // 2 :])
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.rule("andrew_donation") == "slide" and live.state.is_over()
    out = live.state.outcome()
    seed_cards, failed = _engine_result(data, "none")
    slide_cards, _ = _engine_result(data, "slide")
    assert failed > 0 and slide_cards > seed_cards
    assert out.details[0]["andrew_cards"] == slide_cards
    said = " ".join(m.content for m in channel.history())
    assert "his card slides one space" in said
