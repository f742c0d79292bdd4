"""One hand, one board per player: what ``/hand``, the **My hand** button and ``/board player:``
show, from one place.

A seat's hand is its private view in words (``hand_text``, where the game has them) and as an
image (the renderer's ``hand`` view, where it draws one), in one private answer; a player's
area is the renderer's ``player`` view of the public view (or, for the asker's own seat in a
private answer, of their own view).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from games.core import GameError, NotYourTurn
from render import food_chain_magnate, kenchiku, masters_of_commerce, philadelphia

from . import messages as msg
from .manager import LiveGame
from .services.boards import Board, Unsupported

if TYPE_CHECKING:
    from .services import Services

HandText = Callable[..., str]

HAND_TEXT: dict[str, HandText] = {
    "kenchiku": kenchiku.hand_text,
    "masters_of_commerce": masters_of_commerce.hand_text,
    "food_chain_magnate": food_chain_magnate.hand_text,
    "philadelphia": philadelphia.hand_text,
}
"""Games whose private view has words: ``text(view, seat, names=...)`` as Discord markdown."""


def hand_text(game_key: str, view: Any, seat: int, names: Sequence[str] | None) -> str | None:
    """``seat``'s hand in words, or ``None`` if the game has none."""
    text = HAND_TEXT.get(game_key)
    return None if text is None else text(view, seat, names=list(names) if names else None)


async def show_hand(interaction: discord.Interaction, live: LiveGame, services: Services) -> None:
    """Answer ``interaction`` privately with the asker's hand: a head line naming their seat,
    the hand in words and the hand image, each where the game has it (a game with neither
    says it has nothing private). The same for ``/hand`` and the **My hand** button."""
    seat = live.row.seat_of(interaction.user.id)
    if seat is None:
        raise NotYourTurn(msg.spectator("a hand"))
    view = live.state.view(seat)
    names = live.names()
    head = f"**{live.spec.title}** · you are **{msg.display_name(live, seat)}** (p{seat + 1})"
    text = hand_text(live.row.game_key, view, seat, names)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        image: Board | None = await services.boards.view(
            live.row.game_key, live.id, "hand", view, seat=seat, names=names
        )
    except Unsupported:
        image = None
    if text is None and image is None:
        text = "Nothing private in this game: `/board` shows everything."
    content = msg.clip(head + ("\n" + msg.named(live, text) if text else ""))
    if image is None:
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.followup.send(content, file=image.file(), ephemeral=True)


async def player_board(
    services: Services, live: LiveGame, seat: int, *, own: bool
) -> tuple[str, Board]:
    """``/board player:``: ``(text, image)`` of ``seat``'s area, drawn from the public view
    (or from that seat's own view when ``own``: the asker's seat, answered privately).
    A ``GameError`` if the game draws no player areas."""
    view = live.state.view(seat if own else None)
    try:
        board = await services.boards.view(
            live.row.game_key, live.id, "player", view, seat=seat, names=live.names()
        )
    except Unsupported:
        raise GameError(
            f"{live.spec.title} has no separate view of one player's area: "
            "`/board` shows everyone's, and `/board detail:True` the full-size board."
        ) from None
    return f"**{msg.display_name(live, seat)}** · {msg.header(live)}", board
