"""AI levels through the bot (issue 21): ``ai=`` at ``/game new``, ``Add AI`` and
``/seat add_ai level:``, ``/seat ai level:``; each AI seat's level is stored, shown on the
lobby and in ``/rules``, used for its decisions, and kept over a restart; a value that is no
level is refused and changes nothing; decisions run in a worker process.

The registry's levels all play ``easy`` here (tests/bot/conftest.py): these tests record the
level the bot asks for (``bot.services.autoplay.think``), not how well it plays.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules_help import rules_book
from bot.services import autoplay as autoplay_module
from bot.settings import Settings
from games.core import Rng

from .conftest import FAST
from .replaying import moves_recorded


def said(r: Any) -> str:
    return "\n".join([r.response.content if r.response else ""] + [f.content for f in r.followups])


@pytest.fixture
def asked(monkeypatch) -> list[tuple[int, str]]:
    """``(seat, level)`` of every decision the bot asked for (in its threads)."""
    calls: list[tuple[int, str]] = []
    real = autoplay_module.think

    def spy(game_key: str, level: str, position: Any, seat: int, seed: int, seconds: float):
        calls.append((seat, level))
        return real(game_key, level, position, seat, seed, seconds)

    monkeypatch.setattr(autoplay_module, "think", spy)
    return calls


def seat_lines(message: Any) -> str:
    return message.embeds[0].fields[0].value


async def test_game_level_add_ai_at_a_level_shown_and_played(simcord_env, table, asked):
    _guild, channel, (alice, *_rest) = table
    env = simcord_env
    r = await alice.slash(channel, "game new", game="kenchiku", seed=4, options="ai=Hard")
    assert not r.ephemeral, said(r)
    lobby = r.response.message
    assert "`ai=hard`" in lobby.embeds[0].fields[1].value  # the game's level, with its options
    r = await alice.click(lobby, label="Add AI")  # the button: the game's level
    assert not r.ephemeral and "2. AI 1 (bot) · level hard" in seat_lines(r.response.message)
    r = await alice.slash(channel, "seat add_ai", level="easy")
    assert not r.ephemeral and "AI 2 (bot) joined, at level easy" in said(r)
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "2. AI 1 (bot) · level hard\n3. AI 2 (bot) · level easy" in seat_lines(shown)
    row = await env.bot.storage.active_game_in_channel(channel.id)
    assert row.ai_level == "hard"
    assert [(s.kind, s.ai_level) for s in row.seats] == [
        ("human", None),
        ("ai", None),
        ("ai", "easy"),
    ]
    await alice.slash(channel, "game start")
    live = await env.bot.manager.live_in_channel(channel.id)
    assert live.state.waiting_for() == {0}
    move = live.spec.ai.choose(live.state, 0, Rng(1))
    await alice.slash(channel, "move", notation=move.notation)
    await env.bot.services.autoplay.settle()
    assert await moves_recorded(env, channel.id) >= 3
    assert {level for seat, level in asked if seat == 1} == {"hard"}
    assert {level for seat, level in asked if seat == 2} == {"easy"}
    # /rules names the option on every game's options page
    for key in ("kenchiku", "carnegie", "toy"):
        pages = "\n".join(next(t for t in rules_book(key).topics if t.key == "options").pages)
        assert "`ai` — how well AI seats play: `easy`" in pages and "**normal**" in pages


async def test_default_level_is_normal_and_carnegie_keeps_andrews_difficulty(simcord_env, table):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "game new", game="carnegie", seed=1, options="difficulty=3")
    lobby = r.response.message
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    options = next(v for k, v in fields.items() if k == "Options")
    assert "`difficulty=3`" in options and "`ai=normal`" in options
    assert "Andrew Carnegie (difficulty 3)" in fields["Mode"]
    r = await alice.click(lobby, label="Add AI")
    assert "2. AI 1 (bot) · level normal" in seat_lines(r.response.message)


async def test_seat_ai_at_a_level_survives_a_restart(simcord_env, table, bots, asked):
    """bob hands his seat to the AI at ``easy`` in a game whose level is ``hard``; the bot
    restarts before the AI moved, and the new bot plays the seat at ``easy``."""
    _guild, channel, (alice, bob, *_rest) = table
    env = simcord_env
    pause = 100.0  # virtual seconds: nothing moves until the clock is advanced
    slow = Settings(**{**FAST.__dict__, "ai_pause": pause})
    await env.restart_bot(bots(settings=slow))
    await alice.slash(channel, "game new", game="kenchiku", seed=9, options="ai=hard")
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start")
    live = await env.bot.manager.live_in_channel(channel.id)
    r = await bob.slash(channel, "seat ai", level="easy")
    assert r.ephemeral and "The AI plays your seat now" in said(r)
    assert any("plays seat 2 (**bob**) now, at level easy" in m.content for m in channel.history())
    row = await env.bot.storage.get_game(live.id)
    assert (row.seats[1].kind, row.seats[1].ai_level, row.ai_level) == ("ai", "easy", "hard")
    # alice hands hers over without a level: the game's
    r = await alice.slash(channel, "seat ai")
    assert any(
        "plays seat 1 (**alice**) now, at level hard" in m.content for m in channel.history()
    )
    old = env.bot
    old.services.autoplay.cancel_all()
    old.services.timers.cancel_all()
    before = await moves_recorded(env, channel.id)
    asked.clear()
    await env.restart_bot(bots(settings=slow))
    row = await env.bot.storage.get_game(live.id)
    assert [(s.kind, s.ai_level) for s in row.seats] == [("ai", None), ("ai", "easy")]
    for _ in range(6):
        await env.advance_time(pause + 1)
    assert await moves_recorded(env, channel.id) > before
    assert {level for seat, level in asked if seat == 1} == {"easy"}
    assert {level for seat, level in asked if seat == 0} == {"hard"}


async def test_a_value_that_is_no_level_is_refused_and_changes_nothing(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    env = simcord_env
    r = await alice.slash(channel, "game new", game="kenchiku", options="ai=expert")
    assert r.ephemeral
    assert "`ai=expert` is not an AI level: use `ai=easy`" in said(r)
    assert await env.bot.storage.active_game_in_channel(channel.id) is None
    r = await alice.slash(channel, "game new", game="kenchiku", options="ai=expert", thread=True)
    assert r.ephemeral and "is not an AI level" in said(r)
    assert await env.bot.storage.active_game_in_channel(channel.id) is None
    # /seat's level is a choice Discord checks: another value never reaches the bot
    r = await alice.slash(channel, "game new", game="kenchiku", seed=2)
    with pytest.raises(Exception, match="easy"):
        await alice.slash(channel, "seat add_ai", level="expert")
    row = await env.bot.storage.active_game_in_channel(channel.id)
    assert len(row.seats) == 1 and row.ai_level is None
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start")
    with pytest.raises(Exception, match="easy"):
        await bob.slash(channel, "seat ai", level="grandmaster")
    row = await env.bot.storage.get_game(row.id)
    assert [s.kind for s in row.seats] == ["human", "human"]


async def test_decisions_run_in_a_worker_process(simcord_env, table, bots, monkeypatch):
    """With ``ai_processes=1`` the AI seats think in another process: the game goes on
    although thinking in one of the bot's threads would fail (it copies the position
    there, and the copy is made to fail)."""
    _guild, channel, (alice, *_rest) = table
    env = simcord_env

    def no_thread(state: Any) -> Any:
        raise AssertionError("an AI decision was made in a thread")

    monkeypatch.setattr(autoplay_module, "clone_state", no_thread)
    fast = {**FAST.__dict__, "ai_processes": 1, "board_scale": 0.25}
    await env.restart_bot(bots(settings=Settings(**fast)))
    r = await alice.slash(channel, "game new", game="kenchiku", seed=3, options="ai=easy")
    lobby = r.response.message
    await alice.click(lobby, label="Add AI")
    await alice.slash(channel, "game start")
    await alice.slash(channel, "seat ai")
    thinker = env.bot.services.autoplay.thinker
    for _ in range(200):
        await env.bot.services.autoplay.settle()
        if await moves_recorded(env, channel.id) >= 6:
            break
    assert await moves_recorded(env, channel.id) >= 6
    assert thinker._procs is not None
