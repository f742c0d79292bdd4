"""Tune the Carnegie plan (``games.carnegie.ai_plan.Plan``) by paired self-play of the prior
alone against Andrew (issue 21). Not a test.

    python -m tests.games.carnegie.tune_plan eval [first] [n] [field=value ...]
    python -m tests.games.carnegie.tune_plan ascent [first] [n] [passes]
    python -m tests.games.carnegie.tune_plan screen [first] [n] field=value[,field=value] ...

``screen`` plays each comma-separated variant (from every weight 0) against every weight 0.
``eval`` plays ``n`` solo games (seeds ``first``..) of ``CarnegiePrior(plan)`` with the given
fields changed from ``PLAN`` and of the session-27 prior (every weight 0) on the same seeds, and
prints both sides' mean VP, wins with a 95% Wilson interval, and the paired margin difference
(mean ± standard error). ``ascent``: coordinate ascent over ``STEPS`` from ``PLAN``, keeping a
change when it raises the mean margin over Andrew (player VP - Andrew VP) by more than half a
standard error of the paired difference. Games are played as ``bot.bench_ai.play`` plays them
(same seeds and move-order stream as ``measure_solo``).
"""

from __future__ import annotations

import dataclasses
import math
import sys
from typing import Any

from games.carnegie.ai_plan import PLAN, Plan
from games.carnegie.ai_search import CarnegiePrior
from tests.games.carnegie.measure_solo import play_instrumented

STEPS: dict[str, list[float]] = {
    "near_lobby": [1.0, 2.0, 3.0],
    "hr_staff": [2.0, 4.0, 8.0],
    "stand_empty": [1.0, 2.0, 4.0],
    "hr_row": [1.0, 2.0, 4.0],
    "dup_row": [0.0, 3.0, 7.0],
}
"""The values ``ascent`` tries per field."""
OFF = Plan()
"""Every plan weight 0: the session-27 prior."""


def play(plan: Plan, seed: int) -> tuple[int, int]:
    """One solo game of the prior with ``plan``: (player total, Andrew's total)."""
    game = play_instrumented("prior", seed, CarnegiePrior(plan))
    return int(game["player"]["total"]), int(game["andrew"]["total"])


def run(plan: Plan, seeds: range) -> list[tuple[int, int]]:
    return [play(plan, s) for s in seeds]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate ``k``/``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def summary(games: list[tuple[int, int]]) -> str:
    n = len(games)
    wins = sum(1 for a, b in games if a >= b)
    lo, hi = wilson(wins, n)
    mine = sum(a for a, _ in games) / n
    his = sum(b for _, b in games) / n
    rate = f"{100 * wins / n:.0f}%, CI {100 * lo:.0f}-{100 * hi:.0f}"
    return f"{mine:.1f} VP to {his:.1f}, wins {wins}/{n} ({rate})"


def paired(new: list[tuple[int, int]], old: list[tuple[int, int]]) -> tuple[float, float]:
    """Mean and standard error of the per-seed margin difference (new - old)."""
    diffs = [(a - b) - (c - d) for (a, b), (c, d) in zip(new, old, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def margin(games: list[tuple[int, int]]) -> float:
    return sum(a - b for a, b in games) / len(games)


def _parse(args: list[str], base: Plan) -> Plan:
    changes: dict[str, Any] = {}
    for a in args:
        k, v = a.split("=")
        changes[k] = float(v)
    return dataclasses.replace(base, **changes)


def main() -> None:
    cmd = sys.argv[1]
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    seeds = range(first, first + n)
    if cmd == "eval":
        plan = _parse(sys.argv[4:], PLAN)
        new, old = run(plan, seeds), run(OFF, seeds)
        mean, se = paired(new, old)
        print(plan)
        print("plan:", summary(new))
        print("off: ", summary(old))
        print(f"margin difference {mean:+.2f} ± {se:.2f} VP")
        return
    if cmd == "screen":
        old = run(OFF, seeds)
        print("off:", summary(old), flush=True)
        for arg in sys.argv[4:]:
            plan = _parse(arg.split(","), OFF)
            new = run(plan, seeds)
            mean, se = paired(new, old)
            print(f"{arg}: {summary(new)}; {mean:+.2f} ± {se:.2f}", flush=True)
        return
    passes = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    best = PLAN
    best_games = run(best, seeds)
    print("start", best, summary(best_games), flush=True)
    for _ in range(passes):
        for name, values in STEPS.items():
            for v in values:
                if getattr(best, name) == v:
                    continue
                trial = dataclasses.replace(best, **{name: v})
                games = run(trial, seeds)
                mean, se = paired(games, best_games)
                print(f"  {name}={v}: {summary(games)}; {mean:+.2f} ± {se:.2f}", flush=True)
                if mean > 0.5 * se and mean > 0:
                    best, best_games = trial, games
                    print("  kept", best, flush=True)
    print("best", best, summary(best_games))


if __name__ == "__main__":
    main()
