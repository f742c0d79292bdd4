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


IMPORTS = (
    b"{",
    b"[" * 5000 + b"]" * 5000,
    b'{"game": "toy", "engine_version": 1, "seats": 2, "seed": Infinity, "moves": []}',
    b'{"game": "toy", "engine_version": 1, "seats": 2, "seed": 1e400, "moves": []}',
    b'{"game": "toy", "engine_version": 1, "seats": 2, "seed": 3.5, "moves": []}',
    b'{"game": "toy", "game": "toy", "engine_version": 1, "seats": 2, "seed": 1, "moves": []}',
    b'{"game": "toy", "engine_version": 1, "seats": 2, "seed": 1, "moves": [[0, "add 9"]]}',
    b'{"game": "toy", "engine_version": 1, "seats": 2, "seed": 1, "options": {"target": "'
    + b"9" * 3000
    + b'"}, "moves": []}',
    b'{"game": "toy", "engine_version": 1, "seats": 2, "seed": 1, "moves": [[0, "add 1"]]}',
)


@pytest.mark.parametrize("seed", [4, 5])
async def test_interaction_fuzz_seats_clocks_undo_and_imports(simcord_env, table, bots, seed):
    """Seat changes, vacations, turn clocks running out, undo requests and votes, and
    hostile import files, in a seeded random order. No interaction may raise, every private
    answer fits a message, nobody ever holds two seats, and the stored game replays to what
    the bot holds; every move a player made was announced once."""
    guild, channel, members = table
    alice, bob, carol, dave = members
    imports = guild.create_text_channel("imports")
    rnd = random.Random(seed)
    r = await alice.slash(channel, "game new", game="toy", options="target=50 clock=move:1h")
    lobby = r.response.message
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    env = simcord_env
    gid = await env.bot.manager.game_id_in_channel(channel.id)
    everyone = [alice, bob, carol, dave]
    for _step in range(60):
        live = await env.bot.manager.load(gid)
        if live.state.is_over():
            break
        holder = live.row.user_of(min(live.state.to_act()))
        turn = next((m for m in everyone if m.id == holder), rnd.choice(everyone))
        who = rnd.choice(everyone)
        action = rnd.choice(
            ("move", "move", "move", "undo", "vote", "replace", "ai", "takeback", "vacation",
             "time", "import", "log")
        )  # fmt: skip
        if action == "move":
            await env.advance_time(0.01)
            r = await turn.slash(channel, "move", notation=f"add {rnd.randint(1, 2)}")
        elif action == "undo":
            r = await who.slash(channel, "undo")
        elif action == "vote":
            asks = [m for m in channel.history() if "asks to take back" in m.content]
            if not asks:
                continue
            r = await who.click(asks[-1], label=rnd.choice(("Agree", "Refuse")))
        elif action == "replace":
            member = rnd.choice([*everyone, None])
            options = {"seat": rnd.randint(1, 4)} | ({"member": member} if member else {})
            r = await rnd.choice((alice, who)).slash(channel, "seat replace", **options)
        elif action == "ai":
            r = await who.slash(channel, "seat ai")
        elif action == "takeback":
            r = await who.slash(channel, "seat takeback")
        elif action == "vacation":
            r = await who.slash(channel, "settings me", vacation=rnd.choice(("on", "off")))
        elif action == "time":
            await env.advance_time(rnd.choice((60.0, 1800.0, 3700.0)))
            continue
        elif action == "import":
            data = rnd.choice(IMPORTS)
            r = await who.slash(imports, "game import", file=("x.json", data))
            if not r.ephemeral:  # a good file opened a lobby: close it again
                await env.bot.manager.abandon(await env.bot.manager.game_id_in_channel(imports.id))
        else:
            r = await who.slash(channel, "game log", raw=rnd.random() < 0.5)
        for text in [
            r.response.content or "" if r.response else "",
            *(f.content or "" for f in r.followups),
        ]:
            assert len(text) <= 2000
            assert "went wrong" not in text, (action, text)
    await env.bot.services.autoplay.settle()
    storage = env.bot.storage
    live = await env.bot.manager.load(gid)
    for s in live.row.seats:  # nobody holds two seats' secrets
        if s.user_id is not None:
            assert await storage.seat_held(gid, s.user_id) == s.seat
    env.bot.manager.forget(gid)
    replayed = await env.bot.manager.load(gid)
    assert replayed.seq == live.seq == len(await storage.moves(gid))
    assert replayed.state.view(None) == live.state.view(None)
    made = [m for m in await storage.moves(gid) if m.actor == "user"]
    made += [m for _u, m in await storage.undone_moves(gid) if m.actor == "user"]
    announced = [
        hit
        for message in channel.history()
        for hit in re.findall(r"\*\*[\w ]+\*\*: `add [12]`", message.content)
    ]
    assert len(announced) == len(made)
