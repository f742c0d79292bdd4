"""Carnegie moves and their notation (seed 001; docs/rules/carnegie.md lists them all).

Every move is one word-level decision. Department uses are one move per active employee:

* ``choose management`` — the chooser picks a timeline row (seed: アクション選択)
* ``return 2`` / ``return 2 box 1`` — bring employees home in an income event (Archives may
  take a lower box's income); ``return 0`` keeps them on the mission
* ``donate b3`` / ``pass`` — donation event (seed: 寄付)
* ``move hr b4 c3`` — one employee move paid from a department's moves (HR, Training...);
  ``move setup ...`` during setup
* ``use sales 3``, ``use commerce west money``, ``use charity east b2``, ``use rd`` — use a
  department once
* ``establish sales a2`` — Strategic Planning adds a department on a cell
* ``build housing pittsburgh`` (Construction), ``... with engineering``,
  ``... on industry`` (Political Lobbying), ``... box 2`` (Archives)
* ``research tab housing`` / ``research track west`` — spend study points
* ``tile rd`` — play the action-choice tile for one department of another action
* ``assign c3`` / ``assign none`` — Property Management
* ``activate c3`` (``bonus``/``cheap`` with Payroll Management), ``sell 2``, ``end``
* setup: ``place pittsburgh``, ``reserve sales``
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core import Converter, Move, Notation, register_converter

from .data import ACTIONS, PROJECT_TYPES, REGIONS, SPACE_TYPES, load

REWARDS: tuple[str, ...] = ("money", "goods", "moves", "vp", "points")
PAYROLL: tuple[str, ...] = ("bonus", "cheap")


def _one_of(words: tuple[str, ...] | frozenset[str]) -> Converter:
    allowed = frozenset(words)

    def parse(word: str) -> str:
        if word not in allowed:
            raise ValueError(word)
        return word

    return Converter(str, parse)


def _cell(word: str) -> str:
    if word not in load().company.cells:
        raise ValueError(word)
    return word


register_converter("cg_region", _one_of(REGIONS))
register_converter("cg_action", _one_of(ACTIONS))
register_converter("cg_tab", _one_of(PROJECT_TYPES))
register_converter("cg_space", _one_of(SPACE_TYPES))
register_converter("cg_reward", _one_of(REWARDS))
register_converter("cg_pay", _one_of(PAYROLL))
register_converter("cg_donation", _one_of(frozenset(d.id for d in load().donations)))
register_converter("cg_city", _one_of(frozenset(c.id for c in load().cities)))
register_converter("cg_cell", Converter(str, _cell))


@dataclass(frozen=True)
class Choose(Move):
    """The chooser picks this round's timeline row (seed: 1. アクション選択)."""

    syntax: ClassVar[str] = "choose {action:cg_action}"
    action: str


@dataclass(frozen=True)
class Return(Move):
    """Bring ``n`` employees home from the event's mission zone (seed: 収入を得る).

    ``box`` (1-based) takes a lower transport box's income (Archives only).
    """

    syntax: ClassVar[str] = "return {n:int} [box {box:int}]"
    n: int
    box: int = 0


@dataclass(frozen=True)
class Donate(Move):
    """Make a donation on a free space of the chart (seed: 寄付をする)."""

    syntax: ClassVar[str] = "donate {donation:cg_donation}"
    donation: str


@dataclass(frozen=True)
class Pass(Move):
    """Make no donation this event."""

    syntax: ClassVar[str] = "pass"


@dataclass(frozen=True)
class MoveEmployee(Move):
    """Move one employee from ``frm`` to ``to`` with ``source``'s moves (seed: 社員コマを移動する).

    ``source`` is the department whose moves pay (``hr``, ``training``, ``recruiting``,
    ``local-partners``, ``hr-admin``) or ``setup``. An inactive employee moves if the cell has
    one; a moved active employee lies down.
    """

    syntax: ClassVar[str] = "move {source} {frm:cg_cell} {to:cg_cell}"
    source: str
    frm: str
    to: str


@dataclass(frozen=True)
class Use(Move):
    """Use department ``dept`` once (one active employee's use; seed: 部署の使用).

    ``region`` names the mission zone (mission departments) or the region counted (regional
    departments); ``reward`` picks an option; ``donation`` is Charitable Giving's target;
    ``n`` is a count of goods cubes (Sales, Logistics, Supply Chain) or dollars (Training with
    the seed's values).
    """

    syntax: ClassVar[str] = (
        "use {dept} [{region:cg_region}] [{reward:cg_reward}] [{donation:cg_donation}] [{n:int}]"
    )
    dept: str
    region: str | None = None
    reward: str | None = None
    donation: str | None = None
    n: int | None = None


@dataclass(frozen=True)
class Establish(Move):
    """Strategic Planning: add department ``kind`` on empty cell ``cell`` (seed: 戦略企画)."""

    syntax: ClassVar[str] = "establish {kind} {cell:cg_cell}"
    kind: str
    cell: str


@dataclass(frozen=True)
class Build(Move):
    """Build a ``tab`` project in ``city`` with a construction department (seed: 建設).

    ``space`` names the space type to use (Political Lobbying may use a non-matching one);
    ``box`` takes a lower small-town transport income (Archives).
    """

    syntax: ClassVar[str] = (
        "build {tab:cg_tab} {city:cg_city} [on {space:cg_space}] [with {dept}] [box {box:int}]"
    )
    tab: str
    city: str
    space: str | None = None
    dept: str = "construction"
    box: int = 0


@dataclass(frozen=True)
class ResearchTab(Move):
    """Spend study points to slide a project tab one space (seed: 事業タブを右にスライドする)."""

    syntax: ClassVar[str] = "research tab {tab:cg_tab}"
    tab: str


@dataclass(frozen=True)
class ResearchTrack(Move):
    """Spend study points to advance a transport track one box (seed: 輸送トラックを進める)."""

    syntax: ClassVar[str] = "research track {region:cg_region}"
    region: str


@dataclass(frozen=True)
class PlayTile(Move):
    """Discard the action-choice tile to use one department of ``action`` (seed)."""

    syntax: ClassVar[str] = "tile {action:cg_action}"
    action: str


@dataclass(frozen=True)
class Assign(Move):
    """Property Management: move an employee from ``cell`` into the new department (or none)."""

    syntax: ClassVar[str] = "assign {cell:cg_cell?}"
    cell: str | None


@dataclass(frozen=True)
class Activate(Move):
    """End of turn: stand an inactive employee of ``cell`` on its next workplace, paying its cost.

    ``pay`` (Payroll Management): ``bonus`` = cost + $2 for 1 VP, ``cheap`` = $1 for -1 VP.
    """

    syntax: ClassVar[str] = "activate {cell:cg_cell} [{pay:cg_pay}]"
    cell: str
    pay: str | None = None


@dataclass(frozen=True)
class Sell(Move):
    """Sell goods cubes to the supply for $1 each (published rule, any time)."""

    syntax: ClassVar[str] = "sell {n:int}"
    n: int


@dataclass(frozen=True)
class EndTurn(Move):
    """End your turn (remaining study points and moves are lost)."""

    syntax: ClassVar[str] = "end"


@dataclass(frozen=True)
class Place(Move):
    """Setup: put the housing tab's disk on a housing space of a medium or major city."""

    syntax: ClassVar[str] = "place {city:cg_city}"
    city: str


@dataclass(frozen=True)
class Reserve(Move):
    """Setup: take a department tile into your reserve (it must be your first department)."""

    syntax: ClassVar[str] = "reserve {kind}"
    kind: str


MOVES: tuple[type[Move], ...] = (
    Choose,
    Return,
    Donate,
    Pass,
    MoveEmployee,
    Use,
    Establish,
    Build,
    ResearchTab,
    ResearchTrack,
    PlayTile,
    Assign,
    Activate,
    Sell,
    EndTurn,
    Place,
    Reserve,
)
CODEC = Notation(MOVES, game="Carnegie")
