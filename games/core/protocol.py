"""The engine protocol every game implements (GUIDE.md, "The engine protocol").

A game is a pure state machine driven by seat-numbered moves:

* seats are ``int`` indices ``0 .. n-1`` in turn order; names belong to the bot;
* ``legal_moves(seat)`` is the single source of legality;
* ``apply(seat, move)`` validates, then mutates; a rejected move raises a ``GameError``
  subclass and leaves the state untouched;
* every ``Move`` has a canonical lowercase ``notation`` (at most 100 characters, unique among
  the legal moves of the moment) that ``parse_move`` turns back into the same move.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidMove, NotYourTurn

Seat = int

MAX_NOTATION = 100


@dataclass(frozen=True)
class Move:
    """Base class of all moves: frozen dataclasses naming things by stable ids."""

    @property
    def notation(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    @property
    def label(self) -> str:
        """Short button text (at most 80 characters); defaults to the notation."""
        return self.notation


@dataclass(frozen=True)
class MoveTemplate:
    """A move with a free whole-number parameter, e.g. an offer amount or a bid.

    The UI asks for ``param`` in a modal (``lo`` .. ``hi`` inclusive, in ``unit``) and sends
    the notation ``f"{prefix} {value}"``, plus ``f" {text_param} {text}"`` when
    ``text_param`` is set and the player typed a text; the engine validates the value.
    """

    prefix: str
    label: str
    param: str
    lo: int
    hi: int
    unit: str = ""
    suggestions: tuple[int, ...] = ()
    text_param: str | None = None


@dataclass(frozen=True)
class Notice:
    """Something one seat must be told privately after another seat's move.

    ``text`` is a player-facing sentence; ``moves`` are notations the recipient can answer
    with in one click (e.g. ``accept r3 p2`` after an offer). The bot delivers it by DM, or
    ephemerally when DMs are closed.
    """

    text: str
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deadline:
    """A phase that ends by time.

    ``key`` identifies the phase instance (it changes whenever a new timed phase begins, so a
    stale timer can be told apart); ``seconds`` is measured from the moment the phase began
    (the bot records that wall time); ``seat`` and ``move`` are what the bot applies on
    expiry. ``warn_at`` lists seconds-before-expiry at which the bot posts a notice.
    ``table`` names the public table message that successive deadlines share (e.g. one
    auction lot whose quiet period restarts on every bid); by default each key has its own.
    """

    key: str
    seconds: float
    seat: Seat
    move: Move
    warn_at: tuple[float, ...] = ()
    table: str = ""

    @property
    def table_key(self) -> str:
        return self.table or self.key


@dataclass(frozen=True)
class Outcome:
    """Final result. ``scores`` per seat; ``ranks`` 1 = best (shared ranks on ties)."""

    scores: Mapping[Seat, int]
    ranks: Mapping[Seat, int]
    winners: frozenset[Seat]
    reason: str
    details: Mapping[Seat, Mapping[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": {str(k): v for k, v in self.scores.items()},
            "ranks": {str(k): v for k, v in self.ranks.items()},
            "winners": sorted(self.winners),
            "reason": self.reason,
            "details": {str(k): dict(v) for k, v in self.details.items()},
        }


def normalize_notation(text: str) -> str:
    """Lowercase and collapse whitespace: the form notation is compared in."""
    return " ".join(text.strip().lower().split())


class GameState(ABC):
    """One game in progress. Subclasses hold all mutable state, including the RNG."""

    n_seats: int

    @abstractmethod
    def to_act(self) -> frozenset[Seat]:
        """Seats that may move now (empty once the game is over)."""

    @abstractmethod
    def legal_moves(self, seat: Seat) -> Sequence[Move]:
        """Every move ``seat`` may make now; empty if it may not act."""

    @abstractmethod
    def _apply(self, seat: Seat, move: Move) -> list[str]:
        """Mutate the state for an already validated move; return event sentences."""

    @abstractmethod
    def view(self, seat: Seat | None) -> Any:
        """What ``seat`` may see (``None``: the public view). A frozen dataclass."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Final result, or ``None`` while the game runs."""

    def deadline(self) -> Deadline | None:
        """The running timed phase, if any. The engine never reads a clock."""
        return None

    def notices(self, seat: Seat, move: Move) -> Mapping[Seat, Notice]:
        """Private notices caused by ``seat``'s just-applied ``move`` (default: none)."""
        return {}

    def public_notation(self, seat: Seat, move: Move) -> str | None:
        """How ``move`` appears in public logs: ``None`` for a wholly private move (an offer),
        a masked text for a secret one (``"bid (sealed)"``); by default the notation."""
        return move.notation

    def move_templates(self, seat: Seat) -> Sequence[MoveTemplate]:
        """Moves with a free number parameter available to ``seat`` now."""
        return ()

    def secrets(self, seat: Seat) -> Mapping[tuple[Any, ...], Any]:
        """Paths into ``dataclasses.asdict(view)`` that only ``seat`` may see, with values.

        The conformance test checks that in every other seat's view (and the public view)
        each such path is absent or ``None``.
        """
        return {}

    def phase_name(self) -> str:
        """A short human label for the current phase (``"Round 3"``, ``"Negotiation"``)."""
        return ""

    # -- shared behaviour -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.outcome() is not None

    def check_turn(self, seat: Seat) -> None:
        """Raise ``NotYourTurn`` unless ``seat`` may act now."""
        if self.is_over():
            raise NotYourTurn("The game is over; no more moves can be made.")
        if seat not in self.to_act():
            raise NotYourTurn("It is not your turn.")

    def parse_move(self, seat: Seat, text: str) -> Move:
        """Turn notation into one of ``seat``'s legal moves.

        Raises ``NotYourTurn`` if the seat cannot act, ``InvalidMove`` if the text matches no
        legal move. Games with free parameters override this to accept any value.
        """
        self.check_turn(seat)
        wanted = normalize_notation(text)
        for move in self.legal_moves(seat):
            if move.notation == wanted:
                return move
        raise InvalidMove(
            f"`{text.strip()[:60]}` is not a move you can make now. "
            "Use /move and pick from the suggestions, or /play for buttons."
        )

    def apply(self, seat: Seat, move: Move) -> list[str]:
        """Validate ``move`` for ``seat`` and apply it; return event sentences.

        Raises ``NotYourTurn`` or ``IllegalMove``/``InvalidMove`` and leaves the state
        untouched when the move is not allowed.
        """
        self.check_turn(seat)
        self.validate(seat, move)
        return self._apply(seat, move)

    def validate(self, seat: Seat, move: Move) -> None:
        """Raise a ``GameError`` if ``move`` is not legal. Default: membership test."""
        if move not in self.legal_moves(seat):
            raise InvalidMove(f"`{move.notation}` is not a move you can make now.")


def view_as_dict(view: Any) -> dict[str, Any]:
    """A view as plain data (used by leak tests and JSON dumps)."""
    return dataclasses.asdict(view)
