"""Turn clocks and reminders (issue 12) through SimCord's virtual clock: reminders, the last
warning, a time-out that plays the engine's default move, the AI hand-over after repeated
time-outs, vacations, /games and /settings, and restarts in the middle of every timer kind."""

from __future__ import annotations

import pytest

from bot.manager import LobbyError
from bot.services.clocks import parse_duration, take_time_control
from tests.pg import backend, db_path  # noqa: F401 (both backends)

H = 3600.0


async def open_toy(env, channel, alice, bob, options):
    r = await alice.slash(channel, "game new", game="toy", options=options)
    assert not r.ephemeral, r.response.content
    lobby = r.response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert "has started" in channel.last_message.content
    return await env.bot.manager.game_id_in_channel(channel.id)


def texts(channel, since: int = 0) -> list[str]:
    return [m.content for m in channel.history()[since:]]


async def moves(env, game_id):
    return await env.bot.storage.moves(game_id)


def test_time_control_words_are_parsed_and_bad_ones_refused():
    words = {"clock": "bank:3d+12h", "remind": "25", "timeouts": "2", "target": "9"}
    tc = take_time_control(words)
    assert words == {"target": "9"}  # the game's own options stay
    assert tc is not None
    assert (tc["mode"], tc["seconds"], tc["increment"]) == ("bank", 3 * 86400, 12 * H)
    assert (tc["remind"], tc["timeouts"]) == (0.25, 2)
    assert take_time_control({}) is None
    assert parse_duration("1d12h") == 36 * H
    for bad in (
        {"clock": "move"},
        {"clock": "move:3x"},
        {"clock": "move:10s"},
        {"remind": "50"},
        {"clock": "move:1h", "timeouts": "-1"},
    ):
        with pytest.raises(LobbyError):
            take_time_control(dict(bad))


async def test_bad_clock_option_is_refused_and_creates_nothing(simcord_env, table):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "game new", game="toy", options="clock=move:soon")
    assert r.ephemeral and "not a duration" in r.response.content
    assert await simcord_env.bot.storage.latest_game_in_channel(channel.id) is None


async def test_reminder_last_warning_then_timeout_plays_the_default_move(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=move:1h")
    board = channel.last_message.content
    assert "⏱️ 1 h per move · alice: 1 h left" in board
    start = len(channel.history())
    await simcord_env.advance_time(0.5 * H - 5)
    assert texts(channel, start) == []
    await simcord_env.advance_time(10)  # 50% of the hour: the reminder
    got = texts(channel, start)
    assert len(got) == 1 and got[0].startswith(f"🔔 Reminder: <@{alice.id}>")
    assert "30 min left" in got[0]
    await simcord_env.advance_time(0.4 * H)  # 54 min: the last warning (a tenth left)
    got = texts(channel, start)
    assert len(got) == 2 and got[1].startswith(f"⚠️ Last warning: <@{alice.id}>"), got
    assert "6 min left" in got[1]
    r = await alice.slash(channel, "game status")
    assert "⏱️ 1 h per move · alice: 5 min left" in r.response.content
    await simcord_env.advance_time(0.1 * H - 15)  # 1 h - 10 s: nothing yet
    assert len(texts(channel, start)) == 2
    await simcord_env.advance_time(12)
    last = channel.last_message.content
    assert "⏰ **alice** ran out of time; the default move was played: `add 1`" in last
    assert "total 1" in last
    assert f"<@{bob.id}>, it's your turn" in last  # the table is told whose turn it is now
    stored = (await moves(simcord_env, gid))[-1]
    assert (stored.seat, stored.notation, stored.actor, stored.user_id) == (
        0,
        "add 1",
        "timer",
        None,
    )
    # bob's clock started with the time-out; he moves in time, and his clock stops
    r = await bob.slash(channel, "move", notation="add 2")
    assert not r.ephemeral
    live = await simcord_env.bot.manager.load(gid)
    assert live.row.clocks[0].timeouts == 1 and live.row.clocks[1].timeouts == 0
    assert live.row.clocks[1].since is None and live.row.clocks[0].since is not None


async def test_bank_clock_charges_thinking_time_and_adds_the_increment(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=bank:10h+1h remind=0")
    await simcord_env.advance_time(3 * H)
    await alice.slash(channel, "move", notation="add 1")
    live = await simcord_env.bot.manager.load(gid)
    assert live.row.clocks[0].bank == pytest.approx(8 * H, abs=2)  # 10 - 3 + 1
    assert "alice: 8 h" in channel.last_message.content
    await simcord_env.advance_time(H)
    await bob.slash(channel, "move", notation="add 1")
    assert live.row.clocks[1].bank == pytest.approx(10 * H, abs=2)  # capped at the bank
    r = await bob.slash(channel, "game status")
    assert "⏱️ 10 h bank + 1 h per move · alice: 8 h left · bob: 10 h" in r.response.content


async def test_repeated_timeouts_hand_the_seat_to_the_ai(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=move:1h timeouts=2 target=50")
    handed: list[tuple[int, int, str]] = []

    async def hand_to_ai(game_id: int, seat: int, reason: str) -> None:
        handed.append((game_id, seat, reason))

    simcord_env.bot.services.clocks.hand_to_ai = hand_to_ai
    await simcord_env.advance_time(H + 1)  # alice times out (1 in a row)
    await bob.slash(channel, "move", notation="add 1")
    assert handed == []
    await simcord_env.advance_time(H + 1)  # alice again: 2 in a row
    assert handed == [(gid, 0, "timeouts")]
    assert "🤖 alice ran out of time 2 times in a row: the AI plays their seat" in (
        channel.last_message.content
    )
    # bob's own time-out counts separately, and his moves reset nothing of alice's
    assert [m.actor for m in await moves(simcord_env, gid)] == ["timer", "user", "timer"]


async def test_without_ai_service_timeouts_keep_playing_default_moves_to_the_end(
    simcord_env, table
):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=move:1h timeouts=1 target=3")
    for _ in range(6):
        await simcord_env.advance_time(H + 1)
    row = await simcord_env.bot.storage.get_game(gid)
    assert row is not None and row.status == "finished"
    assert all(m.actor == "timer" for m in await moves(simcord_env, gid))
    assert any("has no AI player: the default move is played" in t for t in texts(channel))
    assert simcord_env.bot.services.timers.armed() == []


async def test_restart_in_the_middle_of_every_timer_kind(simcord_env, table, bots):
    """A deadline (the toy's own turn timer, in #games), and in #clocked a reminder, a
    clock time-out and a vacation's end: each fires once, at its time, across a restart in
    the middle of it."""
    guild, timed, (alice, bob, *_rest) = table
    clocked = guild.create_text_channel("clocked")
    a = await open_toy(simcord_env, timed, alice, bob, "timer=3600")
    b = await open_toy(simcord_env, clocked, alice, bob, "clock=move:2h remind=25 vacation=3h")
    kinds = {(t.game_id, t.kind) for t in simcord_env.bot.services.timers.armed()}
    assert kinds == {(a, "deadline"), (b, "clock"), (b, "reminder")}
    start = len(clocked.history())

    def reminders() -> list[str]:
        return [t for t in texts(clocked, start) if "Reminder" in t]

    await simcord_env.advance_time(1200)
    await simcord_env.restart_bot(bots())  # in the middle of all three
    await simcord_env.advance_time(590)  # 1790 s
    assert reminders() == []
    await simcord_env.advance_time(20)  # 1810 s: the reminder (25% of 2 h)
    assert len(reminders()) == 1 and f"<@{alice.id}>" in reminders()[0]
    await simcord_env.restart_bot(bots())  # after it fired: not again
    await simcord_env.advance_time(1780)  # 3590 s
    assert len(reminders()) == 1
    assert len(await moves(simcord_env, a)) == 0
    await simcord_env.advance_time(20)  # 3610 s: the deadline passes for alice in #games
    assert [(m.seat, m.notation) for m in await moves(simcord_env, a)] == [(-1, "pass")]
    await simcord_env.advance_time(3580)  # 7190 s
    assert len(await moves(simcord_env, b)) == 0
    await simcord_env.advance_time(20)  # 7210 s: alice's clock runs out in #clocked
    assert [(m.seat, m.actor) for m in await moves(simcord_env, b)] == [(0, "timer")]
    await bob.slash(clocked, "move", notation="add 1")
    await simcord_env.advance_time(90)  # 7300 s
    r = await alice.slash(clocked, "settings me", vacation="on")
    assert "🏖️ alice is on vacation" in r.response.content
    assert "🏖️ alice is on vacation" in clocked.last_message.content
    live = await simcord_env.bot.manager.load(b)
    assert live.row.clocks[0].since is None and live.row.clocks[0].vacation_since is not None
    await simcord_env.advance_time(4700)  # 12000 s
    await simcord_env.restart_bot(bots())  # in the middle of the vacation
    await simcord_env.advance_time(6080)  # 18080 s: 3 h of vacation end at ~18100 s
    assert not any("used up" in t for t in texts(clocked, start))
    assert len(await moves(simcord_env, b)) == 2  # no time-out while on vacation
    await simcord_env.advance_time(40)
    assert len([t for t in texts(clocked, start) if "used up" in t]) == 1
    live = await simcord_env.bot.manager.load(b)
    assert live.row.clocks[0].since is not None  # her clock runs again
    assert live.row.clocks[0].vacation_used == pytest.approx(3 * H)
    r = await alice.slash(clocked, "settings me", vacation="on")
    assert "used all your vacation" in r.response.content


async def test_restart_in_the_middle_of_a_clock_times_out_once_on_time(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=move:24h remind=0")
    await simcord_env.advance_time(20 * H)
    await simcord_env.restart_bot(bots())
    assert {t.kind for t in simcord_env.bot.services.timers.armed()} == {"clock", "reminder"}
    assert simcord_env.bot.manager.replays == 0  # armed from rows alone
    await simcord_env.advance_time(4 * H - 10)
    assert len(await moves(simcord_env, gid)) == 0
    await simcord_env.advance_time(20)
    got = await moves(simcord_env, gid)
    assert [(m.seat, m.actor) for m in got] == [(0, "timer")]
    await simcord_env.restart_bot(bots())
    await simcord_env.advance_time(60)
    assert len(await moves(simcord_env, gid)) == 1  # fired exactly once


async def test_a_clock_that_ran_out_while_the_bot_was_down_gets_a_grace_minute(
    simcord_env, table, bots
):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=move:1h remind=0")
    bot = simcord_env.bot
    await bot.shutdown()  # stop its timers: the bot is "down"
    await simcord_env.advance_time(2 * H)
    await simcord_env.restart_bot(bots())
    late = [t for t in texts(channel) if "I was offline when" in t]
    assert late == [
        f"⏳ I was offline when <@{alice.id}>'s time ran out, so they have 1 minute more."
    ]
    assert not any("Last warning" in t for t in texts(channel))  # no warning after the fact
    assert len(await moves(simcord_env, gid)) == 0
    await simcord_env.advance_time(61)
    assert len(await moves(simcord_env, gid)) == 1


async def test_games_lists_mine_waiting_first_with_links_and_settings_dm(simcord_env, table):
    guild, channel, (alice, bob, carol, _dave) = table
    gid1 = await open_toy(simcord_env, channel, alice, bob, "clock=move:1h")
    other = guild.create_text_channel("more")
    gid2 = await open_toy(simcord_env, other, bob, alice, "")
    r = await alice.slash(channel, "games")
    text = r.followups[-1].content if r.followups else r.response.content
    lines = text.splitlines()
    assert lines[0] == "⏳ 1 game(s) wait on you."
    assert lines[1].startswith(f"#{gid1} **Toy Race**") and "**your move**" in lines[1]
    assert "⏱️" in lines[1] and f"/channels/{guild.id}/{channel.id}/" in lines[1]
    assert lines[2].startswith(f"#{gid2} ") and "waiting for bob" in lines[2]
    r = await carol.slash(channel, "games")
    assert "no open games" in r.response.content
    r = await alice.user.slash("games")  # in a DM with the bot
    text = r.followups[-1].content if r.followups else r.response.content
    assert text.splitlines()[1].startswith(f"#{gid1} ")
    r = await alice.slash(channel, "settings me", reminders="dm")
    assert "DM" in r.response.content
    await simcord_env.advance_time(0.5 * H + 1)
    dms = alice.user.dm_channel.history()
    assert dms and "Reminder" in dms[-1].content and "/channels/" in dms[-1].content
    r = await bob.slash(channel, "settings me", vacation="on")
    assert r.ephemeral and "🏖️ bob is on vacation" in r.response.content
    r = await bob.slash(channel, "settings me", vacation="on")
    assert r.ephemeral and "already on vacation" in r.response.content


def test_rules_options_page_lists_the_clock_options_with_defaults(toy_game):
    from bot.rules_help import options_page

    text = options_page(toy_game)
    assert "`clock`" in text and "Default: **none**" in text
    assert "`timeouts`" in text and "Default: **3**" in text


async def test_bank_time_out_restarts_the_bank_at_the_increment(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    gid = await open_toy(simcord_env, channel, alice, bob, "clock=bank:2h+20m remind=0")
    await simcord_env.advance_time(2 * H - 30)
    assert len(await moves(simcord_env, gid)) == 0
    await simcord_env.advance_time(40)
    assert "⏰ **alice** ran out of time" in channel.last_message.content
    live = await simcord_env.bot.manager.load(gid)
    assert live.row.clocks[0].bank == pytest.approx(20 * 60)
    assert live.row.clocks[0].timeouts == 1
    await bob.slash(channel, "move", notation="add 1")  # alice's 20 minutes start now
    await simcord_env.advance_time(19 * 60)
    await alice.slash(channel, "move", notation="add 2")
    assert live.row.clocks[0].bank == pytest.approx(21 * 60, abs=2)  # 1 min left + 20 min
    assert live.row.clocks[0].timeouts == 0  # her own move resets the count


async def test_simultaneous_phase_runs_every_waiting_clock(simcord_env, table):
    """Masters of Commerce's negotiation waits on everyone: each seat's clock runs, and each
    time-out plays that seat's default move (``done``) once."""
    _guild, channel, (alice, bob, carol, _dave) = table
    r = await alice.slash(
        channel,
        "game new",
        game="masters_of_commerce",
        seed=2024,
        options="timer=7200 clock=move:1h remind=0",
    )
    lobby = r.response.message
    for m in (bob, carol):
        await m.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    gid = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    live = await simcord_env.bot.manager.load(gid)
    assert live.state.waiting_for() == frozenset({0, 1, 2})
    assert all(live.row.clocks[s].since is not None for s in range(3))
    await simcord_env.advance_time(40 * 60)
    await bob.slash(channel, "move", notation="done")  # bob is done: his clock stops
    assert live.row.clocks[1].since is None
    await simcord_env.advance_time(20 * 60 + 5)
    got = [(m.seat, m.notation, m.actor) for m in await moves(simcord_env, gid)]
    assert got == [(1, "done", "user"), (0, "done", "timer"), (2, "done", "timer")], got
    timed_out = [t for t in texts(channel) if "ran out of time" in t]
    assert len(timed_out) == 2
    assert "**alice** ran out of time" in timed_out[0] and "**carol**" in timed_out[1]
