"""Turning a seat's legal moves into a panel: pure logic, no Discord objects.

Notation is hierarchical (``build c4 money``): moves are grouped by their next word below
the panel's prefix. The layout rule, the same for every game and turn:

* up to ``FLAT`` choices in all: one button each;
* otherwise a group with one choice is a button (a single choice is never a step of its
  own: ``rest drop design`` alone is shown as that move, not ``rest …`` then ``drop …``);
  the other groups are select menus listing their moves directly (small groups share a
  menu), so a common move takes two clicks: open the panel, pick the move;
* when that needs more than ``ROWS`` rows, the largest groups become one drill-down button
  each (``park … (60)``), which opens the same layout for that group.

Moves with a free number (``MoveTemplate``) are entries that open the amount modal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import i18n
from games.core import Move, MoveTemplate

PAGE = 25  # options per select menu (Discord limit)
FLAT = 10  # up to this many choices are shown as plain buttons
ROW_BUTTONS = 5  # buttons per row (Discord limit)
ROWS = 4  # rows for choices; the fifth holds Back, More and Why not


@dataclass(frozen=True)
class Entry:
    """One choice on a panel page.

    ``kind`` is ``"move"`` (apply ``legal[index]``), ``"prefix"`` (drill into ``prefix``)
    or ``"template"`` (open the modal for ``templates[index]``).
    """

    kind: str
    label: str
    description: str
    index: int = -1
    prefix: str = ""


@dataclass(frozen=True)
class Block:
    """One panel row: a row of buttons, or one select menu (``placeholder``)."""

    kind: str  # "buttons" | "select"
    entries: tuple[Entry, ...]
    placeholder: str = ""


def template_label(tpl: MoveTemplate, lang: str = i18n.DEFAULT, terms: str = "") -> str:
    """``"Offer to p2 · other amount…"``: the entry that opens the amount modal."""
    return i18n.t(
        lang,
        "cogs.panel.other_amount",
        "{label} · other {param}…",
        label=i18n.tr(tpl.label, lang),
        param=param_word(tpl.param, lang, terms),
    )[:80]


def param_word(param: str, lang: str = i18n.DEFAULT, terms: str = "", english: str = "") -> str:
    """A move template's parameter (``rent``, ``bid``, ``note``) named in ``lang``: the game's
    catalogue entry ``<terms>.term.param.<param>``, else ``english`` (default: ``param``)."""
    named = i18n.term(lang, terms, "param", param, param) if terms else param
    return (english or param) if named == param else named


def groups_at(
    prefix: str,
    legal: Sequence[Move],
    templates: Sequence[MoveTemplate] = (),
    label: Callable[[Move], str] | None = None,
    lang: str = i18n.DEFAULT,
    terms: str = "",
) -> dict[str, list[Entry]]:
    """Every choice below ``prefix`` as a direct entry, grouped by the next word (``""``:
    the prefix itself is a move). Within a group, entries are ordered by the word after
    the group's (first seen first), so an offer's suggestions and its "other amount" stay
    together."""
    want = prefix.split() if prefix else []
    depth = len(want)
    groups: dict[str, list[tuple[str, Entry]]] = {}
    for i, move in enumerate(legal):
        words = move.notation.split()
        if words[:depth] != want:
            continue
        key = words[depth] if len(words) > depth else ""
        sub = words[depth + 1] if len(words) > depth + 1 else ""
        groups.setdefault(key, []).append(
            (sub, Entry("move", (label or _own_label)(move)[:80], move.notation[:100], index=i))
        )
    for t, tpl in enumerate(templates):
        words = tpl.prefix.split()
        if words[:depth] != want:
            continue
        key = words[depth] if len(words) > depth else ""
        sub = words[depth + 1] if len(words) > depth + 1 else ""
        groups.setdefault(key, []).append(
            (
                sub,
                Entry(
                    "template",
                    template_label(tpl, lang, terms),
                    amount_range(tpl, lang)[:100],
                    index=t,
                ),
            )
        )
    out: dict[str, list[Entry]] = {}
    for key, items in groups.items():
        order: dict[str, int] = {}
        for sub, _ in items:
            order.setdefault(sub, len(order))
        out[key] = [e for _, e in sorted(items, key=lambda it: order[it[0]])]
    return out


def _own_label(move: Move) -> str:
    return move.label


def _child(prefix: str, word: str) -> str:
    return f"{prefix} {word}".strip()


def _bins(groups: list[tuple[str, list[Entry]]]) -> list[tuple[list[str], list[Entry]]]:
    """Select menus for ``groups``: consecutive small groups share a menu of at most
    ``PAGE`` options; a group larger than ``PAGE`` gets several menus."""
    out: list[tuple[list[str], list[Entry]]] = []
    for key, entries in groups:
        if len(entries) > PAGE:
            for i in range(0, len(entries), PAGE):
                out.append(([key], entries[i : i + PAGE]))
        elif out and len(out[-1][1]) + len(entries) <= PAGE and len(out[-1][1]) < PAGE:
            out[-1][0].append(key)
            out[-1][1].extend(entries)
        else:
            out.append(([key], list(entries)))
    return out


def _rows(entries: list[Entry]) -> list[Block]:
    return [
        Block("buttons", tuple(entries[i : i + ROW_BUTTONS]))
        for i in range(0, len(entries), ROW_BUTTONS)
    ]


def plan(
    prefix: str,
    legal: Sequence[Move],
    templates: Sequence[MoveTemplate] = (),
    label: Callable[[Move], str] | None = None,
    lang: str = i18n.DEFAULT,
    terms: str = "",
) -> list[Block]:
    """The panel's rows at ``prefix`` (``""`` = top level); more than ``ROWS`` rows only
    when even drill-down buttons do not fit (then the caller pages them). ``label`` names
    a move on its button (default: ``move.label``; the bot passes ``GameState.describe``);
    the panel's own words are in ``lang``, groups of moves named by ``heading`` from the
    catalogue prefix ``terms`` (``moc``, ``kenchiku``…)."""
    groups = groups_at(prefix, legal, templates, label, lang, terms)
    total = sum(len(v) for v in groups.values())
    if total <= FLAT:
        return _rows([e for v in groups.values() for e in v])
    loose = [e for v in groups.values() if len(v) == 1 for e in v]
    loose += [e for k, v in groups.items() if k == "" and len(v) > 1 for e in v]
    multi = [(k, v) for k, v in groups.items() if k and len(v) > 1]
    drills: list[tuple[str, list[Entry]]] = []
    while True:
        buttons = loose + [
            Entry(
                "prefix",
                f"{heading(_child(prefix, k), lang, terms)} … ({len(v)})",
                f"{_child(prefix, k)} …",
                prefix=_child(prefix, k),
            )
            for k, v in drills
        ]
        if len(buttons) > 2 * ROW_BUTTONS:
            # many single choices (e.g. a park on each of 60 plots): menus, not buttons
            menus = _bins([("", loose)]) + _bins(multi)
            rows: list[Block] = []
            drill_buttons = buttons[len(loose) :]
            rows += _rows(drill_buttons)
            rows += [_select(prefix, keys, entries, lang, terms) for keys, entries in menus]
            if len(rows) <= ROWS or not multi:
                return rows
        else:
            menus = _bins(multi)
            rows = _rows(buttons) + [
                _select(prefix, keys, entries, lang, terms) for keys, entries in menus
            ]
            if len(rows) <= ROWS or not multi:
                return rows
        biggest = max(range(len(multi)), key=lambda i: len(multi[i][1]))
        drills.append(multi.pop(biggest))
        drills.sort(key=lambda kv: list(groups).index(kv[0]))


def _select(
    prefix: str, keys: list[str], entries: list[Entry], lang: str, terms: str = ""
) -> Block:
    keys_ = [k for k in keys if k]
    if keys_:
        name = " / ".join(heading(_child(prefix, k), lang, terms) for k in keys_)
    else:
        name = i18n.t(lang, "cogs.panel.choose", "Choose")
    return Block("select", tuple(entries), f"{name} …"[:150])


def words(notation: str) -> str:
    """Notation words as plain words: ``"management_trainee"`` -> ``"management trainee"``."""
    return notation.replace("_", " ")


def heading(notation: str, lang: str = i18n.DEFAULT, terms: str = "") -> str:
    """A group of moves named by its notation (``"rest drop"``) on a panel or an
    autocomplete line. English: the words as typed (``"Rest drop"``). Another language:
    the game's catalogue entry ``<terms>.term.notation.<notation>`` (``rest_drop``), else
    the longest runs of words with an entry (``…notation.build_commerce`` then
    ``…notation.seattle``), each word by its own entry (``…notation.rest``); plots,
    numbers and codes (``e2``, ``3``, ``x2g1``) as typed, a ``+`` combination part by
    part (``cafe+hotel``), a card's copy letter kept (``cafe-a``: ``cafe``'s name, ``-a``);
    else (a word without an entry) the English."""
    english = words(notation).capitalize()
    if lang == i18n.DEFAULT or not terms:
        return english
    parts = notation.split()
    said = []
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):  # the longest run of words with an entry
            run = " ".join(parts[i:j])
            named = i18n.term(lang, terms, "notation", run, run)  # msgid: as typed
            if named != run:
                break
        else:
            j = i + 1
            word = _word(parts[i], lang, terms)
            if word is None:
                return english
            named = word
        said.append(named)
        i = j
    return " ".join(said)


def _word(word: str, lang: str, terms: str) -> str | None:
    """One notation word named in ``lang`` (see ``heading``), ``None`` without an entry."""
    if not any(c.isalpha() for c in word) or (word[0].isalpha() and word[1:].isdigit()):
        return word  # a number or a plot like e2: notation
    named = i18n.term(lang, terms, "notation", word, word)
    if named != word:
        return named
    if "+" in word:  # a combination of cards: bookstore+cafe+cinema
        each = [_word(part, lang, terms) for part in word.split("+")]
        return None if None in each else "+".join(str(n) for n in each)
    base, dash, copy = word.rpartition("-")
    if dash and base and len(copy) == 1 and copy.isalpha():  # a card's copy: cafe-a
        name = _word(base, lang, terms)
        return None if name is None else f"{name}-{copy}"
    if word.isascii() and word.isalnum() and any(c.isdigit() for c in word):
        return word  # a space's or card's code like x2g1: notation
    return None


def entries_at(
    prefix: str, legal: Sequence[Move], templates: Sequence[MoveTemplate] = ()
) -> list[Entry]:
    """Every entry the panel shows at ``prefix``, in row order."""
    return [e for block in plan(prefix, legal, templates) for e in block.entries]


def refusal_text(
    refused: Sequence[tuple[Move, str]],
    limit: int = 1900,
    label: Callable[[Move], str] | None = None,
    lang: str = i18n.DEFAULT,
) -> str:
    """ "Why not …?": refused moves grouped by their reason (translated into ``lang`` when
    keyed), one line per reason; ``label`` names a move (the bot passes
    ``GameState.describe``; default: ``move.label``)."""
    by_reason: dict[str, list[str]] = {}
    for move, reason in refused:
        by_reason.setdefault(i18n.tr(reason, lang), []).append(
            i18n.tr(_safe_label(move, label), lang)
        )
    lines = []
    for reason, labels in by_reason.items():
        shown = ", ".join(labels[:6])
        if len(labels) > 6:
            shown = i18n.t(
                lang,
                "cogs.panel.and_more",
                "{shown} and {more} more",
                shown=shown,
                more=len(labels) - 6,
            )
        lines.append(f"• **{shown}** — {reason}")
    text = "\n".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _safe_label(move: Move, label: Callable[[Move], str] | None) -> str:
    """``label(move)``, or the move's own label if that fails (a refused move may name
    something the position does not have)."""
    if label is not None:
        try:
            return label(move)
        except Exception:
            pass
    return words(move.label)


def amount_range(tpl: MoveTemplate, lang: str = i18n.DEFAULT) -> str:
    """``$0–$120,000`` or ``1–6 markers`` (a keyed unit in ``lang``)."""
    if tpl.unit == "$":
        return f"${tpl.lo:,}–${tpl.hi:,}"
    return f"{tpl.lo:,}–{tpl.hi:,} {i18n.tr(tpl.unit, lang)}".strip()


def parent_of(prefix: str) -> str:
    return " ".join(prefix.split()[:-1])


def filter_notations(legal: Sequence[Move], typed: str, limit: int = 25) -> list[Move]:
    """Moves for autocomplete: prefix matches first, then substring matches; at most ``limit``."""
    q = " ".join(typed.lower().split())
    if not q:
        return list(legal[:limit])
    starts = [m for m in legal if m.notation.startswith(q)]
    rest = [m for m in legal if q in m.notation and not m.notation.startswith(q)]
    return (starts + rest)[:limit]
