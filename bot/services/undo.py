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

import i18n
from games.core import replay
from games.core.text import Msg

from .. import messages as msg
from ..lang import for_member
from ..manager import LiveGame, LobbyError
from ..storage import MoveRow, UndoRow
from .replays import record_of
from .servers import check_can_see

if TYPE_CHECKING:
    from . import Services

log = logging.getLogger(__name__)

RULES = ("all", "majority", "off")
RULE_WORDS = {
    "all": Msg("bot.undo.every_other_player_must", "every other player must agree"),
    "majority": Msg(
        "bot.undo.majority_players_asker_included",
        "a majority of the players, the asker included, must agree",
    ),
    "off": Msg("bot.undo.undo_off", "undo is off"),
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
            Msg(
                "bot.undo.undo_not_undo_rule",
                "`undo={value}` is not an undo rule: use `undo=all` (every other player agrees), "
                "`undo=majority` or `undo=off`.",
                value=value[:20],
            )
        )
    return value


def rules_lines(lang: str = i18n.DEFAULT) -> list[str]:
    """The undo option for ``/rules`` (every game has it)."""
    return [
        i18n.t(
            lang,
            "bot.undo.undo_who_must_agree",
            "• `undo` — who must agree to `/undo`: `all` (every other player), `majority` (more "
            "than half of the players, counting the asker) or `off`.\n  Default: **all**.",
        ),
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


def _move_text(live: LiveGame, m: MoveRow, lang: str = i18n.DEFAULT) -> str:
    text = (
        msg.named(live, m.public, lang)
        if m.public
        else i18n.t(lang, "bot.undo.private_move", "a private move")
    )
    return f"`{text}`" if m.public else text


def undo_line(
    live: LiveGame, undo: UndoRow, moves: Sequence[MoveRow], lang: str = i18n.DEFAULT
) -> str:
    """``↩️ alice took back moves 13–14 (agreed by bob): ~~`build e2 money`~~ …``"""
    who = _name(live, undo.requested_by)
    span = (
        i18n.t(lang, "bot.undo.move", "move {back_to}", back_to=undo.back_to + 1)
        if len(moves) == 1
        else i18n.t(
            lang,
            "bot.undo.moves",
            "moves {back_to}–{back_to2}",
            back_to=undo.back_to + 1,
            back_to2=undo.back_to + len(moves),
        )
    )
    agreed = [_voter(live, undo, k) for k, yes in undo.votes.items() if yes]
    why = (
        i18n.t(lang, "bot.undo.agreed", " (agreed by {and_list})", and_list=msg.and_list(agreed))
        if agreed
        else ""
    )
    struck = ", ".join(f"~~{_move_text(live, m, lang)}~~" for m in moves[:6])
    more = (
        i18n.t(lang, "bot.undo.more", " and {x} more", x=len(moves) - 6) if len(moves) > 6 else ""
    )
    return i18n.t(
        lang,
        "bot.undo.took_back",
        "↩️ {who} took back {span}{why}: {struck}{more}",
        who=who,
        span=span,
        why=why,
        struck=struck,
        more=more,
    )


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
            raise LobbyError(
                Msg(
                    "bot.undo.undo_off_game_undo",
                    "Undo is off in this game (the `undo=off` option).",
                )
            )

        async def check(live: LiveGame) -> tuple[int, list[int], MoveRow]:
            seat = live.row.seat_of(user)
            if seat is None:
                raise LobbyError(
                    Msg(
                        "bot.undo.re_watching_game_only",
                        "You're watching this game: only its players can ask for an undo.",
                    )
                )
            for old in await svc.storage.undos(game_id, "pending"):
                if old.at_seq != live.seq:  # a move was made since: that request is stale
                    await svc.storage.set_undo(old.id, status="stale", now=svc.manager.now())
                    continue
                raise LobbyError(
                    Msg(
                        "bot.undo.undo_request_already_open",
                        "An undo request is already open in this game: answer it (or wait for the "
                        "others to) before asking again.",
                    )
                )
            if live.state.is_over():
                raise LobbyError(
                    Msg(
                        "bot.undo.game_over_its_moves",
                        "The game is over; its moves can no longer be taken back.",
                    )
                )
            if live.deadline() is not None:
                raise LobbyError(
                    Msg(
                        "bot.undo.no_undo_during_timed",
                        "No undo during a timed phase: its clock and private offers run on their "
                        "own. Ask once it is over.",
                    )
                )
            moves = await svc.storage.moves(live.id)
            mine = [i for i, m in enumerate(moves) if m.user_id == user and m.actor == "user"]
            if not mine:
                raise LobbyError(
                    Msg(
                        "bot.undo.have_made_no_move",
                        "You have made no move in this game to take back.",
                    )
                )
            back_to = mine[-1]
            barrier = live.state.undo_barrier()
            if back_to < barrier:
                m = moves[barrier - 1]
                raise LobbyError(
                    Msg(
                        "bot.undo.last_move_move_but",
                        "Your last move is move {back_to}, but move {barrier} ({x}: {move_text}) "
                        "drew at random or revealed hidden information, so no undo can go back "
                        "before it.",
                        back_to=back_to + 1,
                        barrier=barrier,
                        x=live.name(m.seat)
                        if m.seat >= 0
                        else Msg("bot.undo.the_timer", "the timer"),
                        move_text=_move_text(live, m),
                    )
                )
            before = await asyncio.to_thread(_state_at, live, moves, back_to)
            if before.deadline() is not None:
                raise LobbyError(
                    Msg(
                        "bot.undo.move_was_made_timed",
                        "Move {back_to} was made in a timed phase, whose clock and private offers "
                        "cannot be wound back: no undo past it.",
                        back_to=back_to + 1,
                    )
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
        lang = await svc.manager.channel_language(live.row.guild_id)  # the request is public
        what = _move_text(live, move, lang) + (
            i18n.t(
                lang, "bot.undo.move_after", " and the {count} move(s) after it", count=count - 1
            )
            if count > 1
            else ""
        )
        if not voters:
            await interaction.response.send_message(
                i18n.t(
                    await for_member(svc.storage, interaction),
                    "bot.undo.nobody_else_has_agree",
                    "↩️ Nobody else has to agree: taking it back.",
                ),
                ephemeral=True,
            )
            await self._apply(undo)
            return
        mentions = " ".join(f"<@{v}>" for v in _holders(live, voters))
        await interaction.response.send_message(
            i18n.t(
                lang,
                "bot.undo.asks_take_back_move",
                "↩️ **{name}** asks to take back move {back_to}: {what}. {mentions}, do you "
                "agree? ({rule}; any new move cancels this request)",
                name=live.name(live.row.seat_of(user) or 0),
                back_to=back_to + 1,
                what=what,
                mentions=mentions,
                rule=RULE_WORDS[rule],
            ),
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
            raise LobbyError(
                Msg("bot.undo.undo_request_no_longer", "That undo request no longer exists.")
            )
        await check_can_see(interaction, await svc.storage.get_game(undo.game_id), undo.game_id)
        user = interaction.user.id
        if undo.status == "stale":
            raise LobbyError(
                Msg(
                    "bot.undo.undo_request_no_longer_2",
                    "This undo request is no longer valid: a move was made since.",
                )
            )
        if undo.status != "pending":
            word = {
                "done": Msg("bot.undo.was_already_done", "it was already done"),
                "refused": Msg("bot.undo.was_refused", "it was refused"),
            }
            raise LobbyError(
                Msg(
                    "bot.undo.undo_request_closed",
                    "This undo request is closed: {why}.",
                    why=word.get(undo.status, undo.status),
                )
            )
        if user == undo.requested_by:
            raise LobbyError(
                Msg(
                    "bot.undo.asked_undo_other_players",
                    "You asked for this undo: the other players decide.",
                )
            )

        async def count(live: LiveGame) -> tuple[str, UndoRow]:
            current = await svc.storage.undo(undo_id)
            assert current is not None
            if current.status != "pending":
                return current.status, current
            # The seat's holder now answers for it (a replaced player no longer does).
            seat = live.row.seat_of(user)
            if seat is None or seat not in current.voters:
                raise LobbyError(
                    Msg(
                        "bot.undo.only_other_players_game",
                        "Only the other players of this game answer its undo requests.",
                    )
                )
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
        lang = await svc.manager.channel_language(live.row.guild_id)  # the request is public
        name = _name(live, user)
        if outcome == "stale":
            await interaction.response.edit_message(
                content=_closed(
                    interaction,
                    i18n.t(
                        lang,
                        "bot.undo.no_longer_valid_move",
                        "no longer valid: a move was made since it was asked",
                    ),
                    lang,
                ),
                view=None,
            )
            return
        if outcome == "refused":
            await interaction.response.edit_message(
                content=_closed(
                    interaction,
                    i18n.t(lang, "bot.undo.refused_said_no", "refused ({name} said no)", name=name),
                    lang,
                ),
                view=None,
            )
            return
        if outcome == "pending":
            waiting = [v for v in current.voters if v not in current.votes]
            await interaction.response.edit_message(
                content=(interaction.message.content if interaction.message else "")
                + i18n.t(
                    lang,
                    "bot.undo.agrees_waiting",
                    "\n✅ {name} agrees. Waiting for {whom}.",
                    name=name,
                    whom=msg.and_list([live.name(v) for v in waiting], lang),
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.edit_message(
            content=_closed(
                interaction,
                i18n.t(
                    lang,
                    "bot.undo.agreed_was_last_needed",
                    "agreed ({name} was the last needed)",
                    name=name,
                ),
                lang,
            ),
            view=None,
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
        lang = await svc.manager.channel_language(live.row.guild_id)
        line = undo_line(live, done or undo, undone, lang)
        await svc.aftermath.after_reset(live, [msg.header(live, lang), line], "undo", lang=lang)


def _closed(interaction: discord.Interaction, how: str, lang: str = i18n.DEFAULT) -> str:
    first = (interaction.message.content if interaction.message else "").split("\n", 1)[0]
    return first + i18n.t(lang, "bot.undo.closed", "\n**Undo {how}.**", how=how)


def _state_at(live: LiveGame, moves: Sequence[MoveRow], count: int) -> Any:
    return replay(record_of(live.row, [(m.seat, m.notation) for m in moves[:count]]))


__all__ = ["RULES", "Undos", "decided", "rules_lines", "take_undo_rule", "undo_line"]
