"""Everything that happens after a player acts: panels, moves, announcements, timers.

Flow of a move (GUIDE "Bot"): the manager validates, applies and commits under the game's
lock; only then is the public board announced. Rendering runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from games.core import GameError, Move, MoveTemplate, Notice, NotYourTurn
from render.common import to_png

from . import messages as msg
from .components import AmountModal, GameButton, GameSelect, decode_prefix, encode_prefix
from .manager import LiveGame, MoveResult
from .panel import PAGE, Entry, amount_range, entries_at, parent_of

if TYPE_CHECKING:
    from .app import Boardroom

log = logging.getLogger(__name__)

STALE = "This board is out of date: moves were made since. Use the latest board or `/play`."


class Router:
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        self._timers: dict[int, asyncio.Task[None]] = {}
        # Events of moves that were not announced on their own (e.g. a loan taken before
        # the action); they are told with the next public board of that game.
        self._pending: dict[int, list[str]] = {}
        # The public table message of a running timed phase: game id -> (table key, message).
        # Public changes during that phase edit it instead of posting new messages.
        # (Also stored in SQLite, so a restart keeps editing the same message.)
        self._tables: dict[int, tuple[str, discord.Message | discord.PartialMessage]] = {}
        # Notices that could not be sent by DM, waiting for an ephemeral read.
        self._inbox: dict[tuple[int, int], list[Notice]] = {}

    @property
    def manager(self) -> Any:
        return self.bot.manager

    # -- rendering ----------------------------------------------------------------------

    async def board_file(self, live: LiveGame) -> discord.File | None:
        mod = msg.renderer(live.row.game_key)
        if mod is None:
            return None
        view = live.state.view(None)
        png = await asyncio.to_thread(lambda: to_png(mod.render_board(view)))
        return discord.File(io.BytesIO(png), filename=f"{live.row.game_key}-{live.row.id}.png")

    def board_view(self, live: LiveGame) -> discord.ui.View | None:
        if live.state.is_over():
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(
            GameButton(
                live.row.id,
                live.seq,
                "play",
                label="Play",
                style=discord.ButtonStyle.primary,
                emoji="🎲",
            )
        )
        view.add_item(GameButton(live.row.id, live.seq, "hand", label="My hand", emoji="🔒"))
        return view

    def hand_text(self, live: LiveGame, seat: int) -> str:
        mod = msg.renderer(live.row.game_key)
        view = live.state.view(seat)
        if mod is not None and hasattr(mod, "hand_text"):
            return msg.clip(str(mod.hand_text(view, seat)))
        return "Nothing private in this game."

    # -- announcing ---------------------------------------------------------------------

    def _should_announce(self, result: MoveResult, before: frozenset[int]) -> bool:
        """Whether a move changes the public board now.

        A move with no public event (a private offer, a sealed bid) is not announced; a move
        that leaves the same single seat to act (e.g. taking a loan) is told with the next one.
        """
        state = result.live.state
        if state.is_over() or result.by_timer:
            return True
        if not result.events:
            return False
        return not (before == frozenset({result.seat}) == state.to_act())

    def announcement(self, result: MoveResult) -> list[str]:
        live = result.live
        lines = [msg.header(live)]
        lines += self._pending.pop(live.row.id, [])
        lines.append(
            msg.move_line(live, result.seat, result.public or "…", result.events, result.by_timer)
        )
        return lines

    async def announce(
        self, result: MoveResult, interaction: discord.Interaction | None = None
    ) -> None:
        """Post the new public board after a move (as the interaction's reply if given)."""
        await self.publish(
            result.live, self.announcement(result), interaction, notation=result.notation
        )

    async def publish(
        self,
        live: LiveGame,
        lines: list[str],
        interaction: discord.Interaction | None = None,
        *,
        notation: str = "",
    ) -> None:
        """Show the board with ``lines`` and whose turn it is; edit the running phase's table.

        With an interaction that was already answered or deferred, the board is its
        follow-up.
        """
        lines = list(lines)
        if live.state.is_over():
            lines.insert(1, msg.final_scores(live))  # first, so clipping never hides it
        else:
            lines.append(msg.whose_turn(live))
            dl = live.deadline()
            if dl is not None and live.row.phase_started_at:
                due = datetime.fromisoformat(live.row.phase_started_at) + timedelta(
                    seconds=dl.seconds
                )
                lines.append(f"⏳ Ends <t:{int(due.timestamp())}:R>.")
        text = msg.clip("\n".join(lines))
        file = await self.board_file(live)
        view = self.board_view(live)
        kwargs: dict[str, Any] = {
            "content": text,
            "allowed_mentions": discord.AllowedMentions(users=True),
        }
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        dl = live.deadline()
        table = await self.table_of(live)
        if dl is not None and table is not None:
            # Same timed phase: update its one public table instead of posting again.
            edit = {k: v for k, v in kwargs.items() if k != "allowed_mentions"}
            if "file" in edit:
                edit["attachments"] = [edit.pop("file")]
            edit.setdefault("view", None)
            try:
                edited = await table.edit(**edit)
                self._tables[live.row.id] = (dl.table_key, edited or table)
                if interaction is not None:
                    await interaction.followup.send(
                        f"✅ `{notation}` — the table above is updated.", ephemeral=True
                    )
                self.sync_timer(live)
                return
            except discord.HTTPException:
                log.info("table message of game %s is gone; posting a new one", live.row.id)
                if interaction is not None:  # its reply was deferred privately
                    await interaction.followup.send(f"✅ `{notation}`", ephemeral=True)
                    interaction = None
                if file is not None:
                    kwargs["file"] = await self.board_file(live)
        message: discord.Message | None = None
        if interaction is not None:
            message = await interaction.followup.send(wait=True, **kwargs)
        else:
            channel = await self.channel(live.row.channel_id)
            if channel is not None:
                message = await channel.send(**kwargs)
        await self.remember_table(live.row.id, dl.table_key if dl else None, message)
        self.sync_timer(live)

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        ch = self.bot.get_channel(channel_id)
        if ch is None:
            try:
                ch = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return ch  # type: ignore[return-value]

    # -- moves --------------------------------------------------------------------------

    async def play_notation(
        self,
        interaction: discord.Interaction,
        game_id: int,
        notation: str,
        expected_seq: int | None = None,
        *,
        from_panel: bool = False,
    ) -> None:
        """Apply a move for the interaction's user and tell everyone who needs to know."""
        live = await self.manager.load(game_id)
        before = live.state.to_act()
        result = await self.manager.play(
            game_id, interaction.user.id, notation, expected_seq=expected_seq
        )
        public = self._should_announce(result, before)
        if not public and not result.events:
            told = await self.deliver_notices(result)
            note = f"✅ `{result.notation}` — done privately."
            if told:
                note += " Sent to " + ", ".join(told) + "."
            if from_panel:
                await interaction.response.edit_message(content=note, view=None)
            else:
                await interaction.response.send_message(note, ephemeral=True)
            self.sync_timer(result.live)
            return
        await self.deliver_notices(result)
        if not public:
            self._pending.setdefault(game_id, []).append(
                msg.move_line(result.live, result.seat, result.public or "…", result.events)
            )
            note = (
                f"✅ `{result.notation}` — "
                + "; ".join(result.events)
                + "\nYou still have your action: use `/move` or the panel."
            )
            if from_panel:
                await interaction.response.edit_message(
                    content=msg.clip(note + "\n\n" + self.panel_text(result.live, result.seat)),
                    view=self.panel_view(result.live, result.seat, ""),
                )
            else:
                await interaction.response.send_message(msg.clip(note), ephemeral=True)
            self.sync_timer(result.live)
            return
        if from_panel:
            await interaction.response.edit_message(
                content=f"✅ Played `{result.notation}`.", view=None
            )
            await self.announce(result)
        else:
            # A change inside a running timed phase edits its table; the reply stays private.
            table = await self.table_of(result.live)
            await interaction.response.defer(thinking=True, ephemeral=table is not None)
            await self.announce(result, interaction)

    async def table_of(self, live: LiveGame) -> discord.Message | discord.PartialMessage | None:
        """The public table message to edit for this game's running timed phase, if any."""
        dl = live.deadline()
        if dl is None:
            return None
        table = self._tables.get(live.row.id)
        if table is None:
            key, message_id = await self.manager.storage.get_table(live.row.id)
            channel = await self.channel(live.row.channel_id)
            if key is None or message_id is None or channel is None:
                return None
            table = (key, channel.get_partial_message(message_id))  # type: ignore[attr-defined]
            self._tables[live.row.id] = table
        return table[1] if table[0] == dl.table_key else None

    async def remember_table(
        self, game_id: int, key: str | None, message: discord.Message | None
    ) -> None:
        if key is None or message is None:
            self._tables.pop(game_id, None)
            await self.manager.storage.set_table(game_id, None, None)
        else:
            self._tables[game_id] = (key, message)
            await self.manager.storage.set_table(game_id, key, message.id)

    async def on_amount(
        self,
        interaction: discord.Interaction,
        game_id: int,
        seq: int,
        template: MoveTemplate,
        amount: str,
        note: str,
    ) -> None:
        value = amount.strip().replace(",", "").replace("$", "").replace("_", "")
        if not value.isdigit():
            raise GameError(
                f"`{amount.strip()[:20]}` is not a whole number; type digits only, "
                f"{amount_range(template)}."
            )
        notation = f"{template.prefix} {int(value)}"
        if note.strip() and template.text_param:
            notation += f" {template.text_param} {note.strip()}"
        await self.play_notation(interaction, game_id, notation, seq, from_panel=True)

    # -- private notices ------------------------------------------------------------------

    async def deliver_notices(self, result: MoveResult) -> list[str]:
        """DM each notice (with one-click answers); fall back to an ephemeral inbox.

        Returns the mentions of the players who were told.
        """
        live = result.live
        told = []
        for seat, notice in sorted(result.notices.items()):
            user_id = live.row.user_of(seat)
            told.append(f"<@{user_id}>")
            text = msg.clip(
                f"🔒 **{live.spec.title}** game #{live.row.id} in <#{live.row.channel_id}> — "
                f"{notice.text}\n-# {msg.seat_legend(live)}"
            )
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(text, view=self.notice_view(live, notice))
            except discord.HTTPException as exc:
                if getattr(exc, "code", None) != 50007:
                    log.warning("DM to %s failed: %s", user_id, exc)
                self._inbox.setdefault((live.row.id, user_id), []).append(notice)
                channel = await self.channel(live.row.channel_id)
                if channel is not None:
                    view = discord.ui.View(timeout=None)
                    view.add_item(
                        GameButton(
                            live.row.id,
                            0,
                            "inbox",
                            label="Read privately",
                            emoji="🔒",
                            style=discord.ButtonStyle.primary,
                        )
                    )
                    await channel.send(
                        f"<@{user_id}>, you have a private update in this game, but I can't DM "
                        "you (your DMs are closed). Press the button to read it here; only you "
                        "will see it.",
                        view=view,
                        allowed_mentions=discord.AllowedMentions(users=True),
                    )
        return told

    def notice_view(self, live: LiveGame, notice: Notice) -> discord.ui.View | None:
        if not notice.moves:
            return None
        view = discord.ui.View(timeout=None)
        for notation in notice.moves[:5]:
            view.add_item(
                GameButton(
                    live.row.id,
                    0,
                    "do",
                    encode_prefix(notation),
                    label=notation.capitalize(),
                    style=discord.ButtonStyle.success,
                )
            )
        return view

    async def show_inbox(self, interaction: discord.Interaction, game_id: int) -> None:
        live = await self.manager.load(game_id)
        notices = self._inbox.pop((game_id, interaction.user.id), [])
        if not notices:
            await interaction.response.send_message(
                "Nothing waiting for you. `/hand` shows everything private in this game.",
                ephemeral=True,
            )
            return
        view = discord.ui.View(timeout=None)
        for notice in notices:
            for item in (self.notice_view(live, notice) or discord.ui.View()).children:
                if len(view.children) < 25:
                    view.add_item(item)
        await interaction.response.send_message(
            msg.clip("\n".join(f"🔒 {n.text}" for n in notices)), view=view, ephemeral=True
        )

    # -- the /play panel ----------------------------------------------------------------

    def panel_text(self, live: LiveGame, seat: int, prefix: str = "") -> str:
        head = f"**{live.spec.title}** · {live.state.phase_name()} · you are **{live.name(seat)}**"
        where = f"Choose `{prefix} …`" if prefix else "Choose your move:"
        return f"{head}\n{where}"

    def panel_view(self, live: LiveGame, seat: int, prefix: str, page: int = 0) -> discord.ui.View:
        legal = list(live.state.legal_moves(seat))
        templates = list(live.state.move_templates(seat))
        entries = entries_at(prefix, legal, templates)
        gid, seq = live.row.id, live.seq
        view = discord.ui.View(timeout=None)
        if len(entries) <= 20:
            for i, e in enumerate(entries):
                view.add_item(_entry_button(gid, seq, e, row=i // 5))
        else:
            chunks = [entries[i : i + PAGE] for i in range(0, len(entries), PAGE)]
            first = page * 4
            for row, chunk in enumerate(chunks[first : first + 4]):
                view.add_item(
                    GameSelect(
                        gid,
                        seq,
                        "pick",
                        encode_prefix(prefix),
                        row=row,
                        placeholder=(f"{prefix} …" if prefix else "Choose…")
                        + (f" ({chunk[0].label} – {chunk[-1].label})" if len(chunks) > 1 else ""),
                        options=[
                            discord.SelectOption(
                                label=e.label[:100],
                                description=e.description[:100] or None,
                                value=_entry_value(e),
                            )
                            for e in chunk
                        ],
                    )
                )
            if len(chunks) > first + 4:
                view.add_item(
                    GameButton(
                        gid,
                        seq,
                        "page",
                        f"{page + 1}:{encode_prefix(prefix)}",
                        label="More…",
                        row=4,
                    )
                )
        if prefix:
            view.add_item(
                GameButton(
                    gid,
                    seq,
                    "nav",
                    encode_prefix(parent_of(prefix)),
                    label="Back",
                    emoji="↩",
                    row=4,
                )
            )
        return view

    async def open_panel(
        self,
        interaction: discord.Interaction,
        live: LiveGame,
        *,
        edit: bool = False,
        prefix: str = "",
        page: int = 0,
    ) -> None:
        seat = live.row.seat_of(interaction.user.id)
        if seat is None:
            raise NotYourTurn("You are not playing in this game.")
        if live.state.is_over():
            raise NotYourTurn("This game is over; no more moves can be made.")
        if seat not in live.state.to_act():
            waiting = msg.mentions(live.row.user_of(s) for s in sorted(live.state.to_act()))
            raise NotYourTurn(f"It is not your turn; waiting for {waiting}.")
        text = self.panel_text(live, seat, prefix)
        view = self.panel_view(live, seat, prefix, page)
        if edit:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)

    # -- component callbacks ------------------------------------------------------------

    async def _live_fresh(self, game_id: int, seq: int) -> LiveGame:
        live = await self.manager.load(game_id)
        if live.row.status != "running":
            raise NotYourTurn("This game is over; these buttons no longer do anything.")
        if seq != live.seq:
            raise NotYourTurn(STALE)
        return live

    async def on_button(
        self, interaction: discord.Interaction, game_id: int, seq: int, kind: str, arg: str
    ) -> None:
        try:
            await self._on_button(interaction, game_id, seq, kind, arg)
        except GameError as exc:
            await self.bot.reply_error(interaction, exc.message)
        except Exception as exc:
            await self.bot.report_unexpected(interaction, exc)

    async def _on_button(
        self, interaction: discord.Interaction, game_id: int, seq: int, kind: str, arg: str
    ) -> None:
        lobby = self.bot.get_cog("GameCog")
        if kind in ("join", "leave", "start", "abandon"):
            await lobby.on_lobby_button(interaction, game_id, kind)  # type: ignore[union-attr]
            return
        if kind == "hand":
            live = await self.manager.load(game_id)
            seat = live.row.seat_of(interaction.user.id)
            if seat is None:
                raise NotYourTurn("You are not playing in this game, so you have no hand.")
            await interaction.response.send_message(self.hand_text(live, seat), ephemeral=True)
            return
        if kind == "inbox":
            await self.show_inbox(interaction, game_id)
            return
        if kind == "do":
            # A one-click answer to a private notice: not tied to one board, the engine
            # decides whether it is still possible.
            await self.play_notation(interaction, game_id, decode_prefix(arg), from_panel=True)
            return
        live = await self._live_fresh(game_id, seq)
        if kind == "play":
            await self.open_panel(interaction, live)
        elif kind == "nav":
            await self.open_panel(interaction, live, edit=True, prefix=decode_prefix(arg))
        elif kind == "page":
            page, _, pre = arg.partition(":")
            await self.open_panel(
                interaction, live, edit=True, prefix=decode_prefix(pre), page=int(page)
            )
        elif kind == "m":
            await self._play_index(interaction, live, int(arg))
        elif kind == "t":
            seat = live.row.seat_of(interaction.user.id)
            if seat is None:
                raise NotYourTurn("You are not playing in this game.")
            templates = list(live.state.move_templates(seat))
            index = int(arg)
            if index >= len(templates):
                raise NotYourTurn(STALE)
            await interaction.response.send_modal(
                AmountModal(self.bot, game_id, seq, templates[index])
            )
        else:
            raise NotYourTurn("That button is not recognised; use `/play` for a fresh panel.")

    async def on_select(
        self,
        interaction: discord.Interaction,
        game_id: int,
        seq: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        try:
            live = await self._live_fresh(game_id, seq)
            if not values:
                raise NotYourTurn("Nothing was selected.")
            value = values[0]
            if value.startswith("m:"):
                await self._play_index(interaction, live, int(value[2:]))
            elif value.startswith("p:"):
                await self.open_panel(interaction, live, edit=True, prefix=decode_prefix(value[2:]))
            elif value.startswith("t:"):
                await self._on_button(interaction, game_id, seq, "t", value[2:])
            else:
                raise NotYourTurn("That choice is not recognised; use `/play` for a fresh panel.")
        except GameError as exc:
            await self.bot.reply_error(interaction, exc.message)
        except Exception as exc:
            await self.bot.report_unexpected(interaction, exc)

    async def _play_index(
        self, interaction: discord.Interaction, live: LiveGame, index: int
    ) -> None:
        seat = live.row.seat_of(interaction.user.id)
        if seat is None:
            raise NotYourTurn("You are not playing in this game.")
        legal: list[Move] = list(live.state.legal_moves(seat))
        if seat not in live.state.to_act() or index >= len(legal):
            raise NotYourTurn("It is not your turn.")
        await self.play_notation(
            interaction, live.row.id, legal[index].notation, live.seq, from_panel=True
        )

    # -- timers -------------------------------------------------------------------------

    def sync_timer(self, live: LiveGame) -> None:
        """(Re)schedule the deadline task of a game to match its state."""
        gid = live.row.id
        old = self._timers.pop(gid, None)
        dl = live.deadline()
        if dl is None or not live.row.phase_started_at:
            if old is not None:
                old.cancel()
            return
        if old is not None and getattr(old, "boardroom_key", None) == dl.key and not old.done():
            self._timers[gid] = old
            return
        if old is not None:
            old.cancel()
        due = datetime.fromisoformat(live.row.phase_started_at) + timedelta(seconds=dl.seconds)
        task = asyncio.get_running_loop().create_task(
            self._run_timer(gid, dl.key, due, tuple(dl.warn_at)), name=f"timer-{gid}"
        )
        task.boardroom_key = dl.key  # type: ignore[attr-defined]
        self._timers[gid] = task

    async def _sleep_until(self, when: datetime) -> None:
        while True:
            left = (when - discord.utils.utcnow()).total_seconds()
            if left <= 0:
                return
            await asyncio.sleep(left)

    async def _run_timer(
        self, game_id: int, key: str, due: datetime, warn_at: tuple[float, ...]
    ) -> None:
        try:
            await self.bot.wait_until_ready()
            for warn in sorted(warn_at, reverse=True):
                at = due - timedelta(seconds=warn)
                if at <= discord.utils.utcnow():
                    continue
                await self._sleep_until(at)
                live = await self.manager.load(game_id)
                dl = live.deadline()
                if dl is None or dl.key != key:
                    return
                ch = await self.channel(live.row.channel_id)
                if ch is not None:
                    await ch.send(
                        f"⏳ **{int(warn)} seconds left** — {live.state.phase_name()} "
                        f"ends <t:{int(due.timestamp())}:R>."
                    )
            await self._sleep_until(due)
            result = await self.manager.expire(game_id, key)
            if result is not None:
                self._timers.pop(game_id, None)
                await self.announce(result)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer of game %s failed", game_id)

    async def resume_timers(self) -> int:
        """Reschedule every stored deadline (called once at start-up)."""
        count = 0
        for live in await self.manager.running_with_deadlines():
            self.sync_timer(live)
            count += 1
        return count

    def has_timers(self) -> bool:
        return any(not t.done() for t in self._timers.values())

    def sync_timer_cancel(self, game_id: int) -> None:
        task = self._timers.pop(game_id, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()


def _entry_value(e: Entry) -> str:
    if e.kind == "move":
        return f"m:{e.index}"
    if e.kind == "template":
        return f"t:{e.index}"
    return f"p:{encode_prefix(e.prefix)}"[:100]


def _entry_button(gid: int, seq: int, e: Entry, row: int) -> GameButton:
    if e.kind == "move":
        return GameButton(
            gid, seq, "m", str(e.index), label=e.label, style=discord.ButtonStyle.success, row=row
        )
    if e.kind == "template":
        return GameButton(
            gid, seq, "t", str(e.index), label=e.label, style=discord.ButtonStyle.primary, row=row
        )
    return GameButton(
        gid,
        seq,
        "nav",
        encode_prefix(e.prefix),
        label=f"{e.label} …",
        style=discord.ButtonStyle.secondary,
        row=row,
    )
