"""Persistent components: one ``DynamicItem`` class per kind, each with its own callback,
and the views built from them (lobby, board, turn panel, notice answers).

Items survive restarts: discord.py matches a click's custom id against each class's
template (``bot.ui.ids``) and rebuilds the item from it. A callback hands its work to the
services and lets any error reach the one boundary (``bot.errors``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

import i18n
from games.core import Move, Msg, NotYourTurn, get_game

from .. import errors
from .. import messages as msg
from ..hands import show_hand
from ..manager import STALE, LiveGame, LobbyError
from ..rules_help import key_prefix
from ..services.notices import answer_labels, choices_stamp
from ..storage import GameRow
from .ids import (
    GID,
    INDEX,
    PREFIX,
    SEQ,
    button_id,
    button_template,
    decode_prefix,
    encode_prefix,
    select_id,
)
from .panel import ROWS, Block, Entry, amount_range, parent_of, plan, refusal_text
from .words import game_title, member_lang

if TYPE_CHECKING:
    from ..app import Boardroom
    from ..services import Services

NEVER = r"(?!)"


def services_of(interaction: discord.Interaction) -> Services:
    return cast("Boardroom", interaction.client).services


GAME_OVER = Msg(
    "cogs.components.game_over", "This game is over; these buttons no longer do anything."
)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEVER):
    """Base of every Boardroom button: ``kind`` names the subclass, ``act`` does the work."""

    kind: ClassVar[str] = ""

    def __init__(
        self,
        game_id: int,
        seq: int = 0,
        arg: str = "",
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None,
                style=style,
                emoji=emoji,
                row=row,
                custom_id=button_id(game_id, seq, self.kind, arg),
            )
        )
        self.game_id, self.seq, self.arg = game_id, seq, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        groups = match.groupdict()
        arg = ":".join(g for g in (groups.get("index"), groups.get("prefix")) if g is not None)
        return cls(int(match["gid"]), int(match["seq"]), arg)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction, services_of(interaction))
        except Exception as exc:
            await errors.handle(interaction, exc)

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        raise NotImplementedError


# -- lobby ------------------------------------------------------------------------------


class JoinButton(GameButton, template=button_template("join")):
    kind = "join"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        await services.lobby.join(interaction, self.game_id)


class LeaveButton(GameButton, template=button_template("leave")):
    kind = "leave"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        await services.lobby.leave(interaction, self.game_id)


class AddAiButton(GameButton, template=button_template("addai")):
    kind = "addai"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        await services.lobby.add_ai(interaction, self.game_id)


class RemoveAiButton(GameButton, template=button_template("rmai")):
    kind = "rmai"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        await services.lobby.remove_ai(interaction, self.game_id)


class StartButton(GameButton, template=button_template("start")):
    kind = "start"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        await services.lobby.start(interaction, self.game_id)


class AbandonButton(GameButton, template=button_template("abandon")):
    kind = "abandon"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        await services.lobby.abandon(interaction, self.game_id)


# -- the board and private information ---------------------------------------------------


async def fresh(services: Services, game_id: int, seq: int) -> LiveGame:
    """The game, if ``seq`` is still its number of moves; else "out of date"."""
    live = await services.manager.load(game_id)
    if live.row.status != "running":
        raise NotYourTurn(GAME_OVER)
    if seq != live.seq:
        raise NotYourTurn(STALE)
    return live


panel_stamp = choices_stamp  # what a panel's items carry instead of the move count


async def fresh_panel(
    interaction: discord.Interaction, services: Services, game_id: int, stamp: int
) -> LiveGame:
    """The game, if the clicking seat's choices are still those its panel showed."""
    live = await services.manager.load(game_id)
    if live.row.status != "running":
        raise NotYourTurn(GAME_OVER)
    if stamp != panel_stamp(live, live.row.seat_of(interaction.user.id)):
        raise NotYourTurn(STALE)
    return live


class PlayButton(GameButton, template=button_template("play")):
    """On the newest board: valid while that board is current, however many private moves
    (offers, sealed bids) were made since; it opens a panel for the game as it is now."""

    kind = "play"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await services.manager.load(self.game_id)
        if live.row.status != "running":
            raise NotYourTurn(GAME_OVER)
        board = services.publisher.board_seq(live.id, live.row.board_seq)
        if self.seq not in (live.seq, board):
            raise NotYourTurn(STALE)
        await open_panel(interaction, live)


class HandButton(GameButton, template=button_template("hand")):
    kind = "hand"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await services.manager.load(self.game_id)
        await show_hand(interaction, live, services)


class InboxButton(GameButton, template=button_template("inbox")):
    kind = "inbox"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await services.manager.load(self.game_id)
        notices = await services.notices.take_inbox(self.game_id, interaction.user.id)
        if not notices:
            await interaction.response.send_message(
                i18n.t(
                    await member_lang(interaction),
                    "cogs.components.inbox_empty",
                    "Nothing waiting for you. `/hand` shows everything private in this game.",
                ),
                ephemeral=True,
            )
            return
        seat = live.row.seat_of(interaction.user.id)
        answers = [m for n in notices for m in n.moves]
        labelled = (
            answer_labels(live, seat, answers)
            if seat is not None
            else [(a, a.capitalize()) for a in answers]
        )
        view = answer_view(live.id, labelled, limit=25) or discord.ui.View(timeout=None)
        await interaction.response.send_message(
            msg.clip("\n".join(f"🔒 {n.text}" for n in notices)), view=view, ephemeral=True
        )


class AnswerButton(GameButton, template=button_template("do", PREFIX, optional=True)):
    """A one-click answer to a private notice: not tied to one board; the engine decides
    whether it is still possible."""

    kind = "do"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        notation = decode_prefix(self.arg)
        if not notation:
            raise NotYourTurn(STALE)
        await services.turns.submit(interaction, self.game_id, notation, answer=True)


# -- the turn panel ---------------------------------------------------------------------


class NavButton(GameButton, template=button_template("nav", PREFIX, optional=True)):
    kind = "nav"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await fresh_panel(interaction, services, self.game_id, self.seq)
        await open_panel(interaction, live, edit=True, prefix=decode_prefix(self.arg))


class PageButton(GameButton, template=button_template("page", f"{INDEX}:{PREFIX}")):
    kind = "page"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await fresh_panel(interaction, services, self.game_id, self.seq)
        page, _, prefix = self.arg.partition(":")
        await open_panel(interaction, live, edit=True, prefix=decode_prefix(prefix), page=int(page))


class MoveButton(GameButton, template=button_template("m", INDEX)):
    kind = "m"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await fresh_panel(interaction, services, self.game_id, self.seq)
        await play_index(interaction, services, live, int(self.arg))


class AmountButton(GameButton, template=button_template("t", INDEX)):
    kind = "t"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await fresh_panel(interaction, services, self.game_id, self.seq)
        await open_amount(interaction, live, int(self.arg))


class WhyButton(GameButton, template=button_template("why")):
    """ "Why not …?": the moves the rules refuse this seat now, each with the reason."""

    kind = "why"

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await fresh_panel(interaction, services, self.game_id, self.seq)
        seat = acting_seat(interaction, live)
        lang = await member_lang(interaction)
        refused = live.state.refused_moves(seat)
        body = (
            msg.named(
                live,
                refusal_text(refused, label=lambda m: live.state.describe(seat, m), lang=lang),
                lang,
            )
            if refused
            else i18n.t(
                lang,
                "cogs.components.why_none",
                "Every move the rules allow you now is on the panel. To learn why another "
                "move is refused, type it in `/move`: the answer names the reason.",
            )
        )
        view = discord.ui.View(timeout=None)
        view.add_item(NavButton(live.id, self.seq, "", label=back_word(lang), emoji="↩", row=0))
        head = i18n.t(lang, "cogs.components.why_head", "Not possible now")
        await interaction.response.edit_message(content=msg.clip(f"**{head}**\n{body}"), view=view)


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"bs:{GID}:{SEQ}:pick(?::{PREFIX})?",
):
    """A panel page as a select menu; option values are ``m:<i>``, ``t:<i>`` or
    ``p:<prefix>``."""

    VALUE = re.compile(r"(?:(?P<kind>[mt]):(?P<index>[0-9]{1,3})|p:(?P<prefix>[^:]{0,90}))")

    def __init__(
        self,
        game_id: int,
        seq: int,
        arg: str = "",
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(game_id, seq, "pick", arg),
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                row=row,
            )
        )
        self.game_id, self.seq, self.arg = game_id, seq, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(int(match["gid"]), int(match["seq"]), match["prefix"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction, services_of(interaction))
        except Exception as exc:
            await errors.handle(interaction, exc)

    async def act(self, interaction: discord.Interaction, services: Services) -> None:
        live = await fresh_panel(interaction, services, self.game_id, self.seq)
        values = list(self.item.values)
        value = self.VALUE.fullmatch(values[0]) if values else None
        if value is None:
            raise NotYourTurn(
                Msg(
                    "cogs.components.unknown_choice",
                    "That choice is not recognised; use `/play` for a fresh panel.",
                )
            )
        if value["kind"] == "m":
            await play_index(interaction, services, live, int(value["index"]))
        elif value["kind"] == "t":
            await open_amount(interaction, live, int(value["index"]))
        else:
            await open_panel(interaction, live, edit=True, prefix=decode_prefix(value["prefix"]))


def _known_templates() -> list[str]:
    """Every kind's pattern, with its group names dropped (so they can be combined)."""
    return [
        re.sub(r"\(\?P<\w+>", "(?:", vars(cls)["__discord_ui_compiled_template__"].pattern)
        for cls in (*GameButton.__subclasses__(), PickSelect)
    ]


class ForgedItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"(?!(?:{'|'.join(_known_templates())})$)b[gs]:.*",
):
    """Any other ``bg:``/``bs:`` id (forged, garbled or from an older bot): answered as an
    out-of-date board, never acted on."""

    def __init__(self, custom_id: str = "bg:0:0:x") -> None:
        super().__init__(discord.ui.Button(label="-", custom_id=custom_id[:100]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgedItem:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await errors.reply_error(interaction, STALE)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton,
    LeaveButton,
    AddAiButton,
    RemoveAiButton,
    StartButton,
    AbandonButton,
    PlayButton,
    HandButton,
    InboxButton,
    AnswerButton,
    NavButton,
    PageButton,
    MoveButton,
    AmountButton,
    WhyButton,
    PickSelect,
    ForgedItem,
)


# -- views --------------------------------------------------------------------------------


# Labels are words in the reader's language (a public message's: the server's); custom ids
# never change with the language, so a click is matched by id after any change of language.


def lobby_view(row: GameRow, lang: str = i18n.DEFAULT) -> discord.ui.View | None:
    """The lobby message's buttons, labelled in ``lang`` (the server's: the post is public)."""
    if row.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        JoinButton(
            row.id,
            label=i18n.t(lang, "cogs.lobby.button_join", "Join"),
            style=discord.ButtonStyle.success,
        )
    )
    view.add_item(LeaveButton(row.id, label=i18n.t(lang, "cogs.lobby.button_leave", "Leave")))
    if get_game(row.game_key).ai is not None:
        view.add_item(
            AddAiButton(
                row.id, label=i18n.t(lang, "cogs.lobby.button_add_ai", "Add AI"), emoji="🤖"
            )
        )
    if any(s.kind == "ai" for s in row.seats):
        view.add_item(
            RemoveAiButton(row.id, label=i18n.t(lang, "cogs.lobby.button_remove_ai", "Remove AI"))
        )
    view.add_item(
        StartButton(
            row.id,
            label=i18n.t(lang, "cogs.lobby.button_start", "Start"),
            style=discord.ButtonStyle.primary,
        )
    )
    return view


def abandon_view(game_id: int, lang: str = i18n.DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        AbandonButton(
            game_id,
            label=i18n.t(lang, "cogs.lobby.button_abandon", "Yes, abandon it"),
            style=discord.ButtonStyle.danger,
        )
    )
    return view


def board_view(game_id: int, seq: int, lang: str = i18n.DEFAULT) -> discord.ui.View:
    """The board's buttons, labelled in ``lang`` (the server's: a board is public)."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        PlayButton(
            game_id,
            seq,
            label=i18n.t(lang, "cogs.board.button_play", "Play"),
            style=discord.ButtonStyle.primary,
            emoji="🎲",
        )
    )
    view.add_item(
        HandButton(
            game_id, seq, label=i18n.t(lang, "cogs.board.button_hand", "My hand"), emoji="🔒"
        )
    )
    return view


def answer_view(
    game_id: int, answers: Sequence[tuple[str, str]], *, limit: int = 5
) -> discord.ui.View | None:
    """One-click answers to a private notice: ``answers`` are ``(notation, label)``."""
    if not answers:
        return None
    view = discord.ui.View(timeout=None)
    for notation, label in list(answers)[:limit]:
        arg = encode_prefix(notation)
        if len(button_id(game_id, 0, "do", arg)) > 100:
            continue
        view.add_item(AnswerButton(game_id, 0, arg, label=label, style=discord.ButtonStyle.success))
    return view if view.children else None


def inbox_view(game_id: int, lang: str = i18n.DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        InboxButton(
            game_id,
            label=i18n.t(lang, "cogs.board.button_inbox", "Read privately"),
            emoji="🔒",
            style=discord.ButtonStyle.primary,
        )
    )
    return view


def back_word(lang: str) -> str:
    return i18n.t(lang, "cogs.panel.back", "Back")


def panel_text(live: LiveGame, seat: int, prefix: str = "", lang: str = i18n.DEFAULT) -> str:
    head = i18n.t(
        lang,
        "cogs.panel.head",
        "**{title}** · {phase} · you are **{name}**",
        title=game_title(live.spec, lang),
        phase=i18n.tr(live.state.phase_name(), lang),
        name=msg.seat_label(live.name(seat), lang),
    )
    if prefix:
        where = i18n.t(lang, "cogs.panel.choose_in", "Choose `{prefix} …`", prefix=prefix)
    else:
        where = i18n.t(lang, "cogs.panel.choose_move", "Choose your move:")
    return f"{head}\n{where}"


def panel_view(
    live: LiveGame, seat: int, prefix: str, page: int = 0, lang: str = i18n.DEFAULT
) -> discord.ui.View:
    """The panel's components (layout: ``bot.ui.panel.plan``); labels use players' names,
    the engine's keyed labels and the panel's own words in ``lang``."""
    legal = list(live.state.legal_moves(seat))
    templates = list(live.state.move_templates(seat))

    def label(move: Move) -> str:
        return i18n.tr(live.state.describe(seat, move), lang)

    terms = key_prefix(live.spec)
    blocks = plan(prefix, legal, templates, label, lang, terms)
    if not blocks and prefix:  # nothing left under this prefix: back to the top
        prefix, blocks = "", plan("", legal, templates, label, lang, terms)
    gid, stamp = live.id, panel_stamp(live, seat)
    view = discord.ui.View(timeout=None)
    shown = blocks[page * ROWS : (page + 1) * ROWS]
    for row, block in enumerate(shown):
        _add_block(view, live, gid, stamp, prefix, block, row)
    if len(blocks) > (page + 1) * ROWS:
        more = i18n.t(lang, "cogs.panel.more", "More…")
        view.add_item(
            PageButton(gid, stamp, f"{page + 1}:{encode_prefix(prefix)[:80]}", label=more, row=4)
        )
    if prefix or page:
        view.add_item(
            NavButton(
                gid,
                stamp,
                encode_prefix(parent_of(prefix)),
                label=back_word(lang),
                emoji="↩",
                row=4,
            )
        )
    if live.state.refused_moves(seat):
        why = i18n.t(lang, "cogs.panel.why_not", "Why not …?")
        view.add_item(WhyButton(gid, stamp, label=why, emoji="❔", row=4))
    return view


def _add_block(
    view: discord.ui.View, live: LiveGame, gid: int, stamp: int, prefix: str, block: Block, row: int
) -> None:
    if block.kind == "buttons":
        for e in block.entries:
            view.add_item(_entry_button(live, gid, stamp, e, row=row))
        return
    view.add_item(
        PickSelect(
            gid,
            stamp,
            f"r{row}.{encode_prefix(prefix)}"[:80],  # unique per menu: ids must differ
            row=row,
            placeholder=msg.named(live, block.placeholder)[:150],
            options=[
                discord.SelectOption(
                    label=msg.named(live, e.label)[:100],
                    description=e.description[:100] or None,
                    value=_entry_value(e),
                )
                for e in block.entries
            ],
        )
    )


def panel(live: LiveGame, seat: int, lang: str = i18n.DEFAULT) -> tuple[str, discord.ui.View]:
    """The top-level panel of ``seat`` (text and view) in ``lang``."""
    return panel_text(live, seat, lang=lang), panel_view(live, seat, "", lang=lang)


def acting_seat(interaction: discord.Interaction, live: LiveGame) -> int:
    """The user's seat if it may act now; else a ``NotYourTurn`` naming who may."""
    seat = live.row.seat_of(interaction.user.id)
    if seat is None:
        raise NotYourTurn(msg.spectator("moves to make"))
    if live.state.is_over():
        raise NotYourTurn(
            Msg("cogs.components.no_more_moves", "This game is over; no more moves can be made.")
        )
    if seat not in live.state.to_act():
        raise NotYourTurn(msg.not_your_turn(live))
    return seat


async def open_panel(
    interaction: discord.Interaction,
    live: LiveGame,
    *,
    edit: bool = False,
    prefix: str = "",
    page: int = 0,
) -> None:
    seat = acting_seat(interaction, live)
    lang = await member_lang(interaction)
    text = panel_text(live, seat, prefix, lang)
    view = panel_view(live, seat, prefix, page, lang)
    if edit:
        await interaction.response.edit_message(content=text, view=view)
    else:
        await interaction.response.send_message(text, view=view, ephemeral=True)


async def play_index(
    interaction: discord.Interaction, services: Services, live: LiveGame, index: int
) -> None:
    seat = acting_seat(interaction, live)
    legal: list[Move] = list(live.state.legal_moves(seat))
    if not 0 <= index < len(legal):
        raise NotYourTurn(STALE)
    await services.turns.submit(
        interaction, live.id, legal[index].notation, expected_seq=live.seq, from_panel=True
    )


async def open_amount(interaction: discord.Interaction, live: LiveGame, index: int) -> None:
    from .modals import AmountModal

    seat = acting_seat(interaction, live)
    templates = list(live.state.move_templates(seat))
    if not 0 <= index < len(templates):
        raise NotYourTurn(STALE)
    lang = await member_lang(interaction)
    modal = AmountModal(live.id, live.seq, templates[index], lang, key_prefix(live.spec))
    await interaction.response.send_modal(modal)


def _entry_value(e: Entry) -> str:
    if e.kind == "move":
        return f"m:{e.index}"
    if e.kind == "template":
        return f"t:{e.index}"
    return f"p:{encode_prefix(e.prefix)}"[:100]


def _entry_button(live: LiveGame, gid: int, seq: int, e: Entry, row: int) -> GameButton:
    label = msg.named(live, e.label)
    if e.kind == "move":
        return MoveButton(
            gid, seq, str(e.index), label=label, style=discord.ButtonStyle.success, row=row
        )
    if e.kind == "template":
        return AmountButton(
            gid, seq, str(e.index), label=label, style=discord.ButtonStyle.primary, row=row
        )
    return NavButton(
        gid,
        seq,
        encode_prefix(e.prefix)[:80],
        label=label,
        style=discord.ButtonStyle.secondary,
        row=row,
    )


__all__ = [
    "DYNAMIC_ITEMS",
    "LobbyError",
    "abandon_view",
    "amount_range",
    "answer_view",
    "board_view",
    "inbox_view",
    "lobby_view",
    "open_panel",
    "panel",
]
