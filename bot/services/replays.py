"""History of a game: past positions (``/board at``), and what is posted when a game ends —
a summary (final board, score breakdown per category) and an animated replay.

Positions are rebuilt by replaying the stored record's first moves in a worker thread. The
game-over summary is posted after the game-over announcement (the ``game_over`` event,
raised once that is delivered; its listener runs as its own task), and the replay follows
as a second message when it is ready: it is drawn in a dedicated one-thread executor, so the
render pool keeps drawing the boards of games in progress.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import discord

import i18n
from games.core import SYSTEM, GameRecord, InvalidMove, get_game
from games.core.text import Msg
from render import contract
from render.replay import animate, sample_positions

from .. import messages as msg
from ..game_log import LogEntry, log_line
from ..manager import GameManager, LiveGame
from ..storage import GameRow, ImportWrite, MoveRow, Storage
from .boards import Board, Boards
from .publisher import Announcement, Publisher

log = logging.getLogger(__name__)

ATTACHMENT_LIMIT = 10 * 1024 * 1024  # Discord's attachment limit for bots (bytes)
REPLAY_BUDGET = 4 * 1024 * 1024  # aim: a few MiB, quick to load on a phone
REPLAY_FRAMES = 60
REPLAY_SCALE = 0.5


def record_of(row: GameRow, moves: Sequence[tuple[int, str]]) -> GameRecord:
    return GameRecord(
        row.game_key, row.engine_version, row.seed, len(row.seats), dict(row.options), list(moves)
    )


# -- past positions ------------------------------------------------------------------------


@dataclass
class Position:
    """The game after its first ``at`` moves: the public ``view``, and the ``events`` and
    ``label`` of move ``at`` (empty at the start)."""

    at: int
    view: Any
    events: tuple[str, ...]
    label: str


def position(record: GameRecord, at: int) -> Position:
    """Replay ``record``'s first ``at`` moves (CPU-bound: run it in a thread)."""
    spec = get_game(record.game)
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    events: tuple[str, ...] = ()
    label = ""
    for seat, text in record.moves[:at]:
        move = state.parse_move(seat, text)
        label = move.label
        events = tuple(state.apply(seat, move))  # Msgs: said in the reader's language
    return Position(at, state.view(None), events, label)


def check_at(live: LiveGame, at: int) -> None:
    """``InvalidMove`` naming the range unless ``0 <= at <= moves made``."""
    if not 0 <= at <= live.seq:
        raise InvalidMove(
            Msg(
                "bot.replays.counts_moves_game_has",
                "`at` counts moves: game #{id} has {seq} move(s) so far, so use a number from 0 "
                "(the start) to {seq} (the current board).",
                id=live.id,
                seq=live.seq,
            )
        )


async def position_at(
    storage: Storage, live: LiveGame, at: int, lang: str = i18n.DEFAULT
) -> tuple[Position, str]:
    """The public position after move ``at`` and a line telling that move (as ``/game log``
    does, for everyone) in ``lang``; ``InvalidMove`` naming the range when ``at`` is out of
    it."""
    check_at(live, at)
    moves, _ = await storage.replay_moves(live.id)
    pos = await asyncio.to_thread(position, record_of(live.row, moves[:at]), at)
    if at == 0:
        return pos, i18n.t(
            lang, "bot.replays.start_game_before_any", "The start of the game, before any move."
        )
    rows = await storage.moves(live.id)
    row: MoveRow = rows[at - 1]
    return pos, log_line(live, LogEntry(row, pos.label, pos.events), None, lang=lang)


# -- continuing an imported record ----------------------------------------------------------

IMPORT_WARNING = Msg(
    "bot.replays.whoever_holds_record_file",
    "⚠️ Whoever holds this record's file knows its seed, and with it every hidden card and every "
    "future draw of this game: play it on only with people who accept that, or to study it.",
)


async def open_import(
    manager: GameManager,
    publisher: Publisher,
    lobby_view: Callable[[GameRow, str], discord.ui.View | None],
    *,
    guild_id: int,
    channel_id: int,
    host_id: int,
    host_name: str,
    record: GameRecord,
    checked: Sequence[tuple[int, str, str, str]],
    over: bool,
    where: str,
) -> GameRow:
    """Open a lobby that continues ``record`` (its moves ``checked`` by
    ``bot.records.check_moves``; ``over``: the record is finished; ``where``: the phase it
    continues at), holding the record in the same transaction, and post it in the channel
    with a warning that the file's holder can know every hidden card. Returns the lobby."""
    row = await manager.new_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game_key=record.game,
        options=record.options,
        seed=record.seed,
        host_id=host_id,
        host_name=host_name,
        imported=ImportWrite(record.engine_version, record.seats, tuple(checked)),
    )
    spec = get_game(record.game)
    lang = await manager.channel_language(guild_id)
    then = (
        i18n.t(
            lang,
            "bot.replays.record_finished_starting_shows",
            "The record is finished: starting shows its final board, summary and replay.",
        )
        if over
        else i18n.t(lang, "bot.replays.continues", "It continues at {where}.", where=where)
    )
    text = i18n.t(
        lang,
        "bot.replays.imported_record_moves_players",
        "📥 <@{host_id}> imported a **{title}** record: {len} moves, {seats} players. Seats are "
        "taken in join order (the importer is p1); the host starts with exactly {seats} seated, "
        "and the recorded moves are replayed first. {then}\n{warning}",
        host_id=row.host_id,
        title=msg.title(spec, lang),
        len=len(record.moves),
        seats=record.seats,
        then=then,
        warning=IMPORT_WARNING,
    )
    kwargs: dict[str, Any] = {
        "embed": msg.lobby_embed(row, record.seats, lang),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    view = lobby_view(row, lang)
    if view is not None:
        kwargs["view"] = view
    message = await publisher.post(row.channel_id, text, **kwargs)
    if message is not None:
        await manager.storage.set_lobby_message(row.id, message.id)
    return row


# -- the score breakdown --------------------------------------------------------------------


def _cell(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


def _width(text: str) -> int:
    """Columns ``text`` takes in a monospace font (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cut(text: str, columns: int) -> str:
    out = ""
    for c in text:
        if _width(out + c) > columns:
            break
        out += c
    return out


def breakdown_tables(
    outcome: Mapping[str, Any],
    names: Sequence[str],
    *,
    width: int = 56,
    lang: str = i18n.DEFAULT,
) -> list[str]:
    """The score breakdown as monospace tables (each at most ``width`` characters wide, for
    an embed field): a row per category (``Outcome.details`` keys, ``total`` last) and a
    column per player in rank order; more players than fit are split over several tables.
    ``outcome`` is ``Outcome.to_dict()`` (seat keys as strings)."""
    scores: Mapping[str, Any] = outcome.get("scores", {})
    ranks: Mapping[str, Any] = outcome.get("ranks", {})
    details: Mapping[str, Mapping[str, Any]] = outcome.get("details", {}) or {}
    seats = sorted(scores, key=lambda s: (ranks.get(s, 99), int(s)))
    categories: list[str] = []
    for s in seats:
        for key in details.get(s, {}):
            if key != "total" and key not in categories:
                categories.append(key)
    labels = [i18n.tr(msg.DETAIL_WORDS.get(c) or c.replace("_", " "), lang) for c in categories] + [
        i18n.t(lang, "bot.replays.total", "total")
    ]
    rows = {
        s: [_cell(details.get(s, {}).get(c, 0)) for c in categories] + [_cell(scores[s])]
        for s in seats
    }

    def name(s: str) -> str:
        i = int(s)
        return names[i] if 0 <= i < len(names) else f"p{i + 1}"

    label_w = min(16, max(_width(x) for x in labels))
    col_ws = {s: max(4, min(9, len(name(s))), *(len(v) for v in rows[s])) for s in seats}
    groups: list[list[str]] = [[]]
    used = label_w
    for s in seats:
        if groups[-1] and used + 1 + col_ws[s] > width:
            groups.append([])
            used = label_w
        groups[-1].append(s)
        used += 1 + col_ws[s]
    tables: list[str] = []
    for group in groups:
        head = " " * label_w + "".join(" " + name(s)[: col_ws[s]].rjust(col_ws[s]) for s in group)
        lines = [head]
        for i, label in enumerate(labels):
            lines.append(
                (lambda cut: cut + " " * (label_w - _width(cut)))(_cut(label, label_w))
                + "".join(" " + rows[s][i].rjust(col_ws[s]) for s in group)
            )
        tables.append("\n".join(lines))
    return tables


def summary_embed(
    row: GameRow,
    moves: int,
    board: Board | None,
    lang: str = i18n.DEFAULT,
    reason: str | None = None,
) -> discord.Embed:
    """The game-over summary: result, players in rank order, the breakdown table(s), and
    the final board as the embed's image (``attachment://`` the board's file). ``reason``:
    the outcome's reason already in ``lang`` (else the stored one, in English)."""
    spec = get_game(row.game_key)
    outcome = row.outcome or {}
    names = [msg.seat_label(s.display_name, lang) for s in row.seats]
    winners = [names[w] for w in outcome.get("winners", []) if 0 <= w < len(names)]
    joiner = " and " if lang == i18n.DEFAULT else "、"
    won = joiner.join(f"**{w}**" for w in winners) or i18n.t(lang, "bot.replays.nobody", "nobody")
    if reason is None:
        reason = msg.named(names, str(outcome.get("reason", "")), lang)
    e = discord.Embed(
        title=i18n.t(
            lang,
            "bot.replays.game_summary",
            "🏁 {title} — game #{id} summary",
            title=msg.title(spec, lang),
            id=row.id,
        ),
        description=(
            i18n.t(lang, "bot.replays.win", "👑 {won} win — {reason}\n", won=won, reason=reason)
            if len(winners) > 1
            else i18n.t(
                lang, "bot.replays.wins", "👑 {won} wins — {reason}\n", won=won, reason=reason
            )
        )
        + i18n.t(
            lang,
            "bot.replays.moves_board_move_shows",
            "{moves} moves · `/board at:<move>` shows any position, `/game log` every move, "
            "`/game export` the record.",
            moves=moves,
        ),
        colour=msg.ACCENT,
    )
    tables = breakdown_tables(outcome, names, lang=lang)
    for i, table in enumerate(tables[:8]):
        title = (
            i18n.t(lang, "bot.replays.score_breakdown", "Score breakdown")
            if i == 0
            else i18n.t(
                lang, "bot.replays.score_breakdown_continued", "Score breakdown (continued)"
            )
        )
        e.add_field(name=title, value=f"```\n{table[:1000]}\n```", inline=False)
    if board is not None:
        e.set_image(url=f"attachment://{board.filename}")
    return e


# -- animated replays ----------------------------------------------------------------------


@dataclass(frozen=True)
class Replay:
    """An encoded replay: ``data`` (``fmt`` bytes), ``frames`` drawn, one every ``step``
    moves, and the seconds spent (``seconds``)."""

    data: bytes
    fmt: str
    frames: int
    step: int
    seconds: float

    @property
    def filename(self) -> str:
        return f"replay.{self.fmt}"


def make_replay(
    record: GameRecord,
    names: Sequence[str] | None,
    *,
    scale: float = REPLAY_SCALE,
    max_frames: int = REPLAY_FRAMES,
    fmt: str = "webp",
    budget: int = REPLAY_BUDGET,
    lang: str = "en",
) -> Replay | None:
    """Replay ``record`` drawing the public board at sampled positions (``sample_positions``)
    with ``render_board(view, scale=scale, lang=lang)`` and encode them as one animation
    (CPU-bound: run it in a thread). Over ``budget`` bytes, it is re-encoded with half the
    frames and lower quality until it fits (never over Discord's 10 MiB). ``None`` when the
    game has no renderer."""
    renderer = contract.of(record.game)
    if renderer is None:
        return None
    began = time.perf_counter()
    spec = get_game(record.game)
    state = spec.new_game(spec.resolve_options(record.options), record.seats, record.seed)
    state.engine_version = record.engine_version
    positions = sample_positions(len(record.moves), max_frames)
    wanted = set(positions)
    frames = []
    named = list(names) if names else None
    if 0 in wanted:
        frames.append(renderer.board(state.view(None), scale=scale, names=named, lang=lang))
    for i, (seat, text) in enumerate(record.moves, start=1):
        state.apply(seat, state.parse_move(seat, text))
        if i in wanted:
            frames.append(renderer.board(state.view(None), scale=scale, names=named, lang=lang))
    step = positions[1] - positions[0] if len(positions) > 1 else 1
    quality = 75
    data = animate(frames, fmt=fmt, quality=quality)
    while len(data) > min(budget, ATTACHMENT_LIMIT) and len(frames) > 2:
        frames = frames[:-1:2] + frames[-1:]
        step *= 2
        quality = max(30, quality - 15)
        data = animate(frames, fmt=fmt, quality=quality)
    if len(data) > ATTACHMENT_LIMIT:
        return None
    return Replay(data, fmt, len(frames), step, time.perf_counter() - began)


class Summaries:
    """Posts the summary and then the replay of each game that ends (``HistoryCog`` listens
    to the ``game_over`` event). Replays are drawn one at a time in their own thread."""

    def __init__(self, storage: Storage, publisher: Publisher, boards: Boards) -> None:
        self.storage = storage
        self.publisher = publisher
        self.boards = boards
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="replay")
        self.made: list[tuple[int, Replay]] = []  # (game id, replay), newest last; for tests

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def game_over(self, job: Announcement, late: bool = False) -> None:
        """Post the summary of the game ``job`` announced as over, then its replay.
        ``late``: the game ended before a restart and its summary was never posted. With
        other processes on the database, under the game's summary lock and only if no
        process has posted it, so it is posted once."""
        if not self.storage.shared:
            await self._game_over(job, late)
            return
        async with self.storage.exclusive("summary", job.game_id):
            if await self.storage.summary_due(job.game_id):
                await self._game_over(job, late)

    async def _game_over(self, job: Announcement, late: bool) -> None:
        row = await self.storage.get_game(job.game_id)
        if row is None or row.status != "finished" or not row.outcome:
            return
        moves, _ = await self.storage.replay_moves(row.id)
        lang = job.lang  # the channel's, as the final board's
        board = await self._final_board(job)
        kwargs: dict[str, Any] = {
            "embed": summary_embed(row, len(moves), board, lang, job.reason or None),
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if board is not None:
            kwargs["file"] = board.file()
        text = (
            i18n.t(
                lang,
                "bot.replays.game_ended_while_i",
                "🏁 {title} game #{id} ended while I was restarting; here is its summary.",
                title=msg.title(get_game(row.game_key), lang),
                id=row.id,
            )
            if late
            else ""
        )
        summary = await self.publisher.post(row.channel_id, text, **kwargs)
        if summary is not None:
            await self.storage.mark_summary_posted(row.id)
        loop = asyncio.get_running_loop()
        names = [msg.seat_label(s.display_name, lang) for s in row.seats]
        record = record_of(row, moves)
        try:
            replay = await loop.run_in_executor(
                self._pool, functools.partial(make_replay, record, names, lang=lang)
            )
        except Exception:
            log.exception("the replay of game %s failed", row.id)
            return
        if replay is None:
            return
        self.made.append((row.id, replay))
        del self.made[:-20]
        log.info(
            "replay of game %s: %d frames, %.1f KiB, %.2f s",
            row.id,
            replay.frames,
            len(replay.data) / 1024,
            replay.seconds,
        )
        every = (
            i18n.t(lang, "bot.replays.each_move", "each move")
            if replay.step == 1
            else i18n.t(lang, "bot.replays.every_moves", "every {step} moves", step=replay.step)
        )
        extra: dict[str, Any] = {}
        if summary is not None:
            extra["reference"] = summary.to_reference(fail_if_not_exists=False)
        await self.publisher.post(
            row.channel_id,
            i18n.t(
                lang,
                "bot.replays.replay_game_frames_then",
                "🎞️ Replay of {title} game #{id}: {frames} frames, {every}, then the final board.",
                title=msg.title(get_game(row.game_key), lang),
                id=row.id,
                frames=replay.frames,
                every=every,
            ),
            file=discord.File(io.BytesIO(replay.data), filename=replay.filename),
            allowed_mentions=discord.AllowedMentions.none(),
            **extra,
        )

    async def resume(self, manager: GameManager) -> int:
        """Post the summaries (and replays) of games that ended but whose summary was never
        posted, e.g. the bot stopped between the last move's commit and the summary. Returns
        how many."""
        done = 0
        for game_id in await self.storage.summaries_due():
            try:
                live = await manager.load(game_id)
                lang = await manager.channel_language(live.row.guild_id)
                job = self.publisher.prepare(live, [msg.header(live, lang)], lang=lang)
                await self.game_over(job, late=True)
                done += 1
            except Exception:
                log.exception("posting the late summary of game %s failed", game_id)
        return done

    async def _final_board(self, job: Announcement) -> Board | None:
        try:
            return await self.boards.draw(
                job.game_key,
                job.game_id,
                job.seq,
                job.view,
                names=job.names,
                lang=job.lang,
            )
        except Exception:
            log.exception("drawing the final board of game %s failed", job.game_id)
            return None


__all__ = [
    "SYSTEM",
    "Position",
    "Replay",
    "Summaries",
    "breakdown_tables",
    "make_replay",
    "open_import",
    "position",
    "position_at",
    "summary_embed",
]
