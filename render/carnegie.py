"""Carnegie images: the main board and a company board (seed 001).

``render_board(view)``: title row, the timeline (4 action rows x Start, 4 tiles, End) with the
action discs and this round's marker, the US map (cities, their construction spaces with type
letters and the owners' chips, roads, city VP), the four transport tracks, the donation chart,
one row per player (money, goods, VP, employees...) and, solo, Andrew's cards.
``render_company(view, seat)``: the company grid (departments, workplaces with their costs,
standing and lying employees, the Lobby), project tabs, missions and transport boxes.

Players are shown by name (``names``) with their Okabe-Ito colour and letter; the neutral
blocking disks are grey "N" chips and Andrew's are black "AC" chips.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from games.carnegie.view import CarnegieView, CellView, CityView, CompanyView
from i18n import t, term, tr
from render.common import (
    Palette,
    Pen,
    alt_text,
    mix,
    palette,
    pick_theme,
    player_colour,
    seat_names,
)
from render.contract import Renderer

RGB = tuple[int, int, int]

WIDTH = 1100
MARGIN = 20
GAP = 16
TITLE_H = 44
TITLE_SIZE = 24
TEXT_SIZE = 17
SMALL_SIZE = 14
# timeline
TL_LABEL_W = 190
TL_ROW_H = 40
TL_HEAD_H = 26
# map
MAP_H = 520
SPACE_R = 10
# tracks and donations
TRACK_ROW_H = 36
TRACK_LABEL_W = 96
DON_CELL_W = 62
# players
PLAYER_ROW_H = 40
# company board
CELL_W = 180
CELL_H = 126
SIDE_W = 380

NEUTRAL = -1
ANDREW = -2
ACTION_LABELS = {
    "hr": "Human Resources",
    "management": "Management",
    "construction": "Construction",
    "rd": "Research & Dev.",
}
TYPE_LETTERS = {
    "housing": "H",
    "commerce": "C",
    "industry": "I",
    "infrastructure": "P",
    "any": "",
}
REGION_LETTERS = {"west": "W", "midwest": "MW", "south": "S", "east": "E"}
REGION_LABEL_AT = {  # empty spots of the map, in board-scan pixels
    "west": (560, 1590),
    "midwest": (1450, 1395),
    "south": (1010, 2085),
    "east": (2420, 1640),
}


@dataclass(frozen=True)
class _Theme(Palette):
    line: RGB
    road: RGB
    highlight: RGB
    regions: dict[str, RGB]
    types: dict[str, RGB]


THEMES = {
    "light": _Theme(
        **palette("light"),
        line=(190, 184, 170),
        road=(170, 160, 140),
        highlight=(213, 94, 0),
        regions={
            "west": (236, 222, 196),
            "midwest": (214, 230, 208),
            "south": (240, 214, 200),
            "east": (210, 222, 238),
        },
        types={
            "housing": (0, 140, 70),
            "commerce": (0, 128, 128),
            "industry": (214, 120, 0),
            "infrastructure": (180, 40, 140),
            "any": (150, 150, 150),
        },
    ),
    "dark": _Theme(
        **palette("dark"),
        line=(80, 84, 92),
        road=(110, 104, 92),
        highlight=(240, 160, 60),
        regions={
            "west": (84, 70, 50),
            "midwest": (52, 76, 54),
            "south": (86, 56, 50),
            "east": (50, 64, 90),
        },
        types={
            "housing": (90, 200, 120),
            "commerce": (80, 200, 200),
            "industry": (250, 170, 70),
            "infrastructure": (230, 110, 200),
            "any": (170, 170, 170),
        },
    ),
}


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat < len(names):
        return names[seat]
    return f"P{seat + 1}"


def _named(text: str, names: Sequence[str] | None) -> str:
    """Engine sentences name seats ``p1``..``p4``; show the players' names instead."""
    seat = r"(?<![A-Za-z0-9_])p([1-4])(?![0-9])"  # bounded by ASCII: "p1が" is seat 1
    return re.sub(seat, lambda m: _name(int(m.group(1)) - 1, names), text)


def _star(cx: float, cy: float, r: float, points: int = 5) -> list[tuple[float, float]]:
    out = []
    for i in range(2 * points):
        a = math.pi * i / points - math.pi / 2
        k = r if i % 2 == 0 else r * 0.45
        out.append((cx + k * math.cos(a), cy + k * math.sin(a)))
    return out


def _mark(pen: Pen, x: float, y: float, r: float, owner: int, th: _Theme) -> None:
    """A disk on the board: the seat's colour AND its shape (circle, square, diamond,
    triangle), so colour is never the only cue and no letter collides with the project-type
    letters H/C/I/P; neutral blocking disks are grey with a cross, Andrew's a black star."""
    if owner == NEUTRAL:
        pen.disc(x, y, r, fill=(150, 150, 150), outline=th.ink, outline_w=1)
        k = r * 0.5
        pen.line([(x - k, y - k), (x + k, y + k)], fill=(255, 255, 255), width=max(1.5, r / 5))
        pen.line([(x - k, y + k), (x + k, y - k)], fill=(255, 255, 255), width=max(1.5, r / 5))
        return
    if owner == ANDREW:
        pen.disc(x, y, r, fill=th.ink)
        pen.polygon(_star(x, y, r * 0.85), fill=th.bg)
        return
    colour = player_colour(owner)
    edge = mix(colour, (0, 0, 0), 0.55)
    shape = owner % 4
    if shape == 0:
        pen.disc(x, y, r, fill=colour, outline=edge, outline_w=1.5)
    elif shape == 1:
        k = r * 0.86
        pen.rect(x - k, y - k, x + k, y + k, fill=colour, outline=edge, width=1.5)
    elif shape == 2:
        k = r * 1.12
        pen.polygon([(x, y - k), (x + k, y), (x, y + k), (x - k, y)], fill=colour, outline=edge)
    else:
        k = r * 1.15
        pen.polygon(
            [(x, y - k), (x + k * 0.98, y + k * 0.72), (x - k * 0.98, y + k * 0.72)],
            fill=colour,
            outline=edge,
        )


_owner_chip = _mark


def _seat_mark(pen: Pen, th: _Theme, x: float, y: float, r: float, seat: int) -> None:
    _mark(pen, x, y, r, seat, th)


# -- boards -----------------------------------------------------------------------------


def render_board(
    view: CarnegieView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> Image.Image:
    """The main board as an RGB image.

    ``detail=False`` (default): the chat board, ``CHAT_W * scale`` wide, drawn for Discord's
    inline width (550 px; no text under 11 px there): title, timeline with the chosen row
    and its event, the map (spaces by type, disks by seat shape and colour), players' money,
    goods, VP, employees and transport boxes by name, donations and this turn.
    ``detail=True``: the full board ``WIDTH * scale`` wide (transport track levels, donation
    names, last log lines, score breakdown). ``names``: one display name per seat.
    ``ValueError`` for an unknown theme or a scale <= 0.
    """
    th = pick_theme(THEMES, theme, scale)
    labels = seat_names(names, view.n_seats)
    if detail:
        return _render_detail(view, th, scale, labels, lang)
    return _render_chat(view, th, scale, labels, lang)


# -- chat board (issue 8: readable at Discord's inline width) ---------------------------

CHAT_W = 660  # layout width: text of 14 layout px shows at 11.7 px when the image is 550 wide
CM = 10  # chat margin
C_S = 14  # smallest chat text
C_M = 16
C_L = 19
C_ROW = 27
C_HEAD = 24
C_MAP_H = 480
C_R = 10  # space radius on the chat map
C_PITCH = 2 * C_R + 2
C_LABEL_W = 124  # timeline row labels
ROW_SHORT = {"hr": "HR", "management": "Management", "construction": "Construction", "rd": "R&D"}
REGION_SHORT = {"west": "W", "midwest": "MW", "south": "S", "east": "E"}
CHAT_CITY = {"Salt Lake City": "Salt Lake"}  # short labels on the chat map
# The chat map is schematic: box centres (layout px inside the map panel) placed by hand so the
# crowded East keeps 14 px labels apart at 550 px; roads and regions keep the printed topology.
CHAT_AT: dict[str, tuple[float, float]] = {
    "seattle": (40, 44),
    "helena": (150, 44),
    "portland": (40, 112),
    "boise": (140, 122),
    "san-francisco": (76, 206),
    "reno": (152, 196),
    "salt-lake-city": (212, 196),
    "denver": (272, 206),
    "los-angeles": (84, 330),
    "phoenix": (172, 356),
    "santa-fe": (222, 300),
    "el-paso": (220, 390),
    "fargo": (250, 44),
    "duluth": (340, 44),
    "st-paul": (330, 108),
    "omaha": (252, 140),
    "chicago": (420, 140),
    "kansas-city": (302, 270),
    "st-louis": (400, 262),
    "cincinnati": (478, 236),
    "albany": (535, 52),
    "boston": (610, 52),
    "pittsburgh": (502, 150),
    "new-york": (598, 152),
    "washington": (566, 250),
    "dallas": (305, 350),
    "san-antonio": (276, 428),
    "houston": (372, 410),
    "memphis": (420, 330),
    "new-orleans": (472, 410),
    "atlanta": (518, 334),
    "charleston": (598, 326),
}
# Where a city's label goes: "b" below (default), "a" above, "l" left, "r" right.
CHAT_LABEL = {
    "seattle": "a",
    "helena": "a",
    "fargo": "a",
    "duluth": "a",
    "albany": "a",
    "boston": "a",
    "pittsburgh": "a",
    "portland": "r",
    "boise": "r",
    "omaha": "l",
    "denver": "a",
    "charleston": "a",
}
CHAT_REGION_AT = {"west": (44, 262), "midwest": (372, 206), "south": (572, 420), "east": (600, 206)}


def _chat_xy(c: CityView, y0: float) -> tuple[float, float]:
    x, y = CHAT_AT[c.id]
    return CM + x, y0 + y


def _render_chat(
    view: CarnegieView, th: _Theme, scale: float, names: Sequence[str], lang: str
) -> Image.Image:
    n = view.n_seats
    rows = n + (1 if view.andrew else 0)
    players_h = C_HEAD + 16 + rows * C_ROW + 8
    tl_h = C_HEAD + 4 * C_ROW + 8 + C_ROW
    bottom_h = C_HEAD + 4 * C_ROW + 8
    out_h = (
        (C_HEAD + (len(view.outcome["scores"]) + (1 if view.andrew else 0)) * C_ROW + 8)
        if view.outcome
        else 0
    )
    height = (
        CM
        + 30
        + 6
        + tl_h
        + 6
        + C_MAP_H
        + 6
        + players_h
        + 6
        + bottom_h
        + (6 + out_h if out_h else 0)
        + CM
    )
    image = Image.new("RGB", (round(CHAT_W * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y: float = CM
    _chat_title(pen, view, th, names, y)
    y += 36
    if out_h:
        _chat_outcome(pen, view, th, names, y)
        y += out_h + 6
    _chat_timeline(pen, view, th, names, y)
    y += tl_h + 6
    _chat_map(pen, view, th, y)
    y += C_MAP_H + 6
    _chat_players(pen, view, th, names, y)
    y += players_h + 6
    _chat_donations(pen, view, th, y)
    _chat_turn(pen, view, th, names, y, bottom_h)
    return image


def _chat_title(pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str], y: float) -> None:
    lang = pen.lang
    left = _game_name(lang)
    if view.round:
        left += " · " + _round(lang, view.round)
    else:
        left += " · " + t(lang, "render.carnegie.setup", "setup")
    pen.text(CM, y + 15, left, C_L, bold=True, anchor="lm")
    right = _status(lang, view, names)
    w = CHAT_W - 2 * CM - pen.length(left, C_L, True) - 16
    pen.text(
        CHAT_W - CM, y + 15, pen.fit(right, C_M, w), C_M, bold=True, fill=th.highlight, anchor="rm"
    )


def _event_short(ev: str, lang: str = "en") -> str:
    parts = []
    for p in ev.split("+"):
        if p == "donation":
            parts.append(t(lang, "render.carnegie.don_short", "Don."))
        else:
            parts.append(_region_short(lang, p) + "$")
    return " ".join(parts)


def _event_words(ev: str, lang: str = "en") -> str:
    parts = []
    for p in ev.split("+"):
        if p == "donation":
            parts.append(t(lang, "render.carnegie.a_donation", "a donation"))
        else:
            parts.append(
                t(lang, "render.carnegie.income", "{region} income", region=_region(lang, p))
            )
    return t(lang, "render.carnegie.and", " and ").join(parts)


def _chat_timeline(
    pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str], y: float
) -> None:
    tl = view.timeline
    x1 = CHAT_W - CM
    pen.rect(CM, y, x1, y + C_HEAD + 4 * C_ROW + 8 + C_ROW, fill=th.panel, radius=8)
    lang = pen.lang
    timeline = t(lang, "render.carnegie.timeline", "Timeline")
    pen.text(CM + 8, y + C_HEAD / 2 + 1, timeline, C_M, bold=True, anchor="lm")
    x0 = CM + C_LABEL_W
    col_w = (x1 - 6 - x0) / 6
    heads = [
        t(lang, "render.carnegie.start", "Start"),
        *(f"{n}{'a' if side == 'front' else 'b'}" for n, side in tl.tiles),
        t(lang, "render.carnegie.end", "End"),
    ]
    for i, h in enumerate(heads):
        pen.text(x0 + col_w * (i + 0.5), y + C_HEAD / 2 + 1, h, C_S, fill=th.muted, anchor="mm")
    marker_cell = None
    if tl.marker is not None:
        row, pos = tl.marker
        if tl.flipped is not None:
            marker_cell = (tl.flipped, min(5, tl.discs[tl.flipped] + 1))
        elif pos <= 5:
            marker_cell = (row, pos)
    for row, action in enumerate(("hr", "management", "construction", "rd")):
        ry = y + C_HEAD + row * C_ROW
        chosen = view.action == action
        if chosen:
            pen.rect(
                CM + 3,
                ry + 1,
                x1 - 3,
                ry + C_ROW - 1,
                fill=mix(th.panel, th.highlight, 0.18),
                radius=6,
            )
        pen.text(
            CM + 8,
            ry + C_ROW / 2,
            _row_short(lang, action),
            C_M,
            bold=chosen,
            fill=th.highlight if chosen else th.ink,
            anchor="lm",
        )
        for pos in range(6):
            cx = x0 + col_w * pos
            here = marker_cell == (row, pos)
            passed = pos <= tl.discs[row]
            fill = mix(th.panel, th.bg, 0.7) if not passed else mix(th.panel, th.line, 0.35)
            pen.rect(
                cx + 2,
                ry + 2,
                cx + col_w - 2,
                ry + C_ROW - 2,
                fill=fill,
                outline=th.highlight if here else th.line,
                width=3 if here else 1,
                radius=5,
            )
            if pos >= 1:
                label = _event_short(tl.events[row][pos - 1], lang)
                pen.text(
                    cx + col_w / 2 + (8 if tl.discs[row] == pos else 0),
                    ry + C_ROW / 2 + 1,
                    label,
                    C_S,
                    fill=th.muted if pos < tl.discs[row] else th.ink,
                    anchor="mm",
                )
            if tl.discs[row] == pos:
                flipped = tl.flipped == row
                pen.disc(
                    cx + 9,
                    ry + C_ROW / 2,
                    6,
                    fill=th.bg if flipped else th.ink,
                    outline=th.ink,
                    outline_w=2,
                )
    # the sentence: who chose what and which event it triggered
    ly = y + C_HEAD + 4 * C_ROW + 4 + C_ROW / 2
    a = view.andrew
    chooser = (
        t(lang, "render.carnegie.andrew", "Andrew")
        if a is not None and a.picks
        else _name(view.start_player, names)
    )
    if view.action:
        text = t(
            lang,
            "render.carnegie.chose",
            "{who} chose {action}",
            who=chooser,
            action=_action(lang, view.action),
        )
        if marker_cell is not None:
            cell = marker_cell[1]
            ev = tl.events[marker_cell[0]][cell - 1] if 1 <= cell <= 5 else ""
            if ev:
                text += f": {_event_words(ev, lang)}"
    elif view.round:
        text = t(lang, "render.carnegie.chooses", "{who} chooses this round's action", who=chooser)
    else:
        text = t(
            lang,
            "render.carnegie.setup_line",
            "Setup: projects, reserve tiles, first employee moves",
        )
    pen.text(CM + 8, ly, pen.fit(text, C_M, x1 - CM - 16), C_M, bold=True, anchor="lm")


def _chat_map(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    x1 = CHAT_W - CM
    pen.rect(CM, y, x1, y + C_MAP_H, fill=th.panel, radius=8)
    where = {c.id: _chat_xy(c, y) for c in view.cities}
    for region, (lx, ly) in CHAT_REGION_AT.items():
        pen.text(
            CM + lx,
            y + ly,
            _region(pen.lang, region).upper(),
            C_M,
            bold=True,
            fill=mix(th.regions[region], th.ink, 0.4),
            anchor="mm",
        )
    from games.carnegie.data import load

    for a, b in load().roads:
        pen.line([where[a], where[b]], fill=th.road, width=2)
    for c in view.cities:
        cx, cy = where[c.id]
        rows = _space_rows(c.size, len(c.spaces))
        box_w = max(len(r) for r in rows) * C_PITCH + 6
        box_h = len(rows) * C_PITCH + 4
        pen.rect(
            cx - box_w / 2,
            cy - box_h / 2,
            cx + box_w / 2,
            cy + box_h / 2,
            fill=th.regions[c.region],
            outline=mix(th.regions[c.region], th.ink, 0.45),
            radius=6,
        )
        for ri, row in enumerate(rows):
            rw = len(row) * C_PITCH
            sy = cy - box_h / 2 + 2 + C_PITCH / 2 + ri * C_PITCH
            for k, idx in enumerate(row):
                sx = cx - rw / 2 + C_PITCH / 2 + k * C_PITCH
                sp = c.spaces[idx]
                if sp.owner is None:
                    col = th.types[sp.type]
                    pen.disc(sx, sy, C_R, fill=th.bg, outline=col, outline_w=2)
                    if TYPE_LETTERS[sp.type]:
                        pen.text(
                            sx, sy + 1, TYPE_LETTERS[sp.type], C_S, bold=True, fill=col, anchor="mm"
                        )
                else:
                    _mark(pen, sx, sy, C_R - 0.5, sp.owner, th)
        # the chat map has room for the short English labels only (katakana names are
        # twice as wide and would cover their neighbours); the detail map names them in full
        label = CHAT_CITY.get(c.name, c.name)
        if c.vp:
            label += f" {c.vp}"
        bold = c.size == "major"
        side = CHAT_LABEL.get(c.id, "b")
        if side == "b":
            pen.text(cx, cy + box_h / 2 + 1, label, C_S, bold=bold, anchor="ma")
        elif side == "a":
            pen.text(cx, cy - box_h / 2 - 1, label, C_S, bold=bold, anchor="md")
        elif side == "l":
            pen.text(cx - box_w / 2 - 3, cy, label, C_S, bold=bold, anchor="rm")
        else:
            pen.text(cx + box_w / 2 + 3, cy, label, C_S, bold=bold, anchor="lm")
    # key: the project-type letters and VP
    key = t(
        pen.lang,
        "render.carnegie.map_key",
        "H housing · C commerce · I industry · P infrastructure · ○ any · n = city VP",
    )
    pen.text(
        CM + 8, y + C_MAP_H - 11, pen.fit(key, C_S, x1 - CM - 16), C_S, fill=th.muted, anchor="lm"
    )


def _chat_players(pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str], y: float) -> None:
    n = view.n_seats
    rows = n + (1 if view.andrew else 0)
    x1 = CHAT_W - CM
    pen.rect(CM, y, x1, y + C_HEAD + 16 + rows * C_ROW + 8, fill=th.panel, radius=8)
    lang = pen.lang
    box = t(lang, "render.carnegie.transport_box", "transport box")
    pen.text(452, y + 12, box, C_S, fill=th.muted, anchor="mm")
    pen.line([(386, y + 21), (518, y + 21)], fill=th.line, width=1)
    y += 16
    cols = [
        ("$", 196),
        (t(lang, "render.carnegie.c_goods", "goods"), 246),
        ("VP", 296),
        (t(lang, "render.carnegie.c_active", "active"), 344),
        *((_region_short(lang, r), x) for r, x in zip(REGIONS, (398, 434, 470, 506), strict=True)),
        (t(lang, "render.carnegie.c_proj", "proj."), 556),
        (t(lang, "render.carnegie.c_tile", "tile"), 612),
    ]
    players = t(lang, "render.carnegie.players", "Players")
    pen.text(CM + 8, y + C_HEAD / 2 + 2, players, C_M, bold=True, anchor="lm")
    start = t(lang, "render.carnegie.start_mark", "★ start")
    pen.text(
        CM + 16 + pen.length(players, C_M, True),
        y + C_HEAD / 2 + 2,
        start,
        C_S,
        fill=th.muted,
        anchor="lm",
    )
    for label, x in cols:
        pen.text(x, y + C_HEAD / 2 + 2, label, C_S, fill=th.muted, anchor="mm")
    for co in view.companies:
        ry = y + C_HEAD + 4 + co.seat * C_ROW
        acting = co.seat in view.to_act and view.outcome is None
        if acting:
            pen.rect(
                CM + 3,
                ry,
                x1 - 3,
                ry + C_ROW,
                fill=mix(th.panel, th.highlight, 0.18),
                outline=th.highlight,
                width=2,
                radius=6,
            )
        _mark(pen, CM + 18, ry + C_ROW / 2, 8, co.seat, th)
        name = names[co.seat]
        if view.start_player == co.seat:
            name += " ★"
        pen.text(CM + 32, ry + C_ROW / 2 + 1, pen.fit(name, C_M, 140), C_M, bold=True, anchor="lm")
        values = [
            f"{co.money}",
            str(co.goods),
            str(co.vp),
            str(co.active_employees),
            *(str(co.tracks[r]) for r in ("west", "midwest", "south", "east")),
            str(len(co.projects)),
            t(lang, "render.carnegie.yes", "yes") if co.choice_tile else "–",
        ]
        for (_, x), v in zip(cols, values, strict=True):
            pen.text(x, ry + C_ROW / 2 + 1, v, C_M, anchor="mm")
    a = view.andrew
    if a is not None:
        ry = y + C_HEAD + 4 + n * C_ROW
        _mark(pen, CM + 18, ry + C_ROW / 2, 9, ANDREW, th)
        pen.text(
            CM + 32,
            ry + C_ROW / 2 + 1,
            t(lang, "render.carnegie.andrew_lvl", "Andrew (lvl {level})", level=a.level),
            C_M,
            bold=True,
            anchor="lm",
        )
        pen.text(cols[2][1], ry + C_ROW / 2 + 1, "–", C_M, anchor="mm")
        for (_, x), r in zip(cols[4:8], ("west", "midwest", "south", "east"), strict=True):
            pen.text(x, ry + C_ROW / 2 + 1, str(a.tracks[r]), C_M, anchor="mm")
        pen.text(
            cols[8][1],
            ry + C_ROW / 2 + 1,
            str(sum(1 for c in view.cities for s in c.spaces if s.owner == ANDREW)),
            C_M,
            anchor="mm",
        )


def _chat_donations(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    w = 300
    h = C_HEAD + 4 * C_ROW + 8
    pen.rect(CM, y, CM + w, y + h, fill=th.panel, radius=8)
    donations = t(pen.lang, "render.carnegie.donations", "Donations")
    pen.text(CM + 8, y + C_HEAD / 2 + 2, donations, C_M, bold=True, anchor="lm")
    cell_w = (w - 16) / 5
    for i, code in enumerate("abcd"):
        ry = y + C_HEAD + 4 + i * C_ROW
        for k in range(5):
            d = f"{code}{k + 1}"
            cx = CM + 8 + k * cell_w
            owners = view.chart.get(d, ())
            pen.rect(
                cx + 1,
                ry + 1,
                cx + cell_w - 1,
                ry + C_ROW - 1,
                fill=mix(th.panel, th.bg, 0.6),
                outline=th.line,
                radius=4,
            )
            pen.text(
                cx + 5, ry + C_ROW / 2 + 1, d, C_S, fill=th.muted if owners else th.ink, anchor="lm"
            )
            for j, o in enumerate(owners[:2]):
                _mark(pen, cx + 34 + j * 12, ry + C_ROW / 2, 7, o, th)


def _chat_turn(
    pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str], y: float, h: float
) -> None:
    x0 = CM + 306
    x1 = CHAT_W - CM
    pen.rect(x0, y, x1, y + h, fill=th.panel, radius=8)
    lines: list[tuple[str, bool]] = []
    tn = view.turn
    a = view.andrew
    lang = pen.lang
    if a is not None and not view.outcome:
        back = _row_short(lang, a.card_back) if a.card_back else "–"
        nxt = _row_short(lang, a.next_back) if a.next_back else "–"
        lines.append(
            (
                t(lang, "render.carnegie.andrew_picks", "Andrew picks the row")
                if a.picks
                else t(lang, "render.carnegie.you_pick", "You pick the row"),
                True,
            )
        )
        lines.append(
            (
                t(
                    lang,
                    "render.carnegie.card_back",
                    "Card back {back} · next {next}",
                    back=back,
                    next=nxt,
                ),
                False,
            )
        )
    if view.outcome:
        lines.append((t(lang, "render.carnegie.over", "Game over"), True))
    elif tn is not None:
        who = names[tn.seat] if 0 <= tn.seat < len(names) else "?"
        lines.append((t(lang, "render.carnegie.turn_of", "{who}'s turn", who=who), True))
        if tn.current:
            dept = _dept_name(view, tn.seat, tn.current, lang)
            using = t(
                lang, "render.carnegie.using", "Using {dept} ({n} left)", dept=dept, n=tn.uses_left
            )
            lines.append((using, False))
        if tn.used:
            used = ", ".join(_dept_name(view, tn.seat, d, lang) for d in tn.used)
            lines.append((t(lang, "render.carnegie.used", "Used: {depts}", depts=used), False))
        if tn.moves_left:
            lines.append(
                (
                    t(
                        lang,
                        "render.carnegie.moves_left",
                        "{n} employee moves left",
                        n=tn.moves_left,
                    ),
                    False,
                )
            )
        if tn.activating:
            lines.append((t(lang, "render.carnegie.activating", "Activating employees"), False))
    else:
        lines.append((_phase(lang, view), True))
    if view.event_income or view.event_donation:
        ev = "+".join(
            ([view.event_income] if view.event_income else [])
            + (["donation"] if view.event_donation else [])
        )
        lines.append(
            (t(lang, "render.carnegie.event", "Event: {what}", what=_event_words(ev, lang)), False)
        )
    # then the latest events, newest last, as many as fit
    width = x1 - x0 - 16
    room = 5 * C_ROW - len(lines) * C_ROW
    recent: list[str] = []
    entries = list(view.log)
    if view.round == 0 or (tn is not None and (tn.current == "planning" or tn.pending)):
        # choosing a department tile (reserve, Planning): what the display offers
        entries = [_on_display(lang, _display_names(view, lang))]
    for entry in reversed(entries):
        wrapped = pen.wrap(_named(tr(entry, lang), names), C_S, width)
        if (len(recent) + len(wrapped)) * 19 > room - 4:
            if not recent:  # the newest entry alone is too long: show what fits
                fit = max(0, int((room - 4) // 19))
                recent = wrapped[:fit]
                if fit and len(wrapped) > fit:
                    recent[-1] = pen.fit(recent[-1] + " …", C_S, width)
            break
        recent = wrapped + recent
    yy = y + C_HEAD / 2 + 2
    for text, bold in lines[:5]:
        size = C_M if bold else C_S
        pen.text(x0 + 8, yy, pen.fit(text, size, width, bold), size, bold=bold, anchor="lm")
        yy += C_ROW
    yy -= C_ROW / 2 - 4
    for line in recent:
        pen.text(x0 + 8, yy, pen.fit(line, C_S, width), C_S, fill=th.muted, anchor="la")
        yy += 19


def _display_names(view: CarnegieView, lang: str = "en") -> list[str]:
    """Department tiles on display (to reserve or build), by printed name, ``×n`` for copies."""
    from games.carnegie.data import load

    dept = load().department
    return [
        (term(lang, PREFIX, "department", k, dept[k].name) if k in dept else k)
        + (f" ×{n}" if n > 1 else "")
        for k, n in view.display.items()
        if n
    ]


def _dept_name(view: CarnegieView, seat: int, dept: str, lang: str = "en") -> str:
    """A department's printed name from the player's company board (its id if absent), in
    ``lang``."""
    if 0 <= seat < len(view.companies):
        for cell in view.companies[seat].cells:
            if cell.dept == dept and cell.name:
                return term(lang, PREFIX, "department", dept, cell.name)
    return dept


def _chat_outcome(pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str], y: float) -> None:
    out = view.outcome
    assert out is not None
    rows = len(out["scores"]) + (1 if view.andrew else 0)
    x1 = CHAT_W - CM
    pen.rect(
        CM,
        y,
        x1,
        y + C_HEAD + rows * C_ROW + 8,
        fill=th.panel,
        outline=th.highlight,
        width=2,
        radius=8,
    )
    keys = [
        "vp_track",
        "active_employees",
        "departments",
        "tabs",
        "connections",
        "projects",
        "donations",
        "choice_tile",
    ]
    lang = pen.lang
    short = [
        t(lang, "render.carnegie.s_play", "play"),
        t(lang, "render.carnegie.s_empl", "empl"),
        t(lang, "render.carnegie.s_dept", "dept"),
        t(lang, "render.carnegie.s_tabs", "tabs"),
        t(lang, "render.carnegie.s_conn", "conn"),
        t(lang, "render.carnegie.s_proj", "proj"),
        t(lang, "render.carnegie.s_don", "don"),
        t(lang, "render.carnegie.s_tile", "tile"),
    ]
    final = t(lang, "render.carnegie.final_score", "Final score")
    pen.text(CM + 8, y + C_HEAD / 2 + 2, final, C_M, bold=True, anchor="lm")
    for i, s in enumerate(short):
        pen.text(238 + i * 52, y + C_HEAD / 2 + 2, s, C_S, fill=th.muted, anchor="mm")
    order = sorted(out["scores"].items(), key=lambda kv: out["ranks"].get(kv[0], 9))
    for r, (seat, score) in enumerate(order):
        ry = y + C_HEAD + 4 + r * C_ROW + C_ROW / 2
        d = out["details"].get(seat, {})
        _mark(pen, CM + 18, ry, 8, int(seat), th)
        pen.text(
            CM + 32, ry + 1, pen.fit(names[int(seat)], C_M, 110, True), C_M, bold=True, anchor="lm"
        )
        pen.text(192, ry + 1, str(score), C_M, bold=True, anchor="rm")
        for i, k in enumerate(keys):
            pen.text(
                238 + i * 52,
                ry + 1,
                str(d.get(k, 0) + (d.get("end_departments", 0) if k == "departments" else 0)),
                C_M,
                anchor="mm",
            )
    if view.andrew:
        d = out["details"].get("0", {})
        ry = y + C_HEAD + 4 + (rows - 1) * C_ROW + C_ROW / 2
        _mark(pen, CM + 18, ry, 8, ANDREW, th)
        pen.text(
            CM + 32,
            ry + 1,
            t(lang, "render.carnegie.andrew", "Andrew"),
            C_M,
            bold=True,
            anchor="lm",
        )
        pen.text(192, ry + 1, str(d.get("andrew_total", 0)), C_M, bold=True, anchor="rm")


# -- main board -------------------------------------------------------------------------


def _render_detail(
    view: CarnegieView, th: _Theme, scale: float, names: Sequence[str], lang: str
) -> Image.Image:
    """The full board (``detail=True``): ``WIDTH * scale`` wide, small text allowed."""
    n = view.n_seats
    tl_h = TL_HEAD_H + 4 * TL_ROW_H
    lower_h = TL_HEAD_H + 4 * TRACK_ROW_H + 8
    players_h = TL_HEAD_H + n * PLAYER_ROW_H
    andrew_h = (TL_HEAD_H + 3 * 30) if view.andrew else 0
    log_lines = [tr(x, lang) for x in view.log[-3:]]
    shown = _display_names(view, lang)
    if shown:
        probe = Pen(Image.new("RGB", (1, 1)), scale, lang=lang)
        log_lines = [
            *probe.wrap(_on_display(lang, shown), SMALL_SIZE, WIDTH - 2 * MARGIN),
            *log_lines,
        ]
    outcome_h = 0
    if view.outcome:
        outcome_h = 2 * TL_HEAD_H + (n + (1 if view.andrew else 0)) * 30 + 10
    height = (
        MARGIN
        + TITLE_H
        + GAP
        + tl_h
        + GAP
        + MAP_H
        + GAP
        + lower_h
        + GAP
        + players_h
        + (GAP + andrew_h if andrew_h else 0)
        + (GAP + outcome_h if outcome_h else 0)
        + GAP
        + 24 * len(log_lines)
        + MARGIN
    )
    image = Image.new("RGB", (round(WIDTH * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y = MARGIN
    _title(pen, view, th, names, y)
    y += TITLE_H + GAP
    _timeline(pen, view, th, y)
    y += tl_h + GAP
    _map(pen, view, th, y)
    y += MAP_H + GAP
    _tracks(pen, view, th, y)
    _donations(pen, view, th, y)
    y += lower_h + GAP
    _players(pen, view, th, names, y)
    y += players_h
    if andrew_h:
        y += GAP
        _andrew(pen, view, th, y)
        y += andrew_h
    if outcome_h:
        y += GAP
        _outcome(pen, view, th, names, y)
        y += outcome_h
    y += GAP
    for line in log_lines:
        line = _named(line, names)
        pen.text(
            MARGIN, y, pen.fit(line, SMALL_SIZE, WIDTH - 2 * MARGIN), SMALL_SIZE, fill=th.muted
        )
        y += 24
    return image


def _title(pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str] | None, y: float) -> None:
    lang = pen.lang
    left = _game_name(lang)
    if view.round:
        left += " · " + _round(lang, view.round)
    if view.action:
        left += f" · {_action(lang, view.action)}"
    pen.text(MARGIN, y + TITLE_H / 2, left, TITLE_SIZE, bold=True, anchor="lm")
    right = _status(lang, view, names)
    pen.text(
        WIDTH - MARGIN, y + TITLE_H / 2, pen.fit(right, TEXT_SIZE, 520), TEXT_SIZE, anchor="rm"
    )


def _event_label(ev: str, lang: str = "en") -> str:
    parts = []
    for p in ev.split("+"):
        if p == "donation":
            parts.append(t(lang, "render.carnegie.donate", "Donate"))
        else:
            parts.append(_region_short(lang, p) + " $")
    return " · ".join(parts)


def _timeline(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    tl = view.timeline
    x0 = MARGIN + TL_LABEL_W
    col_w = (WIDTH - MARGIN - x0) / 6
    pen.rect(MARGIN, y, WIDTH - MARGIN, y + TL_HEAD_H + 4 * TL_ROW_H, fill=th.panel, radius=8)
    lang = pen.lang
    timeline = t(lang, "render.carnegie.timeline", "Timeline")
    pen.text(MARGIN + 10, y + TL_HEAD_H / 2, timeline, TEXT_SIZE, bold=True, anchor="lm")
    heads = [
        t(lang, "render.carnegie.start", "Start"),
        *(
            t(lang, "render.carnegie.tile", "Tile {n}", n=f"{n}{'a' if side == 'front' else 'b'}")
            for n, side in tl.tiles
        ),
        t(lang, "render.carnegie.end", "End"),
    ]
    for i, h in enumerate(heads):
        pen.text(
            x0 + col_w * (i + 0.5), y + TL_HEAD_H / 2, h, SMALL_SIZE, fill=th.muted, anchor="mm"
        )
    for row, action in enumerate(("hr", "management", "construction", "rd")):
        ry = y + TL_HEAD_H + row * TL_ROW_H
        chosen = view.action == action
        pen.text(
            MARGIN + 10,
            ry + TL_ROW_H / 2,
            _action(pen.lang, action),
            TEXT_SIZE,
            bold=chosen,
            fill=th.highlight if chosen else th.ink,
            anchor="lm",
        )
        for pos in range(6):
            cx = x0 + col_w * pos
            event_here = tl.marker is not None and (
                (tl.flipped is None and tl.marker[0] == row and tl.marker[1] == pos)
                or (tl.flipped == row and tl.discs[row] + 1 == pos)
            )
            fill = mix(th.panel, th.bg, 0.6)
            outline = th.highlight if event_here else th.line
            pen.rect(
                cx + 3,
                ry + 3,
                cx + col_w - 3,
                ry + TL_ROW_H - 3,
                fill=fill,
                outline=outline,
                width=3 if event_here else 1,
                radius=5,
            )
            if pos >= 1:
                label = _event_label(tl.events[row][pos - 1], pen.lang)
                pen.text(
                    cx + col_w / 2 + 10,
                    ry + TL_ROW_H / 2,
                    pen.fit(label, SMALL_SIZE, col_w - 44),
                    SMALL_SIZE,
                    anchor="mm",
                )
            if tl.discs[row] == pos:
                flipped = tl.flipped == row
                pen.disc(
                    cx + 16,
                    ry + TL_ROW_H / 2,
                    10,
                    fill=th.bg if flipped else th.ink,
                    outline=th.ink,
                    outline_w=2,
                )
        if tl.marker is not None and tl.marker[0] == row and tl.marker[1] == 6:
            pen.text(
                WIDTH - MARGIN - 8,
                ry + TL_ROW_H / 2,
                "▶",
                SMALL_SIZE,
                fill=th.highlight,
                anchor="rm",
            )


def _map_xy(pos: tuple[int, int], y: float) -> tuple[float, float]:
    x0, x1, y0, y1 = 120, 2600, 990, 2130
    w = WIDTH - 2 * MARGIN - 40
    h = MAP_H - 60
    return (
        MARGIN + 20 + (pos[0] - x0) / (x1 - x0) * w,
        y + 20 + (pos[1] - y0) / (y1 - y0) * h,
    )


def _map(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    pen.rect(MARGIN, y, WIDTH - MARGIN, y + MAP_H, fill=th.panel, radius=8)
    where = {c.id: _map_xy(c.position, y) for c in view.cities}
    for region, spot in REGION_LABEL_AT.items():
        lx, ly = _map_xy(spot, y)
        pen.text(
            lx,
            ly,
            _region(pen.lang, region).upper(),
            TEXT_SIZE,
            bold=True,
            fill=mix(th.regions[region], th.ink, 0.45),
            anchor="mm",
        )
    from games.carnegie.data import load

    for a, b in load().roads:
        pen.line([where[a], where[b]], fill=th.road, width=2)
    for c in view.cities:
        cx, cy = where[c.id]
        top = [s for s in c.spaces[: len(c.spaces)]]
        rows = _space_rows(c.size, len(top))
        box_w = max(len(r) for r in rows) * (2 * SPACE_R + 3) + 8
        box_h = len(rows) * (2 * SPACE_R + 3) + 6
        pen.rect(
            cx - box_w / 2,
            cy - box_h / 2,
            cx + box_w / 2,
            cy + box_h / 2,
            fill=th.regions[c.region],
            outline=mix(th.regions[c.region], th.ink, 0.4),
            radius=6,
        )
        for ri, row in enumerate(rows):
            rw = len(row) * (2 * SPACE_R + 3)
            sy = cy - box_h / 2 + 3 + SPACE_R + 1 + ri * (2 * SPACE_R + 3)
            for k, idx in enumerate(row):
                sx = cx - rw / 2 + SPACE_R + 1.5 + k * (2 * SPACE_R + 3)
                sp = c.spaces[idx]
                if sp.owner is None:
                    col = th.types[sp.type]
                    pen.disc(sx, sy, SPACE_R, fill=th.bg, outline=col, outline_w=2.5)
                    pen.text(
                        sx, sy + 1, TYPE_LETTERS[sp.type], 12, bold=True, fill=col, anchor="mm"
                    )
                else:
                    _owner_chip(pen, sx, sy, SPACE_R, sp.owner, th)
        # city labels keep their printed (Latin) names in every language: the katakana
        # names are half as wide again and cover their neighbours on this fixed map
        label = c.name if c.size != "small" else _short(c.name)
        if c.vp:
            label += f" {c.vp}★"
        pen.text(
            cx,
            cy + box_h / 2 + 9,
            label,
            13 if c.size == "small" else SMALL_SIZE,
            bold=c.size == "major",
            anchor="mm",
        )


def _space_rows(size: str, n: int) -> list[list[int]]:
    """Indices of the left-to-right spaces arranged in the printed rows (top first)."""
    if size == "small":
        return [[0]]
    if size == "medium":  # left-to-right: bottom-left, top, bottom-right
        return [[1], [0, 2]]
    return [[1, 3], [0, 2, 4]]  # major: top C/H over bottom I I P (x order interleaves)


def _short(name: str) -> str:
    return {
        "Salt Lake City": "Salt Lake",
        "San Antonio": "San Ant.",
        "Charleston": "Charlest.",
    }.get(name, name)


def _tracks(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    w = 560
    pen.rect(MARGIN, y, MARGIN + w, y + TL_HEAD_H + 4 * TRACK_ROW_H + 8, fill=th.panel, radius=8)
    pen.text(
        MARGIN + 10,
        y + TL_HEAD_H / 2 + 2,
        t(pen.lang, "render.carnegie.transport", "Transport (box 1-5, level)"),
        TEXT_SIZE,
        bold=True,
        anchor="lm",
    )
    box_w = (w - TRACK_LABEL_W - 12) / 5
    from games.carnegie.data import load

    data = load()
    for i, region in enumerate(("west", "midwest", "south", "east")):
        ry = y + TL_HEAD_H + 4 + i * TRACK_ROW_H
        pen.text(
            MARGIN + 10, ry + TRACK_ROW_H / 2, _region(pen.lang, region), TEXT_SIZE, anchor="lm"
        )
        levels = data.tracks[region].levels
        for b in range(5):
            bx = MARGIN + TRACK_LABEL_W + b * box_w
            pen.rect(
                bx + 2,
                ry + 3,
                bx + box_w - 2,
                ry + TRACK_ROW_H - 3,
                fill=mix(th.regions[region], th.bg, 0.3),
                outline=th.line,
                radius=4,
            )
            pen.text(
                bx + 8,
                ry + TRACK_ROW_H / 2,
                f"{b + 1}{levels[b][0].upper()}",
                12,
                fill=th.muted,
                anchor="lm",
            )
            owners = [co.seat for co in view.companies if co.tracks[region] == b + 1]
            if view.andrew and view.andrew.tracks[region] == b + 1:
                owners.append(ANDREW)
            for k, o in enumerate(owners):
                _owner_chip(pen, bx + 38 + k * 17, ry + TRACK_ROW_H / 2, 9, o, th)


def _donations(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    x0 = MARGIN + 560 + GAP
    w = WIDTH - MARGIN - x0
    pen.rect(x0, y, x0 + w, y + TL_HEAD_H + 4 * TRACK_ROW_H + 8, fill=th.panel, radius=8)
    lang = pen.lang
    donations = t(lang, "render.carnegie.donations", "Donations")
    pen.text(x0 + 10, y + TL_HEAD_H / 2 + 2, donations, TEXT_SIZE, bold=True, anchor="lm")
    cats = {
        "a": t(lang, "render.carnegie.education", "Education"),
        "b": t(lang, "render.carnegie.rights", "Rights"),
        "c": t(lang, "render.carnegie.welfare", "Welfare"),
        "d": t(lang, "render.carnegie.health", "Health"),
    }
    cell_w = (w - 112) / 5
    for i, (code, cat) in enumerate(cats.items()):
        ry = y + TL_HEAD_H + 4 + i * TRACK_ROW_H
        pen.text(x0 + 10, ry + TRACK_ROW_H / 2, cat, SMALL_SIZE, anchor="lm")
        for k in range(5):
            d = f"{code}{k + 1}"
            cx = x0 + 104 + k * cell_w
            pen.rect(
                cx + 2,
                ry + 3,
                cx + cell_w - 2,
                ry + TRACK_ROW_H - 3,
                fill=mix(th.panel, th.bg, 0.6),
                outline=th.line,
                radius=4,
            )
            owners = view.chart.get(d, ())
            pen.text(cx + 6, ry + TRACK_ROW_H / 2, d.upper(), 12, fill=th.muted, anchor="lm")
            for j, o in enumerate(owners[:2]):
                _owner_chip(pen, cx + 34 + j * 13, ry + TRACK_ROW_H / 2, 9, o, th)


def _players(
    pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str] | None, y: float
) -> None:
    n = view.n_seats
    pen.rect(MARGIN, y, WIDTH - MARGIN, y + TL_HEAD_H + n * PLAYER_ROW_H, fill=th.panel, radius=8)
    lang = pen.lang
    cols = [
        (t(lang, "render.carnegie.h_money", "Money"), 330),
        (t(lang, "render.carnegie.h_goods", "Goods"), 430),
        ("VP", 520),
        (t(lang, "render.carnegie.h_active", "Active"), 590),
        (t(lang, "render.carnegie.h_projects", "Projects"), 680),
        (t(lang, "render.carnegie.h_depts", "Depts"), 790),
        (t(lang, "render.carnegie.donations", "Donations"), 880),
        (t(lang, "render.carnegie.h_tile", "Tile"), 1000),
    ]
    companies = t(lang, "render.carnegie.companies", "Companies")
    pen.text(MARGIN + 10, y + TL_HEAD_H / 2 + 2, companies, TEXT_SIZE, bold=True, anchor="lm")
    for label, x in cols:
        pen.text(x, y + TL_HEAD_H / 2 + 2, label, SMALL_SIZE, fill=th.muted, anchor="mm")
    for co in view.companies:
        ry = y + TL_HEAD_H + co.seat * PLAYER_ROW_H
        acting = co.seat in view.to_act
        if acting:
            pen.rect(
                MARGIN + 4,
                ry + 2,
                WIDTH - MARGIN - 4,
                ry + PLAYER_ROW_H - 2,
                outline=th.highlight,
                width=2,
                radius=6,
            )
        _seat_mark(pen, th, MARGIN + 24, ry + PLAYER_ROW_H / 2, 13, co.seat)
        name = _name(co.seat, names) + (" ★" if view.start_player == co.seat else "")
        pen.text(
            MARGIN + 44,
            ry + PLAYER_ROW_H / 2,
            pen.fit(name, TEXT_SIZE, 220),
            TEXT_SIZE,
            bold=acting,
            anchor="lm",
        )
        values = [
            f"${co.money}",
            str(co.goods),
            str(co.vp),
            str(co.active_employees),
            str(len(co.projects)),
            str(len(co.added)),
            str(len(co.donations)),
            t(lang, "render.carnegie.yes", "yes") if co.choice_tile else "–",
        ]
        for (_, x), v in zip(cols, values, strict=True):
            pen.text(x, ry + PLAYER_ROW_H / 2, v, TEXT_SIZE, anchor="mm")


def _andrew(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    a = view.andrew
    assert a is not None
    pen.rect(MARGIN, y, WIDTH - MARGIN, y + TL_HEAD_H + 3 * 30, fill=th.panel, radius=8)
    pen.text(
        MARGIN + 10,
        y + TL_HEAD_H / 2 + 2,
        t(
            pen.lang,
            "render.carnegie.andrew_level",
            "Andrew Carnegie (level {level})",
            level=a.level,
        ),
        TEXT_SIZE,
        bold=True,
        anchor="lm",
    )
    lang = pen.lang
    who = (
        t(lang, "render.carnegie.andrew_picks", "Andrew picks the row")
        if a.picks
        else t(lang, "render.carnegie.you_pick", "You pick the row")
    )
    back = _action(lang, a.card_back) if a.card_back else "—"
    nxt = _action(lang, a.next_back) if a.next_back else "—"
    none = t(lang, "render.carnegie.none", "none")
    first = t(
        lang,
        "render.carnegie.andrew_backs",
        "{who}. This card's back: {back}; next card's back: {next}",
        who=who,
        back=back,
        next=nxt,
    )
    if a.card:
        first += t(
            lang,
            "render.carnegie.revealed",
            "; revealed {card}, slid {shift}",
            card=a.card.upper(),
            shift=a.shift,
        )
    lines = [
        first,
        t(
            lang,
            "render.carnegie.piles",
            "Cards under 0/1/3/6/10 VP: {piles} · deck {deck} · disks {disks}",
            piles=" / ".join(str(p) for p in a.piles),
            deck=a.deck,
            disks=a.disks,
        ),
        t(
            lang,
            "render.carnegie.andrew_tiles",
            "Tiles: {tiles} · donations: {donations}",
            tiles=", ".join(a.departments) or none,
            donations=", ".join(d.upper() for d in a.donations) or none,
        ),
    ]
    for i, line in enumerate(lines):
        pen.text(
            MARGIN + 14,
            y + TL_HEAD_H + 15 + i * 30,
            pen.fit(line, TEXT_SIZE, WIDTH - 2 * MARGIN - 28),
            TEXT_SIZE,
            anchor="lm",
        )


def _outcome(
    pen: Pen, view: CarnegieView, th: _Theme, names: Sequence[str] | None, y: float
) -> None:
    out = view.outcome
    assert out is not None
    rows = len(out["scores"]) + (1 if view.andrew else 0)
    pen.rect(
        MARGIN,
        y,
        WIDTH - MARGIN,
        y + 2 * TL_HEAD_H + rows * 30 + 10,
        fill=th.panel,
        outline=th.highlight,
        width=2,
        radius=8,
    )
    pen.text(
        MARGIN + 10,
        y + TL_HEAD_H / 2 + 2,
        pen.fit(_named(tr(out["reason"], pen.lang), names), TEXT_SIZE, 1000),
        TEXT_SIZE,
        bold=True,
        anchor="lm",
    )
    keys = [
        "vp_track",
        "active_employees",
        "departments",
        "tabs",
        "connections",
        "projects",
        "donations",
        "choice_tile",
        "end_departments",
    ]
    lang = pen.lang
    short = [
        t(lang, "render.carnegie.d_play", "play"),
        t(lang, "render.carnegie.d_empl", "empl."),
        t(lang, "render.carnegie.d_depts", "depts"),
        t(lang, "render.carnegie.s_tabs", "tabs"),
        t(lang, "render.carnegie.d_conn", "conn."),
        t(lang, "render.carnegie.c_proj", "proj."),
        t(lang, "render.carnegie.d_don", "don."),
        t(lang, "render.carnegie.s_tile", "tile"),
        t(lang, "render.carnegie.d_end", "end"),
    ]
    for i, s in enumerate(short):
        pen.text(300 + i * 78, y + TL_HEAD_H * 1.5 + 2, s, SMALL_SIZE, fill=th.muted, anchor="mm")
    for r, (seat, score) in enumerate(out["scores"].items()):
        ry = y + 2 * TL_HEAD_H + 14 + r * 30
        d = out["details"].get(seat, {})
        _seat_mark(pen, th, MARGIN + 24, ry, 11, int(seat))
        pen.text(
            MARGIN + 42,
            ry,
            pen.fit(f"{_name(int(seat), names)}: {score}", TEXT_SIZE, 200),
            TEXT_SIZE,
            bold=True,
            anchor="lm",
        )
        for i, k in enumerate(keys):
            pen.text(300 + i * 78, ry, str(d.get(k, 0)), TEXT_SIZE, anchor="mm")
    if view.andrew:
        d = out["details"].get("0", {})
        ry = y + 2 * TL_HEAD_H + 14 + (rows - 1) * 30
        pen.text(
            MARGIN + 42,
            ry,
            f"{t(lang, 'render.carnegie.andrew', 'Andrew')}: {d.get('andrew_total', 0)}",
            TEXT_SIZE,
            bold=True,
            anchor="lm",
        )
        parts = [
            (t(lang, "render.carnegie.a_cards", "cards"), "andrew_cards"),
            (t(lang, "render.carnegie.a_tiles", "tiles"), "andrew_departments"),
            (t(lang, "render.carnegie.a_transport", "transport"), "andrew_transport"),
            (t(lang, "render.carnegie.a_projects", "projects"), "andrew_projects"),
            (t(lang, "render.carnegie.a_donations", "donations"), "andrew_donations"),
        ]
        pen.text(
            300, ry, " · ".join(f"{a} {d.get(k, 0)}" for a, k in parts), TEXT_SIZE, anchor="lm"
        )


# -- company board (render_player / render_hand) ------------------------------------------

P_W = 620  # layout width: 14 px text shows at 12.4 px when the image is 550 wide
P_CW = 144
P_CH = 96
P_ROWHEAD = 24


def render_player(
    view: CarnegieView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """One player's company board (``/board player:``), ``P_W * scale`` wide and readable at
    Discord's inline width: the 4 x 4 department grid (``a1`` top left, as in the move
    notation) with workplaces and their activation costs, standing employees (the seat's
    shape) and lying ones, the Lobby, project tabs, transport boxes and missions, money, goods,
    VP, study points. RGB image; ``ValueError`` for a bad seat, theme or scale."""
    th = pick_theme(THEMES, theme, scale)
    if not 0 <= seat < view.n_seats:
        raise ValueError(f"seat {seat} is not in this {view.n_seats}-player game")
    labels = seat_names(names, view.n_seats)
    co = view.companies[seat]
    cols = max(ord(c.cell[0]) - 96 for c in co.cells)
    rows = max(int(c.cell[1:]) for c in co.cells)
    gx = CM + P_ROWHEAD
    cw = (P_W - CM - gx) / cols
    tables_h = C_HEAD + 4 * 22 + 10
    footer = _company_footer(co, lang)
    height = CM + 56 + 22 + rows * P_CH + 8 + tables_h + 8 + 20 * len(footer) + CM
    image = Image.new("RGB", (round(P_W * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y: float = CM
    _mark(pen, CM + 10, y + 14, 10, seat, th)
    title = t(lang, "render.carnegie.company_of", "{name} — company", name=labels[seat])
    pen.text(CM + 28, y + 14, title, C_L, bold=True, anchor="lm")
    pen.text(
        P_W - CM,
        y + 14,
        t(
            lang,
            "render.carnegie.money_goods_vp",
            "${money} · {goods} goods · {vp} VP",
            money=co.money,
            goods=co.goods,
            vp=co.vp,
        ),
        C_M,
        bold=True,
        anchor="rm",
    )
    idle = co.lobby + sum(c.inactive for c in co.cells)
    sub = t(
        lang,
        "render.carnegie.employees",
        "{active} active · {idle} lying · {missions} on missions · {aside} to hire"
        " · {study} study pts",
        active=co.active_employees,
        idle=idle,
        missions=sum(co.missions.values()),
        aside=co.aside,
        study=co.study,
    )
    pen.text(CM, y + 42, pen.fit(sub, C_S, P_W - 2 * CM), C_S, fill=th.muted, anchor="lm")
    y += 56
    for c in range(cols):
        pen.text(
            gx + c * cw + cw / 2, y + 10, chr(97 + c), C_M, bold=True, fill=th.muted, anchor="mm"
        )
    y += 22
    for r in range(rows):
        pen.text(
            CM + 8, y + r * P_CH + P_CH / 2, str(r + 1), C_M, bold=True, fill=th.muted, anchor="mm"
        )
    for cell in co.cells:
        c = ord(cell.cell[0]) - 97
        r = int(cell.cell[1:]) - 1
        _company_cell(pen, co, cell, gx + c * cw, y + r * P_CH, cw, th)
    y += rows * P_CH + 8
    _company_tables(pen, co, th, y)
    y += tables_h + 8
    for line in footer:
        pen.text(CM, y + 10, pen.fit(line, C_S, P_W - 2 * CM), C_S, anchor="lm")
        y += 20
    return image


def _company_cell(
    pen: Pen, co: CompanyView, cell: CellView, x: float, y: float, cw: float, th: _Theme
) -> None:
    lang = pen.lang
    lobby = cell.dept in ("lobby", "new-lobby")
    empty = cell.dept is None
    fill = mix(th.panel, th.bg, 0.5) if empty else th.panel
    if lobby:
        fill = mix(th.panel, th.highlight, 0.15)
    pen.rect(
        x + 2,
        y + 2,
        x + cw - 2,
        y + P_CH - 2,
        fill=fill,
        outline=th.line if empty else th.ink,
        width=1 if empty else 2,
        radius=7,
    )
    pen.text(x + cw - 7, y + 13, cell.cell, C_S, fill=th.muted, anchor="rm")
    if empty:
        empty_vp = t(lang, "render.carnegie.empty", "empty · {vp} VP", vp=cell.row_vp)
        pen.text(x + 9, y + 14, empty_vp, C_S, fill=th.muted, anchor="lm")
        if cell.inactive:
            lying = t(lang, "render.carnegie.lying", "{n} lying", n=cell.inactive)
            pen.text(x + 9, y + P_CH - 18, lying, C_S, anchor="lm")
        return
    name = term(lang, PREFIX, "department", cell.dept or "", cell.name)
    lines = pen.wrap(name, C_S, cw - 36, bold=True)[:2]
    for i, line in enumerate(lines):
        pen.text(
            x + 9, y + 14 + i * 17, pen.fit(line, C_S, cw - 30, True), C_S, bold=True, anchor="lm"
        )
    if lobby:
        lying = t(lang, "render.carnegie.lying", "{n} lying", n=co.lobby)
        pen.text(x + 9, y + P_CH - 22, lying, C_M, anchor="lm")
        return
    wy = y + P_CH - 50
    for i, cost in enumerate(cell.workplaces):
        wx = x + 9 + i * 34
        pen.rect(wx, wy, wx + 30, wy + 24, fill=th.bg, outline=th.ink, radius=4)
        if i < cell.active:
            _mark(pen, wx + 15, wy + 12, 8, co.seat, th)
        else:
            pen.text(wx + 15, wy + 13, f"${cost}", C_S, anchor="mm")
    notes = []
    if cell.inactive:
        notes.append("+" + t(lang, "render.carnegie.lying", "{n} lying", n=cell.inactive))
    if cell.dept == "hr":
        notes.append(t(lang, "render.carnegie.printed", "+1 printed"))
    if notes:
        pen.text(x + 9, y + P_CH - 13, pen.fit(", ".join(notes), C_S, cw - 16), C_S, anchor="lm")


def _company_tables(pen: Pen, co: CompanyView, th: _Theme, y: float) -> None:
    h = C_HEAD + 4 * 22 + 10
    mid = CM + (P_W - 2 * CM) / 2
    pen.rect(CM, y, mid - 4, y + h, fill=th.panel, radius=8)
    pen.rect(mid + 4, y, P_W - CM, y + h, fill=th.panel, radius=8)
    lang = pen.lang
    tx: list[float] = [CM + 8, CM + 150, CM + 200, CM + 262]
    heads = [
        t(lang, "render.carnegie.project_tab", "Project tab"),
        t(lang, "render.carnegie.disks", "disks"),
        t(lang, "render.carnegie.next", "next"),
        "VP",
    ]
    for i, (hx, head) in enumerate(zip(tx, heads, strict=True)):
        pen.text(
            hx,
            y + C_HEAD / 2 + 2,
            head,
            C_S if i else C_M,
            bold=not i,
            fill=th.ink if not i else th.muted,
            anchor="lm" if not i else "mm",
        )
    for k, tab in enumerate(co.tabs):
        ry = y + C_HEAD + 6 + k * 22 + 11
        pen.text(tx[0], ry, _tab(lang, tab.tab), C_S, anchor="lm")
        pen.text(tx[1], ry, str(tab.disks), C_S, anchor="mm")
        cost = (
            t(lang, "render.carnegie.pts", "{n} pts", n=tab.next_cost)
            if tab.next_cost is not None
            else t(lang, "render.carnegie.out", "out")
        )
        pen.text(tx[2], ry, cost, C_S, anchor="mm")
        pen.text(tx[3], ry, str(tab.vp), C_S, anchor="mm")
    rx = [mid + 12, mid + 112, mid + 176, mid + 262]
    heads = [
        t(lang, "render.carnegie.region", "Region"),
        t(lang, "render.carnegie.box", "box"),
        t(lang, "render.carnegie.level", "level"),
        t(lang, "render.carnegie.mission", "mission"),
    ]
    for i, (hx, head) in enumerate(zip(rx, heads, strict=True)):
        pen.text(
            hx,
            y + C_HEAD / 2 + 2,
            head,
            C_S if i else C_M,
            bold=not i,
            fill=th.ink if not i else th.muted,
            anchor="lm" if not i else "mm",
        )
    for k, region in enumerate(("west", "midwest", "south", "east")):
        ry = y + C_HEAD + 6 + k * 22 + 11
        pen.text(rx[0], ry, _region(lang, region), C_S, anchor="lm")
        pen.text(rx[1], ry, str(co.tracks[region]), C_S, anchor="mm")
        pen.text(rx[2], ry, _level(lang, co.levels[region]), C_S, anchor="mm")
        pen.text(rx[3], ry, str(co.missions[region]), C_S, anchor="mm")


def _company_footer(co: CompanyView, lang: str = "en") -> list[str]:
    first = t(
        lang,
        "render.carnegie.disks_left",
        "Disks left: {disks} · reserved tile: {tile}",
        disks=co.disks,
        tile=term(lang, PREFIX, "department", co.reserve, co.reserve) if co.reserve else "—",
    )
    if co.choice_tile:
        first += t(lang, "render.carnegie.choice_tile", " · action-choice tile")
    return [
        first,
        t(
            lang,
            "render.carnegie.donations_projects",
            "Donations: {donations} · projects: {n}",
            donations=", ".join(d.upper() for d in co.donations)
            or t(lang, "render.carnegie.none", "none"),
            n=len(co.projects),
        ),
    ]


def render_hand(
    view: CarnegieView,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    lang: str = "en",
) -> Image.Image:
    """``/hand``: the player's own company board (Carnegie is open information, so it is the
    same image as ``render_player``)."""
    return render_player(view, seat, names=names, theme=theme, scale=scale, lang=lang)


render_company = render_player
"""Former name of ``render_player`` (kept for callers written before issue 8)."""


def alt(view: CarnegieView, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """The board in words (``Renderer.alt``): round, phase and each company's VP and money."""
    labels = seat_names(names, len(view.companies))
    return alt_text(
        _game_name(lang),
        t(
            lang,
            "render.carnegie.alt_stage",
            "round {n}, {phase}",
            n=view.round,
            phase=_phase(lang, view),
        ),
        [f"{labels[c.seat]}: {c.vp} VP, ${c.money}" for c in view.companies],
        over=view.outcome is not None,
        lang=lang,
    )


PREFIX = "carnegie"
REGIONS = ("west", "midwest", "south", "east")


def _game_name(lang: str) -> str:
    return t(lang, "render.carnegie.name", "Carnegie")


def _round(lang: str, n: int) -> str:
    return t(lang, "render.carnegie.round", "Round {n}/20", n=n)


def _phase(lang: str, view: CarnegieView) -> str:
    """The engine's phase name (a ``Msg`` when the engine keys it) in ``lang``."""
    return tr(view.phase_name, lang)


def _status(lang: str, view: CarnegieView, names: Sequence[str] | None) -> str:
    """The title's right side: game over, who is to act, or the phase."""
    if view.outcome:
        return t(lang, "render.carnegie.over", "Game over")
    if view.to_act:
        who = ", ".join(_name(s, names) for s in view.to_act)
        return t(lang, "render.carnegie.to_act", "To act: {names}", names=who)
    return _phase(lang, view)


def _action(lang: str, action: str) -> str:
    """An action (timeline row) by its full name: Human Resources, Management..."""
    return {
        "hr": t(lang, "render.carnegie.a_hr", "Human Resources"),
        "management": t(lang, "render.carnegie.a_management", "Management"),
        "construction": t(lang, "render.carnegie.a_construction", "Construction"),
        "rd": t(lang, "render.carnegie.a_rd", "Research & Dev."),
    }.get(action, ACTION_LABELS.get(action, action))


def _row_short(lang: str, action: str) -> str:
    """An action's short row label (HR, R&D)."""
    return {
        "hr": t(lang, "render.carnegie.r_hr", "HR"),
        "management": t(lang, "render.carnegie.a_management", "Management"),
        "construction": t(lang, "render.carnegie.a_construction", "Construction"),
        "rd": t(lang, "render.carnegie.r_rd", "R&D"),
    }.get(action, ROW_SHORT.get(action, action))


def _region(lang: str, region: str) -> str:
    """A region's name (West, Midwest...)."""
    return {
        "west": t(lang, "render.carnegie.west", "West"),
        "midwest": t(lang, "render.carnegie.midwest", "Midwest"),
        "south": t(lang, "render.carnegie.south", "South"),
        "east": t(lang, "render.carnegie.east", "East"),
    }.get(region, region.title())


def _region_short(lang: str, region: str) -> str:
    """A region's letters (W, MW, S, E)."""
    return {
        "west": t(lang, "render.carnegie.w", "W"),
        "midwest": t(lang, "render.carnegie.mw", "MW"),
        "south": t(lang, "render.carnegie.s", "S"),
        "east": t(lang, "render.carnegie.e", "E"),
    }.get(region, REGION_SHORT.get(region, region))


def _level(lang: str, level: str) -> str:
    """A transport level's name (from the company view) in ``lang``."""
    return term(lang, PREFIX, "level", level, level)


def _tab(lang: str, tab: str) -> str:
    """A project tab's name (housing, commerce...) in ``lang``."""
    return {
        "housing": t(lang, "render.carnegie.housing", "Housing"),
        "commerce": t(lang, "render.carnegie.commerce", "Commerce"),
        "industry": t(lang, "render.carnegie.industry", "Industry"),
        "infrastructure": t(lang, "render.carnegie.infrastructure", "Infrastructure"),
    }.get(tab, tab.title())


def _on_display(lang: str, shown: Sequence[str]) -> str:
    return t(lang, "render.carnegie.on_display", "On display: {tiles}", tiles=", ".join(shown))


RENDERER: Renderer[CarnegieView] = Renderer(
    "carnegie",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.companies),
    player=render_player,
    hand=render_hand,
)
