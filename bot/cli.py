"""``boardroom`` command line: run (real Discord), preview (local browser), bench, backup."""

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
    from .bench import run_bench

    logging.basicConfig(level=logging.WARNING)
    asyncio.run(run_bench(quick=args.quick, only=args.only, scale=args.scale))
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from .storage import Storage

    async def go() -> None:
        storage = Storage(args.database)
        await storage.open()
        try:
            await storage.backup(args.to)
        finally:
            await storage.close()

    if not Path(args.database).exists():
        print(f"No database at {args.database}.", file=sys.stderr)
        return 2
    asyncio.run(go())
    print(f"Backed up {args.database} to {args.to}")
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

    p = sub.add_parser("bench", help="print performance figures as JSON lines")
    p.add_argument("--quick", action="store_true", help="fewer samples (for smoke tests)")
    p.add_argument("--only", default="", help="comma-separated metric name prefixes")
    p.add_argument(
        "--scale", type=float, default=None, help="board scale for platform.poisson (setting)"
    )
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("backup", help="copy the live database safely (SQLite backup API)")
    p.add_argument("--database", default=os.environ.get("BOARDROOM_DATABASE", DEFAULT_DB))
    p.add_argument("to", help="destination file")
    p.set_defaults(func=cmd_backup)

    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
