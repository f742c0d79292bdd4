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
from functools import lru_cache

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
    RGB,
    BoardSections,
    LayerPaint,
    Legend,
    Palette,
    Pen,
    Section,
    Size,
    alt_text,
    mix,
    palette,
    pick_theme,
    player_colour,
    seat_names,
    text_on,
)
from render.contract import Renderer

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
    name: str
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
        name="light",
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
        name="dark",
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
    return term(lang, PREFIX, "good", good, good.replace("_", " "))


def _staff(lang: str, kind: str) -> str:
    """A card's printed name in ``lang`` (``food_chain_magnate.term.card.<id>``, whose English
    is the data's name: ``Burger Cook``); a kind the data has not (``face_down``) in words."""
    found = components().employees.get(kind)
    return term(lang, PREFIX, "card", kind, found.name if found else kind.replace("_", " "))


PIECES = {
    "house": "House",
    "garden": "garden",
    "drive_in": "drive-in",
    "entrance": "entrance",
    "coming_soon": "coming soon",
    "bank": "Bank",
}
"""The board's pieces and places that have a name (``food_chain_magnate.term.piece.<id>``),
with their English (the seed's words: 家, 庭, ドライブイン, 出入り口, 銀行)."""


def _piece(lang: str, ident: str) -> str:
    """A piece's name in ``lang`` (``drive-in``, ``ドライブイン``)."""
    return term(lang, PREFIX, "piece", ident, PIECES[ident])


def _campaign_kind(lang: str, kind: str) -> str:
    """A campaign's kind in ``lang`` (``billboard``, ``ビルボード``)."""
    return term(lang, PREFIX, "campaign", kind, kind)


def _milestone(lang: str, ident: str) -> str:
    """A milestone's printed name in ``lang`` (``food_chain_magnate.term.milestone.<id>``,
    whose English is the data's name: ``First to have $100``)."""
    found = components().milestones.get(ident)
    return term(lang, PREFIX, "milestone", ident, found.name if found else ident.replace("_", " "))


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


# -- the board: one list of sections drawn at two sizes ---------------------------------------

SQ = 40  # a map square, in layout units
MARGIN = 14
GAP = 8  # between sections
INLINE = 550  # Discord's inline width in pixels...
INLINE_TEXT = 11  # ...where the smallest text is at least this tall
DETAIL_WIDTH = 1100  # the detail board's width in pixels at scale 1.0
SEP = "  ·  "  # between the facts of a line


@dataclass(frozen=True)
class BoardSize(Size):
    """One of the board's two sizes: the layout (``Size``, in the same layout units on both)
    and what it shows. ``t``: the smallest text (11 px when the chat board is shown
    ``INLINE`` px wide), ``big``: names and the title, ``label``: the band of coordinates
    around the map, ``plane``: the band of airplanes beside it; ``cards``: each company's
    cards by name (the detail board)."""

    t: float = 14
    big: float = 17
    label: float = 20
    plane: float = 28
    cards: bool = False

    @property
    def line(self) -> float:
        """The height of one line of ``t`` text."""
        return self.t + 10


def board_size(view: FcmView, detail: bool = False) -> BoardSize:
    """The size ``view`` is drawn at: the chat board is about ``40 * columns + 100`` layout
    units wide (one unit a pixel at scale 1.0) with its smallest text 11 px when shown
    ``INLINE`` px wide; the detail board is the same layout ``DETAIL_WIDTH`` px wide (the
    unit grows) with every company's cards."""
    cols = view.tile_cols * 5
    # the smallest text: 11 px at 550 px wide, rounded up, plus 4% against rounding
    t = math.ceil((2 * MARGIN + 3 * SQ + cols * SQ) * INLINE_TEXT / INLINE * 1.04)
    label = t * 1.4
    plane = t * 1.4 + 8
    width = 2 * MARGIN + plane + label + cols * SQ
    t = max(t, math.ceil(width * INLINE_TEXT / INLINE * 1.04))
    return BoardSize(
        width=width,
        margin=MARGIN,
        gap=GAP,
        unit=DETAIL_WIDTH / width if detail else 1.0,
        t=t,
        big=round(t * 1.2),
        label=label,
        plane=plane,
        cards=detail,
    )


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

    One list of sections (``_Board.sections``) at two sizes (``board_size``): the header (turn,
    phase, bank, CEO slots, who is to act, or the final standings), the map with coordinates,
    houses with demand, restaurants and campaigns (numbered on the map, airplanes beside it),
    the campaigns listed with owner, product and turns left, one row per company in turn
    order (cash, price, waitresses, open slots, stock, staff counts, busy marketeers,
    milestones) and the legend. ``detail=False`` (default): the chat board, about
    ``40 * columns + 100`` px wide times ``scale``, no text under 11 px at Discord's inline
    width (550 px). ``detail=True``: the same sections ``DETAIL_WIDTH`` (1,100) px wide times
    ``scale``, each company's row also naming its cards. ``names``: display names by seat
    (default ``P1``, ``P2``…).

    Raises ``ValueError`` for an unknown ``theme`` or a non-positive ``scale``.
    """
    th = pick_theme(_THEMES, theme, scale)
    labels = seat_names(names, len(view.players))
    size = board_size(view, detail)
    return _Board.board(th, view, labels, size, scale=scale, lang=lang)


class _Board(BoardSections[_Theme, FcmView, BoardSize]):
    """The sections of one board (``BoardSections``)."""

    def sections(self) -> list[Section]:
        """Header, map, campaigns, companies, legend (one column at both sizes)."""
        return [
            Section(self.header_height, self.header, "top"),
            Section(self.map_height, self.map, "top"),
            Section(self.campaigns_height, self.campaigns, "top"),
            Section(self.players_height, self.players, "top"),
            Section(lambda w: _legend(self.size.t).height, self.draw_legend, "top"),
        ]

    # -- header -------------------------------------------------------------------------

    def final(self) -> str:
        """``Final: 1. Alice $120  2. Bruno $95`` (game over)."""
        return _final(self.lang, self.view, self.names, " · ")

    def title_h(self) -> float:
        """The title's row: Japanese is drawn 1.2x (``CJK_SCALE``) and needs the room."""
        return self.size.big * 1.2 + 8

    def header_height(self, w: float) -> float:
        z = self.size
        if self.view.ranking:
            return self.title_h() + self.pen.banner_height(self.final(), w, size=z.t, line_h=z.line)
        return self.title_h() + z.line

    def header(self, x: float, y: float, w: float) -> None:
        pen, th, z, view, lang = self.pen, self.th, self.size, self.view, self.lang
        title = f"{_game_name(lang)} · {_phase_title(view, lang)}"
        cy = y + (self.title_h() - 4) / 2
        pen.text(x, cy, pen.fit(title, z.big, w, True), z.big, bold=True, anchor="lm")
        y += self.title_h()
        if view.ranking:
            pen.banner(x, y, w, self.final(), fill=th.banner_over, size=z.t, line_h=z.line)
            return
        cy = y + z.line / 2
        acting = [self.names[s] for s in view.to_act if 0 <= s < len(self.names)]
        right = (
            t(lang, "render.food_chain_magnate.to_act", "To act: {names}", names=", ".join(acting))
            if acting
            else ""
        )
        right_w = min(pen.length(right, z.t, True), w / 2) if right else 0.0
        parts = [
            _bank(lang, view),
            t(lang, "render.food_chain_magnate.ceo_slots", "CEO slots {n}", n=view.ceo_slots),
        ]
        if view.next_ceo_slots is not None:
            parts.append(
                t(
                    lang,
                    "render.food_chain_magnate.next_turn",
                    "→ {n} next turn",
                    n=view.next_ceo_slots,
                )
            )
        if view.intro:
            parts.append(t(lang, "render.food_chain_magnate.intro_game", "intro game"))
        _facts(pen, x, cy, parts, z.t, w - right_w - 20, fill=th.muted)
        if right:
            pen.text(x + w, cy, pen.fit(right, z.t, right_w, True), z.t, bold=True, anchor="rm")

    # -- map ----------------------------------------------------------------------------

    def map_height(self, w: float) -> float:
        return self.size.plane + self.size.label + len(self.view.terrain) * SQ

    def map(self, x: float, y: float, w: float) -> None:
        pen, th, z, view = self.pen, self.th, self.size, self.view
        x0, y0 = x + z.plane + z.label, y + z.plane + z.label
        # the layer lands on whole pixels; its drawing keeps the fraction, so every line
        # falls where drawing on the board itself would put it
        ox, oy = (x + z.plane) * pen.k, (y + z.plane) * pen.k
        left, top = math.floor(ox), math.floor(oy)
        at = (round(ox - left, 6), round(oy - top, 6))
        pen.image.paste(_ground_layer(view.terrain, view.bridges, th, pen.k, z, at), (left, top))
        for h in view.houses:
            _house(pen, th, h, x0, y0, z)
        for camp in view.campaigns:
            if camp.squares:
                _campaign(pen, th, camp, x0, y0, z)
        for rest in view.restaurants:
            _restaurant(pen, th, rest, x0, y0, z)
        _planes(pen, view, x0, y0, z)

    # -- campaigns ----------------------------------------------------------------------

    def campaign_lines(self, w: float) -> list[list[tuple[float, str]]]:
        """``Campaigns: #11 Chiara billboard B∞ · ...`` wrapped to ``w``."""
        if not self.view.campaigns:
            return []
        items = []
        for camp in sorted(self.view.campaigns, key=lambda c: c.number):
            owner = self.names[camp.owner] if 0 <= camp.owner < len(self.names) else "?"
            what = _campaign_text(camp) or "?"
            items.append(f"#{camp.number} {owner} {_campaign_kind(self.lang, camp.kind)} {what}")
        head = t(self.lang, "render.food_chain_magnate.campaigns_head", "Campaigns:")
        return _flow(self.pen, head, items, self.size.t, w)

    def campaigns_height(self, w: float) -> float:
        return len(self.campaign_lines(w)) * self.size.line

    def campaigns(self, x: float, y: float, w: float) -> None:
        z = self.size
        for i, line in enumerate(self.campaign_lines(w)):
            cy = y + i * z.line + z.line / 2
            for dx, item in line:
                self.pen.text(x + dx, cy, item, z.t, anchor="lm")

    # -- companies ----------------------------------------------------------------------

    def card_lines(self, p: PlayerView, w: float) -> list[list[tuple[float, str]]]:
        """The detail board's lines naming a company's cards (``_cards``), wrapped to ``w``."""
        if not self.size.cards:
            return []
        return [
            line
            for head, items in _cards(self.lang, p)
            for line in _flow(self.pen, f"{head}:", items, self.size.t, w - 24)
        ]

    def row_height(self, p: PlayerView, w: float) -> float:
        return (2 + len(self.card_lines(p, w))) * self.size.line + 8

    def players_height(self, w: float) -> float:
        return sum(self.row_height(p, w) for p in self.view.players)

    def players(self, x: float, y: float, w: float) -> None:
        for p in sorted(self.view.players, key=lambda q: q.position):
            self.player(p, x, y, w)
            y += self.row_height(p, w)

    def player(self, p: PlayerView, x: float, top: float, w: float) -> None:
        pen, th, z, view, lang = self.pen, self.th, self.size, self.view, self.lang
        cards = self.card_lines(p, w)
        h = (2 + len(cards)) * z.line + 8
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
        cy = top + 4 + z.line / 2
        _seat_mark(pen, x + 8 + z.t * 0.6, cy, z.t * 0.55, p.seat)
        nx = x + 16 + z.t * 1.2
        name = f"{p.position}. {self.names[p.seat]}"
        name = pen.fit(name, z.big, w / 2, True)
        pen.text(nx, cy, name, z.big, bold=True, anchor="lm")
        hx = nx + pen.length(name, z.big, True) + 16
        if p.bankrupt:  # out of the game at the end of this turn
            word = t(lang, "render.food_chain_magnate.bankrupt", "bankrupt")
            hx += pen.pill(hx, cy, word, fill=HIGHLIGHT, size=z.t, h=z.line - 2) + 10
        _facts(pen, hx, cy, _head(lang, view, p), z.t, x + w - hx - 10)
        cy += z.line
        _facts(pen, x + 12, cy, _status(lang, p, z.cards), z.t, w - 24, fill=th.muted)
        for line in cards:
            cy += z.line
            for dx, item in line:
                pen.text(x + 12 + dx, cy, item, z.t, anchor="lm")

    # -- legend -------------------------------------------------------------------------

    def draw_legend(self, x: float, y: float, w: float) -> None:
        """The legend, pasted from a layer drawn once per size, theme, scale and language."""
        z = self.size
        _legend(z.t).paste(self.pen, x, y, w, _legend_paint(z.t), self.th.name, self.th.bg)


@lru_cache(maxsize=8)
def _legend(t: float) -> Legend:
    """The legend of a board whose smallest text is ``t`` (``BoardSize.t``): its words in
    ``t`` (the legend's text follows the map's size), rows a line (``t + 10``) tall."""
    return Legend(LEGEND, head=t + 14, row_h=t + 10, label_dx=t * 1.24 + 10, size=t, title_size=t)


@lru_cache(maxsize=8)
def _legend_paint(t: float) -> LayerPaint:
    """The painter of ``_legend(t)``'s layer (``Legend.paste``), one per text size so the
    layer's cache knows it from board to board: the goods' discs and the entrance's corner,
    ``0.62 t`` in radius, with their names in the board's language."""

    def paint(image: Image.Image, k: float, theme: str, lang: str, w: float) -> None:
        th = _THEMES[theme]
        pen = Pen(image, k, th.ink, lang=lang)
        r = t * 0.62

        def icon(kind: str, ix: float, cy: float) -> None:
            if kind in GOODS:
                letter, colour = GOODS[kind]
                pen.disc(ix + r, cy, r, fill=colour, outline=(0, 0, 0), outline_w=1)
                pen.text(ix + r, cy + 1, letter, t, bold=True, fill=text_on(colour), anchor="mm")
            else:  # the dark corner at a restaurant's entrance
                pen.polygon([(ix, cy - r), (ix, cy + r), (ix + 2 * r, cy + r)], fill=th.ink)

        labels = {good: _good(lang, good) for good in GOODS}
        labels["entrance"] = _piece(lang, "entrance")
        _legend(t).draw(pen, th, 0, 0, w, icon, labels)

    return paint


LEGEND: tuple[tuple[str, str], ...] = (
    *((good, good.replace("_", " ")) for good in GOODS),
    ("entrance", "entrance"),
)
"""The legend's kinds with their English labels (drawn in the board's language)."""


def _flow(
    pen: Pen, head: str, items: Sequence[str], size: float, width: float
) -> list[list[tuple[float, str]]]:
    """``head`` (``Campaigns:``) then ``items`` laid out in lines no wider than ``width``, a
    dot between neighbours on a line (an item wider than a line gets a line of its own,
    shortened with an ellipsis): each line is its ``(x offset, text)`` pairs. Each item is
    measured and drawn on its own, so boards that share items share their cached glyphs."""
    space, dot = pen.length(" ", size), pen.length("·", size)
    sep = pen.length(" · ", size)
    lines: list[list[tuple[float, str]]] = [[(0.0, head)]] if head else []
    x = pen.length(head, size) if head else 0.0
    for i, item in enumerate(items):
        w = pen.length(item, size)
        gap = space if head and i == 0 else sep
        if lines and x + gap + w <= width:
            if gap == sep:
                lines[-1].append((x + (sep - dot) / 2, "·"))
            lines[-1].append((x + gap, item))
            x += gap + w
        else:
            lines.append([(0.0, pen.fit(item, size, width))])
            x = min(w, width)
    return lines


def _facts(
    pen: Pen,
    x: float,
    cy: float,
    parts: Sequence[str],
    size: float,
    room: float,
    *,
    fill: RGB | None = None,
    bold: bool = False,
) -> None:
    """``parts`` from ``x`` along the middle line ``cy``, ``SEP`` between them, as many as fit
    in ``room`` (the first that does not is shortened with an ellipsis and ends the line).
    Each part is drawn on its own: a company's cash or stock changes on every move, and
    rasterising the whole line again (a Japanese line above all) was most of a board's
    drawing time."""
    end = x + room
    gap = pen.length(SEP, size, bold)
    for i, part in enumerate(parts):
        if i:
            if x + gap >= end:
                return
            pen.text(x, cy, SEP, size, bold=bold, fill=fill, anchor="lm")
            x += gap
        w = pen.length(part, size, bold)
        if x + w > end:
            pen.text(
                x, cy, pen.fit(part, size, end - x, bold), size, bold=bold, fill=fill, anchor="lm"
            )
            return
        pen.text(x, cy, part, size, bold=bold, fill=fill, anchor="lm")
        x += w


def _head(lang: str, view: FcmView, p: PlayerView) -> list[str]:
    """A company's first line after its name: cash, price, waitresses, open slots, whether it
    has chosen its structure."""
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
    return head


def _status(lang: str, p: PlayerView, detail: bool = False) -> list[str]:
    """A company's second line: stock, staff counts, busy marketeers, milestones, drive-in;
    on the detail board also its restaurants not yet placed."""
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
        parts.append(_piece(lang, "drive_in"))
    if detail and p.restaurants_left:
        parts.append(
            t(
                lang,
                "render.food_chain_magnate.to_place",
                "{n} restaurants to place",
                n=p.restaurants_left,
            )
        )
    return parts


def _cards(lang: str, p: PlayerView) -> list[tuple[str, list[str]]]:
    """A company's cards by name, as ``(heading, cards)``: at work (the CEO first) and on the
    beach once its structure is revealed, else all its cards (``Face Down`` while another
    company's are hidden). The detail board's card lines and the company's sheet."""
    ceo = _staff(lang, "ceo")
    if p.at_work or p.beach:
        beach = _named(lang, p.beach) or [t(lang, "render.food_chain_magnate.nobody", "nobody")]
        return [
            (
                t(lang, "render.food_chain_magnate.h_at_work", "At work"),
                [ceo, *_named(lang, p.at_work)],
            ),
            (t(lang, "render.food_chain_magnate.h_beach", "On the beach"), beach),
        ]
    return [(t(lang, "render.food_chain_magnate.h_cards", "Cards"), [ceo, *_named(lang, p.hand)])]


def _named(lang: str, items: Sequence[tuple[str, int]]) -> list[str]:
    """Cards by name in ``lang``, counted when more than one: ``2× burger cook``."""
    return [f"{n}× {_staff(lang, k)}" if n > 1 else _staff(lang, k) for k, n in items]


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


@lru_cache(maxsize=8)
def _ground_layer(
    terrain: tuple[str, ...],
    bridges: tuple[tuple[int, int], ...],
    th: _Theme,
    k: float,
    z: BoardSize,
    at: tuple[float, float],
) -> Image.Image:
    """The map's ground (``_ground``) with the band of coordinates above and left of it, as an
    image ``k`` pixels a layout unit whose top-left pixel is the band's corner less ``at``
    (the fraction of a pixel the corner falls past it on the board): drawn once per map,
    theme and size, as it never changes during a game (drawing its roads square by square
    was a third of a board's drawing time)."""
    rows, cols = len(terrain), len(terrain[0])
    w, h = z.label + cols * SQ, z.label + rows * SQ
    edge = math.ceil(2 * k) + 1  # the heavy tile line along the right and bottom edges
    layer = Image.new("RGB", (math.ceil(w * k) + edge, math.ceil(h * k) + edge), th.bg)
    x0, y0 = z.label + at[0] / k, z.label + at[1] / k
    _ground(Pen(layer, k, th.ink), th, terrain, bridges, x0, y0, z)
    return layer


def _ground(
    pen: Pen,
    th: _Theme,
    terrain: Sequence[str],
    bridges: Sequence[tuple[int, int]],
    x0: float,
    y0: float,
    z: BoardSize,
) -> None:
    """The map's ground: background, column letters and row numbers in the band around it,
    square and tile lines, roads with their bridges, and drink squares."""
    sq, band, label = SQ, z.label, z.t
    rows, cols = len(terrain), len(terrain[0])
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
    over = set(bridges)
    for r, row in enumerate(terrain):
        for c, ch in enumerate(row):
            x, y = x0 + c * sq, y0 + r * sq
            if ch == "#":
                _road(pen, th, terrain, r, c, x, y, sq, (r, c) in over)
            elif ch in DRINK_LETTER:
                letter, colour = GOODS[DRINK_LETTER[ch]]
                pen.rect(
                    x + 3,
                    y + 3,
                    x + sq - 3,
                    y + sq - 3,
                    fill=colour,
                    outline=th.muted,
                    width=2,
                    radius=6,
                )
                pen.text(
                    x + sq / 2,
                    y + sq / 2 + 1,
                    letter,
                    z.t,
                    bold=True,
                    fill=text_on(colour),
                    anchor="mm",
                )


def _house(pen: Pen, th: _Theme, h: HouseView, x0: float, y0: float, z: BoardSize) -> None:
    sq = SQ
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
    tokens = [(g, 1) for g in h.demand] if len(h.demand) <= 3 else _grouped(h.demand)
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


def _restaurant(
    pen: Pen, th: _Theme, r: RestaurantView, x0: float, y0: float, z: BoardSize
) -> None:
    sq = SQ
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


def _campaign(pen: Pen, th: _Theme, camp: CampaignView, x0: float, y0: float, z: BoardSize) -> None:
    colour = player_colour(camp.owner)
    bx0, by0, bx1, by1 = _box(camp.squares, x0, y0, SQ)
    pen.rect(bx0 + 2, by0 + 2, bx1 - 2, by1 - 2, fill=th.panel, outline=colour, width=4, radius=3)
    num = str(camp.number)
    what = _campaign_text(camp)
    cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
    w, h = bx1 - bx0 - 6, by1 - by0
    both = f"{num} {what}".strip()
    if pen.length(both, z.t, True) <= w:
        pen.text(cx, cy + 1, both, z.t, bold=True, anchor="mm")
    elif h >= 2 * SQ - 1 and what:
        pen.text(cx, cy - z.t * 0.6, num, z.t, bold=True, anchor="mm")
        pen.text(cx, cy + z.t * 0.65, what, z.t, bold=True, anchor="mm")
    else:
        pen.text(cx, cy + 1, num, z.t, bold=True, anchor="mm")


def _planes(pen: Pen, view: FcmView, x0: float, y0: float, z: BoardSize) -> None:
    top = y0 - z.label - z.plane
    left = x0 - z.label - z.plane
    for camp in view.campaigns:
        if camp.squares or not camp.lines:
            continue
        colour = player_colour(camp.owner)
        first, last = min(camp.lines), max(camp.lines) + 1
        if camp.axis == "col":
            pen.rect(
                x0 + first * SQ + 2,
                top + 2,
                x0 + last * SQ - 2,
                top + z.plane - 2,
                fill=colour,
                radius=6,
            )
            label = f"{camp.number} {_campaign_text(camp)}".strip()
            pen.text(
                x0 + (first + last) * SQ / 2,
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
                y0 + first * SQ + 2,
                left + z.plane - 2,
                y0 + last * SQ - 2,
                fill=colour,
                radius=6,
            )
            label = str(camp.number)
            pen.text(
                left + z.plane / 2,
                y0 + (first + last) * SQ / 2,
                label,
                z.t,
                bold=True,
                fill=text_on(colour),
                anchor="mm",
            )


def _road(
    pen: Pen,
    th: _Theme,
    terrain: Sequence[str],
    r: int,
    c: int,
    x: float,
    y: float,
    sq: float,
    bridge: bool,
) -> None:
    pen.rect(x, y, x + sq, y + sq, fill=th.road)

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
            bits = [_piece(lang, "coming_soon")] if not r.open else []
            bits.append(
                t(lang, "render.food_chain_magnate.drive_in_corners", "drive-in: every corner")
                if r.drive_in
                else f"{_piece(lang, 'entrance')} {_square_name(r.entrance)}"
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
            garden = f" ({_piece(lang, 'garden')})" if h.garden else ""
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
        t(lang, "render.food_chain_magnate.goods_list", "Goods: {goods}", goods=goods)
        + f" · ◣ {_piece(lang, 'entrance')}"
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
                _road(pen, th, view.terrain, r, c, x, y, sq, (r, c) in bridges)
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
                _piece(pen.lang, "garden"),
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
    label = f"{_piece(pen.lang, 'house')} {h.number}"
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
        else _piece(pen.lang, "drive_in")
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

    none = [t(lang, "render.food_chain_magnate.none", "none")]
    left = _cards(lang, p)
    right: list[tuple[str, list[str]]] = []
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
        facts.append(_piece(lang, "drive_in"))
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
    fact_lines = probe.wrap(" · ".join(facts), P_T, P_W - 2 * MARGIN)
    body = max(tall(left), tall(right))
    height = MARGIN + 30 + P_LINE * len(fact_lines) + 10 + body + MARGIN
    image = Image.new("RGB", (round(P_W * scale), round(height * scale)), th.bg)
    pen = Pen(image, scale, th.ink, lang=lang)
    y: float = MARGIN + 14
    _seat_mark(pen, MARGIN + 10, y, 10, seat)
    chain = (
        term(lang, PREFIX, "chain", p.chain, p.chain)
        if p.chain
        else t(lang, "render.food_chain_magnate.company", "company")
    )
    title = f"{labels[seat]} — {chain}"
    pen.text(
        MARGIN + 28,
        y,
        pen.fit(title, P_BIG + 3, P_W - 150, True),
        P_BIG + 3,
        bold=True,
        anchor="lm",
    )
    pen.text(P_W - MARGIN, y, f"${p.cash}", P_BIG + 3, bold=True, anchor="rm")
    y += 16 + P_LINE / 2
    for line in fact_lines:
        pen.text(MARGIN, y, line, P_T, fill=th.muted, anchor="lm")
        y += P_LINE
    y += 10 - P_LINE / 2
    col_w = (P_W - 2 * MARGIN - 10) / 2
    for x, sections in ((MARGIN, left), (MARGIN + col_w + 10, right)):
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
    bank = f"{_piece(lang, 'bank')} ${view.bank}"
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


def _width(kind: str, view: FcmView, detail: bool) -> float | None:
    """``Renderer.width``: the board's (``board_size``) and a company's width at scale 1.0;
    ``None`` for a zoom (its width follows the area)."""
    if kind == "board":
        return board_size(view, detail).pixels
    return P_W if kind in ("player", "hand") else None


RENDERER: Renderer[FcmView] = Renderer(
    "food_chain_magnate",
    board=render_board,
    alt=alt,
    seats=lambda view: len(view.players),
    player=render_player,
    hand=render_hand,
    zoom=render_zoom,
    width=_width,
)
