"""Philadelphia simulations: playout speed, AI against random play, game length, and the
balance tables of docs/rules/philadelphia.md (win rate by card posted or held, by item
bought, by AI style and by seat).

    python -m tools.philadelphia_sim speed --games 200
    python -m tools.philadelphia_sim vs-random --games 1000
    python -m tools.philadelphia_sim rounds --games 600
    python -m tools.philadelphia_sim balance --games 10000 [--out table.md]
    python -m tools.philadelphia_sim seats --games 3000
    python -m tools.philadelphia_sim strategies --games 1000 [--seats 2]

``seats`` measures AI self-play by seat and by place in the first round's turn order;
``strategies`` plays each fixed simple strategy (``SIMPLE``: never post, always post, hands
only) against the AI. Win rates come with their 95% interval (rate +- 2 standard errors).
Nothing here asserts; it prints numbers (markdown tables for ``balance``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.core import Rng
from games.core.ai import Policy, RandomPolicy, play_out
from games.core.text import key_of
from games.philadelphia import SPEC
from games.philadelphia.ai import STYLES, HeuristicPolicy
from games.philadelphia.ai_baselines import SIMPLE, SimpleBot
from games.philadelphia.state import PhilaState, new_game


def interval(wins: float, games: int) -> str:
    """``rate% +- 2 SE`` for ``wins`` of ``games``."""
    rate = wins / games
    se = (rate * (1 - rate) / games) ** 0.5
    return f"{rate:.1%} ± {2 * se:.1%}"


def strategies(games: int, seats: int) -> None:
    """Each simple strategy in one seat (rotating) against the AI in the others."""
    for kind in SIMPLE:
        wins = 0.0
        start = time.perf_counter()
        for seed in range(games):
            bot_seat = seed % seats
            state, _ = play_out(
                SPEC,
                seats,
                5_000_000 + seed,
                policies=lambda s, b=bot_seat, k=kind: (
                    SimpleBot(k) if s == b else HeuristicPolicy()
                ),
            )
            outcome = state.outcome()
            assert outcome is not None
            if bot_seat in outcome.winners:
                wins += 1 / len(outcome.winners)
        print(
            f"{kind} vs AI, {seats} players, {games} games: {kind} wins "
            f"{interval(wins, games)} (fair share {1 / seats:.0%}); "
            f"{time.perf_counter() - start:.0f} s"
        )


def seat_balance(games: int) -> None:
    """AI self-play: wins by seat and by place in the first round's turn order."""
    for n in (2, 3, 4):
        by_seat = [0.0] * n
        by_place = [0.0] * n
        for seed in range(games // 3):
            state = new_game({}, n, 7_000_000 + seed)
            first = state.start_player
            state, _ = play_out(SPEC, n, 7_000_000 + seed)
            outcome = state.outcome()
            assert outcome is not None
            for s in outcome.winners:
                by_seat[s] += 1 / len(outcome.winners)
                by_place[(s - first) % n] += 1 / len(outcome.winners)
        k = games // 3
        print(f"{n} players, {k} AI games (fair share {1 / n:.1%}):")
        print(
            "  by seat:  " + ", ".join(f"p{s + 1} {interval(w, k)}" for s, w in enumerate(by_seat))
        )
        print(
            "  by place: " + ", ".join(f"{i + 1}. {interval(w, k)}" for i, w in enumerate(by_place))
        )


@dataclass
class SeatLog:
    style: str
    posted: Counter[str] = field(default_factory=Counter)  # job -> times posted
    succeeded: Counter[str] = field(default_factory=Counter)  # job -> successes
    held: set[str] = field(default_factory=set)  # jobs held in hand at some point
    bought: Counter[str] = field(default_factory=Counter)  # item -> times bought


@dataclass
class GameLog:
    seats: int
    rounds: int
    winners: frozenset[int]
    logs: list[SeatLog]
    vp: list[int]


def play_logged(seats: int, seed: int, styles: Sequence[str]) -> GameLog:
    """One game with the given style per seat ("random" = uniform random play)."""
    policies: list[Policy] = [
        RandomPolicy() if s == "random" else HeuristicPolicy(STYLES[s]) for s in styles
    ]
    state: PhilaState = new_game({}, seats, seed)
    rng = Rng(seed * 0x9E3779B1 + seats)
    logs = [SeatLog(s) for s in styles]
    for _ in range(50_000):
        if state.is_over():
            break
        movers = sorted(state.to_act())
        seat = movers[rng.randrange(len(movers))]
        move = policies[seat].choose(state, seat, rng)
        events = state.apply(seat, move)
        for event in events:
            key = key_of(event)
            params = getattr(event, "params", {})
            if key == "philadelphia.post":
                owner = int(params["p"][1:]) - 1
                for card in params["card_ids"]:
                    logs[owner].posted[state.job(card).id] += 1
            elif key == "philadelphia.buy":
                logs[seat].bought[params["item_id"]] += 1
            elif key == "philadelphia.success":
                owner = int(params["p"][1:]) - 1
                logs[owner].succeeded[params["card_id"].rsplit("-", 1)[0]] += 1
        for s, p in enumerate(state.players):
            logs[s].held.update(state.job(c).id for c in p.hand)
    outcome = state.outcome()
    assert outcome is not None, f"seed {seed}: no end"
    return GameLog(seats, state.round, outcome.winners, logs, [p.vp for p in state.players])


def index(wins: float, games: float) -> str:
    return f"{wins / games:.2f}" if games else "-"


def balance(games: int, out: Callable[[str], None]) -> None:
    """Mixed tables of AI styles (2-4 players); win index 1.00 = an even share of wins."""
    names = list(STYLES)
    rng = Rng(20240611)
    by_style: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    posted: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    held: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    bought: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    by_seat: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    post_count: Counter[str] = Counter()
    success_count: Counter[str] = Counter()
    rounds: dict[int, list[int]] = defaultdict(list)
    start = time.perf_counter()
    for i in range(games):
        seats = 2 + i % 3
        styles = [names[rng.randrange(len(names))] for _ in range(seats)]
        log = play_logged(seats, 1_000_000 + i, styles)
        rounds[seats].append(log.rounds)
        for s, seat_log in enumerate(log.logs):
            share = (1 / len(log.winners) if s in log.winners else 0.0) * seats
            by_style[seat_log.style][0] += share
            by_style[seat_log.style][1] += 1
            by_seat[(seats, s)][0] += share
            by_seat[(seats, s)][1] += 1
            for job in seat_log.posted:
                posted[job][0] += share
                posted[job][1] += 1
            for job in seat_log.held:
                held[job][0] += share
                held[job][1] += 1
            for item in seat_log.bought:
                bought[item][0] += share
                bought[item][1] += 1
            post_count.update(seat_log.posted)
            success_count.update(seat_log.succeeded)
    elapsed = time.perf_counter() - start
    out(
        f"{games} games (2, 3 and 4 players in turn; every seat a random AI style) "
        f"in {elapsed:.0f} s. Win index: wins x players / player-games (1.00 = fair share).\n"
    )
    out("| Players | games | rounds: min | p10 | median | p90 | max |")
    out("|---|---|---|---|---|---|---|")
    for n in sorted(rounds):
        r = sorted(rounds[n])
        q = statistics.quantiles(r, n=10)
        out(
            f"| {n} | {len(r)} | {r[0]} | {q[0]:.0f} | {statistics.median(r):.0f} | "
            f"{q[-1]:.0f} | {r[-1]} |"
        )
    out("\n| AI style | player-games | win index |")
    out("|---|---|---|")
    for style, (w, n) in sorted(by_style.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        out(f"| {style} | {n:.0f} | {index(w, n)} |")
    out("\n| Seat | 2 players | 3 players | 4 players |")
    out("|---|---|---|---|")
    for s in range(4):
        cells = [index(*by_seat[(n, s)]) if (n, s) in by_seat else "-" for n in (2, 3, 4)]
        out(f"| p{s + 1} | " + " | ".join(cells) + " |")
    from games.philadelphia.cards import data

    out(
        "\n| Job | copies | posted | succeeded | success rate | win index if posted | "
        "win index if held |"
    )
    out("|---|---|---|---|---|---|---|")
    for job in data().jobs:
        p, h = posted[job.id], held[job.id]
        rate = success_count[job.id] / post_count[job.id] if post_count[job.id] else 0.0
        out(
            f"| {job.name} ({job.name_ja}) | {job.copies} | {post_count[job.id]} | "
            f"{success_count[job.id]} | {rate:.0%} | {index(*p)} | {index(*h)} |"
        )
    out("\n| Item | player-games that bought it | win index |")
    out("|---|---|---|")
    for item in data().items:
        w, n = bought[item.id]
        out(f"| {item.name} ({item.name_ja}) | {n:.0f} | {index(w, n)} |")


def vs_random(games: int) -> None:
    wins = 0.0
    rounds = []
    for seed in range(games):
        ai = seed % 2
        state, _ = play_out(
            SPEC,
            2,
            seed,
            policies=lambda s, ai=ai: HeuristicPolicy() if s == ai else RandomPolicy(),
        )
        outcome = state.outcome()
        assert outcome is not None
        if ai in outcome.winners:
            wins += 1 / len(outcome.winners)
        rounds.append(state.round)
    print(
        f"AI vs uniform random, 2 players, {games} games: AI wins {wins / games:.1%}; "
        f"mean {statistics.mean(rounds):.1f} rounds"
    )


def speed(games: int, seats: int) -> None:
    start = time.perf_counter()
    moves = 0
    for seed in range(games):
        _state, record = play_out(SPEC, seats, seed)
        moves += len(record.moves)
    elapsed = time.perf_counter() - start
    print(
        f"{seats}-player AI games: {games / elapsed:.1f} games/s, "
        f"{moves / elapsed:.0f} moves/s ({games} games, {elapsed:.1f} s)"
    )


def rounds_table(games: int) -> None:
    for label, policy in (("AI", None), ("random", RandomPolicy())):
        for n in (2, 3, 4):
            r = []
            for seed in range(games // 3):
                state, _ = play_out(
                    SPEC, n, seed, policies=None if policy is None else (lambda s, p=policy: p)
                )
                r.append(state.round)
            r.sort()
            q = statistics.quantiles(r, n=10)
            print(
                f"{label} {n} players: rounds min {r[0]} p10 {q[0]:.0f} median "
                f"{statistics.median(r):.0f} p90 {q[-1]:.0f} max {r[-1]}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.philadelphia_sim")
    parser.add_argument(
        "mode", choices=("speed", "vs-random", "rounds", "balance", "seats", "strategies")
    )
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--seats", type=int, default=0, help="players (speed: 4, strategies: 2)")
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    if args.mode == "speed":
        speed(args.games or 200, args.seats or 4)
    elif args.mode == "vs-random":
        vs_random(args.games or 1000)
    elif args.mode == "rounds":
        rounds_table(args.games or 600)
    elif args.mode == "seats":
        seat_balance(args.games or 3000)
    elif args.mode == "strategies":
        strategies(args.games or 1000, args.seats or 2)
    else:
        lines: list[str] = []

        def out(text: str) -> None:
            print(text, flush=True)
            lines.append(text)

        balance(args.games or 10_000, out)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
