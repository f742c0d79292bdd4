"""Knowing what to do (issue 8): autocomplete that groups and names whose turn it is,
refusals that say why, names instead of seat tokens, /game status with standings, /game log
in sentences, timer moves in plain words, /board detail and player, /hand."""

from __future__ import annotations

import importlib

from bot import messages as msg
from tests.bot.test_moc_bot import drive, open_moc, seat_members
from tests.games.test_moc_replay import GAME_7P


async def open_kenchiku(channel, members, seed=48):
    alice, bob = members[:2]
    res = await alice.slash(channel, "game new", game="kenchiku", seed=seed)
    lobby = res.response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert "has started" in channel.last_message.content


async def test_autocomplete_groups_kinds_and_refines(simcord_env, table):
    _guild, channel, members = table
    alice = members[0]
    await open_kenchiku(channel, members)
    choices = await alice.autocomplete(channel, "move", "notation", "bu")
    names = [c["name"] for c in choices]
    build = next(n for n in names if n.startswith("Build … ("))
    buy = next(n for n in names if n.startswith("Buy … ("))
    assert names.index(build) < 2 and names.index(buy) < 2  # both kinds first, with counts
    n_build = int(build.split("(")[1].removesuffix(" moves)"))
    assert n_build > 25 - 4  # so many that a flat list would have hidden `buy`
    assert len(choices) <= 25
    # choosing the group line puts "build " in the box: the next list is inside it
    group_value = next(c["value"] for c in choices if c["name"] == build)
    inside = await alice.autocomplete(channel, "move", "notation", group_value)
    assert inside and all(c["value"].startswith("build ") for c in inside)
    # a template amount typed in full is still offered (none in Kenchiku: a plain move is)
    one = await alice.autocomplete(channel, "move", "notation", "buy design")
    assert [c["value"] for c in one] == ["buy design"]
    # an incomplete move is refused with what would complete it
    r = await alice.slash(channel, "move", notation="build")
    assert r.ephemeral and f"`build` is the start of {n_build} of your moves" in r.response.content
    r = await alice.slash(channel, "move", notation="bild c4")
    assert r.ephemeral and "Moves you can make now begin with: `build`" in r.response.content


async def test_out_of_turn_names_who_acts_and_status_and_hand(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol = members[:3]
    await open_kenchiku(channel, members)
    waiting = await bob.autocomplete(channel, "move", "notation", "bu")
    assert waiting == [
        {"name": "⏳ Waiting for alice — Round 1", "value": "⏳ Waiting for alice — Round 1"}
    ]
    r = await bob.slash(channel, "move", notation="buy design")
    assert r.ephemeral and r.response.content == "Not your turn: it is alice's turn (Round 1)."
    # choosing the waiting line itself gets the same sentence
    r = await bob.slash(channel, "move", notation=waiting[0]["value"])
    assert r.response.content.startswith("Not your turn: it is alice's turn")
    spectator = await carol.autocomplete(channel, "move", "notation", "")
    assert spectator[0]["name"].startswith("👀 You are not playing · Waiting for alice")
    # a well-formed but illegal move keeps the engine's reason
    r = await alice.slash(channel, "move", notation="build a1 money")
    assert "land value" in r.response.content.lower()
    r = await alice.slash(channel, "move", notation="buy design")
    assert not r.ephemeral and "**alice**: `buy design`" in r.response.content
    r = await alice.slash(channel, "game status")
    status = r.response.content
    assert "Round 1" in status and "1 moves so far" in status
    assert "▶ **bob** — 0 honour" in status and "• **alice** — 0 honour" in status
    assert "⏳ Waiting for bob — Round 1 · since <t:" in status
    assert "money" not in status  # Kenchiku's money is hidden
    r = await alice.slash(channel, "hand")
    assert r.ephemeral and "you are **alice** (p1)" in r.response.content
    assert "design" in r.response.content.lower()


async def test_board_detail_and_player_views(simcord_env, table):
    _guild, channel, members = table
    alice = members[0]
    await open_kenchiku(channel, members)
    r = await alice.slash(channel, "board", detail=True)
    assert r.followups or r.response
    sent = (r.followups or [r.response])[-1]
    assert sent.attachments, sent.content
    mod = importlib.import_module("render.kenchiku")
    if "detail" not in __import__("inspect").signature(mod.render_board).parameters:
        assert "No larger board exists for this game yet" in sent.content
    r = await alice.slash(channel, "board", player="bob")
    sent = (r.followups or [r.response])[-1]
    if hasattr(mod, "render_player"):
        assert sent.attachments and "**bob**" in sent.content
    else:
        assert "no separate view of one player's area yet" in sent.content
    r = await alice.slash(channel, "board", player="zed")
    sent = (r.followups or [r.response])[-1]
    assert "No single player matches `zed`" in sent.content and "bob (p2)" in sent.content
    players = await alice.autocomplete(channel, "board", "player", "bo")
    assert players == [{"name": "bob (p2)", "value": "p2"}]


async def test_auction_waiting_line_log_sentences_and_status(simcord_env, table):
    guild, channel, members = table
    seated = seat_members(simcord_env, guild, members, GAME_7P.seats)
    await open_moc(simcord_env, channel, seated, seed=GAME_7P.seed, options=GAME_7P.options)
    await drive(simcord_env, channel, seated, GAME_7P.moves[:28], autocomplete_every=100)
    alice = seated[0]  # a merchant: not in the landlords' auction
    line = (await alice.autocomplete(channel, "move", "notation", "bid"))[0]["name"]
    assert line.startswith("⏳ Waiting for erin, frank and grace — bidding on lot 1 of ")
    assert "· x2g1" in line
    r = await alice.slash(channel, "move", notation="bid 5000")
    assert r.response.content.startswith(
        "Not your turn: waiting for erin, frank and grace — bidding on lot 1 of "
    )
    r = await alice.slash(channel, "game status")
    status = r.response.content
    assert "Year 1 · Auction" in status
    for m in seated:
        assert f"**{m.name}** — $" in status
    assert "▶ **erin**" in status
    r = await alice.slash(channel, "game log", count=30)
    log = r.response.content if r.response and r.response.content else r.followups[-1].content
    assert "`accept y9 p4`" not in log  # sentences, not notation, unless asked
    assert "rented y9" in log and " p4" not in log.replace("`", "")
    r = await alice.slash(channel, "game log", count=5, raw=True)
    log = r.response.content if r.response and r.response.content else r.followups[-1].content
    assert "· `" in log


async def test_timer_moves_in_plain_words(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol = members[:3]
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 30})
    await simcord_env.advance_time(31)
    told = channel.last_message.content
    assert "⏰ Time's up: the year 1 negotiation" in told
    assert "expire" not in told and "y1-negotiation" not in told
    assert "Time is up" not in told  # said once, in words
    r = await alice.slash(channel, "game log")
    log = r.response.content if r.response and r.response.content else r.followups[-1].content
    assert "⏰ Time ran out on the year 1 negotiation — The negotiation of year 1 is over." in log
    assert "expire" not in log
    r = await alice.slash(channel, "game log", raw=True)
    log = r.response.content if r.response and r.response.content else r.followups[-1].content
    assert "`expire y1-negotiation`" in log


def test_named_and_timer_phrases():
    names = ["alice", "Bob the Builder of Very Tall Towers", ""]
    assert msg.named(names, "p2 rented r3 to p1; `accept r3 p1` p4") == (
        "Bob rented r3 to alice; `accept r3 p1` p4"
    )
    assert msg.named(names, "p3 passes") == "P3 passes"
    assert msg.timer_phrase("expire y1-negotiation") == "the year 1 negotiation"
    assert msg.timer_phrase("expire y2-lot3-bid4") == "lot 3 of the year 2 auction"


async def test_no_command_description_shows_markdown(simcord_env):
    seen = 0
    for command in simcord_env.bot.tree.walk_commands():
        texts = [command.description]
        texts += [p.description for p in getattr(command, "parameters", [])]
        for text in texts:
            seen += 1
            assert "`" not in text and "**" not in text, (command.qualified_name, text)
    assert seen > 10
