"""Announcements: the public board after a move, the timed phase's table message, and a
move's line alone when it leaves the same seats to act in the same phase (``line_only``,
decided by ``bot.services.aftermath``; the board follows at the next change).

Announcements of one game go out in order, one at a time. When moves arrive faster than
boards can be drawn, the waiting announcements are folded: each still gets its message,
but only the newest carries a board, so only the newest board is drawn (a line-only move
behind a folded change draws it). Lines stored by older versions for "the next board"
(``pending_lines``) are still posted with the next announcement. A failed
interaction follow-up never loses a board: it is posted to the channel instead, with
bounded retries.

Only the newest board carries buttons: posting a board removes the previous board
message's components (its id is stored, so this also works after a restart). Inside a
timed phase the phase's one table message is edited instead; when a move or an expiry
starts a new quiet period there (an auction lot's bid or the next lot), one short line
with the moves and a ping of everyone who may act is posted, never a second full board.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

import i18n

from .. import messages as msg
from ..manager import LiveGame, MoveResult
from ..storage import Storage
from . import wording
from .boards import Board, Boards
from .clocks import clock_line

log = logging.getLogger(__name__)

BoardView = Callable[[int, int, str], discord.ui.View]
"""(game id, seq, language) -> the board's buttons."""
Sendable = discord.abc.Messageable
TableMessage = discord.Message | discord.PartialMessage

RETRIES = 3


@dataclass
class Announcement:
    """One public message to post, prepared when its move was committed."""

    game_id: int
    game_key: str
    channel_id: int
    seq: int  # moves applied at this board
    view: Any  # the public view to draw
    lines: list[str]  # header and move lines
    status: list[str]  # whose turn and the deadline, or the final scores
    is_over: bool
    table_key: str | None  # the running timed phase's table, if any
    notation: str = ""
    names: tuple[str, ...] = ()  # display names by seat, for the board image
    ping: str = ""  # the short line that starts a new quiet period in a table phase
    # A move that leaves the same seats to act in the same phase: its lines are posted with
    # this closing line instead of a new board (the board is drawn at the next change)
    line_only: str = ""
    interaction: discord.Interaction | None = None
    done: asyncio.Future[None] | None = field(default=None, repr=False)
    lang: str = i18n.DEFAULT  # the channel's language (``bot.lang.for_channel``)
    reply_lang: str = i18n.DEFAULT  # the language of ``interaction``'s member
    reason: str = ""  # a finished game's outcome reason in ``lang``, seats named (summaries)


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        boards: Boards,
        board_view: BoardView,
    ) -> None:
        self.client = client
        self.storage = storage
        self.boards = boards
        self.board_view = board_view
        self._tables: dict[int, tuple[str, TableMessage]] = {}
        self._boards: dict[int, tuple[int, int | None]] = {}  # game -> (message id, seq)
        self._queues: dict[int, list[Announcement]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self.folded = 0

    # -- preparing ----------------------------------------------------------------------

    def move_line(self, result: MoveResult) -> str:
        return msg.move_line(
            result.live,
            result.seat,
            result.public or "…",
            result.events,
            result.by_timer,
            result.lang,
        )

    def prepare(
        self,
        live: LiveGame,
        lines: list[str],
        *,
        view: Any = None,
        new_period: bool = False,
        lang: str = i18n.DEFAULT,
    ) -> Announcement:
        """Freeze what the message will say now, before anything else can change the game;
        ``lang``: the channel's language (``lines`` are already in it)."""
        status: list[str] = []
        reason = ""
        if live.state.is_over():
            status.append(msg.final_scores(live, lang))
            outcome = live.state.outcome()
            if outcome is not None:
                reason = msg.named(live, i18n.tr(outcome.reason, lang), lang)
        else:
            status.append(wording.whose_turn(live, lang))
            due = live.due()
            if due is not None:
                status.append(
                    i18n.t(lang, "bot.publisher.ends", "⏳ Ends <t:{due}:R>.", due=int(due))
                )
            clock = clock_line(live, lang)  # turn clocks (issue 12)
            if clock:
                status.append(clock)
        dl = live.deadline()
        ping = ""
        if new_period and dl is not None and not live.state.is_over():
            ping = wording.ping_line(live, wording.waiting_seats(live), live.due(), lang)
        return Announcement(
            game_id=live.id,
            game_key=live.row.game_key,
            channel_id=live.row.channel_id,
            seq=live.seq,
            view=view if view is not None else live.public_view(),
            lines=lines,
            status=status,
            is_over=live.state.is_over(),
            table_key=dl.table_key if dl is not None else None,
            names=tuple(msg.seat_label(n, lang) for n in live.names()),
            ping=ping,
            lang=lang,
            reason=reason,
        )

    def prepare_move(self, result: MoveResult) -> Announcement:
        return self.prepare(
            result.live,
            [msg.header(result.live, result.lang), self.move_line(result)],
            view=result.view,
            new_period=result.new_period,
            lang=result.lang,
        )

    def runs_table(self, live: LiveGame) -> bool:
        """Whether the game's running timed phase already has a table message to edit."""
        dl = live.deadline()
        if dl is None:
            return False
        known = self._tables.get(live.id)
        if known is not None:
            return known[0] == dl.table_key
        return live.row.table_key == dl.table_key and live.row.table_message_id is not None

    # -- sending --------------------------------------------------------------------------

    async def send(
        self,
        job: Announcement,
        interaction: discord.Interaction | None = None,
        notation: str = "",
        reply_lang: str | None = None,
    ) -> None:
        """Post (or fold) ``job``; returns once it is delivered or given up. ``reply_lang``:
        the language of ``interaction``'s member (for private confirmations)."""
        await asyncio.shield(self.enqueue(job, interaction, notation, reply_lang))

    def enqueue(
        self,
        job: Announcement,
        interaction: discord.Interaction | None = None,
        notation: str = "",
        reply_lang: str | None = None,
    ) -> asyncio.Future[None]:
        """Queue ``job`` behind the game's earlier announcements, without waiting; the
        future is done once it is delivered (or given up)."""
        job.interaction, job.notation = interaction, notation
        job.reply_lang = reply_lang or job.lang
        job.done = asyncio.get_running_loop().create_future()
        self._queues.setdefault(job.game_id, []).append(job)
        worker = self._workers.get(job.game_id)
        if worker is None or worker.done():
            self._workers[job.game_id] = asyncio.create_task(
                self._work(job.game_id), name=f"publish-{job.game_id}"
            )
        return job.done

    async def _work(self, game_id: int) -> None:
        try:
            while self._queues.get(game_id):
                jobs = self._queues.pop(game_id)
                for job in jobs[:-1]:
                    self.folded += 1
                    await self._finish(job, self._deliver(job, None, folded=True))
                last = jobs[-1]
                if last.line_only and any(not j.line_only for j in jobs[:-1]):
                    last.line_only = ""  # a folded move needed a new board: this one draws it
                if not last.ping:  # a quiet period began in a folded move: still ping
                    last.ping = next((j.ping for j in reversed(jobs[:-1]) if j.ping), "")
                board = None if last.line_only else await self._draw(last)
                await self._finish(last, self._deliver(last, board, folded=False))
        finally:
            self._workers.pop(game_id, None)

    async def _draw(self, job: Announcement) -> Board | None:
        try:
            return await self.boards.draw(
                job.game_key, job.game_id, job.seq, job.view, names=job.names, lang=job.lang
            )
        except Exception:
            log.exception("drawing game %s failed", job.game_id)
            return None

    async def _finish(self, job: Announcement, work: Any) -> None:
        try:
            await work
        except Exception:
            log.exception("announcing game %s failed", job.game_id)
        finally:
            if job.done is not None and not job.done.done():
                job.done.set_result(None)

    async def _deliver(self, job: Announcement, board: Board | None, *, folded: bool) -> None:
        """Post one announcement; a ``folded`` one is text only, as a newer one follows; a
        ``line_only`` one is text only, as its board is unchanged but for this move."""
        pending = await self.storage.pending(job.game_id)
        body = [line for _, line in pending] + job.lines[1:]
        first = job.status[:1] if job.is_over else []  # first, so clipping never hides it
        if job.is_over:
            after: list[str] = []
        elif folded:
            after = [
                i18n.t(job.lang, "bot.publisher.newest_follows", "-# The newest board follows.")
            ]
        elif job.line_only:
            after = [job.line_only]
        else:
            after = list(job.status)
        text_only = folded or bool(job.line_only)
        lines = job.lines[:1] + first + body + after
        text = "\n".join(line for line in lines if line)
        overflow: list[str] = []
        if len(text) > msg.LIMIT and job.table_key is None:
            # A long account (every house at Dinnertime) follows the board in as many
            # messages as it needs; the board message keeps its header, ping and status whole.
            overflow = msg.chunks("\n".join(line for line in body if line))
            below = i18n.t(
                job.lang, "bot.publisher.follows_below", "-# What happened follows below."
            )
            lines = job.lines[:1] + first + [below] + after
            text = "\n".join(line for line in lines if line)
        text = msg.clip(text)
        view = None if text_only or job.is_over else self.board_view(job.game_id, job.seq, job.lang)
        posted = False
        if job.table_key is not None and not text_only:
            posted = await self._edit_table(job, text, board, view)
            if posted and job.ping:
                short = [line for line in job.lines[1:] if line] + [job.ping]
                await self.post(
                    job.channel_id,
                    msg.clip("\n".join(short)),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
        elif job.table_key is not None and text_only and await self._table(job) is not None:
            # a folded change inside a timed phase: the table shows the newest state next
            await self._confirm(job, self._updated(job))
            posted = True
        if not posted:
            message = await self._post(job, text, board, view)
            posted = message is not None
            if not text_only:
                await self._remember_table(job, message)
                if message is not None:
                    await self._set_board(job, message.id, None if job.is_over else job.seq)
        for part in overflow:
            await self.post(job.channel_id, part, allowed_mentions=discord.AllowedMentions.none())
        if posted and pending:
            await self.storage.clear_pending(job.game_id, pending[-1][0])

    @staticmethod
    def _updated(job: Announcement) -> str:
        return i18n.t(
            job.reply_lang,
            "bot.publisher.table_updated",
            "✅ `{notation}` — the table above is updated.",
            notation=job.notation,
        )

    async def _confirm(self, job: Announcement, text: str) -> None:
        if job.interaction is None:
            return
        try:
            await job.interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.info("confirmation for game %s not delivered (HTTP %s)", job.game_id, exc.status)

    @staticmethod
    def _kwargs(text: str, board: Board | None, view: discord.ui.View | None) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "content": text,
            "allowed_mentions": discord.AllowedMentions(users=True),
        }
        if board is not None:
            kwargs["file"] = board.file()
        if view is not None:
            kwargs["view"] = view
        return kwargs

    async def _post(
        self,
        job: Announcement,
        text: str,
        board: Board | None,
        view: discord.ui.View | None,
    ) -> discord.Message | None:
        """The interaction's follow-up if there is one, else (or if that fails) a channel
        message, tried up to ``RETRIES`` times."""
        if job.interaction is not None:
            try:
                return await job.interaction.followup.send(
                    wait=True, **self._kwargs(text, board, view)
                )
            except discord.HTTPException as exc:
                log.warning(
                    "follow-up for game %s failed (HTTP %s); posting to the channel",
                    job.game_id,
                    exc.status,
                )
        for attempt in range(RETRIES):
            channel = await self.channel(job.channel_id)
            if channel is None:
                return None
            try:
                return await channel.send(**self._kwargs(text, board, view))
            except (discord.Forbidden, discord.NotFound):
                log.warning("cannot post in channel %s", job.channel_id)
                return None
            except discord.HTTPException as exc:
                log.warning(
                    "posting game %s failed (HTTP %s), attempt %d",
                    job.game_id,
                    exc.status,
                    attempt + 1,
                )
                await asyncio.sleep(0.5 * 2**attempt)
        return None

    async def _table(self, job: Announcement) -> TableMessage | None:
        known = self._tables.get(job.game_id)
        if known is None:
            row = await self.storage.get_game(job.game_id)
            if row is None or row.table_key is None or row.table_message_id is None:
                return None
            channel = await self.channel(job.channel_id)
            if channel is None or not hasattr(channel, "get_partial_message"):
                return None
            known = (row.table_key, channel.get_partial_message(row.table_message_id))
            self._tables[job.game_id] = known
        return known[1] if known[0] == job.table_key else None

    async def _edit_table(
        self, job: Announcement, text: str, board: Board | None, view: discord.ui.View | None
    ) -> bool:
        table = await self._table(job)
        if table is None:
            return False
        files = [] if board is None else [board.file()]
        try:
            edited = await table.edit(content=text, attachments=files, view=view)
        except discord.HTTPException:
            log.info("table message of game %s is gone; posting a new one", job.game_id)
            if job.interaction is not None:  # its reply was deferred privately
                await self._confirm(job, f"✅ `{job.notation}`")  # no words to translate
                job.interaction = None
            return False
        assert job.table_key is not None
        self._tables[job.game_id] = (job.table_key, edited or table)
        await self._set_board(job, table.id, None if job.is_over else job.seq)
        await self._confirm(job, self._updated(job))
        return True

    async def _remember_table(self, job: Announcement, message: discord.Message | None) -> None:
        if job.table_key is None or message is None:
            self._tables.pop(job.game_id, None)
            await self.storage.set_table(job.game_id, None, None)
        else:
            self._tables[job.game_id] = (job.table_key, message)
            await self.storage.set_table(job.game_id, job.table_key, message.id)

    # -- the newest board ---------------------------------------------------------------

    def board_seq(self, game_id: int, stored: int | None) -> int | None:
        """The move count shown by the game's newest board (``stored``: the game row's
        ``board_seq``, used until this process posts a board)."""
        known = self._boards.get(game_id)
        return known[1] if known is not None else stored

    async def _set_board(self, job: Announcement, message_id: int, seq: int | None) -> None:
        """``message_id`` is now the game's newest board: the previous board loses its
        buttons (a deleted or unreachable message is skipped)."""
        known = self._boards.get(job.game_id)
        if known is None:
            row = await self.storage.get_game(job.game_id)
            known = (row.board_message_id or 0, row.board_seq) if row is not None else (0, None)
        self._boards[job.game_id] = (message_id, seq)
        if known == (message_id, seq):
            return
        stored = self.storage.set_board(job.game_id, message_id, seq)
        if known[0] and known[0] != message_id:
            # the two are independent (a stop between them leaves at worst the old board's
            # buttons, which then answer as stale), so neither waits for the other
            await asyncio.gather(self._strip(job.channel_id, known[0]), stored)
        else:
            await stored

    async def _strip(self, channel_id: int, message_id: int) -> None:
        channel = await self.channel(channel_id)
        if channel is None or not hasattr(channel, "get_partial_message"):
            return
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as exc:
            log.info("old board %s not cleared (HTTP %s)", message_id, exc.status)

    async def channel(self, channel_id: int) -> Sendable | None:
        ch = self.client.get_channel(channel_id)
        if ch is None:
            try:
                ch = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return ch if isinstance(ch, discord.abc.Messageable) else None

    async def post(self, channel_id: int, text: str, **kwargs: Any) -> discord.Message | None:
        """A plain message in a channel (notices, warnings); ``None`` if it can't be sent."""
        channel = await self.channel(channel_id)
        if channel is None:
            return None
        try:
            return await channel.send(text, **kwargs)
        except discord.HTTPException as exc:
            log.warning("message to channel %s failed (HTTP %s)", channel_id, exc.status)
            return None

    async def drain(self) -> None:
        """Wait for every queued announcement (used at shutdown and by tests)."""
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)
