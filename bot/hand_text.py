"""Each game's private view in words, for ``/hand`` and the **My hand** button (``bot.hands``).

Text is not drawing, so it lives in the bot (issue 20); the labels it shares with the drawn
boards (seat names and shapes, money, roles, a player's sections) come from the game's
render module, so words and pictures say the same. Each function takes a seat's own view
(``state.view(seat)``) and the display names by seat, and returns Discord markdown well under
2,000 characters; what the seat can do now is added by ``bot.hands`` from the engine's legal
moves, for every game alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.food_chain_magnate.view import FcmView
from games.kenchiku.view import KenchikuView
from games.masters_of_commerce.view import MocView, OfferView
from games.philadelphia.view import CardView, PhilaView
from render.common import seat_names
from render.food_chain_magnate import player_sections
from render.kenchiku import MARKER_LABELS, MARKER_TYPES, seat_labels, seat_shape
from render.masters_of_commerce import lien_holders, role_text, seat_tag
from render.masters_of_commerce import money_label as moc_money
from render.philadelphia import hand_of, industry_name, reward_label, with_names
from render.philadelphia import money_label as phila_money

# -- Kenchiku ----------------------------------------------------------------------------------


def _join(parts: Iterable[str]) -> str:
    return " · ".join(parts)


_SHAPE_GLYPHS = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆"}


def kenchiku_hand(view: KenchikuView, seat: int, *, names: Sequence[str] | None = None) -> str:
    """A seat's private panel as Discord markdown (well under 2,000 characters).

    Shows money (when the view holds it for this seat), markers with ready workers, loan,
    park, honour and the current market prices and stock. ``names`` as for ``render_board``.

    Raises:
        KeyError: ``seat`` has no company in the view.
    """
    company = next((c for c in view.companies if c.seat == seat), None)
    if company is None:
        raise KeyError(seat)
    name = seat_labels(view, names)[seat]
    shape = seat_shape(seat)
    money = f"**{company.money}**" if company.money is not None else "hidden"
    lines = [f"**{name}** ({_SHAPE_GLYPHS[shape]} {shape} on the board) — round {view.round}"]
    if company.bankrupt:
        lines.append("**Bankrupt** — out of the game.")
    lines.append(
        _join(
            [
                f"Money: {money}",
                f"Honour: **{company.honour}**",
                f"Buildings: {company.buildings}",
                f"Chips left: {company.chips_left}",
            ]
        )
    )
    markers = []
    for kind in MARKER_TYPES:
        n = company.markers.get(kind, 0)
        if kind == "workers":
            markers.append(f"{MARKER_LABELS[kind]} **{n}** ({company.workers_ready} ready)")
        else:
            markers.append(f"{MARKER_LABELS[kind]} **{n}**")
    lines.append("Markers: " + _join(markers))
    lines.append(
        _join(
            [
                "Loan: **yes**" if company.has_loan else "Loan: none",
                "Park: available" if company.park_available else "Park: placed",
            ]
        )
    )
    prices = [
        f"{MARKER_LABELS[k]} {view.market_prices.get(k, 0)} ({view.market_stock.get(k, 0)} left)"
        for k in MARKER_TYPES
    ]
    lines.append("Market: " + _join(prices))
    if seat in view.to_act:
        lines.append("*Your turn.*")
    return "\n".join(lines)


# -- Masters of Commerce -----------------------------------------------------------------------


def _cap(items: list[str], limit: int) -> str:
    """``items`` joined with " · ", at most ``limit`` of them plus "+N more"."""
    shown = items[:limit]
    if len(items) > limit:
        shown.append(f"+{len(items) - limit} more")
    return " · ".join(shown)


def _offer_text(o: OfferView, made: bool, labels: Sequence[str]) -> str:
    who = (
        f"to {labels[o.landlord]}"
        if made
        else f"from {labels[o.merchant]} ({seat_tag(o.merchant)})"  # accept needs the tag
    )
    text = f"`{o.deed}` {who} {moc_money(o.amount)}" + (" closed" if o.closed else "")
    if o.note:
        note = o.note if len(o.note) <= 40 else o.note[:39] + "…"
        text += f" “{note}”"
    return text


def masters_of_commerce_hand(
    view: MocView, seat: int, *, names: Sequence[str] | None = None
) -> str:
    """A seat's private panel as Discord markdown (under 1,500 characters).

    Shows money, roles, liens, contracts (rented and let), the seat's own open offers made
    and received (only when ``view`` carries them, i.e. it is that seat's view) and what the
    seat can do now. Players are named by ``names`` (one per seat; ``P1``... when missing);
    the seat's notation tag (``p1``) is given once, and next to offers received, because
    moves such as ``accept <deed> <p#>`` are typed with it.

    Raises:
        KeyError: ``seat`` is not a player of the view.
    """
    if not 0 <= seat < len(view.players):
        raise KeyError(seat)
    p = view.players[seat]
    labels = seat_names(names, len(view.players))
    lines = [f"**{labels[seat]}** ({seat_tag(seat)} in moves) — {view.phase_label}"]
    lines.append(f"Money: **{moc_money(p.money)}** · {role_text(view, p)}")
    gone = [
        role
        for role, held, out in (
            ("landlord", p.is_landlord, p.landlord_bankrupt),
            ("merchant", p.is_merchant, p.merchant_bankrupt),
        )
        if held and out
    ]
    if gone:
        lines.append(f"**Bankrupt** as {' and '.join(gone)}.")
    if view.outcome is not None:
        rank = dict(view.outcome.get("ranks", {})).get(str(seat))
        won = seat in {int(s) for s in view.outcome.get("winners", [])}
        lines.append("**You win!**" if won else f"Final rank: {rank}" if rank else "")
    if p.liens_on:
        text = "Liens on you: " + ", ".join(labels[s] for s in p.liens_on)
        if p.lien_income_to is not None:
            text += f" ({labels[p.lien_income_to]} takes one deed's income at the next income)"
        lines.append(text)
    held = lien_holders(view).get(seat, [])
    if held:
        lines.append("Your liens: on " + ", ".join(labels[s] for s in held))
    rented = [
        f"`{d.id}` of {labels[d.landlord]} {moc_money(d.rent or 0)}"
        + (" closed" if d.closed else "")
        + (" exclusive" if d.exclusive else "")
        + (f" ({d.rent_status})" if d.rent_status else "")
        for dist in view.districts
        for d in dist.deeds
        if d.merchant == seat
    ]
    if p.is_merchant and not p.merchant_bankrupt:
        lines.append("You rent: " + (_cap(rented, 8) if rented else "nothing yet"))
    district = next((d for d in view.districts if d.landlord == seat), None)
    if district is not None and not p.landlord_bankrupt:
        let = [
            f"`{d.id}` "
            + (
                f"{labels[d.merchant]} {moc_money(d.rent or 0)}"
                if d.merchant is not None
                else "vacant"
            )
            for d in district.deeds
        ]
        lines.append("Your district: " + (_cap(let, 8) if let else "no deeds"))
        due = view.tax_due.get(seat)
        if due:
            lines.append(f"Tax due: **{moc_money(due)}**")
    if view.viewer == seat:
        made = [_offer_text(o, True, labels) for o in p.offers_made or ()]
        received = [_offer_text(o, False, labels) for o in p.offers_received or ()]
        if made:
            lines.append("Offers you made: " + _cap(made, 5))
        if received:
            lines.append("Offers to you: " + _cap(received, 5))
        if p.sealed_bid is not None:
            lines.append(f"Your sealed bid: {moc_money(p.sealed_bid) if p.sealed_bid else 'pass'}")
    if view.auction is not None and view.auction.deed is not None:
        a = view.auction
        lot = f"Auction: `{a.deed}`"
        if a.mode == "open" and a.high_bid is not None and a.high_bidder is not None:
            lot += f", high bid {moc_money(a.high_bid)} by {labels[a.high_bidder]}"
        lines.append(lot)
    text = "\n".join(line for line in lines if line)
    if len(text) > 1500:
        text = text[:1499] + "…"
    return text


# -- Food Chain Magnate ------------------------------------------------------------------------


def food_chain_magnate_hand(view: FcmView, seat: int, *, names: Sequence[str] | None = None) -> str:
    """``/hand`` as text (for the seat's own view): cash, cards at work / on the beach (or all
    cards), busy marketeers, food and drink, milestones, the kept reserve card and the
    structure being chosen. ``ValueError`` for a seat not in the game."""
    if not 0 <= seat < len(view.players):
        raise ValueError(f"seat {seat} is not in this {len(view.players)}-player game")
    labels = seat_names(names, len(view.players))
    p = view.players[seat]
    lines = [
        f"**{labels[seat]}** — {p.chain or 'company'}: ${p.cash}, turn order {p.position}, "
        f"price ${p.unit_price}, {p.waitresses} waitress" + ("es" if p.waitresses != 1 else "")
    ]
    if p.reserve is not None:
        secret = "" if view.reserve_revealed else " (secret until the first bank break)"
        lines.append(f"Reserve card: ${p.reserve}{secret}")
    left, right = player_sections(view, p)
    for title, items in (*left, *right):
        lines.append(f"{title}: " + ", ".join(items))
    return "\n".join(lines)


# -- Philadelphia ------------------------------------------------------------------------------


def _card_line(card: CardView) -> str:
    numbers = ", ".join(str(n) for n in card.numbers)
    return (
        f"`{card.id}` **{card.name}** · {industry_name(card.industry)} · cost {card.cost} · "
        f"reward {reward_label(card)} · {card.duration} mo · on {numbers}"
    )


def philadelphia_hand(view: PhilaView, seat: int, *, names: Sequence[str] | None = None) -> str:
    """``seat``'s hand as Discord markdown (under 2,000 characters): money, VP, then one line
    per card (id, name, industry, cost, reward, duration, numbers, effect) and any choice the
    seat must make now.

    Raises:
        KeyError: no such seat. ValueError: ``view`` is not ``seat``'s own view.
    """
    player = hand_of(view, seat)
    assert player.hand is not None
    labels = seat_names(names, view.n_seats)
    head = (
        f"**Your hand, {labels[seat]}**: {len(player.hand)} card(s) · "
        f"money **{phila_money(player.money)}** · **{player.vp} VP**"
    )
    lines = [head]
    if not player.hand:
        lines.append("No cards in hand.")
    cards = [(_card_line(c), c.text) for c in player.hand]
    tail: list[str] = []
    if player.chosen is not None:
        tail.append(f"You chose `{player.chosen}` to give.")
    if view.pending is not None and seat in view.pending.choosers:
        tail.append(f"*Your choice: {with_names(view.pending.prompt, labels)}.*")
    elif seat in view.to_act and view.outcome is None:
        tail.append("*Your turn.*")
    fixed = len(head) + sum(len(a) + 5 for a, _ in cards) + sum(len(s) + 1 for s in tail)
    room = max(20, (1900 - fixed) // max(1, len(cards)))
    for line, text in cards:
        effect = text if len(text) <= room else text[: room - 1].rstrip() + "…"
        lines.append(f"{line}\n  ↳ {effect}")
    return "\n".join(lines + tail)
