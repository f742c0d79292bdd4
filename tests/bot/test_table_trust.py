"""Issue 17, "A table you can trust", through the bot as players meet it: the channel board
follows the game (solo Carnegie, FCM's reserve reveal), one path after every commit (a
turn-clock time-out delivers FCM's restructuring DM panels), private panels that never
strand a player (FCM restructuring committed from the DM, in place), stale controls
disabled (a MoC Accept DM, FCM reserve DM buttons, lobby rows), and words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot import messages as msg
from bot.services.aftermath import Aftermath
from games.core import get_game
from tests.bot.replaying import fixture, moves_recorded, open_game, play

H = 3600


def buttons(message: Any) -> list[Any]:
    return [c for row in message.components for c in row.children if hasattr(c, "label")]


def live_buttons(message: Any) -> list[Any]:
    return [
        c
        for row in message.components
        for c in row.children
        if not getattr(c, "disabled", False) and c.type.value in (2, 3)
    ]


def boards(channel: Any) -> list[Any]:
    return [m for m in channel.history() if m.attachments]


async def pick(actor: Any, message: Any, label: str) -> tuple[Any, int]:
    """Choose ``label`` on a panel as a player would: its button, its menu option, or the
    drill-down button that holds it first. Returns the result and the clicks it took."""
    for item in buttons(message):
        if item.label == label:
            return await actor.click(message, label=label), 1
    for row in message.components:
        for item in row.children:
            for option in getattr(item, "options", []):
                if option.label == label:
                    return await actor.select(message, [option.value], custom_id=item.custom_id), 1
    for item in buttons(message):
        if item.label and item.label.endswith(")") and " … (" in item.label:
            r = await actor.click(message, label=item.label)
            inner = r.response.message
            if any(b.label == label for b in buttons(inner)) or any(
                o.label == label
                for row in inner.components
                for i in row.children
                for o in getattr(i, "options", [])
            ):
                result, clicks = await pick(actor, inner, label)
                return result, clicks + 1
    raise AssertionError(f"{label!r} is not on the panel: {[b.label for b in buttons(message)]}")


def label_of(live: Any, seat: int, notation: str) -> str:
    move = next(m for m in live.state.legal_moves(seat) if m.notation == notation)
    return msg.named(live, live.state.describe(seat, move))


# -- point 2: the channel board follows the game -------------------------------------------


async def test_solo_carnegie_channel_holds_a_board_per_round_naming_it(simcord_env, table):
    _guild, channel, members = table
    data = fixture("carnegie", "solo_base_d2.json")
    alice = members[0]
    await open_game(channel, [alice], "carnegie", data)
    upto = next(i for i, (_, n) in enumerate(data["moves"]) if i > 20 and n == "end") + 1
    await play(simcord_env, channel, [alice], data["moves"][:upto])  # into round 4
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.phase_name().startswith("Round 4")
    heads = [m.content.split("\n", 1)[0] for m in boards(channel)]
    for n in (1, 2, 3):
        assert any(f"· Round {n}" in h for h in heads), (n, heads)
    # the newest board is the game as it is now, and Andrew's moves are told in the channel
    assert heads[-1].endswith(live.state.phase_name()), heads[-1]
    public = "\n".join(m.content for m in channel.history())
    assert "Andrew (Management) takes" in public
    assert "Andrew's card" in public


async def test_fcm_last_reserve_card_reveal_is_in_the_channel(simcord_env, table):
    _guild, channel, members = table
    data = fixture("food_chain_magnate", "2p.json")
    seated = members[:2]
    await open_game(channel, seated, "food_chain_magnate", data)
    last = max(i for i, (_, n) in enumerate(data["moves"][:10]) if n.startswith("reserve"))
    await play(simcord_env, channel, seated, data["moves"][: last + 1])
    newest = boards(channel)[-1]
    assert "Setup: bank reserve cards" not in newest.content.split("\n", 1)[0]
    assert "works with only the CEO" in newest.content  # both structures, in public
    public = "\n".join(m.content for m in channel.history())
    assert not re.search(r"`reserve \d+`", public)  # the card itself stays secret


# -- point 1: one path after a commit ------------------------------------------------------


async def test_clock_timeout_at_payday_delivers_every_restructuring_dm_panel(simcord_env, table):
    _guild, channel, members = table
    data = fixture("food_chain_magnate", "2p.json")
    seated = members[:2]
    data = dict(data, options={**data["options"], "clock": "move:1h"})
    await open_game(channel, seated, "food_chain_magnate", data)
    # Turn 1's Payday: bob pays; alice's clock runs out and `pay` is played for her.
    payday = next(i for i, (_, n) in enumerate(data["moves"]) if n == "pay")
    await play(simcord_env, channel, seated, data["moves"][: payday + 1])
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.phase_name().endswith("Payday") and live.state.to_act() == {0}
    before = {m.id: len(m.user.dm_channel.history()) for m in seated}
    await simcord_env.advance_time(H + 1)
    moves = await simcord_env.bot.storage.moves(live.id)
    assert (moves[-1].notation, moves[-1].actor) == ("pay", "timer")
    assert "Restructuring" in live.state.phase_name()
    for m in seated:  # every chooser has the panel, by DM
        dms = m.user.dm_channel.history()
        assert len(dms) == before[m.id] + 1, m.user.name
        assert "restructuring: choose in secret" in dms[-1].content
        assert live_buttons(dms[-1]), m.user.name
    assert "ran out of time" in channel.last_message.content


async def test_every_producer_goes_through_one_pipeline(simcord_env, table, monkeypatch):
    """A player's move, an AI seat's, a deadline, a turn-clock time-out reach
    ``Aftermath.after_move``; a start, an imported record's start and an applied undo reach
    ``after_reset``. Nothing else runs after-commit work."""
    guild, channel, (alice, bob, *_rest) = table
    seen: list[tuple[str, str, int]] = []
    moved, reset = Aftermath.after_move, Aftermath.after_reset

    async def after_move(self: Aftermath, result: Any, **kwargs: Any) -> None:
        seen.append(("move", result.actor, result.seat))
        await moved(self, result, **kwargs)

    async def after_reset(
        self: Aftermath, live: Any, lines: Any, reason: str, *a: Any, **kw: Any
    ) -> None:
        seen.append(("reset", reason, live.id))
        await reset(self, live, lines, reason, *a, **kw)

    monkeypatch.setattr(Aftermath, "after_move", after_move)
    monkeypatch.setattr(Aftermath, "after_reset", after_reset)
    # a person, an AI seat and a turn clock (Kenchiku with an AI seat)
    r = await alice.slash(channel, "game new", game="kenchiku", options="clock=move:1h")
    await alice.click(r.response.message, label="Add AI")
    await alice.click(r.response.message, label="Start")
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    await alice.slash(channel, "move", notation=live.state.legal_moves(0)[0].notation)
    await simcord_env.advance_time(H + 1)  # alice's clock runs out
    assert ("reset", "start", live.id) in seen and ("move", "user", 0) in seen
    assert ("move", "ai", 1) in seen and ("move", "timer", 0) in seen
    # a deadline (the toy game's turn timer), an undo, an imported record's start
    other = guild.create_text_channel("toy")
    r = await alice.slash(other, "game new", game="toy", options="target=50 timer=60")
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    await alice.slash(other, "move", notation="add 1")
    await simcord_env.advance_time(61)  # bob's turn times out
    assert ("move", "timer", -1) in seen
    toy = await simcord_env.bot.manager.live_in_channel(other.id)
    await simcord_env.bot.manager.abandon(toy.id)
    r = await alice.slash(other, "game export")
    (file,) = (r.response.message if r.response else r.followups[0]).attachments
    third = guild.create_text_channel("imported")
    await alice.slash(third, "game import", file=("toy.json", await file.read()))
    await bob.slash(third, "game join")
    await alice.slash(third, "game start")
    imported = await simcord_env.bot.manager.live_in_channel(third.id)
    assert ("reset", "start", imported.id) in seen
    fourth = guild.create_text_channel("undo")
    r = await alice.slash(fourth, "game new", game="toy", options="target=50")
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    await alice.slash(fourth, "move", notation="add 1")
    await alice.slash(fourth, "undo")
    ask = next(m for m in reversed(fourth.history()) if "asks to take back" in m.content)
    await bob.click(ask, label="Agree")
    assert any(s[:2] == ("reset", "undo") for s in seen)
    # no service is wired after construction: no hook attributes remain
    svc = simcord_env.bot.services
    for obj, name in [
        (svc.manager, "on_commit"),
        (svc.publisher, "on_game_over"),
        (svc.publisher, "on_sent"),
        (svc.timers, "clocks"),
        (svc.autoplay, "seat_changed"),
    ]:
        assert not hasattr(obj, name), name


# -- point 3: private panels never strand a player ----------------------------------------


async def test_fcm_restructuring_is_committed_from_the_dm_in_n_plus_1_clicks(simcord_env, table):
    _guild, channel, members = table
    data = fixture("food_chain_magnate", "2p.json")
    seated = members[:2]
    await open_game(channel, seated, "food_chain_magnate", data)
    moves = data["moves"]
    # the largest restructuring of the first turns
    starts = [i + 1 for i, (_, n) in enumerate(moves[:60]) if n == "pay"]
    start = starts[-1]
    while moves[start][1] == "pay":
        start += 1
    block: dict[int, list[str]] = {}
    for seat, n in moves[start:]:
        if not n.startswith(("work ", "beach ", "commit")):
            break
        block.setdefault(seat, []).append(n)
    seat = max(block, key=lambda s: len(block[s]))
    mine = block[seat]
    assert mine[-1] == "commit" and len(mine) >= 3
    await play(simcord_env, channel, seated, moves[:start])
    member = seated[seat]
    dm = member.user.dm_channel.history()[-1]
    assert "restructuring: choose in secret" in dm.content
    count = len(member.user.dm_channel.history())
    before = await moves_recorded(simcord_env, channel.id)
    clicks = 0
    message = dm
    for n in mine:
        live = await simcord_env.bot.manager.live_in_channel(channel.id)
        r, used = await pick(member.user, message, label_of(live, seat, n))
        clicks += used
        message = r.response.message
        assert message.id == dm.id  # the same DM, edited in place
        if n != "commit":
            assert live_buttons(message), n  # the commit button is still there
    assert await moves_recorded(simcord_env, channel.id) == before + len(mine)
    assert len(member.user.dm_channel.history()) == count  # no new DM, no trip to the table
    workers = len(mine) - 1
    assert clicks == workers + 1, (clicks, workers)
    assert not live_buttons(member.user.dm_channel.history()[-1])  # done: nothing left live
    assert f"{member.user.name} has chosen who works" in channel.last_message.content


async def test_a_panel_click_that_leaves_the_turn_open_shows_the_panel_again(simcord_env, table):
    """Kenchiku: a loan keeps the turn; the panel says so and shows the rest in place."""
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(channel, "game new", game="kenchiku", seed=3)
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    board = channel.last_message
    r = await alice.click(board, label="Play")
    panel = r.response.message
    r = await alice.click(panel, label="Take a loan")
    assert "✅ Played: Take a loan" in r.response.content
    assert "Choose your move" in r.response.content and live_buttons(r.response.message)
    line = channel.last_message  # and the channel shows it, as a line: the turn goes on
    assert "took a loan" in line.content and "still to act" in line.content
    assert not line.attachments and not line.components
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    rest = next(m.notation for m in live.state.legal_moves(0) if m.notation.startswith("rest"))
    await alice.slash(channel, "move", notation=rest)
    while 0 in live.state.to_act():  # keep or repay the loan: then the turn passes
        await alice.slash(channel, "move", notation=live.state.legal_moves(0)[-1].notation)
    assert channel.last_message.attachments  # the turn passed: a new board
    assert f"<@{bob.id}>, it's your turn" in channel.last_message.content
    assert "You still have your action" not in r.response.content


# -- point 4: stale controls are disabled --------------------------------------------------


async def open_moc(channel: Any, seated: list[Any]) -> None:
    host, *others = seated
    r = await host.slash(
        channel, "game new", game="masters_of_commerce", seed=2024, options="timer=600"
    )
    for m in others:
        await m.click(r.response.message, label="Join")
    await host.click(r.response.message, label="Start")


async def offer_to_bob(env: Any, table: Any) -> tuple[Any, Any, str]:
    """A 3-player MoC game where alice offers $23,500 with a note for a deed of bob's;
    returns bob, the channel and the deed."""
    _guild, channel, (alice, bob, carol, _dave) = table
    await open_moc(channel, [alice, bob, carol])
    live = await env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    deed = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
    await alice.slash(channel, "move", notation=f"offer {deed} 23500 note Free apples")
    return bob, channel, deed


async def test_stale_moc_accept_dm_is_disabled_and_keeps_its_amount(simcord_env, table):
    bob, channel, deed = await offer_to_bob(simcord_env, table)
    dm = bob.user.dm_channel.history()[-1]
    assert live_buttons(dm) and "$23,500" in dm.content
    await bob.slash(channel, "move", notation=f"accept {deed} p1")  # not by the DM button
    dm = bob.user.dm_channel.history()[-1]
    assert not live_buttons(dm) and buttons(dm)  # shown, but disabled
    assert "$23,500" in dm.content and "Free apples" in dm.content
    assert "Closed: you already chose" in dm.content


async def test_accepting_in_the_dm_keeps_the_offer_text(simcord_env, table):
    bob, _channel, deed = await offer_to_bob(simcord_env, table)
    dm = bob.user.dm_channel.history()[-1]
    r = await bob.user.click(dm, label=f"Accept alice's offer on {deed} · $23,500 rent")
    after = r.response.message
    assert "$23,500" in after.content and "Free apples" in after.content
    assert "✅ Played" in after.content and not live_buttons(after)


async def test_fcm_reserve_dm_closes_after_a_move_in_the_channel(simcord_env, table):
    _guild, channel, members = table
    data = fixture("food_chain_magnate", "2p.json")
    alice, bob = seated = members[:2]
    await open_game(channel, seated, "food_chain_magnate", data)
    await play(simcord_env, channel, seated, data["moves"][:2])  # both first restaurants
    assert live_buttons(alice.user.dm_channel.history()[-1])
    await play(simcord_env, channel, seated, data["moves"][2:3])  # alice: /move reserve
    mine = alice.user.dm_channel.history()[-1]
    assert not live_buttons(mine) and "Closed: you already chose" in mine.content
    assert live_buttons(bob.user.dm_channel.history()[-1])  # bob still chooses there
    await play(simcord_env, channel, seated, data["moves"][3:4])  # bob, last, by /move
    his = bob.user.dm_channel.history()[-1]  # bob acts next, in another phase: it is closed
    assert not live_buttons(his) and "Closed: you already chose" in his.content


async def test_one_lobby_message_has_controls_and_loses_them_at_start(simcord_env, table):
    _guild, channel, (alice, bob, carol, _dave) = table
    r = await alice.slash(channel, "game new", game="kenchiku")
    lobby = r.response.message
    r1 = await bob.slash(channel, "game join")
    r2 = await carol.slash(channel, "game join")
    for reply in (r1, r2):
        assert "joined" in reply.response.content and not reply.response.message.components
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert "3/4" in lobby.embeds[0].fields[0].name and live_buttons(lobby)
    await alice.slash(channel, "game start")
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert not lobby.components
    with_controls = [m for m in channel.history() if m.components]
    assert len(with_controls) == 1 and with_controls[0].attachments  # only the newest board


# -- point 7: words ------------------------------------------------------------------------


async def test_ai_seats_get_no_move_hint(simcord_env, table):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "game new", game="kenchiku", seed=5)
    await alice.click(r.response.message, label="Add AI")
    await alice.click(r.response.message, label="Start")
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    for _ in range(3):
        if 0 in live.state.to_act():
            await alice.slash(channel, "move", notation=live.state.legal_moves(0)[0].notation)
    lines = [m.content.split("\n")[-1] for m in boards(channel)]
    ai_turn = [line for line in lines if "AI 1 (bot)" in line]
    assert ai_turn and all("/move" not in line and "Play" not in line for line in ai_turn)
    assert "🤖 **AI 1 (bot)** is playing" in ai_turn[0]
    mine = [line for line in lines if f"<@{alice.id}>, it's your turn" in line]
    assert mine and all("`/move`" in line for line in mine)  # people still get the hint


async def test_imported_3_player_record_lobby_names_its_exact_count(simcord_env, table):
    guild, channel, (alice, bob, carol, dave) = table
    data = fixture("philadelphia", "ai_3p.json")
    await open_game(channel, [alice, bob, carol], "philadelphia", data)
    await play(simcord_env, channel, [alice, bob, carol], data["moves"][:6])
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    await simcord_env.bot.manager.abandon(live.id)
    r = await bob.slash(channel, "game export")
    (file,) = (r.response.message if r.response else r.followups[0]).attachments
    record = await file.read()
    assert json.loads(record)["status"] == "abandoned"
    other = guild.create_text_channel("again")
    await dave.slash(other, "game import", file=("three.json", record))
    lobby = other.last_message
    field = lobby.embeds[0].fields[0].name
    assert field == "Players 1/3 (needs exactly 3)", field
    assert "2 more needed" in lobby.embeds[0].footer.text
    await alice.slash(other, "game join")
    await bob.slash(other, "game join")
    lobby = next(m for m in other.history() if m.id == lobby.id)
    assert lobby.embeds[0].fields[0].name == "Players 3/3 (needs exactly 3)"
    assert "The host can press Start" in lobby.embeds[0].footer.text
    r = await dave.slash(other, "game start")
    live = await simcord_env.bot.manager.live_in_channel(other.id)
    assert live.row.status == "running" and live.seq == 6


@pytest.mark.parametrize("players", [1, 2])
async def test_carnegie_lobby_describes_the_mode(simcord_env, table, players):
    _guild, channel, members = table
    r = await members[0].slash(channel, "game new", game="carnegie")
    for m in members[1:players]:
        await m.click(r.response.message, label="Join")
    lobby = next(m for m in channel.history() if m.id == r.response.message.id)
    mode = next(f.value for f in lobby.embeds[0].fields if f.name == "Mode")
    if players == 1:
        level = get_game("carnegie").resolve_options({})["difficulty"]
        assert mode == f"Solo: you against Andrew Carnegie (difficulty {level})"
    else:
        assert mode.startswith("2 players") and "only in a solo game" in mode
    assert "Solo against Andrew Carnegie" not in (lobby.embeds[0].description or "")


@pytest.mark.parametrize(
    "game", ["kenchiku", "masters_of_commerce", "food_chain_magnate", "carnegie", "philadelphia"]
)
async def test_rules_page_one_shows_no_internals(simcord_env, table, game):
    _guild, channel, (alice, *_rest) = table
    r = await alice.slash(channel, "rules", game=game)
    page = (r.response.message if r.response else r.followups[0]).embeds[0].description
    for internal in ("games/", "data/", ".py", ".toml", "seeds/", ".txt", "engine version"):
        assert internal not in page, (game, internal)


async def test_the_boards_last_move_line_names_the_player(simcord_env, table, monkeypatch):
    """Kenchiku's last-move line ("› built a height-2 building …") names who moved."""
    _guild, channel, (alice, bob, *_rest) = table
    boards_service = simcord_env.bot.services.boards
    drawn: list[Any] = []
    draw = boards_service.draw

    async def spy(game_key: str, game_id: int, seq: int, view: Any, **kwargs: Any) -> Any:
        drawn.append(view)
        return await draw(game_key, game_id, seq, view, **kwargs)

    monkeypatch.setattr(boards_service, "draw", spy)
    r = await alice.slash(channel, "game new", game="kenchiku", seed=3)
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    build = next(m.notation for m in live.state.legal_moves(0) if m.notation.startswith("build"))
    await alice.slash(channel, "move", notation=build)
    assert drawn[-1].last_event.startswith("alice built a height-"), drawn[-1].last_event
    assert not live.state.view(None).last_event.startswith("alice")  # the engine's view stays


async def test_a_dm_panel_left_behind_by_the_channel_says_so(simcord_env, table):
    """FCM restructuring: a worker put to work with /move leaves the DM panel out of date;
    it says to go on in the channel (the choice is not made yet), controls disabled."""
    _guild, channel, members = table
    data = fixture("food_chain_magnate", "2p.json")
    seated = members[:2]
    await open_game(channel, seated, "food_chain_magnate", data)
    moves = data["moves"]
    start = next(i for i, (_, n) in enumerate(moves) if n.startswith("work "))
    await play(simcord_env, channel, seated, moves[:start])
    seat = moves[start][0]
    dm_channel = seated[seat].user.dm_channel
    assert live_buttons(dm_channel.history()[-1])
    await play(simcord_env, channel, seated, moves[start : start + 1])
    dm = dm_channel.history()[-1]
    assert not live_buttons(dm) and "Out of date: you went on in the channel" in dm.content


async def test_an_offer_dm_closes_when_the_negotiation_ends(simcord_env, table):
    bob, _channel, _deed = await offer_to_bob(simcord_env, table)
    assert live_buttons(bob.user.dm_channel.history()[-1])
    await simcord_env.advance_time(601)  # the negotiation's timer (timer=600) runs out
    dm = bob.user.dm_channel.history()[-1]
    assert not live_buttons(dm) and "$23,500" in dm.content
    assert re.search(r"Closed: Year 1 · Negotiation is over", dm.content), dm.content
