"""Playing a recorded game through the bot as its members would: ``/move`` for each move of a
fixture, checking that each one is committed (shared by the per-game bot tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def fixture(game: str, name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / game / name).read_text(encoding="utf-8"))


async def moves_recorded(env: Any, channel_id: int) -> int:
    game_id = await env.bot.manager.game_id_in_channel(channel_id)
    return len(await env.bot.storage.moves(game_id))


async def open_game(channel: Any, seated: list[Any], game: str, data: dict[str, Any]) -> None:
    """``/game new`` with the record's seed and options, joins, start."""
    options = " ".join(f"{k}={str(v).lower()}" for k, v in data["options"].items())
    host, *others = seated
    r = await host.slash(channel, "game new", game=game, seed=data["seed"], options=options)
    assert not r.ephemeral, r.response.content
    for m in others:
        r = await m.slash(channel, "game join")
        assert not r.ephemeral, r.response.content
    r = await host.slash(channel, "game start")
    assert not r.ephemeral, r.response.content


async def play(
    env: Any,
    channel: Any,
    seated: list[Any],
    moves: list[list[Any]],
    *,
    autocomplete_every: int = 25,
) -> None:
    """Each ``[seat, notation]`` by ``/move`` from that seat's member; a ``SYSTEM`` (-1) move is
    a deadline, reached by advancing the virtual clock."""
    for i, (seat, notation) in enumerate(moves):
        before = await moves_recorded(env, channel.id)
        if seat < 0:
            live = await env.bot.manager.live_in_channel(channel.id)
            dl = live.deadline()
            assert dl is not None, (i, notation)
            await env.advance_time(dl.seconds + 1)
        else:
            # People are never simultaneous with the bot's last commit: a repeated identical
            # move (throwing away two burgers) must not look like one command arriving twice.
            await env.advance_time(0.01)
            member = seated[seat]
            if i % autocomplete_every == 0:
                choices = await member.autocomplete(channel, "move", "notation", notation)
                assert choices, (i, notation)
            r = await member.slash(channel, "move", notation=notation)
            text = (r.response.content if r.response else "") + " ".join(
                f.content for f in r.followups
            )
            assert await moves_recorded(env, channel.id) == before + 1, (i, notation, text)


def game_over_message(channel: Any) -> Any:
    """The game-over announcement: the newest message saying "Game over" (the summary and
    the animated replay of issue 12 follow it)."""
    return next(m for m in reversed(channel.history()) if "Game over" in m.content)
