"""One hand, one board per player: what ``/hand``, the **My hand** button and ``/board player:``
show, from one place.

A seat's hand is its private view in words (``bot.hand_text``, where the game has them) and as
an image (the renderer's ``hand`` view, where it draws one), with what the seat can do now
(from the engine's legal moves), in one private answer; a player's
area is the renderer's ``player`` view of the public view (or, for the asker's own seat in a
private answer, of their own view).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

import i18n
from games.core import GameError, NotYourTurn
from games.core.text import Msg

from . import hand_text
from . import messages as msg
from .lang import for_member
from .manager import LiveGame
from .services.boards import Board, Unsupported

if TYPE_CHECKING:
    from .services import Services

HandText = Callable[..., str]

HAND_TEXT: dict[str, HandText] = {
    "kenchiku": hand_text.kenchiku_hand,
    "masters_of_commerce": hand_text.masters_of_commerce_hand,
    "food_chain_magnate": hand_text.food_chain_magnate_hand,
    "philadelphia": hand_text.philadelphia_hand,
}
"""Games whose private view has words (``bot.hand_text``): ``text(view, seat, names=...)``."""

VERBS = 6  # first words of legal moves listed on the "your move" line


def words_of(
    game_key: str,
    view: Any,
    seat: int,
    names: Sequence[str] | None,
    lang: str = i18n.DEFAULT,
) -> str | None:
    """``seat``'s hand in words (in ``lang``), or ``None`` if the game has none."""
    text = HAND_TEXT.get(game_key)
    if text is None:
        return None
    return text(view, seat, names=list(names) if names else None, lang=lang)


def moves_line(live: LiveGame, seat: int, lang: str = i18n.DEFAULT) -> str:
    """What ``seat`` can do now, from the engine's legal moves (the first word of each, as
    ``/move`` autocompletes them), or whom the game waits for."""
    state = live.state
    if state.is_over() or seat not in state.waiting_for():
        return msg.waiting_line(live, lang)
    legal = [m.notation for m in state.legal_moves(seat)]
    if not legal:
        return msg.waiting_line(live, lang)
    firsts: dict[str, list[str]] = {}
    for notation in legal:
        firsts.setdefault(notation.split()[0], []).append(notation)
    shown = [
        f"`{ns[0]}`" if len(ns) == 1 else f"`{verb} …` ({len(ns)})"
        for verb, ns in list(firsts.items())[:VERBS]
    ]
    more = (
        i18n.t(lang, "bot.hands.more", " and {x} more", x=len(firsts) - VERBS)
        if len(firsts) > VERBS
        else ""
    )
    return i18n.t(
        lang,
        "bot.hands.move_move_play",
        "🎲 Your move: {join}{more} — `/move` or **Play**",
        join=", ".join(shown),
        more=more,
    )


async def show_hand(interaction: discord.Interaction, live: LiveGame, services: Services) -> None:
    """Answer ``interaction`` privately with the asker's hand: a head line naming their seat,
    the hand in words and the hand image, each where the game has it (a game with neither
    says it has nothing private). The same for ``/hand`` and the **My hand** button."""
    seat = live.row.seat_of(interaction.user.id)
    if seat is None:
        raise NotYourTurn(msg.spectator(Msg("bot.hands.a_hand", "a hand")))
    lang = await for_member(services.storage, interaction)
    view = live.state.view(seat)
    names = [msg.seat_label(n, lang) for n in live.names()]
    head = i18n.t(
        lang,
        "bot.hands.are_p",
        "**{title}** · you are **{display_name}** (p{seat})",
        title=msg.title(live.spec, lang),
        display_name=msg.display_name(live, seat, lang),
        seat=seat + 1,
    )
    words = words_of(live.row.game_key, view, seat, names, lang)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        image: Board | None = await services.boards.view(
            live.row.game_key, live.id, "hand", view, seat=seat, names=names, lang=lang
        )
    except Unsupported:
        image = None
    lines = [head]
    if words is not None:
        lines.append(msg.named(live, words, lang))
    elif image is None:
        lines.append(
            i18n.t(
                lang,
                "bot.hands.nothing_private_game_board",
                "Nothing private in this game: `/board` shows everything.",
            )
        )
    lines.append(moves_line(live, seat, lang))
    content = msg.clip("\n".join(lines))
    if image is None:
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.followup.send(content, file=image.file(), ephemeral=True)


async def player_board(
    services: Services, live: LiveGame, seat: int, *, own: bool, lang: str = i18n.DEFAULT
) -> tuple[str, Board]:
    """``/board player:``: ``(text, image)`` of ``seat``'s area, drawn from the public view
    (or from that seat's own view when ``own``: the asker's seat, answered privately).
    A ``GameError`` if the game draws no player areas."""
    view = live.state.view(seat if own else None)
    try:
        board = await services.boards.view(
            live.row.game_key, live.id, "player", view, seat=seat, names=live.names(), lang=lang
        )
    except Unsupported:
        raise GameError(
            Msg(
                "bot.hands.has_no_separate_view",
                "{title} has no separate view of one player's area: `/board` shows everyone's, "
                "and `/board detail:True` the full-size board.",
                title=msg.title(live.spec, lang),
            )
        ) from None
    return f"**{msg.display_name(live, seat, lang)}** · {msg.header(live, lang)}", board
