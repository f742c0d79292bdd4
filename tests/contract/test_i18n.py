"""Translations (issue 23): the catalogues in ``i18n/locales`` against the code's sentences.

``REQUIRED`` lists the domains whose Japanese is complete; a domain joins it when every one of
its sentences is translated, and from then on a new sentence without a translation fails here.
"""

from __future__ import annotations

import pytest

import i18n
from games.core.text import Msg
from i18n.catalogues import by_domain, read, sentences

LANG = "ja"
REQUIRED: frozenset[str] = frozenset(
    {
        "bot",
        "carnegie",
        "cogs",
        "commands",
        "core",
        "food_chain_magnate",
        "kenchiku",
        "masters_of_commerce",
        "philadelphia",
        "render",
    }
)
"""Domains whose every sentence must have a Japanese translation."""


@pytest.fixture(scope="module")
def code() -> dict[str, dict[str, object]]:
    return by_domain(list(sentences()))  # type: ignore[return-value]


def test_a_key_names_one_sentence(code):
    """One key, one English template, one domain (a catalogue entry translates one sentence)."""
    seen: dict[str, tuple[str, str]] = {}
    problems = []
    for s in sentences():
        first = seen.setdefault(s.key, (s.english, s.where))
        if first[0] != s.english:
            problems.append(f"{s.key}: {first[1]} and {s.where} have different English")
    owners: dict[str, set[str]] = {}
    for domain, keys in code.items():
        for key in keys:
            owners.setdefault(key, set()).add(domain)
    problems += [f"{k} is in domains {sorted(d)}" for k, d in owners.items() if len(d) > 1]
    assert not problems, "\n".join(problems)


def test_translations_keep_every_placeholder():
    """A translation uses exactly the placeholders of its English (none dropped, none made up)."""
    problems = []
    for path in sorted((i18n.LOCALES / LANG).glob("*.po")):
        for m in read(LANG, path.stem):
            if not m.id or not m.string or not isinstance(m.string, str):
                continue
            want, got = i18n.placeholders(str(m.id)), i18n.placeholders(m.string)
            if want != got:
                problems.append(f"{path.name} {m.context}: {sorted(want)} != {sorted(got)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(REQUIRED))
def test_every_sentence_has_a_translation(code, domain):
    cat = {m.context: m for m in read(LANG, domain) if m.context}
    missing, stale = [], []
    for key, s in code.get(domain, {}).items():
        m = cat.get(key)
        if m is None or not m.string or m.fuzzy:
            missing.append(f"{key} ({s.where})")  # type: ignore[attr-defined]
        elif m.id != s.english:  # type: ignore[attr-defined]
            stale.append(f"{key}: translated from {m.id!r}")
    assert not missing and not stale, "\n".join(
        [f"{len(missing)} without a translation:", *missing, f"{len(stale)} stale:", *stale]
    )


def test_a_translation_is_used_and_falls_back_to_english(monkeypatch):
    entries = {
        "t.hello": i18n.Entry("Hello {name}.", "{name}さん、こんにちは。"),
        "t.fuzzy": i18n.Entry("Bye.", "さようなら。", fuzzy=True),
        "t.old": i18n.Entry("Old English.", "古い。"),
        "t.outer": i18n.Entry("{p} says: {what}", "{p}「{what}」"),
    }
    monkeypatch.setattr(i18n, "catalogue", lambda lang: entries if lang == "ja" else {})
    assert i18n.t("ja", "t.hello", "Hello {name}.", name="bob") == "bobさん、こんにちは。"
    assert i18n.t("en", "t.hello", "Hello {name}.", name="bob") == "Hello bob."
    assert i18n.t("ja", "t.fuzzy", "Bye.") == "Bye."  # fuzzy: not used
    assert i18n.t("ja", "t.old", "New English.") == "New English."  # made from other English
    assert i18n.t("ja", "t.none", "Nothing {x}.", x=1) == "Nothing 1."
    inner = Msg("t.hello", "Hello {name}.", name="al")
    assert i18n.tr(Msg("t.outer", "{p} says: {what}", p="bob", what=inner), "ja") == (
        "bob「alさん、こんにちは。」"
    )
    assert i18n.tr("plain text", "ja") == "plain text"


def test_language_order():
    """Member setting, else client locale, else server; public messages: the server's."""
    assert i18n.pick("ja", "en-US", "en") == "ja"
    assert i18n.pick(None, "ja", "en") == "ja"
    assert i18n.pick(None, "fr", "ja") == "ja"  # Boardroom does not speak French
    assert i18n.pick(None, None, None) == "en"
    assert i18n.pick("ja", "ja", None, public=True) == "en"
    assert i18n.pick("en", None, "ja", public=True) == "ja"
    assert i18n.supported("en-GB") == "en" and i18n.supported("zh-TW") is None
    assert i18n.number(1234567, "ja") == "1,234,567"


def _game_specs_required() -> list[object]:
    from .support import contract_games

    return [spec for spec in contract_games() if spec.key in REQUIRED]


@pytest.mark.parametrize("spec", _game_specs_required(), ids=lambda s: s.key)
def test_every_sentence_a_game_says_has_a_translation(spec):
    """Sentences whose key is built at run time are not in the sources' catalogue: replay the
    game's fixtures and a few AI playouts (events, notices, refusals, outcomes) and require a
    usable Japanese text for every key the game said under its own prefix."""
    from games.core.ai import play_out

    from .messages import KEY_PREFIX, check_record, recording_catalogue
    from .support import fixture_paths, load_fixture, seat_count

    with recording_catalogue() as said:
        records = [load_fixture(p).record for p in fixture_paths(spec.key)]
        for i in range(3):
            records.append(play_out(spec, seat_count(spec, i), 7000 + i)[1])
        for n, record in enumerate(records):
            check_record(said, record, seed=n)
    entries = i18n.catalogue(LANG)
    missing = []
    for key, english in sorted(said.templates.items()):
        if key.split(".")[0] != KEY_PREFIX.get(spec.key, spec.key):
            continue
        for template in english:
            if i18n.template(key, template, LANG) == template:
                missing.append(f"{key}: {template!r} ({'stale' if key in entries else 'none'})")
    assert not missing, f"{len(missing)} said but not translated:\n" + "\n".join(missing)


def test_extraction_skips_a_subscript_of_a_keyword_name(tmp_path):
    """A name ``t`` indexed inside a call (``f("a", t[k])``) is not a sentence: Babel 2.19
    reports it as a one-argument ``t`` call and raised ``IndexError`` for the whole file
    (CI failed on games/carnegie/data.py); the sentences around it are still found."""
    pkg = tmp_path / "games" / "toy"
    pkg.mkdir(parents=True)
    (pkg / "mod.py").write_text(
        "def f(a, b):\n"
        "    return a\n"
        "t = {'k': 1}\n"
        "before = Msg('toy.before', 'Before {n}')\n"
        "x = {k: f('a', t[k]) for k in t}\n"
        "y = f(f'{x}.{t}', t['k'])\n"
        "after = Msg('toy.after', 'After')\n"
        "said = t(lang, 'toy.said', 'Said')\n",
        encoding="utf-8",
    )
    found = [(s.domain, s.key, s.english) for s in sentences(tmp_path)]
    assert found == [
        ("toy", "toy.before", "Before {n}"),
        ("toy", "toy.after", "After"),
        ("toy", "toy.said", "Said"),
    ]
