"""``/board zoom:<area>`` (issue 9, Food Chain Magnate "Playing it on Discord"): one area of the
map drawn large, only for the asker unless posted publicly; a bad area, or ``zoom`` with
``player``/``detail``, is refused with a sentence and nothing is posted or changed."""

from __future__ import annotations

import io

from PIL import Image

from tests.bot.test_info_play import open_kenchiku

from .replaying import fixture, moves_recorded, open_game, play

GAME = "food_chain_magnate"
MAP_SENTENCE = "The map runs a1 to t15; name one square (e5) or two corners (c3:h9)."


def _sent(r):  # the answer: a deferred command's follow-up, or its direct response
    return (r.followups or [r.response])[-1]


async def test_zoom_shows_an_area_privately_and_refuses_bad_areas(simcord_env, table):
    _guild, channel, members = table
    data = fixture(GAME, "3p.json")
    seated = members[:3]
    await open_game(channel, seated, GAME, data)
    await play(simcord_env, channel, seated, data["moves"][:3])  # three restaurants placed
    alice = seated[0]
    posted = len(channel.history())
    before = await moves_recorded(simcord_env, channel.id)

    r = await alice.slash(channel, "board", zoom="e5")
    sent = _sent(r)
    assert r.ephemeral and sent.ephemeral, sent.content
    assert sent.content.startswith("**Zoom e5** · **Food Chain Magnate**"), sent.content
    assert len(sent.attachments) == 1 and "-zoom" in sent.attachments[0].filename
    image = Image.open(io.BytesIO(await sent.attachments[0].read()))
    assert 550 <= image.width <= 700 and image.height > image.width  # the tile, drawn large

    # A bad area: the renderer's sentence, only for the asker, even with public:True.
    for area, public in (("z99", False), ("e5:x40", True), ("p15:a1", False)):
        r = await alice.slash(channel, "board", zoom=area, public=public)
        assert r.ephemeral, area
        text = r.response.content
        if area == "p15:a1":
            assert "A zoom shows at most 10 × 10 squares" in text, text
        else:
            assert text == f"`{area}` is not an area of this map. {MAP_SENTENCE}", text
        assert not r.followups and not r.response.attachments

    # zoom goes alone
    for extra in ({"player": "p2"}, {"detail": True}):
        r = await alice.slash(channel, "board", zoom="e5", **extra)
        assert r.ephemeral and "`zoom` shows one area of the whole map" in r.response.content
        assert not r.response.attachments

    # public:True posts a good zoom for everyone
    r = await seated[1].slash(channel, "board", zoom="c3:h9", public=True)
    sent = _sent(r)
    assert not r.ephemeral and sent.attachments, sent.content
    assert sent.content.startswith("**Zoom c3:h9**")
    assert len(channel.history()) == posted + 1  # only that public zoom reached the channel
    assert await moves_recorded(simcord_env, channel.id) == before


async def test_a_game_without_a_zoomed_view_says_so(simcord_env, table):
    _guild, channel, members = table
    await open_kenchiku(channel, members)
    r = await members[0].slash(channel, "board", zoom="c4")
    assert r.ephemeral
    assert r.response.content == "This game has no zoomed view; try `/board detail`."
