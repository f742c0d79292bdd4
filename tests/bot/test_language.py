"""Languages (issue 23): a member's own language and a server's, through the bot, and the
order in which a reply's language is chosen."""

from __future__ import annotations

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
