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
        assert c.where == {x.dept: k for k, x in c.cells.items() if x.dept}
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


def _superset(g: CarnegieState) -> list[object]:
    """Many well-formed moves, legal or not, to compare refusal with legal_moves."""
    from games.carnegie.data import ACTIONS, PROJECT_TYPES, REGIONS, SPACE_TYPES
    from games.carnegie.moves import (
        Activate,
        Assign,
        Build,
        Choose,
        Donate,
        EndTurn,
        Establish,
        MoveEmployee,
        Pass,
        Place,
        PlayTile,
        ResearchTab,
        ResearchTrack,
        Reserve,
        Return,
        Sell,
        Use,
    )

    d = g.data
    cells = d.company.cells
    depts = [x.id for x in d.departments]
    out: list[object] = [EndTurn(), Pass()]
    out += [Choose(a) for a in ACTIONS] + [PlayTile(a) for a in ACTIONS]
    out += [Return(n, b) for n in range(4) for b in range(4)]
    out += [Donate(x) for x in g.chart] + [Sell(n) for n in range(6)]
    out += [Place(c.id) for c in d.cities] + [Reserve(k) for k in depts]
    out += [ResearchTab(t) for t in PROJECT_TYPES] + [ResearchTrack(r) for r in REGIONS]
    out += [Assign(None)] + [Assign(k) for k in cells]
    out += [Activate(k, p) for k in cells for p in (None, "bonus", "cheap")]
    sources = ["setup", "hr", "training", "recruiting", "local-partners", "hr-admin"]
    out += [MoveEmployee(s, a, b) for s in sources for a in cells for b in cells]
    out += [Establish(k, cell) for k in depts for cell in cells]
    for dept in ("construction", "engineering", "outsourcing"):
        for t in PROJECT_TYPES:
            for c in d.cities:
                out += [Build(t, c.id, sp, dept) for sp in (None, *SPACE_TYPES)]
                out += [Build(t, c.id, None, dept, b) for b in (1, 2, 3)]
    rewards = (None, "money", "goods", "moves", "vp", "points")
    for dept in depts:
        for r in (None, *REGIONS):
            for w in rewards:
                out += [Use(dept, r, w, None, n) for n in (None, 1, 2, 3, 4, 8)]
        out += [Use(dept, "west", None, x) for x in g.chart]
    return out


def test_refusal_and_legal_moves_agree() -> None:
    """Every well-formed move the step does not refuse is among legal_moves, and back."""
    for n, seed in ((2, 1), (4, 2), (1, 3)):
        rng = Rng(seed)
        _, g = start(SPEC, {"departments": "mixed"}, n, seed)
        assert isinstance(g, CarnegieState)
        step = 0
        while not g.is_over():
            seat = min(g.to_act())
            legal = g.legal_moves(seat)
            if step % 15 == 0:
                names = {m.notation for m in legal}
                for m in _superset(g):
                    ok = g.refusal(seat, m) is None  # type: ignore[arg-type]
                    assert ok == (m.notation in names), (g.phase, m.notation)  # type: ignore[attr-defined]
            busy = [m for m in legal if m.notation != "end"]
            g.apply(seat, rng.choice(busy) if busy and rng.randrange(10) else rng.choice(legal))
            step += 1
