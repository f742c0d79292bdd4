"""History and replays (issue 12) through SimCord: `/game log` pages, `/board at:<move>`, the
game-over summary with its score breakdown and animated replay, `/game export` → `/game
import` reproducing a game, and bad imports refused with a sentence that changes nothing."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from bot.manager import public_digest
from bot.services.replays import breakdown_tables
from tests.bot.replaying import fixture, open_game, play

PHILA = fixture("philadelphia", "ai_2p.json")  # 36 moves, a whole 2-player game


def text_of(r: Any) -> str:
    parts = [r.response.content if r.response and r.response.content else ""]
    return "\n".join(parts + [f.content for f in r.followups])


def message_of(r: Any) -> Any:
    return r.followups[-1] if r.followups else r.response


async def open_toy(channel: Any, members: list[Any], target: int = 50) -> None:
    host, *others = members
    await host.slash(channel, "game new", game="toy", options=f"target={target}")
    for m in others:
        await m.slash(channel, "game join")
    await host.slash(channel, "game start")


async def test_log_pages(simcord_env, table, bots):
    _guild, channel, (alice, bob, *_rest) = table
    await open_toy(channel, [alice, bob])
    for i in range(12):
        player = (alice, bob)[i % 2]
        r = await player.slash(channel, "move", notation=f"add {1 + i % 2}")
        assert not r.ephemeral, text_of(r)
    r = await alice.slash(channel, "game log", count=5)
    page = message_of(r)
    assert page.content.splitlines()[0].endswith("moves 8–12 of 12")
    assert "`  8`" in page.content and "`  7`" not in page.content
    labels = [c.label for row in page.message.components for c in row.children]
    assert labels == ["◀ Older", "Newer ▶", "Newest ⏭"]
    r = await alice.click(page.message, label="◀ Older")
    older = r.response.message if r.response else None
    content = (await channel_message(simcord_env, r)).content
    assert content.splitlines()[0].endswith("moves 3–7 of 12"), content
    assert "`  3`" in content and "`  8`" not in content
    assert older is None or older.id == page.message.id  # the same message, edited
    # explicit first page; Older is off there
    r = await alice.slash(channel, "game log", count=5, start=1)
    first = message_of(r)
    assert first.content.splitlines()[0].endswith("moves 1–5 of 12")
    older_button = next(
        c for row in first.message.components for c in row.children if "Older" in c.label
    )
    assert older_button.disabled
    r = await alice.click(first.message, label="Newer ▶")
    content = (await channel_message(simcord_env, r)).content
    assert content.splitlines()[0].endswith("moves 6–10 of 12")
    # the buttons keep working after a restart (dynamic items)
    await simcord_env.restart_bot(bots())
    r = await alice.click(first.message, label="Newest ⏭")
    content = (await channel_message(simcord_env, r)).content
    assert content.splitlines()[0].endswith("moves 8–12 of 12")
    # a log that fits one page has no buttons
    r = await bob.slash(channel, "game log", count=50)
    assert message_of(r).message.components == []


async def channel_message(env: Any, r: Any) -> Any:
    """The ephemeral log message after a page click (the clicked message, edited)."""
    if r.response is not None and r.response.content:
        return r.response
    return r.followups[-1] if r.followups else r.response


async def play_phila(env: Any, channel: Any, seated: list[Any], upto: int | None = None) -> None:
    await open_game(channel, seated, "philadelphia", PHILA)
    await play(env, channel, seated, PHILA["moves"][:upto], autocomplete_every=999)


async def test_board_at_past_positions(simcord_env, table):
    _guild, channel, (alice, bob, carol, _dave) = table
    await play_phila(simcord_env, channel, [alice, bob], upto=10)
    r = await carol.slash(channel, "board", at=4)  # anyone may look back: public view
    msg = message_of(r)
    assert "the board at move 4 of 10" in msg.content
    assert msg.attachments and msg.attachments[0].filename.endswith(".png")
    image_at_4 = await msg.attachments[0].read()
    r = await carol.slash(channel, "board", at=0)
    msg = message_of(r)
    assert "the board at the start of 10" in msg.content
    assert await msg.attachments[0].read() != image_at_4
    # the current position drawn by `at` equals the current board
    r = await carol.slash(channel, "board", at=10)
    now_at = await message_of(r).attachments[0].read()
    r = await carol.slash(channel, "board")
    assert await message_of(r).attachments[0].read() == now_at
    r = await carol.slash(channel, "board", at=11)
    assert r.ephemeral
    assert "has 10 move(s) so far, so use a number from 0 (the start) to 10" in text_of(r)


async def test_summary_and_replay_at_game_over(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    await play_phila(simcord_env, channel, [alice, bob])
    await simcord_env.bot.services.publisher.drain()
    history = channel.history()
    over = next(i for i, m in enumerate(history) if "Game over" in m.content)
    summary = next(m for m in history[over:] if m.embeds and "summary" in m.embeds[0].title)
    embed = summary.embeds[0]
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    outcome = live.state.outcome()
    fields = "\n".join(f.value for f in embed.fields)
    assert embed.fields[0].name == "Score breakdown"
    for _seat, detail in outcome.details.items():
        for category in detail:
            if category != "total":
                assert category.replace("_", " ")[:14] in fields
    assert "alice" in fields and "bob" in fields
    assert "total" in fields
    for _seat, score in outcome.scores.items():
        assert f"{score:,}" in fields
    winner = live.names()[min(outcome.winners)]
    assert f"**{winner}**" in embed.description
    assert summary.attachments and embed.image.url.endswith(summary.attachments[0].filename)
    replay = next(m for m in history[over:] if m.content.startswith("🎞️ Replay"))
    assert history.index(replay) > history.index(summary)  # a follow-up, after the summary
    (file,) = replay.attachments
    data = await file.read()
    assert file.filename == "replay.webp" and len(data) < 10 * 1024 * 1024
    image = Image.open(io.BytesIO(data))
    assert image.is_animated and image.n_frames >= 10
    assert f"{image.n_frames} frames" in replay.content


async def test_export_import_reproduces_the_game(simcord_env, table):
    guild, channel, (alice, bob, carol, dave) = table
    await play_phila(simcord_env, channel, [alice, bob])
    original = await simcord_env.bot.manager.live_in_channel(channel.id)
    r = await carol.slash(channel, "game export")  # after the end, anyone may export
    assert r.ephemeral
    (file,) = message_of(r).attachments
    data = await file.read()
    record = json.loads(data)
    assert record["moves"] == PHILA["moves"]
    assert record["seed"] == PHILA["seed"] and record["names"] == ["alice", "bob"]
    other = guild.create_text_channel("review")
    r = await carol.slash(other, "game import", file=("phila.json", data))
    assert "Imported as game #2" in text_of(r)
    lobby = other.last_message
    assert "36 moves, 2 players" in lobby.content and lobby.embeds
    await dave.slash(other, "game join")
    await alice.slash(other, "game join")
    r = await carol.slash(other, "game start")
    assert "exactly 2 seated; there are 3" in text_of(r)
    await alice.slash(other, "game leave")
    await carol.slash(other, "game start")
    await simcord_env.bot.services.publisher.drain()
    imported = await simcord_env.bot.manager.live_in_channel(other.id)
    assert imported.row.status == "finished" and imported.seq == len(PHILA["moves"])
    assert imported.state.outcome() == original.state.outcome()
    assert public_digest(imported.state.view(None)) == public_digest(original.state.view(None))
    assert any(m.embeds and "summary" in m.embeds[0].title for m in other.history())
    # the imported game replays from the database (after a restart) to the same position
    simcord_env.bot.manager.forget(imported.id)
    again = await simcord_env.bot.manager.load(imported.id)
    assert again.digest == original.digest
    r = await dave.slash(other, "board", at=20)
    assert "the board at move 20 of 36" in message_of(r).content


async def test_import_continues_a_running_record(simcord_env, table):
    _guild, channel, (alice, bob, *_rest) = table
    half = dict(PHILA, moves=PHILA["moves"][:20])
    r = await alice.slash(channel, "game import", file=("half.json", json.dumps(half).encode()))
    assert "20 moves" in channel.last_message.content, text_of(r)
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start")
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.row.status == "running" and live.seq == 20
    await play(simcord_env, channel, [alice, bob], PHILA["moves"][20:], autocomplete_every=999)
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    assert live.row.status == "finished"
    r = await alice.slash(channel, "game log", count=5, start=1, raw=True)
    assert "`  1`" in message_of(r).content


async def test_running_game_export_and_bad_imports_refused(simcord_env, table):
    guild, channel, (alice, bob, *_rest) = table
    await play_phila(simcord_env, channel, [alice, bob], upto=5)
    r = await alice.slash(channel, "game export")
    assert r.ephemeral and "is still running" in text_of(r) and "seed" in text_of(r)
    assert not message_of(r).attachments
    other = guild.create_text_channel("imports")
    bad = dict(PHILA, moves=[list(m) for m in PHILA["moves"][:12]])
    bad["moves"][7][1] = "fly to the moon"
    cases = {
        b"not json": "That file is not JSON",
        json.dumps(
            {"game": "chess", "engine_version": 1, "seed": 1, "seats": 2, "moves": []}
        ).encode(): "no game called `chess`",
        json.dumps({"game": "philadelphia", "seed": 1}).encode(): "has no `engine_version`",
        json.dumps(bad).encode(): "Move 8 of that record (`fly to the moon` by p",
        json.dumps(dict(PHILA, seats=9)).encode(): "That record cannot start",
    }
    for data, sentence in cases.items():
        r = await alice.slash(other, "game import", file=("x.json", data))
        assert r.ephemeral and sentence in text_of(r), (sentence, text_of(r))
    assert await simcord_env.bot.storage.latest_game_in_channel(other.id) is None
    assert other.history() == []
    # an abandoned game may be exported (to continue it elsewhere)
    live = await simcord_env.bot.manager.live_in_channel(channel.id)
    await simcord_env.bot.manager.abandon(live.id)
    r = await bob.slash(channel, "game export")
    (file,) = message_of(r).attachments
    assert json.loads(await file.read())["status"] == "abandoned"
    # a busy channel refuses an import too, and nothing changes there
    await alice.slash(channel, "game new", game="toy")
    good = json.dumps(PHILA).encode()
    r = await bob.slash(channel, "game import", file=("x.json", good))
    assert r.ephemeral and "already has a lobby" in text_of(r)


def test_breakdown_tables_rank_order_and_width():
    outcome = {
        "scores": {"0": 12, "1": 30},
        "ranks": {"0": 2, "1": 1},
        "details": {"0": {"money": 10, "stock_value": 2}, "1": {"money": 25, "stock_value": 5}},
    }
    (table,) = breakdown_tables(outcome, ["alice", "bob"])
    lines = table.splitlines()
    assert lines[0].split() == ["bob", "alice"]  # the winner first
    assert lines[1].split() == ["money", "25", "10"]
    assert lines[2].split() == ["stock", "value", "5", "2"]
    assert lines[3].split() == ["total", "30", "12"]
    nine = {
        "scores": {str(s): 1000 * s for s in range(9)},
        "ranks": {str(s): 9 - s for s in range(9)},
        "details": {str(s): {"cash": 1000 * s} for s in range(9)},
    }
    tables = breakdown_tables(nine, [f"player{s}-with-a-long-name" for s in range(9)])
    assert len(tables) > 1
    assert all(len(line) <= 56 for t in tables for line in t.splitlines())
    assert sum(len(t.splitlines()[0].split()) for t in tables) == 9
