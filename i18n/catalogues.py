"""The translation catalogues as files: which sentences the code has (extracted from the
sources with Babel), which domain each belongs to, and keeping ``locales/<lang>/<domain>.po``
in step with the code (``python -m tools.i18n update``).

A sentence is any literal ``Msg("<key>", "<English template>", ...)`` or
``t(lang, "<key>", "<English template>", ...)`` call in ``games/``, ``bot/`` or ``render/``
(Babel's Python extractor with the keyword specs ``Msg:1c,2`` and ``t:2c,3``: the key is the
gettext context, the template the message id). A comment starting ``i18n:`` just above
the call becomes a note for translators. Sentences built at run time with a computed key are
not found here; the contract tests replay games to check those.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.pofile import read_po, write_po

from . import LANGUAGES, LOCALES

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("games", "bot", "render")
KEYWORDS = {"Msg": ((1, "c"), 2), "t": ((2, "c"), 3)}
"""``Msg(key, english, ...)`` and ``i18n.t(lang, key, english, ...)``."""
PROJECT = "Boardroom"


def _arguments_needed(spec: tuple[Any, ...]) -> int:
    """How many arguments a keyword spec reads: ``((2, "c"), 3)`` → 3."""
    return max(i[0] if isinstance(i, tuple) else i for i in spec)


def extract_calls(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's Python extractor, keeping only calls with enough arguments for their spec.

    Babel 2.19 reports a subscript inside a call's arguments (``f("a", t[k])``) as a call of
    the keyword ``t`` with one argument, and its spec matching then raises ``IndexError`` for
    the whole file; 2.18 skipped it. Neither a ``Msg`` nor a ``t`` sentence has fewer
    arguments than its spec, so dropping those results loses no sentence on any version."""
    # Babel types the extractor's results as extract()'s own (message, context); they are
    # (line, function name, messages, comments).
    results: Iterator[Any] = extract_python(fileobj, keywords, comment_tags, options)
    for lineno, funcname, messages, comments in results:
        spec = KEYWORDS.get(funcname)
        if spec:
            got = len(messages) if isinstance(messages, (list, tuple)) else 1
            if got < _arguments_needed(spec):
                continue
        yield lineno, funcname, messages, comments


@dataclass(frozen=True)
class Sentence:
    """One sentence of the code: its ``domain`` (``bot``, ``render``, ``core`` or a game's
    package name), ``key``, English ``template``, where it is and its translator notes."""

    domain: str
    key: str
    english: str
    where: str
    notes: tuple[str, ...] = ()


def domain_of(path: str) -> str:
    """``games/kenchiku/state.py`` → ``kenchiku``; ``bot/cogs/lobby.py`` and ``bot/ui/…`` →
    ``cogs`` (what commands and panels answer); any other ``bot/…`` → ``bot`` (announcements,
    refusals, DMs: the move path); ``render/…`` → ``render``."""
    parts = Path(path).parts
    if parts[0] == "games" and len(parts) > 2:
        return parts[1]
    if parts[0] == "bot" and len(parts) > 2 and parts[1] in ("cogs", "ui"):
        return "cogs"
    return parts[0]


def sentences(root: Path = ROOT) -> Iterator[Sentence]:
    """Every literal ``Msg`` sentence in the sources, in file order."""
    for top in SOURCES:
        folder = root / top
        for filename, lineno, message, comments, context in extract_from_dir(
            str(folder),
            method_map=[("**.py", "i18n.catalogues:extract_calls")],
            keywords=KEYWORDS,
            comment_tags=("i18n:",),
            strip_comment_tags=True,
        ):
            if not context or not isinstance(message, str):
                continue
            rel = f"{top}/{filename}"
            yield Sentence(domain_of(rel), context, message, f"{rel}:{lineno}", tuple(comments))


def by_domain(items: Iterator[Sentence] | list[Sentence]) -> dict[str, dict[str, Sentence]]:
    """Sentences grouped by domain, then key (the first occurrence of a key wins)."""
    out: dict[str, dict[str, Sentence]] = {}
    for s in items:
        out.setdefault(s.domain, {}).setdefault(s.key, s)
    return out


def _empty(lang: str, domain: str, like: Catalog | None = None) -> Catalog:
    """An empty catalogue with Boardroom's header (dates kept from ``like``, so an update
    that changes no sentence changes no byte)."""
    dates: dict[str, Any] = {}
    if like is not None:
        dates = {"creation_date": like.creation_date, "revision_date": like.revision_date}
    return Catalog(
        locale=lang,
        domain=domain,
        project=PROJECT,
        version="1",
        copyright_holder="the Boardroom contributors",
        msgid_bugs_address="the project's issue tracker",
        last_translator="the Boardroom contributors",
        language_team=f"{LANGUAGES.get(lang, lang)} ({lang})",
        fuzzy=False,
        header_comment=(
            f"# {LANGUAGES.get(lang, lang)} ({lang}) translations of Boardroom's sentences.\n"
            "# msgctxt is the sentence's key, msgid its English template (from the code),\n"
            "# msgstr the translation with the same {placeholders}.\n"
            "# Kept in step with the code by `python -m tools.i18n update`."
        ),
        **dates,
    )


def _location(where: str) -> tuple[str, int]:
    path, line = where.rsplit(":", 1)
    return path, int(line)


def path_of(lang: str, domain: str) -> Path:
    return LOCALES / lang / f"{domain}.po"


def read(lang: str, domain: str) -> Catalog:
    """The catalogue file of ``lang`` and ``domain`` (an empty one when there is none)."""
    path = path_of(lang, domain)
    if not path.exists():
        return _empty(lang, domain)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def write(catalog: Catalog, lang: str, domain: str) -> Path:
    path = path_of(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False, omit_header=False, include_lineno=False)
    return path


def update(lang: str, domain: str, wanted: dict[str, Sentence], *, prune: bool = False) -> Catalog:
    """Bring one catalogue in step with the code's sentences of its domain.

    A new key gets an empty translation; a key whose English changed keeps its translation,
    marked fuzzy (so it is not used until a translator checks it) with the old English as
    ``previous_id``; keys the code no longer has are kept (they may be built at run time)
    unless ``prune``."""
    old = read(lang, domain)
    have = {m.context: m for m in old if m.id and m.context}
    new = _empty(lang, domain, like=old)
    for key, s in wanted.items():
        flags: set[str] = set()
        previous: list[str] = []
        text = ""
        m = have.pop(key, None)
        if m is not None:
            text = m.string if isinstance(m.string, str) else ""
            flags = set(m.flags) & {"fuzzy"}
            if m.id != s.english:
                flags.add("fuzzy")
                previous = [str(m.id)]
        new.add(
            s.english,
            text,
            locations=[_location(s.where)],
            flags=flags,
            auto_comments=list(s.notes),
            previous_id=previous,
            context=key,
        )
    if not prune:
        for key, m in have.items():
            new.add(
                m.id,
                m.string,
                flags=set(m.flags),
                auto_comments=list(m.auto_comments),
                user_comments=list(m.user_comments),
                context=key,
            )
    return new
