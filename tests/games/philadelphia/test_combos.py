"""Hands (役一覧): the search for the best set of disjoint hands agrees with brute force, and
the offered hands are exactly those the table allows."""

from __future__ import annotations

from itertools import combinations

from games.core import Rng
from games.philadelphia import combos
from games.philadelphia.cards import data


def brute_force(hand: list[str]) -> int:
    """Best VP by trying every sequence of disjoint hands (small hands only)."""
    d = data()
    options = combos.available(d, hand)
    best = 0
    for combo in options:
        cards = combos.cards_for(d, hand, combo)
        assert cards is not None
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        best = max(best, combos.score(d, combo) + brute_force(rest))
    return best


def test_best_partition_matches_brute_force() -> None:
    d = data()
    ids = [c.id for c in d.cards]
    rng = Rng(3)
    for _ in range(150):
        rng.shuffle(ids)
        hand = ids[:8]
        assert combos.best_partition(d, hand)[0] == brute_force(hand), hand


def test_available_hands_follow_the_table() -> None:
    d = data()
    hand = ["cafe-a", "cafe-b", "cafe-c", "hotel-a", "cinema-a", "guard-a", "guard-b"]
    got = {(c.kind, c.jobs) for c in combos.available(d, hand)}
    assert ("pair", ("cafe",)) in got and ("three", ("cafe",)) in got
    assert ("four", ("cafe",)) not in got
    assert ("flush", ("cafe", "cinema", "hotel")) in got  # alphabetical: one notation
    assert not any("guard" in jobs for _kind, jobs in got)  # professionals never count
    for kind, jobs in got:
        if kind == "flush":
            assert len({d.job(j).industry for j in jobs}) == 1 and len(set(jobs)) == len(jobs)
    flushes = [c for c in combos.available(d, hand) if c.kind == "flush"]
    assert len(flushes) == len(list(combinations(["cafe", "hotel", "cinema"], 3)))
