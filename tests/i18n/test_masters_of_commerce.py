"""Masters of Commerce (商売の達人) in Japanese (issue 23): every colour, goods token and option
has a Japanese text in ``i18n/locales/ja/masters_of_commerce.po``, and whole games read in
Japanese (events, private notices and prompts, refusals, phase names, outcomes) hold no English
apart from notation, deed ids, seat tokens and the players' own offer notes."""

from __future__ import annotations

import re
import tomllib

import i18n
from games.core import get_game
from games.core.ai import play_out
from games.masters_of_commerce import SPEC
from games.masters_of_commerce.data import components

from ..contract.support import ROOT, fixture_paths, load_fixture, sample_options, seat_count
from .test_kenchiku import JA, assert_japanese, english_left, said_in_japanese

PREFIX = "moc"
ALLOWED = re.compile(r"\b(?:p\d{1,2}|(?:x2)?[rygb]\d{1,2}|x2|Note ?\d+)\b|「[^」]*」")
"""Seat tokens, deed ids (``r3``, ``x2g1``), the ``x2`` mark and a player's quoted note."""


def test_every_colour_and_goods_token_has_a_japanese_name():
    seed = {"red": "赤", "yellow": "黄", "green": "緑", "blue": "青"}
    for colour in components().colours:
        assert i18n.term(JA, PREFIX, "colour", colour.key, colour.name) == seed[colour.key]
    rules = tomllib.loads((ROOT / "data/masters_of_commerce/rules.toml").read_text("utf-8"))
    goods = rules["merchant_tokens"]["goods"]
    names = [i18n.term(JA, PREFIX, "goods", g, g.capitalize()) for g in goods]
    assert all(n and not english_left(n) for n in names), names
    assert names[:3] == ["リンゴ", "家畜", "オイル"]  # the seed's リンゴ、家畜、オイル


def test_every_option_has_a_japanese_description():
    for option in SPEC.options:
        text = i18n.option_text(JA, PREFIX, option.name, option.description)
        assert text != option.description, option.name
        assert not english_left(text, ALLOWED), (option.name, english_left(text, ALLOWED))


def test_whole_games_read_in_japanese():
    spec = get_game("masters_of_commerce")
    records = [load_fixture(p).record for p in fixture_paths(spec.key)]
    records += [
        play_out(spec, seat_count(spec, i), 9200 + i, options=sample_options(spec, i))[1]
        for i in range(4)
    ]
    tries = [
        "bid 5000",
        "pass",
        "pay r3",
        "lien none",
        "exclusive none",
        "give p2 1000",
        "offer r1 10000",
        "accept r1 p3",
        "done",
        "sell r3",
        "lien r3",
        "pay all",
    ]
    said = said_in_japanese(spec, records, tries)
    assert any("オファー" in x for x in said)  # the landlord's private offer notices
    assert_japanese(
        said, ("地主", "商人", "土地権利書", "レンタル料", "税金", "交渉", "年目"), ALLOWED
    )
