"""Run-time settings of one bot, with defaults that suit a small self-hosted server."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """``cache_size``: live games kept in memory (least recently used are dropped and
    replayed when next used; about 10-60 KB each). ``render_workers``: threads handing
    boards to the drawing (default: the CPU count). ``render_processes``: processes that draw and
    encode boards (default: the CPU count, so drawing, which holds Python's GIL, uses every core;
    0: the threads draw, as in the tests). ``board_scale``: size factor of posted boards (1.0 draws
    Kenchiku 1,286 px wide, 0.75 draws 964 px; Discord shows about 550 px inline, so the inline
    picture is the same; 0.75 halves the PNG encoding, see README "Performance"). Cooldowns are
    ``(uses, seconds)`` per user. ``ai_pause``: seconds before each AI seat's move.
    ``ai_processes``: processes AI seats think in (default: the CPU count, so a search never
    holds the event loop or Python's GIL; 0: a thread of the bot's process, as in the tests).
    ``ai_think``: seconds one AI decision may search before it plays its best move so far
    (the levels' own budgets usually end it much sooner).
    ``alive_every``: seconds between the stamps that tell a restart how long the bot was down
    (running turn clocks are credited with the downtime; 0 turns this off). ``timer_poll``:
    seconds between looks for due timers no live process holds, when several processes share
    a PostgreSQL database (0 turns this off; see docs/self-hosting.md). ``db_pool``: most
    PostgreSQL connections for statements (per-game locks use up to 20 more)."""

    cache_size: int = 256
    render_workers: int | None = None
    render_processes: int | None = None
    board_scale: float = 0.75
    public_board_cooldown: tuple[int, float] = (2, 60.0)
    new_lobby_cooldown: tuple[int, float] = (3, 60.0)
    import_cooldown: tuple[int, float] = (6, 600.0)  # /game import replays a whole record
    leaderboard_cooldown: tuple[int, float] = (3, 60.0)  # /leaderboard draws and posts an image
    autocomplete_rate: tuple[int, float] = (20, 10.0)
    alive_every: float = 30.0  # seconds between "still running" stamps; 0: no downtime credit
    ai_pause: float = 1.5  # seconds an AI seat waits before each move, so people can follow
    ai_processes: int | None = None
    ai_think: float = 3.0
    # PostgreSQL shared by several processes: seconds between looks for due timers that no
    # live process holds (another process's, a killed one's); 0: off
    timer_poll: float = 2.0
    db_pool: int = 10  # PostgreSQL: most statement connections this process holds
