"""Philadelphia images: the public table for the channel and a seat's hand for ``/hand``.

``render_board(view, names=...)`` draws a :class:`~games.philadelphia.view.PhilaView` and never
derives a rule: it shows what the view says. The chat board is laid out 880 units wide with no
text under 18 units, so at Discord's inline width (550 px) every label is at least 11 px tall
(issue 8). It shows:

* a header: round, phase, the last recruitment die (and the number fixed with a recruitment
  chance), the start player, who is to act and what they must choose;
* the latest recruitment (ads that succeeded) and update (ads that defaulted), by card id;
* the item row with prices, the field card while it is face up, and the deck and discard
  counts;
* cards revealed for a choice (explore), drawn like ads;
* one panel per player, by name, with a colour stripe: VP, money, hand size, the start-player
  and to-act marks, and every posted ad as a card: name on an industry-coloured band, the
  recruitment numbers (the one the die hit is filled), reward (money and VP), month markers
  against the duration, the posting cost and the card id used in move notation.

``detail=True`` adds the full texts of posted ads and items and the latest events.
``render_hand(view, seat)`` draws a seat's hand as cards with every printed value and the
effect text (the same in words is ``bot.hand_text``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image

from games.philadelphia.cards import DATA_DIRS, data
from games.philadelphia.view import AdView, CardView, ItemView, Phase, PhilaView, PlayerView
from i18n import t, term, tr
from render.common import (
    RGB,
    Palette,
    Pen,
    alt_text,
    mix,
    palette,
    pick_theme,
    player_colour,
    seat_names,
    text_on,
)
from render.contract import Renderer

_Drawer = Callable[[Pen, float], None]

# -- layout (units are pixels at scale 1.0) -----------------------------------------------------
WIDTH = 880  # 11 px at 550 px wide needs 11 * 880 / 550 = 17.6 units of text
MARGIN = 16
MIN_TEXT = 18  # the smallest text on the chat board
TEXT = 20
TITLE = 26
LINE = 30
AD_W = 200
AD_H = 122
AD_GAP = 8
ADS_PER_ROW = 4  # 4 * 200 + 3 * 8 = 824: fits a panel beside its stripe
BAND = 28
PANEL_HEAD = 44
STRIPE = 10
DETAIL_TEXT = 15  # full card texts in the detail view (not the chat board)

HAND_COLS = 3
HAND_W = 272
HAND_GAP = 16  # 3 * 272 + 2 * 16 = 848

INDUSTRY_COLOURS: dict[str, RGB] = {
    "service": (222, 120, 60),
    "construction": (150, 105, 60),
    "transport": (60, 110, 170),
    "manufacturing": (110, 110, 125),
    "production": (110, 110, 125),
    "professional": (40, 120, 90),
}
PHASE_NAMES = {
    Phase.ACTION: "Action phase",
    Phase.RECRUITMENT: "Recruitment phase",
    Phase.UPDATE: "Update phase",
}


@dataclass(frozen=True)
class _Theme(Palette):
    card: RGB
    edge: RGB
    hit: RGB  # a succeeded ad's outline and the die face the roll hit
    warn: RGB


_THEMES: dict[str, _Theme] = {
    "light": _Theme(
        **palette("light"),
        card=(255, 255, 255),
        edge=(170, 164, 152),
        hit=(0, 130, 70),
        warn=(190, 60, 20),
    ),
    "dark": _Theme(
        **palette("dark"),
        card=(54, 58, 68),
        edge=(96, 100, 112),
        hit=(90, 210, 140),
        warn=(250, 140, 90),
    ),
}

_SEAT_LABEL = re.compile(r"(?<![A-Za-z0-9_])p(\d{1,2})(?![0-9])")


def with_names(text: str, labels: Sequence[str]) -> str:
    """The engine's ``p1``/``p2`` labels in ``text`` replaced by the players' names."""

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return labels[i] if 0 <= i < len(labels) else m.group(0)

    return _SEAT_LABEL.sub(sub, text)


def _card_name(card_id: str, lang: str = "en") -> str:
    for version in sorted(DATA_DIRS, reverse=True):  # a game of an older engine version too
        if card_id in data(version).card_index:
            job = data(version).card(card_id).job
            return named(lang, "job", job.id, job.name, job.name_ja)
    return card_id


def industry_name(industry: str, lang: str = "en") -> str:
    """An industry's name in ``lang`` (the data's ``name_ja`` when no catalogue term)."""
    for version in sorted(DATA_DIRS, reverse=True):
        for ind in data(version).industries:
            if ind.id == industry:
                return named(lang, "industry", ind.id, ind.name, ind.name_ja)
    return industry


def named(lang: str, kind: str, ident: str, name: str, name_ja: str = "") -> str:
    """A component's name in ``lang``: the catalogue's ``philadelphia.term.<kind>.<ident>``,
    else (Japanese) the data's ``name_ja`` (the seed's name), else ``name``."""
    found = term(lang, "philadelphia", kind, ident, name)
    if found == name and lang == "ja" and name_ja:
        return name_ja
    return found


def card_name(card: CardView, lang: str = "en") -> str:
    return named(lang, "job", card.job, card.name, card.name_ja)


def card_text(card: CardView, lang: str = "en") -> str:
    """A card's effect in ``lang`` (``philadelphia.term.job_text.<job>``), else the English."""
    return term(lang, "philadelphia", "job_text", card.job, card.text)


def reward_label(card: CardView, lang: str = "en") -> str:
    parts = [f"${card.reward}"] if card.reward else []
    if card.vp:
        parts.append(f"{card.vp} VP")
    return " + ".join(parts) or t(lang, "render.philadelphia.nothing", "nothing")


def money_label(n: int) -> str:
    return f"${n}"


# -- the public board -------------------------------------------------------------------------


def render_board(
    view: PhilaView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> Image.Image:
    """The public table as an RGB image ``WIDTH * scale`` wide (height follows the content).

    ``names`` are display names by seat (``P1``.. when missing). ``detail=True`` adds the
    full texts of posted ads and items and the latest events in smaller type.

    Raises:
        ValueError: unknown ``theme`` or ``scale <= 0``.
    """
    th = pick_theme(_THEMES, theme, scale)
    labels = seat_names(names, view.n_seats)
    probe = Pen(Image.new("RGB", (1, 1)), scale, lang=lang)
    blocks = _board_blocks(view, labels, th, probe, detail)
    height = MARGIN + sum(h for h, _ in blocks) + MARGIN
    image = Image.new("RGB", (round(WIDTH * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y = float(MARGIN)
    for h, draw in blocks:
        draw(pen, y)
        y += h
    return image


def _board_blocks(
    view: PhilaView, labels: list[str], th: _Theme, probe: Pen, detail: bool
) -> list[tuple[float, _Drawer]]:
    blocks: list[tuple[float, _Drawer]] = [
        (64, lambda pen, y: _header(pen, y, view, labels, th)),
        (LINE + 4, lambda pen, y: _turn_line(pen, y, view, labels, th)),
    ]
    status = _status_lines(view, labels, probe.lang)
    for text, colour in status:
        lines = probe.wrap(text, TEXT, WIDTH - 2 * MARGIN)
        blocks.append((len(lines) * LINE, partial(_lines, lines=lines, th=th, colour=colour)))
    blocks.append((52, lambda pen, y: _items(pen, y, view, th)))
    if view.pending is not None and view.pending.cards:
        rows = -(-len(view.pending.cards) // ADS_PER_ROW)
        blocks.append(
            (
                LINE + rows * (AD_H + AD_GAP) + 6,
                lambda pen, y: _revealed(pen, y, view, labels, th),
            )
        )
    for player in view.players:
        h = _panel_height(player)
        blocks.append(
            (h + 10, partial(_panel, h=h, view=view, player=player, labels=labels, th=th))
        )
    if detail:
        texts = _detail_texts(view, labels, probe.lang)
        lines = [ln for s in texts for ln in probe.wrap(s, DETAIL_TEXT, WIDTH - 2 * MARGIN)]
        blocks.append(
            (
                len(lines) * (DETAIL_TEXT + 5) + 12,
                lambda pen, y: _detail(pen, y, lines, th),
            )
        )
    return blocks


def _header(pen: Pen, y: float, view: PhilaView, labels: list[str], th: _Theme) -> None:
    lang = pen.lang
    x0, x1 = MARGIN, WIDTH - MARGIN
    pen.rect(x0, y, x1, y + 56, fill=th.panel, outline=th.edge, radius=8)
    if view.extra_round_of is not None:
        round_text = t(
            lang,
            "render.philadelphia.extra_round",
            "Round {n} (extra: {name})",
            n=view.round,
            name=labels[view.extra_round_of],
        )
    else:
        round_text = _round(lang, view.round)
    pen.text(x0 + 14, y + 28, round_text, TITLE, bold=True, anchor="lm")
    w = pen.length(round_text, TITLE, True)
    phase = _phase(lang, view)
    pen.text(x0 + 30 + w, y + 29, phase, TEXT, fill=th.muted, anchor="lm")
    # the die: a square face with the last roll
    side = 42
    dx = x1 - 10 - side
    pen.rect(dx, y + 7, dx + side, y + 7 + side, fill=th.card, outline=th.ink, width=2, radius=7)
    pen.text(
        dx + side / 2, y + 28, str(view.die) if view.die else "–", TITLE, bold=True, anchor="mm"
    )
    label = (
        t(lang, "render.philadelphia.die", "die")
        if view.die_fixed is None
        else t(lang, "render.philadelphia.die_fixed", "die fixed at {n}", n=view.die_fixed)
    )
    pen.text(dx - 10, y + 28, label, TEXT, fill=th.muted, anchor="rm")
    counts = t(
        lang,
        "render.philadelphia.deck",
        "ad deck {deck} · discard {discard}",
        deck=view.deck_size,
        discard=len(view.discard),
    )
    cx = dx - 34 - pen.length(label, TEXT)
    if cx - pen.length(counts, MIN_TEXT) > x0 + 44 + w + pen.length(phase, TEXT):
        pen.text(cx, y + 28, counts, MIN_TEXT, fill=th.muted, anchor="rm")


def _turn_line(pen: Pen, y: float, view: PhilaView, labels: list[str], th: _Theme) -> None:
    lang = pen.lang
    parts = [
        t(
            lang,
            "render.philadelphia.start_player",
            "Start player: {name}",
            name=labels[view.start_player],
        )
    ]
    if view.outcome is not None:
        parts = [_outcome_text(view, labels, lang)]
    elif view.phase is Phase.ACTION and view.current is not None and view.pending is None:
        left = (
            t(lang, "render.philadelphia.action_left", "1 action left")
            if view.actions_left == 1
            else t(
                lang, "render.philadelphia.actions_left", "{n} actions left", n=view.actions_left
            )
        )
        parts.append(
            t(
                lang,
                "render.philadelphia.to_act_left",
                "To act: {name} ({left})",
                name=labels[view.current],
                left=left,
            )
        )
    elif view.to_act:
        who = ", ".join(labels[s] for s in view.to_act)
        parts.append(t(lang, "render.philadelphia.to_act", "To act: {names}", names=who))
    pen.text(MARGIN + 4, y + LINE / 2 + 2, "   ·   ".join(parts), TEXT, bold=True, anchor="lm")


def _outcome_text(view: PhilaView, labels: list[str], lang: str = "en") -> str:
    assert view.outcome is not None
    winners = [int(w) for w in view.outcome.get("winners", [])]
    scores = view.outcome.get("scores", {})
    if not winners:
        return t(lang, "render.philadelphia.draw", "Game over: a draw")
    vp = scores.get(str(winners[0]), "?")
    if len(winners) == 1:
        return t(
            lang,
            "render.philadelphia.wins",
            "Game over: {name} wins with {vp} VP",
            name=labels[winners[0]],
            vp=vp,
        )
    names = t(lang, "render.philadelphia.and", " and ").join(labels[w] for w in winners)
    return t(
        lang,
        "render.philadelphia.share",
        "Game over: {names} share the win with {vp} VP",
        names=names,
        vp=vp,
    )


def _status_lines(view: PhilaView, labels: list[str], lang: str = "en") -> list[tuple[str, str]]:
    """(text, colour key) lines: the pending choice and the latest roll and defaults."""
    out: list[tuple[str, str]] = []
    if view.pending is not None and view.outcome is None:
        who = ", ".join(labels[s] for s in view.pending.choosers)
        prompt = with_names(tr(view.pending.prompt, lang), labels)
        text = prompt if prompt.startswith(who) else f"{who}: {prompt}"
        out.append((f"▶ {text}", "warn"))
    if view.die is not None:
        if view.successes:
            hits = ", ".join(f"{_card_name(c, lang)} ({c})" for c in view.successes)
            out.append(
                (
                    t(
                        lang,
                        "render.philadelphia.succeeded",
                        "Die {die}: succeeded: {cards}",
                        die=view.die,
                        cards=hits,
                    ),
                    "hit",
                )
            )
        else:
            out.append(
                (
                    t(
                        lang,
                        "render.philadelphia.no_success",
                        "Die {die}: no ad succeeded",
                        die=view.die,
                    ),
                    "muted",
                )
            )
    if view.defaults:
        gone = ", ".join(f"{_card_name(c, lang)} ({c})" for c in view.defaults)
        out.append(
            (t(lang, "render.philadelphia.defaulted", "Defaulted: {cards}", cards=gone), "muted")
        )
    return out


def _lines(pen: Pen, y: float, lines: list[str], th: _Theme, colour: str) -> None:
    fill = {"warn": th.warn, "hit": th.hit, "muted": th.muted}.get(colour, th.ink)
    for i, line in enumerate(lines):
        pen.text(MARGIN + 4, y + i * LINE + LINE / 2, line, TEXT, fill=fill, anchor="lm")


def _items(pen: Pen, y: float, view: PhilaView, th: _Theme) -> None:
    cy = y + 22
    x = float(MARGIN)
    lang = pen.lang
    items = t(lang, "render.philadelphia.items", "Items")
    pen.text(x + 4, cy, items, TEXT, bold=True, anchor="lm")
    x += pen.length(items, TEXT, True) + 14
    for item in view.item_row:
        s = f"{_item_name(lang, item)} {money_label(item.price)}"
        x += pen.pill(x, cy, s, fill=th.card, ink=th.ink, size=MIN_TEXT, h=32, outline=th.edge) + 6
    if view.field is not None:
        field = _item_name(lang, view.field, "field")
        x += pen.pill(x, cy, field, fill=th.warn, size=MIN_TEXT, h=32) + 6


def _revealed(pen: Pen, y: float, view: PhilaView, labels: list[str], th: _Theme) -> None:
    assert view.pending is not None
    who = labels[view.pending.owner]
    revealed = t(
        pen.lang, "render.philadelphia.revealed", "Revealed for {name} to choose:", name=who
    )
    pen.text(MARGIN + 4, y + LINE / 2, revealed, TEXT, bold=True, anchor="lm")
    for i, card in enumerate(view.pending.cards):
        row, col = divmod(i, ADS_PER_ROW)
        x = MARGIN + col * (AD_W + AD_GAP)
        _ad(pen, x, y + LINE + row * (AD_H + AD_GAP), card, None, False, None, th)


def _panel_height(player: PlayerView) -> float:
    rows = -(-len(player.ads) // ADS_PER_ROW)
    return PANEL_HEAD + (rows * (AD_H + AD_GAP) + 6 if rows else 0)


def _panel(
    pen: Pen,
    y: float,
    h: float,
    view: PhilaView,
    player: PlayerView,
    labels: list[str],
    th: _Theme,
) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    colour = player_colour(player.seat)
    acting = player.seat in view.to_act and view.outcome is None
    pen.rect(
        x0,
        y,
        x1,
        y + h,
        fill=th.panel,
        outline=colour if acting else th.edge,
        width=3 if acting else 1,
        radius=8,
    )
    pen.rect(x0, y, x0 + STRIPE, y + h, fill=colour, radius=4)
    lang = pen.lang
    cy = y + PANEL_HEAD / 2 + 1
    name = ("▶ " if acting else "") + labels[player.seat]
    pen.text(x0 + STRIPE + 10, cy, name, 24, bold=True, anchor="lm")
    x = x0 + STRIPE + 20 + pen.length(name, 24, True)
    if view.start_player == player.seat:
        start = t(lang, "render.philadelphia.start_pill", "start player")
        x += pen.pill(x, cy, start, fill=colour, size=MIN_TEXT, h=28) + 6
    if view.outcome is not None:
        rank = view.outcome.get("ranks", {}).get(str(player.seat))
        if rank is not None:
            x += pen.pill(
                x,
                cy,
                _ordinal(int(rank), lang),
                fill=th.hit if rank == 1 else th.edge,
                size=MIN_TEXT,
                h=28,
            )
            x += 6
    # right side: VP, money, hand
    stats = [
        f"{player.vp} VP",
        money_label(player.money),
        t(lang, "render.philadelphia.hand_n", "hand {n}", n=player.hand_size),
    ]
    rx: float = x1 - 10
    for i, s in enumerate(reversed(stats)):
        bold = i == len(stats) - 1
        w = pen.length(s, TEXT, bold)
        pen.text(rx, cy, s, TEXT, bold=bold, anchor="rm")
        rx -= w + 22
    top = y + PANEL_HEAD
    if not player.ads:
        none = t(lang, "render.philadelphia.no_ads", "no ads posted")
        if x + pen.length(none, MIN_TEXT) < rx - 10:
            pen.text(x + 4, cy, none, MIN_TEXT, fill=th.muted, anchor="lm")
        return
    for i, ad in enumerate(player.ads):
        row, col = divmod(i, ADS_PER_ROW)
        _ad(
            pen,
            x0 + STRIPE + 8 + col * (AD_W + AD_GAP),
            top + row * (AD_H + AD_GAP),
            ad.card,
            ad,
            ad.succeeded,
            view.die,
            th,
        )


def _ordinal(n: int, lang: str = "en") -> str:
    if lang != "en":
        return t(lang, "render.philadelphia.place", "{n}th", n=n)
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _ad(
    pen: Pen,
    x: float,
    y: float,
    card: CardView,
    ad: AdView | None,
    succeeded: bool,
    die: int | None,
    th: _Theme,
) -> None:
    """One ad card ``AD_W`` x ``AD_H`` at (x, y): a posted ad (``ad``) or a revealed card."""
    band = INDUSTRY_COLOURS.get(card.industry, th.edge)
    outline = th.hit if succeeded else th.edge
    pen.rect(
        x,
        y,
        x + AD_W,
        y + AD_H,
        fill=th.card,
        outline=outline,
        width=3 if succeeded else 1,
        radius=6,
    )
    pen.rect(x + 1, y + 1, x + AD_W - 1, y + BAND, fill=band, radius=5)
    pen.text(
        x + 8,
        y + BAND / 2 + 1,
        pen.fit(card_name(card, pen.lang), MIN_TEXT, AD_W - 16, True),
        MIN_TEXT,
        bold=True,
        fill=text_on(band),
        anchor="lm",
    )
    # recruitment numbers: a small die face each, filled when the roll hit it
    row1 = y + BAND + 18
    nx = x + 8
    for n in card.numbers:
        hit = succeeded and die == n
        pen.rect(
            nx,
            row1 - 12,
            nx + 24,
            row1 + 12,
            fill=th.hit if hit else th.card,
            outline=th.hit if hit else th.ink,
            radius=4,
        )
        pen.text(
            nx + 12,
            row1 + 1,
            str(n),
            MIN_TEXT,
            bold=True,
            fill=text_on(th.hit) if hit else th.ink,
            anchor="mm",
        )
        nx += 28
    reward = reward_label(card, pen.lang)
    if pen.length(reward, MIN_TEXT, True) > x + AD_W - 12 - nx:
        reward = reward.replace(" ", "")
    pen.text(x + AD_W - 8, row1 + 1, reward, MIN_TEXT, bold=True, anchor="rm")
    row2 = row1 + 30
    if ad is not None:
        months = _month(pen.lang, ad, succeeded)
        colour = th.hit if succeeded else (th.warn if ad.months + 1 >= card.duration else th.ink)
    else:
        months, colour = _months(pen.lang, card.duration), th.ink
    pen.text(x + 8, row2, months, MIN_TEXT, fill=colour, anchor="lm")
    cost = _cost(pen.lang, card.cost)
    pen.text(x + AD_W - 8, row2, cost, MIN_TEXT, fill=th.muted, anchor="rm")
    row3 = row2 + 28
    pen.text(
        x + 8, row3, pen.fit(card.id, MIN_TEXT, AD_W - 16), MIN_TEXT, fill=th.muted, anchor="lm"
    )


def _detail_texts(view: PhilaView, labels: list[str], lang: str = "en") -> list[str]:
    out: list[str] = []
    for player in view.players:
        for ad in player.ads:
            c = ad.card
            industry = industry_name(c.industry, lang)
            out.append(
                f"{labels[player.seat]} · {card_name(c, lang)} ({c.id}, {industry}): "
                + card_text(c, lang)
            )
    for item in dict.fromkeys(view.item_row):  # one line per kind shown
        out.append(
            t(
                lang,
                "render.philadelphia.item_text",
                "Item {name} ({price}): {text}",
                name=_item_name(lang, item),
                price=money_label(item.price),
                text=term(lang, "philadelphia", "item_text", item.id, item.text),
            )
        )
    if view.field is not None:
        out.append(
            t(
                lang,
                "render.philadelphia.field_text",
                "Field card {name}: {text}",
                name=_item_name(lang, view.field, "field"),
                text=term(lang, "philadelphia", "field_text", view.field.id, view.field.text),
            )
        )
    if view.last_events:
        out.append(t(lang, "render.philadelphia.latest", "Latest events:"))
        out.extend(with_names(tr(e, lang), labels) for e in view.last_events)
    return out


def _detail(pen: Pen, y: float, lines: list[str], th: _Theme) -> None:
    pen.rect(
        MARGIN,
        y,
        WIDTH - MARGIN,
        y + len(lines) * (DETAIL_TEXT + 5) + 8,
        fill=th.panel,
        outline=th.edge,
        radius=6,
    )
    for i, line in enumerate(lines):
        pen.text(MARGIN + 6, y + 4 + i * (DETAIL_TEXT + 5), line, DETAIL_TEXT)


# -- the hand ----------------------------------------------------------------------------------


def hand_of(view: PhilaView, seat: int) -> PlayerView:
    if not 0 <= seat < len(view.players):
        raise KeyError(seat)
    player = view.players[seat]
    if player.hand is None:
        raise ValueError(f"this view does not show seat {seat}'s hand; use view({seat})")
    return player


def _hand_card_height(pen: Pen, card: CardView) -> float:
    text = pen.wrap(card_text(card, pen.lang), MIN_TEXT, HAND_W - 20)
    return 36 + 4 * 28 + 8 + len(text) * 24 + 12


def render_hand(
    view: PhilaView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """``seat``'s hand as cards (``WIDTH * scale`` wide): name, industry, posting cost,
    reward, duration, recruitment numbers, effect text and card id.

    Raises:
        KeyError: no such seat. ValueError: ``view`` is not ``seat``'s own view (the hand is
        hidden), unknown ``theme`` or ``scale <= 0``.
    """
    th = pick_theme(_THEMES, theme, scale)
    player = hand_of(view, seat)
    assert player.hand is not None
    labels = seat_names(names, view.n_seats)
    n = len(player.hand)
    if n == 1:
        title = t(lang, "render.philadelphia.hand_one", "{name}'s hand: 1 card", name=labels[seat])
    else:
        title = t(
            lang,
            "render.philadelphia.hand_title",
            "{name}'s hand: {n} cards",
            name=labels[seat],
            n=n,
        )
    cards = [(card, _months(lang, card.duration)) for card in player.hand]
    empty = t(lang, "render.philadelphia.no_cards", "No cards in hand.")
    return _card_area(th, scale, seat, title, player, cards, empty, lang)


def render_player(
    view: PhilaView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """``seat``'s area as everyone sees it (``WIDTH * scale`` wide): VP, money and hand size,
    then each posted ad as a whole card (as in the hand) with its month markers
    (``month 2/3``, or ``hired`` for an ad that succeeded in the latest recruitment).
    Bought items are not kept by a player (seed: an item takes effect and is discarded), so
    the area has none.

    Raises:
        KeyError: no such seat. ValueError: unknown ``theme`` or ``scale <= 0``.
    """
    th = pick_theme(_THEMES, theme, scale)
    if not 0 <= seat < len(view.players):
        raise KeyError(seat)
    player = view.players[seat]
    labels = seat_names(names, view.n_seats)
    n = len(player.ads)
    if n == 1:
        title = t(
            lang,
            "render.philadelphia.area_one",
            "{name}: 1 ad posted, {hand} in hand",
            name=labels[seat],
            hand=player.hand_size,
        )
    else:
        title = t(
            lang,
            "render.philadelphia.area",
            "{name}: {n} ads posted, {hand} in hand",
            name=labels[seat],
            n=n,
            hand=player.hand_size,
        )
    cards = [(ad.card, _month(lang, ad, ad.succeeded)) for ad in player.ads]
    empty = t(lang, "render.philadelphia.no_ads_posted", "No ads posted.")
    return _card_area(th, scale, seat, title, player, cards, empty, lang)


def _card_area(
    th: _Theme,
    scale: float,
    seat: int,
    title: str,
    player: PlayerView,
    cards: Sequence[tuple[CardView, str]],
    empty: str,
    lang: str = "en",
) -> Image.Image:
    """A seat's cards in rows of ``HAND_COLS`` under a title line with its VP and money;
    each card with a note (its duration, or an ad's months)."""
    probe = Pen(Image.new("RGB", (1, 1)), scale, lang=lang)
    rows = [cards[i : i + HAND_COLS] for i in range(0, len(cards), HAND_COLS)]
    heights = [max(_hand_card_height(probe, c) for c, _ in row) for row in rows]
    head = 52
    height = (
        MARGIN + head + sum(h + HAND_GAP for h in heights) + (LINE if not cards else 0) + MARGIN
    )
    image = Image.new("RGB", (round(WIDTH * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    colour = player_colour(seat)
    y = float(MARGIN)
    pen.rect(MARGIN, y, MARGIN + STRIPE, y + 40, fill=colour, radius=4)
    pen.text(MARGIN + STRIPE + 10, y + 20, title, TITLE, bold=True, anchor="lm")
    pen.text(
        WIDTH - MARGIN,
        y + 20,
        f"{player.vp} VP · {money_label(player.money)}",
        TEXT,
        bold=True,
        anchor="rm",
    )
    y += head
    if not cards:
        pen.text(MARGIN, y + LINE / 2, empty, TEXT, fill=th.muted, anchor="lm")
    for row, h in zip(rows, heights, strict=True):
        for col, (card, note) in enumerate(row):
            _hand_card(pen, MARGIN + col * (HAND_W + HAND_GAP), y, h, card, th, note)
        y += h + HAND_GAP
    return image


def _hand_card(
    pen: Pen, x: float, y: float, h: float, card: CardView, th: _Theme, note: str
) -> None:
    band = INDUSTRY_COLOURS.get(card.industry, th.edge)
    pen.rect(x, y, x + HAND_W, y + h, fill=th.card, outline=th.edge, radius=8)
    pen.rect(x + 1, y + 1, x + HAND_W - 1, y + 36, fill=band, radius=7)
    pen.text(
        x + 10,
        y + 19,
        pen.fit(card_name(card, pen.lang), 20, HAND_W - 20, True),
        20,
        bold=True,
        fill=text_on(band),
        anchor="lm",
    )
    ly = y + 36 + 16
    industry = industry_name(card.industry, pen.lang)
    pen.text(x + 10, ly, industry, MIN_TEXT, bold=True, fill=mix(band, th.ink, 0.25), anchor="lm")
    room = HAND_W - 28 - pen.length(industry, MIN_TEXT, True)
    pen.text(
        x + HAND_W - 10, ly, pen.fit(card.id, MIN_TEXT, room), MIN_TEXT, fill=th.muted, anchor="rm"
    )
    ly += 28
    pen.text(x + 10, ly, _cost(pen.lang, card.cost), MIN_TEXT, anchor="lm")
    reward = t(
        pen.lang,
        "render.philadelphia.reward",
        "reward {reward}",
        reward=reward_label(card, pen.lang),
    )
    pen.text(x + HAND_W - 10, ly, reward, MIN_TEXT, bold=True, anchor="rm")
    ly += 28
    nx = x + 10
    for n in card.numbers:
        pen.rect(nx, ly - 12, nx + 24, ly + 12, fill=th.card, outline=th.ink, radius=4)
        pen.text(nx + 12, ly + 1, str(n), MIN_TEXT, bold=True, anchor="mm")
        nx += 28
    pen.text(x + HAND_W - 10, ly, note, MIN_TEXT, anchor="rm")
    ly += 24
    pen.line([(x + 10, ly), (x + HAND_W - 10, ly)], fill=th.edge)
    ly += 6
    for i, line in enumerate(pen.wrap(card_text(card, pen.lang), MIN_TEXT, HAND_W - 20)):
        pen.text(x + 10, ly + i * 24, line, MIN_TEXT)


def alt(view: PhilaView, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """The board in words (``Renderer.alt``): round, phase and each player's VP and money."""
    labels = seat_names(names, view.n_seats)
    return alt_text(
        _game_name(lang),
        t(
            lang,
            "render.philadelphia.alt_stage",
            "round {n}, {phase}",
            n=view.round,
            phase=_phase_name(lang, view.phase),
        ),
        [f"{labels[p.seat]}: {p.vp} VP, {money_label(p.money)}" for p in view.players],
        over=view.outcome is not None,
        lang=lang,
    )


def _game_name(lang: str) -> str:
    return t(lang, "render.philadelphia.name", "Philadelphia")


def _round(lang: str, n: int) -> str:
    return t(lang, "render.philadelphia.round", "Round {n}", n=n)


def _phase_name(lang: str, phase: Phase) -> str:
    if phase is Phase.ACTION:
        return t(lang, "render.philadelphia.action_phase", "Action phase")
    if phase is Phase.RECRUITMENT:
        return t(lang, "render.philadelphia.recruitment_phase", "Recruitment phase")
    if phase is Phase.UPDATE:
        return t(lang, "render.philadelphia.update_phase", "Update phase")
    return PHASE_NAMES.get(phase, str(phase.value))


def _phase(lang: str, view: PhilaView) -> str:
    if view.outcome is not None:
        return t(lang, "render.philadelphia.over", "Game over")
    return _phase_name(lang, view.phase)


def _item_name(lang: str, item: ItemView, kind: str = "item") -> str:
    return named(lang, kind, item.id, item.name, item.name_ja)


def _months(lang: str, n: int) -> str:
    if n == 1:
        return t(lang, "render.philadelphia.one_month", "1 month")
    return t(lang, "render.philadelphia.months", "{n} months", n=n)


def _month(lang: str, ad: AdView, succeeded: bool) -> str:
    if succeeded:
        return t(lang, "render.philadelphia.hired", "hired")
    return t(lang, "render.philadelphia.month", "month {n}/{of}", n=ad.months, of=ad.card.duration)


def _cost(lang: str, n: int) -> str:
    return t(lang, "render.philadelphia.cost", "cost {n}", n=n)


RENDERER: Renderer[PhilaView] = Renderer(
    "philadelphia",
    board=render_board,
    alt=alt,
    seats=lambda view: view.n_seats,
    player=render_player,
    hand=render_hand,
)
