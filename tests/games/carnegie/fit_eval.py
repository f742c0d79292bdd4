"""Fit Carnegie's cut-off evaluation (``games.carnegie.ai_eval``) on solo self-play:

    python -m tests.games.carnegie.fit_eval [games] [first_seed] [level]

Plays ``games`` solo games of ``level`` (default ``prior``: ``normal``'s heuristic prior
alone) against Andrew, records the features at the start of every round and the final
scores, and fits by least squares the VP still to come (final total minus the total scored
now) for the player and for Andrew. Games whose seed is a multiple of 5 are held out: the
R² printed is on them (of the final total projected at round k, of the VP still to come,
and of the margin over Andrew, which is what the search compares), with the held-out
residual spread of the margin by rounds left. Prints the constants to paste into
``ai_eval`` (``BASE``, ``WEIGHTS``, ``ANDREW_BASE``, ``ANDREW_WEIGHTS``, ``SPREAD``) and,
with the constants already there, how well they predict. Not a test.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any

from games.carnegie import ai_eval
from games.carnegie.ai_search import PRIOR
from games.carnegie.scoring import score_company
from games.carnegie.solo.andrew import score as andrew_score
from games.core import Rng, get_game
from games.core.search import next_mover

Row = dict[str, Any]


def play_recorded(seed: int, level: str = "prior") -> list[Row]:
    """One solo game; a row per round start: features, totals now, rounds left, and (filled
    at the end) the final totals."""
    spec = get_game("carnegie")
    state = spec.create({}, 1, seed)
    policy = PRIOR if level == "prior" else spec.ai_level(level)
    rng = Rng(seed * 7919 + 17)
    rows: list[Row] = []
    seen = 0
    while not state.is_over():
        if state.round != seen and state.round >= 1:
            seen = state.round
            rows.append(
                {
                    "seed": seed,
                    "left": ai_eval.rounds_left(state),
                    "x": ai_eval.features(state, 0),
                    "ax": ai_eval.andrew_features(state),
                    "now": float(score_company(state, 0)["total"]),
                    "anow": float(andrew_score(state)["andrew_total"]),
                    "proj": ai_eval.project(state, 0),
                    "aproj": ai_eval.project_andrew(state),
                }
            )
        seat = next_mover(state, rng)
        if seat is not None:
            state.apply(seat, policy.choose(state, seat, rng))
    out = state.outcome()
    assert out is not None
    final, afinal = float(out.scores[0]), float(out.details[0]["andrew_total"])
    for r in rows:
        r["final"], r["afinal"] = final, afinal
    return rows


def design(x: dict[str, float], left: int) -> list[float]:
    """The regression's columns: 1, L, then every feature and the feature times L."""
    out = [1.0, float(left)]
    for k in sorted(x):
        out += [x[k], x[k] * left]
    return out


def least_squares(xs: Sequence[Sequence[float]], ys: Sequence[float], ridge: float) -> list[float]:
    """``argmin |Xb - y|² + ridge·|b|²`` by the normal equations (Gauss-Jordan)."""
    p = len(xs[0])
    a = [[0.0] * p for _ in range(p)]
    b = [0.0] * p
    for x, y in zip(xs, ys, strict=True):
        for i in range(p):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j in range(p):
                row[j] += xi * x[j]
    for i in range(p):
        a[i][i] += ridge
    m = [[*row, bi] for row, bi in zip(a, b, strict=True)]
    for col in range(p):
        piv = max(range(col, p), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        div = m[col][col]
        m[col] = [v / div for v in m[col]]
        for r in range(p):
            if r != col and m[r][col] != 0.0:
                f = m[r][col]
                m[r] = [v - f * w for v, w in zip(m[r], m[col], strict=True)]
    return [m[i][p] for i in range(p)]


def r2(pred: Sequence[float], true: Sequence[float]) -> float:
    mean = sum(true) / len(true)
    ss_tot = sum((t - mean) ** 2 for t in true)
    ss_res = sum((t - p) ** 2 for p, t in zip(pred, true, strict=True))
    return 1.0 - ss_res / ss_tot if ss_tot else float("nan")


def dot(b: Sequence[float], x: Sequence[float]) -> float:
    return sum(u * v for u, v in zip(b, x, strict=True))


def constants(name: str, keys: list[str], beta: list[float]) -> str:
    base = (
        f"{name.replace('WEIGHTS', 'BASE')}: tuple[float, float] = ({beta[0]:.4f}, {beta[1]:.4f})"
    )
    items = "".join(
        f'    "{k}": ({beta[2 + 2 * i]:.4f}, {beta[3 + 2 * i]:.4f}),\n' for i, k in enumerate(keys)
    )
    return f"{base}\n{name}: dict[str, tuple[float, float]] = {{\n{items}}}"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    level = sys.argv[3] if len(sys.argv) > 3 else "prior"
    rows = [r for s in range(first, first + games) for r in play_recorded(s, level)]
    rows = [r for r in rows if r["left"] > 0]
    train = [r for r in rows if r["seed"] % 5]
    test = [r for r in rows if not r["seed"] % 5]
    print(f"{games} games ({level}), {len(train)} training rows, {len(test)} held out")
    keys = sorted(train[0]["x"])
    akeys = sorted(train[0]["ax"])
    beta = least_squares(
        [design(r["x"], r["left"]) for r in train], [r["final"] - r["now"] for r in train], 1.0
    )
    abeta = least_squares(
        [design(r["ax"], r["left"]) for r in train], [r["afinal"] - r["anow"] for r in train], 1.0
    )
    print(constants("WEIGHTS", keys, beta))
    print(constants("ANDREW_WEIGHTS", akeys, abeta))

    def fitted(r: Row) -> tuple[float, float]:
        return (
            r["now"] + dot(beta, design(r["x"], r["left"])),
            r["anow"] + dot(abeta, design(r["ax"], r["left"])),
        )

    spreads = [0.0] * 21
    print("held out, by rounds left: n, R² final (fit / in ai_eval now / score-now only),")
    print("  R² to come, R² margin over Andrew (fit / ai_eval now), margin residual SD")
    for lo, hi in ((1, 3), (4, 7), (8, 11), (12, 15), (16, 20), (1, 20)):
        part = [r for r in test if lo <= r["left"] <= hi]
        if not part:
            continue
        fit = [fitted(r) for r in part]
        final = [r["final"] for r in part]
        margin = [r["final"] - r["afinal"] for r in part]
        come = [r["final"] - r["now"] for r in part]
        res = [m - (f - a) for m, (f, a) in zip(margin, fit, strict=True)]
        sd = math.sqrt(sum(e * e for e in res) / len(res))
        print(
            f"  L {lo:2}-{hi:2}: n {len(part):5}"
            f"  final {r2([f for f, _ in fit], final):.3f}"
            f" / {r2([r['proj'] for r in part], final):.3f}"
            f" / {r2([r['now'] for r in part], final):.3f}"
            f"  to come {r2([f - r['now'] for (f, _), r in zip(fit, part, strict=True)], come):.3f}"
            f"  margin {r2([f - a for f, a in fit], margin):.3f}"
            f" / {r2([r['proj'] - r['aproj'] for r in part], margin):.3f}"
            f"  SD {sd:.1f}"
        )
    for left in range(1, 21):
        part = [r for r in rows if r["left"] == left]
        res = [(r["final"] - r["afinal"]) - (f - a) for r in part for f, a in [fitted(r)]]
        spreads[left] = round(math.sqrt(sum(e * e for e in res) / max(1, len(res))), 1)
    print(f"SPREAD: tuple[float, ...] = {tuple(spreads)}")


if __name__ == "__main__":
    main()
