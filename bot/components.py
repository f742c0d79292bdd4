"""Persistent components: DynamicItems that survive restarts.

custom_id layout (GUIDE.md): ``bg:<game_id>:<seq>:<kind>[:<arg>]`` for buttons and
``bs:<game_id>:<seq>:<kind>[:<arg>]`` for selects, always under 100 characters. ``seq`` is the
number of moves applied when the component was sent; a click on an older board answers "this
board is out of date" instead of acting. All routing goes to ``bot.router`` (``bot.play``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from .panel import amount_range

if TYPE_CHECKING:
    from .app import Boardroom

BUTTON_RE = r"bg:(?P<gid>[0-9]+):(?P<seq>[0-9]+):(?P<kind>[a-z]+)(?::(?P<arg>.*))?"
SELECT_RE = r"bs:(?P<gid>[0-9]+):(?P<seq>[0-9]+):(?P<kind>[a-z]+)(?::(?P<arg>.*))?"


def button_id(game_id: int, seq: int, kind: str, arg: str = "") -> str:
    cid = f"bg:{game_id}:{seq}:{kind}" + (f":{arg}" if arg else "")
    if len(cid) > 100:
        raise ValueError(f"custom_id too long: {cid!r}")
    return cid


def select_id(game_id: int, seq: int, kind: str, arg: str = "") -> str:
    cid = f"bs:{game_id}:{seq}:{kind}" + (f":{arg}" if arg else "")
    if len(cid) > 100:
        raise ValueError(f"custom_id too long: {cid!r}")
    return cid


def encode_prefix(prefix: str) -> str:
    return prefix.replace(" ", ".")


def decode_prefix(arg: str) -> str:
    return arg.replace(".", " ")


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_RE):
    """Any Boardroom button. Its behaviour is decided by ``kind`` at click time."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        kind: str,
        arg: str = "",
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None,
                style=style,
                emoji=emoji,
                row=row,
                disabled=disabled,
                custom_id=button_id(game_id, seq, kind, arg),
            )
        )
        self.game_id, self.seq, self.kind, self.arg = game_id, seq, kind, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> GameButton:
        return cls(int(match["gid"]), int(match["seq"]), match["kind"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Boardroom = interaction.client  # type: ignore[assignment]
        await bot.router.on_button(interaction, self.game_id, self.seq, self.kind, self.arg)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_RE):
    """A Boardroom select menu; option values are ``m:<index>`` or ``p:<prefix>``."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        kind: str,
        arg: str = "",
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(game_id, seq, kind, arg),
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.game_id, self.seq, self.kind, self.arg = game_id, seq, kind, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: re.Match[str]
    ) -> GameSelect:
        return cls(int(match["gid"]), int(match["seq"]), match["kind"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Boardroom = interaction.client  # type: ignore[assignment]
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await bot.router.on_select(interaction, self.game_id, self.seq, self.kind, self.arg, values)


class AmountModal(discord.ui.Modal):
    """Asks for a free whole number (and optional note) for a ``MoveTemplate``."""

    def __init__(self, bot: Boardroom, game_id: int, seq: int, template: Any) -> None:
        super().__init__(
            title=template.label[:45], custom_id=f"bm:{game_id}:{seq}"[:100], timeout=900
        )
        self.bot, self.game_id, self.seq, self.template = bot, game_id, seq, template
        hint = amount_range(template)
        self.amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=f"{template.param.capitalize()} ({hint})"[:45],
            placeholder=(f"e.g. {template.suggestions[0]}" if template.suggestions else hint)[:100],
            max_length=12,
            custom_id="amount",
        )
        self.add_item(self.amount)
        self.note: discord.ui.TextInput[Any] | None = None
        if template.text_param:
            self.note = discord.ui.TextInput(
                label=f"{template.text_param.capitalize()} (optional, not binding)"[:45],
                style=discord.TextStyle.paragraph,
                required=False,
                max_length=60,
                custom_id="note",
            )
            self.add_item(self.note)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        from games.core import GameError

        try:
            await self.bot.router.on_amount(
                interaction,
                self.game_id,
                self.seq,
                self.template,
                self.amount.value,
                self.note.value if self.note is not None else "",
            )
        except GameError as exc:  # a player's mistake, not a bug
            await self.bot.reply_error(interaction, exc.message)

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        from games.core import GameError

        if isinstance(error, GameError):
            await self.bot.reply_error(interaction, error.message)
        else:
            await self.bot.report_unexpected(interaction, error)
