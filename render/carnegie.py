"""Carnegie images: the main board and a company board (seed 001).

``render_board(view)``: one list of sections (``_Board.sections``) drawn at two sizes,
``CHAT`` (the channel board, readable at Discord's inline width) and ``DETAIL``
(``detail=True``): the title row, the final scores once the game is over, the timeline (4
action rows x Start, 4 tiles, End) with the action discs, this round's marker and who chose
what, the US map (cities, their construction spaces with type letters and the owners' disks,
roads, city VP), the transport tracks (detail), the players (money, goods, VP, employees,
transport boxes...), the donation chart, this turn with the latest events, Andrew's cards
(solo, detail) and the legend (detail). Both sizes use one set of layout constants; a size
says where each section goes and how much it shows.
``render_player(view, seat)``: the company grid (departments, workplaces with their costs,
standing and lying employees, the Lobby), project tabs, missions and transport boxes.

Players are shown by name (``names``) with their Okabe-Ito colour and their seat's shape
(circle, square, diamond, triangle); the neutral blocking disks are grey with a cross and
Andrew's are black with a star.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from games.carnegie.data import load
from games.carnegie.terms import ACTION_NAMES, ACTION_WORDS
from games.carnegie.view import CarnegieView, CellView, CompanyView
from i18n import t, term, tr
from render.common import (
    RGB,
    BoardSections,
    Legend,
    Palette,
    Pen,
    Place,
    Section,
    Size,
    alt_text,
    glyphs,
    mix,
    palette,
    pick_theme,
    player_colour,
    seat_names,
)
from render.contract import Renderer

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in layout units

# ---------------------------------------------------------------------------------------------
# Layout (layout units: pixels at scale 1.0), one set for both sizes of the board
# ---------------------------------------------------------------------------------------------

CHAT_W = 660  # the chat board: text of 14 units shows at 11.7 px when the image is 550 wide
MARGIN = 10  # around the company board
TEXT_S = 14  # the smallest text
TEXT_M = 16
TEXT_L = 19
ROW_H = 27  # a row of a table (timeline, players, donations, final scores, turn lines)
HEAD_H = 24  # a panel's title row
HEADER_H = 30  # the board's title row
LOG_LINE_H = 19  # a line of the latest events
MAP_W = 640  # the map's width on the chat board: CHAT_AT, CHAT_REGION_AT are placed in it
MAP_H = 480  # the map's height at MAP_W (it keeps its proportions at any width)
SPACE_R = 10  # a construction space's radius
PITCH = 2 * SPACE_R + 2
TRACK_LABEL_W = 96
DON_LABEL_W = 96  # the donation chart's category names, where they fit
DON_CELL_MIN = 56  # a donation cell: its id and two disks
LEGEND_ROW_H = 26
NAME_W = 260  # the players table's name column at most

NEUTRAL = -1
ANDREW = -2
REGIONS = ("west", "midwest", "south", "east")
ACTIONS = ("hr", "management", "construction", "rd")
TYPE_LETTERS = {
    "housing": "H",
    "commerce": "C",
    "industry": "I",
    "infrastructure": "P",
    "any": "",
}
# The map is schematic: box centres (layout units inside the map, at MAP_W) placed by hand so the
# crowded East keeps 14-unit labels apart at 550 px; roads and regions keep the printed topology.
# A wider map (DETAIL) spreads the same places.
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
# Where a city's label goes first: "b" below (default), "a" above, "l" left, "r" right; where
# it would cover a city, a region's name or another label (Japanese names are wider), the next
# free side (``_label_place``).
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


@dataclass(frozen=True)
class _Theme(Palette):
    name: str
    line: RGB
    road: RGB
    highlight: RGB
    regions: dict[str, RGB]
    types: dict[str, RGB]


THEMES = {
    "light": _Theme(
        **palette("light"),
        name="light",
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
        name="dark",
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


@dataclass(frozen=True)
class BoardSize(Size):
    """One of the board's two sizes: the layout (``Size``), where each section goes
    (``places``: section name to place, ``"top"`` when not named) and how much it shows."""

    places: tuple[tuple[str, Place], ...] = ()
    turn_rows: int = 5  # the turn panel's height in rows (its lines, then the latest events)
    long_names: bool = False  # long action names, full city names, "Tile 3b" heads
    more_columns: bool = False  # players: departments added and donations; Andrew's points
    tracks: bool = False  # the transport tracks with their levels and who stands where
    andrew: bool = False  # solo: Andrew's cards, piles and tiles
    legend: bool = False  # the legend (else one key line under the map)

    def place(self, section: str) -> Place:
        return dict(self.places).get(section, "top")


CHAT = BoardSize(
    width=CHAT_W,
    margin=10,
    gap=6,
    side=334,
    places=(("donations", "main"), ("turn", "side")),
)
"""The chat board: everything across its width, then the donations beside this turn."""
DETAIL = BoardSize(
    width=1240,
    margin=16,
    gap=12,
    side=400,
    places=(
        ("timeline", "main"),
        ("map", "main"),
        ("tracks", "main"),
        ("donations", "side"),
        ("turn", "side"),
        ("andrew", "side"),
        ("legend", "side"),
    ),
    turn_rows=12,
    long_names=True,
    more_columns=True,
    tracks=True,
    andrew=True,
    legend=True,
)
"""The detailed board: the players across the top; the timeline, a larger map and the transport
tracks in the wide column; the donations, this turn with more events, Andrew and the legend
beside them."""


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
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


def _space(pen: Pen, th: _Theme, x: float, y: float, kind: str) -> None:
    """An empty construction space: a ring in its project type's colour with its letter."""
    col = th.types[kind]
    pen.disc(x, y, SPACE_R, fill=th.bg, outline=col, outline_w=2)
    if TYPE_LETTERS[kind]:
        pen.text(x, y + 1, TYPE_LETTERS[kind], TEXT_S, bold=True, fill=col, anchor="mm")


# ---------------------------------------------------------------------------------------------
# The board's sections, each drawn at either size
# ---------------------------------------------------------------------------------------------


class _Board(BoardSections[_Theme, CarnegieView, BoardSize]):
    """The sections of one board (``BoardSections``)."""

    def sections(self) -> list[Section]:
        """Header, final scores, timeline, map, tracks, players, donations, this turn, Andrew,
        legend; a section a size does not show is 0 tall."""
        parts: list[tuple[str, Callable[[float], float], Callable[[float, float, float], None]]]
        parts = [
            ("header", self.header_height, self.header),
            ("outcome", self.outcome_height, self.outcome),
            ("timeline", self.timeline_height, self.timeline),
            ("map", self.map_height, self.map),
            ("tracks", self.tracks_height, self.tracks),
            ("players", self.players_height, self.players),
            ("donations", self.donations_height, self.donations),
            ("turn", self.turn_height, self.turn),
            ("andrew", self.andrew_height, self.andrew),
            ("legend", self.legend_height, self.legend),
        ]
        return [Section(h, d, self.size.place(name)) for name, h, d in parts]

    def panel(self, x: float, y: float, w: float, h: float, title: str = "") -> None:
        self.pen.rect(x, y, x + w, y + h, fill=self.th.panel, radius=8)
        if title:
            self.pen.text(x + 8, y + HEAD_H / 2 + 2, title, TEXT_M, bold=True, anchor="lm")

    # -- header ----------------------------------------------------------------------

    def header_height(self, w: float) -> float:
        return HEADER_H

    def header(self, x: float, y: float, w: float) -> None:
        """The game, the round, and who is to act (or the phase, or game over)."""
        pen, view, lang = self.pen, self.view, self.lang
        left = _game_name(lang) + " · "
        left += (
            _round(lang, view.round) if view.round else t(lang, "render.carnegie.setup", "setup")
        )
        pen.text(x, y + 15, left, TEXT_L, bold=True, anchor="lm")
        right = _status(lang, view, self.names)
        room = w - pen.length(left, TEXT_L, True) - 16
        pen.text(
            x + w,
            y + 15,
            pen.fit(right, TEXT_M, room, True),
            TEXT_M,
            bold=True,
            fill=self.th.highlight,
            anchor="rm",
        )

    # -- final scores ----------------------------------------------------------------

    def outcome_rows(self) -> int:
        out = self.view.outcome
        return 0 if out is None else len(out["scores"]) + (1 if self.view.andrew else 0)

    def outcome_height(self, w: float) -> float:
        rows = self.outcome_rows()
        return HEAD_H + (rows + 1) * ROW_H + 8 if rows else 0

    def outcome(self, x: float, y: float, w: float) -> None:
        """Final scores, best first, with each scoring category, then the end reason."""
        pen, th, view, lang = self.pen, self.th, self.view, self.lang
        out = view.outcome
        assert out is not None
        h = self.outcome_height(w)
        pen.rect(x, y, x + w, y + h, fill=th.panel, outline=th.highlight, width=2, radius=8)
        final = t(lang, "render.carnegie.final_score", "Final score")
        pen.text(x + 8, y + HEAD_H / 2 + 2, final, TEXT_M, bold=True, anchor="lm")
        keys = [
            ("vp_track", t(lang, "render.carnegie.s_play", "play")),
            ("active_employees", t(lang, "render.carnegie.s_empl", "empl")),
            ("departments", t(lang, "render.carnegie.s_dept", "dept")),
            ("tabs", t(lang, "render.carnegie.s_tabs", "tabs")),
            ("connections", t(lang, "render.carnegie.s_conn", "conn")),
            ("projects", t(lang, "render.carnegie.s_proj", "proj")),
            ("donations", t(lang, "render.carnegie.s_don", "don")),
            ("choice_tile", t(lang, "render.carnegie.s_tile", "tile")),
        ]
        x0, step = x + 228, max(52.0, (w - 252) / len(keys))
        for i, (_, head) in enumerate(keys):
            pen.text(x0 + i * step, y + HEAD_H / 2 + 2, head, TEXT_S, fill=th.muted, anchor="mm")
        order = sorted(out["scores"].items(), key=lambda kv: out["ranks"].get(kv[0], 9))
        for r, (seat, score) in enumerate(order):
            ry = y + HEAD_H + 4 + r * ROW_H + ROW_H / 2
            d = out["details"].get(seat, {})
            _mark(pen, x + 18, ry, 8, int(seat), th)
            name = pen.fit(_name(int(seat), self.names), TEXT_M, 110, True)
            pen.text(x + 32, ry + 1, name, TEXT_M, bold=True, anchor="lm")
            pen.text(x + 182, ry + 1, str(score), TEXT_M, bold=True, anchor="rm")
            for i, (k, _) in enumerate(keys):
                points = d.get(k, 0) + (d.get("end_departments", 0) if k == "departments" else 0)
                pen.text(x0 + i * step, ry + 1, str(points), TEXT_M, anchor="mm")
        rows = self.outcome_rows()
        if view.andrew:
            d = out["details"].get("0", {})
            ry = y + HEAD_H + 4 + (rows - 1) * ROW_H + ROW_H / 2
            _mark(pen, x + 18, ry, 8, ANDREW, th)
            andrew = t(lang, "render.carnegie.andrew", "Andrew")
            pen.text(x + 32, ry + 1, andrew, TEXT_M, bold=True, anchor="lm")
            pen.text(x + 182, ry + 1, str(d.get("andrew_total", 0)), TEXT_M, bold=True, anchor="rm")
            if self.size.more_columns:
                parts = [
                    (t(lang, "render.carnegie.a_cards", "cards"), "andrew_cards"),
                    (t(lang, "render.carnegie.a_tiles", "tiles"), "andrew_departments"),
                    (t(lang, "render.carnegie.a_transport", "transport"), "andrew_transport"),
                    (t(lang, "render.carnegie.a_projects", "projects"), "andrew_projects"),
                    (t(lang, "render.carnegie.a_donations", "donations"), "andrew_donations"),
                ]
                text = " · ".join(f"{a} {d.get(k, 0)}" for a, k in parts)
                lx = x0 - step / 2
                pen.text(lx, ry + 1, pen.fit(text, TEXT_M, x + w - 8 - lx), TEXT_M, anchor="lm")
        reason = _named(tr(out["reason"], lang), self.names)
        ry = y + HEAD_H + 4 + rows * ROW_H + ROW_H / 2
        pen.text(x + 8, ry, pen.fit(reason, TEXT_S, w - 16), TEXT_S, fill=th.muted, anchor="lm")

    # -- timeline --------------------------------------------------------------------

    def timeline_height(self, w: float) -> float:
        return HEAD_H + 5 * ROW_H + 8

    def marker_cell(self) -> tuple[int, int] | None:
        """The timeline cell (row, position) of this round's marker, if on the board."""
        tl = self.view.timeline
        if tl.marker is None:
            return None
        row, pos = tl.marker
        if tl.flipped is not None:
            return (tl.flipped, min(5, tl.discs[tl.flipped] + 1))
        return (row, pos) if pos <= 5 else None

    def timeline(self, x: float, y: float, w: float) -> None:
        """The four action rows with their discs and events, this round's marker, and who
        chose which action (and the event it triggered)."""
        pen, th, view, lang = self.pen, self.th, self.view, self.lang
        tl = view.timeline
        x1 = x + w
        long = self.size.long_names
        labels = [(_action if long else _row_short)(lang, action) for action in ACTIONS]
        title = t(lang, "render.carnegie.timeline", "Timeline")
        widest = max(pen.length(label, TEXT_M, True) for label in labels)
        x0 = x + max(20 + widest, 16 + pen.length(title, TEXT_M, True))
        self.panel(x, y, w, self.timeline_height(w), title)
        tiles = [f"{n}{'a' if side == 'front' else 'b'}" for n, side in tl.tiles]
        if long:
            tiles = [t(lang, "render.carnegie.tile", "Tile {n}", n=n) for n in tiles]
        start = t(lang, "render.carnegie.start", "Start")
        # Start holds only discs: as wide as its heading; the five event columns share the rest
        start_w = max(36.0, pen.length(start, TEXT_S) + 10)
        col_w = (x1 - 6 - x0 - start_w) / 5
        lefts = [x0, *(x0 + start_w + col_w * i for i in range(5))]
        widths = [start_w, *([col_w] * 5)]
        heads = [start, *tiles, t(lang, "render.carnegie.end", "End")]
        for left, cw, h in zip(lefts, widths, heads, strict=True):
            pen.text(left + cw / 2, y + HEAD_H / 2 + 1, h, TEXT_S, fill=th.muted, anchor="mm")
        marker = self.marker_cell()
        for row, action in enumerate(ACTIONS):
            ry = y + HEAD_H + row * ROW_H
            chosen = view.action == action
            if chosen:
                fill = mix(th.panel, th.highlight, 0.18)
                pen.rect(x + 3, ry + 1, x1 - 3, ry + ROW_H - 1, fill=fill, radius=6)
            pen.text(
                x + 8,
                ry + ROW_H / 2,
                labels[row],
                TEXT_M,
                bold=chosen,
                fill=th.highlight if chosen else th.ink,
                anchor="lm",
            )
            for pos, (cx, cw) in enumerate(zip(lefts, widths, strict=True)):
                here = marker == (row, pos)
                passed = pos <= tl.discs[row]
                fill = mix(th.panel, th.bg, 0.7) if not passed else mix(th.panel, th.line, 0.35)
                pen.rect(
                    cx + 2,
                    ry + 2,
                    cx + cw - 2,
                    ry + ROW_H - 2,
                    fill=fill,
                    outline=th.highlight if here else th.line,
                    width=3 if here else 1,
                    radius=5,
                )
                disc = tl.discs[row] == pos
                if pos >= 1:
                    # the text centred in what the disc leaves of the cell
                    left = cx + (17 if disc else 4)
                    room = cx + cw - 4 - left
                    label = pen.fit(_event_short(tl.events[row][pos - 1], lang), TEXT_S, room)
                    pen.text(
                        left + room / 2,
                        ry + ROW_H / 2 + 1,
                        label,
                        TEXT_S,
                        fill=th.muted if pos < tl.discs[row] else th.ink,
                        anchor="mm",
                    )
                if disc:
                    flipped = tl.flipped == row
                    pen.disc(
                        cx + 10 if pos else cx + cw / 2,
                        ry + ROW_H / 2,
                        6,
                        fill=th.bg if flipped else th.ink,
                        outline=th.ink,
                        outline_w=2,
                    )
            if tl.marker is not None and tl.marker[0] == row and tl.marker[1] == 6:
                pen.text(x1 - 1, ry + ROW_H / 2, "▶", TEXT_S, fill=th.highlight, anchor="rm")
        ly = y + HEAD_H + 4 * ROW_H + 4 + ROW_H / 2
        text = self.chose_line(marker)
        pen.text(x + 8, ly, pen.fit(text, TEXT_M, w - 16, True), TEXT_M, bold=True, anchor="lm")

    def chose_line(self, marker: tuple[int, int] | None) -> str:
        """Who chose which action and the event it triggered (or who chooses, or setup)."""
        view, lang, tl = self.view, self.lang, self.view.timeline
        a = view.andrew
        chooser = (
            t(lang, "render.carnegie.andrew", "Andrew")
            if a is not None and a.picks
            else _name(view.start_player, self.names)
        )
        if view.action:
            text = t(
                lang,
                "render.carnegie.chose",
                "{who} chose {action}",
                who=chooser,
                action=_action(lang, view.action),
            )
            if marker is not None and 1 <= marker[1] <= 5:
                ev = tl.events[marker[0]][marker[1] - 1]
                if ev:
                    text += f": {_event_words(ev, lang)}"
            return text
        if view.round:
            return t(
                lang, "render.carnegie.chooses", "{who} chooses this round's action", who=chooser
            )
        return t(
            lang,
            "render.carnegie.setup_line",
            "Setup: projects, reserve tiles, first employee moves",
        )

    # -- map -------------------------------------------------------------------------

    def map_height(self, w: float) -> float:
        return MAP_H * w / MAP_W

    def map(self, x: float, y: float, w: float) -> None:
        """The map: its unchanging ground (regions, roads, cities and their names) pasted
        from a cached layer, then every construction space: empty by type, or its disk."""
        pen, th, view = self.pen, self.th, self.view
        ground = _map_layer(
            th.name, pen.k, w, self.lang, self.size.long_names, not self.size.legend
        )
        pen.image.paste(ground, (pen.px(x), pen.px(y)))
        f = w / MAP_W
        for c in view.cities:
            cx, cy = x + CHAT_AT[c.id][0] * f, y + CHAT_AT[c.id][1] * f
            rows = _space_rows(c.size)
            box_h = len(rows) * PITCH + 4
            for ri, row in enumerate(rows):
                rw = len(row) * PITCH
                sy = cy - box_h / 2 + 2 + PITCH / 2 + ri * PITCH
                for k, idx in enumerate(row):
                    sx = cx - rw / 2 + PITCH / 2 + k * PITCH
                    sp = c.spaces[idx]
                    if sp.owner is None:
                        _space(pen, th, sx, sy, sp.type)
                    else:
                        _mark(pen, sx, sy, SPACE_R - 0.5, sp.owner, th)

    # -- transport tracks (detail) ---------------------------------------------------

    def tracks_height(self, w: float) -> float:
        return HEAD_H + 4 * ROW_H + 12 if self.size.tracks else 0

    def tracks(self, x: float, y: float, w: float) -> None:
        """Each region's track: boxes 1-5 with their level (W wagon...) and who stands in
        each box."""
        pen, th, view, lang = self.pen, self.th, self.view, self.lang
        title = t(lang, "render.carnegie.transport", "Transport (box 1-5, level)")
        self.panel(x, y, w, self.tracks_height(w), title)
        box_w = (w - TRACK_LABEL_W - 8) / 5
        data = load()
        for i, region in enumerate(REGIONS):
            ry = y + HEAD_H + 4 + i * ROW_H
            pen.text(x + 8, ry + ROW_H / 2, _region(lang, region), TEXT_M, anchor="lm")
            levels = data.tracks[region].levels
            owners_by_box: dict[int, list[int]] = {}
            for co in view.companies:
                owners_by_box.setdefault(co.tracks[region], []).append(co.seat)
            if view.andrew:
                owners_by_box.setdefault(view.andrew.tracks[region], []).append(ANDREW)
            for b in range(5):
                bx = x + TRACK_LABEL_W + b * box_w
                pen.rect(
                    bx + 2,
                    ry + 2,
                    bx + box_w - 2,
                    ry + ROW_H - 2,
                    fill=mix(th.regions[region], th.bg, 0.3),
                    outline=th.line,
                    radius=4,
                )
                label = f"{b + 1}{levels[b][0].upper()}"
                pen.text(bx + 7, ry + ROW_H / 2 + 1, label, TEXT_S, fill=th.muted, anchor="lm")
                for k, o in enumerate(owners_by_box.get(b + 1, ())):
                    _mark(pen, bx + 40 + k * 17, ry + ROW_H / 2, 7, o, th)

    # -- players ---------------------------------------------------------------------

    def player_rows(self) -> int:
        return self.view.n_seats + (1 if self.view.andrew else 0)

    def players_height(self, w: float) -> float:
        return HEAD_H + 16 + self.player_rows() * ROW_H + 8

    def columns(self) -> list[tuple[str, str, float]]:
        """The players table's columns: key, heading, width (the name takes what is left)."""
        lang = self.lang
        cols = [
            ("money", "$", 50.0),
            ("goods", t(lang, "render.carnegie.c_goods", "goods"), 50.0),
            ("vp", "VP", 50.0),
            ("active", t(lang, "render.carnegie.c_active", "active"), 54.0),
            *((r, _region_short(lang, r), 36.0) for r in REGIONS),
            ("projects", t(lang, "render.carnegie.c_proj", "proj."), 52.0),
        ]
        if self.size.more_columns:
            cols += [
                ("depts", t(lang, "render.carnegie.c_depts", "depts"), 60.0),
                ("donations", t(lang, "render.carnegie.c_don", "don."), 60.0),
            ]
        cols.append(("tile", t(lang, "render.carnegie.c_tile", "tile"), 56.0))
        return cols

    def players(self, x: float, y: float, w: float) -> None:
        """One row per company (and Andrew): mark and name (★ the start player), money,
        goods, VP, active employees, its transport box in each region, projects, (added
        departments, donations,) the action-choice tile; the acting ones highlighted."""
        pen, th, view, lang = self.pen, self.th, self.view, self.lang
        x1 = x + w
        pen.rect(x, y, x1, y + self.players_height(w), fill=th.panel, radius=8)
        cols = self.columns()
        # the name takes what the columns leave, up to NAME_W; the rest widens the columns
        name_w = min(NAME_W, w - sum(cw for _, _, cw in cols) - 8)
        extra = (w - 8 - name_w - sum(cw for _, _, cw in cols)) / len(cols)
        cols = [(key, label, cw + extra) for key, label, cw in cols]
        centre: dict[str, float] = {}
        cx = x + name_w
        for key, _, cw in cols:
            centre[key] = cx + cw / 2
            cx += cw
        box = t(lang, "render.carnegie.transport_box", "transport box")
        half = dict((key, cw / 2) for key, _, cw in cols)
        west, east = centre["west"] - half["west"], centre["east"] + half["east"]
        pen.text((west + east) / 2, y + 12, box, TEXT_S, fill=th.muted, anchor="mm")
        pen.line([(west, y + 21), (east, y + 21)], fill=th.line, width=1)
        y += 16
        title = t(lang, "render.carnegie.players", "Players")
        pen.text(x + 8, y + HEAD_H / 2 + 2, title, TEXT_M, bold=True, anchor="lm")
        start = t(lang, "render.carnegie.start_mark", "★ start")
        sx = x + 16 + pen.length(title, TEXT_M, True)
        pen.text(sx, y + HEAD_H / 2 + 2, start, TEXT_S, fill=th.muted, anchor="lm")
        for key, label, _ in cols:
            pen.text(centre[key], y + HEAD_H / 2 + 2, label, TEXT_S, fill=th.muted, anchor="mm")
        yes = t(lang, "render.carnegie.yes", "yes")
        for co in view.companies:
            ry = y + HEAD_H + 4 + co.seat * ROW_H
            if co.seat in view.to_act and view.outcome is None:
                pen.rect(
                    x + 3,
                    ry,
                    x1 - 3,
                    ry + ROW_H,
                    fill=mix(th.panel, th.highlight, 0.18),
                    outline=th.highlight,
                    width=2,
                    radius=6,
                )
            _mark(pen, x + 18, ry + ROW_H / 2, 8, co.seat, th)
            name = _name(co.seat, self.names)
            if view.start_player == co.seat:
                name += " ★"
            name = pen.fit(name, TEXT_M, name_w - 36, True)
            pen.text(x + 32, ry + ROW_H / 2 + 1, name, TEXT_M, bold=True, anchor="lm")
            values = {
                "money": str(co.money),
                "goods": str(co.goods),
                "vp": str(co.vp),
                "active": str(co.active_employees),
                **{r: str(co.tracks[r]) for r in REGIONS},
                "projects": str(len(co.projects)),
                "depts": str(len(co.added)),
                "donations": str(len(co.donations)),
                "tile": yes if co.choice_tile else "–",
            }
            for key, _, _ in cols:
                pen.text(centre[key], ry + ROW_H / 2 + 1, values[key], TEXT_M, anchor="mm")
        a = view.andrew
        if a is not None:
            ry = y + HEAD_H + 4 + view.n_seats * ROW_H
            _mark(pen, x + 18, ry + ROW_H / 2, 9, ANDREW, th)
            label = t(lang, "render.carnegie.andrew_lvl", "Andrew (lvl {level})", level=a.level)
            pen.text(x + 32, ry + ROW_H / 2 + 1, label, TEXT_M, bold=True, anchor="lm")
            values = {
                "vp": "–",
                **{r: str(a.tracks[r]) for r in REGIONS},
                "projects": str(sum(1 for c in view.cities for s in c.spaces if s.owner == ANDREW)),
                "depts": str(len(a.departments)),
                "donations": str(len(a.donations)),
            }
            for key, _, _ in cols:
                if key in values:
                    pen.text(centre[key], ry + ROW_H / 2 + 1, values[key], TEXT_M, anchor="mm")

    # -- donations -------------------------------------------------------------------

    def donations_height(self, w: float) -> float:
        return HEAD_H + 4 * ROW_H + 8

    def donations(self, x: float, y: float, w: float) -> None:
        """The donation chart: four categories (named where they fit) x five spaces, each
        with its id and up to two disks."""
        pen, th, view, lang = self.pen, self.th, self.view, self.lang
        self.panel(
            x, y, w, self.donations_height(w), t(lang, "render.carnegie.donations", "Donations")
        )
        named = (w - 16 - DON_LABEL_W) / 5 >= DON_CELL_MIN
        x0 = x + 8 + (DON_LABEL_W if named else 0)
        cell_w = (x + w - 8 - x0) / 5
        cats = {
            "a": t(lang, "render.carnegie.education", "Education"),
            "b": t(lang, "render.carnegie.rights", "Rights"),
            "c": t(lang, "render.carnegie.welfare", "Welfare"),
            "d": t(lang, "render.carnegie.health", "Health"),
        }
        for i, (code, cat) in enumerate(cats.items()):
            ry = y + HEAD_H + 4 + i * ROW_H
            if named:
                label = pen.fit(cat, TEXT_S, DON_LABEL_W - 6)
                pen.text(x + 8, ry + ROW_H / 2 + 1, label, TEXT_S, anchor="lm")
            for k in range(5):
                d = f"{code}{k + 1}"
                cx = x0 + k * cell_w
                owners = view.chart.get(d, ())
                pen.rect(
                    cx + 1,
                    ry + 1,
                    cx + cell_w - 1,
                    ry + ROW_H - 1,
                    fill=mix(th.panel, th.bg, 0.6),
                    outline=th.line,
                    radius=4,
                )
                fill = th.muted if owners else th.ink
                pen.text(cx + 5, ry + ROW_H / 2 + 1, d, TEXT_S, fill=fill, anchor="lm")
                for j, o in enumerate(owners[:2]):
                    _mark(pen, cx + 34 + j * 12, ry + ROW_H / 2, 7, o, th)

    # -- this turn -------------------------------------------------------------------

    def turn_height(self, w: float) -> float:
        return self.size.turn_rows * ROW_H + 5

    def turn_lines(self) -> list[tuple[str, bool]]:
        """The turn panel's lines: (text, bold)."""
        view, lang, names = self.view, self.lang, self.names
        lines: list[tuple[str, bool]] = []
        tn = view.turn
        a = view.andrew
        if a is not None and not view.outcome:
            picks = (
                t(lang, "render.carnegie.andrew_picks", "Andrew picks the row")
                if a.picks
                else t(lang, "render.carnegie.you_pick", "You pick the row")
            )
            lines.append((picks, True))
            back = _row_short(lang, a.card_back) if a.card_back else "–"
            nxt = _row_short(lang, a.next_back) if a.next_back else "–"
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
            who = _name(tn.seat, names) if 0 <= tn.seat < len(names) else "?"
            lines.append((t(lang, "render.carnegie.turn_of", "{who}'s turn", who=who), True))
            if tn.current:
                dept = _dept_name(view, tn.seat, tn.current, lang)
                using = t(
                    lang,
                    "render.carnegie.using",
                    "Using {dept} ({n} left)",
                    dept=dept,
                    n=tn.uses_left,
                )
                lines.append((using, False))
            if tn.used:
                used = ", ".join(_dept_name(view, tn.seat, d, lang) for d in tn.used)
                lines.append((t(lang, "render.carnegie.used", "Used: {depts}", depts=used), False))
            if tn.moves_left:
                left = t(
                    lang, "render.carnegie.moves_left", "{n} employee moves left", n=tn.moves_left
                )
                lines.append((left, False))
            if tn.activating:
                lines.append((t(lang, "render.carnegie.activating", "Activating employees"), False))
        else:
            lines.append((_phase(lang, view), True))
        if view.event_income or view.event_donation:
            ev = "+".join(
                ([view.event_income] if view.event_income else [])
                + (["donation"] if view.event_donation else [])
            )
            what = _event_words(ev, lang)
            lines.append((t(lang, "render.carnegie.event", "Event: {what}", what=what), False))
        return lines

    def turn(self, x: float, y: float, w: float) -> None:
        """Whose turn, the department in use, moves left, this round's event; then the latest
        events (or the department tiles on display, while one is chosen), newest last, as
        many as fit."""
        pen, th, view, lang = self.pen, self.th, self.view, self.lang
        h = self.turn_height(w)
        pen.rect(x, y, x + w, y + h, fill=th.panel, radius=8)
        lines = self.turn_lines()[: self.size.turn_rows]
        width = w - 16
        room = h - 5 - len(lines) * ROW_H
        tn = view.turn
        entries = list(view.log)
        if view.round == 0 or (tn is not None and (tn.current == "planning" or tn.pending)):
            entries = [_on_display(lang, _display_names(view, lang))]
        recent: list[str] = []
        for entry in reversed(entries):
            wrapped = pen.wrap(_named(tr(entry, lang), self.names), TEXT_S, width)
            if (len(recent) + len(wrapped)) * LOG_LINE_H > room - 4:
                if not recent:  # the newest entry alone is too long: show what fits
                    fit = max(0, int((room - 4) // LOG_LINE_H))
                    recent = wrapped[:fit]
                    if fit and len(wrapped) > fit:
                        recent[-1] = pen.fit(recent[-1] + " …", TEXT_S, width)
                break
            recent = wrapped + recent
        yy = y + HEAD_H / 2 + 2
        for text, bold in lines:
            size = TEXT_M if bold else TEXT_S
            pen.text(x + 8, yy, pen.fit(text, size, width, bold), size, bold=bold, anchor="lm")
            yy += ROW_H
        yy -= ROW_H / 2 - 4
        for line in recent:
            pen.text(x + 8, yy, pen.fit(line, TEXT_S, width), TEXT_S, fill=th.muted, anchor="la")
            yy += LOG_LINE_H

    # -- Andrew (solo, detail) -------------------------------------------------------

    def andrew_lines(self, w: float) -> list[str]:
        a = self.view.andrew
        if a is None or not self.size.andrew:
            return []
        lang = self.lang
        back = _action(lang, a.card_back) if a.card_back else "—"
        nxt = _action(lang, a.next_back) if a.next_back else "—"
        none = t(lang, "render.carnegie.none", "none")
        who = (
            t(lang, "render.carnegie.andrew_picks", "Andrew picks the row")
            if a.picks
            else t(lang, "render.carnegie.you_pick", "You pick the row")
        )
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
        texts = [
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
                tiles=", ".join(_dept_term(lang, d) for d in a.departments) or none,
                donations=", ".join(d.upper() for d in a.donations) or none,
            ),
        ]
        return [line for text in texts for line in self.pen.wrap(text, TEXT_S, w - 16)]

    def andrew_height(self, w: float) -> float:
        lines = self.andrew_lines(w)
        return HEAD_H + 8 + LOG_LINE_H * len(lines) if lines else 0

    def andrew(self, x: float, y: float, w: float) -> None:
        """Andrew Carnegie's level, card backs, piles, deck, disks, tiles and donations."""
        a = self.view.andrew
        assert a is not None
        title = t(
            self.lang,
            "render.carnegie.andrew_level",
            "Andrew Carnegie (level {level})",
            level=a.level,
        )
        self.panel(x, y, w, self.andrew_height(w), title)
        for i, line in enumerate(self.andrew_lines(w)):
            ly = y + HEAD_H + 4 + i * LOG_LINE_H
            self.pen.text(x + 8, ly, line, TEXT_S, anchor="la")

    # -- legend (detail) -------------------------------------------------------------

    def legend_height(self, w: float) -> float:
        return _LEGEND.height if self.size.legend else 0

    def legend(self, x: float, y: float, w: float) -> None:
        _LEGEND.paste(self.pen, x, y, w, _paint_legend, self.th.name, self.th.bg)


def _space_rows(size: str) -> list[list[int]]:
    """Indices of a city's left-to-right spaces arranged in the printed rows (top first)."""
    if size == "small":
        return [[0]]
    if size == "medium":  # left-to-right: bottom-left, top, bottom-right
        return [[1], [0, 2]]
    return [[1, 3], [0, 2, 4]]  # major: top C/H over bottom I I P (x order interleaves)


def _city_label(lang: str, city: str, name: str, vp: int, full: bool) -> str:
    """City ``city`` (printed ``name``) on the map in ``lang`` (``carnegie.term.city.*``),
    shortened where the map is small (``full=False``), with its ``vp``."""
    label = term(lang, PREFIX, "city", city, name)
    if not full and city == "salt-lake-city":
        label = t(lang, "render.carnegie.salt_lake", "Salt Lake")
    return f"{label} {vp}" if vp else label


def _label_place(
    pen: Pen, label: str, bold: bool, box: Box, first: str, w: float, taken: list[Box]
) -> tuple[float, float, str]:
    """Where a city's ``label`` goes beside its ``box`` on a map ``w`` wide: the side ``first``
    if there its ink covers nothing in ``taken`` (city boxes, region names, labels placed so
    far), else the next free place: below, above (there also moved sideways by a third or two
    thirds of its width), right, left; else the place covering least. Returns the text's
    point and anchor and adds the label's ink box to ``taken``."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    places: list[tuple[Box, tuple[float, float, str]]] = []
    for side in [first, *(s for s in "barl" if s != first)]:
        anchor = {"b": "ma", "a": "md", "r": "lm", "l": "rm"}[side]
        left, top, right, bottom = _ink(pen, label, TEXT_S, bold, anchor)
        if side in "ba":
            y = y1 + 1 - min(0.0, top) if side == "b" else y0 - 1 - max(0.0, bottom)
            lw = right - left
            for shift in (0.0, -lw / 3, lw / 3, -2 * lw / 3, 2 * lw / 3):
                x = min(max(cx + shift, 4 - left), w - 4 - right)  # kept on the map
                places.append(((x + left, y + top, x + right, y + bottom), (x, y, anchor)))
        else:
            x = x1 + 3 if side == "r" else x0 - 3
            places.append(((x + left, cy + top, x + right, cy + bottom), (x, cy, anchor)))

    def covered(ink: Box) -> float:
        a0, b0, a1, b1 = ink
        if a0 < 2 or a1 > w - 2:
            return math.inf
        return sum(
            max(0.0, min(a1, t1) - max(a0, t0)) * max(0.0, min(b1, u1) - max(b0, u0))
            for t0, u0, t1, u1 in taken
        )

    ink, point = next((p for p in places if covered(p[0]) == 0), None) or min(
        places, key=lambda p: covered(p[0])
    )
    taken.append(ink)
    return point


def _ink(pen: Pen, text: str, size: float, bold: bool, anchor: str) -> Box:
    """The box ``text`` at ``size`` inks around its ``anchor`` point, in layout units."""
    drawn = glyphs(text, max(6, round(size * pen.k)), bold, anchor)
    if drawn is None:
        return (0.0, 0.0, 0.0, 0.0)
    mask, (dx, dy) = drawn
    k = pen.k
    return (dx / k, dy / k, (dx + mask.width) / k, (dy + mask.height) / k)


@dataclass(frozen=True)
class _Label:
    """A word on the map: ``text`` at point ``x, y`` with ``anchor``, inking ``ink``."""

    text: str
    x: float
    y: float
    anchor: str
    ink: Box
    size: float = TEXT_S
    bold: bool = False


def _map_plan(
    pen: Pen, lang: str, w: float, full: bool, key: bool
) -> tuple[dict[str, Box], list[_Label], list[_Label]]:
    """The map ``w`` units wide laid out: each city's box (by id), the regions' names and the
    cities' names (``_label_place``: none covers a box, a region's name, another city's name,
    or the key line at the bottom when there is one)."""
    f = w / MAP_W
    h = MAP_H * f
    regions = []
    for region, (lx, ly) in CHAT_REGION_AT.items():
        name = _region(lang, region).upper()
        left, top, right, bottom = _ink(pen, name, TEXT_M, True, "mm")
        ink = (lx * f + left, ly * f + top, lx * f + right, ly * f + bottom)
        regions.append(_Label(name, lx * f, ly * f, "mm", ink, TEXT_M, True))
    boxes: dict[str, Box] = {}
    data = load()
    for c in data.cities:
        cx, cy = CHAT_AT[c.id][0] * f, CHAT_AT[c.id][1] * f
        rows = _space_rows(c.size)
        box_w = max(len(r) for r in rows) * PITCH + 6
        box_h = len(rows) * PITCH + 4
        boxes[c.id] = (cx - box_w / 2, cy - box_h / 2, cx + box_w / 2, cy + box_h / 2)
    taken = [*boxes.values(), *(r.ink for r in regions)]
    if key:
        taken.append((0, h - 22, w, h))
    labels = []
    for c in data.cities:
        text = _city_label(lang, c.id, c.name, c.vp, full)
        bold = c.size == "major"
        first = CHAT_LABEL.get(c.id, "b")
        x, y, anchor = _label_place(pen, text, bold, boxes[c.id], first, w, taken)
        labels.append(_Label(text, x, y, anchor, taken[-1], TEXT_S, bold))
    return boxes, regions, labels


@lru_cache(maxsize=16)
def _map_layer(theme: str, k: float, w: float, lang: str, full: bool, key: bool) -> Image.Image:
    """The map's ground ``w`` units wide at ``k`` pixels a unit: panel, region names, roads,
    city boxes and names (in ``lang``; ``full`` names or the chat map's short ones) and, with
    ``key``, the key line. It is the same for a whole game, so it is drawn once."""
    th = THEMES[theme]
    h = MAP_H * w / MAP_W
    layer = Image.new("RGB", (max(1, round(w * k)), max(1, round(h * k))), th.bg)
    pen = Pen(layer, k, th.ink, lang=lang)
    pen.rect(0, 0, w, h, fill=th.panel, radius=8)
    boxes, regions, labels = _map_plan(pen, lang, w, full, key)
    for region, label in zip(CHAT_REGION_AT, regions, strict=True):
        fill = mix(th.regions[region], th.ink, 0.4)
        pen.text(label.x, label.y, label.text, label.size, bold=True, fill=fill, anchor="mm")
    data = load()
    centre = {c: ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for c, b in boxes.items()}
    for a, b in data.roads:
        pen.line([centre[a], centre[b]], fill=th.road, width=2)
    for c in data.cities:
        tint = th.regions[c.region]
        pen.rect(*boxes[c.id], fill=tint, outline=mix(tint, th.ink, 0.45), radius=6)
    for label in labels:
        pen.text(label.x, label.y, label.text, TEXT_S, bold=label.bold, anchor=label.anchor)
    if key:
        text = t(
            lang,
            "render.carnegie.map_key",
            "H housing · C commerce · I industry · P infrastructure · ○ any · n = city VP",
        )
        pen.text(8, h - 11, pen.fit(text, TEXT_S, w - 16), TEXT_S, fill=th.muted, anchor="lm")
    return layer


_LEGEND = Legend(
    (
        ("housing", "housing (H)"),
        ("commerce", "commerce (C)"),
        ("industry", "industry (I)"),
        ("infrastructure", "infrastructure (P)"),
        ("any", "any project type"),
        ("vp", "VP per project"),
        ("shapes", "player colour, shape"),
        ("neutral", "neutral blocking disk"),
        ("andrew", "Andrew's disk"),
        ("marker", "this round's event"),
    ),
    head=HEAD_H + 6,
    row_h=LEGEND_ROW_H,
    label_dx=40,
    size=TEXT_S,
    title_size=TEXT_M,
)


def _draw_legend(pen: Pen, th: _Theme, w: float) -> None:
    """What the map's and the timeline's marks mean, in two columns."""

    def icon(kind: str, x: float, cy: float) -> None:
        ix = x + 16
        if kind in TYPE_LETTERS:
            _space(pen, th, ix, cy, kind)
        elif kind == "vp":
            pen.text(ix, cy + 1, "3", TEXT_S, bold=True, anchor="mm")
        elif kind == "shapes":
            for seat in range(4):
                _mark(pen, ix - 12 + seat * 9, cy, 5, seat, th)
        elif kind == "neutral":
            _mark(pen, ix, cy, 8, NEUTRAL, th)
        elif kind == "andrew":
            _mark(pen, ix, cy, 8, ANDREW, th)
        else:
            pen.rect(ix - 14, cy - 9, ix + 14, cy + 9, outline=th.highlight, width=3, radius=5)

    lang = pen.lang
    labels = {
        "housing": t(lang, "render.carnegie.l_housing", "housing (H)"),
        "commerce": t(lang, "render.carnegie.l_commerce", "commerce (C)"),
        "industry": t(lang, "render.carnegie.l_industry", "industry (I)"),
        "infrastructure": t(lang, "render.carnegie.l_infrastructure", "infrastructure (P)"),
        "any": t(lang, "render.carnegie.l_any", "any project type"),
        "vp": t(lang, "render.carnegie.l_vp", "VP per project"),
        "shapes": t(lang, "render.carnegie.l_shapes", "player colour, shape"),
        "neutral": t(lang, "render.carnegie.l_neutral", "neutral blocking disk"),
        "andrew": t(lang, "render.carnegie.l_andrew", "Andrew's disk"),
        "marker": t(lang, "render.carnegie.l_marker", "this round's event"),
    }
    _LEGEND.draw(pen, th, 0, 0, w, icon, labels)


def _paint_legend(image: Image.Image, k: float, theme: str, lang: str, w: float) -> None:
    th = THEMES[theme]
    _draw_legend(Pen(image, k, th.ink, lang=lang), th, w)


# ---------------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------------


def render_board(
    view: CarnegieView,
    *,
    names: Sequence[str] | None = None,
    theme: str = "light",
    scale: float = 1.0,
    detail: bool = False,
    lang: str = "en",
) -> Image.Image:
    """The main board as an RGB image: the same sections at two sizes (module docstring).

    ``detail=False`` (default): the chat board, ``CHAT_W * scale`` wide, drawn for Discord's
    inline width (550 px; no text under 11 px there): title, timeline with the chosen row
    and its event, the map (spaces by type, disks by seat shape and colour), players' money,
    goods, VP, employees and transport boxes by name, donations and this turn.
    ``detail=True``: ``DETAIL.width * scale`` wide, a larger map beside the donations, this
    turn with more events, the transport tracks with their levels and occupants, Andrew's
    cards (solo), each player's added departments and donations, and the legend.
    ``names``: one display name per seat (``P1``... where missing). The map's ground and the
    legend are drawn once per theme, scale and language and cached. ``ValueError`` for an
    unknown theme or a scale <= 0.
    """
    th = pick_theme(THEMES, theme, scale)
    labels = seat_names(names, view.n_seats)
    size = DETAIL if detail else CHAT
    return _Board.board(th, view, labels, size, scale=scale, lang=lang)


def _event_short(ev: str, lang: str = "en") -> str:
    """A timeline cell's event in a few letters: ``MW$`` (a region's income), ``Don.``."""
    parts = []
    for p in ev.split("+"):
        if p == "donation":
            parts.append(t(lang, "render.carnegie.don_short", "Don."))
        else:
            parts.append(_region_short(lang, p) + "$")
    return " ".join(parts)


def _event_words(ev: str, lang: str = "en") -> str:
    """A timeline event in words: ``Midwest income and a donation``."""
    parts = []
    for p in ev.split("+"):
        if p == "donation":
            parts.append(t(lang, "render.carnegie.a_donation", "a donation"))
        else:
            parts.append(
                t(lang, "render.carnegie.income", "{region} income", region=_region(lang, p))
            )
    return t(lang, "render.carnegie.and", " and ").join(parts)


def _dept_term(lang: str, dept: str) -> str:
    """A department tile by its printed name in ``lang`` (its id if the data lacks it)."""
    data = load().department
    return term(lang, PREFIX, "department", dept, data[dept].name) if dept in data else dept


def _display_names(view: CarnegieView, lang: str = "en") -> list[str]:
    """Department tiles on display (to reserve or build), by printed name, ``×n`` for copies."""
    return [_dept_term(lang, k) + (f" ×{n}" if n > 1 else "") for k, n in view.display.items() if n]


def _dept_name(view: CarnegieView, seat: int, dept: str, lang: str = "en") -> str:
    """A department's printed name from the player's company board (its id if absent), in
    ``lang``."""
    if 0 <= seat < len(view.companies):
        for cell in view.companies[seat].cells:
            if cell.dept == dept and cell.name:
                return term(lang, PREFIX, "department", dept, cell.name)
    return dept


# ---------------------------------------------------------------------------------------------
# The company board (render_player / render_hand)
# ---------------------------------------------------------------------------------------------

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
    gx = MARGIN + P_ROWHEAD
    cw = (P_W - MARGIN - gx) / cols
    tables_h = HEAD_H + 4 * 22 + 10
    footer = _company_footer(co, lang)
    height = MARGIN + 56 + 22 + rows * P_CH + 8 + tables_h + 8 + 20 * len(footer) + MARGIN
    image = Image.new("RGB", (round(P_W * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y: float = MARGIN
    _mark(pen, MARGIN + 10, y + 14, 10, seat, th)
    title = t(lang, "render.carnegie.company_of", "{name} — company", name=labels[seat])
    pen.text(MARGIN + 28, y + 14, title, TEXT_L, bold=True, anchor="lm")
    pen.text(
        P_W - MARGIN,
        y + 14,
        t(
            lang,
            "render.carnegie.money_goods_vp",
            "${money} · {goods} goods · {vp} VP",
            money=co.money,
            goods=co.goods,
            vp=co.vp,
        ),
        TEXT_M,
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
    pen.text(
        MARGIN, y + 42, pen.fit(sub, TEXT_S, P_W - 2 * MARGIN), TEXT_S, fill=th.muted, anchor="lm"
    )
    y += 56
    for c in range(cols):
        pen.text(
            gx + c * cw + cw / 2, y + 10, chr(97 + c), TEXT_M, bold=True, fill=th.muted, anchor="mm"
        )
    y += 22
    for r in range(rows):
        pen.text(
            MARGIN + 8,
            y + r * P_CH + P_CH / 2,
            str(r + 1),
            TEXT_M,
            bold=True,
            fill=th.muted,
            anchor="mm",
        )
    for cell in co.cells:
        c = ord(cell.cell[0]) - 97
        r = int(cell.cell[1:]) - 1
        _company_cell(pen, co, cell, gx + c * cw, y + r * P_CH, cw, th)
    y += rows * P_CH + 8
    _company_tables(pen, co, th, y)
    y += tables_h + 8
    for line in footer:
        pen.text(MARGIN, y + 10, pen.fit(line, TEXT_S, P_W - 2 * MARGIN), TEXT_S, anchor="lm")
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
    pen.text(x + cw - 7, y + 13, cell.cell, TEXT_S, fill=th.muted, anchor="rm")
    if empty:
        empty_vp = t(lang, "render.carnegie.empty", "empty · {vp} VP", vp=cell.row_vp)
        pen.text(x + 9, y + 14, empty_vp, TEXT_S, fill=th.muted, anchor="lm")
        if cell.inactive:
            lying = t(lang, "render.carnegie.lying", "{n} lying", n=cell.inactive)
            pen.text(x + 9, y + P_CH - 18, lying, TEXT_S, anchor="lm")
        return
    name = term(lang, PREFIX, "department", cell.dept or "", cell.name)
    lines = pen.wrap(name, TEXT_S, cw - 36, bold=True)[:2]
    for i, line in enumerate(lines):
        pen.text(
            x + 9,
            y + 14 + i * 17,
            pen.fit(line, TEXT_S, cw - 30, True),
            TEXT_S,
            bold=True,
            anchor="lm",
        )
    if lobby:
        lying = t(lang, "render.carnegie.lying", "{n} lying", n=co.lobby)
        pen.text(x + 9, y + P_CH - 22, lying, TEXT_M, anchor="lm")
        return
    wy = y + P_CH - 50
    for i, cost in enumerate(cell.workplaces):
        wx = x + 9 + i * 34
        pen.rect(wx, wy, wx + 30, wy + 24, fill=th.bg, outline=th.ink, radius=4)
        if i < cell.active:
            _mark(pen, wx + 15, wy + 12, 8, co.seat, th)
        else:
            pen.text(wx + 15, wy + 13, f"${cost}", TEXT_S, anchor="mm")
    notes = []
    if cell.inactive:
        notes.append("+" + t(lang, "render.carnegie.lying", "{n} lying", n=cell.inactive))
    if cell.dept == "hr":
        notes.append(t(lang, "render.carnegie.printed", "+1 printed"))
    if notes:
        pen.text(
            x + 9, y + P_CH - 13, pen.fit(", ".join(notes), TEXT_S, cw - 16), TEXT_S, anchor="lm"
        )


def _company_tables(pen: Pen, co: CompanyView, th: _Theme, y: float) -> None:
    h = HEAD_H + 4 * 22 + 10
    mid = MARGIN + (P_W - 2 * MARGIN) / 2
    pen.rect(MARGIN, y, mid - 4, y + h, fill=th.panel, radius=8)
    pen.rect(mid + 4, y, P_W - MARGIN, y + h, fill=th.panel, radius=8)
    lang = pen.lang
    tx: list[float] = [MARGIN + 8, MARGIN + 150, MARGIN + 200, MARGIN + 262]
    heads = [
        t(lang, "render.carnegie.project_tab", "Project tab"),
        t(lang, "render.carnegie.disks", "disks"),
        t(lang, "render.carnegie.next", "next"),
        "VP",
    ]
    for i, (hx, head) in enumerate(zip(tx, heads, strict=True)):
        pen.text(
            hx,
            y + HEAD_H / 2 + 2,
            head,
            TEXT_S if i else TEXT_M,
            bold=not i,
            fill=th.ink if not i else th.muted,
            anchor="lm" if not i else "mm",
        )
    for k, tab in enumerate(co.tabs):
        ry = y + HEAD_H + 6 + k * 22 + 11
        pen.text(tx[0], ry, _tab(lang, tab.tab), TEXT_S, anchor="lm")
        pen.text(tx[1], ry, str(tab.disks), TEXT_S, anchor="mm")
        cost = (
            t(lang, "render.carnegie.pts", "{n} pts", n=tab.next_cost)
            if tab.next_cost is not None
            else t(lang, "render.carnegie.out", "out")
        )
        pen.text(tx[2], ry, cost, TEXT_S, anchor="mm")
        pen.text(tx[3], ry, str(tab.vp), TEXT_S, anchor="mm")
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
            y + HEAD_H / 2 + 2,
            head,
            TEXT_S if i else TEXT_M,
            bold=not i,
            fill=th.ink if not i else th.muted,
            anchor="lm" if not i else "mm",
        )
    for k, region in enumerate(("west", "midwest", "south", "east")):
        ry = y + HEAD_H + 6 + k * 22 + 11
        pen.text(rx[0], ry, _region(lang, region), TEXT_S, anchor="lm")
        pen.text(rx[1], ry, str(co.tracks[region]), TEXT_S, anchor="mm")
        pen.text(rx[2], ry, _level(lang, co.levels[region]), TEXT_S, anchor="mm")
        pen.text(rx[3], ry, str(co.missions[region]), TEXT_S, anchor="mm")


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
    """An action (timeline row) by its long name: Human Resources, Management..."""
    return term(lang, PREFIX, "action_long", action, ACTION_NAMES.get(action, action))


def _row_short(lang: str, action: str) -> str:
    """An action's short name (HR, R&D)."""
    return term(lang, PREFIX, "action", action, ACTION_WORDS.get(action, action))


def _region(lang: str, region: str) -> str:
    """A region's name (West, Midwest...)."""
    return term(lang, PREFIX, "region", region, region.title())


def _region_short(lang: str, region: str) -> str:
    """A region's letters (W, MW, S, E)."""
    return {
        "west": t(lang, "render.carnegie.w", "W"),
        "midwest": t(lang, "render.carnegie.mw", "MW"),
        "south": t(lang, "render.carnegie.s", "S"),
        "east": t(lang, "render.carnegie.e", "E"),
    }.get(region, region)


def _level(lang: str, level: str) -> str:
    """A transport level's name (from the company view) in ``lang``."""
    return term(lang, PREFIX, "level", level, level)


def _tab(lang: str, tab: str) -> str:
    """A project tab's name (Housing, Commerce...) in ``lang`` (``carnegie.term.tab.*``,
    capitalised)."""
    name = term(lang, PREFIX, "tab", tab, tab)
    return name[:1].upper() + name[1:]


def _on_display(lang: str, shown: Sequence[str]) -> str:
    return t(lang, "render.carnegie.on_display", "On display: {tiles}", tiles=", ".join(shown))


def _width(kind: str, detail: bool) -> float | None:
    """``Renderer.width``: the board's and a company board's width at scale 1.0."""
    if kind == "board":
        return (DETAIL if detail else CHAT).pixels
    return P_W if kind in ("player", "hand") else None


RENDERER: Renderer[CarnegieView] = Renderer(
    "carnegie",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.companies),
    player=render_player,
    hand=render_hand,
    width=lambda kind, view, detail: _width(kind, detail),
)
