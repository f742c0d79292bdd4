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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .errors import GameError, IllegalMove, InvalidMove, NotYourTurn
from .text import Msg

if TYPE_CHECKING:
    from .notation import Notation

Seat = int

SYSTEM: Seat = -1
"""The actor of moves no player makes: a timer's expiry, other system moves."""

MAX_NOTATION = 100

V = TypeVar("V")


@dataclass(frozen=True)
class Move:
    """Base class of all moves: frozen dataclasses naming things by stable ids.

    A subclass declares its notation once in ``syntax`` (see ``games.core.notation``); the
    game's ``Notation`` codec parses it back. A class may instead override ``notation``.
    """

    syntax: ClassVar[str] = ""
    system_only: ClassVar[bool] = False
    """Only the ``SYSTEM`` actor (a timer) may make this move."""

    @property
    def notation(self) -> str:
        from .notation import pattern_of

        return pattern_of(type(self)).format(self)

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
    panel: bool = False
    """Send the recipient's private turn panel with it (a secret simultaneous choice, such as
    Food Chain Magnate's restructuring, is made in that panel)."""
    reveals: bool = False
    """The notice shows its recipient hidden information (e.g. the card a gift gave them):
    like a random draw, it is an undo barrier (``GameState.undo_barrier``), since what was
    seen cannot be unseen."""


@dataclass(frozen=True)
class Deadline:
    """A phase that ends by time.

    ``key`` identifies the phase instance (it changes whenever a new timed phase begins, so a
    stale timer can be told apart); ``seconds`` is measured from the moment the phase began
    (the bot records that wall time); ``move`` is what the bot applies on expiry, as the
    ``SYSTEM`` actor: ``state.apply(SYSTEM, deadline.move)``. ``warn_at`` lists
    seconds-before-expiry at which the bot posts a notice. ``table`` names the public table
    message that successive deadlines share (e.g. one auction lot whose quiet period
    restarts on every bid); by default each key has its own.
    """

    key: str
    seconds: float
    move: Move
    warn_at: tuple[float, ...] = ()
    table: str = ""

    @property
    def seat(self) -> Seat:
        """The actor of the expiry move: always ``SYSTEM``."""
        return SYSTEM

    @property
    def table_key(self) -> str:
        return self.table or self.key


@dataclass(frozen=True)
class Choice:
    """One entry of word-by-word move browsing (``GameState.choices``).

    ``notation`` is the typed prefix extended by one word; ``count`` is how many legal moves
    start with it; ``complete`` says ``notation`` is itself a legal move.
    """

    notation: str
    count: int
    complete: bool


def group_choices(notations: Iterable[str], prefix: str) -> list[Choice]:
    """Group full notations by the word after ``prefix`` (whose last word may be partial).

    ``group_choices(["build c4 money", "build c4 honour", "buy design"], "bu")`` gives
    ``build`` (2) and ``buy`` (1); with prefix ``"build "`` it gives ``build c4`` (2).
    """
    words = prefix.lower().split()
    partial = "" if prefix.endswith(" ") or not words else words.pop()
    depth = len(words)
    counts: dict[str, int] = {}
    complete: set[str] = set()
    for n in notations:
        parts = n.split()
        if len(parts) <= depth or parts[:depth] != words:
            continue
        if not parts[depth].lower().startswith(partial):
            continue
        head = " ".join(parts[: depth + 1])
        counts[head] = counts.get(head, 0) + 1
        if len(parts) == depth + 1:
            complete.add(head)
    return [Choice(h, c, h in complete) for h, c in counts.items()]


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


class GameState(ABC, Generic[V]):
    """One game in progress. Subclasses hold all mutable state, including the RNG.

    ``V`` is the game's view type. ``engine_version`` is the version of the rules the game
    was recorded with (set by ``registry.start``/``replay``); ``moves_applied`` counts
    applied moves. A game whose moves have a ``syntax`` sets ``codec`` to its
    ``Notation`` and gets ``parse_move`` for free.
    """

    n_seats: int
    engine_version: int = 0
    moves_applied: int = 0
    codec: ClassVar[Notation | None] = None
    _undo_floor: int = 0
    _reveal_now: bool = False

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
    def view(self, seat: Seat | None) -> V:
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

    # -- optional hooks with defaults -------------------------------------------------

    def waiting_for(self) -> frozenset[Seat]:
        """The seats the game is really waiting on: ``to_act()`` without those who are done
        for now but may still change their mind (e.g. ``done`` in a simultaneous
        negotiation). Default: ``to_act()``. Used for "Waiting for …" lines only; legality
        still comes from ``to_act`` and ``legal_moves``.
        """
        return self.to_act()

    def describe(self, seat: Seat, move: Move) -> str:
        """A button label for ``move`` that shows its price, amount or effect now
        (``"Build E2 · height 3 · +3 money"``), at most 80 characters. Default: the move's
        own ``label``; a game overrides it where the effect depends on the position."""
        return move.label

    def refused_moves(self, seat: Seat) -> list[tuple[Move, str]]:
        """Moves ``seat`` might expect but may not make now, each with the refusal sentence
        (for a "Why not …?" list). Default: none known; ``StepGame`` lists its step's
        refused candidates.
        """
        return []

    def refusal(self, seat: Seat, move: Move) -> str | None:
        """Why ``seat`` may not make ``move`` now (a player-facing sentence), or ``None``.

        Derived from ``validate``, the one source of legality; never raises for a rule.
        """
        try:
            self._check_player_move(seat, move)
        except GameError as exc:
            return exc.msg
        return None

    def choices(self, seat: Seat, prefix: str = "") -> list[Choice]:
        """The next words after ``prefix`` with how many legal moves each covers.

        Default: grouped from ``legal_moves``; games with huge move sets override it so
        autocomplete and panels never list every move.
        """
        return group_choices((m.notation for m in self.legal_moves(seat)), prefix)

    def default_move(self, seat: Seat) -> Move:
        """What a time-out plays for ``seat``, which must be able to act.

        Default: a legal ``pass``/``done`` if there is one, else the first legal move.
        Games override it with the rules' own default where they have one.
        Raises ``NotYourTurn`` if ``seat`` has no move.
        """
        legal = list(self.legal_moves(seat))
        if not legal:
            raise self._not_your_turn()
        for m in legal:
            if m.notation in ("pass", "done"):
                return m
        return legal[0]

    def undo_barrier(self) -> int:
        """The earliest move count an undo may go back to.

        Never before a random draw or revealed hidden information: the core raises it after
        any move that advanced ``self.rng``, after a move during which the game called
        ``mark_revealed``, and after a move with a private ``Notice`` that ``reveals``.
        """
        return self._undo_floor

    def mark_revealed(self) -> None:
        """Called by a game inside ``_apply`` when the move reveals hidden information."""
        self._reveal_now = True

    # -- shared behaviour -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.outcome() is not None

    def _not_your_turn(self) -> NotYourTurn:
        if self.is_over():
            return NotYourTurn(Msg("game_over", "The game is over; no more moves can be made."))
        to_act = sorted(self.to_act())
        return NotYourTurn(Msg("not_your_turn", "It is not your turn.", to_act=to_act))

    def check_turn(self, seat: Seat) -> None:
        """Raise ``NotYourTurn`` unless ``seat`` may act now.

        The error's ``params["to_act"]`` lists who may, so the bot can name them.
        """
        if self.is_over() or seat not in self.to_act():
            raise self._not_your_turn()

    def parse_move(self, seat: Seat, text: str) -> Move:
        """Turn notation into a move of ``seat`` (``SYSTEM`` for a timer's move).

        With a ``codec`` the text is decoded without listing legal moves, and legality is
        checked by ``apply``; without one, the text must match a legal move. Raises
        ``NotYourTurn`` if the seat cannot act, ``InvalidMove`` for text that names no move.
        """
        if seat == SYSTEM:
            deadline = None if self.is_over() else self.deadline()
            if deadline is None or normalize_notation(text) != deadline.move.notation:
                raise IllegalMove(Msg("timer_stale", "That timer is not running any more."))
            return deadline.move
        self.check_turn(seat)
        if self.codec is not None:
            return self.codec.parse(" ".join(text.split()))
        wanted = normalize_notation(text)
        for move in self.legal_moves(seat):
            if move.notation == wanted:
                return move
        raise InvalidMove(
            Msg(
                "no_such_move",
                "`{text}` is not a move you can make now. "
                "Use /move and pick from the suggestions, or /play for buttons.",
                text=text.strip()[:60],
            )
        )

    def apply(self, seat: Seat, move: Move) -> list[str]:
        """Validate ``move`` for ``seat`` and apply it; return event sentences.

        ``SYSTEM`` may apply only the running deadline's move. Raises ``NotYourTurn`` or
        ``IllegalMove``/``InvalidMove`` and leaves the state untouched when the move is not
        allowed.
        """
        if seat == SYSTEM:
            deadline = None if self.is_over() else self.deadline()
            if deadline is None or deadline.move != move:
                raise IllegalMove(Msg("timer_stale", "That timer is not running any more."))
        else:
            self._check_player_move(seat, move)
        rng = getattr(self, "rng", None)
        before = getattr(rng, "state", None)
        self._reveal_now = False
        events = self._apply(seat, move)
        self.moves_applied += 1
        revealed = self._reveal_now or getattr(rng, "state", None) != before
        if revealed or any(n.reveals for n in self.notices(seat, move).values()):
            self._undo_floor = self.moves_applied
        self._reveal_now = False
        return events

    def _check_player_move(self, seat: Seat, move: Move) -> None:
        self.check_turn(seat)
        if move.system_only:
            raise IllegalMove(Msg("timer_only", "Only the game timer can make this move."))
        self.validate(seat, move)

    def validate(self, seat: Seat, move: Move) -> None:
        """Raise a ``GameError`` if ``move`` is not legal. Default: membership test."""
        if move not in self.legal_moves(seat):
            raise InvalidMove(
                Msg("not_legal_now", "`{move}` is not a move you can make now.", move=move.notation)
            )


def view_as_dict(view: Any) -> dict[str, Any]:
    """A view as plain data (used by leak tests and JSON dumps)."""
    return dataclasses.asdict(view)
