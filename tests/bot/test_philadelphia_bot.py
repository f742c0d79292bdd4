"""Philadelphia through the bot as players use it (issue 11, "Playing it on Discord"): SimCord
members open a table with `/game new game:philadelphia`, join and start with buttons, and play
a whole 3-player game with the AI choosing each move, made by `/move` or by the board's Play
button and the panel; `/hand` shows a hand only to its owner, no channel message ever shows
one, the bot restarts mid-game and the game resumes; bad input gets a sentence and changes
nothing.
"""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.philadelphia.ai import POLICY

from .replaying import game_over_message

SEED = 11  # a game in which effects give cards (engine version 2, the registered AI)
HAND_MARK = "Your hand"  # the first words of bot.hand_text.philadelphia_hand


async def open_table(channel: Any, members: list[Any], seed: int) -> None:
    host, *others = members
    res = await host.slash(channel, "game new", game="philadelphia", seed=seed)
    assert not res.ephemeral
    lobby = res.response.message
    for m in others:
        r = await m.click(lobby, label="Join")
        assert not r.ephemeral
    await host.click(lobby, label="Start")
    start = channel.last_message
    assert "has started" in start.content
    assert start.attachments and start.attachments[0].filename.endswith(".png")


async def live_game(env: Any, channel: Any) -> Any:
    return await env.bot.manager.live_in_channel(channel.id)


def play_button(message: Any) -> Any | None:
    for row in message.components or []:
        for item in getattr(row, "children", [row]):
            if getattr(item, "label", None) == "Play":
                return item
    return None


def latest_board(channel: Any) -> Any:
    """The newest channel message with a Play button (the current board)."""
    for message in reversed(channel.history()):
        if play_button(message) is not None:
            return message
    raise AssertionError("no board with a Play button in the channel")


def board_seq(message: Any) -> int:
    """The move count a board was drawn after: ``bg:<game>:<seq>:<kind>`` (GUIDE "Bot")."""
    button = play_button(message)
    assert button is not None
    return int(button.custom_id.split(":")[2])


async def move_by_panel(env: Any, channel: Any, member: Any, seat: int, notation: str) -> bool:
    """Make ``notation`` with the board's Play button and the panel (a button, a select menu
    option, or a drill-down button first), found by the components' ids and option values:
    ``m:<i>`` is ``legal[i]``, a ``nav`` button's id holds its prefix. ``False`` (nothing
    clicked) when the move is not on the panel's first page: the caller types it."""
    live = await live_game(env, channel)
    legal = [m.notation for m in live.state.legal_moves(seat)]
    if notation not in legal:
        return False
    index = legal.index(notation)
    r = await member.click(latest_board(channel), label="Play")
    if "out of date" in r.response.content:
        r = await member.slash(channel, "play")
    assert r.ephemeral and "Choose" in r.response.content, r.response.content
    panel = r.response.message
    for _ in range(4):
        drill = None
        for row in panel.components:
            for item in row.children:
                cid = item.custom_id or ""
                for option in getattr(item, "options", None) or []:
                    if option.value == f"m:{index}":
                        await member.select(panel, [option.value], custom_id=cid)
                        return True
                if cid.endswith(f":m:{index}"):
                    await member.click(panel, custom_id=cid)
                    return True
                if ":nav:" in cid:
                    prefix = cid.split(":nav:", 1)[1].replace(".", " ")
                    if prefix and notation.startswith(prefix + " "):
                        drill = cid
        if drill is None:
            return False
        r = await member.click(panel, custom_id=drill)
        panel = r.response.message if r.response and r.response.message else panel
    return False


def assert_no_hand_in_public(channel: Any) -> None:
    for message in channel.history():
        assert HAND_MARK not in message.content, message.content


async def play_with_ai(
    env: Any, channel: Any, members: list[Any], rng: Rng, *, until_seq: int | None = None
) -> dict[str, int]:
    """Play AI-chosen moves until the game ends (or ``until_seq`` moves were made), every
    third move by the panel when it can be clicked, the rest by `/move`."""
    used = {"panel": 0, "move": 0, "hand": 0}
    while True:
        live = await live_game(env, channel)
        if live.state.is_over() or (until_seq is not None and live.seq >= until_seq):
            return used
        seat = min(live.state.to_act())
        move = POLICY.choose(live.state, seat, rng)
        member = members[seat]
        before = live.seq
        if live.seq % 7 == 3:
            r = await member.slash(channel, "hand")
            assert r.ephemeral and HAND_MARK in r.response.content
            hand = live.state.view(seat).players[seat].hand
            assert all(f"`{c.id}`" in r.response.content for c in hand)
            used["hand"] += 1
        if live.seq % 3 == 0 and await move_by_panel(env, channel, member, seat, move.notation):
            used["panel"] += 1
        else:
            r = await member.slash(channel, "move", notation=move.notation)
            assert r.response is not None
            used["move"] += 1
        after = await live_game(env, channel)
        assert after.seq == before + 1, f"{move.notation!r} by seat {seat} was not applied"


async def test_three_player_game_with_ai_moves_panel_hand_and_restart(simcord_env, table, bots):
    _guild, channel, members = table
    seated = members[:3]
    await open_table(channel, seated, SEED)
    rng = Rng(SEED)
    first = await play_with_ai(simcord_env, channel, seated, rng, until_seq=25)
    assert first["panel"] >= 3 and first["move"] >= 10 and first["hand"] >= 2
    live = await live_game(simcord_env, channel)
    seq, view = live.seq, live.state.view(None)
    board = latest_board(channel)
    await simcord_env.restart_bot(bots())
    resumed = await live_game(simcord_env, channel)
    assert resumed.seq == seq and resumed.state.view(None) == view  # replayed to the same place
    # the newest board, posted before the restart, still answers (its buttons are
    # DynamicItems) with the panel, even if a move that keeps the turn was made since it was
    # drawn (issue 8: only a newer board makes it stale, and newer boards remove its buttons)
    seat = min(resumed.state.to_act())
    assert board_seq(board) <= seq
    r = await seated[seat].click(board, label="Play")
    assert r.ephemeral and "Choose" in r.response.content, r.response.content
    r = await seated[seat].slash(channel, "play")
    assert r.ephemeral and "Choose" in r.response.content
    rest = await play_with_ai(simcord_env, channel, seated, rng)
    assert rest["move"] + rest["panel"] > 0
    assert rest["panel"] >= 3 and (await live_game(simcord_env, channel)).seq > 40
    final = game_over_message(channel)
    assert "Game over" in final.content
    outcome = (await live_game(simcord_env, channel)).state.outcome()
    assert outcome is not None
    for seat, score in outcome.scores.items():
        line = next(x for x in final.content.splitlines() if f"<@{seated[seat].id}>" in x)
        assert f"**{score}**" in line
    assert final.attachments and final.attachments[0].filename.endswith(".png")
    assert_no_hand_in_public(channel)
    # a card given by an effect (logistics company, post office) is told to its receiver privately
    dms = [
        m.content
        for member in seated
        if member.user.dm_channel is not None
        for m in member.user.dm_channel.history()
    ]
    assert any("gave you" in text for text in dms), dms
    assert not any("gave you" in m.content for m in channel.history())
    r = await seated[0].slash(channel, "move", notation="pass")
    assert r.ephemeral and "over" in r.response.content


async def test_hand_is_private_and_bad_input_changes_nothing(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, dave = members
    await open_table(channel, [alice, bob, carol], SEED)
    live = await live_game(simcord_env, channel)
    seat = min(live.state.to_act())
    actor, other = [alice, bob, carol][seat], [alice, bob, carol][(seat + 1) % 3]
    before = len(channel.history())
    r = await other.slash(channel, "hand")
    assert r.ephemeral and HAND_MARK in r.response.content
    r = await dave.slash(channel, "hand")
    assert r.ephemeral and "You're watching this game" in r.response.content
    # out of turn, a spectator, nonsense, and a legal-looking move the rules refuse
    r = await other.slash(channel, "move", notation="acquire 1")
    assert r.ephemeral and "not your turn" in r.response.content.lower()
    r = await dave.slash(channel, "move", notation="acquire 1")
    assert r.ephemeral and "You're watching this game" in r.response.content
    r = await actor.slash(channel, "move", notation="fly to the moon")
    assert r.ephemeral and "not a move in Philadelphia" in r.response.content
    hand = live.state.view(seat).players[seat].hand
    assert hand is not None
    stranger = next(
        c for c in ("cafe-a", "cafe-b", "hotel-a", "taxi-a") if c not in {h.id for h in hand}
    )
    r = await actor.slash(channel, "move", notation=f"post {stranger}")
    assert r.ephemeral and "not in your hand" in r.response.content, r.response.content
    assert len(channel.history()) == before
    assert (await live_game(simcord_env, channel)).seq == 0
    assert_no_hand_in_public(channel)
