"""Masters of Commerce board images: districts, market, players, auction, results (seed 004).

``render_board(view, names=...)`` draws a :class:`~games.masters_of_commerce.view.MocView`
and nothing else: it never derives a rule, it only shows what the view says. The board is one
list of sections (``_Board.sections``: header, the phase's own panel, the viewer's offers,
market, players, district cards, legend) drawn at two sizes (GUIDE "Rendering"):

- :data:`CHAT` (``detail=False``, the default) is what the bot posts in the channel: the
  sections stacked in one column 1,100 px wide at scale 1.0 with no text under 23 px, so shown
  550 px wide inline in Discord every name, number and label is at least 11 px (issue 8). It
  shows the year and the phase (a headline and the six-phase strip), who is waited for, the
  last event, a panel for the current phase (negotiation, income and liens, rent due, tax due,
  exclusive tokens, the auction lot and bids, final results), the market, compact player rows
  and district cards packed in rows to use the width for any number of players.
- :data:`DETAIL` (``detail=True``, ``/board detail``) draws the same sections 1,400 px wide
  with text from 14 px: the district cards in a wide column beside the rest, every player's
  row with their whole role and liens, offer notes, and the legend.
- ``render_player(view, seat)`` is one player's sheet (``/board player:<name>``) from the
  same pieces at the chat board's size (the seat's private ``/hand`` text is
  ``bot.hand_text``).

Players appear by their display names (``names``, shortened by ``render.common.seat_names``):
name tags (a colour stripe and the name) and, on deed tiles and in lists, short unique marks
(``Ali``, ``Bru``) in the seat's colour. A mark is never a lone capital, so it cannot be read
as a deed colour letter (R/Y/G/B) or a deed id (``r3``, ``x2g1``); deeds carry their id on a
band in their colour. Offers and sealed bids are private: an image shows them only for
``view.viewer``'s own seat.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from games.masters_of_commerce.phases import PHASES, Phase
from games.masters_of_commerce.view import (
    DeedView,
    DistrictView,
    MocView,
    OfferView,
    PlayerView,
)
from i18n import t, term
from i18n import tr as translated
from render.common import (
    BLACK,
    Legend,
    Palette,
    Pen,
    Section,
    Size,
    alt_text,
    compose,
    event_box,
    mix,
    palette,
    panel,
    pick_theme,
    player_colour,
    seat_names,
    text_on,
)
from render.contract import Renderer

RGB = tuple[int, int, int]

# ---------------------------------------------------------------------------------------------
# Layout (layout units: pixels at scale 1.0 on the chat board)
# ---------------------------------------------------------------------------------------------
CHAT_W = 1100  # shown at half size inline: MIN_TEXT = 23 becomes 11.5 px there
GAP = 12  # between district cards, columns of player rows
PAD = 14  # inside a panel
MIN_TEXT = 23  # the smallest text on a board
TEXT = 25
HEAD = 29
BIG = 34
LINE_H = 40  # a line of names, pills and words
PILL_H = 32
STRIP_H = 44  # the six phases
PANEL_HEAD_H = 40
MARKET_ROW_H = 40
PLAYER_ROW_H = 42
TILE_W = 104
TILE_H = 104
TILE_GAP = 6
BAND_H = 34
CARD_PAD = 10
CARD_HEAD_H = 50
LOT_W = 150  # the auction's lot tile
LOT_H = 140
PLAYER_NAME_W = 130  # widest name in a two-column player row (longer ones are cut: "Maximi…")
LEGEND_ROW_H = 46
LEGEND_ICON_W = 132


@dataclass(frozen=True)
class BoardSize(Size):
    """One of the board's two sizes: the layout (``Size``) and how much each section shows."""

    title: bool = False  # the game's name before the year
    offers: int = 6  # the viewer's own offers listed (the rest: "+n more: /hand")
    notes: bool = False  # an offer's note
    legend: bool = False


CHAT = BoardSize(width=CHAT_W, margin=16, gap=12)
"""The chat board: one column, 1,100 units wide."""
DETAIL = BoardSize(
    width=2300,
    margin=30,
    gap=20,
    unit=14 / MIN_TEXT,  # the smallest text is 14 px at scale 1.0
    side=820,
    title=True,
    offers=12,
    notes=True,
    legend=True,
)
"""The detailed board: 1,400 px wide at scale 1.0, the district cards beside the rest."""
WIDTH = round(DETAIL.width * DETAIL.unit)  # the detailed board's width in pixels at scale 1.0

PHASE_LABELS: dict[Phase, str] = {
    Phase.NEGOTIATION: "Negotiation",
    Phase.INCOME: "Income",
    Phase.RENT: "Rent",
    Phase.TAX: "Tax",
    Phase.EXCLUSIVE: "Exclusive",
    Phase.AUCTION: "Auction",
}
RENT_STATUS: dict[str, tuple[str, str]] = {  # status -> (label, theme colour name)
    "due": ("due", "warn"),
    "paid": ("paid", "good"),
    "partial": ("part paid", "danger"),
    "defaulted": ("unpaid", "danger"),
}


@dataclass(frozen=True)
class _Theme(Palette):
    name: str
    tile: RGB
    slot_empty: RGB
    strip_now: RGB
    strip_done: RGB
    strip_next: RGB
    danger: RGB
    good: RGB
    warn: RGB
    gold: RGB
    deed: dict[str, RGB]

    def status(self, name: str) -> RGB:
        colour: RGB = getattr(self, name)
        return colour


_DEEDS_LIGHT: dict[str, RGB] = {
    "red": (196, 56, 46),
    "yellow": (232, 184, 30),
    "green": (48, 138, 70),
    "blue": (40, 94, 172),
}
_DEEDS_DARK: dict[str, RGB] = {
    "red": (206, 74, 62),
    "yellow": (222, 178, 44),
    "green": (62, 150, 84),
    "blue": (70, 120, 200),
}
_THEMES: dict[str, _Theme] = {
    "light": _Theme(
        **palette("light"),
        name="light",
        tile=(252, 250, 244),
        slot_empty=(232, 227, 217),
        strip_now=(46, 50, 60),
        strip_done=(222, 232, 218),
        strip_next=(255, 253, 248),
        danger=(190, 52, 44),
        good=(44, 128, 72),
        warn=(186, 120, 20),
        gold=(214, 160, 30),
        deed=_DEEDS_LIGHT,
    ),
    "dark": _Theme(
        **palette("dark"),
        name="dark",
        tile=(52, 55, 62),
        slot_empty=(62, 66, 74),
        strip_now=(226, 222, 210),
        strip_done=(52, 74, 60),
        strip_next=(42, 45, 51),
        danger=(232, 104, 90),
        good=(110, 190, 130),
        warn=(226, 170, 70),
        gold=(226, 180, 60),
        deed=_DEEDS_DARK,
    ),
}

_MINUS = "\u2212"  # a real minus sign: the same width as a plus
TAG_STRIPE = 12  # the colour stripe at the left of a name tag


class _Pen(Pen):
    """The shared pen plus this game's theme."""

    def __init__(self, image: Image.Image, scale: float, theme: _Theme, lang: str = "en") -> None:
        super().__init__(image, scale, theme.ink, lang=lang)
        self.t = theme

    def tag(self, x: float, cy: float, seat: int, text: str, size: float, h: float) -> float:
        """A name tag: a stripe in the seat's colour, then the name in ink on a light tint of
        it. Dark ink reads at 11 px and by OCR, which white on a colour does not, and a
        stripe (unlike a disc) is never read as a letter. Left edge ``x``; returns the width."""
        colour = player_colour(seat)
        w = self.tag_w(text, size)
        tint = mix(self.t.panel, colour, 0.22)
        edge = mix(colour, self.t.ink, 0.4)
        self.rect(
            x, cy - h / 2, x + w, cy + h / 2, fill=tint, outline=edge, width=1.5, radius=h / 2
        )
        self.rect(x, cy - h / 2, x + TAG_STRIPE + h / 2, cy + h / 2, fill=colour, radius=h / 2)
        self.rect(x + TAG_STRIPE, cy - h / 2, x + TAG_STRIPE + h / 2, cy + h / 2, fill=tint)
        self.text(x + TAG_STRIPE + 8, cy + 1, text, size, bold=True, fill=self.t.ink, anchor="lm")
        return w

    def tag_w(self, text: str, size: float) -> float:
        return self.length(text, size, True) + TAG_STRIPE + 18


# ---------------------------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------------------------


def money_label(amount: int) -> str:
    """``$25,000``; negative with a minus sign."""
    return f"{_MINUS if amount < 0 else ''}${abs(amount):,}"


def _thousands(amount: int) -> str:
    """``25`` for $25,000 (``2.5`` for $2,500, ``−10`` for a loss): a market value."""
    value = abs(amount) / 1000
    text = f"{value:g}" if value < 1000 else f"{value:,.0f}"
    return (_MINUS if amount < 0 else "") + text


def seat_tag(seat: int) -> str:
    """Notation name of a seat (``p1`` is seat 0), as in the engine's sentences."""
    return f"p{seat + 1}"


def _deed_colour(th: _Theme, colour: str) -> RGB:
    return th.deed.get(colour, th.faint)


def role_text(view: MocView, p: PlayerView, lang: str = "en") -> str:
    """``Merchant · apples``; ``Both roles · oil`` in the 3–4 player variant."""
    if view.variant and p.is_landlord and p.is_merchant:
        text = t(lang, "render.moc.both_roles", "Both roles")
    elif p.is_landlord and p.is_merchant:
        text = t(lang, "render.moc.landlord_merchant", "Landlord & merchant")
    elif p.is_landlord:
        text = t(lang, "render.moc.landlord", "Landlord")
    elif p.is_merchant:
        text = t(lang, "render.moc.merchant", "Merchant")
    else:
        text = t(lang, "render.moc.spectator", "Spectator")
    if p.is_merchant and p.goods:
        text += f" · {_goods(lang, p.goods)}"
    return text


def _goods(lang: str, goods: str) -> str:
    """A merchant's goods in ``lang`` (``moc.term.goods.<name>``, whose English is the
    capitalised name); the view's own word where there is no translation."""
    found = term(lang, "moc", "goods", goods, goods.capitalize())
    return goods if found == goods.capitalize() else found


def _phase_label(lang: str, phase: Phase) -> str:
    """A phase's short name in ``lang`` (the seed's: 交渉, 商人の収入...)."""
    return {
        Phase.NEGOTIATION: t(lang, "render.moc.negotiation", "Negotiation"),
        Phase.INCOME: t(lang, "render.moc.income", "Income"),
        Phase.RENT: t(lang, "render.moc.rent", "Rent"),
        Phase.TAX: t(lang, "render.moc.tax", "Tax"),
        Phase.EXCLUSIVE: t(lang, "render.moc.exclusive", "Exclusive"),
        Phase.AUCTION: t(lang, "render.moc.auction", "Auction"),
    }.get(phase, PHASE_LABELS.get(phase, str(phase.value)))


def _is_out(p: PlayerView) -> bool:
    """Every role this player held has gone bankrupt."""
    held = [p.landlord_bankrupt] * p.is_landlord + [p.merchant_bankrupt] * p.is_merchant
    return bool(held) and all(held)


def lien_holders(view: MocView) -> dict[int, list[int]]:
    """Landlord -> merchants they hold a lien on (read from the merchants' ``liens_on``)."""
    out: dict[int, list[int]] = {}
    for p in view.players:
        for landlord in p.liens_on:
            out.setdefault(landlord, []).append(p.seat)
    return out


# ---------------------------------------------------------------------------------------------
# Small glyphs
# ---------------------------------------------------------------------------------------------


def _lock(pen: _Pen, cx: float, cy: float, s: float, colour: RGB) -> None:
    """A padlock ``s`` pixels tall: the closed-contract marker."""
    w = s * 0.78
    body_top = cy - s * 0.08
    pen.draw.arc(
        (
            pen.px(cx - w * 0.32),
            pen.px(cy - s / 2),
            pen.px(cx + w * 0.32),
            pen.px(body_top + s * 0.22),
        ),
        180,
        360,
        fill=colour,
        width=pen.width(s * 0.13),
    )
    pen.line(
        [(cx - w * 0.32 + s * 0.05, cy - s * 0.2), (cx - w * 0.32 + s * 0.05, body_top)],
        fill=colour,
        width=s * 0.13,
    )
    pen.line(
        [(cx + w * 0.32 - s * 0.05, cy - s * 0.2), (cx + w * 0.32 - s * 0.05, body_top)],
        fill=colour,
        width=s * 0.13,
    )
    pen.rect(cx - w / 2, body_top, cx + w / 2, cy + s / 2, fill=colour, radius=s * 0.12)


def _star(pen: _Pen, cx: float, cy: float, r: float, fill: RGB, outline: RGB) -> None:
    """A five-pointed star of outer radius ``r``: the exclusive token."""
    pts: list[tuple[float, float]] = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    pen.polygon(pts, fill=fill, outline=outline)


def _banner(view: MocView, labels: Sequence[str], lang: str = "en") -> str | None:
    """The game-over line naming the winners, from ``view.outcome``."""
    if view.outcome is None:
        return None
    winners = [int(s) for s in view.outcome.get("winners", [])]
    details: dict[str, dict[str, Any]] = dict(view.outcome.get("details", {}))
    if not winners:
        return t(lang, "render.moc.over_nobody", "GAME OVER — nobody wins")
    if view.variant:
        names = " & ".join(labels[s] for s in winners)
        if len(winners) == 1:
            return t(lang, "render.moc.over_wins", "GAME OVER — {names} wins", names=names)
        return t(lang, "render.moc.over_share", "GAME OVER — {names} share the win", names=names)
    parts = []
    for role in ("landlord", "merchant"):
        who = " & ".join(labels[s] for s in winners if details.get(str(s), {}).get(role))
        if who and role == "landlord":
            parts.append(
                t(lang, "render.moc.richest_landlord", "richest landlord: {names}", names=who)
            )
        elif who:
            parts.append(
                t(lang, "render.moc.richest_merchant", "richest merchant: {names}", names=who)
            )
    body = " · ".join(parts or [" & ".join(labels[s] for s in winners)])
    return t(lang, "render.moc.over", "GAME OVER — {winners}", winners=body)


@dataclass(frozen=True)
class _MarketPlan:
    """What of the market never changes in a game: the key of its cached base layer."""

    tracks: tuple[tuple[str, str, tuple[int, ...], int], ...]  # colour, letter, values, start

    @classmethod
    def of(cls, view: MocView) -> _MarketPlan:
        return cls(tuple((tr.colour, tr.letter.upper(), tr.values, tr.start) for tr in view.tracks))


def _waiting(view: MocView) -> list[int]:
    """Seats the table waits for: ``to_act`` less those who said ``done`` in a negotiation."""
    if view.outcome is not None:
        return []
    return [
        s
        for s in view.to_act
        if not (
            view.phase is Phase.NEGOTIATION and 0 <= s < len(view.players) and view.players[s].done
        )
    ]


def _lot_deed(view: MocView, deed_id: str) -> DeedView:
    """A stand-in deed for a lot (colour and x2 read from its id's track letter)."""
    body = deed_id[2:] if deed_id.startswith("x2") else deed_id
    colour = next(
        (tr.colour for tr in view.tracks if body.startswith(tr.letter)),
        "",
    )
    return DeedView(
        deed_id, colour, deed_id.startswith("x2"), -1, None, None, False, False, "", None
    )


def _private_rows(
    view: MocView, labels: Sequence[str], lang: str = "en"
) -> list[tuple[str, OfferView | None, str]]:
    """The viewer's own offers as (kind, offer, text); empty for the public view."""
    if view.viewer is None or not 0 <= view.viewer < len(view.players):
        return []
    me = view.players[view.viewer]
    rows: list[tuple[str, OfferView | None, str]] = []
    for o in me.offers_made or ():
        rows.append(
            ("made", o, t(lang, "render.moc.to_name", "to {name}", name=labels[o.landlord]))
        )
    for o in me.offers_received or ():
        rows.append(
            ("received", o, t(lang, "render.moc.from_name", "from {name}", name=labels[o.merchant]))
        )
    if me.sealed_bid is not None:
        bid = money_label(me.sealed_bid) if me.sealed_bid else t(lang, "render.moc.pass", "pass")
        rows.append(("bid", None, bid))
    return rows


def _result_groups(view: MocView, lang: str = "en") -> list[tuple[str, list[int]]]:
    """(title, seats in rank order) — one group in the variant, else landlords and merchants."""
    out: dict[str, Any] = view.outcome or {}
    ranks: dict[str, int] = dict(out.get("ranks", {}))
    details: dict[str, dict[str, Any]] = dict(out.get("details", {}))

    def order(seats: list[int]) -> list[int]:
        return sorted(seats, key=lambda s: (ranks.get(str(s), 99), s))

    if view.variant:
        return [(t(lang, "render.moc.players", "Players"), order([p.seat for p in view.players]))]
    lands = [
        p.seat for p in view.players if details.get(str(p.seat), {}).get("landlord", p.is_landlord)
    ]
    merch = [
        p.seat for p in view.players if details.get(str(p.seat), {}).get("merchant", p.is_merchant)
    ]
    return [
        (t(lang, "render.moc.landlords", "Landlords"), order(lands)),
        (t(lang, "render.moc.merchants", "Merchants"), order(merch)),
    ]


# ---------------------------------------------------------------------------------------------
# Names: every seat by its display name, and a short unique mark for small places
# ---------------------------------------------------------------------------------------------

_SEAT_TAG = re.compile(r"(?<![A-Za-z0-9_])p(\d{1,2})(?![0-9])")


def _marks(labels: Sequence[str]) -> list[str]:
    """A short mark per seat for deed tiles and lists: the first 3 letters of the name, up to
    5 when two names share them, else 2 letters and the seat number (``An2``); a one-letter
    name gets its seat number (``B2``). So a mark is never a lone capital that reads as a
    deed colour letter (R/Y/G/B), and marks of different seats always differ."""
    labels = [
        label if len(label) >= 2 else f"{label}{seat + 1}" for seat, label in enumerate(labels)
    ]
    for n in (3, 4, 5):
        cut = [label[:n].rstrip(" .…") or label for label in labels]
        if len(set(cut)) == len(cut):
            return cut
    return [f"{label[:2]}{seat + 1}" for seat, label in enumerate(labels)]


def _named(text: str, labels: Sequence[str]) -> str:
    """The engine's sentence with its seat tags (``p3``) replaced by names."""

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1)) - 1
        return labels[seat] if 0 <= seat < len(labels) else m.group(0)

    return _SEAT_TAG.sub(name, text)


# ---------------------------------------------------------------------------------------------
# The board's sections, each drawn at either size
# ---------------------------------------------------------------------------------------------

RENT_MARK: dict[str, str] = {"due": "!", "paid": "✓", "partial": "½", "defaulted": "✗"}


def _k(amount: int) -> str:
    """``$13k`` for $13,000, ``$13.5k`` for $13,500, ``$13,250`` when thousands would round."""
    sign = _MINUS if amount < 0 else ""
    a = abs(amount)
    if a % 100 == 0 and a >= 1000:
        return f"{sign}${a / 1000:g}k"
    return f"{sign}${a:,}"


@dataclass(frozen=True)
class _Seg:
    """One unbreakable piece of a flowing line: words, a seat's name pill, a deed chip, a pill."""

    kind: str  # "t" text, "n" name pill, "m" mark pill, "d" deed chip, "p" pill, "br" new line
    text: str = ""
    seat: int = -1
    colour: RGB | None = None
    bold: bool = False


def _t(text: str, colour: RGB | None = None, bold: bool = False) -> _Seg:
    return _Seg("t", text, colour=colour, bold=bold)


_Plan = list[list[tuple[DistrictView, int, float]]]  # district cards in rows: (district, cols, w)


class _Board:
    """The sections of one board (``sections``) and one player's sheet (``sheet``): ``view``
    drawn at ``size`` with ``pen``. ``plan`` keeps the district cards' packing by width, so
    a board measured with one pen is drawn with another without packing it again."""

    def __init__(
        self,
        pen: _Pen,
        view: MocView,
        labels: Sequence[str],
        size: BoardSize = CHAT,
        plan: dict[float, _Plan] | None = None,
    ) -> None:
        self.pen = pen
        self.t = pen.t
        self.lang = pen.lang
        self.view = view
        self.names = list(labels)
        self.marks = _marks(labels)
        self.waiting = _waiting(view)
        self.size = size
        self.plan = plan if plan is not None else {}

    def sections(self) -> list[Section]:
        """Header; the phase's panel, the viewer's own offers, market, players; district
        cards; legend. Stacked in this order on the chat board; on the detailed board the
        district cards fill the wide column beside the rest."""
        return [
            Section(self.header_height, self.header, "top"),
            Section(self.focus_height, self.focus, "side"),
            Section(self.private_height, self.private, "side"),
            Section(self.market_height, self.market, "side"),
            Section(self.players_height, self.players, "side"),
            Section(self.districts_height, self.districts),
            Section(self.legend_height, self.legend, "side"),
        ]

    # -- small pieces -----------------------------------------------------------------

    def name_pill(
        self, x: float, cy: float, seat: int, *, mark: bool = False, limit: float = math.inf
    ) -> float:
        """The seat's colour with its name (or mark) on it; returns the width. ``limit``: the
        widest the name may be (a longer one is cut with an ellipsis)."""
        colour = player_colour(seat)
        if not mark:
            name = self.pen.fit(self.names[seat], MIN_TEXT, limit, True)
            return self.pen.tag(x, cy, seat, name, MIN_TEXT, PILL_H)
        text = self.marks[seat]
        return self.pen.pill(
            x,
            cy,
            text,
            fill=colour,
            size=MIN_TEXT,
            h=PILL_H - (4 if mark else 0),
            outline=mix(colour, self.t.ink, 0.45),
        )

    def state_pills(self, p: PlayerView) -> list[_Seg]:
        """A player's state: bankrupt (a role's, or wholly), then to act or done."""
        v, th, lang = self.view, self.t, self.lang
        pills: list[_Seg] = []
        if _is_out(p):
            pills.append(_Seg("p", t(lang, "render.moc.bankrupt", "bankrupt"), colour=th.danger))
        else:
            if p.is_landlord and p.landlord_bankrupt:
                text = t(lang, "render.moc.landlord_bankrupt", "landlord bankrupt")
                pills.append(_Seg("p", text, colour=th.danger))
            if p.is_merchant and p.merchant_bankrupt:
                text = t(lang, "render.moc.merchant_bankrupt", "merchant bankrupt")
                pills.append(_Seg("p", text, colour=th.danger))
        if p.seat in self.waiting:
            pills.append(_Seg("p", t(lang, "render.moc.to_act", "to act"), colour=th.strip_now))
        elif v.phase is Phase.NEGOTIATION and p.done and v.outcome is None:
            pills.append(_Seg("p", t(lang, "render.moc.done", "✓ done"), colour=th.good))
        return pills

    # -- one player's sheet (/board player:<name>) -------------------------------------

    def sheet_segs(self, seat: int) -> list[_Seg]:
        v, th, lang = self.view, self.t, self.lang
        p = v.players[seat]
        segs: list[_Seg] = [_Seg("n", seat=seat), _t(_k(p.money), bold=True)]
        role = role_text(v, p, lang)
        segs.append(_t(role.lower() if lang == "en" else role, th.muted))
        segs += self.state_pills(p)
        head = self.headline()
        year = t(
            lang,
            "render.moc.sheet_year",
            "· year {year} of {years}, {phase}",
            year=v.year,
            years=v.years,
            phase=head.lower() if lang == "en" else head,
        )
        segs.append(_t(year, th.muted))
        if p.liens_on:
            segs += [
                _Seg("br"),
                _t(t(lang, "render.moc.liens_by", "Liens on them by"), th.danger, True),
            ]
            segs += [_Seg("n", seat=s) for s in p.liens_on]
        if p.lien_income_to is not None:
            segs += [
                _t(t(lang, "render.moc.next_income", "· next income to"), th.danger),
                _Seg("n", seat=p.lien_income_to),
            ]
        held = lien_holders(v).get(seat, [])
        if held:
            their = t(lang, "render.moc.their_liens", "Their liens on")
            segs += [_Seg("br"), _t(their, th.muted), *(_Seg("n", seat=s) for s in held)]
        due = v.tax_due.get(seat)
        if due:
            segs += [
                _Seg("br"),
                _t(t(lang, "render.moc.tax_due_sheet", "Tax due"), th.muted),
                _t(_k(due), th.warn, True),
            ]
        return segs

    def rented(self, seat: int) -> list[DeedView]:
        return [d for dist in self.view.districts for d in dist.deeds if d.merchant == seat]

    def rents_height(self, seat: int, w: float) -> float:
        deeds = self.rented(seat)
        if not self.view.players[seat].is_merchant:
            return 0
        rows = max(1, -(-len(deeds) // _max_cols(w)))
        return PANEL_HEAD_H + rows * (TILE_H + TILE_GAP) - TILE_GAP + CARD_PAD

    def rents(self, seat: int, x: float, y: float, w: float) -> float:
        if not self.view.players[seat].is_merchant:
            return 0
        deeds = self.rented(seat)
        h = self.rents_height(seat, w)
        total = sum(d.rent or 0 for d in deeds)
        lang = self.lang
        note = (
            t(
                lang,
                "render.moc.rents_note",
                "{amount} a year · landlord on each deed",
                amount=_k(total),
            )
            if deeds
            else ""
        )
        if len(deeds) == 1:
            title = t(lang, "render.moc.rents_one", "Rents 1 deed")
        else:
            title = t(lang, "render.moc.rents", "Rents {n} deeds", n=len(deeds))
        self.panel(x, y, w, h, title, note)
        if not deeds:
            self.pen.text(
                x + PAD,
                y + PANEL_HEAD_H + TILE_H / 2,
                t(lang, "render.moc.nothing_rented", "nothing rented"),
                MIN_TEXT,
                fill=self.t.faint,
                anchor="lm",
            )
        for i, d in enumerate(deeds):
            row, col = divmod(i, _max_cols(w))
            self.tile(
                d,
                x + CARD_PAD + col * (TILE_W + TILE_GAP),
                y + PANEL_HEAD_H + row * (TILE_H + TILE_GAP),
                who=d.landlord,
            )
        return h

    def own_district(self, seat: int) -> DistrictView | None:
        return next((d for d in self.view.districts if d.landlord == seat), None)

    def sheet_height(self, seat: int, w: float) -> float:
        parts: list[float] = [len(self.flow_lines(self.sheet_segs(seat), w)) * LINE_H]
        d = self.own_district(seat)
        if d is not None:
            parts.append(_card_h(len(d.deeds), max(1, min(len(d.deeds), _max_cols(w)))))
        parts += [self.rents_height(seat, w), self.private_height(w)]
        shown = [p for p in parts if p > 0]
        return sum(shown) + GAP * (len(shown) - 1)

    def sheet(self, seat: int, x: float, y: float, w: float) -> float:
        y0 = y
        y += self.flow(self.sheet_segs(seat), x, y, w) + GAP
        d = self.own_district(seat)
        if d is not None:
            cols = max(1, min(len(d.deeds), _max_cols(w)))
            h = _card_h(len(d.deeds), cols)
            self.card(d, x, y, w, h, cols, lien_holders(self.view).get(seat, []))
            y += h + GAP
        used = self.rents(seat, x, y, w)
        if used:
            y += used + GAP
        if self.view.viewer == seat:
            y += self.private(x, y, w) + GAP
        return y - GAP - y0

    def pill_w(self, text: str, size: float = MIN_TEXT) -> float:
        return self.pen.length(text, size, True) + 14

    def seg_w(self, s: _Seg) -> float:
        if s.kind == "t":
            return self.pen.length(s.text, MIN_TEXT, s.bold)
        if s.kind == "n":
            return self.pen.tag_w(self.names[s.seat], MIN_TEXT)
        if s.kind == "m":
            return self.pill_w(self.marks[s.seat])
        if s.kind in ("d", "p"):
            return self.pill_w(s.text)
        return 0

    def flow_lines(self, segs: Sequence[_Seg], w: float) -> list[list[_Seg]]:
        lines: list[list[_Seg]] = [[]]
        used = 0.0
        for s in segs:
            if s.kind == "br":
                lines.append([])
                used = 0
                continue
            sw = self.seg_w(s)
            if lines[-1] and used + 8 + sw > w:
                lines.append([])
                used = 0
            used += (8 if lines[-1] else 0) + sw
            lines[-1].append(s)
        return [line for line in lines if line]

    def flow(self, segs: Sequence[_Seg], x: float, y: float, w: float) -> float:
        """Draw ``segs`` left to right from ``x``, wrapping at ``w``; returns the height."""
        lines = self.flow_lines(segs, w)
        for i, line in enumerate(lines):
            cy = y + i * LINE_H + LINE_H / 2
            lx = x
            for s in line:
                lx += self.seg(s, lx, cy) + 8
        return len(lines) * LINE_H

    def seg(self, s: _Seg, x: float, cy: float) -> float:
        pen, th = self.pen, self.t
        if s.kind == "t":
            pen.text(x, cy + 1, s.text, MIN_TEXT, bold=s.bold, fill=s.colour or th.ink, anchor="lm")
            return pen.length(s.text, MIN_TEXT, s.bold)
        if s.kind in ("n", "m"):
            return self.name_pill(x, cy, s.seat, mark=s.kind == "m")
        if s.kind == "d":
            c = _deed_colour(th, _lot_deed(self.view, s.text).colour)
            return pen.pill(x, cy, s.text, fill=c, size=MIN_TEXT, h=PILL_H - 2)
        if s.kind == "p":
            fill = s.colour or th.strip_now
            return pen.pill(x, cy, s.text, fill=fill, size=MIN_TEXT, h=PILL_H - 4)
        return 0

    def panel(self, x: float, y: float, w: float, h: float, title: str, note: str = "") -> None:
        panel(
            self.pen,
            self.t,
            x,
            y,
            w,
            h,
            title,
            note,
            head=PANEL_HEAD_H,
            size=TEXT,
            note_size=MIN_TEXT,
            pad=PAD,
        )

    # -- header -----------------------------------------------------------------------

    def headline(self) -> str:
        v, lang = self.view, self.lang
        if v.outcome is not None:
            return t(lang, "render.moc.game_over", "Game over")
        if v.phase is Phase.AUCTION and v.auction is not None:
            a = v.auction
            total = len(a.lots)
            return t(
                lang,
                "render.moc.auction_lot",
                "Auction · lot {n} of {total}",
                n=min(a.lot_index + 1, total),
                total=total,
            )
        if v.phase is Phase.LIEN:
            return t(lang, "render.moc.income_liens", "Income · liens")
        if v.phase in PHASE_LABELS:
            return _phase_label(lang, v.phase)
        return translated(v.phase_label, lang)

    def header_note(self) -> str:
        v, lang = self.view, self.lang
        tags = []
        if v.variant:
            tags.append(t(lang, "render.moc.variant", "3–4 player variant"))
        if v.expert:
            tags.append(t(lang, "render.moc.expert", "expert"))
        if v.auction is not None and v.phase is Phase.AUCTION:
            if v.auction.mode == "open":
                tags.append(t(lang, "render.moc.open_bids", "open bids"))
            else:
                tags.append(t(lang, "render.moc.sealed_bids", "sealed bids"))
        if v.deadline_seconds and v.outcome is None:
            tags.append(
                t(
                    lang,
                    "render.moc.timer",
                    "{time} timer",
                    time=_duration(v.deadline_seconds, lang),
                )
            )
        if v.outcome is None:
            if v.supply == 1:
                tags.append(t(lang, "render.moc.supply_one", "supply 1 deed"))
            else:
                tags.append(t(lang, "render.moc.supply", "supply {n} deeds", n=v.supply))
        return " · ".join(tags)

    def waiting_segs(self) -> list[_Seg]:
        if not self.waiting:
            return []
        waiting = t(self.lang, "render.moc.waiting_for", "Waiting for")
        return [_t(waiting, self.t.muted), *(_Seg("n", seat=s) for s in self.waiting)]

    def event_lines(self, w: float) -> list[str]:
        banner = _banner(self.view, self.names, self.lang)
        event = banner or _named(translated(self.view.last_event, self.lang), self.names)
        event = event or t(
            self.lang, "render.moc.opens", "The market opens: landlords, merchants, negotiate!"
        )
        return self.pen.lines(event, TEXT, w - 40, 2, bold=banner is not None)

    def header_height(self, w: float) -> float:
        h = 52 + 8 + STRIP_H + 10
        waiting = self.waiting_segs()
        if waiting:
            h += len(self.flow_lines(waiting, w)) * LINE_H + 4
        return h + len(self.event_lines(w)) * 32 + 8

    def header(self, x: float, y: float, w: float) -> None:
        """Year and phase, the phase strip, who is waited for, the last event (the winners
        once the game is over)."""
        pen, th, v = self.pen, self.t, self.view
        cy = y + 26
        year = t(self.lang, "render.moc.year", "Year {year} of {years}", year=v.year, years=v.years)
        if self.size.title:
            year = t(self.lang, "render.moc.title", "MASTERS OF COMMERCE · {year}", year=year)
        pen.text(x, cy, year, HEAD, bold=True, anchor="lm")
        hx = x + pen.length(year, HEAD, True) + 18
        head = self.headline()
        pen.text(hx, cy, head, BIG, bold=True, fill=th.ink, anchor="lm")
        hx += pen.length(head, BIG, True) + 18
        note = self.header_note()
        if note and x + w - hx > 60:
            note = pen.fit(note, MIN_TEXT, x + w - hx)
            pen.text(x + w, cy + 1, note, MIN_TEXT, fill=th.muted, anchor="rm")
        sy = y + 52 + 8
        self.strip(x, sy, w)
        ly = sy + STRIP_H + 10
        waiting = self.waiting_segs()
        if waiting:
            ly += self.flow(waiting, x, ly, w) + 4
        over = v.outcome is not None
        fill = th.banner_over if over else th.panel
        lines = self.event_lines(w)
        event_box(
            pen,
            th,
            x,
            ly,
            w,
            lines,
            size=TEXT,
            line_h=32,
            indent=32,
            mark=TEXT,
            fill=fill,
            bold=over,
        )

    def strip(self, x: float, y: float, w: float) -> None:
        """The year's phases as chevrons: done (✓), now (dark, bold), to come."""
        pen, th, v = self.pen, self.t, self.view
        phases = [p for p in PHASES if p in PHASE_LABELS]
        n = len(phases)
        current = Phase.INCOME if v.phase is Phase.LIEN else v.phase
        over = v.outcome is not None or current not in phases
        now = n if over else phases.index(current)
        tip = 14
        seg = (w + tip * (n - 1)) / n
        for i, phase in enumerate(phases):
            x0 = x + i * (seg - tip)
            x1 = x0 + seg
            if over:
                fill, ink, edge = th.strip_next, th.muted, th.panel_edge
            elif i == now:
                fill, ink, edge = th.strip_now, text_on(th.strip_now), th.strip_now
            elif i < now:
                fill, ink, edge = th.strip_done, th.muted, th.panel_edge
            else:
                fill, ink, edge = th.strip_next, th.ink, th.panel_edge
            if phase is Phase.EXCLUSIVE and not v.expert:
                ink = th.faint
            left = 0 if i == 0 else tip
            right = 0 if i == n - 1 else tip
            pen.polygon(
                [
                    (x0, y),
                    (x1 - right, y),
                    (x1, y + STRIP_H / 2),
                    (x1 - right, y + STRIP_H),
                    (x0, y + STRIP_H),
                    (x0 + left, y + STRIP_H / 2),
                ],
                fill=fill,
                outline=edge,
            )
            label = _phase_label(self.lang, phase)
            if i < now and not over:
                label = "✓ " + label
            room = seg - left - right - 6
            if pen.length(label, MIN_TEXT, i == now) > room:
                label = label.removeprefix("✓ ")
            cx = x0 + (left + seg - right) / 2
            pen.text(cx, y + STRIP_H / 2 + 1, label, MIN_TEXT, bold=i == now, fill=ink, anchor="mm")

    # -- the phase's own panel ------------------------------------------------------------

    def focus_segs(self) -> tuple[str, list[_Seg]]:
        """(title, pieces) of what the current phase is about; empty title: no panel."""
        v, th = self.view, self.t
        if v.outcome is not None or v.phase is Phase.AUCTION:
            return "", []
        segs: list[_Seg] = []
        if v.phase is Phase.NEGOTIATION:
            merchants = [p for p in v.players if not _is_out(p)]
            done = sum(1 for p in merchants if p.done)
            vacant = sum(1 for d in v.districts for deed in d.deeds if deed.merchant is None)
            done_of = t(
                self.lang, "render.moc.done_of", "{done} of {n} done ·", done=done, n=len(merchants)
            )
            if vacant == 1:
                vacant_s = t(self.lang, "render.moc.vacant_one", "1 vacant deed ·")
            else:
                vacant_s = t(self.lang, "render.moc.vacant", "{n} vacant deeds ·", n=vacant)
            segs += [
                _t(done_of, th.muted),
                _t(vacant_s, th.muted),
                _t(
                    t(self.lang, "render.moc.offers_are_private_dm", "offers are private (DM)"),
                    th.muted,
                ),
            ]
            return _phase_label(self.lang, Phase.NEGOTIATION), segs
        if v.phase in (Phase.INCOME, Phase.LIEN):
            for landlord, merchant in v.lien_choosing:
                segs += [
                    _Seg("n", seat=landlord),
                    _t(
                        t(
                            self.lang,
                            "render.moc.takes_a_deed_s_income_from",
                            "takes a deed's income from",
                        )
                    ),
                    _Seg("n", seat=merchant),
                    _Seg("br"),
                ]
            totals: dict[int, int] = {}
            for line in v.income:
                totals[line.paid_to] = totals.get(line.paid_to, 0) + line.amount
            if totals:
                segs.append(_t(t(self.lang, "render.moc.income_colon", "Income:"), th.muted))
                for seat, amount in sorted(totals.items()):
                    segs += [
                        _Seg("m", seat=seat),
                        _t(_k(amount), th.danger if amount < 0 else th.ink, True),
                    ]
            return _phase_label(self.lang, Phase.INCOME), segs or [
                _t(t(self.lang, "render.moc.dice_rolled", "dice rolled"), th.muted)
            ]
        if v.phase is Phase.RENT:
            owed: dict[int, int] = {}
            for dist in v.districts:
                for d in dist.deeds:
                    if d.merchant is not None and d.rent_status in ("due", "partial"):
                        owed[d.merchant] = owed.get(d.merchant, 0) + (d.rent or 0)
            if owed:
                segs.append(_t(t(self.lang, "render.moc.rent_due", "Rent due:"), th.muted))
                for seat, amount in sorted(owed.items()):
                    segs += [_Seg("n", seat=seat), _t(_k(amount), bold=True)]
                segs.append(_Seg("br"))
            for landlord, merchant in v.lien_deciding:
                segs += [
                    _Seg("n", seat=landlord),
                    _t(t(self.lang, "render.moc.decides_lien_on", "decides: lien on")),
                    _Seg("n", seat=merchant),
                    _t("?"),
                    _Seg("br"),
                ]
            segs += [
                _t(t(self.lang, "render.moc.on_deeds", "On deeds:"), th.muted),
                _t(t(self.lang, "render.moc.due", "! due"), th.warn, True),
                _t(t(self.lang, "render.moc.paid", "✓ paid"), th.good, True),
            ]
            segs += [
                _t(t(self.lang, "render.moc.part_paid", "½ part paid"), th.danger, True),
                _t(t(self.lang, "render.moc.unpaid", "✗ unpaid"), th.danger, True),
            ]
            return _phase_label(self.lang, Phase.RENT), segs
        if v.phase is Phase.TAX:
            segs.append(_t(t(self.lang, "render.moc.tax_due", "Tax due:"), th.muted))
            for seat, amount in sorted(v.tax_due.items()):
                segs += [_Seg("n", seat=seat), _t(_k(amount), bold=True)]
            if not v.tax_due:
                segs.append(_t(t(self.lang, "render.moc.nothing_owed", "nothing owed"), th.faint))
            return _phase_label(self.lang, Phase.TAX), segs
        if v.phase is Phase.EXCLUSIVE:
            for dist in v.districts:
                if dist.exclusive_holder is None:
                    continue
                segs += [
                    _Seg("n", seat=dist.exclusive_holder),
                    _t(t(self.lang, "render.moc.leads_the_district_of", "leads the district of")),
                    _Seg("n", seat=dist.landlord),
                    _t(t(self.lang, "render.moc.on", "· ★ on"), th.muted),
                ]
                if dist.exclusive_deed is None:
                    segs += [
                        _t(t(self.lang, "render.moc.none_yet", "none yet"), th.faint),
                        _Seg("br"),
                    ]
                else:
                    segs += [_Seg("d", dist.exclusive_deed), _Seg("br")]
            return _phase_label(self.lang, Phase.EXCLUSIVE), segs or [
                _t(t(self.lang, "render.moc.no_token_to_place", "no token to place"), th.faint)
            ]
        return "", []

    def focus_height(self, w: float) -> float:
        v = self.view
        if v.outcome is not None:
            return self.results_height()
        if v.phase is Phase.AUCTION and v.auction is not None:
            return self.auction_height(w)
        title, segs = self.focus_segs()
        if not title:
            return 0
        lines = self.flow_lines([_t(title, bold=True), *segs], w - 2 * PAD)
        return len(lines) * LINE_H + 12

    def focus(self, x: float, y: float, w: float) -> float:
        v = self.view
        if v.outcome is not None:
            return self.results(x, y, w)
        if v.phase is Phase.AUCTION and v.auction is not None:
            return self.auction(x, y, w)
        title, segs = self.focus_segs()
        if not title:
            return 0
        h = self.focus_height(w)
        pen = self.pen
        pen.rect(x, y, x + w, y + h, fill=self.t.panel, outline=self.t.panel_edge, radius=10)
        self.flow([_t(title, bold=True), *segs], x + PAD, y + 6, w - 2 * PAD)
        return h

    # -- auction ---------------------------------------------------------------------

    def auction_segs(self) -> list[_Seg]:
        v, th = self.view, self.t
        a = v.auction
        assert a is not None
        segs: list[_Seg] = []
        if a.mode == "open":
            segs.append(_t(t(self.lang, "render.moc.high_bid", "High bid"), th.muted))
            if a.high_bid is not None and a.high_bidder is not None:
                segs += [
                    _t(_k(a.high_bid), bold=True),
                    _t(t(self.lang, "render.moc.by", "by"), th.muted),
                    _Seg("n", seat=a.high_bidder),
                ]
            else:
                segs.append(_t(t(self.lang, "render.moc.none_yet", "none yet"), th.faint))
            segs += [_Seg("br"), _t(t(self.lang, "render.moc.to_bid", "To bid:"), th.muted)]
            segs += [_Seg("n", seat=s) for s in self.waiting] or [_t("—", th.faint)]
            if a.passed:
                segs += [
                    _Seg("br"),
                    _t(t(self.lang, "render.moc.passed", "Passed:"), th.muted),
                    *(_Seg("m", seat=s) for s in a.passed),
                ]
        else:
            segs += [
                _t(
                    t(
                        self.lang,
                        "render.moc.sealed_bids_amounts_hidden",
                        "Sealed bids, amounts hidden:",
                    ),
                    th.muted,
                ),
                _t(t(self.lang, "render.moc.n_in", "{n} in", n=len(a.bidders)), bold=True),
            ]
            segs += [_Seg("br"), _t(t(self.lang, "render.moc.bid_in", "Bid in:"), th.muted)]
            segs += [_Seg("m", seat=s) for s in a.bidders] or [_t("—", th.faint)]
            segs += [_Seg("br"), _t(t(self.lang, "render.moc.waiting", "Waiting:"), th.muted)]
            segs += [_Seg("n", seat=s) for s in self.waiting] or [_t("—", th.faint)]
        segs.append(_Seg("br"))
        results = {deed: (winner, price) for deed, winner, price in a.results}
        segs.append(_t(t(self.lang, "render.moc.lots", "Lots:"), th.muted))
        for i, deed in enumerate(a.lots):
            if i:
                segs.append(_t("·", th.faint, True))
            if deed in results:
                winner, price = results[deed]
                segs.append(_Seg("d", deed))
                if winner is None:
                    segs.append(_t(t(self.lang, "render.moc.unsold", "unsold"), th.faint))
                else:
                    segs += [_Seg("m", seat=winner), _t(_k(price), bold=True)]
            elif i == a.lot_index:
                segs += [_Seg("d", deed), _Seg("p", t(self.lang, "render.moc.now", "now"))]
            else:
                segs.append(_Seg("d", deed))
        return segs

    def auction_height(self, w: float) -> float:
        lines = self.flow_lines(self.auction_segs(), w - 3 * PAD - LOT_W)
        return PANEL_HEAD_H + max(LOT_H, len(lines) * LINE_H) + 12

    def auction(self, x: float, y: float, w: float) -> float:
        v = self.view
        a = v.auction
        assert a is not None
        h = self.auction_height(w)
        self.panel(
            x,
            y,
            w,
            h,
            t(self.lang, "render.moc.landlord_auction", "Landlord auction"),
            t(self.lang, "render.moc.landlords_bid", "landlords bid for the lot"),
        )
        ty = y + PANEL_HEAD_H
        if a.deed is not None:
            self.tile(
                _lot_deed(v, a.deed),
                x + PAD,
                ty,
                LOT_W,
                LOT_H,
                caption=t(self.lang, "render.moc.for_sale", "for sale"),
            )
        tx = x + 2 * PAD + LOT_W
        self.flow(self.auction_segs(), tx, ty, w - 3 * PAD - LOT_W)
        return h

    # -- results ---------------------------------------------------------------------

    def results_height(self) -> float:
        rows = max((len(g) for _, g in _result_groups(self.view)), default=0)
        return PANEL_HEAD_H + 34 + rows * LINE_H + 10

    def results(self, x: float, y: float, w: float) -> float:
        pen, th, v = self.pen, self.t, self.view
        out: dict[str, Any] = v.outcome or {}
        h = self.results_height()
        self.panel(
            x,
            y,
            w,
            h,
            t(self.lang, "render.moc.final_results", "Final results"),
            t(self.lang, "render.moc.by_money", "by money"),
        )
        scores: dict[str, int] = dict(out.get("scores", {}))
        ranks: dict[str, int] = dict(out.get("ranks", {}))
        winners = {int(s) for s in out.get("winners", [])}
        groups = _result_groups(v, self.lang)
        landlords = t(self.lang, "render.moc.landlords", "Landlords")
        col_w = (w - 2 * PAD) / len(groups)
        for gi, (title, seats) in enumerate(groups):
            gx = x + PAD + gi * col_w
            pen.text(
                gx + 4,
                y + PANEL_HEAD_H + 14,
                title,
                MIN_TEXT,
                bold=True,
                fill=th.muted,
                anchor="lm",
            )
            for r, s in enumerate(seats):
                cy = y + PANEL_HEAD_H + 34 + r * LINE_H + LINE_H / 2
                p = v.players[s]
                if v.variant:
                    bankrupt = _is_out(p)
                else:
                    bankrupt = p.landlord_bankrupt if title == landlords else p.merchant_bankrupt
                if s in winners:
                    pen.rect(
                        gx,
                        cy - LINE_H / 2 + 2,
                        gx + col_w - 10,
                        cy + LINE_H / 2 - 2,
                        fill=mix(th.panel, th.gold, 0.30),
                        radius=6,
                    )
                rank = ranks.get(str(s), r + 1)
                pen.text(gx + 6, cy + 1, f"{rank}.", MIN_TEXT, bold=True, anchor="lm")
                self.name_pill(gx + 44, cy, s)
                right = gx + col_w - 18
                if bankrupt:
                    gone = t(self.lang, "render.moc.bankrupt", "bankrupt")
                    pen.text(right, cy + 1, gone, MIN_TEXT, fill=th.danger, anchor="rm")
                else:
                    pen.text(
                        right,
                        cy + 1,
                        _k(scores.get(str(s), p.money)),
                        TEXT,
                        bold=True,
                        anchor="rm",
                    )
        return h

    # -- own offers (the viewer's own view only) -----------------------------------------

    def private_segs(self) -> list[_Seg]:
        v, th = self.view, self.t
        segs: list[_Seg] = []
        rows = _private_rows(v, self.names, self.lang)
        most = self.size.offers
        for kind, offer, text in rows[:most]:
            if offer is None:
                segs += [
                    _t(t(self.lang, "render.moc.your_sealed_bid", "Your sealed bid:"), th.muted),
                    _t(text, bold=True),
                    _Seg("br"),
                ]
                continue
            if kind == "made":
                segs += [
                    _t("→", th.muted, True),
                    _Seg("d", offer.deed),
                    _t(t(self.lang, "render.moc.to", "to"), th.muted),
                    _Seg("n", seat=offer.landlord),
                ]
            else:
                segs += [
                    _t("←", th.muted, True),
                    _Seg("d", offer.deed),
                    _t(t(self.lang, "render.moc.from", "from"), th.muted),
                    _Seg("n", seat=offer.merchant),
                ]
            closed = t(self.lang, "render.moc.closed", " closed") if offer.closed else ""
            segs.append(_t(_k(offer.amount) + closed, bold=True))
            if self.size.notes and offer.note:
                segs.append(_t(f"“{offer.note}”", th.muted))
            segs.append(_Seg("br"))
        if len(rows) > most:
            more = t(self.lang, "render.moc.more", "+{n} more: /hand", n=len(rows) - most)
            segs.append(_t(more, th.muted))
        return segs or [_t(t(self.lang, "render.moc.no_open_offers", "no open offers"), th.faint)]

    def private_height(self, w: float) -> float:
        if self.view.viewer is None:
            return 0
        return PANEL_HEAD_H + len(self.flow_lines(self.private_segs(), w - 2 * PAD)) * LINE_H + 10

    def private(self, x: float, y: float, w: float) -> float:
        v = self.view
        if v.viewer is None:
            return 0
        h = self.private_height(w)
        self.panel(
            x,
            y,
            w,
            h,
            t(
                self.lang,
                "render.moc.your_offers",
                "Your offers · {name}",
                name=self.names[v.viewer],
            ),
            t(self.lang, "render.moc.private", "private"),
        )
        self.flow(self.private_segs(), x + PAD, y + PANEL_HEAD_H, w - 2 * PAD)
        return h

    # -- market ----------------------------------------------------------------------

    def market_height(self, w: float) -> float:
        return PANEL_HEAD_H + len(self.view.tracks) * MARKET_ROW_H + 8

    def market(self, x: float, y: float, w: float) -> float:
        pen, th = self.pen, self.t
        layer = _market_layer(_MarketPlan.of(self.view), th.name, pen.k, w, self.lang)
        pen.image.paste(layer, (pen.px(x), pen.px(y)))
        slot = _slot_w(w)
        for r, tr in enumerate(self.view.tracks):
            cy = y + PANEL_HEAD_H + r * MARKET_ROW_H + MARKET_ROW_H / 2
            c = _deed_colour(th, tr.colour)
            if 0 <= tr.position < len(tr.values):
                sx = x + PAD + 44 + tr.position * slot
                pen.rect(
                    sx - 2,
                    cy - 17,
                    sx + slot + 2,
                    cy + 17,
                    fill=c,
                    outline=mix(c, BLACK, 0.45),
                    width=1.5,
                    radius=6,
                )
                pen.text(
                    sx + slot / 2,
                    cy + 1,
                    _thousands(tr.values[tr.position]),
                    TEXT + 1,
                    bold=True,
                    fill=text_on(c),
                    anchor="mm",
                )
            dx = x + w - PAD - 60
            if tr.last_roll is None:
                pen.text(dx + 30, cy + 1, "–", MIN_TEXT, fill=th.faint, anchor="mm")
            else:
                pen.rect(dx, cy - 17, dx + 60, cy + 17, fill=th.tile, outline=c, width=2, radius=6)
                roll = (
                    "0"
                    if tr.last_roll == 0
                    else f"{_MINUS if tr.last_roll < 0 else '+'}{abs(tr.last_roll)}"
                )
                pen.text(dx + 30, cy + 1, roll, TEXT, bold=True, fill=th.ink, anchor="mm")
        return self.market_height(w)

    # -- players ---------------------------------------------------------------------

    def player_cols(self, w: float) -> int:
        """Two columns of player rows for five players or more where the panel is wide."""
        return 1 if len(self.view.players) <= 4 or w < 900 else 2

    def players_height(self, w: float) -> float:
        rows = -(-len(self.view.players) // self.player_cols(w))
        return PANEL_HEAD_H + rows * PLAYER_ROW_H + 8

    def players(self, x: float, y: float, w: float) -> float:
        v = self.view
        h = self.players_height(w)
        self.panel(
            x,
            y,
            w,
            h,
            t(self.lang, "render.moc.players", "Players"),
            t(self.lang, "render.moc.money_public", "money is public"),
        )
        cols = self.player_cols(w)
        per_col = -(-len(v.players) // cols)
        col_w = (w - 2 * PAD - (cols - 1) * 12) / cols
        held = lien_holders(v)
        for i, p in enumerate(v.players):
            col, row = divmod(i, per_col)
            px = x + PAD + col * (col_w + 12)
            py = y + PANEL_HEAD_H + row * PLAYER_ROW_H
            self.player(p, px, py, col_w, held.get(p.seat, []), wide=cols == 1)
        return h

    def player(
        self, p: PlayerView, x: float, y: float, w: float, held: list[int], *, wide: bool
    ) -> None:
        pen, th, v = self.pen, self.t, self.view
        cy = y + PLAYER_ROW_H / 2
        acting = p.seat in self.waiting
        if acting:
            pen.rect(
                x - 6,
                y + 2,
                x + w + 6,
                y + PLAYER_ROW_H - 2,
                fill=mix(th.panel, player_colour(p.seat), 0.18),
                radius=8,
            )
        limit = PLAYER_NAME_W if not wide else 2 * PLAYER_NAME_W
        self.name_pill(x, cy, p.seat, limit=limit)
        widest = max(pen.tag_w(pen.fit(n, MIN_TEXT, limit, True), MIN_TEXT) for n in self.names)
        cash_right = x + widest + 8 + pen.length("$888k", TEXT, True)
        pen.text(cash_right, cy + 1, _k(p.money), TEXT, bold=True, anchor="rm")
        lx = cash_right + 14
        right = x + w
        # each unit drawn whole or not at all, in this order
        units: list[list[_Seg]] = [[pill] for pill in self.state_pills(p)]
        if p.liens_on:
            units.append(
                [
                    _t(t(self.lang, "render.moc.lien_by", "lien by"), th.danger, True),
                    *(_Seg("m", seat=s) for s in p.liens_on),
                ]
            )
        role = _t(_short_role(v, p, wide, self.lang), th.muted)
        if wide and held:
            units.append(
                [
                    _t(t(self.lang, "render.moc.lien_on", "lien on"), th.muted),
                    *(_Seg("m", seat=s) for s in held),
                ]
            )
        for unit in units:
            need = sum(self.seg_w(s) + 8 for s in unit) - 8
            if lx + need > right:
                break
            for s in unit:
                lx += self.seg(s, lx, cy) + 8
        if right - lx > 60:  # the role last, shortened to the room left
            text = pen.fit(role.text, MIN_TEXT, right - lx)
            pen.text(lx, cy + 1, text, MIN_TEXT, fill=th.muted, anchor="lm")
        if _is_out(p):
            pen.wash(x - 4, y + 2, w + 8, PLAYER_ROW_H - 4, th.panel, 0.45)

    # -- legend (the detailed board) -------------------------------------------------

    def legend_height(self, w: float) -> float:
        return _LEGEND.height if self.size.legend else 0

    def legend(self, x: float, y: float, w: float) -> None:
        _LEGEND.paste(self.pen, x, y, w, _paint_legend, self.t.name, self.t.bg)

    # -- districts -------------------------------------------------------------------

    def card_head_segs(self, d: DistrictView, liens: list[int]) -> list[_Seg]:
        th = self.t
        segs: list[_Seg] = []
        if self.view.players[d.landlord].landlord_bankrupt:
            segs.append(
                _Seg("p", t(self.lang, "render.moc.bankrupt", "bankrupt"), colour=th.danger)
            )
        due = self.view.tax_due.get(d.landlord)
        if due:
            tax = t(self.lang, "render.moc.tax_amount", "tax {amount}", amount=_k(due))
            segs.append(_Seg("p", tax, colour=th.warn))
        if liens:
            segs += [
                _t(t(self.lang, "render.moc.lien_on", "lien on"), th.danger, True),
                *(_Seg("m", seat=s) for s in liens),
            ]
        if d.exclusive_holder is not None and d.exclusive_deed is None:
            segs += [
                _t(t(self.lang, "render.moc.to_place", "★ to place"), th.muted),
                _Seg("m", seat=d.exclusive_holder),
            ]
        return segs

    def card_head_w(self, d: DistrictView, liens: list[int]) -> float:
        p = self.view.players[d.landlord]
        w = 2 * CARD_PAD + self.pen.tag_w(self.names[d.landlord], MIN_TEXT) + 10
        w += self.pen.length(_k(p.money), TEXT, True)
        for s in self.card_head_segs(d, liens):
            w += 8 + self.seg_w(s)
        return w + 8

    def plan_districts(self, w: float) -> list[list[tuple[DistrictView, int, float]]]:
        if w not in self.plan:
            self.plan[w] = self.pack_districts(w)
        return self.plan[w]

    def pack_districts(self, w: float) -> list[list[tuple[DistrictView, int, float]]]:
        """Cards packed in rows: (district, tile columns, card width) per card.

        For every cap on the columns a card starts with, cards are packed greedily in rows,
        then each row's spare width goes to its tallest card as extra columns; the packing
        with the lowest total height is kept. So 3 small districts share one row, and long
        districts of an 11-player game get the width they need.
        """
        liens = lien_holders(self.view)
        heads = [self.card_head_w(d, liens.get(d.landlord, [])) for d in self.view.districts]
        best: list[list[tuple[DistrictView, int, float]]] = []
        best_h = math.inf
        for cap in range(_max_cols(w), 0, -1):
            rows: list[list[tuple[DistrictView, int, float]]] = [[]]
            used = 0.0
            for d, head in zip(self.view.districts, heads, strict=True):
                cols = max(1, min(cap, len(d.deeds)))
                cw = max(_card_w(cols), head)
                if rows[-1] and used + GAP + cw > w:
                    rows.append([])
                    used = 0
                used += (GAP if rows[-1] else 0) + cw
                rows[-1].append((d, cols, head))
            rows = [_widen(row, w) for row in rows if row]
            height = sum(_row_h(row) for row in rows) + GAP * (len(rows) - 1)
            if height < best_h - 1:
                best, best_h = rows, height
        return best

    def districts_height(self, w: float) -> float:
        rows = self.plan_districts(w)
        if not rows:
            return 0
        return sum(_row_h(r) for r in rows) + GAP * (len(rows) - 1)

    def districts(self, x: float, y: float, w: float) -> float:
        rows = self.plan_districts(w)
        liens = lien_holders(self.view)
        cy = y
        for row in rows:
            rh = _row_h(row)
            spare = (w - sum(cw for _, _, cw in row) - GAP * (len(row) - 1)) / len(row)
            cx = x
            for d, cols, cw in row:
                self.card(d, cx, cy, cw + spare, rh, cols, liens.get(d.landlord, []))
                cx += cw + spare + GAP
            cy += rh + GAP
        return cy - GAP - y

    def card(
        self, d: DistrictView, x: float, y: float, w: float, h: float, cols: int, liens: list[int]
    ) -> None:
        pen, th, v = self.pen, self.t, self.view
        p = v.players[d.landlord]
        colour = player_colour(d.landlord)
        acting = d.landlord in self.waiting
        pen.rect(
            x,
            y,
            x + w,
            y + h,
            fill=th.panel,
            outline=mix(colour, BLACK, 0.2) if acting else th.panel_edge,
            width=3 if acting else 1,
            radius=10,
        )
        pen.rect(
            x + 2,
            y + 2,
            x + w - 2,
            y + CARD_HEAD_H - 6,
            fill=mix(th.panel, colour, 0.16),
            radius=9,
        )
        hy = y + (CARD_HEAD_H - 4) / 2
        hx = x + CARD_PAD
        hx += self.name_pill(hx, hy, d.landlord) + 10
        pen.text(hx, hy + 1, _k(p.money), TEXT, bold=True, anchor="lm")
        hx += pen.length(_k(p.money), TEXT, True) + 8
        segs = self.card_head_segs(d, liens)
        need = sum(self.seg_w(s) + 8 for s in segs)
        rx = max(hx, x + w - CARD_PAD - need + 8)
        for s in segs:
            rx += self.seg(s, rx, hy) + 8
        ty = y + CARD_HEAD_H
        if not d.deeds:
            pen.text(
                x + CARD_PAD + 4,
                ty + TILE_H / 2,
                t(self.lang, "render.moc.no_deeds_left", "no deeds left"),
                MIN_TEXT,
                fill=th.faint,
                anchor="lm",
            )
        for i, deed in enumerate(d.deeds):
            row, col = divmod(i, cols)
            self.tile(
                deed,
                x + CARD_PAD + col * (TILE_W + TILE_GAP),
                ty + row * (TILE_H + TILE_GAP),
            )
        if p.landlord_bankrupt:
            pen.wash(x + 2, y + CARD_HEAD_H - 4, w - 4, h - CARD_HEAD_H + 2, th.panel, 0.55)

    def tile(
        self,
        d: DeedView,
        x: float,
        y: float,
        w: float = TILE_W,
        h: float = TILE_H,
        caption: str = "",
        who: int | None = None,
    ) -> None:
        """A deed: id (and padlock) on its colour band; the merchant's mark (and ★) and the
        yearly rent with its status mark below; "vacant" when unrented. ``who``: the seat
        whose mark is shown instead of the merchant's (a merchant's sheet shows landlords)."""
        pen, th = self.pen, self.t
        base = _tile_base(d.colour, d.x2, th.name, pen.k, w, h)
        pen.image.paste(base, (pen.px(x), pen.px(y)))
        c = _deed_colour(th, d.colour)
        size = TEXT if len(d.id) <= 3 else MIN_TEXT + 1
        pen.text(x + 8, y + BAND_H / 2 + 1, d.id, size, bold=True, fill=text_on(c), anchor="lm")
        if d.closed:
            _lock(pen, x + w - 16, y + BAND_H / 2, 20, text_on(c))
        body = y + BAND_H
        if d.merchant is None:
            pen.text(
                x + w / 2,
                body + (h - BAND_H) / 2,
                caption or t(self.pen.lang, "render.moc.vacant_tile", "vacant"),
                MIN_TEXT,
                fill=th.faint,
                anchor="mm",
            )
            return
        ry = body + 19
        mw = self.name_pill(x + 6, ry, d.merchant if who is None else who, mark=True)
        if d.exclusive:
            _star(pen, x + 6 + mw + 13, ry, 12, th.gold, mix(th.gold, BLACK, 0.5))
        if d.rent is not None:
            text = _k(d.rent)
            mark = RENT_MARK.get(d.rent_status, "")
            colour = (
                th.status(RENT_STATUS[d.rent_status][1]) if d.rent_status in RENT_STATUS else th.ink
            )
            pen.text(x + 7, body + 52, text, MIN_TEXT + 1, bold=True, fill=th.ink, anchor="lm")
            if mark:
                pen.text(
                    x + w - 7, body + 52, mark, MIN_TEXT + 1, bold=True, fill=colour, anchor="rm"
                )


def _widen(
    row: list[tuple[DistrictView, int, float]], w: float
) -> list[tuple[DistrictView, int, float]]:
    """``(district, columns, header width)`` cards of one row made ``(district, columns, card
    width)``, the row's spare width given column by column to the card with most tile rows."""
    cols = [c for _, c, _ in row]
    heads = [head for _, _, head in row]
    deeds = [len(d.deeds) for d, _, _ in row]
    widths = [max(_card_w(c), head) for c, head in zip(cols, heads, strict=True)]
    spare = w - sum(widths) - GAP * (len(row) - 1)
    most = _max_cols(w)
    while True:
        grow = [
            i
            for i in range(len(row))
            if cols[i] < min(deeds[i], most) and _card_w(cols[i] + 1) - widths[i] <= spare
        ]
        if not grow:
            break
        i = max(grow, key=lambda i: (_card_h(deeds[i], cols[i]), -i))
        cols[i] += 1
        new = max(_card_w(cols[i]), heads[i])
        spare -= new - widths[i]
        widths[i] = new
    return [(d, cols[i], widths[i]) for i, (d, _, _) in enumerate(row)]


def _row_h(row: list[tuple[DistrictView, int, float]]) -> float:
    return max(_card_h(len(d.deeds), cols) for d, cols, _ in row)


def _max_cols(w: float) -> int:
    """The most deed tiles a card ``w`` wide holds in a row."""
    return max(1, int((w - 2 * CARD_PAD + TILE_GAP) // (TILE_W + TILE_GAP)))


def _card_w(cols: int) -> float:
    return 2 * CARD_PAD + cols * TILE_W + (cols - 1) * TILE_GAP


def _card_h(n: int, cols: int) -> float:
    rows = max(1, -(-n // cols))
    return CARD_HEAD_H + rows * TILE_H + (rows - 1) * TILE_GAP + CARD_PAD


def _short_role(view: MocView, p: PlayerView, wide: bool, lang: str = "en") -> str:
    if not wide:
        if view.variant:
            return _goods(lang, p.goods) if p.goods else t(lang, "render.moc.both", "both")
        if p.is_landlord:
            return t(lang, "render.moc.landlord_short", "landlord")
        return (
            _goods(lang, p.goods) if p.goods else t(lang, "render.moc.merchant_short", "merchant")
        )
    role = role_text(view, p, lang)
    return role.lower() if lang == "en" else role


def _duration(seconds: float, lang: str = "en") -> str:
    s = round(seconds)
    if s < 120:
        return t(lang, "render.moc.seconds", "{n} s", n=s)
    if s < 7200:
        return t(lang, "render.moc.minutes", "{n} min", n=s // 60)
    return t(lang, "render.moc.hours", "{n} h", n=s // 3600)


def _slot_w(w: float) -> float:
    return (w - 2 * PAD - 44 - 72) / 11


@lru_cache(maxsize=16)
def _market_layer(
    plan: _MarketPlan, theme: str, scale: float, w: float, lang: str = "en"
) -> Image.Image:
    """The market ``w`` wide without its indicators and dice: panel, colour keys, every value
    (its words in ``lang``)."""
    th = _THEMES[theme]
    h = PANEL_HEAD_H + len(plan.tracks) * MARKET_ROW_H + 8
    layer = Image.new("RGB", (round(w * scale), round(h * scale)), th.bg)
    pen = _Pen(layer, scale, th, lang)
    pen.rect(0, 0, w, h, fill=th.panel, outline=th.panel_edge, radius=10)
    market = t(lang, "render.moc.market", "Market")
    pen.text(PAD, PANEL_HEAD_H / 2 + 2, market, TEXT, bold=True, anchor="lm")
    note = t(lang, "render.moc.market_note", "income per deed, $1,000s")
    pen.text(
        PAD + pen.length(market, TEXT, True) + 14,
        PANEL_HEAD_H / 2 + 2,
        note,
        MIN_TEXT,
        fill=th.muted,
        anchor="lm",
    )
    die = t(lang, "render.moc.die", "die")
    pen.text(w - PAD, PANEL_HEAD_H / 2 + 2, die, MIN_TEXT, fill=th.muted, anchor="rm")
    slot = _slot_w(w)
    for r, (colour, letter, values, start) in enumerate(plan.tracks):
        cy = PANEL_HEAD_H + r * MARKET_ROW_H + MARKET_ROW_H / 2
        c = _deed_colour(th, colour)
        pen.rect(PAD, cy - 16, PAD + 36, cy + 16, fill=c, radius=6)
        pen.text(PAD + 18, cy + 1, letter.lower(), TEXT, bold=True, fill=text_on(c), anchor="mm")
        for i, value in enumerate(values):
            sx = PAD + 44 + i * slot
            pen.rect(
                sx + 2,
                cy - 15,
                sx + slot - 2,
                cy + 15,
                fill=mix(th.slot_empty, c, 0.10),
                outline=th.muted if i == start else None,
                radius=5,
            )
            pen.text(
                sx + slot / 2,
                cy + 1,
                _thousands(value),
                MIN_TEXT,
                fill=th.danger if value < 0 else th.ink,
                anchor="mm",
            )
    return layer


@lru_cache(maxsize=64)
def _tile_base(colour: str, x2: bool, theme: str, scale: float, w: float, h: float) -> Image.Image:
    """An empty deed tile: body, border (doubled for x2) and its colour band."""
    th = _THEMES[theme]
    image = Image.new("RGB", (round(w * scale), round(h * scale)), th.panel)
    pen = _Pen(image, scale, th)
    c = _deed_colour(th, colour)
    pen.rect(0, 0, w, h, fill=th.tile, outline=mix(c, th.tile, 0.1), width=2, radius=8)
    if x2:
        pen.rect(4, 4, w - 4, h - 4, outline=mix(c, th.tile, 0.3), width=2, radius=6)
    pen.rect(0, 0, w, BAND_H, fill=c, radius=8)
    pen.rect(0, BAND_H - 10, w, BAND_H, fill=c)
    return image


_LEGEND = Legend(
    (
        ("deed", "deed id, colour"),
        ("x2", "double income"),
        ("merchant", "merchant renting"),
        ("rent", "rent a year"),
        ("status", "rent status"),
        ("closed", "closed contract"),
        ("exclusive", "exclusive token"),
        ("market", "indicator, start"),
        ("lien", "landlord's lien"),
        ("act", "may act now"),
    ),
    head=PANEL_HEAD_H,
    row_h=LEGEND_ROW_H,
    label_dx=LEGEND_ICON_W,
    size=MIN_TEXT,
    title_size=TEXT,
)


def _draw_legend(pen: _Pen, x: float, y: float, w: float) -> None:
    """What the tiles, marks and colours mean, in two columns."""
    th = pen.t

    def band(ix: float, cy: float, colour: str, text: str) -> None:
        c = _deed_colour(th, colour)
        tw = pen.length(text, MIN_TEXT, True) + 16
        pen.rect(ix, cy - 16, ix + tw, cy + 16, fill=c, radius=6)
        pen.text(ix + 8, cy + 1, text, MIN_TEXT, bold=True, fill=text_on(c), anchor="lm")

    def mark(ix: float, cy: float, seat: int, text: str) -> float:
        colour = player_colour(seat)
        outline = mix(colour, th.ink, 0.45)
        h = PILL_H - 4
        return pen.pill(ix, cy, text, fill=colour, size=MIN_TEXT, h=h, outline=outline)

    def icon(kind: str, ix: float, cy: float) -> None:
        if kind == "deed":
            band(ix, cy, "red", "r3")
            band(ix + 56, cy, "blue", "b1")
        elif kind == "x2":
            band(ix, cy, "green", "x2g1")
        elif kind == "merchant":
            mark(ix, cy, 2, "Chi")
        elif kind == "rent":
            pen.text(ix, cy + 1, "$12k", MIN_TEXT + 1, bold=True, anchor="lm")
        elif kind == "status":
            for i, (sign, colour) in enumerate(
                (("!", th.warn), ("✓", th.good), ("½", th.danger), ("✗", th.danger))
            ):
                pen.text(
                    ix + 6 + i * 30, cy + 1, sign, MIN_TEXT + 1, bold=True, fill=colour, anchor="mm"
                )
        elif kind == "closed":
            _lock(pen, ix + 12, cy, 20, th.ink)
        elif kind == "exclusive":
            _star(pen, ix + 12, cy, 12, th.gold, mix(th.gold, BLACK, 0.5))
        elif kind == "market":
            c = _deed_colour(th, "blue")
            pen.rect(ix, cy - 17, ix + 50, cy + 17, fill=c, outline=mix(c, BLACK, 0.45), radius=6)
            pen.text(ix + 25, cy + 1, "11", TEXT + 1, bold=True, fill=text_on(c), anchor="mm")
            pen.rect(
                ix + 58, cy - 15, ix + 104, cy + 15, fill=th.slot_empty, outline=th.muted, radius=5
            )
            pen.text(ix + 81, cy + 1, "15", MIN_TEXT, anchor="mm")
        elif kind == "lien":
            lien = t(pen.lang, "render.moc.lien", "lien")
            pen.text(ix, cy + 1, lien, MIN_TEXT, bold=True, fill=th.danger, anchor="lm")
            mark(ix + pen.length(lien, MIN_TEXT, True) + 8, cy, 0, "Ali")
        elif kind == "act":
            to_act = t(pen.lang, "render.moc.to_act", "to act")
            pen.pill(ix, cy, to_act, fill=th.strip_now, size=MIN_TEXT, h=PILL_H - 4)

    labels = {
        "deed": t(pen.lang, "render.moc.l_deed", "deed id, colour"),
        "x2": t(pen.lang, "render.moc.l_x2", "double income"),
        "merchant": t(pen.lang, "render.moc.l_merchant", "merchant renting"),
        "rent": t(pen.lang, "render.moc.l_rent", "rent a year"),
        "status": t(pen.lang, "render.moc.l_status", "rent status"),
        "closed": t(pen.lang, "render.moc.l_closed", "closed contract"),
        "exclusive": t(pen.lang, "render.moc.l_exclusive", "exclusive token"),
        "market": t(pen.lang, "render.moc.l_market", "indicator, start"),
        "lien": t(pen.lang, "render.moc.l_lien", "landlord's lien"),
        "act": t(pen.lang, "render.moc.l_act", "may act now"),
    }
    _LEGEND.draw(pen, th, x, y, w, icon, labels)


def _paint_legend(image: Image.Image, k: float, theme: str, lang: str, w: float) -> None:
    _draw_legend(_Pen(image, k, _THEMES[theme], lang), 0, 0, w)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


def render_board(
    view: MocView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> Image.Image:
    """Draw the table: year and phase, the phase's own panel, market, players, districts.

    The same sections at two sizes (see the module docstring). ``detail=False`` (the default)
    is the chat board posted in the channel, laid out ``CHAT_W`` = 1,100 px wide at scale 1.0
    so that, shown 550 px wide inline in Discord, no text is under 11.5 px; ``detail=True`` is
    the full board (``WIDTH`` = 1,400 px wide at scale 1.0, text from 14 px) with the district
    cards beside the rest, offer notes and the legend. Players appear by ``names`` (one per
    seat, shortened by ``render.common.seat_names``; ``P1``, ``P2``... when missing). Static
    layers (market values, empty tiles, legend) are cached per game, theme and scale; the
    result depends on the arguments only. Offers and sealed bids are drawn only for
    ``view.viewer``'s own seat, never in the public view.

    Args:
        view: what to draw; only its contents are shown (no rule is derived here).
        names: display names by seat (index = seat).
        theme: ``"light"`` or ``"dark"``.
        scale: size factor (the bot uses 0.75).
        detail: the full-size board instead of the chat board.

    Returns:
        A new RGB image.

    Raises:
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    th = pick_theme(_THEMES, theme, scale)
    labels = seat_names(names, len(view.players))
    size = DETAIL if detail else CHAT
    plan: dict[float, _Plan] = {}  # the district cards' packing, measured once
    return compose(
        size,
        lambda pen: _Board(pen, view, labels, size, plan).sections(),
        lambda image, k: _Pen(image, k, th, lang),
        scale=scale,
        bg=th.bg,
    )


def render_player(
    view: MocView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """One player's area for ``/board player:<name>``, at the chat board's text size.

    Shows the seat's name, money, roles and state, liens both ways, tax due, their district
    (if a landlord), the deeds they rent with each deed's landlord (if a merchant) and, in
    that seat's own view only, their open offers and sealed bid. 1,100 px wide at scale 1.0.

    Raises:
        KeyError: ``seat`` is not a player of the view.
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    th = pick_theme(_THEMES, theme, scale)
    if not 0 <= seat < len(view.players):
        raise KeyError(seat)
    labels = seat_names(names, len(view.players))

    def sheet(pen: _Pen) -> list[Section]:
        board = _Board(pen, view, labels)
        return [Section(partial(board.sheet_height, seat), partial(board.sheet, seat))]

    return compose(CHAT, sheet, lambda image, k: _Pen(image, k, th, lang), scale=scale, bg=th.bg)


def alt(view: MocView, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """The board in words (``Renderer.alt``): year, phase and each player's money."""
    labels = seat_names(names, len(view.players))
    if view.outcome is not None:
        phase = t(lang, "render.moc.game_over", "Game over")
    elif view.phase in PHASE_LABELS:
        phase = _phase_label(lang, view.phase)
    else:
        phase = view.phase_label
    return alt_text(
        t(lang, "render.moc.name", "Masters of Commerce"),
        t(
            lang,
            "render.moc.alt_stage",
            "year {year} of {years}, {phase}",
            year=view.year,
            years=view.years,
            phase=translated(phase, lang),
        ),
        [f"{labels[p.seat]}: {money_label(p.money)}" for p in view.players],
        over=view.outcome is not None,
        lang=lang,
    )


RENDERER: Renderer[MocView] = Renderer(
    "masters_of_commerce",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.players),
    player=render_player,
)
