"""Carnegie moves in words, for panel buttons, menus and autocomplete (``"Choose Research &
Development"``, ``"Build a housing project in Pittsburgh"``, ``"Sell 2 goods for $2"``),
never the raw notation. Departments, cities and donations are named as ``data/carnegie``
names them; company-board cells as their coordinates (``C3``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move

from .moves import (
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
from .timeline import action_name

if TYPE_CHECKING:
    from .state import CarnegieState

REWARDS = {"money": "money", "goods": "goods", "moves": "moves", "vp": "VP", "points": "study"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def department(state: CarnegieState, kind: str) -> str:
    """``"rd-coordination"`` -> its printed name; ``"setup"`` -> ``"setup"``."""
    dept = state.data.department.get(kind)
    return dept.name if dept is not None else kind.replace("-", " ").replace("_", " ")


def city(state: CarnegieState, city_id: str) -> str:
    c = state.data.city.get(city_id)
    return c.name if c is not None else city_id.replace("-", " ").title()


def donation(state: CarnegieState, donation_id: str) -> str:
    d = state.data.donation.get(donation_id)
    return d.name if d is not None else donation_id.upper()


def describe(state: CarnegieState, seat: int, move: Move) -> str:
    """``move`` of ``seat`` as a short sentence (at most 80 characters)."""
    return _describe(state, seat, move)[:80]


def _describe(state: CarnegieState, seat: int, move: Move) -> str:
    if isinstance(move, Choose):
        return f"Choose {action_name(_row(move.action))} this round"
    if isinstance(move, Return):
        if move.n == 0:
            return "Keep everyone on the mission"
        box = f" · income of box {move.box}" if move.box else ""
        return f"Bring {_plural(move.n, 'employee')} home{box}"
    if isinstance(move, Donate):
        return f"Donate: {donation(state, move.donation)} ({move.donation.upper()})"
    if isinstance(move, Pass):
        return "Make no donation"
    if isinstance(move, MoveEmployee):
        paid = "setup" if move.source == "setup" else department(state, move.source)
        return f"Move an employee {move.frm.upper()} → {move.to.upper()} · {paid}"
    if isinstance(move, Use):
        parts = [f"Use {department(state, move.dept)}"]
        if move.region:
            parts.append(move.region.capitalize())
        if move.reward:
            parts.append(f"for {REWARDS.get(move.reward, move.reward)}")
        if move.donation:
            parts.append(donation(state, move.donation))
        if move.n is not None:
            parts.append(f"×{move.n}")
        return " · ".join(parts)
    if isinstance(move, Establish):
        return f"Add {department(state, move.kind)} on {move.cell.upper()}"
    if isinstance(move, Build):
        article = "an" if move.tab[:1] in "aeiou" else "a"
        text = f"Build {article} {move.tab} project in {city(state, move.city)}"
        if move.space:
            text += f" on a {move.space} space"
        if move.dept != "construction":
            text += f" with {department(state, move.dept)}"
        if move.box:
            text += f" · box {move.box}"
        return text
    if isinstance(move, ResearchTab):
        return f"Research: slide the {move.tab} tab"
    if isinstance(move, ResearchTrack):
        return f"Research: advance the {move.region.capitalize()} transport track"
    if isinstance(move, PlayTile):
        return f"Play the action tile: one {action_name(_row(move.action))} department"
    if isinstance(move, Assign):
        if move.cell is None:
            return "Move nobody into the new department"
        return f"Move the employee from {move.cell.upper()} into the new department"
    if isinstance(move, Activate):
        pay = {"bonus": " · pay $2 more for 1 VP", "cheap": " · pay $1, lose 1 VP"}
        return f"Stand up the employee at {move.cell.upper()}{pay.get(move.pay or '', '')}"
    if isinstance(move, Sell):
        return f"Sell {_plural(move.n, 'goods cube')} for ${move.n}"
    if isinstance(move, EndTurn):
        return "End your turn"
    if isinstance(move, Place):
        return f"Start in {city(state, move.city)}"
    if isinstance(move, Reserve):
        return f"Reserve the {department(state, move.kind)} tile"
    return move.notation.replace("_", " ").capitalize() + " (move)"


def _row(action: str) -> int:
    from .data import ACTIONS

    return ACTIONS.index(action)
