"""Private notices: by DM with one-click answers, or, when a player's DMs are closed
(Discord error 50007), kept in the stored inbox with a short public pointer to it."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import discord

from .. import messages as msg
from ..manager import LiveGame, MoveResult
from ..storage import InboxRow, Storage
from .publisher import Publisher

log = logging.getLogger(__name__)

AnswerView = Callable[[int, Sequence[str]], discord.ui.View | None]  # (game, notations)
InboxView = Callable[[int], discord.ui.View]  # (game) -> the "Read privately" button
PanelOf = Callable[[LiveGame, int], tuple[str, discord.ui.View]]  # (game, seat) -> turn panel

DM_CLOSED = 50007


class Notices:
    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        publisher: Publisher,
        answer_view: AnswerView,
        inbox_view: InboxView,
        now: Callable[[], str],
        panel: PanelOf | None = None,
    ) -> None:
        self.client = client
        self.storage = storage
        self.publisher = publisher
        self.answer_view = answer_view
        self.inbox_view = inbox_view
        self.now = now
        self.panel = panel

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
            text = self.text(live, notice.text)
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                view = self.answer_view(live.id, notice.moves)
                if notice.panel and self.panel is not None and seat in live.state.to_act():
                    # A secret choice is made in the seat's own turn panel, sent with it.
                    panel_text, view = self.panel(live, seat)
                    text = msg.clip(f"{text}\n\n{panel_text}")
                if view is None:
                    await user.send(text)
                else:
                    await user.send(text, view=view)
            except discord.HTTPException as exc:
                # The notice text may hold hidden information: never log it.
                if exc.code != DM_CLOSED:
                    log.warning("DM to a player of game %s failed (HTTP %s)", live.id, exc.status)
                await self.storage.add_inbox(
                    live.id, user_id, notice.text, notice.moves, self.now()
                )
                await self.publisher.post(
                    live.row.channel_id,
                    f"<@{user_id}>, you have a private update in this game, but I can't DM "
                    "you (your DMs are closed). Press the button to read it here; only you "
                    "will see it.",
                    view=self.inbox_view(live.id),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
        return told

    @staticmethod
    def text(live: LiveGame, body: str) -> str:
        return msg.clip(
            f"🔒 **{live.spec.title}** game #{live.id} in <#{live.row.channel_id}> — "
            f"{msg.named(live, body)}\n-# {msg.seat_legend(live)}"
        )

    async def take_inbox(self, game_id: int, user_id: int) -> list[InboxRow]:
        return await self.storage.take_inbox(game_id, user_id)
