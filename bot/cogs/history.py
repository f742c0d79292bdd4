"""History and replays: ``/game export`` and ``/game import`` (added to the ``/game`` group),
the pages of ``/game log`` (Older/Newer buttons), and the game-over summary with its
animated replay (``bot.services.replays.Summaries``, hooked into the publisher).

Page buttons use custom ids ``bh:<game_id>:<first move>:log:<count>:<raw>[:end]`` (not
``bg:``, which the board's items own), so they survive restarts like every component.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import Msg

from .. import errors
from .. import messages as msg
from ..game_log import log_entries, log_line
from ..limits import MAX_RECORD_BYTES
from ..manager import LiveGame, LobbyError
from ..records import BadRecord, check_moves, export_bytes, export_refusal, parse_record
from ..services.events import GameOver, listener_name
from ..services.replays import Summaries, open_import, record_of
from ..services.servers import check_can_see, check_channel
from ..services.undo import undo_line
from ..storage import GameRow, MoveRow
from ..ui.components import lobby_view
from ..ui.ids import GID, SEQ
from ..ui.words import channel_lang, game_title, member_lang
from .common import GAMES_LIVE_IN_SERVERS, check_cooldown, settings, status_word

if TYPE_CHECKING:
    from ..app import Boardroom
    from ..services import Services

LOG_LIMIT = 1990  # characters of one log page (Discord: 2000)


def _services(interaction: discord.Interaction) -> Services:
    return cast("Boardroom", interaction.client).services


def import_cooldown(interaction: discord.Interaction) -> tuple[int, float]:
    """Each import replays a whole record (up to ``MAX_MOVES`` moves): limited per user."""
    return settings(interaction).import_cooldown


# -- /game log pages -------------------------------------------------------------------------


async def log_page(
    svc: Services,
    game_id: int,
    viewer: int,
    *,
    start: int | None,
    count: int,
    raw: bool,
    lang: str = i18n.DEFAULT,
) -> tuple[str, discord.ui.View | None]:
    """One page of the log: ``count`` moves from move ``start`` (0-based), or the newest
    ``count`` when ``start`` is ``None``; the text and its Older/Newer/Newest buttons, the
    page's own words in ``lang``.

    A page longer than one message keeps the newest lines (the last page) or the first
    ones (a page asked by number), and the buttons continue from what was shown."""
    live = await svc.manager.load(game_id)
    rows = await svc.storage.moves(game_id)
    total = len(rows)
    newest = start is None
    first = max(0, total - count) if start is None else max(0, min(start, max(0, total - 1)))
    page = rows[first : first + count]
    record = record_of(live.row, [(m.seat, m.notation) for m in rows[: first + len(page)]])
    entries = await asyncio.to_thread(log_entries, record, page)
    body = [log_line(live, e, viewer, raw=raw, lang=lang) for e in entries]

    title = game_title(live.spec, lang)

    def head(lo: int, hi: int) -> str:
        if hi > lo:
            where = i18n.t(
                lang,
                "cogs.history.moves",
                "moves {lo}–{hi} of {total}",
                lo=lo + 1,
                hi=hi,
                total=total,
            )
        else:
            where = i18n.t(lang, "cogs.history.no_moves", "no moves yet")
        return i18n.t(
            lang,
            "cogs.history.head",
            "**{title}** · game #{id} — {where}",
            title=title,
            id=game_id,
            where=where,
        )

    while body and len("\n".join([head(first, first + len(page)), *body])) > LOG_LIMIT:
        if newest:
            body.pop(0)
            first += 1
        else:
            body.pop()
    shown_end = first + len(body)
    body = await _with_undos(svc, live, body, first, lang)
    empty = i18n.t(lang, "cogs.history.empty", "No moves yet.")
    text = msg.clip("\n".join([head(first, shown_end), *(body or [empty])]))
    if total <= len(body):
        return text, None
    older = i18n.t(lang, "cogs.history.older", "◀ Older")
    newer = i18n.t(lang, "cogs.history.newer", "Newer ▶")
    last = i18n.t(lang, "cogs.history.newest", "Newest ⏭")
    view = discord.ui.View(timeout=None)
    view.add_item(
        LogPageButton(game_id, max(0, first - count), count, raw, label=older, off=first == 0)
    )
    view.add_item(
        LogPageButton(game_id, shown_end, count, raw, label=newer, off=shown_end >= total)
    )
    view.add_item(
        LogPageButton(game_id, 0, count, raw, end=True, label=last, off=shown_end >= total)
    )
    return text, view


async def _with_undos(
    svc: Services, live: LiveGame, body: list[str], first: int, lang: str = i18n.DEFAULT
) -> list[str]:
    """The page's lines with each undo after the move it went back to (undone moves struck
    through, with who agreed): the log keeps every move ever made."""
    undos = await svc.storage.undos(live.id, "done")
    if not undos:
        return body
    undone: dict[int, list[MoveRow]] = {}
    for undo_id, move in await svc.storage.undone_moves(live.id):
        undone.setdefault(undo_id, []).append(move)
    after: dict[int, list[str]] = {}
    for u in undos:
        after.setdefault(u.back_to, []).append(undo_line(live, u, undone.get(u.id, []), lang))
    out = list(after.get(0, [])) if first == 0 else []
    for i, line in enumerate(body):
        out.append(line)
        out.extend(after.get(first + i + 1, []))
    return out


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"bh:{GID}:{SEQ}:log:(?P<count>[1-9][0-9]?):(?P<raw>[01])(?P<end>:end)?",
):
    """A page of ``/game log`` (an ephemeral message: only its reader can click)."""

    def __init__(
        self,
        game_id: int,
        start: int,
        count: int,
        raw: bool,
        *,
        end: bool = False,
        label: str = "-",
        off: bool = False,
    ) -> None:
        cid = f"bh:{game_id}:{start}:log:{count}:{int(raw)}" + (":end" if end else "")
        super().__init__(discord.ui.Button(label=label, custom_id=cid, disabled=off))
        self.game_id, self.start, self.count, self.raw, self.end = game_id, start, count, raw, end

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogPageButton:
        return cls(
            int(match["gid"]),
            int(match["seq"]),
            int(match["count"]),
            match["raw"] == "1",
            end=bool(match["end"]),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            svc = _services(interaction)
            await check_can_see(interaction, await svc.storage.get_game(self.game_id), self.game_id)
            await interaction.response.defer()
            text, view = await log_page(
                _services(interaction),
                self.game_id,
                interaction.user.id,
                start=None if self.end else self.start,
                count=self.count,
                raw=self.raw,
                lang=await member_lang(interaction),
            )
            await interaction.edit_original_response(
                content=text, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except Exception as exc:
            await errors.handle(interaction, exc)


# -- /game export and /game import -------------------------------------------------------------


async def _game_to_export(interaction: discord.Interaction, game: int | None) -> GameRow:
    svc = _services(interaction)
    if game is None:
        if interaction.channel_id is None:
            raise LobbyError(GAMES_LIVE_IN_SERVERS)
        row = await svc.storage.latest_game_in_channel(interaction.channel_id)
        if row is None:
            raise LobbyError(
                Msg(
                    "cogs.history.no_game_here",
                    "There is no game in this channel; name one with `game:` (see `/game list`).",
                )
            )
        return row
    return await check_can_see(interaction, await svc.storage.get_game(game), game)


@app_commands.command(name="export", description="The game's record as a JSON file")
@app_commands.describe(game="Game number (see /game list); default: this channel's latest game")
async def export_command(
    interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
) -> None:
    try:
        row = await _game_to_export(interaction, game)
        refusal = export_refusal(row)
        if refusal is not None:
            raise LobbyError(refusal)
        moves, _ = await _services(interaction).storage.replay_moves(row.id)
        data = export_bytes(row, moves)
        lang = await member_lang(interaction)
        await interaction.response.send_message(
            i18n.t(
                lang,
                "cogs.history.exported",
                "📄 The record of **{title}** game #{id} ({status}, {count} moves). "
                "`/game import` replays it in another channel or server.",
                title=game_title(row.game_key, lang),
                id=row.id,
                status=status_word(row.status, lang),
                count=len(moves),
            ),
            file=discord.File(io.BytesIO(data), filename=f"{row.game_key}-{row.id}.json"),
            ephemeral=True,
        )
    except Exception as exc:
        await errors.handle(interaction, exc)


@app_commands.command(
    name="import", description="Open a lobby that continues a game from an exported record"
)
@app_commands.describe(file="A record saved by /game export (JSON)")
async def import_command(interaction: discord.Interaction, file: discord.Attachment) -> None:
    try:
        check_cooldown("import", interaction, import_cooldown)
        await import_record(interaction, file)
    except Exception as exc:
        await errors.handle(interaction, exc)


async def import_record(interaction: discord.Interaction, file: discord.Attachment) -> None:
    """Check the record (shape, game, every move by replay), then open a lobby holding it:
    the importer is p1, others join; ``/game start`` with exactly the record's number of
    players commits its moves and the game goes on from there (a finished record ends at
    once, with its summary). Nothing is created for a record that does not replay."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise LobbyError(GAMES_LIVE_IN_SERVERS)
    svc = _services(interaction)
    await check_channel(svc.storage, interaction)
    if file.size > MAX_RECORD_BYTES:
        raise BadRecord(
            Msg(
                "cogs.history.record_too_big",
                "That file is {size:.1f} MiB; a game record is at most {limit} MiB.",
                size=file.size / 1048576,
                limit=MAX_RECORD_BYTES // 1048576,
            )
        )
    # Private until the record is known good: a refusal is only the importer's business.
    await interaction.response.defer(ephemeral=True, thinking=True)
    record = parse_record(await file.read())
    state, checked = await asyncio.to_thread(check_moves, record)
    public = await channel_lang(interaction)
    row = await open_import(
        svc.manager,
        svc.publisher,
        lobby_view,  # labelled in the server's language (the lobby post is public)
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        record=record,
        checked=checked,
        over=state.is_over(),
        where=i18n.tr(state.phase_name(), public),
    )
    await interaction.followup.send(
        i18n.t(
            await member_lang(interaction),
            "cogs.history.imported",
            "📥 Imported as game #{id}: the lobby is in the channel.",
            id=row.id,
        ),
        ephemeral=True,
    )


GAME_COMMANDS: tuple[app_commands.Command[Any, Any, None], ...] = (export_command, import_command)


class HistoryCog(commands.Cog, name="HistoryCog"):
    """Adds ``export`` and ``import`` to ``/game``, the log page buttons, and the game-over
    summary with its replay."""

    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        svc = bot.services
        self.summaries = Summaries(svc.storage, svc.publisher, svc.boards)

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command("game")
        if not isinstance(group, app_commands.Group):
            raise RuntimeError("HistoryCog needs the /game group (GameCog) loaded first")
        for command in GAME_COMMANDS:
            if group.get_command(command.name) is None:  # a copy per bot: one parent each
                group.add_command(command._copy_with(parent=group, binding=None))
        self.bot.add_dynamic_items(LogPageButton)
        # Summaries lost to a stop between a game's last move and its summary come now.
        self._late = asyncio.create_task(
            self.summaries.resume(self.bot.services.manager), name="late-summaries"
        )

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("game")
        if isinstance(group, app_commands.Group):
            for command in GAME_COMMANDS:
                group.remove_command(command.name)
        self.bot.remove_dynamic_items(LogPageButton)
        self._late.cancel()
        self.summaries.close()

    @commands.Cog.listener(listener_name(GameOver))
    async def on_game_over(self, event: GameOver) -> None:
        """The summary, then the replay, once the final board is out."""
        await self.summaries.game_over(event.announcement)
