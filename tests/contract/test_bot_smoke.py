"""Bot smoke test for every registered game: one replay fixture played through ``/move`` in
SimCord (the real bot from ``bot.create_bot``), ending in a "Game over" message with the
fixture's scores.

Kept minimal on purpose: the bot is being restructured in parallel, and its behaviour is
tested in ``tests/bot``. This only proves each game can be played end to end by players.
Timer moves (``SYSTEM``, seat -1) are made by advancing SimCord's clock past the deadline a
local replay of the record reports at that point.
"""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from games.core import SYSTEM, GameSpec, get_game

from .support import contract_games, fixture_paths, load_fixture

GAMES = contract_games()


@pytest_asyncio.fixture
async def bot_factory(tmp_path, toy_game):
    """Bots on a temporary database (the toy game registered, as for every bot test)."""
    from bot import create_bot

    made = []

    def make():
        bot = create_bot(tmp_path / "smoke.sqlite3")
        made.append(bot)
        return bot

    yield make
    for bot in made:
        await bot.shutdown()


@pytest.fixture
def simcord_bot(bot_factory):
    """The bot SimCord's ``simcord_env`` runs (its plugin asks for this fixture)."""
    return bot_factory()


def smoke_fixture(spec: GameSpec) -> dict[str, Any] | None:
    """The game's shortest fixture (fewest moves), or None without fixtures."""
    paths = fixture_paths(spec.key)
    fixtures = [load_fixture(p).data for p in paths]
    current = [f for f in fixtures if f["engine_version"] == spec.engine_version]
    if not current:
        return None
    return min(current, key=lambda f: len(f["moves"]))


def options_text(options: dict[str, Any]) -> str:
    words = []
    for k, v in options.items():
        if v == "" or v is None:
            continue
        words.append(f"{k}={str(v).lower() if isinstance(v, bool) else v}")
    return " ".join(words)


@pytest.mark.parametrize("spec", GAMES, ids=[s.key for s in GAMES])
async def test_a_fixture_plays_through_move(simcord_env, spec: GameSpec) -> None:
    data = smoke_fixture(spec)
    if data is None:
        pytest.fail(f"no fixture of engine version {spec.engine_version} for {spec.key}")
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    members = [
        guild.add_member(simcord_env.create_user(f"player{i}")) for i in range(data["seats"])
    ]
    host = members[0]
    res = await host.slash(
        channel, "game new", game=spec.key, seed=data["seed"], options=options_text(data["options"])
    )
    assert not res.ephemeral, res.response.content
    lobby = res.response.message
    for m in members[1:]:
        await m.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    assert "has started" in channel.last_message.content

    shadow = get_game(spec.key).create(data["options"], data["seats"], data["seed"])
    for seat, notation in data["moves"]:
        if seat == SYSTEM:
            deadline = shadow.deadline()
            assert deadline is not None and deadline.move.notation == notation
            await simcord_env.advance_time(deadline.seconds + 1)
        else:
            # People send a move after seeing the last one: a repeated identical move sent at
            # the very instant of the previous commit would be refused as a double submission.
            await simcord_env.advance_time(0.01)
            r = await members[seat].slash(channel, "move", notation=notation)
            assert r.response is not None or r.followups, notation
        shadow.apply(seat, shadow.parse_move(seat, notation))

    final = next((m.content for m in reversed(channel.history()) if "Game over" in m.content), "")
    assert final, "no Game over message"
    for seat, score in data["expect"]["scores"].items():
        line = next(x for x in final.splitlines() if f"<@{members[int(seat)].id}>" in x)
        assert str(score) in line or f"{score:,}" in line, (seat, score, line)
