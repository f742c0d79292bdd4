"""``/rules`` inside Discord (issue 8, "Knowing what to do"): the rules as paged embeds built
from ``docs/rules/<game>.md`` and the GameSpec options, page buttons, topic autocomplete."""

from __future__ import annotations

import pytest

from bot.rules_help import rules_book, rules_embed, value_text
from games.core import all_games, get_game

BUILT_IN = ("kenchiku", "masters_of_commerce", "carnegie")


@pytest.mark.parametrize("game", BUILT_IN)
def test_every_built_in_game_has_paged_rules_within_discord_limits(game):
    book = rules_book(game)
    keys = [t.key for t in book.topics]
    assert keys[0] == "overview" and "options" in keys
    assert len(keys) == len(set(keys))
    assert len(book.topics) <= 25  # the topic autocomplete shows them all
    for page in range(len(book.pages)):
        embed = rules_embed(book, page)
        assert len(embed.title or "") <= 256
        assert 0 < len(embed.description or "") <= 4096
        assert "not in /rules" not in (embed.description or "")
    # headings of the document are the topics (its developer notes are left out)
    text = get_game(game).rules_path
    assert text.endswith(f"{game}.md")


def test_topics_follow_the_document_and_leave_out_developer_notes():
    keys = [t.key for t in rules_book("masters_of_commerce").topics]
    for phase in ("negotiation", "merchant-income", "rent", "tax", "exclusive", "landlord-auction"):
        assert phase in keys
    assert "for-the-bot" not in keys and "replay-fixtures" not in keys
    kenchiku = [t.key for t in rules_book("kenchiku").topics]
    assert {"turn", "build", "buy", "rest", "final-scoring"} <= set(kenchiku)
    assert "engine-versions" not in kenchiku


def test_options_show_real_defaults_with_units():
    for spec in all_games():
        book = rules_book(spec.key)
        options = next(t for t in book.topics if t.key == "options")
        text = "\n".join(options.pages)
        assert "default False" not in text and "``" not in text
        for o in spec.options:
            assert f"`{o.name}`" in text
            assert f"Default: **{value_text(o, o.default)}**" in text
    book = rules_book("masters_of_commerce")
    moc = "\n".join(next(t for t in book.topics if t.key == "options").pages)
    assert "Default: **2 minutes**" in moc  # timer=120
    assert "Default: **off**" in moc  # expert=False
    assert "Default: **none**" in moc  # roles=""
    assert "Default: **1 minute**" in moc  # auction_quiet (half the timer, at least 60 s)


async def test_rules_pages_turn_with_buttons_and_topics_autocomplete(simcord_env, table, bots):
    _guild, channel, members = table
    alice = members[0]
    r = await alice.slash(channel, "rules", game="masters_of_commerce")
    assert r.ephemeral
    first = r.response.embeds[0]
    assert "Overview" in first.title and "Masters of Commerce" in first.description
    assert "Page 1 of" in first.footer.text
    await alice.click(r.response.message, label="Next ▶")
    second = r.response.embeds[0]
    assert "Options" in second.title and "Default: **2 minutes**" in second.description
    await alice.click(r.response.message, label="◀ Previous")
    assert "Overview" in r.response.embeds[0].title
    # the buttons are stateless: they still turn pages after a restart
    await alice.click(r.response.message, label="Next ▶")
    await simcord_env.restart_bot(bots())
    await alice.click(r.response.message, label="Next ▶")
    assert "Page 3 of" in r.response.embeds[0].footer.text
    await alice.click(r.response.message, label="Contents")
    assert "Overview" in r.response.embeds[0].title

    # the topic menu jumps to a topic's first page (also a stateless dynamic item)
    book = rules_book("masters_of_commerce")
    rent = book.first_page("rent")
    await alice.select(
        r.response.message, [str(rent)], custom_id="rules:masters_of_commerce:topics"
    )
    assert "Rent" in r.response.embeds[0].title
    assert f"Page {rent + 1} of" in r.response.embeds[0].footer.text

    choices = await alice.autocomplete(channel, "rules", "topic", "neg", game="masters_of_commerce")
    assert choices[0] == {"name": "Negotiation", "value": "negotiation"}
    everything = await alice.autocomplete(channel, "rules", "topic", "", game="kenchiku")
    assert len(everything) == len(rules_book("kenchiku").topics)

    r = await alice.slash(channel, "rules", game="kenchiku", topic="final-scoring")
    assert "Final scoring" in r.response.embeds[0].title
    r = await alice.slash(channel, "rules", game="carnegie", topic="scoring")  # a partial name
    assert "Final scoring" in r.response.embeds[0].title
    r = await alice.slash(channel, "rules", game="carnegie", topic="weather")
    assert r.ephemeral and "no topic `weather`" in r.response.content
    assert "`setup`" in r.response.content
