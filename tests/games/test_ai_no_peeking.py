"""No peeking (issue 21): for every game, two states that differ only in what the acting seat
may not see — other seats' money behind the screen, private offers and sealed bids, reserve
cards and secret structures, cards in other hands, deck orders, future dice — give the same
AI decision for the same seed, at every level."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.core import SYSTEM, Rng, get_game
from games.core.search import SearchPolicy, clone_state, search

Twin = Callable[[Any, int], bool]
"""Changes hidden information of a copy in place, as seen by the given seat; ``True`` if it
changed something (the position had such information)."""


def positions(
    key: str, seats: int, seed: int, every: int, wanted: int
) -> Iterator[tuple[Any, int]]:
    """Copies of positions of an ``easy`` self-play game where a seat has a real choice."""
    spec = get_game(key)
    easy = spec.ai_level("easy")
    state = spec.create({}, seats, seed)
    rng = Rng(seed)
    found = moves = 0
    while not state.is_over() and found < wanted:
        movers = [s for s in sorted(state.to_act()) if state.legal_moves(s)]
        if not movers:
            deadline = state.deadline()
            assert deadline is not None
            state.apply(SYSTEM, deadline.move)
            continue
        seat = movers[rng.randrange(len(movers))]
        moves += 1
        if moves % every == 0 and len(state.legal_moves(seat)) > 1:
            found += 1
            yield clone_state(state), seat
        state.apply(seat, easy.choose(state, seat, rng))


def kenchiku_twin(state: Any, seat: int) -> bool:
    for c in state.companies:
        if c.seat != seat and not c.bankrupt:
            c.money += 7
    state.rng = Rng(987_654)
    state._version += 1
    return True


def moc_twin(state: Any, seat: int) -> bool:
    changed = False
    for (deed, merchant), offer in list(state.offers.items()):
        if seat not in (merchant, state.owner.get(deed)):
            offer.amount += 1_500
            changed = True
    for bidder in state.sealed:
        if bidder != seat:
            state.sealed[bidder] += 2_000
            changed = True
    state.rng = Rng(987_654)  # the coming dice and auction lots
    return changed


def fcm_twin(state: Any, seat: int) -> bool:
    changed = False
    for p in state.players:
        if p.seat == seat:
            continue
        peeks = state.players[seat].has("first_have_20")
        if p.reserve is not None and not state.reserve_revealed and not peeks:
            p.reserve = 999
            changed = True
        if p.pending:
            p.pending = list(reversed(p.pending))[1:]
            changed = True
    state.rng = Rng(987_654)
    state.cache.clear()
    return changed


def carnegie_twin(state: Any, seat: int) -> bool:
    a = state.andrew
    if a is None or len(a.deck) < 2:
        return False
    a.deck[1:] = reversed(a.deck[1:])  # the top card's back is public
    if a.current is not None and not a.revealed:
        back = state.card_index[a.current].back
        same = [i for i, c in enumerate(a.deck) if i and state.card_index[c].back == back]
        if same:
            i = same[0]
            a.deck[i], a.current = a.current, a.deck[i]
    state.rng = Rng(987_654)
    return True


def philadelphia_twin(state: Any, seat: int) -> bool:
    changed = False
    for i, p in enumerate(state.players):
        if i != seat and p.hand and state.deck:
            p.hand[0], state.deck[-1] = state.deck[-1], p.hand[0]
            changed = True
    state.deck.reverse()
    state.item_deck.reverse()
    state.rng = Rng(987_654)
    return changed


CASES: dict[str, tuple[int, int, Twin]] = {
    # game: (players, look at every n-th decision, twin)
    "kenchiku": (3, 7, kenchiku_twin),
    "masters_of_commerce": (4, 13, moc_twin),
    "food_chain_magnate": (3, 23, fcm_twin),
    "carnegie": (1, 9, carnegie_twin),
    "philadelphia": (3, 5, philadelphia_twin),
}


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("key", sorted(CASES))
def test_hidden_information_does_not_change_the_decision(key: str, level: str) -> None:
    seats, every, twin = CASES[key]
    policy = get_game(key).ai_level(level)
    checked = hidden = 0
    for state, seat in positions(key, seats, 31, every, 8):
        other = clone_state(state)
        hidden += twin(other, seat)
        assert other.view(seat) == state.view(seat), "the twin differs in what the seat sees"
        if isinstance(policy, SearchPolicy):
            # the sampled worlds themselves: what every seat would see in them, and the dice
            x = policy.hooks.determinize(state, seat, Rng(5))
            y = policy.hooks.determinize(other, seat, Rng(5))
            for viewer in [None, *range(seats)]:
                assert x.view(viewer) == y.view(viewer), (key, viewer)
            assert x.rng.state == y.rng.state
        for k in range(2):
            if isinstance(policy, SearchPolicy):
                # the search's statistics, not only its pick: any peek would move them
                a = search(state, seat, Rng(100 + k), policy.hooks, policy.budget)
                b = search(other, seat, Rng(100 + k), policy.hooks, policy.budget)
                assert (a.move, a.stats) == (b.move, b.stats), (key, level, seat, a.stats)
            else:
                x = policy.choose(clone_state(state), seat, Rng(100 + k))
                y = policy.choose(clone_state(other), seat, Rng(100 + k))
                assert x == y, (key, level, seat, x.notation, y.notation)
        checked += 1
    assert checked >= 3
    assert hidden >= 1, "no position had hidden information to change"
