"""Philadelphia moves in words, for panel buttons, menus and autocomplete: the effect and the
price now (``"Post Printer (B) · 2 money"``, ``"Acquire 2 cards · 2 money"``), never the
raw notation. Cards, jobs and items are named as the data names them (``data/philadelphia``);
seats stay ``p2`` tokens, which the bot replaces by players' names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move

from .moves import (
    Acquire,
    Buy,
    DefaultAd,
    Discard,
    Done,
    Explore,
    FixDie,
    Give,
    Keep,
    Nurse,
    Pass,
    Post,
    Reroll,
    ReturnAd,
    Skip,
    Submit,
    Take,
    Unmark,
)

if TYPE_CHECKING:
    from .state import PhilaState

HANDS = {"pair": "a pair", "three": "three of a kind", "four": "four of a kind"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def card_name(state: PhilaState, card_id: str) -> str:
    """``"Printer (B)"``: a card by its job's name and copy letter."""
    try:
        card = state.card(card_id)
    except KeyError:
        return card_id.replace("-", " ").replace("_", " ")
    return f"{card.job.name} ({card.letter.upper()})"


def _owner(state: PhilaState, ad: str) -> int | None:
    for seat, player in enumerate(state.players):
        if any(a.card == ad for a in player.ads):
            return seat
    return None


def _job_names(state: PhilaState, jobs: str) -> str:
    names = []
    for job_id in jobs.split("+"):
        job = state.data.job_index.get(job_id)
        names.append(job.name if job is not None else job_id.replace("_", " "))
    return ", ".join(names)


def describe(state: PhilaState, seat: int, move: Move) -> str:
    """``move`` of ``seat`` as a short sentence (at most 80 characters)."""
    rules = state.rules
    if isinstance(move, Explore):
        return f"Explore: see the top {rules.explore_reveal} ads, keep one"
    if isinstance(move, Acquire):
        price = move.count * rules.acquire_price
        return f"Acquire {_plural(move.count, 'card')} · {price} money"
    if isinstance(move, Post):
        cost = state.posting_cost(seat, move.card)
        return f"Post {card_name(state, move.card)} · {cost} money"[:80]
    if isinstance(move, Buy):
        item = state.data.item_index.get(move.item)
        if item is None:
            return f"Buy the {move.item.replace('-', ' ')} card"
        return f"Buy {item.name} · {item.price} money"
    if isinstance(move, Submit):
        kind = HANDS.get(move.hand, f"a {move.hand}")
        key = f"flush{len(move.jobs.split('+'))}" if move.hand == "flush" else move.hand
        score = rules.hand_scores.get(key)
        text = f"Submit {kind}: {_job_names(state, move.jobs)}"
        if score is not None and len(text) <= 70:
            text += f" · {score} VP"
        return text[:80]
    if isinstance(move, Nurse):
        return "Nurse: pay for one more action"
    if isinstance(move, Pass):
        return f"Pass: show your hand, take {rules.pass_money} money"
    if isinstance(move, Keep):
        return f"Keep {card_name(state, move.card)}"
    if isinstance(move, Discard):
        return f"Discard {card_name(state, move.card)}"
    if isinstance(move, Give):
        to = f" to p{move.to + 1}" if move.to is not None else ""
        return f"Give {card_name(state, move.card)}{to}"
    if isinstance(move, DefaultAd):
        return f"Let {card_name(state, move.ad)} default"
    if isinstance(move, Take):
        owner = _owner(state, move.ad)
        whose = f"p{owner + 1}'s " if owner is not None else ""
        return f"Take {whose}{card_name(state, move.ad)} into your hand"
    if isinstance(move, ReturnAd):
        return f"Return {card_name(state, move.ad)} to your hand"
    if isinstance(move, Unmark):
        return f"Take a month marker off {card_name(state, move.ad)}"
    if isinstance(move, FixDie):
        return f"Set the recruitment die to {move.number}"
    if isinstance(move, Reroll):
        return "Reroll the recruitment die"
    if isinstance(move, Skip):
        return "Skip this effect"
    if isinstance(move, Done):
        return "That's all: stop choosing"
    return move.label.replace("_", " ")
