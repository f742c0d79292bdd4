"""Run the test suite on a busy machine: the README's test command beside CPU-bound processes.

    python -m tools.busy_suite                 # pytest -n 2 -q beside two busy processes
    python -m tools.busy_suite --busy 3 -- tests/bot -x

Each busy process spins a core until the suite ends (then it is stopped, by its own id).
The suite must pass this way: no test may depend on how fast the machine is (issue 20).
Prints the machine's load before and after, the suite's wall time and its exit status, and
exits with the suite's status.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time


def spin() -> None:
    """Keep one core busy until stopped."""
    n = 0
    while True:
        n = (n * 1103515245 + 12345) & 0x7FFFFFFF


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} CPUs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.busy_suite", description=__doc__)
    parser.add_argument("--busy", type=int, default=2, help="CPU-bound processes (default 2)")
    parser.add_argument("--workers", default="2", help="pytest-xdist workers (default 2)")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = parser.parse_args(argv)
    command = [sys.executable, "-m", "pytest", "-n", args.workers, "-q", *args.pytest_args]
    busy = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for p in busy:
        p.start()
    print(f"== {args.busy} busy processes started; {load()}", flush=True)
    print("== " + " ".join(command), flush=True)
    started = time.monotonic()
    try:
        status = subprocess.call(command)
    finally:
        for p in busy:
            p.terminate()
        for p in busy:
            p.join(5)
    minutes, seconds = divmod(time.monotonic() - started, 60)
    print(
        f"== suite exit status {status} after {int(minutes)} min {seconds:.0f} s "
        f"beside {args.busy} busy processes; {load()}",
        flush=True,
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
