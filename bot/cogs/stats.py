"""``/leaderboard`` and ``/stats``: ratings and results (``bot.services.ratings``)."""

from __future__ import annotations

import asyncio
import io
from collections import Counter
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import Msg
from render.common import to_png
from render.leaderboard import Line, render_leaderboard

from ..manager import LobbyError
from ..services.events import GameOver, listener_name
from ..services.ratings import GLOBAL, Ratings
from ..storage import RatingRow
from ..ui.words import channel_lang, game_title, member_lang
from .common import guarded, settings, status_word
from .lobby import game_choices

if TYPE_CHECKING:
    from ..app import Boardroom

TOP = 10
IMAGE = "leaderboard.png"
COLOUR = 0xC9A227


def shown(rows: list[RatingRow], me: int) -> list[tuple[int, RatingRow]]:
    """``(place, row)`` of the top ten, then the caller's own row if further down."""
    return [(i + 1, r) for i, r in enumerate(rows) if i < TOP or r.user_id == me]


def board_lines(
    rows: list[RatingRow], names: dict[int, str], me: int, lang: str = i18n.DEFAULT
) -> list[str]:
    """``1. **alice** — 12.3 · 5 games · 3 wins``: the top ten, then the caller's own line
    if they are further down."""

    def line(place: int, r: RatingRow) -> str:
        name = names.get(r.user_id, f"<@{r.user_id}>")
        if r.user_id == me:
            name = f"__{name}__"
        if r.wins == 1:
            wins = i18n.t(lang, "cogs.stats.one_win", "{n} win", n=r.wins)
        else:
            wins = i18n.t(lang, "cogs.stats.wins", "{n} wins", n=r.wins)
        if r.games == 1:
            games = i18n.t(lang, "cogs.stats.one_game", "{n} game", n=r.games)
        else:
            games = i18n.t(lang, "cogs.stats.games", "{n} games", n=r.games)
        return f"{place}. **{name}** — {r.ordinal:.1f} · {games} · {wins}"

    out: list[str] = []
    for place, r in shown(rows, me):
        if place > TOP:
            out.append("…")
        out.append(line(place, r))
    return out


def scope_words(scope: str, lang: str) -> str:
    """``this server`` or ``every server`` (``scope`` ``server`` / ``global``) in ``lang``."""
    if scope == "global":
        return i18n.t(lang, "cogs.stats.every_server", "every server")
    return i18n.t(lang, "cogs.stats.this_server", "this server")


def leaderboard_cooldown(interaction: discord.Interaction) -> tuple[int, float]:
    """``/leaderboard`` draws and posts an image for everyone: limited per user."""
    return settings(interaction).leaderboard_cooldown


class StatsCog(commands.Cog, name="StatsCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot
        self.ratings = Ratings(bot.services.storage)
        self._tasks: set[asyncio.Task[Any]] = set()

    async def cog_load(self) -> None:
        self._spawn()  # games that ended before a restart, or before ratings existed

    async def cog_unload(self) -> None:
        for task in self._tasks:
            task.cancel()

    @commands.Cog.listener(listener_name(GameOver))
    async def on_game_over(self, event: GameOver) -> None:
        self._spawn()

    def _spawn(self) -> None:
        task = asyncio.get_running_loop().create_task(self.ratings.sync(), name="ratings")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @app_commands.command(
        name="leaderboard", description="Ratings of a game on this server (or everywhere)"
    )
    @app_commands.describe(game="Which game", scope="This server (default) or every server")
    @app_commands.choices(
        game=game_choices(),
        scope=[
            app_commands.Choice(name="this server", value="server"),
            app_commands.Choice(name="every server", value="global"),
        ],
    )
    @guarded(cooldown=leaderboard_cooldown)
    async def leaderboard(
        self, interaction: discord.Interaction, game: str, scope: str = "server"
    ) -> None:
        if scope == "server" and interaction.guild_id is None:
            raise LobbyError(
                Msg("cogs.stats.dm_scope", "In a DM there is no server: use `scope:global`.")
            )
        await self.ratings.sync()
        storage = self.bot.services.storage
        where = GLOBAL if scope == "global" else int(interaction.guild_id or 0)
        rows = await storage.leaderboard(where, game)
        # The board is posted for everyone (the server's language; in a DM, the member's);
        # the refusal below is private.
        lang = await member_lang(interaction)
        public = await channel_lang(interaction) if interaction.guild_id is not None else lang
        if not rows:
            await interaction.response.send_message(
                i18n.t(
                    lang,
                    "cogs.stats.no_rated_games",
                    "No rated {title} games on {place} yet. A finished game with two or more "
                    "members and no AI seat counts.",
                    title=game_title(game, lang),
                    place=scope_words(scope, lang),
                ),
                ephemeral=True,
            )
            return
        heading = i18n.t(
            public,
            "cogs.stats.leaderboard_title",
            "{title} leaderboard",
            title=game_title(game, public),
        )
        where_words = scope_words(scope, public)
        names = await storage.latest_names([r.user_id for r in rows])
        me = interaction.user.id
        embed = discord.Embed(
            title=f"🏆 {game_title(game, public)} — {scope_words(scope, public)}",
            description="\n".join(board_lines(rows, names, me, public)),
            colour=COLOUR,
        )
        lines = [
            Line(
                place,
                names.get(r.user_id, str(r.user_id)),
                f"{r.ordinal:.1f}",
                r.games,
                r.wins,
                r.user_id == me,
            )
            for place, r in shown(rows, me)
        ]
        png = await asyncio.to_thread(
            lambda: to_png(
                render_leaderboard(
                    heading, where_words[:1].upper() + where_words[1:], lines, lang=public
                )
            )
        )
        embed.set_image(url=f"attachment://{IMAGE}")
        embed.set_footer(
            text=i18n.t(
                public,
                "cogs.stats.rating_note",
                "Rating: openskill's conservative estimate (μ − 3σ), 0 for a newcomer. "
                "Games with AI seats, solo, imported or abandoned games are not rated.",
            )
        )
        await interaction.response.send_message(
            embed=embed,
            file=discord.File(io.BytesIO(png), filename=IMAGE),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="stats", description="Games, wins, scores and ratings of a member")
    @app_commands.describe(member="Whose statistics (default: yours)")
    @guarded()
    async def stats(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        user = member or interaction.user
        guild = interaction.guild_id
        if guild is None and user.id != interaction.user.id:
            # A DM is no server: nothing says the two share one, so only your own stats.
            raise LobbyError(
                Msg(
                    "cogs.stats.dm_others",
                    "In a DM, `/stats` shows only your own results. Ask about another member "
                    "in a server you share: there you see their games on that server.",
                )
            )
        await self.ratings.sync()
        storage = self.bot.services.storage
        results = await storage.results_of(user.id, guild)
        lang = await member_lang(interaction)
        if guild:
            place = i18n.t(lang, "cogs.stats.on_this_server", "on this server")
        else:
            place = i18n.t(lang, "cogs.stats.on_every_server", "on every server")
        if not results:
            if user.id == interaction.user.id:
                none = i18n.t(
                    lang,
                    "cogs.stats.none_mine",
                    "You have no finished games {place} yet.",
                    place=place,
                )
            else:
                none = i18n.t(
                    lang,
                    "cogs.stats.none_theirs",
                    "{name} has no finished games {place} yet.",
                    name=user.display_name,
                    place=place,
                )
            await interaction.response.send_message(none, ephemeral=True)
            return
        finished = [r for r in results if r.status == "finished"]
        wins = sum(1 for r in finished if r.rank == 1)
        scored = [r.score for r in finished if r.score is not None]
        favourite, played = Counter(r.game_key for r in results).most_common(1)[0]
        embed = discord.Embed(title=f"📊 {user.display_name} — {place}", colour=COLOUR)
        embed.add_field(
            name=i18n.t(lang, "cogs.stats.games_field", "Games"),
            value=i18n.t(
                lang,
                "cogs.stats.games_value",
                "{count} ({finished} finished)",
                count=len(results),
                finished=len(finished),
            ),
        )
        rate = f" ({100 * wins / len(finished):.0f}%)" if finished else ""
        embed.add_field(name=i18n.t(lang, "cogs.stats.wins_field", "Wins"), value=f"{wins}{rate}")
        embed.add_field(
            name=i18n.t(lang, "cogs.stats.average_field", "Average score"),
            value=f"{sum(scored) / len(scored):,.1f}" if scored else "—",
        )
        embed.add_field(
            name=i18n.t(lang, "cogs.stats.favourite_field", "Favourite game"),
            value=i18n.t(
                lang,
                "cogs.stats.favourite_value",
                "{title} ({count} games)",
                title=game_title(favourite, lang),
                count=played,
            ),
        )
        ratings = await storage.ratings_of_user(guild or GLOBAL, user.id)
        if ratings:
            embed.add_field(
                name=i18n.t(lang, "cogs.stats.ratings_field", "Ratings"),
                value="\n".join(
                    i18n.t(
                        lang,
                        "cogs.stats.rating_line",
                        "{title}: **{rating}** ({rated} rated, {won} won)",
                        title=game_title(r.game_key, lang),
                        rating=f"{r.ordinal:.1f}",
                        rated=r.games,
                        won=r.wins,
                    )
                    for r in ratings
                ),
                inline=False,
            )
        recent = []
        for r in results[:5]:
            if r.status == "finished" and r.score is not None:
                how = i18n.t(
                    lang,
                    "cogs.stats.rank_score",
                    "rank {rank}, {score:,}",
                    rank=r.rank,
                    score=r.score,
                )
            elif r.status == "finished":
                how = i18n.t(lang, "cogs.stats.rank", "rank {rank}", rank=r.rank)
            else:
                how = status_word("abandoned", lang)
            rated = "" if r.rated else i18n.t(lang, "cogs.stats.not_rated", " · not rated")
            recent.append(f"{game_title(r.game_key, lang)} #{r.game_id}: {how}{rated}")
        embed.add_field(
            name=i18n.t(lang, "cogs.stats.recent_field", "Recent games"),
            value="\n".join(recent),
            inline=False,
        )
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


__all__ = ["StatsCog", "board_lines"]
