"""Carnegie in Japanese (issue 23): every component the boards, panels and sentences name has a
``carnegie.term.*`` entry, every option a ``carnegie.option.*`` entry, and sentences name
departments, cities, regions, tabs, levels and actions in Japanese.

Term entries (``i18n.term("ja", "carnegie", kind, ident, english)``), English as
``games.carnegie.terms`` writes it:

- ``department.<id>`` (data ``name``; all 37: 5 starting, 16 base, 16 expansion), Japanese from
  seed 001's 部署一覧 (人事, 商務・財務, 戦略企画, …, 図書館ネットワーク);
- ``city.<id>`` (data ``name``), ``region.<id>`` (``West``: 西部), ``tab.<type>``
  (``housing``: 住宅), ``level.<id>`` (``railroad``: 鉄道), ``action.<id>`` (``HR``: 人事),
  ``action_long.<id>`` (``Human Resources``: 人事), ``donation.<id>`` (data ``name``:
  教育:人事, …), ``player.andrew`` (アンドリュー);
- ids where a sentence quotes or lists them, English = the id: ``region_id.<id>`` (``west``),
  ``department_id.<id>`` (``supply-chain``), ``city_id.<id>`` (``new-york``), ``action_id.<id>``
  (``rd``), and ``space.<any|small_town>``; ``phase.<step>``: the step names.

Whole games read in Japanese (events, notices, refusals, move labels and descriptions, phase
names) hold no English apart from notation, company-board cells, donation ids, seat tokens and
VP (the seed's own abbreviation).
"""

from __future__ import annotations

import re

import pytest

import i18n
from games.carnegie import terms
from games.carnegie.data import ACTIONS, LEVELS, PROJECT_TYPES, REGIONS, load
from games.core import get_game
from games.core.text import Msg

P = "carnegie"
D = load()


def _terms() -> list[tuple[str, str, str]]:
    out = [("department", d.id, d.name) for d in D.departments]
    out += [("city", c.id, c.name) for c in D.cities]
    out += [("region", r, r.title()) for r in REGIONS]
    out += [("tab", t, t) for t in PROJECT_TYPES]
    out += [("level", x, x) for x in LEVELS]
    out += [("action", a, terms.ACTION_WORDS[a]) for a in ACTIONS]
    out += [("action_long", a, terms.ACTION_NAMES[a]) for a in ACTIONS]
    out += [("donation", d.id, d.name) for d in D.donations]
    out += [("player", "andrew", "Andrew")]
    return out


@pytest.mark.parametrize(("kind", "ident", "english"), _terms())
def test_every_component_has_a_japanese_name(kind, ident, english):
    ja = i18n.term("ja", P, kind, ident, english)
    assert ja != english, f"{kind}.{ident} has no Japanese name"
    assert i18n.term("en", P, kind, ident, english) == english


def test_the_engine_keys_names_as_the_terms():
    """``games.carnegie.terms`` builds the same key and English that ``i18n.term`` reads."""
    makers = {
        "department": terms.department,
        "city": terms.city,
        "donation": terms.donation,
        "region": lambda ident, _english: terms.region(ident),
        "tab": lambda ident, _english: terms.tab(ident),
        "level": lambda ident, _english: terms.level(ident),
        "action": lambda ident, _english: terms.action(ident),
        "action_long": lambda ident, _english: terms.action_long(ident),
    }
    for kind, ident, english in _terms():
        if kind == "player":
            continue
        msg = makers[kind](ident, english)
        assert isinstance(msg, Msg) and str(msg) == english
        assert i18n.tr(msg, "ja") == i18n.term("ja", P, kind, ident, english)


def test_seed_names_of_departments():
    """Spot checks against seed 001's own words."""
    seed = {
        "commerce": "商務・財務",
        "planning": "戦略企画",
        "training": "訓練・協調",
        "telegraph": "電信事業",
        "archives": "記録保管所",
        "libraries": "図書館ネットワーク",
        "lobbying": "政治的ロビー活動",
    }
    for ident, ja in seed.items():
        assert i18n.term("ja", P, "department", ident, D.department[ident].name) == ja


@pytest.mark.parametrize("option", get_game(P).options, ids=lambda o: o.name)
def test_every_option_has_a_japanese_description(option):
    ja = i18n.option_text("ja", P, option.name, option.description)
    assert ja != option.description
    assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in ja)


def test_a_sentence_names_its_parts_in_japanese():
    msg = Msg(
        "carnegie.used_dept",
        "p{p} uses {name}{where}: {got}.",
        p=1,
        name=terms.department("purchasing", "Purchasing"),
        where=Msg("carnegie.mission_to", " (mission to {region})", region=terms.region("west")),
        got=Msg("carnegie.got.goods", "{k} goods", k=3),
    )
    assert str(msg) == "p1 uses Purchasing (mission to West): 3 goods."
    assert i18n.tr(msg, "ja") == "p1が購買を使用する(任務:西部):商品3個。"


def test_japanese_rules_page_has_the_english_outline():
    from .test_food_chain_magnate_ja import ROOT, check_rules_page

    check_rules_page(P)
    text = (ROOT / "docs" / "rules" / "ja" / f"{P}.md").read_text(encoding="utf-8")
    for word in ("部署", "社員", "任務", "輸送トラック", "寄付", "アンドリュー", "研究ポイント"):
        assert word in text
    for option in get_game(P).options:  # every option and its default is stated
        assert f"`{option.name}`" in text
    for d in D.departments:  # every department by its Japanese name
        assert i18n.term("ja", P, "department", d.id, d.name) in text


def _id_terms() -> list[tuple[str, str, str]]:
    out = [("region_id", r, r) for r in REGIONS]
    out += [("department_id", d.id, d.id) for d in D.departments]
    out += [("city_id", c.id, c.id) for c in D.cities]
    out += [("action_id", a, a) for a in ACTIONS]
    out += [("space", "any", "any"), ("space", "small-town", "small-town")]
    return out


@pytest.mark.parametrize(("kind", "ident", "english"), _id_terms())
def test_every_id_a_sentence_quotes_has_a_japanese_name(kind, ident, english):
    """The id keeps the English sentence byte-identical; the Japanese is the component's name
    (the same as its name term)."""
    makers = {
        "region_id": terms.region_id,
        "department_id": terms.department_id,
        "city_id": terms.city_id,
        "action_id": terms.action_id,
        "space": terms.space,
    }
    msg = makers[kind](ident)
    assert msg == english
    ja = i18n.tr(msg, "ja")
    assert ja != english and not re.search(r"[A-Za-z]", ja), (kind, ident, ja)
    names = {
        "region_id": lambda: i18n.term("ja", P, "region", ident, ident.title()),
        "department_id": lambda: i18n.term("ja", P, "department", ident, D.department[ident].name),
        "city_id": lambda: i18n.term("ja", P, "city", ident, D.city[ident].name),
        "action_id": lambda: i18n.term("ja", P, "action", ident, terms.ACTION_WORDS[ident]),
    }
    if kind in names:
        assert ja == names[kind]()


def test_owners_are_named_in_japanese():
    from games.carnegie.model import ANDREW, NEUTRAL

    state = get_game(P).create({}, 2, 5)
    said = {o: state.owner_name(o) for o in (None, NEUTRAL, ANDREW, 1)}
    assert said == {None: "nobody", NEUTRAL: "neutral", ANDREW: "Andrew", 1: "p2"}
    japanese = {o: i18n.tr(text, "ja") for o, text in said.items()}
    assert japanese == {None: "誰もいない", NEUTRAL: "中立", ANDREW: "アンドリュー", 1: "p2"}


ALLOWED = re.compile(
    r"(?<![A-Za-z0-9])(?:p\d{1,2}|[a-zA-Z]\d{1,2})(?![A-Za-z0-9])|(?<![A-Za-z])VP(?![A-Za-z])"
)
"""Seat tokens, company-board cells and donation ids (``C3``, ``b2``) and VP (seed 001 writes
VP)."""


def test_whole_games_read_in_japanese():
    """Fixtures (solo games with Andrew among them) and a few AI playouts replayed in Japanese:
    events, private notices, refusals, move labels and panel descriptions, phase names and
    outcomes."""
    from .test_kenchiku import _records, assert_japanese, said_in_japanese

    spec = get_game(P)
    tries = [
        "choose rd",
        "return 1",
        "pass",
        "sell 1",
        "end",
        "use purchasing west",
        "build housing new-york",
        "build housing new-york on commerce",
        "research tab housing",
        "research track west",
        "activate a1",
        "place new-york",
    ]
    said = said_in_japanese(spec, _records(spec, 3), tries)
    assert len(said) > 1000
    words = ("ラウンド", "アクション選択", "社員", "部署", "アンドリュー", "寄付", "研究ポイント")
    assert_japanese(said, words, ALLOWED)
