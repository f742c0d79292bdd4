"""What a seat (or the public) may see of a Philadelphia game (seed 003).

Hands are secret: ``PlayerView.hand`` (and ``chosen``, a card picked for a simultaneous give
not yet carried out) is ``None`` except in the owner's view. Everything else is public:
money, VP, hand sizes, posted ads with their month markers, the item row, the field card,
deck and discard sizes, the discard pile, the die, cards revealed by explore or by a pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class Phase(Enum):
    """The three phases of a round (seed ゲームの進行)."""

    ACTION = "action"
    RECRUITMENT = "recruitment"
    UPDATE = "update"


@dataclass(frozen=True)
class CardView:
    """One ad card with everything printed on it."""

    id: str  # "cafe-a"
    job: str  # "cafe"
    name: str
    name_ja: str
    industry: str
    cost: int
    reward: int  # money on success
    vp: int  # VP on success
    duration: int
    numbers: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class AdView:
    """A posted ad: the card and its month markers (月マーカー)."""

    card: CardView
    months: int
    succeeded: bool  # succeeded this recruitment, waiting for its effect / the discard


@dataclass(frozen=True)
class PlayerView:
    seat: int
    vp: int
    money: int
    hand_size: int
    hand: tuple[CardView, ...] | None  # only in the owner's own view
    ads: tuple[AdView, ...]  # in posting order
    chosen: str | None  # own pending secret choice (a card to give), else None


@dataclass(frozen=True)
class ItemView:
    id: str
    name: str
    name_ja: str
    price: int
    text: str


@dataclass(frozen=True)
class PendingView:
    """An effect waiting for choices: who must choose and what it is about."""

    kind: str  # "keep", "submit", "discard", "give", "default", "take", "return", ...
    owner: int  # whose effect it is
    choosers: tuple[int, ...]
    prompt: str
    cards: tuple[CardView, ...]  # publicly revealed cards to choose from (explore)


@dataclass(frozen=True)
class RevealView:
    """Cards shown to everybody by the latest explore or pass."""

    seat: int
    reason: str  # "explore", "pass", "salon"
    cards: tuple[CardView, ...]


@dataclass(frozen=True)
class PhilaView:
    viewer: int | None
    n_seats: int
    round: int  # 1-based, extra rounds included
    extra_round_of: int | None  # the astronaut's owner during an extra round
    phase: Phase
    start_player: int
    current: int | None  # whose turn it is in the action phase
    actions_left: int
    bought_this_turn: bool
    players: tuple[PlayerView, ...]
    item_row: tuple[ItemView, ...]
    field: ItemView | None  # the field card, while it is face up
    deck_size: int
    discard: tuple[str, ...]  # ad discard pile, bottom to top (card ids)
    item_deck_size: int
    item_discard_size: int
    die: int | None  # the latest recruitment roll
    die_fixed: int | None  # this round's number chosen with a recruitment chance
    successes: tuple[str, ...]  # ads that succeeded in the latest recruitment
    defaults: tuple[str, ...]  # ads that defaulted in the latest update
    pending: PendingView | None
    revealed: RevealView | None
    to_act: tuple[int, ...]
    vp_goal: int
    last_events: tuple[str, ...]
    outcome: dict[str, Any] | None
