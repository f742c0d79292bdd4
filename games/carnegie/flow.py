"""The turn structure: one ``Step`` per rulebook phase (see ``phases.Phase``).

Setup (seed 準備 10-12) -> 20 x [choose a row -> income event -> donation event -> each
player's turn (departments, then activation)] -> final scoring. Andrew (solo) acts inside the
choose step, before the player's events, as the seed's solo round order says.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from games.core import Choice, Move, Msg, Step, group_choices

from . import construction as cons
from . import departments as depts
from . import terms
from .data import ACTIONS, REGIONS
from .model import distance
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
from .phases import Phase
from .solo import andrew as solo
from .timeline import LAST, action_name, advancing_row, event_at, select
from .turn import (
    TurnState,
    activate,
    activate_refusal,
    active_count,
    close,
    move_employee,
    move_refusal,
    move_sources,
    new_turn,
    payroll_applies,
    reachable,
)

if TYPE_CHECKING:
    from .state import CarnegieState

G = Any  # CarnegieState (a runtime import would be circular)


def _sell_refusal(game: CarnegieState, seat: int, m: Sell) -> str | None:
    c = game.company(seat)
    if not game.rule("sell_goods"):
        return Msg(
            "carnegie.sell_off",
            "This game is played without selling goods to the supply (option `sell_goods`); "
            "Sales and Logistics sell goods.",
        )
    if m.n < 1 or m.n > c.goods:
        return Msg(
            "carnegie.sell_goods",
            "You can sell 1 to {goods} goods cubes; you have {goods}.",
            goods=c.goods,
        )
    return None


def _sell(game: CarnegieState, seat: int, m: Sell) -> list[str]:
    c = game.company(seat)
    money = game.data.rules.goods_sale_money * m.n
    c.goods -= m.n
    c.money += money
    return [
        Msg("carnegie.sold", "p{p} sells {n} goods for ${money}.", p=seat + 1, n=m.n, money=money)
    ]


def _sell_candidates(game: CarnegieState, seat: int) -> list[Sell]:
    if not game.rule("sell_goods"):
        return []
    return [Sell(n) for n in range(1, game.company(seat).goods + 1)]


# -- setup ------------------------------------------------------------------------------


class SetupProjectsStep(Step[G]):
    """Seed 準備 10: counter-clockwise from the player right of the start player, each puts
    their housing disk on a housing space of a medium or major city; (S6) and takes a
    department tile into their reserve."""

    moves = (Place, Reserve)
    title = "Setup: first project and reserved department"
    title_key = "carnegie.term.phase.setup_projects"

    def enter(self, game: CarnegieState) -> list[str]:
        n = game.n_seats
        game.queue = [(game.start_player - 1 - i) % n for i in range(n)]
        return []

    def actors(self, game: CarnegieState) -> frozenset[int]:
        return frozenset(game.queue[:1])

    def candidates(self, game: CarnegieState, seat: int) -> Iterable[Move]:
        if seat not in game.placed:
            return [Place(c.id) for c in game.data.cities if c.size != "small"]
        return [Reserve(k) for k, n in game.display.items() if n > 0]

    def refusal(self, game: CarnegieState, seat: int, move: Move) -> str | None:
        if isinstance(move, Place):
            if seat in game.placed:
                return Msg("carnegie.placed", "You already placed your first project.")
            city = game.data.city[move.city]
            if city.size == "small":
                return Msg(
                    "carnegie.place_size",
                    "The first project goes to a medium or major city, not {city}.",
                    city=terms.city(city.id, city.name),
                )
            free = [
                i
                for i, s in enumerate(city.spaces)
                if s.type == "housing" and game.spaces[city.id][i] is None
            ]
            if not free:
                return Msg(
                    "carnegie.place_full",
                    "{city} has no free housing space.",
                    city=terms.city(city.id, city.name),
                )
            return None
        assert isinstance(move, Reserve)
        if game.rule("reserve") == "none":
            return Msg(
                "carnegie.reserve_off",
                "This game is played without a reserved department (option `reserve=none`).",
            )
        if seat not in game.placed:
            return Msg("carnegie.place_first", "First place your housing project (`place <city>`).")
        if game.display.get(move.kind, 0) == 0:
            return Msg(
                "carnegie.reserve_gone", "No `{kind}` tile is on the display.", kind=move.kind
            )
        return None

    def apply(self, game: CarnegieState, seat: int, move: Move) -> list[str]:
        c = game.company(seat)
        if isinstance(move, Place):
            city = game.data.city[move.city]
            i = next(
                i
                for i, s in enumerate(city.spaces)
                if s.type == "housing" and game.spaces[city.id][i] is None
            )
            game.spaces[city.id][i] = seat
            c.built["housing"] += 1
            c.projects.append((city.id, i, "housing"))
            game.placed.add(seat)
            if game.rule("reserve") == "none":
                game.queue.pop(0)
            return [
                Msg(
                    "carnegie.setup_place",
                    "p{p} puts a housing project in {city}.",
                    p=seat + 1,
                    city=terms.city(city.id, city.name),
                )
            ]
        assert isinstance(move, Reserve)
        game.display[move.kind] -= 1
        c.reserve = move.kind
        game.queue.pop(0)
        return [
            Msg(
                "carnegie.setup_reserve",
                "p{p} reserves {name}.",
                p=seat + 1,
                name=terms.department(move.kind, game.data.department[move.kind].name),
            )
        ]

    def next_phase(self, game: CarnegieState) -> Phase:
        return Phase.SETUP_MOVES


# -- action selection -------------------------------------------------------------------


class ChooseStep(Step[G]):
    """Seed 1. アクション選択 (and solo steps 1-3: Andrew's card, pick and turn)."""

    moves = (Choose,)
    title = "Action selection"
    title_key = "carnegie.term.phase.choose"

    def enter(self, game: CarnegieState) -> list[str]:
        game.round += 1
        game.action = None
        game.selection = None
        game.event = None
        events: list[str] = [Msg("carnegie.round", "Round {round} begins.", round=game.round)]
        a = game.andrew
        if a is not None:
            events += solo.new_round(game)
            if a.picks:
                assert a.current is not None
                events += self._choose(game, ACTIONS.index(game.card_index[a.current].back), None)
        return events

    def actors(self, game: CarnegieState) -> frozenset[int]:
        if game.action is not None:
            return frozenset()
        return frozenset({game.start_player})

    def candidates(self, game: CarnegieState, seat: int) -> Iterable[Move]:
        return [Choose(a) for a in ACTIONS]

    def refusal(self, game: CarnegieState, seat: int, move: Move) -> str | None:
        return None

    def apply(self, game: CarnegieState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Choose)
        return self._choose(game, ACTIONS.index(move.action), seat)

    def _choose(self, game: CarnegieState, row: int, seat: int | None) -> list[str]:
        sel = select(game.discs, row)
        game.selection = sel
        game.action = ACTIONS[row]
        game.event = event_at(game.data, game.tiles, sel.event_row, sel.event_pos)
        who = Msg("carnegie.andrew.name", "Andrew") if seat is None else f"p{seat + 1}"
        ev = game.event
        income = (
            Msg("carnegie.event.income", "{region} income", region=terms.region(ev.income))
            if ev.income
            else None
        )
        donation = Msg("carnegie.event.donation", "a donation") if ev.donation else None
        what: str
        if income and donation:
            what = Msg(
                "carnegie.event.both", "{income} and {donation}", income=income, donation=donation
            )
        else:
            what = income or donation or ""
        flip = ""
        if sel.flipped is not None:
            flip = Msg(
                "carnegie.flipped",
                " Its disc is already at the end, so the {action} disc is flipped and its "
                "space's event happens.",
                action=action_name(sel.flipped),
            )
        events: list[str] = [
            Msg(
                "carnegie.chosen",
                "{who} chooses {action}.{flip} Event: {what}.",
                who=who,
                action=action_name(row),
                flip=flip,
                what=what,
            )
        ]
        if game.andrew is not None:
            events += solo.play_turn(game)
        return events

    def is_done(self, game: CarnegieState) -> bool:
        return game.action is not None

    def next_phase(self, game: CarnegieState) -> Phase:
        return Phase.INCOME

    def default_move(self, game: CarnegieState, seat: int) -> Move | None:
        # A safe choice: the first row whose disc can still advance.
        for i, a in enumerate(ACTIONS):
            if game.discs[i] < LAST:
                return Choose(a)
        return Choose(ACTIONS[0])


# -- events -----------------------------------------------------------------------------


class IncomeStep(Step[G]):
    """Seed 2. イベント, 収入を得る: from the start player on, each player may bring home one
    or more employees from the region's mission zone; each pays that region's transport income
    (at the player's box), and bringing any home pays the project income once."""

    moves = (Return,)
    title = "Income event"
    title_key = "carnegie.term.phase.income"

    def enter(self, game: CarnegieState) -> list[str]:
        ev = game.event
        game.queue = []
        if ev is not None and ev.income is not None:
            region = ev.income
            game.queue = [s for s in game.order_from_start() if game.company(s).missions[region]]
        return []

    def actors(self, game: CarnegieState) -> frozenset[int]:
        return frozenset(game.queue[:1])

    def candidates(self, game: CarnegieState, seat: int) -> Iterable[Move]:
        c = game.company(seat)
        region = game.event.income if game.event else None
        assert region is not None
        k = c.missions[region]
        out: list[Move] = [Return(n) for n in range(k, -1, -1)]
        if c.is_active("archives"):
            top = c.tracks[region] + 1
            out += [Return(n, b) for n in range(k, 0, -1) for b in range(1, top)]
        return out

    def refusal(self, game: CarnegieState, seat: int, move: Move) -> str | None:
        assert isinstance(move, Return)
        c = game.company(seat)
        region = game.event.income if game.event else None
        assert region is not None
        k = c.missions[region]
        if not 0 <= move.n <= k:
            return Msg(
                "carnegie.return_count",
                "You have {k} employees on the {region} mission; return 0 to {k}.",
                k=k,
                region=terms.region(region),
            )
        if move.box:
            if not c.is_active("archives"):
                return Msg("carnegie.box_archives", "Taking a lower transport box needs Archives.")
            if move.n == 0 or not 1 <= move.box <= c.tracks[region]:
                return Msg(
                    "carnegie.box_range_return",
                    "Archives takes a lower box's income: return at least 1 and name a box "
                    "from 1 to {top}.",
                    top=c.tracks[region],
                )
        return None

    def apply(self, game: CarnegieState, seat: int, move: Move) -> list[str]:
        assert isinstance(move, Return)
        game.queue.pop(0)
        c = game.company(seat)
        region = game.event.income if game.event else None
        assert region is not None
        if move.n == 0:
            return [
                Msg("carnegie.no_return", "p{p} leaves the employees on the mission.", p=seat + 1)
            ]
        c.missions[region] -= move.n
        c.lobby += move.n
        box = move.box - 1 if move.box else None
        transport = game.gain(seat, game.transport_reward(seat, region, box), move.n)
        project = game.gain(seat, c.project_income(game.data))
        return [
            Msg(
                "carnegie.income",
                "p{p} brings {n} employee(s) home from {region}: transport {transport}, "
                "projects {project}.",
                p=seat + 1,
                n=move.n,
                region=terms.region(region),
                transport=transport,
                project=project,
            )
        ]

    def next_phase(self, game: CarnegieState) -> Phase:
        return Phase.DONATION

    def default_move(self, game: CarnegieState, seat: int) -> Move | None:
        region = game.event.income if game.event else None
        assert region is not None
        return Return(game.company(seat).missions[region])


class DonationStep(Step[G]):
    """Seed 寄付をする: from the start player on, each player may make one donation on a free
    space of the chart, paying $5 x n for their n-th donation ($3 x n with Communications)."""

    moves = (Donate, Pass, Sell)
    title = "Donation event"
    title_key = "carnegie.term.phase.donation"

    def enter(self, game: CarnegieState) -> list[str]:
        ev = game.event
        game.queue = []
        if ev is not None and ev.donation:
            game.queue = [s for s in game.order_from_start() if self._could(game, s)]
        return []

    def _could(self, game: CarnegieState, seat: int) -> bool:
        c = game.company(seat)
        free = any(not o for o in game.chart.values())
        sale = game.data.rules.goods_sale_money if game.rule("sell_goods") else 0
        money = c.money + c.goods * sale
        return free and c.disks > 0 and money >= game.donation_cost(seat)

    def actors(self, game: CarnegieState) -> frozenset[int]:
        return frozenset(game.queue[:1])

    def candidates(self, game: CarnegieState, seat: int) -> Iterable[Move]:
        out: list[Move] = [Donate(d) for d, o in game.chart.items() if not o]
        return [*out, Pass(), *_sell_candidates(game, seat)]

    def refusal(self, game: CarnegieState, seat: int, move: Move) -> str | None:
        if isinstance(move, Pass):
            return None
        if isinstance(move, Sell):
            return _sell_refusal(game, seat, move)
        assert isinstance(move, Donate)
        c = game.company(seat)
        owners = game.chart[move.donation]
        if owners:
            return Msg(
                "carnegie.donation_taken",
                "Donation {d} is taken by {who}; Charitable Giving can join it.",
                d=move.donation,
                who=game.owner_name(owners[0]),
            )
        if c.disks <= 0:
            return Msg("carnegie.no_disks_donation", "You have no disks left.")
        cost = game.donation_cost(seat)
        if c.money < cost:
            return Msg(
                "carnegie.donation_money",
                "Your next donation costs ${cost}; you have ${money}.",
                cost=cost,
                money=c.money,
            )
        return None

    def apply(self, game: CarnegieState, seat: int, move: Move) -> list[str]:
        if isinstance(move, Sell):
            return _sell(game, seat, move)
        game.queue.pop(0)
        if isinstance(move, Pass):
            return [Msg("carnegie.no_donation", "p{p} makes no donation.", p=seat + 1)]
        assert isinstance(move, Donate)
        c = game.company(seat)
        cost = game.donation_cost(seat)
        c.money -= cost
        c.disks -= 1
        c.donations.append(move.donation)
        game.chart[move.donation].append(seat)
        return [
            Msg(
                "carnegie.donated",
                "p{p} donates to {name} ({d}) for ${cost}.",
                p=seat + 1,
                name=terms.donation(move.donation, game.data.donation[move.donation].name),
                d=move.donation,
                cost=cost,
            )
        ]

    def next_phase(self, game: CarnegieState) -> Phase:
        return Phase.TURN

    def default_move(self, game: CarnegieState, seat: int) -> Move | None:
        return Pass()


# -- turns ------------------------------------------------------------------------------

TURN_MOVES: tuple[type[Move], ...] = (
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
)


class TurnStep(Step[G]):
    """Seed 3. 部署の使用 and 4. 活性化: each player in turn uses departments, then activates.

    With ``setup=True`` it is seed 準備 11-12 instead: 6 orthogonal employee moves, then
    activation, clockwise from the start player.
    """

    moves = TURN_MOVES

    def __init__(self, setup: bool) -> None:
        self.setup = setup

    def enter(self, game: CarnegieState) -> list[str]:
        game.queue = game.order_from_start()
        return self._start(game)

    def _start(self, game: CarnegieState) -> list[str]:
        game.turn = new_turn(game, game.queue[0], self.setup) if game.queue else None
        return []

    def actors(self, game: CarnegieState) -> frozenset[int]:
        return frozenset(game.queue[:1])

    def name(self, game: CarnegieState) -> str:
        if self.setup:
            return Msg("carnegie.term.phase.setup_moves", "Setup: employee moves")
        return Msg(
            "carnegie.phase.turns", "{action} turns", action=terms.action(game.action or "hr")
        )

    # candidates / refusal / apply by move class

    def candidates(self, game: CarnegieState, seat: int) -> Iterable[Move]:
        t: TurnState = game.turn
        c = game.company(seat)
        if t.pending:
            return [Assign(None), *(Assign(k) for k in cons.assign_sources(game, seat, t.pending))]
        out: list[Move] = [EndTurn()]
        if not t.activating:
            for src in move_sources(game, seat):
                out += self._move_candidates(game, seat, src)
            if not t.setup:
                out += depts.candidates(game, seat)
                out += cons.establish_candidates(game, seat)
                out += cons.build_candidates(game, seat)
                if c.study:
                    out += [ResearchTab(x) for x in game.data.tab]
                    out += [ResearchTrack(r) for r in REGIONS]
                if c.choice_tile and t.extra is None:
                    out += [PlayTile(a) for a in ACTIONS if a != game.action]
        pays: list[str | None] = [None]
        if payroll_applies(game, seat):
            pays += ["bonus", "cheap"]
        for k, cell in c.cells.items():
            if cell.inactive and cell.dept:
                out += [Activate(k, p) for p in pays]
        if not t.setup:
            out += _sell_candidates(game, seat)
        return out

    def _move_candidates(self, game: CarnegieState, seat: int, src: str) -> list[Move]:
        t: TurnState = game.turn
        c = game.company(seat)
        lobbies = c.lobby_cells()
        starts = [k for k, cell in c.cells.items() if cell.employees and k not in lobbies]
        if c.lobby:
            starts += lobbies
        if src == t.move_source:
            pool, teleport = t.moves_left, t.teleport
        else:  # HR not begun yet
            pool = int(game.dept_param("hr", "moves_per_employee")) * active_count(game, seat, "hr")
            teleport = False
        cells = game.data.company.cells
        return [
            MoveEmployee(src, a, b)
            for a in starts
            for b in cells
            if a != b and (teleport or distance(a, b, t.diagonal) <= pool)
        ]

    def refusal(self, game: CarnegieState, seat: int, move: Move) -> str | None:
        t: TurnState = game.turn
        if t.pending and not isinstance(move, Assign):
            return cons.assign_refusal(game, seat, Assign(None)) or Msg(
                "carnegie.pending_assign",
                "First say whether Property Management moves an employee into the new "
                "department (`assign <cell>` or `assign none`).",
            )
        if isinstance(move, EndTurn):
            return None
        if isinstance(move, Sell):
            if t.setup:
                return Msg(
                    "carnegie.setup_turn_short", "During setup you may only move and activate."
                )
            return _sell_refusal(game, seat, move)
        if isinstance(move, MoveEmployee):
            if t.setup and move.source != "setup":
                return Msg(
                    "carnegie.setup_moves", "Setup moves are written `move setup <from> <to>`."
                )
            return move_refusal(game, seat, move.source, move.frm, move.to)
        if isinstance(move, Activate):
            return activate_refusal(game, seat, move.cell, move.pay)
        if isinstance(move, Assign):
            return cons.assign_refusal(game, seat, move)
        if t.setup:
            return Msg(
                "carnegie.setup_turn_employees",
                "During setup you may only move and activate employees.",
            )
        if isinstance(move, Use):
            return depts.refusal(game, seat, move)
        if isinstance(move, Establish):
            return cons.establish_refusal(game, seat, move)
        if isinstance(move, Build):
            return cons.build_refusal(game, seat, move)
        if isinstance(move, ResearchTab):
            return cons.research_tab_refusal(game, seat, move)
        if isinstance(move, ResearchTrack):
            return cons.research_track_refusal(game, seat, move)
        if isinstance(move, PlayTile):
            return self._tile_refusal(game, seat, move)
        return Msg("carnegie.unknown_move", "That move is not part of a turn.")

    def _tile_refusal(self, game: CarnegieState, seat: int, move: PlayTile) -> str | None:
        t: TurnState = game.turn
        c = game.company(seat)
        if not c.choice_tile:
            return Msg("carnegie.no_tile", "You have no action-choice tile.")
        if t.activating:
            return Msg("carnegie.activating_short", "You have begun activating employees.")
        if t.extra is not None:
            return Msg("carnegie.tile_played", "You already played your tile this turn.")
        if move.action == game.action:
            return Msg(
                "carnegie.tile_same",
                "{action} is already this round's action; the tile gives another one.",
                action=terms.action(move.action),
            )
        return None

    def apply(self, game: CarnegieState, seat: int, move: Move) -> list[str]:
        t: TurnState = game.turn
        c = game.company(seat)
        if isinstance(move, EndTurn):
            return self._end(game, seat)
        if isinstance(move, Sell):
            return _sell(game, seat, move)
        if isinstance(move, MoveEmployee):
            return move_employee(game, seat, move.source, move.frm, move.to)
        if isinstance(move, Activate):
            return activate(game, seat, move.cell, move.pay)
        if isinstance(move, Assign):
            return cons.assign(game, seat, move)
        if isinstance(move, Use):
            return depts.apply(game, seat, move)
        if isinstance(move, Establish):
            return cons.establish(game, seat, move)
        if isinstance(move, Build):
            return cons.build(game, seat, move)
        if isinstance(move, ResearchTab):
            return cons.research_tab(game, seat, move)
        if isinstance(move, ResearchTrack):
            return cons.research_track(game, seat, move)
        assert isinstance(move, PlayTile)
        c.choice_tile = False
        t.extra = move.action
        return [
            Msg(
                "carnegie.tile",
                "p{p} plays the action-choice tile: one {action} department this turn.",
                p=seat + 1,
                action=terms.action(move.action),
            )
        ]

    def _end(self, game: CarnegieState, seat: int) -> list[str]:
        close(game)
        c = game.company(seat)
        lost = c.study
        c.study = 0
        game.queue.pop(0)
        events: list[str] = [
            Msg(
                "carnegie.turn_end_lost",
                "p{p} ends the turn ({lost} study points lost).",
                p=seat + 1,
                lost=lost,
            )
            if lost
            else Msg("carnegie.turn_end", "p{p} ends the turn.", p=seat + 1, lost=lost)
        ]
        if game.queue:
            self._start(game)
        else:
            game.turn = None
            if not self.setup:
                events += end_round(game)
        return events

    def next_phase(self, game: CarnegieState) -> Phase | None:
        if self.setup:
            return Phase.CHOOSE
        return None if game.round >= game.data.rules.rounds else Phase.CHOOSE

    def default_move(self, game: CarnegieState, seat: int) -> Move | None:
        t: TurnState = game.turn
        return Assign(None) if t.pending else EndTurn()

    def choices(self, game: CarnegieState, seat: int, prefix: str) -> list[Choice]:
        """Browse word by word; ``move <source> <from> `` lists the reachable cells only."""
        words = prefix.split()
        if words and words[0] == "move" and len(words) >= 3 and prefix.endswith(" "):
            src, frm = words[1], words[2]
            if len(words) == 3 and frm in game.data.company.cells:
                cells = reachable(game, seat, src, frm)
                return [Choice(f"move {src} {frm} {k}", 1, True) for k in cells]
        return group_choices((m.notation for m in game.legal_moves(seat)), prefix)


def end_round(game: CarnegieState) -> list[str]:
    """Seed ラウンド終了: the chosen (or flipped) disc advances; the start player passes
    clockwise (solo: Andrew's card is filed and the locomotive changes side)."""
    sel = game.selection
    assert sel is not None
    row = advancing_row(sel)
    game.discs[row] += 1
    events: list[str] = []
    if game.andrew is not None:
        events += solo.end_round(game)
    else:
        game.start_player = (game.start_player + 1) % game.n_seats
    return events


STEPS = {
    Phase.SETUP_PROJECTS: SetupProjectsStep(),
    Phase.SETUP_MOVES: TurnStep(setup=True),
    Phase.CHOOSE: ChooseStep(),
    Phase.INCOME: IncomeStep(),
    Phase.DONATION: DonationStep(),
    Phase.TURN: TurnStep(setup=False),
}
