"""Philadelphia (フィラデルフィア) in Japanese (issue 23): every job, item, industry and field
card (both data versions) and every option has a Japanese text in
``i18n/locales/ja/philadelphia.po`` (the data's own ``name_ja``), and whole games read in
Japanese (events, notices, refusals, effect prompts, panel labels, phase names, outcomes) hold
no English apart from notation, card ids and seat tokens."""

from __future__ import annotations

import re

import i18n
from games.core import get_game
from games.core.ai import play_out
from games.philadelphia import SPEC
from games.philadelphia.cards import DATA_DIRS, data

from ..contract.support import fixture_paths, load_fixture, seat_count
from .test_kenchiku import JA, assert_japanese, english_left, said_in_japanese

PREFIX = "philadelphia"
ALLOWED = re.compile(r"\b(?:p\d{1,2}|[a-z]+(?:-[a-z]+)*-[a-d])\b")
"""Seat tokens and card ids (``cafe-a``, ``design-office-b``)."""


def _slug(ident: str) -> str:
    return ident.lower().replace("-", "_")


def test_every_component_has_its_japanese_name():
    for version in DATA_DIRS:
        d = data(version)
        parts = [("job", j) for j in d.jobs] + [("item", i) for i in d.items]
        parts += [("industry", i) for i in d.industries] + [("field", d.field)]
        for kind, part in parts:
            found = i18n.term(JA, PREFIX, kind, part.id, part.name)
            assert found == part.name_ja, (version, kind, part.id, found)


def test_every_card_text_has_a_japanese_text():
    """The effect texts the hands and the detailed board show (``philadelphia.term.job_text``,
    ``item_text``, ``field_text``; engine version 1's differing texts as ``<id>_v1``)."""
    for version in DATA_DIRS:
        d = data(version)
        current = data()
        for kind, parts, now in (("job", d.jobs, current.jobs), ("item", d.items, current.items)):
            texts = {p.id: p.text for p in now}
            for part in parts:
                ident = (
                    part.id
                    if texts.get(part.id, part.text) == part.text
                    else f"{part.id}_v{version}"
                )
                found = i18n.term(JA, PREFIX, f"{kind}_text", ident, part.text)
                assert found != part.text and not english_left(found), (version, part.id)
        found = i18n.term(JA, PREFIX, "field_text", d.field.id, d.field.text)
        assert found != d.field.text


def test_every_option_has_a_japanese_description():
    for option in SPEC.options:
        text = i18n.option_text(JA, PREFIX, option.name, option.description)
        assert text != option.description, option.name
        assert not english_left(text), (option.name, english_left(text))


def test_whole_games_read_in_japanese():
    spec = get_game(PREFIX)
    records = [load_fixture(p).record for p in fixture_paths(spec.key)]
    records += [play_out(spec, seat_count(spec, i), 9300 + i)[1] for i in range(3)]
    tries = [
        "explore",
        "acquire 2",
        "acquire 9",
        "buy chance",
        "pass",
        "nurse",
        "submit pair cafe",
        "submit flush cafe+hotel",
        "keep cafe-a",
        "done",
        "skip",
    ]
    said = said_in_japanese(spec, records, tries)
    assert_japanese(said, ("掲載", "成立", "違約", "勝利点", "採用", "フェイズ", "金"), ALLOWED)
