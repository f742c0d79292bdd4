"""Food Chain Magnate board image: the map, the campaigns, the bank and one line per company.

``render_board(view, names=...)`` draws a :class:`~games.food_chain_magnate.view.FcmView` and
nothing else: it never derives a rule. Squares carry the notation's coordinates (letters
along the top, numbers down the left, ``c7``). Tile borders are drawn heavier than square
borders. Pieces:

* roads grey with a centre line; a bridge shows both roads, one passing over the other;
* drink symbols: a rounded square with its letter (E beer, L lemonade, S soft drink);
* houses: a 2×2 block with the house number and a row of demand tokens (B burger, P pizza,
  E beer, L lemonade, S soft drink); a garden is green with leaves;
* restaurants: the owner's colour and letter (colour plus a second cue), the chain's restaurant
  number, a dark triangle at the entrance corner, all four corners marked with a drive-in, and a
  dashed outline with "soon" while COMING SOON;
* campaigns: the owner's outline, number, product letter and turns left (∞ if eternal);
  airplanes are drawn as bars beside the map over the rows or columns they cover.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from games.food_chain_magnate.data import components
from games.food_chain_magnate.model import PHASE_TITLES, Phase
from games.food_chain_magnate.view import (
    CampaignView,
    FcmView,
    HouseView,
    PlayerView,
    RestaurantView,
)
from i18n import t, term
from render.common import (
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

RGB = tuple[int, int, int]

# -- layout (pixels at scale 1.0) ------------------------------------------------------------
WIDTH = 1100  # target image width; the square size follows the map
MARGIN = 18
HEADER_H = 78
LABEL = 30  # coordinate labels
PLANE_BAND = 30  # airplane bars above and left of the map
PANEL_ROW_H = 100
LEGEND_H = 40
MAX_SQUARE = 62
TITLE = 26
TEXT = 24
SMALL = 22

GOODS = {
    "burger": ("B", (150, 92, 44)),
    "pizza": ("P", (200, 60, 46)),
    "beer": ("E", (226, 168, 40)),
    "lemonade": ("L", (236, 220, 70)),
    "soft_drink": ("S", (70, 56, 60)),
}
DRINK_LETTER = {"B": "beer", "L": "lemonade", "S": "soft_drink"}
HIGHLIGHT: tuple[int, int, int] = (213, 94, 0)


@dataclass(frozen=True)
class _Theme(Palette):
    ground: RGB
    grid: RGB
    tile_edge: RGB
    road: RGB
    road_line: RGB
    house: RGB
    house_edge: RGB
    garden: RGB
    leaf: RGB


_THEMES: dict[str, _Theme] = {
    "light": _Theme(
        **palette("light"),
        ground=(236, 232, 220),
        grid=(218, 212, 198),
        tile_edge=(120, 112, 100),
        road=(150, 150, 156),
        road_line=(238, 236, 228),
        house=(214, 190, 160),
        house_edge=(120, 90, 60),
        garden=(150, 196, 120),
        leaf=(84, 140, 70),
    ),
    "dark": _Theme(
        **palette("dark"),
        ground=(52, 56, 60),
        grid=(66, 70, 76),
        tile_edge=(150, 150, 150),
        road=(104, 106, 112),
        road_line=(70, 72, 78),
        house=(150, 122, 94),
        house_edge=(230, 200, 160),
        garden=(80, 128, 70),
        leaf=(150, 200, 130),
    ),
}


PREFIX = "food_chain_magnate"


def _good(lang: str, good: str) -> str:
    """A good's name in ``lang`` (``soft drink``, ``ソフトドリンク``)."""
    return term(lang, PREFIX, "good", good, GOOD_NAMES.get(good, good.replace("_", " ")))


def _staff(lang: str, kind: str) -> str:
    """An employee's (or other card's) name in ``lang`` (``burger cook``)."""
    return term(lang, PREFIX, "employee", kind, kind.replace("_", " "))


def _milestone(lang: str, ident: str) -> str:
    """A milestone: its id in words in English (``first billboard``), its name in ``lang``."""
    english = ident.replace("_", " ")
    if lang == "en":
        return english
    found = components().milestones.get(ident)
    return term(lang, PREFIX, "milestone", ident, found.name) if found else english


def _phase_title(view: FcmView, lang: str) -> str:
    """``Turn 3 · Phase 1: Restructuring`` in ``lang`` (the engine's ``phase_title``)."""
    if lang == "en":
        return view.phase_title
    if view.phase == "over":
        return t(lang, "render.food_chain_magnate.over", "Game over")
    try:
        english = PHASE_TITLES[Phase(view.phase)]
    except ValueError:
        return view.phase_title
    title = term(lang, PREFIX, "phase", view.phase, english)
    if not view.turn:
        return title
    return t(
        lang, "render.food_chain_magnate.turn_phase", "Turn {n} · {phase}", n=view.turn, phase=title
    )


def _square_size(view: FcmView) -> int:
    cols = view.tile_cols * 5
    return max(24, min(MAX_SQUARE, (WIDTH - 2 * MARGIN - LABEL - PLANE_BAND) // cols))


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"P{seat + 1}"


def render_board(
    view: FcmView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> Image.Image:
    """Draw the public table from ``view`` (it never derives a rule), in ``lang``.

    ``detail=False`` (default): the chat board, drawn for Discord's inline width (550 px;
    no text under 11 px there): the map with coordinates, houses with demand, restaurants,
    campaigns (numbered on the map, listed with owner, product and turns below it), then one
    compact row per company in turn order (cash, price, waitresses, stock, staff counts, busy
    marketeers, milestones). About ``40 * columns + 100`` px wide times ``scale``.
    ``detail=True``: the full board, 1,100 px wide times ``scale``, with every company's
    cards. ``names``: display names by seat (default ``P1``, ``P2``…).

    Raises ``ValueError`` for an unknown ``theme`` or a non-positive ``scale``.
    """
    th = pick_theme(_THEMES, theme, scale)
    labels = seat_names(names, len(view.players))
    if detail:
        return _render_detail(view, th, scale, labels, lang)
    return _render_chat(view, th, scale, labels, lang)


def _render_detail(
    view: FcmView, th: _Theme, scale: float, names: Sequence[str], lang: str
) -> Image.Image:
    """The full-size board (``detail=True``)."""
    sq = _square_size(view)
    rows, cols = view.tile_rows * 5, view.tile_cols * 5
    map_x = MARGIN + PLANE_BAND + LABEL
    map_y = MARGIN + HEADER_H + PLANE_BAND + LABEL
    width = max(WIDTH, map_x + cols * sq + MARGIN)
    panels_y = map_y + rows * sq + 16
    height = panels_y + PANEL_ROW_H * len(view.players) + LEGEND_H + MARGIN
    image = Image.new("RGB", (round(width * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    _header(pen, th, view, width, names)
    _map(pen, th, view, map_x, map_y, sq)
    _planes(pen, th, view, map_x, map_y, sq)
    _panels(pen, th, view, MARGIN, panels_y, width - 2 * MARGIN, names)
    _legend(pen, th, MARGIN, panels_y + PANEL_ROW_H * len(view.players) + 8)
    return image


# -- seat marks: colour plus a shape (never a letter: B, E, L, P, S are goods on this board) --


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    out = []
    for i in range(10):
        a = math.pi * i / 5 - math.pi / 2
        k = r if i % 2 == 0 else r * 0.45
        out.append((cx + k * math.cos(a), cy + k * math.sin(a)))
    return out


def _shape(pen: Pen, x: float, y: float, r: float, seat: int, fill: RGB, edge: RGB) -> None:
    """The seat's shape: circle, square, diamond, triangle, star (then repeating)."""
    kind = seat % 5
    if kind == 0:
        pen.disc(x, y, r, fill=fill, outline=edge, outline_w=1.5)
    elif kind == 1:
        k = r * 0.86
        pen.rect(x - k, y - k, x + k, y + k, fill=fill, outline=edge, width=1.5)
    elif kind == 2:
        k = r * 1.12
        pen.polygon([(x, y - k), (x + k, y), (x, y + k), (x - k, y)], fill=fill, outline=edge)
    elif kind == 3:
        k = r * 1.15
        pen.polygon(
            [(x, y - k), (x + k * 0.98, y + k * 0.72), (x - k * 0.98, y + k * 0.72)],
            fill=fill,
            outline=edge,
        )
    else:
        pen.polygon(_star(x, y, r * 1.2), fill=fill, outline=edge)


def _seat_mark(pen: Pen, x: float, y: float, r: float, seat: int) -> None:
    colour = player_colour(seat)
    _shape(pen, x, y, r, seat, colour, mix(colour, (0, 0, 0), 0.55))


# -- chat board (issue 8: readable at Discord's inline width) -------------------------------

C_SQ = 40  # square size on the chat map
C_M = 14  # margin
C_PLANE = 0  # set per image: bands for airplanes
GOOD_NAMES = {
    "burger": "burger",
    "pizza": "pizza",
    "beer": "beer",
    "lemonade": "lemonade",
    "soft_drink": "soft drink",
}


@dataclass(frozen=True)
class _Chat:
    """Sizes of one chat board: ``t`` is the smallest text, 11 px at 550 px wide."""

    width: float
    t: float
    big: float
    sq: float
    label: float
    plane: float


def _chat_sizes(view: FcmView) -> _Chat:
    cols = view.tile_cols * 5
    sq = C_SQ
    # the smallest text: 11 px at 550 px wide, rounded up, plus 4% against rounding
    approx_w = 2 * C_M + 3 * sq + cols * sq
    th = math.ceil(approx_w * 11 / 550 * 1.04)
    label = th * 1.4
    plane = th * 1.4 + 8
    width = 2 * C_M + plane + label + cols * sq
    th = max(th, math.ceil(width * 11 / 550 * 1.04))
    return _Chat(width=width, t=th, big=round(th * 1.2), sq=sq, label=label, plane=plane)


def _render_chat(
    view: FcmView, th: _Theme, scale: float, names: Sequence[str], lang: str
) -> Image.Image:
    z = _chat_sizes(view)
    rows = view.tile_rows * 5
    probe = Pen(Image.new("RGB", (1, 1)), scale, lang=lang)
    map_x = C_M + z.plane + z.label
    map_y = C_M + 2 * (z.big + 8) + z.plane + z.label
    camp_lines = _campaign_lines(probe, view, names, z)
    line_h = z.t + 10
    row_h = 2 * line_h + 8
    y_after_map = map_y + rows * z.sq + 10
    height = y_after_map + len(camp_lines) * line_h + 6 + row_h * len(view.players) + line_h + C_M
    image = Image.new("RGB", (round(z.width * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    _chat_header(pen, th, view, names, z)
    _chat_map(pen, th, view, map_x, map_y, z)
    _chat_planes(pen, th, view, map_x, map_y, z)
    y = y_after_map
    for line in camp_lines:
        pen.text(C_M, y + line_h / 2, line, z.t, anchor="lm")
        y += line_h
    y += 6
    for p in sorted(view.players, key=lambda q: q.position):
        _chat_player(pen, th, view, p, names, C_M, y, z.width - 2 * C_M, row_h, z)
        y += row_h
    _chat_legend(pen, th, C_M, y + line_h / 2, z)
    return image


def _chat_header(pen: Pen, th: _Theme, view: FcmView, names: Sequence[str], z: _Chat) -> None:
    y = C_M + (z.big + 8) / 2
    lang = pen.lang
    title = f"{_game_name(lang)} · {_phase_title(view, lang)}"
    pen.text(C_M, y, pen.fit(title, z.big, z.width - 2 * C_M, True), z.big, bold=True, anchor="lm")
    y += z.big + 8
    if view.ranking:
        line = _final(lang, view, names, "  ")
        pen.text(C_M, y, pen.fit(line, z.t, z.width - 2 * C_M, True), z.t, bold=True, anchor="lm")
        return
    parts = [
        _bank(lang, view),
        t(lang, "render.food_chain_magnate.ceo_slots", "CEO slots {n}", n=view.ceo_slots),
    ]
    if view.intro:
        parts.append(t(lang, "render.food_chain_magnate.intro", "intro"))
    left = " · ".join(parts)
    pen.text(C_M, y, left, z.t, fill=th.muted, anchor="lm")
    acting = [names[s] for s in view.to_act if 0 <= s < len(names)]
    if acting:
        right = t(
            lang, "render.food_chain_magnate.to_act", "To act: {names}", names=", ".join(acting)
        )
        room = z.width - 2 * C_M - pen.length(left, z.t) - 20
        pen.text(z.width - C_M, y, pen.fit(right, z.t, room, True), z.t, bold=True, anchor="rm")


def _ground(
    pen: Pen,
    th: _Theme,
    view: FcmView,
    x0: float,
    y0: float,
    sq: float,
    *,
    label: float,
    band: float,
    inset: float,
    drink: float,
    lift: float,
) -> None:
    """The map's ground shared by every map view: background, column letters and row numbers
    in a ``band`` around it (text size ``label``), square and tile lines, roads with their
    bridges, and drink squares (inset by ``inset``, letters of size ``drink``)."""
    rows, cols = len(view.terrain), len(view.terrain[0])
    pen.rect(x0, y0, x0 + cols * sq, y0 + rows * sq, fill=th.ground)
    letters = "abcdefghijklmnopqrstuvwxyz"
    for c in range(cols):
        pen.text(x0 + c * sq + sq / 2, y0 - band / 2, letters[c], label, anchor="mm", fill=th.muted)
    for r in range(rows):
        pen.text(x0 - band / 2, y0 + r * sq + sq / 2, str(r + 1), label, anchor="mm", fill=th.muted)
    for r in range(rows + 1):
        edge = r % 5 == 0
        pen.line(
            [(x0, y0 + r * sq), (x0 + cols * sq, y0 + r * sq)],
            fill=th.tile_edge if edge else th.grid,
            width=3 if edge else 1,
        )
    for c in range(cols + 1):
        edge = c % 5 == 0
        pen.line(
            [(x0 + c * sq, y0), (x0 + c * sq, y0 + rows * sq)],
            fill=th.tile_edge if edge else th.grid,
            width=3 if edge else 1,
        )
    bridges = set(view.bridges)
    for r, row in enumerate(view.terrain):
        for c, ch in enumerate(row):
            x, y = x0 + c * sq, y0 + r * sq
            if ch == "#":
                _road(pen, th, view, r, c, x, y, round(sq), (r, c) in bridges)
            elif ch in DRINK_LETTER:
                letter, colour = GOODS[DRINK_LETTER[ch]]
                pen.rect(
                    x + inset,
                    y + inset,
                    x + sq - inset,
                    y + sq - inset,
                    fill=colour,
                    outline=th.muted,
                    width=2,
                    radius=6,
                )
                pen.text(
                    x + sq / 2,
                    y + sq / 2 + lift,
                    letter,
                    drink,
                    bold=True,
                    fill=text_on(colour),
                    anchor="mm",
                )


def _chat_map(pen: Pen, th: _Theme, view: FcmView, x0: float, y0: float, z: _Chat) -> None:
    sq = z.sq
    _ground(pen, th, view, x0, y0, sq, label=z.t, band=z.label, inset=3, drink=z.t, lift=1)
    for h in view.houses:
        _chat_house(pen, th, h, x0, y0, z)
    for camp in view.campaigns:
        if camp.squares:
            _chat_campaign(pen, th, camp, x0, y0, z)
    for rest in view.restaurants:
        _chat_restaurant(pen, th, rest, x0, y0, z)


def _chat_house(pen: Pen, th: _Theme, h: HouseView, x0: float, y0: float, z: _Chat) -> None:
    sq = z.sq
    if h.garden:
        gx0, gy0, gx1, gy1 = _box(h.garden, x0, y0, sq)
        pen.rect(gx0 + 2, gy0 + 2, gx1 - 2, gy1 - 2, fill=th.garden, radius=5)
        for i in range(3):
            fx = gx0 + (gx1 - gx0) * (i + 1) / 4
            fy = gy0 + (gy1 - gy0) * (0.3 + 0.4 * (i % 2))
            pen.disc(fx, fy, sq * 0.1, fill=th.leaf)
    bx0, by0, bx1, by1 = _box(h.squares, x0, y0, sq)
    pen.rect(
        bx0 + 3, by0 + 3, bx1 - 3, by1 - 3, fill=th.house, outline=th.house_edge, width=2, radius=6
    )
    cx = (bx0 + bx1) / 2
    if not h.demand:
        pen.text(
            cx, (by0 + by1) / 2, str(h.number), z.big, bold=True, fill=th.house_edge, anchor="mm"
        )
        return
    strip = z.t + 8
    pen.text(
        cx, by0 + 4 + strip / 2, str(h.number), z.t, bold=True, fill=th.house_edge, anchor="mm"
    )
    groups: list[tuple[str, int]] = []
    for good in h.demand:
        if groups and groups[-1][0] == good:
            groups[-1] = (good, groups[-1][1] + 1)
        else:
            groups.append((good, 1))
    tokens = [(g, 1) for g in h.demand] if len(h.demand) <= 3 else groups
    # where the tokens go: below the number, spreading into the garden when there is one
    ax0, ay0, ax1, ay1 = bx0, by0 + strip, bx1, by1
    if h.garden:
        gx0, gy0, gx1, gy1 = _box(h.garden, x0, y0, sq)
        if gy1 <= by0:  # garden above the house: its tokens sit in the garden
            ax0, ay0, ax1, ay1 = gx0, gy0, gx1, gy1
        else:
            ax0, ax1, ay1 = min(ax0, gx0), max(ax1, gx1), max(ay1, gy1)
    r = z.t * 0.56
    digit = pen.length("5", z.t, True) + 2
    step = 2 * r + (digit if any(n > 1 for _, n in tokens) else 1)
    room = ax1 - ax0 - 6
    per_row = max(1, int(room // step)) if len(tokens) * step > room else len(tokens)
    if per_row == len(tokens) - 1 and len(tokens) <= 3:  # three singles: overlap a little
        per_row, step = len(tokens), room / len(tokens)
    lines = math.ceil(len(tokens) / per_row)
    row_h = 2 * r + 3
    y = (ay0 + ay1) / 2 - (lines - 1) * row_h / 2
    for line in range(lines):
        chunk = tokens[line * per_row : (line + 1) * per_row]
        x = (ax0 + ax1) / 2 - step * len(chunk) / 2 + r
        for good, n in chunk:
            letter, colour = GOODS[good]
            pen.disc(x, y, r, fill=colour, outline=(0, 0, 0), outline_w=1)
            pen.text(x, y + 1, letter, z.t, bold=True, fill=text_on(colour), anchor="mm")
            if n > 1:
                pen.text(x + r + 1, y + 1, str(n), z.t, bold=True, fill=th.house_edge, anchor="lm")
            x += step
        y += row_h


def _chat_restaurant(
    pen: Pen, th: _Theme, r: RestaurantView, x0: float, y0: float, z: _Chat
) -> None:
    sq = z.sq
    colour = player_colour(r.owner)
    bx0, by0, bx1, by1 = _box(r.squares, x0, y0, sq)
    fill = colour if r.open else mix(colour, th.ground, 0.6)
    pen.rect(bx0 + 3, by0 + 3, bx1 - 3, by1 - 3, fill=fill, outline=th.ink, width=2.5, radius=4)
    ink = text_on(fill)
    cx = (bx0 + bx1) / 2
    _shape(pen, cx, by0 + sq * 0.7, sq * 0.38, r.owner, ink, ink)
    pen.text(
        cx,
        by1 - sq * 0.55,
        f"#{r.index}" if r.open else t(pen.lang, "render.food_chain_magnate.soon", "soon"),
        z.t,
        bold=True,
        fill=ink,
        anchor="mm",
    )
    corners = list(r.squares) if r.drive_in else [r.entrance]
    for s in corners:
        cx0 = x0 + s[1] * sq
        cy0 = y0 + s[0] * sq
        right = s[1] != min(q[1] for q in r.squares)
        bottom = s[0] != min(q[0] for q in r.squares)
        px = cx0 + (sq - 4 if right else 4)
        py = cy0 + (sq - 4 if bottom else 4)
        dx = -1 if right else 1
        dy = -1 if bottom else 1
        k = sq * 0.36
        pen.polygon([(px, py), (px + dx * k, py), (px, py + dy * k)], fill=th.ink)


def _campaign_text(camp: CampaignView) -> str:
    if not camp.product:
        return ""
    return GOODS[camp.product][0] + ("∞" if camp.eternal else str(camp.remaining))


def _chat_campaign(
    pen: Pen, th: _Theme, camp: CampaignView, x0: float, y0: float, z: _Chat
) -> None:
    colour = player_colour(camp.owner)
    bx0, by0, bx1, by1 = _box(camp.squares, x0, y0, z.sq)
    pen.rect(bx0 + 2, by0 + 2, bx1 - 2, by1 - 2, fill=th.panel, outline=colour, width=4, radius=3)
    num = str(camp.number)
    what = _campaign_text(camp)
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    w, h = bx1 - bx0 - 6, by1 - by0
    both = f"{num} {what}".strip()
    if pen.length(both, z.t, True) <= w:
        pen.text(cx, cy + 1, both, z.t, bold=True, anchor="mm")
    elif h >= 2 * z.sq - 1 and what:
        pen.text(cx, cy - z.t * 0.6, num, z.t, bold=True, anchor="mm")
        pen.text(cx, cy + z.t * 0.65, what, z.t, bold=True, anchor="mm")
    else:
        pen.text(cx, cy + 1, num, z.t, bold=True, anchor="mm")


def _chat_planes(pen: Pen, th: _Theme, view: FcmView, x0: float, y0: float, z: _Chat) -> None:
    top = y0 - z.label - z.plane
    left = x0 - z.label - z.plane
    for camp in view.campaigns:
        if camp.squares or not camp.lines:
            continue
        colour = player_colour(camp.owner)
        first, last = min(camp.lines), max(camp.lines) + 1
        if camp.axis == "col":
            pen.rect(
                x0 + first * z.sq + 2,
                top + 2,
                x0 + last * z.sq - 2,
                top + z.plane - 2,
                fill=colour,
                radius=6,
            )
            label = f"{camp.number} {_campaign_text(camp)}".strip()
            pen.text(
                x0 + (first + last) * z.sq / 2,
                top + z.plane / 2 + 1,
                label,
                z.t,
                bold=True,
                fill=text_on(colour),
                anchor="mm",
            )
        else:
            pen.rect(
                left + 2,
                y0 + first * z.sq + 2,
                left + z.plane - 2,
                y0 + last * z.sq - 2,
                fill=colour,
                radius=6,
            )
            label = str(camp.number)
            pen.text(
                left + z.plane / 2,
                y0 + (first + last) * z.sq / 2,
                label,
                z.t,
                bold=True,
                fill=text_on(colour),
                anchor="mm",
            )


def _campaign_lines(pen: Pen, view: FcmView, names: Sequence[str], z: _Chat) -> list[str]:
    """``#11 Chiara billboard B∞`` for every campaign, wrapped to the board's width."""
    if not view.campaigns:
        return []
    items = []
    for camp in sorted(view.campaigns, key=lambda c: c.number):
        owner = names[camp.owner] if 0 <= camp.owner < len(names) else "?"
        what = _campaign_text(camp) or "?"
        kind = term(pen.lang, PREFIX, "campaign", camp.kind, camp.kind)
        items.append(f"#{camp.number} {owner} {kind} {what}")
    line = t(
        pen.lang,
        "render.food_chain_magnate.campaigns",
        "Campaigns: {items}",
        items=" · ".join(items),
    )
    return pen.wrap(line, z.t, z.width - 2 * C_M)


def _chat_player(
    pen: Pen,
    th: _Theme,
    view: FcmView,
    p: PlayerView,
    names: Sequence[str],
    x: float,
    top: float,
    w: float,
    h: float,
    z: _Chat,
) -> None:
    acting = p.seat in view.to_act and not view.ranking
    pen.rect(
        x,
        top + 2,
        x + w,
        top + h - 2,
        fill=th.panel,
        outline=HIGHLIGHT if acting else None,
        width=3 if acting else 1,
        radius=8,
    )
    line_h = (h - 8) / 2
    y1 = top + 4 + line_h / 2
    y2 = y1 + line_h
    _seat_mark(pen, x + 8 + z.t * 0.6, y1, z.t * 0.55, p.seat)
    nx = x + 16 + z.t * 1.2
    lang = pen.lang
    name = f"{p.position}. {names[p.seat]}"
    pen.text(nx, y1, name, z.big, bold=True, anchor="lm")
    head = [f"${p.cash}", _price(lang, p.unit_price)]
    if p.waitresses:
        head.append(_waitresses(lang, p.waitresses))
    if p.open_slots is not None:
        head.append(
            t(lang, "render.food_chain_magnate.open_slots", "{n} open slots", n=p.open_slots)
        )
    if view.phase == "restructuring" and not view.ranking:
        head.append(
            t(lang, "render.food_chain_magnate.has_chosen", "has chosen")
            if p.committed
            else t(lang, "render.food_chain_magnate.choosing", "choosing…")
        )
    hx = nx + pen.length(name, z.big, True) + 16
    pen.text(hx, y1, pen.fit("  ·  ".join(head), z.t, x + w - hx - 10), z.t, anchor="lm")
    stock = " ".join(f"{n}{GOODS[k][0]}" for k, n in p.stock if k in GOODS)
    work = sum(n for _, n in p.at_work)
    beach = sum(n for _, n in p.beach)
    parts = [
        t(
            lang,
            "render.food_chain_magnate.stock",
            "stock {goods}",
            goods=stock or t(lang, "render.food_chain_magnate.none", "none"),
        )
    ]
    if p.at_work or p.beach:
        parts.append(
            t(
                lang,
                "render.food_chain_magnate.at_work",
                "{work} at work, {beach} beach",
                work=work + 1,
                beach=beach,
            )
        )
    else:
        parts.append(
            t(lang, "render.food_chain_magnate.cards", "{n} cards", n=sum(n for _, n in p.hand) + 1)
        )
    if p.busy:
        busy = " ".join(f"#{n}" for n, _ in p.busy)
        parts.append(t(lang, "render.food_chain_magnate.busy", "busy {campaigns}", campaigns=busy))
    if p.milestones:
        parts.append(
            t(lang, "render.food_chain_magnate.milestones", "{n} milestones", n=len(p.milestones))
        )
    if p.drive_in:
        parts.append(t(lang, "render.food_chain_magnate.drive_in", "drive-in"))
    pen.text(x + 12, y2, pen.fit("  ·  ".join(parts), z.t, w - 24), z.t, fill=th.muted, anchor="lm")


def _chat_legend(pen: Pen, th: _Theme, x: float, y: float, z: _Chat) -> None:
    cx = x
    r = z.t * 0.62
    for good, (letter, colour) in GOODS.items():
        pen.disc(cx + r, y, r, fill=colour, outline=(0, 0, 0), outline_w=1)
        pen.text(cx + r, y + 1, letter, z.t, bold=True, fill=text_on(colour), anchor="mm")
        label = _good(pen.lang, good)
        pen.text(cx + 2 * r + 5, y, label, z.t, anchor="lm", fill=th.muted)
        cx += 2 * r + 5 + pen.length(label, z.t) + 14
    pen.text(
        cx,
        y,
        t(pen.lang, "render.food_chain_magnate.entrance", "◣ entrance"),
        z.t,
        anchor="lm",
        fill=th.muted,
    )


# -- header ---------------------------------------------------------------------------------


def _header(pen: Pen, th: _Theme, view: FcmView, width: float, names: Sequence[str] | None) -> None:
    y = MARGIN
    lang = pen.lang
    pen.text(MARGIN, y, f"{_game_name(lang)} · {_phase_title(view, lang)}", TITLE, bold=True)
    info = [
        _bank(lang, view),
        t(lang, "render.food_chain_magnate.ceo_slots", "CEO slots {n}", n=view.ceo_slots),
    ]
    if view.next_ceo_slots is not None:
        info.append(
            t(lang, "render.food_chain_magnate.next_turn", "→ {n} next turn", n=view.next_ceo_slots)
        )
    if view.intro:
        info.append(t(lang, "render.food_chain_magnate.intro_game", "intro game"))
    if view.ranking:
        labels = [_name(s, names) for s in range(len(view.players))]
        pen.text(
            MARGIN,
            y + 38,
            pen.fit(_final(lang, view, labels, "   "), TEXT, width - 2 * MARGIN - 330),
            TEXT,
            bold=True,
        )
    else:
        pen.text(MARGIN, y + 38, "   ".join(info), TEXT, fill=th.muted)
    x = width - MARGIN
    for pos, seat in reversed(list(enumerate(view.order, 1))):
        label = f"{pos}."
        w = pen.length(label, TEXT, True) + 40
        x -= w
        _seat_mark(pen, x + 14, y + 50, 12, seat)
        pen.text(x + 30, y + 50, label, TEXT, bold=True, anchor="lm")
    turn_order = t(lang, "render.food_chain_magnate.turn_order", "Turn order")
    pen.text(width - MARGIN, y + 14, turn_order, SMALL, fill=th.muted, anchor="rm")


# -- map ------------------------------------------------------------------------------------


def _map(pen: Pen, th: _Theme, view: FcmView, x0: float, y0: float, sq: int) -> None:
    label = min(TEXT, sq * 0.55)
    _ground(pen, th, view, x0, y0, sq, label=label, band=LABEL, inset=4, drink=sq * 0.5, lift=0)
    for h in view.houses:
        _house(pen, th, h, x0, y0, sq)
    for camp in view.campaigns:
        if camp.squares:
            _campaign(pen, th, camp, x0, y0, sq)
    for rest in view.restaurants:
        _restaurant(pen, th, rest, x0, y0, sq)


def _road(
    pen: Pen, th: _Theme, view: FcmView, r: int, c: int, x: float, y: float, sq: int, bridge: bool
) -> None:
    pen.rect(x, y, x + sq, y + sq, fill=th.road)
    terrain = view.terrain

    def is_road(rr: int, cc: int) -> bool:
        return 0 <= rr < len(terrain) and 0 <= cc < len(terrain[0]) and terrain[rr][cc] == "#"

    cx, cy = x + sq / 2, y + sq / 2
    if bridge:
        pen.rect(x, y + sq * 0.3, x + sq, y + sq * 0.7, fill=mix(th.road, (0, 0, 0), 0.25))
        pen.line([(x, cy), (x + sq, cy)], fill=th.road_line, width=2)
        pen.rect(x + sq * 0.3, y, x + sq * 0.7, y + sq, fill=th.road, outline=th.ink, width=1.5)
        pen.line([(cx, y), (cx, y + sq)], fill=th.road_line, width=2)
        return
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if is_road(r + dr, c + dc):
            pen.line([(cx, cy), (cx + dc * sq / 2, cy + dr * sq / 2)], fill=th.road_line, width=2)


def _box(squares: Sequence[tuple[int, int]], x0: float, y0: float, sq: float) -> tuple[float, ...]:
    r0 = min(s[0] for s in squares)
    c0 = min(s[1] for s in squares)
    r1 = max(s[0] for s in squares) + 1
    c1 = max(s[1] for s in squares) + 1
    return (x0 + c0 * sq, y0 + r0 * sq, x0 + c1 * sq, y0 + r1 * sq)


def _house(pen: Pen, th: _Theme, h: HouseView, x0: float, y0: float, sq: int) -> None:
    if h.garden:
        gx0, gy0, gx1, gy1 = _box(h.garden, x0, y0, sq)
        pen.rect(gx0 + 2, gy0 + 2, gx1 - 2, gy1 - 2, fill=th.garden, radius=5)
        for i in range(3):
            fx = gx0 + (gx1 - gx0) * (i + 1) / 4
            fy = gy0 + (gy1 - gy0) * (0.35 + 0.3 * (i % 2))
            pen.disc(fx, fy, sq * 0.12, fill=th.leaf)
    bx0, by0, bx1, by1 = _box(h.squares, x0, y0, sq)
    pen.rect(
        bx0 + 3, by0 + 3, bx1 - 3, by1 - 3, fill=th.house, outline=th.house_edge, width=2, radius=6
    )
    ny = by0 + sq * (0.55 if h.demand else 1.0)
    pen.text(
        (bx0 + bx1) / 2, ny, str(h.number), sq * 0.7, bold=True, fill=th.house_edge, anchor="mm"
    )
    if h.demand:
        r = min(sq * 0.3, (bx1 - bx0 - 8) / (2 * len(h.demand)))
        total = 2 * r * len(h.demand)
        x = (bx0 + bx1) / 2 - total / 2 + r
        y = by1 - r - 5
        for good in h.demand:
            letter, colour = GOODS[good]
            pen.disc(x, y, r, fill=colour, outline=(0, 0, 0), outline_w=1)
            pen.text(x, y + 1, letter, r * 1.3, bold=True, fill=text_on(colour), anchor="mm")
            x += 2 * r


def _restaurant(pen: Pen, th: _Theme, r: RestaurantView, x0: float, y0: float, sq: int) -> None:
    colour = player_colour(r.owner)
    bx0, by0, bx1, by1 = _box(r.squares, x0, y0, sq)
    fill = colour if r.open else mix(colour, th.ground, 0.6)
    pen.rect(bx0 + 3, by0 + 3, bx1 - 3, by1 - 3, fill=fill, outline=th.ink, width=2.5, radius=4)
    ink = text_on(fill)
    _shape(pen, (bx0 + bx1) / 2, (by0 + by1) / 2 - sq * 0.25, sq * 0.34, r.owner, ink, ink)
    pen.text(
        (bx0 + bx1) / 2,
        (by0 + by1) / 2 + sq * 0.45,
        f"#{r.index}" if r.open else t(pen.lang, "render.food_chain_magnate.soon", "soon"),
        sq * 0.42,
        bold=True,
        fill=ink,
        anchor="mm",
    )
    corners = list(r.squares) if r.drive_in else [r.entrance]
    for s in corners:
        cx0 = x0 + s[1] * sq
        cy0 = y0 + s[0] * sq
        right = s[1] != min(q[1] for q in r.squares)
        bottom = s[0] != min(q[0] for q in r.squares)
        px = cx0 + (sq - 4 if right else 4)
        py = cy0 + (sq - 4 if bottom else 4)
        dx = -1 if right else 1
        dy = -1 if bottom else 1
        k = sq * 0.38
        pen.polygon([(px, py), (px + dx * k, py), (px, py + dy * k)], fill=th.ink)


def _campaign(pen: Pen, th: _Theme, camp: CampaignView, x0: float, y0: float, sq: int) -> None:
    colour = player_colour(camp.owner)
    bx0, by0, bx1, by1 = _box(camp.squares, x0, y0, sq)
    pen.rect(bx0 + 2, by0 + 2, bx1 - 2, by1 - 2, fill=th.panel, outline=colour, width=4, radius=3)
    label = f"#{camp.number}"
    pen.text((bx0 + bx1) / 2, by0 + sq * 0.32, label, sq * 0.44, bold=True, anchor="mm")
    if camp.product:
        letter, good = GOODS[camp.product]
        left = "∞" if camp.eternal else str(camp.remaining)
        pen.text(
            (bx0 + bx1) / 2,
            by0 + sq * 0.74,
            f"{letter}{left}",
            sq * 0.44,
            bold=True,
            fill=mix(good, th.ink, 0.35),
            anchor="mm",
        )


def _planes(pen: Pen, th: _Theme, view: FcmView, x0: float, y0: float, sq: int) -> None:
    top = y0 - LABEL - PLANE_BAND
    left = x0 - LABEL - PLANE_BAND
    col_slot = 0
    row_slot = 0
    for camp in view.campaigns:
        if camp.squares or not camp.lines:
            continue
        colour = player_colour(camp.owner)
        first, last = min(camp.lines), max(camp.lines) + 1
        text = f"#{camp.number}"
        if camp.product:
            text += f" {GOODS[camp.product][0]}{'∞' if camp.eternal else camp.remaining}"
        if camp.axis == "col":
            y = top + 3 + (col_slot % 2) * 12
            col_slot += 1
            pen.rect(
                x0 + first * sq + 2,
                y,
                x0 + last * sq - 2,
                y + PLANE_BAND - 8,
                fill=colour,
                radius=6,
            )
            pen.text(
                x0 + (first + last) * sq / 2,
                y + (PLANE_BAND - 8) / 2,
                text,
                SMALL,
                bold=True,
                fill=text_on(colour),
                anchor="mm",
            )
        else:
            x = left + 3 + (row_slot % 2) * 12
            row_slot += 1
            pen.rect(
                x,
                y0 + first * sq + 2,
                x + PLANE_BAND - 8,
                y0 + last * sq - 2,
                fill=colour,
                radius=6,
            )
            pen.text(
                x + (PLANE_BAND - 8) / 2,
                y0 + (first + last) * sq / 2,
                f"#{camp.number}",
                SMALL * 0.8,
                bold=True,
                fill=text_on(colour),
                anchor="mm",
            )


# -- companies ------------------------------------------------------------------------------


def _counts(items: Sequence[tuple[str, int]], short: bool = False, lang: str = "en") -> str:
    out = []
    for kind, n in items:
        name = _staff(lang, kind)
        if short:
            name = GOODS[kind][0] if kind in GOODS else name
            out.append(f"{n}{name}")
        else:
            out.append(f"{n}× {name}" if n > 1 else name)
    return ", ".join(out)


def _panels(
    pen: Pen, th: _Theme, view: FcmView, x: float, y: float, w: float, names: Sequence[str] | None
) -> None:
    for i, p in enumerate(sorted(view.players, key=lambda q: q.position)):
        top = y + i * PANEL_ROW_H
        pen.rect(x, top + 2, x + w, top + PANEL_ROW_H - 2, fill=th.panel, radius=8)
        _panel(pen, th, view, p, x, top, w, names)


def _panel(
    pen: Pen,
    th: _Theme,
    view: FcmView,
    p: PlayerView,
    x: float,
    top: float,
    w: float,
    names: Sequence[str] | None,
) -> None:
    _seat_mark(pen, x + 24, top + 24, 14, p.seat)
    name = pen.fit(_name(p.seat, names), TEXT, 260, bold=True)
    pen.text(x + 48, top + 24, name, TEXT, bold=True, anchor="lm")
    lang = pen.lang
    head = f"${p.cash}   {_price(lang, p.unit_price)}"
    if p.waitresses:
        head += f"   {_waitresses(lang, p.waitresses)}"
    if p.milestones:
        head += "   " + t(
            lang, "render.food_chain_magnate.milestones", "{n} milestones", n=len(p.milestones)
        )
    if p.restaurants_left:
        head += "   " + t(
            lang,
            "render.food_chain_magnate.to_place",
            "{n} restaurants to place",
            n=p.restaurants_left,
        )
    nx = x + 48 + pen.length(name, TEXT, True) + 18
    pen.text(nx, top + 24, pen.fit(head, TEXT, x + w - nx - 10), TEXT, anchor="lm")
    ceo_only = t(lang, "render.food_chain_magnate.ceo_only", "CEO only")
    if p.at_work or p.beach:
        staff = t(
            lang,
            "render.food_chain_magnate.work",
            "work: {cards}",
            cards=_counts(p.at_work, lang=lang) or ceo_only,
        )
        rest = t(
            lang,
            "render.food_chain_magnate.beach",
            "beach: {cards}",
            cards=_counts(p.beach, lang=lang)
            or t(lang, "render.food_chain_magnate.nobody", "nobody"),
        )
    else:
        staff = t(
            lang,
            "render.food_chain_magnate.hand",
            "cards: {cards}",
            cards=_counts(p.hand, lang=lang) or ceo_only,
        )
        rest = ""
        if view.phase == "restructuring":
            rest = (
                t(lang, "render.food_chain_magnate.chosen_who", "has chosen who works")
                if p.committed
                else t(lang, "render.food_chain_magnate.choosing_who", "choosing who works…")
            )
    if p.busy:
        busy = " ".join(f"#{n}" for n, _ in p.busy)
        rest += ("   " if rest else "") + t(
            lang, "render.food_chain_magnate.busy_list", "busy: {campaigns}", campaigns=busy
        )
    stock = _counts(p.stock, short=True, lang=lang)
    rest += ("   " if rest else "") + (
        t(lang, "render.food_chain_magnate.stock_list", "stock: {goods}", goods=stock)
        if stock
        else t(lang, "render.food_chain_magnate.no_stock", "no food or drink")
    )
    pen.text(x + 14, top + 54, pen.fit(staff, SMALL, w - 28), SMALL, anchor="lm")
    pen.text(x + 14, top + 80, pen.fit(rest, SMALL, w - 28), SMALL, anchor="lm", fill=th.muted)


def _legend(pen: Pen, th: _Theme, x: float, y: float) -> None:
    items = [(letter, colour, _good(pen.lang, good)) for good, (letter, colour) in GOODS.items()]
    cx = x
    for letter, colour, label in items:
        pen.disc(cx + 12, y + 16, 11, fill=colour, outline=(0, 0, 0), outline_w=1)
        pen.text(cx + 12, y + 17, letter, 14, bold=True, fill=text_on(colour), anchor="mm")
        pen.text(cx + 28, y + 16, label, SMALL, anchor="lm", fill=th.muted)
        cx += 32 + pen.length(label, SMALL) + 10
    key = t(pen.lang, "render.food_chain_magnate.legend_key", "◣ entrance  #11 B2: product, turns")
    pen.text(cx + 4, y + 16, key, SMALL, anchor="lm", fill=th.muted)


# -- one area of the map, large (render_zoom: `/board zoom:<area>`) -------------------------

Z_W = 600  # layout width: 14 px text shows at 12.8 px when the image is 550 wide
Z_M = 14
Z_T = 14  # the smallest text
Z_BIG = 18
Z_LABEL = 26  # coordinate labels on all four edges
Z_LANE = 28  # one airplane bar
Z_MAX_SQ = 104  # a single tile (5 squares) fills the width
Z_MAX_MAP_H = 620
Z_MAX = 10  # squares per side: larger areas belong to `/board detail`
LETTERS = "abcdefghijklmnopqrstuvwxyz"
_AREA = re.compile(r"([a-z])(\d{1,2})(?:\s*[:\-–\s]\s*([a-z])(\d{1,2}))?")


def _square_name(square: tuple[int, int]) -> str:
    return f"{LETTERS[square[1]]}{square[0] + 1}"


def zoom_area(view: FcmView, area: str) -> tuple[int, int, int, int]:
    """The squares ``area`` names, as ``(row0, col0, row1, col1)`` with exclusive ends (0-based,
    like the view's squares). ``area`` is two corners in any order (``c3:h9``, also ``c3-h9``)
    or one square (``e5``: that square's whole 5×5 map tile). Raises ``ValueError`` with a
    player-facing sentence for a malformed or off-map area, or one over ``Z_MAX`` squares a
    side."""
    rows, cols = len(view.terrain), len(view.terrain[0])
    runs = f"The map runs a1 to {LETTERS[cols - 1]}{rows}"
    typed = area.strip().lower()
    m = _AREA.fullmatch(typed)
    spots: list[tuple[int, int]] = []
    if m:
        pairs = [(m.group(1), m.group(2))]
        if m.group(3):
            pairs.append((m.group(3), m.group(4)))
        spots = [(int(n) - 1, LETTERS.index(letter)) for letter, n in pairs]
    if not spots or not all(0 <= r < rows and 0 <= c < cols for r, c in spots):
        shown = area.strip()[:20] or "(nothing)"
        raise ValueError(
            f"`{shown}` is not an area of this map. {runs}; name one square (e5) "
            "or two corners (c3:h9)."
        )
    if len(spots) == 1:
        r, c = spots[0]
        r0, c0 = r // 5 * 5, c // 5 * 5
        return r0, c0, min(rows, r0 + 5), min(cols, c0 + 5)
    (ra, ca), (rb, cb) = spots
    r0, r1, c0, c1 = min(ra, rb), max(ra, rb) + 1, min(ca, cb), max(ca, cb) + 1
    if r1 - r0 > Z_MAX or c1 - c0 > Z_MAX:
        raise ValueError(
            f"A zoom shows at most {Z_MAX} × {Z_MAX} squares, and "
            f"{_square_name((r0, c0))}:{_square_name((r1 - 1, c1 - 1))} is {c1 - c0} columns × "
            f"{r1 - r0} rows. {runs}; `/board detail:True` shows all of it."
        )
    return r0, c0, r1, c1


def _meets(squares: Sequence[tuple[int, int]], box: tuple[int, int, int, int]) -> bool:
    r0, c0, r1, c1 = box
    return any(r0 <= r < r1 and c0 <= c < c1 for r, c in squares)


def _zoom_planes(view: FcmView, box: tuple[int, int, int, int]) -> tuple[list[CampaignView], ...]:
    """Airplanes over the area: (over columns, over rows)."""
    r0, c0, r1, c1 = box
    cols = [
        c
        for c in view.campaigns
        if not c.squares and c.axis == "col" and any(c0 <= x < c1 for x in c.lines)
    ]
    rows = [
        c
        for c in view.campaigns
        if not c.squares and c.axis == "row" and any(r0 <= x < r1 for x in c.lines)
    ]
    return cols, rows


def _zoom_key(
    view: FcmView, box: tuple[int, int, int, int], names: Sequence[str], lang: str = "en"
) -> list[str]:
    """One paragraph each: restaurants, houses and campaigns in the area, and the goods."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    out = []
    rests = [r for r in view.restaurants if _meets(r.squares, box)]
    if rests:
        items = []
        for r in sorted(rests, key=lambda q: (q.owner, q.index)):
            bits = (
                [t(lang, "render.food_chain_magnate.coming_soon", "coming soon")]
                if not r.open
                else []
            )
            bits.append(
                t(lang, "render.food_chain_magnate.drive_in_corners", "drive-in: every corner")
                if r.drive_in
                else t(
                    lang,
                    "render.food_chain_magnate.entrance_at",
                    "entrance {square}",
                    square=_square_name(r.entrance),
                )
            )
            items.append(f"{who(r.owner)} #{r.index} ({', '.join(bits)})")
        out.append(
            t(
                lang,
                "render.food_chain_magnate.restaurants",
                "Restaurants: {items}",
                items=" · ".join(items),
            )
        )
    houses = [h for h in view.houses if _meets(h.squares, box)]
    if houses:
        items = []
        for h in sorted(houses, key=lambda q: q.number):
            wants = ", ".join(
                f"{n} {_good(lang, g)}" if n > 1 else _good(lang, g) for g, n in _grouped(h.demand)
            )
            garden = (
                t(lang, "render.food_chain_magnate.with_garden", " (garden)") if h.garden else ""
            )
            items.append(
                t(
                    lang,
                    "render.food_chain_magnate.house_wants",
                    "{number}{garden} wants {goods}",
                    number=h.number,
                    garden=garden,
                    goods=wants or t(lang, "render.food_chain_magnate.nothing", "nothing"),
                )
            )
        out.append(
            t(lang, "render.food_chain_magnate.houses", "Houses: {items}", items=" · ".join(items))
        )
    cols, rows = _zoom_planes(view, box)
    camps = [c for c in view.campaigns if c.squares and _meets(c.squares, box)] + cols + rows
    if camps:
        items = []
        for c in sorted(camps, key=lambda q: q.number):
            what = (
                _good(lang, c.product)
                if c.product
                else t(lang, "render.food_chain_magnate.no_product", "product not chosen")
            )
            if c.eternal:
                left = t(lang, "render.food_chain_magnate.forever", "forever")
            elif c.remaining == 1:
                left = t(lang, "render.food_chain_magnate.turn_left", "1 turn left")
            else:
                left = t(
                    lang, "render.food_chain_magnate.turns_left", "{n} turns left", n=c.remaining
                )
            where = c.where or ""
            if c.lines:
                first, last = min(c.lines), max(c.lines)
                if c.axis == "col":
                    where = t(
                        lang,
                        "render.food_chain_magnate.columns",
                        "columns {first}–{last}",
                        first=LETTERS[first],
                        last=LETTERS[last],
                    )
                else:
                    where = t(
                        lang,
                        "render.food_chain_magnate.rows",
                        "rows {first}–{last}",
                        first=first + 1,
                        last=last + 1,
                    )
            kind = term(lang, PREFIX, "campaign", c.kind, c.kind)
            items.append(f"#{c.number} {who(c.owner)} {kind} {where}: {what}, {left}")
        out.append(
            t(
                lang,
                "render.food_chain_magnate.campaigns",
                "Campaigns: {items}",
                items=" · ".join(items),
            )
        )
    goods = " · ".join(f"{letter} {_good(lang, g)}" for g, (letter, _) in GOODS.items())
    out.append(
        t(lang, "render.food_chain_magnate.goods", "Goods: {goods} · ◣ entrance", goods=goods)
    )
    return out


def _grouped(goods: Sequence[str]) -> list[tuple[str, int]]:
    groups: list[tuple[str, int]] = []
    for good in goods:
        if groups and groups[-1][0] == good:
            groups[-1] = (good, groups[-1][1] + 1)
        else:
            groups.append((good, 1))
    return groups


def render_zoom(
    view: FcmView,
    area: str,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """One area of the map drawn large (``/board zoom:<area>``): ``Z_W * scale`` (600) px wide,
    no text under 14 px (12.8 px at Discord's 550 px), at most ``Z_MAX`` squares a side.

    ``area`` is two corners in any order (``c3:h9``) or one square (``e5``: its whole 5×5
    tile); see :func:`zoom_area`. Draws the squares with their coordinates on all four edges,
    roads and bridges, drinks (letter and name), houses (number, demand tokens, garden),
    restaurants (owner's colour and name, ``#n``, entrance or drive-in corners, "soon" while
    COMING SOON), campaigns (owner's outline, number, product letter and turns left; airplanes
    over the area as bars beside it), then a key naming each piece in words.

    Raises ``ValueError`` for a bad ``area`` (a player-facing sentence), theme or scale.
    """
    th = pick_theme(_THEMES, theme, scale)
    box = zoom_area(view, area)
    r0, c0, r1, c1 = box
    labels = seat_names(names, len(view.players))
    n_rows, n_cols = r1 - r0, c1 - c0
    col_planes, row_planes = _zoom_planes(view, box)
    lane_w = Z_T * 2.8  # a row airplane's bar, beside the map
    left_w = len(row_planes) * lane_w
    sq = int(min(Z_MAX_SQ, (Z_W - 2 * Z_M - 2 * Z_LABEL - left_w) / n_cols, Z_MAX_MAP_H / n_rows))
    content_w = left_w + 2 * Z_LABEL + n_cols * sq
    map_x = (Z_W - content_w) / 2 + left_w + Z_LABEL
    title_h = Z_BIG + Z_T + 18
    map_y = Z_M + title_h + len(col_planes) * Z_LANE + Z_LABEL
    probe = Pen(Image.new("RGB", (1, 1)), scale, lang=lang)
    key = [
        line
        for para in _zoom_key(view, box, labels, lang)
        for line in probe.wrap(para, Z_T, Z_W - 2 * Z_M)
    ]
    line_h = Z_T + 8
    key_y = map_y + n_rows * sq + Z_LABEL + 8
    height = key_y + line_h * len(key) + Z_M
    image = Image.new("RGB", (round(Z_W * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    span = f"{_square_name((r0, c0))}:{_square_name((r1 - 1, c1 - 1))}"
    title = f"{_game_name(lang)} · {span}"
    pen.text(Z_M, Z_M + (Z_BIG + 6) / 2, title, Z_BIG, bold=True, anchor="lm")
    sub = pen.fit(_phase_title(view, lang), Z_T, Z_W - 2 * Z_M)
    pen.text(Z_M, Z_M + Z_BIG + 6 + (Z_T + 6) / 2, sub, Z_T, fill=th.muted, anchor="lm")
    # the map, drawn on its own layer so pieces crossing the edge are cut there
    layer = Image.new("RGB", (pen.px(n_cols * sq), pen.px(n_rows * sq)), th.ground)
    _zoom_map(Pen(layer, scale, th.ink, lang=lang), th, view, box, sq, labels)
    image.paste(layer, (pen.px(map_x), pen.px(map_y)))
    right, bottom = map_x + n_cols * sq, map_y + n_rows * sq
    pen.rect(map_x - 1, map_y - 1, right + 1, bottom + 1, outline=th.tile_edge, width=2)
    for i, c in enumerate(range(c0, c1)):
        x = map_x + (i + 0.5) * sq
        for y in (map_y - Z_LABEL / 2, bottom + Z_LABEL / 2):
            pen.text(x, y, LETTERS[c], Z_T + 2, bold=True, fill=th.muted, anchor="mm")
    for i, r in enumerate(range(r0, r1)):
        y = map_y + (i + 0.5) * sq
        for x in (map_x - Z_LABEL / 2, right + Z_LABEL / 2):
            pen.text(x, y, str(r + 1), Z_T + 2, bold=True, fill=th.muted, anchor="mm")
    for lane, camp in enumerate(col_planes):
        first, last = max(c0, min(camp.lines)), min(c1, max(camp.lines) + 1)
        top = map_y - Z_LABEL - (len(col_planes) - lane) * Z_LANE
        colour = player_colour(camp.owner)
        pen.rect(
            map_x + (first - c0) * sq + 2,
            top + 2,
            map_x + (last - c0) * sq - 2,
            top + Z_LANE - 2,
            fill=colour,
            radius=6,
        )
        label = f"#{camp.number} {_campaign_text(camp)}".strip()
        pen.text(
            map_x + (first + last - 2 * c0) * sq / 2,
            top + Z_LANE / 2 + 1,
            label,
            Z_T,
            bold=True,
            fill=text_on(colour),
            anchor="mm",
        )
    for lane, camp in enumerate(row_planes):
        first, last = max(r0, min(camp.lines)), min(r1, max(camp.lines) + 1)
        x = map_x - Z_LABEL - (len(row_planes) - lane) * lane_w
        colour = player_colour(camp.owner)
        pen.rect(
            x + 2,
            map_y + (first - r0) * sq + 2,
            x + lane_w - 2,
            map_y + (last - r0) * sq - 2,
            fill=colour,
            radius=6,
        )
        mid = map_y + (first + last - 2 * r0) * sq / 2
        pen.text(
            x + lane_w / 2,
            mid - Z_T * 0.6,
            f"#{camp.number}",
            Z_T,
            bold=True,
            fill=text_on(colour),
            anchor="mm",
        )
        pen.text(
            x + lane_w / 2,
            mid + Z_T * 0.6,
            _campaign_text(camp),
            Z_T,
            bold=True,
            fill=text_on(colour),
            anchor="mm",
        )
    y = key_y + line_h / 2
    for line in key:
        pen.text(Z_M, y, line, Z_T, anchor="lm")
        y += line_h
    return image


def _zoom_map(
    pen: Pen,
    th: _Theme,
    view: FcmView,
    box: tuple[int, int, int, int],
    sq: int,
    names: Sequence[str],
) -> None:
    """The area's squares on a layer whose origin is the area's top-left square."""
    r0, c0, r1, c1 = box
    x0, y0 = -c0 * sq, -r0 * sq
    clip = (0.0, 0.0, float((c1 - c0) * sq), float((r1 - r0) * sq))
    for r in range(r0, r1 + 1):
        edge = r % 5 == 0
        y = y0 + r * sq
        pen.line(
            [(0, y), ((c1 - c0) * sq, y)],
            fill=th.tile_edge if edge else th.grid,
            width=4 if edge else 1,
        )
    for c in range(c0, c1 + 1):
        edge = c % 5 == 0
        x = x0 + c * sq
        pen.line(
            [(x, 0), (x, (r1 - r0) * sq)],
            fill=th.tile_edge if edge else th.grid,
            width=4 if edge else 1,
        )
    bridges = set(view.bridges)
    for r in range(r0, r1):
        for c in range(c0, c1):
            ch = view.terrain[r][c]
            x, y = x0 + c * sq, y0 + r * sq
            if ch == "#":
                _road(pen, th, view, r, c, x, y, sq, (r, c) in bridges)
            elif ch in DRINK_LETTER:
                good = DRINK_LETTER[ch]
                letter, colour = GOODS[good]
                pen.rect(
                    x + 4,
                    y + 4,
                    x + sq - 4,
                    y + sq - 4,
                    fill=colour,
                    outline=th.muted,
                    width=2,
                    radius=8,
                )
                ink = text_on(colour)
                word = _good(pen.lang, good)
                if pen.length(word, Z_T, True) <= sq - 12:
                    pen.text(
                        x + sq / 2,
                        y + sq * 0.4,
                        letter,
                        max(Z_BIG, sq * 0.36),
                        bold=True,
                        fill=ink,
                        anchor="mm",
                    )
                    pen.text(x + sq / 2, y + sq * 0.76, word, Z_T, bold=True, fill=ink, anchor="mm")
                else:
                    pen.text(
                        x + sq / 2,
                        y + sq / 2 + 1,
                        letter,
                        max(Z_BIG, sq * 0.4),
                        bold=True,
                        fill=ink,
                        anchor="mm",
                    )
    for h in view.houses:
        if _meets(h.squares, box) or _meets(h.garden, box):
            _zoom_house(pen, th, h, x0, y0, sq, clip)
    for camp in view.campaigns:
        if camp.squares and _meets(camp.squares, box):
            _zoom_campaign(pen, th, camp, x0, y0, sq, clip)
    for rest in view.restaurants:
        if _meets(rest.squares, box):
            _zoom_restaurant(pen, th, rest, x0, y0, sq, names, clip)


def _visible(
    box: tuple[float, ...], clip: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    """The part of ``box`` inside ``clip`` (the area's layer): a piece crossing the area's edge
    keeps its labels on the part that shows."""
    return (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))


def _zoom_house(
    pen: Pen,
    th: _Theme,
    h: HouseView,
    x0: float,
    y0: float,
    sq: int,
    clip: tuple[float, float, float, float],
) -> None:
    if h.garden:
        gx0, gy0, gx1, gy1 = _box(h.garden, x0, y0, sq)
        pen.rect(gx0 + 3, gy0 + 3, gx1 - 3, gy1 - 3, fill=th.garden, radius=8)
        for i in range(4):
            fx = gx0 + (gx1 - gx0) * (i + 1) / 5
            fy = gy0 + (gy1 - gy0) * (0.2 + 0.6 * (i % 2))
            pen.disc(fx, fy, sq * 0.08, fill=th.leaf)
        vx0, vy0, vx1, vy1 = _visible((gx0, gy0, gx1, gy1), clip)
        if vx1 > vx0 and vy1 > vy0:
            ink = text_on(th.garden)
            pen.text(
                (vx0 + vx1) / 2,
                (vy0 + vy1) / 2,
                t(pen.lang, "render.food_chain_magnate.garden", "garden"),
                Z_T,
                bold=True,
                fill=ink,
                anchor="mm",
            )
    box = _box(h.squares, x0, y0, sq)
    pen.rect(
        box[0] + 4,
        box[1] + 4,
        box[2] - 4,
        box[3] - 4,
        fill=th.house,
        outline=th.house_edge,
        width=3,
        radius=8,
    )
    bx0, by0, bx1, by1 = _visible(box, clip)
    if bx1 <= bx0 or by1 <= by0:
        return
    cx = (bx0 + bx1) / 2
    size = max(Z_BIG, sq * 0.32)
    label = t(pen.lang, "render.food_chain_magnate.house", "House {number}", number=h.number)
    if pen.length(label, size, True) > bx1 - bx0 - 12:
        label = str(h.number)
    if not h.demand:
        pen.text(cx, (by0 + by1) / 2, label, size, bold=True, fill=th.house_edge, anchor="mm")
        return
    strip = size + 14
    pen.text(cx, by0 + 6 + strip / 2, label, size, bold=True, fill=th.house_edge, anchor="mm")
    r = max(Z_T * 0.75, sq * 0.16)
    step = 2 * r + 4
    per_row = max(1, int((bx1 - bx0 - 12) // step))
    lines = math.ceil(len(h.demand) / per_row)
    top, bottom = by0 + 6 + strip, by1 - 6
    y = (top + bottom) / 2 - (lines - 1) * step / 2
    for line in range(lines):
        chunk = h.demand[line * per_row : (line + 1) * per_row]
        x = cx - step * len(chunk) / 2 + step / 2
        for good in chunk:
            letter, colour = GOODS[good]
            pen.disc(x, y, r, fill=colour, outline=(0, 0, 0), outline_w=1.5)
            pen.text(
                x, y + 1, letter, max(Z_T, r * 1.1), bold=True, fill=text_on(colour), anchor="mm"
            )
            x += step
        y += step


def _zoom_restaurant(
    pen: Pen,
    th: _Theme,
    r: RestaurantView,
    x0: float,
    y0: float,
    sq: int,
    names: Sequence[str],
    clip: tuple[float, float, float, float],
) -> None:
    colour = player_colour(r.owner)
    box = _box(r.squares, x0, y0, sq)
    fill = colour if r.open else mix(colour, th.ground, 0.6)
    pen.rect(
        box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4, fill=fill, outline=th.ink, width=3, radius=6
    )
    corners = list(r.squares) if r.drive_in else [r.entrance]
    for s in corners:
        cx0, cy0 = x0 + s[1] * sq, y0 + s[0] * sq
        right = s[1] != min(q[1] for q in r.squares)
        bottom = s[0] != min(q[0] for q in r.squares)
        px = cx0 + (sq - 5 if right else 5)
        py = cy0 + (sq - 5 if bottom else 5)
        dx, dy = (-1 if right else 1), (-1 if bottom else 1)
        k = sq * 0.3
        pen.polygon([(px, py), (px + dx * k, py), (px, py + dy * k)], fill=th.ink)
    bx0, by0, bx1, by1 = _visible(box, clip)
    if bx1 <= bx0 or by1 <= by0:
        return
    ink = text_on(fill)
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    room = bx1 - bx0 - 14
    small = max(Z_T, sq * 0.18)
    label = names[r.owner] if 0 <= r.owner < len(names) else f"P{r.owner + 1}"
    pen.text(
        cx,
        cy - small * 1.6,
        pen.fit(label, small, room, True),
        small,
        bold=True,
        fill=ink,
        anchor="mm",
    )
    pen.text(cx, cy + 1, f"#{r.index}", max(Z_BIG, sq * 0.34), bold=True, fill=ink, anchor="mm")
    note = (
        t(pen.lang, "render.food_chain_magnate.soon", "soon")
        if not r.open
        else t(pen.lang, "render.food_chain_magnate.drive_in", "drive-in")
        if r.drive_in
        else ""
    )
    if note:
        pen.text(
            cx,
            cy + small * 1.7,
            pen.fit(note, small, room, True),
            small,
            bold=True,
            fill=ink,
            anchor="mm",
        )


def _zoom_campaign(
    pen: Pen,
    th: _Theme,
    camp: CampaignView,
    x0: float,
    y0: float,
    sq: int,
    clip: tuple[float, float, float, float],
) -> None:
    colour = player_colour(camp.owner)
    box = _box(camp.squares, x0, y0, sq)
    pen.rect(
        box[0] + 3,
        box[1] + 3,
        box[2] - 3,
        box[3] - 3,
        fill=th.panel,
        outline=colour,
        width=5,
        radius=4,
    )
    bx0, by0, bx1, by1 = _visible(box, clip)
    if bx1 <= bx0 or by1 <= by0:
        return
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    size = max(Z_T, sq * 0.24)
    what = _campaign_text(camp)
    if not what:
        pen.text(cx, cy, f"#{camp.number}", size, bold=True, anchor="mm")
        return
    good = GOODS[camp.product or "burger"][1]
    pen.text(cx, cy - size * 0.6, f"#{camp.number}", size, bold=True, anchor="mm")
    pen.text(cx, cy + size * 0.65, what, size, bold=True, fill=mix(good, th.ink, 0.4), anchor="mm")


# -- one company (render_player) -------------------------------------------------------------

P_W = 600  # layout width: 14 px text shows at 12.8 px when the image is 550 wide
P_T = 14
P_BIG = 17
P_LINE = 21


def player_sections(
    view: FcmView, p: PlayerView, lang: str = "en"
) -> tuple[list[tuple[str, list[str]]], ...]:
    """A company's sections, ``(left, right)`` columns of ``(heading, lines)``, in ``lang``."""

    def listing(items: Sequence[tuple[str, int]]) -> list[str]:
        return [f"{n}× {_staff(lang, k)}" if n > 1 else _staff(lang, k) for k, n in items]

    none = [t(lang, "render.food_chain_magnate.none", "none")]
    left: list[tuple[str, list[str]]] = []
    right: list[tuple[str, list[str]]] = []
    if p.at_work or p.beach:
        left.append(
            (
                t(lang, "render.food_chain_magnate.h_at_work", "At work"),
                ["CEO", *listing(p.at_work)],
            )
        )
        left.append(
            (
                t(lang, "render.food_chain_magnate.h_beach", "On the beach"),
                listing(p.beach) or [t(lang, "render.food_chain_magnate.nobody", "nobody")],
            )
        )
    else:
        left.append(
            (t(lang, "render.food_chain_magnate.h_cards", "Cards"), ["CEO", *listing(p.hand)])
        )
    if p.pending is not None:
        left.append(
            (
                t(lang, "render.food_chain_magnate.h_choosing", "Choosing to work"),
                [_staff(lang, k) for k in p.pending]
                or [t(lang, "render.food_chain_magnate.nobody_yet", "nobody yet")],
            )
        )
    right.append(
        (
            t(lang, "render.food_chain_magnate.h_busy", "Busy marketeers"),
            [f"#{n} {_staff(lang, k)}" for n, k in p.busy] or none,
        )
    )
    right.append(
        (
            t(lang, "render.food_chain_magnate.h_stock", "Food and drink"),
            [f"{n} {_good(lang, k)}" for k, n in p.stock] or none,
        )
    )
    right.append(
        (
            t(lang, "render.food_chain_magnate.h_milestones", "Milestones"),
            [_milestone(lang, m) for m in p.milestones] or none,
        )
    )
    return left, right


def render_player(
    view: FcmView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """One company (``/board player:``), ``P_W * scale`` wide and readable at Discord's inline
    width: cash, turn order, unit price, waitresses, open slots, drive-in; the employees at
    work (or all cards outside a revealed structure) and on the beach, busy marketeers with
    their campaign numbers, food and drink, milestones, and, in the owner's own view, the kept
    reserve card and the structure being chosen. RGB image; ``ValueError`` for a bad seat,
    theme or scale."""
    th = pick_theme(_THEMES, theme, scale)
    if not 0 <= seat < len(view.players):
        raise ValueError(f"seat {seat} is not in this {len(view.players)}-player game")
    labels = seat_names(names, len(view.players))
    p = view.players[seat]
    left, right = player_sections(view, p, lang)

    def tall(sections: list[tuple[str, list[str]]]) -> float:
        return sum(P_LINE + 6 + P_LINE * len(lines) + 8 for _, lines in sections)

    facts = [
        t(lang, "render.food_chain_magnate.turn_order_n", "turn order {n}", n=p.position),
        _price(lang, p.unit_price),
        _waitresses(lang, p.waitresses),
    ]
    if p.open_slots is not None:
        facts.append(
            t(lang, "render.food_chain_magnate.open_slots", "{n} open slots", n=p.open_slots)
        )
    if p.drive_in:
        facts.append(t(lang, "render.food_chain_magnate.drive_in", "drive-in"))
    if p.restaurants_left:
        facts.append(
            t(
                lang,
                "render.food_chain_magnate.restaurants_left",
                "{n} restaurants left",
                n=p.restaurants_left,
            )
        )
    if p.reserve is not None:
        facts.append(
            t(lang, "render.food_chain_magnate.reserve", "reserve card ${amount}", amount=p.reserve)
        )
    probe = Pen(Image.new("RGB", (1, 1)), scale, lang=lang)
    fact_lines = probe.wrap(" · ".join(facts), P_T, P_W - 2 * C_M)
    body = max(tall(left), tall(right))
    height = C_M + 30 + P_LINE * len(fact_lines) + 10 + body + C_M
    image = Image.new("RGB", (round(P_W * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y: float = C_M + 14
    _seat_mark(pen, C_M + 10, y, 10, seat)
    chain = (
        term(lang, PREFIX, "chain", p.chain, p.chain)
        if p.chain
        else t(lang, "render.food_chain_magnate.company", "company")
    )
    title = f"{labels[seat]} — {chain}"
    pen.text(
        C_M + 28, y, pen.fit(title, P_BIG + 3, P_W - 150, True), P_BIG + 3, bold=True, anchor="lm"
    )
    pen.text(P_W - C_M, y, f"${p.cash}", P_BIG + 3, bold=True, anchor="rm")
    y += 16 + P_LINE / 2
    for line in fact_lines:
        pen.text(C_M, y, line, P_T, fill=th.muted, anchor="lm")
        y += P_LINE
    y += 10 - P_LINE / 2
    col_w = (P_W - 2 * C_M - 10) / 2
    for x, sections in ((C_M, left), (C_M + col_w + 10, right)):
        yy = y
        for title, lines in sections:
            h = P_LINE + 6 + P_LINE * len(lines) + 2
            pen.rect(x, yy, x + col_w, yy + h, fill=th.panel, radius=8)
            pen.text(x + 10, yy + 4 + P_LINE / 2, title, P_BIG, bold=True, anchor="lm")
            ly = yy + P_LINE + 6 + P_LINE / 2
            for line in lines:
                pen.text(x + 14, ly, pen.fit(line, P_T, col_w - 24), P_T, anchor="lm")
                ly += P_LINE
            yy += h + 6
    return image


def render_hand(
    view: FcmView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """``/hand``: ``render_player`` of the seat's own view (``state.view(seat)``), which adds
    the secret kept reserve card and the structure being chosen during Restructuring."""
    return render_player(view, seat, names=names, theme=theme, scale=scale, lang=lang)


def alt(view: FcmView, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """The board in words (``Renderer.alt``): turn, phase and each chain's cash, in ``lang``."""
    labels = seat_names(names, len(view.players))
    return alt_text(
        _game_name(lang),
        t(
            lang,
            "render.food_chain_magnate.alt_stage",
            "turn {n}, {phase}",
            n=view.turn,
            phase=_phase_title(view, lang),
        ),
        [f"{labels[p.seat]}: ${p.cash}" for p in view.players],
        over=view.phase == "over",
        lang=lang,
    )


def _game_name(lang: str) -> str:
    return t(lang, "render.food_chain_magnate.name", "Food Chain Magnate")


def _bank(lang: str, view: FcmView) -> str:
    bank = t(lang, "render.food_chain_magnate.bank", "Bank ${amount}", amount=view.bank)
    if view.breaks:
        bank += t(lang, "render.food_chain_magnate.broken", " (broken {n}×)", n=view.breaks)
    return bank


def _final(lang: str, view: FcmView, names: Sequence[str], gap: str) -> str:
    standings = gap.join(
        f"{i}. {names[s]} ${view.players[s].cash}" for i, s in enumerate(view.ranking, 1)
    )
    return t(lang, "render.food_chain_magnate.final", "Final: {standings}", standings=standings)


def _price(lang: str, amount: int) -> str:
    return t(lang, "render.food_chain_magnate.price", "price ${amount}", amount=amount)


def _waitresses(lang: str, n: int) -> str:
    if n == 1:
        return t(lang, "render.food_chain_magnate.waitress", "1 waitress")
    return t(lang, "render.food_chain_magnate.waitresses", "{n} waitresses", n=n)


RENDERER: Renderer[FcmView] = Renderer(
    "food_chain_magnate",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.players),
    player=render_player,
    hand=render_hand,
    zoom=render_zoom,
)
