"""Secrets, privileges and data safety (issue 18): one SimCord test per finding of the
review, each failing on the code before its fix. The write-isolation finding (2) is
``tests/bot/test_write_isolation.py``."""

from __future__ import annotations

import re
from typing import Any

from .replaying import fixture, open_game, play

H = 3600.0


def said(r: Any) -> str:
    """The response and its follow-ups (a deferred answer comes as a follow-up)."""
    parts = [r.response.content if r.response and r.response.content else ""]
    parts += [f.content or "" for f in r.followups]
    return "\n".join(parts)


# -- finding 1: a secret played by a clock time-out -------------------------------------------


async def test_timed_out_secret_moves_show_their_public_text_in_log_and_captions(
    simcord_env, table
):
    """Food Chain Magnate's bank reserve card is kept in secret; when a turn clock runs out
    the default card is kept for the player. ``/game log`` (also ``raw``) and ``/board at:``
    show everyone else the move's public text; only the seat's holder sees the card."""
    _guild, channel, members = table
    data = fixture("food_chain_magnate", "3p.json")
    data = {**data, "options": {**data["options"], "clock": "move:1h", "timeouts": "0"}}
    seated = members[:3]
    await open_game(channel, seated, "food_chain_magnate", data)
    await play(simcord_env, channel, seated, data["moves"][:3])  # the restaurants
    await simcord_env.advance_time(H + 60)  # every reserve choice times out
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    rows = await simcord_env.bot.storage.moves(live.id)
    timed_out = [r for r in rows if r.actor == "timer"]
    assert timed_out and all(r.notation.startswith("reserve ") for r in timed_out)
    for member in [*seated, members[3]]:  # the three players and a spectator
        for raw in (False, True):
            r = await member.slash(channel, "game log", raw=raw)
            lines = [x for x in said(r).splitlines() if "ran out of time" in x]
            assert len(lines) == len(timed_out), said(r)
            for line in lines:
                if f"**{member.user.name}**" in line:  # their own seat's time-out
                    assert re.search(r"`reserve \d+`.*only you see this", line), line
                else:
                    assert "`reserve (secret)`" in line and not re.search(r"reserve \d", line)
    for row in timed_out:
        r = await seated[row.seat].slash(channel, "board", at=row.seq + 1)
        caption = said(r)  # a caption is the public text, even for the seat's own holder
        assert "`reserve (secret)`" in caption and not re.search(r"reserve \d", caption)
