"""A small flow model: a game's turn structure as steps, one per rulebook phase.

Shaped after 18xx's steps/rounds and boardgame.io's phases, kept small. Each ``Step`` owns,
for its phase: who acts, the candidate moves, the reason a move is refused, how a move
applies, when the phase is done, what follows it, and its deadline. ``StepGame`` derives the
protocol from the current step, so ``legal_moves`` (candidates the step does not refuse)
and validation (the step's refusal) have one source.

Steps are stateless objects: all state lives in the game; the game's ``phase`` (an enum
member shared with renderers) selects the step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from .errors import IllegalMove
from .protocol import (
    SYSTEM,
    Choice,
    Deadline,
    GameState,
    Move,
    MoveTemplate,
    Seat,
    group_choices,
)
from .text import Msg

G = TypeVar("G", bound="StepGame[Any]")
V = TypeVar("V")


class Step(Generic[G]):
    """One phase of a game's turn structure. Subclasses override what their phase needs.

    ``moves`` lists the move classes the step handles; any other move is refused with a
    sentence naming the phase. ``actors``, ``candidates``, ``refusal`` and ``apply`` are
    required; the rest have defaults.
    """

    moves: ClassVar[tuple[type[Move], ...]] = ()
    title: ClassVar[str] = ""
    title_key: ClassVar[str] = ""
    """The catalogue key of ``title`` (``moc.term.phase.rent``): ``name`` then returns a
    ``Msg`` a catalogue translates. Empty: the English title as it is."""

    def enter(self, game: G) -> list[str]:
        """Automatic work when the phase begins (deal, roll, pay income); returns events."""
        return []

    def actors(self, game: G) -> frozenset[Seat]:
        """Seats that may move now."""
        raise NotImplementedError

    def candidates(self, game: G, seat: Seat) -> Iterable[Move]:
        """Moves to offer ``seat``: every legal move must be among them (extra ones are
        filtered out by ``refusal``)."""
        raise NotImplementedError

    def refusal(self, game: G, seat: Seat, move: Move) -> str | None:
        """Why ``move`` is not legal for ``seat`` now (a sentence), or ``None`` if it is."""
        raise NotImplementedError

    def apply(self, game: G, seat: Seat, move: Move) -> list[str]:
        """Change the game for a move the step accepted (``seat`` may be ``SYSTEM`` for the
        deadline's move); returns event sentences."""
        raise NotImplementedError

    def is_done(self, game: G) -> bool:
        """Whether the phase is over. Default: nobody is left to act."""
        return not self.actors(game)

    def next_phase(self, game: G) -> Enum | None:
        """The phase after this one, or ``None`` when the game ends here."""
        raise NotImplementedError

    def deadline(self, game: G) -> Deadline | None:
        """The phase's time limit, if it ends by time."""
        return None

    def waiting(self, game: G) -> frozenset[Seat]:
        """The actors the phase is really waiting on (default: all ``actors``); a phase
        where a seat may declare itself done yet still act leaves those seats out."""
        return self.actors(game)

    def templates(self, game: G, seat: Seat) -> Sequence[MoveTemplate]:
        """Moves with a free number parameter (offers, bids)."""
        return ()

    def default_move(self, game: G, seat: Seat) -> Move | None:
        """What a time-out plays for ``seat`` (``None``: the core's safe default)."""
        return None

    def choices(self, game: G, seat: Seat, prefix: str) -> list[Choice]:
        """Word-by-word browsing; override for phases with very many moves."""
        return group_choices((m.notation for m in game.legal_moves(seat)), prefix)

    def name(self, game: G) -> str:
        """Human label of the phase (``title``, else the phase value title-cased); a keyed
        ``Msg`` when the step has a ``title_key``."""
        title = (
            self.title or str(getattr(game.phase, "value", game.phase)).replace("_", " ").title()
        )
        return Msg(self.title_key, title) if self.title_key else title


class StepGame(GameState[V]):
    """A ``GameState`` whose protocol comes from its current ``Step``.

    Subclasses set ``steps`` (phase -> step object), hold ``phase``, implement ``view``,
    ``outcome`` and ``end_game``, and start play with ``begin(first_phase)``.
    """

    steps: ClassVar[Mapping[Any, Step[Any]]]
    phase: Enum

    @property
    def step(self) -> Step[Any]:
        return self.steps[self.phase]

    def begin(self, phase: Enum) -> list[str]:
        """Enter ``phase`` (running its ``enter``) and advance past finished phases."""
        self.phase = phase
        return self.step.enter(self) + self.advance()

    def advance(self) -> list[str]:
        """Move on while the current phase is done; returns the events of what ran."""
        events: list[str] = []
        for _ in range(10_000):
            if self.is_over() or not self.step.is_done(self):
                return events
            nxt = self.step.next_phase(self)
            if nxt is None:
                events += self.end_game()
                return events
            self.phase = nxt
            events += self.step.enter(self)
        raise RuntimeError(f"phases loop without anyone acting (at {self.phase})")

    def end_game(self) -> list[str]:
        """Score the game and set the outcome (called when the last phase is done)."""
        raise NotImplementedError

    # -- protocol, from the step ----------------------------------------------------------

    def to_act(self) -> frozenset[Seat]:
        if self.is_over():
            return frozenset()
        return self.step.actors(self)

    def legal_moves(self, seat: Seat) -> Sequence[Move]:
        if self.is_over() or seat not in self.to_act():
            return []
        step = self.step
        return [m for m in step.candidates(self, seat) if step.refusal(self, seat, m) is None]

    def waiting_for(self) -> frozenset[Seat]:
        if self.is_over():
            return frozenset()
        return self.step.waiting(self) & self.to_act()

    def refused_moves(self, seat: Seat) -> list[tuple[Move, str]]:
        if self.is_over() or seat not in self.to_act():
            return []
        step = self.step
        out: list[tuple[Move, str]] = []
        for m in step.candidates(self, seat):
            reason = step.refusal(self, seat, m)
            if reason is not None:
                out.append((m, reason))
        return out

    def validate(self, seat: Seat, move: Move) -> None:
        step = self.step
        if not isinstance(move, step.moves):
            raise IllegalMove(
                Msg(
                    "wrong_phase",
                    "`{move}` cannot be played now: it is the {phase} phase.",
                    move=move.notation.split(" ")[0],
                    phase=step.name(self),
                )
            )
        reason = step.refusal(self, seat, move)
        if reason is not None:
            raise IllegalMove(reason)

    def _apply(self, seat: Seat, move: Move) -> list[str]:
        events = list(self.step.apply(self, seat, move))
        return events + self.advance()

    def deadline(self) -> Deadline | None:
        return None if self.is_over() else self.step.deadline(self)

    def move_templates(self, seat: Seat) -> Sequence[MoveTemplate]:
        if self.is_over() or seat not in self.to_act():
            return ()
        return self.step.templates(self, seat)

    def default_move(self, seat: Seat) -> Move:
        if seat != SYSTEM and seat in self.to_act():
            move = self.step.default_move(self, seat)
            if move is not None:
                return move
        return super().default_move(seat)

    def choices(self, seat: Seat, prefix: str = "") -> list[Choice]:
        if self.is_over() or seat not in self.to_act():
            return []
        return self.step.choices(self, seat, prefix)

    def phase_name(self) -> str:
        return "Game over" if self.is_over() else self.step.name(self)
