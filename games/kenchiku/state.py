"""The Kenchiku engine (seed 002): setup, turns, market, loans, bankruptcy and final scoring.

Section names in docstrings are the seed's headings (ゲームの準備, 建設, 購入, 休憩, 借金について,
ゲームの終了, 最終名誉点計算). Interpretations of points the seed leaves open are listed in
docs/rules/kenchiku.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, ClassVar

from games.core import (
    GameState,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    Move,
    Msg,
    Notation,
    OptionSpec,
    Outcome,
    Rng,
    Seat,
    joined,
)

from .board import Board
from .components import (
    DESIGN,
    PLANNING,
    STRUCTURE,
    WORKERS,
    City,
    KenchikuData,
    VoiceCard,
    kenchiku_data,
)
from .moves import (
    BUYS,
    CODEC,
    END_TURN,
    REPAY_LOAN,
    REST_ONLY,
    RESTS,
    REWARDS,
    TAKE_LOAN,
    Build,
    Buy,
    EndTurn,
    PlacePark,
    RepayLoan,
    Rest,
    TakeLoan,
    word,
)
from .view import MARKER_TYPES, CellView, CompanyView, KenchikuView, VoiceCardView
from .voices import administration_times, citizen_honour

MARKER_INDEX: Mapping[str, int] = {m: i for i, m in enumerate(MARKER_TYPES)}

ENGINE_VERSION = 3
"""Rules version of new games. Version 2 (issue 6, seed review) reads the seed literally in
three places: the `modest` citizen card pays companies with no building in a district,
a company may repay its loan after its action before the turn passes, and a park may go on
land value 0. Version 3 (issue 19): a rest must return a marker, so a company holding one
marker of each type rests only when it has no other action (option ``bare_rest``). Records of
older versions replay with their own rules."""
SEED_REVIEW = 2  # first engine version with the seed-review fixes
REST_RETURNS = 3  # first engine version where a rest must return a marker (option bare_rest)
WHY_NOT_PLOTS = 4  # refused builds listed under "Why not …?" (the highest land values)
_NO_SEATS: frozenset[Seat] = frozenset()


def _voice_choices(data: KenchikuData, kind: str) -> tuple[str, ...]:
    ids = [v.id for v in data.voices_of(kind)]
    return ("random", *(f"{a}+{b}" for a, b in combinations(ids, 2)))


BARE_REST = OptionSpec(
    name="bare_rest",
    description=(
        "A rest when every marker type is down to one (nothing can be returned): `last_resort` "
        "(only when no build, park or buy is possible: the seed makes every rest return a "
        "marker and never lets a type reach 0) or `allowed` (whenever nothing can be returned)"
    ),
    kind="choice",
    default="last_resort",
    choices=("last_resort", "allowed"),
)


def _options(data: KenchikuData) -> tuple[OptionSpec, ...]:
    return (
        *(
            OptionSpec(
                name=kind,
                description=(
                    f"The two {kind} voice cards in play: `random` (dealt at setup, as the seed "
                    "says) or two card ids joined by `+`."
                ),
                kind="choice",
                default="random",
                choices=_voice_choices(data, kind),
            )
            for kind in ("administration", "citizen")
        ),
        BARE_REST,
    )


OPTIONS: tuple[OptionSpec, ...] = _options(kenchiku_data())


@dataclass
class Company:
    """One player's company: personal board, money behind the screen, honour chip, chips."""

    seat: Seat
    money: int
    markers: list[int]  # MARKER_TYPES order; workers = ready + spent
    workers_ready: int
    chips_left: int
    honour: int = 0
    has_loan: bool = False
    park_available: bool = True
    buildings: int = 0
    bankrupt: bool = False
    bankrupt_turn: int = -1  # turn number at bankruptcy (later bankruptcies rank higher)


@cache
def _cell_moves(
    coords: tuple[str, ...],
) -> tuple[tuple[tuple[Build, Build], ...], tuple[PlacePark, ...]]:
    """One interned move object per plot and reward, so legal_moves allocates no moves."""
    builds = tuple((Build(c, "money"), Build(c, "honour")) for c in coords)
    parks = tuple(PlacePark(c) for c in coords)
    return builds, parks


class KenchikuState(GameState[KenchikuView]):
    """A Kenchiku game in progress. Seats 0..n-1 in turn order; seat 0 is the start player."""

    codec: ClassVar[Notation | None] = CODEC

    def __init__(
        self,
        data: KenchikuData,
        seats: int,
        rng: Rng,
        administration: tuple[VoiceCard, ...],
        citizen: tuple[VoiceCard, ...],
        options: Mapping[str, Any],
    ) -> None:
        rules = data.rules
        self.data = data
        self.rules = rules
        self.city: City = data.city
        self.n_seats = seats
        self.options = dict(options)
        self.rng = rng
        self.administration = administration
        self.citizen = citizen
        self.board = Board(self.city, rules)
        for cell, height in data.starting_buildings:
            self.board.put_building(cell, height, None)
        self.blocks_left = rules.blocks - self.board.blocks_on_board()
        m = rules.start_markers
        # ゲームの準備 3, 5, 9: money by seat, two of each marker, one chip on the honour track
        self.companies = [
            Company(
                seat=s,
                money=rules.start_money[s],
                markers=[m] * len(MARKER_TYPES),
                workers_ready=m,
                chips_left=rules.chips_per_colour - 1,
            )
            for s in range(seats)
        ]
        self.prices = list(rules.start_prices)
        self.stock = [rules.market_stock[seats]] * len(MARKER_TYPES)
        self.honour_goal = rules.honour_goal[seats]
        self.current: Seat = 0
        self.repay_offered = False  # the current company has acted and may repay (v2)
        self.round = 1
        self.turn = 0
        self.last_dice: dict[str, int] | None = None
        self.end_triggered_by: Seat | None = None
        self.end_cause: str = ""  # what the first company to meet an end condition did (a Msg)
        self.last_event = ""
        self._outcome: Outcome | None = None
        self._version = 0
        self._legal: tuple[int, Seat, list[Move]] = (-1, -1, [])
        self._to_act = tuple(frozenset({s}) for s in range(seats))
        self._build_moves, self._park_moves = _cell_moves(self.city.coords)

    # -- protocol -------------------------------------------------------------------

    def to_act(self) -> frozenset[Seat]:
        """The seat whose turn it is (loan moves do not pass the turn)."""
        if self._outcome is not None:
            return _NO_SEATS
        return self._to_act[self.current]

    def outcome(self) -> Outcome | None:
        """Final result once the last round is over or one company is left."""
        return self._outcome

    def phase_name(self) -> str:
        """``"Round 4"``, ``"Final round"`` once the end is triggered, ``"Game over"``."""
        if self._outcome is not None:
            return Msg("kenchiku.phase.game_over", "Game over")
        if self.end_triggered_by is not None:
            return Msg("kenchiku.phase.final_round", "Final round")
        return Msg("kenchiku.phase.round", "Round {round}", round=self.round)

    def default_move(self, seat: Seat) -> Move:
        """What a time-out plays: ``done`` after the action (the loan is kept); otherwise a
        rest returning the marker the company needs least, or, when that rest would
        bankrupt a company holding a loan, its best money building if it has one; a company
        that may not rest (one marker of each type) buys its cheapest marker or builds.

        Raises ``NotYourTurn`` if ``seat`` may not act.
        """
        from .ai import instead_of_rest, safe_rest, wages_after

        self.check_turn(seat)
        if self.repay_offered:
            return END_TURN
        c = self.companies[seat]
        rest = safe_rest(self, seat)
        if c.has_loan and c.money < wages_after(c, rest.drop):
            builds = [m for m in self.legal_moves(seat) if isinstance(m, Build)]
            money = [m for m in builds if m.reward == "money"]
            if money:
                return max(money, key=lambda m: self.board.land_value(self.city.index[m.coord]))
        legal = self.legal_moves(seat)
        return rest if rest in legal else instead_of_rest(self, legal)

    def describe(self, seat: Seat, move: Move) -> str:
        """Panel labels with the effect now: ``"Build E2 · height 3 · +3 money"`` (plus any
        administration bonus), ``"Buy a design marker · 4 money"``; other moves keep their
        own label."""
        if isinstance(move, Build) and move.coord in self.city.index:
            c = self.companies[seat]
            i = self.city.index[move.coord]
            height = self.board.land_value(i)
            if move.reward == "money":
                gain = min(height, c.markers[DESIGN])
                bonus = sum(
                    card.amount * administration_times(card, self.board, seat, i, height)
                    for card in self.administration
                )
                if bonus:
                    return Msg(
                        "kenchiku.describe.build_money_bonus",
                        "Build {coord} · height {height} · +{gain} money +{bonus} bonus",
                        coord=move.coord.upper(),
                        height=height,
                        gain=gain,
                        bonus=bonus,
                    )
                return Msg(
                    "kenchiku.describe.build_money",
                    "Build {coord} · height {height} · +{gain} money",
                    coord=move.coord.upper(),
                    height=height,
                    gain=gain,
                )
            gain = min(height, c.markers[PLANNING])
            return Msg(
                "kenchiku.describe.build_honour",
                "Build {coord} · height {height} · +{gain} honour",
                coord=move.coord.upper(),
                height=height,
                gain=gain,
            )
        if isinstance(move, Buy) and move.marker in MARKER_INDEX:
            return Msg(
                "kenchiku.describe.buy",
                "{label} · {price} money",
                label=move.label,
                price=self.prices[MARKER_INDEX[move.marker]],
            )
        return move.label

    def secrets(self, seat: Seat) -> Mapping[tuple[Any, ...], Any]:
        """Money is the only hidden information (seed FAQ: ついたてで隠すのはお金だけ)."""
        return {("companies", seat, "money"): self.companies[seat].money}

    def legal_moves(self, seat: Seat) -> Sequence[Move]:
        """Builds and parks by plot, then buys, rests and loan moves, in a fixed order."""
        if self._outcome is not None or seat != self.current:
            return []
        version, cached_seat, moves = self._legal
        if version == self._version and cached_seat == seat:
            return list(moves)
        moves = self._compute_legal(self.companies[seat])
        self._legal = (self._version, seat, moves)
        return list(moves)

    def _compute_legal(self, c: Company) -> list[Move]:
        if self.repay_offered:
            return [REPAY_LOAN, END_TURN]
        moves: list[Move] = []
        board = self.board
        parks_on_zero = self.engine_version >= SEED_REVIEW
        if c.workers_ready > 0 and c.chips_left > 0:
            structure = c.markers[STRUCTURE]
            most = min(structure, self.blocks_left)
            parks: list[Move] = []
            heights, park_owners, around = board.heights, board.park_owners, board.around
            value = board.value_of_blocks
            for i, pair in enumerate(self._build_moves):
                if heights[i] or park_owners[i] is not None:
                    continue
                v = value[around[i]]
                if v == 0:  # 地価が0の場所にビルを建設することは出来ません: buildings only
                    if parks_on_zero and c.park_available:
                        parks.append(self._park_moves[i])
                    continue
                if v > structure:
                    continue
                if v <= most:
                    moves.extend(pair)
                if c.park_available:
                    parks.append(self._park_moves[i])
            moves.extend(parks)
        max_tech = self.rules.max_technology
        for k, buy in enumerate(BUYS):
            if (
                self.stock[k] > 0
                and c.money >= self.prices[k]
                and (k == WORKERS or c.markers[k] < max_tech)
            ):
                moves.append(buy)
        droppable = [RESTS[k] for k in range(len(MARKER_TYPES)) if c.markers[k] > 1]
        if droppable:
            moves.extend(droppable)
        elif not moves or self._bare_rest_any_time():
            moves.append(REST_ONLY)  # builds, parks and buys come first in ``moves``
        if not c.has_loan:
            moves.append(TAKE_LOAN)
        elif c.money >= self.rules.loan_repayment:
            moves.append(REPAY_LOAN)
        return moves

    def refused_moves(self, seat: Seat) -> list[tuple[Move, str]]:
        """Moves the player may expect but not make now, with ``validate``'s sentence, for
        the panel's "Why not …?" list: each buy, rest and loan move refused, and the builds
        refused on the free plots of highest land value (at most ``WHY_NOT_PLOTS``; one
        move per plot, the reward does not change the reason). Empty out of turn."""
        if self._outcome is not None or seat != self.current:
            return []
        c = self.companies[seat]
        candidates: list[Move] = [*BUYS, *RESTS, TAKE_LOAN, REPAY_LOAN]
        if not self.repay_offered:
            board = self.board
            free = [
                i
                for i in range(len(self.city.coords))
                if not board.heights[i] and board.park_owners[i] is None
            ]
            free.sort(key=lambda i: (-board.land_value(i), i))
            plots = [self._build_moves[i][0] for i in free if board.land_value(i) > 0]
            candidates.extend(plots[:WHY_NOT_PLOTS])
            if not c.park_available and free:
                candidates.append(self._park_moves[free[0]])
        out: list[tuple[Move, str]] = []
        for move in candidates:
            reason = self.refusal(seat, move)
            if reason is not None:
                out.append((move, reason))
        return out

    def validate(self, seat: Seat, move: Move) -> None:
        """Raise ``IllegalMove`` with a sentence the player can act on if ``move`` is not legal.

        The one place the rules' reasons live: ``refusal`` (the player-facing reason) and
        ``apply`` use it; ``legal_moves`` is its fast enumeration, and the tests check that
        the two agree on every well-formed move.
        """
        self.check_turn(seat)
        c = self.companies[seat]
        if self.repay_offered:
            if not isinstance(move, RepayLoan | EndTurn):
                raise IllegalMove(
                    Msg(
                        "kenchiku.action_taken",
                        "You have taken your action this turn: repay the loan (`loan repay`) "
                        "or end your turn (`done`).",
                    )
                )
        elif isinstance(move, EndTurn):
            raise IllegalMove(
                Msg(
                    "kenchiku.nothing_to_end",
                    "`done` only ends a turn after its action, when you may still repay your "
                    "loan; now take an action: build, buy or rest.",
                )
            )
        if isinstance(move, Build | PlacePark):
            self._check_site(c, move)
        elif isinstance(move, Buy):
            self._check_buy(c, move)
        elif isinstance(move, Rest):
            self._check_rest(c, move)
        elif isinstance(move, TakeLoan):
            if c.has_loan:
                raise IllegalMove(
                    Msg(
                        "kenchiku.loan_held",
                        "You already hold a loan card; repay it ({repayment} money) before "
                        "borrowing again.",
                        repayment=self.rules.loan_repayment,
                    )
                )
        elif isinstance(move, RepayLoan):
            if not c.has_loan:
                raise IllegalMove(Msg("kenchiku.no_loan", "You have no loan to repay."))
            if c.money < self.rules.loan_repayment:
                raise IllegalMove(
                    Msg(
                        "kenchiku.repay_short",
                        "Repaying the loan costs {repayment} money in one payment but you have "
                        "{money}.",
                        repayment=self.rules.loan_repayment,
                        money=c.money,
                    )
                )
        elif not isinstance(move, EndTurn):  # `done` was checked above
            raise InvalidMove(
                Msg(
                    "kenchiku.not_a_move",
                    "`{move}` is not a Kenchiku move.",
                    move=getattr(move, "notation", type(move).__name__),
                )
            )

    def _check_site(self, c: Company, move: Build | PlacePark) -> None:
        """建設 / 公園について: a free plot, a ready worker, land value 1+ within structure."""
        if move.coord not in self.city.index:
            raise InvalidMove(
                Msg(
                    "kenchiku.no_such_plot",
                    "There is no plot `{coord}` in the city; plots are named like `c4` "
                    "(columns a–{last_col}, rows 1–{last_row}).",
                    coord=move.coord,
                    last_col=self.city.coords[-1][0],
                    last_row=self.city.n_rows,
                )
            )
        if isinstance(move, Build) and move.reward not in REWARDS:
            raise InvalidMove(
                Msg(
                    "kenchiku.bad_reward",
                    "Choose the reward `money` or `honour`, not `{reward}`.",
                    reward=move.reward,
                )
            )
        i = self.city.index[move.coord]
        what = (
            Msg("kenchiku.word.a_park", "a park")
            if isinstance(move, PlacePark)
            else Msg("kenchiku.word.a_building", "a building")
        )
        if isinstance(move, PlacePark) and not c.park_available:
            raise IllegalMove(
                Msg(
                    "kenchiku.park_used",
                    "You have already placed your park; each company has only one.",
                )
            )
        if self.board.heights[i]:
            raise IllegalMove(
                Msg(
                    "kenchiku.plot_built",
                    "{coord} already has a building on it.",
                    coord=move.coord,
                )
            )
        if self.board.park_owners[i] is not None:
            raise IllegalMove(
                Msg("kenchiku.plot_park", "{coord} already has a park on it.", coord=move.coord)
            )
        if c.workers_ready == 0:
            raise IllegalMove(
                Msg(
                    "kenchiku.no_ready_worker",
                    "You have no ready workers, so you cannot place {what}; rest to make them "
                    "ready again.",
                    what=what,
                )
            )
        value = self.board.land_value(i)
        if value == 0 and (isinstance(move, Build) or self.engine_version < SEED_REVIEW):
            raise IllegalMove(
                Msg(
                    "kenchiku.land_value_zero",
                    "Land value at {coord} is 0 (no building blocks next to it), so {what} "
                    "cannot be placed there.",
                    coord=move.coord,
                    what=what,
                )
            )
        structure = c.markers[STRUCTURE]
        if value > structure == 1:
            raise IllegalMove(
                Msg(
                    "kenchiku.structure_short_one",
                    "Land value at {coord} is {value} but you have only {structure} "
                    "structure marker.",
                    coord=move.coord,
                    value=value,
                    structure=structure,
                    plural="",
                )
            )
        if value > structure:
            raise IllegalMove(
                Msg(
                    "kenchiku.structure_short",
                    "Land value at {coord} is {value} but you have only {structure} "
                    "structure markers.",
                    coord=move.coord,
                    value=value,
                    structure=structure,
                    plural="s",
                )
            )
        if c.chips_left == 0:
            raise IllegalMove(
                Msg(
                    "kenchiku.no_chips",
                    "You have no chips left to mark {what} as yours.",
                    what=what,
                )
            )
        if isinstance(move, Build) and value > self.blocks_left:
            raise IllegalMove(
                Msg(
                    "kenchiku.blocks_short",
                    "A height-{value} building needs {value} blocks but the supply has only "
                    "{left} left.",
                    value=value,
                    left=self.blocks_left,
                )
            )

    def _check_buy(self, c: Company, move: Buy) -> None:
        """購入の値段と制限: in stock, affordable, fewer than 6 of a technology."""
        if move.marker not in MARKER_INDEX:
            raise InvalidMove(_bad_marker(move.marker))
        k = MARKER_INDEX[move.marker]
        if self.stock[k] == 0:
            raise IllegalMove(
                Msg(
                    "kenchiku.out_of_stock",
                    "The market has no {marker} markers left.",
                    marker=word(move.marker),
                )
            )
        if k != WORKERS and c.markers[k] >= self.rules.max_technology:
            raise IllegalMove(
                Msg(
                    "kenchiku.technology_full",
                    "You already hold {held} {marker} markers, the most allowed.",
                    held=c.markers[k],
                    marker=word(move.marker),
                )
            )
        if c.money < self.prices[k]:
            raise IllegalMove(
                Msg(
                    "kenchiku.price_short",
                    "A {one} marker costs {price} money but you have {money}.",
                    one=word(move.marker.removesuffix("s")),
                    price=self.prices[k],
                    money=c.money,
                )
            )

    def _bare_rest_any_time(self) -> bool:
        """Option ``bare_rest=allowed`` (and every record before version 3)."""
        return self.engine_version < REST_RETURNS or self.options.get("bare_rest") == "allowed"

    def _check_rest(self, c: Company, move: Rest) -> None:
        """マーカーの破棄について: return exactly one marker, never leaving a type at 0.

        With one marker of each type nothing can be returned: 「休憩アクションを選ぶごとに、
        マーカーを1個選び…戻す必要があります」 and 「一瞬でも0個にすることは出来ません」 together
        forbid the rest, so (option ``bare_rest=last_resort``) it is allowed, returning
        nothing, only to a company that can neither build, place a park nor buy.
        """
        if move.drop is None:
            if any(n > 1 for n in c.markers):
                raise IllegalMove(
                    Msg(
                        "kenchiku.rest_must_drop",
                        "Resting means returning one marker to the market: write "
                        "`rest drop <type>` (structure, design, planning or workers).",
                    )
                )
            if REST_ONLY not in self._compute_legal(c):
                raise IllegalMove(
                    Msg(
                        "kenchiku.rest_needs_a_marker",
                        "Every rest returns one marker, and you hold only one of each type, "
                        "which you must keep: build, place a park or buy a marker instead "
                        "(option `bare_rest=allowed` lets a company rest returning nothing).",
                    )
                )
            return
        if move.drop not in MARKER_INDEX:
            raise InvalidMove(_bad_marker(move.drop))
        if c.markers[MARKER_INDEX[move.drop]] <= 1:
            raise IllegalMove(
                Msg(
                    "kenchiku.last_marker",
                    "You hold only one {marker} marker and every type must keep at least one; "
                    "return a different marker.",
                    marker=word(move.drop),
                )
            )

    # -- applying moves -------------------------------------------------------------

    def _apply(self, seat: Seat, move: Move) -> list[str]:
        self._version += 1
        c = self.companies[seat]
        if self.repay_offered:
            # 借金について (手番ならいつでも): after the action, repay or not; then the turn passes
            self.repay_offered = False
            if isinstance(move, RepayLoan):
                events = self._repay(c)
            else:
                events = [Msg("kenchiku.keep_loan", "kept the loan and ended the turn.")]
            events += self._end_turn()
            self.last_event = joined(events, " ")
            return events
        if isinstance(move, Build):
            events = self._build(c, move)
        elif isinstance(move, PlacePark):
            events = self._park(c, move)
        elif isinstance(move, Buy):
            events = self._buy(c, move)
        elif isinstance(move, Rest):
            events = self._rest(c, move)
        elif isinstance(move, TakeLoan):
            self._borrow(c)
            events = [
                Msg(
                    "kenchiku.loan", "took a loan of {amount} money.", amount=self.rules.loan_amount
                )
            ]
        else:
            events = self._repay(c)
        if not isinstance(move, TakeLoan | RepayLoan):
            if self._may_repay_now(c):
                self.repay_offered = True
            else:
                events += self._end_turn()
        self.last_event = joined(events, " ")
        return events

    def _repay(self, c: Company) -> list[str]:
        c.money -= self.rules.loan_repayment
        c.has_loan = False
        return [
            Msg(
                "kenchiku.repay",
                "repaid the loan ({amount} money).",
                amount=self.rules.loan_repayment,
            )
        ]

    def _may_repay_now(self, c: Company) -> bool:
        """借金について 手番ならいつでも (v2): after its action a company holding the loan card
        that can pay the repayment is asked whether to repay before the turn passes."""
        return (
            self.engine_version >= SEED_REVIEW
            and self._outcome is None
            and not c.bankrupt
            and c.has_loan
            and c.money >= self.rules.loan_repayment
        )

    def _borrow(self, c: Company) -> None:
        c.money += self.rules.loan_amount
        c.has_loan = True

    def _build(self, c: Company, move: Build) -> list[str]:
        """建設: spend a worker, build height = land value, take money or honour."""
        board = self.board
        i = self.city.index[move.coord]
        height = board.land_value(i)
        # administration voices look at the city before the new building stands
        bonuses: list[tuple[VoiceCard, int]] = []
        if move.reward == "money":
            for card in self.administration:
                times = administration_times(card, board, c.seat, i, height)
                if times:
                    bonuses.append((card, card.amount * times))
        c.workers_ready -= 1
        c.chips_left -= 1
        c.buildings += 1
        board.put_building(i, height, c.seat)
        self.blocks_left -= height
        if move.reward == "money":
            gain = min(height, c.markers[DESIGN])
            bonus = sum(b for _, b in bonuses)
            c.money += gain + bonus
            if bonuses:
                items = [
                    Msg("kenchiku.bonus_item", "{card} +{amount}", card=_title(card), amount=b)
                    for card, b in bonuses
                ]
                text = Msg(
                    "kenchiku.built.money_bonus",
                    "built a height-{height} building on {coord} for {gain} money "
                    "(+{bonus} administration bonus: {detail}).",
                    height=height,
                    coord=move.coord,
                    gain=gain,
                    bonus=bonus,
                    detail=joined(items),
                    cards=tuple(card.id for card, _ in bonuses),
                    amounts=tuple(b for _, b in bonuses),
                )
            else:
                text = Msg(
                    "kenchiku.built.money",
                    "built a height-{height} building on {coord} for {gain} money.",
                    height=height,
                    coord=move.coord,
                    gain=gain,
                )
        else:
            gain = min(height, c.markers[PLANNING])
            c.honour += gain
            text = Msg(
                "kenchiku.built.honour",
                "built a height-{height} building on {coord} for {gain} honour.",
                height=height,
                coord=move.coord,
                gain=gain,
            )
        events: list[str] = [text]
        if self.end_triggered_by is None:
            why: list[tuple[str, str]] = []
            if height >= self.rules.end_height:
                why.append(("height", "a height-{height} building"))
            if c.honour > self.honour_goal:
                why.append(("honour", "honour {honour}, over {goal}"))
            if why:
                self.end_triggered_by = c.seat
                # one key per combination of causes, so each key has one template
                name = "_".join(k for k, _ in why)
                causes = " and ".join(t for _, t in why)
                params = {"height": height, "honour": c.honour, "goal": self.honour_goal}
                cause_key = "kenchiku.end_cause." + name
                self.end_cause = Msg(cause_key, causes, **params)
                triggered_key = "kenchiku.end_triggered." + name
                triggered = f"triggered the end of the game ({causes}); this round is the last."
                events.append(Msg(triggered_key, triggered, **params))
        return events

    def _park(self, c: Company, move: PlacePark) -> list[str]:
        """公園について: a worker and structure >= land value, once per game, no reward now."""
        i = self.city.index[move.coord]
        value = self.board.land_value(i)
        c.workers_ready -= 1
        c.chips_left -= 1
        c.park_available = False
        self.board.put_park(i, c.seat)
        return [
            Msg(
                "kenchiku.park",
                "placed a park on {coord} (land value {value}).",
                coord=move.coord,
                value=value,
            )
        ]

    def _buy(self, c: Company, move: Buy) -> list[str]:
        """購入: pay the track price, take the marker, price +1 (7 wraps to 1)."""
        k = MARKER_INDEX[move.marker]
        price = self.prices[k]
        c.money -= price
        c.markers[k] += 1
        if k == WORKERS:
            c.workers_ready += 1  # a new worker arrives ready (white space)
        self.stock[k] -= 1
        self.prices[k] = self._price_up(price)
        return [
            Msg(
                "kenchiku.buy",
                "bought a {marker_one} marker for {price} money ({marker} now costs {new_price}).",
                marker=word(move.marker),
                marker_one=word(move.marker.removesuffix("s")),
                price=price,
                new_price=self.prices[k],
            )
        ]

    def _rest(self, c: Company, move: Rest) -> list[str]:
        """休憩: ready all workers, return one marker, pay wages, roll the dice."""
        c.workers_ready = c.markers[WORKERS]
        # one sentence of clauses; its key names the clauses, so each key has one template
        parts: list[tuple[str, str]] = [("rested", "rested")]
        params: dict[str, Any] = {}
        if move.drop is None:
            parts.append(("kept", "returned nothing (every type is down to one marker)"))
        else:
            k = MARKER_INDEX[move.drop]
            c.markers[k] -= 1
            if k == WORKERS:
                c.workers_ready -= 1
            self.stock[k] += 1
            self.prices[k] = self._price_down(self.prices[k])
            parts.append(("dropped", "dropped {drop} ({drop} now costs {drop_price})"))
            params.update(drop=word(move.drop), drop_price=self.prices[k])
        wages = c.markers[WORKERS] + c.markers[STRUCTURE]
        if c.money < wages and not c.has_loan:
            # 給料の支払いについて: a forced loan first, then the full wages
            self._borrow(c)
            parts.append(("forced_loan", "took a forced loan of {loan}"))
            params.update(loan=self.rules.loan_amount)
        params.update(wages=wages)
        if c.money < wages:
            parts.append(
                ("bankrupt", "could not pay {wages} wages while holding a loan and went bankrupt")
            )
            events: list[str] = [_clauses("kenchiku.rest", parts, params)]
            events += self._go_bankrupt(c)
            return events
        c.money -= wages
        parts.append(("paid", "paid {wages} wages"))
        dice: dict[str, int] = {}
        for k, (marker, faces) in enumerate(zip(MARKER_TYPES, self.data.dice, strict=True)):
            face = faces[self.rng.randrange(len(faces))]
            dice[marker] = face
            for _ in range(-face):
                self.prices[k] = self._price_down(self.prices[k])
        self.last_dice = dice
        fell = [
            Msg("kenchiku.die_fell", "{marker} −{by}", marker=word(m), by=-f)
            for m, f in dice.items()
            if f < 0
        ]
        if fell:
            parts.append(("dice", "dice: {fell}"))
            params.update(fell=joined(fell), dice=dict(dice))
        else:
            parts.append(("dice_still", "dice: no change"))
        return [_clauses("kenchiku.rest", parts, params)]

    def _go_bankrupt(self, c: Company) -> list[str]:
        """倒産: the company leaves; money to the bank, markers back to the market stock."""
        c.bankrupt = True
        c.bankrupt_turn = self.turn
        c.money = 0
        c.has_loan = False
        for k in range(len(MARKER_TYPES)):
            self.stock[k] += c.markers[k]
            c.markers[k] = 0
        c.workers_ready = 0
        active = [x for x in self.companies if not x.bankrupt]
        if len(active) == 1:
            self._finish_last_standing(active[0])
            return [Msg("kenchiku.last_company", "Only one company is left, so the game is over.")]
        return []

    def _price_up(self, price: int) -> int:
        return self.rules.price_min if price >= self.rules.price_max else price + 1

    def _price_down(self, price: int) -> int:
        return self.rules.price_max if price <= self.rules.price_min else price - 1

    def _end_turn(self) -> list[str]:
        """Pass to the next company; after the last seat the round ends (ゲームの終了)."""
        self.turn += 1
        if self._outcome is not None:
            return []
        n = self.n_seats
        nxt = self.current
        for step in range(1, n + 1):
            s = (self.current + step) % n
            if not self.companies[s].bankrupt:
                nxt = s
                break
        if nxt <= self.current:  # wrapped past the last seat: the round is over
            if self.end_triggered_by is not None:
                self._finish()
                return [Msg("kenchiku.final_round_over", "The final round is over; final scoring.")]
            self.round += 1
        self.current = nxt
        return []

    # -- final scoring ----------------------------------------------------------------

    def _finish(self) -> None:
        """最終得点計算, in the seed's order: first bonus, loan, money, parks, citizen voices."""
        rules = self.rules
        details: dict[Seat, dict[str, int]] = {}
        scores: dict[Seat, int] = {}
        active = [c.seat for c in self.companies if not c.bankrupt]
        for c in self.companies:
            if c.bankrupt:
                details[c.seat] = self._bankrupt_details(c)
                scores[c.seat] = c.honour
                continue
            d = {"honour": c.honour}
            d["first_bonus"] = rules.first_bonus if c.seat == self.end_triggered_by else 0
            money = c.money
            d["loan_penalty"] = 0
            if c.has_loan:  # -15 honour, then all money goes back to the bank
                d["loan_penalty"] = -rules.loan_penalty
                money = 0
            d["money"] = money // rules.money_per_honour
            d["parks"] = sum(
                self.board.park_bonus(i)
                for i, o in enumerate(self.board.park_owners)
                if o == c.seat
            )
            voices = 0
            for card in self.citizen:
                got = citizen_honour(
                    card,
                    self.board,
                    c.seat,
                    active,
                    modest_needs_building=self.engine_version < SEED_REVIEW,
                )
                d[f"voice_{card.id}"] = got
                voices += got
            d["voices"] = voices
            d["total"] = (
                c.honour + d["first_bonus"] + d["loan_penalty"] + d["money"] + d["parks"] + voices
            )
            d["buildings"] = c.buildings
            d["bankrupt"] = 0
            details[c.seat] = d
            scores[c.seat] = d["total"]
        # 引き分けについて: most honour, then most buildings, then a shared win
        key = {s: (scores[s], self.companies[s].buildings) for s in active}
        ranks = {s: 1 + sum(1 for t in active if key[t] > key[s]) for s in active}
        self._rank_bankrupt(ranks)
        self._outcome = Outcome(
            scores=scores,
            ranks=ranks,
            winners=frozenset(s for s, r in ranks.items() if r == 1),
            reason=Msg(
                "kenchiku.outcome.triggered",
                "The end was triggered by {cause}; final scoring after the last round.",
                cause=self.end_cause,  # a Msg (kenchiku.end_cause.*): translate it first
            ),
            details=details,
        )

    def _bankrupt_details(self, c: Company) -> dict[str, int]:
        return {"honour": c.honour, "total": c.honour, "buildings": c.buildings, "bankrupt": 1}

    def _rank_bankrupt(self, ranks: dict[Seat, int]) -> None:
        """Bankrupt companies rank below every survivor, the latest to fall highest."""
        fallen = sorted((c for c in self.companies if c.bankrupt), key=lambda c: -c.bankrupt_turn)
        base = len(ranks)
        for n, c in enumerate(fallen):
            ranks[c.seat] = base + n + 1

    def _finish_last_standing(self, survivor: Company) -> None:
        """ゲームの終了: when every other company is bankrupt, the survivor wins."""
        details = {c.seat: self._bankrupt_details(c) for c in self.companies}
        details[survivor.seat]["bankrupt"] = 0
        scores = {c.seat: c.honour for c in self.companies}
        ranks = {survivor.seat: 1}
        self._rank_bankrupt(ranks)
        self._outcome = Outcome(
            scores=scores,
            ranks=ranks,
            winners=frozenset({survivor.seat}),
            reason=Msg(
                "kenchiku.outcome.last_company",
                "Only one company is left; every other company went bankrupt.",
            ),
            details=details,
        )

    # -- views ------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> KenchikuView:
        """What ``seat`` sees (``None``: public): everything except other companies' money."""
        city, board = self.city, self.board
        cols = city.n_columns
        cells = tuple(
            CellView(
                coord=city.coords[i],
                col=i % cols,
                row=i // cols,
                district=city.district_of[i],
                on_avenue=city.on_avenue[i],
                height=board.heights[i],
                owner=board.owners[i],
                park_owner=board.park_owners[i],
                land_value=board.land_value(i),
            )
            for i in range(city.n_cells)
        )
        companies = tuple(
            CompanyView(
                seat=c.seat,
                markers=dict(zip(MARKER_TYPES, c.markers, strict=True)),
                workers_ready=c.workers_ready,
                honour=c.honour,
                has_loan=c.has_loan,
                park_available=c.park_available,
                buildings=c.buildings,
                chips_left=c.chips_left,
                bankrupt=c.bankrupt,
                money=c.money if seat == c.seat else None,
            )
            for c in self.companies
        )
        voices = tuple(
            VoiceCardView(v.id, v.kind, v.title, v.text, v.amount, v.source)
            for v in (*self.administration, *self.citizen)
        )
        return KenchikuView(
            viewer=seat,
            n_columns=cols,
            n_rows=city.n_rows,
            cells=cells,
            avenue=city.avenue,
            districts={d.id: d.name for d in city.districts},
            market_prices=dict(zip(MARKER_TYPES, self.prices, strict=True)),
            market_stock=dict(zip(MARKER_TYPES, self.stock, strict=True)),
            companies=companies,
            voices=voices,
            to_act=tuple(sorted(self.to_act())),
            round=self.round,
            turn=self.turn,
            last_dice=dict(self.last_dice) if self.last_dice is not None else None,
            honour_goal=self.honour_goal,
            end_triggered_by=self.end_triggered_by,
            final_round=self.end_triggered_by is not None,
            blocks_left=self.blocks_left,
            last_event=self.last_event,
            outcome=self._outcome.to_dict() if self._outcome is not None else None,
            repay_offered=self.repay_offered,
        )

    # -- invariants (used by tests) ----------------------------------------------------

    def markers_total(self) -> list[int]:
        """Markers held by companies plus market stock, per type (constant during a game)."""
        return [
            self.stock[k] + sum(c.markers[k] for c in self.companies)
            for k in range(len(MARKER_TYPES))
        ]


def _clauses(key: str, parts: Sequence[tuple[str, str]], params: Mapping[str, Any]) -> Msg:
    """One sentence of comma-joined clauses; ``key.<clause>.<clause>...`` names the clauses,
    so a key always has the same template (``parts`` are ``(name, template)`` pairs)."""
    full_key = ".".join((key, *(name for name, _ in parts)))
    sentence = ", ".join(t for _, t in parts) + "."
    return Msg(full_key, sentence, **params)


def _title(card: VoiceCard) -> Msg:
    """A voice card's title as a keyed term (``kenchiku.term.voice.<id>``, as on the boards)."""
    key = "kenchiku.term.voice." + card.id
    return Msg(key, card.title)


def _bad_marker(word: str) -> Msg:
    return Msg(
        "kenchiku.bad_marker",
        "`{word}` is not a marker type; the types are {types}.",
        word=word,
        types=", ".join(MARKER_TYPES),
    )


def _deal_voices(data: KenchikuData, kind: str, choice: str, rng: Rng) -> tuple[VoiceCard, ...]:
    """ゲームの準備 12: two random cards of a kind face up (or the two named by the option)."""
    cards = data.voices_of(kind)
    if choice == "random":
        deck = list(cards)
        rng.shuffle(deck)
        chosen = {v.id for v in deck[:2]}
    else:
        chosen = set(choice.split("+"))
    return tuple(v for v in cards if v.id in chosen)


def new_game(options: Mapping[str, Any], seats: int, seed: int) -> KenchikuState:
    """Set up a game (ゲームの準備) for 2–4 seats; ``options`` as in ``OPTIONS``."""
    unknown = sorted(set(options) - {o.name for o in OPTIONS})
    if unknown:
        raise InvalidOptions(
            Msg(
                "kenchiku.options.unknown",
                "Kenchiku has no option {names}.",
                names=", ".join(f"`{u}`" for u in unknown),
                options=tuple(unknown),
            )
        )
    if not 2 <= seats <= 4:
        raise InvalidOptions(
            Msg(
                "kenchiku.options.seats",
                "Kenchiku needs 2–4 players; there are {seats}.",
                seats=seats,
            )
        )
    resolved = {o.name: o.coerce(options.get(o.name, o.default)) for o in OPTIONS}
    data = kenchiku_data()
    rng = Rng(seed)
    administration = _deal_voices(data, "administration", resolved["administration"], rng)
    citizen = _deal_voices(data, "citizen", resolved["citizen"], rng)
    state = KenchikuState(data, seats, rng, administration, citizen, resolved)
    state.engine_version = ENGINE_VERSION  # a replay of an older record sets its own
    return state
