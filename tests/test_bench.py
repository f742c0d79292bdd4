"""``boardroom bench`` as a user runs it (issue 20): installed, from any directory, with no
``tests`` package on the path; a failing mode gives one line and a non-zero exit; a mode
name that matches nothing is refused. (The whole ``--smoke`` run is in ``.ci/run``.)"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.bench import Run

BOARDROOM = shutil.which("boardroom", path=str(Path(sys.executable).parent))


def bench(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    assert BOARDROOM is not None, "the boardroom command is installed with the package"
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [BOARDROOM, "bench", *args],
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.skipif(BOARDROOM is None, reason="boardroom is not installed in this environment")
def test_bench_runs_outside_the_repository(tmp_path: Path) -> None:
    done = bench(tmp_path, "--smoke", "--only", "platform.ratings")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    metrics = {line["metric"] for line in lines if "metric" in line}
    assert {"platform.ratings.rate_game", "platform.ratings.leaderboard"} <= metrics


async def test_a_failing_mode_is_one_line_and_the_run_goes_on(capsys) -> None:
    run = Run("smoke")
    ran: list[str] = []

    async def broken() -> None:
        raise sqlite3.OperationalError("unable to open database file\n(details)")

    async def fine() -> None:
        ran.append("fine")

    await run.mode("platform.broken", broken)
    await run.mode("platform.fine", fine)
    assert run.failed == ["platform.broken"] and ran == ["fine"]
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "boardroom bench: platform.broken failed: OperationalError: unable to open database "
        "file (details)"
    ]


def test_a_thread_left_running_does_not_keep_the_process_alive() -> None:
    """A failure that leaves a database worker thread running (a non-daemon thread) must not
    keep ``boardroom bench`` from exiting: after its grace period it exits anyway."""
    code = (
        "import threading, time\n"
        "from bot.cli import exit_promptly\n"
        "threading.Thread(target=time.sleep, args=(3600,), name='stuck').start()\n"
        "raise SystemExit(exit_promptly(1, grace=0.1))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 1
    assert "thread 'stuck' still running; exiting anyway" in done.stderr


@pytest.mark.skipif(BOARDROOM is None, reason="boardroom is not installed in this environment")
def test_an_unknown_mode_is_refused(tmp_path: Path) -> None:
    done = bench(tmp_path, "--smoke", "--only", "no.such.mode")
    assert done.returncode == 2
    assert "no mode matches --only 'no.such.mode'" in done.stderr


async def test_in_flight_reports_cpu_per_move_of_the_bot_and_of_its_render_workers() -> None:
    """Beside moves per second (which a loaded machine lowers), the bench reports CPU per
    move: the bot's process and its render processes (which report their CPU per board)."""
    from bot.bench_platform import bench_in_flight

    got: dict[str, list[float]] = {}

    def emit(metric: str, unit: str, samples: Sequence[float], target: str | None = None) -> None:
        got[metric] = list(samples)

    await bench_in_flight(emit, 2, (2,), 2)
    main = got["platform.in_flight_2.cpu_main_per_move"]
    render = got["platform.in_flight_2.cpu_render_per_move"]
    assert len(main) == len(render) == 2  # one figure per round
    assert all(ms > 0 for ms in main + render)


def test_simcord_callback_records_compare_by_identity_only_inside_the_bench() -> None:
    """The bench's ``identity_callbacks`` drops SimCord's generated field-by-field equality of
    its callback records for the block (a removal from its list then costs no Python call
    per pending callback) and puts it back afterwards, so the test suite runs SimCord as is."""
    from simcord import _runtime

    from bot.bench_platform import identity_callbacks

    record = _runtime._CallbackRecord
    a, b = record(None, None, "same"), record(None, None, "same")
    assert a == b  # SimCord's dataclass equality
    with identity_callbacks():
        assert a != b and a == a
        assert [a, b].index(b) == 1
        pending = [a, b]
        pending.remove(b)
        assert pending == [a] and pending[0] is a
    assert a == b


async def test_poisson_reports_where_each_moves_time_goes() -> None:
    """The Poisson mode splits each move's latency into stages (``STAGES``) that add up to
    it, and reports SQLite's and the render pool's waits and the event loop's lag."""
    from bot.bench_platform import STAGES, bench_poisson

    got: dict[str, list[float]] = {}
    notes: list[str] = []

    def emit(metric: str, unit: str, samples: Sequence[float], target: str | None = None) -> None:
        got[metric] = list(samples)

    import bot.bench_platform as bp

    original = bp.note
    bp.note = notes.append
    try:
        await bench_poisson(emit, 3, (4.0,), 1.0)
    finally:
        bp.note = original
    latencies = got["platform.poisson_4.move_latency"]
    assert latencies, "no move was answered"
    stages = [got[f"platform.poisson_4.stage.{stage}"] for stage in STAGES]
    assert all(len(s) == len(latencies) for s in stages)
    assert all(ms >= 0 for s in stages for ms in s)
    # each move's stages add up to its latency (the same clock readings, not a speed)
    sums = sorted(sum(parts) for parts in zip(*stages, strict=True))
    assert all(abs(a - b) < 1e-6 for a, b in zip(sums, sorted(latencies), strict=True))
    posted = got["platform.poisson_4.move_posted"]
    assert len(posted) == len(latencies) and max(posted) <= max(latencies)
    assert got["platform.poisson_4.db_lock_wait"] and got["platform.poisson_4.db_run"]
    assert got["platform.poisson_4.render_work"]  # boards were drawn
    assert got["platform.poisson_4.loop_lag"]
    assert any("the slowest" in n for n in notes)


async def test_a_benched_bot_stops_as_the_real_one_does(tmp_path: Path) -> None:
    """``simulated`` stops the bot the way ``boardroom run`` does (``Boardroom.close``: its
    cogs unloaded, then timers, render pool and database): the replay thread of the game-over
    summaries ends, so ``boardroom bench`` no longer waits out its grace period for it and
    exits without "thread 'replay_0' still running" (nor leaked semaphores from killing the
    render processes)."""
    import asyncio

    from bot.bench_platform import simulated

    async with simulated(tmp_path / "stop.sqlite3") as (bot, _env):
        summaries = bot.get_cog("HistoryCog").summaries
        await asyncio.get_running_loop().run_in_executor(summaries._pool, int)  # thread up
        replay = list(summaries._pool._threads)  # this bot's (other tests' bots have theirs)
        assert replay, "the replay pool started its thread"
        boards = bot.services.boards
    assert not bot.storage.is_open
    assert boards._procs is None
    for thread in replay:
        thread.join(60)  # a hang detector (an idle thread ends at once), not a speed limit
        assert not thread.is_alive()
