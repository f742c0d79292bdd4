"""Languages (issue 23): a member's own language and a server's, through the bot, and the
order in which a reply's language is chosen."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot import lang


def text_of(r: Any) -> str:
    return r.response.content if r.response and r.response.content else ""


async def test_member_and_server_language_settings(simcord_env, table):
    env = simcord_env
    guild, channel, (alice, bob, _carol, _dave) = table
    admin_role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admin_role])
    storage = env.bot.services.storage
    r = await alice.slash(channel, "settings me", language="ja")
    assert r.ephemeral and text_of(r) == "Boardroom は日本語で答えます。"
    assert await storage.user_language(alice.id) == "ja"
    r = await alice.slash(channel, "settings me", language="auto")
    assert "Discord language (English now)" in text_of(r)  # SimCord clients say en-US
    assert await storage.user_language(alice.id) is None
    # the server's language: Manage Server only, and it changes nothing when refused
    r = await bob.slash(channel, "settings server", language="ja")
    assert r.ephemeral and "Manage Server" in text_of(r)
    assert (await storage.guild_settings(guild.id)).language is None
    r = await admin.slash(channel, "settings server", language="ja")
    said = text_of(r)
    assert "このサーバーのゲームチャンネルは日本語で進行します。" in said
    assert "Language: 日本語" in said
    assert (await storage.guild_settings(guild.id)).language == "ja"
    # other settings keep the language
    r = await admin.slash(channel, "settings server", clear_gm_role=True)
    assert (await storage.guild_settings(guild.id)).language == "ja"


class _Storage:
    def __init__(self, mine: str | None, server: str | None) -> None:
        self.mine, self.server = mine, server

    async def user_language(self, user_id: int) -> str | None:
        return self.mine

    async def guild_settings(self, guild_id: int) -> Any:
        return SimpleNamespace(language=self.server)


def _interaction(locale: str, guild_id: int | None = 1) -> Any:
    return SimpleNamespace(user=SimpleNamespace(id=7), guild_id=guild_id, locale=locale)


async def test_the_order_of_languages():
    """Own choice, else the client's locale, else the server's; public: the server's."""
    assert await lang.for_member(_Storage("ja", "en"), _interaction("en-US")) == "ja"
    assert await lang.for_member(_Storage(None, "en"), _interaction("ja")) == "ja"
    assert await lang.for_member(_Storage(None, "ja"), _interaction("fr")) == "ja"
    assert await lang.for_member(_Storage(None, None), _interaction("fr", None)) == "en"
    assert await lang.for_channel(_Storage("en", "ja"), 1) == "ja"
    assert await lang.for_channel(_Storage("ja", None), 1) == "en"
    assert await lang.for_user(_Storage(None, "ja"), 7, 1) == "ja"
    assert lang.chosen("auto") is None and lang.chosen("ja") == "ja"


async def test_commands_catalogue_matches_the_tree_and_discords_limits(monkeypatch):
    """Every command string of the tree is in the ``commands`` catalogue with the same English;
    translated names fit Discord's rule (1-32 lowercase letters/digits/-/_ of any script) and
    descriptions and choices fit 100 characters; the translator hands Discord those texts."""
    import re

    import i18n
    from bot.translator import CommandTranslator
    from i18n.catalogues import read
    from tools.i18n import collect_commands

    found = await collect_commands()
    assert len(found) > 100
    english_of: dict[str, str] = {}
    for s in found:
        assert english_of.setdefault(s.key, s.english) == s.english, s.key
    cat = {m.context: m for m in read("ja", "commands") if m.context}
    missing = [k for k in english_of if k not in cat and k != "commands.choice.toy"]  # tests' game
    assert not missing, f"run `python -m tools.i18n update`: {missing[:5]}"
    name = re.compile(r"^[-_\w]{1,32}$")
    problems = []
    for key, m in cat.items():
        if not m.string:
            continue
        text = str(m.string)
        if key.endswith(".name") and not key.startswith("commands.choice."):
            if not name.match(text) or text != text.lower():
                problems.append(f"{key}: {text!r} is not a valid command or option name")
        elif len(text) > 100:
            problems.append(f"{key}: {len(text)} characters")
    assert not problems, problems
    entries = {"commands.game.new.description": i18n.Entry("Open a lobby", "ロビーを開く")}
    monkeypatch.setattr(i18n, "catalogue", lambda lang: entries if lang == "ja" else {})
    from discord import Locale, app_commands

    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    translator = CommandTranslator()
    s = app_commands.locale_str("Open a lobby")
    assert await translator.translate(s, Locale.japanese, ctx) is None  # other key: none
    from bot.translator import key_of

    monkeypatch.setattr(
        "bot.translator.key_of", lambda string, context: "commands.game.new.description"
    )
    assert await translator.translate(s, Locale.japanese, ctx) == "ロビーを開く"
    assert await translator.translate(s, Locale.american_english, ctx) is None
    assert key_of(s, ctx) == "commands.other.open_a_lobby"


def labels(message: Any) -> list[str]:
    return [c.label for row in message.components for c in row.children if c.label]


class _CountingStorage(_Storage):
    def __init__(self, mine: str | None, server: str | None) -> None:
        super().__init__(mine, server)
        self.reads = 0

    async def user_language(self, user_id: int) -> str | None:
        self.reads += 1
        return self.mine

    async def guild_settings(self, guild_id: int) -> Any:
        self.reads += 1
        return SimpleNamespace(language=self.server)


async def test_language_choices_are_read_once_per_ttl():
    """Keystrokes and clicks ask for a language again and again: the settings are read once,
    trusted for ``lang.TTL`` seconds of the cache's clock, then read again."""
    storage = _CountingStorage(None, "ja")
    now = [100.0]
    lang.cache_of(storage).clock = lambda: now[0]
    for _ in range(50):
        assert await lang.for_member(storage, _interaction("fr")) == "ja"
        assert await lang.for_channel(storage, 1) == "ja"
    assert storage.reads == 2  # the member's choice and the server's, once each
    storage.mine = "en"  # another process changed it: not seen before the TTL ends
    now[0] += lang.TTL - 1
    assert await lang.for_member(storage, _interaction("fr")) == "ja"
    now[0] += 1
    assert await lang.for_member(storage, _interaction("fr")) == "en"
    assert storage.reads == 3
    lang.forget_guild(storage, 1)  # this process changed it: read again at once
    storage.server = "en"
    assert await lang.for_channel(storage, 1) == "en"


async def test_a_language_change_takes_effect_at_once(simcord_env, table):
    """In the process that took ``/settings``, the next answer is in the new language even
    though the old choice was cached (the cache's clock stands still here)."""
    env = simcord_env
    guild, channel, (alice, _bob, _carol, _dave) = table
    storage = env.bot.services.storage
    lang.cache_of(storage).clock = lambda: 0.0  # nothing ever expires
    r = await alice.slash(channel, "stats")
    assert text_of(r) == "You have no finished games on this server yet."
    await alice.slash(channel, "settings me", language="ja")
    r = await alice.slash(channel, "stats")
    assert text_of(r) == "このサーバーで終了したゲームはまだありません。"
    await alice.slash(channel, "settings me", language="auto")
    r = await alice.slash(channel, "stats")
    assert text_of(r) == "You have no finished games on this server yet."
    # the server's language: public posts follow a change at once
    role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[role])
    r = await alice.slash(channel, "game new", game="toy")
    assert "Join" in labels(r.response.message)
    await alice.slash(channel, "game leave")
    await admin.slash(channel, "settings server", language="ja")
    r = await alice.slash(channel, "game new", game="toy")
    assert "Join" not in labels(r.response.message) and labels(r.response.message)


async def test_one_memo_of_languages_and_a_write_is_seen_at_once(tmp_path):
    """``bot.lang``'s cache is the one memo of members' languages (``Storage`` reads the row
    each time it is asked): a second ask reads nothing, and a change written through
    ``lang.set_user_language`` is answered at once in the writer's process although the
    cache's clock stands still (the TTL never ends)."""
    from bot.storage import Storage

    storage = Storage(tmp_path / "lang.sqlite3")
    await storage.open()
    try:
        statements: list[str] = []
        await storage.db.set_trace_callback(statements.append)
        lang.cache_of(storage).clock = lambda: 0.0  # nothing ever expires
        assert await lang.for_user(storage, 100) == "en"
        assert any("user_settings" in s for s in statements)
        statements.clear()
        assert await lang.for_user(storage, 100) == "en"
        assert statements == []  # remembered
        await lang.set_user_language(storage, 100, "ja")
        assert await storage.user_language(100) == "ja"  # the row itself: not remembered
        assert await lang.for_user(storage, 100) == "ja"
        await lang.set_user_language(storage, 100, None)
        assert await lang.for_user(storage, 100) == "en"
        await storage.db.set_trace_callback(None)
    finally:
        await storage.close()


class _SlowStorage(_Storage):
    """A storage whose member reads wait until ``go`` is set (a read queued before a write)."""

    def __init__(self) -> None:
        super().__init__(None, None)
        self.asked, self.go = asyncio.Event(), asyncio.Event()

    async def user_language(self, user_id: int) -> str | None:
        mine = self.mine  # read now, answered once let go
        self.asked.set()
        await self.go.wait()
        return mine

    async def set_user_language(self, user_id: int, value: str | None) -> None:
        self.mine = value


async def test_a_read_that_overlaps_a_write_is_not_remembered():
    """A read begun before a change returns the old choice; it must not be kept as the
    current one after the change (else the writer's process answers in the old language
    for up to ``TTL`` seconds)."""
    storage = _SlowStorage()
    lang.cache_of(storage).clock = lambda: 0.0
    read = asyncio.ensure_future(lang.for_user(storage, 7))
    await storage.asked.wait()  # the read has begun
    await lang.set_user_language(storage, 7, "ja")
    storage.go.set()
    assert await read == "en"  # read first: the old choice, answered as such
    assert await lang.for_user(storage, 7) == "ja"
