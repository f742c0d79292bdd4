"""Helpers shared by the bot tests: several interactions arriving at once (these live in the
package, ``bot.simtools``, so ``boardroom bench`` uses the same code), a member's turns of a
whole game through the bot (``seat_turns``), and a started two-player toy game made through
the real manager (``start_toy``: the crash tests' worker processes and the command line's)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from bot.manager import GameManager, LiveGame
from bot.simtools import emit_slash, slash_payload, slash_together
from games.core import Move, Rng

__all__ = ["emit_slash", "seat_turns", "slash_payload", "slash_together", "start_toy"]


async def seat_turns(
    env: Any, channel: Any, seat: int, *, tries: int, seed: int
) -> AsyncIterator[tuple[LiveGame, Move]]:
    """The turns of ``seat`` in ``channel``'s game, for the caller to play through the bot:
    each yields the game and the move the game's AI policy picks for the seat
    (``Rng(seed + i)`` at the ``i``-th try). The AI seats are let play first; while the seat
    cannot act, the virtual clock is advanced over the deadline the game waits on (a test
    fails if none runs). Ends when the game is over or after ``tries`` tries (a yielded turn
    or a deadline waited out): a caller that needs the end checks ``is_over()`` after."""
    for i in range(tries):
        await env.bot.services.autoplay.settle()
        live = await env.bot.manager.live_in_channel(channel.id)
        if live.state.is_over():
            return
        if seat not in live.state.waiting_for() or not live.state.legal_moves(seat):
            dl = live.deadline()
            assert dl is not None, "nobody can act and no deadline runs"
            await env.advance_time(dl.seconds + 1)
            continue
        yield live, live.spec.ai.choose(live.state, seat, Rng(seed + i))


async def start_toy(manager: GameManager, channel: int, *, target: int, **options: str) -> LiveGame:
    """A two-player toy game (race to ``target``: ``2 * target - 1`` moves of ``add 1``;
    other ``options`` as typed, e.g. ``timer="3600"``) opened in ``channel`` by member 1
    (``a``, seed ``channel``), joined by member 2 (``b``) and started."""
    await manager.new_lobby(
        guild_id=1,
        channel_id=channel,
        game_key="toy",
        options={"target": str(target), **options},
        seed=channel,
        host_id=1,
        host_name="a",
    )
    await manager.join(channel, 2, "b")
    return await manager.start(channel, 1)
