"""Hand-built Kenchiku views for the renderer tests (no engine needed).

Land values are filled in from the seed's table (地価について) so the pictures look like real
games; the renderer itself never computes them.
"""

from __future__ import annotations

from typing import Any

from games.kenchiku.view import CellView, CompanyView, KenchikuView, VoiceCardView

# 8 x 8, six districts, as in data/kenchiku/map.toml.
MAP_8X8 = (
    "AAABBCCC",
    "AAABBCCC",
    "AAABBCCC",
    "AAABBCCC",
    "DDDEEFFF",
    "DDDEEFFF",
    "DDDEEFFF",
    "DDDEEFFF",
)
NAMES_8X8 = {
    "A": "Northwest",
    "B": "North",
    "C": "Northeast",
    "D": "Southwest",
    "E": "South",
    "F": "Southeast",
}

# 9 x 8 with irregular districts, to check that boundaries follow any shape.
MAP_9X8 = (
    "HHHOOOMMM",
    "HHHOOOMMM",
    "HHOOOMMMM",
    "HHOOCCCMM",
    "RRRCCCTTT",
    "RRRRCTTTT",
    "RRRRCTTTT",
    "RRRRCTTTT",
)
NAMES_9X8 = {
    "H": "Harbour",
    "O": "Old Town",
    "M": "Market",
    "C": "Civic Centre",
    "R": "Riverside",
    "T": "Temple Hill",
}

THRESHOLDS = (1, 3, 5, 8, 12, 17)


def _coord(col: int, row: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"


def _land_value(blocks: int) -> int:
    return sum(1 for t in THRESHOLDS if blocks >= t)


def make_cells(
    layout: tuple[str, ...],
    buildings: dict[str, tuple[int, int | None]],
    parks: dict[str, int],
    avenue_row: int,
) -> tuple[CellView, ...]:
    """Cells for ``layout``; ``buildings`` maps coord -> (height, owner); avenue below row."""
    rows, cols = len(layout), len(layout[0])
    height = {c: h for c, (h, _) in buildings.items()}
    cells = []
    for r in range(rows):
        for c in range(cols):
            coord = _coord(c, r)
            h, owner = buildings.get(coord, (0, None))
            blocks = sum(
                height.get(_coord(c + dc, r + dr), 0)
                for dc in (-1, 0, 1)
                for dr in (-1, 0, 1)
                if (dc or dr) and 0 <= c + dc < cols and 0 <= r + dr < rows
            )
            cells.append(
                CellView(
                    coord=coord,
                    col=c,
                    row=r,
                    district=layout[r][c],
                    on_avenue=r in (avenue_row - 1, avenue_row),
                    height=h,
                    owner=owner,
                    park_owner=parks.get(coord),
                    land_value=_land_value(blocks),
                )
            )
    return tuple(cells)


VOICES = (
    VoiceCardView(
        id="tallest_in_district",
        kind="administration",
        title="New tallest in a district",
        text="Build a building taller than every other building in its district.",
        amount=3,
        source="reconstructed",
    ),
    VoiceCardView(
        id="avenue_3",
        kind="administration",
        title="Landmark on the avenue",
        text="Build a building of height 3 or more along the avenue.",
        amount=2,
        source="reconstructed",
    ),
    VoiceCardView(
        id="small_by_park",
        kind="citizen",
        title="Small buildings by a park",
        text="Each of your buildings of height 2 or less next to a park, once per park.",
        amount=2,
        source="seed",
    ),
    VoiceCardView(
        id="not_tallest",
        kind="citizen",
        title="Not the tallest",
        text="Each district where you have a building but not the tallest one.",
        amount=2,
        source="reconstructed",
    ),
)


def company(seat: int, **kw: Any) -> CompanyView:
    base: dict[str, Any] = dict(
        seat=seat,
        markers={"structure": 2, "design": 2, "planning": 2, "workers": 2},
        workers_ready=2,
        honour=0,
        has_loan=False,
        park_available=True,
        buildings=0,
        chips_left=25,
        bankrupt=False,
        money=None,
    )
    base.update(kw)
    return CompanyView(**base)


STARTERS = {"d4": (2, None), "e4": (1, None), "d5": (1, None), "e5": (2, None)}


def start_2p() -> KenchikuView:
    return KenchikuView(
        viewer=None,
        n_columns=8,
        n_rows=8,
        cells=make_cells(MAP_8X8, STARTERS, {}, 4),
        avenue=((0.0, 4.0, 8.0, 4.0),),
        districts=dict(NAMES_8X8),
        market_prices={"structure": 2, "design": 3, "planning": 4, "workers": 5},
        market_stock={"structure": 5, "design": 5, "planning": 5, "workers": 5},
        companies=(company(0), company(1)),
        voices=VOICES,
        to_act=(0,),
        round=1,
        turn=0,
        last_dice=None,
        honour_goal=25,
        end_triggered_by=None,
        final_round=False,
        blocks_left=140,
        last_event="",
        outcome=None,
    )


MID_BUILDINGS: dict[str, tuple[int, int | None]] = {
    "d4": (2, None),
    "e4": (1, None),
    "d5": (1, None),
    "e5": (2, None),
    "c4": (2, 0),
    "f4": (3, 1),
    "f5": (2, 2),
    "c5": (3, 3),
    "e3": (3, 0),
    "d3": (2, 1),
    "f3": (4, 2),
    "e6": (3, 1),
    "d6": (4, 0),
    "c3": (3, 2),
    "g4": (4, 0),
    "g5": (3, 3),
    "b4": (1, 2),
    "e2": (5, 1),
    "c6": (2, 0),
    "f6": (1, 3),
}
MID_PARKS = {"f2": 1, "g6": 0}


def mid_4p() -> KenchikuView:
    return KenchikuView(
        viewer=None,
        n_columns=9,
        n_rows=8,
        cells=make_cells(MAP_9X8, MID_BUILDINGS, MID_PARKS, 4),
        avenue=((0.0, 4.0, 9.0, 4.0),),
        districts=dict(NAMES_9X8),
        market_prices={"structure": 6, "design": 1, "planning": 3, "workers": 7},
        market_stock={"structure": 1, "design": 4, "planning": 6, "workers": 0},
        companies=(
            company(
                0,
                markers={"structure": 4, "design": 3, "planning": 2, "workers": 3},
                workers_ready=1,
                honour=11,
                buildings=6,
                chips_left=19,
                park_available=False,
            ),
            company(
                1,
                markers={"structure": 5, "design": 2, "planning": 4, "workers": 4},
                workers_ready=4,
                honour=14,
                has_loan=True,
                buildings=4,
                chips_left=20,
                park_available=False,
            ),
            company(
                2,
                markers={"structure": 3, "design": 4, "planning": 1, "workers": 2},
                workers_ready=0,
                honour=6,
                buildings=4,
                chips_left=21,
            ),
            company(
                3,
                markers={"structure": 1, "design": 1, "planning": 1, "workers": 1},
                workers_ready=0,
                honour=-3,
                has_loan=True,
                buildings=3,
                chips_left=22,
                bankrupt=True,
            ),
        ),
        voices=VOICES,
        to_act=(2,),
        round=9,
        turn=33,
        last_dice={"structure": 0, "design": -1, "planning": 0, "workers": -1},
        honour_goal=15,
        end_triggered_by=None,
        final_round=False,
        blocks_left=89,
        last_event="Company B rested: returned a design marker, paid 9 in wages; "
        "the dice lowered design and workers.",
        outcome=None,
    )


def final_4p() -> KenchikuView:
    mid = mid_4p()
    buildings = dict(MID_BUILDINGS)
    buildings.update({"e7": (6, 1), "b5": (2, 0), "h4": (3, 2)})
    return KenchikuView(
        viewer=None,
        n_columns=mid.n_columns,
        n_rows=mid.n_rows,
        cells=make_cells(MAP_9X8, buildings, MID_PARKS, 4),
        avenue=mid.avenue,
        districts=mid.districts,
        market_prices=mid.market_prices,
        market_stock=mid.market_stock,
        companies=(
            company(0, honour=15, buildings=7, chips_left=18, park_available=False),
            company(1, honour=21, buildings=5, chips_left=19, park_available=False, has_loan=True),
            company(2, honour=10, buildings=5, chips_left=20),
            company(3, honour=-3, buildings=3, chips_left=22, bankrupt=True, has_loan=True),
        ),
        voices=VOICES,
        to_act=(),
        round=11,
        turn=41,
        last_dice=None,
        honour_goal=15,
        end_triggered_by=1,
        final_round=True,
        blocks_left=78,
        last_event="Company A built b5 (height 2) for money. The game is over.",
        outcome={
            "scores": {"0": 31, "1": 24, "2": 18, "3": -18},
            "ranks": {"0": 1, "1": 2, "2": 3, "3": 4},
            "winners": [0],
            "reason": "Company B built a height-6 building",
            "details": {
                "0": {
                    "track": 15,
                    "first_bonus": 0,
                    "loan": 0,
                    "money": 2,
                    "parks": 10,
                    "citizen": 4,
                },
                "1": {
                    "track": 21,
                    "first_bonus": 5,
                    "loan": -15,
                    "money": 1,
                    "parks": 8,
                    "citizen": 4,
                },
                "2": {
                    "track": 10,
                    "first_bonus": 0,
                    "loan": 0,
                    "money": 0,
                    "parks": 0,
                    "citizen": 8,
                },
                "3": {
                    "track": -3,
                    "first_bonus": 0,
                    "loan": -15,
                    "money": 0,
                    "parks": 0,
                    "citizen": 0,
                },
            },
        },
    )


def seat_view(view: KenchikuView, seat: int, money: int) -> KenchikuView:
    """``view`` as seen by ``seat`` holding ``money``."""
    from dataclasses import replace

    companies = tuple(replace(c, money=money) if c.seat == seat else c for c in view.companies)
    return replace(view, viewer=seat, companies=companies)


def mid_3p() -> KenchikuView:
    """``mid_4p`` with three companies: the fourth seat and its buildings never existed."""
    from dataclasses import replace

    buildings = {k: v for k, v in MID_BUILDINGS.items() if v[1] != 3}
    view = mid_4p()
    cells = make_cells(MAP_9X8, buildings, MID_PARKS, 4)
    return replace(view, cells=cells, companies=view.companies[:3], blocks_left=95)
