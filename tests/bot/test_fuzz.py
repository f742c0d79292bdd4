"""A seeded interaction fuzz: garbled text, forged and stale components, duplicate moves
sent together, restarts followed by moves sent together. No interaction may raise (SimCord
fails the test on any unhandled bot error), and the stored game must be exactly what the
players were told in public, in order."""

from __future__ import annotations

import random
import re

import discord
import pytest

from .test_platform import start_toy, stored
from .together import slash_together

LINE = re.compile(r"\*\*(\w+)\*\*: `(add [12])`")
GARBAGE = ("add", "add 3", "add 1 2", "²", "add ²", "add1", "pass", "x" * 150, "add -1", "🎲")


def told(channel) -> list[tuple[str, str]]:
    out = []
    for message in channel.history():
        out += LINE.findall(message.content)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_interaction_fuzz(simcord_env, table, bots, seed):
    _guild, channel, members = table
    alice, bob = members[:2]
    seated = [alice, bob]
    carol = members[2]
    rnd = random.Random(seed)
    await start_toy(simcord_env, channel, members, options="target=40")
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    boards = [channel.last_message]
    for _step in range(45):
        live = await simcord_env.bot.manager.live_in_channel(channel.id)
        if live.state.is_over():
            break
        turn = min(live.state.to_act())
        action = rnd.choice(
            ("move", "move", "wrong", "garbage", "twice", "forged", "stale", "restart", "outsider")
        )
        if action == "move":
            await seated[turn].slash(channel, "move", notation=f"add {rnd.randint(1, 2)}")
            boards.append(channel.last_message)
        elif action == "wrong":
            r = await seated[1 - turn].slash(channel, "move", notation="add 1")
            # (with SimCord's clock standing still, repeating one's own last move is also
            # a duplicate: it was sent the instant the first was committed)
            assert r.ephemeral and (
                "not your turn" in r.response.content.lower()
                or "applied once" in r.response.content
            )
        elif action == "garbage":
            r = await seated[turn].slash(channel, "move", notation=rnd.choice(GARBAGE))
            assert r.ephemeral
        elif action == "twice":
            n = rnd.randint(1, 2)
            await slash_together(
                simcord_env, [(seated[turn], channel, "move", {"notation": f"add {n}"})] * 2
            )
        elif action == "forged":
            cid = rnd.choice(
                (
                    f"bg:{gid}:{rnd.randint(0, 99)}:m:{rnd.randint(0, 999)}",
                    f"bg:{gid}:0:do:add.9",
                    f"bg:{rnd.randint(1, 10**25)}:0:play",
                    f"bs:{gid}:0:pick:..",
                    f"bg:{gid}:0:page:{rnd.randint(0, 9)}:zz",
                )
            )
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Button(label="forged", custom_id=cid))
            await simcord_env.bot.get_channel(channel.id).send("?", view=view)
            await simcord_env.settle()
            r = await seated[turn].click(channel.last_message, label="forged")
            assert r.ephemeral
        elif action == "stale" and len(boards) > 2:
            old = rnd.choice(boards[:-1])
            # as the channel shows it now: older boards lose their buttons (issue 8)
            old = next((m for m in channel.history() if m.id == old.id), old)
            if any(c.label == "Play" for row in old.components for c in row.children):
                r = await seated[turn].click(old, label="Play")
                assert r.ephemeral
        elif action == "restart":
            await simcord_env.restart_bot(bots())
            other = seated[1 - turn]
            await slash_together(
                simcord_env,
                [
                    (seated[turn], channel, "move", {"notation": "add 1"}),
                    (other, channel, "move", {"notation": "add 2"}),
                    (other, channel, "hand", {}),
                ],
            )
        elif action == "outsider":
            r = await carol.slash(channel, "move", notation="add 1")
            assert r.ephemeral and "You're watching this game" in r.response.content
    moves = await stored(simcord_env, channel)
    names = {0: "alice", 1: "bob"}
    assert told(channel) == [(names[m.seat], m.notation) for m in moves]
    fresh = await simcord_env.bot.manager.load(gid)
    simcord_env.bot.manager.forget(gid)
    replayed = await simcord_env.bot.manager.load(gid)
    assert replayed.seq == fresh.seq == len(moves)
    assert replayed.state.view(None) == fresh.state.view(None)
