"""Kenchiku moves and their notation (seed 002, ゲームの進行 and 借金について).

Each move class declares its notation once in ``syntax``; ``CODEC`` reads text back into
moves (lowercase, hierarchical):

* ``build c4 money`` / ``build c4 honour`` — build on c4 and take that reward (建設)
* ``park c4`` — place your park on c4 instead of a building
* ``buy structure`` / ``buy design`` / ``buy planning`` / ``buy workers`` (購入)
* ``rest drop <type>`` — rest, returning one marker of that type (休憩); plain ``rest`` only
  when every type is down to one marker, so none can be returned
* ``loan take`` / ``loan repay`` — free moves that do not use the action (借金)
* ``done`` — end the turn without repaying, when the engine offers a repayment after the
  action (engine version 2+)

Parsing accepts ``honor`` for ``honour`` and ``worker`` for ``workers``. Whether a plot,
reward or marker type exists is checked by the state (``refusal``), so a typo gets a
sentence naming the problem rather than a generic "does not fit".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core import Converter, Move, Msg, Notation, game_title, register_converter

from .view import MARKER_TYPES

REWARDS: tuple[str, ...] = ("money", "honour")
WORDS: frozenset[str] = frozenset(
    {*MARKER_TYPES, *(m.removesuffix("s") for m in MARKER_TYPES), *REWARDS}
)
"""Notation words a sentence may name (marker types, one marker, rewards): ``word`` keys them."""


def word(ident: str) -> str:
    """A marker type or reward named inside a sentence, keyed ``kenchiku.word.<ident>`` so a
    catalogue can translate it (its English is the notation word itself: ``"design"``,
    ``"worker"``, ``"honour"``); any other word is returned as it is."""
    if ident not in WORDS:
        return ident
    key = "kenchiku.word." + ident
    return Msg(key, ident)


_REWARD_ALIASES = {"honor": "honour"}
_MARKER_ALIASES = {"worker": "workers"}

# Converters only normalise spelling variants; unknown words pass through to ``refusal``.
register_converter("kenchiku_reward", Converter(str, lambda word: _REWARD_ALIASES.get(word, word)))
register_converter("kenchiku_marker", Converter(str, lambda word: _MARKER_ALIASES.get(word, word)))


@dataclass(frozen=True)
class Build(Move):
    """Build on ``coord`` (height = land value) and take ``reward`` (seed: 建設)."""

    syntax: ClassVar[str] = "build {coord} {reward:kenchiku_reward}"
    coord: str
    reward: str  # "money" | "honour"

    @property
    def label(self) -> str:
        return Msg(
            "kenchiku.label.build",
            "Build on {coord} for {reward}",
            coord=self.coord.upper(),
            reward=word(self.reward),
        )


@dataclass(frozen=True)
class PlacePark(Move):
    """Place the company's one park on ``coord`` instead of building (seed: 公園について)."""

    syntax: ClassVar[str] = "park {coord}"
    coord: str

    @property
    def label(self) -> str:
        return Msg("kenchiku.label.park", "Place your park on {coord}", coord=self.coord.upper())


@dataclass(frozen=True)
class Buy(Move):
    """Buy one marker of type ``marker`` from the market (seed: 購入)."""

    syntax: ClassVar[str] = "buy {marker:kenchiku_marker}"
    marker: str

    @property
    def label(self) -> str:
        return Msg(
            "kenchiku.label.buy", "Buy a {one} marker", one=word(self.marker.removesuffix("s"))
        )


@dataclass(frozen=True)
class Rest(Move):
    """Rest, returning one ``drop`` marker (``None``: none can be returned) (seed: 休憩)."""

    syntax: ClassVar[str] = "rest [drop {drop:kenchiku_marker}]"
    drop: str | None = None

    @property
    def label(self) -> str:
        if self.drop is None:
            return Msg("kenchiku.label.rest", "Rest this turn")
        return Msg(
            "kenchiku.label.rest_drop",
            "Rest, returning a {one} marker",
            one=word(self.drop.removesuffix("s")),
        )


@dataclass(frozen=True)
class TakeLoan(Move):
    """Borrow from the bank and take a loan card; does not use the action (seed: 借金について)."""

    syntax: ClassVar[str] = "loan take"

    @property
    def label(self) -> str:
        return Msg("kenchiku.label.loan_take", "Take a loan")


@dataclass(frozen=True)
class RepayLoan(Move):
    """Repay the loan in one payment and hand back the card; does not use the action.

    Made after the action (engine version 2+), it also ends the turn.
    """

    syntax: ClassVar[str] = "loan repay"

    @property
    def label(self) -> str:
        return Msg("kenchiku.label.loan_repay", "Repay the loan")


@dataclass(frozen=True)
class EndTurn(Move):
    """End the turn keeping the loan, when a repayment is offered after the action (v2+)."""

    syntax: ClassVar[str] = "done"

    @property
    def label(self) -> str:
        return Msg("kenchiku.label.done", "End your turn (keep the loan)")


TAKE_LOAN = TakeLoan()
REPAY_LOAN = RepayLoan()
END_TURN = EndTurn()
BUYS: tuple[Buy, ...] = tuple(Buy(m) for m in MARKER_TYPES)
RESTS: tuple[Rest, ...] = tuple(Rest(m) for m in MARKER_TYPES)
REST_ONLY = Rest(None)

CODEC = Notation(
    [Build, PlacePark, Buy, Rest, TakeLoan, RepayLoan, EndTurn],
    game=game_title("kenchiku", "Kenchiku"),
)
"""Kenchiku's notation codec: text -> move, legal or not (``KenchikuState.codec``)."""
