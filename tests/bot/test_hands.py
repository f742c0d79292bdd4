"""One hand, one board per player (issue 17 point 6), through the bot as members use it: the
board's **My hand** button and ``/hand`` give the same private answer; no "Nothing private"
line stands above a hand that exists; Philadelphia's ``/board player:`` shows that player's
posted ads as cards; a game with nothing private says so."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from games.core import Rng
from games.philadelphia.ai import POLICY

from .replaying import fixture, open_game, play
from .test_philadelphia_bot import latest_board, live_game, open_table


def answer(r: Any) -> tuple[str, list[str]]:
    """The private answer's text and attachment file names."""
    message = r.response
    assert message is not None and r.ephemeral
    return message.content, [a.filename for a in message.message.attachments]


async def play_phila_until_ads(env: Any, channel: Any, members: list[Any]) -> int:
    """AI moves by ``/move`` until some seat has an ad posted; returns that seat."""
    rng = Rng(5)
    for _ in range(200):
        live = await live_game(env, channel)
        posted = [p.seat for p in live.state.view(None).players if p.ads]
        if posted:
            return posted[0]
        seat = min(live.state.to_act())
        move = POLICY.choose(live.state, seat, rng).notation
        await members[seat].slash(channel, "move", notation=move)
    raise AssertionError("no ad was posted in 200 moves")


async def test_my_hand_button_and_hand_command_give_the_same_answer(simcord_env, table):
    _guild, channel, members = table
    players = members[:3]
    await open_table(channel, players, seed=23)
    alice = players[0]
    by_command = answer(await alice.slash(channel, "hand"))
    by_button = answer(await alice.click(latest_board(channel), label="My hand"))
    assert by_command == by_button
    text, files = by_command
    live = await live_game(simcord_env, channel)
    hand = live.state.view(0).players[0].hand
    assert text.startswith("**Philadelphia** · you are **alice** (p1)")
    assert all(f"`{c.id}`" in text for c in hand)  # the words
    assert files == [f"philadelphia-{live.id}-hand.png"]  # and the cards
    assert "Nothing private" not in text


async def test_philadelphia_board_player_shows_posted_ads(simcord_env, table):
    _guild, channel, members = table
    players = members[:3]
    await open_table(channel, players, seed=23)
    seat = await play_phila_until_ads(simcord_env, channel, players)
    name = players[seat].name
    r = await players[(seat + 1) % 3].slash(channel, "board", player=name)
    text, files = answer(r)
    live = await live_game(simcord_env, channel)
    assert text.startswith(f"**{name}** · ")
    assert files == [f"philadelphia-{live.id}-player.png"]
    image = Image.open(io.BytesIO(await r.response.message.attachments[0].read()))
    assert image.width >= 550
    ads = live.state.view(None).players[seat].ads
    assert ads  # the area shows them (drawn as cards: tests/render/test_philadelphia_render)


async def test_carnegie_hand_has_no_nothing_private_line(simcord_env, table):
    _guild, channel, members = table
    data = fixture("carnegie", "2p_base.json")
    await open_game(channel, members[:2], "carnegie", data)
    await play(simcord_env, channel, members[:2], data["moves"][:6])
    text, files = answer(await members[0].slash(channel, "hand"))
    assert "Nothing private" not in text
    assert text.startswith("**Carnegie** · you are **alice** (p1)")
    assert len(files) == 1 and files[0].endswith("-hand.png")


async def test_a_game_with_nothing_private_says_so_once(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(channel, "game new", game="toy")
    await bob.click(r.response.message, label="Join")
    await alice.click(r.response.message, label="Start")
    text, files = answer(await alice.slash(channel, "hand"))
    assert files == []
    assert text.count("Nothing private in this game") == 1
