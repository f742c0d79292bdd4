"""Kenchiku moves and their notation (seed 002, ゲームの進行 and 借金について).

Notation (lowercase, hierarchical):

* ``build c4 money`` / ``build c4 honour`` — build on c4 and take that reward (建設)
* ``park c4`` — place your park on c4 instead of a building
* ``buy structure`` / ``buy design`` / ``buy planning`` / ``buy workers`` (購入)
* ``rest drop <type>`` — rest, returning one marker of that type (休憩); plain ``rest`` only
  when every type is down to one marker, so none can be returned
* ``loan take`` / ``loan repay`` — free moves that do not end the turn (借金)
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

from games.core import InvalidMove, Move, normalize_notation

from .view import MARKER_TYPES

REWARDS: tuple[str, ...] = ("money", "honour")
_REWARD_ALIASES = {"money": "money", "honour": "honour", "honor": "honour"}
_MARKER_ALIASES = {m: m for m in MARKER_TYPES} | {"worker": "workers"}


@dataclass(frozen=True)
class Build(Move):
    """Build on ``coord`` (height = land value) and take ``reward`` (seed: 建設)."""

    coord: str
    reward: str  # "money" | "honour"

    @property
    def notation(self) -> str:
        return f"build {self.coord} {self.reward}"

    @property
    def label(self) -> str:
        return f"Build on {self.coord.upper()} for {self.reward}"


@dataclass(frozen=True)
class PlacePark(Move):
    """Place the company's one park on ``coord`` instead of building (seed: 公園について)."""

    coord: str

    @property
    def notation(self) -> str:
        return f"park {self.coord}"

    @property
    def label(self) -> str:
        return f"Place your park on {self.coord.upper()}"


@dataclass(frozen=True)
class Buy(Move):
    """Buy one marker of type ``marker`` from the market (seed: 購入)."""

    marker: str

    @property
    def notation(self) -> str:
        return f"buy {self.marker}"

    @property
    def label(self) -> str:
        return f"Buy a {self.marker.removesuffix('s')} marker"


@dataclass(frozen=True)
class Rest(Move):
    """Rest, returning one ``drop`` marker (``None``: none can be returned) (seed: 休憩)."""

    drop: str | None

    @property
    def notation(self) -> str:
        return "rest" if self.drop is None else f"rest drop {self.drop}"

    @property
    def label(self) -> str:
        if self.drop is None:
            return "Rest"
        return f"Rest, returning a {self.drop.removesuffix('s')} marker"


@dataclass(frozen=True)
class TakeLoan(Move):
    """Borrow from the bank and take a loan card; does not end the turn (seed: 借金について)."""

    @property
    def notation(self) -> str:
        return "loan take"

    @property
    def label(self) -> str:
        return "Take a loan"


@dataclass(frozen=True)
class RepayLoan(Move):
    """Repay the loan in one payment and hand back the card; does not end the turn."""

    @property
    def notation(self) -> str:
        return "loan repay"

    @property
    def label(self) -> str:
        return "Repay the loan"


TAKE_LOAN = TakeLoan()
REPAY_LOAN = RepayLoan()
BUYS: tuple[Buy, ...] = tuple(Buy(m) for m in MARKER_TYPES)
RESTS: tuple[Rest, ...] = tuple(Rest(m) for m in MARKER_TYPES)
REST_ONLY = Rest(None)


def parse_notation(text: str, coords: Container[str]) -> Move:
    """Read notation into a move, legal or not; raise ``InvalidMove`` if it names no move."""
    words = normalize_notation(text).split()
    head = words[0] if words else ""
    rest = words[1:]
    if head == "build":
        if len(rest) != 2:
            raise InvalidMove("Write a build as `build <plot> money` or `build <plot> honour`.")
        coord = _coord(rest[0], coords)
        reward = _REWARD_ALIASES.get(rest[1])
        if reward is None:
            raise InvalidMove(f"Choose the reward `money` or `honour`, not `{rest[1]}`.")
        return Build(coord, reward)
    if head == "park":
        if len(rest) != 1:
            raise InvalidMove("Write a park as `park <plot>`, for example `park c4`.")
        return PlacePark(_coord(rest[0], coords))
    if head == "buy":
        if len(rest) != 1 or rest[0] not in _MARKER_ALIASES:
            raise InvalidMove(f"Write a purchase as `buy <type>`; the types are {_types()}.")
        return Buy(_MARKER_ALIASES[rest[0]])
    if head == "rest":
        if not rest:
            return REST_ONLY
        if len(rest) != 2 or rest[0] != "drop" or rest[1] not in _MARKER_ALIASES:
            raise InvalidMove(f"Write a rest as `rest drop <type>`; the types are {_types()}.")
        return Rest(_MARKER_ALIASES[rest[1]])
    if head == "loan":
        if rest == ["take"]:
            return TAKE_LOAN
        if rest == ["repay"]:
            return REPAY_LOAN
        raise InvalidMove("Write `loan take` to borrow or `loan repay` to pay the loan back.")
    raise InvalidMove(
        f"`{text.strip()[:60]}` is not a Kenchiku move. Moves start with build, park, buy, "
        "rest or loan."
    )


def _types() -> str:
    return ", ".join(MARKER_TYPES)


def _coord(word: str, coords: Container[str]) -> str:
    if word not in coords:
        raise InvalidMove(f"There is no plot `{word}` in the city; plots are named like `c4`.")
    return word
