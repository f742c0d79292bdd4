"""AI levels where a seat changes hands (issue 21): ``/seat replace`` seats the AI at a
chosen ``level:`` (the game's level without one) and refuses a level for a member;
``/game status`` names each AI seat's level, in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.settings import Settings
from games.core import Rng

from .conftest import FAST
from .test_ai_levels_bot import asked  # noqa: F401 (a fixture: the levels the bot asks for)


def said(r: Any) -> str:
    return "\n".join([r.response.content if r.response else ""] + [f.content for f in r.followups])


@pytest.fixture
def simcord_bot(bots):
    # AI seats wait 100 virtual seconds before moving: the seats can be checked first
    return bots(settings=Settings(**{**FAST.__dict__, "ai_pause": 100.0}))


async def test_seat_replace_at_a_level_and_status_names_levels(simcord_env, table, asked):
    env = simcord_env
    _guild, channel, (alice, bob, carol, dave) = table
    await alice.slash(channel, "game new", game="kenchiku", seed=3, options="ai=hard")
    await bob.slash(channel, "game join")
    await carol.slash(channel, "game join")
    await alice.slash(channel, "game start")
    r = await alice.slash(channel, "game status")
    assert "AI levels" not in said(r)  # no AI seat: no line
    # a level for a member is refused, and nothing changes
    r = await alice.slash(channel, "seat replace", seat=2, member=dave, level="easy")
    assert r.ephemeral and "`level` is for the AI" in said(r)
    row = await env.bot.storage.active_game_in_channel(channel.id)
    assert [s.kind for s in row.seats] == ["human", "human", "human"]
    r = await alice.slash(channel, "seat replace", seat=2, level="easy")
    assert r.ephemeral and "Seat 2 is played by the AI now" in said(r)
    assert "plays seat 2 (**bob**) now, at level easy" in channel.last_message.content
    r = await alice.slash(channel, "seat replace", seat=3)  # no level: the game's
    assert "plays seat 3 (**carol**) now, at level hard" in channel.last_message.content
    row = await env.bot.storage.active_game_in_channel(channel.id)
    assert [(s.kind, s.ai_level) for s in row.seats] == [
        ("human", None),
        ("ai", "easy"),
        ("ai", None),
    ]
    r = await bob.slash(channel, "game status")
    assert "🤖 AI levels: **bob (AI)** `easy` · **carol (AI)** `hard`" in said(r), said(r)
    await bob.slash(channel, "settings me", language="ja")
    r = await bob.slash(channel, "game status")
    assert "🤖 AIのレベル：**bob（AI）** `easy` · **carol（AI）** `hard`" in said(r), said(r)
    # the AI plays each seat at its level
    live = await env.bot.manager.live_in_channel(channel.id)
    move = live.spec.ai.choose(live.state, 0, Rng(1))
    await alice.slash(channel, "move", notation=move.notation)
    for _ in range(4):
        await env.advance_time(101)
    await env.bot.services.autoplay.settle()
    assert {level for seat, level in asked if seat == 1} == {"easy"}
    assert {level for seat, level in asked if seat == 2} == {"hard"}


async def test_ai_level_words_in_japanese(simcord_env, table):
    """The refusal of a value that is no level and the ``/rules`` line about levels are
    keyed sentences: a Japanese member reads them in Japanese, the English is unchanged."""
    from bot.rules_help import rules_book

    _guild, channel, (alice, bob, *_rest) = table
    await alice.slash(channel, "settings me", language="ja")
    r = await alice.slash(channel, "game new", game="kenchiku", options="ai=super")
    assert r.ephemeral and said(r).startswith("`ai=super` はAIのレベルではありません"), said(r)
    r = await bob.slash(channel, "game new", game="kenchiku", options="ai=super")
    assert said(r).startswith("`ai=super` is not an AI level: use `ai=easy` (quick, the plain")
    assert await simcord_env.bot.storage.active_game_in_channel(channel.id) is None
    pages = "\n".join(
        next(t for t in rules_book("kenchiku", "ja").topics if t.key == "options").pages
    )
    assert "• `ai` — AIの席の強さ" in pages and "`/席 ai追加 レベル:`" in pages
