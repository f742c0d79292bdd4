"""``boardroom preview`` without a browser (issue 8): stable ids across restarts, the virtual
clock on the wall clock, countdowns against the current time, the page republished when a
timer fires while nobody acts, unfinished games reposted after a restart, and the DM/thread
views of the bar."""

from __future__ import annotations

import socket
import time
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import preview as pv
from bot.app import create_bot


class Wall:
    """A wall clock the test moves by hand (Unix seconds)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


class Running:
    def __init__(self, world: pv.World, bot: Any) -> None:
        self.world = world
        self.bot = bot


async def started(db: Path) -> Running:
    bot = create_bot(db)
    world = pv.build_world(simcord, bot, 4)
    await world.env.start()
    return Running(world, bot)


async def stopped(run: Running) -> None:
    await run.world.env.shutdown()
    await run.bot.shutdown()


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[Running]:
    run = await started(tmp_path / "preview.sqlite3")
    yield run
    await stopped(run)


async def start_moc(run: Running, timer: int = 60) -> None:
    alice, bob, carol, _ = run.world.members
    channel = run.world.channel
    r = await alice.slash(channel, "game new", game="masters_of_commerce", options=f"timer={timer}")
    lobby = r.response.message
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await run.bot.services.publisher.drain()
    await run.world.env.settle()


def page_messages(preview: Any) -> list[dict[str, Any]]:
    snapshot = preview._python.snapshot
    return sorted(snapshot["messages"].values(), key=lambda m: int(m["id"]))


def presented(preview: Any) -> float:
    return datetime.fromisoformat(
        preview._python.snapshot["profile"]["presentationTime"]
    ).timestamp()


async def test_ids_are_the_same_at_every_start_and_the_clock_is_real_time(tmp_path: Path) -> None:
    worlds = []
    for n in range(2):
        bot = create_bot(tmp_path / f"{n}.sqlite3")
        world = pv.build_world(simcord, bot, 4)
        worlds.append(world)
        assert abs(world.env.now().timestamp() - time.time()) < 5
        bot.services.boards.close()
    a, b = worlds
    assert (a.guild.id, a.channel.id) == (b.guild.id, b.channel.id)
    assert [m.id for m in a.members] == [m.id for m in b.members]
    assert [m.name for m in a.members] == ["alice", "bob", "carol", "dave"]


async def test_timer_warning_and_expiry_reach_the_page_with_correct_countdowns(
    running: Running,
) -> None:
    """Nobody acts: the clock keeper fires the timer and republishes the page; the page's
    presentation time is the current time, so `<t:…:R>` reads the real time left."""
    run = running
    env = run.world.env
    await start_moc(run, timer=60)
    [timer] = run.bot.services.timers.armed()
    wall = Wall()
    keeper = pv.ClockKeeper(run.world, run.bot.services.timers.has_timers, wall)
    async with env.preview(run.world.channel, viewers=run.world.members, layout="channel") as page:
        keeper.attach(page)
        await keeper.step()
        before = page._python.revision
        count = len(page_messages(page))

        wall.now = timer.due - 25  # 5 s after the 30-seconds warning was due
        await keeper.step()
        assert page._python.revision > before  # republished without any action
        warning = page_messages(page)[-1]
        assert (
            "30 seconds left" in warning["content"]
            and f"<t:{int(timer.due)}:R>" in (warning["content"])
        )
        # the countdown is rendered against the current time: 25 s left, not minutes
        assert abs((timer.due - presented(page)) - 25) < 1.5

        wall.now = timer.due + 1
        await keeper.step()
        messages = page_messages(page)
        assert len(messages) > count + 1  # the expiry's new board is on the page
        assert abs(presented(page) - wall.now) < 1.5
        assert "Negotiation" in warning["content"]  # the phase the warning was about ...
        assert "Negotiation" not in messages[-1]["content"].split("\n", 1)[0]  # ... is over


async def test_a_click_on_a_page_republished_only_for_countdowns_is_not_stale(
    running: Running,
) -> None:
    run = running
    env = run.world.env
    await start_moc(run, timer=600)
    keeper = pv.ClockKeeper(run.world, run.bot.services.timers.has_timers)
    async with env.preview(run.world.channel, viewers=run.world.members, layout="channel") as page:
        keeper.attach(page)
        await keeper.step()
        python = page._python
        shown = python.revision
        keeper._last_refresh = 0.0  # a countdown refresh is due
        await keeper.step()
        assert python.revision > shown
        body = keeper._forward_revision(python, {"published_revision": shown})
        assert body["published_revision"] == python.revision
        # after a real change (a message posted) the old revision stays stale
        await run.bot.get_channel(run.world.channel.id).send("something new")
        await env.settle()
        await keeper.step()
        body = keeper._forward_revision(python, {"published_revision": shown})
        assert body["published_revision"] == shown


async def test_after_a_restart_each_unfinished_game_shows_its_current_board(
    tmp_path: Path,
) -> None:
    """A running game in #games and a lobby in a thread: after a restart on the same
    database the board is reposted with working buttons, the thread is back under its old
    id with its lobby, and the welcome text fits."""
    db = tmp_path / "preview.sqlite3"
    run = await started(db)
    with run.world.env.time_context():
        await start_moc(run, timer=600)
        thread = await run.world.open_thread("table 2", run.world.members[3].id)
        await run.world.members[3].slash(thread, "game new", game="kenchiku")
    await stopped(run)

    run = await started(db)
    env = run.world.env
    try:
        with env.time_context():
            rows = await pv.unfinished_games(run.bot, run.world.guild.id)
            assert [r.status for r in rows] == ["running", "lobby"]
            text = pv.welcome_text(1, 1)
            assert "One game continues below and one game continues in its thread" in text
            assert "/game new" not in text
            assert await pv.greet(run.bot, run.world) == 2
            await env.settle()
            history = run.world.channel.history()
            assert pv.welcome_text(1, 1) == history[0].content  # the welcome comes first
            board = next(m for m in history if pv.RESTARTED in m.content)
            assert "Masters of Commerce" in board.content
            assert board.attachments  # the board image
            r = await run.world.members[0].click(board, label="Play")
            assert r.ephemeral and "you are" in r.response.content

            [back] = run.world.channel.threads
            assert back.id == thread.id and back.name == f"game #{rows[1].id}"
            lobby = back.last_message
            assert pv.RESTARTED_LOBBY in lobby.content
            await run.world.members[1].click(lobby, label="Join")
            await run.world.members[3].click(lobby, label="Start")
            assert "has started" in back.last_message.content
    finally:
        await stopped(run)


async def test_the_bar_lists_dms_with_unread_counts_and_threads(running: Running) -> None:
    run = running
    world = run.world
    await start_moc(run, timer=600)
    keeper = pv.ClockKeeper(world, run.bot.services.timers.has_timers)
    switcher = pv.Switcher(world, keeper, pv.bind(0))
    await switcher.start()
    try:
        await switcher.open("channel")
        live = await run.bot.manager.live_in_channel(world.channel.id)
        view = live.state.view(None)
        deed = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
        alice, bob = world.members[:2]
        await alice.slash(world.channel, "move", notation=f"offer {deed} 20000")
        bar = switcher.views()
        dms = {v["label"]: v for v in bar["groups"][1]["views"]}
        assert dms["bob"]["unread"] == 1 and dms["alice"]["unread"] == 0
        assert "bob (1)" in bar["note"]

        preview = await switcher.open(f"dm:{bob.id}")
        assert preview.channel.id == bob.user.dm_channel.id
        assert [v.id for v in preview.viewers] == [bob.id]
        dms = {v["label"]: v for v in switcher.views()["groups"][1]["views"]}
        assert dms["bob"]["unread"] == 0  # read now
        preview = await switcher.open("channel")
        assert preview.viewers[0].id == bob.id  # back in #games as bob

        view = await switcher.new_thread()  # the bar's "+ thread", as bob
        preview = await switcher.open(view)
        [thread] = world.channel.threads
        assert view == f"thread:{thread.id}" and preview.channel.id == thread.id
        assert preview.viewers[0].id == bob.id
        labels = [v["label"] for v in switcher.views()["groups"][0]["views"]]
        assert labels == ["#games", "🧵 table 2", "+ thread"]
        with pytest.raises(ValueError, match="unknown view"):
            switcher._target("voice:1")
    finally:
        await switcher.close()


async def test_a_busy_port_gets_a_clear_error(tmp_path: Path) -> None:
    """Issue 17: a second preview on a busy port stops before it opens the database (so it
    arms no timer and edits no board of the games the first one runs)."""
    database = tmp_path / "second.sqlite3"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit, match=f"port {port} is not free.*--port"):
            pv.bind(port)
        with pytest.raises(SystemExit, match=f"port {port} is not free"):
            await pv.run_preview(database, port=port)
    assert not database.exists()  # never opened


async def test_a_request_to_a_closed_session_is_a_503_not_a_traceback(
    running: Running, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 17: the page still talks to the SimCord session a switch (+ thread, DMs) just
    closed; the pass-through answers 503 (the bar reloads) and logs no error."""
    import aiohttp

    keeper = pv.ClockKeeper(running.world, running.bot.services.timers.has_timers)
    switcher = pv.Switcher(running.world, keeper, pv.bind(0))
    await switcher.start()
    try:
        await switcher.open("channel")
        gone = pv.bind(0)  # a loopback port nobody answers on any more
        port = gone.getsockname()[1]
        gone.close()
        switcher.preview._server.port = port  # as if the session had just closed
        url = f"http://127.0.0.1:{switcher.port}/api/state"
        async with aiohttp.ClientSession() as http, http.get(url) as answer:
            assert answer.status == 503
            assert "reload" in await answer.text()
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
    finally:
        await switcher.close()


async def test_a_closed_dm_no_longer_counts_as_unread(running: Running) -> None:
    """Issue 17: an offer answered in the channel closes its DM (controls disabled); the
    bar stops counting it as new."""
    run = running
    world = run.world
    await start_moc(run, timer=600)
    keeper = pv.ClockKeeper(world, run.bot.services.timers.has_timers)
    switcher = pv.Switcher(world, keeper, pv.bind(0))
    await switcher.start()
    try:
        await switcher.open("channel")
        live = await run.bot.manager.live_in_channel(world.channel.id)
        view = live.state.view(None)
        deed = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
        alice, bob = world.members[:2]
        await alice.slash(world.channel, "move", notation=f"offer {deed} 20000")

        def unread() -> int:
            dms = {v["label"]: v for v in switcher.views()["groups"][1]["views"]}
            return int(dms["bob"]["unread"])

        assert unread() == 1
        await bob.slash(world.channel, "move", notation=f"accept {deed} p1")
        assert unread() == 0
    finally:
        await switcher.close()
