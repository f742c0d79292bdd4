"""Mutable pieces of a Carnegie game: company boards, the map, the donation chart.

Only ``state.py`` and the phase modules change these; views copy them into frozen dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .data import PROJECT_TYPES, REGIONS, CarnegieData, Department, Reward

NEUTRAL = -1
"""Owner of the blocking disks of 2-3 player games and solo (seed 準備 9)."""
ANDREW = -2
"""Owner of Andrew Carnegie's disks (solo)."""
LOBBY = "lobby"
"""The ``dept`` of the Lobby cell."""


@dataclass
class Cell:
    """One space of a company board: its department (or ``None``: an empty space, or
    ``LOBBY``) and the employees standing (active, on workplaces) or lying (inactive) there.

    Employees lying in a lobby are counted in ``Company.lobby``, not here.
    """

    dept: str | None
    active: int = 0
    inactive: int = 0

    @property
    def employees(self) -> int:
        return self.active + self.inactive


@dataclass
class Company:
    """One player's company (seed: 会社の構成) and everything they own."""

    seat: int
    money: int
    goods: int
    vp: int
    cells: dict[str, Cell]
    lobby: int  # employees lying in the Lobby (and New Lobby: one pool, see rules doc)
    aside: int  # employees not yet in the company (personal supply)
    missions: dict[str, int]  # region -> employees on a mission there
    tracks: dict[str, int]  # region -> transport box, 0-based
    revealed: dict[str, int]  # tab -> spaces visible
    built: dict[str, int]  # tab -> project spaces whose disk has been built
    disks: int  # disks in the personal supply
    reserve: str | None  # reserved department kind; None once built (or never chosen)
    added: list[str] = field(default_factory=list)  # department kinds added, in order
    projects: list[tuple[str, int, str]] = field(default_factory=list)  # (city, space, tab)
    donations: list[str] = field(default_factory=list)  # donation ids, in order
    choice_tile: bool = False  # holds an unused action-choice tile
    study: int = 0  # study points available until the end of this player's turn
    payroll_round: int = 0  # round in which Payroll Management's employee was activated

    where: dict[str, str] = field(default_factory=dict)  # department id (and LOBBY) -> cell

    def set_dept(self, cell: str, dept: str | None) -> None:
        """Put ``dept`` on ``cell`` (keeps the department index ``where`` in step)."""
        old = self.cells[cell].dept
        if old is not None and self.where.get(old) == cell:
            del self.where[old]
        self.cells[cell].dept = dept
        if dept is not None:
            self.where[dept] = cell

    def dept_cells(self) -> dict[str, str]:
        """Department id -> cell, for every department the company has."""
        return {d: k for d, k in self.where.items() if d != LOBBY}

    def cell_of(self, dept: str) -> str | None:
        return self.where.get(dept)

    def has(self, dept: str) -> bool:
        return self.cell_of(dept) is not None

    def is_active(self, dept: str) -> bool:
        """Whether ``dept`` has at least one active employee (ongoing effects, seed)."""
        k = self.cell_of(dept)
        return k is not None and self.cells[k].active > 0

    def lobby_cells(self) -> list[str]:
        """The Lobby's cell, and the New Lobby's if the company has one."""
        new = self.where.get("new-lobby")
        return [self.where[LOBBY], new] if new else [self.where[LOBBY]]

    def active_employees(self) -> int:
        return sum(c.active for c in self.cells.values())

    def employees_total(self) -> int:
        return (
            sum(c.employees for c in self.cells.values())
            + self.lobby
            + self.aside
            + sum(self.missions.values())
        )

    def tab_disks(self, tab: str, data: CarnegieData) -> int:
        """Disks waiting on ``tab`` (revealed project spaces not yet built)."""
        n_project = sum(1 for s in data.tab[tab].spaces[: self.revealed[tab]] if s.project)
        return n_project - self.built[tab]

    def project_income(self, data: CarnegieData) -> Reward:
        """The "!" incomes revealed by built projects (seed: 建設した全ての事業から収入)."""
        money = goods = vp = sp = emp = 0
        for t in PROJECT_TYPES:
            for s in data.tab[t].spaces[: self.built[t]]:
                money += s.income.money
                goods += s.income.goods
                vp += s.income.vp
                sp += s.income.study_points
                emp += s.income.employee
        return Reward(money, goods, vp, sp, emp)


def new_company(seat: int, data: CarnegieData) -> Company:
    """A company at setup (seed 準備 6): 5 standing employees on the 5 starting departments,
    5 lying in the Lobby, 5 aside; 4 goods, $12; disks on VP 0, the 4 tracks and the tabs."""
    r = data.rules
    lay = data.company
    cells = {k: Cell(None) for k in lay.cells}
    cells[lay.lobby] = Cell(LOBBY)
    for dept, k in lay.start.items():
        cells[k] = Cell(dept, active=1)
    revealed = {t.id: t.start_revealed for t in data.tabs}
    tab_disks = sum(sum(1 for s in t.spaces[: revealed[t.id]] if s.project) for t in data.tabs)
    standing = len(lay.start)
    return Company(
        seat=seat,
        money=r.money,
        goods=r.goods,
        vp=0,
        cells=cells,
        lobby=r.employees_lobby,
        aside=r.employees - standing - r.employees_lobby,
        missions={g: 0 for g in REGIONS},
        tracks={g: 0 for g in REGIONS},
        revealed=revealed,
        built={t: 0 for t in PROJECT_TYPES},
        disks=r.disks - 1 - len(REGIONS) - tab_disks,
        reserve=None,
        where={c.dept: k for k, c in cells.items() if c.dept},
    )


def workplace_cost(dept: Department, active: int) -> int | None:
    """The activation cost of the next empty workplace, or ``None`` when all are filled."""
    if active >= len(dept.workplaces):
        return None
    return dept.workplaces[active]


def distance(a: str, b: str, diagonal: bool) -> int:
    """Employee moves from cell ``a`` to ``b``: orthogonal steps (seed: 斜め不可), or king
    steps when Corporate Communication allows diagonals."""
    dx = abs(ord(a[0]) - ord(b[0]))
    dy = abs(int(a[1:]) - int(b[1:]))
    return max(dx, dy) if diagonal else dx + dy
