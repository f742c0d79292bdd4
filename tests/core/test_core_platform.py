"""The engine platform in games/core: notation codec, steps, system actor, undo barrier."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from games.core import (
    SYSTEM,
    Deadline,
    IllegalMove,
    InvalidMove,
    Move,
    Msg,
    Notation,
    NotYourTurn,
    Outcome,
    Rng,
    Step,
    StepGame,
    group_choices,
)
from games.core.errors import GameError


@dataclass(frozen=True)
class Offer(Move):
    syntax: ClassVar[str] = "offer {deed} [{closed:flag}] {amount:int} [note {note:text}]"
    deed: str
    amount: int
    closed: bool = False
    note: str = ""


@dataclass(frozen=True)
class Lien(Move):
    syntax: ClassVar[str] = "lien {deed:word?} [{merchant:seat}]"
    deed: str | None
    merchant: int | None = None
    income: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Rest(Move):
    syntax: ClassVar[str] = "rest [drop {drop}]"
    drop: str | None = None


CODEC = Notation([Offer, Lien, Rest], game="Test")


@pytest.mark.parametrize(
    "move, text",
    [
        (Offer("r3", 25000), "offer r3 25000"),
        (Offer("r3", 25000, closed=True), "offer r3 closed 25000"),
        (Offer("r3", 5, note="Deal For Two"), "offer r3 5 note Deal For Two"),
        (Lien(None), "lien none"),
        (Lien(None, 1), "lien none p2"),
        (Lien("g1"), "lien g1"),
        (Rest(), "rest"),
        (Rest("design"), "rest drop design"),
    ],
)
def test_notation_round_trips(move: Move, text: str) -> None:
    assert move.notation == text
    assert CODEC.parse(text) == move
    assert CODEC.parse(text.upper() if "note" not in text else text) == move


@pytest.mark.parametrize("text", ["offer r3 ²", "offer r3 -", "offer r3 12 13", "lien g1 x9"])
def test_malformed_notation_names_the_forms(text: str) -> None:
    with pytest.raises(InvalidMove, match="write `") as err:
        CODEC.parse(text)
    assert err.value.key == "notation.bad_form"


def test_unknown_verb_lists_the_verbs() -> None:
    with pytest.raises(InvalidMove, match="`lien`, `offer`, `rest`"):
        CODEC.parse("build c4")


def test_group_choices_keeps_every_verb_visible() -> None:
    notations = [f"build {c}{r} money" for c in "abcde" for r in "12345"] + ["buy design"]
    got = {c.notation: c.count for c in group_choices(notations, "bu")}
    assert got == {"build": 25, "buy": 1}
    deeper = group_choices(notations, "build a")
    assert [c.notation for c in deeper] == [
        "build a1",
        "build a2",
        "build a3",
        "build a4",
        "build a5",
    ]
    assert not any(c.complete for c in deeper)
    assert group_choices(["buy design"], "buy ")[0].complete


def test_msg_keeps_key_and_params() -> None:
    m = Msg("t.value", "Land value at {coord} is {value}.", coord="e2", value=3)
    assert m == "Land value at e2 is 3." and m.key == "t.value" and m.params["value"] == 3
    err = IllegalMove(m)
    assert err.key == "t.value" and err.message == m


# -- a two-phase toy on the step model ---------------------------------------------------


class Phase(enum.Enum):
    BID = "bid"
    SCORE = "score"


@dataclass(frozen=True)
class Bid(Move):
    syntax: ClassVar[str] = "bid {amount:int}"
    amount: int


@dataclass(frozen=True)
class Close(Move):
    syntax: ClassVar[str] = "close"
    system_only: ClassVar[bool] = True


class BidStep(Step["Toy"]):
    moves = (Bid, Close)

    def actors(self, game: Toy) -> frozenset[int]:
        return frozenset(s for s in range(game.n_seats) if s not in game.bids)

    def candidates(self, game: Toy, seat: int) -> Iterable[Move]:
        return [Bid(a) for a in (1, 2, 3, 9)]

    def refusal(self, game: Toy, seat: int, move: Move) -> str | None:
        if isinstance(move, Bid) and move.amount > game.money[seat]:
            return Msg("toy.poor", "You have only {money}.", money=game.money[seat])
        return None

    def apply(self, game: Toy, seat: int, move: Move) -> list[str]:
        if isinstance(move, Close):
            game.bids.update({s: 0 for s in range(game.n_seats)})
            return ["closed by time"]
        assert isinstance(move, Bid)
        game.bids[seat] = move.amount
        game.rng.next_u64()
        return [f"bid {move.amount}"]

    def deadline(self, game: Toy) -> Deadline | None:
        return Deadline("bid", 60, Close())

    def next_phase(self, game: Toy) -> Phase | None:
        return None


class Toy(StepGame[dict[str, Any]]):
    steps: ClassVar = {Phase.BID: BidStep()}
    codec = Notation([Bid, Close])

    def __init__(self) -> None:
        self.n_seats = 2
        self.money = [2, 5]
        self.bids: dict[int, int] = {}
        self.rng = Rng(1)
        self.result: Outcome | None = None
        self.begin(Phase.BID)

    def end_game(self) -> list[str]:
        self.result = Outcome({0: 0, 1: 0}, {0: 1, 1: 1}, frozenset({0, 1}), "done")
        return ["over"]

    def outcome(self) -> Outcome | None:
        return self.result

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"bids": dict(self.bids)}


def test_legal_moves_and_refusal_have_one_source() -> None:
    g = Toy()
    assert [m.notation for m in g.legal_moves(0)] == ["bid 1", "bid 2"]
    assert g.refusal(0, Bid(3)) == "You have only 2."
    with pytest.raises(IllegalMove, match="only 2") as err:
        g.apply(0, g.parse_move(0, "bid 3"))
    assert err.value.key == "toy.poor"
    assert g.bids == {}  # refused: nothing changed
    with pytest.raises(IllegalMove, match="timer"):
        g.apply(0, Close())  # a player cannot play the timer's move


def test_system_actor_applies_only_the_running_deadline() -> None:
    g = Toy()
    assert g.parse_move(SYSTEM, "close") == Close()
    g.apply(SYSTEM, Close())
    assert g.is_over() and g.to_act() == frozenset()
    with pytest.raises(GameError):
        g.apply(SYSTEM, Close())


def test_not_your_turn_names_who_acts() -> None:
    g = Toy()
    g.apply(1, Bid(4))
    with pytest.raises(NotYourTurn) as err:
        g.parse_move(1, "bid 1")
    assert err.value.params["to_act"] == [0]


def test_undo_barrier_follows_random_draws() -> None:
    g = Toy()
    assert g.undo_barrier() == 0
    g.apply(0, Bid(1))  # draws from the rng
    assert g.moves_applied == 1 and g.undo_barrier() == 1


def test_default_move_and_choices_come_from_the_step() -> None:
    g = Toy()
    assert g.default_move(0) == Bid(1)
    assert [c.notation for c in g.choices(1, "bid ")] == ["bid 1", "bid 2", "bid 3"]
