"""Working 9–5 step 2, training (seed phase 3 "2.トレイン").

* Each training action moves one card **on the beach** one step along its career (the old card
  goes back to the supply, the new one comes from it). Cards at work and busy marketeers cannot
  be trained; neither can anything when the beach is empty.
* Trainer 1 action, coach 2, guru 3; a coach or guru may put several steps on one card (the
  cards passed on the way need not be in the supply) or split them over several cards.
* A card is trained only once a turn (one move, one or more steps from one trainer) unless the
  "first to pay $20 or more in salaries" milestone lets several trainers stack on it.
* The target card must be in the supply. Milestone "first to train someone": −$15 salary.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from games.core import Move, Msg

from .data import components
from .model import TRAIN
from .moves import Train
from .rules import (
    career_path,
    career_refusal,
    claim,
    may_own,
    pretty,
    tag,
    targets_from,
    training_capacity,
    use_training,
)

if TYPE_CHECKING:
    from .game import FcmState
    from .model import Card, Player

SUB = TRAIN
MOVES = (Train,)


def trainable(p: Player) -> list[Card]:
    stack = p.has("first_pay_20")
    return [c for c in p.beach_cards() if stack or c.uid not in p.turn.trained]


def candidates(game: FcmState, seat: int) -> Iterator[Move]:
    p = game.players[seat]
    cap = training_capacity(p)
    if not cap:
        return
    for kind in sorted({c.kind for c in trainable(p)}):
        for target, _ in targets_from(kind, cap):
            if game.supply[target] > 0 and may_own(game, seat, target) is None:
                yield Train(kind, target)


def refusal(game: FcmState, seat: int, move: Move) -> str | None:
    assert isinstance(move, Train)
    p = game.players[seat]
    kinds = components().employees
    for k in (move.card, move.target):
        if k not in kinds or k == "ceo":
            return Msg(
                "food_chain_magnate.unknown_card", "`{card}` is not an employee card.", card=k
            )
    cap = training_capacity(p)
    if not cap:
        return Msg(
            "food_chain_magnate.no_trainer",
            "You have no trainer, coach or guru at work with a training action left.",
        )
    mine = [c for c in p.beach_cards() if c.kind == move.card]
    if not mine:
        if any(c.kind == move.card for c in p.cards) or any(
            c.kind == move.card for c in p.busy.values()
        ):
            return Msg(
                "food_chain_magnate.train_at_work",
                "Your {kind} cards are at work or busy; only cards on the beach can be trained.",
                kind=pretty(move.card),
            )
        return Msg(
            "food_chain_magnate.no_card", "You have no {kind} on the beach.", kind=pretty(move.card)
        )
    if not any(c in trainable(p) for c in mine):
        return Msg(
            "food_chain_magnate.trained_once",
            "Every {kind} on the beach was trained this turn already; a card is trained once a "
            "turn (a coach or guru gives its steps in one go) unless you hold the “first to pay "
            "$20 or more in salaries” milestone.",
            kind=pretty(move.card),
        )
    return career_refusal(game, seat, move.card, move.target, cap)


def apply(game: FcmState, seat: int, move: Move) -> list[str]:
    assert isinstance(move, Train)
    p = game.players[seat]
    choices = [c for c in trainable(p) if c.kind == move.card]
    card = min(choices, key=lambda c: (c.uid in p.turn.trained, c.uid))
    path = career_path(move.card, move.target)
    assert path is not None
    use_training(p, len(path))
    game.supply[card.kind] += 1
    game.supply[move.target] -= 1
    card.kind = move.target
    p.turn.trained.add(card.uid)
    events: list[str] = [
        Msg(
            "food_chain_magnate.trained",
            "{who} trains a {kind} into a {target}.",
            who=tag(seat),
            kind=pretty(move.card),
            target=pretty(move.target),
        )
    ]
    claim(game, seat, "first_train", events)
    return events
