"""What a seat (or the public) sees of a Carnegie game.

Carnegie is open information: money, goods, companies and reserves are public. The only hidden
thing is Andrew's deck (solo): the view shows the backs of his current and next card (which
the seed lets the player look at) and a card's face only once it is revealed.
Company cells are named like the move notation: ``a1`` top left .. ``d4``; transport boxes are
1-based; timeline positions are 0 (Start) .. 5 (End).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .data import ACTIONS, PROJECT_TYPES, REGIONS
from .model import LOBBY
from .timeline import LAST, event_at

if TYPE_CHECKING:
    from .state import CarnegieState


@dataclass(frozen=True)
class CellView:
    cell: str  # "b4"
    dept: str | None  # department id, "lobby", or None for an empty space
    name: str  # department name ("" if empty)
    active: int  # employees standing on workplaces
    inactive: int  # employees lying here (the Lobby's are in CompanyView.lobby)
    workplaces: tuple[int, ...]  # activation cost of each workplace
    row_vp: int  # VP a department added here scores (3 top row, 2 other rows)


@dataclass(frozen=True)
class TabView:
    tab: str  # "housing"
    revealed: int  # spaces visible
    built: int  # projects built from this tab
    disks: int  # disks waiting on the tab
    next_cost: int | None  # study points for the next slide; None when fully out
    vp: int  # VP revealed so far (end game)
    income: str  # project income revealed by built projects, as text


@dataclass(frozen=True)
class CompanyView:
    seat: int
    money: int
    goods: int
    vp: int
    cells: tuple[CellView, ...]  # row-major, a1 first
    lobby: int  # employees lying in the Lobby (and New Lobby)
    aside: int  # employees not yet hired
    missions: dict[str, int]  # region -> employees on a mission
    tracks: dict[str, int]  # region -> transport box (1-5)
    levels: dict[str, str]  # region -> wagon / stagecoach / railroad
    tabs: tuple[TabView, ...]
    disks: int
    reserve: str | None  # reserved department tile (must be the first added)
    added: tuple[str, ...]  # departments added, in order
    donations: tuple[str, ...]
    projects: tuple[tuple[str, str], ...]  # (city id, tab)
    choice_tile: bool
    study: int  # study points to spend this turn
    active_employees: int


@dataclass(frozen=True)
class SpaceView:
    type: str  # housing / commerce / industry / infrastructure / any
    owner: int | None  # seat; -1 neutral blocking disk; -2 Andrew; None empty


@dataclass(frozen=True)
class CityView:
    id: str
    name: str
    region: str
    size: str  # small / medium / major
    vp: int
    connection_points: int
    position: tuple[int, int]  # on the 3072 x 2375 board scan (layout only)
    spaces: tuple[SpaceView, ...]  # left to right


@dataclass(frozen=True)
class TimelineView:
    tiles: tuple[tuple[int, str], ...]  # (tile id, "front"/"back"), left to right
    events: tuple[tuple[str, ...], ...]  # per row (HR first), positions 1..5: "west", "donation",
    #   "east+donation" (End tile)
    discs: tuple[int, ...]  # per row: 0 (Start) .. 5 (End)
    marker: tuple[int, int] | None  # (row, position) of the timeline marker this round
    flipped: int | None  # row whose disc was flipped this round


@dataclass(frozen=True)
class AndrewView:
    level: int
    card_back: str | None  # row shown on the back of this round's card
    next_back: str | None  # row on the back of the top card of his deck
    card: str | None  # this round's card once revealed
    shift: int  # spaces the card has slid this round (0-4)
    piles: tuple[int, ...]  # cards under the 0 / 1 / 3 / 6 / 10 VP cards
    picks: bool  # the locomotive says Andrew picks the row this round
    tracks: dict[str, int]  # region -> box (1-5)
    departments: tuple[str, ...]
    donations: tuple[str, ...]
    disks: int
    deck: int  # cards left in his deck


@dataclass(frozen=True)
class TurnView:
    seat: int
    setup: bool
    current: str | None  # department in use
    uses_left: int
    move_source: str | None
    moves_left: int
    used: tuple[str, ...]
    extra: str | None  # action granted by the action-choice tile
    activating: bool
    pending: str | None  # cell of a new department awaiting Property Management


@dataclass(frozen=True)
class CarnegieView:
    viewer: int | None
    n_seats: int
    round: int  # 1..20 (0 during setup)
    phase: str  # phases.Phase value, or "over"
    phase_name: str
    to_act: tuple[int, ...]
    start_player: int
    action: str | None  # this round's action row
    event_income: str | None  # region whose income event runs this round
    event_donation: bool
    timeline: TimelineView
    cities: tuple[CityView, ...]
    chart: dict[str, tuple[int, ...]]  # donation -> owners (first = original, then stacked)
    donation_names: dict[str, str]
    display: dict[str, int]  # department tile kind -> tiles on display
    companies: tuple[CompanyView, ...]
    andrew: AndrewView | None
    turn: TurnView | None
    log: tuple[str, ...]  # the latest events
    outcome: dict[str, Any] | None


def _company(state: CarnegieState, seat: int) -> CompanyView:
    d = state.data
    c = state.company(seat)
    cells = []
    for k in d.company.cells:
        x = c.cells[k]
        info = d.department.get(x.dept) if x.dept and x.dept != LOBBY else None
        cells.append(
            CellView(
                cell=k,
                dept=x.dept,
                name="Lobby" if x.dept == LOBBY else (info.name if info else ""),
                active=x.active,
                inactive=x.inactive,
                workplaces=info.workplaces if info else (),
                row_vp=d.company.top_row_vp if k.endswith("1") else d.company.other_row_vp,
            )
        )
    tabs = []
    for t in PROJECT_TYPES:
        spaces = d.tab[t].spaces
        r = c.revealed[t]
        tabs.append(
            TabView(
                tab=t,
                revealed=r,
                built=c.built[t],
                disks=c.tab_disks(t, d),
                next_cost=spaces[r].cost if r < len(spaces) else None,
                vp=sum(s.vp for s in spaces[:r] if not s.project),
                income=" + ".join(s.income.text() for s in spaces[: c.built[t]]) or "none",
            )
        )
    return CompanyView(
        seat=seat,
        money=c.money,
        goods=c.goods,
        vp=c.vp,
        cells=tuple(cells),
        lobby=c.lobby,
        aside=c.aside,
        missions=dict(c.missions),
        tracks={r: c.tracks[r] + 1 for r in REGIONS},
        levels={r: d.tracks[r].levels[c.tracks[r]] for r in REGIONS},
        tabs=tuple(tabs),
        disks=c.disks,
        reserve=c.reserve,
        added=tuple(c.added),
        donations=tuple(c.donations),
        projects=tuple((city, tab) for city, _, tab in c.projects),
        choice_tile=c.choice_tile,
        study=c.study,
        active_employees=c.active_employees(),
    )


def _timeline(state: CarnegieState) -> TimelineView:
    events = []
    for row in range(len(ACTIONS)):
        cols = []
        for pos in range(1, LAST + 1):
            ev = event_at(state.data, state.tiles, row, pos)
            parts = ([ev.income] if ev.income else []) + (["donation"] if ev.donation else [])
            cols.append("+".join(parts))
        events.append(tuple(cols))
    sel = state.selection
    return TimelineView(
        tiles=tuple(state.tiles),
        events=tuple(events),
        discs=tuple(state.discs),
        marker=(sel.row, sel.marker) if sel else None,
        flipped=sel.flipped if sel else None,
    )


def _andrew(state: CarnegieState) -> AndrewView | None:
    a = state.andrew
    if a is None:
        return None
    cards = state.card_index
    return AndrewView(
        level=a.level,
        card_back=cards[a.current].back if a.current else None,
        next_back=cards[a.deck[0]].back if a.deck else None,
        card=a.current if a.revealed else None,
        shift=a.shift,
        piles=tuple(len(p) for p in a.piles),
        picks=a.picks,
        tracks={r: a.tracks[r] + 1 for r in REGIONS},
        departments=tuple(a.departments),
        donations=tuple(a.donations),
        disks=a.disks,
        deck=len(a.deck),
    )


def _turn(state: CarnegieState) -> TurnView | None:
    t = state.turn
    if t is None or state.is_over():
        return None
    return TurnView(
        seat=t.seat,
        setup=t.setup,
        current=t.current,
        uses_left=t.uses_left,
        move_source=t.move_source,
        moves_left=t.moves_left,
        used=tuple(t.used),
        extra=t.extra,
        activating=t.activating,
        pending=t.pending,
    )


def build_view(state: CarnegieState, seat: int | None) -> CarnegieView:
    d = state.data
    over = state.is_over()
    ev = state.event
    outcome = state.outcome()
    return CarnegieView(
        viewer=seat,
        n_seats=state.n_seats,
        round=state.round,
        phase="over" if over else state.phase.value,
        phase_name=state.phase_name(),
        to_act=tuple(sorted(state.to_act())),
        start_player=state.start_player,
        action=state.action,
        event_income=ev.income if ev else None,
        event_donation=bool(ev and ev.donation),
        timeline=_timeline(state),
        cities=tuple(
            CityView(
                id=c.id,
                name=c.name,
                region=c.region,
                size=c.size,
                vp=c.vp,
                connection_points=c.connection_points,
                position=c.position,
                spaces=tuple(
                    SpaceView(s.type, state.spaces[c.id][i]) for i, s in enumerate(c.spaces)
                ),
            )
            for c in d.cities
        ),
        chart={k: tuple(v) for k, v in state.chart.items()},
        donation_names={x.id: x.name for x in d.donations},
        display=dict(state.display),
        companies=tuple(_company(state, s) for s in range(state.n_seats)),
        andrew=_andrew(state),
        turn=_turn(state),
        log=tuple(state.log[-12:]),
        outcome=outcome.to_dict() if outcome else None,
    )
