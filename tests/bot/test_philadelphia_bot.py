"""Philadelphia through the bot as players use it (issue 11, "Playing it on Discord"): SimCord
members open a table with `/game new game:philadelphia`, join and start with buttons, and play
a whole 3-player game with the AI choosing each move, made by `/move` or by the board's Play
button and the panel; `/hand` shows a hand only to its owner, no channel message ever shows
one, the bot restarts mid-game and the game resumes; bad input gets a sentence and changes
nothing.
"""

from __future__ import annotations

from typing import Any

from bot.ui.panel import entries_at
from games.core import Rng
from games.philadelphia.ai import POLICY

SEED = 23
HAND_MARK = "Your hand"  # the first words of render.philadelphia.hand_text


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
    """Make ``notation`` with the board's Play button and the panel's buttons, drilling down
    word by word. ``False`` (nothing clicked) when a page would be a select menu or a label is
    ambiguous: the caller then types it with `/move`."""
    live = await live_game(env, channel)
    legal = list(live.state.legal_moves(seat))
    templates = list(live.state.move_templates(seat))
    path = []
    prefix = ""
    while True:
        entries = entries_at(prefix, legal, templates)
        if len(entries) > 20:
            return False
        target = next(
            (
                e
                for e in entries
                if (e.kind == "move" and legal[e.index].notation == notation)
                or (e.kind == "prefix" and notation.startswith(e.prefix + " "))
            ),
            None,
        )
        assert target is not None, f"{notation!r} not on the panel at {prefix!r}"
        if [e.label for e in entries].count(target.label) > 1:
            return False
        path.append(target.label)
        if target.kind == "move":
            break
        prefix = target.prefix
    r = await member.click(latest_board(channel), label="Play")
    if "out of date" in r.response.content:
        # a move that keeps the turn (the first of two actions) is confirmed privately and the
        # table is updated with the next one, so its Play button is stale: `/play` opens it
        r = await member.slash(channel, "play")
    assert r.ephemeral and "Choose" in r.response.content, r.response.content
    panel = r.response.message
    for label in path:
        r = await member.click(panel, label=label)
    return True


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
    # the board posted before the restart still answers (its buttons are DynamicItems): the
    # panel if no move was made since it was drawn, else "out of date"
    seat = min(resumed.state.to_act())
    r = await seated[seat].click(board, label="Play")
    expected = "Choose" if board_seq(board) == seq else "out of date"
    assert r.ephemeral and expected in r.response.content, r.response.content
    r = await seated[seat].slash(channel, "play")
    assert r.ephemeral and "Choose" in r.response.content
    rest = await play_with_ai(simcord_env, channel, seated, rng)
    assert rest["move"] + rest["panel"] > 0
    assert rest["panel"] >= 3 and (await live_game(simcord_env, channel)).seq > 40
    final = channel.last_message
    assert "Game over" in final.content
    outcome = (await live_game(simcord_env, channel)).state.outcome()
    assert outcome is not None
    for seat, score in outcome.scores.items():
        line = next(x for x in final.content.splitlines() if f"<@{seated[seat].id}>" in x)
        assert f"**{score}**" in line
    assert final.attachments and final.attachments[0].filename.endswith(".png")
    assert_no_hand_in_public(channel)
    # a card given by an effect (logistics company, lawyer) is told to its receiver privately
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
    assert r.ephemeral and "not playing" in r.response.content
    # out of turn, a spectator, nonsense, and a legal-looking move the rules refuse
    r = await other.slash(channel, "move", notation="acquire 1")
    assert r.ephemeral and "not your turn" in r.response.content.lower()
    r = await dave.slash(channel, "move", notation="acquire 1")
    assert r.ephemeral and "not playing" in r.response.content
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
