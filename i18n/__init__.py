"""Boardroom's languages: translation catalogues, the language each reader gets, and numbers
formatted for it.

Every player-facing sentence has a stable **key** and an **English template** in the code: a
``games.core.Msg`` (``Msg("kenchiku.rest.rested", "{p} rests.", p="p1")``) — engines, the bot and
the renderers all write their sentences that way. Translations live in gettext catalogues, one
per *domain* (``bot``, ``commands``, ``render``, ``core`` and one per game), at
``i18n/locales/<lang>/<domain>.po``, read with Babel:

.. code-block:: po

    msgctxt "kenchiku.rest.rested"
    msgid "{p} rests."
    msgstr "{p}は休憩する。"

``msgctxt`` is the key, ``msgid`` the English template as the code writes it (so a translator
sees the source, and ``python -m tools.i18n update`` marks a translation *fuzzy* when the
English changes), ``msgstr`` the translation with the same ``{placeholders}``. A fuzzy, empty or
missing translation falls back to the English. ``tests/contract/test_i18n.py`` fails on a key
without a translation, a translation that drops or invents a placeholder, or one whose English
no longer matches the code.

Language order (issue 23): a member's own setting, else their Discord client's locale (the
interaction's), else the server's setting, else English; public channel messages use the
server's language, DMs and ephemeral replies the member's. ``pick`` implements that order;
the bot supplies the four inputs.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from games.core.text import Msg

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT = "en"
LANGUAGES: Mapping[str, str] = {"en": "English", "ja": "日本語"}
"""Languages Boardroom speaks, by code, each named in itself."""


def supported(lang: str | None) -> str | None:
    """``lang`` reduced to a language Boardroom speaks (``"ja"``, ``"en-US"`` → ``"en"``), or
    ``None`` when it speaks no such language. Accepts Discord's locale codes and ``Locale``."""
    if not lang:
        return None
    code = str(getattr(lang, "value", lang)).replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def pick(
    member: str | None = None,
    client: str | None = None,
    server: str | None = None,
    *,
    public: bool = False,
) -> str:
    """The language of one message.

    A private message (DM, ephemeral reply) follows the member's setting, else their client's
    locale, else the server's setting; a ``public`` one (a channel message everyone reads)
    follows the server's setting only. English when none applies."""
    order = (server,) if public else (member, client, server)
    for lang in order:
        found = supported(lang)
        if found:
            return found
    return DEFAULT


@dataclass(frozen=True)
class Entry:
    """One translation: the English template it was made from and the translated template."""

    english: str
    text: str
    fuzzy: bool = False


@functools.cache
def catalogue(lang: str) -> Mapping[str, Entry]:
    """Every translation of ``lang`` by key (all domains of ``locales/<lang>/``)."""
    entries: dict[str, Entry] = {}
    folder = LOCALES / lang
    if not folder.is_dir():
        return entries
    for path in sorted(folder.glob("*.po")):
        with path.open("rb") as f:
            cat = read_po(f, locale=lang, domain=path.stem)
        for message in cat:
            if not message.id or not message.context or not isinstance(message.id, str):
                continue
            text = message.string if isinstance(message.string, str) else ""
            entries[message.context] = Entry(message.id, text, message.fuzzy)
    return entries


def template(key: str, english: str, lang: str) -> str:
    """The template of ``key`` in ``lang``; the ``english`` one when it has no usable
    translation (none, empty, fuzzy, or made from another English)."""
    if lang == DEFAULT:
        return english
    entry = catalogue(lang).get(key)
    if entry is None or not entry.text or entry.fuzzy or entry.english != english:
        return english
    return entry.text


def t(lang: str, key: str, english: str, /, **params: Any) -> str:
    """``english`` (a ``str.format`` template) of ``key`` in ``lang``, filled with ``params``.

    ``t("ja", "bot.lobby.joined", "{name} joined.", name="bob")`` → ``"bobが参加しました。"``."""
    return tr(Msg(key, english, **params), lang)


def tr(text: str, lang: str) -> str:
    """A sentence in ``lang``: a ``Msg`` is re-rendered from its key and params (params that
    are themselves ``Msg`` are translated first); any other string is returned as it is."""
    if lang == DEFAULT or not isinstance(text, Msg):
        return str(text)
    english = _english_template(text)
    if english is None:
        return str(text)
    chosen = template(text.key, english, lang)
    if chosen is english:
        return str(text)
    params = {k: tr(v, lang) if isinstance(v, Msg) else v for k, v in text.params.items()}
    try:
        return chosen.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(text)  # a broken translation never hides the sentence


def term(lang: str, prefix: str, kind: str, ident: str, english: str) -> str:
    """A component's or concept's name in ``lang`` (an employee, a department, a card, a
    phase): the entry ``<prefix>.term.<kind>.<ident>`` of the game's catalogue (``ident``
    lowered, anything but letters and digits made ``_``), else ``english``.

    ``term("ja", "food_chain_magnate", "employee", "waitress", "Waitress")`` → ``"ウェイトレス"``.
    Terms come from data files, not code: add their entries to the game's ``.po`` by hand
    (``python -m tools.i18n update`` keeps keys the code does not write)."""
    key = f"{prefix}.term.{kind}.{_slug(ident)}"
    return template(key, english, lang)


def option_text(lang: str, prefix: str, option: str, english: str) -> str:
    """A game option's description in ``lang`` (entry ``<prefix>.option.<option>``)."""
    return template(f"{prefix}.option.{_slug(option)}", english, lang)


def _slug(ident: str) -> str:
    return "".join(c if c.isascii() and c.isalnum() else "_" for c in ident.lower())


def tr_all(texts: Iterable[str], lang: str) -> list[str]:
    """``tr`` of each."""
    return [tr(x, lang) for x in texts]


def number(value: int | float, lang: str) -> str:
    """``value`` with the language's digit grouping (``12,000`` in English and Japanese)."""
    return format_decimal(value, locale=_babel_locale(lang))


def placeholders(template_text: str) -> frozenset[str]:
    """The field names a ``str.format`` template uses (``"{p} pays ${amount:,}"`` →
    ``{"p", "amount"}``)."""
    names = set()
    for _literal, field, _spec, _conv in string.Formatter().parse(template_text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return frozenset(names)


def _english_template(msg: Msg) -> str | None:
    template_text: str | None = getattr(msg, "template", None)
    return template_text


def _babel_locale(lang: str) -> str:
    return {"en": "en_US", "ja": "ja_JP"}.get(lang, "en_US")
