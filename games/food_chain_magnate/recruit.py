"""Working 9–5 step 1, recruiting (seed phase 3 "1.リクルート").

* Each recruit action hires one entry-level card (arrow icon) from the supply to the beach:
  CEO 1, recruiting girl 1, recruiting manager 2, HR director 4.
* A card whose pile is empty may be hired if it is trained at once (using this turn's training
  actions) into a card the supply still has: ``recruit kitchen_trainee as burger_cook``.
* Unused actions of multi-recruit cards become $5 salary cuts each at Payday (hires use the
  CEO's and recruiting girls' actions first).
* Milestone "first to hire 3 people in 1 turn": 2 management trainees at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from games.core import Move, Msg

from .data import components
from .model import RECRUIT
from .moves import Recruit
from .rules import (
    R,
    career_path,
    career_refusal,
    claim,
    emp,
    may_own,
    pretty,
    tag,
    take_card,
    targets_from,
    training_capacity,
    use_training,
)

if TYPE_CHECKING:
    from .game import FcmState

SUB = RECRUIT
MOVES = (Recruit,)
ENTRY = tuple(k for k, e in components().employees.items() if e.entry)


def candidates(game: FcmState, seat: int) -> Iterator[Move]:
    p = game.players[seat]
    if p.turn.recruits_left <= 0:
        return
    cap = training_capacity(p)
    for kind in ENTRY:
        if game.supply[kind] > 0:
            yield Recruit(kind)
        elif cap:
            for target, _ in targets_from(kind, cap):
                if game.supply[target] > 0 and may_own(game, seat, target) is None:
                    yield Recruit(kind, target)


def refusal(game: FcmState, seat: int, move: Move) -> str | None:
    assert isinstance(move, Recruit)
    p = game.players[seat]
    kinds = components().employees
    if move.card not in kinds or move.card == "ceo":
        return Msg(
            "food_chain_magnate.unknown_card", "`{card}` is not an employee card.", card=move.card
        )
    e = emp(move.card)
    if not e.entry:
        return Msg(
            "food_chain_magnate.not_entry",
            "Only entry-level cards can be recruited; a {kind} is trained from a {parent}.",
            kind=pretty(move.card),
            parent=pretty(e.trained_from or "?"),
        )
    if p.turn.recruits_left <= 0:
        return Msg(
            "food_chain_magnate.no_recruits",
            "You have no recruiting actions left this turn (the CEO hires 1, a recruiting "
            "girl 1, a recruiting manager 2, an HR director 4).",
        )
    if move.train_to is None:
        if game.supply[move.card] <= 0:
            return Msg(
                "food_chain_magnate.pile_empty",
                "No {kind} is left in the supply; with a trainer at work you may hire one and "
                "train it at once (`recruit {card} as <card>`).",
                kind=pretty(move.card),
                card=move.card,
            )
        return None
    if game.supply[move.card] > 0:
        return Msg(
            "food_chain_magnate.pile_not_empty",
            "The supply still has a {kind}: hire it now and train it in the training step. "
            "Hiring and training at once is only for an empty pile.",
            kind=pretty(move.card),
        )
    if move.train_to not in kinds:
        return Msg(
            "food_chain_magnate.unknown_card",
            "`{card}` is not an employee card.",
            card=move.train_to,
        )
    cap = training_capacity(p)
    return career_refusal(game, seat, move.card, move.train_to, cap)


def apply(game: FcmState, seat: int, move: Move) -> list[str]:
    assert isinstance(move, Recruit)
    p = game.players[seat]
    p.turn.recruits_left -= 1
    p.turn.hires += 1
    events: list[str] = []
    if move.train_to is None:
        take_card(game, seat, move.card)
        events.append(
            Msg(
                "food_chain_magnate.recruited",
                "{who} recruits a {kind}.",
                who=tag(seat),
                kind=pretty(move.card),
            )
        )
    else:
        path = career_path(move.card, move.train_to)
        assert path is not None
        use_training(p, len(path))
        card = take_card(game, seat, move.train_to)
        p.turn.trained.add(card.uid)
        events.append(
            Msg(
                "food_chain_magnate.recruited_trained",
                "{who} recruits a {kind} and trains it at once into a {target}.",
                who=tag(seat),
                kind=pretty(move.card),
                target=pretty(move.train_to),
            )
        )
        claim(game, seat, "first_train", events)
    if p.turn.hires >= R.hire_milestone_count:
        claim(game, seat, "first_hire_3", events)
    return events
