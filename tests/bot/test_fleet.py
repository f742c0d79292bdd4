"""Several bot processes on one PostgreSQL database (issue 22), each a real process
(``tests/bot/fleet_worker.py``: the real manager, storage and timer service, Discord left
out): two processes moving in the same game at once; timers whose process was SIGKILLed fire
exactly once elsewhere; SIGKILL of one of two processes mid-game loses no acknowledged move.
Nothing here asserts a speed: each wait is for a line a process prints (or a lock the
database shows). A hang detector (not a speed target) ends a wait that has seen nothing for
``HANG_POLLS`` polls in a row, two minutes, with what the database and each process were
doing (``diagnose``), instead of letting a hung test hold CI."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import random
import signal
import threading
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from typing import Any, ClassVar

import pytest

from bot.db.postgres import PostgresDatabase
from bot.manager import STALE, GameManager
from bot.storage import Storage
from games.core import NotYourTurn
from tests.bot.forked import forked
from tests.bot.together import start_toy
from tests.pg import execute, pg_url  # noqa: F401 (fixture)

# The hang detector: a wait that sees nothing new for HANG_POLLS polls of POLL seconds in a
# row (two minutes; a move takes milliseconds, a worker starts in a few seconds even on a
# loaded machine) fails with ``diagnose``'s report. It detects hangs; it times nothing.
POLL = 2.0
HANG_POLLS = 60
LIVELOCK = 1000  # lines in a row without the one awaited: a refusal loop, not progress


def diagnose(url: str) -> str:
    """What the database's sessions and locks and each worker were doing: the report of a
    hang. Each worker's backends carry its pid (``application_name``); the workers write
    their asyncio tasks' stacks to stderr (captured with the test's output)."""
    from tests.pg import run_sync

    for w in Worker.started:
        if w.proc.poll() is None and "ready" in w.seen:  # (its handler is set by then)
            os.kill(w.proc.pid, signal.SIGUSR1)

    async def report() -> str:
        import asyncpg

        conn = await asyncpg.connect(url)
        try:
            sessions = await conn.fetch(
                "SELECT pid, application_name, state, wait_event_type, wait_event, "
                "pg_blocking_pids(pid) AS blocked_by, now() - xact_start AS in_xact, "
                "left(query, 80) AS query FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            locks = await conn.fetch(
                "SELECT pid, locktype, classid, objid, mode, granted FROM pg_locks "
                "WHERE locktype = 'advisory' OR NOT granted ORDER BY granted, pid"
            )
        finally:
            await conn.close()
        return "\n".join(
            [
                "sessions:",
                *(f"  {dict(r)}" for r in sessions),
                "locks (advisory, and every one not granted):",
                *(f"  {dict(r)}" for r in locks),
            ]
        )

    try:
        database = run_sync(report())
    except Exception as exc:  # the report must not hide the hang
        database = f"(the database could not be read: {exc!r})"
    workers = [
        f"worker pid {w.proc.pid} (exit code {w.proc.poll()}), last lines: {w.seen[-8:]}"
        for w in Worker.started
    ]
    return "\n".join([*workers, database])


def take(lines: queue.Queue[str], url: str, waiting: str) -> str:
    """The next line from ``lines``; fails with ``diagnose`` after ``HANG_POLLS`` empty polls."""
    for _ in range(HANG_POLLS):
        try:
            return lines.get(timeout=POLL)
        except queue.Empty:
            continue
    pytest.fail(
        f"hang detector: nothing printed for {HANG_POLLS} polls of {POLL:.0f} s while waiting "
        f"for {waiting}\n{diagnose(url)}"
    )


class Worker:
    """One fleet process (forked from a server that imported the bot once:
    ``tests/bot/forked.py``); its printed lines arrive on ``lines`` (a reader thread)."""

    started: ClassVar[list[Worker]] = []  # this test's workers (for ``diagnose``)

    def __init__(self, url: str, *, poll: float = 0.0, wait: bool = True) -> None:
        """Start the process; ``wait``: until it is ready (else call ``expect("ready")``)."""
        self.url = url
        self.proc = forked("tests.bot.fleet_worker", url, "--poll", str(poll))
        Worker.started.append(self)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.ready = False
        if wait:
            self.expect("ready")

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put("")  # the process ended

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def next(self, waiting: str = "a line") -> str:
        """The next printed line ('' once the process has ended)."""
        line = take(self.lines, self.url, f"{waiting} from worker pid {self.proc.pid}")
        self.seen.append(line)
        return line

    def expect(self, word: str) -> list[str]:
        """Lines up to and including the first that starts with ``word``; fails on an
        ``error`` line (the worker's play raised something unexpected)."""
        got: list[str] = []
        while True:
            line = self.next(repr(word))
            assert line, f"the worker ended before printing {word!r}: {got[-5:]}"
            assert not line.startswith("error"), f"worker pid {self.proc.pid}: {line}"
            got.append(line)
            if line.split()[0] == word:
                self.ready = True  # (it printed "ready" first)
                return got
            if len(got) >= LIVELOCK:
                pytest.fail(f"livelock: {len(got)} lines without {word!r}\n{diagnose(self.url)}")

    def kill(self, *, collect: bool = True) -> None:
        """SIGKILL; ``collect``: read the rest of what it printed before it died."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        while collect and self.next("the rest of what it printed"):
            pass

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.kill(collect=False)


@pytest.fixture(autouse=True)
def _workers(pg_url: str) -> Iterator[None]:
    """Each test's workers, for ``diagnose``; any still running at its end are killed
    (before its database is dropped)."""
    Worker.started.clear()
    yield
    for w in Worker.started:
        w.stop()


def forward(worker: Worker, to: queue.Queue[str]) -> None:
    """``worker``'s lines onto ``to`` until it ends (the reader of ``to`` detects hangs)."""
    while line := worker.lines.get():
        worker.seen.append(line)
        to.put(line)


async def new_toy(url: str, channel: int, **options: str) -> int:
    """A started two-player toy game (target 20 unless told: 39 moves); returns its id."""
    storage = Storage(url, pool_size=2)
    await storage.open()
    try:
        manager = GameManager(storage, lambda: datetime.now(UTC))
        target = int(options.pop("target", "20"))
        return (await start_toy(manager, channel, target=target, **options)).id
    finally:
        await storage.close()


async def stored_moves(url: str, game_id: int) -> list[tuple[int, str, str]]:
    """``(seq, notation, actor)`` of the game's stored line, and a check that it replays."""
    storage = Storage(url, pool_size=2)
    await storage.open()
    try:
        moves = await storage.moves(game_id)
        live = await GameManager(storage, lambda: datetime.now(UTC)).load(game_id)
        assert live.seq == len(moves)
        return [(m.seq, m.notation, m.actor) for m in moves]
    finally:
        await storage.close()


def acks(lines: list[str], game_id: int) -> list[int]:
    return [int(w[2]) for w in (x.split() for x in lines) if w[:2] == ["ack", str(game_id)]]


async def test_two_processes_move_in_one_game_at_once(pg_url, toy_game):
    """Both processes answer every move of both players of one game: each move is applied
    once, in order, and each process either acknowledges a move or refuses it truthfully
    (the board moved on in the other process)."""
    gid = await new_toy(pg_url, 1)
    a, b = Worker(pg_url), Worker(pg_url)
    try:
        a.send(f"play {gid}")
        b.send(f"play {gid}")
        lines_a, lines_b = a.expect("over"), b.expect("over")
    finally:
        a.stop()
        b.stop()
    moves = await stored_moves(pg_url, gid)
    assert [m[0] for m in moves] == list(range(39)) and {m[1] for m in moves} == {"add 1"}
    got_a, got_b = acks(lines_a, gid), acks(lines_b, gid)
    assert sorted(got_a + got_b) == list(range(39))  # every move answered once, by one
    assert got_a == sorted(got_a) and got_b == sorted(got_b)
    refusals = [x for x in lines_a + lines_b if x.startswith("refused")]
    truthful = (STALE, "This game is over; no more moves can be made.")
    assert all(x.endswith(truthful) for x in refusals), {
        x for x in refusals if not x.endswith(truthful)
    }
    # for the record: how the moves were shared (a loaded machine may let one process play
    # most of the game before the other runs, so this is not asserted)
    print(f"\nacknowledged {len(got_a)} + {len(got_b)}, refused {len(refusals)} as stale")


async def until_row(conn: Any, url: str, what: str, sql: str, *args: Any) -> Any:
    """Poll ``sql`` (on ``conn``) until it returns a row; its first value. The hang detector
    ends the wait after ``HANG_POLLS`` polls of ``POLL`` seconds."""
    for _ in range(HANG_POLLS * 20):
        value = await conn.fetchval(sql, *args)
        if value is not None:
            return value
        await asyncio.sleep(POLL / 20)
    pytest.fail(f"hang detector: still waiting for {what}\n{diagnose(url)}")


BLOCKED_BY = (
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
    "AND $1 = ANY(pg_blocking_pids(pid)) LIMIT 1"
)


async def test_a_move_still_committing_when_its_process_dies_is_not_overtaken(pg_url, toy_game):
    """A process is SIGKILLed while the server is still committing its move. Its game lock
    is released when its lock connection closes, which may be before that commit ends (the
    lock and the transaction are two connections); the next process to hold the game must
    wait for the commit and continue from it, not fail to commit on a copy read before it
    (this is how the SIGKILL trials below hung once: the survivor's move raised StaleMove,
    its play stopped, and it never printed 'over'). Made deterministic here: a deferred
    trigger holds the commit of move 2 on a lock the test holds, and the test lets it go
    only once the other process waits on the dying commit."""
    import asyncpg

    from bot.db.base import lock_key

    gid = await new_toy(pg_url, 5, target="6")  # 11 moves
    conn = await asyncpg.connect(pg_url)
    hold = lock_key("test", 22)
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", hold)
        await conn.execute(
            "CREATE FUNCTION held_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            f"PERFORM pg_advisory_xact_lock_shared({hold}); RETURN NULL; END $$"
        )
        await conn.execute(
            "CREATE CONSTRAINT TRIGGER held_commit AFTER INSERT ON moves "
            "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW "
            f"WHEN (NEW.game_id = {gid} AND NEW.seq = 2) EXECUTE FUNCTION held_commit()"
        )
        victim = Worker(pg_url)
        victim.send(f"play {gid}")
        victim.expect("ack")
        victim.expect("ack")  # moves 0 and 1; move 2's commit now waits for the test
        committing = await until_row(
            conn, pg_url, "move 2's commit to wait", BLOCKED_BY, conn.get_server_pid()
        )
        victim.kill()
        survivor = Worker(pg_url)
        survivor.send(f"play {gid}")
        await until_row(
            conn, pg_url, "the survivor to wait for the dying commit", BLOCKED_BY, committing
        )
        await conn.execute("SELECT pg_advisory_unlock($1)", hold)
        got = acks(survivor.expect("over"), gid)
    finally:
        await conn.close()
    assert acks(victim.seen, gid) == [0, 1]
    assert got == list(range(3, 11))  # move 2 is the dead process's, committed unanswered
    moves = await stored_moves(pg_url, gid)
    assert [m[0] for m in moves] == list(range(11)) and {m[1] for m in moves} == {"add 1"}


async def test_a_move_overtaken_without_the_lock_is_refused_as_stale(pg_url, toy_game, monkeypatch):
    """If the stored line moves on while a process holds the game (another process lost its
    lock session, e.g. a dropped connection, and moved anyway), the holder's commit finds
    the line changed: the player is told their board is out of date (a ``GameError``, as for
    a stale button), nothing of theirs is written, and their next move plays on the new
    line. Two managers in this process; the second one's lock is taken away, and its move
    is made (on a loop of its own) just before the first one's commit starts."""
    from tests.pg import run_sync

    gid = await new_toy(pg_url, 6)
    holder, lost = Storage(pg_url, pool_size=2), Storage(pg_url, pool_size=2)
    await holder.open()
    other: list[int] = []

    @contextlib.asynccontextmanager
    async def unlocked(_game_id: int) -> AsyncIterator[None]:
        yield  # (its lock session was lost: it holds nothing)

    async def overtake() -> None:
        await lost.open()
        try:
            manager = GameManager(lost, lambda: datetime.now(UTC))
            monkeypatch.setattr(manager, "exclusive", unlocked)
            other.append((await manager.play(gid, 1, "add 1")).seq)
        finally:
            await lost.close()

    def trace(sql: str) -> None:
        if sql == "BEGIN" and not other:  # the first write of the holder's move
            run_sync(overtake())

    try:
        manager = GameManager(holder, lambda: datetime.now(UTC))
        assert isinstance(holder.database, PostgresDatabase)
        holder.database.trace = trace
        with pytest.raises(NotYourTurn) as refused:
            await manager.play(gid, 1, "add 1")
        holder.database.trace = None
        assert refused.value.message == STALE
        assert other == [0]
        assert (await manager.play(gid, 2, "add 1")).seq == 1
    finally:
        await holder.close()
    moves = await stored_moves(pg_url, gid)
    assert [m[0] for m in moves] == [0, 1]


async def test_a_load_is_one_line_while_another_process_moves(pg_url, toy_game, monkeypatch):
    """A process loads a game (a board to show, whose turn it is) while another commits the
    game's last move between the reads of that load: the copy it gets has one line, whose
    row, stamp and state agree (before, the state could hold the new move and be over while
    the row still said running: a fleet worker then found nobody to act and stopped, another
    hang of the SIGKILL trials). The next load has the finished game."""
    gid = await new_toy(pg_url, 7, target="2")  # 3 moves
    reader, mover = Storage(pg_url, pool_size=2), Storage(pg_url, pool_size=2)
    await reader.open()
    await mover.open()
    try:
        other = GameManager(mover, lambda: datetime.now(UTC))
        await other.play(gid, 1, "add 1")
        await other.play(gid, 2, "add 1")
        moved: list[int] = []

        def then_move(read: Any) -> Any:
            async def wrapped(*args: Any) -> Any:
                result = await read(*args)
                if not moved:  # the other process's last move
                    moved.append((await other.play(gid, 1, "add 1")).seq)
                return result

            return wrapped

        # whichever read a load starts with, the move lands right after it
        for name in ("game_and_stamp", "game_line", "get_game", "line_stamp"):
            monkeypatch.setattr(reader, name, then_move(getattr(reader, name)))
        manager = GameManager(reader, lambda: datetime.now(UTC))
        live = await manager.load(gid)
        assert moved == [2]
        assert live.stamp is not None and live.seq == live.stamp[0]
        assert (live.row.status == "running") == (live.state.outcome() is None)
        assert live.row.status == "running" and live.seq == 2  # what was read first
        again = await manager.load(gid)
        assert again.seq == 3 and again.row.status == "finished"
        assert again.state.outcome() is not None
    finally:
        await reader.close()
        await mover.close()


async def test_a_killed_processs_timers_fire_once_elsewhere(pg_url, toy_game):
    """Process A arms a game's turn timer and is SIGKILLed before it is due; of the two
    processes left, exactly one fires it. A timer claimed by a process that died fires once
    its claim has run out, not before."""
    b, c = Worker(pg_url, poll=0.5), Worker(pg_url, poll=0.5)
    for w in (b, c):
        w.send("timers")
        w.expect("armed")
    try:
        # an hour's turn timer, so that nothing fires before A has armed it and died
        gid = await new_toy(pg_url, 2, timer="3600")
        a = Worker(pg_url, poll=0.5)
        a.send("timers")
        a.expect("armed")  # the game's timer is armed in A, and nowhere else
        a.kill()
        due = time.time() + 1
        await execute(pg_url, "UPDATE timers SET due = ? WHERE game_id = ?", (due, gid))
        lines = queue.Queue[str]()
        for w in (b, c):  # both survivors' lines, as they come, until they end
            threading.Thread(target=forward, args=(w, lines), daemon=True).start()
        fired: list[tuple[int, int, float]] = []  # (game, seq, when)

        def until_fired(game: int) -> tuple[int, int, float]:
            while True:
                word = take(lines, pg_url, f"game {game} to fire").split()
                if word and word[0] == "fired":
                    fired.append((int(word[1]), int(word[2]), float(word[3])))
                    if fired[-1][0] == game:
                        return fired[-1]

        first = until_fired(gid)
        # A claim left by a process that died: the timer fires once the claim runs out.
        gid2 = await new_toy(pg_url, 3, timer="3600")
        claim_until = time.time() + 3
        await execute(
            pg_url,
            "UPDATE timers SET due = ?, lease_owner = 'dead', lease_until = ? WHERE game_id = ?",
            (time.time(), claim_until, gid2),
        )
        second = until_fired(gid2)
        assert second[2] >= claim_until
    finally:
        b.stop()
        c.stop()
    # each timer fired once (the next ones are an hour away)
    assert [(g, s) for g, s, _ in fired] == [(gid, 0), (gid2, 0)]
    moves = await stored_moves(pg_url, gid)
    assert [(s, a) for s, _, a in moves] == [(0, "timer")]
    assert [(s, a) for s, _, a in await stored_moves(pg_url, gid2)] == [(0, "timer")]
    # for the record (not a test of speed): how long after it was due the timer fired, and
    # how long after a dead process's claim ran out (the workers poll every 0.5 s; the bot's
    # default is 2 s with 6 s claims, so at most 8 s plus these overheads)
    print(
        f"\nthe killed process's timer fired {first[2] - due:.2f} s after it was due; "
        f"a dead claim's timer {second[2] - claim_until:.2f} s after the claim ran out"
    )


TRIALS = int(os.environ.get("BOARDROOM_FLEET_TRIALS", "20"))
"""Trials of the SIGKILL test below: 20 in the default run (10 kills of each process; a
trial's new process is forked, not started: ``tests/bot/forked.py``), more for the long
loop (``BOARDROOM_FLEET_TRIALS=200 BOARDROOM_FLEET_SEED=N pytest tests/bot/test_fleet.py
-k sigkill``; README, "Development")."""


async def test_sigkill_of_one_of_two_processes_loses_no_acknowledged_move(pg_url, toy_game):
    """``TRIALS`` trials: two processes play the same game; one is SIGKILLed at a random
    moment (it may be inside a commit); the other finishes the game. Every acknowledged move
    is stored, once, and the game replays to exactly its stored line. The moments of the
    kills come from seed 22, or ``BOARDROOM_FLEET_SEED`` (to run many different trials)."""
    rnd = random.Random(int(os.environ.get("BOARDROOM_FLEET_SEED", "22")))
    workers = [Worker(pg_url), Worker(pg_url)]
    acked: dict[int, list[int]] = {}
    try:
        for trial in range(TRIALS):
            gid = await new_toy(pg_url, 100 + trial, target="6")  # 11 moves
            victim, survivor = workers[trial % 2], workers[1 - trial % 2]
            if not victim.ready:
                victim.expect("ready")  # started while an earlier trial finished
            start = len(victim.seen)
            victim.send(f"play {gid}")
            survivor.send(f"play {gid}")
            for _ in range(rnd.randint(1, 6)):
                if victim.next().startswith("over"):
                    break
            victim.kill()  # also collects what it printed before it died
            workers[trial % 2] = Worker(pg_url, wait=False)  # the killed process comes back
            acked[gid] = acks(victim.seen[start:], gid) + acks(survivor.expect("over"), gid)
    finally:
        for w in workers:
            w.stop()
    for gid, seqs in acked.items():
        moves = await stored_moves(pg_url, gid)
        assert len(seqs) == len(set(seqs)), (gid, seqs)  # no move acknowledged twice
        assert set(seqs) <= {m[0] for m in moves}, (gid, sorted(set(seqs) - {m[0] for m in moves}))
        assert [m[0] for m in moves] == list(range(len(moves)))
