"""``boardroom bench``: performance figures, one JSON object per line.

Each line is ``{"metric", "unit", "p50", "p95", "n"}`` (plus ``"target"`` where the issue sets
one). Wall-clock times use ``time.perf_counter``; nothing here asserts, it only measures.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from games.core import get_game
from render.common import to_png


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def emit(metric: str, unit: str, samples: Sequence[float], target: str | None = None) -> None:
    line: dict[str, Any] = {
        "metric": metric,
        "unit": unit,
        "p50": round(percentile(samples, 0.50), 3),
        "p95": round(percentile(samples, 0.95), 3),
        "n": len(samples),
    }
    if target:
        line["target"] = target
    print(json.dumps(line), flush=True)


def random_game(
    key: str,
    seats: int,
    seed: int,
    on_apply: Callable[[float], None] | None = None,
    snapshot_every: int = 0,
) -> tuple[Any, list[Any]]:
    """Play one uniformly random game; returns the final state and some mid-game views."""
    spec = get_game(key)
    state = spec.new_game(spec.resolve_options({}), seats, seed)
    rnd = random.Random(seed)
    views = []
    steps = 0
    while not state.is_over():
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            dl = state.deadline()
            assert dl is not None
            state.apply(dl.seat, dl.move)
            continue
        seat = rnd.choice(movers)
        move = rnd.choice(list(state.legal_moves(seat)))
        t0 = time.perf_counter()
        state.apply(seat, move)
        if on_apply is not None:
            on_apply((time.perf_counter() - t0) * 1000)
        steps += 1
        if snapshot_every and steps % snapshot_every == 0:
            views.append(state.view(None))
    views.append(state.view(None))
    return state, views


def bench_engine(key: str, seats: Sequence[int], games: int, batches: int) -> list[Any]:
    apply_ms: list[float] = []
    views: list[Any] = []
    seed = 0
    for _ in range(games):
        _, v = random_game(key, seats[seed % len(seats)], seed, apply_ms.append, 15)
        views.extend(v)
        seed += 1
    emit(f"{key}.engine.apply", "ms", apply_ms)
    rates = []
    per_batch = 20
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(per_batch):
            random_game(key, seats[seed % len(seats)], seed)
            seed += 1
        rates.append(per_batch / (time.perf_counter() - t0))
    emit(
        f"{key}.engine.random_games_per_second",
        "games/s",
        rates,
        ">= 50" if key == "kenchiku" else None,
    )
    return views


def bench_render(key: str, views: Sequence[Any], target: str) -> None:
    import importlib

    mod = importlib.import_module(f"render.{key}")
    mod.render_board(views[0])  # warm the static-layer caches, as a running bot has them
    times = []
    for view in views:
        t0 = time.perf_counter()
        to_png(mod.render_board(view))
        times.append((time.perf_counter() - t0) * 1000)
    emit(f"{key}.render.board_png", "ms", times, target)


def ai_game(
    key: str, seats: int, seed: int, on_apply: Callable[[float], None] | None = None
) -> tuple[Any, int]:
    """Play one whole game with the game's AI policy on every seat; returns the final state
    and the number of moves. A phase that nobody can act in ends by its deadline."""
    from games.core import Rng

    spec = get_game(key)
    assert spec.ai is not None, f"{key} registers no AI"
    state = spec.new_game(spec.resolve_options({}), seats, seed)
    rng = Rng(seed)
    moves = 0
    while not state.is_over():
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            dl = state.deadline()
            assert dl is not None
            state.apply(dl.seat, dl.move)
            continue
        seat = movers[0]
        move = spec.ai.choose(state, seat, rng)
        t0 = time.perf_counter()
        state.apply(seat, move)
        if on_apply is not None:
            on_apply((time.perf_counter() - t0) * 1000)
        moves += 1
    return state, moves


def bench_ai_engine(key: str, seats: int, games: int, target: str | None) -> list[Any]:
    """``{key}.engine.apply`` (ms per move) and ``{key}.engine.ai_games_per_second`` for
    ``seats`` players with the AI on every seat; returns mid-game public views to draw."""
    apply_ms: list[float] = []
    rates: list[float] = []
    lengths: list[float] = []
    views: list[Any] = []
    for seed in range(games):
        t0 = time.perf_counter()
        state, n = ai_game(key, seats, seed, apply_ms.append)
        rates.append(1 / (time.perf_counter() - t0))
        lengths.append(n)
        views.append(state.view(None))
    # Mid-game positions too: the board is drawn after every move, not only at the end.
    spec = get_game(key)
    for seed in range(min(games, 5)):
        from games.core import Rng

        state = spec.new_game(spec.resolve_options({}), seats, 1000 + seed)
        rng = Rng(seed)
        for i in range(400):
            if state.is_over():
                break
            movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
            if not movers:
                break
            state.apply(movers[0], spec.ai.choose(state, movers[0], rng))  # type: ignore[union-attr]
            if i % 40 == 39:
                views.append(state.view(None))
    emit(f"{key}.engine.apply", "ms", apply_ms)
    emit(f"{key}.engine.ai_moves_per_game.{seats}p", "moves", lengths)
    emit(f"{key}.engine.ai_games_per_second.{seats}p", "games/s", rates, target)
    return views


def bench_company(key: str, views: Sequence[Any], target: str) -> None:
    """``render_player`` for every seat of each view (Carnegie's company boards)."""
    import importlib

    mod = importlib.import_module(f"render.{key}")
    times = []
    for view in views:
        for seat in range(len(view.companies)):
            t0 = time.perf_counter()
            to_png(mod.render_player(view, seat))
            times.append((time.perf_counter() - t0) * 1000)
    emit(f"{key}.render.company_png", "ms", times, target)


async def bench_move_e2e(
    games: int,
    moves: int,
    *,
    key: str = "kenchiku",
    seats: int = 2,
    policy: str = "random",
    target: str = "p95 < 250",
) -> None:
    """``/move`` through SimCord: interaction in -> response with the board sent. ``games``
    tables play at once; moves are chosen at random or by the game's AI."""
    import simcord

    from games.core import Rng

    from .app import create_bot

    spec = get_game(key)
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(Path(tmp) / "bench.sqlite3")
        try:
            async with simcord.run(bot, check_errors=False) as env:
                guild = env.create_guild("bench")
                members = [guild.add_member(env.create_user(f"p{i}")) for i in range(seats)]
                tables = []
                for g in range(games):
                    channel = guild.create_text_channel(f"t{g}")
                    await members[0].slash(channel, "game new", game=key, seed=g)
                    for m in members[1:]:
                        await m.slash(channel, "game join")
                    await members[0].slash(channel, "game start")
                    tables.append(channel)
                rnd = random.Random(1)
                rng = Rng(1)
                times: list[float] = []
                while len(times) < moves:
                    progressed = False
                    for channel in tables:
                        live = await bot.manager.live_in_channel(channel.id)
                        if live.state.is_over():
                            continue
                        movers = [s for s in sorted(live.state.to_act()) if s >= 0]
                        if not movers:
                            continue
                        seat = movers[0]
                        if policy == "ai" and spec.ai is not None:
                            notation = spec.ai.choose(live.state, seat, rng).notation
                        else:
                            notation = rnd.choice(list(live.state.legal_moves(seat))).notation
                        t0 = time.perf_counter()
                        await members[seat].slash(channel, "move", notation=notation)
                        times.append((time.perf_counter() - t0) * 1000)
                        progressed = True
                        if len(times) >= moves:
                            break
                    if not progressed:
                        break
                emit(f"{key}.bot.move_end_to_end.{games}_games", "ms", times, target)
        finally:
            await bot.shutdown()


async def bench_moc_negotiation(offers: int) -> None:
    """11 players, one negotiation: ``offers`` offers and accepts through SimCord."""
    import simcord

    from .app import create_bot

    names = [f"m{i}" for i in range(11)]
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(Path(tmp) / "bench.sqlite3")
        try:
            async with simcord.run(bot, check_errors=False) as env:
                guild = env.create_guild("bench")
                channel = guild.create_text_channel("moc")
                members = [guild.add_member(env.create_user(n)) for n in names]
                await members[0].slash(
                    channel, "game new", game="masters_of_commerce", seed=11, options="timer=259200"
                )
                for m in members[1:]:
                    await m.slash(channel, "game join")
                await members[0].slash(channel, "game start")
                live = await bot.manager.live_in_channel(channel.id)
                state: Any = live.state
                merchants = [s for s in range(11) if state.is_merchant(s)]
                offer_ms: list[float] = []
                accept_ms: list[float] = []
                pair_ms: list[float] = []
                i = 0
                while len(offer_ms) < offers:
                    seat = merchants[i % len(merchants)]
                    i += 1
                    legal = [
                        m
                        for m in state.legal_moves(seat)
                        if m.notation.startswith("offer ") and " closed" not in m.notation
                    ]
                    if not legal:
                        continue
                    move = legal[(i * 7) % len(legal)]
                    deed = move.notation.split()[1]
                    landlord = state.owner[deed]
                    t0 = time.perf_counter()
                    await members[seat].slash(channel, "move", notation=move.notation)
                    t1 = time.perf_counter()
                    await members[landlord].slash(
                        channel, "move", notation=f"accept {deed} p{seat + 1}"
                    )
                    t2 = time.perf_counter()
                    offer_ms.append((t1 - t0) * 1000)
                    accept_ms.append((t2 - t1) * 1000)
                    pair_ms.append((t2 - t0) * 1000)
                assert state.phase == "negotiation"
                emit("masters_of_commerce.bot.offer_private_dm", "ms", offer_ms)
                emit(
                    "masters_of_commerce.bot.accept_with_table_update", "ms", accept_ms, "p95 < 150"
                )
                emit("masters_of_commerce.bot.offer_and_accept", "ms", pair_ms)
        finally:
            await bot.shutdown()


HEAVY_GAMES = (
    # key, AI seats, AI games, AI games/s target, render p95 target, /move p95 target
    ("food_chain_magnate", 4, 20, ">= 2", "p95 < 300", "p95 < 400"),
    ("carnegie", 4, 20, ">= 10", "p95 < 250", "p95 < 300"),
    ("philadelphia", 4, 40, ">= 50", "p95 < 150", "p95 < 250"),
)
"""Games benchmarked with their AI on every seat, with the targets their issues set."""


async def run_bench(*, quick: bool = False, only: str = "", scale: float | None = None) -> None:
    wanted = [w.strip() for w in only.split(",") if w.strip()]

    def on(name: str) -> bool:
        return not wanted or any(name.startswith(w) for w in wanted)

    from . import bench_platform as bp

    if on("platform.cold_start"):
        await bp.bench_cold_start(emit, 1000 if quick else 10_000, 250 if quick else 2_500)
    if on("platform.memory"):
        await bp.bench_memory(emit, 100 if quick else 1000)
    if on("platform.in_flight"):
        await bp.bench_in_flight(emit, 50, (10,) if quick else (10, 50), 2 if quick else 6, scale)
    if on("platform.poisson"):
        await bp.bench_poisson(
            emit,
            50,
            (8.0, 15.0) if quick else (8.0, 10.0, 15.0, 25.0),
            8.0 if quick else 20.0,
            scale,
        )

    if on("platform.timers"):
        from .bench_timers import bench_timers

        await bench_timers(
            emit,
            games=5000,  # a clock and a reminder each: 10,000 armed timers
            fired=300 if quick else 2000,
            window=5.0 if quick else 20.0,
            timeouts=20 if quick else 100,
        )

    if on("platform.ratings"):
        from .bench_ratings import bench_ratings

        await bench_ratings(emit, 200 if quick else 1000)

    if on("kenchiku"):
        views = bench_engine("kenchiku", (2, 3, 4), 30 if quick else 200, 3 if quick else 10)
        step = max(1, len(views) // (20 if quick else 100))
        bench_render("kenchiku", views[::step], "p95 < 150")
        await bench_move_e2e(10 if quick else 50, 60 if quick else 400)
    if on("masters_of_commerce"):
        views = bench_engine("masters_of_commerce", (11,), 5 if quick else 20, 1 if quick else 3)
        step = max(1, len(views) // (20 if quick else 60))
        bench_render("masters_of_commerce", views[::step], "p95 < 200")
        await bench_moc_negotiation(20 if quick else 200)
    for key, seats, games, target_games, render_target, e2e_target in HEAVY_GAMES:
        if not on(key):
            continue
        views = bench_ai_engine(key, seats, 3 if quick else games, target_games)
        if key == "food_chain_magnate":  # the 5-player map is the one the target names
            views += bench_ai_engine(key, 5, 2 if quick else 5, None)
        bench_render(key, views[:: 2 if quick else 1], render_target)
        if key == "carnegie":
            bench_company(key, views[:: 2 if quick else 1], render_target)
        await bench_move_e2e(
            3 if quick else 10,
            40 if quick else 300,
            key=key,
            seats=3 if key != "carnegie" else 2,
            policy="ai",
            target=e2e_target,
        )
    ai_parts = [w.removeprefix("ai").lstrip(".") for w in wanted if w.split(".")[0] == "ai"]
    if ai_parts:  # AI strength and decision times (issue 21): long, so only when asked for
        from .bench_ai import bench_ai

        bench_ai(quick=quick, only="" if "" in ai_parts else ",".join(ai_parts))
    if on("history"):
        from .bench_history import bench_replays

        bench_replays(emit, quick)
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    emit("process.peak_rss", "MiB", [peak])
