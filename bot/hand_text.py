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

import i18n
from games.core.text import Msg
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


def kenchiku_hand(
    view: KenchikuView, seat: int, *, names: Sequence[str] | None = None, lang: str = i18n.DEFAULT
) -> str:
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
    lines = [
        i18n.t(
            lang,
            "bot.hand.board_round",
            "**{name}** ({SHAPE_GLYPHS} {shape} on the board) — round {round}",
            name=name,
            SHAPE_GLYPHS=_SHAPE_GLYPHS[shape],
            shape=shape,
            round=view.round,
        )
    ]
    if company.bankrupt:
        lines.append(i18n.t(lang, "bot.hand.bankrupt_out_game", "**Bankrupt** — out of the game."))
    lines.append(
        _join(
            [
                i18n.t(lang, "bot.hand.money", "Money: {money}", money=money),
                i18n.t(lang, "bot.hand.honour", "Honour: **{honour}**", honour=company.honour),
                i18n.t(
                    lang,
                    "bot.hand.buildings",
                    "Buildings: {buildings}",
                    buildings=company.buildings,
                ),
                i18n.t(
                    lang,
                    "bot.hand.chips_left",
                    "Chips left: {chips_left}",
                    chips_left=company.chips_left,
                ),
            ]
        )
    )
    markers = []
    for kind in MARKER_TYPES:
        n = company.markers.get(kind, 0)
        if kind == "workers":
            markers.append(
                i18n.t(
                    lang,
                    "bot.hand.ready",
                    "{MARKER_LABELS} **{n}** ({workers_ready} ready)",
                    MARKER_LABELS=MARKER_LABELS[kind],
                    n=n,
                    workers_ready=company.workers_ready,
                )
            )
        else:
            markers.append(
                i18n.t(
                    lang,
                    "bot.hand.text",
                    "{MARKER_LABELS} **{n}**",
                    MARKER_LABELS=MARKER_LABELS[kind],
                    n=n,
                )
            )
    lines.append("Markers: " + _join(markers))
    lines.append(
        _join(
            [
                i18n.t(lang, "bot.hand.loan_yes", "Loan: **yes**")
                if company.has_loan
                else i18n.t(lang, "bot.hand.loan_none", "Loan: none"),
                i18n.t(lang, "bot.hand.park_available", "Park: available")
                if company.park_available
                else i18n.t(lang, "bot.hand.park_placed", "Park: placed"),
            ]
        )
    )
    prices = [
        i18n.t(
            lang,
            "bot.hand.left",
            "{MARKER_LABELS} {get} ({get2} left)",
            MARKER_LABELS=MARKER_LABELS[k],
            get=view.market_prices.get(k, 0),
            get2=view.market_stock.get(k, 0),
        )
        for k in MARKER_TYPES
    ]
    lines.append("Market: " + _join(prices))
    if seat in view.to_act:
        lines.append(i18n.t(lang, "bot.hand.turn", "*Your turn.*"))
    return "\n".join(lines)


# -- Masters of Commerce -----------------------------------------------------------------------


def _cap(items: list[str], limit: int, lang: str = i18n.DEFAULT) -> str:
    """``items`` joined with " · ", at most ``limit`` of them plus "+N more"."""
    shown = items[:limit]
    if len(items) > limit:
        shown.append(i18n.t(lang, "bot.hand.more", "+{x} more", x=len(items) - limit))
    return " · ".join(shown)


def _offer_text(o: OfferView, made: bool, labels: Sequence[str], lang: str = i18n.DEFAULT) -> str:
    who = (
        i18n.t(lang, "bot.hand.text_2", "to {labels}", labels=labels[o.landlord])
        if made
        else i18n.t(
            lang,
            "bot.hand.from",
            "from {labels} ({seat_tag})",
            labels=labels[o.merchant],
            seat_tag=f"`{seat_tag(o.merchant)}`",  # notation: `named` keeps it
        )  # accept needs the tag
    )
    text = i18n.t(
        lang,
        "bot.hand.text_3",
        "`{deed}` {who} {moc_money}",
        deed=o.deed,
        who=who,
        moc_money=moc_money(o.amount),
    ) + (" closed" if o.closed else "")
    if o.note:
        note = o.note if len(o.note) <= 40 else o.note[:39] + "…"
        text += f" “{note}”"
    return text


def masters_of_commerce_hand(
    view: MocView, seat: int, *, names: Sequence[str] | None = None, lang: str = i18n.DEFAULT
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
    lines = [
        i18n.t(
            lang,
            "bot.hand.moves",
            "**{labels}** ({seat_tag} in moves) — {phase_label}",
            labels=labels[seat],
            seat_tag=f"`{seat_tag(seat)}`",  # notation: `named` keeps it
            phase_label=view.phase_label,
        )
    ]
    lines.append(
        i18n.t(
            lang,
            "bot.hand.money_2",
            "Money: **{moc_money}** · {role_text}",
            moc_money=moc_money(p.money),
            role_text=role_text(view, p, lang),
        )
    )
    gone = [
        role
        for role, held, out in (
            ("landlord", p.is_landlord, p.landlord_bankrupt),
            ("merchant", p.is_merchant, p.merchant_bankrupt),
        )
        if held and out
    ]
    if gone:
        lines.append(
            i18n.t(lang, "bot.hand.bankrupt", "**Bankrupt** as {join}.", join=" and ".join(gone))
        )
    if view.outcome is not None:
        rank = dict(view.outcome.get("ranks", {})).get(str(seat))
        won = seat in {int(s) for s in view.outcome.get("winners", [])}
        lines.append(
            i18n.t(lang, "bot.hand.win", "**You win!**")
            if won
            else i18n.t(lang, "bot.hand.final_rank", "Final rank: {rank}", rank=rank)
            if rank
            else ""
        )
    if p.liens_on:
        text = i18n.t(lang, "bot.hand.liens", "Liens on you: ") + ", ".join(
            labels[s] for s in p.liens_on
        )
        if p.lien_income_to is not None:
            text += i18n.t(
                lang,
                "bot.hand.takes_one_deed_income",
                " ({labels} takes one deed's income at the next income)",
                labels=labels[p.lien_income_to],
            )
        lines.append(text)
    held = lien_holders(view).get(seat, [])
    if held:
        lines.append(
            i18n.t(lang, "bot.hand.liens_2", "Your liens: on ") + ", ".join(labels[s] for s in held)
        )
    rented = [
        i18n.t(
            lang,
            "bot.hand.text_4",
            "`{id}` of {labels} {moc_money}",
            id=d.id,
            labels=labels[d.landlord],
            moc_money=moc_money(d.rent or 0),
        )
        + (" closed" if d.closed else "")
        + (" exclusive" if d.exclusive else "")
        + (f" ({d.rent_status})" if d.rent_status else "")
        for dist in view.districts
        for d in dist.deeds
        if d.merchant == seat
    ]
    if p.is_merchant and not p.merchant_bankrupt:
        lines.append(
            i18n.t(lang, "bot.hand.rent", "You rent: ")
            + (
                _cap(rented, 8, lang)
                if rented
                else i18n.t(lang, "bot.hand.nothing_yet", "nothing yet")
            )
        )
    district = next((d for d in view.districts if d.landlord == seat), None)
    if district is not None and not p.landlord_bankrupt:
        let = [
            f"`{d.id}` "
            + (
                i18n.t(
                    lang,
                    "bot.hand.text_5",
                    "{labels} {moc_money}",
                    labels=labels[d.merchant],
                    moc_money=moc_money(d.rent or 0),
                )
                if d.merchant is not None
                else i18n.t(lang, "bot.hand.vacant", "vacant")
            )
            for d in district.deeds
        ]
        lines.append(
            i18n.t(lang, "bot.hand.district", "Your district: ")
            + (_cap(let, 8, lang) if let else i18n.t(lang, "bot.hand.no_deeds", "no deeds"))
        )
        due = view.tax_due.get(seat)
        if due:
            lines.append(
                i18n.t(
                    lang, "bot.hand.tax_due", "Tax due: **{moc_money}**", moc_money=moc_money(due)
                )
            )
    if view.viewer == seat:
        made = [_offer_text(o, True, labels, lang) for o in p.offers_made or ()]
        received = [_offer_text(o, False, labels, lang) for o in p.offers_received or ()]
        if made:
            lines.append(
                i18n.t(lang, "bot.hand.offers_made", "Offers you made: ") + _cap(made, 5, lang)
            )
        if received:
            lines.append(
                i18n.t(lang, "bot.hand.offers", "Offers to you: ") + _cap(received, 5, lang)
            )
        if p.sealed_bid is not None:
            lines.append(
                i18n.t(
                    lang,
                    "bot.hand.sealed_bid",
                    "Your sealed bid: {x}",
                    x=moc_money(p.sealed_bid) if p.sealed_bid else "pass",
                )
            )
    if view.auction is not None and view.auction.deed is not None:
        a = view.auction
        lot = i18n.t(lang, "bot.hand.auction", "Auction: `{deed}`", deed=a.deed)
        if a.mode == "open" and a.high_bid is not None and a.high_bidder is not None:
            lot += i18n.t(
                lang,
                "bot.hand.high_bid",
                ", high bid {moc_money} by {labels}",
                moc_money=moc_money(a.high_bid),
                labels=labels[a.high_bidder],
            )
        lines.append(lot)
    text = "\n".join(line for line in lines if line)
    if len(text) > 1500:
        text = text[:1499] + "…"
    return text


# -- Food Chain Magnate ------------------------------------------------------------------------


def food_chain_magnate_hand(
    view: FcmView, seat: int, *, names: Sequence[str] | None = None, lang: str = i18n.DEFAULT
) -> str:
    """``/hand`` as text (for the seat's own view): cash, cards at work / on the beach (or all
    cards), busy marketeers, food and drink, milestones, the kept reserve card and the
    structure being chosen. ``ValueError`` for a seat not in the game."""
    if not 0 <= seat < len(view.players):
        raise ValueError(f"seat {seat} is not in this {len(view.players)}-player game")
    labels = seat_names(names, len(view.players))
    p = view.players[seat]
    lines = [
        i18n.t(
            lang,
            "bot.hand.fcm_head",
            "**{who}** — {chain}: ${cash}, turn order {position}, price ${unit_price}, "
            "{waitresses} waitress",
            who=labels[seat],
            chain=p.chain or Msg("bot.hand.company", "company"),
            cash=p.cash,
            position=p.position,
            unit_price=p.unit_price,
            waitresses=p.waitresses,
        )
        + ("es" if p.waitresses != 1 and lang == i18n.DEFAULT else "")
    ]
    if p.reserve is not None:
        secret = (
            ""
            if view.reserve_revealed
            else i18n.t(
                lang, "bot.hand.secret_until_first_bank", " (secret until the first bank break)"
            )
        )
        lines.append(
            i18n.t(
                lang,
                "bot.hand.reserve_card",
                "Reserve card: ${reserve}{secret}",
                reserve=p.reserve,
                secret=secret,
            )
        )
    left, right = player_sections(view, p)
    for title, items in (*left, *right):
        lines.append(f"{title}: " + ", ".join(items))
    return "\n".join(lines)


# -- Philadelphia ------------------------------------------------------------------------------


def _card_line(card: CardView, lang: str = i18n.DEFAULT) -> str:
    numbers = ", ".join(str(n) for n in card.numbers)
    return i18n.t(
        lang,
        "bot.hand.cost_reward_mo",
        "`{id}` **{name}** · {industry_name} · cost {cost} · reward {reward_label} · {duration} "
        "mo · on {numbers}",
        id=card.id,
        name=card.name,
        industry_name=industry_name(card.industry),
        cost=card.cost,
        reward_label=reward_label(card),
        duration=card.duration,
        numbers=numbers,
    )


def philadelphia_hand(
    view: PhilaView, seat: int, *, names: Sequence[str] | None = None, lang: str = i18n.DEFAULT
) -> str:
    """``seat``'s hand as Discord markdown (under 2,000 characters): money, VP, then one line
    per card (id, name, industry, cost, reward, duration, numbers, effect) and any choice the
    seat must make now.

    Raises:
        KeyError: no such seat. ValueError: ``view`` is not ``seat``'s own view.
    """
    player = hand_of(view, seat)
    assert player.hand is not None
    labels = seat_names(names, view.n_seats)
    head = i18n.t(
        lang,
        "bot.hand.hand_card_money_vp",
        "**Your hand, {labels}**: {len} card(s) · money **{phila_money}** · **{vp} VP**",
        labels=labels[seat],
        len=len(player.hand),
        phila_money=phila_money(player.money),
        vp=player.vp,
    )
    lines = [head]
    if not player.hand:
        lines.append(i18n.t(lang, "bot.hand.no_cards_hand", "No cards in hand."))
    cards = [(_card_line(c, lang), c.text) for c in player.hand]
    tail: list[str] = []
    if player.chosen is not None:
        tail.append(
            i18n.t(
                lang, "bot.hand.chose_give", "You chose `{chosen}` to give.", chosen=player.chosen
            )
        )
    if view.pending is not None and seat in view.pending.choosers:
        tail.append(
            i18n.t(
                lang,
                "bot.hand.choice",
                "*Your choice: {with_names}.*",
                with_names=with_names(view.pending.prompt, labels),
            )
        )
    elif seat in view.to_act and view.outcome is None:
        tail.append(i18n.t(lang, "bot.hand.turn", "*Your turn.*"))
    fixed = len(head) + sum(len(a) + 5 for a, _ in cards) + sum(len(s) + 1 for s in tail)
    room = max(20, (1900 - fixed) // max(1, len(cards)))
    for line, text in cards:
        effect = text if len(text) <= room else text[: room - 1].rstrip() + "…"
        lines.append(
            i18n.t(lang, "bot.hand.text_6", "{line}\n  ↳ {effect}", line=line, effect=effect)
        )
    return "\n".join(lines + tail)
