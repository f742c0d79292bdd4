"""Mutable pieces of a Food Chain Magnate game: phases, cards, players, houses, restaurants,
campaigns. The game state (``game.FcmState``) owns them; views copy them into frozen data."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .board import Square, corner_square, rect


class Phase(Enum):
    """Setup steps and the seven phases of a turn (seed "■フェイズ")."""

    SETUP_RESTAURANTS = "setup_restaurants"
    SETUP_RESERVE = "setup_reserve"
    RESTRUCTURING = "restructuring"
    ORDER_OF_BUSINESS = "order_of_business"
    WORKING = "working"
    DINNERTIME = "dinnertime"
    PAYDAY = "payday"
    MARKETING = "marketing"
    CLEANUP = "cleanup"


PHASE_TITLES = {
    Phase.SETUP_RESTAURANTS: "Setup: first restaurants",
    Phase.SETUP_RESERVE: "Setup: bank reserve cards",
    Phase.RESTRUCTURING: "Phase 1: Restructuring",
    Phase.ORDER_OF_BUSINESS: "Phase 2: Order of business",
    Phase.WORKING: "Phase 3: Working 9–5",
    Phase.DINNERTIME: "Phase 4: Dinnertime",
    Phase.PAYDAY: "Phase 5: Payday",
    Phase.MARKETING: "Phase 6: Marketing campaigns",
    Phase.CLEANUP: "Phase 7: Cleanup",
}

# Working 9–5 sub-steps, in the seed's order (phase 3, 1.–6.).
RECRUIT, TRAIN, MARKETING, FOOD, HOUSES, RESTAURANTS = range(6)
SUBSTEP_NAMES = (
    "recruiting",
    "training",
    "marketing campaigns",
    "food and drinks",
    "houses and gardens",
    "restaurants",
)


class Occupancy(dict[Square, str]):
    """What stands on each occupied square (houses, gardens, restaurants, campaigns), with a
    ``version`` that changes on every change (placement caches key on it)."""

    def __init__(self, *args: object, **kw: str) -> None:
        super().__init__(*args, **kw)
        self.version = 0

    def __setitem__(self, key: Square, value: str) -> None:
        self.version += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: Square) -> None:
        self.version += 1
        super().__delitem__(key)

    def discard(self, key: Square) -> None:
        """Free a square if it is occupied (use this, not ``pop``, so the version changes)."""
        if key in self:
            del self[key]


@dataclass
class Card:
    """One employee card a player owns; ``uid`` is unique in the game."""

    uid: int
    kind: str


@dataclass
class Restaurant:
    """A 2×2 restaurant tile: ``top_left`` square and the ``corner`` holding its entrance.
    ``open`` is False while the COMING SOON side is up (local manager, until Cleanup)."""

    owner: int
    index: int  # 1..3 within the chain
    top_left: Square
    corner: str
    open: bool = True

    @property
    def squares(self) -> tuple[Square, ...]:
        return rect(self.top_left, 2, 2)

    @property
    def entrance(self) -> Square:
        return corner_square(self.top_left, self.corner)


@dataclass
class House:
    """A house (2×2) with its garden squares (``()`` if none) and its demand tokens."""

    number: int
    squares: tuple[Square, ...]
    garden: tuple[Square, ...] = ()
    printed: bool = True
    demand: list[str] = field(default_factory=list)

    @property
    def all_squares(self) -> tuple[Square, ...]:
        return self.squares + self.garden


@dataclass
class Campaign:
    """A marketing campaign on the board (or beside it, for airplanes).

    ``squares`` are its map squares (none for an airplane); an airplane covers ``lines`` rows
    (``axis == "row"``) or columns (``axis == "col"``). ``product`` is ``None`` until chosen.
    """

    number: int
    kind: str
    owner: int
    marketeer: Card
    squares: tuple[Square, ...] = ()
    axis: str = ""
    lines: tuple[int, ...] = ()
    where: str = ""  # placement word of the notation: "c7" or "col-c"
    tall: bool = False
    product: str | None = None
    remaining: int = 0
    eternal: bool = False


@dataclass
class Turn:
    """A player's bookkeeping for the current Working 9–5 (reset at reveal)."""

    sub: int = RECRUIT
    recruits_left: int = 0
    discount_actions: int = 0  # recruit actions of multi-recruit cards (unused ones cut salary)
    hires: int = 0
    trainers: dict[int, int] = field(default_factory=dict)  # trainer uid -> actions left
    trained: set[int] = field(default_factory=set)  # uids trained this turn
    used: set[int] = field(default_factory=set)  # uids whose one action is used
    pending_campaign: int | None = None  # placed, product not yet chosen
    done: bool = False
    unused_discounts: int = 0  # fixed when the player ends Working 9–5


@dataclass
class Player:
    seat: int
    chain: str
    cash: int = 0
    cards: list[Card] = field(default_factory=list)  # owned, not busy (hand / at work / beach)
    at_work: set[int] = field(default_factory=set)  # uids at work (the CEO always is)
    busy: dict[int, Card] = field(default_factory=dict)  # campaign number -> marketeer
    reserve: int | None = None  # money on the kept bank reserve card
    pending: list[str] = field(default_factory=list)  # restructuring choice (secret)
    committed: bool = False
    revealed: bool = False  # the structure of this turn has been revealed
    stock: dict[str, int] = field(default_factory=dict)
    milestones: dict[str, int] = field(default_factory=dict)  # id -> turn claimed
    turn: Turn = field(default_factory=Turn)
    paid: bool = False  # Payday done
    dinner_income: int = 0
    dinner_payments: list[int] = field(default_factory=list)  # this Dinnertime, one by one
    bankrupt: bool = False  # could not pay for a sale below $0 (negative_price=bankrupt)
    out: bool = False  # bankrupt and out of the game since the end of that turn

    def kinds(self, uids: set[int] | None = None) -> list[str]:
        return sorted(c.kind for c in self.cards if uids is None or c.uid in uids)

    def at_work_cards(self) -> list[Card]:
        return [c for c in self.cards if c.uid in self.at_work]

    def beach_cards(self) -> list[Card]:
        return [c for c in self.cards if c.uid not in self.at_work]

    def has(self, milestone: str) -> bool:
        return milestone in self.milestones

    def goods(self) -> int:
        return sum(self.stock.values())
