"""Helpers shared by the Working 9–5 action modules."""

from __future__ import annotations

from .model import Card, Player


def unused_card(p: Player, kind: str) -> Card | None:
    """A card of ``kind`` at work whose action is not used yet this turn."""
    for c in p.cards:
        if c.kind == kind and c.uid in p.at_work and c.uid not in p.turn.used:
            return c
    return None


def unused_kinds(p: Player, action: str) -> list[str]:
    """Kinds of the cards at work with an unused action of this kind (sorted, once each)."""
    from .rules import emp

    return sorted(
        {
            c.kind
            for c in p.cards
            if c.uid in p.at_work and c.uid not in p.turn.used and emp(c.kind).action == action
        }
    )
