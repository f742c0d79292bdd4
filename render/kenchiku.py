"""Kenchiku board image: the city, the market, the companies and the voice cards (seed 002).

``render_board(view)`` draws a :class:`~games.kenchiku.view.KenchikuView` and nothing else: it
never derives a rule, it only shows what the view says. ``hand_text(view, seat)`` is the
Discord-markdown text of one company's private panel (the ephemeral ``/hand`` reply).

The city is drawn as plots separated by streets; coordinates (``c4``) run along the edges as
letters (columns) and numbers (rows), taken from the cells' own ``coord`` so they always match
the move notation. A building is a stack of blocks (one slab per block) in the owner's colour
with the owner's chip on the roof, and its height printed beside it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image

from games.kenchiku.view import (
    MARKER_TYPES,
    CellView,
    CompanyView,
    KenchikuView,
    VoiceCardView,
)
from render.common import Pen, mix, pick_theme, player_colour, seat_letter, text_on

RGB = tuple[int, int, int]
Point = tuple[float, float]

# ---------------------------------------------------------------------------------------------
# Layout (pixels at scale 1.0)
# ---------------------------------------------------------------------------------------------
# Voice cards are fixed for a whole game, so their layer is one entry per active game (about
# 0.5 MB each at scale 1): 128 entries keep 50+ active games from thrashing (16 missed 57-84%).
VOICE_LAYERS = 128
MARGIN = 22  # outer margin of the image
GAP = 18  # between panels
HEADER_H = 94  # title row + last-event row
EVENT_LINE_H = 20  # added to the header per extra line of the last event
BANNER_H = 38  # final round / game over strip
CELL = 82  # plot pitch in the city grid
PLOT_INSET = 4  # half the street width
PLOT = CELL - 2 * PLOT_INSET
PLOT_RADIUS = 7
CITY_PAD = 8  # street border around the city
LABEL_W = 26  # coordinate labels outside the city
ROAD_W = 14  # the avenue
# A building in a plot: oblique stack of slabs at the plot's lower left, height on the right.
STACK_X = 8
STACK_W = 32
STACK_BOTTOM = 7
SLAB_H = 6
DEPTH_X = 10
DEPTH_Y = 6
CHIP_R = 11
SIDE_W = 500  # right column: final scores, market, companies, legend
VOICE_H_MIN = 150
VOICE_AMOUNT_H = 40
COMPANY_H = 124
MARKET_ROW_H = 31
MARKET_SLOT_W = 38
LEGEND_ROW_H = 28
SCORE_ROW_H = 32
TITLE_SIZE = 19
TEXT_SIZE = 15
SMALL_SIZE = 14

MARKER_LABELS: dict[str, str] = {
    "structure": "Structure",
    "design": "Design",
    "planning": "Planning",
    "workers": "Workers",
}
# Muted, darker than the Okabe-Ito seat colours so markers never read as a player.
MARKER_COLOURS: dict[str, RGB] = {
    "structure": (84, 98, 116),
    "design": (158, 84, 104),
    "planning": (46, 122, 118),
    "workers": (146, 108, 54),
}


@dataclass(frozen=True)
class _Theme:
    bg: RGB
    panel: RGB
    panel_edge: RGB
    ink: RGB
    muted: RGB
    faint: RGB
    street: RGB
    city_edge: RGB
    plot_tints: tuple[RGB, ...]
    district_line: RGB
    road: RGB
    road_mark: RGB
    avenue_edge: RGB
    neutral_building: RGB
    grass: RGB
    tree: RGB
    slot_empty: RGB
    banner_final: RGB
    banner_over: RGB
    danger: RGB
    good: RGB
    admin: RGB
    citizen: RGB
    pill: RGB


_THEMES: dict[str, _Theme] = {
    "light": _Theme(
        bg=(246, 243, 236),
        panel=(255, 253, 248),
        panel_edge=(222, 215, 202),
        ink=(38, 38, 42),
        muted=(112, 108, 102),
        faint=(186, 180, 170),
        street=(214, 209, 199),
        city_edge=(168, 160, 148),
        plot_tints=(
            (241, 232, 213),
            (228, 234, 222),
            (226, 233, 240),
            (238, 228, 233),
            (236, 236, 220),
            (231, 227, 240),
            (242, 229, 219),
        ),
        district_line=(92, 86, 80),
        road=(74, 78, 88),
        road_mark=(236, 230, 212),
        avenue_edge=(201, 160, 72),
        neutral_building=(178, 174, 166),
        grass=(150, 190, 120),
        tree=(86, 140, 74),
        slot_empty=(228, 223, 213),
        banner_final=(232, 182, 82),
        banner_over=(64, 120, 92),
        danger=(190, 64, 52),
        good=(60, 130, 80),
        admin=(196, 150, 58),
        citizen=(88, 112, 160),
        pill=(255, 253, 248),
    ),
    "dark": _Theme(
        bg=(30, 32, 36),
        panel=(42, 45, 51),
        panel_edge=(66, 70, 78),
        ink=(232, 230, 224),
        muted=(160, 158, 152),
        faint=(96, 98, 104),
        street=(54, 57, 64),
        city_edge=(90, 94, 102),
        plot_tints=(
            (82, 76, 66),
            (68, 78, 68),
            (64, 74, 86),
            (82, 70, 78),
            (78, 78, 64),
            (74, 70, 88),
            (86, 74, 66),
        ),
        district_line=(214, 208, 196),
        road=(22, 23, 26),
        road_mark=(214, 206, 180),
        avenue_edge=(214, 170, 80),
        neutral_building=(150, 148, 142),
        grass=(84, 124, 70),
        tree=(52, 92, 48),
        slot_empty=(62, 66, 74),
        banner_final=(176, 130, 40),
        banner_over=(44, 100, 74),
        danger=(226, 98, 84),
        good=(110, 186, 126),
        admin=(176, 134, 48),
        citizen=(92, 118, 172),
        pill=(42, 45, 51),
    ),
}


_BLACK: RGB = (0, 0, 0)
_WHITE: RGB = (255, 255, 255)


class _Pen(Pen):
    """``render.common.Pen`` with this board's theme and dashed lines."""

    def __init__(self, image: Image.Image, scale: float, theme: _Theme) -> None:
        super().__init__(image, scale, theme.ink)
        self.t = theme

    def dashed(
        self,
        p0: Point,
        p1: Point,
        *,
        fill: RGB,
        width: float = 1,
        dash: float = 6,
        gap: float = 4,
    ) -> None:
        (x0, y0), (x1, y1) = p0, p1
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        pos = 0.0
        while pos < length:
            end = min(pos + dash, length)
            self.line(
                [(x0 + ux * pos, y0 + uy * pos), (x0 + ux * end, y0 + uy * end)],
                fill=fill,
                width=width,
            )
            pos = end + gap


def _marker_icon(pen: _Pen, kind: str, cx: float, cy: float, s: float, colour: RGB) -> None:
    """A tiny pictogram for a marker type, ``s`` pixels across."""
    h = s / 2
    if kind == "structure":  # an I-beam
        f = s * 0.22
        pen.rect(cx - h, cy - h, cx + h, cy - h + f, fill=colour)
        pen.rect(cx - h, cy + h - f, cx + h, cy + h, fill=colour)
        pen.rect(cx - s * 0.14, cy - h, cx + s * 0.14, cy + h, fill=colour)
    elif kind == "design":  # a diamond
        pen.polygon([(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)], fill=colour)
    elif kind == "planning":  # a plan: a square cut into four
        pen.rect(cx - h, cy - h, cx + h, cy + h, outline=colour, width=2)
        pen.line([(cx, cy - h), (cx, cy + h)], fill=colour, width=2)
        pen.line([(cx - h, cy), (cx + h, cy)], fill=colour, width=2)
    else:  # a worker: head and shoulders
        pen.disc(cx, cy - h * 0.45, s * 0.24, fill=colour)
        pen.rect(cx - h * 0.85, cy + h * 0.05, cx + h * 0.85, cy + h, fill=colour, radius=s * 0.2)


def _stack(
    pen: _Pen,
    x0: float,
    bottom: float,
    height: int,
    colour: RGB,
    *,
    slab: float = SLAB_H,
    width: float = STACK_W,
    depth_x: float = DEPTH_X,
    depth_y: float = DEPTH_Y,
) -> float:
    """An oblique stack of ``height`` blocks standing on ``bottom``; returns the roof's y."""
    top = bottom - height * slab
    x1 = x0 + width
    edge = mix(colour, _BLACK, 0.5)
    side = mix(colour, _BLACK, 0.22)
    roof = mix(colour, _WHITE, 0.35)
    # A soft shadow on the ground behind the building.
    shadow = mix(pen.t.street, _BLACK, 0.12)
    pen.polygon(
        [(x1, bottom), (x1 + depth_x + 4, bottom - depth_y), (x1 + depth_x + 4, bottom - 2)],
        fill=shadow,
    )
    pen.rect(x0, top, x1, bottom, fill=colour)
    pen.polygon(
        [(x1, top), (x1 + depth_x, top - depth_y), (x1 + depth_x, bottom - depth_y), (x1, bottom)],
        fill=side,
    )
    pen.polygon(
        [(x0, top), (x0 + depth_x, top - depth_y), (x1 + depth_x, top - depth_y), (x1, top)],
        fill=roof,
    )
    # One line per block joint, on the front and the side, so the blocks can be counted.
    for i in range(1, height):
        y = bottom - i * slab
        pen.line([(x0, y), (x1, y)], fill=edge, width=1)
        pen.line([(x1, y), (x1 + depth_x, y - depth_y)], fill=edge, width=1)
    pen.line(
        [
            (x0, bottom),
            (x0, top),
            (x0 + depth_x, top - depth_y),
            (x1 + depth_x, top - depth_y),
            (x1 + depth_x, bottom - depth_y),
            (x1, bottom),
            (x0, bottom),
        ],
        fill=edge,
        width=1,
    )
    pen.line([(x0, top), (x1, top), (x1 + depth_x, top - depth_y)], fill=edge, width=1)
    pen.line([(x1, top), (x1, bottom)], fill=edge, width=1)
    return top


def _trees(pen: _Pen, x: float, y: float, size: float) -> None:
    """Three small trees in a plot whose top-left is ``x, y`` and side ``size``."""
    t = pen.t
    trunk = mix(t.tree, _BLACK, 0.35)
    for fx, fy, fr in (
        (0.24, 0.30, 0.13),
        (0.76, 0.30, 0.11),
        (0.22, 0.74, 0.11),
        (0.78, 0.74, 0.13),
    ):
        cx, cy, r = x + size * fx, y + size * fy, size * fr
        pen.rect(cx - 1.5, cy, cx + 1.5, cy + r * 1.3, fill=trunk)
        pen.disc(cx, cy, r, fill=t.tree, outline=mix(t.tree, _BLACK, 0.3), outline_w=1)


# ---------------------------------------------------------------------------------------------
# The city
# ---------------------------------------------------------------------------------------------


class _Plot(NamedTuple):
    coord: str
    col: int
    row: int
    district: str
    on_avenue: bool


@dataclass(frozen=True)
class _CityPlan:
    """What of the city never changes during a game: the key of the cached base layer."""

    n_columns: int
    n_rows: int
    plots: tuple[_Plot, ...]
    avenue: tuple[tuple[float, float, float, float], ...]

    @classmethod
    def of(cls, view: KenchikuView) -> _CityPlan:
        plots = tuple(_Plot(c.coord, c.col, c.row, c.district, c.on_avenue) for c in view.cells)
        return cls(view.n_columns, view.n_rows, plots, tuple(view.avenue))


def _district_order(plan: _CityPlan) -> list[str]:
    seen: list[str] = []
    for c in plan.plots:
        if c.district not in seen:
            seen.append(c.district)
    return seen


def _column_labels(plan: _CityPlan) -> list[str]:
    labels = [""] * plan.n_columns
    for c in plan.plots:
        if not labels[c.col]:
            labels[c.col] = c.coord.rstrip("0123456789")
    return labels


def _row_labels(plan: _CityPlan) -> list[str]:
    labels = [""] * plan.n_rows
    for c in plan.plots:
        if not labels[c.row]:
            labels[c.row] = c.coord.lstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return labels


def _city_size(view: KenchikuView | _CityPlan) -> tuple[float, float]:
    """Width and height of the city including its coordinate labels."""
    return (
        view.n_columns * CELL + 2 * (CITY_PAD + LABEL_W),
        view.n_rows * CELL + 2 * (CITY_PAD + LABEL_W),
    )


def _draw_city_base(pen: _Pen, plan: _CityPlan, ox: float, oy: float) -> None:
    """Streets, plots, district lines, the avenue and the coordinates (no pieces)."""
    t = pen.t
    order = _district_order(plan)
    tint = {d: t.plot_tints[i % len(t.plot_tints)] for i, d in enumerate(order)}
    gw, gh = plan.n_columns * CELL, plan.n_rows * CELL
    pen.rect(
        ox - CITY_PAD,
        oy - CITY_PAD,
        ox + gw + CITY_PAD,
        oy + gh + CITY_PAD,
        fill=t.street,
        outline=t.city_edge,
        width=2,
        radius=12,
    )
    for c in plan.plots:
        x, y = ox + c.col * CELL + PLOT_INSET, oy + c.row * CELL + PLOT_INSET
        pen.rect(x, y, x + PLOT, y + PLOT, fill=tint[c.district], radius=PLOT_RADIUS)
        if c.on_avenue:
            pen.rect(
                x + 2,
                y + 2,
                x + PLOT - 2,
                y + PLOT - 2,
                outline=t.avenue_edge,
                width=2,
                radius=PLOT_RADIUS - 1,
            )
    # District boundaries: dashed lines along the streets between plots of different districts.
    district = {(c.col, c.row): c.district for c in plan.plots}
    for (col, row), d in district.items():
        right = district.get((col + 1, row))
        below = district.get((col, row + 1))
        x, y = ox + (col + 1) * CELL, oy + (row + 1) * CELL
        if right is not None and right != d:
            pen.dashed((x, y - CELL - 1), (x, y + 1), fill=t.district_line, width=2, dash=5, gap=4)
        if below is not None and below != d:
            pen.dashed((x - CELL - 1, y), (x + 1, y), fill=t.district_line, width=2, dash=5, gap=4)
    # The avenue: a dark road with a dashed centre line.
    for x0, y0, x1, y1 in plan.avenue:
        p0 = (ox + x0 * CELL, oy + y0 * CELL)
        p1 = (ox + x1 * CELL, oy + y1 * CELL)
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        n = max(1e-9, (dx * dx + dy * dy) ** 0.5)
        ext = CITY_PAD
        q0 = (p0[0] - dx / n * ext, p0[1] - dy / n * ext)
        q1 = (p1[0] + dx / n * ext, p1[1] + dy / n * ext)
        pen.line([q0, q1], fill=t.road, width=ROAD_W)
        pen.dashed(q0, q1, fill=t.road_mark, width=2, dash=10, gap=8)
    # Coordinates on all four edges, as in the move notation (column letter + row number).
    for i, label in enumerate(_column_labels(plan)):
        cx = ox + i * CELL + CELL / 2
        pen.text(cx, oy - CITY_PAD - LABEL_W / 2, label, 17, bold=True, fill=t.muted, anchor="mm")
        pen.text(
            cx, oy + gh + CITY_PAD + LABEL_W / 2, label, 17, bold=True, fill=t.muted, anchor="mm"
        )
    for i, label in enumerate(_row_labels(plan)):
        cy = oy + i * CELL + CELL / 2
        pen.text(ox - CITY_PAD - LABEL_W / 2, cy, label, 17, bold=True, fill=t.muted, anchor="mm")
        pen.text(
            ox + gw + CITY_PAD + LABEL_W / 2, cy, label, 17, bold=True, fill=t.muted, anchor="mm"
        )


def _draw_cell(pen: _Pen, c: CellView, x: float, y: float) -> None:
    """The contents of one plot whose top-left corner is ``x, y``."""
    t = pen.t
    x0 = x + STACK_X
    bottom = y + PLOT - STACK_BOTTOM
    number_x = x + PLOT - 14
    number_y = y + PLOT - 22
    if c.park_owner is not None:
        pen.rect(x, y, x + PLOT, y + PLOT, fill=t.grass, radius=PLOT_RADIUS)
        if c.on_avenue:
            pen.rect(
                x + 2,
                y + 2,
                x + PLOT - 2,
                y + PLOT - 2,
                outline=t.avenue_edge,
                width=2,
                radius=PLOT_RADIUS - 1,
            )
        _trees(pen, x, y, PLOT)
        pen.chip(x + PLOT / 2, y + PLOT / 2, 14, c.park_owner)
        return
    if c.height > 0:
        colour = player_colour(c.owner) if c.owner is not None else t.neutral_building
        # Keep any height inside the plot (the rules stop at 6, the drawing need not break).
        slab = min(SLAB_H, (PLOT - STACK_BOTTOM - DEPTH_Y - 2 * CHIP_R + 1) / c.height)
        roof = _stack(pen, x0, bottom, c.height, colour, slab=slab)
        if c.owner is not None:
            pen.chip(x0 + (STACK_W + DEPTH_X) / 2, roof - DEPTH_Y / 2 - CHIP_R + 4, CHIP_R, c.owner)
        pen.text(number_x, number_y, str(c.height), 26, bold=True, fill=t.ink, anchor="mm")
        return
    if c.land_value >= 1:
        # A faint outline of the building this plot takes, and its height in grey.
        top = bottom - c.land_value * SLAB_H
        ghost = t.faint
        pts: list[Point] = [
            (x0, bottom),
            (x0, top),
            (x0 + DEPTH_X, top - DEPTH_Y),
            (x0 + STACK_W + DEPTH_X, top - DEPTH_Y),
            (x0 + STACK_W + DEPTH_X, bottom - DEPTH_Y),
            (x0 + STACK_W, bottom),
            (x0, bottom),
        ]
        for a, b in itertools.pairwise(pts):
            pen.dashed(a, b, fill=ghost, width=1.5, dash=3, gap=3)
        pen.text(number_x, number_y, str(c.land_value), 18, fill=t.muted, anchor="mm")


def _edge_on_avenue(view: KenchikuView, col: int, row: int) -> bool:
    """Whether the top edge of plot ``col, row`` lies along a horizontal avenue segment."""
    for x0, y0, x1, y1 in view.avenue:
        if y0 == y1 == row and min(x0, x1) < col + 1 and max(x0, x1) > col:
            return True
    return False


def _draw_city(pen: _Pen, view: KenchikuView, ox: float, oy: float) -> None:
    t = pen.t
    for c in view.cells:
        _draw_cell(pen, c, ox + c.col * CELL + PLOT_INSET, oy + c.row * CELL + PLOT_INSET)
    # District names: a label on the top edge of each district's first plot.
    first: dict[str, CellView] = {}
    for c in view.cells:
        first.setdefault(c.district, c)
    for d, c in first.items():
        name = view.districts.get(d, d)
        x = ox + c.col * CELL + PLOT_INSET + 5
        y = oy + c.row * CELL + PLOT_INSET
        if _edge_on_avenue(view, c.col, c.row):
            y += ROAD_W / 2 + 8  # below the road instead of on it
        pen.pill(
            x,
            y,
            name,
            fill=t.pill,
            ink=t.muted,
            size=SMALL_SIZE,
            bold=False,
            h=19,
            outline=t.district_line,
        )


# ---------------------------------------------------------------------------------------------
# Header, market, companies, voices, scores, legend
# ---------------------------------------------------------------------------------------------


def _draw_header(pen: _Pen, view: KenchikuView, x: float, y: float, w: float) -> None:
    t = pen.t
    pen.text(x, y + 4, "KENCHIKU", 30, bold=True, fill=t.ink)
    tw = pen.length("KENCHIKU", 30, bold=True)
    pen.text(x + tw + 16, y + 8, f"Round {view.round}", 21, bold=True, fill=t.ink)
    rw = pen.length(f"Round {view.round}", 21, bold=True)
    pen.text(
        x + tw + 16 + rw + 12,
        y + 11,
        f"turn {view.turn} · {view.blocks_left} blocks left",
        TEXT_SIZE + 1,
        fill=t.muted,
    )
    # Who acts now, in the middle-right.
    cx = x + w * 0.53
    if view.to_act and view.outcome is None:
        pen.text(cx, y + 22, "To act", TEXT_SIZE + 1, fill=t.muted, anchor="lm")
        px = cx + pen.length("To act", TEXT_SIZE + 1) + 22
        for seat in view.to_act:
            pen.chip(px, y + 21, 16, seat)
            if len(view.to_act) == 1:
                pen.text(
                    px + 22, y + 22, f"Company {seat_letter(seat)}", 20, bold=True, anchor="lm"
                )
            px += 38
    # The dice of the latest rest, at the right.
    rx = x + w
    if view.last_dice:
        n = len(view.last_dice)
        die = 46
        start = rx - n * (die + 8) + 8
        pen.text(start - 10, y + 22, "Last dice", TEXT_SIZE, fill=t.muted, anchor="rm")
        for i, kind in enumerate(m for m in MARKER_TYPES if m in view.last_dice):
            dx = start + i * (die + 8)
            value = view.last_dice[kind]
            hit = value < 0
            pen.rect(
                dx,
                y + 22 - die / 2,
                dx + die,
                y + 22 + die / 2,
                fill=t.panel,
                outline=t.danger if hit else t.panel_edge,
                width=2 if hit else 1,
                radius=6,
            )
            _marker_icon(pen, kind, dx + 11, y + 22, 12, MARKER_COLOURS[kind])
            pen.text(
                dx + die - 5,
                y + 23,
                "−1" if hit else "0",
                SMALL_SIZE,
                bold=hit,
                fill=t.danger if hit else t.muted,
                anchor="rm",
            )
    else:
        pen.text(rx, y + 22, "no dice rolled yet", TEXT_SIZE, fill=t.faint, anchor="rm")
    # Last event, on up to two lines.
    lines = _event_lines(pen, view, w)
    box_h = 34 + EVENT_LINE_H * (len(lines) - 1)
    pen.rect(x, y + 50, x + w, y + 50 + box_h, fill=t.panel, outline=t.panel_edge, radius=8)
    pen.text(x + 12, y + 67, "›", 22, bold=True, fill=t.muted, anchor="lm")
    for i, line in enumerate(lines):
        pen.text(x + 30, y + 67 + i * EVENT_LINE_H, line, TEXT_SIZE + 1, fill=t.ink, anchor="lm")


def _event_lines(pen: _Pen, view: KenchikuView, w: float) -> list[str]:
    """``view.last_event`` wrapped to the header's width, at most two lines."""
    event = view.last_event or "The city awaits its first building."
    lines = pen.wrap(event, TEXT_SIZE + 1, w - 44)
    if len(lines) > 2:
        lines = [lines[0], _fit(pen, " ".join(lines[1:]), TEXT_SIZE + 1, w - 44)]
    return lines


def _fit(pen: _Pen, s: str, size: float, width: float, bold: bool = False) -> str:
    """``s`` shortened with an ellipsis to fit ``width``."""
    if pen.length(s, size, bold) <= width:
        return s
    while s and pen.length(s + "…", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "…"


def _banner(view: KenchikuView) -> tuple[str, bool] | None:
    """Banner text and whether the game is over."""
    if view.outcome is not None:
        winners = [int(s) for s in view.outcome.get("winners", [])]
        names = " & ".join(f"Company {seat_letter(s)}" for s in winners) or "nobody"
        verb = "wins" if len(winners) == 1 else "share the win"
        reason = str(view.outcome.get("reason", "")).strip()
        return f"GAME OVER — {names} {verb}" + (f" · {reason}" if reason else ""), True
    if view.final_round or view.end_triggered_by is not None:
        by = view.end_triggered_by
        who = f"Company {seat_letter(by)}" if by is not None else ""
        if view.final_round:
            return "FINAL ROUND" + (f" — end triggered by {who}" if who else ""), False
        return f"End triggered by {who}", False
    return None


def _draw_banner(pen: _Pen, text: str, over: bool, x: float, y: float, w: float) -> None:
    t = pen.t
    fill = t.banner_over if over else t.banner_final
    pen.rect(x, y, x + w, y + BANNER_H - 8, fill=fill, radius=8)
    pen.text(
        x + w / 2,
        y + (BANNER_H - 8) / 2 + 1,
        _fit(pen, text, 18, w - 24, True),
        18,
        bold=True,
        fill=text_on(fill),
        anchor="mm",
    )


def _panel(pen: _Pen, x: float, y: float, w: float, h: float, title: str, note: str = "") -> None:
    t = pen.t
    pen.rect(x, y, x + w, y + h, fill=t.panel, outline=t.panel_edge, radius=10)
    pen.text(x + 14, y + 12, title, TITLE_SIZE, bold=True, fill=t.ink)
    if note:
        pen.text(x + w - 14, y + 14, note, SMALL_SIZE, fill=t.muted, anchor="ra")


def _market_height() -> float:
    return 46 + len(MARKER_TYPES) * MARKET_ROW_H + 8


def _draw_market(pen: _Pen, view: KenchikuView, x: float, y: float, w: float) -> float:
    t = pen.t
    h = _market_height()
    _panel(pen, x, y, w, h, "Market", "price (1–7) · stock left")
    slots_x = x + 132
    for i, kind in enumerate(MARKER_TYPES):
        cy = y + 46 + i * MARKET_ROW_H + MARKET_ROW_H / 2
        colour = MARKER_COLOURS[kind]
        _marker_icon(pen, kind, x + 24, cy, 15, colour)
        pen.text(x + 40, cy, MARKER_LABELS[kind], TEXT_SIZE, fill=t.ink, anchor="lm")
        price = view.market_prices.get(kind, 0)
        for p in range(1, 8):
            sx = slots_x + (p - 1) * MARKET_SLOT_W
            if p == price:
                pen.rect(sx + 2, cy - 13, sx + MARKET_SLOT_W - 2, cy + 13, fill=colour, radius=7)
                pen.text(
                    sx + MARKET_SLOT_W / 2,
                    cy + 1,
                    str(p),
                    17,
                    bold=True,
                    fill=text_on(colour),
                    anchor="mm",
                )
            else:
                pen.rect(
                    sx + 5, cy - 10, sx + MARKET_SLOT_W - 5, cy + 10, fill=t.slot_empty, radius=5
                )
                pen.text(
                    sx + MARKET_SLOT_W / 2, cy + 1, str(p), SMALL_SIZE, fill=t.faint, anchor="mm"
                )
        stock = view.market_stock.get(kind, 0)
        sx = slots_x + 7 * MARKET_SLOT_W + 14
        pen.text(
            sx, cy + 1, str(stock), 17, bold=True, fill=t.ink if stock else t.danger, anchor="lm"
        )
        pen.text(
            sx + pen.length(str(stock), 17, True) + 5,
            cy + 1,
            "left",
            SMALL_SIZE,
            fill=t.muted,
            anchor="lm",
        )
    return h


def _honour_scale(view: KenchikuView) -> tuple[int, int]:
    values = [c.honour for c in view.companies] or [0]
    lo = min(0, *values)
    hi = max(view.honour_goal + 3, *values)
    return lo, hi


def _draw_company(
    pen: _Pen,
    view: KenchikuView,
    co: CompanyView,
    x: float,
    y: float,
    w: float,
    scale: tuple[int, int],
) -> None:
    t = pen.t
    colour = player_colour(co.seat)
    acting = co.seat in view.to_act and view.outcome is None
    h = COMPANY_H - 8
    bg = mix(t.panel, colour, 0.10) if acting else t.panel
    pen.rect(
        x,
        y,
        x + w,
        y + h,
        fill=bg,
        outline=t.ink if acting else t.panel_edge,
        width=3 if acting else 1,
        radius=10,
    )
    # Colour strip with the seat letter.
    pen.rect(x, y, x + 46, y + h, fill=colour, radius=10)
    pen.rect(x + 30, y, x + 46, y + h, fill=colour)
    pen.text(
        x + 23, y + h / 2, seat_letter(co.seat), 30, bold=True, fill=text_on(colour), anchor="mm"
    )
    # Left column: name, then the markers as on the personal board (one square per marker).
    tx = x + 58
    pen.text(tx, y + 10, f"Company {seat_letter(co.seat)}", 18, bold=True, fill=t.ink)
    if acting:
        pen.pill(
            tx + pen.length(f"Company {seat_letter(co.seat)}", 18, True) + 8,
            y + 20,
            "TO ACT",
            fill=t.ink,
            h=21,
        )
    row_h = 18
    for i, kind in enumerate(MARKER_TYPES):
        cy = y + 46 + i * row_h
        mc = MARKER_COLOURS[kind]
        _marker_icon(pen, kind, tx + 7, cy, 12, mc)
        count = co.markers.get(kind, 0)
        ready = co.workers_ready if kind == "workers" else count
        slots = max(6, min(count, 8))
        for j in range(slots):
            sx = tx + 22 + j * 16
            if j < min(count, slots):
                if j < ready:
                    pen.rect(sx, cy - 6, sx + 13, cy + 7, fill=mc, radius=3)
                else:  # a spent worker: hollow
                    pen.rect(sx, cy - 6, sx + 13, cy + 7, outline=mc, width=2, radius=3)
            else:
                pen.rect(sx + 3, cy - 3, sx + 10, cy + 4, fill=t.slot_empty, radius=2)
        label = f"{ready}/{count}" if kind == "workers" else str(count)
        if count > slots:
            label = f"+{count - slots} ({label})"
        pen.text(
            tx + 22 + slots * 16 + 4, cy + 1, label, SMALL_SIZE, bold=True, fill=t.ink, anchor="lm"
        )
    # Right column: badges, honour with its bar, buildings.
    rx = x + 262
    right = x + w - 16
    bx = rx
    if co.has_loan:
        bx += pen.pill(bx, y + 21, "LOAN", fill=t.danger, h=22) + 6
    if co.park_available:
        bx += pen.pill(bx, y + 21, "PARK", fill=t.grass, ink=_BLACK, h=22) + 6
    pen.text(right, y + 22, str(co.honour), 28, bold=True, fill=t.ink, anchor="rm")
    pen.text(
        right - pen.length(str(co.honour), 28, True) - 6,
        y + 24,
        "honour",
        SMALL_SIZE,
        fill=t.muted,
        anchor="rm",
    )
    plural = "s" if co.buildings != 1 else ""
    stats = f"{co.buildings} building{plural} · {co.chips_left} chips left"
    sx = rx
    if co.money is not None and view.viewer == co.seat:
        # Only the viewer's own money, and only in a view made for that seat.
        sx += pen.pill(rx, y + 52, f"money {co.money}", fill=t.admin, ink=_BLACK, h=22) + 8
        stats = f"{co.buildings} building{plural}"
    pen.text(sx, y + 52, stats, SMALL_SIZE, fill=t.muted, anchor="lm")
    lo, hi = scale
    bar_y = y + 70
    rw = right - rx

    def bx_of(v: float) -> float:
        return rx + (v - lo) / max(1, hi - lo) * rw

    pen.rect(rx, bar_y, right, bar_y + 14, fill=t.slot_empty, radius=7)
    zero = bx_of(0)
    end = bx_of(co.honour)
    if co.honour != 0:
        a, b = sorted((zero, end))
        pen.rect(a, bar_y, b, bar_y + 14, fill=t.danger if co.honour < 0 else colour, radius=7)
    goal = bx_of(view.honour_goal)
    pen.dashed((goal, bar_y - 5), (goal, bar_y + 19), fill=t.ink, width=2, dash=3, gap=2)
    pen.text(
        goal,
        bar_y + 31,
        f"goal >{view.honour_goal}",
        SMALL_SIZE,
        fill=t.muted,
        anchor="mm" if goal + 36 < right else "rm",
    )
    if lo < 0:
        pen.line([(zero, bar_y - 3), (zero, bar_y + 17)], fill=t.muted, width=1)
    if co.bankrupt:
        # Fade the panel and stamp it.
        overlay = Image.new("RGB", (pen.px(w), pen.px(h)), t.bg)
        region = (pen.px(x), pen.px(y), pen.px(x) + overlay.width, pen.px(y) + overlay.height)
        base = pen.image.crop(region)
        pen.image.paste(Image.blend(base, overlay, 0.55), region[:2])
        sw = pen.length("BANKRUPT", 24, True) + 28
        sx, sy = x + w / 2 - sw / 2, y + h / 2 - 18
        pen.rect(sx, sy, sx + sw, sy + 36, fill=t.panel, outline=t.danger, width=3, radius=6)
        pen.text(x + w / 2, sy + 19, "BANKRUPT", 24, bold=True, fill=t.danger, anchor="mm")


def _voice_height(pen: _Pen, v: VoiceCardView, w: float) -> float:
    title = pen.wrap(v.title, 16, w - 24, bold=True)
    body = pen.wrap(v.text, SMALL_SIZE, w - 24)
    return 42 + len(title) * 20 + 6 + len(body) * 18 + VOICE_AMOUNT_H


def _draw_voice(pen: _Pen, v: VoiceCardView, x: float, y: float, w: float, h: float) -> None:
    t = pen.t
    admin = v.kind == "administration"
    band = t.admin if admin else t.citizen
    pen.rect(x, y, x + w, y + h, fill=t.panel, outline=mix(band, t.panel, 0.3), width=2, radius=10)
    pen.rect(x, y, x + w, y + 30, fill=band, radius=10)
    pen.rect(x, y + 20, x + w, y + 30, fill=band)
    label = "ADMINISTRATION" if admin else "CITIZENS"
    pen.text(x + 12, y + 16, label, SMALL_SIZE, bold=True, fill=text_on(band), anchor="lm")
    ty = y + 40
    for line in pen.wrap(v.title, 16, w - 24, bold=True):
        pen.text(x + 12, ty, line, 16, bold=True, fill=t.ink)
        ty += 20
    ty += 6
    for line in pen.wrap(v.text, SMALL_SIZE, w - 24):
        pen.text(x + 12, ty, line, SMALL_SIZE, fill=t.muted)
        ty += 18
    # The bonus, at the foot of the card so a row of cards lines their amounts up.
    star = "*" if v.source == "reconstructed" else ""
    strong = mix(band, t.ink, 0.3)
    amount = f"+{v.amount}"
    ay = y + h - VOICE_AMOUNT_H / 2 - 2
    pen.text(x + 12, ay, amount, 24, bold=True, fill=strong, anchor="lm")
    unit = ("money" if admin else "honour") + star
    pen.text(
        x + 18 + pen.length(amount, 24, True),
        ay + 3,
        unit,
        TEXT_SIZE,
        bold=True,
        fill=strong,
        anchor="lm",
    )


def _voices_height(pen: _Pen, voices: Sequence[VoiceCardView], w: float) -> float:
    """Height ``_draw_voices`` will use."""
    if not voices:
        return 0
    per_row = min(4, len(voices))
    cw = (w - (per_row - 1) * 12) / per_row
    rows = [voices[r : r + per_row] for r in range(0, len(voices), per_row)]
    return (
        sum(max(VOICE_H_MIN, *(_voice_height(pen, v, cw) for v in row)) + 12 for row in rows) - 12
    )


def _draw_voices(pen: _Pen, voices: Sequence[VoiceCardView], x: float, y: float, w: float) -> float:
    if not voices:
        return 0
    per_row = min(4, len(voices))
    cw = (w - (per_row - 1) * 12) / per_row
    total = 0.0
    for r in range(0, len(voices), per_row):
        row = voices[r : r + per_row]
        h = max(VOICE_H_MIN, *(_voice_height(pen, v, cw) for v in row))
        for i, v in enumerate(row):
            _draw_voice(pen, v, x + i * (cw + 12), y + total, cw, h)
        total += h + 12
    return total - 12


def _humanise(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _scores_height(view: KenchikuView) -> float:
    scores = (view.outcome or {}).get("scores", {})
    return 52 + 36 + len(scores) * SCORE_ROW_H + 12


def _draw_scores(pen: _Pen, view: KenchikuView, x: float, y: float, w: float) -> float:
    t = pen.t
    out: dict[str, Any] = view.outcome or {}
    scores: dict[str, int] = dict(out.get("scores", {}))
    ranks: dict[str, int] = dict(out.get("ranks", {}))
    details: dict[str, dict[str, int]] = dict(out.get("details", {}))
    winners = {int(s) for s in out.get("winners", [])}
    seats = sorted(scores, key=lambda s: (ranks.get(s, 99), int(s)))
    keys: list[str] = []
    for s in seats:
        for k in details.get(s, {}):
            # The table has its own total column.
            if k not in keys and k.lower() != "total":
                keys.append(k)
    header_h = 52 + 36
    row_h = SCORE_ROW_H
    h = _scores_height(view)
    _panel(pen, x, y, w, h, "Final scores")
    # Columns: rank, chip, breakdown..., total.
    left = x + 108
    total_w = 64
    col_w = (w - 14 - total_w - (left - x)) / max(1, len(keys))
    hy = y + 52
    for i, k in enumerate(keys):
        cx = left + i * col_w + col_w / 2
        lines = pen.wrap(_humanise(k), SMALL_SIZE, col_w - 4)[:2]
        for j, line in enumerate(lines):
            pen.text(
                cx,
                hy + j * 16 + (8 if len(lines) == 1 else 0),
                _fit(pen, line, SMALL_SIZE, col_w - 2),
                SMALL_SIZE,
                fill=t.muted,
                anchor="mm",
            )
    pen.text(
        x + w - 14 - total_w / 2, hy + 8, "Total", TEXT_SIZE, bold=True, fill=t.ink, anchor="mm"
    )
    pen.line([(x + 14, hy + 28), (x + w - 14, hy + 28)], fill=t.panel_edge, width=1)
    for r, s in enumerate(seats):
        cy = y + header_h + r * row_h + row_h / 2
        seat = int(s)
        if seat in winners:
            pen.rect(
                x + 8,
                cy - row_h / 2 + 2,
                x + w - 8,
                cy + row_h / 2 - 2,
                fill=mix(t.panel, t.admin, 0.25),
                radius=6,
            )
        pen.text(
            x + 18,
            cy + 1,
            _ordinal(ranks.get(s, r + 1)),
            TEXT_SIZE + 1,
            bold=True,
            fill=t.ink,
            anchor="lm",
        )
        pen.chip(x + 76, cy, 12, seat)
        for i, k in enumerate(keys):
            v = details.get(s, {}).get(k)
            if v is None:
                continue
            cx = left + i * col_w + col_w / 2
            pen.text(
                cx,
                cy + 1,
                f"{v:+d}" if v < 0 else str(v),
                TEXT_SIZE,
                fill=t.danger if v < 0 else t.ink,
                anchor="mm",
            )
        pen.text(
            x + w - 14 - total_w / 2, cy + 1, str(scores[s]), 19, bold=True, fill=t.ink, anchor="mm"
        )
    return h


def _legend_items() -> list[tuple[str, str]]:
    return [
        ("building", "building (chip = owner)"),
        ("starter", "starting building"),
        ("park", "park (owner's chip)"),
        ("ghost", "land value: height to build"),
        ("district", "district boundary"),
        ("avenue", "avenue, on-avenue plot"),
        ("workers", "workers: ready / spent"),
        ("star", "reconstructed amount"),
    ]


def _legend_height() -> float:
    return 46 + (len(_legend_items()) + 1) // 2 * LEGEND_ROW_H + 6


def _draw_legend(pen: _Pen, x: float, y: float, w: float) -> float:
    t = pen.t
    items = _legend_items()
    row_h = LEGEND_ROW_H
    h = _legend_height()
    _panel(pen, x, y, w, h, "Legend")
    col_w = (w - 20) / 2
    for i, (kind, label) in enumerate(items):
        cx = x + 12 + (i % 2) * col_w
        cy = y + 46 + (i // 2) * row_h + row_h / 2
        ix = cx + 14
        if kind == "building":
            _stack(
                pen, ix - 9, cy + 10, 2, player_colour(0), slab=6, width=14, depth_x=5, depth_y=3
            )
        elif kind == "starter":
            _stack(
                pen, ix - 9, cy + 10, 2, t.neutral_building, slab=6, width=14, depth_x=5, depth_y=3
            )
        elif kind == "park":
            pen.rect(ix - 11, cy - 11, ix + 11, cy + 11, fill=t.grass, radius=4)
            pen.chip(ix, cy, 7, 1)
        elif kind == "ghost":
            pen.rect(ix - 11, cy - 11, ix + 11, cy + 11, fill=t.plot_tints[0], radius=4)
            pen.text(ix, cy + 1, "3", SMALL_SIZE, fill=t.muted, anchor="mm")
        elif kind == "district":
            pen.dashed((ix - 12, cy), (ix + 12, cy), fill=t.district_line, width=2, dash=5, gap=4)
        elif kind == "avenue":
            pen.rect(
                ix - 10,
                cy - 6,
                ix + 10,
                cy + 12,
                fill=t.plot_tints[0],
                outline=t.avenue_edge,
                width=2,
                radius=3,
            )
            pen.line([(ix - 14, cy - 8), (ix + 14, cy - 8)], fill=t.road, width=8)
            pen.dashed(
                (ix - 14, cy - 8), (ix + 14, cy - 8), fill=t.road_mark, width=1, dash=4, gap=3
            )
        elif kind == "workers":
            mc = MARKER_COLOURS["workers"]
            pen.rect(ix - 13, cy - 6, ix - 1, cy + 6, fill=mc, radius=3)
            pen.rect(ix + 2, cy - 6, ix + 14, cy + 6, outline=mc, width=2, radius=3)
        else:
            pen.text(ix, cy + 2, "*", 20, bold=True, fill=t.muted, anchor="mm")
        pen.text(
            cx + 34,
            cy + 1,
            _fit(pen, label, SMALL_SIZE, col_w - 38),
            SMALL_SIZE,
            fill=t.ink,
            anchor="lm",
        )
    return h


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _city_layer(plan: _CityPlan, theme: str, scale: float) -> Image.Image:
    """The city without its pieces, drawn once per map, theme and scale."""
    t = _THEMES[theme]
    w, h = _city_size(plan)
    layer = Image.new("RGB", (round(w * scale), round(h * scale)), t.bg)
    _draw_city_base(_Pen(layer, scale, t), plan, CITY_PAD + LABEL_W, CITY_PAD + LABEL_W)
    return layer


@lru_cache(maxsize=VOICE_LAYERS)
def _voices_layer(
    voices: tuple[VoiceCardView, ...], width: float, theme: str, scale: float
) -> Image.Image:
    """The voice cards (fixed for a whole game), drawn once."""
    t = _THEMES[theme]
    ruler = _Pen(Image.new("RGB", (1, 1)), scale, t)
    h = _voices_height(ruler, voices, width)
    layer = Image.new("RGB", (max(1, round(width * scale)), max(1, round(h * scale))), t.bg)
    _draw_voices(_Pen(layer, scale, t), voices, 0, 0, width)
    return layer


@lru_cache(maxsize=VOICE_LAYERS)
def _voices_height_of(
    voices: tuple[VoiceCardView, ...], width: float, theme: str, scale: float
) -> float:
    """``_voices_height`` measured once per game (text measuring is a tenth of a board)."""
    return _voices_height(_Pen(Image.new("RGB", (1, 1)), scale, _THEMES[theme]), voices, width)


@lru_cache(maxsize=8)
def _legend_layer(theme: str, scale: float) -> Image.Image:
    t = _THEMES[theme]
    layer = Image.new("RGB", (round(SIDE_W * scale), round(_legend_height() * scale)), t.bg)
    _draw_legend(_Pen(layer, scale, t), 0, 0, SIDE_W)
    return layer


def render_board(view: KenchikuView, *, theme: str = "light", scale: float = 1.0) -> Image.Image:
    """Draw the whole public table: city, header, market, companies, voice cards, scores.

    Parts that do not change during a game (the empty city, the voice cards, the legend) are
    drawn once and cached; the result depends on the arguments only.

    Args:
        view: what to draw; only its contents are shown (no rule is derived here).
        theme: ``"light"`` or ``"dark"``.
        scale: size factor (1.0 gives an image about 1,300 px wide).

    Returns:
        A new RGB image.

    Raises:
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    t = pick_theme(_THEMES, theme, scale)
    city_w, city_h = _city_size(view)
    width = MARGIN + city_w + GAP + SIDE_W + MARGIN
    inner = width - 2 * MARGIN
    banner = _banner(view)
    ruler = _Pen(Image.new("RGB", (1, 1)), scale, t)  # measures text before the canvas exists
    header_h = HEADER_H + EVENT_LINE_H * (len(_event_lines(ruler, view, inner)) - 1)
    top = MARGIN + header_h + (BANNER_H if banner else 0)
    voices = tuple(view.voices)
    voices_h = _voices_height_of(voices, city_w, theme, scale)
    left_h = city_h + (GAP - 8 + voices_h if voices else 0)
    right_h = (
        (_scores_height(view) + GAP if view.outcome is not None else 0)
        + _market_height()
        + GAP
        + len(view.companies) * COMPANY_H
        + GAP
        - 8
        + _legend_height()
    )
    height = top + max(left_h, right_h) + MARGIN
    image = Image.new("RGB", (round(width * scale), round(height * scale)), t.bg)
    pen = _Pen(image, scale, t)

    _draw_header(pen, view, MARGIN, MARGIN, inner)
    if banner:
        _draw_banner(pen, banner[0], banner[1], MARGIN, MARGIN + header_h, inner)

    image.paste(_city_layer(_CityPlan.of(view), theme, scale), (pen.px(MARGIN), pen.px(top)))
    ox = MARGIN + LABEL_W + CITY_PAD
    oy = top + LABEL_W + CITY_PAD
    _draw_city(pen, view, ox, oy)
    if voices:
        vy = top + city_h + GAP - 8
        image.paste(_voices_layer(voices, city_w, theme, scale), (pen.px(MARGIN), pen.px(vy)))

    sx = MARGIN + city_w + GAP
    sy = float(top)
    if view.outcome is not None:
        sy += _draw_scores(pen, view, sx, sy, SIDE_W) + GAP
    sy += _draw_market(pen, view, sx, sy, SIDE_W) + GAP
    scale_range = _honour_scale(view)
    for co in view.companies:
        _draw_company(pen, view, co, sx, sy, SIDE_W, scale_range)
        sy += COMPANY_H
    sy += GAP - 8
    image.paste(_legend_layer(theme, scale), (pen.px(sx), pen.px(sy)))
    return image


def _join(parts: Iterable[str]) -> str:
    return " · ".join(parts)


def hand_text(view: KenchikuView, seat: int) -> str:
    """A seat's private panel as Discord markdown (well under 2,000 characters).

    Shows money (when the view holds it for this seat), markers with ready workers, loan,
    park, honour and the current market prices and stock.

    Raises:
        KeyError: ``seat`` has no company in the view.
    """
    company = next((c for c in view.companies if c.seat == seat), None)
    if company is None:
        raise KeyError(seat)
    letter = seat_letter(seat)
    money = f"**{company.money}**" if company.money is not None else "hidden"
    lines = [f"**Company {letter}** — round {view.round}"]
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
