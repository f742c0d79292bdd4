"""Masters of Commerce through the bot (issue #3): whole games driven by simulated members,
private offers by DM with one-click accept, timers that survive a restart, and bad input.
"""

from __future__ import annotations

import pytest

from tests.games.test_moc_replay import FINAL, GAME_3P, GAME_7P

EXTRA = ("erin", "frank", "grace", "heidi", "ivan", "judy", "mallory")


def seat_members(env, guild, members, n):
    out = list(members)
    for name in EXTRA[: max(0, n - len(out))]:
        out.append(guild.add_member(env.create_user(name)))
    return out[:n]


async def open_moc(env, channel, seated, *, seed, options):
    host = seated[0]
    text = " ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items() if v != ""
    )
    res = await host.slash(channel, "game new", game="masters_of_commerce", seed=seed, options=text)
    assert not res.ephemeral, res.response.content
    lobby = res.response.message
    for m in seated[1:]:
        await m.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    assert "has started" in channel.last_message.content
    return lobby


def option_value(message, label_start: str) -> str:
    """The value of the first select option whose label starts with ``label_start``."""
    for row in message.components:
        for item in row.children:
            for option in getattr(item, "options", []):
                if option.label.startswith(label_start):
                    return option.value
    raise AssertionError(f"no option {label_start!r}")


async def moves_recorded(env, channel_id) -> int:
    """Moves committed to the database for the channel's game."""
    game_id = await env.bot.manager.game_id_in_channel(channel_id)
    return len(await env.bot.storage.moves(game_id))


async def drive(env, channel, seated, moves, *, autocomplete_every=7):
    for i, (seat, notation) in enumerate(moves):
        before = await moves_recorded(env, channel.id)
        if notation.startswith("expire "):
            live = await env.bot.manager.live_in_channel(channel.id)
            dl = live.deadline()
            assert dl is not None and notation == f"expire {dl.key}"
            await env.advance_time(dl.seconds + 1)
        else:
            member = seated[seat]
            if i % autocomplete_every == 0:
                choices = await member.autocomplete(channel, "move", "notation", notation)
                assert notation in [c["value"] for c in choices], (notation, choices)
            r = await member.slash(channel, "move", notation=notation)
            text = (r.response.content if r.response else "") + " ".join(
                f.content for f in r.followups
            )
            assert "✅" in text or f"`{notation}`" in text or "(sealed)" in text, (notation, text)
        assert await moves_recorded(env, channel.id) == before + 1, (i, notation)


@pytest.mark.parametrize("record", [GAME_3P, GAME_7P], ids=["3p_variant_sealed", "7p_expert_open"])
async def test_full_game_through_the_bot(simcord_env, table, record):
    guild, channel, members = table
    seated = seat_members(simcord_env, guild, members, record.seats)
    await open_moc(simcord_env, channel, seated, seed=record.seed, options=record.options)
    await drive(simcord_env, channel, seated, record.moves)
    final = next(m.content for m in reversed(channel.history()) if "Game over" in m.content)
    text = final.split("Game over", 1)[1]
    scores, winners = FINAL["GAME_3P" if record is GAME_3P else "GAME_7P"]
    for seat, score in scores.items():
        line = next(x for x in text.splitlines() if f"<@{seated[seat].id}>" in x and "**" in x)
        assert f"**{score}**" in line
        assert ("👑" in line) == (seat in winners)


async def test_offer_reaches_landlord_by_dm_and_one_click_accept(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 600})
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    bobs_deed = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
    public_before = len(channel.history())
    r = await alice.slash(channel, "move", notation=f"offer {bobs_deed} 23500 note Free apples")
    assert r.ephemeral and "privately" in r.response.content
    assert len(channel.history()) == public_before  # offers are private
    dms = bob.user.dm_channel.history()
    assert dms and "offers $23,500" in dms[-1].content and "Free apples" in dms[-1].content
    # the same offer is invisible to carol's hand and the public board
    r = await carol.slash(channel, "hand")
    assert "23,500" not in r.response.content
    # the answer button speaks words (issue 17): who offered, on what, for how much
    r = await bob.user.click(dms[-1], label=f"Accept alice's offer on {bobs_deed} · $23,500 rent")
    assert "Played" in r.response.content
    table_msg = channel.last_message
    assert f"**bob**: `accept {bobs_deed} p1`" in table_msg.content
    # seats are named in sentences; the notation keeps its raw p1
    assert "bob rented" in table_msg.content and "to alice for $23,500." in table_msg.content
    # a counter-offer by carol and bob replaces the contract: the table is edited, not reposted
    count = len(channel.history())
    r = await carol.slash(channel, "move", notation=f"offer {bobs_deed} 30000")
    assert r.ephemeral
    r = await bob.slash(channel, "move", notation=f"accept {bobs_deed} p3")
    assert r.response is not None
    assert len(channel.history()) == count
    assert "replacing alice" in channel.last_message.content
    # offers are not capped by cash (seed: rent is due after income), but an absurd amount is
    # refused as a typo, and alice may not act as a landlord
    r = await alice.slash(channel, "move", notation=f"offer {bobs_deed} 99999999")
    assert r.ephemeral and "$10,000,000" in r.response.content
    r = await alice.slash(channel, "move", notation=f"accept {bobs_deed} p2")
    assert r.ephemeral


async def test_closed_dms_fall_back_to_an_ephemeral_inbox(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={})
    # Discord answers 50007 when the member's DMs are closed
    simcord_env.inject_error(
        "POST",
        "/channels/*/messages",
        code=50007,
        status=403,
        message="Cannot send messages to this user",
    )
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    deed = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
    await alice.slash(channel, "move", notation=f"offer {deed} 12000")
    notice = channel.last_message
    assert f"<@{bob.id}>" in notice.content and "DMs are closed" in notice.content
    r = await bob.click(notice, label="Read privately")
    assert r.ephemeral and "offers $12,000" in r.response.content
    r = await bob.click(r.response.message, label=f"Accept alice's offer on {deed} · $12,000 rent")
    assert "Played" in r.response.content


async def test_negotiation_timer_survives_restart_and_closes_on_time(simcord_env, table, bots):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 300})
    start = channel.last_message.content
    assert "<t:" in start and ":R>" in start
    await simcord_env.advance_time(200)
    await simcord_env.restart_bot(bots())
    await simcord_env.advance_time(60)  # 260 s: 40 s left, no notice yet
    assert "seconds left" not in channel.last_message.content
    await simcord_env.advance_time(15)  # 275 s
    assert "30 seconds left" in channel.last_message.content
    before = len(channel.history())
    await simcord_env.advance_time(24)  # 299 s
    assert len(channel.history()) == before  # not yet
    await simcord_env.advance_time(2)
    assert "Time's up" in channel.last_message.content
    game_id = await simcord_env.bot.manager.game_id_in_channel(channel.id)
    last = (await simcord_env.bot.storage.moves(game_id))[-1]
    assert (last.notation, last.seat, last.actor, last.user_id) == (
        "expire y1-negotiation",
        -1,
        "timer",
        None,
    )


async def test_bad_offers_get_clear_errors_and_change_nothing(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 120})
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    own = view.districts[[d.landlord for d in view.districts].index(0)].deeds[0].id
    r = await alice.slash(channel, "move", notation=f"offer {own} 10000")
    assert r.ephemeral and "own" in r.response.content.lower()
    r = await alice.slash(channel, "move", notation="expire y1-negotiation")
    assert r.ephemeral and "by itself" in r.response.content
    r = await alice.slash(channel, "move", notation="offer zz9 10")
    assert r.ephemeral
    assert await moves_recorded(simcord_env, channel.id) == 0
    await simcord_env.advance_time(121)
    other = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
    r = await alice.slash(channel, "move", notation=f"offer {other} 10000")
    assert r.ephemeral and r.response.content.startswith("The negotiation is over")


async def test_sealed_bids_and_offers_stay_out_of_public_messages_and_log(simcord_env, table):
    """A sealed bid or an offer never shows its amount to other players (seed phase 1, 6)."""
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(
        simcord_env, channel, [alice, bob, carol], seed=2024, options={"auction": "sealed"}
    )
    seated = [alice, bob, carol]
    # play the fixture's first year up to the first sealed bid
    first_bid = next(i for i, (_s, n) in enumerate(GAME_3P.moves) if n.startswith("bid "))
    await drive(simcord_env, channel, seated, GAME_3P.moves[: first_bid + 1])
    seat, notation = GAME_3P.moves[first_bid]
    amount = notation.split()[1]
    public = "\n".join(m.content for m in channel.history())
    assert "bid (sealed)" in public
    assert f"bid {amount}`" not in public
    other = seated[(seat + 1) % 3]
    r = await other.slash(channel, "game log", count=50)
    assert f"bid {amount}`" not in r.response.content and "bid (sealed)" in r.response.content
    for line in r.response.content.splitlines():
        if "offer " in line:  # only one's own offers are listed
            assert f"**{other.name}**:" in line, line
    r = await seated[seat].slash(channel, "game log", count=50)
    assert f"`bid {amount}`" in r.response.content  # your own moves stay readable


async def test_offers_on_closed_contract_and_by_landlord_are_refused(simcord_env, table):
    """7-player expert game: a closed contract holds for the negotiation; landlords can't
    offer (seed phase 1, expert variant)."""
    guild, channel, members = table
    seated = seat_members(simcord_env, guild, members, 7)
    await open_moc(simcord_env, channel, seated, seed=GAME_7P.seed, options=GAME_7P.options)
    upto = GAME_7P.moves.index((4, "accept y8 p3")) + 1
    await drive(simcord_env, channel, seated, GAME_7P.moves[:upto], autocomplete_every=99)
    count = await moves_recorded(simcord_env, channel.id)
    r = await seated[0].slash(channel, "move", notation="offer y8 50000")
    assert r.ephemeral and r.response.content == (
        "The contract on y8 is closed for the rest of this negotiation."
    )
    r = await seated[2].slash(channel, "move", notation="withdraw y8 contract")
    assert r.ephemeral and "closed" in r.response.content
    r = await seated[4].slash(channel, "move", notation="offer b1 10000")
    assert r.ephemeral and "You are a landlord" in r.response.content
    assert await moves_recorded(simcord_env, channel.id) == count


async def test_exclusive_contract_cannot_change(simcord_env, table):
    guild, channel, members = table
    seated = seat_members(simcord_env, guild, members, 7)
    await open_moc(simcord_env, channel, seated, seed=GAME_7P.seed, options=GAME_7P.options)
    first = next(i for i, (_s, n) in enumerate(GAME_7P.moves) if n.startswith("exclusive "))
    # play on to the next negotiation, where the exclusive contract still holds
    nxt = next(i for i, (_s, n) in enumerate(GAME_7P.moves) if i > first and n.startswith("offer"))
    await drive(simcord_env, channel, seated, GAME_7P.moves[:nxt], autocomplete_every=99)
    seat, deed = GAME_7P.moves[first][0], GAME_7P.moves[first][1].split()[1]
    other = next(s for s in range(4) if s != seat)  # seats 0-3 are the merchants
    r = await seated[other].slash(channel, "move", notation=f"offer {deed} 90000")
    assert r.ephemeral and "exclusive token" in r.response.content


async def test_unpaid_rent_lien_then_bankruptcy_through_the_bot(simcord_env, table):
    """Two unpaid rents: a lien, then bankruptcy; the bankrupt merchant can't offer again
    (seed phase 3, Note 6)."""
    guild, channel, members = table
    seated = seat_members(simcord_env, guild, members, 5)
    await open_moc(
        simcord_env,
        channel,
        seated,
        seed=5,
        options={"roles": "llmmm", "auction": "open", "timer": 600},
    )
    manager = simcord_env.bot.manager
    live = await manager.live_in_channel(channel.id)
    deed = live.state.view(None).districts[0].deeds[0].id
    r = await seated[2].slash(channel, "move", notation=f"offer {deed} 20000")
    assert r.ephemeral
    name = seated[2].user.name
    await seated[0].user.click(
        seated[0].user.dm_channel.history()[-1],
        label=f"Accept {name}'s offer on {deed} · $20,000 rent",
    )
    bankrupt_seen = False
    for _ in range(400):
        live = await manager.live_in_channel(channel.id)
        state = live.state
        if state.view(None).players[2].merchant_bankrupt:
            bankrupt_seen = True
            break
        actors = sorted(s for s in state.to_act() if state.legal_moves(s))
        assert actors, state.phase_name()
        seat = actors[0]
        notations = [m.notation for m in state.legal_moves(seat)]
        pick = next((n for n in notations if n.startswith("default ")), None) if seat == 2 else None
        pick = pick or next(
            (n for n in ("done", "pay all", "pass") if n in notations), notations[0]
        )
        r = await seated[seat].slash(channel, "move", notation=pick)
        assert "✅" in (r.response.content if r.response else "") or not r.ephemeral
    assert bankrupt_seen
    assert "bankrupt" in "\n".join(m.content for m in channel.history()[-3:]).lower()
    # play on to the next negotiation and try to rent again
    for _ in range(200):
        live = await manager.live_in_channel(channel.id)
        if live.state.phase == "negotiation":
            break
        seat = min(s for s in live.state.to_act() if live.state.legal_moves(s))
        notations = [m.notation for m in live.state.legal_moves(seat)]
        pick = next((n for n in ("done", "pay all", "pass") if n in notations), notations[0])
        await seated[seat].slash(channel, "move", notation=pick)
    r = await seated[2].slash(channel, "move", notation=f"offer {deed} 1000")
    assert r.ephemeral and "bankrupt" in r.response.content


async def test_offer_through_the_play_panel_and_amount_modal(simcord_env, table):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 600})
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    deed = view.districts[[d.landlord for d in view.districts].index(1)].deeds[0].id
    r = await alice.slash(channel, "play")
    assert r.ephemeral
    panel = r.response.message
    # one click on the panel: the offer menu lists each deed's "other rent" directly
    value = option_value(panel, f"Offer rent for {deed} ")
    r = await alice.select(panel, [value])
    assert r.modal is not None
    bad = await alice.submit_modal(r, {"amount": "lots"})
    assert bad.ephemeral and "not a whole number" in bad.response.content
    r = await alice.select(panel, [value])
    bad = await alice.submit_modal(r, {"amount": "²"})  # a digit to str.isdigit(), not to int()
    assert bad.ephemeral and bad.response.content.startswith("`²` is not a whole number")
    r = await alice.select(panel, [value])
    done = await alice.submit_modal(r, {"amount": "23,456", "note": "I'll share my apples"})
    assert "privately" in done.response.content
    dm = bob.user.dm_channel.history()[-1]
    assert "$23,456" in dm.content and "share my apples" in dm.content


async def test_table_message_is_edited_across_a_restart(simcord_env, table, bots):
    _guild, channel, members = table
    alice, bob, carol, _ = members
    await open_moc(simcord_env, channel, [alice, bob, carol], seed=2024, options={"timer": 900})
    start = channel.last_message
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    deeds = view.districts[[d.landlord for d in view.districts].index(1)].deeds
    await alice.slash(channel, "move", notation=f"offer {deeds[0].id} 15000")
    await bob.slash(channel, "move", notation=f"accept {deeds[0].id} p1")
    count = len(channel.history())
    await simcord_env.restart_bot(bots())
    await carol.slash(channel, "move", notation=f"offer {deeds[1].id} 16000")
    r = await bob.slash(channel, "move", notation=f"accept {deeds[1].id} p3")
    assert r.ephemeral  # the deferred reply becomes the private confirmation
    assert r.response.content == f"✅ `accept {deeds[1].id} p3` — the table above is updated."
    assert len(channel.history()) == count
    edited = next(m for m in channel.history() if m.id == start.id)
    assert f"**bob**: `accept {deeds[1].id} p3`" in edited.content
    assert "to carol for $16,000" in edited.content
