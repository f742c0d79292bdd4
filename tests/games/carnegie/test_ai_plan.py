"""The plan of Carnegie's ``normal`` prior (``games.carnegie.ai_plan``, issue 21): one test per
rule, each on a position where the session-27 prior (every plan weight 0) plays otherwise."""

from __future__ import annotations

from games.carnegie.ai_plan import PLAN, Plan, plan_value
from games.carnegie.ai_search import CarnegiePrior
from games.carnegie.model import distance
from games.carnegie.moves import Choose, Establish, MoveEmployee
from games.core import Rng
from tests.games.carnegie.scenario import put, ready, turn

OFF = Plan()
"""Every plan weight 0: the session-27 prior."""


def test_every_weight_off_plays_the_session_27_prior() -> None:
    """With every plan weight 0 the plan adds nothing to any legal move."""
    g = ready(1, 5)
    turn(g, 0, "hr")
    assert all(plan_value(g, 0, m, OFF) == 0.0 for m in g.legal_moves(0))


def test_a_new_department_goes_near_the_lobby() -> None:
    """``near_lobby``: Planning adds its department where the Lobby's employees reach it in
    few HR moves; without the rule the frozen valuation prefers the far top row (3 VP)."""
    assert PLAN.near_lobby > 0
    g = ready(1, 5)
    turn(g, 0, "management")
    g.company(0).goods = 4
    move = CarnegiePrior(PLAN).choose(g, 0, Rng(1))
    while not isinstance(move, Establish):  # Commerce may be used first
        g.apply(0, move)
        move = CarnegiePrior(PLAN).choose(g, 0, Rng(1))
    lobby = g.company(0).lobby_cells()[0]
    old = ready(1, 5)
    turn(old, 0, "management")
    old.company(0).goods = 4
    frozen = max(
        (m for m in old.legal_moves(0) if isinstance(m, Establish)),
        key=lambda m: CarnegiePrior(OFF).valuation(old, 0, m),
    )
    assert distance(lobby, move.cell, False) < distance(lobby, frozen.cell, False)
    assert distance(lobby, move.cell, False) <= 2


def test_hr_moves_staff_hr_first() -> None:
    """``hr_staff``: with an empty HR workplace and an empty Commerce workplace as near, the
    Lobby's employee goes to HR (3 more moves every later HR round), where the frozen
    valuation sends it to Commerce."""
    assert PLAN.hr_staff > 0
    g = ready(1, 5)
    c = g.company(0)
    put(g, 0, "c4", "hr", active=1)  # one of two workplaces filled
    put(g, 0, "a4", "rd", active=2)
    put(g, 0, "d4", "construction", active=2)
    put(g, 0, "c3", "planning", active=2)
    put(g, 0, "b3", "commerce", active=1)
    c.lobby = 2
    turn(g, 0, "hr")
    moves = [m for m in g.legal_moves(0) if isinstance(m, MoveEmployee)]
    best = max(moves, key=lambda m: CarnegiePrior(PLAN).valuation(g, 0, m))
    frozen = max(moves, key=lambda m: CarnegiePrior(OFF).valuation(g, 0, m))
    assert (best.frm, best.to) == ("b4", "c4")
    assert frozen.to == "b3"


def test_an_employee_stands_on_an_empty_space_for_planning() -> None:
    """``stand_empty``: while Planning is staffed, moving a spare employee onto an empty
    space (the next department there costs 1 goods, not 2) is worth the rule's weight."""
    assert PLAN.stand_empty > 0
    g = ready(1, 5)
    turn(g, 0, "hr")
    c = g.company(0)
    c.lobby = 1
    put(g, 0, "c3", "planning", active=1)
    assert plan_value(g, 0, MoveEmployee("hr", "b4", "b2")) == PLAN.stand_empty
    put(g, 0, "c3", "planning", active=0, inactive=1)
    assert plan_value(g, 0, MoveEmployee("hr", "b4", "b2")) == 0.0


def test_the_hr_row_is_worth_what_it_can_staff() -> None:
    """``hr_row``: the HR row gains per employee it can place and pay for (Lobby employees,
    empty workplaces, $2 each) and nothing without money."""
    assert PLAN.hr_row > 0
    g = ready(1, 5)
    assert g.andrew is not None
    g.andrew.picks = True  # no dup_row: Andrew picks this round, not next
    c = g.company(0)
    put(g, 0, "a4", "rd", active=0)
    put(g, 0, "d4", "construction", active=0)
    c.lobby = 3
    c.money = 10
    assert plan_value(g, 0, Choose("hr")) == PLAN.hr_row * 3
    c.money = 1
    assert plan_value(g, 0, Choose("hr")) == 0.0
    assert plan_value(g, 0, Choose("rd")) == 0.0


def test_a_row_andrew_picks_next_round_is_worth_less() -> None:
    """``dup_row``: in a round the player picks, the row on the back of Andrew's top card (he
    picks it next round, and the back is public) loses the rule's weight; the other rows keep
    their value. Nothing changes when Andrew picks this round, nor in a game without him."""
    assert PLAN.dup_row > 0
    g = ready(1, 5)
    a = g.andrew
    assert a is not None and not a.picks
    i = next(i for i, card in enumerate(a.deck) if g.card_index[card].back == "rd")
    a.deck.insert(0, a.deck.pop(i))
    assert plan_value(g, 0, Choose("rd")) == -PLAN.dup_row
    assert plan_value(g, 0, Choose("construction")) == 0.0
    a.picks = True
    assert plan_value(g, 0, Choose("rd")) == 0.0


def test_the_plan_adds_nothing_without_andrew() -> None:
    """The plan is for solo games: along a 2-player game it adds nothing to any legal move
    (``normal`` there plays session 27's prior, which measured better against ``easy``)."""
    from games.core import SYSTEM

    g = ready(2, 5)
    rng = Rng(5)
    seen = 0
    while not g.is_over() and g.round <= 6:
        movers = [s for s in sorted(g.to_act()) if g.legal_moves(s)]
        if not movers:
            deadline = g.deadline()
            assert deadline is not None
            g.apply(SYSTEM, deadline.move)
            continue
        seat = movers[0]
        legal = g.legal_moves(seat)
        assert all(plan_value(g, seat, m) == 0.0 for m in legal)
        seen += len(legal)
        g.apply(seat, CarnegiePrior(PLAN).choose(g, seat, rng))
    assert seen > 500
