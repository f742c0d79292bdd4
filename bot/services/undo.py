"""Undo with consent (issue 12): ``/undo`` takes back the asking player's last move and
every move after it, once the other seated players agree (all of them, or a majority: the
game's ``undo`` option).

An undo never goes back past ``GameState.undo_barrier()`` (a random draw or revealed hidden
information), nor into or out of a timed phase (a running negotiation or auction has its own
clock and private offers). It is recorded append-only: the undone moves stay in the database
(``Storage.apply_undo``), ``/game log`` shows them struck through with who agreed, and the
game is rebuilt by replaying the moves that stand.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from games.core import replay

from .. import messages as msg
from ..manager import LiveGame, LobbyError
from ..storage import MoveRow, UndoRow
from .replays import record_of
from .servers import check_can_see

if TYPE_CHECKING:
    from . import Services

log = logging.getLogger(__name__)

RULES = ("all", "majority", "off")
RULE_WORDS = {
    "all": "every other player must agree",
    "majority": "a majority of the players, the asker included, must agree",
    "off": "undo is off",
}


def take_undo_rule(words: dict[str, str]) -> str | None:
    """Remove the ``undo`` word from ``/game new`` options; ``None`` if not given.

    Raises ``LobbyError`` for a value other than ``all``, ``majority`` or ``off``."""
    value = words.pop("undo", None)
    if value is None:
        return None
    value = value.strip().lower()
    if value not in RULES:
        raise LobbyError(
            f"`undo={value[:20]}` is not an undo rule: use `undo=all` (every other player "
            "agrees), `undo=majority` or `undo=off`."
        )
    return value


def rules_lines() -> list[str]:
    """The undo option for ``/rules`` (every game has it)."""
    return [
        "• `undo` — who must agree to `/undo`: `all` (every other player), `majority` "
        "(more than half of the players, counting the asker) or `off`.\n  Default: **all**.",
    ]


def decided(undo: UndoRow) -> str | None:
    """``"done"``, ``"refused"`` or ``None`` (still open) from the votes so far."""
    n = len(undo.voters)
    yes = sum(1 for v in undo.votes.values() if v)
    no = sum(1 for v in undo.votes.values() if not v)
    if undo.rule == "majority":  # of all the human players, the asker (a yes) included
        if (yes + 1) * 2 > n + 1:
            return "done"
        if (n - no + 1) * 2 <= n + 1:
            return "refused"
        return None
    if no:
        return "refused"
    return "done" if yes == n else None


def _move_text(live: LiveGame, m: MoveRow) -> str:
    text = msg.named(live, m.public) if m.public else "a private move"
    return f"`{text}`" if m.public else text


def undo_line(live: LiveGame, undo: UndoRow, moves: Sequence[MoveRow]) -> str:
    """``↩️ alice took back moves 13–14 (agreed by bob): ~~`build e2 money`~~ …``"""
    who = _name(live, undo.requested_by)
    span = (
        f"move {undo.back_to + 1}"
        if len(moves) == 1
        else f"moves {undo.back_to + 1}–{undo.back_to + len(moves)}"
    )
    agreed = [_voter(live, undo, k) for k, yes in undo.votes.items() if yes]
    why = f" (agreed by {msg.and_list(agreed)})" if agreed else ""
    struck = ", ".join(f"~~{_move_text(live, m)}~~" for m in moves[:6])
    more = f" and {len(moves) - 6} more" if len(moves) > 6 else ""
    return f"↩️ {who} took back {span}{why}: {struck}{more}"


def _name(live: LiveGame, user_id: int) -> str:
    for s in live.row.seats:
        if s.user_id == user_id:
            return s.display_name
    return f"<@{user_id}>"


def _voter(live: LiveGame, undo: UndoRow, key: int) -> str:
    """Who a vote key names: a seat (requests since migration 17), or a member's id."""
    return live.name(key) if undo.by_seat else _name(live, key)


def _holders(live: LiveGame, seats: Sequence[int]) -> list[int]:
    """The members holding ``seats`` now (an AI or vacant seat has none)."""
    return [u for u in (live.row.user_of(s) for s in seats) if u is not None]


class Undos:
    """Asks for, counts and applies undos; one open request per game."""

    def __init__(self, svc: Services, vote_view: Any) -> None:
        self.svc = svc
        self.vote_view = vote_view  # (undo id) -> discord.ui.View with Agree / Refuse

    # -- asking ---------------------------------------------------------------------------

    async def request(self, interaction: discord.Interaction, game_id: int) -> None:
        """``/undo``: check, then ask the others (or undo at once when nobody is asked)."""
        svc = self.svc
        user = interaction.user.id
        rule = await svc.storage.undo_rule(game_id)
        if rule == "off":
            raise LobbyError("Undo is off in this game (the `undo=off` option).")

        async def check(live: LiveGame) -> tuple[int, list[int], MoveRow]:
            seat = live.row.seat_of(user)
            if seat is None:
                raise LobbyError("You're watching this game: only its players can ask for an undo.")
            for old in await svc.storage.undos(game_id, "pending"):
                if old.at_seq != live.seq:  # a move was made since: that request is stale
                    await svc.storage.set_undo(old.id, status="stale", now=svc.manager.now())
                    continue
                raise LobbyError(
                    "An undo request is already open in this game: answer it (or wait for "
                    "the others to) before asking again."
                )
            if live.state.is_over():
                raise LobbyError("The game is over; its moves can no longer be taken back.")
            if live.deadline() is not None:
                raise LobbyError(
                    "No undo during a timed phase: its clock and private offers run on their "
                    "own. Ask once it is over."
                )
            moves = await svc.storage.moves(live.id)
            mine = [i for i, m in enumerate(moves) if m.user_id == user and m.actor == "user"]
            if not mine:
                raise LobbyError("You have made no move in this game to take back.")
            back_to = mine[-1]
            barrier = live.state.undo_barrier()
            if back_to < barrier:
                m = moves[barrier - 1]
                raise LobbyError(
                    f"Your last move is move {back_to + 1}, but move {barrier} "
                    f"({live.name(m.seat) if m.seat >= 0 else 'the timer'}: "
                    f"{_move_text(live, m)}) drew at random or revealed hidden information, "
                    "so no undo can go back before it."
                )
            before = await asyncio.to_thread(_state_at, live, moves, back_to)
            if before.deadline() is not None:
                raise LobbyError(
                    f"Move {back_to + 1} was made in a timed phase, whose clock and private "
                    "offers cannot be wound back: no undo past it."
                )
            # Votes belong to seats: whoever holds a seat when answering answers for it.
            voters = sorted(s.seat for s in live.row.humans() if s.seat != seat)
            return back_to, voters, moves[back_to]

        back_to, voters, move = await svc.manager.under_lock(game_id, check)
        live = await svc.manager.load(game_id)
        undo_id = await svc.storage.add_undo(
            game_id, user, live.seq, back_to, rule, voters, svc.manager.now()
        )
        undo = await svc.storage.undo(undo_id)
        assert undo is not None
        count = live.seq - back_to
        what = _move_text(live, move) + (
            f" and the {count - 1} move(s) after it" if count > 1 else ""
        )
        if not voters:
            await interaction.response.send_message(
                "↩️ Nobody else has to agree: taking it back.", ephemeral=True
            )
            await self._apply(undo)
            return
        mentions = " ".join(f"<@{v}>" for v in _holders(live, voters))
        await interaction.response.send_message(
            f"↩️ **{live.name(live.row.seat_of(user) or 0)}** asks to take back move "
            f"{back_to + 1}: {what}. {mentions}, do you agree? "
            f"({RULE_WORDS[rule]}; any new move cancels this request)",
            view=self.vote_view(undo_id),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        message = await interaction.original_response()
        await svc.storage.set_undo(undo_id, message_id=message.id)

    # -- answering ------------------------------------------------------------------------

    async def vote(self, interaction: discord.Interaction, undo_id: int, agree: bool) -> None:
        svc = self.svc
        undo = await svc.storage.undo(undo_id)
        if undo is None:
            raise LobbyError("That undo request no longer exists.")
        await check_can_see(interaction, await svc.storage.get_game(undo.game_id), undo.game_id)
        user = interaction.user.id
        if undo.status == "stale":
            raise LobbyError("This undo request is no longer valid: a move was made since.")
        if undo.status != "pending":
            word = {"done": "it was already done", "refused": "it was refused"}
            raise LobbyError(f"This undo request is closed: {word.get(undo.status, undo.status)}.")
        if user == undo.requested_by:
            raise LobbyError("You asked for this undo: the other players decide.")

        async def count(live: LiveGame) -> tuple[str, UndoRow]:
            current = await svc.storage.undo(undo_id)
            assert current is not None
            if current.status != "pending":
                return current.status, current
            # The seat's holder now answers for it (a replaced player no longer does).
            seat = live.row.seat_of(user)
            if seat is None or seat not in current.voters:
                raise LobbyError("Only the other players of this game answer its undo requests.")
            if live.seq != current.at_seq:
                await svc.storage.set_undo(undo_id, status="stale", now=svc.manager.now())
                return "stale", current
            votes = {**current.votes, seat: agree}
            current = UndoRow(**{**current.__dict__, "votes": votes})
            outcome = decided(current)
            if outcome == "done":
                await svc.storage.apply_undo(current, votes, svc.manager.now())
                svc.manager.forget(live.id)  # never play on the old position
            elif outcome == "refused":
                await svc.storage.set_undo(
                    undo_id, status="refused", votes=votes, now=svc.manager.now()
                )
            else:
                await svc.storage.set_undo(undo_id, votes=votes)
            return outcome or "pending", current

        outcome, current = await svc.manager.under_lock(undo.game_id, count)
        live = await svc.manager.load(undo.game_id)
        name = _name(live, user)
        if outcome == "stale":
            await interaction.response.edit_message(
                content=_closed(interaction, "no longer valid: a move was made since it was asked"),
                view=None,
            )
            return
        if outcome == "refused":
            await interaction.response.edit_message(
                content=_closed(interaction, f"refused ({name} said no)"), view=None
            )
            return
        if outcome == "pending":
            waiting = [v for v in current.voters if v not in current.votes]
            await interaction.response.edit_message(
                content=(interaction.message.content if interaction.message else "")
                + f"\n✅ {name} agrees. Waiting for "
                + msg.and_list([live.name(v) for v in waiting])
                + ".",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.edit_message(
            content=_closed(interaction, f"agreed ({name} was the last needed)"), view=None
        )
        await self._after(current)

    # -- applying -------------------------------------------------------------------------

    async def _apply(self, undo: UndoRow) -> None:
        """Apply an undo nobody had to agree to (under the game's lock)."""
        svc = self.svc

        async def go(live: LiveGame) -> bool:
            if live.seq != undo.at_seq:
                await svc.storage.set_undo(undo.id, status="stale", now=svc.manager.now())
                return False
            await svc.storage.apply_undo(undo, {}, svc.manager.now())
            svc.manager.forget(live.id)  # never play on the old position
            return True

        if await svc.manager.under_lock(undo.game_id, go):
            await self._after(undo)

    async def _after(self, undo: UndoRow) -> None:
        """Rebuild the game from its standing moves, re-arm its clocks, post the board."""
        svc = self.svc
        svc.manager.forget(undo.game_id)
        svc.timers.sync(undo.game_id, None)
        live = await svc.manager.load(undo.game_id)
        await svc.clocks.resync(undo.game_id)
        done = await svc.storage.undo(undo.id)
        undone = [m for u, m in await svc.storage.undone_moves(undo.game_id) if u == undo.id]
        line = undo_line(live, done or undo, undone)
        await svc.aftermath.after_reset(live, [msg.header(live), line], "undo")


def _closed(interaction: discord.Interaction, how: str) -> str:
    first = (interaction.message.content if interaction.message else "").split("\n", 1)[0]
    return f"{first}\n**Undo {how}.**"


def _state_at(live: LiveGame, moves: Sequence[MoveRow], count: int) -> Any:
    return replay(record_of(live.row, [(m.seat, m.notation) for m in moves[:count]]))


__all__ = ["RULES", "Undos", "decided", "rules_lines", "take_undo_rule", "undo_line"]
