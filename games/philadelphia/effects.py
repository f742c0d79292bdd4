"""Card and item effects: one small function per effect id of ``cards.EFFECTS``.

Each takes the game, the seat whose effect it is and the card (or item); it changes the
state directly when no choice is needed, or queues frames (``pending``) that wait for one.
While-posted effects are not here: they are checked where they apply (painter and guard in
``state``, hotel in ``state.post_cards``, railway in ``state.default_ads``, nurse in the
action step, detective in ``pending.SubmitFrame``, translator in the recruitment step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.core.text import Msg, joined

from . import pending
from .cards import Effect, term

if TYPE_CHECKING:
    from .state import PhilaState

Handler = Callable[["PhilaState", int, str, Effect], list[str]]


# -- on posting (掲載時) ----------------------------------------------------------------------


def _post_draw(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    return g.draw(seat, e.cards, g.job_name(card))


def _post_give_then_discard(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    # The give was part of the posting event (state.post_cards); the discard comes after.
    g.push(pending.DiscardFrame(seat, 1, 1, False, g.job_name(card)))
    return []


def _default_ad(g: PhilaState, seat: int, card: str, e: Effect, before: int | None) -> list[str]:
    g.push(pending.TargetFrame(seat, "default", e.whose, e.optional, card, before))
    return []


ON_POST: dict[str, Callable[..., list[str]]] = {
    "draw": _post_draw,
    "gain": lambda g, seat, card, e: _gain(g, seat, card, e, "posted"),
    "give_then_discard": _post_give_then_discard,
}


def on_post(g: PhilaState, seat: int, card: str, event: int) -> list[str]:
    """Run ``card``'s on-post effect; ``event`` is its posting event (ads posted in it or
    later cannot be its targets: Q3)."""
    e = g.job(card).on_post
    if e is None:
        return []
    if e.kind == "default_ad":
        return _default_ad(g, seat, card, e, event)
    return ON_POST[e.kind](g, seat, card, e)


# -- on success (成立時) ----------------------------------------------------------------------


def _draw(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    return g.draw(seat, e.cards, g.job_name(card))


def _explore(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    return reveal_and_keep(g, seat, e.reveal, g.job_name(card))


def _post_from_hand(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    g.push(pending.PostFrame(seat, e.cards, g.job_name(card)))
    return []


def _return_ad(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    g.push(pending.TargetFrame(seat, "return", "own", True, card))
    return []


def _take_ad(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    g.push(pending.TargetFrame(seat, "take", "others", False, card))
    return []


def _others_lose(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    out: list[str] = []
    for other in g.seats_from(seat)[1:]:
        out += g.lose(other, e.money, g.job_name(card))
    return out


def _pass_left(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    everyone = [s for s in g.seats_from(seat) if g.players[s].hand]
    g.push(pending.GatherFrame(seat, "pass_left", everyone))
    return []


def _others_give(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    others = [s for s in g.seats_from(seat)[1:] if g.players[s].hand]
    g.push(pending.GatherFrame(seat, "to_owner", others))
    return []


def _discard_draw(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    g.push(pending.DiscardFrame(seat, 0, e.cards, True, g.job_name(card)))
    return []


def _extra_round(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    g.extra_rounds.append(seat)
    return [g.say("extra_round", "{p} will play an extra round after this one.", p=g.p(seat))]


def _unmark_own(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    touched = 0
    for ad in g.players[seat].ads:
        if ad.card != card and ad.months > 0:
            ad.months = max(0, ad.months - e.markers)
            touched += 1
    return [
        g.say(
            "unmark_own",
            "{p}'s {job}: {n} ad(s) lose {m} month marker(s).",
            p=g.p(seat),
            job=g.job_name(card),
            n=touched,
            m=e.markers,
        )
    ]


ON_SUCCESS: dict[str, Handler] = {
    "draw": _draw,
    "explore": _explore,
    "post_from_hand": _post_from_hand,
    "return_ad": _return_ad,
    "others_lose": _others_lose,
    "pass_left": _pass_left,
    "discard_draw": _discard_draw,
    "take_ad": _take_ad,
    "extra_round": _extra_round,
    "unmark_own": _unmark_own,
    "others_give": _others_give,
}


def on_success(g: PhilaState, seat: int, card: str) -> list[str]:
    """Run the success effect reserved for ``seat`` when ``card`` paid its reward (Q4)."""
    e = g.job(card).on_success
    if e is None:
        return []
    if e.kind == "default_ad":
        return _default_ad(g, seat, card, e, None)
    return ON_SUCCESS[e.kind](g, seat, card, e)


# -- on default (違約時) ----------------------------------------------------------------------


def _lose(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    return g.lose(
        seat,
        e.money,
        Msg("philadelphia.reason.defaulted", "{job} defaulted", job=g.job_name(card)),
    )


def _gain(g: PhilaState, seat: int, card: str, e: Effect, when: str = "defaulted") -> list[str]:
    """Gain money when the card is posted (the pharmacist) or defaults (the plumber)."""
    g.players[seat].money += e.money
    key, template = GAIN_SENTENCES[when]
    return [g.say(key, template, p=g.p(seat), m=e.money, job=g.job_name(card))]


GAIN_SENTENCES = {
    "posted": ("gain_posted", "{p} gains {m} money ({job} posted)."),
    "defaulted": ("gain", "{p} gains {m} money ({job} defaulted)."),
}


def _clear_markers(g: PhilaState, seat: int, card: str, e: Effect) -> list[str]:
    for p in g.players:
        for ad in p.ads:
            ad.months = 0
    return [g.say("clear_markers", "The doctor defaults: every posted ad loses its month markers.")]


ON_DEFAULT: dict[str, Handler] = {"lose": _lose, "gain": _gain, "clear_markers": _clear_markers}


def on_default(g: PhilaState, seat: int, card: str) -> list[str]:
    e = g.job(card).on_default
    if e is None:
        return []
    return ON_DEFAULT[e.kind](g, seat, card, e)


# -- items (購入: used at once) ----------------------------------------------------------------


def reveal_and_keep(g: PhilaState, seat: int, n: int, reason: str) -> list[str]:
    """Reveal the top ``n`` ad cards to everyone; ``seat`` keeps 1 (a frame), the rest are
    discarded (explore, hair salon)."""
    from .state import Reveal

    cards = g.take_from_deck(n)
    g.mark_revealed()
    g.reveal = Reveal(seat, reason, tuple(cards))
    if not cards:
        return [g.say("reveal_none", "The ad deck is empty; nothing is revealed.")]
    g.push(pending.KeepFrame(seat, cards, reason))
    return [
        g.say(
            "reveal",
            "{p} reveals {cards} ({why}).",
            p=g.p(seat),
            cards=joined([g.name(c) for c in cards]),
            why=reason,
        )
    ]


def use_item(g: PhilaState, seat: int, item_id: str) -> list[str]:
    """Use a just-bought item (seed 購入: its effect is used at once)."""
    item = g.data.item(item_id)
    e = item.effect
    if e.kind == "fix_die":
        if g.die_fixed is not None:  # Q5: the first user binds the die
            return [
                g.say(
                    "die_already_fixed",
                    "The die is already fixed at {n} this round; the recruitment chance does "
                    "nothing.",
                    n=g.die_fixed,
                )
            ]
        g.push(pending.FixDieFrame(seat))
    elif e.kind == "submit":  # Q6: not the submit-hands action
        g.push(pending.SubmitFrame(seat, True, g.snapshot()))
    elif e.kind == "discard_draw":
        g.push(pending.DiscardFrame(seat, 0, pending.ANY, True, term("item", item.id, item.name)))
    elif e.kind == "post_together":
        g.push(pending.PostFrame(seat, e.cards, term("item", item.id, item.name)))
    elif e.kind == "draw":
        return g.draw(seat, e.cards, term("item", item.id, item.name))
    elif e.kind == "unmark":
        g.push(pending.UnmarkFrame(seat, e.markers))
    elif e.kind == "overtime":  # designer's note 2: money into VP
        g.players[seat].vp += e.vp
        return [g.say("overtime", "{p} works overtime: +{n} VP.", p=g.p(seat), n=e.vp)]
    return []
