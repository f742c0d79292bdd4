"""The one path after a commit.

Every producer of a committed move hands its ``MoveResult`` here: a player's ``/move``,
panel or DM click (``Turns``), an AI seat (``Autoplay``), a deadline timer
(``timers.Deadlines``) and a turn-clock time-out (``Clocks``). A game's start (also an
imported record's) and an applied undo change the position without a move and come through
``after_reset``. In this order, and nowhere else:

1. the game's timers follow the committed state (deadline, turn clocks, reminders);
2. private notices go out (DMs, DM panels, the inbox when DMs are closed);
3. the player who moved is answered (privately, or with the board as the reply); a panel
   whose seat still has choices is shown again in place;
4. the public announcement is posted (or the timed phase's table edited), by the rule of
   ``announces``;
5. private DMs whose choice is no longer open are disabled, saying why;
6. typed events are raised (``bot.services.events``): ``move_done`` (AI seats act next),
   ``game_over`` (ratings, summary and replay).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Sequence
from typing import Any

import discord

import i18n

from .. import lang as langs
from .. import messages as msg
from ..manager import LiveGame, MoveResult
from .events import Dispatcher, GameOver, MoveDone, TableReset, raise_event
from .notices import Notices, PanelOf
from .publisher import Announcement, Publisher
from .timers import Timers

log = logging.getLogger(__name__)


def announces(result: MoveResult) -> bool:
    """Whether a committed move is told in the channel: always at the end of the game and
    for a timer's move; otherwise whenever it has a public effect (an event sentence, or a
    public view that differs from the one before). A move with no public effect (a private
    offer, a sealed bid, one step of a secret restructuring) is not.

    Nothing public is folded into a later move: a change is shown when it happens. Moves
    that arrive faster than boards are drawn still share the newest board
    (``Publisher``: every move gets its line; only the last board is drawn)."""
    if result.live.state.is_over() or result.by_timer:
        return True
    return bool(result.events) or result.public_changed


def redraws(result: MoveResult) -> bool:
    """Whether an announced move gets a new board: at the end, for a timer's move, when the
    phase (round, step) changes and when the set of seats to act changes. A move that
    leaves the same seats to act in the same phase (a loan before building, the next action
    of a Carnegie turn) is posted as its line only; the board is drawn at the next change,
    at the latest when the turn passes."""
    state = result.live.state
    if state.is_over() or result.by_timer:
        return True
    return result.phase_before != state.phase_name() or result.before != state.to_act()


class Reply:
    """The answer to one interaction: given once, by response or follow-up, never raising.

    ``panel`` marks a click on a panel (ephemeral in the channel, or a DM), whose answer
    edits that message. ``keep`` (a one-click answer in a DM) keeps what the message said
    (an offer's amount and note), adds the answer and disables its buttons.
    """

    def __init__(
        self, interaction: discord.Interaction, *, panel: bool, keep: bool = False
    ) -> None:
        self.interaction = interaction
        self.panel = panel or keep
        self.keep = keep
        self._lock = asyncio.Lock()
        self.deferred_privately = False

    @property
    def is_done(self) -> bool:
        return self.interaction.response.is_done()

    @property
    def message_id(self) -> int | None:
        """The clicked message (a panel or DM), if this answer edits it."""
        message = self.interaction.message
        return message.id if self.panel and message is not None else None

    async def ack(self) -> None:
        """Defer privately if nothing was answered yet (the watchdog)."""
        async with self._lock:
            if self.is_done:
                return
            try:
                if self.panel:
                    await self.interaction.response.defer()
                else:
                    await self.interaction.response.defer(ephemeral=True, thinking=True)
                self.deferred_privately = True
            except discord.HTTPException as exc:
                log.info(
                    "could not defer interaction %s (HTTP %s)", self.interaction.id, exc.status
                )

    async def private(self, text: str, view: discord.ui.View | None = None) -> None:
        """Answer only the player (or edit their panel). A DM keeps the line that says which
        game it is about."""
        message = self.interaction.message
        if self.keep and message is not None:
            from .notices import disabled_copy

            text = msg.clip(f"{message.content}\n{text}")
            view = view or disabled_copy(message)
        elif self.panel and message is not None and self.interaction.guild_id is None:
            head = message.content.split("\n", 1)[0]
            if head.startswith("🔒"):
                text = msg.clip(f"{head}\n{text}")
        response = self.interaction.response
        async with self._lock:
            try:
                if not self.is_done:
                    if self.panel:
                        await response.edit_message(content=text, view=view)
                    elif view is not None:
                        await response.send_message(text, ephemeral=True, view=view)
                    else:
                        await response.send_message(text, ephemeral=True)
                elif self.panel:
                    await self.interaction.edit_original_response(content=text, view=view)
                elif view is not None:
                    await self.interaction.followup.send(text, ephemeral=True, view=view)
                else:
                    await self.interaction.followup.send(text, ephemeral=True)
            except discord.HTTPException as exc:
                log.warning(
                    "reply to interaction %s failed (HTTP %s)", self.interaction.id, exc.status
                )

    async def defer_public(self, *, ephemeral: bool) -> bool:
        """Defer so the board can follow as this interaction's reply; ``False`` if that is
        no longer possible (already answered, or the defer failed)."""
        async with self._lock:
            if self.is_done:
                return False
            try:
                await self.interaction.response.defer(thinking=True, ephemeral=ephemeral)
            except discord.HTTPException as exc:
                log.warning(
                    "defer of interaction %s failed (HTTP %s)", self.interaction.id, exc.status
                )
                return False
            return True


def done_line(result: MoveResult, told: Sequence[str] = (), lang: str = i18n.DEFAULT) -> str:
    """What the player who moved is told, in words: ``"✅ Played: Take a loan — took a loan
    of 5 money."``, ``"✅ Put a Waitress to work — done privately; only you know."``, or for
    a private move others were told of (``told``: their mentions) ``"✅ Offer $23,500 for
    r3 — sent privately to @bob."``. ``lang``: the mover's language."""
    live = result.live
    t = i18n.t
    what = msg.named(
        live, i18n.tr(result.label, lang) if result.label else f"`{result.notation}`", lang
    )
    if announces(result):
        events = msg.sentences(msg.tr_events(live, result.events, lang), lang)
        if events:
            return t(
                lang,
                "bot.aftermath.played_events",
                "✅ Played: {what} — {events}",
                what=what,
                events=events,
            )
        return t(lang, "bot.aftermath.played", "✅ Played: {what}.", what=what)
    if told:
        return t(
            lang,
            "bot.aftermath.sent_privately",
            "✅ {what} — sent privately to {whom}.",
            what=what,
            whom=", ".join(told),
        )
    return t(
        lang,
        "bot.aftermath.done_privately",
        "✅ {what} — done privately; only you know.",
        what=what,
    )


class Aftermath:
    """Runs the after-commit work of every producer (see the module docstring)."""

    def __init__(
        self,
        client: Dispatcher,
        publisher: Publisher,
        notices: Notices,
        timers: Timers,
        panel: PanelOf,
    ) -> None:
        self.client = client
        self.publisher = publisher
        self.notices = notices
        self.timers = timers
        self.panel = panel
        self._tasks: set[asyncio.Task[None]] = set()

    async def after_move(
        self,
        result: MoveResult,
        *,
        reply: Reply | None = None,
        line: str | None = None,
        wait: bool = True,
    ) -> None:
        """Everything that follows the committed ``result``. ``reply``: the interaction of
        the player who moved; ``line``: the channel's line for the move, when it is not the
        usual one (a turn-clock time-out says so). ``wait=False`` (the AI driver) returns
        once the announcement is queued, so a next move made before this board is drawn
        shares the newest board; the rest follows in order."""
        live = result.live
        lang = result.lang  # the channel's, read with the commit
        # Everything public is decided now, from the committed state, before any await.
        self.timers.sync(live.id, result.timer)
        job: Announcement | None = None
        if announces(result):
            job = self.publisher.prepare(
                live,
                [msg.header(live, lang), line or self.publisher.move_line(result)],
                view=msg.with_mover(live, result.seat, result.view),
                new_period=result.new_period,
                lang=lang,
            )
        table = job is not None and self.publisher.runs_table(live)
        if job is not None and not table and not redraws(result):
            job.line_only = i18n.t(
                lang,
                "bot.aftermath.still_to_act",
                "-# {whom} still to act — the board follows at the next change.",
                whom=msg.waiting_for(live, lang),
            )
        reshown = False
        try:
            told = await self.notices.deliver(result)
            if reply is not None:
                reshown = await self._answer(reply, result, job, table, told)
            elif job is not None:
                delivered = self.publisher.enqueue(job)
                if not wait:
                    self._spawn(self._finish(result, job, delivered), live.id)
                    return
                await asyncio.shield(delivered)
        except BaseException:
            self._told(result, job)
            raise
        await self._finish(result, job, None, reply, reshown)

    async def _finish(
        self,
        result: MoveResult,
        job: Announcement | None,
        delivered: asyncio.Future[None] | None,
        reply: Reply | None = None,
        reshown: bool = False,
    ) -> None:
        """Once the announcement is out: close DMs whose choice closed, raise the events."""
        try:
            if delivered is not None:
                await asyncio.shield(delivered)
            await self.notices.retire(
                result,
                handled=reply.message_id if reply is not None else None,
                reshown=reshown,
            )
        finally:
            self._told(result, job)

    def _told(self, result: MoveResult, job: Announcement | None) -> None:
        raise_event(self.client, MoveDone(result, job is not None))
        if job is not None and job.is_over:
            raise_event(self.client, GameOver(job))

    def _spawn(self, work: Coroutine[Any, Any, None], game_id: int) -> None:
        task = asyncio.get_running_loop().create_task(work, name=f"aftermath-{game_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for the after-commit work still running (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _answer(
        self,
        reply: Reply,
        result: MoveResult,
        job: Announcement | None,
        table: bool,
        told: list[str],
    ) -> bool:
        """Answer the player who moved (in their language); returns whether their panel was
        shown again."""
        live = result.live
        state = live.state
        mine = await langs.for_member(self.publisher.storage, reply.interaction)
        note = done_line(result, told, mine)
        goes_on = not state.is_over() and result.seat in state.to_act()
        reshown = False
        if reply.panel:
            if goes_on and not reply.keep:
                # The seat still has choices (the next worker of a restructuring, the rest
                # of a turn): the same message shows them, so the player never has to go
                # back to the table to finish.
                text, view = self.panel(live, result.seat, mine)
                await reply.private(msg.clip(f"{note}\n\n{text}"), view)
                reshown = True
            else:
                await reply.private(note)
            if job is not None:
                await self.publisher.send(job)
            return reshown
        if job is None:
            more = (
                i18n.t(
                    mine,
                    "bot.aftermath.still_your_turn",
                    " It is still your turn: `/move` again, or **Play**.",
                )
                if goes_on
                else ""
            )
            await reply.private(note + more)
            return False
        if await reply.defer_public(ephemeral=table):
            await self.publisher.send(job, reply.interaction, result.notation, mine)
        else:
            await self.publisher.send(job)
            where = i18n.t(
                mine, "bot.aftermath.board_in_channel", "-# The board is in the channel."
            )
            await reply.private(f"{note}\n{where}")
        return False

    async def after_reset(
        self,
        live: LiveGame,
        lines: list[str],
        reason: str,
        interaction: discord.Interaction | None = None,
        lang: str = i18n.DEFAULT,
    ) -> None:
        """A game's position changed without a move (``reason``: ``"start"``, ``"undo"``):
        arm its timers, post its board (as ``interaction``'s reply if given) and raise the
        events (``table_reset``, and ``game_over`` for a finished imported record).
        ``lang``: the channel's language, in which ``lines`` are written."""
        self.timers.sync(live.id, live.deadline_timer())
        job = self.publisher.prepare(live, lines, lang=lang)
        try:
            await self.publisher.send(job, interaction)
        finally:
            raise_event(self.client, TableReset(live, reason))
            if job.is_over:
                raise_event(self.client, GameOver(job))


__all__ = ["Aftermath", "Reply", "announces", "done_line", "redraws"]
