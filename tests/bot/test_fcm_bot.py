"""Food Chain Magnate through the bot (issue 9, "Playing it on Discord" and "Tests"): a whole
3-player game by ``/move`` with a restart mid-turn, secret restructuring told by DM and never
shown in the channel, and bad input refused with a sentence that changes nothing."""

from __future__ import annotations

import re

from .replaying import fixture, moves_recorded, open_game, play

GAME = "food_chain_magnate"


async def test_whole_3p_game_with_restart_and_secret_restructuring(simcord_env, table, bots):
    _guild, channel, members = table
    data = fixture(GAME, "3p.json")
    seated = members[:3]
    await open_game(channel, seated, GAME, data)
    moves = data["moves"]
    # Stop in the middle of a turn: Working 9-5 of some turn, then restart the bot.
    half = next(i for i in range(len(moves) // 2, len(moves)) if moves[i][1].startswith("recruit"))
    await play(simcord_env, channel, seated, moves[:half])
    await simcord_env.restart_bot(bots())
    await play(simcord_env, channel, seated, moves[half:])
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.state.is_over()
    out = live.state.outcome()
    assert {str(k): v for k, v in out.scores.items()} == data["expect"]["scores"]

    # Dinnertime is told per house, never cut off: a long account gets its own messages.
    history = channel.history()
    assert not [m.content[-80:] for m in history if m.content.endswith("…")]
    assert any(re.search(r"House \d+ wants .*: eats at \w+", m.content) for m in history)
    # Secret choices never reached the channel: no `work …`/`reserve …` notation in public.
    public = "\n".join(m.content for m in channel.history())
    assert not re.search(r"`(work|beach) [a-z_]+`", public), "a restructuring choice leaked"
    assert not re.search(r"`reserve \d+`", public), "a reserve card leaked"
    assert "restructure (secret)" in public or "has chosen who works" in public
    # Every player was told privately when restructuring began, and about the reserve card.
    for m in seated:
        dms = "\n".join(x.content for x in m.user.dm_channel.history())
        assert "restructuring: choose in secret who works" in dms, m.user.name
        assert "bank reserve cards" in dms


async def test_bad_input_is_refused_and_changes_nothing(simcord_env, table):
    _guild, channel, members = table
    data = fixture(GAME, "3p.json")
    seated = members[:3]
    await open_game(channel, seated, GAME, data)
    moves = data["moves"]
    # Play setup and into the first Working 9-5, where recruiting happens.
    first_recruit = next(i for i, (_, n) in enumerate(moves) if n.startswith("recruit"))
    await play(simcord_env, channel, seated, moves[:first_recruit])
    seat = moves[first_recruit][0]
    before = await moves_recorded(simcord_env, channel.id)
    cases = {
        "recruit ceo": "not an employee card",
        "recruit cfo": "Only entry-level cards can be recruited",
        "place restaurant z99 ne by local_manager": "no local manager at work",
        "fly to the moon": "moves start with",
    }
    for notation, phrase in cases.items():
        r = await seated[seat].slash(channel, "move", notation=notation)
        assert r.ephemeral, notation
        assert r.response.content.strip(), notation
        assert phrase in r.response.content, (notation, r.response.content)
    # Out of turn: another member is told it is not theirs to act.
    other = seated[(seat + 1) % 3]
    r = await other.slash(channel, "move", notation=moves[first_recruit][1])
    assert r.ephemeral
    assert await moves_recorded(simcord_env, channel.id) == before


async def test_restructuring_is_chosen_in_the_dm_panel(simcord_env, table):
    """The restructuring notice arrives by DM with the player's turn panel: the pyramid is
    built and committed there with clicks, and the channel learns only that they chose."""
    _guild, channel, members = table
    data = fixture(GAME, "3p.json")
    seated = members[:3]
    await open_game(channel, seated, GAME, data)
    moves = data["moves"]
    # Play up to the first restructuring move of turn 2 (after the setup reserve choices).
    first = next(
        i for i, (_, n) in enumerate(moves) if n.startswith(("work ", "commit")) and i > 10
    )
    await play(simcord_env, channel, seated, moves[:first])
    member = seated[moves[first][0]]
    dm = member.user.dm_channel.history()[-1]
    assert "restructuring: choose in secret" in dm.content
    labels = [c.label for row in dm.components for c in row.children if hasattr(c, "label")]
    assert any("ommit" in (label or "") for label in labels), labels
    before = await moves_recorded(simcord_env, channel.id)
    r = await member.user.click(dm, label=next(lb for lb in labels if lb and "ommit" in lb))
    assert await moves_recorded(simcord_env, channel.id) == before + 1, r
    # The channel hears that they chose (by name), never what.
    public = channel.history()[-1].content
    assert f"{member.user.name} has chosen who works" in public, public
    assert not re.search(r"`(work|beach) [a-z_]+`", public)
    # The DM panel now answers the next step: the same message, updated, or a fresh one.
    assert member.user.dm_channel.history()
