"""Carnegie moves in words, for panel buttons, menus and autocomplete (``"Choose Research &
Development"``, ``"Build a housing project in Pittsburgh"``, ``"Sell 2 goods for $2"``),
never the raw notation. Departments, cities and donations are named as ``data/carnegie``
names them (keyed terms, ``games.carnegie.terms``); company-board cells as their coordinates
(``C3``). Every label is a ``Msg`` keyed ``carnegie.label.*`` so a catalogue translates it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move
from games.core.text import Msg

from . import terms
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


def department(state: CarnegieState, kind: str) -> str:
    """``"rd-coordination"`` -> its printed name (keyed); ``"setup"`` -> ``"setup"``."""
    dept = state.data.department.get(kind)
    if dept is not None:
        return terms.department(kind, dept.name)
    return kind.replace("-", " ").replace("_", " ")


def city(state: CarnegieState, city_id: str) -> str:
    c = state.data.city.get(city_id)
    return terms.city(c.id, c.name) if c is not None else city_id.replace("-", " ").title()


def donation(state: CarnegieState, donation_id: str) -> str:
    d = state.data.donation.get(donation_id)
    return terms.donation(d.id, d.name) if d is not None else donation_id.upper()


def _say(key: str, template: str, **params: object) -> str:
    """A panel label (``carnegie.label.<key>``)."""
    full_key = "carnegie.label." + key
    return Msg(full_key, template, **params)


def describe(state: CarnegieState, seat: int, move: Move) -> str:
    """``move`` of ``seat`` as a short sentence (at most 80 characters; a longer one is cut
    and no longer keyed)."""
    text = _describe(state, seat, move)
    return text if len(text) <= 80 else str(text)[:80]


def _describe(state: CarnegieState, seat: int, move: Move) -> str:
    if isinstance(move, Choose):
        return _say("choose", "Choose {action} this round", action=action_name(_row(move.action)))
    if isinstance(move, Return):
        return _return(move)
    if isinstance(move, Donate):
        return _say(
            "donate",
            "Donate: {name} ({id})",
            name=donation(state, move.donation),
            id=move.donation.upper(),
        )
    if isinstance(move, Pass):
        return _say("pass", "Make no donation")
    if isinstance(move, MoveEmployee):
        paid = (
            Msg("carnegie.label.setup", "setup")
            if move.source == "setup"
            else department(state, move.source)
        )
        return _say(
            "move",
            "Move an employee {frm} → {to} · {paid}",
            frm=move.frm.upper(),
            to=move.to.upper(),
            paid=paid,
        )
    if isinstance(move, Use):
        return _use(state, move)
    if isinstance(move, Establish):
        return _say(
            "establish",
            "Add {dept} on {cell}",
            dept=department(state, move.kind),
            cell=move.cell.upper(),
        )
    if isinstance(move, Build):
        return _build(state, move)
    if isinstance(move, ResearchTab):
        return _say("research_tab", "Research: slide the {tab} tab", tab=terms.tab(move.tab))
    if isinstance(move, ResearchTrack):
        return _say(
            "research_track",
            "Research: advance the {region} transport track",
            region=terms.region(move.region),
        )
    if isinstance(move, PlayTile):
        return _say(
            "play_tile",
            "Play the action tile: one {action} department",
            action=action_name(_row(move.action)),
        )
    if isinstance(move, Assign):
        if move.cell is None:
            return _say("assign_none", "Move nobody into the new department")
        return _say(
            "assign",
            "Move the employee from {cell} into the new department",
            cell=move.cell.upper(),
        )
    if isinstance(move, Activate):
        cell = move.cell.upper()
        if move.pay == "bonus":
            return _say(
                "activate_bonus",
                "Stand up the employee at {cell} · pay $2 more for 1 VP",
                cell=cell,
            )
        if move.pay == "cheap":
            return _say(
                "activate_cheap", "Stand up the employee at {cell} · pay $1, lose 1 VP", cell=cell
            )
        return _say("activate", "Stand up the employee at {cell}", cell=cell)
    if isinstance(move, Sell):
        if move.n == 1:
            return _say("sell_one", "Sell {n} goods cube for ${n}", n=move.n)
        return _say("sell", "Sell {n} goods cubes for ${n}", n=move.n)
    if isinstance(move, EndTurn):
        return _say("end_turn", "End your turn")
    if isinstance(move, Place):
        return _say("place", "Start in {city}", city=city(state, move.city))
    if isinstance(move, Reserve):
        return _say("reserve", "Reserve the {dept} tile", dept=department(state, move.kind))
    return move.notation.replace("_", " ").capitalize() + " (move)"


def _return(move: Return) -> str:
    if move.n == 0:
        return _say("keep", "Keep everyone on the mission")
    if move.box:
        if move.n == 1:
            return _say(
                "return_one_box", "Bring {n} employee home · income of box {box}", n=1, box=move.box
            )
        return _say(
            "return_box",
            "Bring {n} employees home · income of box {box}",
            n=move.n,
            box=move.box,
        )
    if move.n == 1:
        return _say("return_one", "Bring {n} employee home", n=1)
    return _say("return", "Bring {n} employees home", n=move.n)


def _use(state: CarnegieState, move: Use) -> str:
    text = _say("use", "Use {dept}", dept=department(state, move.dept))
    parts: list[str] = []
    if move.region:
        parts.append(terms.region(move.region))
    if move.reward:
        reward = REWARDS.get(move.reward)
        key, english = "carnegie.label.for." + move.reward, f"for {reward or move.reward}"
        parts.append(Msg(key, english) if reward is not None else english)
    if move.donation:
        parts.append(donation(state, move.donation))
    if move.n is not None:
        parts.append(f"×{move.n}")
    for part in parts:
        text = _say("part", "{text} · {part}", text=text, part=part)
    return text


def _build(state: CarnegieState, move: Build) -> str:
    tab, where = terms.tab(move.tab), city(state, move.city)
    if move.tab[:1] in "aeiou":
        text = _say("build_an", "Build an {tab} project in {city}", tab=tab, city=where)
    else:
        text = _say("build", "Build a {tab} project in {city}", tab=tab, city=where)
    if move.space:
        text = _say(
            "build_on", "{text} on a {space} space", text=text, space=terms.space(move.space)
        )
    if move.dept != "construction":
        text = _say(
            "build_with", "{text} with {dept}", text=text, dept=department(state, move.dept)
        )
    if move.box:
        text = _say("build_box", "{text} · box {box}", text=text, box=move.box)
    return text


def _row(action: str) -> int:
    from .data import ACTIONS

    return ACTIONS.index(action)
