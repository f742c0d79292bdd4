"""Kenchiku board images: the chat board, the detailed board and one company's view (seed 002).

``render_board(view)`` draws a :class:`~games.kenchiku.view.KenchikuView` and nothing else: it
never derives a rule, it only shows what the view says. The board is one list of sections
(``_Board.sections``: header, banner, final scores, city, market and companies table, voice
cards, legend) drawn at two sizes (GUIDE "Rendering"):

* :data:`CHAT` (``detail=False``, the default) is what the bot posts in the channel: the
  sections stacked in one column :data:`CHAT_W` units wide with no text under
  :data:`MIN_TEXT`, so every number, name and label is at least 11 px tall when Discord shows
  it 550 px wide. It holds what a player needs to choose a move: the city with land values
  and buildings, the market (price and stock), every company's markers, honour, loan and
  park, the voice cards by title and bonus, who is to act and the last move; at the end, the
  final scores in place of the market and the companies.
* :data:`DETAIL` (``detail=True``, ``/board detail``) draws the same sections in two columns
  (the city beside the rest) and shows more in them: coordinates on every edge, each
  company's buildings and chips left, the voice cards' full wording, the final scores card
  by card, and the legend.

``render_player(view, seat)`` is one company's area (``/board player:<name>``); its private
panel in words (``/hand``) is ``bot.hand_text``.

Players appear by name (``names``, shortened by :func:`render.common.seat_names`). Besides its
Okabe-Ito colour every seat has a **shape** (circle, square, triangle, diamond; see
:data:`SEAT_SHAPES`) on its buildings, park and name: a shape never collides with the
coordinate letters, district names or numbers on the board.

The city is drawn as plots separated by streets; coordinates (``c4``) run along the edges as
letters (columns) and numbers (rows), taken from the cells' own ``coord`` so they always match
the move notation. A building is a stack of blocks (one slab per block) in the owner's colour
with the owner's mark on the roof, and its height printed beside it.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.kenchiku.view import (
    MARKER_TYPES,
    CellView,
    CompanyView,
    KenchikuView,
    VoiceCardView,
)
from i18n import t, term, tr
from render.common import (
    BLACK,
    WHITE,
    Legend,
    Palette,
    Pen,
    Section,
    Size,
    alt_text,
    compose,
    event_box,
    mix,
    ordinal,
    palette,
    panel,
    pick_theme,
    player_colour,
    seat_names,
    text_on,
)
from render.contract import Renderer

RGB = tuple[int, int, int]
Point = tuple[float, float]

# ---------------------------------------------------------------------------------------------
# Layout (layout units: pixels at scale 1.0 on the chat board)
# ---------------------------------------------------------------------------------------------
# Voice cards are fixed for a whole game, so their layer is one entry per active game (about
# 0.5 MB each at scale 1): 128 entries keep 50+ active games from thrashing (16 missed 57-84%).
VOICE_LAYERS = 128

# The board is one list of sections (header, banner, final scores, city, market and companies
# table, voice cards, legend) drawn at two sizes, CHAT and DETAIL. No text is under MIN_TEXT
# units, so on the chat board (CHAT_W units wide) the smallest text is 16 * 550 / 780 = 11.3 px
# when Discord shows the image 550 px wide.
CHAT_W = 780
MIN_TEXT = 16
ROW_H = 40  # a company row of the table
HEAD_H = 30  # the table's column titles
MARKET_H = 38
DICE_H = 30
NOTE_H = 26  # the line under the table saying what its columns mean
VOICE_GAP = 10
LEGEND_ROW_H = 30
PANEL_HEAD_H = 40
# Column key, title, width of the company table (the name column takes what is left).
COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("structure", "Structure", 92),
    ("design", "Design", 80),
    ("planning", "Planning", 84),
    ("workers", "Workers", 80),
    ("honour", "Honour", 74),
    ("loan", "Loan", 52),
    ("park", "Park", 56),
)
MORE_COLUMNS: tuple[tuple[str, str, float], ...] = (
    ("buildings", "Built", 64),
    ("chips", "Chips", 60),
)


@dataclass(frozen=True)
class BoardSize(Size):
    """One of the board's two sizes: the layout (``Size``) and how much each section shows."""

    title: bool = False  # the game's name before the round
    event_lines: int = 3  # the last move in at most this many lines
    all_sides: bool = False  # the city's coordinates on all four edges (else top and left)
    cell_max: float = 86  # the city's plot pitch at most (a two-column size: exactly)
    columns: tuple[tuple[str, str, float], ...] = COLUMNS
    wording: bool = False  # voice cards with their full text
    itemised: bool = False  # final scores with each voice card's points
    legend: bool = False


CHAT = BoardSize(width=CHAT_W, margin=14, gap=12)
"""The chat board: one column, CHAT_W units wide (the city fits the width)."""
DETAIL = BoardSize(
    width=0,  # the city's width plus the side column (``_board_size``)
    margin=22,
    gap=16,
    unit=0.875,  # MIN_TEXT is 14 px at scale 1.0
    side=880,
    title=True,
    event_lines=2,
    all_sides=True,
    columns=COLUMNS + MORE_COLUMNS,
    wording=True,
    itemised=True,
    legend=True,
)
"""The detailed board: the city beside the scores, the table (with each company's buildings
and chips left), the voice cards with their wording and the legend."""

# One company's view (``render_player``): PLAYER_W wide, text at least PLAYER_MIN_TEXT
# (14 * 550 / 640 = 12 px at Discord's inline width).
PLAYER_W = 640
PLAYER_MIN_TEXT = 14

SEAT_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond")
"""The second cue of each seat (index = seat; Kenchiku has 2-4 companies)."""

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
class _Theme(Palette):
    value: RGB  # an empty plot's land value
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
    danger: RGB
    good: RGB
    admin: RGB
    citizen: RGB
    pill: RGB


_THEMES: dict[str, _Theme] = {
    "light": _Theme(
        **palette("light"),
        value=(104, 98, 90),
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
        danger=(190, 64, 52),
        good=(60, 130, 80),
        admin=(196, 150, 58),
        citizen=(88, 112, 160),
        pill=(255, 253, 248),
    ),
    "dark": _Theme(
        **palette("dark"),
        value=(178, 174, 166),
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
        danger=(226, 98, 84),
        good=(110, 186, 126),
        admin=(176, 134, 48),
        citizen=(92, 118, 172),
        pill=(42, 45, 51),
    ),
}


class _Pen(Pen):
    """``render.common.Pen`` with this board's theme, dashed lines and seat marks."""

    def __init__(self, image: Image.Image, scale: float, theme: _Theme, lang: str = "en") -> None:
        super().__init__(image, scale, theme.ink, lang=lang)
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

    def mark(self, cx: float, cy: float, r: float, seat: int, fill: RGB | None = None) -> None:
        """The seat's mark: its shape (:data:`SEAT_SHAPES`) in its colour, ``r`` units across
        half; ``fill`` overrides the colour (a mark drawn on the seat's own colour)."""
        colour = fill if fill is not None else player_colour(seat)
        d = max(4, round(2 * r * self.k))
        edge = mix(colour, BLACK, 0.55)
        sprite = _mark_sprite(seat_shape(seat), d, colour, edge, self.width(1.6))
        self.image.paste(sprite, (round(cx * self.k - d / 2), round(cy * self.k - d / 2)), sprite)


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def _shape_points(shape: str, c: float, r: float) -> tuple[list[Point], float]:
    """Corners of ``shape`` centred on ``(c, c)`` filling a box of half-side ``r``, and the
    shape's inradius (how far an outline of width ``w`` moves the inner edge: ``w / inradius``)."""
    if shape == "square":
        s = r * 0.84
        return [(c - s, c - s), (c + s, c - s), (c + s, c + s), (c - s, c + s)], s
    if shape == "triangle":
        top, base, half = c - r, c + r * 0.78, r * 0.98
        return [(c, top), (c + half, base), (c - half, base)], r * 0.56
    # diamond
    return [(c, c - r), (c + r, c), (c, c + r), (c - r, c)], r * 0.707


@lru_cache(maxsize=256)
def _mark_sprite(shape: str, d: int, fill: RGB, edge: RGB, edge_w: int) -> Image.Image:
    """An anti-aliased RGBA seat mark ``d`` pixels across (drawn 4x and reduced, cached)."""
    ss = 4
    n = d * ss
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    w = edge_w * ss
    if shape == "circle":
        draw.ellipse((0, 0, n - 1, n - 1), fill=edge)
        draw.ellipse((w, w, n - 1 - w, n - 1 - w), fill=fill)
    else:
        c, r = (n - 1) / 2, (n - 1) / 2
        pts, inradius = _shape_points(shape, c, r)
        draw.polygon(pts, fill=edge)
        # The inner shape: the outline shrunk towards the shape's middle by the edge width.
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        f = max(0.0, 1 - w / inradius)
        draw.polygon([(mx + (x - mx) * f, my + (y - my) * f) for x, y in pts], fill=fill)
    return big.resize((d, d), Image.Resampling.LANCZOS)


def _marker_icon(pen: _Pen, kind: str, cx: float, cy: float, s: float, colour: RGB) -> None:
    """A tiny pictogram for a marker type, ``s`` pixels across (never a seat's shape)."""
    h = s / 2
    if kind == "structure":  # an I-beam
        f = s * 0.22
        pen.rect(cx - h, cy - h, cx + h, cy - h + f, fill=colour)
        pen.rect(cx - h, cy + h - f, cx + h, cy + h, fill=colour)
        pen.rect(cx - s * 0.14, cy - h, cx + s * 0.14, cy + h, fill=colour)
    elif kind == "design":  # a compass arc with its pivot
        box = [pen.px(cx - h), pen.px(cy - h * 0.6), pen.px(cx + h), pen.px(cy + h * 1.4)]
        pen.draw.arc(box, 180, 360, fill=colour, width=pen.width(s * 0.2))
        pen.disc(cx, cy + h * 0.4, s * 0.14, fill=colour)
    elif kind == "planning":  # a written plan: a sheet with lines
        pen.rect(cx - h * 0.72, cy - h, cx + h * 0.72, cy + h, outline=colour, width=2)
        for f in (-0.4, 0.05, 0.5):
            pen.line([(cx - h * 0.4, cy + h * f), (cx + h * 0.4, cy + h * f)], fill=colour, width=2)
    else:  # a worker: head and shoulders
        pen.disc(cx, cy - h * 0.45, s * 0.24, fill=colour)
        pen.rect(cx - h * 0.85, cy + h * 0.05, cx + h * 0.85, cy + h, fill=colour, radius=s * 0.2)


@dataclass(frozen=True)
class _Geo:
    """Sizes of the city drawing (layout units): the detailed board's or the chat board's."""

    cell: float  # plot pitch
    inset: float  # half the street width
    label_w: float  # coordinate labels outside the city
    labels_all_sides: bool  # coordinates on four edges (else top and left only)
    label_size: float
    stack_x: float  # a building stands at the plot's lower left...
    stack_w: float
    stack_bottom: float
    slab: float  # ...one slab per block
    depth_x: float
    depth_y: float
    chip_r: float  # the owner's mark on the roof
    park_r: float  # the owner's mark on a park
    height_size: float  # a building's height
    value_size: float  # an empty plot's land value
    pill_size: float  # district names
    pill_h: float

    pad: float = 8  # street border around the city
    road_w: float = 14  # the avenue
    plot_radius: float = 7

    @property
    def plot(self) -> float:
        return self.cell - 2 * self.inset

    @property
    def origin(self) -> float:
        """Offset of the grid's top-left corner inside the city's box."""
        return self.pad + self.label_w


def _geo(size: BoardSize, n_columns: int) -> _Geo:
    """The city at ``size``: on a one-column size as large as its width allows for
    ``n_columns`` (at most ``cell_max``); on a two-column size at ``cell_max`` (the main
    column is as wide as the city)."""
    label_w, pad = 26.0, 8.0
    room = size.inner - label_w * (2 if size.all_sides else 1) - 2 * pad
    cell = size.cell_max if size.side else min(size.cell_max, room / max(1, n_columns))
    f = cell / 82
    return _Geo(
        cell=cell,
        inset=4,
        label_w=label_w,
        labels_all_sides=size.all_sides,
        label_size=19,
        stack_x=8 * f,
        stack_w=32 * f,
        stack_bottom=7 * f,
        slab=6 * f,
        depth_x=10 * f,
        depth_y=6 * f,
        chip_r=12.5 * f,
        park_r=17 * f,
        height_size=27,
        value_size=20,
        pill_size=MIN_TEXT,
        pill_h=22,
        pad=pad,
    )


def _stack(
    pen: _Pen,
    x0: float,
    bottom: float,
    height: int,
    colour: RGB,
    *,
    slab: float,
    width: float,
    depth_x: float,
    depth_y: float,
) -> float:
    """An oblique stack of ``height`` blocks standing on ``bottom``; returns the roof's y."""
    top = bottom - height * slab
    x1 = x0 + width
    edge = mix(colour, BLACK, 0.5)
    side = mix(colour, BLACK, 0.22)
    roof = mix(colour, WHITE, 0.35)
    # A soft shadow on the ground behind the building.
    shadow = mix(pen.t.street, BLACK, 0.12)
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


def _small_stack(pen: _Pen, ix: float, cy: float, colour: RGB) -> None:
    """A two-block building for the legend."""
    _stack(pen, ix - 9, cy + 10, 2, colour, slab=6, width=14, depth_x=5, depth_y=3)


def _trees(pen: _Pen, x: float, y: float, size: float) -> None:
    """Four small trees in a plot whose top-left is ``x, y`` and side ``size``."""
    th = pen.t
    trunk = mix(th.tree, BLACK, 0.35)
    for fx, fy, fr in (
        (0.24, 0.30, 0.13),
        (0.76, 0.30, 0.11),
        (0.22, 0.74, 0.11),
        (0.78, 0.74, 0.13),
    ):
        cx, cy, r = x + size * fx, y + size * fy, size * fr
        pen.rect(cx - 1.5, cy, cx + 1.5, cy + r * 1.3, fill=trunk)
        pen.disc(cx, cy, r, fill=th.tree, outline=mix(th.tree, BLACK, 0.3), outline_w=1)


# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------


def seat_labels(view: KenchikuView, names: Sequence[str] | None) -> list[str]:
    """One label per seat (index = seat), from the display names or ``P1``, ``P2``..."""
    seats = max((c.seat for c in view.companies), default=-1) + 1
    return seat_names(names, seats)


_COMPANY_REF = re.compile(r"\bCompany ([A-K])\b")


def _named(text: str, labels: Sequence[str]) -> str:
    """``text`` with the engine's "Company B" references replaced by the seat's name."""

    def name(m: re.Match[str]) -> str:
        seat = ord(m.group(1)) - ord("A")
        return labels[seat] if seat < len(labels) else m.group(0)

    return _COMPANY_REF.sub(name, text)


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


def _city_size(view: KenchikuView | _CityPlan, g: _Geo) -> tuple[float, float]:
    """Width and height of the city including its coordinate labels."""
    edges = g.label_w * (2 if g.labels_all_sides else 1) + 2 * g.pad
    return view.n_columns * g.cell + edges, view.n_rows * g.cell + edges


def _draw_city_base(pen: _Pen, plan: _CityPlan, g: _Geo, ox: float, oy: float) -> None:
    """Streets, plots, district lines, the avenue and the coordinates (no pieces)."""
    th = pen.t
    order = _district_order(plan)
    tint = {d: th.plot_tints[i % len(th.plot_tints)] for i, d in enumerate(order)}
    cell, pad, plot = g.cell, g.pad, g.plot
    gw, gh = plan.n_columns * cell, plan.n_rows * cell
    pen.rect(
        ox - pad,
        oy - pad,
        ox + gw + pad,
        oy + gh + pad,
        fill=th.street,
        outline=th.city_edge,
        width=2,
        radius=12,
    )
    for c in plan.plots:
        x, y = ox + c.col * cell + g.inset, oy + c.row * cell + g.inset
        pen.rect(x, y, x + plot, y + plot, fill=tint[c.district], radius=g.plot_radius)
        if c.on_avenue:
            pen.rect(
                x + 2,
                y + 2,
                x + plot - 2,
                y + plot - 2,
                outline=th.avenue_edge,
                width=2,
                radius=g.plot_radius - 1,
            )
    # District boundaries: dashed lines along the streets between plots of different districts.
    district = {(c.col, c.row): c.district for c in plan.plots}
    for (col, row), d in district.items():
        right = district.get((col + 1, row))
        below = district.get((col, row + 1))
        x, y = ox + (col + 1) * cell, oy + (row + 1) * cell
        if right is not None and right != d:
            pen.dashed((x, y - cell - 1), (x, y + 1), fill=th.district_line, width=2, dash=5, gap=4)
        if below is not None and below != d:
            pen.dashed((x - cell - 1, y), (x + 1, y), fill=th.district_line, width=2, dash=5, gap=4)
    # The avenue: a dark road with a dashed centre line.
    for x0, y0, x1, y1 in plan.avenue:
        p0 = (ox + x0 * cell, oy + y0 * cell)
        p1 = (ox + x1 * cell, oy + y1 * cell)
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        n = max(1e-9, (dx * dx + dy * dy) ** 0.5)
        q0 = (p0[0] - dx / n * pad, p0[1] - dy / n * pad)
        q1 = (p1[0] + dx / n * pad, p1[1] + dy / n * pad)
        pen.line([q0, q1], fill=th.road, width=g.road_w)
        pen.dashed(q0, q1, fill=th.road_mark, width=2, dash=10, gap=8)
    # Coordinates as in the move notation (column letter + row number).
    size, half = g.label_size, pad + g.label_w / 2
    for i, label in enumerate(_column_labels(plan)):
        cx = ox + i * cell + cell / 2
        pen.text(cx, oy - half, label, size, bold=True, fill=th.muted, anchor="mm")
        if g.labels_all_sides:
            pen.text(cx, oy + gh + half, label, size, bold=True, fill=th.muted, anchor="mm")
    for i, label in enumerate(_row_labels(plan)):
        cy = oy + i * cell + cell / 2
        pen.text(ox - half, cy, label, size, bold=True, fill=th.muted, anchor="mm")
        if g.labels_all_sides:
            pen.text(ox + gw + half, cy, label, size, bold=True, fill=th.muted, anchor="mm")


def _draw_cell(pen: _Pen, c: CellView, g: _Geo, x: float, y: float) -> None:
    """The contents of one plot whose top-left corner is ``x, y``."""
    th = pen.t
    plot = g.plot
    x0 = x + g.stack_x
    bottom = y + plot - g.stack_bottom
    if c.park_owner is not None:
        pen.rect(x, y, x + plot, y + plot, fill=th.grass, radius=g.plot_radius)
        if c.on_avenue:
            pen.rect(
                x + 2,
                y + 2,
                x + plot - 2,
                y + plot - 2,
                outline=th.avenue_edge,
                width=2,
                radius=g.plot_radius - 1,
            )
        _trees(pen, x, y, plot)
        pen.mark(x + plot / 2, y + plot / 2, g.park_r, c.park_owner)
        return
    if c.height > 0:
        colour = player_colour(c.owner) if c.owner is not None else th.neutral_building
        # Keep any height inside the plot (the rules stop at 6, the drawing need not break).
        slab = min(g.slab, (plot - g.stack_bottom - g.depth_y - 2 * g.chip_r + 1) / c.height)
        roof = _stack(
            pen,
            x0,
            bottom,
            c.height,
            colour,
            slab=slab,
            width=g.stack_w,
            depth_x=g.depth_x,
            depth_y=g.depth_y,
        )
        if c.owner is not None:
            cx = x0 + (g.stack_w + g.depth_x) / 2
            pen.mark(cx, roof - g.depth_y / 2 - g.chip_r + 4, g.chip_r, c.owner)
        _paste_overlay(pen, _plot_overlay(c.height, False, g, _theme_name(th), pen.k), x, y)
        return
    if c.land_value >= 1:
        _paste_overlay(pen, _plot_overlay(c.land_value, True, g, _theme_name(th), pen.k), x, y)


def _paste_overlay(pen: _Pen, sprite: Image.Image, x: float, y: float) -> None:
    pen.image.paste(sprite, (pen.px(x), pen.px(y)), sprite)


@lru_cache(maxsize=256)
def _plot_overlay(value: int, empty: bool, g: _Geo, theme: str, scale: float) -> Image.Image:
    """What a plot shows over its ground, as a transparent sprite the size of the plot (the
    same few appear all over the city, so they are drawn once): for an ``empty`` plot a faint
    outline of the building it takes and its land value in grey, else a building's height."""
    th = _THEMES[theme]
    ink = th.value if empty else th.ink
    side = max(1, round(g.plot * scale))
    sprite = Image.new("RGBA", (side, side), (*ink, 0))  # transparent, but text edges blend to ink
    pen = _Pen(sprite, scale, th)
    x0 = g.stack_x
    bottom = g.plot - g.stack_bottom
    size = g.value_size if empty else g.height_size
    number_x = g.plot - g.height_size * 0.52
    number_y = g.plot - g.height_size * 0.82
    if empty:
        top = bottom - value * g.slab
        right = x0 + g.stack_w
        pts: list[Point] = [
            (x0, bottom),
            (x0, top),
            (x0 + g.depth_x, top - g.depth_y),
            (right + g.depth_x, top - g.depth_y),
            (right + g.depth_x, bottom - g.depth_y),
            (right, bottom),
            (x0, bottom),
        ]
        for a, b in itertools.pairwise(pts):
            pen.dashed(a, b, fill=th.faint, width=1.5, dash=3, gap=3)
    pen.text(number_x, number_y, str(value), size, bold=not empty, fill=ink, anchor="mm")
    return sprite


def _edge_on_avenue(view: KenchikuView, col: int, row: int) -> bool:
    """Whether the top edge of plot ``col, row`` lies along a horizontal avenue segment."""
    for x0, y0, x1, y1 in view.avenue:
        if y0 == y1 == row and min(x0, x1) < col + 1 and max(x0, x1) > col:
            return True
    return False


def _draw_city(pen: _Pen, view: KenchikuView, g: _Geo, ox: float, oy: float) -> None:
    """Buildings, parks and land values on the cached base, then the district names."""
    th = pen.t
    for c in view.cells:
        _draw_cell(pen, c, g, ox + c.col * g.cell + g.inset, oy + c.row * g.cell + g.inset)
    # District names: a label on the top edge of a district's first plot where it hides no
    # owner's mark (low buildings under it), else of its first plot.
    at = {(c.col, c.row): c for c in view.cells}
    districts: dict[str, list[CellView]] = {}
    for c in view.cells:
        districts.setdefault(c.district, []).append(c)
    for d, cells in districts.items():
        name = term(pen.lang, "kenchiku", "district", d, view.districts.get(d, d))
        span = math.ceil((5 + pen.length(name, g.pill_size) + 14) / g.cell)

        def hides_nothing(c: CellView, span: int = span) -> bool:
            low = _edge_on_avenue(view, c.col, c.row)  # the label sits lower there
            under = (at.get((c.col + i, c.row)) for i in range(span))
            return c.col + span <= view.n_columns and all(
                u is None or (u.height <= (1 if low else 3) and (u.park_owner is None or not low))
                for u in under
            )

        c = next((c for c in cells if hides_nothing(c)), cells[0])
        x = ox + c.col * g.cell + g.inset + 5
        y = oy + c.row * g.cell + g.inset
        if _edge_on_avenue(view, c.col, c.row):
            y += g.road_w / 2 + g.pill_h / 2 - 2  # below the road instead of on it
        pen.pill(
            x,
            y,
            name,
            fill=th.pill,
            ink=th.muted,
            size=g.pill_size,
            bold=False,
            h=g.pill_h,
            outline=th.district_line,
        )


@lru_cache(maxsize=16)
def _city_layer(plan: _CityPlan, g: _Geo, theme: str, scale: float) -> Image.Image:
    """The city without its pieces, drawn once per map, size, theme and scale."""
    th = _THEMES[theme]
    w, h = _city_size(plan, g)
    layer = Image.new("RGB", (round(w * scale), round(h * scale)), th.bg)
    _draw_city_base(_Pen(layer, scale, th), plan, g, g.origin, g.origin)
    return layer


def _paste_city(pen: _Pen, view: KenchikuView, g: _Geo, x: float, y: float) -> None:
    """The cached base layer at ``x, y`` (its top-left) and the pieces on it."""
    layer = _city_layer(_CityPlan.of(view), g, _theme_name(pen.t), pen.k)
    pen.image.paste(layer, (pen.px(x), pen.px(y)))
    _draw_city(pen, view, g, x + g.origin, y + g.origin)


def _theme_name(th: _Theme) -> str:
    return next(name for name, theme in _THEMES.items() if theme is th)


# ---------------------------------------------------------------------------------------------
# Shared pieces
# ---------------------------------------------------------------------------------------------


def _humanise(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _banner(view: KenchikuView, labels: Sequence[str], lang: str = "en") -> tuple[str, bool] | None:
    """Banner text and whether the game is over."""
    if view.outcome is not None:
        winners = [int(s) for s in view.outcome.get("winners", [])]
        if not winners:
            head = t(lang, "render.kenchiku.over_nobody", "GAME OVER — nobody wins")
        elif len(winners) == 1:
            head = t(
                lang,
                "render.kenchiku.over_wins",
                "GAME OVER — {name} wins",
                name=labels[winners[0]],
            )
        else:
            head = t(
                lang,
                "render.kenchiku.over_share",
                "GAME OVER — {names} share the win",
                names=" & ".join(labels[s] for s in winners),
            )
        reason = _named(tr(view.outcome.get("reason", ""), lang).strip(), labels)
        return head + (f" · {reason}" if reason else ""), True
    if view.final_round or view.end_triggered_by is not None:
        by = view.end_triggered_by
        who = labels[by] if by is not None else ""
        if view.final_round and who:
            return t(
                lang,
                "render.kenchiku.final_round_by",
                "FINAL ROUND — end triggered by {name}",
                name=who,
            ), False
        if view.final_round:
            return t(lang, "render.kenchiku.final_round", "FINAL ROUND"), False
        return t(lang, "render.kenchiku.triggered", "End triggered by {name}", name=who), False
    return None


_SCORE_LABELS = {
    "honour": "Honour",
    "track": "Track",
    "first_bonus": "First",
    "loan_penalty": "Loan",
    "loan": "Loan",
    "money": "Money",
    "parks": "Parks",
    "voices": "Voices",
    "citizen": "Voices",
}
_SCORE_HIDDEN = {"total", "buildings", "bankrupt"}


def _score_keys(details: dict[str, dict[str, int]], *, itemised: bool) -> list[str]:
    """The breakdown columns: every detail key but the total and the tie-break counts; the
    voice cards one by one (``itemised``) or as their sum."""
    keys: list[str] = []
    for row in details.values():
        for k in row:
            if k not in keys and k.lower() not in _SCORE_HIDDEN:
                keys.append(k)
    each = [k for k in keys if k.startswith("voice_")]
    if itemised and each:
        return [k for k in keys if k != "voices"]
    if "voices" in keys:
        return [k for k in keys if k not in each]
    return keys


def _score_label(key: str, lang: str = "en") -> str:
    if key.startswith("voice_"):
        ident = key[len("voice_") :]
        return term(lang, "kenchiku", "voice", ident, _humanise(ident))
    labels = {
        "honour": t(lang, "render.kenchiku.s_honour", "Honour"),
        "track": t(lang, "render.kenchiku.s_track", "Track"),
        "first_bonus": t(lang, "render.kenchiku.s_first", "First"),
        "loan_penalty": t(lang, "render.kenchiku.s_loan", "Loan"),
        "loan": t(lang, "render.kenchiku.s_loan", "Loan"),
        "money": t(lang, "render.kenchiku.s_money", "Money"),
        "parks": t(lang, "render.kenchiku.s_parks", "Parks"),
        "voices": t(lang, "render.kenchiku.s_voices", "Voices"),
        "citizen": t(lang, "render.kenchiku.s_voices", "Voices"),
    }
    return labels.get(key, _SCORE_LABELS.get(key, _humanise(key)))


def _marker(lang: str, kind: str) -> str:
    """A marker type's name (Structure, Design, Planning, Workers) in ``lang``."""
    return {
        "structure": t(lang, "render.kenchiku.structure", "Structure"),
        "design": t(lang, "render.kenchiku.design", "Design"),
        "planning": t(lang, "render.kenchiku.planning", "Planning"),
        "workers": t(lang, "render.kenchiku.workers", "Workers"),
    }.get(kind, MARKER_LABELS.get(kind, kind))


def _column_title(lang: str, key: str, english: str) -> str:
    """A company table column's title in ``lang``."""
    if key in MARKER_LABELS:
        return _marker(lang, key)
    return {
        "honour": t(lang, "render.kenchiku.honour", "Honour"),
        "loan": t(lang, "render.kenchiku.loan", "Loan"),
        "park": t(lang, "render.kenchiku.park", "Park"),
        "buildings": t(lang, "render.kenchiku.built", "Built"),
        "chips": t(lang, "render.kenchiku.chips", "Chips"),
    }.get(key, english)


# ---------------------------------------------------------------------------------------------
# The board's sections, each drawn at either size
# ---------------------------------------------------------------------------------------------


class _Board:
    """The sections of one board: ``view`` drawn at ``size`` with ``pen``."""

    def __init__(
        self, pen: _Pen, view: KenchikuView, labels: Sequence[str], size: BoardSize
    ) -> None:
        self.pen = pen
        self.t = pen.t
        self.view = view
        self.labels = labels
        self.size = size
        self.banner_text = _banner(view, labels, pen.lang)
        self.geo = _geo(size, view.n_columns)

    def sections(self) -> list[Section]:
        """Header, banner, final scores, city, table, voice cards, legend: stacked in this
        order on the chat board; on the detailed board the city beside the rest. Once the game
        is over the scores replace the table."""
        over = self.view.outcome is not None
        return [
            Section(self.header_height, self.header, "top"),
            Section(self.banner_height, self.banner, "top"),
            Section(self.scores_height if over else _nothing, self.scores, "side"),
            Section(self.city_height, self.city),
            Section(_nothing if over else self.table_height, self.table, "side"),
            Section(self.voices_height, self.voices, "side"),
            Section(self.legend_height, self.legend, "side"),
        ]

    # -- header ----------------------------------------------------------------------

    def event_lines(self, w: float) -> list[str]:
        lang = self.pen.lang
        event = _named(tr(self.view.last_event, lang), self.labels) or t(
            lang, "render.kenchiku.no_event", "The city awaits its first building."
        )
        return self.pen.lines(event, 17, w - 36, self.size.event_lines)

    def header_height(self, w: float) -> float:
        return 38 + 16 + 22 * len(self.event_lines(w))

    def header(self, x: float, y: float, w: float) -> None:
        """Round and turn, who is to act, and the last move."""
        pen, th, view, labels = self.pen, self.t, self.view, self.labels
        lang = pen.lang
        cy = y + 16
        title = t(lang, "render.kenchiku.round", "Round {n}", n=view.round)
        if self.size.title:
            title = t(lang, "render.kenchiku.title", "KENCHIKU · Round {n}", n=view.round)
        pen.text(x, cy, title, 24, bold=True, anchor="lm")
        rx = x + pen.length(title, 24, True) + 12
        right = x + w  # where the "to act" group starts, once measured
        if view.to_act and view.outcome is None:
            # Right-aligned: "To act", then each acting seat's mark and name.
            parts = [(s, labels[s]) for s in view.to_act]
            # After its action a company holding the loan card may repay it (or end its turn).
            note = (
                t(lang, "render.kenchiku.may_repay", "may repay the loan")
                if view.repay_offered
                else ""
            )
            to_act = t(lang, "render.kenchiku.to_act", "To act")
            widths = [34 + pen.length(n, 22, True) for _, n in parts]
            width = pen.length(to_act, 17) + 8 + sum(widths) - 6
            if note:
                width += 8 + pen.length(note, 17)
            px = right = x + w - width
            pen.text(px, cy + 1, to_act, 17, fill=th.muted, anchor="lm")
            px += pen.length(to_act, 17) + 8
            for (seat, name), part_w in zip(parts, widths, strict=True):
                pen.mark(px + 13, cy, 13, seat)
                pen.text(px + 32, cy + 1, name, 22, bold=True, anchor="lm")
                px += part_w + 2
            if note:
                pen.text(x + w, cy + 1, note, 17, fill=th.muted, anchor="rm")
        # The turn and the blocks left, as much as fits beside the "to act" group.
        turn = t(lang, "render.kenchiku.turn", "turn {n}", n=view.turn)
        blocks = t(lang, "render.kenchiku.blocks_left", "{n} blocks left", n=view.blocks_left)
        for info in (f"{turn} · {blocks}", turn):
            if rx + pen.length(info, 17) + 18 <= right:
                pen.text(rx, cy + 1, info, 17, fill=th.muted, anchor="lm")
                break
        lines = self.event_lines(w)
        event_box(pen, th, x, y + 38, w, lines, size=17, line_h=22, pad=8)

    def banner_height(self, w: float) -> float:
        if self.banner_text is None:
            return 0
        return self.pen.banner_height(self.banner_text[0], w)

    def banner(self, x: float, y: float, w: float) -> None:
        assert self.banner_text is not None
        text, over = self.banner_text
        self.pen.banner(x, y, w, text, fill=self.t.banner_over if over else self.t.banner_final)

    # -- the city --------------------------------------------------------------------

    def city_height(self, w: float) -> float:
        return _city_size(self.view, self.geo)[1]

    def city(self, x: float, y: float, w: float) -> None:
        city_w = _city_size(self.view, self.geo)[0]
        _paste_city(self.pen, self.view, self.geo, x + (w - city_w) / 2, y)

    # -- market and companies ----------------------------------------------------------

    def table_height(self, w: float) -> float:
        dice = DICE_H if self.view.last_dice else 0
        return HEAD_H + MARKET_H + dice + len(self.view.companies) * ROW_H + 10 + NOTE_H

    def table(self, x: float, y: float, w: float) -> None:
        """Market and companies in one table whose columns are the marker types."""
        pen, th, view = self.pen, self.t, self.view
        lang = pen.lang
        body_h = self.table_height(w) - NOTE_H
        pen.rect(x, y, x + w, y + body_h, fill=th.panel, outline=th.panel_edge, radius=10)
        columns = self.size.columns
        name_w = w - sum(cw for _, _, cw in columns) - 8
        col_x: dict[str, tuple[float, float]] = {}
        cx = x + name_w
        for key, _, cw in columns:
            col_x[key] = (cx, cw)
            cx += cw

        def centre(key: str) -> float:
            left, cw = col_x[key]
            return left + cw / 2

        # Column titles.
        hy = y + HEAD_H / 2 + 2
        for key, title, _ in columns:
            title = _column_title(lang, key, title)
            pen.text(centre(key), hy, title, MIN_TEXT, bold=True, fill=th.muted, anchor="mm")
        ry = y + HEAD_H
        pen.line([(x + 10, ry), (x + w - 10, ry)], fill=th.panel_edge, width=1)

        # The market: price (in the marker's colour) and stock left.
        cy = ry + MARKET_H / 2
        market = t(lang, "render.kenchiku.market", "Market")
        pen.text(x + 14, cy, market, 19, bold=True, anchor="lm")
        nx = x + 14 + pen.length(market, 19, True) + 8
        price_left = t(lang, "render.kenchiku.price_left", "price · left")
        if nx + pen.length(price_left, MIN_TEXT) + 8 <= x + name_w:  # where it fits
            pen.text(nx, cy + 1, price_left, MIN_TEXT, fill=th.muted, anchor="lm")
        for kind in MARKER_TYPES:
            left, cw = col_x[kind]
            colour = MARKER_COLOURS[kind]
            price = str(view.market_prices.get(kind, 0))
            stock = view.market_stock.get(kind, 0)
            stock_s = t(lang, "render.kenchiku.left", "{n} left", n=stock)
            box = 27
            total = box + 5 + pen.length(stock_s, MIN_TEXT, stock == 0)
            bx = left + (cw - total) / 2
            pen.rect(bx, cy - box / 2, bx + box, cy + box / 2, fill=colour, radius=6)
            pen.text(bx + box / 2, cy + 1, price, 20, bold=True, fill=text_on(colour), anchor="mm")
            pen.text(
                bx + box + 5,
                cy + 1,
                stock_s,
                MIN_TEXT,
                bold=stock == 0,
                fill=th.danger if stock == 0 else th.muted,
                anchor="lm",
            )
        ry += MARKET_H
        if view.last_dice:
            cy = ry + DICE_H / 2
            dice = t(lang, "render.kenchiku.last_dice", "Last dice")
            pen.text(x + 14, cy, dice, MIN_TEXT, fill=th.muted, anchor="lm")
            for kind in MARKER_TYPES:
                if kind not in view.last_dice:
                    continue
                hit = view.last_dice[kind] < 0
                pen.text(
                    centre(kind),
                    cy,
                    "−1" if hit else "0",
                    17,
                    bold=hit,
                    fill=th.danger if hit else th.muted,
                    anchor="mm",
                )
            ry += DICE_H
        pen.line([(x + 10, ry), (x + w - 10, ry)], fill=th.panel_edge, width=1)

        # One row per company.
        for co in view.companies:
            self.company(co, x, ry, w, name_w, col_x)
            ry += ROW_H
        # What the columns mean, under the table.
        note = t(
            lang,
            "render.kenchiku.table_note",
            "Workers: ready/all · Park: not yet placed · ends at honour >{goal} or a height-6"
            " building",
            goal=view.honour_goal,
        )
        pen.text(
            x + 4,
            y + body_h + 14,
            pen.fit(note, MIN_TEXT, w - 8),
            MIN_TEXT,
            fill=th.muted,
            anchor="lm",
        )

    def company(
        self,
        co: CompanyView,
        x: float,
        y: float,
        w: float,
        name_w: float,
        col_x: dict[str, tuple[float, float]],
    ) -> None:
        pen, th, view = self.pen, self.t, self.view
        lang = pen.lang
        name = self.labels[co.seat]
        colour = player_colour(co.seat)
        cy = y + ROW_H / 2
        acting = co.seat in view.to_act and view.outcome is None
        if acting:
            pen.rect(
                x + 4,
                y + 2,
                x + w - 4,
                y + ROW_H - 2,
                fill=mix(th.panel, colour, 0.22),
                outline=th.ink,
                width=2,
                radius=8,
            )
        pen.mark(x + 24, cy, 13, co.seat)
        pen.text(x + 44, cy + 1, pen.fit(name, 20, name_w - 48, True), 20, bold=True, anchor="lm")

        def centre(key: str) -> float:
            left, cw = col_x[key]
            return left + cw / 2

        if co.bankrupt:
            left = col_x["structure"][0]
            right = col_x["workers"][0] + col_x["workers"][1]
            pen.text(
                (left + right) / 2,
                cy + 1,
                t(lang, "render.kenchiku.bankrupt_out", "bankrupt — out of the game"),
                18,
                bold=True,
                fill=th.danger,
                anchor="mm",
            )
        else:
            for kind in MARKER_TYPES:
                n = co.markers.get(kind, 0)
                value = f"{co.workers_ready}/{n}" if kind == "workers" else str(n)
                pen.text(centre(kind), cy + 1, value, 21, bold=True, anchor="mm")
        pen.text(
            centre("honour"),
            cy + 1,
            str(co.honour),
            22,
            bold=True,
            fill=th.danger if co.honour < 0 else th.ink,
            anchor="mm",
        )
        for key, held, colour_of in (
            ("loan", co.has_loan, th.danger),
            ("park", co.park_available and not co.bankrupt, th.good),
        ):
            if held:
                yes = t(lang, "render.kenchiku.yes", "yes")
                pen.text(centre(key), cy + 1, yes, 18, bold=True, fill=colour_of, anchor="mm")
            else:
                pen.text(centre(key), cy + 1, "–", 18, fill=th.faint, anchor="mm")
        if "buildings" in col_x:
            pen.text(centre("buildings"), cy + 1, str(co.buildings), 18, anchor="mm")
        if "chips" in col_x:
            pen.text(centre("chips"), cy + 1, str(co.chips_left), 18, anchor="mm")
        if co.money is not None and view.viewer == co.seat:
            # Only the viewer's own money, and only in a view made for that seat.
            label = t(lang, "render.kenchiku.money", "money {n}", n=co.money)
            nx = x + 44 + pen.length(name, 20, True) + 8
            if nx + pen.length(label, MIN_TEXT) + 14 <= x + name_w - 2:
                pen.pill(nx, cy, label, fill=th.admin, ink=BLACK, size=MIN_TEXT, bold=False, h=24)

    # -- final scores ----------------------------------------------------------------

    def score_keys(self) -> list[str]:
        details: dict[str, dict[str, int]] = dict((self.view.outcome or {}).get("details", {}))
        return _score_keys(details, itemised=self.size.itemised)

    def score_columns(self, w: float) -> tuple[float, float, list[list[str]]]:
        """The name column's width, a breakdown column's width and each column's title
        (in at most two lines)."""
        pen = self.pen
        name_w = 54 + 40 + max((pen.length(n, 20, True) for n in self.labels), default=0) + 12
        keys = self.score_keys()
        col_w = (w - name_w - 76 - 10) / max(1, len(keys))
        titles = [pen.lines(_score_label(k, pen.lang), MIN_TEXT, col_w - 4, 2, True) for k in keys]
        return name_w, col_w, titles

    def scores_height(self, w: float) -> float:
        scores = (self.view.outcome or {}).get("scores", {})
        _, _, titles = self.score_columns(w)
        head = 30 + 18 * (max((len(th) for th in titles), default=1) - 1)
        return 40 + head + len(scores) * 36 + 8

    def scores(self, x: float, y: float, w: float) -> None:
        pen, th, labels = self.pen, self.t, self.labels
        out: dict[str, Any] = self.view.outcome or {}
        scores: dict[str, int] = dict(out.get("scores", {}))
        ranks: dict[str, int] = dict(out.get("ranks", {}))
        details: dict[str, dict[str, int]] = dict(out.get("details", {}))
        winners = {int(s) for s in out.get("winners", [])}
        seats = sorted(scores, key=lambda s: (ranks.get(s, 99), int(s)))
        keys = self.score_keys()
        name_w, col_w, titles = self.score_columns(w)
        h = self.scores_height(w)
        head = h - 40 - len(scores) * 36 - 8
        lang = pen.lang
        final = t(lang, "render.kenchiku.final_scores", "Final scores")
        panel(pen, th, x, y, w, h, final, head=36, size=22, note_size=MIN_TEXT)
        left = x + name_w
        hy = y + 40 + head / 2
        for i, lines in enumerate(titles):
            cx = left + i * col_w + col_w / 2
            for j, line in enumerate(lines):
                ly = hy + (j - (len(lines) - 1) / 2) * 18
                pen.text(cx, ly, line, MIN_TEXT, bold=True, fill=th.muted, anchor="mm")
        tx = x + w - 10 - 76 / 2
        pen.text(tx, hy, t(lang, "render.kenchiku.total", "Total"), 17, bold=True, anchor="mm")
        for r, s in enumerate(seats):
            seat = int(s)
            cy = y + 40 + head + r * 36 + 18
            if seat in winners:
                pen.rect(
                    x + 6, cy - 16, x + w - 6, cy + 16, fill=mix(th.panel, th.admin, 0.3), radius=6
                )
            place = ordinal(ranks.get(s, r + 1), lang)
            pen.text(x + 14, cy + 1, place, 18, bold=True, anchor="lm")
            pen.mark(x + 68, cy, 13, seat)
            pen.text(x + 88, cy + 1, labels[seat], 20, bold=True, anchor="lm")
            row = details.get(s, {})
            if row.get("bankrupt"):
                pen.text(
                    left + (len(keys) * col_w) / 2,
                    cy + 1,
                    t(lang, "render.kenchiku.bankrupt", "bankrupt"),
                    18,
                    bold=True,
                    fill=th.danger,
                    anchor="mm",
                )
            else:
                for i, k in enumerate(keys):
                    v = row.get(k)
                    if v is None:
                        continue
                    pen.text(
                        left + i * col_w + col_w / 2,
                        cy + 1,
                        str(v),
                        18,
                        fill=th.danger if v < 0 else th.ink,
                        anchor="mm",
                    )
            pen.text(tx, cy + 1, str(scores[s]), 22, bold=True, anchor="mm")

    # -- voice cards and legend (static for a game: cached layers) -----------------------

    def voices_height(self, w: float) -> float:
        voices = tuple(self.view.voices)
        if not voices:
            return 0
        return _voices_height_of(
            voices, self.size, w, _theme_name(self.t), self.pen.k, self.pen.lang
        )

    def voices(self, x: float, y: float, w: float) -> None:
        layer = _voices_layer(
            tuple(self.view.voices), self.size, w, _theme_name(self.t), self.pen.k, self.pen.lang
        )
        self.pen.image.paste(layer, (self.pen.px(x), self.pen.px(y)))

    def legend_height(self, w: float) -> float:
        return _LEGEND.height if self.size.legend else 0

    def legend(self, x: float, y: float, w: float) -> None:
        _LEGEND.paste(self.pen, x, y, w, _paint_legend, _theme_name(self.t), self.t.bg)


def _nothing(w: float) -> float:
    return 0


def _voice_rows(voices: Sequence[VoiceCardView]) -> list[Sequence[VoiceCardView]]:
    per_row = min(4, len(voices))
    return [voices[r : r + per_row] for r in range(0, len(voices), per_row)]


def _voice_lines(
    pen: _Pen, v: VoiceCardView, cw: float, size: BoardSize
) -> tuple[list[str], list[str]]:
    """A voice card's title (at most three lines) and, where ``size`` shows it, its wording."""
    title = pen.lines(term(pen.lang, "kenchiku", "voice", v.id, v.title), 17, cw - 20, 3, True)
    text = term(pen.lang, "kenchiku", "voice_text", v.id, v.text)
    return title, pen.wrap(text, MIN_TEXT, cw - 20) if size.wording else []


def _voice_row_height(pen: _Pen, row: Sequence[VoiceCardView], cw: float, size: BoardSize) -> float:
    lines = [_voice_lines(pen, v, cw, size) for v in row]
    title = max(len(a) for a, _ in lines)
    text = max(len(b) for _, b in lines)
    return 38 + 21 * title + (6 + 19 * text if text else 0) + 34


def _draw_voices(
    pen: _Pen, voices: Sequence[VoiceCardView], size: BoardSize, x: float, y: float, w: float
) -> float:
    """The voice cards by kind, title and bonus (and wording, where ``size`` shows it), in
    rows of up to four; returns the height used."""
    th = pen.t
    top = y
    for row in _voice_rows(voices):
        cw = (w - (len(row) - 1) * VOICE_GAP) / len(row)
        h = _voice_row_height(pen, row, cw, size)
        for i, v in enumerate(row):
            cx = x + i * (cw + VOICE_GAP)
            admin = v.kind == "administration"
            band = th.admin if admin else th.citizen
            pen.rect(
                cx,
                y,
                cx + cw,
                y + h,
                fill=th.panel,
                outline=mix(band, th.panel, 0.3),
                width=2,
                radius=10,
            )
            pen.rect(cx, y, cx + cw, y + 28, fill=band, radius=10)
            pen.rect(cx, y + 18, cx + cw, y + 28, fill=band)
            label = (
                t(pen.lang, "render.kenchiku.administration", "ADMINISTRATION")
                if admin
                else t(pen.lang, "render.kenchiku.citizens", "CITIZENS")
            )
            pen.text(
                cx + 10,
                y + 15,
                pen.fit(label, MIN_TEXT, cw - 20, True),
                MIN_TEXT,
                bold=True,
                fill=text_on(band),
                anchor="lm",
            )
            title, text = _voice_lines(pen, v, cw, size)
            ty = y + 38
            for line in title:
                pen.text(cx + 10, ty, line, 17, bold=True)
                ty += 21
            ty += 6
            for line in text:
                pen.text(cx + 10, ty, line, MIN_TEXT, fill=th.muted)
                ty += 19
            # The bonus, at the foot of the card so a row of cards lines their amounts up.
            star = "*" if v.source == "reconstructed" else ""
            strong = mix(band, th.ink, 0.3)
            amount = f"+{v.amount}"
            ay = y + h - 18
            pen.text(cx + 10, ay, amount, 22, bold=True, fill=strong, anchor="lm")
            unit = (
                t(pen.lang, "render.kenchiku.unit_money", "money")
                if admin
                else t(pen.lang, "render.kenchiku.unit_honour", "honour")
            ) + star
            pen.text(
                cx + 16 + pen.length(amount, 22, True),
                ay + 2,
                unit,
                17,
                bold=True,
                fill=strong,
                anchor="lm",
            )
        y += h + VOICE_GAP
    return y - VOICE_GAP - top


@lru_cache(maxsize=VOICE_LAYERS)
def _voices_height_of(
    voices: tuple[VoiceCardView, ...], size: BoardSize, w: float, theme: str, k: float, lang: str
) -> float:
    """The voice cards' height, measured once per game (text measuring is a tenth of a board)."""
    pen = _Pen(Image.new("RGB", (1, 1)), k, _THEMES[theme], lang)
    rows = _voice_rows(voices)
    heights = [
        _voice_row_height(pen, row, (w - (len(row) - 1) * VOICE_GAP) / len(row), size)
        for row in rows
    ]
    return sum(heights) + VOICE_GAP * (len(heights) - 1)


@lru_cache(maxsize=VOICE_LAYERS)
def _voices_layer(
    voices: tuple[VoiceCardView, ...], size: BoardSize, w: float, theme: str, k: float, lang: str
) -> Image.Image:
    """The voice cards (fixed for a whole game), drawn once per language."""
    th = _THEMES[theme]
    h = _voices_height_of(voices, size, w, theme, k, lang)
    layer = Image.new("RGB", (max(1, round(w * k)), max(1, round(h * k))), th.bg)
    _draw_voices(_Pen(layer, k, th, lang), voices, size, 0, 0, w)
    return layer


_LEGEND = Legend(
    (
        ("building", "building (mark = owner)"),
        ("starter", "starting building"),
        ("park", "park (owner's mark)"),
        ("ghost", "land value: height to build"),
        ("district", "district boundary"),
        ("avenue", "avenue, on-avenue plot"),
        ("shapes", "owners: colour and shape"),
        ("workers", "workers: ready / spent"),
        ("star", "reconstructed amount"),
    ),
    head=PANEL_HEAD_H,
    row_h=LEGEND_ROW_H,
    label_dx=36,
    size=MIN_TEXT,
    title_size=22,
)


def _draw_legend(pen: _Pen, x: float, y: float, w: float) -> None:
    th = pen.t

    def icon(kind: str, cx: float, cy: float) -> None:
        ix = cx + 14
        if kind == "building":
            _small_stack(pen, ix, cy, player_colour(0))
        elif kind == "starter":
            _small_stack(pen, ix, cy, th.neutral_building)
        elif kind == "park":
            pen.rect(ix - 12, cy - 12, ix + 12, cy + 12, fill=th.grass, radius=4)
            pen.mark(ix, cy, 8, 1)
        elif kind == "ghost":
            pen.rect(ix - 12, cy - 12, ix + 12, cy + 12, fill=th.plot_tints[0], radius=4)
            pen.text(ix, cy + 1, "3", MIN_TEXT, fill=th.value, anchor="mm")
        elif kind == "district":
            pen.dashed((ix - 12, cy), (ix + 12, cy), fill=th.district_line, width=2, dash=5, gap=4)
        elif kind == "avenue":
            pen.rect(
                ix - 10,
                cy - 6,
                ix + 10,
                cy + 12,
                fill=th.plot_tints[0],
                outline=th.avenue_edge,
                width=2,
                radius=3,
            )
            pen.line([(ix - 14, cy - 8), (ix + 14, cy - 8)], fill=th.road, width=8)
            pen.dashed(
                (ix - 14, cy - 8), (ix + 14, cy - 8), fill=th.road_mark, width=1, dash=4, gap=3
            )
        elif kind == "shapes":
            for j in range(len(SEAT_SHAPES)):
                pen.mark(ix - 13 + j * 9, cy, 5, j)
        elif kind == "workers":
            mc = MARKER_COLOURS["workers"]
            pen.rect(ix - 13, cy - 6, ix - 1, cy + 6, fill=mc, radius=3)
            pen.rect(ix + 2, cy - 6, ix + 14, cy + 6, outline=mc, width=2, radius=3)
        else:
            pen.text(ix, cy + 2, "*", 20, bold=True, fill=th.muted, anchor="mm")

    labels = {
        "building": t(pen.lang, "render.kenchiku.l_building", "building (mark = owner)"),
        "starter": t(pen.lang, "render.kenchiku.l_starter", "starting building"),
        "park": t(pen.lang, "render.kenchiku.l_park", "park (owner's mark)"),
        "ghost": t(pen.lang, "render.kenchiku.l_ghost", "land value: height to build"),
        "district": t(pen.lang, "render.kenchiku.l_district", "district boundary"),
        "avenue": t(pen.lang, "render.kenchiku.l_avenue", "avenue, on-avenue plot"),
        "shapes": t(pen.lang, "render.kenchiku.l_shapes", "owners: colour and shape"),
        "workers": t(pen.lang, "render.kenchiku.l_workers", "workers: ready / spent"),
        "star": t(pen.lang, "render.kenchiku.l_star", "reconstructed amount"),
    }
    _LEGEND.draw(pen, th, x, y, w, icon, labels)


def _paint_legend(image: Image.Image, k: float, theme: str, lang: str, w: float) -> None:
    _draw_legend(_Pen(image, k, _THEMES[theme], lang), 0, 0, w)


def _board_size(view: KenchikuView, detail: bool) -> BoardSize:
    """CHAT, or DETAIL as wide as its city and side column."""
    if not detail:
        return CHAT
    city_w = _city_size(view, _geo(DETAIL, view.n_columns))[0]
    return replace(DETAIL, width=2 * DETAIL.margin + city_w + DETAIL.gap + DETAIL.side)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


def render_board(
    view: KenchikuView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> Image.Image:
    """Draw the public table: the chat board, or with ``detail`` the full-size board.

    The same sections at two sizes (see the module docstring). The chat board (default) is
    :data:`CHAT_W` (780) px wide at scale 1.0 and draws no text under :data:`MIN_TEXT` px, so
    shown 550 px wide in Discord its smallest text is 11.3 px: header (round, who is to act,
    last move), the city, one table of the market and the companies (markers, honour, loan,
    park), and the voice cards by title and bonus; once the game is over, the final scores
    above the city replace the table. The detailed board (about 1,560 px wide for a 9-column
    city, text at least 14 px) puts the city beside the rest and adds each company's
    buildings and chips, the voice cards' full wording, the scores card by card and the
    legend.

    Parts that do not change during a game (the empty city, the voice cards, the legend) are
    drawn once and cached; the result depends on the arguments only.

    Args:
        view: what to draw; only its contents are shown (no rule is derived here).
        names: display name per seat (index = seat), shortened for the board; missing or
            empty names show as ``P1``, ``P2``...
        theme: ``"light"`` or ``"dark"``.
        scale: size factor for the whole image (the bot uses 0.75).
        detail: the full-size board instead of the chat board.

    Returns:
        A new RGB image.

    Raises:
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    th = pick_theme(_THEMES, theme, scale)
    labels = seat_labels(view, names)
    size = _board_size(view, detail)
    return compose(
        size,
        lambda pen: _Board(pen, view, labels, size).sections(),
        lambda image, k: _Pen(image, k, th, lang),
        scale=scale,
        bg=th.bg,
    )


# ---------------------------------------------------------------------------------------------
# One company's view
# ---------------------------------------------------------------------------------------------


def _honour_scale(view: KenchikuView) -> tuple[int, int]:
    values = [c.honour for c in view.companies] or [0]
    lo = min(0, *values)
    hi = max(view.honour_goal + 3, *values)
    return lo, hi


def _draw_markers(
    pen: _Pen, co: CompanyView, x: float, y: float, row_h: float, pip: float, size: float
) -> float:
    """The markers as on the personal board (one square per marker; a spent worker hollow),
    one row per type from ``y``; returns the right end of the widest row."""
    th = pen.t
    right = x
    for i, kind in enumerate(MARKER_TYPES):
        cy = y + i * row_h
        mc = MARKER_COLOURS[kind]
        _marker_icon(pen, kind, x + pip * 0.55, cy, pip * 0.92, mc)
        count = co.markers.get(kind, 0)
        ready = co.workers_ready if kind == "workers" else count
        slots = max(6, min(count, 8))
        step = pip * 1.23
        for j in range(slots):
            sx = x + pip * 1.7 + j * step
            if j < min(count, slots):
                if j < ready:
                    pen.rect(sx, cy - pip / 2, sx + pip, cy + pip / 2, fill=mc, radius=3)
                else:  # a spent worker: hollow
                    pen.rect(
                        sx, cy - pip / 2, sx + pip, cy + pip / 2, outline=mc, width=2, radius=3
                    )
            else:
                q = pip * 0.25
                pen.rect(
                    sx + q,
                    cy - pip / 2 + q,
                    sx + pip - q,
                    cy + pip / 2 - q,
                    fill=th.slot_empty,
                    radius=2,
                )
        label = f"{ready}/{count}" if kind == "workers" else str(count)
        if count > slots:
            label = f"+{count - slots} ({label})"
        lx = x + pip * 1.7 + slots * step + 4
        pen.text(lx, cy + 1, label, size, bold=True, fill=th.ink, anchor="lm")
        right = max(right, lx + pen.length(label, size, True))
    return right


def _draw_honour_bar(
    pen: _Pen,
    view: KenchikuView,
    co: CompanyView,
    x0: float,
    x1: float,
    bar_y: float,
    scale: tuple[int, int],
    size: float,
    bar_h: float = 14,
) -> None:
    th = pen.t
    lo, hi = scale

    def bx_of(v: float) -> float:
        return x0 + (v - lo) / max(1, hi - lo) * (x1 - x0)

    pen.rect(x0, bar_y, x1, bar_y + bar_h, fill=th.slot_empty, radius=bar_h / 2)
    zero = bx_of(0)
    end = bx_of(co.honour)
    if co.honour != 0:
        a, b = sorted((zero, end))
        fill = th.danger if co.honour < 0 else player_colour(co.seat)
        pen.rect(a, bar_y, b, bar_y + bar_h, fill=fill, radius=bar_h / 2)
    goal = bx_of(view.honour_goal)
    pen.dashed((goal, bar_y - 5), (goal, bar_y + bar_h + 5), fill=th.ink, width=2, dash=3, gap=2)
    label = t(pen.lang, "render.kenchiku.goal", "goal >{n}", n=view.honour_goal)
    fits = goal + pen.length(label, size) / 2 < x1
    pen.text(
        goal, bar_y + bar_h + size + 3, label, size, fill=th.muted, anchor="mm" if fits else "rm"
    )
    if lo < 0:
        pen.line([(zero, bar_y - 3), (zero, bar_y + bar_h + 3)], fill=th.muted, width=1)


def _player_buildings(view: KenchikuView, seat: int) -> tuple[list[str], str | None]:
    """``"b3 2"`` (coordinate, height) for each of the seat's buildings, and its park's plot."""
    built = [f"{c.coord} {c.height}" for c in view.cells if c.owner == seat and c.height > 0]
    park = next((c.coord for c in view.cells if c.park_owner == seat), None)
    return built, park


def render_player(
    view: KenchikuView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """One company's area for ``/board player:<name>``: its markers as on the personal board,
    honour against the goal, loan, park, chips, and where its buildings and park stand.

    :data:`PLAYER_W` (640) px wide at scale 1.0, no text under :data:`PLAYER_MIN_TEXT` px (12 px
    at 550 px inline). Money is shown only in a view made for ``seat`` (``view.viewer``).

    Raises:
        KeyError: ``seat`` has no company in the view.
        ValueError: unknown ``theme`` or a non-positive ``scale``.
    """
    th = pick_theme(_THEMES, theme, scale)
    co = next((c for c in view.companies if c.seat == seat), None)
    if co is None:
        raise KeyError(seat)
    labels = seat_labels(view, names)
    m, w = 18, PLAYER_W - 36
    ruler = _Pen(Image.new("RGB", (1, 1)), scale, th, lang)
    built, park = _player_buildings(view, seat)
    where = t(
        lang,
        "render.kenchiku.buildings",
        "Buildings (height): {list} · Park: {park}",
        list=", ".join(built) if built else t(lang, "render.kenchiku.none_yet", "none yet"),
        park=park
        or (t(lang, "render.kenchiku.not_placed", "not placed") if co.park_available else "—"),
    )
    where_lines = ruler.wrap(where, 17, w - 28)
    body_h = 70 + 34 + 4 * 34 + 16 + 72 + 16 + 24 * len(where_lines) + 12
    height = m + body_h + m
    image = Image.new("RGB", (round(PLAYER_W * scale), round(height * scale)), th.bg)
    pen = _Pen(image, scale, th, lang)
    colour = player_colour(seat)
    acting = seat in view.to_act and view.outcome is None
    pen.rect(
        m,
        m,
        m + w,
        m + body_h,
        fill=mix(th.panel, colour, 0.08) if acting else th.panel,
        outline=th.ink if acting else th.panel_edge,
        width=3 if acting else 1,
        radius=12,
    )
    pen.rect(m, m, m + w, m + 56, fill=colour, radius=12)
    pen.rect(m, m + 40, m + w, m + 56, fill=colour)
    ink = text_on(colour)
    pen.mark(m + 32, m + 28, 16, seat, fill=mix(colour, WHITE, 0.55))
    pen.text(m + 58, m + 29, labels[seat], 28, bold=True, fill=ink, anchor="lm")
    bx: float = m + w - 14
    badges: list[tuple[str, RGB, RGB]] = []
    if co.bankrupt:
        badges.append((t(lang, "render.kenchiku.b_bankrupt", "BANKRUPT"), th.danger, WHITE))
    if acting:
        badges.append((t(lang, "render.kenchiku.b_to_act", "TO ACT"), th.ink, th.panel))
    if co.has_loan:
        badges.append((t(lang, "render.kenchiku.b_loan", "LOAN"), th.danger, WHITE))
    for text, fill, fg in badges:
        bw = pen.length(text, 17, True) + 14
        bx -= bw
        pen.pill(bx, m + 28, text, fill=fill, ink=fg, size=17, h=28)
        bx -= 8
    y = m + 56 + 14
    if co.money is not None and view.viewer == seat:
        money = t(lang, "render.kenchiku.money", "money {n}", n=co.money)
    else:
        money = t(lang, "render.kenchiku.money_hidden", "money hidden")
    if co.buildings == 1:
        built_n = t(lang, "render.kenchiku.one_building", "1 building")
    else:
        built_n = t(lang, "render.kenchiku.n_buildings", "{n} buildings", n=co.buildings)
    chips = t(lang, "render.kenchiku.chips_left", "{n} chips left", n=co.chips_left)
    stats = f"{built_n} · {chips} · {money}"
    pen.text(m + 16, y + 10, stats, 17, fill=th.muted, anchor="lm")
    y += 34
    _draw_markers(pen, co, m + 16, y + 14, 34, 22, 20)
    for i, kind in enumerate(MARKER_TYPES):
        label = (
            t(lang, "render.kenchiku.workers_ready", "Workers (ready/all)")
            if kind == "workers"
            else _marker(lang, kind)
        )
        pen.text(m + w - 16, y + 14 + i * 34, label, 17, fill=th.muted, anchor="rm")
    y += 4 * 34 + 16
    pen.text(
        m + 16, y + 12, t(lang, "render.kenchiku.honour", "Honour"), 19, bold=True, anchor="lm"
    )
    pen.text(
        m + w - 16,
        y + 12,
        str(co.honour),
        28,
        bold=True,
        fill=th.danger if co.honour < 0 else th.ink,
        anchor="rm",
    )
    _draw_honour_bar(pen, view, co, m + 16, m + w - 16, y + 32, _honour_scale(view), 16, 16)
    y += 72 + 16
    for i, line in enumerate(where_lines):
        pen.text(m + 16, y + 12 + i * 24, line, 17, anchor="lm")
    return image


def alt(view: KenchikuView, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """The board in words (``Renderer.alt``): round and each company's honour and buildings."""
    labels = seat_labels(view, names)
    players = []
    for c in view.companies:
        line = t(
            lang,
            "render.kenchiku.alt_player",
            "{name}: {honour} honour, {buildings} buildings",
            name=labels[c.seat],
            honour=c.honour,
            buildings=c.buildings,
        )
        if c.money is not None:
            line += t(lang, "render.kenchiku.alt_money", ", {n} money", n=c.money)
        players.append(line)
    return alt_text(
        t(lang, "render.kenchiku.name", "Kenchiku"),
        t(lang, "render.kenchiku.alt_round", "round {n}", n=view.round),
        players,
        over=view.outcome is not None,
        lang=lang,
    )


RENDERER: Renderer[KenchikuView] = Renderer(
    "kenchiku",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.companies),
    player=render_player,
)
