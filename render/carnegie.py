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

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from games.carnegie.view import CarnegieView, CompanyView
from render.common import Pen, mix, pick_theme, text_on

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
class _Theme:
    paper: RGB
    panel: RGB
    ink: RGB
    muted: RGB
    line: RGB
    road: RGB
    highlight: RGB
    regions: dict[str, RGB]
    types: dict[str, RGB]


THEMES = {
    "light": _Theme(
        paper=(250, 248, 242),
        panel=(238, 234, 224),
        ink=(33, 33, 33),
        muted=(110, 110, 110),
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
        paper=(28, 30, 34),
        panel=(44, 47, 54),
        ink=(232, 232, 232),
        muted=(160, 160, 160),
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
    return f"Player {seat + 1}"


def _named(text: str, names: Sequence[str] | None) -> str:
    """Engine sentences name seats ``p1``..``p4``; show the players' names instead."""
    return re.sub(r"\bp([1-4])\b", lambda m: _name(int(m.group(1)) - 1, names), text)


def _owner_chip(pen: Pen, x: float, y: float, r: float, owner: int, th: _Theme) -> None:
    if owner >= 0:
        pen.chip(x, y, r, owner)
        return
    colour: RGB = (150, 150, 150) if owner == NEUTRAL else (20, 20, 20)
    label = "N" if owner == NEUTRAL else "AC"
    pen.disc(x, y, r, fill=colour, outline=th.ink, outline_w=1)
    pen.text(
        x,
        y + 1,
        label,
        r * (1.1 if owner == NEUTRAL else 0.85),
        bold=True,
        fill=text_on(colour),
        anchor="mm",
    )


# -- main board -------------------------------------------------------------------------


def render_board(
    view: CarnegieView,
    *,
    theme: str = "light",
    scale: float = 1.0,
    names: Sequence[str] | None = None,
) -> Image.Image:
    """The main board as an RGB image ``WIDTH * scale`` wide (height by content)."""
    th = pick_theme(THEMES, theme, scale)
    n = view.n_seats
    tl_h = TL_HEAD_H + 4 * TL_ROW_H
    lower_h = TL_HEAD_H + 4 * TRACK_ROW_H + 8
    players_h = TL_HEAD_H + n * PLAYER_ROW_H
    andrew_h = (TL_HEAD_H + 3 * 30) if view.andrew else 0
    log_lines = list(view.log[-3:])
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
    image = Image.new("RGB", (round(WIDTH * scale), round(height * scale)), th.paper)
    pen = Pen(image, scale, th.ink)
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
    left = "Carnegie"
    if view.round:
        left += f" · Round {view.round}/20"
    if view.action:
        left += f" · {ACTION_LABELS[view.action]}"
    pen.text(MARGIN, y + TITLE_H / 2, left, TITLE_SIZE, bold=True, anchor="lm")
    if view.outcome:
        right = "Game over"
    elif view.to_act:
        right = "To act: " + ", ".join(_name(s, names) for s in view.to_act)
    else:
        right = view.phase_name
    pen.text(
        WIDTH - MARGIN, y + TITLE_H / 2, pen.fit(right, TEXT_SIZE, 520), TEXT_SIZE, anchor="rm"
    )


def _event_label(ev: str) -> str:
    parts = []
    for p in ev.split("+"):
        parts.append("Donate" if p == "donation" else REGION_LETTERS.get(p, p) + " $")
    return " · ".join(parts)


def _timeline(pen: Pen, view: CarnegieView, th: _Theme, y: float) -> None:
    tl = view.timeline
    x0 = MARGIN + TL_LABEL_W
    col_w = (WIDTH - MARGIN - x0) / 6
    pen.rect(MARGIN, y, WIDTH - MARGIN, y + TL_HEAD_H + 4 * TL_ROW_H, fill=th.panel, radius=8)
    pen.text(MARGIN + 10, y + TL_HEAD_H / 2, "Timeline", TEXT_SIZE, bold=True, anchor="lm")
    heads = ["Start", *(f"Tile {t}{'a' if s == 'front' else 'b'}" for t, s in tl.tiles), "End"]
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
            ACTION_LABELS[action],
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
            fill = mix(th.panel, th.paper, 0.6)
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
                label = _event_label(tl.events[row][pos - 1])
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
                    fill=th.paper if flipped else th.ink,
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
            region.upper(),
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
                    pen.disc(sx, sy, SPACE_R, fill=th.paper, outline=col, outline_w=2.5)
                    pen.text(
                        sx, sy + 1, TYPE_LETTERS[sp.type], 12, bold=True, fill=col, anchor="mm"
                    )
                else:
                    _owner_chip(pen, sx, sy, SPACE_R, sp.owner, th)
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
        "Transport (box 1-5, level)",
        TEXT_SIZE,
        bold=True,
        anchor="lm",
    )
    box_w = (w - TRACK_LABEL_W - 12) / 5
    from games.carnegie.data import load

    data = load()
    for i, region in enumerate(("west", "midwest", "south", "east")):
        ry = y + TL_HEAD_H + 4 + i * TRACK_ROW_H
        pen.text(MARGIN + 10, ry + TRACK_ROW_H / 2, region.title(), TEXT_SIZE, anchor="lm")
        levels = data.tracks[region].levels
        for b in range(5):
            bx = MARGIN + TRACK_LABEL_W + b * box_w
            pen.rect(
                bx + 2,
                ry + 3,
                bx + box_w - 2,
                ry + TRACK_ROW_H - 3,
                fill=mix(th.regions[region], th.paper, 0.3),
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
    pen.text(x0 + 10, y + TL_HEAD_H / 2 + 2, "Donations", TEXT_SIZE, bold=True, anchor="lm")
    cats = {"a": "Education", "b": "Rights", "c": "Welfare", "d": "Health"}
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
                fill=mix(th.panel, th.paper, 0.6),
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
    cols = [
        ("Money", 330),
        ("Goods", 430),
        ("VP", 520),
        ("Active", 590),
        ("Projects", 680),
        ("Depts", 790),
        ("Donations", 880),
        ("Tile", 1000),
    ]
    pen.text(MARGIN + 10, y + TL_HEAD_H / 2 + 2, "Companies", TEXT_SIZE, bold=True, anchor="lm")
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
        pen.chip(MARGIN + 24, ry + PLAYER_ROW_H / 2, 13, co.seat)
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
            "yes" if co.choice_tile else "–",
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
        f"Andrew Carnegie (level {a.level})",
        TEXT_SIZE,
        bold=True,
        anchor="lm",
    )
    who = "Andrew picks the row" if a.picks else "You pick the row"
    back = ACTION_LABELS.get(a.card_back or "", "—")
    nxt = ACTION_LABELS.get(a.next_back or "", "—")
    lines = [
        f"{who}. This card's back: {back}; next card's back: {nxt}"
        + (f"; revealed {a.card.upper()}, slid {a.shift}" if a.card else ""),
        "Cards under 0/1/3/6/10 VP: "
        + " / ".join(str(p) for p in a.piles)
        + f" · deck {a.deck} · disks {a.disks}",
        f"Tiles: {', '.join(a.departments) or 'none'} · donations: "
        + (", ".join(d.upper() for d in a.donations) or "none"),
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
        pen.fit(_named(out["reason"], names), TEXT_SIZE, 1000),
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
    short = ["play", "empl.", "depts", "tabs", "conn.", "proj.", "don.", "tile", "end"]
    for i, s in enumerate(short):
        pen.text(300 + i * 78, y + TL_HEAD_H * 1.5 + 2, s, SMALL_SIZE, fill=th.muted, anchor="mm")
    for r, (seat, score) in enumerate(out["scores"].items()):
        ry = y + 2 * TL_HEAD_H + 14 + r * 30
        d = out["details"].get(seat, {})
        pen.chip(MARGIN + 24, ry, 11, int(seat))
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
            f"Andrew: {d.get('andrew_total', 0)}",
            TEXT_SIZE,
            bold=True,
            anchor="lm",
        )
        parts = [
            ("cards", "andrew_cards"),
            ("tiles", "andrew_departments"),
            ("transport", "andrew_transport"),
            ("projects", "andrew_projects"),
            ("donations", "andrew_donations"),
        ]
        pen.text(
            300, ry, " · ".join(f"{a} {d.get(k, 0)}" for a, k in parts), TEXT_SIZE, anchor="lm"
        )


# -- company board ----------------------------------------------------------------------


def render_company(
    view: CarnegieView,
    seat: int,
    *,
    theme: str = "light",
    scale: float = 1.0,
    names: Sequence[str] | None = None,
) -> Image.Image:
    """One player's company board: grid, employees, tabs, missions and transport."""
    th = pick_theme(THEMES, theme, scale)
    co = view.companies[seat]
    cols = max(ord(c.cell[0]) - 96 for c in co.cells)
    rows = max(int(c.cell[1:]) for c in co.cells)
    grid_w = cols * CELL_W
    width = MARGIN + 40 + grid_w + GAP + SIDE_W + MARGIN
    height = MARGIN + TITLE_H + GAP + 28 + rows * CELL_H + MARGIN + 10
    image = Image.new("RGB", (round(width * scale), round(height * scale)), th.paper)
    pen = Pen(image, scale, th.ink)
    y = MARGIN
    pen.chip(MARGIN + 14, y + TITLE_H / 2, 14, seat)
    pen.text(
        MARGIN + 36,
        y + TITLE_H / 2,
        f"{_name(seat, names)} — company",
        TITLE_SIZE,
        bold=True,
        anchor="lm",
    )
    summary = f"${co.money} · {co.goods} goods · {co.vp} VP · {co.study} study pts"
    pen.text(width - MARGIN, y + TITLE_H / 2, summary, TEXT_SIZE, anchor="rm")
    y += TITLE_H + GAP
    gx = MARGIN + 40
    for c in range(cols):
        pen.text(
            gx + c * CELL_W + CELL_W / 2,
            y + 12,
            chr(97 + c),
            TEXT_SIZE,
            bold=True,
            fill=th.muted,
            anchor="mm",
        )
    y += 28
    for r in range(rows):
        pen.text(
            MARGIN + 20,
            y + r * CELL_H + CELL_H / 2,
            str(r + 1),
            TEXT_SIZE,
            bold=True,
            fill=th.muted,
            anchor="mm",
        )
    for cell in co.cells:
        c = ord(cell.cell[0]) - 97
        r = int(cell.cell[1:]) - 1
        _company_cell(pen, co, cell, gx + c * CELL_W, y + r * CELL_H, th)
    _company_side(pen, co, th, gx + grid_w + GAP, y)
    return image


def _company_cell(pen: Pen, co: CompanyView, cell: object, x: float, y: float, th: _Theme) -> None:
    from games.carnegie.view import CellView

    assert isinstance(cell, CellView)
    lobby = cell.dept in ("lobby", "new-lobby")
    empty = cell.dept is None
    fill = mix(th.panel, th.paper, 0.5) if empty else th.panel
    if lobby:
        fill = mix(th.panel, th.highlight, 0.15)
    pen.rect(
        x + 4,
        y + 4,
        x + CELL_W - 4,
        y + CELL_H - 4,
        fill=fill,
        outline=th.line if empty else th.ink,
        width=1 if empty else 2,
        radius=8,
    )
    pen.text(x + CELL_W - 10, y + 16, cell.cell, SMALL_SIZE, fill=th.muted, anchor="rm")
    if empty:
        pen.text(
            x + 14, y + 18, f"empty ({cell.row_vp} VP)", SMALL_SIZE, fill=th.muted, anchor="lm"
        )
    else:
        lines = pen.wrap(cell.name, TEXT_SIZE, CELL_W - 48, bold=True)[:2]
        for i, line in enumerate(lines):
            pen.text(x + 14, y + 18 + i * 20, line, TEXT_SIZE, bold=True, anchor="lm")
    if lobby:
        pen.text(x + 14, y + CELL_H - 48, f"{co.lobby} lying", TEXT_SIZE, anchor="lm")
        return
    # workplaces: squares with the activation cost; standing employees fill them
    for i, cost in enumerate(cell.workplaces):
        wx = x + 14 + i * 40
        wy = y + CELL_H - 62
        pen.rect(wx, wy, wx + 34, wy + 26, fill=th.paper, outline=th.ink, radius=4)
        if i < cell.active:
            pen.chip(wx + 17, wy + 13, 11, co.seat)
        else:
            pen.text(wx + 17, wy + 13, f"${cost}", SMALL_SIZE, anchor="mm")
    notes = []
    if cell.inactive:
        notes.append(f"+{cell.inactive} lying")
    if cell.dept == "hr":
        notes.append("+ printed employee")
    if notes:
        pen.text(x + 14, y + CELL_H - 20, ", ".join(notes), SMALL_SIZE, anchor="lm")


def _company_side(pen: Pen, co: CompanyView, th: _Theme, x: float, y: float) -> None:
    pen.rect(x, y, x + SIDE_W, y + 4 * CELL_H, fill=th.panel, radius=8)
    yy = y + 18
    pen.text(x + 12, yy, "Project tabs", TEXT_SIZE, bold=True, anchor="lm")
    yy += 26
    for t in co.tabs:
        nxt = f"next {t.next_cost} pts" if t.next_cost is not None else "fully out"
        line = f"{t.tab.title()}: {t.disks} disk(s) · {nxt} · {t.vp} VP"
        pen.text(x + 16, yy, pen.fit(line, SMALL_SIZE, SIDE_W - 30), SMALL_SIZE, anchor="lm")
        yy += 22
    yy += 8
    pen.text(x + 12, yy, "Regions", TEXT_SIZE, bold=True, anchor="lm")
    yy += 26
    for region in ("west", "midwest", "south", "east"):
        line = (
            f"{region.title()}: box {co.tracks[region]} ({co.levels[region]}), "
            f"{co.missions[region]} on mission"
        )
        pen.text(x + 16, yy, line, SMALL_SIZE, anchor="lm")
        yy += 22
    yy += 8
    pen.text(x + 12, yy, "Company", TEXT_SIZE, bold=True, anchor="lm")
    yy += 26
    extra = [
        f"Employees: {co.active_employees} active, {co.lobby} in the Lobby, {co.aside} to hire",
        f"Disks left: {co.disks} · projects built: {len(co.projects)}",
        f"Reserved tile: {co.reserve or '—'}",
        "Donations: " + (", ".join(d.upper() for d in co.donations) or "none"),
    ]
    for line in extra:
        pen.text(x + 16, yy, pen.fit(line, SMALL_SIZE, SIDE_W - 30), SMALL_SIZE, anchor="lm")
        yy += 22
