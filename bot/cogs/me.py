"""``/games`` (your games everywhere, the ones waiting on you first), ``/settings me``
(reminders by DM, vacation: usable in DMs too) and ``/settings server`` (Manage Server:
default clock, game channels, game-master role)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from games.core import GameError, Msg

from .. import lang
from .. import messages as msg
from ..manager import LobbyError, parse_options
from ..services.clocks import TimeControl, control, jump_link, left, short, take_time_control
from ..services.servers import clock_words, save_settings
from ..ui.words import game_title, member_lang
from .common import guarded, services

if TYPE_CHECKING:
    from ..app import Boardroom


LANGUAGE_CHOICES = [
    app_commands.Choice(name="auto (your Discord language)", value="auto"),
    *(app_commands.Choice(name=name, value=code) for code, name in i18n.LANGUAGES.items()),
]


def language_line(language: str, value: str) -> str:
    """The answer to ``/settings me language:`` (in the language now in effect)."""
    if value == "auto":
        return i18n.t(
            language,
            "cogs.settings.language_auto",
            "Boardroom answers you in your Discord language ({language} now).",
            language=i18n.LANGUAGES[language],
        )
    return i18n.t(
        language,
        "cogs.settings.language",
        "Boardroom answers you in {language}.",
        language=i18n.LANGUAGES[language],
    )


class MeCog(commands.Cog, name="MeCog"):
    def __init__(self, bot: Boardroom) -> None:
        self.bot = bot

    @app_commands.command(
        name="games", description="Your games on every server, those waiting on you first"
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @guarded()
    async def games(self, interaction: discord.Interaction) -> None:
        svc = services(interaction)
        me = interaction.user.id
        rows = await svc.storage.games_of_user(me)
        lang = await member_lang(interaction)
        if not rows:
            await interaction.response.send_message(
                i18n.t(
                    lang,
                    "cogs.games.none",
                    "You have no open games. Start one with `/game new` in a server channel.",
                ),
                ephemeral=True,
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        now = svc.clocks.now()
        mine: list[tuple[int, str]] = []

        def game_line(row_id: int, title: str, where: str, text: str) -> str:
            return i18n.t(
                lang,
                "cogs.games.line",
                "#{id} **{title}** in {where} — {text}",
                id=row_id,
                title=title,
                where=where,
                text=text,
            )

        for row in rows:
            title = game_title(row.game_key, lang)
            where = f"<#{row.channel_id}>"
            if row.status == "lobby":
                lobby = i18n.t(lang, "cogs.games.lobby", "lobby, not started")
                mine.append((2, game_line(row.id, title, where, lobby)))
                continue
            try:
                live = await svc.manager.load(row.id)
            except GameError as exc:
                mine.append((2, game_line(row.id, title, where, i18n.tr(exc.msg, lang)[:80])))
                continue
            seat = live.row.seat_of(me)
            link = jump_link(row)
            waiting = seat is not None and seat in live.state.waiting_for()
            clock = ""
            tc = control(live)
            c = live.row.clocks.get(seat) if seat is not None else None
            if tc is not None and c is not None:
                if c.vacation_since is not None:
                    clock = i18n.t(lang, "cogs.games.on_vacation", " · 🏖️ on vacation")
                elif c.since is not None:
                    clock = i18n.t(
                        lang,
                        "cogs.games.time_left",
                        " · ⏱️ {time} left",
                        time=short(left(tc, c, now)),
                    )
            if waiting:
                text = i18n.t(
                    lang,
                    "cogs.games.your_move",
                    "**your move** ({activity}){clock}",
                    activity=msg.activity(live),
                    clock=clock,
                )
            else:
                text = (
                    i18n.t(
                        lang,
                        "cogs.games.waiting_for",
                        "waiting for {names}",
                        names=msg.waiting_for(live),
                    )
                    if live.state.waiting_for()
                    else ""
                )
                text = text or msg.activity(live)
            board = i18n.t(lang, "cogs.games.board_link", "[board]({link})", link=link)
            line = game_line(row.id, title, where, f"{text} · {board}")
            mine.append((0 if waiting else 1, line))
        mine.sort(key=lambda x: x[0])
        waiting_count = sum(1 for k, _ in mine if k == 0)
        head = (
            i18n.t(
                lang,
                "cogs.games.waiting_count",
                "⏳ {count} game(s) wait on you.",
                count=waiting_count,
            )
            if waiting_count
            else i18n.t(lang, "cogs.games.none_waiting", "No game waits on you.")
        )
        await interaction.followup.send(
            msg.clip("\n".join([head, *(line for _, line in mine)])),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    settings_group = app_commands.Group(
        name="settings",
        description="Your settings (me) and this server's (server)",
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
    )

    @settings_group.command(
        name="me", description="Your language, reminders by DM, and vacation in this game"
    )
    @app_commands.describe(
        language="The language Boardroom answers you in (auto: your Discord language)",
        reminders="Where your turn reminders go: the game's channel only, or also a DM",
        vacation="Pause your clock in this channel's game (up to the game's vacation limit)",
    )
    @app_commands.choices(
        language=LANGUAGE_CHOICES,
        reminders=[app_commands.Choice(name=v, value=v) for v in ("channel", "dm")],
        vacation=[app_commands.Choice(name=v, value=v) for v in ("on", "off")],
    )
    @guarded()
    async def settings(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        reminders: str | None = None,
        vacation: str | None = None,
    ) -> None:
        svc = services(interaction)
        me = interaction.user.id
        said: list[str] = []
        if language is not None:
            await lang.set_user_language(svc.storage, me, lang.chosen(language))
        reader = await lang.for_member(svc.storage, interaction)  # after a change: the new one
        if language is not None:
            said.append(language_line(reader, language))
        if vacation is not None:
            if interaction.channel_id is None or interaction.guild_id is None:
                raise LobbyError(
                    Msg(
                        "cogs.settings.vacation_where",
                        "Use `vacation` in the channel of the game you want to pause.",
                    )
                )
            game_id = await svc.manager.started_game_in_channel(interaction.channel_id)
            line = await svc.clocks.vacation(game_id, me, vacation == "on")
            live = await svc.manager.load(game_id)
            await svc.publisher.post(
                live.row.channel_id, line, allowed_mentions=discord.AllowedMentions.none()
            )
            said.append(line)
        if reminders is not None:
            said.append(
                await svc.clocks.set_reminders(me, reminders, await member_lang(interaction))
            )
        if not said:
            current = await svc.clocks.reminders(me)
            said.append(
                i18n.t(
                    reader,
                    "cogs.settings.reminders_now",
                    "Reminders: **{current}**. Change with `/settings me reminders:dm` or "
                    "`reminders:channel`; pause your clock with `/settings me vacation:on` in a "
                    "game's channel.",
                    current=current,
                )
            )
        await interaction.response.send_message("\n".join(said), ephemeral=True)

    @settings_group.command(
        name="server", description="This server's game settings (Manage Server only)"
    )
    @app_commands.describe(
        default_clock="Time control for new games without one, e.g. clock=move:24h (none: off)",
        allow_channel="Add a channel that may host games (none listed: any channel)",
        disallow_channel="Remove a channel from those that may host games",
        gm_role="A role whose members have the host's powers in every game here",
        clear_gm_role="Remove the game-master role",
        language="The language of this server's game channels (boards, announcements)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @guarded()
    async def server(
        self,
        interaction: discord.Interaction,
        default_clock: str | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        gm_role: discord.Role | None = None,
        clear_gm_role: bool = False,
        language: str | None = None,
    ) -> None:
        if interaction.guild_id is None:
            raise LobbyError(
                Msg(
                    "cogs.settings.server_in_dm",
                    "Server settings are set in the server, not in a DM.",
                )
            )
        if not interaction.permissions.manage_guild:
            raise LobbyError(
                Msg(
                    "cogs.settings.manage_server_only",
                    "Only members with **Manage Server** can change server settings.",
                )
            )
        svc = services(interaction)
        reader = await member_lang(interaction)
        settings = await svc.storage.guild_settings(interaction.guild_id)
        said: list[str] = []
        if default_clock is not None:
            text = default_clock.strip()
            if text.lower() in ("none", "off", ""):
                settings = replace(settings, default_clock="")
                said.append(
                    i18n.t(
                        reader,
                        "cogs.settings.no_default_clock",
                        "New games have no clock unless the host sets one.",
                    )
                )
            else:
                words = clock_words(text)
                tc = take_time_control(dict(words))
                settings = replace(
                    settings, default_clock=" ".join(f"{k}={v}" for k, v in words.items())
                )
                if tc is not None:
                    said.append(
                        i18n.t(
                            reader,
                            "cogs.settings.default_clock",
                            "New games get {clock} unless the host sets a clock.",
                            clock=TimeControl.from_json(tc).describe(),
                        )
                    )
        if allow_channel is not None and allow_channel.id not in settings.channels:
            settings = replace(settings, channels=(*settings.channels, allow_channel.id))
            said.append(
                i18n.t(
                    reader,
                    "cogs.settings.channel_allowed",
                    "Games may be played in {channel}.",
                    channel=allow_channel.mention,
                )
            )
        if disallow_channel is not None:
            settings = replace(
                settings, channels=tuple(c for c in settings.channels if c != disallow_channel.id)
            )
            said.append(
                i18n.t(
                    reader,
                    "cogs.settings.channel_disallowed",
                    "{channel} no longer hosts new games.",
                    channel=disallow_channel.mention,
                )
            )
        if gm_role is not None:
            settings = replace(settings, gm_role=gm_role.id)
            said.append(
                i18n.t(
                    reader,
                    "cogs.settings.gm_role",
                    "Members with {role} have the host's powers in every game.",
                    role=gm_role.mention,
                )
            )
        if clear_gm_role:
            settings = replace(settings, gm_role=None)
            said.append(i18n.t(reader, "cogs.settings.no_gm_role", "No game-master role."))
        if language is not None:
            settings = replace(settings, language=lang.chosen(language))
            said.append(
                i18n.t(
                    settings.language or i18n.DEFAULT,
                    "cogs.settings.server_language",
                    "Game channels here speak {language}.",
                    language=i18n.LANGUAGES[settings.language or i18n.DEFAULT],
                )
            )
        if said:
            await save_settings(svc.storage, settings)
        clock = settings.default_clock
        tc = take_time_control(dict(parse_options(clock))) if clock else None
        none = i18n.t(reader, "cogs.settings.none", "none")
        channels = ", ".join(f"<#{c}>" for c in settings.channels) or i18n.t(
            reader, "cogs.settings.any_channel", "any channel"
        )
        summary = [
            i18n.t(reader, "cogs.settings.server_head", "**Server settings**"),
            i18n.t(
                reader,
                "cogs.settings.clock_line",
                "Default clock: {clock}",
                clock=f"{TimeControl.from_json(tc).describe()} (`{clock}`)" if tc else none,
            ),
            i18n.t(
                reader,
                "cogs.settings.channels_line",
                "Game channels: {channels} (and their threads)",
                channels=channels,
            ),
            i18n.t(
                reader,
                "cogs.settings.gm_line",
                "Game-master role: {role}",
                role=f"<@&{settings.gm_role}>" if settings.gm_role else none,
            ),
            i18n.t(
                reader,
                "cogs.settings.language_line",
                "Language: {language}",
                language=i18n.LANGUAGES[settings.language or i18n.DEFAULT],
            ),
        ]
        await interaction.response.send_message(
            "\n".join([*said, *([""] if said else []), *summary]),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
