"""Per-game invariants the contract suite checks along playouts and fixture replays.

``INVARIANTS[game key]`` lists functions ``check(state)`` that raise ``AssertionError`` when a
conservation law or bound is broken. A game without an entry is checked by the generic
contract only. Keep each check cheap: it runs at many positions of many games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Invariant = Callable[[Any], None]


# -- Kenchiku (seed 002) ------------------------------------------------------------------


def kenchiku_components(st: Any) -> None:
    """内容物: 146 blocks on the board or in the supply; markers held + market stock constant;
    26 chips per colour (one on the honour track)."""
    rules = st.rules
    assert st.board.blocks_on_board() + st.blocks_left == rules.blocks
    expected = rules.market_stock[st.n_seats] + rules.start_markers * st.n_seats
    assert st.markers_total() == [expected] * 4, st.markers_total()
    for c in st.companies:
        used = sum(1 for o in st.board.owners if o == c.seat)
        used += sum(1 for o in st.board.park_owners if o == c.seat)
        assert c.chips_left + used == rules.chips_per_colour - 1, (c.seat, c.chips_left, used)


def kenchiku_company_bounds(st: Any) -> None:
    """Workers ready <= workers held; every type >= 1 (マーカーの破棄について); technologies
    <= 6 (購入の値段と制限); money never negative; prices 1..7; stock never negative."""
    rules = st.rules
    for c in st.companies:
        assert 0 <= c.workers_ready <= c.markers[3], (c.seat, c.workers_ready, c.markers)
        assert c.bankrupt or min(c.markers) >= 1, (c.seat, c.markers)
        assert c.bankrupt or max(c.markers[:3]) <= rules.max_technology, (c.seat, c.markers)
        assert c.money >= 0, (c.seat, c.money)
    assert all(rules.price_min <= p <= rules.price_max for p in st.prices), st.prices
    assert all(s >= 0 for s in st.stock), st.stock


# -- Masters of Commerce (seed 004) -------------------------------------------------------


def moc_deeds_and_money(st: Any) -> None:
    """Every deed lies in at most one district, under that district's landlord; money is never
    negative. Read from the public view, so the check survives the engine's internals."""
    view = st.view(None)
    seen: list[str] = []
    for district in view.districts:
        for deed in district.deeds:
            seen.append(deed.id)
            assert deed.landlord == district.landlord, (deed, district.landlord)
    assert len(seen) == len(set(seen)), sorted(seen)
    assert all(p.money >= 0 for p in view.players), [p.money for p in view.players]


INVARIANTS: dict[str, tuple[Invariant, ...]] = {
    "kenchiku": (kenchiku_components, kenchiku_company_bounds),
    "masters_of_commerce": (moc_deeds_and_money,),
}


def check_invariants(game: str, state: Any) -> None:
    """Run every invariant registered for ``game`` on ``state``."""
    for check in INVARIANTS.get(game, ()):
        check(state)
