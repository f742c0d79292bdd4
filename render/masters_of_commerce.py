"""Masters of Commerce board images: districts, market, players, auction, results (seed 004).

``render_board(view, names=...)`` draws a :class:`~games.masters_of_commerce.view.MocView`
and nothing else: it never derives a rule, it only shows what the view says.

- The chat board (``detail=False``, the default) is what the bot posts in the channel. It is
  1,100 px wide at scale 1.0 and its smallest text is 23 px, so shown 550 px wide inline in
  Discord every name, number and label is at least 11 px (issue 8). It shows the year and
  the phase (a headline and the six-phase strip), who is waited for, the last event, a panel
  for the current phase (negotiation, income and liens, rent due, tax due, exclusive tokens,
  the auction lot and bids, final results), the market, compact player rows and district
  cards packed in rows to use the width for any number of players.
- The detail board (``detail=True``, ``/board detail``) is the full 1,400 px table with the
  legend and every player's details in smaller text.
- ``render_player(view, seat)`` is one player's sheet (``/board player:<name>``) at the chat
  board's text size (the seat's private ``/hand`` text is ``bot.hand_text``).

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
from functools import lru_cache
from typing import Any

from PIL import Image

from games.masters_of_commerce.phases import PHASES, Phase
from games.masters_of_commerce.view import (
    AuctionView,
    DeedView,
    DistrictView,
    MocView,
    OfferView,
    PlayerView,
    TrackView,
)
from render.common import (
    Palette,
    Pen,
    alt_text,
    legend_grid,
    mix,
    palette,
    pick_theme,
    player_colour,
    seat_names,
    text_on,
)
from render.contract import Renderer

RGB = tuple[int, int, int]

# ---------------------------------------------------------------------------------------------
# Layout (pixels at scale 1.0)
# ---------------------------------------------------------------------------------------------
WIDTH = 1400  # the whole image
MARGIN = 22  # outer margin
GAP = 18  # between panels
RIGHT_W = 420  # market, players, auction, results, legend
LEFT_W = WIDTH - 2 * MARGIN - GAP - RIGHT_W  # development districts
TITLE_ROW_H = 46  # title, year, who is waited for
STRIP_H = 38  # the six phases
EVENT_H = 34  # last-event box (one line)
EVENT_LINE_H = 20  # added per extra line of the last event
BANNER_H = 40  # game over strip
SECTION_H = 34  # "Development districts" heading row
CARD_PAD = 12  # inside a district card
CARD_HEAD_H = 44  # landlord row of a district card
CARD_GAP = 12  # between district cards
TILE_W = 94  # a deed tile
TILE_H = 110
TILE_GAP = 6
TILE_BAND_H = 30  # the coloured band with the colour letter and the deed id
TILES_PER_ROW = (LEFT_W - 2 * CARD_PAD + TILE_GAP) // (TILE_W + TILE_GAP)
PANEL_HEAD_H = 46  # title row of a side panel
MARKET_ROW_H = 36
MARKET_SLOT_W = 29
PLAYER_ROW_H = 50
LOT_ROW_H = 26
OFFER_ROW_H = 22
MAX_OFFER_ROWS = 8
LEGEND_ROW_H = 28
RESULT_ROW_H = 30
TITLE_SIZE = 19
TEXT_SIZE = 15
SMALL_SIZE = 14  # the smallest text anywhere (readable at scale 1.0)

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

_BLACK: RGB = (0, 0, 0)
TAG_STRIPE = 12  # the colour stripe at the left of a name tag
_WHITE: RGB = (255, 255, 255)
_MINUS = "\u2212"  # a real minus sign: the same width as a plus


class _Pen(Pen):
    """The shared pen plus this game's theme."""

    def __init__(
        self, image: Image.Image, scale: float, theme: _Theme, labels: Sequence[str] = ()
    ) -> None:
        super().__init__(image, scale, theme.ink)
        self.t = theme
        self.names = list(labels)  # seat -> name on the board
        self.marks = _marks(labels)  # seat -> short name for chips and tiles

    def who(self, seat: int) -> str:
        """The seat's name (``p3`` when the pen has no names, as for cached layers)."""
        return self.names[seat] if 0 <= seat < len(self.names) else seat_tag(seat)

    def mark(
        self, x: float, cy: float, seat: int, *, full: bool = False, size: float = 14, h: float = 21
    ) -> float:
        """The seat's colour with its short name (``full``: whole name) on it, left edge at
        ``x``; returns the width. Colour plus a name: never a lone letter like a deed's."""
        colour = player_colour(seat)
        text = self.who(seat) if full or not 0 <= seat < len(self.marks) else self.marks[seat]
        return self.pill(
            x, cy, text, fill=colour, size=size, h=h, outline=mix(colour, self.t.ink, 0.45)
        )

    def mark_w(self, seat: int, *, full: bool = False, size: float = 14) -> float:
        text = self.who(seat) if full or not 0 <= seat < len(self.marks) else self.marks[seat]
        return self.length(text, size, True) + 14

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


def _ruler(theme: _Theme, scale: float, labels: Sequence[str] = ()) -> _Pen:
    """A pen on a 1x1 image, for measuring text before the canvas exists."""
    return _Pen(Image.new("RGB", (1, 1)), scale, theme, labels)


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


def _colour_letter(view: MocView, colour: str) -> str:
    for track in view.tracks:
        if track.colour == colour:
            return track.letter.upper()
    return colour[:1].upper()


def _deed_colour(t: _Theme, colour: str) -> RGB:
    return t.deed.get(colour, t.faint)


def role_text(view: MocView, p: PlayerView) -> str:
    """``Merchant · apples``; ``Both roles · oil`` in the 3–4 player variant."""
    if view.variant and p.is_landlord and p.is_merchant:
        text = "Both roles"
    else:
        text = " & ".join(
            role
            for role, held in (("landlord", p.is_landlord), ("merchant", p.is_merchant))
            if held
        ).capitalize()
    text = text or "Spectator"
    if p.is_merchant and p.goods:
        text += f" · {p.goods}"
    return text


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


def _letter_badge(pen: _Pen, x: float, cy: float, size: float, colour: RGB, letter: str) -> None:
    """The colour's capital letter on a light square: the colour-blind cue for deeds."""
    pen.rect(
        x,
        cy - size / 2,
        x + size,
        cy + size / 2,
        fill=mix(colour, _WHITE, 0.86),
        outline=mix(colour, _BLACK, 0.35),
        radius=4,
    )
    pen.text(
        x + size / 2,
        cy + 1,
        letter,
        max(SMALL_SIZE, size * 0.72),
        bold=True,
        fill=mix(colour, _BLACK, 0.45),
        anchor="mm",
    )


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


def _x2_badge(pen: _Pen, x: float, cy: float, *, fill: RGB, ink: RGB) -> float:
    """The ``x2`` badge with its left edge at ``x``; returns its width."""
    w = pen.length("x2", SMALL_SIZE, True) + 8
    pen.rect(x, cy - 10, x + w, cy + 10, fill=fill, radius=5)
    pen.text(x + w / 2, cy + 1, "x2", SMALL_SIZE, bold=True, fill=ink, anchor="mm")
    return w


def _chips_width(pen: _Pen, seats: Sequence[int]) -> float:
    return sum(pen.mark_w(s) + 4 for s in seats) - (4 if seats else 0)


def _chips(pen: _Pen, x: float, cy: float, seats: Sequence[int]) -> float:
    """A row of seat marks (colour and short name) from ``x``; returns the width used."""
    for s in seats:
        x += pen.mark(x, cy, s) + 4
    return _chips_width(pen, seats)


def _panel(pen: _Pen, x: float, y: float, w: float, h: float, title: str, note: str = "") -> None:
    t = pen.t
    pen.rect(x, y, x + w, y + h, fill=t.panel, outline=t.panel_edge, radius=10)
    pen.text(x + 14, y + 12, title, TITLE_SIZE, bold=True, fill=t.ink)
    if note:
        tw = pen.length(title, TITLE_SIZE, True)
        pen.text(
            x + w - 14,
            y + 15,
            pen.fit(note, SMALL_SIZE, w - tw - 44),
            SMALL_SIZE,
            fill=t.muted,
            anchor="ra",
        )


# ---------------------------------------------------------------------------------------------
# Deed tiles
# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _tile_base(colour: str, letter: str, x2: bool, theme: str, scale: float) -> Image.Image:
    """An empty deed tile: body, border (doubled for x2), coloured band, letter, ×2 badge."""
    t = _THEMES[theme]
    image = Image.new("RGB", (round(TILE_W * scale), round(TILE_H * scale)), t.bg)
    pen = _Pen(image, scale, t)
    c = _deed_colour(t, colour)
    pen.rect(0, 0, TILE_W, TILE_H, fill=t.tile, outline=mix(c, t.tile, 0.15), width=2, radius=8)
    if x2:  # a second inner border: the ×2 tile reads as "double" even without its badge
        pen.rect(4, 4, TILE_W - 4, TILE_H - 4, outline=mix(c, t.tile, 0.35), width=1.5, radius=6)
    pen.rect(0, 0, TILE_W, TILE_BAND_H, fill=c, radius=8)
    pen.rect(0, TILE_BAND_H - 10, TILE_W, TILE_BAND_H, fill=c)
    _letter_badge(pen, 5, TILE_BAND_H / 2, 20, c, letter)
    return image


def _deed_id(pen: _Pen, deed_id: str, x: float, cy: float, band: RGB, width: float) -> None:
    """The deed id on its band; an ``x2`` prefix is drawn as a light badge (``[x2]g1``).

    The text still reads as the notation id; the badge is the ×2 tile's mark.
    """
    ink = text_on(band)
    rest = deed_id
    if deed_id.startswith("x2"):
        w = _x2_badge(pen, x, cy, fill=mix(band, _WHITE, 0.86), ink=mix(band, _BLACK, 0.5))
        x += w + 2
        width -= w + 2
        rest = deed_id[2:]
    size = 17 if len(rest) <= 3 else 15
    pen.text(x, cy + 1, pen.fit(rest, size, width, True), size, bold=True, fill=ink, anchor="lm")


def _draw_deed(
    pen: _Pen, view: MocView, d: DeedView, x: float, y: float, caption: str = ""
) -> None:
    """One deed tile with its contract; ``caption`` replaces "vacant" on an unrented deed.

    Band: colour letter and deed id. Body: the merchant's chip with the exclusive star and
    the closed padlock beside it (×2 badge at the right), the rent, and the rent status.
    """
    t = pen.t
    base = _tile_base(d.colour, _colour_letter(view, d.colour), d.x2, t.name, pen.k)
    pen.image.paste(base, (pen.px(x), pen.px(y)))
    c = _deed_colour(t, d.colour)
    _deed_id(pen, d.id, x + 30, y + TILE_BAND_H / 2, c, TILE_W - 34)
    body_y = y + TILE_BAND_H
    if d.merchant is None:
        pen.text(
            x + TILE_W / 2,
            body_y + (TILE_H - TILE_BAND_H) / 2,
            caption or "vacant",
            SMALL_SIZE,
            fill=t.faint,
            anchor="mm",
        )
        return
    row_a = body_y + 21
    mx = x + 6 + pen.mark(x + 6, row_a, d.merchant) + 4
    if d.exclusive:
        _star(pen, mx + 10, row_a, 10, t.gold, mix(t.gold, _BLACK, 0.5))
        mx += 22
    if d.closed:
        _lock(pen, mx + 8, row_a, 17, t.ink)
    if d.rent is not None:
        pen.text(x + 8, body_y + 49, money_label(d.rent), 16, bold=True, fill=t.ink, anchor="lm")
    status = RENT_STATUS.get(d.rent_status)
    if status is not None:
        colour = t.status(status[1])
        pen.disc(x + 13, body_y + 68, 4.5, fill=colour)
        pen.text(x + 22, body_y + 69, status[0], SMALL_SIZE, bold=True, fill=colour, anchor="lm")


# ---------------------------------------------------------------------------------------------
# Header
# ---------------------------------------------------------------------------------------------


def _event_lines(pen: _Pen, view: MocView, w: float) -> list[str]:
    """``view.last_event`` wrapped to the header's width, at most two lines."""
    event = (
        _named(view.last_event, pen.names) or "The market opens: landlords, merchants, negotiate!"
    )
    lines = pen.wrap(event, TEXT_SIZE + 1, w - 44)
    if len(lines) > 2:
        lines = [lines[0], pen.fit(" ".join(lines[1:]), TEXT_SIZE + 1, w - 44)]
    return lines


def _header_height(pen: _Pen, view: MocView, w: float) -> float:
    lines = _event_lines(pen, view, w)
    return TITLE_ROW_H + 8 + STRIP_H + 10 + EVENT_H + EVENT_LINE_H * (len(lines) - 1)


def _draw_header(pen: _Pen, view: MocView, x: float, y: float, w: float) -> None:
    t = pen.t
    cy = y + TITLE_ROW_H / 2
    pen.text(x, cy, "MASTERS OF COMMERCE", 28, bold=True, fill=t.ink, anchor="lm")
    px = x + pen.length("MASTERS OF COMMERCE", 28, True) + 18
    year = f"Year {view.year} of {view.years}"
    pen.text(px, cy + 1, year, 21, bold=True, fill=t.ink, anchor="lm")
    px += pen.length(year, 21, True) + 12
    over = view.outcome is not None
    for i in range(view.years):  # one pip per year: done, current, to come
        done = i + 1 < view.year or over
        now = i + 1 == view.year and not over
        fill = t.ink if done or now else t.slot_empty
        pen.disc(px + 7 + i * 17, cy + 1, 7 if now else 5.5, fill=fill)
    px += view.years * 17 + 14
    tags = []
    if view.variant:
        tags.append("3–4 player variant")
    if view.expert:
        tags.append("expert")
    for tag in tags:
        px += (
            pen.pill(px, cy + 1, tag, fill=t.panel, ink=t.muted, bold=False, outline=t.panel_edge)
            + 6
        )
    seats = _waiting(view)
    if seats:
        cx = x + w - _chips_width(pen, seats)
        pen.text(cx - 10, cy + 1, "Waiting for", TEXT_SIZE, fill=t.muted, anchor="rm")
        _chips(pen, cx, cy + 1, seats)
    _draw_phase_strip(pen, view, x, y + TITLE_ROW_H + 8, w)
    ey = y + TITLE_ROW_H + 8 + STRIP_H + 10
    lines = _event_lines(pen, view, w)
    box_h = EVENT_H + EVENT_LINE_H * (len(lines) - 1)
    pen.rect(x, ey, x + w, ey + box_h, fill=t.panel, outline=t.panel_edge, radius=8)
    pen.text(x + 12, ey + 17, "›", 22, bold=True, fill=t.muted, anchor="lm")
    for i, line in enumerate(lines):
        pen.text(x + 30, ey + 17 + i * EVENT_LINE_H, line, TEXT_SIZE + 1, fill=t.ink, anchor="lm")


def _draw_phase_strip(pen: _Pen, view: MocView, x: float, y: float, w: float) -> None:
    """The six phases of a year as chevrons: done, now (dark), to come."""
    t = pen.t
    phases = [p for p in PHASES if p in PHASE_LABELS]
    n = len(phases)
    current = Phase.INCOME if view.phase is Phase.LIEN else view.phase  # lien step of income
    over = view.outcome is not None or current not in phases
    now = n if over else phases.index(current)
    tip = 14
    seg = (w + tip * (n - 1)) / n
    for i, phase in enumerate(phases):
        x0 = x + i * (seg - tip)
        x1 = x0 + seg
        off = phase is Phase.EXCLUSIVE and not view.expert
        if over:
            fill, ink, edge = t.strip_next, t.muted, t.panel_edge
        elif i == now:
            fill, ink, edge = t.strip_now, text_on(t.strip_now), t.strip_now
        elif i < now:
            fill, ink, edge = t.strip_done, t.muted, t.panel_edge
        else:
            fill, ink, edge = t.strip_next, t.ink, t.panel_edge
        if off:
            ink = t.faint
        left_notch = 0 if i == 0 else tip
        right_tip = 0 if i == n - 1 else tip
        pts = [
            (x0, y),
            (x1 - right_tip, y),
            (x1, y + STRIP_H / 2),
            (x1 - right_tip, y + STRIP_H),
            (x0, y + STRIP_H),
            (x0 + left_notch, y + STRIP_H / 2),
        ]
        pen.polygon(pts, fill=fill, outline=edge)
        label = f"{i + 1}  {PHASE_LABELS[phase]}"
        if off:
            label += " (expert)"
        elif i < now and not over:
            label = f"✓ {PHASE_LABELS[phase]}"
        cx = x0 + (left_notch + seg - right_tip) / 2
        pen.text(cx, y + STRIP_H / 2 + 1, label, TEXT_SIZE, bold=i == now, fill=ink, anchor="mm")


def _banner(view: MocView, labels: Sequence[str]) -> str | None:
    """The game-over line naming the winners, from ``view.outcome``."""
    if view.outcome is None:
        return None
    winners = [int(s) for s in view.outcome.get("winners", [])]
    details: dict[str, dict[str, Any]] = dict(view.outcome.get("details", {}))
    if not winners:
        return "GAME OVER — nobody wins"
    if view.variant:
        names = " & ".join(labels[s] for s in winners)
        return f"GAME OVER — {names} {'wins' if len(winners) == 1 else 'share the win'}"
    parts = []
    for role in ("landlord", "merchant"):
        who = [s for s in winners if details.get(str(s), {}).get(role)]
        if who:
            parts.append(f"richest {role}: {' & '.join(labels[s] for s in who)}")
    return "GAME OVER — " + " · ".join(parts or [" & ".join(labels[s] for s in winners)])


def _draw_banner(pen: _Pen, text: str, x: float, y: float, w: float) -> None:
    pen.banner(x, y, w, BANNER_H - 8, text, fill=pen.t.banner_over)


# ---------------------------------------------------------------------------------------------
# Districts
# ---------------------------------------------------------------------------------------------


def _tile_rows(n: int) -> int:
    return max(1, -(-n // TILES_PER_ROW))


def _card_height(d: DistrictView) -> float:
    rows = _tile_rows(len(d.deeds))
    return CARD_HEAD_H + rows * TILE_H + (rows - 1) * TILE_GAP + CARD_PAD


def _districts_height(view: MocView) -> float:
    cards = [_card_height(d) for d in view.districts]
    return SECTION_H + sum(cards) + CARD_GAP * max(0, len(cards) - 1)


def _draw_districts(pen: _Pen, view: MocView, x: float, y: float, w: float) -> None:
    t = pen.t
    pen.text(x + 2, y + 14, "Development districts", TITLE_SIZE, bold=True, fill=t.ink, anchor="lm")
    note = f"supply {view.supply} deed{'s' if view.supply != 1 else ''}"
    if view.removed:
        note += " · out of the game: " + ", ".join(view.removed)
    tw = pen.length("Development districts", TITLE_SIZE, True)
    pen.text(
        x + w - 2,
        y + 15,
        pen.fit(note, SMALL_SIZE, w - tw - 30),
        SMALL_SIZE,
        fill=t.muted,
        anchor="rm",
    )
    cy = y + SECTION_H
    liens = lien_holders(view)
    for d in view.districts:
        h = _card_height(d)
        _draw_district(pen, view, d, x, cy, w, h, liens.get(d.landlord, []))
        cy += h + CARD_GAP


def _draw_district(
    pen: _Pen,
    view: MocView,
    d: DistrictView,
    x: float,
    y: float,
    w: float,
    h: float,
    liens: list[int],
) -> None:
    t = pen.t
    p = view.players[d.landlord]
    colour = player_colour(d.landlord)
    out = p.landlord_bankrupt
    acting = d.landlord in _waiting(view)
    pen.rect(
        x,
        y,
        x + w,
        y + h,
        fill=t.panel,
        outline=mix(colour, t.panel, 0.2) if acting else t.panel_edge,
        width=2 if acting else 1,
        radius=10,
    )
    pen.rect(x, y, x + w, y + CARD_HEAD_H - 6, fill=mix(t.panel, colour, 0.16), radius=10)
    pen.rect(x, y + 12, x + w, y + CARD_HEAD_H - 6, fill=mix(t.panel, colour, 0.16))
    hy = y + (CARD_HEAD_H - 6) / 2
    hx = x + 12 + pen.mark(x + 12, hy, d.landlord, full=True, size=17, h=26) + 10
    role = "landlord" if not view.variant else "landlord & merchant"
    pen.text(hx, hy + 1, role, TEXT_SIZE, fill=t.muted, anchor="lm")
    hx += pen.length(role, TEXT_SIZE) + 14
    pen.text(hx, hy + 1, money_label(p.money), 18, bold=True, fill=t.ink, anchor="lm")
    hx += pen.length(money_label(p.money), 18, True) + 14
    rented = sum(1 for deed in d.deeds if deed.merchant is not None)
    stats = f"{len(d.deeds)} deed{'s' if len(d.deeds) != 1 else ''} · {rented} rented"
    pen.text(hx, hy + 1, stats, TEXT_SIZE, fill=t.muted, anchor="lm")
    # Right side: bankrupt, tax owed, liens held, exclusive token waiting to be placed.
    rx = x + w - 12
    if out:
        bw = pen.length("BANKRUPT", SMALL_SIZE, True) + 14
        pen.pill(rx - bw, hy, "BANKRUPT", fill=t.danger)
        rx -= bw + 10
    due = view.tax_due.get(d.landlord)
    if due:
        text = f"tax {money_label(due)} due"
        bw = pen.length(text, SMALL_SIZE, True) + 14
        pen.pill(rx - bw, hy, text, fill=t.warn)
        rx -= bw + 10
    if liens:
        cw = _chips_width(pen, liens)
        _chips(pen, rx - cw, hy, liens)
        rx -= cw + 6
        pen.text(rx, hy + 1, "lien on", SMALL_SIZE, bold=True, fill=t.danger, anchor="rm")
        rx -= pen.length("lien on", SMALL_SIZE, True) + 12
    if d.exclusive_holder is not None and d.exclusive_deed is None:
        mw = pen.mark_w(d.exclusive_holder)
        pen.mark(rx - mw, hy, d.exclusive_holder)
        rx -= mw + 6
        _star(pen, rx - 8, hy, 9, t.gold, mix(t.gold, _BLACK, 0.5))
        rx -= 22
        pen.text(rx, hy + 1, "to place", SMALL_SIZE, fill=t.muted, anchor="rm")
    ty = y + CARD_HEAD_H
    if not d.deeds:
        pen.text(
            x + CARD_PAD + 4,
            ty + TILE_H / 2,
            "no deeds left",
            TEXT_SIZE,
            fill=t.faint,
            anchor="lm",
        )
    for i, deed in enumerate(d.deeds):
        row, col = divmod(i, TILES_PER_ROW)
        _draw_deed(
            pen,
            view,
            deed,
            x + CARD_PAD + col * (TILE_W + TILE_GAP),
            ty + row * (TILE_H + TILE_GAP),
        )
    if out:
        _fade(pen, x + 1, y + CARD_HEAD_H - 6, w - 2, h - CARD_HEAD_H + 5)


def _fade(pen: _Pen, x: float, y: float, w: float, h: float, amount: float = 0.55) -> None:
    """Wash a region towards the background (bankrupt roles)."""
    box = (pen.px(x), pen.px(y), pen.px(x + w), pen.px(y + h))
    region = pen.image.crop(box)
    wash = Image.new("RGB", region.size, pen.t.panel)
    pen.image.paste(Image.blend(region, wash, amount), box[:2])


# ---------------------------------------------------------------------------------------------
# Market
# ---------------------------------------------------------------------------------------------


def _market_height(view: MocView) -> float:
    return PANEL_HEAD_H + len(view.tracks) * MARKET_ROW_H + 14


@dataclass(frozen=True)
class _MarketPlan:
    """What of the market never changes in a game: the key of its cached base layer."""

    tracks: tuple[tuple[str, str, tuple[int, ...], int], ...]  # colour, letter, values, start

    @classmethod
    def of(cls, view: MocView) -> _MarketPlan:
        return cls(tuple((tr.colour, tr.letter.upper(), tr.values, tr.start) for tr in view.tracks))


def _slot_x(x: float, i: int) -> float:
    return x + 48 + i * MARKET_SLOT_W


def _draw_market_base(pen: _Pen, plan: _MarketPlan, x: float, y: float, w: float) -> None:
    """Panel, letters and every track's values (no indicators, no dice)."""
    t = pen.t
    _panel(pen, x, y, w, PANEL_HEAD_H + len(plan.tracks) * MARKET_ROW_H + 14, "Market")
    pen.text(x + 96, y + 15, "income per deed, $1,000s", SMALL_SIZE, fill=t.muted)
    pen.text(x + w - 14, y + 15, "last die", SMALL_SIZE, fill=t.muted, anchor="ra")
    for r, (colour, letter, values, start) in enumerate(plan.tracks):
        cy = y + PANEL_HEAD_H + r * MARKET_ROW_H + MARKET_ROW_H / 2
        c = _deed_colour(t, colour)
        _letter_badge(pen, x + 14, cy, 24, c, letter)
        for i, value in enumerate(values):
            sx = _slot_x(x, i)
            pen.rect(
                sx + 1.5,
                cy - 11,
                sx + MARKET_SLOT_W - 1.5,
                cy + 11,
                fill=mix(t.slot_empty, c, 0.10),
                radius=4,
            )
            pen.text(
                sx + MARKET_SLOT_W / 2,
                cy + 1,
                _thousands(value),
                SMALL_SIZE,
                fill=t.danger if value < 0 else t.muted,
                anchor="mm",
            )
        # The printed "start" space: a notch under it.
        sx = _slot_x(x, start) + MARKET_SLOT_W / 2
        pen.polygon([(sx - 4, cy + 17), (sx + 4, cy + 17), (sx, cy + 12)], fill=t.muted)


@lru_cache(maxsize=16)
def _market_layer(plan: _MarketPlan, theme: str, scale: float) -> Image.Image:
    t = _THEMES[theme]
    h = PANEL_HEAD_H + len(plan.tracks) * MARKET_ROW_H + 14
    layer = Image.new("RGB", (round(RIGHT_W * scale), round(h * scale)), t.bg)
    _draw_market_base(_Pen(layer, scale, t), plan, 0, 0, RIGHT_W)
    return layer


def _draw_market(pen: _Pen, view: MocView, x: float, y: float, w: float) -> float:
    t = pen.t
    layer = _market_layer(_MarketPlan.of(view), t.name, pen.k)
    pen.image.paste(layer, (pen.px(x), pen.px(y)))
    for r, tr in enumerate(view.tracks):
        cy = y + PANEL_HEAD_H + r * MARKET_ROW_H + MARKET_ROW_H / 2
        _draw_indicator(pen, tr, x, cy)
        dx = x + w - 14 - 34
        if tr.last_roll is None:
            pen.rect(dx, cy - 14, dx + 34, cy + 14, outline=t.panel_edge, radius=6)
            pen.text(dx + 17, cy + 1, "–", SMALL_SIZE, fill=t.faint, anchor="mm")
        else:
            c = _deed_colour(t, tr.colour)
            pen.rect(dx, cy - 14, dx + 34, cy + 14, fill=t.tile, outline=c, width=2, radius=6)
            roll = f"{_MINUS if tr.last_roll < 0 else '+'}{abs(tr.last_roll)}"
            if tr.last_roll == 0:
                roll = "0"
            pen.text(dx + 17, cy + 1, roll, 16, bold=True, fill=t.ink, anchor="mm")
    return _market_height(view)


def _draw_indicator(pen: _Pen, tr: TrackView, x: float, cy: float) -> None:
    """The colour's indicator: its slot filled, the value in bold."""
    t = pen.t
    if not 0 <= tr.position < len(tr.values):
        return
    c = _deed_colour(t, tr.colour)
    sx = _slot_x(x, tr.position)
    pen.rect(
        sx - 2,
        cy - 14,
        sx + MARKET_SLOT_W + 2,
        cy + 14,
        fill=c,
        outline=mix(c, _BLACK, 0.45),
        width=1.5,
        radius=6,
    )
    pen.text(
        sx + MARKET_SLOT_W / 2,
        cy + 1,
        _thousands(tr.values[tr.position]),
        16,
        bold=True,
        fill=text_on(c),
        anchor="mm",
    )


# ---------------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------------


def _players_height(view: MocView) -> float:
    return PANEL_HEAD_H + len(view.players) * PLAYER_ROW_H + 8


def _draw_players(pen: _Pen, view: MocView, x: float, y: float, w: float) -> float:
    h = _players_height(view)
    _panel(pen, x, y, w, h, "Players", "money is public")
    liens_held = lien_holders(view)
    for i, p in enumerate(view.players):
        ry = y + PANEL_HEAD_H + i * PLAYER_ROW_H
        _draw_player(pen, view, p, x, ry, w, liens_held.get(p.seat, []))
    return h


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


def _draw_player(
    pen: _Pen, view: MocView, p: PlayerView, x: float, y: float, w: float, liens_held: list[int]
) -> None:
    t = pen.t
    over = view.outcome is not None
    acting = p.seat in _waiting(view)
    if acting:
        pen.rect(
            x + 6,
            y + 1,
            x + w - 6,
            y + PLAYER_ROW_H - 1,
            fill=mix(t.panel, player_colour(p.seat), 0.12),
            radius=8,
        )
    elif p.seat > 0:
        pen.line([(x + 14, y), (x + w - 14, y)], fill=mix(t.panel, t.panel_edge, 0.6))
    cy = y + PLAYER_ROW_H / 2
    # Second line first, to know whether the first line sits high or in the middle.
    items: list[tuple[str, Any]] = []
    if _is_out(p):
        items.append(("pill", ("BANKRUPT", t.danger)))
    else:
        if p.is_landlord and p.landlord_bankrupt:
            items.append(("pill", ("landlord bankrupt", t.danger)))
        if p.is_merchant and p.merchant_bankrupt:
            items.append(("pill", ("merchant bankrupt", t.danger)))
    if acting:
        items.append(("pill", ("to act", t.strip_now)))
    elif view.phase is Phase.NEGOTIATION and p.done and not over:
        items.append(("pill", ("✓ done", t.good)))
    if p.liens_on:
        items.append(("chips", ("liens by", t.danger, True, list(p.liens_on))))
    if p.lien_income_to is not None:
        items.append(("text", (f"next income to {pen.who(p.lien_income_to)}", t.danger)))
    if liens_held:
        items.append(("chips", ("lien on", t.muted, False, liens_held)))
    l1 = y + 16 if items else cy
    l2 = y + 37
    nw = pen.mark(x + 14, l1, p.seat, full=True, size=16, h=24)
    money = money_label(p.money)
    mw = pen.length(money, 18, True)
    pen.text(x + w - 14, l1, money, 18, bold=True, fill=t.ink, anchor="rm")
    rx = x + 14 + nw + 8
    pen.text(
        rx,
        l1 + 1,
        pen.fit(role_text(view, p), SMALL_SIZE, x + w - 24 - mw - rx),
        SMALL_SIZE,
        fill=t.muted,
        anchor="lm",
    )
    lx = x + 14
    right = x + w - 14
    for kind, data in items:
        if kind == "pill":
            text, fill = data
            lx += pen.pill(lx, l2, text, fill=fill, h=19) + 6
        elif kind == "chips":
            text, colour, bold, seats = data
            need = pen.length(text, SMALL_SIZE, bold) + 5 + _chips_width(pen, seats)
            if lx + need > right:
                break
            pen.text(lx, l2 + 1, text, SMALL_SIZE, bold=bold, fill=colour, anchor="lm")
            lx += pen.length(text, SMALL_SIZE, bold) + 5
            lx += _chips(pen, lx, l2, seats) + 10
        else:
            text, colour = data
            pen.text(
                lx,
                l2 + 1,
                pen.fit(text, SMALL_SIZE, right - lx),
                SMALL_SIZE,
                fill=colour,
                anchor="lm",
            )
            lx += pen.length(text, SMALL_SIZE) + 10
    if _is_out(p):
        _fade(pen, x + 8, y + 2, w - 16, PLAYER_ROW_H - 4, 0.45)


# ---------------------------------------------------------------------------------------------
# Auction
# ---------------------------------------------------------------------------------------------


def _lot_rows(a: AuctionView) -> int:
    return -(-len(a.lots) // 2)


def _auction_height(view: MocView) -> float:
    a = view.auction
    if a is None:
        return 0
    return PANEL_HEAD_H + TILE_H + 14 + _lot_rows(a) * LOT_ROW_H + 12


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


def _draw_auction(pen: _Pen, view: MocView, x: float, y: float, w: float) -> float:
    t = pen.t
    a = view.auction
    if a is None:
        return 0
    h = _auction_height(view)
    total = len(a.lots)
    number = min(a.lot_index + 1, total)
    note = f"{a.mode} bids · lot {number} of {total}"
    _panel(pen, x, y, w, h, "Landlord auction", note)
    ty = y + PANEL_HEAD_H
    if a.deed is not None:
        _draw_deed(pen, view, _lot_deed(view, a.deed), x + 14, ty, caption="for sale")
    tx = x + 14 + TILE_W + 16
    waiting = _waiting(view)
    if a.mode == "open":
        pen.text(tx, ty + 10, "High bid", SMALL_SIZE, fill=t.muted, anchor="lm")
        if a.high_bid is not None and a.high_bidder is not None:
            pen.text(tx, ty + 36, money_label(a.high_bid), 26, bold=True, fill=t.ink, anchor="lm")
            bx = tx + pen.length(money_label(a.high_bid), 26, True) + 12
            pen.mark(bx, ty + 36, a.high_bidder, full=True, size=TEXT_SIZE, h=24)
        else:
            pen.text(tx, ty + 36, "no bid yet", 18, fill=t.faint, anchor="lm")
        rows = [("passed", list(a.passed)), ("to bid", waiting)]
    else:
        pen.text(tx, ty + 10, "Sealed bids: amounts hidden", SMALL_SIZE, fill=t.muted, anchor="lm")
        pen.text(
            tx,
            ty + 36,
            f"{len(a.bidders)} bid{'s' if len(a.bidders) != 1 else ''} in",
            22,
            bold=True,
            fill=t.ink,
            anchor="lm",
        )
        rows = [("bid in", list(a.bidders)), ("waiting", waiting)]
    ry = ty + 66
    for label, seats in rows:
        pen.text(tx, ry, label, SMALL_SIZE, fill=t.muted, anchor="lm")
        if seats:
            _chips(pen, tx + 64, ry, seats)
        else:
            pen.text(tx + 64, ry, "—", SMALL_SIZE, fill=t.faint, anchor="lm")
        ry += 26
    # Every lot of the year: sold (winner, price), unsold, now, to come.
    ly = ty + TILE_H + 14
    col_w = (w - 28) / 2
    results = {deed: (winner, price) for deed, winner, price in a.results}
    per_col = _lot_rows(a)
    for i, deed_id in enumerate(a.lots):
        col, row = divmod(i, per_col)
        lx = x + 14 + col * col_w
        cy = ly + row * LOT_ROW_H + LOT_ROW_H / 2
        lot = _lot_deed(view, deed_id)
        c = _deed_colour(t, lot.colour)
        _letter_badge(pen, lx, cy, 20, c, _colour_letter(view, lot.colour))
        now = i == a.lot_index
        pen.text(lx + 26, cy + 1, deed_id, TEXT_SIZE, bold=now, fill=t.ink, anchor="lm")
        rx = lx + 26 + 48
        if deed_id in results:
            winner, price = results[deed_id]
            if winner is None:
                pen.text(rx, cy + 1, "unsold", SMALL_SIZE, fill=t.faint, anchor="lm")
            else:
                mw = pen.mark(rx, cy, winner)
                pen.text(
                    rx + mw + 6,
                    cy + 1,
                    money_label(price),
                    SMALL_SIZE,
                    fill=t.ink,
                    anchor="lm",
                )
        elif now:
            pen.pill(rx, cy, "now", fill=t.strip_now, h=19)
        else:
            pen.text(rx, cy + 1, "to come", SMALL_SIZE, fill=t.faint, anchor="lm")
    return h


# ---------------------------------------------------------------------------------------------
# Private offers (the viewer's own view only)
# ---------------------------------------------------------------------------------------------


def _private_rows(view: MocView, labels: Sequence[str]) -> list[tuple[str, OfferView | None, str]]:
    """The viewer's own offers as (kind, offer, text); empty for the public view."""
    if view.viewer is None or not 0 <= view.viewer < len(view.players):
        return []
    me = view.players[view.viewer]
    rows: list[tuple[str, OfferView | None, str]] = []
    for o in me.offers_made or ():
        rows.append(("made", o, f"to {labels[o.landlord]}"))
    for o in me.offers_received or ():
        rows.append(("received", o, f"from {labels[o.merchant]}"))
    if me.sealed_bid is not None:
        rows.append(("bid", None, money_label(me.sealed_bid) if me.sealed_bid else "pass"))
    return rows


def _private_height(view: MocView) -> float:
    rows = _private_rows(view, [seat_tag(s) for s in range(len(view.players))])
    if view.viewer is None:
        return 0
    shown = min(len(rows), MAX_OFFER_ROWS) + (1 if len(rows) > MAX_OFFER_ROWS else 0)
    return PANEL_HEAD_H + max(1, shown) * OFFER_ROW_H + 12


def _draw_private(pen: _Pen, view: MocView, x: float, y: float, w: float) -> float:
    t = pen.t
    if view.viewer is None:
        return 0
    h = _private_height(view)
    _panel(pen, x, y, w, h, f"Your offers · {pen.who(view.viewer)}", "private")
    rows = _private_rows(view, pen.names)
    ry = y + PANEL_HEAD_H + OFFER_ROW_H / 2
    if not rows:
        pen.text(x + 14, ry, "no open offers", SMALL_SIZE, fill=t.faint, anchor="lm")
    for kind, offer, text in rows[:MAX_OFFER_ROWS]:
        if offer is None:
            pen.text(x + 14, ry, f"your sealed bid: {text}", SMALL_SIZE, bold=True, anchor="lm")
            ry += OFFER_ROW_H
            continue
        arrow = "→" if kind == "made" else "←"
        pen.text(x + 14, ry, f"{arrow} {offer.deed}", SMALL_SIZE, bold=True, anchor="lm")
        pen.text(x + 86, ry, text, SMALL_SIZE, fill=t.muted, anchor="lm")
        line = money_label(offer.amount) + (" closed" if offer.closed else "")
        if offer.note:
            line += f" · “{offer.note}”"
        pen.text(x + 170, ry, pen.fit(line, SMALL_SIZE, w - 184), SMALL_SIZE, anchor="lm")
        ry += OFFER_ROW_H
    if len(rows) > MAX_OFFER_ROWS:
        pen.text(
            x + 14, ry, f"+{len(rows) - MAX_OFFER_ROWS} more", SMALL_SIZE, fill=t.muted, anchor="lm"
        )
    return h


# ---------------------------------------------------------------------------------------------
# Final results
# ---------------------------------------------------------------------------------------------


def _result_groups(view: MocView) -> list[tuple[str, list[int]]]:
    """(title, seats in rank order) — one group in the variant, else landlords and merchants."""
    out: dict[str, Any] = view.outcome or {}
    ranks: dict[str, int] = dict(out.get("ranks", {}))
    details: dict[str, dict[str, Any]] = dict(out.get("details", {}))

    def order(seats: list[int]) -> list[int]:
        return sorted(seats, key=lambda s: (ranks.get(str(s), 99), s))

    if view.variant:
        return [("Players", order([p.seat for p in view.players]))]
    lands = [
        p.seat for p in view.players if details.get(str(p.seat), {}).get("landlord", p.is_landlord)
    ]
    merch = [
        p.seat for p in view.players if details.get(str(p.seat), {}).get("merchant", p.is_merchant)
    ]
    return [("Landlords", order(lands)), ("Merchants", order(merch))]


def _results_height(view: MocView) -> float:
    if view.outcome is None:
        return 0
    groups = _result_groups(view)
    rows = max((len(g) for _, g in groups), default=0)
    return PANEL_HEAD_H + 24 + rows * RESULT_ROW_H + 12


def _draw_results(pen: _Pen, view: MocView, x: float, y: float, w: float) -> float:
    t = pen.t
    out: dict[str, Any] = view.outcome or {}
    if view.outcome is None:
        return 0
    h = _results_height(view)
    _panel(pen, x, y, w, h, "Final results", "by money")
    scores: dict[str, int] = dict(out.get("scores", {}))
    ranks: dict[str, int] = dict(out.get("ranks", {}))
    winners = {int(s) for s in out.get("winners", [])}
    groups = _result_groups(view)
    col_w = (w - 28) / len(groups)
    for gi, (title, seats) in enumerate(groups):
        gx = x + 14 + gi * col_w
        pen.text(
            gx + 4, y + PANEL_HEAD_H + 8, title, TEXT_SIZE, bold=True, fill=t.muted, anchor="lm"
        )
        for r, s in enumerate(seats):
            cy = y + PANEL_HEAD_H + 24 + r * RESULT_ROW_H + RESULT_ROW_H / 2
            p = view.players[s]
            bankrupt = (
                (p.landlord_bankrupt if title == "Landlords" else p.merchant_bankrupt)
                if not view.variant
                else _is_out(p)
            )
            if s in winners:
                pen.rect(
                    gx,
                    cy - RESULT_ROW_H / 2 + 2,
                    gx + col_w - 8,
                    cy + RESULT_ROW_H / 2 - 2,
                    fill=mix(t.panel, t.gold, 0.30),
                    radius=6,
                )
            rank = ranks.get(str(s), r + 1)
            pen.text(gx + 8, cy + 1, f"{rank}.", TEXT_SIZE, bold=True, fill=t.ink, anchor="lm")
            pen.mark(gx + 34, cy, s, full=True, size=TEXT_SIZE, h=24)
            score = scores.get(str(s), p.money)
            right = gx + col_w - 16
            if bankrupt:
                pen.text(right, cy + 1, "bankrupt", SMALL_SIZE, fill=t.danger, anchor="rm")
            else:
                pen.text(right, cy + 1, money_label(score), TEXT_SIZE + 1, bold=True, anchor="rm")
    return h


# ---------------------------------------------------------------------------------------------
# Legend
# ---------------------------------------------------------------------------------------------

_LEGEND: tuple[tuple[str, str], ...] = (
    ("letters", "deed colour"),
    ("x2", "double income"),
    ("chip", "merchant"),
    ("rent", "rent a year"),
    ("closed", "closed contract"),
    ("exclusive", "exclusive token"),
    ("status", "rent status"),
    ("market", "indicator, start"),
    ("lien", "landlord's lien"),
    ("act", "may act now"),
)
LEGEND_ICON_W = 80


def _legend_height() -> float:
    return PANEL_HEAD_H + (len(_LEGEND) + 1) // 2 * LEGEND_ROW_H + 8


def _draw_legend(pen: _Pen, x: float, y: float, w: float) -> None:
    t = pen.t
    h = _legend_height()
    _panel(pen, x, y, w, h, "Legend")

    def icon(kind: str, cx: float, cy: float) -> None:
        ix = cx + 4
        if kind == "letters":
            for j, (colour, letter) in enumerate(zip(t.deed, "RYGB", strict=False)):
                _letter_badge(pen, ix + j * 16, cy, 16, t.deed[colour], letter)
        elif kind == "x2":
            c = t.deed["green"]
            pen.rect(ix, cy - 12, ix + 62, cy + 12, fill=c, radius=5)
            _deed_id(pen, "x2g1", ix + 4, cy, c, 58)
        elif kind == "chip":
            pen.pill(ix, cy, "Name", fill=player_colour(2), size=SMALL_SIZE, h=21)
        elif kind == "rent":
            pen.text(ix, cy + 1, "$12,000", SMALL_SIZE, bold=True, fill=t.ink, anchor="lm")
        elif kind == "closed":
            _lock(pen, ix + 10, cy, 17, t.ink)
        elif kind == "exclusive":
            _star(pen, ix + 10, cy, 10, t.gold, mix(t.gold, _BLACK, 0.5))
        elif kind == "status":
            pen.disc(ix + 5, cy, 4.5, fill=t.good)
            pen.text(ix + 14, cy + 1, "paid", SMALL_SIZE, bold=True, fill=t.good, anchor="lm")
        elif kind == "market":
            c = t.deed["blue"]
            pen.rect(ix, cy - 11, ix + 28, cy + 11, fill=c, radius=5)
            pen.text(ix + 14, cy + 1, "15", SMALL_SIZE, bold=True, fill=text_on(c), anchor="mm")
            pen.polygon([(ix + 34, cy + 6), (ix + 42, cy + 6), (ix + 38, cy - 1)], fill=t.muted)
        elif kind == "lien":
            pen.text(ix, cy + 1, "lien", SMALL_SIZE, bold=True, fill=t.danger, anchor="lm")
            pen.pill(ix + 32, cy, "Ali", fill=player_colour(0), size=SMALL_SIZE, h=21)
        elif kind == "act":
            pen.pill(ix, cy, "to act", fill=t.strip_now, h=19)

    legend_grid(
        pen,
        x,
        y,
        w,
        _LEGEND,
        icon,
        head=PANEL_HEAD_H,
        row_h=LEGEND_ROW_H,
        label_dx=4 + LEGEND_ICON_W,
        size=SMALL_SIZE,
        ink=t.ink,
    )


@lru_cache(maxsize=8)
def _legend_layer(theme: str, scale: float) -> Image.Image:
    t = _THEMES[theme]
    layer = Image.new("RGB", (round(RIGHT_W * scale), round(_legend_height() * scale)), t.bg)
    _draw_legend(_Pen(layer, scale, t), 0, 0, RIGHT_W)
    return layer


# ---------------------------------------------------------------------------------------------
# Names: every seat by its display name, and a short unique mark for small places
# ---------------------------------------------------------------------------------------------

_SEAT_TAG = re.compile(r"\bp(\d{1,2})\b")


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
# The chat board (detail=False): designed for Discord's inline width of 550 px
# ---------------------------------------------------------------------------------------------
# Layout units are pixels at scale 1.0. The image is CHAT_W wide, so it is shown at half size
# inline: C_MIN = 23 becomes 11.5 px there (11.3 px at the bot's scale 0.75 after rounding).
CHAT_W = 1100
C_M = 16  # outer margin
C_GAP = 12  # between panels
C_PAD = 14  # inside a panel
C_MIN = 23  # the smallest text on the chat board
C_TEXT = 25
C_HEAD = 29
C_BIG = 34
C_LINE_H = 40  # a line of names, pills and words
C_PILL_H = 32
C_STRIP_H = 44  # the six phases
C_PANEL_HEAD_H = 40
C_MARKET_ROW_H = 40
C_PLAYER_ROW_H = 42
C_TILE_W = 104
C_TILE_H = 104
C_TILE_GAP = 6
C_BAND_H = 34
C_CARD_PAD = 10
C_CARD_HEAD_H = 50
C_MAX_COLS = (CHAT_W - 2 * C_M - 2 * C_CARD_PAD + C_TILE_GAP) // (C_TILE_W + C_TILE_GAP)
C_LOT_W = 150  # the auction's lot tile
C_LOT_H = 140
PLAYER_NAME_W = 130  # widest name in a two-column player row (longer ones are cut: "Maximi…")
MAX_PRIVATE = 6  # the viewer's own offers listed on the chat board

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


class _Chat:
    """Everything the chat board's parts share: pen, theme, view, names and marks."""

    def __init__(self, pen: _Pen, view: MocView, labels: Sequence[str]) -> None:
        self.pen = pen
        self.t = pen.t
        self.view = view
        self.names = list(labels)
        self.marks = _marks(labels)
        self.waiting = _waiting(view)
        self.plan: dict[float, list[list[tuple[DistrictView, int, float]]]] = {}

    # -- small pieces -----------------------------------------------------------------

    def name_pill(
        self, x: float, cy: float, seat: int, *, mark: bool = False, limit: float = math.inf
    ) -> float:
        """The seat's colour with its name (or mark) on it; returns the width. ``limit``: the
        widest the name may be (a longer one is cut with an ellipsis)."""
        colour = player_colour(seat)
        if not mark:
            name = self.pen.fit(self.names[seat], C_MIN, limit, True)
            return self.pen.tag(x, cy, seat, name, C_MIN, C_PILL_H)
        text = self.marks[seat]
        return self.pen.pill(
            x,
            cy,
            text,
            fill=colour,
            size=C_MIN,
            h=C_PILL_H - (4 if mark else 0),
            outline=mix(colour, self.t.ink, 0.45),
        )

    # -- one player's sheet (/board player:<name>) -------------------------------------

    def sheet_segs(self, seat: int) -> list[_Seg]:
        v, t = self.view, self.t
        p = v.players[seat]
        segs: list[_Seg] = [_Seg("n", seat=seat), _t(_k(p.money), bold=True)]
        segs.append(_t(role_text(v, p).lower(), t.muted))
        if _is_out(p):
            segs.append(_Seg("p", "bankrupt", colour=t.danger))
        elif p.landlord_bankrupt and p.is_landlord:
            segs.append(_Seg("p", "landlord bankrupt", colour=t.danger))
        elif p.merchant_bankrupt and p.is_merchant:
            segs.append(_Seg("p", "merchant bankrupt", colour=t.danger))
        if seat in self.waiting:
            segs.append(_Seg("p", "to act", colour=t.strip_now))
        elif v.phase is Phase.NEGOTIATION and p.done and v.outcome is None:
            segs.append(_Seg("p", "✓ done", colour=t.good))
        segs.append(_t(f"· year {v.year} of {v.years}, {self.headline().lower()}", t.muted))
        if p.liens_on:
            segs += [_Seg("br"), _t("Liens on them by", t.danger, True)]
            segs += [_Seg("n", seat=s) for s in p.liens_on]
        if p.lien_income_to is not None:
            segs += [_t("· next income to", t.danger), _Seg("n", seat=p.lien_income_to)]
        held = lien_holders(v).get(seat, [])
        if held:
            segs += [_Seg("br"), _t("Their liens on", t.muted), *(_Seg("n", seat=s) for s in held)]
        due = v.tax_due.get(seat)
        if due:
            segs += [_Seg("br"), _t("Tax due", t.muted), _t(_k(due), t.warn, True)]
        return segs

    def rented(self, seat: int) -> list[DeedView]:
        return [d for dist in self.view.districts for d in dist.deeds if d.merchant == seat]

    def rents_height(self, seat: int) -> float:
        deeds = self.rented(seat)
        if not self.view.players[seat].is_merchant:
            return 0
        rows = max(1, -(-len(deeds) // C_MAX_COLS))
        return C_PANEL_HEAD_H + rows * (C_TILE_H + C_TILE_GAP) - C_TILE_GAP + C_CARD_PAD

    def rents(self, seat: int, x: float, y: float, w: float) -> float:
        if not self.view.players[seat].is_merchant:
            return 0
        deeds = self.rented(seat)
        h = self.rents_height(seat)
        total = sum(d.rent or 0 for d in deeds)
        note = f"{_k(total)} a year · landlord on each deed" if deeds else ""
        self.panel(x, y, w, h, f"Rents {len(deeds)} deed{'s' if len(deeds) != 1 else ''}", note)
        if not deeds:
            self.pen.text(
                x + C_PAD,
                y + C_PANEL_HEAD_H + C_TILE_H / 2,
                "nothing rented",
                C_MIN,
                fill=self.t.faint,
                anchor="lm",
            )
        for i, d in enumerate(deeds):
            row, col = divmod(i, C_MAX_COLS)
            self.tile(
                d,
                x + C_CARD_PAD + col * (C_TILE_W + C_TILE_GAP),
                y + C_PANEL_HEAD_H + row * (C_TILE_H + C_TILE_GAP),
                who=d.landlord,
            )
        return h

    def own_district(self, seat: int) -> DistrictView | None:
        return next((d for d in self.view.districts if d.landlord == seat), None)

    def sheet_height(self, seat: int, w: float) -> float:
        parts: list[float] = [len(self.flow_lines(self.sheet_segs(seat), w)) * C_LINE_H]
        d = self.own_district(seat)
        if d is not None:
            parts.append(_card_h(len(d.deeds), max(1, min(len(d.deeds), C_MAX_COLS))))
        parts += [self.rents_height(seat), self.private_height(w)]
        shown = [p for p in parts if p > 0]
        return sum(shown) + C_GAP * (len(shown) - 1)

    def sheet(self, seat: int, x: float, y: float, w: float) -> float:
        y0 = y
        y += self.flow(self.sheet_segs(seat), x, y, w) + C_GAP
        d = self.own_district(seat)
        if d is not None:
            cols = max(1, min(len(d.deeds), C_MAX_COLS))
            h = _card_h(len(d.deeds), cols)
            self.card(d, x, y, w, h, cols, lien_holders(self.view).get(seat, []))
            y += h + C_GAP
        used = self.rents(seat, x, y, w)
        if used:
            y += used + C_GAP
        if self.view.viewer == seat:
            y += self.private(x, y, w) + C_GAP
        return y - C_GAP - y0

    def pill_w(self, text: str, size: float = C_MIN) -> float:
        return self.pen.length(text, size, True) + 14

    def seg_w(self, s: _Seg) -> float:
        if s.kind == "t":
            return self.pen.length(s.text, C_MIN, s.bold)
        if s.kind == "n":
            return self.pen.tag_w(self.names[s.seat], C_MIN)
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
            cy = y + i * C_LINE_H + C_LINE_H / 2
            lx = x
            for s in line:
                lx += self.seg(s, lx, cy) + 8
        return len(lines) * C_LINE_H

    def seg(self, s: _Seg, x: float, cy: float) -> float:
        pen, t = self.pen, self.t
        if s.kind == "t":
            pen.text(x, cy + 1, s.text, C_MIN, bold=s.bold, fill=s.colour or t.ink, anchor="lm")
            return pen.length(s.text, C_MIN, s.bold)
        if s.kind in ("n", "m"):
            return self.name_pill(x, cy, s.seat, mark=s.kind == "m")
        if s.kind == "d":
            c = _deed_colour(t, _lot_deed(self.view, s.text).colour)
            return pen.pill(x, cy, s.text, fill=c, size=C_MIN, h=C_PILL_H - 2)
        if s.kind == "p":
            fill = s.colour or t.strip_now
            return pen.pill(x, cy, s.text, fill=fill, size=C_MIN, h=C_PILL_H - 4)
        return 0

    def panel(self, x: float, y: float, w: float, h: float, title: str, note: str = "") -> None:
        pen, t = self.pen, self.t
        pen.rect(x, y, x + w, y + h, fill=t.panel, outline=t.panel_edge, radius=10)
        pen.text(x + C_PAD, y + C_PANEL_HEAD_H / 2 + 2, title, C_TEXT, bold=True, anchor="lm")
        if note:
            tw = pen.length(title, C_TEXT, True)
            pen.text(
                x + w - C_PAD,
                y + C_PANEL_HEAD_H / 2 + 2,
                pen.fit(note, C_MIN, w - tw - 3 * C_PAD),
                C_MIN,
                fill=t.muted,
                anchor="rm",
            )

    # -- header -----------------------------------------------------------------------

    def headline(self) -> str:
        v = self.view
        if v.outcome is not None:
            return "Game over"
        if v.phase is Phase.AUCTION and v.auction is not None:
            a = v.auction
            total = len(a.lots)
            return f"Auction · lot {min(a.lot_index + 1, total)} of {total}"
        if v.phase is Phase.LIEN:
            return "Income · liens"
        return PHASE_LABELS.get(v.phase, v.phase_label)

    def header_note(self) -> str:
        v = self.view
        tags = []
        if v.variant:
            tags.append("3–4 player variant")
        if v.expert:
            tags.append("expert")
        if v.auction is not None and v.phase is Phase.AUCTION:
            tags.append(f"{v.auction.mode} bids")
        if v.deadline_seconds and v.outcome is None:
            tags.append(f"{_duration(v.deadline_seconds)} timer")
        return " · ".join(tags)

    def waiting_segs(self) -> list[_Seg]:
        if not self.waiting:
            return []
        return [_t("Waiting for", self.t.muted), *(_Seg("n", seat=s) for s in self.waiting)]

    def event_lines(self, w: float) -> list[str]:
        banner = _banner(self.view, self.names)
        event = banner or _named(self.view.last_event, self.names)
        event = event or "The market opens: landlords, merchants, negotiate!"
        lines = self.pen.wrap(event, C_TEXT, w - 40, bold=banner is not None)
        if len(lines) > 2:
            lines = [lines[0], self.pen.fit(" ".join(lines[1:]), C_TEXT, w - 40)]
        return lines

    def header_height(self, w: float) -> float:
        h = 52 + 8 + C_STRIP_H + 10
        waiting = self.waiting_segs()
        if waiting:
            h += len(self.flow_lines(waiting, w)) * C_LINE_H + 4
        return h + len(self.event_lines(w)) * 32 + 8

    def header(self, x: float, y: float, w: float) -> float:
        pen, t, v = self.pen, self.t, self.view
        cy = y + 26
        year = f"Year {v.year} of {v.years}"
        pen.text(x, cy, year, C_HEAD, bold=True, anchor="lm")
        hx = x + pen.length(year, C_HEAD, True) + 18
        head = self.headline()
        pen.text(hx, cy, head, C_BIG, bold=True, fill=t.ink, anchor="lm")
        hx += pen.length(head, C_BIG, True) + 18
        note = self.header_note()
        if note and x + w - hx > 60:
            pen.text(
                x + w, cy + 1, pen.fit(note, C_MIN, x + w - hx), C_MIN, fill=t.muted, anchor="rm"
            )
        sy = y + 52 + 8
        self.strip(x, sy, w)
        ly = sy + C_STRIP_H + 10
        waiting = self.waiting_segs()
        if waiting:
            ly += self.flow(waiting, x, ly, w) + 4
        lines = self.event_lines(w)
        box_h = len(lines) * 32 + 8
        fill = t.banner_over if v.outcome is not None else t.panel
        ink = text_on(fill) if v.outcome is not None else t.ink
        pen.rect(x, ly, x + w, ly + box_h, fill=fill, outline=t.panel_edge, radius=8)
        pen.text(x + 12, ly + 4 + 16, "›", C_TEXT, bold=True, fill=ink, anchor="lm")
        for i, line in enumerate(lines):
            pen.text(
                x + 32,
                ly + 4 + 16 + i * 32,
                line,
                C_TEXT,
                bold=v.outcome is not None,
                fill=ink,
                anchor="lm",
            )
        return ly + box_h - y

    def strip(self, x: float, y: float, w: float) -> None:
        """The year's phases as chevrons: done (✓), now (dark, bold), to come."""
        pen, t, v = self.pen, self.t, self.view
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
                fill, ink, edge = t.strip_next, t.muted, t.panel_edge
            elif i == now:
                fill, ink, edge = t.strip_now, text_on(t.strip_now), t.strip_now
            elif i < now:
                fill, ink, edge = t.strip_done, t.muted, t.panel_edge
            else:
                fill, ink, edge = t.strip_next, t.ink, t.panel_edge
            if phase is Phase.EXCLUSIVE and not v.expert:
                ink = t.faint
            left = 0 if i == 0 else tip
            right = 0 if i == n - 1 else tip
            pen.polygon(
                [
                    (x0, y),
                    (x1 - right, y),
                    (x1, y + C_STRIP_H / 2),
                    (x1 - right, y + C_STRIP_H),
                    (x0, y + C_STRIP_H),
                    (x0 + left, y + C_STRIP_H / 2),
                ],
                fill=fill,
                outline=edge,
            )
            label = PHASE_LABELS[phase]
            if i < now and not over:
                label = "✓ " + label
            room = seg - left - right - 6
            if pen.length(label, C_MIN, i == now) > room:
                label = label.removeprefix("✓ ")
            cx = x0 + (left + seg - right) / 2
            pen.text(cx, y + C_STRIP_H / 2 + 1, label, C_MIN, bold=i == now, fill=ink, anchor="mm")

    # -- the phase's own panel ------------------------------------------------------------

    def focus_segs(self) -> tuple[str, list[_Seg]]:
        """(title, pieces) of what the current phase is about; empty title: no panel."""
        v, t = self.view, self.t
        if v.outcome is not None or v.phase is Phase.AUCTION:
            return "", []
        segs: list[_Seg] = []
        if v.phase is Phase.NEGOTIATION:
            merchants = [p for p in v.players if not _is_out(p)]
            done = sum(1 for p in merchants if p.done)
            vacant = sum(1 for d in v.districts for deed in d.deeds if deed.merchant is None)
            segs += [
                _t(f"{done} of {len(merchants)} done ·", t.muted),
                _t(f"{vacant} vacant deed{'s' if vacant != 1 else ''} ·", t.muted),
                _t("offers are private (DM)", t.muted),
            ]
            return "Negotiation", segs
        if v.phase in (Phase.INCOME, Phase.LIEN):
            for landlord, merchant in v.lien_choosing:
                segs += [
                    _Seg("n", seat=landlord),
                    _t("takes a deed's income from"),
                    _Seg("n", seat=merchant),
                    _Seg("br"),
                ]
            totals: dict[int, int] = {}
            for line in v.income:
                totals[line.paid_to] = totals.get(line.paid_to, 0) + line.amount
            if totals:
                segs.append(_t("Income:", t.muted))
                for seat, amount in sorted(totals.items()):
                    segs += [
                        _Seg("m", seat=seat),
                        _t(_k(amount), t.danger if amount < 0 else t.ink, True),
                    ]
            return "Income", segs or [_t("dice rolled", t.muted)]
        if v.phase is Phase.RENT:
            owed: dict[int, int] = {}
            for dist in v.districts:
                for d in dist.deeds:
                    if d.merchant is not None and d.rent_status in ("due", "partial"):
                        owed[d.merchant] = owed.get(d.merchant, 0) + (d.rent or 0)
            if owed:
                segs.append(_t("Rent due:", t.muted))
                for seat, amount in sorted(owed.items()):
                    segs += [_Seg("n", seat=seat), _t(_k(amount), bold=True)]
                segs.append(_Seg("br"))
            for landlord, merchant in v.lien_deciding:
                segs += [
                    _Seg("n", seat=landlord),
                    _t("decides: lien on"),
                    _Seg("n", seat=merchant),
                    _t("?"),
                    _Seg("br"),
                ]
            segs += [
                _t("On deeds:", t.muted),
                _t("! due", t.warn, True),
                _t("✓ paid", t.good, True),
            ]
            segs += [_t("½ part paid", t.danger, True), _t("✗ unpaid", t.danger, True)]
            return "Rent", segs
        if v.phase is Phase.TAX:
            segs.append(_t("Tax due:", t.muted))
            for seat, amount in sorted(v.tax_due.items()):
                segs += [_Seg("n", seat=seat), _t(_k(amount), bold=True)]
            if not v.tax_due:
                segs.append(_t("nothing owed", t.faint))
            return "Tax", segs
        if v.phase is Phase.EXCLUSIVE:
            for dist in v.districts:
                if dist.exclusive_holder is None:
                    continue
                segs += [
                    _Seg("n", seat=dist.exclusive_holder),
                    _t("leads the district of"),
                    _Seg("n", seat=dist.landlord),
                    _t("· ★ on", t.muted),
                ]
                if dist.exclusive_deed is None:
                    segs += [_t("none yet", t.faint), _Seg("br")]
                else:
                    segs += [_Seg("d", dist.exclusive_deed), _Seg("br")]
            return "Exclusive", segs or [_t("no token to place", t.faint)]
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
        lines = self.flow_lines([_t(title, bold=True), *segs], w - 2 * C_PAD)
        return len(lines) * C_LINE_H + 12

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
        self.flow([_t(title, bold=True), *segs], x + C_PAD, y + 6, w - 2 * C_PAD)
        return h

    # -- auction ---------------------------------------------------------------------

    def auction_segs(self) -> list[_Seg]:
        v, t = self.view, self.t
        a = v.auction
        assert a is not None
        segs: list[_Seg] = []
        if a.mode == "open":
            segs.append(_t("High bid", t.muted))
            if a.high_bid is not None and a.high_bidder is not None:
                segs += [
                    _t(_k(a.high_bid), bold=True),
                    _t("by", t.muted),
                    _Seg("n", seat=a.high_bidder),
                ]
            else:
                segs.append(_t("none yet", t.faint))
            segs += [_Seg("br"), _t("To bid:", t.muted)]
            segs += [_Seg("n", seat=s) for s in self.waiting] or [_t("—", t.faint)]
            if a.passed:
                segs += [_Seg("br"), _t("Passed:", t.muted), *(_Seg("m", seat=s) for s in a.passed)]
        else:
            segs += [
                _t("Sealed bids, amounts hidden:", t.muted),
                _t(f"{len(a.bidders)} in", bold=True),
            ]
            segs += [_Seg("br"), _t("Bid in:", t.muted)]
            segs += [_Seg("m", seat=s) for s in a.bidders] or [_t("—", t.faint)]
            segs += [_Seg("br"), _t("Waiting:", t.muted)]
            segs += [_Seg("n", seat=s) for s in self.waiting] or [_t("—", t.faint)]
        segs.append(_Seg("br"))
        results = {deed: (winner, price) for deed, winner, price in a.results}
        segs.append(_t("Lots:", t.muted))
        for i, deed in enumerate(a.lots):
            if i:
                segs.append(_t("·", t.faint, True))
            if deed in results:
                winner, price = results[deed]
                segs.append(_Seg("d", deed))
                if winner is None:
                    segs.append(_t("unsold", t.faint))
                else:
                    segs += [_Seg("m", seat=winner), _t(_k(price), bold=True)]
            elif i == a.lot_index:
                segs += [_Seg("d", deed), _Seg("p", "now")]
            else:
                segs.append(_Seg("d", deed))
        return segs

    def auction_height(self, w: float) -> float:
        lines = self.flow_lines(self.auction_segs(), w - 3 * C_PAD - C_LOT_W)
        return C_PANEL_HEAD_H + max(C_LOT_H, len(lines) * C_LINE_H) + 12

    def auction(self, x: float, y: float, w: float) -> float:
        v = self.view
        a = v.auction
        assert a is not None
        h = self.auction_height(w)
        self.panel(x, y, w, h, "Landlord auction", "landlords bid for the lot")
        ty = y + C_PANEL_HEAD_H
        if a.deed is not None:
            self.tile(_lot_deed(v, a.deed), x + C_PAD, ty, C_LOT_W, C_LOT_H, caption="for sale")
        tx = x + 2 * C_PAD + C_LOT_W
        self.flow(self.auction_segs(), tx, ty, w - 3 * C_PAD - C_LOT_W)
        return h

    # -- results ---------------------------------------------------------------------

    def results_height(self) -> float:
        rows = max((len(g) for _, g in _result_groups(self.view)), default=0)
        return C_PANEL_HEAD_H + 34 + rows * C_LINE_H + 10

    def results(self, x: float, y: float, w: float) -> float:
        pen, t, v = self.pen, self.t, self.view
        out: dict[str, Any] = v.outcome or {}
        h = self.results_height()
        self.panel(x, y, w, h, "Final results", "by money")
        scores: dict[str, int] = dict(out.get("scores", {}))
        ranks: dict[str, int] = dict(out.get("ranks", {}))
        winners = {int(s) for s in out.get("winners", [])}
        groups = _result_groups(v)
        col_w = (w - 2 * C_PAD) / len(groups)
        for gi, (title, seats) in enumerate(groups):
            gx = x + C_PAD + gi * col_w
            pen.text(
                gx + 4, y + C_PANEL_HEAD_H + 14, title, C_MIN, bold=True, fill=t.muted, anchor="lm"
            )
            for r, s in enumerate(seats):
                cy = y + C_PANEL_HEAD_H + 34 + r * C_LINE_H + C_LINE_H / 2
                p = v.players[s]
                if v.variant:
                    bankrupt = _is_out(p)
                else:
                    bankrupt = p.landlord_bankrupt if title == "Landlords" else p.merchant_bankrupt
                if s in winners:
                    pen.rect(
                        gx,
                        cy - C_LINE_H / 2 + 2,
                        gx + col_w - 10,
                        cy + C_LINE_H / 2 - 2,
                        fill=mix(t.panel, t.gold, 0.30),
                        radius=6,
                    )
                rank = ranks.get(str(s), r + 1)
                pen.text(gx + 6, cy + 1, f"{rank}.", C_MIN, bold=True, anchor="lm")
                self.name_pill(gx + 44, cy, s)
                right = gx + col_w - 18
                if bankrupt:
                    pen.text(right, cy + 1, "bankrupt", C_MIN, fill=t.danger, anchor="rm")
                else:
                    pen.text(
                        right,
                        cy + 1,
                        _k(scores.get(str(s), p.money)),
                        C_TEXT,
                        bold=True,
                        anchor="rm",
                    )
        return h

    # -- own offers (the viewer's own view only) -----------------------------------------

    def private_segs(self) -> list[_Seg]:
        v, t = self.view, self.t
        segs: list[_Seg] = []
        rows = _private_rows(v, self.names)
        for kind, offer, text in rows[:MAX_PRIVATE]:
            if offer is None:
                segs += [_t("Your sealed bid:", t.muted), _t(text, bold=True), _Seg("br")]
                continue
            if kind == "made":
                segs += [
                    _t("→", t.muted, True),
                    _Seg("d", offer.deed),
                    _t("to", t.muted),
                    _Seg("n", seat=offer.landlord),
                ]
            else:
                segs += [
                    _t("←", t.muted, True),
                    _Seg("d", offer.deed),
                    _t("from", t.muted),
                    _Seg("n", seat=offer.merchant),
                ]
            segs.append(_t(_k(offer.amount) + (" closed" if offer.closed else ""), bold=True))
            segs.append(_Seg("br"))
        if len(rows) > MAX_PRIVATE:
            segs.append(_t(f"+{len(rows) - MAX_PRIVATE} more: /hand", t.muted))
        return segs or [_t("no open offers", t.faint)]

    def private_height(self, w: float) -> float:
        if self.view.viewer is None:
            return 0
        return (
            C_PANEL_HEAD_H
            + len(self.flow_lines(self.private_segs(), w - 2 * C_PAD)) * C_LINE_H
            + 10
        )

    def private(self, x: float, y: float, w: float) -> float:
        v = self.view
        if v.viewer is None:
            return 0
        h = self.private_height(w)
        self.panel(x, y, w, h, f"Your offers · {self.names[v.viewer]}", "private")
        self.flow(self.private_segs(), x + C_PAD, y + C_PANEL_HEAD_H, w - 2 * C_PAD)
        return h

    # -- market ----------------------------------------------------------------------

    def market_height(self) -> float:
        return C_PANEL_HEAD_H + len(self.view.tracks) * C_MARKET_ROW_H + 8

    def market(self, x: float, y: float, w: float) -> float:
        pen, t = self.pen, self.t
        layer = _chat_market_layer(_MarketPlan.of(self.view), t.name, pen.k, w)
        pen.image.paste(layer, (pen.px(x), pen.px(y)))
        slot = _chat_slot_w(w)
        for r, tr in enumerate(self.view.tracks):
            cy = y + C_PANEL_HEAD_H + r * C_MARKET_ROW_H + C_MARKET_ROW_H / 2
            c = _deed_colour(t, tr.colour)
            if 0 <= tr.position < len(tr.values):
                sx = x + C_PAD + 44 + tr.position * slot
                pen.rect(
                    sx - 2,
                    cy - 17,
                    sx + slot + 2,
                    cy + 17,
                    fill=c,
                    outline=mix(c, _BLACK, 0.45),
                    width=1.5,
                    radius=6,
                )
                pen.text(
                    sx + slot / 2,
                    cy + 1,
                    _thousands(tr.values[tr.position]),
                    C_TEXT + 1,
                    bold=True,
                    fill=text_on(c),
                    anchor="mm",
                )
            dx = x + w - C_PAD - 60
            if tr.last_roll is None:
                pen.text(dx + 30, cy + 1, "–", C_MIN, fill=t.faint, anchor="mm")
            else:
                pen.rect(dx, cy - 17, dx + 60, cy + 17, fill=t.tile, outline=c, width=2, radius=6)
                roll = (
                    "0"
                    if tr.last_roll == 0
                    else f"{_MINUS if tr.last_roll < 0 else '+'}{abs(tr.last_roll)}"
                )
                pen.text(dx + 30, cy + 1, roll, C_TEXT, bold=True, fill=t.ink, anchor="mm")
        return self.market_height()

    # -- players ---------------------------------------------------------------------

    def player_cols(self) -> int:
        return 1 if len(self.view.players) <= 4 else 2

    def players_height(self) -> float:
        rows = -(-len(self.view.players) // self.player_cols())
        return C_PANEL_HEAD_H + rows * C_PLAYER_ROW_H + 8

    def players(self, x: float, y: float, w: float) -> float:
        v = self.view
        h = self.players_height()
        self.panel(x, y, w, h, "Players", "money is public")
        cols = self.player_cols()
        per_col = -(-len(v.players) // cols)
        col_w = (w - 2 * C_PAD - (cols - 1) * 12) / cols
        held = lien_holders(v)
        for i, p in enumerate(v.players):
            col, row = divmod(i, per_col)
            px = x + C_PAD + col * (col_w + 12)
            py = y + C_PANEL_HEAD_H + row * C_PLAYER_ROW_H
            self.player(p, px, py, col_w, held.get(p.seat, []), wide=cols == 1)
        return h

    def player(
        self, p: PlayerView, x: float, y: float, w: float, held: list[int], *, wide: bool
    ) -> None:
        pen, t, v = self.pen, self.t, self.view
        cy = y + C_PLAYER_ROW_H / 2
        acting = p.seat in self.waiting
        if acting:
            pen.rect(
                x - 6,
                y + 2,
                x + w + 6,
                y + C_PLAYER_ROW_H - 2,
                fill=mix(t.panel, player_colour(p.seat), 0.18),
                radius=8,
            )
        limit = PLAYER_NAME_W if not wide else 2 * PLAYER_NAME_W
        self.name_pill(x, cy, p.seat, limit=limit)
        widest = max(pen.tag_w(pen.fit(n, C_MIN, limit, True), C_MIN) for n in self.names)
        cash_right = x + widest + 8 + pen.length("$888k", C_TEXT, True)
        pen.text(cash_right, cy + 1, _k(p.money), C_TEXT, bold=True, anchor="rm")
        lx = cash_right + 14
        right = x + w
        units: list[list[_Seg]] = []  # each drawn whole or not at all, in this order
        if _is_out(p):
            units.append([_Seg("p", "bankrupt", colour=t.danger)])
        else:
            if p.is_landlord and p.landlord_bankrupt:
                units.append([_Seg("p", "landlord bankrupt", colour=t.danger)])
            if p.is_merchant and p.merchant_bankrupt:
                units.append([_Seg("p", "merchant bankrupt", colour=t.danger)])
        if acting:
            units.append([_Seg("p", "to act", colour=t.strip_now)])
        elif v.phase is Phase.NEGOTIATION and p.done and v.outcome is None:
            units.append([_Seg("p", "✓ done", colour=t.good)])
        if p.liens_on:
            units.append([_t("lien by", t.danger, True), *(_Seg("m", seat=s) for s in p.liens_on)])
        role = _t(_short_role(v, p, wide), t.muted)
        if wide and held:
            units.append([_t("lien on", t.muted), *(_Seg("m", seat=s) for s in held)])
        for unit in units:
            need = sum(self.seg_w(s) + 8 for s in unit) - 8
            if lx + need > right:
                break
            for s in unit:
                lx += self.seg(s, lx, cy) + 8
        if right - lx > 60:  # the role last, shortened to the room left
            text = pen.fit(role.text, C_MIN, right - lx)
            pen.text(lx, cy + 1, text, C_MIN, fill=t.muted, anchor="lm")
        if _is_out(p):
            _fade(pen, x - 4, y + 2, w + 8, C_PLAYER_ROW_H - 4, 0.45)

    # -- districts -------------------------------------------------------------------

    def card_head_segs(self, d: DistrictView, liens: list[int]) -> list[_Seg]:
        t = self.t
        segs: list[_Seg] = []
        if self.view.players[d.landlord].landlord_bankrupt:
            segs.append(_Seg("p", "bankrupt", colour=t.danger))
        due = self.view.tax_due.get(d.landlord)
        if due:
            segs.append(_Seg("p", f"tax {_k(due)}", colour=t.warn))
        if liens:
            segs += [_t("lien on", t.danger, True), *(_Seg("m", seat=s) for s in liens)]
        if d.exclusive_holder is not None and d.exclusive_deed is None:
            segs += [_t("★ to place", t.muted), _Seg("m", seat=d.exclusive_holder)]
        return segs

    def card_head_w(self, d: DistrictView, liens: list[int]) -> float:
        p = self.view.players[d.landlord]
        w = 2 * C_CARD_PAD + self.pen.tag_w(self.names[d.landlord], C_MIN) + 10
        w += self.pen.length(_k(p.money), C_TEXT, True)
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
        for cap in range(C_MAX_COLS, 0, -1):
            rows: list[list[tuple[DistrictView, int, float]]] = [[]]
            used = 0.0
            for d, head in zip(self.view.districts, heads, strict=True):
                cols = max(1, min(cap, len(d.deeds)))
                cw = max(_card_w(cols), head)
                if rows[-1] and used + C_GAP + cw > w:
                    rows.append([])
                    used = 0
                used += (C_GAP if rows[-1] else 0) + cw
                rows[-1].append((d, cols, head))
            rows = [_widen(row, w) for row in rows if row]
            height = sum(_row_h(row) for row in rows) + C_GAP * (len(rows) - 1)
            if height < best_h - 1:
                best, best_h = rows, height
        return best

    def districts_height(self, w: float) -> float:
        rows = self.plan_districts(w)
        if not rows:
            return 0
        return sum(_row_h(r) for r in rows) + C_GAP * (len(rows) - 1)

    def districts(self, x: float, y: float, w: float) -> float:
        rows = self.plan_districts(w)
        liens = lien_holders(self.view)
        cy = y
        for row in rows:
            rh = _row_h(row)
            spare = (w - sum(cw for _, _, cw in row) - C_GAP * (len(row) - 1)) / len(row)
            cx = x
            for d, cols, cw in row:
                self.card(d, cx, cy, cw + spare, rh, cols, liens.get(d.landlord, []))
                cx += cw + spare + C_GAP
            cy += rh + C_GAP
        return cy - C_GAP - y

    def card(
        self, d: DistrictView, x: float, y: float, w: float, h: float, cols: int, liens: list[int]
    ) -> None:
        pen, t, v = self.pen, self.t, self.view
        p = v.players[d.landlord]
        colour = player_colour(d.landlord)
        acting = d.landlord in self.waiting
        pen.rect(
            x,
            y,
            x + w,
            y + h,
            fill=t.panel,
            outline=mix(colour, _BLACK, 0.2) if acting else t.panel_edge,
            width=3 if acting else 1,
            radius=10,
        )
        pen.rect(
            x + 2,
            y + 2,
            x + w - 2,
            y + C_CARD_HEAD_H - 6,
            fill=mix(t.panel, colour, 0.16),
            radius=9,
        )
        hy = y + (C_CARD_HEAD_H - 4) / 2
        hx = x + C_CARD_PAD
        hx += self.name_pill(hx, hy, d.landlord) + 10
        pen.text(hx, hy + 1, _k(p.money), C_TEXT, bold=True, anchor="lm")
        hx += pen.length(_k(p.money), C_TEXT, True) + 8
        segs = self.card_head_segs(d, liens)
        need = sum(self.seg_w(s) + 8 for s in segs)
        rx = max(hx, x + w - C_CARD_PAD - need + 8)
        for s in segs:
            rx += self.seg(s, rx, hy) + 8
        ty = y + C_CARD_HEAD_H
        if not d.deeds:
            pen.text(
                x + C_CARD_PAD + 4,
                ty + C_TILE_H / 2,
                "no deeds left",
                C_MIN,
                fill=t.faint,
                anchor="lm",
            )
        for i, deed in enumerate(d.deeds):
            row, col = divmod(i, cols)
            self.tile(
                deed,
                x + C_CARD_PAD + col * (C_TILE_W + C_TILE_GAP),
                ty + row * (C_TILE_H + C_TILE_GAP),
            )
        if p.landlord_bankrupt:
            _fade(pen, x + 2, y + C_CARD_HEAD_H - 4, w - 4, h - C_CARD_HEAD_H + 2)

    def tile(
        self,
        d: DeedView,
        x: float,
        y: float,
        w: float = C_TILE_W,
        h: float = C_TILE_H,
        caption: str = "",
        who: int | None = None,
    ) -> None:
        """A deed: id (and padlock) on its colour band; the merchant's mark (and ★) and the
        yearly rent with its status mark below; "vacant" when unrented. ``who``: the seat
        whose mark is shown instead of the merchant's (a merchant's sheet shows landlords)."""
        pen, t = self.pen, self.t
        base = _chat_tile_base(d.colour, d.x2, t.name, pen.k, w, h)
        pen.image.paste(base, (pen.px(x), pen.px(y)))
        c = _deed_colour(t, d.colour)
        size = C_TEXT if len(d.id) <= 3 else C_MIN + 1
        pen.text(x + 8, y + C_BAND_H / 2 + 1, d.id, size, bold=True, fill=text_on(c), anchor="lm")
        if d.closed:
            _lock(pen, x + w - 16, y + C_BAND_H / 2, 20, text_on(c))
        body = y + C_BAND_H
        if d.merchant is None:
            pen.text(
                x + w / 2,
                body + (h - C_BAND_H) / 2,
                caption or "vacant",
                C_MIN,
                fill=t.faint,
                anchor="mm",
            )
            return
        ry = body + 19
        mw = self.name_pill(x + 6, ry, d.merchant if who is None else who, mark=True)
        if d.exclusive:
            _star(pen, x + 6 + mw + 13, ry, 12, t.gold, mix(t.gold, _BLACK, 0.5))
        if d.rent is not None:
            text = _k(d.rent)
            mark = RENT_MARK.get(d.rent_status, "")
            colour = (
                t.status(RENT_STATUS[d.rent_status][1]) if d.rent_status in RENT_STATUS else t.ink
            )
            pen.text(x + 7, body + 52, text, C_MIN + 1, bold=True, fill=t.ink, anchor="lm")
            if mark:
                pen.text(x + w - 7, body + 52, mark, C_MIN + 1, bold=True, fill=colour, anchor="rm")


def _widen(
    row: list[tuple[DistrictView, int, float]], w: float
) -> list[tuple[DistrictView, int, float]]:
    """``(district, columns, header width)`` cards of one row made ``(district, columns, card
    width)``, the row's spare width given column by column to the card with most tile rows."""
    cols = [c for _, c, _ in row]
    heads = [head for _, _, head in row]
    deeds = [len(d.deeds) for d, _, _ in row]
    widths = [max(_card_w(c), head) for c, head in zip(cols, heads, strict=True)]
    spare = w - sum(widths) - C_GAP * (len(row) - 1)
    while True:
        grow = [
            i
            for i in range(len(row))
            if cols[i] < min(deeds[i], C_MAX_COLS) and _card_w(cols[i] + 1) - widths[i] <= spare
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


def _card_w(cols: int) -> float:
    return 2 * C_CARD_PAD + cols * C_TILE_W + (cols - 1) * C_TILE_GAP


def _card_h(n: int, cols: int) -> float:
    rows = max(1, -(-n // cols))
    return C_CARD_HEAD_H + rows * C_TILE_H + (rows - 1) * C_TILE_GAP + C_CARD_PAD


def _short_role(view: MocView, p: PlayerView, wide: bool) -> str:
    if not wide:
        if view.variant:
            return p.goods or "both"
        return "landlord" if p.is_landlord else (p.goods or "merchant")
    return role_text(view, p).lower()


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s < 120:
        return f"{s} s"
    if s < 7200:
        return f"{s // 60} min"
    return f"{s // 3600} h"


def _chat_slot_w(w: float) -> float:
    return (w - 2 * C_PAD - 44 - 72) / 11


@lru_cache(maxsize=16)
def _chat_market_layer(plan: _MarketPlan, theme: str, scale: float, w: float) -> Image.Image:
    """The chat market without its indicators and dice: panel, colour keys, every value."""
    t = _THEMES[theme]
    h = C_PANEL_HEAD_H + len(plan.tracks) * C_MARKET_ROW_H + 8
    layer = Image.new("RGB", (round(w * scale), round(h * scale)), t.bg)
    pen = _Pen(layer, scale, t)
    pen.rect(0, 0, w, h, fill=t.panel, outline=t.panel_edge, radius=10)
    pen.text(C_PAD, C_PANEL_HEAD_H / 2 + 2, "Market", C_TEXT, bold=True, anchor="lm")
    note = "income per deed, $1,000s"
    pen.text(
        C_PAD + pen.length("Market", C_TEXT, True) + 14,
        C_PANEL_HEAD_H / 2 + 2,
        note,
        C_MIN,
        fill=t.muted,
        anchor="lm",
    )
    pen.text(w - C_PAD, C_PANEL_HEAD_H / 2 + 2, "die", C_MIN, fill=t.muted, anchor="rm")
    slot = _chat_slot_w(w)
    for r, (colour, letter, values, start) in enumerate(plan.tracks):
        cy = C_PANEL_HEAD_H + r * C_MARKET_ROW_H + C_MARKET_ROW_H / 2
        c = _deed_colour(t, colour)
        pen.rect(C_PAD, cy - 16, C_PAD + 36, cy + 16, fill=c, radius=6)
        pen.text(
            C_PAD + 18, cy + 1, letter.lower(), C_TEXT, bold=True, fill=text_on(c), anchor="mm"
        )
        for i, value in enumerate(values):
            sx = C_PAD + 44 + i * slot
            pen.rect(
                sx + 2,
                cy - 15,
                sx + slot - 2,
                cy + 15,
                fill=mix(t.slot_empty, c, 0.10),
                outline=t.muted if i == start else None,
                radius=5,
            )
            pen.text(
                sx + slot / 2,
                cy + 1,
                _thousands(value),
                C_MIN,
                fill=t.danger if value < 0 else t.ink,
                anchor="mm",
            )
    return layer


@lru_cache(maxsize=64)
def _chat_tile_base(
    colour: str, x2: bool, theme: str, scale: float, w: float, h: float
) -> Image.Image:
    """An empty chat deed tile: body, border (doubled for x2) and its colour band."""
    t = _THEMES[theme]
    image = Image.new("RGB", (round(w * scale), round(h * scale)), t.panel)
    pen = _Pen(image, scale, t)
    c = _deed_colour(t, colour)
    pen.rect(0, 0, w, h, fill=t.tile, outline=mix(c, t.tile, 0.1), width=2, radius=8)
    if x2:
        pen.rect(4, 4, w - 4, h - 4, outline=mix(c, t.tile, 0.3), width=2, radius=6)
    pen.rect(0, 0, w, C_BAND_H, fill=c, radius=8)
    pen.rect(0, C_BAND_H - 10, w, C_BAND_H, fill=c)
    return image


def _render_sheet(
    view: MocView, seat: int, labels: Sequence[str], t: _Theme, scale: float
) -> Image.Image:
    inner = CHAT_W - 2 * C_M
    height = 2 * C_M + _Chat(_ruler(t, scale, labels), view, labels).sheet_height(seat, inner)
    image = Image.new("RGB", (round(CHAT_W * scale), round(height * scale)), t.bg)
    _Chat(_Pen(image, scale, t, labels), view, labels).sheet(seat, C_M, C_M, inner)
    return image


def _render_chat(view: MocView, labels: Sequence[str], t: _Theme, scale: float) -> Image.Image:
    """The chat board: header and phases, the phase's panel, market, players, districts."""
    inner = CHAT_W - 2 * C_M
    ruler = _Chat(_ruler(t, scale, labels), view, labels)
    parts = [
        ruler.header_height(inner),
        ruler.focus_height(inner),
        ruler.private_height(inner),
        ruler.market_height(),
        ruler.players_height(),
        ruler.districts_height(inner),
    ]
    shown = [p for p in parts if p > 0]
    height = 2 * C_M + sum(shown) + C_GAP * (len(shown) - 1)
    image = Image.new("RGB", (round(CHAT_W * scale), round(height * scale)), t.bg)
    chat = _Chat(_Pen(image, scale, t, labels), view, labels)
    chat.plan = ruler.plan  # the districts' packing, measured once
    y = float(C_M)
    for draw in (chat.header, chat.focus, chat.private, chat.market, chat.players, chat.districts):
        used = draw(C_M, y, inner)
        if used:
            y += used + C_GAP
    return image


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


def _right_height(view: MocView) -> float:
    parts = [
        _results_height(view),
        _market_height(view),
        _auction_height(view),
        _players_height(view),
        _private_height(view),
        _legend_height(),
    ]
    shown = [p for p in parts if p > 0]
    return sum(shown) + GAP * (len(shown) - 1)


def render_board(
    view: MocView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
) -> Image.Image:
    """Draw the table: year and phase, the phase's own panel, market, players, districts.

    ``detail=False`` (the default) is the chat board posted in the channel, laid out
    ``CHAT_W`` = 1,100 px wide at scale 1.0 so that, shown 550 px wide inline in Discord, no
    text is under 11.5 px; ``detail=True`` is the full board (1,400 px wide at scale 1.0)
    with the legend, every offer row and a player panel per seat, in smaller text.
    Players appear by ``names`` (one per seat, shortened by ``render.common.seat_names``;
    ``P1``, ``P2``... when missing). Static layers (market values, empty tiles, legend) are
    cached per game, theme and scale; the result depends on the arguments only. Offers and
    sealed bids are drawn only for ``view.viewer``'s own seat, never in the public view.

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
    t = pick_theme(_THEMES, theme, scale)
    labels = seat_names(names, len(view.players))
    if not detail:
        return _render_chat(view, labels, t, scale)
    inner = WIDTH - 2 * MARGIN
    ruler = _ruler(t, scale, labels)
    header_h = _header_height(ruler, view, inner)
    banner = _banner(view, labels)
    top = MARGIN + header_h + GAP + (BANNER_H if banner else 0)
    body_h = max(_districts_height(view), _right_height(view))
    height = top + body_h + MARGIN
    image = Image.new("RGB", (round(WIDTH * scale), round(height * scale)), t.bg)
    pen = _Pen(image, scale, t, labels)

    _draw_header(pen, view, MARGIN, MARGIN, inner)
    if banner:
        _draw_banner(pen, banner, MARGIN, MARGIN + header_h + GAP - 8, inner)
    _draw_districts(pen, view, MARGIN, top, LEFT_W)

    sx = MARGIN + LEFT_W + GAP
    sy = float(top)
    for draw in (_draw_results, _draw_market, _draw_auction, _draw_players, _draw_private):
        used = draw(pen, view, sx, sy, RIGHT_W)
        if used:
            sy += used + GAP
    image.paste(_legend_layer(theme, scale), (pen.px(sx), pen.px(sy)))
    return image


def render_player(
    view: MocView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
) -> Image.Image:
    """One player's area for ``/board player:<name>``, at the chat board's text size.

    Shows the seat's name, money, roles and state, liens both ways, tax due, their district
    (if a landlord), the deeds they rent with each deed's landlord (if a merchant) and, in
    that seat's own view only, their open offers and sealed bid. 1,100 px wide at scale 1.0.

    Raises:
        KeyError: ``seat`` is not a player of the view.
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    t = pick_theme(_THEMES, theme, scale)
    if not 0 <= seat < len(view.players):
        raise KeyError(seat)
    return _render_sheet(view, seat, seat_names(names, len(view.players)), t, scale)


# ---------------------------------------------------------------------------------------------
# The private panel as text
# ---------------------------------------------------------------------------------------------


def alt(view: MocView, names: Sequence[str] | None = None) -> str:
    """The board in words (``Renderer.alt``): year, phase and each player's money."""
    labels = seat_names(names, len(view.players))
    return alt_text(
        "Masters of Commerce",
        f"year {view.year} of {view.years}, {view.phase_label}",
        [f"{labels[p.seat]}: {money_label(p.money)}" for p in view.players],
        over=view.outcome is not None,
    )


RENDERER: Renderer[MocView] = Renderer(
    "masters_of_commerce",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.players),
    player=render_player,
)
