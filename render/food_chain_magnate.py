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

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from games.food_chain_magnate.view import (
    CampaignView,
    FcmView,
    HouseView,
    PlayerView,
    RestaurantView,
)
from render.common import Pen, mix, pick_theme, player_colour, seat_letter, text_on

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


@dataclass(frozen=True)
class _Theme:
    bg: RGB
    panel: RGB
    ink: RGB
    muted: RGB
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
        bg=(246, 243, 236),
        panel=(255, 253, 248),
        ink=(34, 34, 38),
        muted=(110, 106, 100),
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
        bg=(30, 32, 36),
        panel=(40, 43, 48),
        ink=(232, 230, 224),
        muted=(160, 156, 150),
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


def _square_size(view: FcmView) -> int:
    cols = view.tile_cols * 5
    return max(24, min(MAX_SQUARE, (WIDTH - 2 * MARGIN - LABEL - PLANE_BAND) // cols))


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat < len(names) and names[seat]:
        return names[seat]
    return f"Player {seat + 1}"


def render_board(
    view: FcmView,
    *,
    theme: str = "light",
    scale: float = 1.0,
    names: Sequence[str] | None = None,
) -> Image.Image:
    """Draw the public table (map, campaigns, bank, companies) from ``view``.

    Args:
        view: what to draw; only its contents are shown.
        theme: ``"light"`` or ``"dark"``.
        scale: size factor (1.0 gives an image about 1,100 px wide).
        names: player names by seat (default "Player 1", …).

    Returns:
        A new RGB image.

    Raises:
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    t = pick_theme(_THEMES, theme, scale)
    sq = _square_size(view)
    rows, cols = view.tile_rows * 5, view.tile_cols * 5
    map_x = MARGIN + PLANE_BAND + LABEL
    map_y = MARGIN + HEADER_H + PLANE_BAND + LABEL
    width = max(WIDTH, map_x + cols * sq + MARGIN)
    panels_y = map_y + rows * sq + 16
    height = panels_y + PANEL_ROW_H * len(view.players) + LEGEND_H + MARGIN
    image = Image.new("RGB", (round(width * scale), round(height * scale)), t.bg)
    pen = Pen(image, scale, t.ink)
    _header(pen, t, view, width, names)
    _map(pen, t, view, map_x, map_y, sq)
    _planes(pen, t, view, map_x, map_y, sq)
    _panels(pen, t, view, MARGIN, panels_y, width - 2 * MARGIN, names)
    _legend(pen, t, MARGIN, panels_y + PANEL_ROW_H * len(view.players) + 8)
    return image


# -- header ---------------------------------------------------------------------------------


def _header(pen: Pen, t: _Theme, view: FcmView, width: float, names: Sequence[str] | None) -> None:
    y = MARGIN
    pen.text(MARGIN, y, f"Food Chain Magnate · {view.phase_title}", TITLE, bold=True)
    bank = f"Bank ${view.bank}"
    if view.breaks:
        bank += f" (broken {view.breaks}×)"
    info = [bank, f"CEO slots {view.ceo_slots}"]
    if view.next_ceo_slots is not None:
        info.append(f"→ {view.next_ceo_slots} next turn")
    if view.intro:
        info.append("intro game")
    if view.ranking:
        standings = "   ".join(
            f"{i}. {_name(s, names)} ${view.players[s].cash}" for i, s in enumerate(view.ranking, 1)
        )
        pen.text(
            MARGIN,
            y + 38,
            pen.fit("Final: " + standings, TEXT, width - 2 * MARGIN - 330),
            TEXT,
            bold=True,
        )
    else:
        pen.text(MARGIN, y + 38, "   ".join(info), TEXT, fill=t.muted)
    x = width - MARGIN
    for pos, seat in reversed(list(enumerate(view.order, 1))):
        label = f"{pos}. {seat_letter(seat)}"
        w = pen.length(label, TEXT, True) + 40
        x -= w
        pen.chip(x + 14, y + 50, 12, seat)
        pen.text(x + 30, y + 50, f"{pos}.", TEXT, bold=True, anchor="lm")
    pen.text(width - MARGIN, y + 14, "Turn order", SMALL, fill=t.muted, anchor="rm")


# -- map ------------------------------------------------------------------------------------


def _map(pen: Pen, t: _Theme, view: FcmView, x0: float, y0: float, sq: int) -> None:
    rows, cols = len(view.terrain), len(view.terrain[0])
    pen.rect(x0, y0, x0 + cols * sq, y0 + rows * sq, fill=t.ground)
    letters = "abcdefghijklmnopqrstuvwxyz"
    label = min(TEXT, sq * 0.55)
    for c in range(cols):
        pen.text(x0 + c * sq + sq / 2, y0 - LABEL / 2, letters[c], label, anchor="mm", fill=t.muted)
    for r in range(rows):
        pen.text(x0 - LABEL / 2, y0 + r * sq + sq / 2, str(r + 1), label, anchor="mm", fill=t.muted)
    for r in range(rows + 1):
        edge = r % 5 == 0
        pen.line(
            [(x0, y0 + r * sq), (x0 + cols * sq, y0 + r * sq)],
            fill=t.tile_edge if edge else t.grid,
            width=3 if edge else 1,
        )
    for c in range(cols + 1):
        edge = c % 5 == 0
        pen.line(
            [(x0 + c * sq, y0), (x0 + c * sq, y0 + rows * sq)],
            fill=t.tile_edge if edge else t.grid,
            width=3 if edge else 1,
        )
    bridges = set(view.bridges)
    for r, row in enumerate(view.terrain):
        for c, ch in enumerate(row):
            x, y = x0 + c * sq, y0 + r * sq
            if ch == "#":
                _road(pen, t, view, r, c, x, y, sq, (r, c) in bridges)
            elif ch in DRINK_LETTER:
                letter, colour = GOODS[DRINK_LETTER[ch]]
                pen.rect(
                    x + 4,
                    y + 4,
                    x + sq - 4,
                    y + sq - 4,
                    fill=colour,
                    outline=t.muted,
                    width=2,
                    radius=6,
                )
                pen.text(
                    x + sq / 2,
                    y + sq / 2,
                    letter,
                    sq * 0.5,
                    bold=True,
                    fill=text_on(colour),
                    anchor="mm",
                )
    for h in view.houses:
        _house(pen, t, h, x0, y0, sq)
    for camp in view.campaigns:
        if camp.squares:
            _campaign(pen, t, camp, x0, y0, sq)
    for rest in view.restaurants:
        _restaurant(pen, t, rest, x0, y0, sq)


def _road(
    pen: Pen, t: _Theme, view: FcmView, r: int, c: int, x: float, y: float, sq: int, bridge: bool
) -> None:
    pen.rect(x, y, x + sq, y + sq, fill=t.road)
    terrain = view.terrain

    def is_road(rr: int, cc: int) -> bool:
        return 0 <= rr < len(terrain) and 0 <= cc < len(terrain[0]) and terrain[rr][cc] == "#"

    cx, cy = x + sq / 2, y + sq / 2
    if bridge:
        pen.rect(x, y + sq * 0.3, x + sq, y + sq * 0.7, fill=mix(t.road, (0, 0, 0), 0.25))
        pen.line([(x, cy), (x + sq, cy)], fill=t.road_line, width=2)
        pen.rect(x + sq * 0.3, y, x + sq * 0.7, y + sq, fill=t.road, outline=t.ink, width=1.5)
        pen.line([(cx, y), (cx, y + sq)], fill=t.road_line, width=2)
        return
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if is_road(r + dr, c + dc):
            pen.line([(cx, cy), (cx + dc * sq / 2, cy + dr * sq / 2)], fill=t.road_line, width=2)


def _box(squares: Sequence[tuple[int, int]], x0: float, y0: float, sq: int) -> tuple[float, ...]:
    r0 = min(s[0] for s in squares)
    c0 = min(s[1] for s in squares)
    r1 = max(s[0] for s in squares) + 1
    c1 = max(s[1] for s in squares) + 1
    return (x0 + c0 * sq, y0 + r0 * sq, x0 + c1 * sq, y0 + r1 * sq)


def _house(pen: Pen, t: _Theme, h: HouseView, x0: float, y0: float, sq: int) -> None:
    if h.garden:
        gx0, gy0, gx1, gy1 = _box(h.garden, x0, y0, sq)
        pen.rect(gx0 + 2, gy0 + 2, gx1 - 2, gy1 - 2, fill=t.garden, radius=5)
        for i in range(3):
            fx = gx0 + (gx1 - gx0) * (i + 1) / 4
            fy = gy0 + (gy1 - gy0) * (0.35 + 0.3 * (i % 2))
            pen.disc(fx, fy, sq * 0.12, fill=t.leaf)
    bx0, by0, bx1, by1 = _box(h.squares, x0, y0, sq)
    pen.rect(
        bx0 + 3, by0 + 3, bx1 - 3, by1 - 3, fill=t.house, outline=t.house_edge, width=2, radius=6
    )
    ny = by0 + sq * (0.55 if h.demand else 1.0)
    pen.text(
        (bx0 + bx1) / 2, ny, str(h.number), sq * 0.7, bold=True, fill=t.house_edge, anchor="mm"
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


def _restaurant(pen: Pen, t: _Theme, r: RestaurantView, x0: float, y0: float, sq: int) -> None:
    colour = player_colour(r.owner)
    bx0, by0, bx1, by1 = _box(r.squares, x0, y0, sq)
    fill = colour if r.open else mix(colour, t.ground, 0.6)
    pen.rect(bx0 + 3, by0 + 3, bx1 - 3, by1 - 3, fill=fill, outline=t.ink, width=2.5, radius=4)
    ink = text_on(fill)
    pen.text(
        (bx0 + bx1) / 2,
        (by0 + by1) / 2 - sq * 0.2,
        seat_letter(r.owner),
        sq * 0.75,
        bold=True,
        fill=ink,
        anchor="mm",
    )
    pen.text(
        (bx0 + bx1) / 2,
        (by0 + by1) / 2 + sq * 0.45,
        f"#{r.index}" if r.open else "soon",
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
        pen.polygon([(px, py), (px + dx * k, py), (px, py + dy * k)], fill=t.ink)


def _campaign(pen: Pen, t: _Theme, camp: CampaignView, x0: float, y0: float, sq: int) -> None:
    colour = player_colour(camp.owner)
    bx0, by0, bx1, by1 = _box(camp.squares, x0, y0, sq)
    pen.rect(bx0 + 2, by0 + 2, bx1 - 2, by1 - 2, fill=t.panel, outline=colour, width=4, radius=3)
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
            fill=mix(good, t.ink, 0.35),
            anchor="mm",
        )


def _planes(pen: Pen, t: _Theme, view: FcmView, x0: float, y0: float, sq: int) -> None:
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


def _counts(items: Sequence[tuple[str, int]], short: bool = False) -> str:
    out = []
    for kind, n in items:
        name = kind.replace("_", " ")
        if short:
            name = GOODS[kind][0] if kind in GOODS else name
            out.append(f"{n}{name}")
        else:
            out.append(f"{n}× {name}" if n > 1 else name)
    return ", ".join(out)


def _panels(
    pen: Pen, t: _Theme, view: FcmView, x: float, y: float, w: float, names: Sequence[str] | None
) -> None:
    for i, p in enumerate(sorted(view.players, key=lambda q: q.position)):
        top = y + i * PANEL_ROW_H
        pen.rect(x, top + 2, x + w, top + PANEL_ROW_H - 2, fill=t.panel, radius=8)
        _panel(pen, t, view, p, x, top, w, names)


def _panel(
    pen: Pen,
    t: _Theme,
    view: FcmView,
    p: PlayerView,
    x: float,
    top: float,
    w: float,
    names: Sequence[str] | None,
) -> None:
    pen.chip(x + 24, top + 24, 15, p.seat)
    name = pen.fit(_name(p.seat, names), TEXT, 260, bold=True)
    pen.text(x + 48, top + 24, name, TEXT, bold=True, anchor="lm")
    head = f"${p.cash}   price ${p.unit_price}"
    if p.waitresses:
        head += f"   {p.waitresses} waitress" + ("es" if p.waitresses > 1 else "")
    if p.milestones:
        head += f"   {len(p.milestones)} milestones"
    if p.restaurants_left:
        head += f"   {p.restaurants_left} restaurants to place"
    nx = x + 48 + pen.length(name, TEXT, True) + 18
    pen.text(nx, top + 24, pen.fit(head, TEXT, x + w - nx - 10), TEXT, anchor="lm")
    if p.at_work or p.beach:
        staff = "work: " + (_counts(p.at_work) or "CEO only")
        rest = "beach: " + (_counts(p.beach) or "nobody")
    else:
        staff = "cards: " + (_counts(p.hand) or "CEO only")
        rest = ""
        if view.phase == "restructuring":
            rest = "has chosen who works" if p.committed else "choosing who works…"
    if p.busy:
        rest += ("   " if rest else "") + "busy: " + " ".join(f"#{n}" for n, _ in p.busy)
    stock = _counts(p.stock, short=True)
    rest += ("   " if rest else "") + ("stock: " + stock if stock else "no food or drink")
    pen.text(x + 14, top + 54, pen.fit(staff, SMALL, w - 28), SMALL, anchor="lm")
    pen.text(x + 14, top + 80, pen.fit(rest, SMALL, w - 28), SMALL, anchor="lm", fill=t.muted)


def _legend(pen: Pen, t: _Theme, x: float, y: float) -> None:
    items = [(letter, colour, good.replace("_", " ")) for good, (letter, colour) in GOODS.items()]
    cx = x
    for letter, colour, label in items:
        pen.disc(cx + 12, y + 16, 11, fill=colour, outline=(0, 0, 0), outline_w=1)
        pen.text(cx + 12, y + 17, letter, 14, bold=True, fill=text_on(colour), anchor="mm")
        pen.text(cx + 28, y + 16, label, SMALL, anchor="lm", fill=t.muted)
        cx += 32 + pen.length(label, SMALL) + 10
    pen.text(cx + 4, y + 16, "◣ entrance  #11 B2: product, turns", SMALL, anchor="lm", fill=t.muted)
