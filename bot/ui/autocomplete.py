"""What ``/move`` autocomplete offers, and the hint added to a refused notation: pure logic
over an engine state, no Discord objects.

Few matches are listed as moves. Many matches are grouped by their next word with the
engine's ``choices(seat, prefix)`` (``build … (23)``, ``buy … (4)``), so every kind of move
stays visible; the slots left are filled with single moves from each group in turn. Choosing
a group line puts ``build `` in the box, and the next keystroke lists (or groups) inside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import i18n
from games.core import Choice, GameError, GameState, Move, normalize_notation

from .panel import heading, words

LIMIT = 25  # Discord shows at most 25 choices
NAME_MAX = 100  # characters of a choice's name and value


@dataclass(frozen=True)
class Suggestion:
    """One autocomplete line: ``name`` is shown, ``value`` is what the box receives."""

    name: str
    value: str


def filter_notations(legal: Sequence[Move], typed: str, limit: int = LIMIT) -> list[Move]:
    """Moves for autocomplete: prefix matches first, then substring matches; at most ``limit``."""
    q = normalize_notation(typed)
    if not q:
        return list(legal[:limit])
    starts = [m for m in legal if m.notation.startswith(q)]
    rest = [m for m in legal if q in m.notation and not m.notation.startswith(q)]
    return (starts + rest)[:limit]


def move_name(state: GameState[object], seat: int, move: Move, lang: str = i18n.DEFAULT) -> str:
    """The move in words in ``lang`` (``GameState.describe``: ``"Build E2 · height 3 · +3
    money"``; a keyed label is translated, a plain one shown as the engine wrote it); the
    notation stays the choice's value, so picking it puts the notation in the box."""
    try:
        label = state.describe(seat, move)
    except Exception:
        label = move.label
    return words(i18n.tr(label, lang))[:NAME_MAX] or move.notation[:NAME_MAX]


def group_name(choice: Choice, lang: str = i18n.DEFAULT, terms: str = "") -> str:
    """``"Build … (23 moves)"``: a group of moves the next keystrokes narrow down, named
    in ``lang`` from the catalogue prefix ``terms`` (``bot.ui.panel.heading``)."""
    head = heading(choice.notation, lang, terms)
    return i18n.t(
        lang, "cogs.autocomplete.group", "{head} … ({count} moves)", head=head, count=choice.count
    )[:NAME_MAX]


def _groups(state: GameState[object], seat: int, q: str, typed: str) -> list[Choice]:
    prefix = q + " " if typed.endswith(" ") and q else q
    groups = [c for c in state.choices(seat, prefix) if c.count > 0]
    # "build" typed (or chosen) whole: one group that is the word itself -> look inside it
    if len(groups) == 1 and groups[0].notation == q and not groups[0].complete and q:
        groups = [c for c in state.choices(seat, q + " ") if c.count > 0]
    return groups


def suggestions(
    state: GameState[object],
    seat: int,
    typed: str,
    limit: int = LIMIT,
    *,
    lang: str = i18n.DEFAULT,
    terms: str = "",
) -> list[Suggestion]:
    """The lines ``/move`` autocomplete shows ``seat`` (who may act) for ``typed``, named in
    ``lang`` (groups from the catalogue prefix ``terms``; values are always the notation)."""
    q = normalize_notation(typed)
    legal = list(state.legal_moves(seat))
    starts = [m for m in legal if m.notation.startswith(q)] if q else legal
    out: list[Suggestion] = []
    if len(starts) > limit:
        groups = _groups(state, seat, q, typed)
        if len(groups) > 1 or (groups and groups[0].count > 1):
            by_notation = {m.notation: m for m in starts}
            for g in groups[:limit]:
                single = by_notation.get(g.notation)
                if g.complete and g.count == 1 and single is not None:
                    out.append(Suggestion(move_name(state, seat, single, lang), g.notation))
                else:
                    name = group_name(g, lang, terms)
                    out.append(Suggestion(name, (g.notation + " ")[:NAME_MAX]))
            taken = {s.value for s in out}
            out += _fill(state, seat, starts, groups, limit - len(out), taken, lang)
    if not out:
        out = [
            Suggestion(move_name(state, seat, m, lang), m.notation[:NAME_MAX])
            for m in filter_notations(legal, q, limit)
        ]
    if q and q not in {s.value for s in out}:
        # A free amount (an offer, a bid) is valid even if it is not one of the suggestions.
        try:
            move = state.parse_move(seat, typed)
            state.validate(seat, move)
        except GameError:
            pass
        else:
            out.insert(0, Suggestion(move_name(state, seat, move, lang), move.notation[:NAME_MAX]))
    return out[:limit]


def _fill(
    state: GameState[object],
    seat: int,
    moves: list[Move],
    groups: list[Choice],
    room: int,
    taken: set[str],
    lang: str = i18n.DEFAULT,
) -> list[Suggestion]:
    """Up to ``room`` single moves, taken from each group in turn (so small groups show)."""
    if room <= 0:
        return []
    heads = [g.notation for g in groups]
    buckets: dict[str, list[Move]] = {h: [] for h in heads}
    for m in moves:
        for h in heads:
            if m.notation == h or m.notation.startswith(h + " "):
                buckets[h].append(m)
                break
    out: list[Suggestion] = []
    depth = 0
    while len(out) < room and any(len(b) > depth for b in buckets.values()):
        for h in heads:
            if depth < len(buckets[h]) and len(out) < room:
                m = buckets[h][depth]
                if m.notation not in taken:
                    out.append(Suggestion(move_name(state, seat, m, lang), m.notation[:NAME_MAX]))
        depth += 1
    return out


def starts_of(state: GameState[object], seat: int, typed: str) -> list[Choice]:
    """How the moves ``seat`` can make now begin, grouped by the next word after the longest
    prefix of ``typed`` that still matches something (for refusal hints)."""
    words = normalize_notation(typed).split()
    while True:
        prefix = " ".join(words) + (" " if words else "")
        groups = [c for c in state.choices(seat, prefix) if c.count > 0]
        if groups or not words:
            return groups
        words.pop()


def hint(state: GameState[object], seat: int, typed: str, lang: str = i18n.DEFAULT) -> str:
    """A sentence in ``lang`` naming what ``seat`` can type now, closest to ``typed`` first:
    ``"`build` starts 23 of your moves: keep typing (e.g. `build c4 money`)."`` or
    ``"Moves you can make now begin with: build (23), buy (4), rest (3)."``; ``""`` if none."""
    q = normalize_notation(typed)
    legal = list(state.legal_moves(seat))
    inside = [m for m in legal if m.notation.startswith(q + " ")] if q else []
    if inside:
        return i18n.t(
            lang,
            "cogs.autocomplete.hint_inside",
            "`{typed}` is the start of {count} of your moves: keep typing and pick one "
            "(e.g. `{example}`).",
            typed=q,
            count=len(inside),
            example=inside[0].notation,
        )
    groups = starts_of(state, seat, typed)
    if not groups:
        return ""
    shown = ", ".join(
        f"`{g.notation}`" + ("" if g.count == 1 else f" ({g.count})") for g in groups[:8]
    )
    if len(groups) > 8:
        return i18n.t(
            lang,
            "cogs.autocomplete.hint_starts_more",
            "Moves you can make now begin with: {starts} and {more} more.",
            starts=shown,
            more=len(groups) - 8,
        )
    return i18n.t(
        lang,
        "cogs.autocomplete.hint_starts",
        "Moves you can make now begin with: {starts}.",
        starts=shown,
    )
