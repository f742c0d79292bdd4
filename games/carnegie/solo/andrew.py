"""Andrew Carnegie, the solo opponent: a rule automaton the engine plays itself (seed ソロルール).

Andrew has no company, money, goods or study points. Each round the player turns over a new
action card; the locomotive says who picks the timeline row (the player, or Andrew by the
symbol on the card's back). Andrew resolves first: on a donation space he puts a disk on the
card's donation (none if taken or he has no disks; option ``andrew_donation=slide``, the brdgm
helper app's reading, slides his card one space then); then for the round's action he slides
the card right (HR), takes the listed department tiles (Management), builds in the listed cities
(Construction) or advances a transport track (R&D); every part he cannot do slides the card one
more space. The card ends under the VP card it reached (0, 1, 3, 6 or 10 VP), at most the last.
docs/rules/carnegie.md "Solo" audits every sentence of the seed's solo rules against this file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from games.core import Msg
from games.core.text import joined

from .. import terms
from ..data import REGIONS, AndrewCard
from ..model import ANDREW

if TYPE_CHECKING:
    from ..state import CarnegieState


@dataclass
class AndrewState:
    """Andrew's pieces: deck, the round's card and its shift, the VP card piles, his track
    disks, tiles, donations and disks left."""

    deck: list[str]  # draw pile, top first (card ids)
    level: int
    disks: int
    tracks: dict[str, int] = field(default_factory=lambda: {r: 0 for r in REGIONS})
    departments: list[str] = field(default_factory=list)
    donations: list[str] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=lambda: [[] for _ in range(5)])
    current: str | None = None  # this round's card
    revealed: bool = False  # the current card's face is shown
    shift: int = 0
    picks: bool = False  # the locomotive is on Andrew's side: he picks the row this round
    projects: int = 0


def card(state: CarnegieState, card_id: str) -> AndrewCard:
    return state.card_index[card_id]


def new_round(state: CarnegieState) -> list[str]:
    """Step 1 (新しいアクションカード): turn the top card of the deck, face down."""
    a = state.andrew
    assert a is not None
    # the next card's back becomes visible: hidden information revealed (no undo past it)
    state.mark_revealed()
    a.current = a.deck.pop(0)
    a.revealed = False
    a.shift = 0
    c = card(state, a.current)
    who = (
        Msg("carnegie.andrew.picks", "Andrew picks")
        if a.picks
        else Msg("carnegie.andrew.you_pick", "you pick")
    )
    return [
        Msg(
            "carnegie.andrew.new_card",
            "Andrew's card for round {round} shows {action} on its back; {who} the row.",
            round=state.round,
            action=terms.action_id(c.back),
            who=who,
        )
    ]


def play_turn(state: CarnegieState) -> list[str]:
    """Step 3 (アンドリューのターン): reveal the card, resolve the event (イベント: a donation
    space only) and the action (アンドリューのアクション); his card's slide this round is
    ``state.andrew.shift`` (0-4 spaces: HR value + each part he could not do, at most the
    10 VP card)."""
    a = state.andrew
    assert a is not None and a.current is not None
    state.mark_revealed()
    a.revealed = True
    c = card(state, a.current)
    action = state.action
    assert action is not None
    events: list[str] = []
    ev = state.event
    assert ev is not None
    fails = 0
    if ev.donation:
        if state.chart[c.donation] or a.disks <= 0:
            if state.rule("andrew_donation") == "slide":
                fails += 1
                events.append(
                    Msg(
                        "carnegie.andrew.no_donation_slide",
                        "Andrew cannot donate to {donation} (taken or no disks left); his "
                        "card slides one space.",
                        donation=c.donation,
                    )
                )
            else:
                events.append(
                    Msg(
                        "carnegie.andrew.no_donation",
                        "Andrew cannot donate to {donation} (taken or no disks left).",
                        donation=c.donation,
                    )
                )
        else:
            state.chart[c.donation].append(ANDREW)
            a.donations.append(c.donation)
            a.disks -= 1
            events.append(
                Msg("carnegie.andrew.donates", "Andrew donates to {donation}.", donation=c.donation)
            )
    if action == "hr":
        a.shift += c.hr_shift
        events.append(
            Msg(
                "carnegie.andrew.hr",
                "Andrew (HR): his card {card} slides {n} spaces.",
                card=c.id,
                n=c.hr_shift,
            )
        )
    elif action == "management":
        taken: list[str] = []
        for typ in c.management:
            kind = next(
                (
                    k
                    for k, n in state.display.items()
                    if n > 0 and state.data.department[k].type == typ and k not in taken
                ),
                None,
            )
            if kind is None:
                fails += 1
                continue
            state.display[kind] -= 1
            a.departments.append(kind)
            taken.append(kind)
        events.append(
            Msg(
                "carnegie.andrew.management",
                "Andrew (Management) takes {tiles}; {fails} missing.",
                tiles=joined([terms.department_id(k) for k in taken])
                or Msg("carnegie.andrew.no_tiles", "no tiles"),
                fails=fails,
            )
        )
    elif action == "construction":
        built: list[str] = []
        for city in c.cities:
            if a.disks <= 0 or not state.place_leftmost(city, ANDREW):
                fails += 1
                continue
            a.disks -= 1
            a.projects += 1
            built.append(city)
        events.append(
            Msg(
                "carnegie.andrew.construction",
                "Andrew (Construction) builds in {cities}; {fails} failed.",
                cities=joined([terms.city_id(k) for k in built])
                or Msg("carnegie.andrew.no_city", "no city"),
                fails=fails,
            )
        )
    else:
        region = c.rd_region
        moved = 0
        last = state.data.tracks[region].last
        for _ in range(c.rd_steps):
            box = a.tracks[region]
            if box >= last or (box + 1 == last and state.final_box_taken(region, None)):
                fails += 1
                continue
            a.tracks[region] = box + 1
            moved += 1
        events.append(
            Msg(
                "carnegie.andrew.rd",
                "Andrew (R&D) advances {region} transport {moved} of {steps} steps.",
                region=terms.region(region),
                moved=moved,
                steps=c.rd_steps,
            )
        )
    a.shift = min(len(state.data.andrew.vp_cards) - 1, a.shift + fails)
    return events


def end_round(state: CarnegieState) -> list[str]:
    """Step 5: the card goes under the VP card it reached; the locomotive changes side."""
    a = state.andrew
    assert a is not None and a.current is not None
    a.piles[a.shift].append(a.current)
    vp = state.data.andrew.vp_cards[a.shift]
    msg = Msg(
        "carnegie.andrew.card_done",
        "Andrew's card {card} ends under the {vp} VP card.",
        card=a.current,
        vp=vp,
    )
    a.current = None
    a.revealed = False
    a.shift = 0
    a.picks = not a.picks
    return [msg]


def score(state: CarnegieState) -> dict[str, int]:
    """Andrew's final VP by category (seed: ゲームの終了と得点)."""
    from ..scoring import donation_vp

    a = state.andrew
    assert a is not None
    d = state.data
    cards = sum(len(p) * d.andrew.vp_cards[i] for i, p in enumerate(a.piles))
    depts = d.andrew.department_vp * len(a.departments)
    boxes = d.andrew.final_box_vp * sum(1 for r in REGIONS if a.tracks[r] == d.tracks[r].last)
    projects = sum(
        d.city[c].vp for c, owners in state.spaces.items() for o in owners if o == ANDREW
    )
    donations = donation_vp(state, 0, a.donations, for_andrew=True)
    out = {
        "andrew_cards": cards,
        "andrew_departments": depts,
        "andrew_transport": boxes,
        "andrew_projects": projects,
        "andrew_donations": donations,
    }
    out["andrew_total"] = sum(out.values())
    return out
