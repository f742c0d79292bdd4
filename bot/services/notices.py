"""Private notices: by DM with one-click answers (or the recipient's turn panel), or, when a
player's DMs are closed (Discord error 50007), kept in the stored inbox with a short public
pointer to it.

A DM whose choice stops being actionable is never left looking live: every DM sent with
buttons is remembered (in memory, per game) with what it offered, and after each committed
move (``retire``, from ``bot.services.aftermath``) a DM whose answers are no longer legal,
or whose panel no longer matches its seat's choices, is edited: what it said stays (an
offer's amount and note), a line says why it closed, and its controls are disabled. After a
restart the remembered DMs are gone, but their buttons still answer "out of date".
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

import i18n

from .. import messages as msg
from ..lang import for_user
from ..manager import LiveGame, MoveResult
from ..storage import InboxRow, Storage
from .publisher import Publisher

log = logging.getLogger(__name__)

# (game, [(notation, label)]) -> one-click answer buttons
AnswerView = Callable[[int, Sequence[tuple[str, str]]], discord.ui.View | None]
InboxView = Callable[[int], discord.ui.View]  # (game) -> the "Read privately" button
PanelOf = Callable[[LiveGame, int, str], tuple[str, discord.ui.View]]
"""(game, seat, language) -> the seat's turn panel (text and view)."""

DM_CLOSED = 50007
KEPT = 20  # DMs with controls remembered per game (older ones are only out of date)


def choices_stamp(live: LiveGame, seat: int | None) -> int:
    """A 7-digit checksum of ``seat``'s choices now (legal moves and amount templates): what
    a panel's items carry instead of the move count. Another player's private move (an
    offer elsewhere) leaves it unchanged, so an open panel keeps working; any change to this
    seat's choices makes its items answer "out of date"."""
    if seat is None or live.state.is_over():
        return 0
    text = "\n".join(m.notation for m in live.state.legal_moves(seat))
    text += "|" + "\n".join(t.prefix for t in live.state.move_templates(seat))
    return zlib.crc32(text.encode()) % 10**7


def disabled_copy(message: discord.Message) -> discord.ui.View | None:
    """``message``'s components, all disabled (``None`` if it has none)."""
    if not message.components:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    return view


def answer_labels(
    live: LiveGame, seat: int, notations: Sequence[str], lang: str = i18n.DEFAULT
) -> list[tuple[str, str]]:
    """``[(notation, label)]``: each one-click answer in words (``GameState.describe``),
    in ``lang``."""
    out = []
    legal = {m.notation: m for m in live.state.legal_moves(seat)} if notations else {}
    for n in notations:
        try:
            move = legal.get(n) or live.state.parse_move(seat, n)
            label = i18n.tr(live.state.describe(seat, move), lang)
        except Exception:
            label = n.replace("_", " ").capitalize()
        out.append((n, msg.named(live, label, lang)))
    return out


@dataclass
class Sent:
    """A DM with controls: ``stamp`` for a turn panel (its seat's choices when sent), else
    the one-click ``answers`` it offers."""

    seat: int
    message: discord.Message
    answers: tuple[str, ...] = ()
    stamp: int | None = None
    lang: str = i18n.DEFAULT  # the recipient's language (why it closed is said in it)


class Notices:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        publisher: Publisher,
        answer_view: AnswerView,
        inbox_view: InboxView,
        now: Callable[[], str],
        panel: PanelOf,
    ) -> None:
        self.client = client
        self.storage = storage
        self.publisher = publisher
        self.answer_view = answer_view
        self.inbox_view = inbox_view
        self.now = now
        self.panel = panel
        self._sent: dict[int, list[Sent]] = {}  # game id -> DMs with live controls
        self.retired = 0  # DMs disabled because their choice closed (tests, logs)

    async def deliver(self, result: MoveResult) -> list[str]:
        """DM each notice of a move; fall back to the stored inbox. Returns the mentions of
        the players who were told."""
        live = result.live
        told = []
        for seat, notice in sorted(result.notices.items()):
            user_id = live.row.user_of(seat)
            if user_id is None:
                continue  # an AI or vacant seat reads the state itself
            told.append(f"<@{user_id}>")
            lang = await for_user(self.storage, user_id, live.row.guild_id)
            text = self.text(live, notice.text, lang)
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                stamp = None
                view = self.answer_view(live.id, answer_labels(live, seat, notice.moves, lang))
                if notice.panel and seat in live.state.to_act():
                    # A secret choice is made in the seat's own turn panel, sent with it.
                    panel_text, view = self.panel(live, seat, lang)
                    text = msg.clip(f"{text}\n\n{panel_text}")
                    stamp = choices_stamp(live, seat)
                    await self._replaced(live.id, seat, lang)
                if view is None:
                    await user.send(text)
                else:
                    sent = await user.send(text, view=view)
                    self._remember(live.id, Sent(seat, sent, tuple(notice.moves), stamp, lang))
            except discord.HTTPException as exc:
                # The notice text may hold hidden information: never log it.
                if exc.code != DM_CLOSED:
                    log.warning("DM to a player of game %s failed (HTTP %s)", live.id, exc.status)
                await self.storage.add_inbox(
                    live.id, user_id, notice.text, notice.moves, self.now()
                )
                await self.publisher.post(
                    live.row.channel_id,
                    i18n.t(
                        result.lang,
                        "bot.notices.dms_closed",
                        "<@{user}>, you have a private update in this game, but I can't DM "
                        "you (your DMs are closed). Press the button to read it here; only you "
                        "will see it.",
                        user=user_id,
                    ),
                    view=self.inbox_view(live.id),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
        return told

    def _remember(self, game_id: int, sent: Sent) -> None:
        kept = self._sent.setdefault(game_id, [])
        kept.append(sent)
        del kept[:-KEPT]

    async def _replaced(self, game_id: int, seat: int, lang: str = i18n.DEFAULT) -> None:
        """A newer panel for ``seat`` is about to be sent: the older one closes."""
        why = i18n.t(lang, "bot.notices.replaced", "A newer panel below replaces this one.")
        for sent in [s for s in self._sent.get(game_id, []) if s.seat == seat and s.stamp]:
            await self._close(game_id, sent, why)

    async def retire(
        self, result: MoveResult, *, handled: int | None = None, reshown: bool = False
    ) -> None:
        """Disable the game's DMs whose choice ``result`` closed, saying why. ``handled``:
        the message the mover clicked, already answered (``reshown``: it shows their panel
        again, so it is remembered with their choices now)."""
        live = result.live
        for sent in list(self._sent.get(live.id, [])):
            if sent not in self._sent.get(live.id, []):
                continue  # closed meanwhile by another move's retire
            if sent.message.id == handled:
                if reshown and sent.stamp is not None:
                    sent.stamp = choices_stamp(live, sent.seat)
                else:
                    self._forget(live.id, sent)
                continue
            if self._open(live, sent):
                continue
            await self._close(live.id, sent, closed_because(result, sent, sent.lang))

    @staticmethod
    def _open(live: LiveGame, sent: Sent) -> bool:
        state = live.state
        if state.is_over() or sent.seat not in state.to_act():
            return False
        if sent.stamp is not None:
            return choices_stamp(live, sent.seat) == sent.stamp
        legal = {m.notation for m in state.legal_moves(sent.seat)}
        return all(n in legal for n in sent.answers)

    def _forget(self, game_id: int, sent: Sent) -> None:
        kept = self._sent.get(game_id, [])
        if sent in kept:
            kept.remove(sent)
        if not kept:
            self._sent.pop(game_id, None)

    async def _close(self, game_id: int, sent: Sent, why: str) -> None:
        self._forget(game_id, sent)
        message = sent.message
        try:
            await message.edit(
                content=msg.clip(f"{message.content}\n-# ⛔ {why}"),
                view=disabled_copy(message),
            )
            self.retired += 1
        except discord.HTTPException as exc:
            log.info("closed DM of game %s not updated (HTTP %s)", game_id, exc.status)

    @staticmethod
    def text(live: LiveGame, body: str, lang: str = i18n.DEFAULT) -> str:
        """A private notice: which game it is about, the engine's sentence in ``lang``
        (seats named after translation), and how notation names seats."""
        head = i18n.t(
            lang,
            "bot.notices.head",
            "🔒 **{title}** game #{id} in <#{channel}> — ",
            title=msg.title(live.spec, lang),
            id=live.id,
            channel=live.row.channel_id,
        )
        said = msg.named(live, i18n.tr(body, lang), lang)
        return msg.clip(f"{head}{said}\n-# {msg.seat_legend(live, lang)}")

    async def take_inbox(self, game_id: int, user_id: int) -> list[InboxRow]:
        return await self.storage.take_inbox(game_id, user_id)


def closed_because(result: MoveResult, sent: Sent, lang: str = i18n.DEFAULT) -> str:
    """Why a DM's choice closed after ``result``, in words (in ``lang``)."""
    t = i18n.t
    live = result.live
    seat = sent.seat
    if live.state.is_over():
        return t(lang, "bot.notices.closed_over", "Closed: the game is over.")
    if result.seat == seat and not result.by_timer:
        same_phase = result.phase_before == live.state.phase_name()
        if sent.stamp is not None and seat in live.state.to_act() and same_phase:
            return t(
                lang,
                "bot.notices.went_on",
                "Out of date: you went on in the channel; continue there (`/play`, `/move`).",
            )
        return t(
            lang,
            "bot.notices.chose",
            "Closed: you already chose, in the channel (`/move` or **Play**).",
        )
    phase = live.state.phase_name()
    if result.phase_before and result.phase_before != phase:
        return t(
            lang,
            "bot.notices.phase_over",
            "Closed: {phase} is over.",
            phase=i18n.tr(result.phase_before, lang),
        )
    if result.by_timer:
        return t(lang, "bot.notices.time_ran_out", "Closed: the time ran out.")
    return t(
        lang,
        "bot.notices.no_longer_open",
        "Closed: it is no longer open after {name}'s move.",
        name=msg.display_name(live, result.seat, lang),
    )
