"""The bot's own sentences in Japanese (issue 23), through SimCord as players use it.

A server set to Japanese plays Kenchiku against an AI seat: the channel's announcements,
turn pings, board captions and game-log lines are the bot's Japanese (the engines' own event
sentences are the game catalogues', translated on other branches). A member who chose
Japanese in an English server gets refusals and private replies in Japanese while the
channel stays English; a DM notice follows its reader; ``/rules`` reads the Japanese rules
document when there is one, the English with a note when there is none. The hidden-information
game is Philadelphia (hands) and Masters of Commerce (a private offer by DM).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

import i18n
from bot import game_log, rules_help
from bot.rules_help import rules_book
from games.core import Rng

from .test_ai_seats import ai_table, human_turns, live_of

ENGLISH_FRAMES = ("it's your turn", "Waiting for", "has started", "Game over", " is playing")


def text_of(r: Any) -> str:
    parts = [r.response.content if r.response and r.response.content else ""]
    parts += [f.content for f in r.followups]
    return "\n".join(parts)


async def set_server_language(env: Any, guild: Any, channel: Any, lang: str) -> None:
    role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[role])
    await admin.slash(channel, "settings server", language=lang)
    assert (await env.bot.services.storage.guild_settings(guild.id)).language == lang


def posted_since(channel: Any, count: int) -> list[Any]:
    return channel.history()[count:]


async def test_a_japanese_server_plays_kenchiku_in_japanese(simcord_env, table):
    env = simcord_env
    guild, channel, (alice, *_rest) = table
    await set_server_language(env, guild, channel, "ja")
    await ai_table(channel, alice, "kenchiku", seed=7, ais=1, add_ai="AIを追加")  # Japanese
    start = next(m for m in reversed(channel.history()) if "開始" in m.content)
    assert "建築会社ゲーム" in start.content and "ゲーム#" in start.content
    assert start.attachments  # the first board comes with the start
    before = len(channel.history())
    made = await human_turns(env, channel, alice, 0, 6)
    await env.bot.services.autoplay.settle()
    assert made >= 3
    posts = posted_since(channel, before)
    assert posts, "moves were announced"
    text = "\n".join(m.content for m in posts)
    # headers name the game as its players know it; the turn ping and captions are Japanese
    assert "**建築会社ゲーム** · ゲーム#" in text
    assert "あなたの手番です" in text or "を待っています" in text or "が考えています" in text
    for english in ENGLISH_FRAMES:
        assert english not in text, english
    boards = [m for m in posts if m.attachments]
    assert boards and all("建築会社ゲーム" in m.content for m in boards)
    # /game log lines in Japanese (the log's words; a cog passes the reader's language)
    live = await live_of(env, channel)
    rows = await env.bot.services.storage.moves(live.id)
    record = game_log.GameRecord(
        live.row.game_key,
        live.row.engine_version,
        live.row.seed,
        len(live.row.seats),
        dict(live.row.options),
        [(r.seat, r.notation) for r in rows],
    )
    entries = game_log.log_entries(record, rows)
    lines = [game_log.log_line(live, e, None, lang="ja") for e in entries]
    english = [game_log.log_line(live, e, None) for e in entries]
    assert len(lines) == len(rows) == len(english)
    assert any("：" in line for line in lines), lines  # "{name}：{events}"
    assert not any("：" in line for line in english)


async def test_a_japanese_member_is_refused_in_japanese_while_the_channel_stays_english(
    simcord_env, table
):
    env = simcord_env
    _guild, channel, (alice, bob, carol, dave) = table
    r = await alice.slash(channel, "settings me", language="ja")
    assert r.ephemeral
    host = bob
    res = await host.slash(channel, "game new", game="philadelphia", seed=11)
    lobby = res.response.message
    await alice.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    start = channel.last_message
    assert "has started" in start.content  # the server speaks English
    members = {m.id: m for m in (alice, bob, carol)}
    alice_seat = (await live_of(env, channel)).row.seat_of(alice.id)
    refused = False
    for i in range(12):  # play on (by the AI's choices) until alice must wait
        live = await live_of(env, channel)
        waiting = sorted(live.state.waiting_for())
        if alice_seat not in waiting:
            other = live.state.legal_moves(waiting[0])[0].notation
            r = await alice.slash(channel, "move", notation=other)
            assert r.ephemeral and "あなたの手番ではありません" in text_of(r), text_of(r)
            refused = True
            break
        move = live.spec.ai.choose(live.state, alice_seat, Rng(100 + i))
        r = await alice.slash(channel, "move", notation=move.notation)
        assert "Played" not in text_of(r) and "privately;" not in text_of(r), text_of(r)
    assert refused
    # a spectator and a stale board, from the bot's own refusals
    r = await dave.slash(channel, "move", notation="pass")
    assert r.ephemeral and "You're watching this game" in text_of(r)  # dave reads English
    await dave.slash(channel, "settings me", language="ja")
    r = await dave.slash(channel, "move", notation="pass")
    assert r.ephemeral and "観戦中" in text_of(r), text_of(r)
    # a malformed move: the engine's refusal is said by its key in the member's language
    # (here a stand-in Japanese entry; the game catalogues are translated on other branches)
    seat = alice_seat
    for i in range(12):  # the others play (by the AI's choices) until alice is to act
        live = await live_of(env, channel)
        if seat in live.state.waiting_for():
            break
        mover = sorted(live.state.waiting_for())[0]
        move = live.spec.ai.choose(live.state, mover, Rng(200 + i))
        await members[live.row.user_of(mover)].slash(channel, "move", notation=move.notation)
    r_en = await bob.slash(channel, "move", notation="fly to the moon")
    try:
        live.state.parse_move(seat, "fly to the moon")
    except Exception as exc:  # the engine's refusal, with its key
        refusal = exc
    else:
        pytest.fail("a malformed move parsed")
    key = refusal.key
    english = refusal.msg.template
    catalogue = dict(i18n.catalogue("ja"))
    catalogue[key] = i18n.Entry(english, "【日本語】" + english)
    i18n.catalogue.cache_clear()
    original = i18n.catalogue
    try:
        i18n.catalogue = lambda lang: catalogue if lang == "ja" else original(lang)  # type: ignore[assignment]
        r = await alice.slash(channel, "move", notation="fly to the moon")
    finally:
        i18n.catalogue = original  # type: ignore[assignment]
    assert r.ephemeral and "【日本語】" in text_of(r), text_of(r)
    assert "【日本語】" not in text_of(r_en)
    # everything public stayed in the server's language
    public = "\n".join(m.content for m in channel.history())
    assert "Philadelphia" in public and "フィラデルフィア" not in public
    assert "ゲーム#" not in public and "あなた" not in public
    # /hand: private, in her language
    r = await alice.slash(channel, "hand")
    assert r.ephemeral and "あなたは" in text_of(r), text_of(r)


async def test_a_dm_notice_follows_its_reader(simcord_env, table):
    env = simcord_env
    _guild, channel, (alice, bob, carol, _dave) = table
    await bob.slash(channel, "settings me", language="ja")
    res = await alice.slash(
        channel, "game new", game="masters_of_commerce", seed=2024, options="timer=600"
    )
    lobby = res.response.message
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    live = await live_of(env, channel)
    view = live.state.view(None)
    landlords = [d.landlord for d in view.districts]
    bobs_deed = view.districts[landlords.index(1)].deeds[0].id
    carols_deed = view.districts[landlords.index(2)].deeds[0].id
    r = await alice.slash(channel, "move", notation=f"offer {bobs_deed} 23500")
    assert r.ephemeral and "sent privately" in text_of(r)  # alice reads English
    bob_dm = bob.user.dm_channel.history()[-1].content
    assert bob_dm.startswith("🔒 **商売の達人** ゲーム#"), bob_dm
    r = await bob.slash(channel, "move", notation=f"offer {carols_deed} 20000")
    assert r.ephemeral and "非公開で送りました" in text_of(r), text_of(r)
    carol_dm = carol.user.dm_channel.history()[-1].content
    assert carol_dm.startswith("🔒 **Masters of Commerce** game #"), carol_dm


def _japanese_copy(english: str) -> str:
    """A stand-in Japanese document with the English one's sections in the same order."""
    out = []
    for line in english.splitlines():
        if line.startswith("#"):
            hashes, _, heading = line.partition(" ")
            out.append(f"{hashes} 日本語の{heading}")
        elif line.strip() and not line.startswith(("|", "```", "<!--")):
            out.append("日本語の説明です。")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


async def test_rules_in_the_readers_language(simcord_env, table, tmp_path, monkeypatch):
    _guild, channel, (alice, bob, *_rest) = table
    await alice.slash(channel, "settings me", language="ja")
    # no Japanese document: English pages, with a note in Japanese first
    monkeypatch.setattr(rules_help, "ROOT", tmp_path)
    english_doc = Path(__file__).resolve().parents[2] / "docs" / "rules" / "kenchiku.md"
    (tmp_path / "docs" / "rules" / "ja").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "kenchiku.md").write_text(english_doc.read_text("utf-8"))
    book = rules_book("kenchiku", "ja")
    assert "まだ日本語になっていません" in book.topics[0].pages[0]
    # with one: topics paired by position, keys kept, options in Japanese words
    (tmp_path / "docs" / "rules" / "ja" / "kenchiku.md").write_text(
        _japanese_copy(english_doc.read_text("utf-8")), encoding="utf-8"
    )
    ja, en = rules_book("kenchiku", "ja"), rules_book("kenchiku")
    assert [t.key for t in ja.topics] == [t.key for t in en.topics]
    assert len(ja.pages) >= 2 and ja.title == "建築会社ゲーム"
    assert any(t.title.startswith("日本語の") for t in ja.topics)
    options = next(t for t in ja.topics if t.key == "options")
    assert "既定値" in options.pages[0] and options.title == "オプション"
    # through the bot: a page button answers in the language of the member who clicks it
    for member, title, following in ((alice, "のルール", "次へ ▶"), (bob, "rules", "Next ▶")):
        r = await member.slash(channel, "rules", game="kenchiku")
        message = r.response.message
        assert title in r.response.embeds[0].title  # the first page in the member's language
        r = await member.click(message, label=following)
        embed = r.response.message.embeds[0] if r.response.message else r.response.embeds[0]
        assert title in embed.title, embed.title
