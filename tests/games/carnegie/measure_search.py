"""Compare Carnegie search variants in solo games against Andrew (issue 21):

    python -m tests.games.carnegie.measure_search VARIANT [games] [first_seed] [workers]

Plays the games exactly as ``boardroom bench --only carnegie.<level>_solo_vs_andrew`` does
(``bot.bench_ai.play``: the same seeds and move-order stream), with the variant registered
as a level for the run, and prints one line per game (seed, VP, Andrew's VP) and the
summary: wins with the 95% Wilson interval, the mean VP margin over Andrew with its standard
error (paired by seed between variants: the same seeds give the same deals), and the CPU
time a decision (mean, p95: decisions with two or more legal moves). Variants are the
levels (``easy``, ``normal``, ``hard``), ``prior`` (``normal``'s heuristic alone) and the
experiments of ``VARIANTS``. Not a test.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable

from bot.bench_ai import Match, run_matches, time_stats, wilson
from games.carnegie import ai_search
from games.carnegie.moves import (
    Activate,
    Build,
    Donate,
    EndTurn,
    Establish,
    MoveEmployee,
    ResearchTab,
    ResearchTrack,
    Return,
    Use,
)
from games.core import get_game
from games.core.ai import Policy
from games.core.search import Budget


def rows(rounds: int | None, rollouts: int) -> Policy:
    """The row searched with ``rollouts`` cut ``rounds`` rounds ahead (``None``: the end)."""
    hooks = ai_search.RowSearchHooks(ai_search.PRIOR)
    hooks.rounds = rounds
    return ai_search.CarnegieSearch(hooks, Budget(rollouts=rollouts))


def rows_and(
    rounds: int | None, rollouts: int, kinds: tuple[type, ...], cut: int, other: int, width: int
) -> Policy:
    """``rows(rounds, rollouts)`` and the decisions of ``kinds`` searched too: ``width``
    candidates, ``other`` rollouts cut ``cut`` rounds ahead."""
    hooks = ai_search.RowSearchHooks(ai_search.PRIOR)
    hooks.rounds = rounds
    more = ai_search.RowSearchHooks(ai_search.PRIOR)
    more.rounds, more.kinds, more.other_width = cut, kinds, width
    return ai_search.CarnegieSearch(
        hooks, Budget(rollouts=rollouts), (more, Budget(rollouts=other))
    )


GROWTH = (Establish, MoveEmployee, Activate, Use)
ALL = (*GROWTH, Build, EndTurn, ResearchTab, ResearchTrack, Donate, Return)

VARIANTS: dict[str, Callable[[], Policy]] = {
    "prior": lambda: ai_search.PRIOR,
    "rows_cut4": lambda: rows(4, 8),
    "rows_cut4x16": lambda: rows(4, 16),
    "rows_cut6x16": lambda: rows(6, 16),
    "growth": lambda: rows_and(None, 8, GROWTH, 2, 4, 3),
    "growth_cut4": lambda: rows_and(4, 8, GROWTH, 2, 4, 3),
    "establish": lambda: rows_and(None, 8, (Establish, Build), 3, 6, 4),
    "growth_all": lambda: rows_and(None, 8, ALL, 2, 4, 3),
    "hard_w4c3": lambda: rows_and(4, 16, GROWTH, 3, 8, 4),
    "hard_all": lambda: rows_and(4, 16, ALL, 2, 8, 3),
    "hard_rows6": lambda: rows_and(6, 16, GROWTH, 2, 8, 3),
}


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "normal"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    spec = get_game("carnegie")
    if name in VARIANTS:
        spec.levels[name] = VARIANTS[name]()  # a fork pool inherits it
    matches = [Match("carnegie", (name,), 0, g) for g in range(first, first + games)]
    played = run_matches(matches, workers)
    margins = []
    for m, p in zip(matches, played, strict=True):
        mine, his = p.scores[0], p.features["andrew_total"]
        print(f"seed {m.seed}: win {p.win:.0f}  {mine} - {his}")
        margins.append(float(mine - his))
    n = len(played)
    wins = sum(p.win for p in played)
    lo, hi = wilson(wins / n, n)
    cpu = time_stats([t for p in played for t in p.cpu_ms])
    mean = sum(margins) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in margins) / max(1, n - 1))
    print(
        f"{name}: {n} games from seed {first}: wins {wins:.0f} ({wins / n:.1%}, 95% CI "
        f"{lo:.0%}-{hi:.0%}); margin {mean:+.1f} ± {sd / math.sqrt(n):.1f} VP; "
        f"CPU ms a decision mean {cpu['mean']}, p95 {cpu['p95']}"
    )


if __name__ == "__main__":
    main()
