"""Food Chain Magnate in Japanese (issue 23): every component the boards, panels and sentences
name has a ``food_chain_magnate.term.*`` entry, every option a ``food_chain_magnate.option.*``
entry, and a sentence names its cards, goods and campaigns in Japanese.

Term entries (``i18n.term("ja", "food_chain_magnate", kind, ident, english)``):

- ``employee.<id>``: English = the id with spaces (``kitchen trainee``), as sentences and the
  player panel write it; Japanese from seed 000 (エランドボーイ, ニュービジネスデベロッパー, …)
  or katakana of the card title where the seed names none.
- ``good.<id>`` (``soft drink``), ``campaign.<kind>`` (``billboard``), ``substep.<name>``
  (``marketing campaigns``): English as the engine writes them.
- ``milestone.<id>``: English = the card title in data (``First billboard placed``),
  Japanese = the seed's wording (``name_ja`` in data/food_chain_magnate/milestones.toml).
- ``chain.<name>``: the five restaurant chains; ``phase.<Phase value>``: ``PHASE_TITLES``.
- ``card.<id>``: English = the card's printed title (``Management Trainee``), as panel labels
  write it; ``side.<n|e|s|w>`` (``north``), ``campaign_title.<kind>`` (``Billboard``).

Whole games read in Japanese (events, notices, refusals, move labels and descriptions, phase
names) hold no English apart from notation, squares, corners, seat tokens and the seed's own
English words (「at work」, 「on the beach」, CEO, CFO).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import i18n
from games.core import get_game
from games.food_chain_magnate.data import components
from games.food_chain_magnate.describe import CAMPAIGN_TITLES, SIDES
from games.food_chain_magnate.model import PHASE_TITLES, SUBSTEP_NAMES
from games.food_chain_magnate.rules import pretty

P = "food_chain_magnate"
ROOT = Path(__file__).resolve().parents[2]
C = components()


def _terms() -> list[tuple[str, str, str]]:
    out = [("employee", k, k.replace("_", " ")) for k in C.employees]
    out += [("good", g, g.replace("_", " ")) for g in (*C.foods, *C.drinks)]
    out += [("campaign", k, k) for k in sorted({c.kind for c in C.campaigns.values()})]
    out += [("milestone", m.id, m.name) for m in C.milestones.values()]
    out += [("chain", name, name) for name in C.chains]
    out += [("phase", ph.value, title) for ph, title in PHASE_TITLES.items()]
    out += [("substep", name, name) for name in SUBSTEP_NAMES]
    out += [("card", k, card.name) for k, card in C.employees.items()]
    out += [("side", k, word) for k, word in SIDES.items()]
    out += [("campaign_title", k, title) for k, title in CAMPAIGN_TITLES.items()]
    return out


@pytest.mark.parametrize(("kind", "ident", "english"), _terms())
def test_every_component_has_a_japanese_name(kind, ident, english):
    ja = i18n.term("ja", P, kind, ident, english)
    assert ja != english or english in {"CEO", "CFO"}, f"{kind}.{ident} has no Japanese name"
    assert i18n.term("en", P, kind, ident, english) == english


def test_milestones_use_the_seeds_wording():
    for m in C.milestones.values():
        assert i18n.term("ja", P, "milestone", m.id, m.name) == m.name_ja


def test_seed_names_of_employees():
    """Spot checks against seed 000's own katakana."""
    seed = {
        "errand_boy": "エランドボーイ",
        "new_business_developer": "ニュービジネスデベロッパー",
        "zeppelin_pilot": "飛行船パイロット",
        "hr_director": "HRディレクター",
        "executive_vp": "エグゼクティブバイスプレジデント",
    }
    for ident, ja in seed.items():
        assert i18n.term("ja", P, "employee", ident, ident.replace("_", " ")) == ja


@pytest.mark.parametrize("option", get_game(P).options, ids=lambda o: o.name)
def test_every_option_has_a_japanese_description(option):
    ja = i18n.option_text("ja", P, option.name, option.description)
    assert ja != option.description
    assert any("\u3040" <= ch <= "\u30ff" for ch in ja)


def test_a_sentence_names_its_card_in_japanese():
    """``pretty`` keys a known card, good or campaign kind; a typo stays plain text."""
    from games.core.text import Msg

    msg = Msg(
        "food_chain_magnate.recruited",
        "{who} recruits a {kind}.",
        who="p1",
        kind=pretty("errand_boy"),
    )
    assert str(msg) == "p1 recruits a errand boy."
    assert i18n.tr(msg, "ja") == "p1がエランドボーイをリクルートする。"
    advert = Msg(
        "food_chain_magnate.campaign_run",
        "Campaign #{n} ({kind}, {who}) adds {product} demand to {where}.",
        n=3,
        kind=pretty("radio"),
        who="p2",
        product=pretty("soft_drink"),
        where="house 4",
    )
    assert "ラジオ" in i18n.tr(advert, "ja") and "ソフトドリンク" in i18n.tr(advert, "ja")
    assert not isinstance(pretty("errand_boyy"), Msg)


def rules_outline(path: Path) -> list[tuple[str, bool]]:
    """The ``##``/``###`` headings of a rules page as (level marks, section is marked
    ``<!-- not in /rules -->``), in order: the bot pairs the English and Japanese topics by
    position, so both pages must have the same outline."""
    out: list[tuple[str, bool]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("## ", "### ")):
            out.append((line.split(" ", 1)[0], False))
        elif line.strip() == "<!-- not in /rules -->" and out:
            out[-1] = (out[-1][0], True)
    return out


def check_rules_page(game: str) -> None:
    english = ROOT / "docs" / "rules" / f"{game}.md"
    japanese = ROOT / "docs" / "rules" / "ja" / f"{game}.md"
    assert rules_outline(japanese) == rules_outline(english)
    text = japanese.read_text(encoding="utf-8")
    assert text.startswith("# ") and sum(1 for ch in text if "\u3040" <= ch <= "\u30ff") > 2000


def test_japanese_rules_page_has_the_english_outline():
    check_rules_page(P)
    text = (ROOT / "docs" / "rules" / "ja" / f"{P}.md").read_text(encoding="utf-8")
    for word in (
        "リストラクチャリング",
        "オーダーオブビジネス",
        "ディナータイム",
        "給料日",
        "バンクリザーブカード",
        "マイルストーン",
        "エンプロイイー",
    ):
        assert word in text
    for option in get_game(P).options:  # every option and its default is stated
        assert f"`{option.name}`" in text


ALLOWED = re.compile(
    r"(?<![A-Za-z0-9])(?:p\d{1,2}|[a-zA-Z]\d{1,2}|[nNsS][eEwW]|CEO|CFO|HR)(?![A-Za-z0-9])"
    r"|at work|on the beach"
)
"""Seat tokens, squares (``o9``), entrance corners (``nw``), and the English the seed itself
uses in its Japanese text (「at work」, 「on the beach」, CEO, CFO, HRディレクター)."""


def test_whole_games_read_in_japanese():
    """Fixtures and a few AI playouts replayed in Japanese: events, private notices, refusals,
    move labels and panel descriptions, phase names and outcomes."""
    from .test_kenchiku import _records, assert_japanese, said_in_japanese

    spec = get_game(P)
    tries = [
        "recruit waitress",
        "train waitress burger_cook",
        "fire waitress",
        "pay",
        "done",
        "commit",
        "buy errand_boy beer",
        "cook kitchen_trainee",
        "house 7 a1 n",
        "place restaurant a1 nw",
        "advertise beer 2",
        "discard pizza",
    ]
    said = said_in_japanese(spec, _records(spec, 2), tries)
    assert len(said) > 1000
    words = ("リクルート", "ターン", "フェイズ", "レストラン", "給料日", "ウェイトレス", "解雇")
    assert_japanese(said, words, ALLOWED)


def test_what_stands_on_a_square_is_named_in_japanese():
    """A refusal names the piece on an occupied square: the English is the phrase the board
    keeps (``restaurant 2 of p1``), the Japanese keeps the ids."""
    from games.food_chain_magnate.restaurants import what_is_on

    state = get_game(P).create({}, 2, 5)
    expected = {
        "restaurant 2 of p1": "p1のレストラン2",
        "house 6": "家6",
        "the garden of house 6": "家6の庭",
        "campaign #3": "キャンペーン#3",
    }
    for phrase, japanese in expected.items():
        state.occupied[(0, 0)] = phrase
        found = what_is_on(state, (0, 0))
        assert found == phrase
        assert i18n.tr(found, "ja") == japanese


def test_panel_labels_are_keyed_and_english_unchanged():
    """A label is a keyed sentence whose English is today's label, and its Japanese names
    the card by the seed's katakana."""
    from games.food_chain_magnate.describe import describe
    from games.food_chain_magnate.moves import Advertise, Recruit, Work

    state = get_game(P).create({}, 2, 5)
    cases = [
        (Work("errand_boy"), "Put an Errand Boy to work", "エランドボーイを「at work」にする"),
        (Recruit("waitress"), "Recruit a Waitress", "ウェイトレスをリクルートする"),
        (Advertise("beer", 2), "Advertise beer for 2 turns", "ビールを2ターン宣伝する"),
    ]
    for move, english, japanese in cases:
        label = describe(state, 0, move)
        assert label == english
        assert i18n.tr(label, "ja") == japanese
    assert i18n.tr(state.phase_name(), "ja").startswith("セットアップ")
