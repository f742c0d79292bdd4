"""``boardroom bench``: performance figures, one JSON object per line.

Each figure is ``{"metric", "unit", "p50", "p95", "n"}`` (plus ``"target"`` where an issue
sets one); a ``{"note"}`` line says what was set up. Wall-clock times use
``time.perf_counter``; nothing here asserts a speed, it only measures, so a slow machine gives
slow figures. The modes run in order (``MODES``); a mode that fails prints one line
``boardroom bench: <mode> failed: <reason>`` on stderr and the others still run; the command
then exits with status 1. A mode that runs past its time budget stops the whole run with
status 1 and one line saying so.

Sizes: ``full`` (the default: the figures the issues' targets name), ``quick`` (fewer
samples) and ``smoke`` (every mode, tiny, under a minute: run by ``.ci/run``).
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.core import Rng, get_game

T = TypeVar("T")

SIZES = ("smoke", "quick", "full")
BUDGET = {"smoke": 120.0, "quick": 900.0, "full": 3600.0}
"""Seconds one mode may take before the run is stopped (a hang, not a slow machine)."""

NAMES = ("alice", "Bartholomew", "carol", "dave", "Eve Online", "frank", "grace", "heidi")
"""Display names the benched boards are drawn with (as a bot draws its players')."""
NAMES_JA = ("山田太郎", "さくら", "鈴木一郎", "dave", "タナカ", "高橋", "grace", "中村")
"""Display names of the Japanese boards (``<game>.render.chat_board_ja``)."""


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


# -- the games' engines and boards ---------------------------------------------------------


def play(
    key: str,
    seats: int,
    seed: int,
    *,
    ai: bool,
    on_apply: Callable[[float], None] | None = None,
    views_every: int = 0,
    max_moves: int = 50_000,
    timing: list[float] | None = None,
) -> tuple[Any, int, list[Any]]:
    """One game of ``key`` with the game's AI (``ai``) or uniformly random legal moves on
    every seat; a phase nobody can act in ends by its deadline. Returns the final state, the
    number of moves and the positions after every ``views_every`` moves (and the last):
    ``(public view, (each seat's own view, ...))``; the seconds spent taking the views are
    appended to ``timing``."""
    spec = get_game(key)
    policy = spec.ai_level("easy") if spec.ai is not None else None  # fast: boards, not AI
    state = spec.new_game(spec.resolve_options({}), seats, seed)
    rnd, rng = random.Random(seed), Rng(seed)
    views: list[Any] = []
    moves = 0
    looked = 0.0  # seconds spent taking views, left out of the game's time
    while not state.is_over() and moves < max_moves:
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            dl = state.deadline()
            if dl is None:
                raise RuntimeError(f"{key}: nobody can move and nothing is timed")
            state.apply(dl.seat, dl.move)
            continue
        if ai and policy is not None:
            seat = movers[0]
            move = policy.choose(state, seat, rng)
        else:
            seat = rnd.choice(movers)
            move = rnd.choice(list(state.legal_moves(seat)))
        t0 = time.perf_counter()
        state.apply(seat, move)
        if on_apply is not None:
            on_apply((time.perf_counter() - t0) * 1000)
        moves += 1
        if views_every and moves % views_every == 0:
            t0 = time.perf_counter()
            views.append(position(state, seats))
            looked += time.perf_counter() - t0
    views.append(position(state, seats))
    if timing is not None:
        timing.append(looked)
    return state, moves, views


def position(state: Any, seats: int) -> tuple[Any, tuple[Any, ...]]:
    return state.view(None), tuple(state.view(s) for s in range(seats))


@dataclass(frozen=True)
class GameBench:
    """How one game is benched: its table size(s), AI or random play, games per size, the
    AI-games-per-second target, and the ``/move`` end-to-end table size and target."""

    key: str
    seats: tuple[int, ...]
    ai: bool
    games: int
    games_target: str | None
    bot_seats: int
    bot_target: str | None


GAMES = (
    GameBench("kenchiku", (2, 3, 4), False, 200, ">= 50", 2, "p95 < 250"),
    GameBench("masters_of_commerce", (11,), False, 20, None, 11, "p95 < 150"),
    GameBench("food_chain_magnate", (4, 5), True, 20, ">= 2", 3, "p95 < 400"),
    GameBench("carnegie", (4,), True, 20, ">= 10", 2, "p95 < 300"),
    GameBench("philadelphia", (4,), True, 40, ">= 50", 3, "p95 < 250"),
)

CHAT_BOARD_TARGET = "p95 < 20"
"""Issue 20: drawing and encoding a game's chat board, as the bot posts it."""


def bench_engine(game: GameBench, games: int) -> list[Any]:
    """``{key}.engine.apply`` (ms per move) and games per second; returns mid-game positions
    to draw (``play``)."""
    apply_ms: list[float] = []
    rates: list[float] = []
    lengths: list[float] = []
    views: list[Any] = []
    for seed in range(games):
        seats = game.seats[seed % len(game.seats)]
        looked: list[float] = []
        t0 = time.perf_counter()
        _state, moves, some = play(
            game.key,
            seats,
            seed,
            ai=game.ai,
            on_apply=apply_ms.append,
            views_every=15,
            timing=looked,
        )
        rates.append(1 / (time.perf_counter() - t0 - looked[0]))
        lengths.append(moves)
        views.extend(some)
    kind = "ai" if game.ai else "random"
    emit(f"{game.key}.engine.apply", "ms", apply_ms)
    emit(f"{game.key}.engine.{kind}_moves_per_game", "moves", lengths)
    emit(f"{game.key}.engine.{kind}_games_per_second", "games/s", rates, game.games_target)
    return views


def bench_boards(key: str, positions: Sequence[Any], samples: int) -> None:
    """``{key}.render.chat_board``: the public board drawn and encoded exactly as the bot's
    render pool does it for a channel (``bot.services.boards.picture`` at the default
    ``board_scale``, players by name), one board at a time; ``chat_board_ja`` the same boards
    in Japanese; then the other views the game's renderer declares (player areas, hands),
    per seat."""
    from render import contract

    from .services.boards import picture
    from .settings import Settings

    renderer = contract.of(key)
    chosen = list(positions[:: max(1, len(positions) // samples)])[:samples]
    if not chosen or renderer is None:
        return
    names = list(NAMES)
    scale = Settings.board_scale
    picture(renderer, "board", chosen[0][0], names=names, scale=scale)  # fonts, static layers
    times, cpu = [], []
    for public, _own in chosen:
        t0, c0 = time.perf_counter(), time.process_time()
        picture(renderer, "board", public, names=names, scale=scale)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    emit(f"{key}.render.chat_board", "ms", times, CHAT_BOARD_TARGET)
    # the CPU time alone (all threads, libvips' too): the figure above on a machine with
    # nothing else on it
    emit(f"{key}.render.chat_board_cpu", "ms", cpu, CHAT_BOARD_TARGET)
    # the same boards in Japanese (issue 23): a second face, wider strings, Japanese names
    ja = list(NAMES_JA)
    picture(renderer, "board", chosen[0][0], names=ja, scale=scale, lang="ja")
    times, cpu = [], []
    for public, _own in chosen:
        t0, c0 = time.perf_counter(), time.process_time()
        picture(renderer, "board", public, names=ja, scale=scale, lang="ja")
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    emit(f"{key}.render.chat_board_ja", "ms", times, CHAT_BOARD_TARGET)
    emit(f"{key}.render.chat_board_ja_cpu", "ms", cpu, CHAT_BOARD_TARGET)
    for kind in ("player", "hand"):
        if kind not in renderer.views:
            continue
        times = []
        for public, own in chosen[: max(1, samples // 4)]:
            for seat, seen in enumerate(own):
                t0 = time.perf_counter()
                view = public if kind == "player" else seen
                picture(renderer, kind, view, seat=seat, names=names, scale=scale)
                times.append((time.perf_counter() - t0) * 1000)
        emit(f"{key}.render.{kind}", "ms", times)


def bench_encoding(positions: Mapping[str, Sequence[Any]], samples: int) -> None:
    """``render.encode.*``: the same chat boards encoded by the bot's encoder (libvips,
    ``bot.services.boards.encode_png``) and by Pillow at level 3 (the encoder before issue
    20), CPU milliseconds and KiB per board: the before and after in one run."""
    import io

    from render import contract

    from .services.boards import at_inline_width, encode_png
    from .settings import Settings

    def pillow(image: Any) -> bytes:
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False, compress_level=3)
        return buf.getvalue()

    images = []
    for key, chosen in positions.items():
        renderer = contract.of(key)
        if renderer is None:
            continue
        for public, _own in list(chosen[:: max(1, len(chosen) // samples)])[:samples]:

            def draw(k: float, r: Any = renderer, v: Any = public) -> Any:
                return r.board(v, names=list(NAMES), scale=k)

            images.append(at_inline_width(draw, Settings.board_scale))
    for name, encode in (("libvips", encode_png), ("pillow_level3", pillow)):
        cpu, size = [], []
        for image in images:
            c0 = time.process_time()
            data = encode(image)
            cpu.append((time.process_time() - c0) * 1000)
            size.append(len(data) / 1024)
        emit(f"render.encode.{name}_cpu", "ms", cpu)
        emit(f"render.encode.{name}_size", "KiB", size)


# -- the run --------------------------------------------------------------------------------


class Run:
    """One ``boardroom bench`` run: which modes, at which size, and what failed."""

    def __init__(self, size: str, only: str = "", scale: float | None = None) -> None:
        if size not in SIZES:
            raise ValueError(f"size must be one of {SIZES}")
        self.size = size
        self.wanted = [w.strip() for w in only.split(",") if w.strip()]
        self.scale = scale
        self.failed: list[str] = []
        self.ran: list[str] = []

    def pick(self, smoke: T, quick: T, full: T) -> T:
        return {"smoke": smoke, "quick": quick, "full": full}[self.size]

    def on(self, mode: str) -> bool:
        """Whether ``mode`` runs: no ``--only``, or a name that is a prefix of it (``platform``,
        ``kenchiku``) or that it is a prefix of (``platform.poisson_25``)."""
        return not self.wanted or any(
            mode.startswith(w) or w.startswith(mode + ".") for w in self.wanted
        )

    async def mode(
        self, name: str, work: Callable[[], Awaitable[None]], budget: float | None = None
    ) -> None:
        """Run one mode: a failure is reported in one line and the run goes on; a mode that
        outlives its budget (``BUDGET[size]`` unless given) ends the process (status 1)."""
        if not self.on(name):
            return
        budget = budget or BUDGET[self.size]

        def overdue() -> None:
            print(
                f"boardroom bench: {name} did not finish within {budget:g} s; stopped",
                file=sys.stderr,
                flush=True,
            )
            os._exit(1)

        watchdog = threading.Timer(budget, overdue)
        watchdog.daemon = True
        watchdog.start()
        self.ran.append(name)
        try:
            await work()
        except Exception as exc:
            self.failed.append(name)
            reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
            print(f"boardroom bench: {name} failed: {reason}", file=sys.stderr, flush=True)
        finally:
            watchdog.cancel()


async def run_bench(size: str = "full", only: str = "", scale: float | None = None) -> Run:
    """Run every mode (or those ``only`` names) at ``size``; returns the run (its ``failed``
    modes). ``scale`` overrides ``board_scale`` in the in-flight and Poisson modes."""
    from . import bench_fleet, bench_history, bench_ratings, bench_timers
    from . import bench_platform as bp

    run = Run(size, only, scale)
    pick = run.pick

    await run.mode(
        "platform.cold_start",
        lambda: bp.bench_cold_start(
            emit, pick(500, 2000, 10_000), pick(100, 500, 2500), pick(1, 2, 3)
        ),
    )
    await run.mode("platform.memory", lambda: bp.bench_memory(emit, pick(50, 200, 1000)))
    await run.mode(
        "platform.in_flight",
        lambda: bp.bench_in_flight(
            emit, pick(10, 50, 50), pick((10,), (10, 50), (10, 50)), pick(1, 2, 6), scale
        ),
    )
    await run.mode(
        "platform.poisson",
        lambda: bp.bench_poisson(
            emit,
            pick(10, 50, 50),
            pick((25.0,), (25.0, 50.0), (10.0, 25.0, 50.0)),
            pick(2.0, 8.0, 20.0),
            scale,
        ),
    )
    await run.mode(
        "platform.timers",
        lambda: bench_timers.bench_timers(
            emit,
            games=pick(500, 5000, 5000),  # a clock and a reminder each
            fired=pick(40, 300, 2000),
            window=pick(1.0, 5.0, 20.0),
            timeouts=pick(5, 20, 100),
        ),
    )
    await run.mode(
        "platform.ratings", lambda: bench_ratings.bench_ratings(emit, pick(20, 200, 1000))
    )
    # PostgreSQL and several processes (issue 22): needs a server ($BOARDROOM_BENCH_PG)
    await run.mode(
        "platform.fleet.moves_per_second",
        lambda: bench_fleet.bench_throughput(emit, pick(10, 50, 50), pick(2, 4, 20), pick(1, 1, 3)),
    )
    await run.mode(
        "platform.fleet.cold_start",
        lambda: bench_fleet.bench_cold_start(
            emit, pick(500, 10_000, 100_000), pick(50, 250, 2500), pick(1, 2, 3)
        ),
    )
    for game in GAMES:
        views: list[Any] = []

        async def engine(game: GameBench = game, views: list[Any] = views) -> None:
            views.extend(bench_engine(game, pick(1, max(2, game.games // 8), game.games)))

        async def boards(game: GameBench = game, views: list[Any] = views) -> None:
            if not views:  # --only <game>.render: positions of its own
                views.extend(bench_engine(game, pick(1, 2, 4)))
            bench_boards(game.key, views, pick(5, 30, 100))

        async def bot(game: GameBench = game) -> None:
            if game.key == "masters_of_commerce":
                await bp.bench_moc_negotiation(emit, pick(3, 20, 200))
                return
            await bp.bench_move_e2e(
                emit,
                pick(2, 10, 50 if game.key == "kenchiku" else 10),
                pick(10, 60, 400 if game.key == "kenchiku" else 300),
                key=game.key,
                seats=game.bot_seats,
                policy="ai" if game.ai else "random",
                target=game.bot_target,
            )

        await run.mode(f"{game.key}.engine", engine)
        await run.mode(f"{game.key}.render", boards)
        await run.mode(f"{game.key}.bot", bot)

    async def encoding() -> None:
        positions = {
            game.key: play(game.key, game.seats[-1], 7, ai=game.ai, views_every=20)[2]
            for game in GAMES
        }
        bench_encoding(positions, pick(2, 6, 20))

    await run.mode("render.encode", encoding)

    async def history() -> None:
        bench_history.bench_replays(emit, run.size)

    await run.mode("history", history)

    # AI strength and decision times (issue 21): hours at full size, so only when asked for
    ai_parts = [w.removeprefix("ai").lstrip(".") for w in run.wanted if w.split(".")[0] == "ai"]
    if ai_parts:
        from .bench_ai import bench_ai

        async def ai() -> None:
            parts = "" if "" in ai_parts else ",".join(ai_parts)
            bench_ai(quick=run.size != "full", only=parts)

        await run.mode("ai", ai, budget=12 * 3600.0)
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    emit("process.peak_rss", "MiB", [peak])
    return run
