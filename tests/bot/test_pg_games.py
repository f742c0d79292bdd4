"""One whole game of each title through SimCord with PostgreSQL as the bot's database
(issue 22): every move by ``/move`` (deadlines by the virtual clock), a restart of the bot
half-way, the recorded final scores, and every stored move's digest equal to a replay's."""

from __future__ import annotations

import pytest

from bot.manager import public_digest
from games.core import get_game
from tests.pg import pg_url  # noqa: F401 (fixture)

from .replaying import fixture, open_game, play

GAMES = [
    ("kenchiku", "v3_2p_random_last_resort.json"),
    ("masters_of_commerce", "v3_3p_variant_sealed.json"),
    ("food_chain_magnate", "intro_milestones_2p.json"),
    ("carnegie", "solo_base_d1.json"),
    ("philadelphia", "ai_2p.json"),
]


@pytest.fixture
def db_path(pg_url):
    """This module's bots run on a fresh PostgreSQL database."""
    return pg_url


@pytest.mark.parametrize("game, name", GAMES, ids=[g for g, _ in GAMES])
async def test_whole_game_on_postgresql_with_a_restart(simcord_env, table, bots, game, name):
    guild, channel, members = table
    data = fixture(game, name)
    seated = list(members)
    while len(seated) < data["seats"]:
        seated.append(guild.add_member(simcord_env.create_user(f"player{len(seated)}")))
    seated = seated[: data["seats"]]
    await open_game(channel, seated, game, data)
    moves = data["moves"]
    half = len(moves) // 2
    await play(simcord_env, channel, seated, moves[:half])
    await simcord_env.restart_bot(bots())
    await play(simcord_env, channel, seated, moves[half:])
    storage = simcord_env.bot.storage
    assert storage.dialect == "postgresql"
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.is_over()
    scores = {str(k): v for k, v in live.state.outcome().scores.items()}
    assert scores == {str(k): v for k, v in data["expect"]["scores"].items()}
    row = await storage.get_game(live.id)
    assert row.status == "finished"
    stored = await storage.moves(live.id)
    assert [[m.seat, m.notation] for m in stored] == [list(m) for m in moves]
    spec = get_game(game)
    state = spec.new_game(spec.resolve_options(row.options), len(row.seats), row.seed)
    for m in stored:
        state.apply(m.seat, state.parse_move(m.seat, m.notation))
        assert m.digest == public_digest(state.view(None)), m.seq
