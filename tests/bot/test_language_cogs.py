"""Commands and panels in Japanese (issue 23), through the bot as a user: a member who chose
Japanese reads every command's private answer in Japanese in an English server; a server set
to Japanese gets Japanese public posts (an imported lobby, the leaderboard) while an English
member's private answers stay English; buttons keep working whatever language they were
labelled in; the command tree carries Japanese names for every command string."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

import i18n
from bot.storage import GameRow, SeatRow
from bot.ui.components import board_view, inbox_view, lobby_view
from bot.ui.ids import button_id
from bot.ui.panel import refusal_text, template_label
from games.core import Move, MoveTemplate, Msg


def text_of(r: Any) -> str:
    return r.response.content if r.response and r.response.content else ""


def labels(message: Any) -> list[str]:
    return [
        c.label for row in message.components for c in row.children if getattr(c, "label", None)
    ]


async def japanese_server(env: Any, guild: Any, channel: Any) -> Any:
    """``guild`` set to Japanese by a member with Manage Server; that admin is returned."""
    role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[role])
    await admin.slash(channel, "settings server", language="ja")
    return admin


async def finished_race(env: Any, channel: Any, host: Any, other: Any) -> int:
    """A two-member toy game to 2 points in ``channel``, won by ``host``; its id."""
    await host.slash(channel, "game new", game="toy", options="target=2")
    await other.slash(channel, "game join")
    await host.slash(channel, "game start")
    await host.slash(channel, "move", notation="add 2")
    await env.bot.services.publisher.drain()
    await env.advance_time(1)
    gid = await env.bot.manager.game_id_in_channel(channel.id)
    assert (await env.bot.manager.load(gid)).state.is_over()
    return gid


async def test_a_japanese_member_in_an_english_server(simcord_env, table):
    env = simcord_env
    _guild, channel, (alice, bob, *_rest) = table
    r = await alice.slash(channel, "settings me", language="ja")
    assert text_of(r) == "Boardroom は日本語で答えます。"
    r = await alice.slash(channel, "settings me")
    assert text_of(r).startswith("通知: **channel**。") and "`/設定 自分 通知:DM`" in text_of(r)
    r = await alice.slash(channel, "games")
    assert text_of(r) == (
        "参加中のゲームはありません。サーバーのチャンネルで `/ゲーム 新規` を使って始めましょう。"
    )
    r = await alice.slash(channel, "stats")
    assert text_of(r) == "このサーバーで終了したゲームはまだありません。"
    r = await alice.slash(channel, "game new", game="toy")
    lobby = r.response.message
    assert "Join" in labels(lobby)  # a public post: the server's language (English)
    r = await alice.slash(channel, "game list")
    assert r.ephemeral and re.fullmatch(r"#\d+ \*\*トイ\*\* <#\d+> — ロビー、1人", text_of(r))
    r = await bob.slash(channel, "game list")
    assert re.fullmatch(r"#\d+ \*\*Toy Race\*\* in <#\d+> — lobby, 1 player\(s\)", text_of(r))
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    # the Play panel: the panel's words in Japanese, the toy engine's plain labels as written
    r = await alice.slash(channel, "play")
    panel = r.response.message
    assert (
        r.ephemeral and text_of(r) == "**トイ** · Move 1 · あなたは **alice**\n手を選んでください:"
    )
    assert labels(panel) == ["add 1", "add 2"]
    r = await alice.click(panel, label="add 1")
    # the mover's answer is private: in her language (bot.services.aftermath.done_line)
    said = text_of(r) + "".join(f.content for f in r.followups)
    assert "✅ 指しました：" in said, said
    r = await bob.slash(channel, "play")
    assert text_of(r) == "**Toy Race** · Move 2 · you are **bob**\nChoose your move:"
    r = await alice.slash(channel, "games")
    said = r.followups[0].content if r.followups else text_of(r)
    assert said.startswith("あなたの手番のゲームはありません。\n#")
    assert "**トイ**" in said and "bobを待っています · [盤面](" in said
    # abandon: the question and its button in Japanese; the button works
    r = await alice.slash(channel, "game abandon")
    assert r.ephemeral and re.fullmatch(
        r"\*\*トイ\*\* ゲーム #\d+ を中止しますか？ 勝者はなく、再開もできません。", text_of(r)
    )
    assert labels(r.response.message) == ["はい、中止します"]
    await alice.click(r.response.message, label="はい、中止します")
    gid = await env.bot.manager.game_id_in_channel(channel.id)
    assert (await env.bot.storage.get_game(gid)).status == "abandoned"
    r = await alice.slash(channel, "game list")
    assert re.fullmatch(r"#\d+ \*\*トイ\*\* <#\d+> — 中止、2人", text_of(r))


async def test_a_japanese_server_and_an_english_member(simcord_env, table):
    """Public posts in the server's Japanese, private answers in the member's English, and
    buttons labelled in one language still work after the server changes language."""
    env = simcord_env
    guild, channel, (alice, bob, carol, dave) = table
    admin = await japanese_server(env, guild, channel)
    gid = await finished_race(env, channel, alice, bob)
    # the leaderboard is posted for everyone: Japanese, even when an English member asks
    await env.bot.get_cog("StatsCog").ratings.sync()
    r = await carol.slash(channel, "leaderboard", game="toy")
    embed = r.response.message.embeds[0]
    assert not r.ephemeral and embed.title == "🏆 トイ — このサーバー"
    assert embed.description.splitlines()[0].endswith(" · 1ゲーム · 1勝")
    assert embed.footer.text.startswith("レーティング: openskill の控えめな推定値")
    # private answers: the member's language (SimCord clients say en-US)
    r = await alice.slash(channel, "stats")
    embed = r.response.message.embeds[0]
    assert [f.name for f in embed.fields][:2] == ["Games", "Wins"]
    r = await alice.slash(channel, "game export", game=gid)
    assert text_of(r).startswith("📄 The record of **Toy Race** game #")
    data = await r.response.message.attachments[0].read()
    r = await bob.slash(channel, "settings me", language="ja")
    r = await bob.slash(channel, "stats")
    embed = r.response.message.embeds[0]
    assert embed.title == "📊 bob — このサーバー"
    assert [f.name for f in embed.fields] == [
        "ゲーム数",
        "勝利",
        "平均得点",
        "よく遊ぶゲーム",
        "レーティング",
        "最近のゲーム",
    ]
    assert embed.fields[3].value == "トイ（1ゲーム）"
    assert embed.fields[5].value == f"トイ #{gid}: 2位、0点"
    # an imported lobby is a public post: its buttons in the server's Japanese
    other = guild.create_text_channel("review")
    r = await carol.slash(other, "game import", file=("toy.json", data))
    assert text_of(r).startswith("📥 Imported as game #")
    lobby = other.last_message
    assert labels(lobby) == ["参加", "退出", "開始"]  # the toy game has no AI
    new_id = await env.bot.manager.game_id_in_channel(other.id)
    assert [c.custom_id for row in lobby.components for c in row.children] == [
        button_id(new_id, 0, kind) for kind in ("join", "leave", "start")
    ]
    await dave.click(lobby, label="参加")
    assert [s.user_id for s in (await env.bot.storage.get_game(new_id)).seats] == [
        carol.id,
        dave.id,
    ]
    # the server goes back to English: the Japanese-labelled buttons still work (by id)
    await admin.slash(channel, "settings server", language="en")
    await dave.click(other.last_message, custom_id=button_id(new_id, 0, "leave"))
    assert [s.user_id for s in (await env.bot.storage.get_game(new_id)).seats] == [carol.id]


def _row(status: str = "lobby", ai: bool = False) -> GameRow:
    seats = [SeatRow(0, 1, "alice", "human")]
    if ai:
        seats.append(SeatRow(1, None, "AI (bot)", "ai"))
    return GameRow(
        id=7,
        guild_id=1,
        channel_id=2,
        game_key="kenchiku",  # a game with an AI player: every lobby button
        engine_version=1,
        seed=3,
        options={},
        host_id=1,
        status=status,
        created_at="",
        updated_at="",
        lobby_message_id=None,
        outcome=None,
        phase_key=None,
        phase_started_at=None,
        seats=seats,
    )


def test_views_are_labelled_per_language_with_the_same_ids():
    """The same components in English and Japanese: labels differ, custom ids do not (a
    persistent button is matched by id after a restart or a change of language)."""

    def parts(view: discord.ui.View) -> list[tuple[str, str]]:
        return [(str(i.item.custom_id), str(i.item.label)) for i in view.children]  # type: ignore[attr-defined]

    for build in (
        lambda lang: lobby_view(_row(ai=True), lang),
        lambda lang: board_view(7, 3, lang),
        lambda lang: inbox_view(7, lang),
    ):
        en, ja = parts(build("en")), parts(build("ja"))
        assert [cid for cid, _ in en] == [cid for cid, _ in ja]
        assert all(a != b for (_, a), (_, b) in zip(en, ja, strict=True)), (en, ja)
    assert [label for _, label in parts(lobby_view(_row(ai=True), "ja"))] == [
        "参加",
        "退出",
        "AIを追加",
        "AIを外す",
        "開始",
    ]
    assert [label for _, label in parts(board_view(7, 3, "ja"))] == ["プレイ", "自分の手札"]
    assert lobby_view(_row("running"), "ja") is None


def test_engine_labels_and_reasons_are_translated_where_keyed(monkeypatch):
    """A panel shows a keyed engine label (``Msg``) and a refusal reason in the reader's
    language; a plain one as the engine wrote it."""
    entries = {
        "toy.offer": i18n.Entry("Offer to {p}", "{p}に提示"),
        "toy.too_poor": i18n.Entry("You have only ${cash}.", "所持金は{cash}ドルしかありません。"),
        "cogs.panel.other_amount": i18n.Entry("{label} · other {param}…", "{label} · 他の{param}…"),
        "cogs.panel.and_more": i18n.Entry("{shown} and {more} more", "{shown} ほか{more}件"),
    }
    monkeypatch.setattr(i18n, "catalogue", lambda lang: entries if lang == "ja" else {})
    tpl = MoveTemplate("offer p2", Msg("toy.offer", "Offer to {p}", p="p2"), "amount", 0, 9, "$")
    assert template_label(tpl, "ja") == "p2に提示 · 他のamount…"
    assert template_label(tpl, "en") == "Offer to p2 · other amount…"

    @dataclass(frozen=True)
    class Buy(Move):
        n: int

        @property
        def notation(self) -> str:
            return f"buy {self.n}"

    reason = Msg("toy.too_poor", "You have only ${cash}.", cash=3)
    refused = [(Buy(n), reason) for n in range(8)]
    assert refusal_text(refused, lang="ja") == (
        "• **buy 0, buy 1, buy 2, buy 3, buy 4, buy 5 ほか2件** — 所持金は3ドルしかありません。"
    )
    assert refusal_text(refused) == (
        "• **buy 0, buy 1, buy 2, buy 3, buy 4, buy 5 and 2 more** — You have only $3."
    )


async def test_every_command_string_has_a_japanese_localisation():
    """Every name, description, option and choice of the tree has a Japanese text, sibling
    names stay distinct in Japanese (Discord refuses two options or subcommands of one
    parent with the same name), and a sync hands Discord those names."""
    from bot.app import Boardroom
    from bot.translator import CommandTranslator
    from i18n.catalogues import read
    from tools.i18n import collect_commands

    cat = {m.context: m for m in read("ja", "commands") if m.context}
    found = await collect_commands()
    untranslated = [
        s.key for s in found if s.key != "commands.choice.toy" and not cat[s.key].string
    ]
    assert not untranslated, untranslated
    children: dict[str, list[str]] = {}
    for s in found:
        if s.key.endswith(".name") and not s.key.startswith("commands.choice."):
            parent = s.key.removesuffix(".name").rsplit(".", 1)[0]
            children.setdefault(parent, []).append(str(cat[s.key].string))
    clashes = {p: names for p, names in children.items() if len(set(names)) != len(names)}
    assert not clashes, clashes
    bot = Boardroom(":memory:", sync_commands=False)
    await bot.storage.open()
    try:
        await bot.add_commands()
        game = bot.tree.get_command("game")
        assert game is not None
        payload = await game.get_translated_payload(bot.tree, CommandTranslator())
        assert payload["name_localizations"]["ja"] == "ゲーム"
        new = next(o for o in payload["options"] if o["name"] == "new")
        assert new["name_localizations"]["ja"] == "新規"
        choice = next(c for c in new["options"][0]["choices"] if c["value"] == "kenchiku")
        assert choice["name_localizations"]["ja"] == "建築会社ゲーム（2–4人）"
    finally:
        await bot.close()


async def test_a_kenchiku_panel_for_a_japanese_member(simcord_env, table):
    """A real game's panel: the panel's own words, the select menus' and the "Why not …?"
    page in Japanese; the engine's labels as the engine gives them (plain or keyed)."""
    env = simcord_env
    _guild, channel, (alice, bob, *_rest) = table
    await alice.slash(channel, "settings me", language="ja")
    await alice.slash(channel, "game new", game="kenchiku", seed=48)
    await bob.slash(channel, "game join")
    await alice.slash(channel, "game start")
    live = await env.bot.manager.live_in_channel(channel.id)
    assert live.state.to_act() == frozenset({0})  # alice (p1) begins with this seed
    r = await alice.slash(channel, "play")
    panel = r.response.message
    live = await env.bot.manager.live_in_channel(channel.id)
    phase = i18n.tr(live.state.phase_name(), "ja")
    assert text_of(r) == f"**建築会社ゲーム** · {phase} · あなたは **alice**\n手を選んでください:"
    children = [c for row in panel.components for c in row.children]
    names = [c.label for c in children if getattr(c, "label", None)]
    assert "なぜできない？" in names and not {"Back", "More…", "Why not …?"} & set(names)
    # a drill-down (named from kenchiku.term.notation.park) opens a page in Japanese with 戻る
    r = await alice.click(panel, label="公園 … (60)")
    assert r.response.message.content.endswith("\n`park …` から選んでください")
    assert "戻る" in labels(r.response.message)
    r = await alice.click(r.response.message, label="戻る")
    r = await alice.click(r.response.message, label="なぜできない？")
    assert r.response.message.content.startswith("**今はできない手**\n• **")
    assert labels(r.response.message) == ["戻る"]


def test_refusals_of_the_commands_carry_their_key():
    """A command's refusal is a keyed sentence: the error boundary can say it in the
    member's language; its English is unchanged."""
    from types import SimpleNamespace

    import pytest

    from bot.cogs.lobby import channel_of, get_game_or_refuse
    from bot.manager import LobbyError

    with pytest.raises(LobbyError) as refused:
        get_game_or_refuse("chess")
    assert refused.value.message == "There is no game called `chess`."
    assert i18n.tr(refused.value.msg, "ja") == "`chess` というゲームはありません。"
    with pytest.raises(LobbyError) as refused:
        channel_of(SimpleNamespace(channel_id=None, guild_id=None))  # type: ignore[arg-type]
    assert i18n.tr(refused.value.msg, "ja") == "ゲームはサーバーのチャンネルかスレッドで遊びます。"


async def test_japanese_answers_name_commands_as_a_japanese_client_shows_them():
    """Every command a Japanese answer (cogs, bot, core) names in backticks
    (`/設定 自分 通知:DM`) is a command
    of the tree under its Japanese name, with its Japanese option names and choices; none is
    named in English (a Japanese Discord client lists the Japanese names)."""
    from discord import app_commands

    from bot.app import Boardroom
    from i18n.catalogues import read

    def ja(key: str) -> str:
        return str(cat[key].string) if key in cat else key  # the tests' toy game: no entry

    cat = {m.context: m for m in read("ja", "commands") if m.context}
    commands: dict[tuple[str, ...], dict[str, set[str]]] = {}
    bot = Boardroom(":memory:", sync_commands=False)
    await bot.storage.open()
    try:
        await bot.add_commands()
        for command in bot.tree.walk_commands():
            if not isinstance(command, app_commands.Command):
                continue
            parts = command.qualified_name.split()
            path = tuple(
                ja("commands." + ".".join(parts[: i + 1]) + ".name") for i in range(len(parts))
            )
            prefix = "commands." + ".".join(parts)
            commands[path] = {
                ja(f"{prefix}.{p.name}.name"): {ja(f"commands.choice.{c.value}") for c in p.choices}
                for p in command.parameters
            }
    finally:
        await bot.close()
    said = [
        str(m.string)
        for domain in ("cogs", "bot", "core")
        for m in read("ja", domain)
        if m.context and m.string
    ]
    named = [ref for text in said for ref in re.findall(r"`(/[^`]+)`", text)]
    assert len(named) >= 10
    problems = []
    for ref in named:
        words = ref[1:].split()
        path = tuple(w for w in words if ":" not in w)
        if path not in commands:
            problems.append(f"{ref}: no command {path}")
            continue
        for word in words[len(path) :]:
            option, _, value = word.partition(":")
            if option not in commands[path]:
                problems.append(f"{ref}: no option {option}")
            elif (
                value
                and not value.startswith(("<", "{"))  # a placeholder: <move>, {game}
                and commands[path][option]  # an option with choices
                and value not in commands[path][option]
            ):
                problems.append(f"{ref}: {value} is not a choice of {option}")
    assert not problems, problems
