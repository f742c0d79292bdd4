"""Where a Carnegie AI's VP come from in solo games against Andrew (issue 21):

    python -m tests.games.carnegie.measure_solo normal 10 [first_seed]

(level ``prior``: ``normal``'s heuristic prior alone, no search.)

Plays solo games like ``boardroom bench --only carnegie.<level>_solo_vs_andrew`` (same seeds
and move-order stream as ``bot.bench_ai.play``) and prints, per game and on average: the
final VP of both sides by category, the player's money, goods and employees by round, the
departments added (with the round), project tabs, donations, transport boxes, rows chosen
(by the player and by Andrew) and study points left unspent. Not a test.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from typing import Any

from games.carnegie.ai_search import PRIOR
from games.core import SYSTEM, Rng, get_game

ROUNDS_SHOWN = (1, 3, 5, 8, 11, 14, 17, 20)


def _snapshot(state: Any) -> dict[str, int]:
    c = state.company(0)
    d = state.data
    workplaces = sum(
        len(d.department[x.dept].workplaces)
        for x in c.cells.values()
        if x.dept and x.dept in d.department
    )
    return {
        "money": c.money,
        "goods": c.goods,
        "active": c.active_employees(),
        "inactive": sum(x.inactive for x in c.cells.values()) + c.lobby,
        "missions": sum(c.missions.values()),
        "aside": c.aside,
        "workplaces": workplaces,
        "depts": len(c.dept_cells()),
        "projects": len(c.projects),
        "vp": c.vp,
    }


def play_instrumented(level: str, seed: int) -> dict[str, Any]:
    """One solo game of ``level`` against Andrew, as ``bot.bench_ai.play`` plays it."""
    spec = get_game("carnegie")
    state = spec.create({}, 1, seed)
    policy = PRIOR if level == "prior" else spec.ai_level(level)
    rng = Rng(seed * 7919 + 17)
    by_round: dict[int, dict[str, int]] = {}
    added: list[tuple[int, str]] = []
    rows: list[tuple[int, str, str]] = []  # (round, who, action)
    wasted_study = 0
    cpu = 0.0
    decisions = 0
    last_round = 0
    while not state.is_over():
        if state.round != last_round:
            last_round = state.round
            by_round[state.round] = _snapshot(state)
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            deadline = state.deadline()
            assert deadline is not None
            state.apply(SYSTEM, deadline.move)
            continue
        seat = movers[rng.randrange(len(movers))]
        c0 = time.process_time()
        move = policy.choose(state, seat, rng)
        if len(state.legal_moves(seat)) > 1:
            cpu += time.process_time() - c0
            decisions += 1
        name = type(move).__name__
        c = state.company(seat)
        if name == "EndTurn" and c.study > 0:
            wasted_study += c.study
        if name == "Establish":
            added.append((state.round, move.kind))
        state.apply(seat, move)
        if state.action is not None and (not rows or rows[-1][0] != state.round):
            who = "andrew" if state.andrew is not None and state.andrew.picks else "player"
            rows.append((state.round, who, state.action))
    out = state.outcome()
    assert out is not None
    by_round[21] = _snapshot(state)
    det = out.details[0]
    c = state.company(0)
    a = state.andrew
    return {
        "seed": seed,
        "win": 0 in out.winners,
        "player": {k: v for k, v in det.items() if not k.startswith("andrew")},
        "andrew": {k[7:]: v for k, v in det.items() if k.startswith("andrew")},
        "by_round": by_round,
        "added": added,
        "rows": rows,
        "tabs": dict(c.revealed),
        "built": dict(c.built),
        "donations": list(c.donations),
        "andrew_donations": list(a.donations) if a else [],
        "tracks": dict(c.tracks),
        "wasted_study": wasted_study,
        "cpu_ms": 1000 * cpu / max(1, decisions),
    }


def report(games: list[dict[str, Any]]) -> None:
    n = len(games)
    print(f"{n} games, wins {sum(g['win'] for g in games)}")
    for side in ("player", "andrew"):
        tot: dict[str, float] = defaultdict(float)
        for g in games:
            for k, v in g[side].items():
                tot[k] += v / n
        print(side, " ".join(f"{k}={v:.1f}" for k, v in tot.items() if v))
    keys = list(games[0]["by_round"][1])
    print("round  " + " ".join(f"{k:>9}" for k in keys))
    for r in (*ROUNDS_SHOWN, 21):
        vals = [g["by_round"].get(r) for g in games]
        vals = [v for v in vals if v]
        print(f"{r:>5}  " + " ".join(f"{sum(v[k] for v in vals) / len(vals):9.1f}" for k in keys))
    kinds: Counter[str] = Counter(k for g in games for _, k in g["added"])
    print("departments added:", dict(kinds.most_common()))
    print(
        "mean round of 1st/2nd/3rd department:",
        [
            round(
                sum(g["added"][i][0] for g in games if len(g["added"]) > i)
                / max(1, sum(1 for g in games if len(g["added"]) > i)),
                1,
            )
            for i in range(4)
        ],
    )
    mine = Counter(a for g in games for _, w, a in g["rows"] if w == "player")
    his = Counter(a for g in games for _, w, a in g["rows"] if w == "andrew")
    print("rows player:", dict(mine), "andrew:", dict(his))
    print("donations:", Counter(d for g in games for d in g["donations"]).most_common())
    his_donations = Counter(d for g in games for d in g["andrew_donations"])
    print("andrew donations:", his_donations.most_common())
    print("tabs revealed:", {t: sum(g["tabs"][t] for g in games) / n for t in games[0]["tabs"]})
    print("built:", {t: sum(g["built"][t] for g in games) / n for t in games[0]["built"]})
    print("tracks:", {t: sum(g["tracks"][t] for g in games) / n for t in games[0]["tracks"]})
    print("wasted study:", sum(g["wasted_study"] for g in games) / n)
    print("cpu ms/decision:", round(sum(g["cpu_ms"] for g in games) / n, 2))
    for g in games:
        print(
            f"seed {g['seed']}: {g['player']['total']}-{g['andrew']['total']}",
            "added",
            [f"{r}:{k}" for r, k in g["added"]],
            "rows",
            "".join(a[0] for r, w, a in g["rows"] if w == "player"),
        )


def main() -> None:
    level = sys.argv[1] if len(sys.argv) > 1 else "normal"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    report([play_instrumented(level, s) for s in range(first, first + n)])


if __name__ == "__main__":
    main()
