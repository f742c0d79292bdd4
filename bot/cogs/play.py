"""Playing: ``/move`` (with autocomplete), ``/play`` (the button panel), ``/board``, ``/hand``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import GameError, InvalidMove, Msg
from render.contract import Kind

from .. import messages as msg
from ..hands import player_board, show_hand
from ..manager import LiveGame
from ..refusals import explained
from ..rules_help import key_prefix
from ..services.boards import Board, Boards, Unsupported
from ..services.replays import check_at, position_at
from ..ui.autocomplete import suggestions
from ..ui.components import open_panel
from ..ui.words import game_title, member_lang, reader_lang
from .common import RateLimit, guarded, public_board_cooldown, services
from .lobby import channel_of

if TYPE_CHECKING:
    from ..app import Boardroom


class PlayCog(commands.Cog, name="PlayCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        self.typing = RateLimit(*bot.settings.autocomplete_rate)

    @app_commands.guild_only()
    @app_commands.command(
        name="move", description="Make a move by its notation, e.g. build c4 money"
    )
    @app_commands.describe(notation="Start typing; the list shows your legal moves")
    @guarded()
    async def move(
        self, interaction: discord.Interaction, notation: app_commands.Range[str, 1, 200]
    ) -> None:
        svc = services(interaction)
        game_id = await svc.manager.started_game_in_channel(channel_of(interaction))
        # The game is loaded (replayed if needed, off the event loop) inside; the turn
        # service acknowledges the interaction in time however long that takes.
        try:
            await svc.turns.submit(interaction, game_id, notation)
        except GameError as exc:
            try:
                live = await svc.manager.live_in_channel(channel_of(interaction))
            except GameError:
                raise exc from None
            raise explained(live, interaction.user.id, notation, exc) from None

    @move.autocomplete("notation")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None or not self.typing.allow(interaction.user.id):
            return []
        try:
            live = await services(interaction).manager.live_in_channel(interaction.channel_id)
        except GameError:
            return []
        seat = live.row.seat_of(interaction.user.id)
        lang = await member_lang(interaction)
        if seat is None or live.state.is_over() or seat not in live.state.to_act():
            # One line naming who is to act and what they are doing.
            line = msg.waiting_line(live)
            if seat is None and not live.state.is_over():
                line = i18n.t(
                    lang,
                    "cogs.play.not_playing",
                    "👀 You are not playing · {line}",
                    line=line.removeprefix("⏳ "),
                )[:100]
            return [app_commands.Choice(name=line, value=line)]
        return [
            app_commands.Choice(name=s.name, value=s.value)
            for s in suggestions(live.state, seat, current, lang=lang, terms=key_prefix(live.spec))
        ]

    @app_commands.guild_only()
    @app_commands.command(name="play", description="Open your private turn panel with buttons")
    @guarded()
    async def play(self, interaction: discord.Interaction) -> None:
        live = await services(interaction).manager.live_in_channel(channel_of(interaction))
        await open_panel(interaction, live)

    @app_commands.guild_only()
    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(
        detail="The full-size board with every detail (default: the chat board)",
        player="One player's area, by name",
        zoom="One area of the map, large: a square (e5: its whole tile) or two corners (c3:h9)",
        public="Post it for everyone (default: only you see it)",
        at="A past position: the board after this many moves (0 = the start)",
    )
    @guarded(cooldown=public_board_cooldown)
    async def board(
        self,
        interaction: discord.Interaction,
        detail: bool = False,
        player: str | None = None,
        zoom: str | None = None,
        public: bool = False,
        at: app_commands.Range[int, 0] | None = None,
    ) -> None:
        svc = services(interaction)
        if zoom is not None and (player or detail):
            raise InvalidMove(
                Msg(
                    "cogs.play.zoom_alone",
                    "`zoom` shows one area of the whole map, so it goes alone: use `/board zoom:` "
                    "without `player` or `detail`.",
                )
            )
        live = await svc.manager.live_in_channel(channel_of(interaction))
        seat = resolve_player(live, player) if player else None
        if at is not None:
            if zoom is not None:
                raise InvalidMove(
                    Msg(
                        "cogs.play.at_and_zoom",
                        "`at` and `zoom` go separately: a zoom shows the board now.",
                    )
                )
            check_at(live, at)
            await interaction.response.defer(ephemeral=not public, thinking=True)
            await self._board_at(interaction, live, at, seat, detail=detail, public=public)
            return
        names = live.names()
        # A zoom is drawn before answering (a few ms), so a bad area is refused ephemerally
        # even when `public` would have made the answer public.
        lang = await reader_lang(interaction, public)
        zoomed = await draw_zoom(svc.boards, live, zoom, names, lang) if zoom is not None else None
        await interaction.response.defer(ephemeral=not public, thinking=True)
        text = msg.status_text(live.row, live, lang=lang)
        board: Board | None
        if zoomed is not None:
            board = zoomed
            text = i18n.t(
                lang,
                "cogs.play.zoom_head",
                "**Zoom {area}** · {header}",
                area=(zoom or "").strip().lower(),
                header=msg.header(live),
            )
        elif seat is not None:
            own = live.row.seat_of(interaction.user.id) == seat and not public
            text, board = await player_board(svc, live, seat, own=own, lang=lang)
        elif detail:
            board = await svc.boards.view(
                live.row.game_key,
                live.id,
                "board",
                live.state.view(None),
                names=names,
                detail=True,
                lang=lang,
            )
        else:
            board = await svc.boards.draw(
                live.row.game_key, live.id, live.seq, live.state.view(None), names=names, lang=lang
            )
        text = msg.clip(text)
        if board is None:
            await interaction.followup.send(
                text, ephemeral=not public, allowed_mentions=discord.AllowedMentions.none()
            )
            return
        await interaction.followup.send(
            text,
            file=board.file(),
            ephemeral=not public,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def _board_at(
        self,
        interaction: discord.Interaction,
        live: LiveGame,
        at: int,
        seat: int | None,
        *,
        detail: bool,
        public: bool,
    ) -> None:
        """``/board at:<move>``: the public board (or one player's public area) after ``at``
        moves, replayed from the record (bot.services.replays)."""
        svc = services(interaction)
        lang = await reader_lang(interaction, public)
        pos, told = await position_at(svc.storage, live, at, lang)
        kind: Kind = "board" if seat is None else "player"
        board: Board | None
        try:
            board = await svc.boards.view(
                live.row.game_key,
                live.id,
                kind,
                pos.view,
                seat=seat,
                names=live.names(),
                detail=detail and seat is None,
                lang=lang,
            )
        except Unsupported:
            board = None
        said = {
            "title": game_title(live.spec, lang),
            "id": live.id,
            "where": at_word(at, lang),
            "total": live.seq,
        }
        if seat is not None:
            head = i18n.t(
                lang,
                "cogs.play.board_at_area",
                "**{title}** · game #{id} — the board at {where} of {total}, {player}'s area",
                player=msg.display_name(live, seat, lang),
                **said,
            )
        else:
            head = i18n.t(
                lang,
                "cogs.play.board_at",
                "**{title}** · game #{id} — the board at {where} of {total}",
                **said,
            )
        none = i18n.t(lang, "cogs.play.no_such_view", "This game draws no such view.")
        text = msg.clip(f"{head}\n{told}" + ("" if board is not None else f"\n-# {none}"))
        kwargs: dict[str, Any] = {
            "ephemeral": not public,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if board is not None:
            kwargs["file"] = board.file()
        await interaction.followup.send(text, **kwargs)

    @board.autocomplete("player")
    async def player_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None or not self.typing.allow(interaction.user.id):
            return []
        try:
            live = await services(interaction).manager.live_in_channel(interaction.channel_id)
        except GameError:
            return []
        q = current.strip().lower()
        return [
            app_commands.Choice(
                name=f"{s.display_name} (p{s.seat + 1})"[:100], value=f"p{s.seat + 1}"
            )
            for s in live.row.seats
            if not q or q in s.display_name.lower() or q == f"p{s.seat + 1}"
        ][:25]

    @app_commands.guild_only()
    @app_commands.command(name="hand", description="Your private information (only you see it)")
    @guarded()
    async def hand(self, interaction: discord.Interaction) -> None:
        svc = services(interaction)
        live = await svc.manager.live_in_channel(channel_of(interaction))
        await show_hand(interaction, live, svc)


async def draw_zoom(
    boards: Boards, live: LiveGame, area: str, names: list[str], lang: str = "en"
) -> Board:
    """The renderer's zoom of the public view at ``area`` (its words in ``lang``); a
    ``GameError`` with the renderer's sentence for a bad area, or saying the game has no
    zoomed view."""
    try:
        return await boards.view(
            live.row.game_key,
            live.id,
            "zoom",
            live.state.view(None),
            area=area,
            names=names,
            lang=lang,
        )
    except Unsupported:
        raise InvalidMove(
            Msg("cogs.play.no_zoom", "This game has no zoomed view; try `/board detail`.")
        ) from None
    except ValueError as exc:
        raise InvalidMove(str(exc)) from None


def resolve_player(live: LiveGame, typed: str) -> int:
    """A seat from ``p2``, ``2`` or (part of) a display name; a ``GameError`` naming the
    players otherwise."""
    q = typed.strip().lower()
    seats = live.row.seats
    for s in seats:
        if q in (f"p{s.seat + 1}", str(s.seat + 1), s.display_name.lower()):
            return s.seat
    found = [s.seat for s in seats if q and q in s.display_name.lower()]
    if len(found) == 1:
        return found[0]
    names = ", ".join(f"{s.display_name} (p{s.seat + 1})" for s in seats)
    raise InvalidMove(
        Msg(
            "cogs.play.no_such_player",
            "No single player matches `{typed}`. Players: {names}.",
            typed=typed[:40],
            names=names,
        )
    )


def at_word(at: int, lang: str) -> str:
    """``the start`` (``at`` = 0) or ``move 12`` in ``lang``."""
    if at == 0:
        return i18n.t(lang, "cogs.play.at_start", "the start")
    return i18n.t(lang, "cogs.play.at_move", "move {n}", n=at)
