"""Conservation checks for Food Chain Magnate states (used by replay and playout tests)."""

from __future__ import annotations

from collections import Counter

from games.food_chain_magnate.data import components
from games.food_chain_magnate.game import FcmState


def initial_bank(g: FcmState) -> int:
    c = components()
    return (c.intro_bank_per_player if g.intro else c.bank_per_player) * g.n_seats


def check(g: FcmState) -> None:
    """Money, cards, campaign tiles, houses and gardens are conserved."""
    c = components()
    added = sum(p.reserve or 0 for p in g.players) if g.reserve_revealed else 0
    money = g.bank + sum(p.cash for p in g.players)
    assert money == initial_bank(g) + added, (money, initial_bank(g), added)
    assert all(p.cash >= 0 for p in g.players)
    copies = c.counts[g.n_seats].one_x_copies
    owned: Counter[str] = Counter()
    for p in g.players:
        owned.update(card.kind for card in p.cards)
        owned.update(card.kind for card in p.busy.values())
        assert set(p.at_work) <= {card.uid for card in p.cards}
    for kind, e in c.employees.items():
        if kind == "ceo":
            continue
        total = copies if e.one_x else e.copies
        assert g.supply[kind] >= 0, kind
        assert g.supply[kind] + owned[kind] == total, (kind, g.supply[kind], owned[kind], total)
    in_play = {n for n, d in c.campaigns.items() if g.n_seats not in d.removed}
    assert sorted(g.campaign_supply + list(g.campaigns)) == sorted(in_play)
    new_houses = [h for h in g.houses.values() if not h.printed]
    assert len(g.house_supply) + len(new_houses) == len(c.house_numbers)
    gardens = sum(1 for h in g.houses.values() if h.printed and h.garden)
    assert g.gardens_left + gardens == c.gardens
    for h in g.houses.values():
        assert len(h.demand) <= (5 if h.garden else 3)
    assert len({(r.owner, r.index) for r in g.restaurants}) == len(g.restaurants)
