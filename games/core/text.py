"""Player-facing sentences with a stable key and parameters.

Engines return events and refusal reasons as plain strings so that callers can print them;
a ``Msg`` is such a string that also remembers which sentence it is (``key``) and what was
filled in (``params``), so a translation catalogue can re-render it later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Msg(str):
    """An English sentence (the ``str`` value) with ``key`` and ``params``.

    ``Msg("kenchiku.value_too_high", "Land value at {coord} is {value}.", coord="e2",
    value=3)`` is the string ``"Land value at e2 is 3."``. Keys are dotted,
    ``<game>.<what>`` or a bare core key such as ``not_your_turn``.
    """

    key: str
    params: Mapping[str, Any]
    template: str
    """The English ``str.format`` template; a catalogue (``i18n``) translates it by ``key``."""

    def __new__(cls, key: str, template: str, /, **params: Any) -> Msg:
        obj = super().__new__(cls, template.format(**params) if params else template)
        obj.key = key
        obj.params = params
        obj.template = template
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.key, str(self), dict(self.params), self.template))


def _rebuild(key: str, text: str, params: Mapping[str, Any], template: str | None = None) -> Msg:
    msg = Msg(key, text)
    msg.params = params
    msg.template = text if template is None else template
    return msg


def key_of(text: str) -> str:
    """The stable key of an event or reason (``"text"`` for a plain string)."""
    return getattr(text, "key", "text")


_COUNTS = ("two", "three", "four", "five", "six", "seven", "eight")
_JOINS = {", ": "list", " and ": "and", " or ": "or", " ": "sentences"}


def joined(items: Sequence[str], sep: str = ", ") -> str:
    """``items`` joined by ``sep`` (``", "``, ``" and "``, ``" or "`` or ``" "``) as one keyed
    sentence, so a catalogue translates the separator and each item (itself a ``Msg``).

    Keys are the core's: ``list_two`` (``"{a}, {b}"``) … ``list_eight``, ``and_two``
    (``"{a} and {b}"``) … ``and_eight``, ``or_two`` … ``or_eight``, ``sentences_two``
    (``"{a} {b}"``: sentences in a row) … ``sentences_eight``. One item is returned as
    it is, none as ``""``; more than eight, or another separator, as a plain joined string.
    The English is exactly ``sep.join(items)``."""
    if len(items) < 2:
        return items[0] if items else ""
    if len(items) - 2 >= len(_COUNTS) or sep not in _JOINS:
        return sep.join(items)
    names = "abcdefgh"[: len(items)]
    key = f"{_JOINS[sep]}_{_COUNTS[len(items) - 2]}"
    template = sep.join("{" + n + "}" for n in names)
    return Msg(key, template, **dict(zip(names, items, strict=True)))


def game_title(game: str, english: str) -> str:
    """A game's name as a keyed word (core key ``title_<game>``: ``"Kenchiku"``), so a
    catalogue can give the name its players know it by (建築会社ゲーム)."""
    key = "title_" + game
    return Msg(key, english)
