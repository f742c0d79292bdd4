"""Random playouts of Carnegie for 1-4 players with every department option: someone can
always move, every offered move round-trips through its notation and applies, conservation
invariants hold after every move, and replaying the record rebuilds the same game."""

from __future__ import annotations

import dataclasses

import pytest

from games.carnegie import SPEC
from games.carnegie.model import NEUTRAL
from games.carnegie.state import CarnegieState
from games.core import Rng, replay, start


def check_invariants(g: CarnegieState) -> None:
    """Employees (15 each), disks (30 each), department tiles and neutral disks are conserved;
    money, goods and disks never go negative; no workplace holds two employees."""
    d = g.data
    for c in g.companies:
        assert c.employees_total() == d.rules.employees
        on_tabs = sum(c.tab_disks(t, d) for t in d.tab)
        used = 1 + len(c.tracks) + on_tabs + len(c.projects) + len(c.donations)
        assert c.disks + used == d.rules.disks
        assert min(c.money, c.goods, c.disks, c.lobby, c.aside) >= 0
        for cell in c.cells.values():
            assert cell.active >= 0 and cell.inactive >= 0
            if cell.dept and cell.dept in d.department:
                assert cell.active <= len(d.department[cell.dept].workplaces)
        mine = sum(1 for o in g.spaces.values() for x in o if x == c.seat)
        assert mine == len(c.projects)
    tiles = sum(g.display.values()) + sum(bool(c.reserve) + len(c.added) for c in g.companies)
    if g.andrew is not None:
        tiles += len(g.andrew.departments)
    assert tiles == 32 - d.rules.tiles_removed[g.n_seats - 1]
    neutral = sum(1 for o in [*g.spaces.values(), *g.chart.values()] for x in o if x == NEUTRAL)
    assert neutral == g.neutral_disks


def random_game(n: int, seed: int, options: dict[str, str]) -> CarnegieState:
    rng = Rng(seed * 31 + n)
    record, g = start(SPEC, options, n, seed)
    assert isinstance(g, CarnegieState)
    while not g.is_over():
        movers = [s for s in sorted(g.to_act()) if g.legal_moves(s)]
        assert movers, f"nobody can move in {g.phase}"
        seat = movers[rng.randrange(len(movers))]
        legal = list(g.legal_moves(seat))
        notations = [m.notation for m in legal]
        assert len(set(notations)) == len(notations)
        # mostly keep playing instead of ending turns at once, to reach more rules
        busy = [m for m in legal if m.notation != "end"]
        move = rng.choice(busy) if busy and rng.randrange(20) else rng.choice(legal)
        assert len(move.notation) <= 100
        assert g.parse_move(seat, move.notation) == move
        assert g.refusal(seat, move) is None
        g.apply(seat, move)
        record.moves.append((seat, move.notation))
        check_invariants(g)
    again = replay(record)
    assert dataclasses.asdict(again.view(None)) == dataclasses.asdict(g.view(None))
    return g


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize(
    "options",
    [
        {"departments": "base"},
        {"departments": "expansion"},
        {"departments": "mixed", "values": "seed"},
    ],
)
def test_random_playouts_finish_and_replay(n: int, options: dict[str, str]) -> None:
    for seed in range(3):
        g = random_game(n, seed, options)
        out = g.outcome()
        assert out is not None and set(out.scores) == set(range(n))
        assert all(v["total"] == out.scores[s] for s, v in out.details.items())


def test_views_hide_nothing_and_have_no_secrets() -> None:
    g = random_game(2, 5, {})
    assert g.secrets(0) == {} and g.secrets(1) == {}
    assert g.view(0).companies[1].money == g.company(1).money  # open information
