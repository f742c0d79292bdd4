"""Masters of Commerce board image: districts, market, players, auction, results (seed 004).

``render_board(view)`` draws a :class:`~games.masters_of_commerce.view.MocView` and nothing
else: it never derives a rule, it only shows what the view says. ``hand_text(view, seat)`` is
the Discord-markdown text of one seat's private panel (the ephemeral ``/hand`` reply).

Every deed is a tile named by its notation id (``r3``, ``x2g1``) under a band in its colour;
the band also carries the colour's capital letter (R/Y/G/B), the same badge that labels the
market row, so red and green deeds differ by more than hue. A rented deed carries the
merchant's chip (seat colour and letter), the yearly rent and the closed/exclusive markers.
Offers and sealed bids are private: the image shows them only for ``view.viewer``'s own seat.
"""

from __future__ import annotations

import math
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
from render.common import Pen, mix, pick_theme, player_colour, seat_letter, text_on

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
CHIP_R = 13  # merchant chip on a deed
SMALL_CHIP_R = 11.2  # the smallest chip: its letter is still 14 px
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
class _Theme:
    name: str
    bg: RGB
    panel: RGB
    panel_edge: RGB
    ink: RGB
    muted: RGB
    faint: RGB
    tile: RGB
    slot_empty: RGB
    strip_now: RGB
    strip_done: RGB
    strip_next: RGB
    banner_over: RGB
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
        name="light",
        bg=(246, 243, 236),
        panel=(255, 253, 248),
        panel_edge=(222, 215, 202),
        ink=(38, 38, 42),
        muted=(112, 108, 102),
        faint=(186, 180, 170),
        tile=(252, 250, 244),
        slot_empty=(232, 227, 217),
        strip_now=(46, 50, 60),
        strip_done=(222, 232, 218),
        strip_next=(255, 253, 248),
        banner_over=(64, 120, 92),
        danger=(190, 52, 44),
        good=(44, 128, 72),
        warn=(186, 120, 20),
        gold=(214, 160, 30),
        deed=_DEEDS_LIGHT,
    ),
    "dark": _Theme(
        name="dark",
        bg=(30, 32, 36),
        panel=(42, 45, 51),
        panel_edge=(66, 70, 78),
        ink=(232, 230, 224),
        muted=(160, 158, 152),
        faint=(96, 98, 104),
        tile=(52, 55, 62),
        slot_empty=(62, 66, 74),
        strip_now=(226, 222, 210),
        strip_done=(52, 74, 60),
        strip_next=(42, 45, 51),
        banner_over=(44, 100, 74),
        danger=(232, 104, 90),
        good=(110, 190, 130),
        warn=(226, 170, 70),
        gold=(226, 180, 60),
        deed=_DEEDS_DARK,
    ),
}

_BLACK: RGB = (0, 0, 0)
_WHITE: RGB = (255, 255, 255)
_MINUS = "\u2212"  # a real minus sign: the same width as a plus


class _Pen(Pen):
    """The shared pen plus this game's theme."""

    def __init__(self, image: Image.Image, scale: float, theme: _Theme) -> None:
        super().__init__(image, scale, theme.ink)
        self.t = theme


def _ruler(theme: _Theme, scale: float) -> _Pen:
    """A pen on a 1x1 image, for measuring text before the canvas exists."""
    return _Pen(Image.new("RGB", (1, 1)), scale, theme)


# ---------------------------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------------------------


def _money(amount: int) -> str:
    """``$25,000``; negative with a minus sign."""
    return f"{_MINUS if amount < 0 else ''}${abs(amount):,}"


def _thousands(amount: int) -> str:
    """``25`` for $25,000 (``2.5`` for $2,500, ``−10`` for a loss): a market value."""
    value = abs(amount) / 1000
    text = f"{value:g}" if value < 1000 else f"{value:,.0f}"
    return (_MINUS if amount < 0 else "") + text


def _tag(seat: int) -> str:
    """Notation name of a seat (``p1`` is seat 0), as in the engine's sentences."""
    return f"p{seat + 1}"


def _colour_letter(view: MocView, colour: str) -> str:
    for track in view.tracks:
        if track.colour == colour:
            return track.letter.upper()
    return colour[:1].upper()


def _deed_colour(t: _Theme, colour: str) -> RGB:
    return t.deed.get(colour, t.faint)


def _role_text(view: MocView, p: PlayerView) -> str:
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


def _lien_holders(view: MocView) -> dict[int, list[int]]:
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


def _chips_width(n: int, r: float = SMALL_CHIP_R) -> float:
    return n * (2 * r + 4) - (4 if n else 0)


def _chips(pen: _Pen, x: float, cy: float, seats: Sequence[int], r: float = SMALL_CHIP_R) -> float:
    """A row of seat chips from ``x``; returns the width used."""
    step = 2 * r + 4
    for i, s in enumerate(seats):
        pen.chip(x + r + i * step, cy, r, s)
    return _chips_width(len(seats), r)


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
    pen.chip(x + 8 + CHIP_R, row_a, CHIP_R, d.merchant)
    mx = x + 8 + 2 * CHIP_R + 6
    if d.exclusive:
        _star(pen, mx + 10, row_a, 10, t.gold, mix(t.gold, _BLACK, 0.5))
        mx += 22
    if d.closed:
        _lock(pen, mx + 8, row_a, 17, t.ink)
    if d.rent is not None:
        pen.text(x + 8, body_y + 49, _money(d.rent), 16, bold=True, fill=t.ink, anchor="lm")
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
    event = view.last_event or "The market opens: landlords, merchants, negotiate!"
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
        r = 12
        cx = x + w - _chips_width(len(seats), r)
        pen.text(cx - 10, cy + 1, "Waiting for", TEXT_SIZE, fill=t.muted, anchor="rm")
        _chips(pen, cx, cy + 1, seats, r)
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


def _banner(view: MocView) -> str | None:
    """The game-over line naming the winners, from ``view.outcome``."""
    if view.outcome is None:
        return None
    winners = [int(s) for s in view.outcome.get("winners", [])]
    details: dict[str, dict[str, Any]] = dict(view.outcome.get("details", {}))
    if not winners:
        return "GAME OVER — nobody wins"
    if view.variant:
        names = " & ".join(_tag(s) for s in winners)
        return f"GAME OVER — {names} {'wins' if len(winners) == 1 else 'share the win'}"
    parts = []
    for role in ("landlord", "merchant"):
        who = [s for s in winners if details.get(str(s), {}).get(role)]
        if who:
            parts.append(f"richest {role}: {' & '.join(_tag(s) for s in who)}")
    return "GAME OVER — " + " · ".join(parts or [" & ".join(_tag(s) for s in winners)])


def _draw_banner(pen: _Pen, text: str, x: float, y: float, w: float) -> None:
    t = pen.t
    fill = t.banner_over
    pen.rect(x, y, x + w, y + BANNER_H - 8, fill=fill, radius=8)
    pen.text(
        x + w / 2,
        y + (BANNER_H - 8) / 2 + 1,
        pen.fit(text, 18, w - 24, True),
        18,
        bold=True,
        fill=text_on(fill),
        anchor="mm",
    )


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
    liens = _lien_holders(view)
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
    pen.chip(x + 24, hy, 14, d.landlord)
    name = _tag(d.landlord)
    pen.text(x + 46, hy + 1, name, 18, bold=True, fill=t.ink, anchor="lm")
    hx = x + 46 + pen.length(name, 18, True) + 10
    role = "landlord" if not view.variant else "landlord & merchant"
    pen.text(hx, hy + 1, role, TEXT_SIZE, fill=t.muted, anchor="lm")
    hx += pen.length(role, TEXT_SIZE) + 14
    pen.text(hx, hy + 1, _money(p.money), 18, bold=True, fill=t.ink, anchor="lm")
    hx += pen.length(_money(p.money), 18, True) + 14
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
        text = f"tax {_money(due)} due"
        bw = pen.length(text, SMALL_SIZE, True) + 14
        pen.pill(rx - bw, hy, text, fill=t.warn)
        rx -= bw + 10
    if liens:
        cw = _chips_width(len(liens), SMALL_CHIP_R)
        _chips(pen, rx - cw, hy, liens, SMALL_CHIP_R)
        rx -= cw + 6
        pen.text(rx, hy + 1, "lien on", SMALL_SIZE, bold=True, fill=t.danger, anchor="rm")
        rx -= pen.length("lien on", SMALL_SIZE, True) + 12
    if d.exclusive_holder is not None and d.exclusive_deed is None:
        pen.chip(rx - SMALL_CHIP_R, hy, SMALL_CHIP_R, d.exclusive_holder)
        rx -= 2 * SMALL_CHIP_R + 6
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
    liens_held = _lien_holders(view)
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
    pen.chip(x + 28, cy, 15, p.seat)
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
        items.append(("text", (f"next income to {_tag(p.lien_income_to)}", t.danger)))
    if liens_held:
        items.append(("chips", ("lien on", t.muted, False, liens_held)))
    l1 = y + 16 if items else cy
    l2 = y + 37
    name = _tag(p.seat)
    pen.text(x + 52, l1, name, 17, bold=True, fill=t.ink, anchor="lm")
    money = _money(p.money)
    mw = pen.length(money, 18, True)
    pen.text(x + w - 14, l1, money, 18, bold=True, fill=t.ink, anchor="rm")
    rx = x + 52 + pen.length(name, 17, True) + 8
    pen.text(
        rx,
        l1 + 1,
        pen.fit(_role_text(view, p), SMALL_SIZE, x + w - 24 - mw - rx),
        SMALL_SIZE,
        fill=t.muted,
        anchor="lm",
    )
    lx = x + 52
    right = x + w - 14
    for kind, data in items:
        if kind == "pill":
            text, fill = data
            lx += pen.pill(lx, l2, text, fill=fill, h=19) + 6
        elif kind == "chips":
            text, colour, bold, seats = data
            need = pen.length(text, SMALL_SIZE, bold) + 5 + _chips_width(len(seats), SMALL_CHIP_R)
            if lx + need > right:
                break
            pen.text(lx, l2 + 1, text, SMALL_SIZE, bold=bold, fill=colour, anchor="lm")
            lx += pen.length(text, SMALL_SIZE, bold) + 5
            lx += _chips(pen, lx, l2, seats, SMALL_CHIP_R) + 10
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
            pen.text(tx, ty + 36, _money(a.high_bid), 26, bold=True, fill=t.ink, anchor="lm")
            bx = tx + pen.length(_money(a.high_bid), 26, True) + 12
            pen.chip(bx + 13, ty + 36, 13, a.high_bidder)
            pen.text(bx + 32, ty + 37, _tag(a.high_bidder), TEXT_SIZE, bold=True, anchor="lm")
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
            _chips(pen, tx + 64, ry, seats, SMALL_CHIP_R)
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
                pen.chip(rx + SMALL_CHIP_R, cy, SMALL_CHIP_R, winner)
                pen.text(
                    rx + 2 * SMALL_CHIP_R + 6,
                    cy + 1,
                    _money(price),
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


def _private_rows(view: MocView) -> list[tuple[str, OfferView | None, str]]:
    """The viewer's own offers as (kind, offer, text); empty for the public view."""
    if view.viewer is None or not 0 <= view.viewer < len(view.players):
        return []
    me = view.players[view.viewer]
    rows: list[tuple[str, OfferView | None, str]] = []
    for o in me.offers_made or ():
        rows.append(("made", o, f"to {_tag(o.landlord)}"))
    for o in me.offers_received or ():
        rows.append(("received", o, f"from {_tag(o.merchant)}"))
    if me.sealed_bid is not None:
        rows.append(("bid", None, _money(me.sealed_bid) if me.sealed_bid else "pass"))
    return rows


def _private_height(view: MocView) -> float:
    rows = _private_rows(view)
    if view.viewer is None:
        return 0
    shown = min(len(rows), MAX_OFFER_ROWS) + (1 if len(rows) > MAX_OFFER_ROWS else 0)
    return PANEL_HEAD_H + max(1, shown) * OFFER_ROW_H + 12


def _draw_private(pen: _Pen, view: MocView, x: float, y: float, w: float) -> float:
    t = pen.t
    if view.viewer is None:
        return 0
    h = _private_height(view)
    _panel(pen, x, y, w, h, f"Your offers · {_tag(view.viewer)}", "private")
    rows = _private_rows(view)
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
        line = _money(offer.amount) + (" closed" if offer.closed else "")
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
            pen.chip(gx + 44, cy, SMALL_CHIP_R, s)
            pen.text(gx + 60, cy + 1, _tag(s), TEXT_SIZE, bold=True, fill=t.ink, anchor="lm")
            score = scores.get(str(s), p.money)
            right = gx + col_w - 16
            if bankrupt:
                pen.text(right, cy + 1, "bankrupt", SMALL_SIZE, fill=t.danger, anchor="rm")
            else:
                pen.text(right, cy + 1, _money(score), TEXT_SIZE + 1, bold=True, anchor="rm")
    return h


# ---------------------------------------------------------------------------------------------
# Legend
# ---------------------------------------------------------------------------------------------

_LEGEND: tuple[tuple[str, str], ...] = (
    ("letters", "deed colour"),
    ("x2", "double income"),
    ("chip", "merchant's chip"),
    ("rent", "rent a year"),
    ("closed", "closed contract"),
    ("exclusive", "exclusive token"),
    ("status", "rent status"),
    ("market", "indicator, start"),
    ("lien", "landlord's lien"),
    ("act", "may act now"),
)
LEGEND_ICON_W = 72


def _legend_height() -> float:
    return PANEL_HEAD_H + (len(_LEGEND) + 1) // 2 * LEGEND_ROW_H + 8


def _draw_legend(pen: _Pen, x: float, y: float, w: float) -> None:
    t = pen.t
    h = _legend_height()
    _panel(pen, x, y, w, h, "Legend")
    col_w = (w - 20) / 2
    for i, (kind, label) in enumerate(_LEGEND):
        cx = x + 12 + (i % 2) * col_w
        cy = y + PANEL_HEAD_H + (i // 2) * LEGEND_ROW_H + LEGEND_ROW_H / 2
        ix = cx + 4
        if kind == "letters":
            for j, (colour, letter) in enumerate(zip(t.deed, "RYGB", strict=False)):
                _letter_badge(pen, ix + j * 16, cy, 16, t.deed[colour], letter)
        elif kind == "x2":
            c = t.deed["green"]
            pen.rect(ix, cy - 12, ix + 62, cy + 12, fill=c, radius=5)
            _deed_id(pen, "x2g1", ix + 4, cy, c, 58)
        elif kind == "chip":
            pen.chip(ix + 12, cy, SMALL_CHIP_R, 2)
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
            pen.chip(ix + 46, cy, SMALL_CHIP_R, 0)
        elif kind == "act":
            pen.pill(ix, cy, "to act", fill=t.strip_now, h=19)
        pen.text(
            ix + LEGEND_ICON_W,
            cy + 1,
            pen.fit(label, SMALL_SIZE, col_w - LEGEND_ICON_W - 8),
            SMALL_SIZE,
            fill=t.ink,
            anchor="lm",
        )


@lru_cache(maxsize=8)
def _legend_layer(theme: str, scale: float) -> Image.Image:
    t = _THEMES[theme]
    layer = Image.new("RGB", (round(RIGHT_W * scale), round(_legend_height() * scale)), t.bg)
    _draw_legend(_Pen(layer, scale, t), 0, 0, RIGHT_W)
    return layer


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


def render_board(view: MocView, *, theme: str = "light", scale: float = 1.0) -> Image.Image:
    """Draw the whole table: year and phase, districts, market, players, auction, results.

    The market's tracks, the empty deed tiles and the legend are drawn once per game, theme
    and scale and cached; the result depends on the arguments only. Offers and sealed bids
    are drawn only for ``view.viewer``'s own seat, never in the public view.

    Args:
        view: what to draw; only its contents are shown (no rule is derived here).
        theme: ``"light"`` or ``"dark"``.
        scale: size factor (1.0 gives an image 1,400 px wide).

    Returns:
        A new RGB image.

    Raises:
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    t = pick_theme(_THEMES, theme, scale)
    inner = WIDTH - 2 * MARGIN
    ruler = _ruler(t, scale)
    header_h = _header_height(ruler, view, inner)
    banner = _banner(view)
    top = MARGIN + header_h + GAP + (BANNER_H if banner else 0)
    body_h = max(_districts_height(view), _right_height(view))
    height = top + body_h + MARGIN
    image = Image.new("RGB", (round(WIDTH * scale), round(height * scale)), t.bg)
    pen = _Pen(image, scale, t)

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


# ---------------------------------------------------------------------------------------------
# The private panel as text
# ---------------------------------------------------------------------------------------------


def _cap(items: list[str], limit: int) -> str:
    """``items`` joined with " · ", at most ``limit`` of them plus "+N more"."""
    shown = items[:limit]
    if len(items) > limit:
        shown.append(f"+{len(items) - limit} more")
    return " · ".join(shown)


def _offer_text(o: OfferView, made: bool) -> str:
    who = f"to {_tag(o.landlord)}" if made else f"from {_tag(o.merchant)}"
    text = f"`{o.deed}` {who} {_money(o.amount)}" + (" closed" if o.closed else "")
    if o.note:
        note = o.note if len(o.note) <= 40 else o.note[:39] + "…"
        text += f" “{note}”"
    return text


def _rent_payers(view: MocView) -> set[int]:
    """Merchants with rent still due in the rent phase."""
    return {
        d.merchant
        for dist in view.districts
        for d in dist.deeds
        if d.merchant is not None and d.rent_status == "due"
    }


def _can_do(view: MocView, p: PlayerView) -> str:
    """What the seat may do now, by phase (the engine's legal moves decide the details)."""
    if view.outcome is not None:
        return "The game is over."
    if view.phase is Phase.NEGOTIATION and p.done:
        again = " (`undo done` takes it back)" if p.can_undo_done else ""
        return f"You are done negotiating{again}; waiting for the others."
    if p.seat not in view.to_act:
        waiting = ", ".join(_tag(s) for s in _waiting(view)) or "the next phase"
        return f"Nothing to do right now; waiting for {waiting}."
    unpaid = [m for landlord, m in view.lien_deciding if landlord == p.seat]
    rent = "Rent is due: `pay all`, `pay <deed>` or `default <deed>`."
    if unpaid:
        whom = _tag(unpaid[0])
        lien = f"Unpaid rent from {whom}: `place lien {whom}` or `forgive {whom}`."
        rent = lien if p.seat not in _rent_payers(view) else f"{rent} {lien}"
    lines = {
        Phase.NEGOTIATION: "Negotiate: "
        + " · ".join(
            [
                *(["`offer <deed> <rent>`", "`withdraw <deed>`"] if p.is_merchant else []),
                *(["`accept <deed> <p#>`"] if p.is_landlord else []),
                "`done`",
            ]
        ),
        Phase.LIEN: "Your lien: take one deed's income this year with `lien <deed>` "
        "(or waive it: `lien none`).",
        Phase.RENT: rent,
        Phase.TAX: "Raise the tax: `sell <deed>` to the bank.",
        Phase.EXCLUSIVE: "Place your exclusive token: `exclusive <deed>`.",
        Phase.AUCTION: "Bid for the lot: `bid <amount>` or `pass`.",
    }
    return lines.get(view.phase, "It is your move.")


def hand_text(view: MocView, seat: int) -> str:
    """A seat's private panel as Discord markdown (under 1,500 characters).

    Shows money, roles, liens, contracts (rented and let), the seat's own open offers made
    and received (only when ``view`` carries them, i.e. it is that seat's view) and what the
    seat can do now.

    Raises:
        KeyError: ``seat`` is not a player of the view.
    """
    if not 0 <= seat < len(view.players):
        raise KeyError(seat)
    p = view.players[seat]
    letter = seat_letter(seat)
    lines = [f"**{_tag(seat)}** ({letter}) — {view.phase_label}"]
    lines.append(f"Money: **{_money(p.money)}** · {_role_text(view, p)}")
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
        text = "Liens on you: " + ", ".join(_tag(s) for s in p.liens_on)
        if p.lien_income_to is not None:
            text += f" ({_tag(p.lien_income_to)} takes one deed's income at the next income)"
        lines.append(text)
    held = _lien_holders(view).get(seat, [])
    if held:
        lines.append("Your liens: on " + ", ".join(_tag(s) for s in held))
    rented = [
        f"`{d.id}` of {_tag(d.landlord)} {_money(d.rent or 0)}"
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
            + (f"{_tag(d.merchant)} {_money(d.rent or 0)}" if d.merchant is not None else "vacant")
            for d in district.deeds
        ]
        lines.append("Your district: " + (_cap(let, 8) if let else "no deeds"))
        due = view.tax_due.get(seat)
        if due:
            lines.append(f"Tax due: **{_money(due)}**")
    if view.viewer == seat:
        made = [_offer_text(o, True) for o in p.offers_made or ()]
        received = [_offer_text(o, False) for o in p.offers_received or ()]
        if made:
            lines.append("Offers you made: " + _cap(made, 5))
        if received:
            lines.append("Offers to you: " + _cap(received, 5))
        if p.sealed_bid is not None:
            lines.append(f"Your sealed bid: {_money(p.sealed_bid) if p.sealed_bid else 'pass'}")
    if view.auction is not None and view.auction.deed is not None:
        a = view.auction
        lot = f"Auction: `{a.deed}`"
        if a.mode == "open" and a.high_bid is not None and a.high_bidder is not None:
            lot += f", high bid {_money(a.high_bid)} by {_tag(a.high_bidder)}"
        lines.append(lot)
    lines.append(f"*{_can_do(view, p)}*")
    text = "\n".join(line for line in lines if line)
    if len(text) > 1500:
        text = text[:1499] + "…"
    return text
