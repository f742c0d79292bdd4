"""Seats changing hands in a running game: a member hands their seat to the AI and takes it
back (``/seat ai``, ``/seat takeback``), the host or a game master gives a vanished
player's seat to another member or the AI (``/seat replace``), and the turn clock hands a
seat to the AI after repeated time-outs.

One rule, applied here for every way a member gets a seat (``Seats._admit``): **one person
never holds two seats' private information.** A member who has held a seat of a game — played
it, played it and was replaced, or has the AI play it for them — may be seated again only
in that same seat. The holders are stored (``seat_holders``, migration 16: one seat per
member and game, so the database refuses a second one too). Handing a seat to the AI keeps
its member as the holder; the AI is not a person. So a host cannot hand their own seat to
the AI, take another player's seat to read its hand and go back, and a game master who took
a seat to look can never take a second one.

API (0-based seats; each raises ``LobbyError`` with a sentence and changes nothing when
refused, and posts one line in the game's channel)::

    seat_row = await seats.hand_to_ai(game_id, seat, reason)
    seat = await seats.take_back(game_id, user_id, name)
    seat_row = await seats.replace(game_id, seat, (user_id, name) | None, by)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import discord

import i18n
from games.core import get_game
from games.core.text import Msg

from ..manager import GameManager, LobbyError, level_of
from ..messages import AI_SUFFIX
from ..storage import GameRow, SeatRow
from .autoplay import Autoplay
from .events import Dispatcher, SeatChanged, raise_event
from .publisher import Publisher

NAME_CHARS = 32  # Discord display names are at most 32 characters


def ai_seat_name(name: str) -> str:
    """``"alice"`` -> ``"alice (AI)"``: a handed-over seat keeps its member's name."""
    return name if name.endswith(AI_SUFFIX) else name[:NAME_CHARS] + AI_SUFFIX


def member_name(name: str) -> str:
    """``"alice (AI)"`` -> ``"alice"``."""
    return name[: -len(AI_SUFFIX)] if name.endswith(AI_SUFFIX) else name


def two_seats(user_id: int, held: int, seat: int) -> str:
    """The refusal when a member who held seat ``held`` would get ``seat`` (0-based)."""
    return Msg(
        "bot.seats.has_held_seat_private",
        "<@{user_id}> has held seat {held}'s private information in this game (its hand and "
        "secret choices), so they can't take seat {seat}: one person never holds two seats' "
        "secrets. Choose another member, or the AI.",
        user_id=user_id,
        held=held + 1,
        seat=seat + 1,
    )


class Seats:
    """Hands seats between members and the AI (see the module docstring)."""

    def __init__(
        self, client: Dispatcher, manager: GameManager, publisher: Publisher, autoplay: Autoplay
    ) -> None:
        self.client = client  # raises seat_changed: the turn clocks resync (bot.services.events)
        self.manager = manager
        self.publisher = publisher
        self.autoplay = autoplay

    async def _admit(self, game_id: int, user_id: int, seat: int) -> None:
        """The one rule: ``user_id`` may hold ``seat`` only if they never held another seat
        of this game. Raises ``LobbyError`` otherwise."""
        held = await self.manager.storage.seat_held(game_id, user_id)
        if held is None or held == seat:
            return
        row = await self._row(game_id)
        if row.seat_of(user_id) == held:
            raise LobbyError(
                Msg(
                    "bot.seats.already_plays_seat",
                    "<@{user_id}> already plays seat {held}.",
                    user_id=user_id,
                    held=held + 1,
                )
            )
        raise LobbyError(two_seats(user_id, held, seat))

    async def _set(
        self, game_id: int, seat: int, user_id: int | None, change: Callable[..., SeatRow]
    ) -> tuple[SeatRow, SeatRow]:
        if user_id is not None:
            await self._admit(game_id, user_id, seat)
        try:
            old, new = await self.manager.set_seat(game_id, seat, change)
        except sqlite3.IntegrityError:  # a concurrent change seated them elsewhere first
            assert user_id is not None
            held = await self.manager.storage.seat_held(game_id, user_id)
            raise LobbyError(two_seats(user_id, held if held is not None else -1, seat)) from None
        raise_event(self.client, SeatChanged(game_id))
        return old, new

    async def hand_to_ai(
        self, game_id: int, seat: int, reason: str = "", level: str | None = None
    ) -> SeatRow:
        """Let the AI play ``seat`` of a running game until its member takes it back, at
        ``level`` (``None``: the game's level). ``reason`` (plain words, e.g. ``"3 time-outs
        in a row"``) is told to the table.

        Raises ``LobbyError`` if the game is not running, the seat does not exist or is
        already the AI's, or the game has no AI policy. Returns the new seat row (kind
        ``ai``, ``owner_id`` the member who may take it back and who stays its holder).
        """

        def change(row: GameRow, old: SeatRow) -> SeatRow:
            spec = get_game(row.game_key)
            if spec.ai is None:
                raise LobbyError(
                    Msg(
                        "bot.seats.has_no_ai_player",
                        "{title} has no AI player yet.",
                        title=spec.title,
                    )
                )
            if old.kind == "ai":
                raise LobbyError(
                    Msg(
                        "bot.seats.seat_already_played_ai",
                        "Seat {seat} ({display_name}) is already played by the AI.",
                        seat=seat + 1,
                        display_name=old.display_name,
                    )
                )
            owner = old.user_id if old.kind == "human" else old.owner_id
            return SeatRow(seat, None, ai_seat_name(old.display_name), "ai", owner, level)

        old, new = await self._set(game_id, seat, None, change)
        row = await self._row(game_id)
        lang = await self.manager.channel_language(row.guild_id)
        back = (
            i18n.t(
                lang,
                "bot.seats.can_take_back_seat",
                " <@{owner_id}> can take it back with `/seat takeback`.",
                owner_id=new.owner_id,
            )
            if new.owner_id is not None
            else ""
        )
        because = f" ({i18n.tr(reason, lang)})" if reason else ""
        await self.publisher.post(
            row.channel_id,
            i18n.t(
                lang,
                "bot.seats.ai_plays_seat_now",
                "🤖 The AI plays seat {seat} (**{member_name}**) now, at level {level}"
                "{because}.{back}",
                seat=seat + 1,
                member_name=member_name(old.display_name),
                level=level_of(row, seat),
                because=because,
                back=back,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.autoplay.kick(game_id)
        return new

    async def take_back(self, game_id: int, user_id: int, name: str | None = None) -> int:
        """Give the member ``user_id`` back the seat the AI plays for them; ``name`` is their
        display name now (default: the name they had). Returns the seat.

        Raises ``LobbyError`` if no running seat of that game is the AI's for them.
        """
        row = await self._row(game_id)
        seat = next((s.seat for s in row.seats if s.kind == "ai" and s.owner_id == user_id), None)
        if seat is None:
            raise LobbyError(
                Msg(
                    "bot.seats.ai_not_playing_seat",
                    "The AI is not playing a seat for you in this game.",
                )
            )

        def change(row: GameRow, old: SeatRow) -> SeatRow:
            if old.kind != "ai" or old.owner_id != user_id:
                raise LobbyError(
                    Msg(
                        "bot.seats.ai_not_playing_seat",
                        "The AI is not playing a seat for you in this game.",
                    )
                )
            if row.seat_of(user_id) is not None:
                raise LobbyError(
                    Msg(
                        "bot.seats.already_play_another_seat",
                        "You already play another seat of this game.",
                    )
                )
            return SeatRow(seat, user_id, name or member_name(old.display_name), "human", None)

        await self._set(game_id, seat, user_id, change)
        lang = await self.manager.channel_language(row.guild_id)
        await self.publisher.post(
            row.channel_id,
            i18n.t(
                lang,
                "bot.seats.takes_seat_back_from",
                "🙋 <@{user_id}> takes seat {seat} back from the AI.",
                user_id=user_id,
                seat=seat + 1,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._ping_if_waiting(game_id, seat)
        return seat

    async def replace(
        self,
        game_id: int,
        seat: int,
        member: tuple[int, str] | None,
        by: int,
        level: str | None = None,
    ) -> SeatRow:
        """Seat ``seat`` is played by ``member`` (user id, display name) from now on, or by
        the AI at ``level`` (``None``: the game's level) if ``member`` is ``None`` (its
        member may take it back). ``by`` is who decided; the permission check is the
        caller's. Raises ``LobbyError`` and changes nothing if the member already plays a
        seat, or held another seat of this game (``_admit``).
        """
        if member is None:
            return await self.hand_to_ai(
                game_id, seat, Msg("bot.seats.set", "set by <@{by}>", by=by), level
            )
        user_id, name = member

        def change(row: GameRow, old: SeatRow) -> SeatRow:
            taken = row.seat_of(user_id)
            if taken is not None:
                raise LobbyError(
                    Msg(
                        "bot.seats.already_plays_seat",
                        "<@{user_id}> already plays seat {held}.",
                        user_id=user_id,
                        held=taken + 1,
                    )
                )
            return SeatRow(seat, user_id, name, "human", None)

        old, _new = await self._set(game_id, seat, user_id, change)
        row = await self._row(game_id)
        lang = await self.manager.channel_language(row.guild_id)
        await self.publisher.post(
            row.channel_id,
            i18n.t(
                lang,
                "bot.seats.plays_seat_was_now",
                "🔁 <@{user_id}> plays seat {seat} (was **{display_name}**) now, set by <@{by}>.",
                user_id=user_id,
                seat=seat + 1,
                display_name=old.display_name,
                by=by,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._ping_if_waiting(game_id, seat)
        return SeatRow(seat, user_id, name, "human", None)

    async def _ping_if_waiting(self, game_id: int, seat: int) -> None:
        """A member who now holds a seat the game waits on is told so."""
        live = await self.manager.load(game_id)
        if live.row.status != "running" or seat not in live.state.waiting_for():
            return
        user = live.row.user_of(seat)
        if user is not None:
            lang = await self.manager.channel_language(live.row.guild_id)
            await self.publisher.post(
                live.row.channel_id,
                i18n.t(
                    lang,
                    "bot.seats.turn_use_move_press",
                    "<@{user}>, it's your turn — use `/move` or press **Play** on the board.",
                    user=user,
                ),
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def _row(self, game_id: int) -> GameRow:
        row = await self.manager.storage.get_game(game_id)
        if row is None:
            raise LobbyError(Msg("bot.seats.game_no_longer_exists", "That game no longer exists."))
        return row


__all__ = ["Seats", "ai_seat_name", "member_name", "two_seats"]
