"""Moves of Food Chain Magnate and their notation (one ``syntax`` per class).

Squares are written ``c7`` (column letter, row number from the top); restaurant entrances and
garden sides as ``nw``/``ne``/``sw``/``se`` and ``n``/``e``/``s``/``w``; employees, goods and
campaign kinds by their data ids (``kitchen_trainee``, ``soft_drink``, ``billboard``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core import Converter, Move, Notation, register_converter

from .board import parse_square, square_name

ETERNAL = 0
"""The duration of an eternal campaign (written ``eternal``)."""


def _format_duration(value: int) -> str:
    return "eternal" if value == ETERNAL else str(value)


def _parse_duration(word: str) -> int:
    if word == "eternal":
        return ETERNAL
    if not word.isdigit() or word.startswith("0"):
        raise ValueError(word)
    return int(word)


register_converter("fcm_duration", Converter(_format_duration, _parse_duration))


# -- setup ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceRestaurant(Move):
    """Place a restaurant with its top-left square and entrance corner; in Working 9–5 ``by``
    names the local or regional manager doing it (seed setup; phase 3 "6.")."""

    syntax: ClassVar[str] = "place restaurant {square} {corner} [by {by:word?}]"
    square: str
    corner: str
    by: str | None = None


@dataclass(frozen=True)
class Pass(Move):
    """Pass in the first round of placing restaurants (seed setup)."""

    syntax: ClassVar[str] = "pass"


@dataclass(frozen=True)
class ChooseReserve(Move):
    """Keep the bank reserve card of this value face down (seed setup; secret)."""

    syntax: ClassVar[str] = "reserve {money:int}"
    money: int


# -- phase 1, 2 ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Work(Move):
    """Put one more card of this kind at work (seed phase 1; secret until all commit)."""

    syntax: ClassVar[str] = "work {card}"
    card: str


@dataclass(frozen=True)
class Beach(Move):
    """Take one card of this kind back out of the structure (to the beach)."""

    syntax: ClassVar[str] = "beach {card}"
    card: str


@dataclass(frozen=True)
class Commit(Move):
    """Lock in the chosen structure (seed phase 1)."""

    syntax: ClassVar[str] = "commit"


@dataclass(frozen=True)
class ChooseOrder(Move):
    """Take a free position on the turn-order track (seed phase 2)."""

    syntax: ClassVar[str] = "order {position:int}"
    position: int


# -- phase 3 -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recruit(Move):
    """Hire an entry-level card to the beach; ``train_to`` hires and trains at once when its
    pile is empty (seed phase 3 "1.")."""

    syntax: ClassVar[str] = "recruit {card} [as {train_to:word?}]"
    card: str
    train_to: str | None = None


@dataclass(frozen=True)
class Train(Move):
    """Train a beach card of kind ``card`` into ``target`` (one or more steps; seed "2.")."""

    syntax: ClassVar[str] = "train {card} {target}"
    card: str
    target: str


@dataclass(frozen=True)
class PlaceCampaign(Move):
    """A marketeer at work places campaign tile ``number`` (seed "3."): on the board with its
    top-left square (``tall`` turns it a quarter), or an airplane beside the board covering
    the columns from ``col-c`` or the rows from ``row-7``."""

    syntax: ClassVar[str] = "campaign {marketeer} {kind} {number:int} {where} [{tall:flag}]"
    marketeer: str
    kind: str
    number: int
    where: str
    tall: bool = False


@dataclass(frozen=True)
class Advertise(Move):
    """Choose the placed campaign's product and duration (``eternal`` with the first-billboard
    milestone)."""

    syntax: ClassVar[str] = "advertise {product} {duration:fcm_duration}"
    product: str
    duration: int


@dataclass(frozen=True)
class Cook(Move):
    """A kitchen card at work makes its food (a kitchen trainee names burger or pizza)."""

    syntax: ClassVar[str] = "cook {card} [{food:word?}]"
    card: str
    food: str | None = None


@dataclass(frozen=True)
class Buy(Move):
    """A buyer at work gets drinks: an errand boy names a drink; a cart operator, truck
    driver or zeppelin pilot names the drink symbols its route passes (``e7 f12``)."""

    syntax: ClassVar[str] = "buy {buyer} {what:text}"
    buyer: str
    what: str

    def __post_init__(self) -> None:
        words = self.what.lower().split()
        squares = [parse_square(w) for w in words]
        if words and all(s is not None for s in squares):
            words = [square_name(s) for s in sorted({s for s in squares if s is not None})]
        object.__setattr__(self, "what", " ".join(words))

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(self.what.split())


@dataclass(frozen=True)
class PlaceHouse(Move):
    """A new business developer places house ``number`` (2×2 at ``square``, garden on
    ``side``) (seed "5.")."""

    syntax: ClassVar[str] = "house {number:int} {square} {side}"
    number: int
    square: str
    side: str


@dataclass(frozen=True)
class PlaceGarden(Move):
    """A new business developer adds a garden on ``side`` of house ``number``."""

    syntax: ClassVar[str] = "garden {number:int} {side}"
    number: int
    side: str


@dataclass(frozen=True)
class MoveRestaurant(Move):
    """A regional manager moves (or turns) restaurant ``index`` of your chain (seed "6.")."""

    syntax: ClassVar[str] = "move restaurant {index:int} {square} {corner}"
    index: int
    square: str
    corner: str


@dataclass(frozen=True)
class Done(Move):
    """End your Working 9–5 (unused actions are lost; unused hires of recruiting managers and
    HR directors become salary discounts)."""

    syntax: ClassVar[str] = "done"


# -- phase 5, 7 ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Fire(Move):
    """Fire one card of this kind back to the supply (seed phase 5)."""

    syntax: ClassVar[str] = "fire {card}"
    card: str


@dataclass(frozen=True)
class Pay(Move):
    """Pay this Payday's salaries (seed phase 5)."""

    syntax: ClassVar[str] = "pay"


@dataclass(frozen=True)
class Discard(Move):
    """Throw one food or drink away (Cleanup, above the freezer's 10)."""

    syntax: ClassVar[str] = "discard {good}"
    good: str


WORKING_MOVES: tuple[type[Move], ...] = (
    Recruit,
    Train,
    PlaceCampaign,
    Advertise,
    Cook,
    Buy,
    PlaceHouse,
    PlaceGarden,
    PlaceRestaurant,
    MoveRestaurant,
    Done,
)

CODEC = Notation(
    [
        PlaceRestaurant,
        Pass,
        ChooseReserve,
        Work,
        Beach,
        Commit,
        ChooseOrder,
        Recruit,
        Train,
        PlaceCampaign,
        Advertise,
        Cook,
        Buy,
        PlaceHouse,
        PlaceGarden,
        MoveRestaurant,
        Done,
        Fire,
        Pay,
        Discard,
    ],
    game="Food Chain Magnate",
)
