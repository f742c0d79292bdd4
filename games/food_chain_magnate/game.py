"""The Food Chain Magnate game state: a ``StepGame`` whose steps are the setup steps and the
seven phases of a turn (seed 000), one module per phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.core import Move, Msg, Notice, Outcome, Rng, Seat, StepGame

from . import (
    cleanup,
    dinnertime,
    marketing_phase,
    order_of_business,
    payday,
    restructuring,
    setup,
    working,
)
from .board import MapGrid
from .data import components
from .describe import describe
from .model import Campaign, House, Occupancy, Phase, Player, Restaurant
from .moves import CODEC, ChooseReserve, Commit, Work
from .moves import Beach as BeachMove
from .view import FcmView, build_view

ENGINE_VERSION = 2
"""Rules version of new games. Version 2 (issue 19): "first to have $100" needs more than $100,
and the readings of ``READINGS`` are options (version-1 records replay with ``V1_RULES``)."""
RULES_V2 = 2

V1_RULES: Mapping[str, Any] = {
    "campaign_range": "part",
    "house_road": "any",
    "cfo": "total",
    "open_cards": True,
    "eternal": "choice",
    "negative_price": "forgive",
    "hundred": "reach",
}
"""How engine version 1 played each reading (``hundred``: the $100 milestone at $100 or more,
not an option: version 2 follows the seed's "over $100")."""


class FcmState(StepGame[FcmView]):
    """One game of Food Chain Magnate. All mutable state lives here; steps are stateless."""

    codec = CODEC
    steps: ClassVar[Mapping[Any, Any]] = {
        Phase.SETUP_RESTAURANTS: setup.SetupRestaurants(),
        Phase.SETUP_RESERVE: setup.SetupReserve(),
        Phase.RESTRUCTURING: restructuring.Restructuring(),
        Phase.ORDER_OF_BUSINESS: order_of_business.OrderOfBusiness(),
        Phase.WORKING: working.Working(),
        Phase.DINNERTIME: dinnertime.Dinnertime(),
        Phase.PAYDAY: payday.Payday(),
        Phase.MARKETING: marketing_phase.MarketingPhase(),
        Phase.CLEANUP: cleanup.Cleanup(),
    }

    def __init__(
        self,
        n_seats: int,
        seed: int,
        *,
        intro: bool,
        use_milestones: bool,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.n_seats = n_seats
        self.options = dict(options or {})
        self.engine_version = ENGINE_VERSION  # a replay of an older record sets its own
        self.rng = Rng(seed)
        self.intro = intro
        self.use_milestones = use_milestones
        self.turn = 0  # 0 during setup, then 1, 2, ...
        self.players: list[Player] = []
        self.order: list[int] = []  # seats in turn order
        self.bank = 0
        self.breaks = 0
        self.ending = False  # the bank broke for the last time: the game ends after Dinnertime
        self.reserve_revealed = False
        self.ceo_slots = components().rules.ceo_slots
        self.next_ceo_slots: int | None = None
        self.supply: dict[str, int] = {}
        self.campaign_supply: list[int] = []
        self.house_supply: list[int] = []
        self.gardens_left = 0
        self.grid: MapGrid
        self.houses: dict[int, House] = {}
        self.restaurants: list[Restaurant] = []
        self.campaigns: dict[int, Campaign] = {}
        self.occupied = Occupancy()
        self.milestones_left: set[str] = set()
        self.claimed_this_turn: set[str] = set()
        self.next_uid = 1
        self.phase = Phase.SETUP_RESTAURANTS
        self.setup_queue: list[tuple[int, bool]] = []  # (seat, may pass)
        self.discarding: set[int] = set()  # Cleanup: seats throwing food away above 10
        self.oob_queue: list[int] = []  # seats still to choose a turn-order position
        self.new_order: dict[int, int] = {}  # position (1-based) -> seat
        self.current = 0  # index into ``order`` of the Working 9–5 player
        self.last_dinner: list[str] = []
        self.result: Outcome | None = None
        self.cache: dict[Any, Any] = {}  # cleared on every move
        self.board_cache: dict[Any, Any] = {}  # keyed by what it depends on
        self._cache_at = -1

    def rule(self, name: str) -> Any:
        """The reading ``name`` this game plays (option value; version-1 records: ``V1_RULES``)."""
        if self.engine_version < RULES_V2:
            return V1_RULES[name]
        if name == "hundred":
            return "exceed"
        from . import OPTIONS

        return self.options.get(name, next(o.default for o in OPTIONS if o.name == name))

    # -- protocol ---------------------------------------------------------------------------

    def apply(self, seat: Seat, move: Move) -> list[str]:
        self.cache.clear()
        try:
            return super().apply(seat, move)
        finally:
            self.cache.clear()

    def invalidate(self) -> None:
        """Forget cached placements (tests that change the state directly call this)."""
        self.cache.clear()
        self.board_cache.clear()

    def view(self, seat: Seat | None) -> FcmView:
        return build_view(self, seat)

    def describe(self, seat: Seat, move: Move) -> str:
        return describe(self, seat, move)  # games/food_chain_magnate/describe.py

    def outcome(self) -> Outcome | None:
        return self.result

    def end_game(self) -> list[str]:
        return dinnertime.score(self)

    def secrets(self, seat: Seat) -> Mapping[tuple[Any, ...], Any]:
        p = self.players[seat]
        out: dict[tuple[Any, ...], Any] = {}
        if p.reserve is not None and not self.reserve_revealed:
            out[("players", seat, "reserve")] = p.reserve
        if self.phase == Phase.RESTRUCTURING and p.pending:
            out[("players", seat, "pending")] = tuple(sorted(p.pending))
        return out

    def notices(self, seat: Seat, move: Move) -> Mapping[Seat, Notice]:
        """When a secret simultaneous choice begins (the reserve card at setup, restructuring
        each turn: seed phase 1), every player who must choose is told privately, with their
        turn panel; nobody sees another's choice until all have committed."""
        if self.is_over():
            return {}
        if self.phase == Phase.RESTRUCTURING and not isinstance(move, (Work, BeachMove, Commit)):
            text = Msg(
                "food_chain_magnate.notice_restructure",
                "Turn {turn}, restructuring: choose in secret who works this turn (`work <card>`, "
                "`beach <card>`), then `commit`. Nobody sees your structure until everyone has "
                "committed.",
                turn=self.turn,
            )
        elif self.phase == Phase.SETUP_RESERVE and not isinstance(move, ChooseReserve):
            text = Msg(
                "food_chain_magnate.notice_reserve",
                "Setup: keep one of your three bank reserve cards face down (`reserve <amount>`). "
                "It stays secret until the bank breaks for the first time.",
            )
        else:
            return {}
        return {s: Notice(text, panel=True) for s in sorted(self.to_act())}

    def public_notation(self, seat: Seat, move: Move) -> str | None:
        if isinstance(move, ChooseReserve):
            return "reserve (secret)"
        if isinstance(move, (Work, BeachMove)):
            return "restructure (secret)"
        return move.notation

    def phase_name(self) -> str:
        """``"Turn 3 · Phase 1: Restructuring"``, keyed (``food_chain_magnate.phase.*``; the
        phase's title is the term ``food_chain_magnate.term.phase.<phase>``)."""
        if self.is_over():
            return Msg("food_chain_magnate.phase.game_over", "Game over")
        from .model import PHASE_TITLES

        phase = Phase(self.phase.value)
        key = "food_chain_magnate.term.phase." + phase.value
        title = Msg(key, PHASE_TITLES[phase])
        if not self.turn:
            return title
        return Msg(
            "food_chain_magnate.phase.turn", "Turn {turn} · {title}", turn=self.turn, title=title
        )
