"""Measure what a rules reading changes: AI self-play of one game under several option sets
on the same seeds (issue 19's closing table).

    python -m tests.games.measure_readings carnegie 3 150 connections=points connections=seed
    python -m tests.games.measure_readings carnegie 3 150 --v1 -
    python -m tests.games.measure_readings food_chain_magnate 3 60 - cfo=each

Each argument after the seat count and the number of games is one configuration: ``-`` (the
defaults) or ``name=value`` words joined by commas. ``--v1`` before a configuration plays it
with the version-1 rules (the record's ``engine_version`` set to 1). Prints, per
configuration, the mean and standard error of all seats' scores, the win share of each seat,
the mean winning margin, and for every later configuration how many seeds changed winner
against the first. Not a test: run by hand, numbers go in commit messages and docs.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Mapping
from typing import Any

from games.core import Rng, get_game
from games.core.protocol import SYSTEM, Outcome
from games.core.registry import start


def play(
    key: str, seats: int, seed: int, options: Mapping[str, Any], version: int | None = None
) -> tuple[Any, Outcome]:
    """One AI self-play game as ``games.core.ai.play_out`` plays it, optionally with the
    rules of an older engine ``version``."""
    spec = get_game(key)
    _record, state = start(spec, options, seats, seed)
    if version is not None:
        state.engine_version = version
    rng = Rng(seed * 0x9E3779B1 + seats)
    assert spec.ai is not None
    for _ in range(50_000):
        if state.is_over():
            break
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            dl = state.deadline()
            assert dl is not None, f"{key} seed {seed}: nobody can move"
            state.apply(SYSTEM, dl.move)
            continue
        seat = movers[rng.randrange(len(movers))]
        state.apply(seat, spec.ai.choose(state, seat, rng))
    out = state.outcome()
    assert out is not None, f"{key} seed {seed}: no end"
    return state, out


def parse(config: str) -> dict[str, Any]:
    if config == "-":
        return {}
    return dict(word.split("=", 1) for word in config.split(","))


def winner(out: Outcome) -> frozenset[int]:
    return out.winners


def summary(name: str, outs: list[Outcome], seats: int) -> str:
    scores = [v for o in outs for v in o.scores.values()]
    wins = [0.0] * seats
    margins = []
    for o in outs:
        for s in o.winners:
            wins[s] += 1 / len(o.winners)
        ranked = sorted(o.scores.values(), reverse=True)
        if len(ranked) > 1:
            margins.append(ranked[0] - ranked[1])
    se = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    share = " ".join(f"p{s + 1} {100 * w / len(outs):.0f}%" for s, w in enumerate(wins))
    margin = f", margin {statistics.mean(margins):.1f}" if margins else ""
    return f"{name:40} score {statistics.mean(scores):6.1f} ± {se:.1f}  wins: {share}{margin}"


def main(argv: list[str]) -> None:
    key, seats, games = argv[0], int(argv[1]), int(argv[2])
    configs: list[tuple[str, dict[str, Any], int | None]] = []
    version: int | None = None
    for arg in argv[3:]:
        if arg.startswith("--v"):
            version = int(arg[3:])
            continue
        configs.append(((f"v{version} " if version else "") + arg, parse(arg), version))
        version = None
    results: list[list[Outcome]] = []
    for name, options, ver in configs:
        outs = [play(key, seats, 1000 + g, options, ver)[1] for g in range(games)]
        results.append(outs)
        print(summary(name, outs, seats), flush=True)
    for (name, _o, _v), outs in zip(configs[1:], results[1:], strict=True):
        changed = sum(winner(a) != winner(b) for a, b in zip(results[0], outs, strict=True))
        print(f"winner differs from {configs[0][0]!r} in {changed} of {games} games: {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
