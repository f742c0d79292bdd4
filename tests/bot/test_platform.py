"""Bot platform (issue 7): the lobby crash, duplicates, the stale cache, tampered ids, the
game's own server, guild-only games, cooldowns, quiet logs, failed replies after a commit,
lazy start-up, the bounded cache and replay divergence. Uses the toy game (no board
images) so each test is quick."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import discord
import pytest

from bot.manager import GameManager, LobbyError
from bot.settings import Settings
from bot.storage import Storage
from bot.ui.components import DYNAMIC_ITEMS, ForgedItem
from bot.ui.modals import parse_amount
from games.core import InvalidMove, MoveTemplate
from tests.pg import backend, db_path, execute  # noqa: F401 (both backends)

from .together import slash_together

STALE_WORDS = "out of date"


async def start_toy(env, channel, members, options: str = ""):
    alice, bob = members[:2]
    res = await alice.slash(channel, "game new", game="toy", options=options)
    assert not res.ephemeral, res.response.content
    lobby = res.response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert "has started" in channel.last_message.content
    return lobby


async def stored(env, channel):
    gid = await env.bot.manager.game_id_in_channel(channel.id)
    return await env.bot.storage.moves(gid)


def texts(result) -> str:
    parts = [result.response.content if result.response else ""]
    parts += [f.content for f in result.followups]
    return "\n".join(parts)


async def test_last_player_leaving_by_slash_closes_the_lobby(simcord_env, table):
    _guild, channel, (alice, bob, *_) = table
    await alice.slash(channel, "game new", game="toy")
    r = await bob.slash(channel, "game join")
    assert f"<@{bob.id}> joined." == r.response.content
    r = await bob.slash(channel, "game leave")
    assert r.response.content == f"<@{bob.id}> left."
    r = await alice.slash(channel, "game leave")  # the last seat: crashed before (view=None)
    assert not r.ephemeral
    assert r.response.content == "The lobby is closed: everyone left."
    assert r.response.message.embeds[0].footer.text == "Abandoned"
    r = await alice.slash(channel, "game new", game="toy")  # the channel is free again
    assert not r.ephemeral


async def test_the_same_move_sent_twice_at_once_is_applied_once(simcord_env, table):
    _guild, channel, members = table
    alice, bob = members[:2]
    await start_toy(simcord_env, channel, members)
    results = await slash_together(
        simcord_env,
        [
            (alice, channel, "move", {"notation": "add 1"}),
            (alice, channel, "move", {"notation": "add 1"}),
        ],
    )
    moves = await stored(simcord_env, channel)
    assert [(m.seat, m.notation, m.actor, m.user_id) for m in moves] == [
        (0, "add 1", "user", alice.id)
    ]
    replies = [texts(r) for r in results]
    assert sum("arrived twice at the same time; it was applied once" in t for t in replies) == 1
    assert sum("`add 1`" in t and "total 1" in t for t in replies) == 1
    r = await bob.slash(channel, "move", notation="add 2")  # bob's turn, as everyone was told
    assert not r.ephemeral and "`add 2`" in r.response.content


async def test_a_move_and_a_read_together_after_a_restart_keep_the_cache_current(
    simcord_env, table, bots
):
    _guild, channel, members = table
    alice, bob = members[:2]
    await start_toy(simcord_env, channel, members)
    await alice.slash(channel, "move", notation="add 1")
    await simcord_env.restart_bot(bots())
    await slash_together(
        simcord_env,
        [
            (bob, channel, "move", {"notation": "add 2"}),
            (alice, channel, "hand", {}),
            (alice, channel, "game status", {}),
        ],
    )
    r = await alice.slash(channel, "move", notation="add 1")
    assert not r.ephemeral, r.response.content
    assert [m.notation for m in await stored(simcord_env, channel)] == ["add 1", "add 2", "add 1"]
    assert simcord_env.bot.manager.replays == 1  # loaded once, under the game's lock


def test_amounts_are_ascii_digits_only():
    tpl = MoveTemplate("offer r3", "Offer on r3", "rent", 0, 120000, "$")
    assert parse_amount("23,456", tpl) == 23456
    assert parse_amount(" $1_000 ", tpl) == 1000
    for bad in ("²", "1²", "٣", "lots", "", "-5", "1e3"):
        with pytest.raises(InvalidMove, match="not a whole number"):
            parse_amount(bad, tpl)


async def _bot_message(env, channel, components):
    """A message from the bot carrying raw components with arbitrary custom ids."""
    view = discord.ui.View(timeout=None)
    for item in components:
        view.add_item(item)
    await env.bot.get_channel(channel.id).send("forged", view=view)
    await env.settle()
    return channel.last_message


async def test_tampered_component_ids_answer_out_of_date(simcord_env, table):
    _guild, channel, members = table
    alice = members[0]
    await start_toy(simcord_env, channel, members)
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    forged = [
        "bg:" + "9" * 31 + ":0:play",  # overflowed SQLite before
        f"bg:{gid}:0:m:abc",
        f"bg:{gid}:0:m:-1",  # played the last legal move before
        f"bg:{gid}:0:t:-5",
        f"bg:{gid}:0:page:x:",
        f"bg:{gid}:0:frobnicate",
        f"bg:{gid}:99:play",
        "bg:424242:0:play",  # no such game
    ]
    message = await _bot_message(
        simcord_env,
        channel,
        [discord.ui.Button(label=f"b{i}", custom_id=cid) for i, cid in enumerate(forged)][:5],
    )
    more = await _bot_message(
        simcord_env,
        channel,
        [discord.ui.Button(label=f"c{i}", custom_id=cid) for i, cid in enumerate(forged[5:])],
    )
    for msg_, prefix, n in ((message, "b", 5), (more, "c", len(forged) - 5)):
        for i in range(n):
            r = await alice.click(msg_, label=f"{prefix}{i}")
            assert r.ephemeral, (prefix, i)
            text = r.response.content
            assert STALE_WORDS in text or "no longer exists" in text, (prefix, i, text)
    select = discord.ui.Select(
        custom_id=f"bs:{gid}:0:pick",
        options=[
            discord.SelectOption(label="minus", value="t:-5"),
            discord.SelectOption(label="last", value="m:-1"),
            discord.SelectOption(label="huge", value="m:999"),
        ],
    )
    picker = await _bot_message(simcord_env, channel, [select])
    for value in ("t:-5", "m:-1", "m:999"):
        r = await alice.select(picker, [value])
        assert r.ephemeral and (
            "not recognised" in r.response.content or STALE_WORDS in r.response.content
        ), (value, r.response.content)
    assert await stored(simcord_env, channel) == []
    # ids longer than Discord allows never reach a game
    long_id = f"bg:{gid}:0:do:" + "x" * 150
    assert ForgedItem.__discord_ui_compiled_template__.fullmatch(long_id)
    matching = [
        cls
        for cls in DYNAMIC_ITEMS
        if cls.__discord_ui_compiled_template__.fullmatch(long_id)  # type: ignore[attr-defined]
    ]
    assert matching == [ForgedItem]


async def test_abandon_checks_permissions_in_the_games_own_server(simcord_env, table):
    guild, channel, members = table
    alice = members[0]
    await start_toy(simcord_env, channel, members)
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    # mallory manages her own server and forges an abandon button for alice's game there
    mallory_user = simcord_env.create_user("mallory")
    other = simcord_env.create_guild("elsewhere", owner=mallory_user)
    admin = other.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    elsewhere = other.create_text_channel("x")
    mallory = other.add_member(mallory_user, roles=[admin])
    message = await _bot_message(
        simcord_env,
        elsewhere,
        [discord.ui.Button(label="Yes, abandon it", custom_id=f"bg:{gid}:0:abandon")],
    )
    r = await mallory.click(message, label="Yes, abandon it")
    assert r.ephemeral
    assert "Only the host, a game master or a member with Manage Server" in r.response.content
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.row.status == "running"
    # in the game's own server, a member with Manage Server may
    mod_role = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(simcord_env.create_user("moderator"), roles=[mod_role])
    r = await mod.slash(channel, "game abandon")
    r = await mod.click(r.response.message, label="Yes, abandon it")
    assert "Abandoned" in r.response.content
    assert "was abandoned" in channel.last_message.content
    assert alice  # the host was never asked


async def test_games_are_guild_only(simcord_env, table, db_path):
    _guild, _channel, (alice, *_rest) = table
    available = alice.user.available_commands()
    assert "rules" in available
    names = set(available)
    assert {"games", "settings me", "stats"} <= names  # a player's own view works in DMs
    in_games = {n for n in names if n != "games" and not n.startswith("settings")}
    assert not any(name.startswith(("game", "move", "play", "board", "hand")) for name in in_games)
    r = await alice.user.slash("rules")
    assert "Games on Boardroom" in r.response.content
    with pytest.raises(LobbyError, match="server channel"):
        await simcord_env.bot.manager.new_lobby(
            guild_id=None,
            channel_id=1,
            game_key="toy",
            options={},
            seed=1,
            host_id=1,
            host_name="x",
        )


async def test_public_boards_are_rate_limited_per_user(simcord_env, table, bots):
    _guild, channel, members = table
    alice, bob = members[:2]
    await simcord_env.restart_bot(
        bots(settings=Settings(public_board_cooldown=(2, 60.0), autocomplete_rate=(3, 60.0)))
    )
    await start_toy(simcord_env, channel, members)
    posted = len(channel.history())
    for _ in range(2):
        r = await alice.slash(channel, "board", public=True)
        assert not r.ephemeral
    r = await alice.slash(channel, "board", public=True)
    assert r.ephemeral and r.response.content.startswith("Slow down: you can do that again in")
    assert len(channel.history()) == posted + 2
    r = await alice.slash(channel, "board")  # private boards post nothing: not limited
    assert r.ephemeral and "Toy Race" in texts(r)
    r = await bob.slash(channel, "board", public=True)  # per user
    assert not r.ephemeral
    typed = [await alice.autocomplete(channel, "move", "notation", "add") for _ in range(4)]
    assert typed[0] and typed[2] and typed[3] == []


async def test_failed_error_reply_logs_no_message_text(simcord_env, table, caplog):
    _guild, channel, members = table
    alice = members[0]
    await start_toy(simcord_env, channel, members)
    simcord_env.inject_error("POST", "/interactions/*/callback", status=500, times=1)
    with caplog.at_level(logging.DEBUG):
        await alice.slash(channel, "move", notation="add 7 secret-hand-value")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "secret-hand-value" not in logged
    assert "could not deliver an error reply" in logged


async def test_http_500_on_the_reply_after_a_commit_still_delivers_board_and_timer(
    simcord_env, table
):
    _guild, channel, members = table
    alice, bob = members[:2]
    await start_toy(simcord_env, channel, members, options="timer=120")
    simcord_env.inject_error("POST", "/interactions/*/callback", status=500, times=1)
    r = await alice.slash(channel, "move", notation="add 2")
    assert [m.notation for m in await stored(simcord_env, channel)] == ["add 2"]
    board = channel.last_message
    assert "**alice**: `add 2`" in board.content and f"<@{bob.id}>" in board.content
    assert "Nothing was changed" not in texts(r)
    armed = simcord_env.bot.services.timers.armed()
    assert [(t.key, t.kind) for t in armed] == [("t1", "deadline")]
    # the follow-up (the board) fails: it is posted to the channel instead
    simcord_env.inject_error("POST", "/webhooks/*", status=500, times=1)
    await bob.slash(channel, "move", notation="add 1")
    assert "**bob**: `add 1`" in channel.last_message.content
    # the new deadline closes by time
    await simcord_env.advance_time(121)
    assert "Time's up" in channel.last_message.content
    last = (await stored(simcord_env, channel))[-1]
    assert (last.seat, last.notation, last.actor) == (-1, "pass", "timer")


async def test_start_up_replays_no_game_and_arms_stored_timers(simcord_env, table, bots, db_path):
    _table = table
    storage = Storage(db_path)
    await storage.open()
    manager = GameManager(storage, lambda: datetime(2030, 1, 1, tzinfo=UTC))
    for i in range(12):
        await manager.new_lobby(
            guild_id=1,
            channel_id=9000 + i,
            game_key="toy",
            options={"timer": "600"},
            seed=i,
            host_id=1,
            host_name="a",
        )
        await manager.join(9000 + i, 2, "b")
        live = await manager.start(9000 + i, 1)
        await manager.play(live.id, 1, "add 1")
    await storage.close()
    await simcord_env.restart_bot(bots())
    bot = simcord_env.bot
    assert bot.manager.replays == 0
    assert len(bot.services.timers.armed()) == 12
    assert {t.key for t in bot.services.timers.armed()} == {"t1"}


async def test_game_cache_is_bounded_and_evicted_games_reload(db_path, toy_game):
    storage = Storage(db_path)
    await storage.open()
    manager = GameManager(storage, lambda: datetime(2030, 1, 1, tzinfo=UTC), cache_size=2)
    ids = []
    for i in range(4):
        await manager.new_lobby(
            guild_id=1,
            channel_id=100 + i,
            game_key="toy",
            options={},
            seed=i,
            host_id=1,
            host_name="a",
        )
        await manager.join(100 + i, 2, "b")
        ids.append((await manager.start(100 + i, 1)).id)
        await manager.play(ids[-1], 1, "add 2")
    assert len(manager._cache) == 2 and list(manager._cache) == ids[2:]
    live = await manager.load(ids[0])
    assert live.seq == 1 and live.state.view(None).totals == (2, 0)
    assert not hasattr(live, "record")  # no move list is kept
    assert list(manager._cache) == [ids[3], ids[0]]
    await storage.close()


async def test_replay_divergence_is_reported_and_changes_nothing(simcord_env, table, bots, db_path):
    _guild, channel, members = table
    alice, bob = members[:2]
    await start_toy(simcord_env, channel, members)
    await alice.slash(channel, "move", notation="add 1")
    await bob.slash(channel, "move", notation="add 2")
    # as if an engine change moved the public position
    await execute(db_path, "UPDATE moves SET digest = '0000000000000000' WHERE seq = 0")
    await execute(db_path, "UPDATE moves SET digest = 'ffffffffffffffff' WHERE seq = 1")
    await simcord_env.restart_bot(bots())
    r = await alice.slash(channel, "move", notation="add 1")
    assert r.ephemeral
    assert "no longer replays to what its players were shown: after move 1" in r.response.content
    assert len(await stored(simcord_env, channel)) == 2


async def test_rate_limited_announcement_is_retried(simcord_env, table):
    _guild, channel, members = table
    alice = members[0]
    await start_toy(simcord_env, channel, members, options="timer=60")
    await alice.slash(channel, "move", notation="add 1")
    simcord_env.inject_error(
        "POST", "/channels/*/messages", status=429, message="You are being rate limited."
    )
    await simcord_env.advance_time(61)  # the expiry is committed; its post is refused once
    last = (await stored(simcord_env, channel))[-1]
    assert (last.seat, last.notation, last.actor) == (-1, "pass", "timer")
    await simcord_env.advance_time(2)  # the bounded retry posts it
    assert "Time's up" in channel.last_message.content
    assert [t.key for t in simcord_env.bot.services.timers.armed()] == ["t2"]
