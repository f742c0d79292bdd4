"""Turning a seat's legal moves into a drill-down menu: pure logic, no Discord objects.

Notation is hierarchical (``build c4 money``), so a panel at prefix ``build`` offers the next
words (``c4``, ``d5``...), and a word that completes a move applies it. Moves with a free
number (``MoveTemplate``) add an "other amount" entry that opens a modal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core import Move, MoveTemplate

PAGE = 25  # options per select menu (Discord limit)
FLAT = 15  # up to this many moves are shown as plain buttons without drilling down


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


def entries_at(
    prefix: str, legal: Sequence[Move], templates: Sequence[MoveTemplate] = ()
) -> list[Entry]:
    """The choices one level below ``prefix`` ("" = top level), in first-seen order."""
    if not prefix and not templates and len(legal) <= FLAT:
        return [
            Entry("move", m.label[:80], m.notation[:100], index=i, prefix=m.notation)
            for i, m in enumerate(legal)
        ]
    depth = len(prefix.split()) if prefix else 0
    out: list[Entry] = []
    seen: dict[str, int] = {}
    want = prefix.split() if prefix else []
    for i, move in enumerate(legal):
        words = move.notation.split()
        if words[:depth] != want:
            continue
        if len(words) == depth:  # the prefix itself is a complete move
            out.append(Entry("move", f"✓ {move.label}"[:80], move.notation[:100], index=i))
            continue
        nxt, child = words[depth], " ".join(words[: depth + 1])
        if nxt in seen:
            # A word shared by several moves is a drill-down, never a direct move.
            out[seen[nxt]] = Entry("prefix", nxt, f"{child} …"[:100], prefix=child)
            continue
        seen[nxt] = len(out)
        if len(words) == depth + 1:
            out.append(Entry("move", move.label[:80], move.notation[:100], index=i, prefix=child))
        else:
            out.append(Entry("prefix", nxt, f"{child} …"[:100], prefix=child))
    for t_index, tpl in enumerate(templates):
        words = tpl.prefix.split()
        if words == want:
            out.append(
                Entry(
                    "template",
                    f"Other {tpl.param}…"[:80],
                    f"{tpl.label}: {amount_range(tpl)}"[:100],
                    index=t_index,
                )
            )
        elif len(words) > depth and words[:depth] == want:
            nxt, child = words[depth], " ".join(words[: depth + 1])
            if nxt not in seen:
                seen[nxt] = len(out)
                out.append(Entry("prefix", nxt, f"{child} …"[:100], prefix=child))
            elif out[seen[nxt]].kind == "move":
                out[seen[nxt]] = Entry("prefix", nxt, f"{child} …"[:100], prefix=child)
    return out


def amount_range(tpl: MoveTemplate) -> str:
    """``$0–$120,000`` or ``1–6 markers``."""
    if tpl.unit == "$":
        return f"${tpl.lo:,}–${tpl.hi:,}"
    return f"{tpl.lo:,}–{tpl.hi:,} {tpl.unit}".strip()


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
