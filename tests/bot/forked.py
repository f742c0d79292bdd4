"""Bot processes for the crash tests (``test_sigkill``, ``test_fleet``), forked instead of
started afresh.

``python -m tests.bot.fleet_worker …`` spends about 1.4 s of CPU importing the bot (discord.py,
the games, the renderers) before it does anything, and the crash tests start a process for
every SIGKILL. ``forked(module, *args)`` runs the same ``python -m module args`` in a process
forked from multiprocessing's fork server, which imported ``WORKERS`` once (Python's
``multiprocessing`` "forkserver" start method: the server is single-threaded, so a fork of it
is a clean process). Each child is still a process of its own, with its own database
connections, killed by a real SIGKILL; only the imports are shared, as pages of memory.
"""

from __future__ import annotations

import multiprocessing
import os
import runpy
import signal
import sys
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
WORKERS = ["tests.bot.sigkill_worker", "tests.bot.fleet_worker"]
"""The modules the fork server imports once (with everything they import)."""

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(WORKERS)


def _main(
    module: str, args: list[str], stdin: Connection, stdout: Connection, err: Connection
) -> None:
    """The child: ``python -m module args`` with the given pipes as fds 0 and 1 and the
    parent's stderr (a test's captured output) as fd 2."""
    for conn, fd in ((stdin, 0), (stdout, 1), (err, 2)):
        os.dup2(conn.fileno(), fd)
        conn.close()
    sys.stdin = open(0, closefd=False)  # noqa: SIM115 (the process's own)
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
    os.chdir(ROOT)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


class Forked:
    """A forked ``python -m module args``, used as ``subprocess.Popen(…, stdin=PIPE,
    stdout=PIPE, text=True)`` is: ``pid``, ``stdin``, ``stdout``, ``poll()``, ``wait()``,
    ``send_signal()``."""

    def __init__(self, module: str, *args: str) -> None:
        child_in, self._in = os.pipe()
        self._out, child_out = os.pipe()
        ends = [Connection(child_in), Connection(child_out), Connection(os.dup(2))]
        self._process = _CONTEXT.Process(target=_main, args=(module, list(args), *ends))
        self._process.start()
        for end in ends:  # the child has its copies
            end.close()
        self.stdin: IO[str] = open(self._in, "w")  # noqa: SIM115 (closed by the caller's end)
        self.stdout: IO[str] = open(self._out)  # noqa: SIM115
        assert self._process.pid is not None
        self.pid: int = self._process.pid

    def poll(self) -> int | None:
        """The exit code (negative: the signal that ended it), or ``None`` while it runs."""
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int | None:
        self._process.join(timeout)
        return self._process.exitcode

    def send_signal(self, sig: int) -> None:
        os.kill(self.pid, sig)


def forked(module: str, *args: str) -> Forked:
    """``python -m module args`` forked from the fork server (see the module's docstring)."""
    return Forked(module, *args)
