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
"""

from __future__ import annotations

from pathlib import Path

import pytest

import i18n
from games.core import get_game
from games.food_chain_magnate.data import components
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
