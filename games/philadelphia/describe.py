"""Philadelphia moves in words, for panel buttons, menus and autocomplete: the effect and the
price now (``"Post Printer (B) · 2 money"``, ``"Acquire 2 cards · 2 money"``), never the
raw notation. Cards, jobs and items are named as the data names them (``data/philadelphia``);
seats stay ``p2`` tokens, which the bot replaces by players' names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move
from games.core.text import Msg, joined

from .cards import term
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


def card_name(state: PhilaState, card_id: str) -> str:
    """``"Printer (B)"``: a card by its job's keyed name and copy letter."""
    try:
        card = state.card(card_id)
    except KeyError:
        return card_id.replace("-", " ").replace("_", " ")
    name = term("job", card.job.id, card.job.name)
    return Msg(
        "philadelphia.card_short", "{name} ({letter})", name=name, letter=card.letter.upper()
    )


def _owner(state: PhilaState, ad: str) -> int | None:
    for seat, player in enumerate(state.players):
        if any(a.card == ad for a in player.ads):
            return seat
    return None


def _job_names(state: PhilaState, jobs: str) -> str:
    names = []
    for job_id in jobs.split("+"):
        job = state.data.job_index.get(job_id)
        names.append(term("job", job.id, job.name) if job is not None else job_id.replace("_", " "))
    return joined(names)


def _short(text: str) -> str:
    """``text`` as it is when it fits a button (80 characters), else cut (and no longer
    keyed: a cut sentence has no template)."""
    return text if len(text) <= 80 else str(text)[:80]


def _say(key: str, template: str, **params: object) -> str:
    """A panel label (``philadelphia.describe.<key>``)."""
    full_key = "philadelphia.describe." + key
    return Msg(full_key, template, **params)


def describe(state: PhilaState, seat: int, move: Move) -> str:
    """``move`` of ``seat`` as a short sentence (at most 80 characters in English), keyed
    (``philadelphia.describe.*``) so a catalogue translates it."""
    rules = state.rules
    if isinstance(move, Explore):
        return _say("explore", "Explore: see the top {n} ads, keep one", n=rules.explore_reveal)
    if isinstance(move, Acquire):
        price = move.count * rules.acquire_price
        if move.count == 1:
            return _say("acquire_one", "Acquire {n} card · {price} money", n=1, price=price)
        return _say("acquire", "Acquire {n} cards · {price} money", n=move.count, price=price)
    if isinstance(move, Post):
        cost = state.posting_cost(seat, move.card)
        return _short(
            _say("post", "Post {card} · {cost} money", card=card_name(state, move.card), cost=cost)
        )
    if isinstance(move, Buy):
        item = state.data.item_index.get(move.item)
        if item is None:
            return _say("buy_unknown", "Buy the {item} card", item=move.item.replace("-", " "))
        name = term("item", item.id, item.name)
        return _say("buy", "Buy {item} · {price} money", item=name, price=item.price)
    if isinstance(move, Submit):
        key = f"flush{len(move.jobs.split('+'))}" if move.hand == "flush" else move.hand
        kind = (
            Msg("philadelphia.hand_label." + move.hand, HANDS[move.hand])
            if move.hand in HANDS
            else Msg("philadelphia.hand_label.a_flush", "a flush")
            if move.hand == "flush"
            else f"a {move.hand}"
        )
        score = rules.hand_scores.get(key)
        names = _job_names(state, move.jobs)
        if score is not None and len(f"Submit {kind}: {names}") <= 70:
            return _say(
                "submit_vp", "Submit {kind}: {jobs} · {vp} VP", kind=kind, jobs=names, vp=score
            )
        return _short(_say("submit", "Submit {kind}: {jobs}", kind=kind, jobs=names))
    if isinstance(move, Nurse):
        return _say("nurse", "Nurse: pay for one more action")
    if isinstance(move, Pass):
        return _say("pass", "Pass: show your hand, take {m} money", m=rules.pass_money)
    if isinstance(move, Keep):
        return _say("keep", "Keep {card}", card=card_name(state, move.card))
    if isinstance(move, Discard):
        return _say("discard", "Discard {card}", card=card_name(state, move.card))
    if isinstance(move, Give):
        if move.to is not None:
            return _say(
                "give_to",
                "Give {card} to {p}",
                card=card_name(state, move.card),
                p=f"p{move.to + 1}",
            )
        return _say("give", "Give {card}", card=card_name(state, move.card))
    if isinstance(move, DefaultAd):
        return _say("default", "Let {card} default", card=card_name(state, move.ad))
    if isinstance(move, Take):
        owner = _owner(state, move.ad)
        if owner is not None:
            return _say(
                "take_from",
                "Take {p}'s {card} into your hand",
                p=f"p{owner + 1}",
                card=card_name(state, move.ad),
            )
        return _say("take", "Take {card} into your hand", card=card_name(state, move.ad))
    if isinstance(move, ReturnAd):
        return _say("return", "Return {card} to your hand", card=card_name(state, move.ad))
    if isinstance(move, Unmark):
        return _say("unmark", "Take a month marker off {card}", card=card_name(state, move.ad))
    if isinstance(move, FixDie):
        return _say("fix_die", "Set the recruitment die to {n}", n=move.number)
    if isinstance(move, Reroll):
        return _say("reroll", "Reroll the recruitment die")
    if isinstance(move, Skip):
        return _say("skip", "Skip this effect")
    if isinstance(move, Done):
        return _say("done", "That's all: stop choosing")
    return move.label.replace("_", " ")
