"""Move notation declared once per move class: one small pattern both formats and parses.

A move class names its words in ``syntax``; the ``Notation`` codec of a game reads text back
into moves. Pattern elements, separated by spaces:

* ``word`` — a literal word;
* ``{field}`` — one word for a ``str`` field; ``{field:conv}`` uses a converter
  (``int``: ASCII digits; ``seat``: ``p1`` is seat 0; ``word``: the default);
* ``{field:conv?}`` — the same, where the word ``none`` stands for ``None``;
* ``{field:flag}`` — a ``bool`` field written as the field's name when true (put it in
  ``[...]`` so the word may be left out); ``{field:flag=word}`` writes ``word`` instead;
* ``{field:text}`` — the rest of the text, case kept (must come last);
* ``[ ... ]`` — an optional group, written only when a field in it differs from its default.

Example: ``syntax = "offer {deed} [{closed:flag}] {amount:int} [note {note:text}]"``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidMove
from .text import Msg, joined

_INT = re.compile(r"-?[0-9]{1,15}")
_SEAT = re.compile(r"p([1-9][0-9]?)")


@dataclass(frozen=True)
class Converter:
    """How one field's value is written as a word and read back (``parse`` raises ValueError)."""

    format: Callable[[Any], str]
    parse: Callable[[str], Any]


def _parse_int(word: str) -> int:
    if not _INT.fullmatch(word):
        raise ValueError(word)
    return int(word)


def _parse_seat(word: str) -> int:
    m = _SEAT.fullmatch(word)
    if not m:
        raise ValueError(word)
    return int(m.group(1)) - 1


def _parse_word(word: str) -> str:
    return word


CONVERTERS: dict[str, Converter] = {
    "word": Converter(str, _parse_word),
    "int": Converter(str, _parse_int),
    "seat": Converter(lambda s: f"p{s + 1}", _parse_seat),
}


def register_converter(name: str, conv: Converter) -> None:
    """Make ``{field:name}`` available to every game (e.g. a coordinate type)."""
    if name in CONVERTERS and CONVERTERS[name] != conv:
        raise ValueError(f"converter {name!r} registered twice")
    CONVERTERS[name] = conv


# -- compiled patterns ------------------------------------------------------------------


@dataclass(frozen=True)
class _Lit:
    word: str


@dataclass(frozen=True)
class _Field:
    name: str
    conv: Converter
    optional: bool  # the word "none" is None


@dataclass(frozen=True)
class _Flag:
    name: str
    word: str


@dataclass(frozen=True)
class _Text:
    name: str


@dataclass(frozen=True)
class _Group:
    items: tuple[_Elem, ...]


_Elem = _Lit | _Field | _Flag | _Text | _Group


def _tokens(syntax: str) -> list[str]:
    return re.findall(r"\{[^}]*\}|\[|\]|[^\s\[\]{}]+", syntax)


def _compile(syntax: str, where: str) -> tuple[_Elem, ...]:
    stack: list[list[_Elem]] = [[]]
    for tok in _tokens(syntax):
        if tok == "[":
            stack.append([])
        elif tok == "]":
            if len(stack) < 2:
                raise ValueError(f"{where}: unbalanced ] in {syntax!r}")
            items = stack.pop()
            stack[-1].append(_Group(tuple(items)))
        elif tok.startswith("{"):
            body = tok[1:-1]
            name, _, conv = body.partition(":")
            optional = conv.endswith("?")
            conv = conv.rstrip("?") or "word"
            if conv.startswith("flag"):
                stack[-1].append(_Flag(name, conv.partition("=")[2] or name))
            elif conv == "text":
                stack[-1].append(_Text(name))
            else:
                if conv not in CONVERTERS:
                    raise ValueError(f"{where}: unknown converter {conv!r}")
                stack[-1].append(_Field(name, CONVERTERS[conv], optional))
        else:
            stack[-1].append(_Lit(tok.lower()))
    if len(stack) != 1:
        raise ValueError(f"{where}: unbalanced [ in {syntax!r}")
    return tuple(stack[0])


def _names(items: Iterable[_Elem]) -> list[str]:
    out: list[str] = []
    for e in items:
        if isinstance(e, _Group):
            out += _names(e.items)
        elif not isinstance(e, _Lit):
            out.append(e.name)
    return out


class Pattern:
    """The compiled ``syntax`` of one move class."""

    def __init__(self, cls: type, syntax: str) -> None:
        self.cls = cls
        self.syntax = syntax
        self.items = _compile(syntax, cls.__name__)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        self.defaults: dict[str, Any] = {}
        for name in _names(self.items):
            if name not in fields:
                raise ValueError(f"{cls.__name__}: syntax names unknown field {name!r}")
            f = fields[name]
            if f.default is not dataclasses.MISSING:
                self.defaults[name] = f.default
            elif f.default_factory is not dataclasses.MISSING:
                self.defaults[name] = f.default_factory()
        first = self.items[0] if self.items else None
        self.first = first.word if isinstance(first, _Lit) else None

    # -- formatting

    def format(self, move: Any) -> str:
        return " ".join(w for w in self._emit(self.items, move) if w)

    def _emit(self, items: Sequence[_Elem], move: Any) -> list[str]:
        out: list[str] = []
        for e in items:
            if isinstance(e, _Lit):
                out.append(e.word)
            elif isinstance(e, _Group):
                if any(getattr(move, n) != self.defaults.get(n, object()) for n in _names(e.items)):
                    out += self._emit(e.items, move)
            elif isinstance(e, _Flag):
                if getattr(move, e.name):
                    out.append(e.word)
            elif isinstance(e, _Text):
                out.append(str(getattr(move, e.name)))
            else:
                value = getattr(move, e.name)
                out.append("none" if value is None and e.optional else e.conv.format(value))
        return out

    # -- parsing

    def match(self, words: Sequence[str]) -> dict[str, Any] | None:
        """Field values if ``words`` (original case) fit the pattern, else ``None``."""
        lowered = [w.lower() for w in words]
        return self._match(list(self.items), 0, words, lowered, {})

    def _match(
        self,
        items: list[_Elem],
        i: int,
        words: Sequence[str],
        low: Sequence[str],
        got: dict[str, Any],
    ) -> dict[str, Any] | None:
        if not items:
            return got if i == len(words) else None
        e, rest = items[0], items[1:]
        if isinstance(e, _Group):
            with_group = self._match(list(e.items) + rest, i, words, low, got)
            return with_group if with_group is not None else self._match(rest, i, words, low, got)
        if isinstance(e, _Text):
            if i >= len(words):
                return None
            return {**got, e.name: " ".join(words[i:])}
        if i >= len(words):
            return None
        word = low[i]
        if isinstance(e, _Lit):
            return self._match(rest, i + 1, words, low, got) if word == e.word else None
        if isinstance(e, _Flag):
            if word != e.word:
                return None
            return self._match(rest, i + 1, words, low, {**got, e.name: True})
        if e.optional and word == "none":
            value: Any = None
        else:
            try:
                value = e.conv.parse(word)
            except ValueError:
                return None
        return self._match(rest, i + 1, words, low, {**got, e.name: value})

    def usage(self) -> str:
        """The pattern as a player reads it: ``offer <deed> [closed] <amount> [note <note>]``."""
        return " ".join(self._usage(self.items))

    def _usage(self, items: Sequence[_Elem]) -> list[str]:
        out: list[str] = []
        for e in items:
            if isinstance(e, _Lit):
                out.append(e.word)
            elif isinstance(e, _Group):
                out.append("[" + " ".join(self._usage(e.items)) + "]")
            elif isinstance(e, _Flag):
                out.append(e.word)
            else:
                out.append(f"<{e.name}>")
        return out


_PATTERNS: dict[type, Pattern] = {}


def pattern_of(cls: type) -> Pattern:
    """The compiled pattern of a move class (from its ``syntax`` class attribute)."""
    pat = _PATTERNS.get(cls)
    if pat is None:
        syntax = getattr(cls, "syntax", "")
        if not syntax:
            raise TypeError(f"{cls.__name__} declares no `syntax`")
        pat = _PATTERNS[cls] = Pattern(cls, syntax)
    return pat


class Notation:
    """A game's codec: the move classes whose ``syntax`` it reads, tried in the given order.

    ``parse(text)`` returns a move or raises ``InvalidMove`` naming the forms that fit the
    first word; it says nothing about whether the move is legal now.
    """

    def __init__(self, moves: Iterable[type], *, game: str = "this game") -> None:
        self.patterns = [pattern_of(cls) for cls in moves]
        self.game = game
        self.by_first: dict[str | None, list[Pattern]] = {}
        for p in self.patterns:
            self.by_first.setdefault(p.first, []).append(p)

    def parse(self, text: str) -> Any:
        words = text.split()
        if not words:
            raise InvalidMove(Msg("notation.empty", "Write a move, e.g. one of the suggestions."))
        first = words[0].lower()
        candidates = self.by_first.get(first, []) + self.by_first.get(None, [])
        for pat in candidates:
            got = pat.match(words)
            if got is not None:
                return pat.cls(**got)
        shown = text.strip()[:60]
        forms = [p.usage() for p in self.by_first.get(first, [])]
        if forms:
            raise InvalidMove(
                Msg(
                    "notation.bad_form",
                    "`{text}` does not fit `{first}`; write {ways}.",
                    text=shown,
                    first=first,
                    ways=joined([f"`{f}`" for f in forms], " or "),
                    forms=forms,
                )
            )
        verbs = sorted(k for k in self.by_first if k)
        raise InvalidMove(
            Msg(
                "notation.unknown_verb",
                "`{text}` is not a move in {game}; moves start with {starts}.",
                text=shown,
                game=self.game,
                starts=", ".join(f"`{v}`" for v in verbs),
                verbs=verbs,
            )
        )

    def forms(self) -> Mapping[str, str]:
        """Every move form, by class name: ``{"Build": "build <coord> <reward>"}``."""
        return {p.cls.__name__: p.usage() for p in self.patterns}
