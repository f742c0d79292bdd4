"""The amount modal: a free whole number (and an optional note) for a ``MoveTemplate``."""

from __future__ import annotations

import re
from typing import Any

import discord

import i18n
from games.core import InvalidMove, MoveTemplate, Msg

from .. import errors
from .components import services_of
from .panel import amount_range, param_word

DIGITS = re.compile(r"[0-9]{1,12}")  # ASCII only: str.isdigit() also accepts "²" and "٣"


def parse_amount(text: str, template: MoveTemplate) -> int:
    """``"23,456"`` / ``"$23_456"`` -> ``23456``; anything else raises ``InvalidMove``."""
    value = text.strip().replace(",", "").replace("$", "").replace("_", "").replace(" ", "")
    if not DIGITS.fullmatch(value):
        raise InvalidMove(
            Msg(
                "cogs.modals.not_a_number",
                "`{typed}` is not a whole number; type digits 0-9 only, {range}.",
                typed=text.strip()[:20],
                range=amount_range(template),
            )
        )
    return int(value)


class AmountModal(discord.ui.Modal):
    """The amount (and note) of one ``MoveTemplate``, its words in ``lang`` (the member's)."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        template: MoveTemplate,
        lang: str = i18n.DEFAULT,
        terms: str = "",
    ) -> None:
        super().__init__(
            title=i18n.tr(template.label, lang)[:45],
            custom_id=f"bm:{game_id}:{seq}"[:100],
            timeout=900,
        )
        self.game_id, self.seq, self.template = game_id, seq, template
        hint = amount_range(template, lang)
        example = (
            i18n.t(lang, "cogs.modals.example", "e.g. {amount}", amount=template.suggestions[0])
            if template.suggestions
            else hint
        )
        named = param_word(template.param, lang, terms, template.param.capitalize())
        self.amount: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=f"{named} ({hint})"[:45],
            placeholder=example[:100],
            max_length=12,
            custom_id="amount",
        )
        self.add_item(self.amount)
        self.note: discord.ui.TextInput[Any] | None = None
        if template.text_param:
            self.note = discord.ui.TextInput(
                label=i18n.t(
                    lang,
                    "cogs.modals.note",
                    "{param} (optional, not binding)",
                    param=param_word(
                        template.text_param, lang, terms, template.text_param.capitalize()
                    ),
                )[:45],
                style=discord.TextStyle.paragraph,
                required=False,
                max_length=60,
                custom_id="note",
            )
            self.add_item(self.note)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            amount = parse_amount(self.amount.value, self.template)
            notation = f"{self.template.prefix} {amount}"
            note = self.note.value.strip() if self.note is not None else ""
            if note and self.template.text_param:
                notation += f" {self.template.text_param} {note}"
            # The notation is complete and the engine validates it, so another player's
            # move since the modal opened does not make it stale.
            await services_of(interaction).turns.submit(
                interaction, self.game_id, notation, from_panel=True
            )
        except Exception as exc:
            await errors.handle(interaction, exc)

    async def on_error(  # type: ignore[override]  # discord.py passes no item for modals
        self, interaction: discord.Interaction, error: Exception, /
    ) -> None:
        await errors.handle(interaction, error)
