"""A Japanese member plays through the bot and reads only Japanese (issue 23, "Done").

A member who chose ``/settings me language:ja`` on a server set to Japanese plays a whole
Kenchiku game against AI seats, and a Masters of Commerce negotiation (an offer, a counter,
an accept by a DM button). Everything that member receives is collected: the channel's
posts, every answer to her commands and clicks (content, embeds, button labels, menu
options, modals), autocomplete suggestions and her DMs. ``english_words`` then strips what
may stay as it is (member names, backticked notation, mentions, timestamps, URLs, emoji,
numbers) and the test asserts no English word is left, apart from ``NOTATION``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import discord
import pytest

from bot.settings import Settings

from .conftest import FAST
from .together import seat_turns

NOTATION = frozenset(
    {
        # AI levels are the values typed after `ai=` / `level:` (the level choices read
        # "easy（かんたん）" in a Japanese client); sentences name them as typed
        "easy",
        "normal",
        "hard",
    }
)
"""English words a Japanese reader may still see, each because it is something typed."""

PROPER = frozenset({"Boardroom", "Discord", "GAMES", "JSON", "MiB", "openskill"})
"""Names written in Latin letters in Japanese too: the bot, Discord, the publisher
食用産廃GAMES (as printed), a file format, a unit, the rating library."""

ENGLISH_TITLE = re.compile(
    r"(?:英語名\s*|[（(])(?:Kenchiku|Masters of Commerce|Food Chain Magnate|Carnegie|Philadelphia)"
)
"""A game's English name where a Japanese text gives it as such (「（英語名 Kenchiku）」)."""

_STRIP = [
    re.compile(r"```.*?```", re.S),  # code blocks: notation
    re.compile(r"`[^`]*`"),  # code spans: notation (`build e2 3`, `/move`)
    re.compile(r"<(?:@[!&]?|#)\d+>"),  # mentions of members, roles, channels
    re.compile(r"<t:\d+(?::[tTdDfFR])?>"),  # Discord timestamps (localised by the client)
    re.compile(r"<a?:\w+:\d+>"),  # custom emoji
    re.compile(r"https?://\S+"),  # links
    re.compile(r"(?<![A-Za-z])[pP]\d{1,2}(?![A-Za-z])"),  # seat tokens in notation (p1)
    re.compile(r"(?<=[^\x00-\x7f]:)[A-Za-z0-9_=]+"),  # a typed value: `/ルール 項目:overview`
]
_WORD = re.compile(r"[A-Za-z]{3,}")
NOTATION_LINE = re.compile(r"[a-z0-9_ .:-]+(?: …)?")
"""A line that is only notation (``rest drop structure``, ``build …``)."""


def english_words(
    texts: Iterable[str], names: Iterable[str], commands: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """``(word, text)`` for every English word of three letters or more left in ``texts``
    once member ``names``, notation and the other exempt parts are removed, and every
    English slash-command name (``commands``: ``/move`` where the Japanese is ``/行動``),
    in backticks or not."""
    by_length = sorted(set(names), key=len, reverse=True)
    command = re.compile(rf"(?<![\w/])/({'|'.join(map(re.escape, commands)) or '(?!)'})\b")
    found = []
    for text in texts:
        rest = _STRIP[5].sub(" ", text)  # links first: their paths are no commands
        found += [(f"/{m}", text) for m in command.findall(rest)]
        rest = ENGLISH_TITLE.sub(" ", rest)
        for pattern in _STRIP:
            rest = pattern.sub(" ", rest)
        for name in by_length:
            rest = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", rest)
        for word in _WORD.findall(rest):
            if word.lower() not in NOTATION and word not in PROPER:
                found.append((word, text))
    return found


def test_the_checker_finds_english_and_spares_names_and_notation():
    said = [
        "**alice**が `build e2 3` を指しました。<@123> <t:1700000000:R>",
        "アリスの手番です · 詳しくは https://example.org/rules",
        "⏳ Waiting for bob",
        "AIのレベル：**carol（AI）** `hard` · easy",
        "`/move` を使うか、`/行動` を使ってください（英語名 Kenchiku）",
        "1ページ目 · /ルール ゲーム:kenchiku 項目:overview",
    ]
    found = english_words(said, ["alice", "bob", "carol"], ["move", "game"])
    assert [w for w, _ in found] == ["Waiting", "for", "/move"]


def message_texts(message: Any) -> Iterator[str]:
    """The words of a message a member reads: content, embeds, buttons and menus."""
    yield message.content or ""
    for embed in message.embeds:
        data = embed.to_dict()
        yield from (str(data.get(k, "")) for k in ("title", "description"))
        yield str(data.get("author", {}).get("name", ""))
        yield str(data.get("footer", {}).get("text", ""))
        for f in data.get("fields", []):
            yield f"{f.get('name', '')}\n{f.get('value', '')}"
    for row in message.components:
        for item in getattr(row, "children", [row]):
            yield getattr(item, "label", None) or ""
            yield getattr(item, "placeholder", None) or ""
            for option in getattr(item, "options", []) or []:
                yield option.label
                description = option.description or ""
                # a move's notation under its words (what one would type): notation
                yield f"`{description}`" if NOTATION_LINE.fullmatch(description) else description


def modal_texts(payload: Any) -> Iterator[str]:
    """The titles, labels and placeholders of a modal's raw payload."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("title", "label", "placeholder", "description") and isinstance(value, str):
                yield value
            else:
                yield from modal_texts(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from modal_texts(value)


class Reader:
    """Everything one member receives: answers to their interactions, collected as they
    come, and (at the end) the channel's posts and their DMs."""

    def __init__(self, member: Any) -> None:
        self.member = member
        self.texts: list[str] = []

    def took(self, r: Any) -> Any:
        if r.response is not None:
            self.texts += message_texts(r.response.message)
        for f in r.followups:
            self.texts += message_texts(f.message)
        if r.modal is not None:
            self.texts += modal_texts(r.modal)
        return r

    async def slash(self, channel: Any, name: str, **options: Any) -> Any:
        return self.took(await self.member.slash(channel, name, **options))

    async def click(self, message: Any, **how: Any) -> Any:
        return self.took(await self.member.click(message, **how))

    async def autocomplete(self, channel: Any, typed: str) -> list[dict[str, Any]]:
        choices = await self.member.autocomplete(channel, "move", "notation", typed)
        self.texts += [c["name"] for c in choices]
        return choices

    def read(self, channel: Any) -> None:
        """The channel's posts and the member's DMs (the member sees both)."""
        for message in channel.history():
            self.texts += message_texts(message)
        dms = self.member.user.dm_channel
        for message in dms.history() if dms is not None else []:
            self.texts += message_texts(message)


@pytest.fixture
def simcord_bot(bots):
    """Small boards: the game posts many and the test reads only their words."""
    return bots(settings=Settings(**{**FAST.__dict__, "board_scale": 0.25}))


async def japanese(env: Any, guild: Any, channel: Any, *members: Any) -> Any:
    """The server set to Japanese by an admin; ``members`` choose Japanese themselves."""
    role = guild.create_role("admin", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[role])
    await admin.slash(channel, "settings server", language="ja")
    for member in members:
        r = await member.slash(channel, "settings me", language="ja")
        assert r.response.content == "Boardroom は日本語で答えます。"
    return admin


def assert_japanese(reader: Reader, names: Iterable[str], env: Any) -> None:
    commands = [c.name for c in env.bot.tree.get_commands()]
    leaks = english_words(reader.texts, names, commands)
    first = {word: text for word, text in reversed(leaks)}
    shown = sorted(f"{word!r} in {text[:300]!r}" for word, text in first.items())
    assert not leaks, f"{len(shown)} English words:\n" + "\n".join(shown[:60])


async def test_a_japanese_member_plays_a_whole_kenchiku_game(simcord_env, table, bots):
    env = simcord_env
    guild, channel, (alice, *_rest) = table
    await japanese(env, guild, channel, alice)
    me = Reader(alice)
    r = await me.slash(channel, "game new", game="kenchiku", seed=7, options="ai=easy")
    lobby = r.response.message
    for _ in range(2):
        await me.click(lobby, label="AIを追加")
    await me.slash(channel, "game start")
    live = await env.bot.manager.live_in_channel(channel.id)
    seat = live.row.seat_of(alice.id)
    turns = 0
    async for _live, move in seat_turns(env, channel, seat, tries=400, seed=500):
        await me.slash(channel, "play")
        await me.autocomplete(channel, move.notation[:2])
        if turns % 4 == 0:
            await me.slash(channel, "game status")
            await me.slash(channel, "board")
        r = await me.slash(channel, "move", notation=move.notation)
        assert "✅" in "".join(me.texts[-3:]) or r.followups or r.response, move.notation
        turns += 1
    live = await env.bot.manager.live_in_channel(channel.id)
    assert live.state.is_over(), "the game did not end"
    assert turns >= 5
    await me.slash(channel, "game status")
    await me.slash(channel, "game log")
    await me.slash(channel, "games")
    await me.slash(channel, "rules", game="kenchiku")

    # the bot stopped before the summary was posted: after the restart it comes late, its
    # outcome reason in Japanese as the first one's
    def summaries() -> list[Any]:
        return [m for m in channel.history() if m.embeds and "まとめ" in str(m.embeds[0].title)]

    for _ in range(50):
        if summaries():
            break
        await env.advance_time(0.1)
    first = summaries()
    assert len(first) == 1
    async with env.bot.storage.transaction() as tx:
        await tx.execute("UPDATE games SET summary_posted = NULL WHERE id = ?", (live.id,))
    await env.restart_bot(bots(settings=Settings(**{**FAST.__dict__, "board_scale": 0.25})))
    for _ in range(50):
        if len(summaries()) == 2:
            break
        await env.advance_time(0.1)
    late = summaries()[-1]
    assert "再起動中に終わりました" in late.content, late.content
    assert (
        late.embeds[0].description.split("\n")[0] == first[0].embeds[0].description.split("\n")[0]
    )
    me.read(channel)
    assert any("ゲーム終了" in t for t in me.texts)
    assert_japanese(me, ["alice", "admin"], env)


def buttons(message: Any) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [row])]


def amount_option(message: Any, deed: str) -> str:
    """The value of the select option that opens the amount modal for an offer on ``deed``
    (a template entry: value ``t:<i>``)."""
    for item in buttons(message):
        for option in getattr(item, "options", []) or []:
            if str(option.value).startswith("t:") and deed in option.label:
                return str(option.value)
    raise AssertionError(f"no amount option for {deed!r}")


async def test_a_japanese_member_negotiates_in_masters_of_commerce(simcord_env, table):
    """alice (Japanese) offers rent through the Play panel and its amount modal, receives
    two competing offers for her own deed by DM, accepts one with the DM's button, and
    reads the rest of the negotiation and its end; bob and carol read English DMs."""
    env = simcord_env
    guild, channel, (alice, bob, carol, _dave) = table
    await japanese(env, guild, channel, alice)
    for member in (bob, carol):  # on a Japanese server, members who chose English
        await member.slash(channel, "settings me", language="en")
    me = Reader(alice)
    r = await me.slash(
        channel, "game new", game="masters_of_commerce", seed=2024, options="timer=600"
    )
    lobby = r.response.message
    await bob.click(lobby, label="参加")
    await carol.click(lobby, label="参加")
    await me.click(lobby, label="開始")
    live = await env.bot.manager.live_in_channel(channel.id)
    view = live.state.view(None)
    landlords = [d.landlord for d in view.districts]
    bobs_deed = view.districts[landlords.index(1)].deeds[0].id
    alices_deed = view.districts[landlords.index(0)].deeds[0].id
    # an offer through the panel: the menu, then the amount modal
    r = await me.slash(channel, "play")
    panel = r.response.message
    value = amount_option(panel, bobs_deed)
    r = me.took(await alice.select(panel, [value]))
    assert r.modal is not None
    done = me.took(await alice.submit_modal(r, {"amount": "23,500"}))
    assert "非公開で送りました" in done.response.content, done.response.content
    bob_dm = bob.user.dm_channel.history()[-1]
    assert "offers $23,500" in bob_dm.content, bob_dm.content  # bob chose English
    # two merchants bid for alice's deed: the second is a counter to the first
    await carol.slash(channel, "move", notation=f"offer {alices_deed} 20000")
    await bob.slash(channel, "move", notation=f"offer {alices_deed} 26000")
    dms = alice.user.dm_channel.history()
    assert len(dms) >= 2 and all(m.content.startswith("🔒 **商売の達人**") for m in dms[-2:])
    accept = next(
        b.label for b in buttons(dms[-1]) if "bob" in (b.label or "") and "受け入れる" in b.label
    )
    r = me.took(await alice.user.click(dms[-1], label=accept))
    assert r.response is not None
    await me.slash(channel, "hand")
    await me.slash(channel, "game status")
    await me.autocomplete(channel, "")
    # bob accepts alice's offer; the negotiation runs out on the clock
    await bob.slash(channel, "move", notation=f"accept {bobs_deed} p1")
    live = await env.bot.manager.live_in_channel(channel.id)
    dl = live.deadline()
    assert dl is not None
    await env.advance_time(dl.seconds + 1)
    await env.bot.services.autoplay.settle()
    await me.slash(channel, "game status")
    await me.slash(channel, "play")
    await me.slash(channel, "game log")
    me.read(channel)
    rows = await env.bot.storage.moves(live.id)
    assert (0, f"accept {alices_deed} p2") in [(m.seat, m.notation) for m in rows]
    assert_japanese(me, ["alice", "bob", "carol", "admin"], env)
    r = await carol.slash(channel, "hand")  # private answers to carol: English
    assert r.ephemeral and "Money: **$" in r.response.content, r.response.content


async def test_secret_moves_in_a_japanese_log_show_their_public_text_only(simcord_env, table):
    """Food Chain Magnate's reserve card is chosen in secret: the Japanese ``/game log``
    and channel say `reserve`（非公開）for the others' choices and never their amounts; the
    chooser sees her own."""
    from .replaying import fixture, open_game, play

    env = simcord_env
    guild, channel, (alice, bob, carol, _dave) = table
    await japanese(env, guild, channel, alice)
    data = fixture("food_chain_magnate", "3p.json")
    seated = [alice, bob, carol]
    await open_game(channel, seated, "food_chain_magnate", data)
    moves = data["moves"]
    reserves = [n for _s, n in moves if n.startswith("reserve ")]
    upto = max(i for i, (_s, n) in enumerate(moves) if n.startswith("reserve ")) + 1
    await play(env, channel, seated, moves[:upto])
    r = await alice.slash(channel, "game log")
    log = "\n".join([r.response.content] + [f.content for f in r.followups])
    own = next(n for s, n in moves if s == 0 and n.startswith("reserve "))
    assert f"`{own}`" in log and "あなたにだけ見えています" in log, log
    assert log.count("`reserve`（非公開）") == len(reserves) - 1, log
    shown = [line for line in log.splitlines() if re.search(r"`reserve \d+`", line)]
    assert len(shown) == 1 and f"`{own}`" in shown[0] and "あなたにだけ" in shown[0], shown
    public = "\n".join(m.content for m in channel.history())
    assert "`reserve`（非公開）" in public and "reserve (secret)" not in public
    assert not re.search(r"`reserve \d+`", public)
