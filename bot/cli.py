"""``boardroom`` command line: run (real Discord), preview (local browser), bench, backup,
restore. ``run``, ``backup`` and ``restore`` use the same database by default:
``$BOARDROOM_DATABASE`` or ``boardroom.sqlite3`` in the current directory."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
from pathlib import Path

DEFAULT_DB = "boardroom.sqlite3"
PREVIEW_DB = "boardroom-preview.sqlite3"


def _env_int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    if not value.isdigit():
        sys.exit(f"{name} must be a number (a Discord server id); got {value!r}.")
    return int(value)


def cmd_run(args: argparse.Namespace) -> int:
    import discord

    from .app import create_bot

    token = args.token or os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(
            "boardroom run needs a bot token: set DISCORD_TOKEN (see README, "
            "'Running on Discord'). To try Boardroom without a token: boardroom preview",
            file=sys.stderr,
        )
        return 2
    bot = create_bot(
        args.database,
        dev_guild_id=_env_int("BOARDROOM_DEV_GUILD"),
        heartbeat=os.environ.get("BOARDROOM_HEARTBEAT") or None,
    )
    discord.utils.setup_logging(level=getattr(logging, args.log_level))
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token. Copy it again from the Developer Portal "
            "(Bot → Reset Token) into DISCORD_TOKEN.",
            file=sys.stderr,
        )
        return 2
    return 0


def cmd_preview(args: argparse.Namespace) -> int:
    from .preview import run_preview

    logging.basicConfig(
        level=getattr(logging, args.log_level),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # Voice-library and intent notices from discord.py are noise in the simulated server.
    for name in ("discord.client", "discord.state"):
        logging.getLogger(name).setLevel(logging.ERROR)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_preview(args.database, port=args.port, members=args.members))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        import simcord  # noqa: F401
    except ImportError:
        print(
            "boardroom bench: needs SimCord (the simulated Discord the bot is driven in): "
            "pip install 'boardroom[preview]'",
            file=sys.stderr,
        )
        return 2
    from .bench import run_bench

    logging.basicConfig(level=logging.WARNING)
    size = "smoke" if args.smoke else "quick" if args.quick else "full"
    try:
        run = asyncio.run(run_bench(size, args.only, args.scale))
    except Exception as exc:
        reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        print(f"boardroom bench: failed: {reason}", file=sys.stderr, flush=True)
        return exit_promptly(1)
    if not run.ran:
        print(f"boardroom bench: no mode matches --only {args.only!r}", file=sys.stderr)
        return exit_promptly(2)
    if run.failed:
        print(
            f"boardroom bench: {len(run.failed)} of {len(run.ran)} modes failed: "
            + ", ".join(run.failed),
            file=sys.stderr,
            flush=True,
        )
        return exit_promptly(1)
    return exit_promptly(0)


def exit_promptly(status: int, grace: float = 10.0) -> int:
    """``status``, once the threads that would keep the process alive have ended; if one
    still runs after ``grace`` seconds (a database connection left open by a failure), the
    process ends at once with ``status`` instead of waiting for it forever."""
    import threading
    import time

    deadline = time.monotonic() + grace
    for thread in threading.enumerate():
        if thread is threading.main_thread() or thread.daemon:
            continue
        thread.join(max(0.0, deadline - time.monotonic()))
        if thread.is_alive():
            print(
                f"boardroom bench: thread {thread.name!r} still running; exiting anyway",
                file=sys.stderr,
                flush=True,
            )
            sys.stdout.flush()
            os._exit(status)
    return status


def database_of(args: argparse.Namespace) -> tuple[Path, str]:
    """The database a maintenance command works on, and how it was chosen (for messages):
    ``--database``, else ``--preview`` (the preview's file), else the one ``boardroom run``
    uses: ``$BOARDROOM_DATABASE`` or ``boardroom.sqlite3`` in the current directory."""
    if args.database:
        return Path(args.database).resolve(), "given with --database"
    if getattr(args, "preview", False):
        env = os.environ.get("BOARDROOM_PREVIEW_DATABASE", "").strip()
        return Path(env or PREVIEW_DB).resolve(), (
            "$BOARDROOM_PREVIEW_DATABASE" if env else f"the preview's default, {PREVIEW_DB}"
        )
    env = os.environ.get("BOARDROOM_DATABASE", "").strip()
    if env:
        return Path(env).resolve(), "from $BOARDROOM_DATABASE, as `boardroom run` uses"
    return Path(DEFAULT_DB).resolve(), (
        f"`boardroom run`'s default, {DEFAULT_DB} in the current directory"
    )


def missing_database(path: Path, how: str) -> str:
    """Which file was looked for, why, and how to name another one."""
    lines = [
        f"No database at {path} ({how}).",
        "Run this where the bot runs, set BOARDROOM_DATABASE as for `boardroom run`, "
        "or name the file: boardroom backup --database /path/to/boardroom.sqlite3 BACKUP_FILE",
    ]
    preview = Path(os.environ.get("BOARDROOM_PREVIEW_DATABASE", "").strip() or PREVIEW_DB)
    if preview.resolve() != path and preview.exists():
        lines.append(f"The preview's database {preview.resolve()} exists: add --preview to use it.")
    return "\n".join(lines)


def cmd_backup(args: argparse.Namespace) -> int:
    from .storage import Storage

    database, how = database_of(args)

    async def go() -> None:
        storage = Storage(database)
        await storage.open()
        try:
            await storage.backup(args.to)
        finally:
            await storage.close()

    if not database.exists():
        print(missing_database(database, how), file=sys.stderr)
        return 2
    if Path(args.to).resolve() == database:
        print("The backup file must not be the database itself.", file=sys.stderr)
        return 2
    asyncio.run(go())
    print(f"Backed up {database} to {Path(args.to).resolve()}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Replace the database with a backup (SQLite backup API), with the bot stopped."""
    import sqlite3

    database, how = database_of(args)
    source = Path(args.backup).resolve()
    if not source.is_file():
        print(f"No backup file at {source}.", file=sys.stderr)
        return 2
    if source == database:
        print("The backup file is the database itself; nothing to restore.", file=sys.stderr)
        return 2
    try:
        with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src:
            tables = {r[0] for r in src.execute("SELECT name FROM sqlite_master")}
            ok = src.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    except sqlite3.DatabaseError as exc:
        print(f"{source} is not a SQLite database ({exc}).", file=sys.stderr)
        return 2
    if not ok or not {"games", "moves"} <= tables:
        print(f"{source} is not a Boardroom backup (no games and moves tables).", file=sys.stderr)
        return 2
    wal = Path(f"{database}-wal")
    if wal.exists() and wal.stat().st_size > 0 and not args.force:
        print(
            f"{wal} exists: the bot may still be running on {database}. Stop it first "
            "(or pass --force if it is not running).",
            file=sys.stderr,
        )
        return 2
    with (
        contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
        contextlib.closing(sqlite3.connect(database)) as dest,
    ):
        src.backup(dest)
    print(f"Restored {database} ({how}) from {source}. Start the bot again.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="boardroom",
        description="Boardroom: long-running economic board games on Discord.",
    )
    parser.add_argument(
        "--log-level",
        default=os.environ.get("BOARDROOM_LOG_LEVEL", "INFO"),
        choices=("DEBUG", "INFO", "WARNING", "ERROR"),
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("run", help="run the bot on Discord (needs DISCORD_TOKEN)")
    p.add_argument("--token", help="bot token (default: $DISCORD_TOKEN)")
    p.add_argument(
        "--database",
        default=os.environ.get("BOARDROOM_DATABASE", DEFAULT_DB),
        help=f"SQLite file (default: $BOARDROOM_DATABASE or {DEFAULT_DB})",
    )
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("preview", help="the real bot in a local browser page, no token")
    p.add_argument("--database", default=os.environ.get("BOARDROOM_PREVIEW_DATABASE", PREVIEW_DB))
    p.add_argument(
        "--port", type=int, default=int(os.environ.get("BOARDROOM_PREVIEW_PORT", "8765"))
    )
    p.add_argument(
        "--members",
        type=int,
        default=4,
        choices=range(2, 12),
        help="simulated members to switch between (default 4)",
    )
    p.set_defaults(func=cmd_preview)

    p = sub.add_parser(
        "bench",
        help="print performance figures as JSON lines (needs boardroom[preview] for SimCord)",
    )
    size = p.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="fewer samples")
    size.add_argument(
        "--smoke", action="store_true", help="every mode, tiny: checks the bench runs (< 60 s)"
    )
    p.add_argument(
        "--only",
        default="",
        help="comma-separated modes or their prefixes (platform, platform.poisson, kenchiku, "
        "kenchiku.render, history)",
    )
    p.add_argument(
        "--scale",
        type=float,
        default=None,
        help="board_scale for platform.in_flight and platform.poisson (default: the setting)",
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser(
        "backup",
        help="copy the live database safely (SQLite backup API); the same database as "
        "`boardroom run` unless told otherwise",
    )
    p.add_argument(
        "--database",
        default=None,
        help=f"SQLite file (default: $BOARDROOM_DATABASE or {DEFAULT_DB}, as boardroom run)",
    )
    p.add_argument("--preview", action="store_true", help="use the preview's database")
    p.add_argument("to", help="destination file")
    p.set_defaults(func=cmd_backup)

    p = sub.add_parser("restore", help="replace the database with a backup (stop the bot first)")
    p.add_argument(
        "--database",
        default=None,
        help=f"SQLite file (default: $BOARDROOM_DATABASE or {DEFAULT_DB}, as boardroom run)",
    )
    p.add_argument("--preview", action="store_true", help="use the preview's database")
    p.add_argument("--force", action="store_true", help="restore even if a -wal file exists")
    p.add_argument("backup", help="a file written by boardroom backup")
    p.set_defaults(func=cmd_restore)

    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
